"""VeloMaster's level and course are options of one variant ("race"), and the old "level-course" ids keep
working as aliases (issue 16: "Level and course become options of one variant rather than 'level-course'
ids (keep the old ids working for saves and the command line)")."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import simulate, storage
from game.engine.match import Match, Seat
from game.engine.protocol import Config, ConfigError
from game.registry import ENGINES, GAMES
from game.velomaster.rules.levels import PLAYABLE_LEVELS
from game.velomaster.rules.variants import COURSES

VELOMASTER = GAMES["velomaster"]

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "saves"
OLD_ID_SAVES = sorted(p.name.removesuffix(".save.json") for p in (FIXTURES / "velomaster").glob("*.save.json"))


@pytest.fixture()
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    return tmp_path


# ====================================================================== saves written with the old ids


def test_the_saves_written_with_the_old_ids_are_kept():
    assert OLD_ID_SAVES == ["velomaster-debutant-aurillac", "velomaster-debutant-salzburg"]


def race_config(players: int, **chosen) -> Config:
    """The race with these options and every other (the Pro rules, the stages…) at its default."""
    return VELOMASTER.validate_config(Config("race", players, tuple(sorted(chosen.items()))))


def settings_free(state: dict) -> dict:
    """A saved position without the names of its settings (which the old ids wrote differently)."""
    return {k: v for k, v in state.items() if k not in ("variant", "options")}


def old_id_save(name: str) -> tuple[dict, dict]:
    """An old-id save (its config {"variant": "debutant-salzburg", "options": {"finish": 100}}) and its
    recorded position: a committed one from tests/fixtures/saves/velomaster/, or ``"today"``: today's race
    fixture written back with the old id, as the app wrote Débutant on Salzburg before level and course were
    options (the save's config is the only place the id appears), so it follows every rules version."""
    if name == "today":
        save = json.loads((FIXTURES / "velomaster-race.save.json").read_text(encoding="utf-8"))
        recorded = json.loads((FIXTURES / "velomaster-race.state.json").read_text(encoding="utf-8"))
        options = save["config"]["options"]  # Débutant on Salzburg, every option added since at its default
        defaults = dict(GAMES["velomaster"].default_config("debutant-salzburg", save["config"]["players"]).options)
        assert {k: options[k] for k in ("course", "finish", "level")} == {"course": "salzburg", "finish": 100,
                                                                         "level": "debutant"}
        assert all(options[k] == v for k, v in defaults.items())
        save["config"] = {"variant": "debutant-salzburg", "players": save["config"]["players"], "options": {"finish": 100}}
        return save, recorded
    folder = FIXTURES / "velomaster"
    return (json.loads((folder / f"{name}.save.json").read_text(encoding="utf-8")),
            json.loads((folder / f"{name}.state.json").read_text(encoding="utf-8")))


@pytest.mark.parametrize("name", ["today"] + OLD_ID_SAVES)
def test_velomaster_old_level_course_ids_still_load_and_replay(home, name):
    save, recorded = old_id_save(name)
    old_id = save["config"]["variant"]
    assert old_id.startswith("debutant-") and "level" not in save["config"]["options"], "a save of the old ids"
    storage.slot_path("velomaster").write_text(json.dumps(save), encoding="utf-8")
    status = storage.load_saves(GAMES)
    spec = GAMES["velomaster"]
    if not spec.resumes_rules(save["rules_version"], Config.from_dict(save["config"])):
        # a save of rules the game has left behind: refused for its rules (never for its id), kept aside
        assert status.matches == []
        [notice] = status.notices
        assert notice.kind == "old-rules"
        return
    assert status.notices == []
    [saved] = status.matches
    level, course = old_id.split("-")
    # the race the old id stood for, every option added since (the Pro rules, the stages) at its default
    expected = spec.default_config(old_id, save["config"]["players"])
    assert dict(expected.options).items() >= {("course", course), ("finish", 100), ("level", level)}
    assert saved.match.config == expected
    assert len(saved.match.steps) == recorded["moves"]
    state = json.loads(json.dumps(saved.match.state.to_dict()))
    # the same race, move for move: every field of the recorded position but the names of its settings
    assert settings_free(state) == settings_free(recorded["state"])
    assert state["course"] == course
    # a race without the options added since saves as it always did: the level, the course, the finish line
    assert (state["variant"], state["options"]) == ("race", {"course": course, "finish": 100, "level": level})


def a_race_started_with_an_old_id(moves: int = 12) -> Match:
    """A race set up as "debutant-aurillac" (as a tool or an old settings file may still say), some moves in."""
    seats = [Seat("Ann", "human", (220, 70, 60)), Seat("Bob", "normal", (70, 130, 200))]
    match = Match(VELOMASTER, Config("debutant-aurillac", 2), 7, seats)
    rng = random.Random(7)
    while len(match.steps) < moves:
        seat = rng.choice(sorted(match.to_act()))
        match.act(seat, rng.choice(list(match.state.legal_actions(seat))))
    return match


def test_a_race_started_with_an_old_id_is_saved_under_the_new_id_and_resumes(home):
    match = a_race_started_with_an_old_id()
    assert match.config == race_config(2, course="aurillac", finish=100, level="debutant")
    save = json.loads(json.dumps(match.to_save()))
    assert save["config"] == {"variant": "race", "players": 2, "options": dict(match.config.options)}
    assert save["config"]["options"].items() >= {"course": "aurillac", "finish": 100, "level": "debutant"}.items()
    storage.slot_path("velomaster").write_text(json.dumps(save), encoding="utf-8")
    [resumed] = storage.load_saves(GAMES).matches
    assert resumed.match.config == match.config
    assert resumed.match.state.to_dict() == match.state.to_dict()


def test_an_old_id_saved_with_a_contradicting_course_is_refused_in_plain_words(home):
    save = json.loads(json.dumps(a_race_started_with_an_old_id().to_save()))
    save["config"] = {"variant": "debutant-aurillac", "players": 2, "options": {"course": "salzburg"}}
    storage.slot_path("velomaster").write_text(json.dumps(save), encoding="utf-8")
    status = storage.load_saves(GAMES)
    assert status.matches == []
    [notice] = status.notices
    assert "'debutant-aurillac' means the Road race with Course: Aurillac" in notice.text
    assert "cannot also have Course: Salzburg" in notice.text


# ====================================================================== the protocol's aliases


def test_old_velomaster_ids_name_the_race_with_their_level_and_course():
    assert VELOMASTER.default_config("debutant-aurillac", 3) == race_config(3, course="aurillac", finish=100,
                                                                            level="debutant")
    assert VELOMASTER.validate_config(Config("debutant-salzburg", 2, (("finish", 50),))) == race_config(
        2, course="salzburg", finish=50, level="debutant")
    assert VELOMASTER.variant("debutant-aurillac").id == "race"
    assert VELOMASTER.config_label(VELOMASTER.default_config("debutant-aurillac")) == "Débutant – Aurillac"
    assert VELOMASTER.config_label(VELOMASTER.default_config()) == "Débutant – Salzburg"


def test_every_alias_of_every_game_names_one_of_its_variants_with_valid_options():
    for game in ENGINES.values():
        ids = {v.id for v in game.variants}
        for alias, (target, preset) in game.variant_aliases.items():
            assert alias not in ids, f"{game.id}: {alias} is both a variant and an alias"
            assert target in ids, f"{game.id}: {alias} names no variant"
            variant = game.variant(target)
            options = {o.key: o for o in variant.options}
            for key, value in preset:
                assert options[key].validate(value) == value
            assert game.default_config(alias).variant == target


def test_bench_and_smoke_still_go_through_every_level_on_both_courses():
    named = VELOMASTER.named_configs()
    assert named[0] == ("race", VELOMASTER.default_config())
    assert named[1] == ("debutant-aurillac", VELOMASTER.default_config("debutant-aurillac"))
    set_ups = [(config.get("level"), config.get("course")) for _, config in named]
    assert sorted(set_ups) == sorted(itertools.product(PLAYABLE_LEVELS, COURSES))  # each once


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=70))
def test_an_unknown_variant_id_is_refused_in_plain_words_naming_the_known_ones(text):
    for game in GAMES.values():
        if text in {v.id for v in game.variants} or text in game.variant_aliases:
            continue
        with pytest.raises(ConfigError) as err:
            game.validate_config(Config(text, 4))
        message = str(err.value)
        assert message.startswith(f"{game.name} has no variant ")
        assert all(v.id in message for v in game.variants)
        assert all(alias in message for alias in game.variant_aliases)


# ====================================================================== the command line


def run_simulate(capsys, *words: str) -> dict:
    code = simulate.main(["velomaster", "--games", "1", "--quiet", "--checks", "light", *words])
    assert code == 0
    return json.loads(capsys.readouterr().out.strip().splitlines()[-1])


def test_simulate_accepts_old_velomaster_variant_ids(capsys):
    out = run_simulate(capsys, "--variant", "debutant-aurillac", "--players", "2")
    assert (out["variant"], out["players"], out["errors"]) == ("race", 2, 0)
    assert out["options"].items() >= {"course": "aurillac", "finish": 100, "level": "debutant"}.items()


def test_simulate_reads_level_and_course_flags_from_the_option_schema(capsys):
    out = run_simulate(capsys, "--level", "Débutant", "--course", "aurillac", "--players", "2")
    assert out["options"].items() >= {"course": "aurillac", "finish": 100, "level": "debutant"}.items()
    out = run_simulate(capsys, "--variant", "race", "--option", "course=salzburg", "--players", "2")
    assert out["options"]["course"] == "salzburg"


@pytest.mark.parametrize("words,said", [
    (["--variant", "debutant-aurillac", "--course", "salzburg"], "cannot also have Course: Salzburg"),
    (["--variant", "giro-aurillac"], "VeloMaster has no variant 'giro-aurillac' (known: race; older names still "
                                      "read: debutant-salzburg, debutant-aurillac"),
    (["--level", "beginner"], "Level (level): must be one of debutant (Débutant)"),
])
def test_simulate_refuses_bad_velomaster_ids_and_options_in_plain_words(capsys, words, said):
    with pytest.raises(SystemExit):
        simulate.main(["velomaster", "--games", "1", "--quiet", *words])
    assert said in capsys.readouterr().err
