"""A match saved at any moment (Save & quit from the pause menu, or the autosave of every step) and resumed from the
menu's matches in progress loses nothing and shows nothing it should not: same position, nobody's cards until a
human clicks through the hand-off, and Undo offers what it offered before the save."""

from __future__ import annotations

import pytest

from game import storage
from game.engine.match import Match, Seat
from game.engine.protocol import Config
from game.ui import privacy, theme
from game.ui.scenes.handoff import HandoffScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes_registry import TABLES

from .ui_helpers import click, frames, make_app, strict_privacy


@pytest.fixture()
def app(tmp_path, monkeypatch):
    strict_privacy(tmp_path, monkeypatch)
    return make_app("instant")


def until(app, condition, limit=600):
    for _ in range(limit):
        if condition():
            return True
        frames(app, 1)
    return condition()


def start(app, game_id, controllers, seed=3, **options):
    entry = TABLES[game_id]
    spec = entry.spec
    variant = next(v for v in spec.variants if v.min_players <= len(controllers) <= v.max_players)
    seats = [Seat(f"P{i}", c, theme.SEAT_COLOURS[i]) for i, c in enumerate(controllers)]
    config = spec.default_config(variant.id, len(controllers))
    if options:
        config = spec.validate_config(Config(config.variant, config.players, tuple({**dict(config.options),
                                                                                      **options}.items())))
    match = Match(spec, config, seed, seats)
    scene = entry.scene(app, match, entry)
    app.stack.clear_to(scene)
    scene._autosave()
    return scene, match


def take_screen(app, seat):
    assert until(app, lambda: isinstance(app.stack.top, HandoffScene)), "a hand-off is shown"
    assert app.stack.top.seat == seat
    click(app, app.stack.top.ready.rect.center)


def save_and_quit_then_resume(app, scene):
    """Pause menu's "Save & quit to menu", then the menu row's Resume: the table the players get back."""
    scene.open_pause()
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    click(app, next(w for w in pause.widgets if getattr(w, "label", None) == "Save & quit to menu").rect.center)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    frames(app, 2)
    [row] = menu.rows
    row.resume.click()
    table = app.stack.top
    assert table.match is not scene.match and table.match.state.to_dict() == scene.match.state.to_dict()
    return table


def move_handing_on(scene, seat, other):
    """A move of ``seat`` after which ``other`` (another human) is to act."""
    for action in scene.legal(seat):
        if scene.match.state.apply(seat, action)[0].to_act() == (other,):
            assert scene.submit(action, seat)
            return
    raise AssertionError("no move hands the turn on")


def test_a_hot_seat_match_saved_once_the_next_human_took_the_screen_does_not_offer_the_last_mover_undo(app):
    """P0 moves and passes the screen; P1 clicks through the hand-off (P0's move is now P0's no more: "only P0 can
    take it back, before passing the screen"), then saves and quits. Resumed from the menu, the hand-off to P1
    offered "Undo P0's move" again, and P0 could take back a secret pick after P1 had had the screen (Tour of
    Alameda: each picks in secret, one after the other)."""
    scene, match = start(app, "alameda", ["human", "human"])
    first = match.to_act()[0]
    other = 1 - first
    take_screen(app, first)
    until(app, lambda: scene.my_turn())
    move_handing_on(scene, first, other)
    take_screen(app, other)
    until(app, lambda: not scene.busy())
    reason = scene.undo_blocker()
    assert reason is not None and f"only P{first} can take it back" in reason
    resumed = save_and_quit_then_resume(app, scene)
    assert resumed.viewer is None
    assert until(app, lambda: isinstance(app.stack.top, HandoffScene))
    handoff = app.stack.top
    assert handoff.seat == other and handoff.undo_btn is None, "the last mover's undo is not offered again"
    take_screen(app, other)
    assert resumed.undo_blocker() == reason
    assert not privacy.violations


def test_a_hot_seat_match_saved_at_the_handoff_still_offers_the_mover_undo_once_resumed(app):
    """The other side: saved while the hand-off to P1 is showing (P0 may still take the move back), the resumed
    hand-off offers "Undo P0's move" as before."""
    scene, match = start(app, "alameda", ["human", "human"])
    first = match.to_act()[0]
    other = 1 - first
    take_screen(app, first)
    until(app, lambda: scene.my_turn())
    move_handing_on(scene, first, other)
    assert until(app, lambda: isinstance(app.stack.top, HandoffScene))
    assert app.stack.top.undo_btn is not None
    storage.autosaver.flush()
    app.home()  # the window closed at the hand-off: the autosave of the step is what is left
    frames(app, 2)
    [row] = app.stack.top.rows
    row.resume.click()
    assert until(app, lambda: isinstance(app.stack.top, HandoffScene))
    handoff = app.stack.top
    assert handoff.seat == other and handoff.undo_btn is not None and handoff.undo_btn.label == f"Undo P{first}'s move"


def play_to_the_summary(app, scene, seed: int = 1):
    """Random legal moves for the human until the round's (stage's, hand's) summary is on screen."""
    import random

    rnd = random.Random(seed)
    for _ in range(6000):
        if app.stack.top is scene and scene.summary is not None and scene.continue_btn.visible:
            return
        if scene.my_turn() and app.stack.top is scene:
            scene.submit(rnd.choice(scene.legal()))
        frames(app, 1)
    raise AssertionError("the summary never showed")


@pytest.mark.parametrize("game_id", ["velonimo", "alameda", "millebornes"])
def test_a_match_left_on_a_rounds_summary_resumes_on_that_summary_until_continue(app, game_id):
    """Saved and quit while the round's (the stage's, the hand's) summary was on screen, the match resumed straight
    into the next round: the summary and its figures were gone. It opens again, the same, until Continue; once
    closed it does not open again on the next resume."""
    options = {"target": 2500} if game_id == "millebornes" else {}  # (one hand: the match would be over)
    scene, match = start(app, game_id, ["human", "easy", "easy"], **options)
    play_to_the_summary(app, scene)
    summary = {k: v for k, v in scene.summary.items() if k != "auto"}
    resumed = save_and_quit_then_resume(app, scene)
    frames(app, 2)
    assert resumed.summary is not None and resumed.continue_btn.visible
    assert {k: v for k, v in resumed.summary.items() if k != "auto"} == summary
    steps = len(resumed.match.steps)
    frames(app, 30)
    assert len(resumed.match.steps) == steps, "nobody plays on while the summary waits"
    click(app, resumed.continue_btn.rect.center)
    assert resumed.summary is None
    again = save_and_quit_then_resume(app, resumed)
    frames(app, 2)
    assert again.summary is None, "a summary closed is not opened again"
