"""Hard's reading of the other riders' hands in Tour of Alameda (pure).

Every card that leaves a hand is shown, and the racing sense (:func:`.racing.racing_card`) plays a hand's
highest card while the stage is open, its lowest when the stage is won or lost by far, and its Monkey
Wrench when no card is above five. So a rider that raced a 6 by that sense held nothing above 6 then: the
cards it kept are 6 or lower, whatever it draws later. :class:`HandReader` follows the table leg by leg from
the views its seat is shown (only what everyone sees: the cards each rider has not shown, distances, who has
Wrenched) and keeps, for each other rider, a range of values for every card in hand. :meth:`HandReader.deal`
then deals an imagined world's hands inside those ranges.

A rider whose moves the racing sense does not explain (a human, a random move) is read no further this tour:
its hand is dealt at random, as before any reading.
"""

from __future__ import annotations

from typing import Any

from ...engine import rng as rnglib
from .racing import ends_stage, far_from_the_fight, racing_card, wrench_cap
from .setup import VALUES, WRENCH_CARD

LOW, HIGH = VALUES[0], VALUES[-1]
Slot = tuple[int, int]  # the lowest and highest value a card in hand can be
READ_WRENCH = 1  # a Monkey's imagined worlds put down the read riders' face-down cards by the racing sense


class _Leg:
    """What the reader needs of a view at the start of a leg (public only)."""

    __slots__ = ("stage", "leg", "distances", "wrench", "unseen", "speed", "jersey")

    def __init__(self, view: Any):
        self.stage, self.leg = view.stage, view.leg
        self.distances = view.distances
        self.wrench = view.wrench_unseen  # held or face down: not yet Wrenched this stage
        self.unseen = view.unseen
        self.jersey = view.jersey
        # speed cards in hand at the leg's start (a face-down card counted back)
        self.speed = tuple(view.held[s] + view.face_down[s] - view.wrench_unseen[s] for s in range(view.players))


def _remove_slot(slots: list[Slot], card: int) -> bool:
    """Take out a card of value ``card`` (the tightest range holding it); False when none can."""
    best = -1
    for i, (lo, hi) in enumerate(slots):
        if lo <= card <= hi and (best < 0 or hi - lo < slots[best][1] - slots[best][0]):
            best = i
    if best < 0:
        return False
    slots.pop(best)
    return True


class HandReader:
    """The other riders' hands as ranges of values, updated from one leg's view to the next.

    ``observe(view)`` at each pick of the seat's own (the start of a leg, before the seat's card), ``deal(world,
    r)`` for a world imagined from that view. Anything it cannot follow (a leg it did not see, an undo, a reload)
    starts the reading afresh."""

    def __init__(self, seat: int):
        self.seat = seat
        self._last: _Leg | None = None
        self.slots: list[list[Slot]] = []
        self.readable: list[bool] = []

    # ----------------------------------------------------------------- following the table

    def observe(self, view: Any) -> None:
        if view.phase != "pick" or view.hand is None:
            return
        now = _Leg(view)
        last = self._last
        n = view.players
        follows = last is not None and len(self.slots) == n and (
            (now.stage == last.stage and now.leg == last.leg + 1) or (now.stage == last.stage + 1 and now.leg == 1))
        if not follows:
            self.slots = [[(LOW, HIGH)] * now.speed[s] for s in range(n)]
            self.readable = [True] * n
        elif (now.stage, now.leg) != (last.stage, last.leg):
            assert last is not None
            rest = bool(view.option("rest", False)) and now.stage != last.stage
            for s in range(n):
                if s != self.seat:
                    self._follow(s, last, now, view, rest)
        self._last = now

    def _follow(self, s: int, last: _Leg, now: _Leg, view: Any, rest: bool) -> None:
        slots = self.slots[s]
        shown = [v for v in VALUES for _ in range(last.unseen[s][v - 1] - now.unseen[s][v - 1])]
        followed = self.readable[s] and not rest and len(shown) == 1 and all(
            last.unseen[s][v - 1] >= now.unseen[s][v - 1] for v in VALUES)
        if followed:
            card = shown[0]
            if now.stage == last.stage:
                wrenched = last.wrench[s] and not now.wrench[s]
            else:  # the Wrench is back in hand: whether it was played in the stage's last leg is not shown
                wrenched = self._wrenched_last(s, last, card)
                followed = wrenched is not None
            if followed and not self._explain(s, slots, last, card, wrenched):
                self.readable[s] = False  # the racing sense does not explain it: not read again this tour
                followed = False
        if not followed:
            self.slots[s] = [(LOW, HIGH)] * now.speed[s]
            return
        while len(slots) < now.speed[s]:
            slots.append((LOW, HIGH))  # the cards drawn after the leg
        if len(slots) > now.speed[s]:
            self.slots[s] = [(LOW, HIGH)] * now.speed[s]

    @staticmethod
    def _reason(s: int, last: _Leg) -> tuple[int, bool, bool]:
        """(margin over the best other rider, whether a Wrench would end a stage it leads, whether it reveals last)
        at the start of the leg ``last``: what the racing sense decides by besides the hand."""
        n = len(last.distances)
        margin = last.distances[s] - max(last.distances[t] for t in range(n) if t != s)
        revealed = sum(1 for t in range(n) if not last.wrench[t])
        ending = last.wrench[s] and ends_stage(n, revealed, margin)
        return margin, ending, (last.jersey + n - 1) % n == s

    def _wrenched_last(self, s: int, last: _Leg, card: int) -> bool | None:
        """Whether ``s`` played its Wrench in a stage's last leg, as the racing sense tells; None if it cannot
        tell (``card``: the card that left its hand)."""
        if not last.wrench[s]:
            return False
        margin, majority, last_revealer = self._reason(s, last)
        if majority:
            return True
        if card > wrench_cap(last_revealer):
            return False  # a Wrench played on a weak hand gives away a weak card
        if far_from_the_fight(margin):
            return None  # its lowest card, or a weak hand's card
        return True  # a card this weak as its best: it would have Wrenched

    def _explain(self, s: int, slots: list[Slot], last: _Leg, card: int, wrenched: bool) -> bool:
        """Narrow ``s``'s ranges by the racing sense's reason for the leg (``card``: the card it raced, or the
        one its Wrench gave away); False when that sense does not explain the leg."""
        margin, majority, last_revealer = self._reason(s, last)
        cap = wrench_cap(last_revealer)
        if wrenched:
            if not majority:
                slots[:] = [(lo, min(hi, cap)) for lo, hi in slots]
                if any(lo > hi for lo, hi in slots):
                    return False
            return _remove_slot(slots, card)  # the card the Wrenched drew from this hand
        if majority:
            return False  # it would have Wrenched
        if not _remove_slot(slots, card):
            return False
        if far_from_the_fight(margin):
            slots[:] = [(max(lo, card), hi) for lo, hi in slots]
        else:
            slots[:] = [(lo, min(hi, card)) for lo, hi in slots]
            if last.wrench[s] and card <= cap:
                return False  # its best card was weak: it would have Wrenched
        return all(lo <= hi for lo, hi in slots)

    # ----------------------------------------------------------------- imagining

    def deal(self, world: Any, view: Any, r: int) -> Any:
        """``world`` (imagined from ``view``, the others' picks of a pick taken back) with each read rider's hand
        dealt inside its ranges from its unseen cards, the rest its deck in a random order. When a Monkey chooses
        (phase wrench), a read rider's face-down card is the one the racing sense plays from the hand dealt, and a
        rider's face-up card narrows the ranges of the cards it kept."""
        last = self._last
        if view.phase not in ("pick", "wrench") or last is None or (last.stage, last.leg) != (view.stage, view.leg):
            return world
        wrench_phase = view.phase == "wrench"
        if wrench_phase and not READ_WRENCH:
            return world
        hands, decks, picks = list(world.hands), list(world.decks), list(world.picks)
        wrenches = world.wrenches
        for s in range(view.players):
            if s == self.seat or not self.readable[s]:
                continue
            slots = self.slots[s]
            pool = list(hands[s]) + list(decks[s])
            face_down = False
            if wrench_phase:
                shown = [v for v in VALUES for _ in range(last.unseen[s][v - 1] - view.unseen[s][v - 1])]
                if view.face_down[s] and not shown:
                    face_down = True
                    if picks[s] > 0:
                        pool.append(picks[s])
                elif view.table[s] > 0 and shown == [view.table[s]] and view.wrench_unseen[s] == last.wrench[s]:
                    slots = list(slots)
                    if not self._explain(s, slots, last, view.table[s], False):
                        continue
                else:
                    continue
            if len(slots) != len(pool) - len(decks[s]) or all(slot == (LOW, HIGH) for slot in slots):
                continue
            hand, r = _deal_slots(slots, pool, r)
            if hand is None:
                continue
            for card in hand:
                pool.remove(card)
            deck, r = rnglib.shuffled(r, pool)
            hand.sort()
            if face_down:
                card = racing_card(hand, last.wrench[s], *self._reason(s, last))
                picks[s] = card
                if card != WRENCH_CARD:
                    hand.remove(card)
                    wrenches = wrenches | (1 << s) if last.wrench[s] else wrenches & ~(1 << s)
                else:
                    wrenches &= ~(1 << s)
            hands[s], decks[s] = tuple(hand), deck
        out = world._copy()
        out.hands, out.decks, out.picks, out.wrenches = tuple(hands), tuple(decks), tuple(picks), wrenches
        return out


def _deal_slots(slots: list[Slot], pool: list[int], r: int) -> tuple[list[int] | None, int]:
    """Cards of ``pool`` for ``slots``, each inside its range, the narrowest range first; None if none fit."""
    order = sorted(slots, key=lambda slot: slot[1] - slot[0])
    for _ in range(4):
        left = list(pool)
        hand = []
        for lo, hi in order:
            fits = [i for i, v in enumerate(left) if lo <= v <= hi]
            if not fits:
                break
            k, r = rnglib.below(r, len(fits))
            hand.append(left.pop(fits[k]))
        else:
            return hand, r
    return None, r


__all__ = ["HandReader", "fits"]


def fits(slots: list[Slot], hand: tuple[int, ...] | list[int]) -> bool:
    """Whether ``hand`` can be laid one card to a range of ``slots`` (as many cards as ranges)."""
    if len(slots) != len(hand):
        return False
    left = sorted(hand)
    for lo, hi in sorted(slots, key=lambda slot: (slot[1], slot[0])):
        for i, card in enumerate(left):
            if lo <= card <= hi:
                left.pop(i)
                break
        else:
            return False
    return True
