"""Velonimo events: what happened, told in table talk (hidden cards only to those who saw them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Sequence

from ...engine.protocol import Event
from ...engine.words import Words
from ..cards import card_name, describe_play, the_card_name


def _seat_name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else Words("Player {n}", n=seat + 1)


def _card_list(cards: Sequence[int]) -> Words:
    """"the red Bear (3), the Hare (35)": each card with its article, in the language in use."""
    text = the_card_name(cards[0])
    for card in cards[1:]:
        text = Words("{cards}, {card}", cards=text, card=the_card_name(card))
    return text


@dataclass(frozen=True)
class RoundStarted(Event):
    public_moment: ClassVar[bool] = True  # everyone watches it (hot-seat: the screen is nobody's)
    round: int
    starter: int
    reveals: ClassVar[bool] = True  # a new deal

    @property
    def seat(self) -> int:  # the move log's dot: the starter it names, not the last to act
        return self.starter

    def text(self, names, viewer=None):
        return Words("Round {round} begins: {player} starts", round=self.round, player=_seat_name(names, self.starter))


@dataclass(frozen=True)
class CardsPlayed(Event):
    seat: int
    cards: tuple[int, ...]
    value: int
    jersey: bool
    leading: bool  # True: a new attack; False: a counter-attack

    def text(self, names, viewer=None):
        fields = dict(player=_seat_name(names, self.seat), play=describe_play(self.cards), value=self.value)
        if self.jersey:
            if self.leading:
                return Words("{player} attacks with {play} and the Jersey: {value}", **fields)
            return Words("{player} counter-attacks with {play} and the Jersey: {value}", **fields)
        if self.leading:
            return Words("{player} attacks with {play}: {value}", **fields)
        return Words("{player} counter-attacks with {play}: {value}", **fields)


@dataclass(frozen=True)
class Passed(Event):
    seat: int

    def text(self, names, viewer=None):
        return Words("{player} passes", player=_seat_name(names, self.seat))


@dataclass(frozen=True)
class AttackWon(Event):
    """Everybody passed: the centre is cleared; ``seat`` played last."""

    seat: int
    value: int
    cards: tuple[int, ...]  # every card cleared from the centre

    def text(self, names, viewer=None):
        return Words("{player} wins the attack", player=_seat_name(names, self.seat))


@dataclass(frozen=True)
class PlayerOut(Event):
    seat: int
    points: int
    place: int

    def text(self, names, viewer=None):
        # TRANSLATORS: the player played their final card; {n} is the points scored
        return Words.plural("{player} goes out and scores {n}", "{player} goes out and scores {n}", self.points,
                            player=_seat_name(names, self.seat))


@dataclass(frozen=True)
class CardStolen(Event):
    thief: int
    victim: int
    cards: tuple[int, ...]
    private_to: tuple[int, ...] = ()
    reveals: ClassVar[bool] = True

    @property
    def seat(self) -> int:  # the move log's dot: the thief
        return self.thief

    def text(self, names, viewer=None):
        who, whom = _seat_name(names, self.thief), _seat_name(names, self.victim)
        if viewer is not None and viewer in self.private_to:
            return Words("{player} takes {cards} from {victim}", player=who, cards=_card_list(self.cards), victim=whom)
        return Words.plural("{player} takes a random card from {victim}", "{player} takes {n} random cards from {victim}",
                            len(self.cards), player=who, victim=whom)


@dataclass(frozen=True)
class StealDeclined(Event):
    seat: int

    def text(self, names, viewer=None):
        return Words("{player} takes no card with the Tortoise", player=_seat_name(names, self.seat))


@dataclass(frozen=True)
class CardGiven(Event):
    thief: int
    victim: int
    card: int
    private_to: tuple[int, ...] = ()
    reveals: ClassVar[bool] = True  # the victim learns a hidden card

    @property
    def seat(self) -> int:  # the move log's dot: the thief
        return self.thief

    def text(self, names, viewer=None):
        who, whom = _seat_name(names, self.thief), _seat_name(names, self.victim)
        if viewer is not None and viewer in self.private_to:
            return Words("{player} gives {card} back to {victim}", player=who, card=the_card_name(self.card),
                         victim=whom)
        return Words("{player} gives a card back to {victim}", player=who, victim=whom)


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
            return Words("{player} draws nothing: the draw pile is empty", player=who)
        if viewer is not None and viewer in self.private_to:
            return Words("{player} draws {cards}", player=who, cards=_card_list(self.cards))
        return Words.plural("{player} draws a card", "{player} draws {n} cards", len(self.cards), player=who)


@dataclass(frozen=True)
class CardRevealed(Event):
    """Duel: a new card is turned face up beside the draw pile."""

    card: int
    reveals: ClassVar[bool] = True

    @property
    def seat(self) -> None:  # the move log's dot: nobody's (the whole table's), not the last to act
        return None

    def text(self, names, viewer=None):
        return Words("The {card} is revealed beside the draw pile", card=card_name(self.card))


@dataclass(frozen=True)
class RevealedCardTaken(Event):
    """Duel: the attack winner kept the revealed card (to_seat == seat) or forced it on the opponent."""

    seat: int
    to_seat: int
    card: int

    def text(self, names, viewer=None):
        who = _seat_name(names, self.seat)
        if self.to_seat == self.seat:
            return Words("{player} keeps the revealed {card}", player=who, card=card_name(self.card))
        return Words("{player} makes {opponent} take the revealed {card}", player=who,
                     opponent=_seat_name(names, self.to_seat), card=card_name(self.card))


@dataclass(frozen=True)
class StarterChosen(Event):
    chooser: int
    seat: int

    def text(self, names, viewer=None):
        return Words("{chooser} chooses {player} to launch the next attack", chooser=_seat_name(names, self.chooser),
                     player=_seat_name(names, self.seat))


@dataclass(frozen=True)
class RoundScored(Event):
    public_moment: ClassVar[bool] = True  # everyone watches it (hot-seat: the screen is nobody's)
    round: int
    points: tuple[int, ...]  # per seat, this round
    totals: tuple[int, ...]  # per seat, after this round

    @property
    def seat(self) -> None:  # the move log's dot: nobody's (the whole table's), not the last to act
        return None

    def text(self, names, viewer=None):
        parts = ", ".join(f"{_seat_name(names, s)} +{p} ({t})" for s, (p, t) in
                          enumerate(zip(self.points, self.totals, strict=True)))
        return Words("Round {round} over: {scores}", round=self.round, scores=parts)


@dataclass(frozen=True)
class JerseyAwarded(Event):
    seat: int
    previous: int  # -1: nobody had it

    def text(self, names, viewer=None):
        who = _seat_name(names, self.seat)
        if self.previous == self.seat:
            return Words("{player} keeps the Leader of the Pack Jersey", player=who)
        return Words("{player} receives the Leader of the Pack Jersey", player=who)


@dataclass(frozen=True)
class GameOver(Event):
    public_moment: ClassVar[bool] = True  # everyone watches it (hot-seat: the screen is nobody's)
    winners: tuple[int, ...]
    totals: tuple[int, ...]

    @property
    def seat(self) -> int | None:  # the move log's dot: the winner, nobody's when they share the win
        return self.winners[0] if len(self.winners) == 1 else None

    def text(self, names, viewer=None):
        who: str = _seat_name(names, self.winners[0])
        for s in self.winners[1:]:
            who = Words("{names} and {last}", names=who, last=_seat_name(names, s))
        points = self.totals[self.winners[0]]
        return Words("{player} wins the game with the Leader of the Pack Jersey ({points})", player=who,
                     points=Words.plural("{n} point", "{n} points", points))


EVENT_TYPES: tuple[type, ...] = (RoundStarted, CardsPlayed, Passed, AttackWon, PlayerOut, CardStolen,
                                 StealDeclined, CardGiven, CardDrawn, CardRevealed, RevealedCardTaken,
                                 StarterChosen, RoundScored, JerseyAwarded, GameOver)

