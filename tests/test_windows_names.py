"""Issue 27 (Windows): every file the app writes has a name the Windows file system accepts: save slots of every
game, the copies it sets aside (damaged, old rules, an earlier autosave), the temp files of its atomic writes,
the settings and the setups it remembers, and exported points sheets. game.files.windows_name_problem says why a
name would be refused."""

from __future__ import annotations

import datetime
import json
import shutil
import tempfile
from pathlib import Path

import pygame
import pytest

from game import files, setup_memory, storage
from game.engine.match import Match, Seat
from game.files import windows_name_problem
from game.registry import GAMES
from game.velomaster.points_sheet import export_png

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "saves"


@pytest.mark.parametrize("name, why", [
    ("velonimo 12:30.json", "':'"),
    ('say "hi".json', "'\"'"),
    ("a<b>.png", "'<', '>'"),
    ("why?.json", "'?'"),
    ("star*.png", "'*'"),
    ("pipe|.json", "'|'"),
    ("back\\slash.json", "'\\\\'"),
    ("new\nline.json", "'\\n'"),
    ("con", "device"),
    ("CON.json", "device"),
    ("nul.tar.gz", "device"),
    ("Com1.png", "device"),
    ("lpt9.json", "device"),
    ("aux .json", "device"),
    ("conin$.txt", "device"),
    ("com\u00b9.json", "device"),
    ("sheet.", "ends with a dot"),
    ("sheet ", "ends with a dot or a space"),
    ("", "empty"),
    ("..", "empty"),
    ("a" * 251 + ".json", "255"),
])
def test_windows_name_problem_says_why_windows_would_refuse_a_name(name, why):
    problem = windows_name_problem(name)
    assert problem is not None and why in problem


@pytest.mark.parametrize("name", [
    "velonimo.json", "velonimo~2.json", "velomaster.old-rules-1.json", "autosave.older-1.json",
    "velomaster-2026-11-26-1701-2.png", "settings.json.k2_x9abc.tmp", "Vélothèque.txt", "console.json",
    "com10.json", "nullify.json", "a" * 250 + ".json",
])
def test_ordinary_names_pass(name):
    assert windows_name_problem(name) is None


def a_match(game_id: str, seed: int, moves: int = 4) -> Match:
    spec = GAMES[game_id]
    config = spec.named_configs()[0][1]
    match = Match(spec, config, seed, [Seat(f"P{i}") for i in range(config.players)])
    for _ in range(moves):
        seat = sorted(match.to_act())[0]
        match.act(seat, match.state.legal_actions(seat)[0])
    return match


def test_every_file_the_app_writes_has_a_name_windows_accepts(tmp_path, monkeypatch):
    home = tmp_path / "home"
    monkeypatch.setenv("VELOTHEQUE_HOME", str(home))
    temp_names: list[str] = []
    real_mkstemp = tempfile.mkstemp

    def recording_mkstemp(*args, **kwargs):
        fd, name = real_mkstemp(*args, **kwargs)
        temp_names.append(Path(name).name)
        return fd, name

    monkeypatch.setattr(files.tempfile, "mkstemp", recording_mkstemp)

    # three matches of every game: two saved at once, one through the background autosaver
    for game_id in GAMES:
        for k in range(3):
            match = a_match(game_id, 100 + k)
            if k < 2:
                storage.save_match(match)
            else:
                storage.autosaver.save(match.to_save(), storage.slot_of(match))
    storage.autosaver.flush()
    # settings and the remembered set-ups, written, then damaged and set aside when read
    storage.save_settings(storage.Settings())
    spec = GAMES["velonimo"]
    config = spec.named_configs()[0][1]
    plan = setup_memory.SetupPlan(config.variant, config.players,
                                  tuple(setup_memory.SeatPlan(f"P{i}", "human", i) for i in range(config.players)),
                                  ())
    setup_memory.remember("velonimo", plan)
    for path in (storage.settings_path(), home / "setups.json"):
        assert path.is_file()
        path.write_bytes(b"{ damaged")
    storage.load_settings()
    setup_memory.remembered("velonimo")
    storage.save_settings(storage.Settings())  # and written anew
    setup_memory.remember("velonimo", plan)
    # a damaged slot, a slot of earlier rules, an earlier autosave next to a match of its game: set aside
    storage.slot_path(storage.new_slot("alameda")).write_bytes(b"\x00 not a match")
    shutil.copyfile(FIXTURES / "old-rules" / "velonimo-standard.save.json",
                    storage.slot_path(storage.new_slot("velonimo")))
    (home / "saves" / "autosave.json").write_text(
        json.dumps(json.loads((FIXTURES / "veldiv-cagnotte.save.json").read_text(encoding="utf-8"))),
        encoding="utf-8")
    notices = storage.load_saves(GAMES).notices
    assert sorted(n.kind for n in notices) == ["damaged", "old-rules", "older"]
    # points sheets, two in the same minute
    when = datetime.datetime(2026, 11, 26, 23, 59)
    sheets = [export_png(pygame.Surface((8, 8)), when=when) for _ in range(2)]

    written = sorted(p.name for p in home.rglob("*") if p.is_file())
    kinds = {"slot": [n for n in written if storage.SLOT_ID.fullmatch(n[:-5] if n.endswith(".json") else n)],
             "set aside": [n for n in written if ".damaged-" in n or ".old-rules-" in n or ".older-" in n],
             "temp file": temp_names, "sheet": [p.name for p in sheets]}
    assert all(len(names) >= 2 for names in kinds.values()), kinds  # each kind of name was written
    assert any("~3" in n for n in kinds["slot"]) and len(kinds["set aside"]) >= 5
    assert {"settings.json", "setups.json", "settings.damaged-1.json", "setups.damaged-1.json"} <= set(written)
    refused = {name: windows_name_problem(name) for name in [*written, *temp_names]
               if windows_name_problem(name) is not None}
    assert refused == {}


def test_every_registered_game_id_makes_slot_names_windows_accepts():
    """A game id is the stem of its save files: 'con' or 'aux' would be refused by Windows."""
    for game_id in GAMES:
        for slot in (game_id, f"{game_id}~2", f"{game_id}~999999"):
            assert windows_name_problem(f"{slot}.json") is None, slot
            assert windows_name_problem(f"{slot}.damaged-12.json") is None, slot
