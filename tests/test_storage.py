"""Saves and settings on disk: atomic writes; bad files are reported in plain words and kept aside."""

import json

import pytest

from game import storage
from game.engine.match import Match, Seat

from .fake_game import RACE, Add

GAMES = {"race": RACE}


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    return tmp_path


def a_match():
    m = Match(RACE, RACE.default_config(), 7, [Seat("Ann"), Seat("Bob")])
    m.act(0, Add(2))
    return m


def test_autosave_round_trip_resumes_the_match():
    m = a_match()
    storage.save_match(m)
    status = storage.load_saves(GAMES)
    assert not status.notices and [s.match.state.to_dict() for s in status.matches] == [m.state.to_dict()]


def test_atomic_write_leaves_no_temp_files(home):
    storage.save_match(a_match())
    names = sorted(p.name for p in (home / "saves").iterdir())
    assert names == ["race.json"]


@pytest.mark.parametrize("content,words", [
    (b'{"format": "velotheque-save", "version": 1, "game": "race", "conf', "not complete JSON"),
    (b"\x89PNG\r\n\x1a\n binary \xff junk", "not text"),
    (b'{"some": "other app"}', "not a Vélothèque save"),
])
def test_a_bad_save_is_reported_and_kept_aside(home, content, words):
    path = storage.slot_path("race")
    path.write_bytes(content)
    status = storage.load_saves(GAMES)
    assert status.matches == []
    [notice] = status.notices
    assert words in notice.text and "kept as race.damaged-1.json" in notice.text
    assert notice.folder == home / "saves"
    assert not path.exists()
    assert (home / "saves" / "race.damaged-1.json").read_bytes() == content


def test_second_bad_save_does_not_overwrite_the_first_kept_copy(home):
    for n in (1, 2):
        storage.slot_path("race").write_bytes(b"{broken %d" % n)
        storage.load_saves(GAMES)
    kept = sorted(p.name for p in (home / "saves").iterdir())
    assert kept == ["race.damaged-1.json", "race.damaged-2.json"]


def test_a_finished_match_is_not_offered_to_continue():
    m = a_match()
    while not m.is_over():
        m.act(m.to_act()[0], Add(2))
    storage.write_json_atomic(storage.slot_path("race"), m.to_save())
    assert storage.load_saves(GAMES).matches == []


def test_settings_round_trip_and_damaged_settings_fall_back_to_defaults(home):
    s = storage.Settings(fullscreen=True, animation_speed="fast", sound=False, window_size=(1600, 900))
    storage.save_settings(s)
    loaded, problem = storage.load_settings()
    assert problem is None and loaded == s
    storage.settings_path().write_text("[1, 2")
    loaded, problem = storage.load_settings()
    assert loaded == storage.Settings() and "damaged" in problem.text
    assert (home / "settings.damaged-1.json").exists()


def test_data_dir_follows_velotheque_home(home):
    from game.paths import data_dir

    assert data_dir() == home
    json.dumps(storage.Settings().SPEEDS)


def test_an_autosave_lands_in_the_data_folder_in_force_when_it_was_asked_for(tmp_path, monkeypatch):
    # a job still queued when the data folder changes (a test's home, a new VELOTHEQUE_HOME) must not land in
    # the next folder as someone else's "match in progress"
    first, second = tmp_path / "first", tmp_path / "second"
    monkeypatch.setenv("VELOTHEQUE_HOME", str(first))
    saver = storage.Autosaver()
    monkeypatch.setattr(saver, "_ensure_thread", lambda: None)  # hold the thread back until the folder changed
    saver.save(a_match().to_save())
    monkeypatch.setenv("VELOTHEQUE_HOME", str(second))
    monkeypatch.setattr(saver, "_ensure_thread", storage.Autosaver._ensure_thread.__get__(saver))
    saver._ensure_thread()
    saver.flush()
    game_id = a_match().game.id
    assert any(first.rglob(f"{game_id}.json"))
    assert not any(second.rglob(f"{game_id}.json"))
