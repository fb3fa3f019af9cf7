"""The words that name Velonimo cards (pure): each Racer card by its colour and animal, alone ("red Bear (3)")
and with its article ("the red Bear (3)"), each Hare, and combinations ("3 red cards", "2 Tigers (5)").

Whole names, one per card, rather than a colour and an animal put together: in French the colour agrees with
the animal ("Vache verte", "Ours vert") and the article too ("la Vache", "l'Ours"), so each name is translated
as a whole. Every name is engine :class:`~game.engine.words.Words`: English where it is stored or compared,
composed again in the language in use where it is shown.
"""

from __future__ import annotations

from ..engine.words import N_, Words

# card id colour * 7 + number - 1 (see cards.py)
_NAMES = (
    N_("red Tortoise (1)"), N_("red Camel (2)"), N_("red Bear (3)"), N_("red Cow (4)"),
    N_("red Tiger (5)"), N_("red Goat (6)"), N_("red Cheetah (7)"),
    N_("orange Tortoise (1)"), N_("orange Camel (2)"), N_("orange Bear (3)"), N_("orange Cow (4)"),
    N_("orange Tiger (5)"), N_("orange Goat (6)"), N_("orange Cheetah (7)"),
    N_("yellow Tortoise (1)"), N_("yellow Camel (2)"), N_("yellow Bear (3)"), N_("yellow Cow (4)"),
    N_("yellow Tiger (5)"), N_("yellow Goat (6)"), N_("yellow Cheetah (7)"),
    N_("green Tortoise (1)"), N_("green Camel (2)"), N_("green Bear (3)"), N_("green Cow (4)"),
    N_("green Tiger (5)"), N_("green Goat (6)"), N_("green Cheetah (7)"),
    N_("blue Tortoise (1)"), N_("blue Camel (2)"), N_("blue Bear (3)"), N_("blue Cow (4)"),
    N_("blue Tiger (5)"), N_("blue Goat (6)"), N_("blue Cheetah (7)"),
    N_("purple Tortoise (1)"), N_("purple Camel (2)"), N_("purple Bear (3)"), N_("purple Cow (4)"),
    N_("purple Tiger (5)"), N_("purple Goat (6)"), N_("purple Cheetah (7)"),
    N_("pink Tortoise (1)"), N_("pink Camel (2)"), N_("pink Bear (3)"), N_("pink Cow (4)"),
    N_("pink Tiger (5)"), N_("pink Goat (6)"), N_("pink Cheetah (7)"),
)

# TRANSLATORS: a card named with its article, in a sentence ("Ann takes the red Bear (3) from Bob")
_THE_NAMES = (
    N_("the red Tortoise (1)"), N_("the red Camel (2)"), N_("the red Bear (3)"), N_("the red Cow (4)"),
    N_("the red Tiger (5)"), N_("the red Goat (6)"), N_("the red Cheetah (7)"),
    N_("the orange Tortoise (1)"), N_("the orange Camel (2)"), N_("the orange Bear (3)"), N_("the orange Cow (4)"),
    N_("the orange Tiger (5)"), N_("the orange Goat (6)"), N_("the orange Cheetah (7)"),
    N_("the yellow Tortoise (1)"), N_("the yellow Camel (2)"), N_("the yellow Bear (3)"), N_("the yellow Cow (4)"),
    N_("the yellow Tiger (5)"), N_("the yellow Goat (6)"), N_("the yellow Cheetah (7)"),
    N_("the green Tortoise (1)"), N_("the green Camel (2)"), N_("the green Bear (3)"), N_("the green Cow (4)"),
    N_("the green Tiger (5)"), N_("the green Goat (6)"), N_("the green Cheetah (7)"),
    N_("the blue Tortoise (1)"), N_("the blue Camel (2)"), N_("the blue Bear (3)"), N_("the blue Cow (4)"),
    N_("the blue Tiger (5)"), N_("the blue Goat (6)"), N_("the blue Cheetah (7)"),
    N_("the purple Tortoise (1)"), N_("the purple Camel (2)"), N_("the purple Bear (3)"), N_("the purple Cow (4)"),
    N_("the purple Tiger (5)"), N_("the purple Goat (6)"), N_("the purple Cheetah (7)"),
    N_("the pink Tortoise (1)"), N_("the pink Camel (2)"), N_("the pink Bear (3)"), N_("the pink Cow (4)"),
    N_("the pink Tiger (5)"), N_("the pink Goat (6)"), N_("the pink Cheetah (7)"),
)

# a combination of cards of one colour ("3 red cards"), by colour
_COLOUR_CARDS = (
    N_("{n} red cards"),
    N_("{n} orange cards"),
    N_("{n} yellow cards"),
    N_("{n} green cards"),
    N_("{n} blue cards"),
    N_("{n} purple cards"),
    N_("{n} pink cards"),
)

# a combination of cards of one number ("2 Tigers (5)"), by number
_SAME_ANIMALS = (
    N_("{n} Tortoises (1)"),
    N_("{n} Camels (2)"),
    N_("{n} Bears (3)"),
    N_("{n} Cows (4)"),
    N_("{n} Tigers (5)"),
    N_("{n} Goats (6)"),
    N_("{n} Cheetahs (7)"),
)

ANIMAL_WORDS = (N_("Tortoise"), N_("Camel"), N_("Bear"), N_("Cow"), N_("Tiger"), N_("Goat"), N_("Cheetah"))  # 1..7
HARE_WORD = N_("Hare")

NAMES: tuple[Words, ...] = tuple(Words(name) for name in _NAMES)
THE_NAMES: tuple[Words, ...] = tuple(Words(name) for name in _THE_NAMES)


def hare_name(value: int) -> Words:
    return Words("Hare ({n})", n=value)


def the_hare_name(value: int) -> Words:
    return Words("the Hare ({n})", n=value)


def colour_cards(colour: int, n: int) -> Words:
    """"3 red cards" (a combination is 2 cards or more)."""
    return Words(_COLOUR_CARDS[colour], n=n)


def same_animals(number: int, n: int) -> Words:
    """"2 Tigers (5)": ``n`` cards of the number ``number`` (1..7)."""
    return Words(_SAME_ANIMALS[number - 1], n=n)
