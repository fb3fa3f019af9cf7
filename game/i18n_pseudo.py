"""The pseudo-language that finds English left on screen (tests and ``simulate --tables --language pseudo``).

Every string of the catalogue template comes back with its vowels accented ("Séttíngs", its ``{fields}``
intact), so a word drawn in plain English (three letters or more, an unaccented vowel) did not go through the
catalogue: a string never marked, composed from English pieces, or an engine's text that is not
:class:`~game.engine.words.Words`. Names (players, games, places) are the exceptions a caller lists.
"""

from __future__ import annotations

import gettext
import re
from typing import Iterable

CODE = "pseudo"
ALWAYS_NAMES = frozenset({"Velonimo", "Jeu du Veldiv", "Veldiv", "Tour of Alameda", "Alameda", "Mille Bornes",
                          "VeloMaster", "English", "Français", "Vélothèque",
                          "Maillot Or", "Maillot Rouge"})  # the rulebook's jerseys: names in every language
_ACCENTS = str.maketrans("aeiouAEIOU", "áéíóúÁÉÍÓÚ")


def accent(text: str) -> str:
    """``text`` with its vowels accented, its ``{fields}`` left as they are."""
    return "".join(part if part.startswith("{") else part.translate(_ACCENTS)
                   for part in re.split(r"(\{[^}]*\})", text))


class Pseudo(gettext.NullTranslations):
    """A catalogue translating exactly the strings of the template (``known``) into their accented form."""

    def __init__(self, known: Iterable[str]):
        super().__init__()
        self.known = set(known)

    def gettext(self, message):
        return accent(message) if message in self.known else message

    def ngettext(self, singular, plural, n):
        return self.gettext(singular if n == 1 else plural)

    def pgettext(self, context, message):
        return self.gettext(message)


def template_strings() -> set[str]:
    """Every singular and plural string of the catalogue templates (game/locale/<domain>.pot)."""
    from babel.messages.pofile import read_po

    from .i18n import DOMAINS, locale_dir

    out: set[str] = set()
    for domain in DOMAINS:
        with (locale_dir() / f"{domain}.pot").open("rb") as f:
            catalog = read_po(f)
        for message in catalog:
            if message.id:
                out.update(message.id if isinstance(message.id, tuple) else (message.id,))
    return out


def use_pseudo() -> None:
    """Switch the app to the pseudo-language."""
    from . import i18n

    i18n.set_language(CODE, Pseudo(template_strings()))


def english_left(texts: Iterable[str], names: Iterable[str] = ()) -> list[str]:
    """The texts holding a plain-English word that is not one of the ``names``: words the catalogue never saw."""
    out = []
    known = sorted(set(names) | ALWAYS_NAMES, key=len, reverse=True)
    for text in texts:
        rest = text
        for name in known:  # as written, or in capitals ("ONLY ANN SEES THIS")
            rest = re.sub(re.escape(name), "", rest, flags=re.IGNORECASE)
        if any(re.search(r"[aeiouAEIOU]", word) for word in re.findall(r"[A-Za-z]{3,}", rest)):
            out.append(text)
    return out
