"""The setup screen shows an option only while its condition holds (Option.when): the Pro rules once the level
is Pro, a stage's course once the tour has that many stages; a hidden option goes to the game as its default and
keeps what the player set for when it shows again; everything fits the screen (issue 17)."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game import storage
from game.engine.protocol import Option, Variant
from game.ui import theme
from game.ui.match_scene import MatchScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes_registry import GameUI
from game.ui.widgets.controls import ChipChoice, Toggle

from .fake_game import RaceSpec
from .ui_helpers import click, frames, make_app

PRO_KEYS = ("pro_feed", "pro_descents", "pro_braking", "pro_collective_crashes", "pro_condition", "pro_attacks",
            "pro_doping_control", "pro_team_classification")
PRO_SHORT = ("Feed", "Descents", "Braking", "Collective crashes", "Condition", "Attacks", "Doping control",
             "Team classification")
COURSES = (("salzburg", "Salzburg · Worlds 2006"), ("aurillac", "Aurillac · French 2007"))

# The options VeloMaster's race gets in issue 17 (P17-shared.md, "Interfaces" 2), on a fake game.
OPTIONS = (
    Option("level", "Level", "debutant", kind="choice",
           choices=(("debutant", "Débutant"), ("expert", "Expert"), ("pro", "Pro"))),
    Option("course", "Course", "salzburg", kind="choice", choices=COURSES),
    Option("finish", "Finish line", 100, kind="choice", choices=((100, "Full course"), (50, "Half way"))),
    Option("stages", "Stages", 1, kind="int", minimum=1, maximum=6),
    Option("repechage", "Repêchage", True, kind="bool",
           when=(("stages", (2, 3, 4, 5, 6)), ("level", ("expert", "pro")))),
    *(Option(key, short, True, kind="bool", group="Pro rules", short=short, help=f"{short} as at Pro",
             when=("level", ("pro",))) for key, short in zip(PRO_KEYS, PRO_SHORT, strict=True)),
    *(Option(f"stage{k}", f"Stage {k} course", COURSES[(k + 1) % 2][0], kind="choice", choices=COURSES,
             group="Stage courses", short=f"Stage {k}", when=("stages", tuple(range(k, 7))))
      for k in range(2, 7)),
)


class TourSpec(RaceSpec):
    id = "tour-fake"
    name = "Fake Tour"
    variants = (Variant("race", "Road race", 2, 8, 4, options=OPTIONS),)


TOUR = TourSpec()


class PlainTable(MatchScene):
    def draw_table(self, surface):
        theme.backdrop(surface)


ENTRY = GameUI(TOUR, PlainTable, lambda size: pygame.Surface(size), "velonimo.md")


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path / "home"))
    yield make_app("instant")
    storage.autosaver.flush()  # the autosave thread reads VELOTHEQUE_HOME when it writes: finish in this test's home


@pytest.fixture()
def setup(app):
    scene = SetupScene(app, ENTRY)
    app.stack.clear_to(scene)
    frames(app, 2)
    return scene


def shown(setup) -> list[str]:
    return [opt.key for opt, _rect, _at in setup.option_layout]


def visible(setup, key) -> bool:
    widget = setup.option_widgets[key]
    return widget.visible and widget in setup.widgets


def to_pro(app, setup) -> None:
    level = setup.option_widgets["level"]
    while level.value != "pro":
        click(app, level._parts()[1].center)  # the right arrow, as a player clicks it


def stages(app, setup, n: int) -> None:
    stepper = setup.option_widgets["stages"]
    while stepper.value != n:
        click(app, stepper._parts()[1 if stepper.value < n else 0].center)


def test_the_pro_rules_stay_hidden_until_the_level_is_pro(app, setup):
    assert shown(setup) == ["level", "course", "finish", "stages"]
    assert not any(visible(setup, k) for k in PRO_KEYS)
    click(app, setup.option_widgets["level"]._parts()[1].center)  # Expert: still no Pro rules
    assert setup.option_widgets["level"].value == "expert" and not any(visible(setup, k) for k in PRO_KEYS)
    click(app, setup.option_widgets["level"]._parts()[1].center)  # Pro: the eight switches, under their title
    assert setup.option_widgets["level"].value == "pro"
    assert all(visible(setup, k) and isinstance(setup.option_widgets[k], Toggle) for k in PRO_KEYS)
    assert [title for title, _y in setup.group_titles] == ["Pro rules"]
    assert [setup.option_widgets[k].caption for k in PRO_KEYS] == list(PRO_SHORT)
    click(app, setup.option_widgets["level"]._parts()[1].center)  # round to Débutant: hidden again
    assert setup.option_widgets["level"].value == "debutant" and not any(visible(setup, k) for k in PRO_KEYS)
    assert setup.group_titles == []


def test_an_option_with_several_conditions_shows_only_while_they_all_hold():
    repechage = next(o for o in OPTIONS if o.key == "repechage")
    assert repechage.conditions == (("stages", (2, 3, 4, 5, 6)), ("level", ("expert", "pro")))
    assert [repechage.shown({"stages": n, "level": lv}) for n, lv in
            ((1, "expert"), (2, "debutant"), (2, "expert"), (6, "pro"))] == [False, False, True, True]
    pro = next(o for o in OPTIONS if o.key == "pro_feed")  # one condition, written as one pair
    assert pro.conditions == (("level", ("pro",)),) and pro.shown({"level": "pro"}) and not pro.shown({})


def test_a_stage_course_shows_once_the_tour_has_that_stage_and_repechage_once_there_are_two(app, setup):
    assert not visible(setup, "repechage") and not any(visible(setup, f"stage{k}") for k in range(2, 7))
    stages(app, setup, 3)
    assert [k for k in shown(setup) if k.startswith("stage") and k != "stages"] == ["stage2", "stage3"]
    assert not visible(setup, "repechage")  # at Débutant nobody abandons: no repêchage to vote on
    click(app, setup.option_widgets["level"]._parts()[1].center)  # Expert
    assert visible(setup, "repechage")
    assert all(isinstance(setup.option_widgets[f"stage{k}"], ChipChoice) for k in (2, 3))
    assert [setup.option_widgets[f"stage{k}"].caption for k in (2, 3)] == ["Stage 2", "Stage 3"]
    stages(app, setup, 1)
    assert not visible(setup, "repechage") and not visible(setup, "stage2")


def test_a_stage_course_chip_cycles_with_a_click_and_back_with_a_right_click(app, setup):
    stages(app, setup, 2)
    chip = setup.option_widgets["stage2"]
    assert chip.value == "aurillac"
    click(app, chip.rect.center)
    assert chip.value == "salzburg"
    click(app, chip.rect.center, button=3)
    assert chip.value == "aurillac"
    assert chip.current_tooltip().startswith("Stage 2: Aurillac · French 2007")


def test_a_hidden_option_goes_as_its_default_and_keeps_its_setting_for_when_it_shows_again(app, setup):
    to_pro(app, setup)
    feed = setup.option_widgets["pro_feed"]
    click(app, feed.rect.center)
    assert feed.value is False and dict(setup._options())["pro_feed"] is False
    click(app, setup.option_widgets["level"]._parts()[0].center)  # back to Expert: the Pro rules hide
    assert setup.option_widgets["level"].value == "expert" and not visible(setup, "pro_feed")
    assert dict(setup._options())["pro_feed"] is True  # the game gets the default, not the hidden switch
    click(app, setup.option_widgets["level"]._parts()[1].center)  # Pro again: the switch is as it was left
    assert visible(setup, "pro_feed") and setup.option_widgets["pro_feed"].value is False
    assert dict(setup._options())["pro_feed"] is False


def test_a_value_set_from_outside_a_click_shows_its_options_at_the_next_frame(app, setup):
    setup.option_widgets["level"].set_value("pro")  # set_value does not call on_change
    frames(app, 1)
    assert all(visible(setup, k) for k in PRO_KEYS)


def test_changing_the_number_of_players_keeps_the_pro_rules_and_stage_courses_set(app, setup):
    to_pro(app, setup)
    stages(app, setup, 4)
    click(app, setup.option_widgets["pro_doping_control"].rect.center)
    click(app, setup.option_widgets["stage3"].rect.center)
    before = setup._options()
    click(app, setup.players._parts()[1].center)  # a fifth player rebuilds the seats and the options
    assert len(setup.rows) == 5 and setup._options() == before
    assert all(visible(setup, k) for k in PRO_KEYS) and visible(setup, "stage4")


@pytest.mark.parametrize("players", [2, 4, 8])
def test_pro_with_six_stages_fits_the_screen_above_the_seed_without_overlaps(app, setup, players):
    to_pro(app, setup)
    stages(app, setup, 6)
    setup.players.value = players
    setup._players(players)
    frames(app, 2)
    assert len(shown(setup)) == len(OPTIONS)
    rects = [w.rect for w in setup.widgets if w.visible]
    for a, b in itertools.combinations(rects, 2):
        assert not a.colliderect(b), f"{a} overlaps {b} with {players} players"
    for r in rects:
        assert 0 <= r.left and r.right <= theme.W and 0 <= r.top and r.bottom <= theme.H, r
    for opt, rect, label_at in setup.option_layout:
        assert rect.bottom <= setup.seed.rect.top and rect.right <= 1256, opt.key  # inside the options panel
        if label_at is not None:  # a plain option's label sits left of its widget
            assert label_at[0] < rect.left
    assert setup.options_bottom <= setup.seed.rect.top
    surface = pygame.Surface((theme.W, theme.H))
    setup.draw(surface)  # draws without error at the tightest layout


def test_a_match_started_at_pro_carries_the_pro_rules_and_stage_courses_chosen(app, setup):
    to_pro(app, setup)
    stages(app, setup, 3)
    click(app, setup.option_widgets["pro_attacks"].rect.center)
    click(app, setup.option_widgets["stage3"].rect.center)
    setup._start()
    frames(app, 2)
    table = app.stack.top
    assert isinstance(table, PlainTable)
    options = dict(table.match.config.options)
    assert options["level"] == "pro" and options["stages"] == 3
    assert options["pro_attacks"] is False and all(options[k] is True for k in PRO_KEYS if k != "pro_attacks")
    assert (options["stage2"], options["stage3"]) == ("aurillac", "aurillac")
    assert (options["stage4"], options["stage5"], options["stage6"]) == ("aurillac", "salzburg", "aurillac")


def test_a_match_started_below_pro_gets_the_default_pro_rules_whatever_the_hidden_switches_say(app, setup):
    to_pro(app, setup)
    click(app, setup.option_widgets["pro_condition"].rect.center)
    setup.option_widgets["level"].set_value("expert")
    frames(app, 1)
    setup._start()
    frames(app, 2)
    options = dict(app.stack.top.match.config.options)
    assert options["level"] == "expert" and options["pro_condition"] is True


def test_velomaster_at_pro_shows_its_rules_and_a_race_started_there_plays_the_ones_left_on(app):
    from game.ui.scenes_registry import TABLES

    setup = SetupScene(app, TABLES["velomaster"])
    app.stack.clear_to(setup)
    frames(app, 2)
    assert not any(visible(setup, k) for k in PRO_KEYS)
    to_pro(app, setup)
    assert all(visible(setup, k) for k in PRO_KEYS) and [t for t, _y in setup.group_titles] == ["Pro rules"]
    click(app, setup.option_widgets["pro_attacks"].rect.center)
    click(app, setup.option_widgets["pro_doping_control"].rect.center)
    setup.players.value = 2
    setup._players(2)
    setup._start()
    frames(app, 2)
    match = app.stack.top.match
    options = dict(match.config.options)
    assert options["level"] == "pro" and options["pro_attacks"] is False and options["pro_doping_control"] is False
    played = set(match.state.view(None).pro)
    assert "attacks" not in played and "doping_control" not in played and {"condition", "feed"} <= played


def test_velomaster_at_pro_with_six_stages_and_eight_players_fits_above_the_seed(app):
    from game.ui.scenes_registry import TABLES

    setup = SetupScene(app, TABLES["velomaster"])
    app.stack.clear_to(setup)
    frames(app, 2)
    to_pro(app, setup)
    stages(app, setup, 6)
    setup.players.value = 8
    setup._players(8)
    frames(app, 2)
    keys = shown(setup)
    assert set(PRO_KEYS) <= set(keys) and {f"stage{k}" for k in range(2, 7)} <= set(keys) and "repechage" in keys
    rects = [w.rect for w in setup.widgets if w.visible]
    for a, b in itertools.combinations(rects, 2):
        assert not a.colliderect(b), f"{a} overlaps {b}"
    for _opt, rect, _at in setup.option_layout:
        assert rect.bottom <= setup.seed.rect.top and rect.right <= 1256
    assert all(r.right <= theme.W and r.bottom <= theme.H for r in rects)
