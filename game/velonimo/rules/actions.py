"""Velonimo actions: what a seat may ask for, and the interned instances legal actions hand out."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...engine.protocol import Action
from ...engine.words import N_, Words
from ..cards import N_CARDS, combination_value, describe_play, the_card_name


@dataclass(frozen=True)
class PlayCards(Action):
    """Attack or counter-attack with a card or a combination (card ids, increasing)."""

    cards: tuple[int, ...]
    jersey: bool = False

    def label(self) -> str:
        value = combination_value(self.cards, self.jersey)
        play = describe_play(self.cards)
        if self.jersey:
            if value is None:
                return Words("Play {play} + Jersey", play=play)
            return Words("Play {play} + Jersey ({value})", play=play, value=value)
        if len(self.cards) == 1 or value is None:
            return Words("Play {play}", play=play)  # a single card's name already shows its value
        return Words("Play {play} ({value})", play=play, value=value)


@dataclass(frozen=True)
class Pass(Action):
    def label(self) -> str:
        return N_("Pass")


@dataclass(frozen=True)
class Steal(Action):
    """Tortoise power: take ``count`` random cards from ``victim`` (then give as many back)."""

    victim: int
    count: int = 1

    def label(self) -> str:
        return Words.plural("Take {n} random card from player {seat}", "Take {n} random cards from player {seat}",
                            self.count, seat=self.victim + 1)


@dataclass(frozen=True)
class NoSteal(Action):
    def label(self) -> str:
        return N_("Take no card")


@dataclass(frozen=True)
class GiveBack(Action):
    """Give one card back to the player stolen from (once per card taken)."""

    card: int
    secret_fields: ClassVar[tuple[str, ...]] = ("card",)  # only the two players see which card moves

    def label(self) -> str:
        return Words("Give back {card}", card=the_card_name(self.card))


@dataclass(frozen=True)
class ChooseStarter(Action):
    """Out of turn: the player who went out and won the attack names who launches the next."""

    seat: int

    def label(self) -> str:
        return Words("Player {seat} launches the next attack", seat=self.seat + 1)


@dataclass(frozen=True)
class DuelReward(Action):
    """Duel: the attack winner keeps the revealed card or forces it on the opponent."""

    keep: bool

    def label(self) -> str:
        return N_("Keep the revealed card") if self.keep else N_("Give the revealed card to your opponent")


def cards_in_plays(actions) -> frozenset[int]:
    """The cards found in at least one :class:`PlayCards` among ``actions``. Given a seat's legal
    actions while it counter-attacks, these are the cards that can beat the centre (the table's
    optional hint lifts them)."""
    out: set[int] = set()
    for action in actions:
        if type(action) is PlayCards:
            out.update(action.cards)
    return frozenset(out)


ACTION_TYPES: tuple[type, ...] = (PlayCards, Pass, Steal, NoSteal, GiveBack, ChooseStarter, DuelReward)

PASS = Pass()
NO_STEAL = NoSteal()
GIVE_ACTIONS = tuple(GiveBack(c) for c in range(N_CARDS))
CHOOSE_ACTIONS = tuple(ChooseStarter(s) for s in range(5))
STEAL_ACTIONS = tuple(tuple(Steal(v, k) for k in range(8)) for v in range(5))
REWARD_ACTIONS = (DuelReward(True), DuelReward(False))
