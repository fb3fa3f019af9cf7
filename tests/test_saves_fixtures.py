"""Saves made by an earlier build keep resuming to the same position (tests/fixtures/saves/, written by
tools/make_save_fixtures.py): a change that silently turns an old save into a different game fails here.
tests/fixtures/saves/old-rules/ keeps saves of rules versions a game has left behind (written by the
tool before the bump, never rewritten): they must be refused in plain words."""

import json
import shutil
from pathlib import Path

import pytest

from game import storage
from game.engine.protocol import Config
from game.registry import GAMES

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "saves"
NAMES = sorted(p.name.removesuffix(".save.json") for p in FIXTURES.glob("*.save.json"))
OLD_RULES = sorted(f"old-rules/{p.name.removesuffix('.save.json')}" for p in FIXTURES.glob("old-rules/*.save.json"))


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    return tmp_path


def test_there_is_a_committed_save_for_every_game_and_variant():
    expected = sorted(f"{spec.id}-{variant.id}" for spec in GAMES.values() for variant in spec.variants)
    assert NAMES == expected


def load_fixture(home, name, games=GAMES):
    """Put a committed save in its game's slot and read the saves folder as the menu does."""
    recorded = json.loads((FIXTURES / f"{name}.state.json").read_text(encoding="utf-8"))
    shutil.copyfile(FIXTURES / f"{name}.save.json", storage.slot_path(recorded["game"]))
    return recorded, storage.load_saves(games)


def test_an_old_rules_save_is_kept_for_the_veldiv_rules_of_version_1():
    assert "old-rules/veldiv-individuelle" in OLD_RULES
    recorded = json.loads((FIXTURES / "old-rules/veldiv-individuelle.state.json").read_text(encoding="utf-8"))
    assert recorded["rules_version"] == 1 < GAMES["veldiv"].rules_version


def test_an_old_rules_save_is_kept_for_the_mille_bornes_rules_of_version_1():
    assert "old-rules/millebornes-solo" in OLD_RULES
    recorded = json.loads((FIXTURES / "old-rules/millebornes-solo.state.json").read_text(encoding="utf-8"))
    assert recorded["rules_version"] == 1 < GAMES["millebornes"].rules_version
    assert 1 not in GAMES["millebornes"].resumable_rules_versions


@pytest.mark.parametrize("name", NAMES + OLD_RULES)
def test_a_committed_save_resumes_to_its_recorded_position_or_is_refused_in_plain_words(home, name):
    recorded, status = load_fixture(home, name)
    spec = GAMES[recorded["game"]]
    slot = storage.slot_path(spec.id)
    saved_with = json.loads((FIXTURES / f"{name}.save.json").read_text(encoding="utf-8"))
    if spec.resumes_rules(recorded["rules_version"], Config.from_dict(saved_with["config"])):
        assert status.notices == []
        [saved] = status.matches
        assert saved.match.config.variant == recorded["variant"]
        assert len(saved.match.steps) == recorded["moves"]
        assert json.loads(json.dumps(saved.match.state.to_dict())) == recorded["state"]
        assert slot.exists(), "a resumable save stays in its slot"
    else:  # today's rules cannot replay it: refused in plain words, kept aside, never deleted
        assert status.matches == []
        [notice] = status.notices
        assert notice.kind == "old-rules"
        assert "saved by an earlier version of its rules and cannot be resumed" in notice.text
        assert (home / "saves" / f"{spec.id}.old-rules-1.json").exists()
