"""Small pure helpers for the texts engines write (log lines, result details)."""

from __future__ import annotations

from typing import Sequence


def N_(message: str) -> str:
    """Mark an engine's words for translation (Babel extracts them; game.i18n translates them where they are
    shown). An identity: engines stay pure and never translate."""
    return message


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
