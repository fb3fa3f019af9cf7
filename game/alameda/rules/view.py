"""What one Tour of Alameda seat may know: :class:`AlamedaView`, and the tokens of secret cards.

Everything about the other seats is public: how many cards each holds and has in their deck,
whether their Monkey Wrench is still unseen (in hand *or* face down: a face-down Wrench must not
show), who has played face down, the face-up cards, distances and points. ``unseen`` is the count
per value of each seat's speed cards not yet shown on the table (hand, deck and a face-down card):
every card that leaves a hand is played face up, so anyone who followed the game knows it.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from ...engine.protocol import View
from .setup import NO_CARD, WRENCH_CARD


def hand_token(seat: int, card: int, copy: int) -> str:
    """The secret token of the ``copy``-th card of value ``card`` in ``seat``'s hand."""
    return f"al{seat}c{card}h{copy}"


def pick_token(seat: int, card: int) -> str:
    """The secret token of ``seat``'s face-down card (``W``: the Monkey Wrench)."""
    return f"al{seat}c{'W' if card == WRENCH_CARD else card}p"


def rest_token(seat: int, rest: int) -> str:
    """The secret token of ``seat``'s pending Rest choice."""
    return f"al{seat}{'rest' if rest == 1 else 'keep'}"


def hand_tokens(seat: int, hand: tuple[int, ...]) -> list[str]:
    out = []
    copy = 0
    for i, card in enumerate(hand):
        copy = copy + 1 if i and hand[i - 1] == card else 0
        out.append(hand_token(seat, card, copy))
    return out


@dataclass(frozen=True)
class AlamedaView(View):
    """What one seat may know (``seat`` None: a spectator, no hand). Seats are ints, -1 = nobody;
    cards are values 1..10, 0 = the Monkey Wrench, -1 = no card."""

    variant: str = "standard"
    players: int = 4
    options: tuple[tuple[str, Any], ...] = ()  # the game's options, as in its Config
    phase: str = "pick"  # pick | wrench | rest | over
    stage: int = 1
    leg: int = 1
    final_leg: bool = False  # Time Trial: this leg ends the stage
    jersey: int = 0  # wears the leader jersey, reveals first
    awaiting: tuple[int, ...] = ()  # the seats whose decision is awaited now
    hand: tuple[int, ...] | None = None  # the viewer's own speed cards, increasing
    wrench_in_hand: bool = False  # the viewer holds their Monkey Wrench
    my_card: int = NO_CARD  # the viewer's own face-down card this leg
    my_rest: int = NO_CARD  # the viewer's pending Rest choice: 1 rest, 0 keep
    held: tuple[int, ...] = ()  # per seat, cards in hand (the Monkey Wrench counted while held)
    deck_counts: tuple[int, ...] = ()
    wrench_unseen: tuple[bool, ...] = ()  # per seat, Monkey Wrench in hand or face down (not yet revealed)
    unseen: tuple[tuple[int, ...], ...] = ()  # per seat, count per value 1..10 of speed cards not yet shown
    face_down: tuple[bool, ...] = ()  # per seat, a face-down card in front of them this leg
    table: tuple[int, ...] = ()  # per seat, the face-up card in front of them this leg (-1: none)
    monkey: int = -1  # the seat choosing whom to wrench
    distances: tuple[int, ...] = ()  # this stage
    points: tuple[int, ...] = ()
    stage_points: tuple[int, ...] = ()  # points scored so far this stage (Mountaineer, Endurance)
    history: tuple[tuple[int, ...], ...] = ()  # points per finished stage, per seat
    last_leg: tuple[int, ...] = ()  # per seat, the card that counted in the previous leg (-1: none)
    rest_decided: tuple[bool, ...] = ()  # Rest phase: per seat, has decided
    winners: tuple[int, ...] = ()

    def option(self, key: str, default: Any = None) -> Any:
        for k, v in self.options:
            if k == key:
                return v
        return default

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe; the viewer's secret cards appear as the tokens ``State.secrets`` uses."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "hand":
                value = None if value is None else hand_tokens(self.seat, value)  # type: ignore[arg-type]
            elif f.name == "my_card":
                value = None if value == NO_CARD else pick_token(self.seat, value)  # type: ignore[arg-type]
            elif f.name == "my_rest":
                value = None if value == NO_CARD else rest_token(self.seat, value)  # type: ignore[arg-type]
            elif isinstance(value, tuple):
                value = [list(v) if isinstance(v, tuple) else v for v in value]
            out[f.name] = value
        return out
