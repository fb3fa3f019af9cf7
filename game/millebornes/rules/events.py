"""Mille Bornes events: what happened, told in table talk for the move log and driving the table's animation.

``reveals`` marks hidden cards coming to light (a card drawn from the draw pile, a new deal, a
reshuffle): no undo past them. A card drawn from the draw pile is named only to its drawer
(``private_to``); everyone else reads that a card was drawn. Cards are kinds (see :mod:`.cards`);
zones are driving zones (alone: a seat's own; teams: the team's), ``seats`` name who drives in one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Sequence

from ...engine.protocol import Event
from ...engine.words import Words
from .actions import card_name, card_words, the_hazard
from .cards import MILES
from .talk import amount, joined, listing, name_of, names_of


def _name(names: Sequence[str], seat: int) -> str:
    return name_of(names, seat)


@dataclass(frozen=True)
class HandStarted(Event):
    """A new hand is dealt: six cards each, ``starter`` plays first; ``goal`` the trip (1000, or 700
    with the extension rule)."""
    public_moment: ClassVar[bool] = True  # everyone watches it (hot-seat: the screen is nobody's)

    hand: int
    starter: int
    goal: int
    reveals: ClassVar[bool] = True

    def text(self, names, viewer=None):
        return Words("Hand {hand}: six cards each, a trip of {goal} miles; {player} starts", hand=self.hand,
                     goal=amount(self.goal), player=_name(names, self.starter))


@dataclass(frozen=True)
class CardsDrawn(Event):
    """``seat`` draws ``cards`` from the draw pile (named only to the drawer)."""

    seat: int
    cards: tuple[int, ...]
    private_to: tuple[int, ...] = ()
    reveals: ClassVar[bool] = True

    def text(self, names, viewer=None):
        who = _name(names, self.seat)
        if viewer is not None and viewer in self.private_to:
            return Words("{player} draws {cards}", player=who, cards=joined([card_words(c) for c in self.cards]))
        return Words.plural("{player} draws a card", "{player} draws {n} cards", len(self.cards), player=who)


@dataclass(frozen=True)
class DiscardTaken(Event):
    """``seat`` takes the top of the discard pile (face up: everyone sees it)."""

    seat: int
    card: int

    def text(self, names, viewer=None):
        return Words("{player} draws from the discard pile: {card}", player=_name(names, self.seat),
                     card=card_words(self.card))


@dataclass(frozen=True)
class DrawPileReshuffled(Event):
    """The draw pile ran out: the discard pile is shuffled into a new one (``count``-th time this hand)."""

    count: int
    cards: int  # the new draw pile's size
    reveals: ClassVar[bool] = True

    def text(self, names, viewer=None):
        return Words.plural("The discard pile is shuffled into a new draw pile ({n} card)",
                            "The discard pile is shuffled into a new draw pile ({n} cards)", self.cards)


@dataclass(frozen=True)
class DrawingOver(Event):
    """The draw pile ran out for good (classic no-reshuffle option): from now on nobody draws; play on
    with the cards in hand."""

    def text(self, names, viewer=None):
        return Words("The draw pile is empty for good: from now on players play the cards they hold")


@dataclass(frozen=True)
class DistancePlayed(Event):
    seat: int
    card: int
    zone: int
    miles: int  # the zone's miles (distance cards) after this card

    def text(self, names, viewer=None):
        return Words("{player} drives {miles} miles ({total} in all)", player=_name(names, self.seat),
                     miles=MILES[self.card], total=self.miles)


@dataclass(frozen=True)
class RemedyPlayed(Event):
    seat: int
    card: int
    zone: int

    def text(self, names, viewer=None):
        return Words("{player} plays {card}", player=_name(names, self.seat), card=card_words(self.card))


@dataclass(frozen=True)
class HazardPlayed(Event):
    """``seat`` plays hazard ``card`` on ``zone``, driven by ``victims``."""

    seat: int
    card: int
    zone: int
    victims: tuple[int, ...]

    def text(self, names, viewer=None):
        return Words("{player} plays {card} on {victims}", player=_name(names, self.seat), card=card_words(self.card),
                     victims=names_of(names, self.victims))


@dataclass(frozen=True)
class SafetyPlayed(Event):
    """A safety played on a turn (not a Coup Fourré): +100, protection for the rest of the hand, and
    the player draws and plays again. ``cancelled`` is the hazard it lifted (-1: none); ``needs_go``:
    the car still needs a Go after it (the classic option "a Go after every remedy"); ``completes``:
    with it the zone reached the trip (the 2014 rules count 100 a safety), which ends the hand."""

    seat: int
    card: int
    zone: int
    cancelled: int = -1
    needs_go: bool = False
    completes: bool = False

    def text(self, names, viewer=None):
        lifted: object = Words(", which lifts {hazard}", hazard=the_hazard(self.cancelled)) if self.cancelled >= 0 else ""
        if self.needs_go:
            lifted = Words("{lifted} (a Go is needed again)", lifted=lifted)
        then = Words("completes the trip") if self.completes else Words("plays again")
        return Words("{player} plays {safety} (+100){lifted} and {then}", player=_name(names, self.seat),
                     safety=card_name(self.card), lifted=lifted, then=then)


@dataclass(frozen=True)
class CoupFourrePlayed(Event):
    """``seat`` answers ``hazard`` (played by ``attacker``) with its safety ``card``: the hazard is
    discarded, +100 for the safety and +200 for the Coup Fourré; ``seat`` draws and plays next."""

    seat: int
    card: int
    zone: int
    hazard: int
    attacker: int

    def text(self, names, viewer=None):
        return Words("{player}: Coup Fourré! {safety} stops {hazard} (+100, +200 for the Coup Fourré)",
                     player=_name(names, self.seat), safety=card_name(self.card), hazard=the_hazard(self.hazard))


@dataclass(frozen=True)
class Declined(Event):
    """``seat`` was asked "Coup Fourré?" and said no (it may or may not have held the safety)."""

    seat: int
    hazard: int

    def text(self, names, viewer=None):
        return Words("{player}: no Coup Fourré", player=_name(names, self.seat))


@dataclass(frozen=True)
class FastRemedyPlayed(Event):
    """Fast-play rule: ``seat`` answers ``hazard`` with its remedy ``card`` at once (no points)."""

    seat: int
    card: int
    zone: int
    hazard: int

    def text(self, names, viewer=None):
        return Words("{player} plays {card} at once against {hazard}", player=_name(names, self.seat),
                     card=card_words(self.card), hazard=the_hazard(self.hazard))


@dataclass(frozen=True)
class Discarded(Event):
    seat: int
    card: int

    def text(self, names, viewer=None):
        return Words("{player} discards {card}", player=_name(names, self.seat), card=card_words(self.card))


@dataclass(frozen=True)
class CardsExchanged(Event):
    """``seat`` passes the turn and discards ``cards`` face up (then draws as many: :class:`CardsDrawn`)."""

    seat: int
    cards: tuple[int, ...]

    def text(self, names, viewer=None):
        return Words("{player} passes and exchanges {n}: {cards}", player=_name(names, self.seat), n=len(self.cards),
                     cards=joined([card_words(c) for c in self.cards]))


@dataclass(frozen=True)
class TurnPassed(Event):
    """``seat`` holds no card once the draw pile is empty for good: its turn passes."""

    seat: int

    def text(self, names, viewer=None):
        return Words("{player} has no card left and passes", player=_name(names, self.seat))


@dataclass(frozen=True)
class ExtensionOffered(Event):
    """Extension rule: ``seat``'s zone reached ``miles`` (700; the classic trip counts distance cards only):
    it chooses whether to go on to 1000."""

    seat: int
    miles: int

    def text(self, names, viewer=None):
        return Words("{player} reaches {miles} miles and may extend the trip to 1000", player=_name(names, self.seat),
                     miles=self.miles)


@dataclass(frozen=True)
class ExtensionDecided(Event):
    seat: int
    extended: bool

    def text(self, names, viewer=None):
        who = _name(names, self.seat)
        if self.extended:
            return Words("{player} extends the trip to 1000 miles", player=who)
        return Words("{player} stops at 700 miles", player=who)


@dataclass(frozen=True)
class HandScored(Event):
    """The end of a hand: ``why`` it ended, per zone its ``seats``, ``points`` this hand and match
    ``totals`` after it; ``lines`` per zone the score lines (label, points) behind ``points``."""
    public_moment: ClassVar[bool] = True  # everyone watches it (hot-seat: the screen is nobody's)

    hand: int
    why: str
    seats: tuple[tuple[int, ...], ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]
    lines: tuple[tuple[tuple[str, int], ...], ...] = ()

    def text(self, names, viewer=None):
        parts = listing([Words("{names} {points}", names=names_of(names, s), points=amount(p))
                         for s, p in zip(self.seats, self.points, strict=True)])
        return Words("Hand {hand} scored ({why}): {scores}", hand=self.hand, why=self.why, scores=parts)


@dataclass(frozen=True)
class MatchOver(Event):
    """The game is over: ``winners`` (seats) with ``score`` points."""
    public_moment: ClassVar[bool] = True  # everyone watches it (hot-seat: the screen is nobody's)

    winners: tuple[int, ...]
    score: int
    hands: int

    def text(self, names, viewer=None):
        return Words.plural("{player} wins with {points} points", "{player} win with {points} points",
                            len(self.winners), player=names_of(names, self.winners), points=amount(self.score))


EVENT_TYPES: tuple[type, ...] = (
    HandStarted, CardsDrawn, DiscardTaken, DrawPileReshuffled, DrawingOver, DistancePlayed, RemedyPlayed,
    HazardPlayed, SafetyPlayed, CoupFourrePlayed, Declined, FastRemedyPlayed, Discarded, CardsExchanged, TurnPassed,
    ExtensionOffered, ExtensionDecided, HandScored, MatchOver,
)
