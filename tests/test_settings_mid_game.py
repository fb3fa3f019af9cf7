"""Changing a setting in the middle of a game, from the pause menu's Settings: it works at once and the table loses
nothing (a round's summary, the cards picked, the move in play); words already on the table in the old language go."""

import random

import pygame
import pytest

from game import i18n
from game.engine.match import Match, Seat
from game.ui import privacy, text_audit, theme
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes_registry import TABLES

from .ui_helpers import frames, key, make_app, strict_privacy


@pytest.fixture()
def app(tmp_path, monkeypatch):
    strict_privacy(tmp_path, monkeypatch)
    text_audit.enable()
    yield make_app("instant")
    text_audit.disable()


def table(app, game_id: str, seed: int = 1):
    entry = TABLES[game_id]
    seats = [Seat(f"P{i}", c, theme.SEAT_COLOURS[i]) for i, c in enumerate(["human", "easy", "easy"])]
    scene = entry.scene(app, Match(entry.spec, entry.spec.default_config(None, 3), seed, seats), entry)
    app.stack.clear_to(scene)
    return scene


def play_until(app, scene, done, seed: int = 1):
    """Random legal moves for the human until ``done()``, with the table on top."""
    rnd = random.Random(seed)
    for _ in range(6000):
        if app.stack.top is scene and done():
            frames(app, 2)
            return
        if scene.my_turn() and app.stack.top is scene:
            scene.submit(rnd.choice(scene.legal()))
        frames(app, 1)
    raise AssertionError("never reached")


def choose_language_in_settings(app, code: str) -> None:
    """Esc → Settings → the language → Done → Resume, as a player does."""
    key(app, 27)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    pause._settings()
    frames(app, 1)
    settings = app.stack.top
    assert isinstance(settings, SettingsScene)
    settings.language.set_value(code)
    settings.language.on_change(code)
    frames(app, 1)
    app.pop()  # Done
    frames(app, 1)
    assert app.stack.top is pause
    app.pop()  # Resume
    frames(app, 2)


@pytest.mark.parametrize("game_id", ["velonimo", "alameda", "millebornes"])
def test_a_summary_on_screen_stays_when_the_language_is_changed_from_the_pause_menu(app, game_id):
    """A round's (stage's, hand's) summary was open; the player chose French in the pause menu's Settings: back at
    the table the summary was gone (the table rebuilt itself for the new language) and, in Tour of Alameda, the bots
    played on into the next stage. It stays, in French, until the player clicks Continuer."""
    scene = table(app, game_id)
    play_until(app, scene, lambda: bool(scene.summary))
    steps = len(scene.match.steps)
    choose_language_in_settings(app, "fr")
    shown = text_audit.texts(app.canvas)
    assert scene.summary, "the summary went away when the language changed"
    assert "Continuer" in shown and "Continue" not in shown
    assert len(scene.match.steps) == steps
    assert text_audit.take_problems() == []
    assert not privacy.violations


def test_cards_picked_in_hand_stay_picked_when_the_language_is_changed(app):
    """Velonimo: the player had picked a card of their hand to play, opened Settings and chose French: back at the
    table the pick was dropped (the table rebuilt itself). It stays picked, and no move is made."""
    scene = table(app, "velonimo", seed=3)
    play_until(app, scene, lambda: scene.my_turn() and len(scene.v.hand or ()) > 3, seed=3)
    scene.selected.add(next(iter(scene.hand)))
    frames(app, 1)
    picked, steps = set(scene.selected), len(scene.match.steps)
    choose_language_in_settings(app, "fr")
    assert scene.selected == picked and len(scene.match.steps) == steps
    assert "Jouer 2" in text_audit.texts(app.canvas)  # the pick, said in French on the Play button


def test_news_floating_over_the_table_in_the_old_language_goes_when_the_language_changes(app):
    """Mille Bornes: a computer player's move was animating ("+100 mi" over its zone, more news to come) when the
    player chose French: that news, already composed in English, still floated up in English once back at the
    table. It goes; what the animation does besides finishes, and the move log says it in French."""
    app.settings.animation_speed = "slow"
    scene = table(app, "millebornes")
    play_until(app, scene, lambda: (scene.anim.pops or scene.anim.banners) and scene.anim.timeline.busy
               and not scene.is_human(scene.match.steps[-1].seat))
    steps = len(scene.match.steps)
    choose_language_in_settings(app, "fr")
    for _ in range(60):
        assert not scene.anim.pops and not scene.anim.banners, "news in English after the change to French"
        if not scene.anim.busy:
            break
        frames(app, 1)
    assert len(scene.match.steps) == steps


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("game_id", ["velonimo", "veldiv", "alameda", "millebornes", "velomaster"])
def test_the_rules_opened_from_the_pause_menu_read_to_the_end_with_nothing_cut_and_back_returns_there(
        app, game_id, language):
    """The rules read page by page to their end, in English and in French: in English Mille Bornes' table of cards
    showed "Puncture-Pr" (a word wider than its equal column, cut), and VeloMaster's line "108. (Until rules
    version 3 …", wrapped inside a paragraph, was drawn as a list item numbered 108 with its number over the
    words. Back returns to the pause menu over the same table, no move made."""
    from game.ui.scenes.rules_viewer import RulesScene

    i18n.set_language(language)
    scene = table(app, game_id)
    frames(app, 2)
    steps = len(scene.match.steps)
    key(app, 27)
    pause = app.stack.top
    pause._rules()
    rules = app.stack.top
    assert isinstance(rules, RulesScene)
    text_audit.take_problems()
    for _ in range(200):
        key(app, pygame.K_PAGEDOWN)
        frames(app, 10)
        if rules.scroll >= rules.max_scroll - 1:
            break
    assert rules.scroll >= rules.max_scroll - 1 > 0
    assert text_audit.take_problems() == []
    key(app, pygame.K_BACKSPACE)
    assert app.stack.top is pause
    app.pop()
    frames(app, 1)
    assert app.stack.top is scene and len(scene.match.steps) == steps
