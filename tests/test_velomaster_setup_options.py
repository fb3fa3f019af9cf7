"""The VeloMaster setup screen shows Level and Course as choices of the one road-race variant; what it says
about the race and the table's title follow the chosen level and course (issue 16)."""

from __future__ import annotations

import itertools

import pytest

from game.ui import theme
from game.ui.scenes.setup import SetupScene
from game.ui.scenes_registry import TABLES
from game.velomaster.rules.levels import PLAYABLE_LEVELS
from game.velomaster.scene import VelomasterScene

from .ui_helpers import click, frames, make_app


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path / "home"))
    return make_app("instant")


@pytest.fixture()
def setup(app):
    scene = SetupScene(app, TABLES["velomaster"])
    app.stack.clear_to(scene)
    frames(app, 2)
    return scene


def test_velomaster_setup_shows_level_and_course_as_choices_and_no_variant_choice(setup):
    assert not setup.variant_choice.visible  # one variant: nothing to choose there
    assert [opt.label for opt, _rect, _at in setup.option_layout] == ["Level", "Course", "Finish line", "Stages"]
    # the playable levels, Débutant first (a level joins the choice when it joins levels.PLAYABLE_LEVELS)
    levels = setup.option_widgets["level"].options
    assert levels[0] == ("debutant", "Débutant") and [v for v, _ in levels] == list(PLAYABLE_LEVELS)
    assert setup.option_widgets["level"].value == "debutant"
    assert [v for v, _ in setup.option_widgets["course"].options] == ["salzburg", "aurillac"]
    assert setup.option_widgets["course"].value == "salzburg"


def test_velomaster_setup_widgets_fit_the_screen_without_overlapping(app, setup):
    for players in (2, 8):  # one column of seats, then two
        setup.players.value = players
        setup._players(players)
        frames(app, 2)
        screen = app.screen.get_rect() if hasattr(app, "screen") else None
        rects = [w.rect for w in setup.widgets if getattr(w, "visible", True)]
        for a, b in itertools.combinations(rects, 2):
            assert not a.colliderect(b), f"{a} overlaps {b} with {players} players"
        for r in rects:
            assert 0 <= r.left and r.right <= theme.W and 0 <= r.top and r.bottom <= theme.H, r
        assert screen is None or screen.size == (theme.W, theme.H)
    # the option labels sit left of their widgets, and the text about the race starts below the last one
    for _opt, rect, label_at in setup.option_layout:
        assert label_at is not None and label_at[0] < rect.left
    assert setup.options_bottom <= 300


def test_velomaster_setup_summary_follows_the_chosen_course_and_level(app, setup):
    assert setup.summary().startswith("Salzburg (Championnat du Monde 2006), Niveau Débutant: teams of a leader")
    course = setup.option_widgets["course"]
    click(app, course._parts()[1].center)  # the right arrow
    assert course.value == "aurillac"
    assert setup.summary().startswith("Aurillac (Championnat de France 2007), Niveau Débutant:")


def test_changing_the_number_of_players_keeps_the_course_and_finish_chosen(app, setup):
    setup.option_widgets["course"].set_value("aurillac")
    setup.option_widgets["finish"].set_value(50)
    setup.players.value = 6
    setup._players(6)
    assert (setup.option_widgets["course"].value, setup.option_widgets["finish"].value) == ("aurillac", 50)


def test_velomaster_table_is_titled_with_the_chosen_level_and_course(app, setup):
    setup.option_widgets["course"].set_value("aurillac")
    setup.players.value = 2
    setup._players(2)
    setup._start()
    frames(app, 2)
    table = app.stack.top
    assert isinstance(table, VelomasterScene)
    chosen = dict(table.match.config.options)
    assert chosen.items() >= {("course", "aurillac"), ("finish", 100), ("level", "debutant"), ("stages", 1)}
    assert table.titles()[0] == "Débutant · Championnat de France 2007 · Aurillac"
    assert table.subtitle() == "Débutant · Aurillac", "the top bar's line ends before the prompt"
    assert table.intro_line().startswith("VeloMaster · Débutant – Aurillac: ")
