"""Veldiv table audit: what the standings panel tells a first-time player about the race being run."""

from __future__ import annotations

import pytest

from game.engine.match import Match, Seat
from game.ui import text_audit, theme
from game.ui.scenes_registry import TABLES

from .ui_helpers import frames, make_app


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    text_audit.enable()  # before the app makes its canvas
    try:
        yield make_app("fast")
    finally:
        text_audit.disable()


def table(app, variant: str, players: int):
    entry = TABLES["veldiv"]
    seats = [Seat(f"P{i + 1}", "human" if i == 0 else "easy", theme.SEAT_COLOURS[i]) for i in range(players)]
    match = Match(entry.spec, entry.spec.default_config(variant, players), 3, seats)
    scene = entry.scene(app, match, entry)
    app.stack.clear_to(scene)
    frames(app, 1)
    return scene


def drawn_panel_words(app, scene) -> str:
    text_audit.take_problems()
    app.draw()
    assert text_audit.take_problems() == []
    panel = scene.panel_rect
    return " ".join(m.text for m in text_audit.marks(app.canvas) if panel.contains(m.rect))


@pytest.mark.parametrize("variant", ["poursuite", "poursuite-equipe"])
def test_the_panel_of_a_four_player_pursuit_says_a_six_counts_only_six(app, variant):
    words = drawn_panel_words(app, table(app, variant, 4))
    assert "caught and passed is out" in words
    assert "a six counts only six" in words


@pytest.mark.parametrize("variant", ["poursuite", "poursuite-equipe"])
def test_the_panel_of_a_smaller_pursuit_does_not_say_a_six_counts_only_six(app, variant):
    words = drawn_panel_words(app, table(app, variant, 3))
    assert "caught and passed is out" in words and "only six" not in words
