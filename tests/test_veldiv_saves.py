"""Loading a Jeu du Veldiv race checks its consistency and names what is wrong (issue 13): two riders on
one space, a space that does not match the distance covered, tokens and points that do not match the
laps, fields of the wrong type."""

import copy
import json
import random
import re

import pytest

from game.veldiv import SPEC
from game.veldiv.rules.track import wrap


def _mid_race(variant: str, players: int, seed: int, want) -> dict:
    """The to_dict of the first state of a seeded random race for which ``want(state)`` holds."""
    rnd = random.Random(seed)
    s = SPEC.new_state(SPEC.default_config(variant, players), seed)
    while not s.is_over():
        if want(s):
            return json.loads(json.dumps(s.to_dict()))
        seat = s.to_act()[0]
        s, _ = s.apply(seat, rnd.choice(s.legal_actions(seat)))
    raise AssertionError("no such state in this race")


@pytest.fixture(scope="module")
def lapping() -> dict:
    """Course Individuelle, 4 players, everyone has moved, someone already lapped a rider."""
    return _mid_race("individuelle", 4, 2, lambda s: all(s.x) and any(s.tour) and not s.final)


def _refused(data: dict, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        SPEC.state_from_dict(data)


def test_veldiv_real_mid_race_states_load_back_unchanged(lapping):
    bonus = _mid_race("americaine", 3, 4, lambda s: s.phase == 2)  # an Art. 7 choice: two riders share a space
    kitty = _mid_race("cagnotte", 4, 1, lambda s: any(s.paid) and s.x[0] > 100)
    out = _mid_race("eliminatoire", 5, 1, lambda s: len(s.elim) >= 2)
    for data in (lapping, bonus, kitty, out):
        assert SPEC.state_from_dict(copy.deepcopy(data)).to_dict() == data


def test_veldiv_save_with_two_riders_on_one_space_is_refused_naming_them(lapping):
    data = copy.deepcopy(lapping)
    space = data["sp"][0]
    data["sp"][2] = space
    data["x"][2] += (space - lapping["sp"][2]) % 48  # the distance still matches the new space
    _refused(data, f"riders 1 and 3 are both on space {space}")


def test_veldiv_save_with_a_space_that_does_not_match_the_distance_covered_is_refused(lapping):
    data = copy.deepcopy(lapping)
    x = data["x"][1]
    data["sp"][1] = wrap(data["sp"][1] + 1)
    _refused(data, f"rider 2 has covered {x} spaces from space 48, which ends on space {wrap(48 + x)}, "
                   f"but is on space {data['sp'][1]}")


def test_veldiv_save_with_premier_tokens_that_do_not_match_the_laps_won_is_refused(lapping):
    data = copy.deepcopy(lapping)
    given = sum(data["prem"])
    data["prem"][3] += 1
    _refused(data, f"{given + 1} Premier tokens were given but {given} laps were won")


def test_veldiv_save_with_un_tour_tokens_that_do_not_match_the_laps_taken_is_refused(lapping):
    data = copy.deepcopy(lapping)
    seat = next(s for s, t in enumerate(data["tour"]) if t == 1)
    data["tour"][seat] += 1
    _refused(data, f"player {seat + 1} holds 2 Un Tour tokens but took 1 lap on an opponent")


def test_veldiv_save_of_a_rider_crossing_for_a_lap_nobody_crossed_for_is_refused(lapping):
    data = copy.deepcopy(lapping)
    data["counted"][1] = len(lapping["lapc"])
    _refused(data, f"rider 2 crossed for lap {len(lapping['lapc'])} of the race, which nobody crossed for")


def test_veldiv_state_of_the_earlier_rules_is_refused_in_plain_words(lapping):
    data = copy.deepcopy(lapping)
    data["version"] = 1
    _refused(data, "this Veldiv race was written by earlier rules (state version 1) and cannot be read by these")


def test_veldiv_save_with_points_that_do_not_match_the_laps_is_refused(lapping):
    data = copy.deepcopy(lapping)
    data["pts"][0] += 2
    _refused(data, f"player 1 has {lapping['pts'][0] + 2} points but scored {lapping['pts'][0]} lap by lap")


def test_veldiv_save_with_an_eliminated_rider_still_on_the_track_is_refused():
    data = _mid_race("eliminatoire", 5, 1, lambda s: len(s.elim) >= 2)
    gone = data["elim"][0]
    data["sp"][gone] = 20
    _refused(data, f"rider {gone + 1} is eliminated but still on space 20")


def test_veldiv_save_with_a_kitty_that_does_not_match_the_stakes_is_refused():
    data = _mid_race("cagnotte", 4, 1, lambda s: any(s.paid) and s.x[0] > 100)
    payer = next(s for s, p in enumerate(data["paid"]) if p)
    data["paid"][payer] += 1
    _refused(data, f"player {payer + 1} paid {data['paid'][payer]} into the kitty but {data['paid'][payer] - 1} "
                   f"in stakes of 1")


@pytest.mark.parametrize("key, value, message", [
    ("over", 0, "'over' must be true or false, not 0"),
    ("turn", 4, "'turn' must be a whole number from 0 to 3, not 4"),
    ("x", [1, 2, 3], "'x' must have 4 items, not 3"),
    ("sp", [49, 1, 2, 3], "'sp' item 1 must be a whole number from 0 to 48, not 49"),
    ("st", [0, 0, 0, 7], "'st' item 4 must be a whole number from 0 to 2, not 7"),
    ("dice", [2.0], "'dice' item 1 must be a whole number from 1 to 6, not 2.0"),
    ("bonus", [0, 1, 3, 5], "no choice of the rider taking the extra advance is open"),
    ("chart", "points", "'chart' must be a list, not 'points'"),
])
def test_veldiv_save_fields_of_the_wrong_type_or_range_are_named(lapping, key, value, message):
    data = copy.deepcopy(lapping)
    data[key] = value
    _refused(data, message)


def test_veldiv_save_without_a_field_is_refused_naming_it(lapping):
    for key in ("rng", "lapc", "variant"):
        data = copy.deepcopy(lapping)
        del data[key]
        _refused(data, f"the saved Veldiv race has no {key!r}")
