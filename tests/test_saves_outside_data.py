"""A damaged save never stops the app (issue 13): every field is checked for its exact type and range,
the file is set aside (kept, never deleted) with a plain-words message, and the app goes on."""

import json
import re
from pathlib import Path

import pytest

from game import storage
from game.engine.match import Match, SaveError, Seat
from game.engine.protocol import Config, decode_action
from game.registry import GAMES
from game.velonimo.rules.actions import PlayCards

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "saves"
REAL_SAVE = (FIXTURES / "velonimo-standard.save.json").read_text(encoding="utf-8")  # a 4-player Velonimo save


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    return tmp_path


def load_bad(home, text: str | bytes):
    """Write ``text`` as the Velonimo slot, read the saves as the menu does; the one notice and the
    status. The original bytes must be kept aside."""
    raw = text.encode("utf-8") if isinstance(text, str) else text
    storage.slot_path("velonimo").write_bytes(raw)
    status = storage.load_saves(GAMES)
    assert status.matches == []
    [notice] = status.notices
    assert notice.kind == "damaged" and notice.folder == home / "saves"
    assert not storage.slot_path("velonimo").exists()
    assert (home / "saves" / "velonimo.damaged-1.json").read_bytes() == raw, "the bad file is kept as it was"
    assert "kept as velonimo.damaged-1.json" in notice.text
    return notice


def mutated(**changes) -> str:
    data = json.loads(REAL_SAVE)
    data.update(changes)
    return json.dumps(data)


def test_the_real_save_used_below_loads():
    storage.slot_path("velonimo").write_text(REAL_SAVE, encoding="utf-8")
    status = storage.load_saves(GAMES)
    assert status.notices == [] and len(status.matches) == 1


def test_save_with_seat_out_of_range_is_refused_in_plain_words(home):
    assert json.loads(REAL_SAVE)["config"]["players"] == 4
    corrupt = re.sub(r"\[1, \{", "[9, {", REAL_SAVE, count=1)  # a one-character corruption
    assert len(corrupt) == len(REAL_SAVE) and corrupt != REAL_SAVE
    notice = load_bad(home, corrupt)
    assert "names seat 9, but this match has 4 seats" in notice.text


@pytest.mark.parametrize("seed_text", ["1e400", "1" * 5000, "-3", "1.5", "true", "9223372036854775808"])
def test_save_with_a_seed_that_is_not_a_whole_number_in_range_is_refused(home, seed_text):
    data = json.loads(REAL_SAVE)
    text = json.dumps(data).replace(f'"seed": {data["seed"]}', f'"seed": {seed_text}')
    assert seed_text in text
    notice = load_bad(home, text)
    assert "seed" in notice.text or "number" in notice.text


def test_save_whose_game_is_a_list_is_refused_in_plain_words(home):
    notice = load_bad(home, mutated(game=["velonimo"]))
    assert "does not say which game" in notice.text


def test_save_whose_seats_are_a_string_is_refused_in_plain_words(home):
    notice = load_bad(home, mutated(seats="Ann, Bob"))
    assert "list of players" in notice.text


def test_save_nested_100000_deep_is_refused_without_recursing(home):
    notice = load_bad(home, '{"format": "velotheque-save", "a": ' + "[" * 100_000 + "]" * 100_000 + "}")
    assert "nests lists more than" in notice.text


@pytest.mark.parametrize("seat,words", [
    ({"name": 5}, "name is not a text"),
    ({"name": "x" * 41}, "name is not a text"),
    ({"name": "Ann", "controller": "wizard"}, "unknown kind of player"),
    ({"name": "Ann", "colour": [300, 0, 0]}, "colour is not three whole numbers from 0 to 255"),
    ({"name": "Ann", "colour": [1.5, 0, 0]}, "colour is not three whole numbers"),
    ({"name": "Ann", "colour": [True, 0, 0]}, "colour is not three whole numbers"),
    ({"name": "Ann", "colour": [1, 2]}, "colour is not three whole numbers"),
])
def test_save_with_a_bad_seat_is_refused_in_plain_words(home, seat, words):
    data = json.loads(REAL_SAVE)
    data["seats"][0] = seat
    assert words in load_bad(home, json.dumps(data)).text


def test_save_whose_move_is_not_a_seat_and_an_action_is_refused(home):
    data = json.loads(REAL_SAVE)
    data["actions"][2] = [1, {"type": "Pass"}, "extra"]
    assert "move 3 is not a seat and an action" in load_bad(home, json.dumps(data)).text


def test_save_with_a_wrongly_typed_action_field_is_refused_at_decode(home):
    data = json.loads(REAL_SAVE)
    move = next(m for m in data["actions"] if m[1]["type"] == "PlayCards")
    move[1]["jersey"] = 2
    assert "PlayCards.jersey must be true or false, not 2" in load_bad(home, json.dumps(data)).text


def test_save_with_a_float_seed_is_refused_rather_than_replayed_as_a_different_game(home):
    data = json.loads(REAL_SAVE)
    data["seed"] = float(data["seed"])
    load_bad(home, json.dumps(data))


@pytest.mark.parametrize("raw,words", [
    ({"type": "PlayCards", "cards": [3], "jersey": 2}, "PlayCards.jersey must be true or false, not 2"),
    ({"type": "PlayCards", "cards": [3], "jersey": 1}, "PlayCards.jersey must be true or false"),
    ({"type": "PlayCards", "cards": [True], "jersey": False}, "PlayCards.cards[0] must be a whole number"),
    ({"type": "PlayCards", "cards": [3.0]}, "PlayCards.cards[0] must be a whole number"),
    ({"type": "PlayCards", "cards": 3}, "PlayCards.cards must be a list"),
    ({"type": "PlayCards", "cards": [2**40]}, "PlayCards.cards[0] is out of range"),
    ({"type": "PlayCards", "cards": [3], "bonus": 1}, "unknown fields ['bonus']"),
    ({"type": "PlayCards"}, "bad action PlayCards"),
    ({"type": ["PlayCards"]}, "unknown action type"),
    ({"type": "Steal", "victim": "1"}, "Steal.victim must be a whole number, not '1'"),
    ({"type": "DuelReward", "keep": 0}, "DuelReward.keep must be true or false, not 0"),
    ("Pass", "not an action"),
])
def test_decode_action_checks_every_field_against_its_annotation(raw, words):
    with pytest.raises(ValueError, match=re.escape(words)):
        GAMES["velonimo"].decode_action(raw)


def test_decode_action_accepts_exactly_what_encode_wrote():
    assert GAMES["velonimo"].decode_action({"type": "PlayCards", "cards": [3, 10], "jersey": True}) == \
        PlayCards((3, 10), True)


def test_decode_action_reads_nested_tuples_and_optional_fields():
    from dataclasses import dataclass
    from typing import Optional

    @dataclass(frozen=True)
    class Route:
        legs: tuple[tuple[int, str], ...]
        note: Optional[str] = None  # noqa: UP045 - the old spelling must be read too
        pace: float | None = None

    ok = decode_action({"type": "Route", "legs": [[1, "a"], [2, "b"]], "note": None, "pace": 3}, [Route])
    assert ok == Route(((1, "a"), (2, "b")), None, 3.0)
    for bad, words in (({"legs": [[1, 2]]}, "Route.legs[0][1] must be a text"),
                       ({"legs": [[1]]}, "Route.legs[0] must have 2 items"),
                       ({"legs": [], "note": 5}, "Route.note must be a text or nothing"),
                       ({"legs": [], "pace": True}, "Route.pace must be a number or nothing")):
        with pytest.raises(ValueError, match=re.escape(words)):
            decode_action({"type": "Route", **bad}, [Route])


def test_every_registered_action_type_has_annotations_decode_can_check():
    from game.engine.protocol import _field_types

    for spec in GAMES.values():
        for kind in spec.action_types:
            assert _field_types(kind) is not None  # resolves every annotation, or raises


@pytest.mark.parametrize("config,words", [
    ({"variant": ["standard"], "players": 4}, "variant is not a short text"),
    ({"variant": "standard", "players": 4.0}, "number of players"),
    ({"variant": "standard", "players": True}, "number of players"),
    ({"variant": "standard", "players": 10**6}, "number of players"),
    ({"variant": "standard", "players": 4, "options": [1]}, "options are not an object"),
    ({"variant": "standard", "players": 4, "options": {"rounds": {"a": 1}}}, "bad value"),
])
def test_config_from_a_save_checks_exact_types(config, words):
    with pytest.raises(ValueError, match=words):
        Config.from_dict(config)


def test_a_save_with_an_option_out_of_range_is_refused_in_plain_words(home):
    data = json.loads(REAL_SAVE)
    data["config"]["options"]["rounds"] = 10**9
    assert "must be between" in load_bad(home, json.dumps(data)).text


@pytest.mark.parametrize("content", [b"", b"\xff\xfe\x00", b"[NaN]", b"{}", b"null", b'"text"', b"[1e400]"])
def test_odd_files_in_a_slot_are_set_aside_and_the_app_goes_on(home, content):
    load_bad(home, content)


def test_a_save_far_too_large_is_refused_without_being_read_whole(home, monkeypatch):
    monkeypatch.setattr(storage, "MAX_SAVE_BYTES", 1000)
    assert "too large" in load_bad(home, mutated(padding="x" * 2000)).text


def test_the_slot_file_must_hold_its_own_game(home):
    storage.slot_path("veldiv").write_text(REAL_SAVE, encoding="utf-8")
    status = storage.load_saves(GAMES)
    assert status.matches == [] and "its name says veldiv" in status.notices[0].text
    assert (home / "saves" / "veldiv.damaged-1.json").exists()


def test_match_from_save_refuses_non_objects_in_plain_words():
    for data in ([], "save", 3, None):
        with pytest.raises(SaveError, match="not a Vélothèque save"):
            Match.from_save(data, GAMES)


def test_a_good_save_round_trips_its_seats_exactly():
    seats = [Seat("Ann", "human", (1, 2, 3)), Seat("Bob", "hard", (250, 0, 9))]
    spec = GAMES["velonimo"]
    m = Match(spec, spec.default_config("duel"), 11, seats)
    back = Match.from_save(json.loads(json.dumps(m.to_save())), GAMES)
    assert back.seats == m.seats and back.seed == 11
