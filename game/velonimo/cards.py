"""Velonimo cards as small ints, hands as bitmasks, and what makes a valid play (pure).

Card ids
    0..48   Racer cards: ``colour * 7 + (number - 1)``, colour 0..6, number 1..7
    49..54  Hares (Breakaway Specialists): values 25, 30, 35, 40, 45, 50

A hand (or any set of cards) is an int bitmask: bit ``c`` set = card ``c`` held.
A *play* is a single card or a valid combination; the precomputed plays of a hand live in
:mod:`game.velonimo.rules.plays`, next to the action type.
"""

from __future__ import annotations

from operator import getitem
from typing import Iterable, Sequence

from ..engine.words import N_, Words
from .card_names import NAMES, THE_NAMES, colour_cards, hare_name, same_animals, the_hare_name

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


def card_name(card: int) -> Words:
    """A player-facing name: ``red Bear (3)``, ``Hare (35)`` (engine Words: shown in the language in use)."""
    if card >= FIRST_HARE:
        return hare_name(CARD_NUMBER[card])
    return NAMES[card]


def the_card_name(card: int) -> Words:
    """A card named with its article, for a sentence: ``the red Bear (3)``, ``the Hare (35)``."""
    if card >= FIRST_HARE:
        return the_hare_name(CARD_NUMBER[card])
    return THE_NAMES[card]


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
        return N_("Choose at least one card")
    if len(set(cards)) != len(cards) or any(not 0 <= c < N_CARDS for c in cards):
        return N_("Those are not distinct Velonimo cards")
    if len(cards) > 1:
        if any(c >= FIRST_HARE for c in cards):
            return N_("Hares cannot be combined")
        colours = {c // 7 for c in cards}
        numbers = {c % 7 for c in cards}
        if len(colours) != 1 and len(numbers) != 1:
            return N_("Cards of a combination must share a colour or a number")
    if jersey and any(c >= FIRST_HARE for c in cards):
        return N_("The Jersey cannot be used with a Hare")
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


def describe_play(cards: Sequence[int]) -> Words:
    """``the red Bear (3)``, ``3 red cards``, ``2 Tigers (5)``, ``the Hare (35)`` (engine Words)."""
    if len(cards) == 1:
        return the_card_name(cards[0])
    colours = {c // 7 for c in cards}
    if len(colours) == 1:
        return colour_cards(cards[0] // 7, len(cards))
    return same_animals(cards[0] % 7 + 1, len(cards))
