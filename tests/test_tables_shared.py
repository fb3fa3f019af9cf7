"""What the game tables share (issue 13): the event animation, the layout of the screen, and words
on shared screens that fit every game ("Start the race" for a race, "a new deal" for cards)."""

import pygame
import pytest

from game.engine.match import Match, Seat
from game.ui import layout, theme
from game.ui.scenes.handoff import HandoffScene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes_registry import TABLES

from .ui_helpers import frames, make_app

GAMES = sorted(TABLES)


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    return make_app("normal")


def start(app, game_id, controllers, seed=4):
    entry = TABLES[game_id]
    seats = [Seat(f"P{i + 1}", c, theme.SEAT_COLOURS[i]) for i, c in enumerate(controllers)]
    match = Match(entry.spec, entry.spec.default_config(None, len(seats)), seed, seats)
    scene = entry.scene(app, match, entry)
    app.stack.clear_to(scene)
    return scene, match


@pytest.mark.parametrize("game_id", GAMES)
def test_a_bots_move_keeps_the_table_busy_until_its_events_are_shown_then_play_goes_on(app, game_id):
    scene, match = start(app, game_id, ["easy", "easy", "easy"])
    for _ in range(600):
        frames(app, 1)
        if match.steps:
            break
    assert match.steps, "no bot moved in 10 s"
    assert scene.busy(), "the move's events are being shown"
    for _ in range(600):
        frames(app, 1)
        if not scene.busy():
            break
    assert not scene.busy(), "the animation of one move ended within 10 s"


@pytest.mark.parametrize("game_id", GAMES)
def test_each_tables_move_log_sits_in_the_right_hand_column_below_the_top_bar(app, game_id):
    scene, _ = start(app, game_id, ["human", "easy", "easy"])
    column = pygame.Rect(layout.SIDE_X, layout.TOP_H, layout.SIDE_W, theme.H - layout.TOP_H)
    assert column.contains(scene.log.rect)
    assert not scene.log.rect.colliderect(layout.TABLE)
    for button in (scene.menu_btn, scene.rules_btn, scene.undo_btn):
        assert not button.rect.colliderect(scene.log.rect)


def test_the_top_bar_buttons_sit_right_of_the_prompt_in_the_bar_without_overlapping():
    rects = [layout.top_button(1), layout.top_button(2), layout.top_button(3), layout.top_button(4, 30)]
    for i, rect in enumerate(rects):
        assert layout.TOP_BAR.contains(rect) and rect.x > layout.PROMPT_X
        assert not any(rect.colliderect(other) for other in rects[i + 1:])


@pytest.mark.parametrize("game_id", GAMES)
def test_the_setup_start_button_and_seed_tip_use_the_games_own_words(app, game_id):
    spec = TABLES[game_id].spec
    setup = SetupScene(app, TABLES[game_id])
    assert setup.start.label == spec.start_words
    assert spec.restart_words in setup.seed.tooltip


def test_a_race_is_started_as_a_race_and_a_card_game_as_a_game(app):
    words = {g: SetupScene(app, TABLES[g]).start.label for g in ("velonimo", "veldiv", "velomaster")}
    assert words == {"velonimo": "Start the game", "veldiv": "Start the race", "velomaster": "Start the race"}


@pytest.mark.parametrize("game_id", GAMES)
def test_the_restart_question_names_what_a_restart_redraws_in_the_games_words(app, game_id):
    scene, match = start(app, game_id, ["human", "easy", "easy"])
    question = PauseScene(app, scene).restart_question()
    assert f"same players and {match.game.restart_words}?" in question
    if match.game.id in ("veldiv", "velomaster"):
        assert "shuffle" not in question and "deal" not in question, "a dice race has no deck"


def test_the_hand_off_screen_speaks_of_nothing_game_specific(app):
    handoff = HandoffScene(app, "Ann", theme.SEAT_COLOURS[0], lambda: None)
    assert "card" not in handoff.subtitle.lower() and "hidden" not in handoff.subtitle.lower()
    assert "until you click" in handoff.subtitle


@pytest.mark.parametrize("game_id", GAMES)
def test_no_table_keeps_state_under_the_name_of_one_of_its_methods(app, game_id):
    # Veldiv kept the step being shown in ``self.animating``, the name of MatchScene.animating(): the app's idle
    # check then called a tuple and the game crashed a second after the last mouse move
    scene, match = start(app, game_id, ["easy", "easy", "easy"])
    for _ in range(240):  # bots play at normal speed: every attribute a step or its animation sets is set
        frames(app, 1)
        app.wants_frames()
    shadowing = sorted(name for name in vars(scene) if callable(getattr(type(scene), name, None))
                       and not callable(vars(scene)[name]))
    assert match.steps and shadowing == [], shadowing
