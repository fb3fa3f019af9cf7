"""Velonimo events: what happened, told in table talk (hidden cards only to those who saw them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Sequence

from ...engine.protocol import Event
from ...engine.words import count_words
from ..cards import card_name, describe_play


def _seat_name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"Player {seat + 1}"


@dataclass(frozen=True)
class RoundStarted(Event):
    public_moment: ClassVar[bool] = True  # everyone watches it (hot-seat: the screen is nobody's)
    round: int
    starter: int
    reveals: ClassVar[bool] = True  # a new deal

    def text(self, names, viewer=None):
        return f"Round {self.round} begins: {_seat_name(names, self.starter)} starts"


@dataclass(frozen=True)
class CardsPlayed(Event):
    seat: int
    cards: tuple[int, ...]
    value: int
    jersey: bool
    leading: bool  # True: a new attack; False: a counter-attack

    def text(self, names, viewer=None):
        verb = "attacks" if self.leading else "counter-attacks"
        jersey = " and the Jersey" if self.jersey else ""
        return f"{_seat_name(names, self.seat)} {verb} with {describe_play(self.cards)}{jersey}: {self.value}"


@dataclass(frozen=True)
class Passed(Event):
    seat: int

    def text(self, names, viewer=None):
        return f"{_seat_name(names, self.seat)} passes"


@dataclass(frozen=True)
class AttackWon(Event):
    """Everybody passed: the centre is cleared; ``seat`` played last."""

    seat: int
    value: int
    cards: tuple[int, ...]  # every card cleared from the centre

    def text(self, names, viewer=None):
        return f"{_seat_name(names, self.seat)} wins the attack"


@dataclass(frozen=True)
class PlayerOut(Event):
    seat: int
    points: int
    place: int

    def text(self, names, viewer=None):
        return f"{_seat_name(names, self.seat)} goes out and scores {self.points}"


@dataclass(frozen=True)
class CardStolen(Event):
    thief: int
    victim: int
    cards: tuple[int, ...]
    private_to: tuple[int, ...] = ()
    reveals: ClassVar[bool] = True

    def text(self, names, viewer=None):
        who, whom = _seat_name(names, self.thief), _seat_name(names, self.victim)
        if viewer is not None and viewer in self.private_to:
            return f"{who} takes {', '.join('the ' + card_name(c) for c in self.cards)} from {whom}"
        if len(self.cards) == 1:
            return f"{who} takes a random card from {whom}"
        return f"{who} takes {len(self.cards)} random cards from {whom}"


@dataclass(frozen=True)
class StealDeclined(Event):
    seat: int

    def text(self, names, viewer=None):
        return f"{_seat_name(names, self.seat)} takes no card with the Tortoise"


@dataclass(frozen=True)
class CardGiven(Event):
    thief: int
    victim: int
    card: int
    private_to: tuple[int, ...] = ()
    reveals: ClassVar[bool] = True  # the victim learns a hidden card

    def text(self, names, viewer=None):
        who, whom = _seat_name(names, self.thief), _seat_name(names, self.victim)
        if viewer is not None and viewer in self.private_to:
            return f"{who} gives the {card_name(self.card)} back to {whom}"
        return f"{who} gives a card back to {whom}"


@dataclass(frozen=True)
class CardDrawn(Event):
    """Duel: Camels draw from the pile."""

    seat: int
    cards: tuple[int, ...]
    private_to: tuple[int, ...] = ()
    reveals: ClassVar[bool] = True

    def text(self, names, viewer=None):
        who = _seat_name(names, self.seat)
        if not self.cards:
            return f"{who} draws nothing: the draw pile is empty"
        if viewer is not None and viewer in self.private_to:
            return f"{who} draws {', '.join('the ' + card_name(c) for c in self.cards)}"
        n = len(self.cards)
        return f"{who} draws {'a card' if n == 1 else f'{n} cards'}"


@dataclass(frozen=True)
class CardRevealed(Event):
    """Duel: a new card is turned face up beside the draw pile."""

    card: int
    reveals: ClassVar[bool] = True

    def text(self, names, viewer=None):
        return f"The {card_name(self.card)} is revealed beside the draw pile"


@dataclass(frozen=True)
class RevealedCardTaken(Event):
    """Duel: the attack winner kept the revealed card (to_seat == seat) or forced it on the opponent."""

    seat: int
    to_seat: int
    card: int

    def text(self, names, viewer=None):
        who = _seat_name(names, self.seat)
        if self.to_seat == self.seat:
            return f"{who} keeps the revealed {card_name(self.card)}"
        return f"{who} makes {_seat_name(names, self.to_seat)} take the revealed {card_name(self.card)}"


@dataclass(frozen=True)
class StarterChosen(Event):
    chooser: int
    seat: int

    def text(self, names, viewer=None):
        return f"{_seat_name(names, self.chooser)} chooses {_seat_name(names, self.seat)} to launch the next attack"


@dataclass(frozen=True)
class RoundScored(Event):
    public_moment: ClassVar[bool] = True  # everyone watches it (hot-seat: the screen is nobody's)
    round: int
    points: tuple[int, ...]  # per seat, this round
    totals: tuple[int, ...]  # per seat, after this round

    def text(self, names, viewer=None):
        parts = ", ".join(f"{_seat_name(names, s)} +{p} ({t})" for s, (p, t) in
                          enumerate(zip(self.points, self.totals, strict=True)))
        return f"Round {self.round} over: {parts}"


@dataclass(frozen=True)
class JerseyAwarded(Event):
    seat: int
    previous: int  # -1: nobody had it

    def text(self, names, viewer=None):
        who = _seat_name(names, self.seat)
        if self.previous == self.seat:
            return f"{who} keeps the Leader of the Pack Jersey"
        return f"{who} receives the Leader of the Pack Jersey"


@dataclass(frozen=True)
class GameOver(Event):
    public_moment: ClassVar[bool] = True  # everyone watches it (hot-seat: the screen is nobody's)
    winners: tuple[int, ...]
    totals: tuple[int, ...]

    def text(self, names, viewer=None):
        who = " and ".join(_seat_name(names, s) for s in self.winners)
        return f"{who} wins the game with the Leader of the Pack Jersey ({count_words(self.totals[self.winners[0]], 'point')})"


EVENT_TYPES: tuple[type, ...] = (RoundStarted, CardsPlayed, Passed, AttackWon, PlayerOut, CardStolen,
                                 StealDeclined, CardGiven, CardDrawn, CardRevealed, RevealedCardTaken,
                                 StarterChosen, RoundScored, JerseyAwarded, GameOver)

