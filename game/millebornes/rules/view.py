"""What one Mille Bornes seat may know: :class:`MilleBornesView` and :class:`ZoneView`, and the tokens
of the secret cards in hand.

Everything on the table is public: every driving zone (drive pile, speed pile, distance cards,
safeties and whether each came as a Coup Fourré), the discard pile (face up: its count per kind),
how many cards each seat holds and how many are left to draw. Only the viewer's own hand is shown;
the draw pile's order is nobody's.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from ...engine.protocol import View

PHASES = ("draw", "play", "asked", "extend", "over")


def hand_token(seat: int, card: int, copy: int) -> str:
    """The secret token of the ``copy``-th card of kind ``card`` in ``seat``'s hand."""
    return f"mb{seat}k{card}c{copy}"


def hand_tokens(seat: int, hand: tuple[int, ...]) -> list[str]:
    out = []
    copy = 0
    for i, card in enumerate(hand):
        copy = copy + 1 if i and hand[i - 1] == card else 0
        out.append(hand_token(seat, card, copy))
    return out


@dataclass(frozen=True)
class ZoneView:
    """One driving zone (a player's, or a team's shared one)."""

    seats: tuple[int, ...] = ()  # who drives in it (one seat, or the partners in turn order)
    drive: tuple[int, ...] = ()  # the drive pile, bottom to top (Go, hazards, remedies)
    speed: tuple[int, ...] = ()  # the speed-limit pile, bottom to top (Speed Limit, End of Limit)
    distance_counts: tuple[int, ...] = (0, 0, 0, 0, 0)  # how many 25/50/75/100/200 played
    safeties: tuple[tuple[int, bool], ...] = ()  # (safety kind, played as a Coup Fourré) in play order
    miles: int = 0  # the distance cards' miles
    rolling: bool = False  # may play a distance card now
    limited: bool = False  # a Speed Limit is on (50 miles at most per card)
    twos: int = 0  # 200s played (at most two)
    points: int = 0  # this hand so far: miles, 100 per safety, 200 per Coup Fourré (the 2014 scoring)
    hazard: int = -1  # the hazard stopping the car, on top of the drive pile (-1: none)
    trip: int = 0  # toward the goal: the miles, and 100 a safety (2014 rules; miles only with a classic trip)

    def protected(self, safety: int) -> bool:
        return any(kind == safety for kind, _ in self.safeties)


@dataclass(frozen=True)
class MilleBornesView(View):
    """What one seat may know (``seat`` None: a spectator, no hand). Seats, zones and cards are ints;
    -1 means none."""

    variant: str = "solo"
    players: int = 2
    options: tuple[tuple[str, Any], ...] = ()  # the game's options, as in its Config
    zone_of: tuple[int, ...] = ()  # per seat, its driving zone (alone: the seat; teams: the team)
    zones: tuple[ZoneView, ...] = ()
    hand: tuple[int, ...] | None = None  # the viewer's cards, sorted kinds (None: a spectator)
    hand_counts: tuple[int, ...] = ()  # per seat, cards held
    deck_count: int = 0  # cards left in the draw pile
    discard_top: int = -1  # the top of the discard pile (-1: empty)
    discard_count: int = 0
    discards: tuple[int, ...] = ()  # the discard pile's count per kind (face up: public)
    turn: int = 0  # the seat whose turn it is (while a question is open: the attacker)
    phase: str = "draw"  # draw | play | asked | extend | over
    asked: int = -1  # the seat asked out of turn ("Coup Fourré?"), -1: nobody
    attack: tuple[int, int, int] | None = None  # (attacker seat, hazard kind, zone) while a question is open
    goal: int = 1000  # the trip: 1000, or 700 before an extension
    extended: bool = False  # the trip was extended from 700 to 1000
    hand_number: int = 1
    target: int = 0  # match target score, 0 = a single hand
    totals: tuple[int, ...] = ()  # per zone, match points before this hand
    last_hand: tuple[tuple[tuple[str, int], ...], ...] = ()  # per zone, the previous hand's score lines
    history: tuple[tuple[int, ...], ...] = ()  # per finished hand, points per zone
    reshuffles: int = 0  # how many times the discard pile became a new draw pile this hand
    drawing_over: bool = False  # the draw pile ran out for good (classic no-reshuffle): nobody draws any more
    turns: int = 0  # turns begun this hand
    idle: int = 0  # turns in a row with no card played on a zone (the hand ends at IDLE_TURNS: see the rules doc)
    pass_played: bool = False  # a card was played on a zone since the draw pile was last made (dealt or reshuffled)
    awaiting: tuple[int, ...] = ()  # the seats whose decision is awaited now
    winners: tuple[int, ...] = ()  # when over: the winning seats

    def option(self, key: str, default: Any = None) -> Any:
        for k, v in self.options:
            if k == key:
                return v
        return default

    def my_zone(self) -> int:
        """The viewer's driving zone (-1 for a spectator)."""
        return -1 if self.seat is None else self.zone_of[self.seat]

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe; the viewer's cards appear as the tokens ``State.secrets`` uses."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "hand":
                value = None if value is None else hand_tokens(self.seat, value)  # type: ignore[arg-type]
            elif f.name == "zones":
                value = [_plain({g.name: getattr(z, g.name) for g in fields(z)}) for z in value]
            else:
                value = _plain(value)
            out[f.name] = value
        return out


def table_counts(view: MilleBornesView) -> list[int]:
    """Per kind, the cards everyone sees: on the driving zones and in the discard pile."""
    counts = list(view.discards)
    for zone in view.zones:
        for card in zone.drive + zone.speed:
            counts[card] += 1
        for value, count in enumerate(zone.distance_counts):
            counts[value] += count
        for kind, _ in zone.safeties:
            counts[kind] += 1
    return counts


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value
