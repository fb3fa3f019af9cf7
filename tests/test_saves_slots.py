"""Matches in progress survive new games and rule changes (issue 13): one slot per game, the old single
autosave moved into its slot, saves carry their rules version, older rules resume identically only when
declared, newer files are left in place, and stale temp files are cleaned at start-up."""

import json
import os
import shutil
import time
from pathlib import Path

import pytest

from game import storage
from game.engine.match import Match, Seat
from game.registry import GAMES

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "saves"


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    return tmp_path


def a_match(game_id: str, moves: int = 3, names=("Ann", "Bob")) -> Match:
    spec = GAMES[game_id]
    variant = next(v for v in spec.variants if v.min_players <= len(names) <= v.max_players)
    m = Match(spec, spec.default_config(variant.id, len(names)), 17, [Seat(n) for n in names])
    for _ in range(moves):
        seat = sorted(m.to_act())[0]
        m.act(seat, m.state.legal_actions(seat)[0])
    return m


def fixture(name: str) -> dict:
    return json.loads((FIXTURES / f"{name}.save.json").read_text(encoding="utf-8"))


def test_each_game_has_its_own_slot_so_a_new_game_never_replaces_another_games_match(home):
    velonimo, veldiv = a_match("velonimo"), a_match("veldiv")
    storage.autosaver.save(velonimo.to_save())
    storage.autosaver.save(veldiv.to_save())
    storage.autosaver.flush()
    assert sorted(p.name for p in (home / "saves").iterdir()) == ["veldiv.json", "velonimo.json"]
    status = storage.load_saves(GAMES)
    assert sorted(s.game_id for s in status.matches) == ["veldiv", "velonimo"] and status.notices == []


def test_the_autosaver_writes_the_newest_save_of_every_slot_it_was_given(home):
    first, other, newer = a_match("velonimo", 1), a_match("veldiv", 2), a_match("velonimo", 4)
    for m in (first, other, newer):
        storage.autosaver.save(m.to_save())
    storage.autosaver.flush()
    by_game = {s.game_id: len(s.match.steps) for s in storage.load_saves(GAMES).matches}
    assert by_game == {"velonimo": 4, "veldiv": 2}


def test_clearing_a_slot_removes_only_that_games_match(home):
    storage.autosaver.save(a_match("velonimo").to_save())
    storage.autosaver.save(a_match("veldiv").to_save())
    storage.autosaver.clear("velonimo")
    storage.autosaver.flush()
    assert [s.game_id for s in storage.load_saves(GAMES).matches] == ["veldiv"]


def test_a_slot_name_must_be_a_plain_game_id():
    for bad in ("../settings", "a/b", "", "Velonimo", "x" * 41, 3):
        with pytest.raises(ValueError):
            storage.slot_path(bad)


def test_matches_are_listed_latest_played_first(home):
    storage.save_match(a_match("velonimo"))
    storage.save_match(a_match("veldiv"))
    old = time.time() - 3600
    os.utime(storage.slot_path("veldiv"), (old, old))
    assert [s.game_id for s in storage.load_saves(GAMES).matches] == ["velonimo", "veldiv"]


def test_the_single_autosave_of_earlier_versions_moves_into_its_games_slot(home):
    storage.saves_dir().joinpath("autosave.json").write_text(json.dumps(fixture("veldiv-cagnotte")), encoding="utf-8")
    status = storage.load_saves(GAMES)
    assert [s.game_id for s in status.matches] == ["veldiv"] and status.notices == []
    assert sorted(p.name for p in (home / "saves").iterdir()) == ["veldiv.json"]


def test_an_earlier_autosave_next_to_a_newer_match_of_its_game_is_kept_aside_and_reported(home):
    storage.save_match(a_match("veldiv"))
    (home / "saves" / "autosave.json").write_text(json.dumps(fixture("veldiv-cagnotte")), encoding="utf-8")
    status = storage.load_saves(GAMES)
    assert len(status.matches) == 1 and len(status.matches[0].match.steps) == 3
    [notice] = status.notices
    assert notice.kind == "older" and "autosave.older-1.json" in notice.text
    assert (home / "saves" / "autosave.older-1.json").exists()


def test_a_damaged_earlier_autosave_is_set_aside_under_its_own_name(home):
    storage.saves_dir().joinpath("autosave.json").write_bytes(b'{"format": "velotheque-save", "ver')
    [notice] = storage.load_saves(GAMES).notices
    assert "autosave.damaged-1.json" in notice.text and (home / "saves" / "autosave.damaged-1.json").exists()


def test_every_save_carries_its_games_rules_version():
    for game_id in ("velonimo", "veldiv", "velomaster"):
        m = a_match(game_id, 0, ("Ann", "Bob"))
        assert m.to_save()["rules_version"] == GAMES[game_id].rules_version


def test_a_save_without_a_rules_version_counts_as_rules_version_1(home):
    """Resumed while its game plays rules version 1, refused once they moved on (Velonimo is at 2)."""
    data = fixture("velonimo-standard")
    del data["rules_version"]
    storage.slot_path("velonimo").write_text(json.dumps(data), encoding="utf-8")
    assert len(storage.load_saves(with_rules("velonimo", 1)).matches) == 1
    assert GAMES["velonimo"].rules_version == 2
    status = storage.load_saves(GAMES)
    assert status.matches == [] and [n.kind for n in status.notices] == ["old-rules"]


def with_rules(game_id: str, version: int, resumable: tuple[int, ...] = ()) -> dict:
    """The registered games, with ``game_id`` as if its rules had moved on to ``version``."""
    spec = GAMES[game_id]
    newer = type(spec).__new__(type(spec))
    newer.__dict__.update(spec.__dict__)
    newer.rules_version, newer.resumable_rules_versions = version, resumable
    return {**GAMES, game_id: newer}


def test_a_save_from_earlier_rules_is_refused_in_plain_words_and_kept_aside(home):
    shutil.copyfile(FIXTURES / "velomaster-race.save.json", storage.slot_path("velomaster"))
    status = storage.load_saves(with_rules("velomaster", GAMES["velomaster"].rules_version + 1))
    assert status.matches == []
    [notice] = status.notices
    assert notice.kind == "old-rules" and notice.folder == home / "saves"
    assert notice.text.startswith("This VeloMaster race was saved by an earlier version of its rules and cannot be "
                                  "resumed.")
    assert "velomaster.old-rules-1.json" in notice.text
    kept = home / "saves" / "velomaster.old-rules-1.json"
    assert kept.read_bytes() == (FIXTURES / "velomaster-race.save.json").read_bytes()


def test_a_save_from_earlier_rules_the_game_declares_resumable_replays_to_its_recorded_position(home):
    shutil.copyfile(FIXTURES / "velonimo-standard.save.json", storage.slot_path("velonimo"))
    recorded = json.loads((FIXTURES / "velonimo-standard.state.json").read_text(encoding="utf-8"))
    status = storage.load_saves(with_rules("velonimo", 2, resumable=(1,)))
    assert status.notices == []
    [saved] = status.matches
    assert json.loads(json.dumps(saved.match.state.to_dict())) == recorded["state"]
    assert saved.match.to_save()["rules_version"] == 2, "saved again, it is a save of today's rules"


@pytest.mark.parametrize("change,words", [
    ({"version": 99}, "made by a newer Vélothèque (save format 99)"),
    ({"rules_version": 7}, "saved by a newer Vélothèque (rules version 7"),
])
def test_a_save_made_by_a_newer_version_is_left_where_it_is_with_a_message(home, change, words):
    data = {**fixture("velonimo-duel"), **change}
    path = storage.slot_path("velonimo")
    path.write_text(json.dumps(data), encoding="utf-8")
    before = path.read_bytes()
    for _ in range(2):  # reported each time the menu reads the saves, never moved
        status = storage.load_saves(GAMES)
        [notice] = status.notices
        assert notice.kind == "newer" and words in notice.text and "left where it is" in notice.text
        assert status.matches == [] and path.read_bytes() == before
    assert sorted(p.name for p in (home / "saves").iterdir()) == ["velonimo.json"]


def test_a_save_of_a_game_this_version_does_not_have_is_left_in_place(home):
    data = {**fixture("velonimo-duel"), "game": "mille-bornes"}
    path = storage.slot_path("mille-bornes")
    path.write_text(json.dumps(data), encoding="utf-8")
    [notice] = storage.load_saves(GAMES).notices
    assert notice.kind == "newer" and "does not have ('mille-bornes')" in notice.text and path.exists()


def test_copies_set_aside_are_not_read_again_as_matches(home):
    storage.save_match(a_match("velonimo"))
    shutil.copyfile(storage.slot_path("velonimo"), home / "saves" / "velonimo.damaged-1.json")
    shutil.copyfile(storage.slot_path("velonimo"), home / "saves" / "velonimo.old-rules-1.json")
    status = storage.load_saves(GAMES)
    assert len(status.matches) == 1 and status.notices == []


def test_stale_temp_files_of_interrupted_autosaves_are_cleaned_at_start_up(home):
    from tests.ui_helpers import make_app

    saves = home / "saves"
    saves.mkdir(exist_ok=True)
    stale = [saves / "velonimo.json.k2j3h4.tmp", home / "settings.json.a8b7.tmp"]
    fresh = saves / "veldiv.json.zz9.tmp"  # another window may be writing it right now
    other = home / "notes.tmp"
    for path in (*stale, fresh, other):
        path.write_text("{half")
    old = time.time() - 3600
    for path in (*stale, other):
        os.utime(path, (old, old))
    make_app()
    assert not any(p.exists() for p in stale)
    assert fresh.exists() and other.exists()
