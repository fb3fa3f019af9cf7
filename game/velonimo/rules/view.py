"""What one Velonimo seat may know: :class:`VelonimoView`."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from ...engine.protocol import View
from ..cards import TOKENS

_CARD_FIELDS = frozenset({"hand", "centre", "pile", "played", "steal_received"})


@dataclass(frozen=True)
class VelonimoView(View):
    """What one seat may know. Cards are ids (see :mod:`game.velonimo.cards`); ``to_dict``
    renders them as tokens (``red-3``, ``hare-35``). Seats are ints, -1 = nobody."""

    variant: str = "standard"
    players: int = 4
    round: int = 1
    rounds: int = 5
    scoring: str = "ascending"
    target: int = 0  # duel: points to win (0 in the standard game)
    first_player: int = 0
    phase: str = "play"  # play | steal | give | choose | reward | over
    turn: int = -1  # the seat to act (-1 when over)
    hand: tuple[int, ...] | None = None  # the viewer's own cards, None for a spectator
    hand_counts: tuple[int, ...] = ()
    active: tuple[bool, ...] = ()  # still holding cards this round
    out_order: tuple[int, ...] = ()  # seats in the order they went out this round
    centre: tuple[int, ...] = ()  # the play to beat (top of the centre)
    centre_value: int = 0  # 0: no attack yet, the player to act leads
    centre_seat: int = -1  # who played the centre cards
    centre_jersey: bool = False
    pile: tuple[int, ...] = ()  # every card played in the current attack
    passed: tuple[bool, ...] = ()  # passed since the last play
    played: tuple[int, ...] = ()  # every card played this round (public)
    totals: tuple[int, ...] = ()
    round_points: tuple[int, ...] = ()  # points scored so far this round
    history: tuple[tuple[int, ...], ...] = ()  # points per completed round, per seat
    jersey: int = -1  # holder of the Leader of the Pack Jersey
    jersey_used: bool = False  # used this round
    jersey_bonus: bool = True  # False in the duel (the Jersey is shown only)
    starter: int = -1  # who launched the round's first attack
    steal_thief: int = -1  # Tortoise exchange in progress
    steal_victim: int = -1
    steal_max: int = 0  # cards the thief may take (phase steal)
    steal_left: int = 0  # cards still to give back (phase give)
    steal_received: tuple[int, ...] = ()  # thief only: taken cards still in hand
    revealed: int = -1  # duel: the face-up card beside the pile
    draw_count: int = 0  # duel: cards in the draw pile
    aside_count: int = 0  # standard: cards set aside unseen
    winners: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name in _CARD_FIELDS:
                value = None if value is None else [TOKENS[c] for c in value]
            elif f.name == "revealed":
                value = TOKENS[value] if value >= 0 else None
            elif isinstance(value, tuple):
                value = [list(v) if isinstance(v, tuple) else v for v in value]
            out[f.name] = value
        return out

    @property
    def can_use_jersey(self) -> bool:
        return (self.jersey_bonus and self.seat is not None and self.jersey == self.seat
                and not self.jersey_used and self.phase == "play")

