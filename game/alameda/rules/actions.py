"""Tour of Alameda actions, and the interned instances legal actions hand out."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...engine.protocol import Action
from .setup import MAX_PLAYERS, TOP_VALUE, WRENCH_CARD


def card_words(card: int) -> str:
    """``a 7``, ``an 8``, ``the Monkey Wrench``."""
    if card == WRENCH_CARD:
        return "the Monkey Wrench"
    return f"an {card}" if card == 8 else f"a {card}"


@dataclass(frozen=True)
class Pick(Action):
    """Play one card face down for this leg: a speed card's value (1–10) or 0 for the Monkey Wrench."""

    card: int
    secret_fields: ClassVar[tuple[str, ...]] = ("card",)  # face down until the reveal

    def label(self) -> str:
        return "Play the Monkey Wrench" if self.card == WRENCH_CARD else f"Play the {self.card}"


@dataclass(frozen=True)
class Wrench(Action):
    """The Monkey names the Wrenched: takes their card for this leg; they draw blindly from the Monkey's hand."""

    target: int

    def label(self) -> str:
        return f"Wrench player {self.target + 1}"


@dataclass(frozen=True)
class RestChoice(Action):
    """Between stages (Rest rule): put the hand under the deck and draw a new one, or keep it."""

    rest: bool
    secret_fields: ClassVar[tuple[str, ...]] = ("rest",)  # nobody sees it until all have chosen

    def label(self) -> str:
        return "Rest: put your hand under your deck and draw a new one" if self.rest else "Keep your hand"


ACTION_TYPES: tuple[type, ...] = (Pick, Wrench, RestChoice)

PICKS = tuple(Pick(c) for c in range(TOP_VALUE + 1))  # PICKS[card]
WRENCHES = tuple(Wrench(t) for t in range(MAX_PLAYERS))  # WRENCHES[target]
REST_CHOICES = (RestChoice(False), RestChoice(True))  # REST_CHOICES[rest]
