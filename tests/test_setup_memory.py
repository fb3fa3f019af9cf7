"""The setup screen remembers, per game, the last variant, players (names, who plays, colours) and options; the
file is outside data: checked against the game's schema, a bad part falls back to its default, a damaged file
is set aside and the setup opens all the same (issue 26)."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import setup_memory
from game.registry import GAMES
from game.ui import theme
from game.ui.scenes.setup import SetupScene
from game.ui.scenes_registry import TABLES

from .ui_helpers import frames, make_app


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    return make_app()


def open_setup(app, game_id: str) -> SetupScene:
    scene = SetupScene(app, TABLES[game_id])
    app.stack.clear_to(scene)
    frames(app, 1)
    return scene


def test_the_setup_opens_on_the_last_choices_made_for_that_game(app):
    scene = open_setup(app, "alameda")
    scene.players.value = 5
    scene._rebuild(5)
    scene.rows[0].name.value = "Ann"
    scene.rows[1].controller.set_value("hard")
    scene.rows[1].name.value = "Hinault"
    scene.rows[2].swatch.index = 7
    scene.option_widgets["rest"].value = True
    scene._start()
    again = open_setup(app, "alameda")
    assert len(again.rows) == 5
    assert [r.name.value for r in again.rows[:2]] == ["Ann", "Hinault"]
    assert again.rows[1].controller.value == "hard" and again.rows[2].swatch.index == 7
    assert dict(again._options())["rest"] is True
    assert len({r.swatch.index for r in again.rows}) == 5, "colours stay distinct"
    other = open_setup(app, "velonimo")
    assert dict(other._options()) == dict(GAMES["velonimo"].default_config().options), "per game"


def test_a_remembered_default_name_stays_a_default_in_another_language_and_for_a_bot(app):
    from game import i18n

    open_setup(app, "velonimo")._start()  # the defaults, in English: "Player 1" and three bots
    try:
        i18n.set_language("fr")
        again = open_setup(app, "velonimo")
        assert again.rows[0].name.value == "Joueur 1", "a name nobody typed is said in the language in use"
        again.rows[0].controller.set_value("hard")
        again.rows[0]._controller("hard")
        again.rows[1].controller.set_value("human")
        again.rows[1]._controller("human")
        assert [r.name.value for r in again.rows[:2]] == ["Eddy", "Joueur 2"], "a bot is not left called Player 1"
    finally:
        i18n.set_language("en")
    typed = open_setup(app, "velonimo")
    typed.rows[0].name.value, typed.rows[0].name_edited = "Ann", True
    typed._start()
    assert open_setup(app, "velonimo").rows[0].name.value == "Ann", "a typed name is kept"


def test_a_damaged_memory_file_is_set_aside_and_the_setup_opens_with_defaults(app, tmp_path):
    (tmp_path / "setups.json").write_text("{not json", encoding="utf-8")
    scene = open_setup(app, "veldiv")
    assert len(scene.rows) == GAMES["veldiv"].variants[0].default_players
    assert any(p.name.startswith("setups.damaged") for p in tmp_path.iterdir())


def test_a_memory_that_does_not_fit_the_game_keeps_the_defaults_for_what_does_not_fit():
    spec = GAMES["millebornes"]
    plan = setup_memory.plan_for(spec, {"variant": "teams", "players": 4, "options": {"target": 2500, "nope": 1,
                                                                                      "fast_play": "yes"},
                                        "seats": [{"name": "Ann", "controller": "human", "colour": 0},
                                                  {"name": "x" * 80, "controller": "human", "colour": 1}]}, 12)
    assert plan.variant == "teams" and plan.players == 4
    assert dict(plan.options) == {"target": 2500}
    assert [s.name for s in plan.seats] == ["Ann"]
    assert setup_memory.plan_for(spec, {"variant": "teams", "players": 5}, 12) is None  # teams are 4 or 6
    assert setup_memory.plan_for(spec, {"variant": "chess", "players": 2}, 12) is None


@settings(max_examples=150, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers(-5, 5000) | st.text(max_size=12),
                    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=10), kids, max_size=5),
                    max_leaves=20))
def test_any_remembered_data_gives_a_valid_plan_or_none(data):
    for game_id in ("velonimo", "millebornes", "velomaster"):
        spec = GAMES[game_id]
        for candidate in (data, {"variant": spec.variants[0].id, "players": spec.variants[0].default_players,
                                 "options": data, "seats": data}):
            plan = setup_memory.plan_for(spec, candidate, len(theme.SEAT_COLOURS))
            if plan is not None:
                spec.validate_config(spec.default_config(plan.variant, plan.players).__class__(
                    plan.variant, plan.players, plan.options))
                assert len({s.colour for s in plan.seats}) == len(plan.seats)
                json.dumps([s.__dict__ for s in plan.seats])
