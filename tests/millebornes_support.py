"""Helpers for the Mille Bornes tests: configs, positions built card by card, moves played by name."""

from __future__ import annotations

from typing import Sequence

from game.engine.protocol import Config
from game.millebornes import SPEC, MilleBornesState
from game.millebornes.rules.cards import COPIES, KINDS
from game.millebornes.rules.setup import ASKED, DRAW, PLAY
from game.millebornes.rules.zone import make_zone

NAMES = ("Ann", "Bob", "Cleo", "Dora", "Eddy", "Fay")


def config(players: int = 2, variant: str = "solo", **options) -> Config:
    base = dict(SPEC.default_config(variant, players).options)
    unknown = set(options) - set(base)
    assert not unknown, f"no such option {unknown}"
    base.update(options)
    return SPEC.validate_config(Config(variant, players, tuple(sorted(base.items()))))


def build(players: int = 2, hands: Sequence[Sequence[int]] | None = None, *, variant: str = "solo",
          zones: Sequence[dict] | None = None, discard: Sequence[int] = (), deck_top: Sequence[int] = (),
          deck_size: int | None = None, turn: int = 0, phase: int = PLAY, seed: int = 1, **options) -> MilleBornesState:
    """A position: ``hands`` per seat (default: empty), ``zones`` per driving zone as dicts of drive, speed,
    counts (25/50/75/100/200 played) and safeties ((kind, coup fourré) pairs); ``discard`` bottom to top.
    Every other card of the deck is in the draw pile, ``deck_top`` on top (the next draws, the first
    in the list drawn first), the pile cut to ``deck_size`` cards when given (the rest goes under the discard
    pile so that the copies still add up). ``turn`` plays, in ``phase`` (play by default)."""
    state = SPEC.new_state(config(players, variant, **options), seed)
    s = state._copy()
    rules = s.cfg
    s.hands = tuple(tuple(sorted(h)) for h in hands) if hands is not None else ((),) * players
    specs = list(zones) if zones is not None else [{}] * rules.zone_count
    s.zones = tuple(make_zone(rules.zone_seats[z], tuple(spec.get("drive", ())), tuple(spec.get("speed", ())),
                              tuple(spec.get("counts", (0, 0, 0, 0, 0))), tuple(spec.get("safeties", ())),
                              rules.go_after_remedy, rules.coup_fourre_points, rules.safety_miles)
                    for z, spec in enumerate(specs))
    left = list(COPIES)
    used = [c for h in s.hands for c in h] + list(discard) + list(deck_top)
    for zone in s.zones:
        used += list(zone.drive) + list(zone.speed) + [k for k, _ in zone.safeties]
        used += [v for v in range(5) for _ in range(zone.counts[v])]
    for card in used:
        left[card] -= 1
        assert left[card] >= 0, f"more copies of card {card} than the deck holds"
    rest = [k for k in range(KINDS) for _ in range(left[k])]
    extra: list[int] = []
    if deck_size is not None:
        keep = deck_size - len(deck_top)
        assert keep >= 0
        extra, rest = rest[keep:], rest[:keep]
    s.deck = tuple(rest) + tuple(reversed(deck_top))
    s.discard = tuple(extra) + tuple(discard)
    s.turn = turn
    s.phase = phase
    s.asked = s.attacker = s.attack_card = s.attack_zone = -1
    s.turns = 1
    return s


def play(state: MilleBornesState, seat: int, action) -> tuple[MilleBornesState, tuple]:
    """``action`` by ``seat``, which must be legal (the reason is shown if not)."""
    reason = state.why_illegal(seat, action, NAMES)
    assert reason is None, reason
    return state.apply(seat, action)


def texts(events, viewer=None) -> list[str]:
    return [e.text(NAMES, viewer) for e in events]


__all__ = ["ASKED", "DRAW", "NAMES", "PLAY", "build", "config", "play", "texts"]
