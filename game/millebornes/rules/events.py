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
from ...engine.words import join_names
from .actions import card_name, card_words
from .cards import MILES


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"Player {seat + 1}"


def _names(names: Sequence[str], seats: Sequence[int]) -> str:
    return join_names([_name(names, s) for s in seats])


def _points(value: int) -> str:
    return f"{value:,}"


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
        return f"Hand {self.hand}: six cards each, a trip of {self.goal} miles; {_name(names, self.starter)} starts"


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
            return f"{who} draws {join_names([card_words(c) for c in self.cards])}"
        n = len(self.cards)
        return f"{who} draws {'a card' if n == 1 else f'{n} cards'}"


@dataclass(frozen=True)
class DiscardTaken(Event):
    """``seat`` takes the top of the discard pile (face up: everyone sees it)."""

    seat: int
    card: int

    def text(self, names, viewer=None):
        return f"{_name(names, self.seat)} draws from the discard pile: {card_words(self.card)}"


@dataclass(frozen=True)
class DrawPileReshuffled(Event):
    """The draw pile ran out: the discard pile is shuffled into a new one (``count``-th time this hand)."""

    count: int
    cards: int  # the new draw pile's size
    reveals: ClassVar[bool] = True

    def text(self, names, viewer=None):
        return f"The discard pile is shuffled into a new draw pile ({self.cards} cards)"


@dataclass(frozen=True)
class DrawingOver(Event):
    """The draw pile ran out for good (classic no-reshuffle option): from now on nobody draws; play on
    with the cards in hand."""

    def text(self, names, viewer=None):
        return "The draw pile is empty for good: from now on players play the cards they hold"


@dataclass(frozen=True)
class DistancePlayed(Event):
    seat: int
    card: int
    zone: int
    miles: int  # the zone's miles (distance cards) after this card

    def text(self, names, viewer=None):
        return f"{_name(names, self.seat)} drives {MILES[self.card]} miles ({self.miles} in all)"


@dataclass(frozen=True)
class RemedyPlayed(Event):
    seat: int
    card: int
    zone: int

    def text(self, names, viewer=None):
        return f"{_name(names, self.seat)} plays {card_words(self.card)}"


@dataclass(frozen=True)
class HazardPlayed(Event):
    """``seat`` plays hazard ``card`` on ``zone``, driven by ``victims``."""

    seat: int
    card: int
    zone: int
    victims: tuple[int, ...]

    def text(self, names, viewer=None):
        return f"{_name(names, self.seat)} plays {card_words(self.card)} on {_names(names, self.victims)}"


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
        who = _name(names, self.seat)
        lifted = f", which lifts the {card_name(self.cancelled)}" if self.cancelled >= 0 else ""
        if self.needs_go:
            lifted += " (a Go is needed again)"
        then = "completes the trip" if self.completes else "plays again"
        return f"{who} plays {card_name(self.card)} (+100){lifted} and {then}"


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
        return (f"{_name(names, self.seat)}: Coup Fourré! {card_name(self.card)} stops the {card_name(self.hazard)} "
                f"(+100, +200 for the Coup Fourré)")


@dataclass(frozen=True)
class Declined(Event):
    """``seat`` was asked "Coup Fourré?" and said no (it may or may not have held the safety)."""

    seat: int
    hazard: int

    def text(self, names, viewer=None):
        return f"{_name(names, self.seat)}: no Coup Fourré"


@dataclass(frozen=True)
class FastRemedyPlayed(Event):
    """Fast-play rule: ``seat`` answers ``hazard`` with its remedy ``card`` at once (no points)."""

    seat: int
    card: int
    zone: int
    hazard: int

    def text(self, names, viewer=None):
        return f"{_name(names, self.seat)} plays {card_words(self.card)} at once against the {card_name(self.hazard)}"


@dataclass(frozen=True)
class Discarded(Event):
    seat: int
    card: int

    def text(self, names, viewer=None):
        return f"{_name(names, self.seat)} discards {card_words(self.card)}"


@dataclass(frozen=True)
class CardsExchanged(Event):
    """``seat`` passes the turn and discards ``cards`` face up (then draws as many: :class:`CardsDrawn`)."""

    seat: int
    cards: tuple[int, ...]

    def text(self, names, viewer=None):
        listed = join_names([card_words(c) for c in self.cards])
        return f"{_name(names, self.seat)} passes and exchanges {len(self.cards)}: {listed}"


@dataclass(frozen=True)
class TurnPassed(Event):
    """``seat`` holds no card once the draw pile is empty for good: its turn passes."""

    seat: int

    def text(self, names, viewer=None):
        return f"{_name(names, self.seat)} has no card left and passes"


@dataclass(frozen=True)
class ExtensionOffered(Event):
    """Extension rule: ``seat``'s zone reached ``miles`` (700; the classic trip counts distance cards only):
    it chooses whether to go on to 1000."""

    seat: int
    miles: int

    def text(self, names, viewer=None):
        return f"{_name(names, self.seat)} reaches {self.miles} miles and may extend the trip to 1000"


@dataclass(frozen=True)
class ExtensionDecided(Event):
    seat: int
    extended: bool

    def text(self, names, viewer=None):
        who = _name(names, self.seat)
        return f"{who} extends the trip to 1000 miles" if self.extended else f"{who} stops at 700 miles"


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
        parts = ", ".join(f"{_names(names, s)} {_points(p)}" for s, p in zip(self.seats, self.points, strict=True))
        return f"Hand {self.hand} scored ({self.why}): {parts}"


@dataclass(frozen=True)
class MatchOver(Event):
    """The game is over: ``winners`` (seats) with ``score`` points."""
    public_moment: ClassVar[bool] = True  # everyone watches it (hot-seat: the screen is nobody's)

    winners: tuple[int, ...]
    score: int
    hands: int

    def text(self, names, viewer=None):
        who = _names(names, self.winners)
        verb = "wins" if len(self.winners) == 1 else "win"
        return f"{who} {verb} with {_points(self.score)} points"


EVENT_TYPES: tuple[type, ...] = (
    HandStarted, CardsDrawn, DiscardTaken, DrawPileReshuffled, DrawingOver, DistancePlayed, RemedyPlayed,
    HazardPlayed, SafetyPlayed, CoupFourrePlayed, Declined, FastRemedyPlayed, Discarded, CardsExchanged, TurnPassed,
    ExtensionOffered, ExtensionDecided, HandScored, MatchOver,
)
