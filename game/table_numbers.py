"""The numbers each table must draw, read from the engine's view (for the table run, :mod:`game.tablerun`).

A table draws its score panel's numbers with a tag (``theme.blit_text(..., tag=("total", seat))``); the text
audit keeps, frame by frame, what each tag showed. Here, per game, is what the view says each tag must show.
While the table animates a move, it may still show the position before it (a score counts up after the card
lands): the numbers must then be those of the view before the move or after it, never anything else.

A new game gets the check by tagging its numbers and adding a function here; without one it is skipped.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from . import i18n

Expect = Callable[[Any], dict[Any, str]]  # a view -> tag -> the text the table must show


def _velonimo(view) -> dict[Any, str]:
    return {("total", seat): str(total) for seat, total in enumerate(view.totals)}


def _alameda(view) -> dict[Any, str]:
    return {("points", seat): str(points) for seat, points in enumerate(view.points)}


def _millebornes(view) -> dict[Any, str]:
    expected: dict[Any, str] = {}
    for zone, z in enumerate(view.zones):
        expected[("total", zone)] = i18n.number(view.totals[zone] if view.totals else 0)  # "1,100" / "1 100"
        expected[("miles", zone)] = i18n.tr("{miles} mi").format(miles=i18n.number(z.miles))  # the game's own words
    return expected


def _veldiv(view) -> dict[Any, str]:
    expected: dict[Any, str] = {}
    for seat in range(view.players):
        if view.points:
            expected[("points", seat)] = str(view.points[seat])
        laps = [r.laps for r in view.riders if r.seat == seat]
        expected[("laps", seat)] = str(min(laps) if laps else 0)
    return expected


def _velomaster(view) -> dict[Any, str]:
    """The race table's side panels: each seat's leader's place, the climbers' points, the finishers' times and,
    at Pro with the condition played, each rider's condition (the viewer's own riders exact, the others' public
    figure: what ``view`` holds)."""
    def clock(seconds: int) -> str:  # written here again, as cycling results write it: a check of the table's own
        h, rest = divmod(seconds, 3600)
        m, s = divmod(rest, 60)
        return f"{h}h{m:02d}'{s:02d}" if h else f"{m}'{s:02d}"

    from .velomaster.race_panel import points_words, where_words

    expected: dict[Any, str] = {}
    for r in view.riders:
        expected[("points", r.id)] = points_words(sum(r.points))  # "1 pt", "2 pts" (the language's plural)
        if r.id in view.finish_order and r.time >= 0:
            expected[("time", r.id)] = clock(r.time)
        if "condition" in view.pro and r.status != "abandoned":
            expected[("condition", r.id)] = str(r.condition)
    for seat in range(view.players):
        leader = next((r for r in view.riders if r.seat == seat and r.role == "leader"), None)
        if leader is not None:
            expected[("where", seat)] = where_words(leader)  # "row 4", "finished"… in the language in use
    return expected


EXPECTED: dict[str, Expect] = {
    "velonimo": _velonimo,
    "alameda": _alameda,
    "millebornes": _millebornes,
    "veldiv": _veldiv,
    "velomaster": _velomaster,
}


def compare(expect: Expect, views: Iterable[Any], tagged: dict[Any, list[str]]) -> list[str]:
    """What is wrong with the ``tagged`` texts of a frame, given the views it may show (after, and while
    animating, before the last move)."""
    options = [expect(view) for view in views]
    complaints = []
    for tag, texts in tagged.items():
        wanted = [o[tag] for o in options if tag in o]
        if not wanted:
            continue  # a number this check does not know (drawn, not compared)
        for text in texts:
            if not any(text == w or text.startswith(w + " ") for w in wanted):
                complaints.append(f"{tag} is drawn as {text!r} where the engine says {wanted[0]!r}")
    return complaints


def checker(game_id: str) -> Callable[[Any, dict[Any, list[str]]], list[str]] | None:
    """The table run's check of the numbers drawn for ``game_id`` (``None``: the game has none yet)."""
    expect = EXPECTED.get(game_id)
    if expect is None:
        return None

    def check(table, tagged: dict[Any, list[str]]) -> list[str]:
        match = table.match
        views = [table.view()]
        if table.busy() and len(match.states) > 1:
            views.append(match.states[-2].view(table.viewer))
        return compare(expect, views, tagged)

    return check
