"""Pure engine layer: protocol, RNG, match, bots, invariants. No pygame, no IO, no clock."""
