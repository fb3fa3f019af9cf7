"""Veldiv at normal speed, a computer player's throw as a human at the table watches it: the throw shown is told as
its thrower's (the prompt, the turn marks) and its points reach the panel once its rider has crossed the line."""

from __future__ import annotations

import pytest

from game.engine.match import Match, Seat
from game.ui import text_audit, theme
from game.ui.scenes_registry import TABLES

from .ui_helpers import frames, make_app
from .veldiv_support import race


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    text_audit.enable()  # before the app makes its canvas
    try:
        yield make_app("normal")
    finally:
        text_audit.disable()


def bots_throw_watched(app):
    """P1 (a bot) one space short of the line throws a 3 and is first across (points), P2 (a bot) plays next,
    P3 is the human. Every frame of P1's throw until its move has landed: the prompt and the panel's points."""
    entry = TABLES["veldiv"]
    seats = [Seat(f"P{i + 1}", "human" if i == 2 else "easy", theme.SEAT_COLOURS[i]) for i in range(3)]
    match = Match(entry.spec, entry.spec.default_config("individuelle", 3), 3, seats)
    match.states[-1] = race("individuelle", 3, xs=(47, 0, 0), dice=(3,))
    scene = entry.scene(app, match, entry)
    app.stack.clear_to(scene)
    seen: list[tuple[str, list[str], int]] = []
    logged: list[list[str]] = []  # the move log's lines at each frame the throw animates
    for _ in range(600):
        frames(app, 1)
        if len(match.steps) == 1 and scene.busy():
            seen.append((scene.shown_prompt()[0], text_audit.tagged(app.canvas).get(("points", 0), []),
                         getattr(scene, "shown", scene.v).turn))
            logged.append([text for text, _dot in scene.log.entries])
        if len(match.steps) == 1 and not scene.busy():
            break
    assert match.state.view(None).points[0] > 0, "P1 crossed first and scored (the test's position)"
    assert len(seen) > 20, "the throw animates at normal speed"
    frames(app, 1)
    return seen, text_audit.tagged(app.canvas).get(("points", 0), []), match.state.view(None).points[0], logged


def test_while_a_bots_throw_animates_the_prompt_names_the_thrower_not_the_next_player(app):
    seen, _after, _points, _logged = bots_throw_watched(app)
    prompts = {prompt for prompt, _points, _turn in seen}
    assert prompts == {"P1 throws…"}, prompts
    assert {turn for _prompt, _points, turn in seen} == {0}, "the panel and the ring mark the thrower meanwhile"


def test_a_bots_points_reach_the_panel_when_its_move_has_landed_not_while_the_die_still_rolls(app):
    seen, after, points, _logged = bots_throw_watched(app)
    assert [points for _prompt, points, _turn in seen[:10]] == [["0"]] * 10, "the die rolls: nothing scored yet"
    assert after == [str(points)]


def test_a_bots_throw_reaches_the_move_log_when_its_move_has_landed_not_while_the_die_still_rolls(app):
    # the log told "P1 throws 3" under a die still tumbling, every card of a reveal before it turned
    _seen, _after, _points, logged = bots_throw_watched(app)
    throw = [text for text, _dot in app.stack.top.log.entries if text.startswith("P1 throws")]
    assert throw, "the throw is in the log once it has landed"
    assert all(throw[0] not in lines for lines in logged), "not while it animated"


def test_the_veldiv_table_still_says_whether_it_animates_to_the_app_that_sleeps_when_nothing_moves(app):
    # the step shown was kept in an attribute named like MatchScene.animating(): the app's idle check then called
    # a tuple (TypeError) as soon as nobody had touched the mouse for a second
    seen, _after, _points, _logged = bots_throw_watched(app)
    assert seen and app.wants_frames() in (True, False)
    assert callable(app.stack.top.animating)
