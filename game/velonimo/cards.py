"""Velonimo cards as small ints, hands as bitmasks, and precomputed plays (pure).

Card ids
    0..48   Racer cards: ``colour * 7 + (number - 1)``, colour 0..6, number 1..7
    49..54  Hares (Breakaway Specialists): values 25, 30, 35, 40, 45, 50

A hand (or any set of cards) is an int bitmask: bit ``c`` set = card ``c`` held.
A *play* is a single card or a valid combination; it is identified by its mask.
"""

from __future__ import annotations

from bisect import bisect_right
from operator import attrgetter, getitem
from typing import Any, Iterable, Sequence

COLOURS: tuple[str, ...] = ("red", "orange", "yellow", "green", "blue", "purple", "pink")
ANIMALS: tuple[str, ...] = ("Tortoise", "Camel", "Bear", "Cow", "Tiger", "Goat", "Cheetah")  # numbers 1..7
HARE_VALUES: tuple[int, ...] = (25, 30, 35, 40, 45, 50)

N_RACERS = 49
FIRST_HARE = 49
N_CARDS = 55
ALL_CARDS = (1 << N_CARDS) - 1
HARE_MASK = ((1 << 6) - 1) << FIRST_HARE
TORTOISE_MASK = sum(1 << (c * 7) for c in range(7))  # number 1 of every colour
CAMEL_MASK = TORTOISE_MASK << 1  # number 2 of every colour
HAND_SIZE = 11

JERSEY_BONUS = 10


def card_id(colour: int, number: int) -> int:
    """The id of the Racer card of ``colour`` (0..6) and ``number`` (1..7)."""
    return colour * 7 + number - 1


def hare_id(value: int) -> int:
    return FIRST_HARE + HARE_VALUES.index(value)


def is_hare(card: int) -> bool:
    return card >= FIRST_HARE


def card_number(card: int) -> int:
    """The number printed on the card: 1..7 for Racers, 25..50 for Hares."""
    return CARD_NUMBER[card]


def card_colour(card: int) -> int:
    """Colour index 0..6, or -1 for a Hare."""
    return -1 if card >= FIRST_HARE else card // 7


def card_token(card: int) -> str:
    """The string a card is shown as in views and saves: ``red-3``, ``hare-35``."""
    return TOKENS[card]


def card_from_token(token: str) -> int:
    try:
        return _TOKEN_INDEX[token]
    except KeyError:
        raise ValueError(f"not a Velonimo card: {token!r}") from None


def card_name(card: int) -> str:
    """A player-facing name: ``red Bear (3)``, ``Hare (35)``."""
    if card >= FIRST_HARE:
        return f"Hare ({CARD_NUMBER[card]})"
    return f"{COLOURS[card // 7]} {ANIMALS[card % 7]} ({card % 7 + 1})"


TOKENS: tuple[str, ...] = tuple(
    [f"{COLOURS[c // 7]}-{c % 7 + 1}" for c in range(N_RACERS)] + [f"hare-{v}" for v in HARE_VALUES]
)
_TOKEN_INDEX = {t: i for i, t in enumerate(TOKENS)}
CARD_NUMBER: tuple[int, ...] = tuple([c % 7 + 1 for c in range(N_RACERS)] + list(HARE_VALUES))


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


_MASK_BYTES = (N_CARDS + 7) // 8
# _BYTE_CARDS[k][b]: the card ids of byte k of a mask whose value is b
_BYTE_CARDS = tuple(tuple(tuple(8 * k + i for i in range(8) if b >> i & 1) for b in range(256))
                    for k in range(_MASK_BYTES))


def cards_of(mask: int) -> tuple[int, ...]:
    """Card ids of a mask, increasing (a byte at a time: piles and hands hold up to 55 cards)."""
    return sum(map(getitem, _BYTE_CARDS, mask.to_bytes(_MASK_BYTES, "little")), ())


# --------------------------------------------------------------------------- combinations


def combination_problem(cards: Sequence[int], jersey: bool = False) -> str | None:
    """``None`` if ``cards`` form a single card or a valid combination (and the Jersey may
    go with them), else why not, in player-facing words. Ownership/timing is not checked."""
    if not cards:
        return "Choose at least one card"
    if len(set(cards)) != len(cards) or any(not 0 <= c < N_CARDS for c in cards):
        return "Those are not distinct Velonimo cards"
    if len(cards) > 1:
        if any(c >= FIRST_HARE for c in cards):
            return "Hares cannot be combined"
        colours = {c // 7 for c in cards}
        numbers = {c % 7 for c in cards}
        if len(colours) != 1 and len(numbers) != 1:
            return "Cards of a combination must share a colour or a number"
    if jersey and any(c >= FIRST_HARE for c in cards):
        return "The Jersey cannot be used with a Hare"
    return None


def combination_value(cards: Sequence[int], jersey: bool = False) -> int | None:
    """The value of a card or combination: 10 per card + the lowest card (a single card: its
    number), +10 with the Jersey. ``None`` if the cards are not a valid play."""
    if combination_problem(cards, jersey) is not None:
        return None
    if len(cards) == 1:
        value = CARD_NUMBER[cards[0]]
    else:
        value = 10 * len(cards) + min(CARD_NUMBER[c] for c in cards)
    return value + (JERSEY_BONUS if jersey else 0)


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
        self.action = None  # filled by rules (PlayCards), to keep this module action-free
        self.jersey_action = None


# every valid play, by mask (built lazily, on demand)
PLAYS: dict[int, Play] = {}
_make_action = None  # set by rules: (cards, jersey) -> PlayCards
# The actions made by _make_action (the ones legal actions hand out), by id, with their Play:
# apply trusts them without re-parsing the cards. The action is kept in the entry, so its id
# cannot be reused while it is listed.
ACTION_PLAYS: dict[int, tuple[Any, Play]] = {}


def play_of(mask: int) -> Play | None:
    """The Play for ``mask`` if it is a valid single card or combination, else ``None``."""
    p = PLAYS.get(mask)
    if p is None:
        cards = cards_of(mask)
        if not cards or combination_problem(cards) is not None:
            return None
        p = Play(mask)
        if _make_action is not None:
            p.action = _make_action(p.cards, False)
            ACTION_PLAYS[id(p.action)] = (p.action, p)
            if not p.hare:
                p.jersey_action = _make_action(p.cards, True)
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


def describe_play(cards: Sequence[int]) -> str:
    """``the red Bear (3)``, ``3 red cards``, ``2 Tigers (5)``, ``the Hare (35)``."""
    if len(cards) == 1:
        return "the " + card_name(cards[0])
    colours = {c // 7 for c in cards}
    if len(colours) == 1:
        return f"{len(cards)} {COLOURS[cards[0] // 7]} cards"
    number = cards[0] % 7
    return f"{len(cards)} {ANIMALS[number]}s ({number + 1})"


def reset_caches() -> None:
    PLAYS.clear()
    ACTION_PLAYS.clear()
    _COLOUR_CACHE.clear()
    _NUMBER_CACHE.clear()
    _HAND_CACHE.clear()
