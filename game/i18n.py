"""The app's language: gettext catalogues, the current language, the system's choice, numbers in each language.

Strings are written once, in English, in the code and marked for translation: ``_("Done")`` where the text is
composed (at draw time, so that a change of language shows at once), ``N_("Done")`` where a constant only marks
it (a widget's label, a table of choices: the widget translates it when it draws), ``ngettext(one, many, n)``
for plurals. Babel extracts the marked strings into one template per domain (``game/locale/<domain>.pot``: the
shared words, then each game's) and compiles each language's ``.po`` into the ``.mo`` that ships (``python -m tools.i18n``; tests/test_i18n.py fails when either is out of
date). A missing catalogue or entry shows the English text: nothing breaks.

The engines stay pure and do not call this module: an event carries its data, and the text shown is composed
from it in the chosen language. Saves never hold words, so a match saved in French resumes in English.
"""

from __future__ import annotations

import gettext
import locale
import os
import re
import sys
from pathlib import Path
from typing import Callable, Mapping

DOMAIN = "velotheque"  # the shared words: menu, setup, settings, the tables' common parts
GAME_DOMAINS = ("velonimo", "veldiv", "alameda", "millebornes", "velomaster")  # each game's own words
DOMAINS = (DOMAIN, *GAME_DOMAINS)
LANGUAGES = {"en": "English", "fr": "Français"}  # code -> its own name (what the setting shows)
DEFAULT = "en"


def locale_dir() -> Path:
    """Where the compiled catalogues are: ``game/locale`` from source, its copy inside a packaged app."""
    base = Path(getattr(sys, "_MEIPASS", Path(__file__).resolve().parent.parent))
    return base / "game" / "locale"


class _State:
    code = DEFAULT
    catalogue: gettext.NullTranslations = gettext.NullTranslations()
    listeners: list[Callable[[str], None]] = []


def set_language(code: str, catalogue: gettext.NullTranslations | None = None) -> str:
    """Use ``code``'s catalogue from now on ("en", "fr"; an unknown code is English) and return the code in use.
    ``catalogue``: a catalogue to use instead of the shipped one (the tests' pseudo-language)."""
    if catalogue is None:
        code = code if code in LANGUAGES else DEFAULT
        catalogue = gettext.NullTranslations()
        if code != DEFAULT:  # the shared catalogue, then each game's: a string is looked up in each in turn
            catalogue = gettext.translation(DOMAIN, locale_dir(), [code], fallback=True)
            for domain in GAME_DOMAINS:
                catalogue.add_fallback(gettext.translation(domain, locale_dir(), [code], fallback=True))
    _State.code, _State.catalogue = code, catalogue
    for listener in list(_State.listeners):
        listener(code)
    return code


def language() -> str:
    """The code of the language in use."""
    return _State.code


def on_change(listener: Callable[[str], None]) -> None:
    """Call ``listener(code)`` after each change of language (caches of drawn words clear themselves)."""
    _State.listeners.append(listener)


def _(message: str) -> str:
    """``message`` (English) in the language in use; itself when there is no translation."""
    return _State.catalogue.gettext(message) if message else message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for ``n`` in the language in use (French: 0 and 1 take the singular)."""
    return _State.catalogue.ngettext(singular, plural, n)


class InContext(str):
    """English words that mean different things in different places ("Normal": a speed, a bot's level), marked
    with the place (``C_("speed", "Normal")``) so each language may say them differently; ``tr`` looks them up
    with their context."""

    context: str


def C_(context: str, message: str) -> InContext:
    """Mark ``message`` for translation in ``context`` without translating it now (see :class:`InContext`)."""
    text = InContext(message)
    text.context = context
    return text


def tr(text: object) -> str:
    """Any text for the screen in the language in use: engine :class:`~game.engine.words.Words` composed again
    from their template (their fields translated in turn), a plain string looked up in the catalogue (English
    marked with ``N_`` where it was made), anything else as ``str``."""
    from .engine.words import Words

    if isinstance(text, Words):
        fields = {k: tr(v) if isinstance(v, Words) else v for k, v in text.fields.items()}  # names stay
        if text.plural_template is not None and text.count is not None:
            return fill(_State.catalogue.ngettext(text.template, text.plural_template, text.count), **fields)
        return fill(_(text.template), **fields) if fields else _(text.template)
    if isinstance(text, InContext):
        return _State.catalogue.pgettext(text.context, str(text))
    return _(text) if isinstance(text, str) else str(text)


_ELIDED = re.compile(r"\b(de|De|que|Que) \{(\w+)\}")
_VOWELS = "AEIOUÀÂÄÉÈÊËÎÏÔÖÛÜÙaeiouàâäéèêëîïôöûüù"


def elided(word: str, name: str) -> str:
    """``word`` ("de", "que") before ``name`` as French writes it: "d'Ann", "qu'Eddy", "de Bob" (the elision
    before a vowel); any other language, or a name not starting with a vowel: "de Bob", unchanged."""
    if _State.code == "fr" and name[:1] in _VOWELS:
        return f"{word[:-1]}'{name}"
    return f"{word} {name}"


def fill(message: str, **fields: object) -> str:
    """``message.format(**fields)`` (``message`` already translated), with French's elision where a field follows
    "de" or "que": "le leader de {player}" gives "le leader d'Ann" and "le leader de Bob". Only the word before
    the field changes, never the name itself ("Lucas de Oliveira" stays as its player wrote it)."""
    if _State.code == "fr" and ("de {" in message or "que {" in message or "De {" in message
                                or "Que {" in message):
        def elide(match: re.Match) -> str:
            value = fields.get(match.group(2))
            if value is None or not str(value)[:1] or str(value)[:1] not in _VOWELS:
                return match.group(0)
            return f"{match.group(1)[:-1]}'{{{match.group(2)}}}"

        message = _ELIDED.sub(elide, message)
    return message.format(**fields)


def fill_seats(message: str, names) -> str:
    """``message.format(*names)`` (``message`` already translated; its seats written "{0}", "{2}", as an engine's
    result details name them), with French's elision before a seat's name as :func:`fill` makes it: "le leader
    de {0}" gives "le leader d'Ann" and "le leader de Bob"."""
    names = list(names)
    if _State.code == "fr" and ("de {" in message or "que {" in message or "De {" in message
                                or "Que {" in message):
        def elide(match: re.Match) -> str:
            seat = match.group(2)
            name = names[int(seat)] if seat.isdigit() and int(seat) < len(names) else ""
            if str(name)[:1] not in _VOWELS or not str(name)[:1]:
                return match.group(0)
            return f"{match.group(1)[:-1]}'{{{seat}}}"

        message = _ELIDED.sub(elide, message)
    return message.format(*names)


def capital(text: str) -> str:
    """``text`` with its first letter a capital, the rest as it is (``str.capitalize`` would lower "Ann", "Accélération"):
    a sentence that starts with a rider's words ("L'équipier gris d'Ann…")."""
    return text[:1].upper() + text[1:]


def join_names(names) -> str:
    """"Ann", "Ann and Bob", "Ann, Bob and Cleo" ("Ann, Bob et Cleo")."""
    names = list(names)
    if len(names) <= 1:
        return names[0] if names else ""
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def N_(message: str) -> str:
    """Mark ``message`` for translation without translating it now (it is translated where it is drawn)."""
    return message


def system_language(environ: Mapping[str, str] | None = None,
                    system_locale: Callable[[], tuple[str | None, str | None]] = locale.getlocale) -> str:
    """The language a first launch follows: French when the system's locale is French (``fr_FR``, ``fr_CA``,
    Windows' ``French_France``…), English otherwise. The variables gettext reads come first, then the
    process's locale."""
    environ = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value and value not in ("C", "POSIX") and not value.startswith("C."):
            first = value.split(":")[0].lower()
            return "fr" if first.startswith("fr") else DEFAULT
    try:
        name = system_locale()[0] or ""
    except (ValueError, TypeError):
        name = ""
    return "fr" if name.lower().startswith("fr") else DEFAULT


def number(value: int | float, decimals: int = 0) -> str:
    """A number as the language writes it: "1,250" and "2.5" in English, "1 250" and "2,5" in French (the
    thousands set apart by a narrow no-break space)."""
    text = f"{value:,.{decimals}f}"
    if _State.code == "fr":
        text = text.replace(",", "\u202f").replace(".", ",")
    return text


def figure(value: int | float) -> str:
    """A score or a chart's figure as the language writes it: a whole number through :func:`number` ("1,500",
    "1 500"), a fraction with the decimals it has, three at most ("2.5", "2,5")."""
    if float(value).is_integer():
        return number(int(value))
    decimals = len(f"{value:.3f}".rstrip("0").split(".")[1])
    return number(value, decimals)
