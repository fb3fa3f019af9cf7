"""Tour of Alameda actions, and the interned instances legal actions hand out."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...engine.protocol import Action
from ...engine.words import Words
from .setup import MAX_PLAYERS, TOP_VALUE, WRENCH_CARD


def card_words(card: int) -> Words:
    """``a 7``, ``an 8``, ``the Monkey Wrench`` (Words: composed in the language in use where shown)."""
    if card == WRENCH_CARD:
        return Words("the Monkey Wrench")
    return Words("an {n}", n=card) if card == 8 else Words("a {n}", n=card)


@dataclass(frozen=True)
class Pick(Action):
    """Play one card face down for this leg: a speed card's value (1–10) or 0 for the Monkey Wrench."""

    card: int
    secret_fields: ClassVar[tuple[str, ...]] = ("card",)  # face down until the reveal

    def label(self) -> str:
        return Words("Play the Monkey Wrench") if self.card == WRENCH_CARD else Words("Play the {n}", n=self.card)


@dataclass(frozen=True)
class Wrench(Action):
    """The Monkey names the Wrenched: takes their card for this leg; they draw blindly from the Monkey's hand."""

    target: int

    def label(self) -> str:
        return Words("Wrench player {n}", n=self.target + 1)


@dataclass(frozen=True)
class RestChoice(Action):
    """Between stages (Rest rule): put the hand under the deck and draw a new one, or keep it."""

    rest: bool
    secret_fields: ClassVar[tuple[str, ...]] = ("rest",)  # nobody sees it until all have chosen

    def label(self) -> str:
        if self.rest:
            return Words("Rest: put your hand under your deck and draw a new one")
        return Words("Keep your hand")


ACTION_TYPES: tuple[type, ...] = (Pick, Wrench, RestChoice)

PICKS = tuple(Pick(c) for c in range(TOP_VALUE + 1))  # PICKS[card]
WRENCHES = tuple(Wrench(t) for t in range(MAX_PLAYERS))  # WRENCHES[target]
REST_CHOICES = (RestChoice(False), RestChoice(True))  # REST_CHOICES[rest]
