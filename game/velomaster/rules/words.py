"""VeloMaster's words in the engine (pure): riders, bibs, places and dice as engine Words, so the table
composes the log again in the language in use (English unchanged: a Words is its English text)."""

from __future__ import annotations

from typing import Sequence

from ...engine.words import N_, Words, ordinal

# the bibs' colours and the roles, marked for the catalogue (the engine keeps the English keys)
BIB_WORDS = {"yellow": N_("yellow"), "grey": N_("grey"), "green": N_("green"), "violet": N_("violet"),
             "red": N_("red"), "blue": N_("blue"), "white": N_("white"), "black": N_("black")}
ROLE_WORDS = {"leader": N_("leader"), "equipier": N_("team-mate")}


def bib_word(bib: str) -> str:
    return Words(bib) if bib in BIB_WORDS else bib


def role_word(role: str) -> str:
    return Words(ROLE_WORDS[role]) if role in ROLE_WORDS else role


def name_of(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else Words("Team {n}", n=seat + 1)


def bike_words(bike: str) -> str:
    """Setup.bikes' English ("neutral grey bike", "grey team-mate") as Words."""
    parts = bike.split(" ")
    if len(parts) == 3 and parts[0] == "neutral" and parts[2] == "bike":
        return Words("neutral {bib} bike", bib=bib_word(parts[1]))
    if len(parts) == 2 and parts[1] == "team-mate":
        return Words("{bib} team-mate", bib=bib_word(parts[0]))
    return bike


def who(names: Sequence[str], seat: int, role: str, bike: str = "", start: bool = False) -> str:
    """"Ann's leader", "Ann's grey team-mate", "the neutral grey bike" (``start``: at a sentence's start,
    "The neutral grey bike"; French puts an article first there too)."""
    if bike.startswith("neutral"):
        if start:
            return Words("The {bike}", bike=bike_words(bike))
        return Words("the {bike}", bike=bike_words(bike))
    rider = bike_words(bike) if bike else role_word(role)
    if role != "leader":  # a team-mate: French elides its article ("l'équipier gris de Bob")
        if start:
            # TRANSLATORS: a team-mate at the start of a sentence: "Ann's grey team-mate"
            return Words("{owner}'s {mate}", owner=name_of(names, seat), mate=rider)
        return Words("{player}'s {mate}", player=name_of(names, seat), mate=rider)
    if start:  # the same English; French: "Le leader de Ann"
        # TRANSLATORS: at the start of a sentence: "Ann's leader"
        return Words("{owner}'s {rider}", owner=name_of(names, seat), rider=rider)
    return Words("{player}'s {rider}", player=name_of(names, seat), rider=rider)


def place(n: int) -> Words:
    """"1st", "2nd", "23rd"… as words ("1er", "2e", "23e" in French)."""
    if n == 1:
        return Words("1st")
    suffix = ordinal(n)[-2:]
    if suffix == "st":
        return Words("{n}st", n=n)
    if suffix == "nd":
        return Words("{n}nd", n=n)
    if suffix == "rd":
        return Words("{n}rd", n=n)
    return Words("{n}th", n=n)


def joined(items: Sequence[str]) -> str:
    """"6", "6 and 5", "1, 4, 4, 6 and 4" as Words ("6 et 5")."""
    items = [str(i) if not isinstance(i, str) else i for i in items]
    if len(items) <= 1:
        return items[0] if items else ""
    text = items[0]
    for item in items[1:-1]:
        text = Words("{names}, {name}", names=text, name=item)
    return Words("{names} and {last}", names=text, last=items[-1])
