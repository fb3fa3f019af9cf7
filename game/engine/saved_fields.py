"""Reading the fields of a saved state (pure): exact JSON types and ranges, plain-words messages.

A save is outside data: ``state_from_dict`` of each game reads it through :class:`SavedFields`, so a
wrong field is named (``"turn" must be a whole number from 0 to 3, not 7``) instead of surfacing later
as a crash or a wrong move. ``int`` means a JSON integer, never ``true``/``false`` nor ``2.0``. Every
problem raises ValueError; the game then checks its own consistency rules on the values read.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

MAX_ITEMS = 10_000  # no saved list of any game is longer
MAX_INT = 1 << 64  # no unbounded saved number (points, distances, turns) comes near it


def shown(value: Any) -> str:
    """A value as a message quotes it (cut short)."""
    text = repr(value)
    return text if len(text) <= 40 else text[:40] + "…"


def _range_words(lo: int | None, hi: int | None) -> str:
    if lo is not None and hi is not None:
        return f" from {lo} to {hi}"
    if lo is not None:
        return f" of at least {lo}"
    if hi is not None:
        return f" of at most {hi}"
    return ""


def check_int(value: Any, where: str, lo: int | None = None, hi: int | None = None) -> int:
    """``value`` if it is an int (not a bool) within ``lo``..``hi`` (inclusive), else ValueError."""
    if type(value) is not int or (lo is not None and value < lo) or (hi is not None and value > hi):
        raise ValueError(f"{where} must be a whole number{_range_words(lo, hi)}, not {shown(value)}")
    return value


def check_list(value: Any, where: str, length: int | None = None) -> list:
    if type(value) is not list:
        raise ValueError(f"{where} must be a list, not {shown(value)}")
    if length is not None and len(value) != length:
        raise ValueError(f"{where} must have {length} items, not {len(value)}")
    if len(value) > MAX_ITEMS:
        raise ValueError(f"{where} has too many items ({len(value)})")
    return value


class SavedFields:
    """The fields of one saved state, read with exact types (see the module docstring)."""

    def __init__(self, data: Mapping[str, Any], what: str = "the saved state"):
        if not isinstance(data, Mapping):
            raise ValueError(f"{what} must be an object, not {shown(data)}")
        self.data = data
        self.what = what

    def get(self, key: str) -> Any:
        try:
            return self.data[key]
        except KeyError:
            raise ValueError(f"{self.what} has no {key!r}") from None

    def number(self, key: str, lo: int | None = None, hi: int | None = None) -> int:
        return check_int(self.get(key), repr(key), lo, hi)

    def flag(self, key: str) -> bool:
        value = self.get(key)
        if type(value) is not bool:
            raise ValueError(f"{key!r} must be true or false, not {shown(value)}")
        return value

    def text(self, key: str, choices: Sequence[str] | None = None, longest: int = 200) -> str:
        value = self.get(key)
        if type(value) is not str or len(value) > longest:
            raise ValueError(f"{key!r} must be a text, not {shown(value)}")
        if choices is not None and value not in choices:
            raise ValueError(f"{key!r} must be one of {', '.join(map(repr, choices))}, not {shown(value)}")
        return value

    def choice(self, key: str, names: Sequence[str]) -> int:
        """The index in ``names`` of the text saved under ``key``."""
        return list(names).index(self.text(key, names))

    def numbers(self, key: str, lo: int | None = None, hi: int | None = None,
                length: int | None = None) -> tuple[int, ...]:
        """A list of ints, each within ``lo``..``hi``, of ``length`` items when given."""
        return _numbers(check_list(self.get(key), repr(key), length), repr(key), lo, hi)

    def rows(self, key: str, lo: int | None = None, hi: int | None = None, length: int | None = None,
             row_length: int | None = None) -> tuple[tuple[int, ...], ...]:
        """A list of lists of ints (``length`` rows of ``row_length`` items when given)."""
        rows = check_list(self.get(key), repr(key), length)
        return tuple(_numbers(check_list(row, f"{key!r} row {i + 1}", row_length), f"{key!r} row {i + 1}", lo, hi)
                     for i, row in enumerate(rows))


def _numbers(items: list, where: str, lo: int | None, hi: int | None) -> tuple[int, ...]:
    low = -MAX_INT if lo is None else lo
    high = MAX_INT if hi is None else hi
    for v in items:  # the common case without building a message per item
        if type(v) is not int or not low <= v <= high:
            break
    else:
        return tuple(items)
    return tuple(check_int(v, f"{where} item {i + 1}", lo, hi) for i, v in enumerate(items))
