"""What the pause menu, the rules and the hand-off leave on the table when they close: a round's or stage's
summary stays on screen until a player clicks Continue (before, Resume rebuilt the table and the summary was
gone, the next round already showing)."""

import random

import pytest

from game.engine.match import Match, Seat
from game.ui import privacy, text_audit, theme
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.rules_viewer import RulesScene
from game.ui.scenes_registry import TABLES

from .ui_helpers import click, frames, key, make_app, strict_privacy


@pytest.fixture()
def app(tmp_path, monkeypatch):
    strict_privacy(tmp_path, monkeypatch)
    text_audit.enable()
    yield make_app("instant")
    text_audit.disable()


def to_summary(app, game_id: str):
    """One human (seat 0) among computer players, random legal moves, until the table shows a summary."""
    entry = TABLES[game_id]
    seats = [Seat(f"P{i}", c, theme.SEAT_COLOURS[i]) for i, c in enumerate(["human", "easy", "easy"])]
    match = Match(entry.spec, entry.spec.default_config(None, 3), 3, seats)
    scene = entry.scene(app, match, entry)
    app.stack.clear_to(scene)
    rnd = random.Random(1)
    for _ in range(6000):
        if scene.summary and app.stack.top is scene:
            frames(app, 3)
            return scene
        if scene.my_turn() and app.stack.top is scene:
            scene.submit(rnd.choice(scene.legal()))
        frames(app, 1)
    raise AssertionError("no summary")


def showing(app) -> list[str]:
    frames(app, 2)
    return text_audit.texts(app.canvas)


@pytest.mark.parametrize("game_id", ["velonimo", "alameda", "millebornes"])
def test_a_summary_stays_on_screen_after_the_pause_menu_and_the_rules_close(app, game_id):
    scene = to_summary(app, game_id)
    before = showing(app)
    assert "Continue" in before
    steps = len(scene.match.steps)
    key(app, 27)  # Esc: the pause menu
    assert isinstance(app.stack.top, PauseScene)
    click(app, app.stack.top.widgets[0].rect.center)  # Resume
    assert app.stack.top is scene
    assert showing(app) == before, "the summary went away when the pause menu closed"
    click(app, scene.rules_btn.rect.center)
    assert isinstance(app.stack.top, RulesScene)
    key(app, 27)
    assert app.stack.top is scene and "Continue" in showing(app)
    assert len(scene.match.steps) == steps
    click(app, scene.continue_btn.rect.center)
    assert "Continue" not in showing(app)
    assert not privacy.violations


def test_a_card_taken_from_a_human_is_still_told_to_them_alone_after_save_and_resume(app):
    """Bob (a bot) takes a card from Ann with the Tortoise while the screen is Cleo's; Cleo saves and quits. Resumed
    from the menu, the note naming Ann's card waits for Ann: not on the hand-off, never in front of Cleo, shown
    once Ann takes the screen (before, a resumed table had forgotten it)."""
    from game import storage
    from game.engine.bots import make_bot
    from game.ui.scenes.handoff import HandoffScene
    from game.velonimo.rules.events import CardGiven, CardStolen

    spec = TABLES["velonimo"].spec
    for seed in range(1, 80):
        match = Match(spec, spec.default_config(None, 3), seed,
                      [Seat("Ann", "human"), Seat("Bob", "easy"), Seat("Cleo", "human")])
        bots = [make_bot(spec, s, "easy") for s in range(3)]
        while not match.is_over() and len(match.steps) < 120:
            seat = match.to_act()[0]
            match.act(seat, bots[seat].start(match.state.view(seat), match.state.legal_actions(seat), 1).run())
            events = match.steps[-1].events
            if any(isinstance(e, (CardStolen, CardGiven)) and e.victim == 0 and e.thief == 1 for e in events):
                break
        else:
            continue
        if 0 not in match.to_act():
            break
    else:
        raise AssertionError("no seed where Bob takes a card from Ann and Ann does not act next")
    storage.autosaver.save(match.to_save(), storage.slot_of(match))
    storage.autosaver.flush()
    app.home()
    frames(app, 2)
    [row] = app.stack.top.rows
    click(app, row.resume.rect.center)
    scene = app.stack.top if not isinstance(app.stack.top, HandoffScene) else app.stack.scenes[-2]
    assert scene.match is not match and len(scene.match.steps) == len(match.steps)
    assert scene.notes.waiting.get(0), "Ann's note waits after the resume"
    for _ in range(3000):
        frames(app, 1)
        top = app.stack.top
        if isinstance(top, HandoffScene):
            assert scene.notes.rect is None, "nothing private on a hand-off"
            top._go()
        elif scene.viewer == 0 and not scene.busy():
            break
        elif scene.my_turn():
            assert scene.notes.rect is None, "Cleo never sees Ann's note"
            scene.submit(scene.legal()[0])
    frames(app, 2)
    assert scene.viewer == 0 and scene.notes.rect is not None, "Ann reads it once the screen is hers"
    assert "ONLY ANN SEES THIS" in text_audit.texts(app.canvas)
    assert not privacy.violations
