"""Every valid Velonimo play, precomputed with its interned :class:`PlayCards` actions, and the
plays of a hand, memoized by hand mask and kept sorted by value (pure).

A *play* is a single card or a valid combination; it is identified by its mask. Its actions are
built here, where the action type is known, so apply can trust them by identity.
"""

from __future__ import annotations

from bisect import bisect_right
from operator import attrgetter

from ..cards import (
    CAMEL_MASK,
    FIRST_HARE,
    HARE_MASK,
    JERSEY_BONUS,
    TORTOISE_MASK,
    cards_of,
    combination_problem,
    combination_value,
)
from .actions import PlayCards


class Play:
    """A precomputed valid play (no Jersey): its mask, cards, value and special cards."""

    __slots__ = ("mask", "cards", "value", "tortoises", "camels", "hare", "action", "jersey_action", "key")

    def __init__(self, mask: int):
        self.mask = mask
        self.cards = cards_of(mask)
        value = combination_value(self.cards)
        assert value is not None
        self.value = value
        self.tortoises = (mask & TORTOISE_MASK).bit_count()
        self.camels = (mask & CAMEL_MASK).bit_count()
        self.hare = bool(mask & HARE_MASK)
        self.key = (value << 64) | (len(self.cards) << 56) | mask  # sort: value, size, cards
        self.action = PlayCards(self.cards, False)  # the interned actions legal actions hand out
        self.jersey_action = None if self.hare else PlayCards(self.cards, True)  # no Jersey with a Hare


# every valid play, by mask (built lazily, on demand)
PLAYS: dict[int, Play] = {}
# The interned actions of every Play built (the ones legal actions hand out), by id, with their
# Play: apply trusts them without re-parsing the cards. The action is kept in the entry, so its
# id cannot be reused while it is listed. Only play_of writes here, from a valid mask.
ACTION_PLAYS: dict[int, tuple[PlayCards, Play]] = {}


def play_of(mask: int) -> Play | None:
    """The Play for ``mask`` if it is a valid single card or combination, else ``None``."""
    p = PLAYS.get(mask)
    if p is None:
        cards = cards_of(mask)
        if not cards or combination_problem(cards) is not None:
            return None
        p = Play(mask)
        ACTION_PLAYS[id(p.action)] = (p.action, p)
        if p.jersey_action is not None:
            ACTION_PLAYS[id(p.jersey_action)] = (p.jersey_action, p)
        PLAYS[mask] = p
    return p


def _submasks(group: int, min_bits: int) -> list[int]:
    out = []
    sub = group
    while sub:
        if sub.bit_count() >= min_bits:
            out.append(sub)
        sub = (sub - 1) & group
    return out


# SPREAD[row] moves bit k of a 7-bit colour row (number k+1) to bit 7*k
SPREAD: tuple[int, ...] = tuple(sum(1 << (7 * k) for k in range(7) if row >> k & 1) for row in range(128))


class HandPlays:
    """All plays a hand can make, sorted by value, with and without the Jersey."""

    __slots__ = ("plays", "actions", "_values", "_jplays", "_jactions", "lead", "counter_best", "counter_hare")

    def __init__(self, plays: list[Play]):
        self.plays = plays
        self.actions = tuple(map(_play_action, plays))
        self._values: list[int] | None = None
        self._jplays: list[Play] | None = None
        self._jactions: tuple | None = None
        self.lead: Play | None = None  # caches for the bots' policy
        self.counter_best: list | None = None
        self.counter_hare: list | None = None

    @property
    def values(self) -> list[int]:
        """The plays' values, in order (for the bots)."""
        if self._values is None:
            self._values = list(map(_play_value, self.plays))
        return self._values

    @classmethod
    def of_hand(cls, hand: int) -> "HandPlays":
        plays: list[Play] = []
        extend = plays.extend
        transposed = 0
        colour_cache = _COLOUR_CACHE
        for colour in range(7):
            row = (hand >> (7 * colour)) & 127
            if row:
                extend(colour_cache.get((colour << 7) | row) or _colour_plays(colour, row))
                transposed |= SPREAD[row] << colour
        if transposed:
            number_cache = _NUMBER_CACHE
            for number in range(7):
                col = (transposed >> (7 * number)) & 127
                if col & (col - 1):  # at least two cards of this number
                    extend(number_cache.get((number << 7) | col) or _number_plays(number, col))
        hares = hand & HARE_MASK
        while hares:
            low = hares & -hares
            hares ^= low
            plays.append(play_of(low))  # type: ignore[arg-type]
        plays.sort(key=_play_key)
        return cls(plays)

    def beating(self, value: int, jersey: bool) -> tuple:
        """Actions whose value exceeds ``value`` (all of them for value 0), then, if
        ``jersey``, those that exceed it with the Jersey's +10 (never a Hare)."""
        acts = self.actions[bisect_right(self.plays, value, key=_play_value):] if value else self.actions
        if jersey:
            if self._jplays is None:
                self._jplays = [p for p in self.plays if not p.hare]
                self._jactions = tuple(map(_jersey_action, self._jplays))
            jactions = self._jactions
            if value > JERSEY_BONUS:
                jactions = jactions[bisect_right(self._jplays, value - JERSEY_BONUS, key=_play_value):]  # type: ignore[index]
            acts = acts + jactions  # type: ignore[operator]
        return acts


_play_key = attrgetter("key")
_play_value = attrgetter("value")
_play_action = attrgetter("action")
_jersey_action = attrgetter("jersey_action")


_COLOUR_CACHE: dict[int, list[Play]] = {}
_NUMBER_CACHE: dict[int, list[Play]] = {}


def _colour_plays(colour: int, row: int) -> list[Play]:
    key = colour * 128 + row
    got = _COLOUR_CACHE.get(key)
    if got is None:
        got = [play_of(sub << (7 * colour)) for sub in _submasks(row, 1)]  # type: ignore[misc]
        _COLOUR_CACHE[key] = got
    return got


def _number_plays(number: int, col: int) -> list[Play]:
    key = number * 128 + col
    got = _NUMBER_CACHE.get(key)
    if got is None:
        got = []
        for sub in _submasks(col, 2):
            mask = 0
            for colour in range(7):
                if sub >> colour & 1:
                    mask |= 1 << (colour * 7 + number)
            got.append(play_of(mask))
        _NUMBER_CACHE[key] = got
    return got


_HAND_CACHE: dict[int, HandPlays] = {}
_HAND_CACHE_LIMIT = 3_000  # small: a big cache costs more in GC traversals than it saves (callgrind)


def hand_plays(hand: int) -> HandPlays:
    """Memoized :class:`HandPlays` for a hand mask."""
    hp = _HAND_CACHE.get(hand)
    if hp is None:
        if len(_HAND_CACHE) >= _HAND_CACHE_LIMIT:
            _HAND_CACHE.clear()
        hp = HandPlays.of_hand(hand)
        _HAND_CACHE[hand] = hp
    return hp


def note_hand_shrunk(old: int, removed: int) -> None:
    """Derive the plays of ``old & ~removed`` from those of ``old`` (kept sorted), if cached."""
    new = old & ~removed
    if new in _HAND_CACHE:
        return
    hp = _HAND_CACHE.get(old)
    if hp is None:
        return
    if len(_HAND_CACHE) >= _HAND_CACHE_LIMIT:
        _HAND_CACHE.clear()
    _HAND_CACHE[new] = HandPlays([p for p in hp.plays if not p.mask & removed])


def note_hand_grew(old: int, added: int) -> None:
    """Derive the plays of ``old | added`` from those of ``old`` (if cached): the old plays
    plus those holding a new card, merged by value."""
    new = old | added
    if new == old or new in _HAND_CACHE:
        return
    hp = _HAND_CACHE.get(old)
    if hp is None:
        return
    extra: list[Play] = []
    hand = old
    while added:
        low = added & -added
        added ^= low
        hand |= low
        card = low.bit_length() - 1
        if card >= FIRST_HARE:
            extra.append(play_of(low))  # type: ignore[arg-type]
            continue
        colour, number = divmod(card, 7)
        row = (hand >> (7 * colour)) & 127
        extra.extend(p for p in _colour_plays(colour, row) if p.mask & low)
        col = 0
        for c in range(7):
            if hand >> (7 * c + number) & 1:
                col |= 1 << c
        if col & (col - 1):
            extra.extend(p for p in _number_plays(number, col) if p.mask & low)
    # a play holding two new cards was collected twice: keep one
    plays = hp.plays + list({p.mask: p for p in extra}.values())
    plays.sort(key=_play_key)
    if len(_HAND_CACHE) >= _HAND_CACHE_LIMIT:
        _HAND_CACHE.clear()
    _HAND_CACHE[new] = HandPlays(plays)

