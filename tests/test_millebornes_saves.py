"""Mille Bornes saves: the committed saves resume to their recorded positions (two players alone, four in
teams mid-hand, a Coup Fourré question open), and a saved state is read back with strict types and a
consistency check that names what is wrong in plain words."""

import json
import shutil
from pathlib import Path

import pytest

from game import storage
from game.millebornes import SPEC
from game.millebornes.rules.cards import ACCIDENT, D25, D75, GO, REPAIRS, STOP

from .millebornes_support import build

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "saves" / "millebornes"
NAMES = sorted(p.name.removesuffix(".save.json") for p in FIXTURES.glob("*.save.json"))


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    return tmp_path


def test_there_are_mille_bornes_saves_alone_in_teams_and_during_a_coup_fourre_question():
    """Alone and in teams: the generic fixtures (tests/test_saves_fixtures.py); here, one more with the
    Coup Fourré question open."""
    generic = sorted(p.name.removesuffix(".save.json") for p in FIXTURES.parent.glob("millebornes-*.save.json"))
    assert generic == ["millebornes-solo", "millebornes-teams"]
    assert NAMES == ["millebornes-coup-fourre"]
    phases = {name: json.loads((FIXTURES / f"{name}.state.json").read_text())["state"]["phase"] for name in NAMES}
    assert phases["millebornes-coup-fourre"] == "asked"


@pytest.mark.parametrize("name", NAMES)
def test_a_committed_mille_bornes_save_resumes_to_its_recorded_position(home, name):
    recorded = json.loads((FIXTURES / f"{name}.state.json").read_text(encoding="utf-8"))
    shutil.copyfile(FIXTURES / f"{name}.save.json", storage.slot_path("millebornes"))
    status = storage.load_saves({"millebornes": SPEC})
    assert status.notices == []
    [saved] = status.matches
    assert saved.match.config.variant == recorded["variant"]
    assert len(saved.match.steps) == recorded["moves"]
    assert json.loads(json.dumps(saved.match.state.to_dict())) == recorded["state"]


def _saved(state) -> dict:
    return json.loads(json.dumps(state.to_dict()))


def _refused(data) -> str:
    with pytest.raises(ValueError) as err:
        SPEC.state_from_dict(data)
    return str(err.value)


def test_a_mille_bornes_state_round_trips():
    state = build(2, [[D25, D75, GO, STOP], [REPAIRS]], zones=[{"drive": (GO, ACCIDENT)}, {"drive": (GO,)}],
                  discard=[STOP, D25])
    back = SPEC.state_from_dict(_saved(state))
    assert back.to_dict() == state.to_dict()
    assert back.view(0) == state.view(0)


def test_a_save_with_a_card_too_many_is_refused_in_plain_words():
    data = _saved(build(2, [[D25, D75], [GO]]))
    data["hands"][0].append(GO)
    assert _refused(data) == ("the game has 15 cards of Go in hands, piles and zones, but the deck holds 14")


def test_a_save_with_two_hazards_on_a_drive_pile_is_refused_in_plain_words():
    data = _saved(build(2, [[D25], [GO]], zones=[{"drive": (GO, ACCIDENT)}, {}], deck_top=[STOP]))
    data["zones"][0]["drive"].append(data["deck"].pop())
    assert _refused(data) == "driving zone 1: two hazards on the drive pile at once"


def test_a_save_whose_drive_pile_does_not_start_with_a_go_is_refused_in_plain_words():
    data = _saved(build(2, [[D25], [GO]], zones=[{"drive": (GO, ACCIDENT)}, {}]))
    data["zones"][0]["drive"] = [ACCIDENT, GO]
    assert _refused(data) == "driving zone 1: the first card of a drive pile must be a Go, not Accident"


def test_a_save_with_a_wrong_type_or_range_is_refused_in_plain_words():
    data = _saved(build(2, [[D25], [GO]]))
    data["turn"] = 5
    assert _refused(data) == "'turn' must be a whole number from 0 to 1, not 5"
    data = _saved(build(2, [[D25], [GO]]))
    data["drawing_over"] = "no"
    assert _refused(data) == "'drawing_over' must be true or false, not 'no'"
    data = _saved(build(2, [[D25], [GO]]))
    data["hands"][1] = [GO, True]
    assert "'hands' row 2 item 2 must be a whole number" in _refused(data)


def test_a_save_with_a_coup_fourre_question_that_does_not_match_its_zone_is_refused():
    data = _saved(build(2, [[D25], [GO]]))
    data.update(phase="asked", asked=1, attacker=0, attack_card=ACCIDENT, attack_zone=1)
    assert _refused(data) == "the hazard of the open Coup Fourré question is not on the zone it hit"
    data = _saved(build(2, [[D25], [GO]]))
    data.update(attacker=0)
    assert _refused(data) == "a Coup Fourré question is recorded but the game is not asking one"


def test_a_save_whose_totals_do_not_add_up_is_refused():
    data = _saved(build(2, [[D25], [GO]]))
    data["totals"] = [100, 0]
    assert _refused(data) == "driving zone 1's total does not add up from its hands"
    data["history"] = [[50, 0]]
    data["last_hand"] = [[["Miles", 50]], [["Miles", 0]]]
    assert _refused(data) == "1 hands are scored but this is hand 1"


def test_a_save_of_a_newer_state_version_is_refused():
    data = _saved(build(2, [[D25], [GO]]))
    data["version"] = 99
    assert _refused(data) == "unsupported Mille Bornes state version 99 (this one reads 2)"
