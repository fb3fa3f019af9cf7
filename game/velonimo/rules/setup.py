"""The fixed parameters of a Velonimo game: phases, scoring choices, :class:`Rules`, the deal's
shuffle and the seat-order table."""

from __future__ import annotations

from ...engine import rng as rnglib
from ...engine.protocol import Config, ConfigError
from ...engine.words import N_, Words

STATE_VERSION = 1

# phases
PLAY, STEAL, GIVE, CHOOSE, REWARD, OVER = range(6)
PHASE_NAMES = ("play", "steal", "give", "choose", "reward", "over")

SCORING_CHOICES: tuple[tuple[str, str], ...] = (
    ("ascending", N_("Ascending: 1, 2, 3, 4, 5…")),  # round n scores n per opponent (the rulebook)
    ("flat", N_("Flat: 1 every round")),
    ("double", N_("Double: 2, 4, 6, 8, 10…")),
)


def points_per_opponent(scoring: str, round_no: int) -> int:
    if scoring == "flat":
        return 1
    if scoring == "double":
        return 2 * round_no
    return round_no


class Rules:
    """The fixed parameters of one game (shared by all its states)."""

    __slots__ = ("variant", "players", "duel", "rounds", "scoring", "mults", "target", "first", "config")

    def __init__(self, config: Config):
        self.config = config
        self.variant = config.variant
        self.players = config.players
        self.duel = config.variant == "duel"
        self.rounds = int(config.get("rounds", 5))
        self.scoring = str(config.get("scoring", "ascending"))
        self.mults = tuple(points_per_opponent(self.scoring, r) for r in range(self.rounds + 1))
        self.target = int(config.get("target", 8)) if self.duel else 0
        self.first = int(config.get("first_player", 0))
        if self.first >= self.players:
            raise ConfigError(Words("First player must be one of the {n} players", n=self.players))


def shuffle_cards(state: int, items: list) -> tuple[list, int]:
    """A Fisher-Yates shuffle of ``items`` (in place) drawing from the int RNG ``state``.

    Swap indices are mixed-radix digits of a pool of random bits refilled 64 bits at a time
    while fewer than 2**80 values remain (bias below 2**-70), so a 55-card deck costs about
    6 draws instead of 54."""
    x = 0
    room = 1  # x is uniform in [0, room)
    i = len(items) - 1
    while i > 0:
        if room < _REFILL:
            v, state = rnglib.next_u64(state)
            x = (x << 64) | v
            room <<= 64
            continue
        x, j = divmod(x, i + 1)
        room //= i + 1
        items[i], items[j] = items[j], items[i]
        i -= 1
    return items, state


_REFILL = 1 << 80


def _next_table(players: int) -> tuple[tuple[int, ...], ...]:
    """NEXT[active_mask][seat]: the next seat to the left holding cards (-1 if none)."""
    table = []
    for active in range(1 << players):
        row = []
        for seat in range(players):
            nxt = -1
            for i in range(1, players + 1):
                s = (seat + i) % players
                if active >> s & 1:
                    nxt = s
                    break
            row.append(nxt)
        table.append(tuple(row))
    return tuple(table)


NEXT = {p: _next_table(p) for p in range(2, 6)}
TO_ACT = tuple((s,) for s in range(5))
