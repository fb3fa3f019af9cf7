"""Loading a Velonimo state checks its consistency and names what is wrong (issue 13): a card twice,
a centre value that does not match its cards, totals that do not add up, fields of the wrong type."""

import copy
import json
import random
import re
import shutil
from pathlib import Path

import pytest

from game.velonimo import SPEC, card_token


def _mid_game(variant: str, players: int, seed: int, want) -> dict:
    """The to_dict of the first state of a seeded random game for which ``want(state)`` holds."""
    rnd = random.Random(seed)
    s = SPEC.new_state(SPEC.default_config(variant, players), seed)
    while not s.is_over():
        if want(s):
            return json.loads(json.dumps(s.to_dict()))
        seat = s.to_act()[0]
        s, _ = s.apply(seat, rnd.choice(s.legal_actions(seat)))
    raise AssertionError("no such state in this game")


@pytest.fixture(scope="module")
def giving_back() -> dict:
    """Round 2 or later, 4 players, a Tortoise thief giving cards back over a centre of several cards."""
    return _mid_game("standard", 4, 3, lambda s: s.round >= 2 and s.phase == 2 and s.centre.bit_count() >= 2)


def _refused(data: dict, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        SPEC.state_from_dict(data)


def test_velonimo_real_mid_game_states_load_back_unchanged(giving_back):
    duel = _mid_game("duel", 2, 5, lambda s: s.round >= 2 and s.revealed >= 0 and s.draw and s.centre)
    for data in (giving_back, duel):
        assert SPEC.state_from_dict(copy.deepcopy(data)).to_dict() == data


def test_velonimo_save_with_a_card_in_two_hands_is_refused_naming_the_card(giving_back):
    data = copy.deepcopy(giving_back)
    card = data["hands"][0][0]
    data["hands"][2].append(card)
    _refused(data, f"card {card_token(card)} appears twice: in player 1's hand and in player 3's hand")


def test_velonimo_save_with_a_card_twice_in_one_hand_is_refused(giving_back):
    data = copy.deepcopy(giving_back)
    card = data["hands"][1][0]
    data["hands"][1].append(card)
    _refused(data, f"card {card_token(card)} appears twice: in player 2's hand")


def test_velonimo_save_with_a_played_card_also_in_a_hand_is_refused(giving_back):
    data = copy.deepcopy(giving_back)
    card = data["played"][0]
    data["hands"][3].append(card)
    _refused(data, f"card {card_token(card)} appears twice: in player 4's hand and in the played cards")


def test_velonimo_save_with_a_centre_value_that_does_not_match_its_cards_is_refused(giving_back):
    data = copy.deepcopy(giving_back)
    worth = data["centre_value"]
    data["centre_value"] = worth + 1
    _refused(data, f"the centre's value is {worth + 1} but its cards are worth {worth}")


def test_velonimo_save_with_centre_cards_that_were_never_played_is_refused(giving_back):
    data = copy.deepcopy(giving_back)
    card = data["hands"][0][0]
    data["centre"] = sorted(data["centre"] + [card])
    _refused(data, f"card {card_token(card)} is in the centre but not in the attack's pile")


def test_velonimo_save_whose_totals_do_not_add_up_is_refused(giving_back):
    data = copy.deepcopy(giving_back)
    earned = data["totals"][1]
    data["totals"][1] = earned + 3
    _refused(data, f"player 2's total is {earned + 3} but their rounds add up to {earned}")


def test_velonimo_save_with_a_player_out_who_still_holds_cards_is_refused(giving_back):
    data = copy.deepcopy(giving_back)
    holder = next(seat for seat, hand in enumerate(data["hands"]) if hand and seat != data["turn"])
    data["active"] &= ~(1 << holder)
    data["out_order"].append(holder)
    _refused(data, f"player {holder + 1} went out but still holds cards")


def test_velonimo_save_with_stolen_cards_outside_the_thief_hand_is_refused(giving_back):
    data = copy.deepcopy(giving_back)
    other = next(h for seat, h in enumerate(data["hands"]) if h and seat != data["turn"])
    data["steal_taken"] = [other[0]]
    _refused(data, "the cards taken with the Tortoise are not in the thief's hand")


@pytest.mark.parametrize("key, value, message", [
    ("jersey_used", 1, "'jersey_used' must be true or false, not 1"),
    ("turn", 7, "'turn' must be a whole number from -1 to 3, not 7"),
    ("round", "2", "'round' must be a whole number from 1 to 5, not '2'"),
    ("rng", -1, "'rng' must be a whole number from 0 to"),
    ("phase", "lunch", "'phase' must be one of 'play', 'steal', 'give', 'choose', 'reward', 'over', not 'lunch'"),
    ("centre_jersey", None, "'centre_jersey' must be true or false, not None"),
    ("draw", {"a": 1}, "'draw' must be a list"),
    ("totals", [0, 0, 0], "'totals' must have 4 items, not 3"),
])
def test_velonimo_save_fields_of_the_wrong_type_or_range_are_named(giving_back, key, value, message):
    data = copy.deepcopy(giving_back)
    data[key] = value
    _refused(data, message)


def test_velonimo_save_with_an_unknown_card_number_or_a_missing_field_is_refused(giving_back):
    data = copy.deepcopy(giving_back)
    data["hands"][0][0] = 55
    _refused(data, "'hands' row 1 item 1 must be a whole number from 0 to 54, not 55")
    data = copy.deepcopy(giving_back)
    data["hands"][0][0] = True
    _refused(data, "'hands' row 1 item 1 must be a whole number from 0 to 54, not True")
    data = copy.deepcopy(giving_back)
    del data["steal_taken"]
    _refused(data, "the saved Velonimo state has no 'steal_taken'")
    data = copy.deepcopy(giving_back)
    del data["config"]
    _refused(data, "the saved Velonimo state has no 'config'")


def test_velonimo_duel_save_with_cards_set_aside_is_refused():
    data = _mid_game("duel", 2, 5, lambda s: s.round >= 2 and s.draw)
    data["aside"] = [data["draw"].pop()]
    _refused(data, "the Duel sets no cards aside")


OLD_RULES = Path(__file__).resolve().parent / "fixtures" / "saves" / "old-rules"


@pytest.mark.parametrize("variant", ["standard", "duel"])
def test_velonimo_saves_of_rules_version_1_are_refused_in_plain_words_and_kept_aside(tmp_path, monkeypatch,
                                                                                       variant):
    """Issue 18: rules version 2 lets a Duel Camel played last draw, so a version-1 save may replay
    into a different game. Its slot is refused in plain words and kept, never deleted."""
    from game import storage
    from game.registry import GAMES

    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    save = OLD_RULES / f"velonimo-{variant}.save.json"
    assert json.loads(save.read_text(encoding="utf-8"))["rules_version"] == 1 < SPEC.rules_version
    shutil.copyfile(save, storage.slot_path("velonimo"))
    status = storage.load_saves(GAMES)
    assert status.matches == []
    [notice] = status.notices
    assert notice.kind == "old-rules"
    assert notice.text.startswith("This Velonimo match was saved by an earlier version of its rules and cannot "
                                  "be resumed.")
    assert (tmp_path / "saves" / "velonimo.old-rules-1.json").read_bytes() == save.read_bytes()
