"""Small helpers composing the engine's texts as :class:`~game.engine.words.Words`, so the table can say them in
the language in use: a seat's name, a list ("Ann, Bob and Cleo"; "a Go and a Stop"), points ("1,250")."""

from __future__ import annotations

from typing import Sequence

from ...engine.words import Words


def name_of(names: Sequence[str], seat: int) -> str:
    """A seat's name (names are never translated), or "Player 3" when there is none."""
    return names[seat] if 0 <= seat < len(names) else Words("Player {n}", n=seat + 1)


def listing(items: Sequence[object]) -> object:
    """Items set apart by commas: "a, b, c" (each item may be Words, translated in turn)."""
    items = list(items)
    if not items:
        return ""
    out = items[0]
    for item in items[1:]:
        # TRANSLATORS: two items of a list ("Ann, Bob"; "a Go, a Stop")
        out = Words("{a}, {b}", a=out, b=item)
    return out


def joined(items: Sequence[object]) -> object:
    """"a", "a and b", "a, b and c" (names, cards), translated where shown."""
    items = list(items)
    if len(items) <= 1:
        return items[0] if items else ""
    return Words("{names} and {last}", names=listing(items[:-1]), last=items[-1])


def names_of(names: Sequence[str], seats: Sequence[int]) -> object:
    """"Ann", "Ann and Bob": the drivers of a zone."""
    return joined([name_of(names, s) for s in seats])


def amount(value: int) -> object:
    """Points as each language writes them: "1,250" in English, "1 250" in French (the thousands are a field, so
    a catalogue sets them apart its own way); below 1,000 the number itself."""
    if not -1000 < value < 1000:
        if abs(value) >= 1_000_000:
            return f"{value:,}"
        sign = "-" if value < 0 else ""
        # TRANSLATORS: a number of 1,000 or more: thousands, then units (French: "{thousands} {units:03d}" with a
        # narrow no-break space, U+202F)
        return Words("{sign}{thousands},{units:03d}", sign=sign, thousands=abs(value) // 1000,
                     units=abs(value) % 1000)
    return value
