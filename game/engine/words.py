"""Small pure helpers for the texts engines write (log lines, result details)."""

from __future__ import annotations

from typing import Sequence


def N_(message: str) -> str:
    """Mark an engine's words for translation (Babel extracts them; game.i18n translates them where they are
    shown). An identity: engines stay pure and never translate."""
    return message


class Words(str):
    """Words an engine composed: the English text itself (a ``str``: logs, tests and saves see plain English) that
    also remembers how it was made, an English template marked for translation and its fields, so the table can
    compose it again in the language in use (``game.i18n.tr``). Fields may be Words themselves.

    ``Words("{player} throws {n}.", player="Ann", n=5)``; with a plural, ``Words.plural("{n} token", "{n}
    tokens", n)``. The template is extracted by Babel like ``N_`` (tools/i18n.py knows both)."""

    template: str
    plural_template: str | None
    count: int | None
    fields: dict[str, object]

    def __new__(cls, template: str, **fields: object) -> "Words":
        text = super().__new__(cls, template.format(**fields) if fields else template)
        text.template, text.plural_template, text.count, text.fields = template, None, None, fields
        return text

    @classmethod
    def plural(cls, one: str, many: str, n: int, **fields: object) -> "Words":
        """The English form for ``n`` (``one`` when n is 1), remembering both forms: languages differ on which
        numbers take which form (French: 0 and 1 take the singular)."""
        text = cls(one if n == 1 else many, n=n, **fields)
        text.template, text.plural_template, text.count = one, many, n
        return text

    def __reduce__(self):  # copies and pickles keep the recipe
        return (_rebuild, (self.template, self.plural_template, self.count, self.fields))


def _rebuild(template: str, plural_template: str | None, count: int | None, fields: dict) -> Words:
    if plural_template is not None and count is not None:
        return Words.plural(template, plural_template, count, **{k: v for k, v in fields.items() if k != "n"})
    return Words(template, **fields)


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st…"""
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def seat_ref(seat: int) -> str:
    """A placeholder for a seat's name in ``Result.details`` ("{2}"), filled by the results screen."""
    return "{" + str(seat) + "}"


def count_words(n: int, one: str, many: str | None = None) -> str:
    """"1 Premier token", "3 Premier tokens": the number and the noun in its form (``many``: one + "s")."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def join_names(names: Sequence[str]) -> str:
    """"Ann", "Ann and Bob", "Ann, Bob and Cleo"."""
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1] if names else ""
