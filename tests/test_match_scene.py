"""The shared match scene: bots act after a readable beat, hand-off hides hands between humans,
undo follows the match policy, every step is autosaved, the end shows the results."""

import pygame
import pytest

from game import storage
from game.engine.match import Match, Seat
from game.ui import theme
from game.ui.match_scene import MatchScene
from game.ui.scenes.handoff import HandoffScene
from game.ui.scenes.results import ResultsScene
from game.ui.scenes_registry import TABLES, GameUI

from .fake_game import RACE, Add, RaceSpec
from .ui_helpers import click, frames, make_app


class SecretRaceSpec(RaceSpec):
    hidden_information = True  # Race to Ten as if each seat had a secret, to test hand-offs


SECRET_RACE = SecretRaceSpec()


class RaceTable(MatchScene):
    def draw_table(self, surface):
        theme.backdrop(surface)
        if self.viewer is not None:
            theme.blit_text(surface, f"secret of {self.viewer}", (100, 100))


ENTRY = GameUI(SECRET_RACE, RaceTable, lambda size: pygame.Surface(size), "velonimo.md")


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    return make_app("normal")


def start(app, controllers):
    seats = [Seat(f"P{i}", c, theme.SEAT_COLOURS[i]) for i, c in enumerate(controllers)]
    match = Match(SECRET_RACE, SECRET_RACE.default_config("standard", len(seats)), 5, seats)
    scene = RaceTable(app, match, ENTRY)
    app.stack.clear_to(scene)
    return scene, match


def test_bot_waits_a_readable_beat_before_moving(app):
    scene, match = start(app, ["easy", "human"])
    frames(app, 5)
    assert not match.steps, "the bot moved instantly"
    frames(app, 120)
    assert len(match.steps) == 1 and match.to_act() == (1,)


def test_handoff_between_two_humans_hides_the_hand(app):
    scene, match = start(app, ["human", "human"])
    frames(app, 2)
    assert isinstance(app.stack.top, HandoffScene) and scene.viewer is None
    click(app, (640, 500))
    assert app.stack.top is scene and scene.viewer == 0
    scene.submit(Add(1))
    assert scene.viewer is None, "P0's hand must not stay visible for P1"
    frames(app, 2)
    assert isinstance(app.stack.top, HandoffScene)
    assert app.stack.top.player == "P1"


def test_single_human_against_bots_never_sees_a_handoff(app):
    scene, match = start(app, ["human", "easy"])
    frames(app, 3)
    assert app.stack.top is scene and scene.viewer == 0


def test_every_step_is_autosaved_and_undo_is_saved_too(app):
    scene, match = start(app, ["human", "easy", "easy"])
    frames(app, 2)
    scene.submit(Add(2))
    [saved] = storage.load_saves({"race": RACE}).matches
    assert len(saved.match.steps) == 1
    assert scene.undo_blocker() is None
    scene.undo()
    assert not match.steps
    assert not storage.load_saves({"race": RACE}).matches[0].match.steps


def test_illegal_click_is_refused_with_a_message_and_nothing_changes(app):
    scene, match = start(app, ["human", "easy"])
    frames(app, 2)
    assert not scene.submit(Add(7))
    assert not match.steps and app.toasts.items


def test_results_follow_the_end_of_the_match(app):
    app.settings.animation_speed = "instant"
    scene, match = start(app, ["easy", "easy"])
    frames(app, 400)
    assert match.is_over()
    assert isinstance(app.stack.top, ResultsScene)
    assert storage.load_saves({"race": RACE}).matches == []


def test_escape_on_the_results_goes_back_to_the_finished_table_which_opens_them_again(app):
    """Escape on the results screen went straight to the main menu: the finished match and its results were gone
    for good. It goes back to the table, as "See the table" does, and the table's Results button opens them again;
    there the pause menu says "Quit to menu", not "Save & quit" (a finished match is not kept)."""
    from game.ui.scenes.pause import PauseScene

    from .ui_helpers import key

    app.settings.animation_speed = "instant"
    scene, match = start(app, ["easy", "easy"])
    frames(app, 400)
    assert isinstance(app.stack.top, ResultsScene)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene and scene.results_btn.visible
    click(app, scene.results_btn.rect.center)
    assert isinstance(app.stack.top, ResultsScene)
    key(app, pygame.K_ESCAPE)
    scene.open_pause()
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    quit_button = next(w for w in pause.widgets if getattr(w, "label", None) == "Save & quit to menu")
    assert quit_button.words() == "Quit to menu"


def test_menu_reports_a_damaged_autosave_in_plain_words_and_keeps_it(app, tmp_path):
    from game.ui.scenes.menu import MenuScene

    storage.slot_path("velonimo").write_text('{"format": "velotheque-save", "version": 1, "ga')
    app.stack.clear_to(MenuScene(app))
    frames(app, 2)
    notice = app.stack.top.banner.notice
    assert "damaged" in notice.text and "kept as velonimo.damaged-1.json" in notice.text
    assert (tmp_path / "saves" / "velonimo.damaged-1.json").exists()
    assert app.stack.top.rows == []


def test_move_log_opens_with_the_game_and_the_players_then_narrates_moves(app):
    scene, match = start(app, ["human", "easy"])
    frames(app, 2)
    first = scene.log.entries[0][0]
    assert first.startswith(RACE.name) and "P0 and P1" in first
    scene.submit(Add(2))
    frames(app, 2)
    assert scene.log.entries[0][0] == first and scene.log.entries[1][0] == "P0 adds 2"


def test_a_bot_thinks_on_its_own_thread_while_the_table_draws_and_answers_within_its_deadline(app, monkeypatch):
    """Off the drawing thread: frames go on while the bot searches; the deadline makes it answer with its best
    move so far (the search is anytime), never later."""
    import time as clock

    from game.engine import bots as bots_module
    from game.ui import bot_worker

    spec = TABLES["velonimo"].spec
    config = spec.default_config(None, 3)
    seats = [Seat("Ann", "hard"), Seat("Bob", "hard"), Seat("Cleo", "hard")]
    match = Match(spec, config, 5, seats)
    scene = TABLES["velonimo"].scene(app, match, TABLES["velonimo"])
    app.bot_threads = True
    app.settings.animation_speed = "fast"
    monkeypatch.setitem(bot_worker.THINK_SECONDS, "hard", 0.05)
    slow = bots_module.Thinking.step

    def slow_step(self, work=1_000_000):  # a machine far busier than any budget allows for
        clock.sleep(0.002)
        return slow(self, min(work, 1))

    monkeypatch.setattr(bots_module.Thinking, "step", slow_step)
    app.stack.clear_to(scene)
    t0 = clock.perf_counter()
    drawn = 0
    while not match.steps and clock.perf_counter() - t0 < 10:
        frames(app, 1)
        drawn += 1
    assert match.steps, "the bot never answered"
    assert drawn >= 3, "the table stopped drawing while the bot thought"
    assert scene._worker is None or scene._worker.done


def test_when_no_human_has_a_decision_left_the_table_offers_to_skip_to_the_end_of_the_round(app):
    """Out of cards in Velonimo while three bots play on: "Skip to the end of the round" plays the rest at once
    (the bots deciding as they would) and stops at the round's end, its summary shown."""
    from game.engine.bots import make_bot

    spec = TABLES["velonimo"].spec
    config = spec.default_config(None, 4)
    for seed in range(1, 40):
        match = Match(spec, config, seed, [Seat("Ann", "human"), Seat("Bob", "easy"), Seat("Cleo", "easy"),
                                           Seat("Dan", "easy")])
        bots = [make_bot(spec, s, "easy") for s in range(4)]
        while not match.is_over() and match.state.view(None).round == 1:
            if spec.out_of_play(match.state, 0) and not any(s == 0 for s in match.to_act()):
                break
            seat = match.to_act()[0]
            match.act(seat, bots[seat].start(match.state.view(seat), match.state.legal_actions(seat), 1).run())
        if spec.out_of_play(match.state, 0) and match.state.view(None).round == 1:
            break
    else:
        pytest.fail("no seed puts Ann out of cards before the round's end")
    app.settings.animation_speed = "normal"
    scene = TABLES["velonimo"].scene(app, match, TABLES["velonimo"])
    app.stack.clear_to(scene)
    frames(app, 3)
    assert scene.skip_btn.visible and scene.skip_btn.label == "Skip to the end of the round"
    steps = len(match.steps)
    click(app, scene.skip_btn.rect.center)
    for _ in range(600):
        frames(app, 1)
        if match.state.view(None).round != 1 or match.is_over():
            break
    assert len(match.steps) > steps and (match.state.view(None).round != 1 or match.is_over())
    assert not scene.skipping, "the skip stops at the round's end"
    assert not scene.skip_btn.visible


def test_a_question_too_long_for_the_top_bar_s_two_lines_gives_way_to_the_question_alone(monkeypatch):
    """A repêchage question in French with a long name was cut mid-reason in the top bar ("…votez pour en repêcher
    un, ou per…"); what two lines cannot hold now shows as who is asked and the question, its reason being on the
    table's own panel."""
    from game.ui import top_bar

    rendered: list[str] = []
    real = theme.text
    monkeypatch.setattr(theme, "text", lambda s, *a, **k: (rendered.append(s), real(s, *a, **k))[1])
    long = "Marie-Hélène : Repêchage ? " + "un coureur a abandonné après une chute, " * 6
    surface = pygame.Surface((1280, 60))
    top_bar.draw_prompt(surface, long, 300, 900, "Marie-Hélène : Repêchage ?")
    assert rendered[-1] == "Marie-Hélène : Repêchage ?" and not any("…" in text for text in rendered)
    rendered.clear()
    top_bar.draw_prompt(surface, "Ann : Repêchage ? Votez.", 300, 900, "Ann : Repêchage ?")
    assert rendered[-1] == "Ann : Repêchage ? Votez."  # what fits is said whole


def test_a_prompt_that_fits_one_line_only_at_15_px_is_centred_in_the_top_bar(monkeypatch):
    """The prompt at 15 px on a single line was drawn 18 px above the bar's middle, against its top edge (French
    prompts a little too long for 16 px)."""
    from game.ui import layout, top_bar

    text = "L'équipier violet de Bob (tour d'Ann) : accélération ! Cliquez en haut de la ligne."
    x = 300
    limit = x + (theme.font(15, "bold").size(text)[0] + theme.font(16, "bold").size(text)[0]) // 2
    places = []
    real = theme.blit_text
    monkeypatch.setattr(theme, "blit_text", lambda surf, s, pos, *a, **k: (places.append((s, pos)),
                                                                          real(surf, s, pos, *a, **k))[1])
    top_bar.draw_prompt(pygame.Surface((1280, 60)), text, x, limit)
    assert places == [(text, (x, layout.TOP_H // 2))]


def test_the_move_logs_first_line_follows_a_change_of_language_made_with_the_table_open(app):
    """The log's first line ("Race to Ten · Standard: P0 and P1.") is composed by the table; after a switch to
    French at the settings (pause, Settings, Done) it stayed in English until the next move."""
    from game import i18n

    scene, match = start(app, ["human", "easy"])
    frames(app, 2)
    assert scene.log.entries[0][0] == "Race to Ten · Standard: P0 and P1."
    i18n.set_language("fr")
    try:
        frames(app, 2)
        assert not match.steps
        assert scene.log.entries[0][0] == "Race to Ten · Standard : P0 et P1."
    finally:
        i18n.set_language("en")
