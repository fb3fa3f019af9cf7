"""Idle means idle: the app draws while something moves or a player is busy, and not at all otherwise."""

import time

import pygame

from game import app as app_module
from game.app import App


def run_for(app, seconds: float, monkeypatch) -> list[float]:
    """The app's own loop for ``seconds`` with nobody touching it; when each frame started (from the start)."""
    monkeypatch.setattr(pygame, "quit", lambda: None)  # run() ends the app: keep pygame for the next tests
    started: list[float] = []
    real_step = app.step
    t0 = time.perf_counter()

    def step(dt, events=None):
        started.append(time.perf_counter() - t0)
        real_step(dt, events)

    app.step = step
    pygame.time.set_timer(pygame.event.Event(pygame.QUIT), int(seconds * 1000), loops=1)
    app.run()
    return started


def test_the_menu_left_alone_stops_drawing_after_the_first_second(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    app = App()
    app.home()
    started = run_for(app, 2.2, monkeypatch)
    assert started, "the menu was never drawn"
    late = [t for t in started if app_module.AWAKE_AFTER_INPUT_S + 0.25 < t < 2.1]  # 2.2 s: the quit event
    assert late == [], f"{len(late)} frames drawn while nothing moved and nobody touched the app"


def test_a_table_where_bots_play_keeps_drawing(tmp_path, monkeypatch):
    from game.engine.match import Match, Seat
    from game.ui.scenes_registry import TABLES

    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    app = App()
    entry = TABLES["veldiv"]
    config = entry.spec.default_config(None, 2)
    match = Match(entry.spec, config, 3, [Seat("Bot A", "easy"), Seat("Bot B", "easy")])
    app.stack.clear_to(entry.scene(app, match, entry))
    started = run_for(app, 2.2, monkeypatch)
    assert any(t > app_module.AWAKE_AFTER_INPUT_S + 0.5 for t in started), "the bots' race froze"
    assert match.steps, "the bots did not play"
