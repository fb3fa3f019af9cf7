"""Tour of Alameda events: what happened, told in table talk for the move log.

``reveals`` marks hidden things coming to light (a face-down card turned up or taken, a blind
draw, hands refilled from the decks, the rest choices shown): no undo past them. A pending pick
never appears in an event: ``Picked`` says only that a seat has played face down.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Sequence

from ...engine.protocol import Event
from ...engine.words import Words
from .actions import card_words
from .setup import MAX_PLAYERS, NO_CARD, TOP_VALUE
from .talk import listing, name_of, names_of


def _name(names: Sequence[str], seat: int) -> str:
    return name_of(names, seat)


def _names(names: Sequence[str], seats: Sequence[int]) -> object:
    return names_of(names, seats)


def _card_text(card: int) -> object:
    return Words("nothing") if card == NO_CARD else card


def tour_words(players: object, winners: int, points: int, by_hand: bool = False) -> Words:
    """"Ann wins the tour with 2 points", "Ann and Bob share the tour with 2 points" (``players``: their names, or
    the results screen's seat references)."""
    if winners > 1:
        return Words.plural("{players} share the tour with {n} point", "{players} share the tour with {n} points",
                            points, players=players)
    tail = Words(", the most distance left in hand breaking the tie") if by_hand else ""
    return Words.plural("{player} wins the tour with {n} point{tail}", "{player} wins the tour with {n} points{tail}",
                        points, player=players, tail=tail)


@dataclass(frozen=True)
class StageStarted(Event):
    public_moment: ClassVar[bool] = True  # everyone watches it (hot-seat: the screen is nobody's)
    stage: int
    jersey: int
    reveals: ClassVar[bool] = True  # hands are drawn

    @property
    def seat(self) -> int:  # the move log's dot: the wearer it names, not the last to act
        return self.jersey

    def text(self, names, viewer=None):
        return Words("Stage {stage} begins: {player} wears the leader jersey and reveals first", stage=self.stage,
                     player=_name(names, self.jersey))


@dataclass(frozen=True)
class Picked(Event):
    seat: int

    def text(self, names, viewer=None):
        return Words("{player} plays a card face down", player=_name(names, self.seat))


@dataclass(frozen=True)
class CardRevealed(Event):
    public_moment: ClassVar[bool] = True  # everyone watches it (hot-seat: the screen is nobody's)
    seat: int
    card: int  # 0: the Monkey Wrench
    reveals: ClassVar[bool] = True

    def text(self, names, viewer=None):
        who = _name(names, self.seat)
        if self.card == 0:
            return Words("{player} reveals a Monkey Wrench!", player=who)
        return Words("{player} reveals {card}", player=who, card=card_words(self.card))


@dataclass(frozen=True)
class CardTaken(Event):
    monkey: int
    target: int
    card: int
    reveals: ClassVar[bool] = True  # the card may still have been face down

    @property
    def seat(self) -> int:  # the move log's dot: the Monkey, who may not be the last to act
        return self.monkey

    def text(self, names, viewer=None):
        return Words("{monkey}'s Monkey Wrench takes {target}'s {card}", monkey=_name(names, self.monkey),
                     target=_name(names, self.target), card=self.card)


@dataclass(frozen=True)
class WrenchClash(Event):
    """The Wrenched had played a Monkey Wrench too: both draw from each other's hand."""

    monkey: int
    target: int
    reveals: ClassVar[bool] = True

    @property
    def seat(self) -> int:
        return self.monkey

    def text(self, names, viewer=None):
        return Words("{a}'s Monkey Wrench meets {b}'s: {a} and {b} draw from each other's hand",
                     a=_name(names, self.monkey), b=_name(names, self.target))


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
            return Words("{player} draws nothing: {source}'s hand is empty, so {player} moves 0 this leg", player=who,
                         source=whom)
        return Words("{player} draws {card} from {source}'s hand", player=who, card=card_words(self.card), source=whom)


@dataclass(frozen=True)
class WrenchWasted(Event):
    seat: int

    def text(self, names, viewer=None):
        return Words("{player}'s Monkey Wrench finds no card to take: {player} moves 0 this leg",
                     player=_name(names, self.seat))


@dataclass(frozen=True)
class LegPlayed(Event):
    # everyone watches the riders ride (hot-seat: the screen is nobody's), also when the step that ends the leg
    # turns up no card: a Monkey's choice that takes the last face-down card, or a Monkey revealed last
    public_moment: ClassVar[bool] = True
    stage: int
    leg: int
    cards: tuple[int, ...]  # per seat, the card that counts (-1: none)
    distances: tuple[int, ...]  # per seat, this stage so far

    @property
    def seat(self) -> None:  # the move log's dot: nobody's (the whole table's), not the last to act
        return None

    def text(self, names, viewer=None):
        played = listing([Words("{player} {card}", player=_name(names, s), card=_card_text(c))
                          for s, c in enumerate(self.cards) if c != NO_CARD])
        total = listing([Words("{player} {distance}", player=_name(names, s), distance=d)
                         for s, d in enumerate(self.distances)])
        return Words("Leg {leg}: {played} (stage {stage}: {total})", leg=self.leg, played=played or Words("no card"),
                     stage=self.stage, total=total)


@dataclass(frozen=True)
class MountaineerScored(Event):
    seats: tuple[int, ...]
    card: int

    @property
    def seat(self) -> int | None:  # the move log's dot: the one climber, else nobody's
        return self.seats[0] if len(self.seats) == 1 else None

    def text(self, names, viewer=None):
        return Words.plural("Mountaineer: {players}'s {card} is the highest card of the leg (+1)",
                            "Mountaineer: {players}'s {card} are the highest card of the leg (+1)", len(self.seats),
                            players=_names(names, self.seats), card=self.card)


@dataclass(frozen=True)
class EnduranceScored(Event):
    seat: int  # -1: nobody leads alone
    leg: int

    def text(self, names, viewer=None):
        if self.seat < 0:
            return Words("Endurance: nobody leads the stage alone after leg {leg}, no point", leg=self.leg)
        return Words("Endurance: {player} leads the stage after leg {leg} (+1)", player=_name(names, self.seat),
                     leg=self.leg)


@dataclass(frozen=True)
class TimeTrialCalled(Event):
    stage: int

    @property
    def seat(self) -> None:  # the move log's dot: nobody's (the whole table's), not the last to act
        return None

    def text(self, names, viewer=None):
        return Words("Time trial: enough Monkey Wrenches in the first leg; one more leg, then the stage ends")


@dataclass(frozen=True)
class HandsRefilled(Event):
    drawn: tuple[int, ...]  # per seat, cards drawn
    breakaway: int  # the seat that drew nothing in the breakaway, -1: none
    reveals: ClassVar[bool] = True  # new cards from the decks

    @property
    def seat(self) -> None:  # the move log's dot: nobody's (the whole table's), not the last to act
        return None

    def text(self, names, viewer=None):
        parts: list[object] = []
        for count in sorted(set(self.drawn) - {0}):
            seats = [s for s, k in enumerate(self.drawn) if k == count]
            parts.append(Words.plural("{players} draws {cards}", "{players} draw {cards}", len(seats),
                                      players=_names(names, seats),
                                      cards=Words.plural("{n} card", "{n} cards", count)))
        if self.breakaway >= 0:
            parts.append(Words("{player} rides in the breakaway and draws nothing",
                               player=_name(names, self.breakaway)))
        if not parts:
            return Words("Nobody draws: the decks are empty")
        text = parts[0]
        for part in parts[1:]:
            # TRANSLATORS: two parts of a sentence, set apart by a semicolon
            text = Words("{a}; {b}", a=text, b=part)
        return text


@dataclass(frozen=True)
class OutOfCards(Event):
    stage: int

    @property
    def seat(self) -> None:  # the move log's dot: nobody's (the whole table's), not the last to act
        return None

    def text(self, names, viewer=None):
        return Words("Everyone is out of cards: stage {stage} ends", stage=self.stage)


@dataclass(frozen=True)
class StageScored(Event):
    public_moment: ClassVar[bool] = True  # everyone watches it (hot-seat: the screen is nobody's)
    stage: int
    distances: tuple[int, ...]
    award: tuple[int, ...]  # stage points per seat (2, 1+1, or 2 and 1 for second place)
    wrenches: int = 0  # Monkey Wrenches played this stage
    why: str = "wrenches"  # what ended it: "wrenches" | "time-trial" (one more leg after them) | "out-of-cards"

    def why_words(self) -> Words:
        """Why the stage ended, as the summary says it ("3 of 4 riders played their Monkey Wrench")."""
        wrenched = Words.plural("{n} of {players} riders played their Monkey Wrench",
                                "{n} of {players} riders played their Monkey Wrench", self.wrenches,
                                players=len(self.distances))
        if self.why == "out-of-cards":
            return Words("Everyone ran out of cards")
        if self.why == "time-trial":
            return Words("{wrenched} on the first leg: one more leg (time trial), then the end", wrenched=wrenched)
        return Words("{wrenched}: more than half, the stage is over", wrenched=wrenched)

    @property
    def seat(self) -> int | None:  # the move log's dot: the stage's winner, nobody's on a tie
        first = max(self.distances)
        firsts = [s for s, d in enumerate(self.distances) if d == first]
        return firsts[0] if len(firsts) == 1 else None

    def text(self, names, viewer=None):
        first = max(self.distances)
        firsts = [s for s, d in enumerate(self.distances) if d == first]
        if len(firsts) > 1:
            return Words("Stage {stage}: {players} tie for first at {distance} (+1 each)", stage=self.stage,
                         players=_names(names, firsts), distance=first)
        text = Words("Stage {stage}: {player} wins with {distance} (+2)", stage=self.stage,
                     player=_name(names, firsts[0]), distance=first)
        seconds = [s for s, p in enumerate(self.award) if p == 1]
        if seconds:
            text = Words.plural("{text}, {players} second (+1)", "{text}, {players} second (+1)", len(seconds),
                                text=text, players=_names(names, seconds))
        return text


@dataclass(frozen=True)
class JerseyAwarded(Event):
    seat: int
    previous: int
    tie: bool  # a tie for the most points: the jersey stays where it was

    def text(self, names, viewer=None):
        who = _name(names, self.seat)
        if self.tie:
            return Words("Tie for the most points: the leader jersey stays with {player}", player=who)
        if self.seat == self.previous:
            return Words("{player} keeps the leader jersey", player=who)
        return Words("{player} takes the leader jersey", player=who)


@dataclass(frozen=True)
class RestDecided(Event):
    seat: int

    def text(self, names, viewer=None):
        return Words("{player} decides face down whether to rest", player=_name(names, self.seat))


@dataclass(frozen=True)
class RestRevealed(Event):
    public_moment: ClassVar[bool] = True  # everyone watches it (hot-seat: the screen is nobody's)
    resting: tuple[int, ...]
    keeping: tuple[int, ...]
    reveals: ClassVar[bool] = True

    @property
    def seat(self) -> None:  # the move log's dot: nobody's (the whole table's), not the last to act
        return None

    def text(self, names, viewer=None):
        if not self.resting:
            return Words("Nobody rests: every hand is kept")
        text = Words.plural("{players} rests: hand under the deck", "{players} rest: hand under the deck",
                            len(self.resting), players=_names(names, self.resting))
        if self.keeping:
            text = Words.plural("{text}; {players} keeps their hand", "{text}; {players} keep their hand",
                                len(self.keeping), text=text, players=_names(names, self.keeping))
        return text


@dataclass(frozen=True)
class TourOver(Event):
    public_moment: ClassVar[bool] = True  # everyone watches it (hot-seat: the screen is nobody's)
    winners: tuple[int, ...]
    points: tuple[int, ...]
    by_hand: bool  # the tie on points was broken (or shared) by the distance left in hand

    @property
    def seat(self) -> int | None:  # the move log's dot: the winner, nobody's when they share the tour
        return self.winners[0] if len(self.winners) == 1 else None

    def text(self, names, viewer=None):
        return tour_words(_names(names, self.winners), len(self.winners), self.points[self.winners[0]], self.by_hand)


EVENT_TYPES: tuple[type, ...] = (StageStarted, Picked, CardRevealed, CardTaken, WrenchClash, BlindDraw, WrenchWasted,
                                 LegPlayed, MountaineerScored, EnduranceScored, TimeTrialCalled, HandsRefilled,
                                 OutOfCards, StageScored, JerseyAwarded, RestDecided, RestRevealed, TourOver)

# interned events of the hot path
PICKED = tuple(Picked(s) for s in range(MAX_PLAYERS))
REVEALED = tuple(tuple(CardRevealed(s, c) for c in range(TOP_VALUE + 1)) for s in range(MAX_PLAYERS))
REST_DECIDED = tuple(RestDecided(s) for s in range(MAX_PLAYERS))
