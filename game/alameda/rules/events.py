"""Tour of Alameda events: what happened, told in table talk for the move log.

``reveals`` marks hidden things coming to light (a face-down card turned up or taken, a blind
draw, hands refilled from the decks, the rest choices shown): no undo past them. A pending pick
never appears in an event: ``Picked`` says only that a seat has played face down.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Sequence

from ...engine.protocol import Event
from ...engine.words import count_words, join_names
from .actions import card_words
from .setup import MAX_PLAYERS, NO_CARD, TOP_VALUE


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"Player {seat + 1}"


def _names(names: Sequence[str], seats: Sequence[int]) -> str:
    return join_names([_name(names, s) for s in seats])


def _card_text(card: int) -> str:
    return "nothing" if card == NO_CARD else str(card)


@dataclass(frozen=True)
class StageStarted(Event):
    public_moment: ClassVar[bool] = True  # everyone watches it (hot-seat: the screen is nobody's)
    stage: int
    jersey: int
    reveals: ClassVar[bool] = True  # hands are drawn

    def text(self, names, viewer=None):
        who = _name(names, self.jersey)
        return f"Stage {self.stage} begins: {who} wears the leader jersey and reveals first"


@dataclass(frozen=True)
class Picked(Event):
    seat: int

    def text(self, names, viewer=None):
        return f"{_name(names, self.seat)} plays a card face down"


@dataclass(frozen=True)
class CardRevealed(Event):
    public_moment: ClassVar[bool] = True  # everyone watches it (hot-seat: the screen is nobody's)
    seat: int
    card: int  # 0: the Monkey Wrench
    reveals: ClassVar[bool] = True

    def text(self, names, viewer=None):
        who = _name(names, self.seat)
        if self.card == 0:
            return f"{who} reveals a Monkey Wrench!"
        return f"{who} reveals {card_words(self.card)}"


@dataclass(frozen=True)
class CardTaken(Event):
    monkey: int
    target: int
    card: int
    reveals: ClassVar[bool] = True  # the card may still have been face down

    def text(self, names, viewer=None):
        return (f"{_name(names, self.monkey)}'s Monkey Wrench takes {_name(names, self.target)}'s {self.card}")


@dataclass(frozen=True)
class WrenchClash(Event):
    """The Wrenched had played a Monkey Wrench too: both draw from each other's hand."""

    monkey: int
    target: int
    reveals: ClassVar[bool] = True

    def text(self, names, viewer=None):
        a, b = _name(names, self.monkey), _name(names, self.target)
        return f"{a}'s Monkey Wrench meets {b}'s: {a} and {b} draw from each other's hand"


@dataclass(frozen=True)
class BlindDraw(Event):
    """``seat`` draws blindly from ``source``'s hand and plays it face up (-1: the hand was empty)."""

    seat: int
    source: int
    card: int
    reveals: ClassVar[bool] = True

    def text(self, names, viewer=None):
        who, whom = _name(names, self.seat), _name(names, self.source)
        if self.card == NO_CARD:
            return f"{who} draws nothing: {whom}'s hand is empty, so {who} moves 0 this leg"
        return f"{who} draws {card_words(self.card)} from {whom}'s hand"


@dataclass(frozen=True)
class WrenchWasted(Event):
    seat: int

    def text(self, names, viewer=None):
        who = _name(names, self.seat)
        return f"{who}'s Monkey Wrench finds no card to take: {who} moves 0 this leg"


@dataclass(frozen=True)
class LegPlayed(Event):
    stage: int
    leg: int
    cards: tuple[int, ...]  # per seat, the card that counts (-1: none)
    distances: tuple[int, ...]  # per seat, this stage so far

    def text(self, names, viewer=None):
        played = ", ".join(f"{_name(names, s)} {_card_text(c)}" for s, c in enumerate(self.cards) if c != NO_CARD)
        total = ", ".join(f"{_name(names, s)} {d}" for s, d in enumerate(self.distances))
        return f"Leg {self.leg}: {played or 'no card'} (stage {self.stage}: {total})"


@dataclass(frozen=True)
class MountaineerScored(Event):
    seats: tuple[int, ...]
    card: int

    def text(self, names, viewer=None):
        who = _names(names, self.seats)
        verb = "is" if len(self.seats) == 1 else "are"
        return f"Mountaineer: {who}'s {self.card} {verb} the highest card of the leg (+1)"


@dataclass(frozen=True)
class EnduranceScored(Event):
    seat: int  # -1: nobody leads alone
    leg: int

    def text(self, names, viewer=None):
        if self.seat < 0:
            return f"Endurance: nobody leads the stage alone after leg {self.leg}, no point"
        return f"Endurance: {_name(names, self.seat)} leads the stage after leg {self.leg} (+1)"


@dataclass(frozen=True)
class TimeTrialCalled(Event):
    stage: int

    def text(self, names, viewer=None):
        return "Time trial: enough Monkey Wrenches in the first leg; one more leg, then the stage ends"


@dataclass(frozen=True)
class HandsRefilled(Event):
    drawn: tuple[int, ...]  # per seat, cards drawn
    breakaway: int  # the seat that drew nothing in the breakaway, -1: none
    reveals: ClassVar[bool] = True  # new cards from the decks

    def text(self, names, viewer=None):
        parts = []
        for count in sorted(set(self.drawn) - {0}):
            seats = [s for s, k in enumerate(self.drawn) if k == count]
            noun = "card" if count == 1 else "cards"
            verb = "draws" if len(seats) == 1 else "draw"
            parts.append(f"{_names(names, seats)} {verb} {count} {noun}")
        if self.breakaway >= 0:
            parts.append(f"{_name(names, self.breakaway)} rides in the breakaway and draws nothing")
        return "; ".join(parts) if parts else "Nobody draws: the decks are empty"


@dataclass(frozen=True)
class OutOfCards(Event):
    stage: int

    def text(self, names, viewer=None):
        return f"Everyone is out of cards: stage {self.stage} ends"


@dataclass(frozen=True)
class StageScored(Event):
    public_moment: ClassVar[bool] = True  # everyone watches it (hot-seat: the screen is nobody's)
    stage: int
    distances: tuple[int, ...]
    award: tuple[int, ...]  # stage points per seat (2, 1+1, or 2 and 1 for second place)
    wrenches: int = 0  # Monkey Wrenches played this stage
    why: str = "wrenches"  # what ended it: "wrenches" | "time-trial" (one more leg after them) | "out-of-cards"

    def why_words(self) -> str:
        """Why the stage ended, as the summary says it ("3 of 4 riders played their Monkey Wrench")."""
        players = len(self.distances)
        wrenched = f"{self.wrenches} of {players} riders played their Monkey Wrench"
        if self.why == "out-of-cards":
            return "Everyone ran out of cards"
        if self.why == "time-trial":
            return f"{wrenched} on the first leg: one more leg (time trial), then the end"
        return f"{wrenched}: more than half, the stage is over"

    def text(self, names, viewer=None):
        first = max(self.distances)
        firsts = [s for s, d in enumerate(self.distances) if d == first]
        if len(firsts) > 1:
            return f"Stage {self.stage}: {_names(names, firsts)} tie for first at {first} (+1 each)"
        text = f"Stage {self.stage}: {_name(names, firsts[0])} wins with {first} (+2)"
        seconds = [s for s, p in enumerate(self.award) if p == 1]
        if seconds:
            text += f", {_names(names, seconds)} second (+1)"
        return text


@dataclass(frozen=True)
class JerseyAwarded(Event):
    seat: int
    previous: int
    tie: bool  # a tie for the most points: the jersey stays where it was

    def text(self, names, viewer=None):
        who = _name(names, self.seat)
        if self.tie:
            return f"Tie for the most points: the leader jersey stays with {who}"
        if self.seat == self.previous:
            return f"{who} keeps the leader jersey"
        return f"{who} takes the leader jersey"


@dataclass(frozen=True)
class RestDecided(Event):
    seat: int

    def text(self, names, viewer=None):
        return f"{_name(names, self.seat)} decides face down whether to rest"


@dataclass(frozen=True)
class RestRevealed(Event):
    public_moment: ClassVar[bool] = True  # everyone watches it (hot-seat: the screen is nobody's)
    resting: tuple[int, ...]
    keeping: tuple[int, ...]
    reveals: ClassVar[bool] = True

    def text(self, names, viewer=None):
        if not self.resting:
            return "Nobody rests: every hand is kept"
        text = f"{_names(names, self.resting)} {'rests' if len(self.resting) == 1 else 'rest'}: hand under the deck"
        if self.keeping:
            text += f"; {_names(names, self.keeping)} {'keeps' if len(self.keeping) == 1 else 'keep'} their hand"
        return text


@dataclass(frozen=True)
class TourOver(Event):
    public_moment: ClassVar[bool] = True  # everyone watches it (hot-seat: the screen is nobody's)
    winners: tuple[int, ...]
    points: tuple[int, ...]
    by_hand: bool  # the tie on points was broken (or shared) by the distance left in hand

    def text(self, names, viewer=None):
        pts = self.points[self.winners[0]]
        if len(self.winners) > 1:
            return f"{_names(names, self.winners)} share the tour with {count_words(pts, 'point')}"
        tail = ", the most distance left in hand breaking the tie" if self.by_hand else ""
        return f"{_name(names, self.winners[0])} wins the tour with {count_words(pts, 'point')}{tail}"


EVENT_TYPES: tuple[type, ...] = (StageStarted, Picked, CardRevealed, CardTaken, WrenchClash, BlindDraw, WrenchWasted,
                                 LegPlayed, MountaineerScored, EnduranceScored, TimeTrialCalled, HandsRefilled,
                                 OutOfCards, StageScored, JerseyAwarded, RestDecided, RestRevealed, TourOver)

# interned events of the hot path
PICKED = tuple(Picked(s) for s in range(MAX_PLAYERS))
REVEALED = tuple(tuple(CardRevealed(s, c) for c in range(TOP_VALUE + 1)) for s in range(MAX_PLAYERS))
REST_DECIDED = tuple(RestDecided(s) for s in range(MAX_PLAYERS))
