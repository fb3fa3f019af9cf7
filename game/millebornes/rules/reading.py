"""What a two-player Mille Bornes opponent's moves say about its hand (pure, views only): Hard's reading.

Hard's worlds (:class:`.belief.Worlds`) deal the opponent's hand at random from the cards Hard has not seen, so
in them the opponent discards a third as often as a real one and attacks nearly twice as often: a random hand
is rarely as poor as the hand of a player who just discarded (docs/bots/millebornes.md). :class:`HandReader`
keeps, for each card the opponent holds, the kinds of card it can still be (a bitmask over the 19 kinds) and
narrows them with the racing sense every level plays by (:func:`.policy.play_choice` and its answers):

* a player that discarded held no card it could have played to any profit (a play scoring above zero);
* one that played a card held no card whose play scored more;
* one that said no to a Coup Fourré held no safety for that hazard (nor, under fast play, its remedy);
* one that drew from the draw pile while the discard pile's top was a safety, or a card that would have got it
  rolling, already held that card;
* a card drawn from the draw pile can be anything, one taken from the discard pile is known.

It follows the table from one of Hard's decisions to the next: from the earlier view it rebuilds a state (the
hidden cards dealt at random; only the public part is used) and looks for the moves, Hard's own included,
that lead to the later view (every public pile, count and phase alike). A move it cannot explain (an
exchange, a hand that ends, an undo, a reload), or a reading no card fits any more, starts it afresh with every
card unknown. Two players only; with more, or teams, nothing is read.
"""

from __future__ import annotations

import random
from typing import Any

from .actions import (
    COUP_FOURRE,
    DECLINE,
    DRAWS,
    EXTENDS,
    FAST_REMEDIES,
    CoupFourre,
    Decline,
    Discard,
    Draw,
    Exchange,
    FastRemedy,
)
from .cards import END_OF_LIMIT, KINDS, REMEDY_FOR, SAFETIES, SAFETY_FOR, SPEED_LIMIT
from .moves import _set_hand
from .policy import needed_cards, play_score
from .setup import ASKED, DRAW, EXTEND, OVER, PLAY
from .state import exchange_of
from .view import table_counts

ALL_KINDS = (1 << KINDS) - 1
SEARCH_NODES = 2000  # the states tried while explaining one step of the table (most need a dozen)


def ruled_out(state: Any, seat: int, action: Any) -> int:
    """The kinds ``seat`` cannot have held when it made ``action`` in the play phase (the racing policy)."""
    scores: dict[int, float] = {}
    for play in state._plays(seat, tuple(range(KINDS))):
        if type(play) is Discard:
            continue
        # the End of Limit scores 30 or 50 by the hand: 30 is what it surely beats
        score = 30.0 if play.card == END_OF_LIMIT else play_score(state, seat, play.card, play.zone, None)
        scores[play.card] = max(scores.get(play.card, -1e9), score)
    bar = 0.0 if type(action) is Discard else scores.get(action.card, 0.0) + 1e-9
    return sum(1 << kind for kind, score in scores.items() if score > bar)


def fits(masks: list[int], hand: list[int] | tuple[int, ...]) -> bool:
    """Can each card of ``hand`` be given a different reading of ``masks`` that allows it?"""
    owner = [-1] * len(masks)

    def place(card_index: int, seen: set[int]) -> bool:
        for j, mask in enumerate(masks):
            if mask >> hand[card_index] & 1 and j not in seen:
                seen.add(j)
                if owner[j] < 0 or place(owner[j], seen):
                    owner[j] = card_index
                    return True
        return False

    return len(masks) == len(hand) and all(place(i, set()) for i in range(len(hand)))


def take(masks: list[int], card: int) -> bool:
    """Take out the narrowest reading that allows ``card``; False if none does."""
    allowing = [j for j, mask in enumerate(masks) if mask >> card & 1]
    if not allowing:
        return False
    masks.pop(min(allowing, key=lambda j: bin(masks[j]).count("1")))
    return True


def deal(masks: list[int], pool: list[int], rng: random.Random) -> tuple[list[int], list[int]] | None:
    """A hand for ``masks`` from ``pool`` (the narrowest reading first) and the cards left, or None."""
    order = sorted(masks, key=lambda mask: bin(mask).count("1"))
    for _ in range(6):
        left, hand = list(pool), []
        for mask in order:
            fitting = [i for i, card in enumerate(left) if mask >> card & 1]
            if not fitting:
                break
            hand.append(left.pop(rng.choice(fitting)))
        else:
            return hand, left
    return None


def public_key(view: Any) -> tuple:
    """Everything two views of one seat must share to be the same moment of the table (not the hand; nor the
    discard pile's top: a view gives the pile's counts and top only, so the card under a top taken is not known)."""
    return (view.hand_number, view.phase, view.turn, view.asked, view.attack, view.zones, view.discards,
            view.hand_counts, view.deck_count, view.goal, view.turns, view.reshuffles)


def _may_reach(state: Any, view: Any) -> bool:
    """Can ``state`` still become the table of ``view``? Turns only begin, the draw pile only shrinks (until it
    is made again), distance cards and safeties stay."""
    if state.turns > view.turns or (state.reshuffles == view.reshuffles and len(state.deck) < view.deck_count):
        return False
    for zone, seen in zip(state.zones, view.zones, strict=True):
        if any(a > b for a, b in zip(zone.counts, seen.distance_counts, strict=True)) or \
                seen.safeties[:len(zone.safeties)] != zone.safeties:
            return False
    return True


def _with_hand(state: Any, seat: int, hand: tuple[int, ...]) -> Any:
    n = state._copy()
    _set_hand(n, seat, tuple(sorted(hand)))
    return n


def _holding(state: Any, seat: int, *cards: int) -> Any:
    """``state``, with ``cards`` in ``seat``'s hand (other cards of it changed for them if need be): the
    worlds the reader steps through deal hidden cards at random, and only their public part counts."""
    hand = state.hands[seat]
    rest = list(hand)
    for card in cards:
        if card in rest:
            rest.remove(card)
    if len(rest) == len(hand) - len(cards):  # it holds them all
        return state
    return _with_hand(state, seat, cards + tuple(rest[:max(0, len(hand) - len(cards))]))


class HandReader:
    """The reading of the opponent of ``seat`` (two players): ``observe`` each of ``seat``'s views in turn,
    ``deal`` the opponent's hand in a world inside the reading."""

    def __init__(self, game: Any, seat: int) -> None:
        self.game = game
        self.seat = seat
        self.opponent = 1 - seat
        self.last: Any = None  # the view observed last
        self.masks: list[int] = []  # per card the opponent holds, the kinds it may be
        self.active = False

    def observe(self, view: Any) -> None:
        """Follow the table to ``view`` (the seat's next decision)."""
        if view.players != 2 or len(set(view.zone_of)) != 2 or view.seat != self.seat:
            self.active = False
            return
        self.active = True
        last, self.last = self.last, view
        count = view.hand_counts[self.opponent]
        if last is None or last.hand_number != view.hand_number or view.phase == "over":
            self.masks = [ALL_KINDS] * count
            return
        path = self._explain(last, view)
        if path is None:
            self.masks = [ALL_KINDS] * count
            return
        for state, seat, action in path:
            if seat == self.opponent:
                self._read(state, action)
        if len(self.masks) != count or not all(self.masks):
            self.masks = [ALL_KINDS] * count

    def _explain(self, last: Any, view: Any) -> list[tuple[Any, int, Any]] | None:
        """The moves (state before, seat, move) from ``last`` to ``view``, or None if none are found."""
        start = self.game.determinize(last, 1)
        target = public_key(view)
        wanted = table_counts(view)
        me = self.seat
        played = list(last.hand or ())  # the cards that left the seat's own hand
        for card in view.hand or ():
            if card in played:
                played.remove(card)
        budget = [SEARCH_NODES]

        def walk(state: Any, depth: int) -> list[tuple[Any, int, Any]] | None:
            if budget[0] <= 0:
                return None
            budget[0] -= 1
            if state.acting() == me and public_key(state.view(me)) == target:
                return []
            if depth >= 12 or state.phase == OVER or not _may_reach(state, view):
                return None
            seat = state.acting()
            for action, before in self._moves(state, seat, wanted, view.discards, played if seat == me else None):
                after, _ = before._apply(seat, action)
                rest = walk(after, depth + 1)
                if rest is not None:
                    return [(before, seat, action)] + rest
            return None

        return walk(start, 0)

    def _moves(self, state: Any, seat: int, wanted: list[int], discards: Any, mine: list[int] | None):
        """The moves of ``seat`` that may lead toward the table counts ``wanted`` (``discards``: the discard
        pile's), each with the state to make it in (the card it plays put in the hand); ``mine``: for the reader's
        own seat, the cards that left its hand."""
        phase = state.phase
        if phase == DRAW:
            yield DRAWS[0], state
            if state.discard and state.cfg.discard_draw:
                yield DRAWS[1], state
            if state.cfg.exchange:  # the cards discarded since, or all but one of them (a discard came after)
                have = state.view(seat).discards
                thrown = tuple(card for card in range(KINDS) for _ in range(discards[card] - have[card]))
                size = len(state.hands[seat])
                for cards in [thrown] + [thrown[:i] + thrown[i + 1:] for i in range(len(thrown))]:
                    if 0 < len(cards) <= min(size, len(state.deck)):
                        yield exchange_of(cards), _holding(state, seat, *cards)
        elif phase == PLAY:
            have = table_counts(state.view(seat))
            if mine is None:  # the opponent: any card that is now more on the table
                kinds = [card for card in range(KINDS) if wanted[card] > have[card]]
            else:  # the seat itself: the cards that left its hand, or one it holds that is now more on the table
                hand = state.hands[seat]
                kinds = sorted(set(mine)) + [card for card in sorted(set(hand))
                                             if card not in mine and wanted[card] > have[card]]
            for card in kinds:
                held = _holding(state, seat, card)
                for play in held._plays(seat, (card,)):
                    yield play, held
        elif phase == ASKED:
            hazard = state.attack_card
            yield DECLINE, state
            yield COUP_FOURRE, _holding(state, seat, SAFETY_FOR[hazard])
            remedy = REMEDY_FOR[hazard]
            if state.cfg.fast_play and hazard != SPEED_LIMIT:
                yield FAST_REMEDIES[remedy], _holding(state, seat, remedy)
        elif phase == EXTEND:
            yield from ((yes, state) for yes in EXTENDS)

    def _read(self, state: Any, action: Any) -> None:
        """Narrow the reading by one move of the opponent, made in ``state``; a move no reading allows empties it
        (``observe`` then starts afresh)."""
        masks = self.masks
        seat = self.opponent
        kind = type(action)
        if kind is Draw:
            top = state.discard[-1] if state.discard else -1
            if action.from_discard:
                masks.append(1 << top)
                return
            if top >= 0 and state.cfg.discard_draw and (top in SAFETIES or top in needed_cards(state, seat)):
                # it would have taken that card unless it holds one: one card is read as it
                allowing = [j for j, mask in enumerate(masks) if mask >> top & 1]
                if not allowing:
                    masks[:] = []
                    return
                widest = max(allowing, key=lambda j: bin(masks[j]).count("1"))
                masks[widest] = 1 << top
            masks.append(ALL_KINDS)
        elif kind is Exchange:  # Normal exchanges when nothing in hand gets it rolling
            need = sum(1 << card for card in needed_cards(state, seat))
            for card in action.cards:
                if not take(masks, card):
                    masks[:] = []
                    return
            masks[:] = [mask & ~need for mask in masks] + [ALL_KINDS] * len(action.cards)
        elif state.phase == PLAY:
            out = ruled_out(state, seat, action)
            if not take(masks, action.card):
                masks[:] = []
                return
            masks[:] = [mask & ~out for mask in masks]
        elif kind is Decline:
            hazard = state.attack_card
            out = 1 << SAFETY_FOR[hazard]
            if state.cfg.fast_play and hazard != SPEED_LIMIT:
                out |= 1 << REMEDY_FOR[hazard]
            masks[:] = [mask & ~out for mask in masks]
        elif kind is CoupFourre or kind is FastRemedy:
            card = SAFETY_FOR[state.attack_card] if kind is CoupFourre else action.card
            if not take(masks, card):
                masks[:] = []
                return
            masks.append(ALL_KINDS)  # the card drawn to refill the hand

    def deal(self, world: Any, rng: random.Random) -> Any:
        """``world`` with the opponent's hand dealt again inside the reading (from that hand and the draw pile);
        ``world`` itself when nothing is read or no deal fits."""
        if not self.active or all(mask == ALL_KINDS for mask in self.masks):
            return world
        seat = self.opponent
        if len(self.masks) != len(world.hands[seat]):
            return world
        got = deal(self.masks, list(world.hands[seat]) + list(world.deck), rng)
        if got is None:
            return world
        hand, rest = got
        rng.shuffle(rest)
        n = _with_hand(world, seat, tuple(hand))
        n.deck = tuple(rest)
        return n


__all__ = ["ALL_KINDS", "HandReader", "deal", "fits", "public_key", "ruled_out", "take"]
