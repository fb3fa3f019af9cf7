"""Mille Bornes actions (small frozen dataclasses) and the interned instances legal actions hand out.

A turn is two steps: ``Draw`` (from the draw pile or the top of the discard pile), then ``Play`` a
card on a driving zone or ``Discard`` one. Instead of drawing, a player may ``Exchange`` up to six
cards (the 2014 rule: pass the turn, discard them and draw as many). A seat asked out of turn
("Coup Fourré?") answers ``CoupFourre``, ``FastRemedy`` (fast-play rule) or ``Decline``; after
reaching 700 miles with the extension rule, ``Extend`` says whether the trip goes on to 1000.

Zones: a driving zone per player (alone: zone = seat) or per team (zone = team).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.protocol import Action
from ...engine.words import Words
from .cards import A_NAMES, KINDS, NAMES, THE_NAMES

MAX_ZONES = 4  # 4 players alone; teams have 2 or 3 zones
HAND_SIZE = 6


def card_words(card: int) -> Words:
    """``a Go``, ``an Accident``, ``100 miles``, ``Puncture-Proof`` (safeties take no article), as Words."""
    return A_NAMES[card] if 0 <= card < KINDS else Words("an unknown card")


def card_name(card: int) -> Words:
    return NAMES[card] if 0 <= card < KINDS else Words("an unknown card")


def the_hazard(card: int) -> Words:
    """"the Flat Tire": a hazard named again."""
    return THE_NAMES[card - 5] if 5 <= card < 10 else Words("the {card}", card=card_name(card))


@dataclass(frozen=True)
class Draw(Action):
    """Start a turn by drawing: the top of the draw pile, or (``from_discard``) the top of the discard pile."""

    from_discard: bool

    def label(self) -> str:
        return Words("Take the top of the discard pile") if self.from_discard else Words("Draw from the draw pile")


@dataclass(frozen=True)
class Play(Action):
    """Play ``card`` (a kind) on driving zone ``zone``: a distance, remedy or safety on your own zone,
    a hazard (Speed Limit included) on an opponent's."""

    card: int
    zone: int

    def label(self) -> str:
        return Words("Play {card} on zone {zone}", card=card_words(self.card), zone=self.zone + 1)


@dataclass(frozen=True)
class Discard(Action):
    """End the turn by discarding ``card`` face up on the discard pile."""

    card: int

    def label(self) -> str:
        return Words("Discard {card}", card=card_words(self.card))


@dataclass(frozen=True)
class Exchange(Action):
    """Instead of drawing (2014 rule): pass the turn, discard these cards (1 to 6 kinds, sorted,
    repeated for copies) and draw as many from the draw pile."""

    cards: tuple[int, ...]

    def label(self) -> str:
        return Words.plural("Pass and exchange {n} card", "Pass and exchange {n} cards", len(self.cards))


@dataclass(frozen=True)
class CoupFourre(Action):
    """Answer a hazard just played on your zone with its safety, out of turn: Coup Fourré!"""

    def label(self) -> str:
        return Words("Coup Fourré!")


@dataclass(frozen=True)
class FastRemedy(Action):
    """Fast-play rule: answer a hazard just played on your zone with its remedy (``card``), at once."""

    card: int

    def label(self) -> str:
        return Words("Play {card} at once", card=card_words(self.card))


@dataclass(frozen=True)
class Decline(Action):
    """The answer "no" to a Coup Fourré question (whether or not you could have said yes)."""

    def label(self) -> str:
        return Words("No")


@dataclass(frozen=True)
class Extend(Action):
    """Extension rule: after reaching 700 miles, go on to 1000 (``yes``) or end the hand."""

    yes: bool

    def label(self) -> str:
        return Words("Extend the trip to 1000 miles") if self.yes else Words("Stop at 700 miles")


ACTION_TYPES: tuple[type, ...] = (Draw, Play, Discard, Exchange, CoupFourre, FastRemedy, Decline, Extend)

# interned instances (the engine hands these out and recognises them by identity on its hot path)
DRAWS = (Draw(False), Draw(True))  # DRAWS[from_discard]
PLAYS = tuple(tuple(Play(card, zone) for zone in range(MAX_ZONES)) for card in range(KINDS))  # PLAYS[card][zone]
DISCARDS = tuple(Discard(card) for card in range(KINDS))  # DISCARDS[card]
COUP_FOURRE = CoupFourre()
DECLINE = Decline()
FAST_REMEDIES = tuple(FastRemedy(card) for card in range(KINDS))  # FAST_REMEDIES[remedy]
EXTENDS = (Extend(False), Extend(True))  # EXTENDS[yes]
