"""Loading a VeloMaster race checks its consistency and names what is wrong (issue 13): two bikes on one
cell, a rider on a cell the course does not have, finishers and their times, summit crossings and
points that do not match where the riders are, fields of the wrong type."""

import copy
import json
import random
import re

import pytest

from game.velomaster.rules.codes import FIN, ROAD

from .velomaster_support import cid, make_course, make_spec

HILLS = make_spec(make_course(rows=40, finish=34, climb={(r, ln): 6 for r in range(5, 8) for ln in range(3)},
                              danger={(12, 1), (15, 0)}, summits=((8, "4"), (20, "2")), missing={(3, 2)}))


def _mid_race(players: int, seed: int, want) -> dict:
    """The to_dict of the first state of a seeded random race for which ``want(state)`` holds."""
    rnd = random.Random(seed)
    s = HILLS.new_state(HILLS.default_config("debutant-salzburg", players), seed)
    while not want(s):
        assert not s.is_over(), "no such state in this race"
        seat = s.to_act()[0]
        s, _ = s.apply(seat, rnd.choice(s.legal_actions(seat)))
    return json.loads(json.dumps(s.to_dict()))


def _side_by_side(s) -> bool:
    rows = [s.setup.geo.row[c] for r, c in enumerate(s.pos) if c and s.status[r] == ROAD]
    return len(rows) != len(set(rows))


@pytest.fixture(scope="module")
def finishing() -> dict:
    """3 teams, one rider across the line, the race still on, two bikes side by side on a row."""
    return _mid_race(3, 4, lambda s: s.finish_order and not s.over and _side_by_side(s))


def _refused(data: dict, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        HILLS.state_from_dict(data)


def _row(c: int) -> int:
    return (c - 1) // 3


def test_velomaster_real_mid_race_states_load_back_unchanged(finishing):
    start = _mid_race(2, 1, lambda s: s.phase == 2)  # launching from the start grid
    over = _mid_race(2, 3, lambda s: s.phase == 8)
    for data in (finishing, start, over):
        assert HILLS.state_from_dict(copy.deepcopy(data)).to_dict() == data


def test_velomaster_save_with_two_bikes_on_one_cell_is_refused_naming_them_and_the_cell(finishing):
    data = copy.deepcopy(finishing)
    road = [r for r, c in enumerate(data["pos"]) if c and data["st"][r] == ROAD]
    a, b = next((a, b) for a in road for b in road if a < b and _row(data["pos"][a]) == _row(data["pos"][b]))
    c = data["pos"][a]
    data["pos"][b] = c
    _refused(data, f"riders {a + 1} and {b + 1} are both on cell {c} (row {_row(c)}, lane {(c - 1) % 3})")


def test_velomaster_save_with_a_rider_on_a_cell_the_course_does_not_have_is_refused(finishing):
    data = copy.deepcopy(finishing)
    data["pos"][0] = cid(3, 2)
    _refused(data, f"rider 1 is on cell {cid(3, 2)}, which the course does not have")
    data["pos"][0] = 999
    _refused(data, "'pos' item 1 must be a whole number from 0 to 120, not 999")


def test_velomaster_save_with_a_finish_time_that_does_not_follow_the_winner_is_refused(finishing):
    data = copy.deepcopy(finishing)
    winner = data["fin"][0]
    data["ftime"][winner] += 30
    _refused(data, f"rider {winner + 1}'s finish time {data['ftime'][winner]} s does not follow from the winner's")


def test_velomaster_save_with_a_racing_rider_in_the_order_across_the_line_is_refused(finishing):
    data = copy.deepcopy(finishing)
    racing = next(r for r, st in enumerate(data["st"]) if st != FIN)
    data["fin"].append(racing)
    _refused(data, f"rider {racing + 1} is in the order across the line but still racing")


def test_velomaster_save_with_a_racing_rider_past_the_line_is_refused(finishing):
    data = copy.deepcopy(finishing)
    racing = next(r for r, st in enumerate(data["st"]) if st != FIN)
    taken = {c for r, c in enumerate(data["pos"]) if data["st"][r] == ROAD}
    data["pos"][racing] = next(cid(35, ln) for ln in range(3) if cid(35, ln) not in taken)
    data["launched"] |= 1 << racing
    _refused(data, f"rider {racing + 1} is still racing on row 35, past the line (row 34)")


def test_velomaster_save_whose_summit_count_does_not_match_the_riders_past_it_is_refused(finishing):
    data = copy.deepcopy(finishing)
    past = data["sumc"][0]
    data["sumc"][0] = past - 1
    _refused(data, f"{past - 1} riders crossed the Col 1 but {past} are past it")


def test_velomaster_save_with_summit_points_not_won_by_the_first_across_is_refused(finishing):
    data = copy.deepcopy(finishing)
    scorer = next(r for r, pts in enumerate(data["pts"]) if pts[1])
    data["pts"][scorer][1] += 1
    _refused(data, "the points at the Col 2 (")


@pytest.mark.parametrize("key, value, message", [
    ("over", "no", "'over' must be true or false, not 'no'"),
    ("phase", 9, "'phase' must be a whole number from 0 to 8, not 9"),
    ("pos", [0, 0], "'pos' must have 6 items, not 2"),
    ("reason", "tired", "'reason' must be one of '', 'leaders', 'team', 'limit', not 'tired'"),
    ("d20", [[21], [3], [4]], "'d20' row 1 item 1 must be a whole number from 1 to 20, not 21"),
    ("miss", [1, 0, 0, 0, 0, 0], "rider 1 misses turns after a crash but is not at the roadside"),
])
def test_velomaster_save_fields_of_the_wrong_type_or_range_are_named(finishing, key, value, message):
    data = copy.deepcopy(finishing)
    data[key] = value
    if key == "miss":
        assert finishing["st"][0] != 1  # rider 1 is not at the roadside in this state
    _refused(data, message)


def test_velomaster_save_without_a_field_is_refused_naming_it(finishing):
    for key in ("pts", "ftime", "players"):
        data = copy.deepcopy(finishing)
        del data[key]
        _refused(data, f"the saved VeloMaster race has no {key!r}")


# The keys of a saved race since state version 1: the fields got clear names in the code (issue 16), the
# saves kept their keys through one table (state.SAVE_KEYS), so every save written before still loads.
VERSION_1_KEYS = {"version", "variant", "players", "options", "course", "rng", "phase", "actor", "seat", "ctx", "rnd",
                  "turns", "wave", "lidx", "seq", "launched", "helped", "t0", "mr", "mdie", "mused", "order", "pend",
                  "played", "dice", "left", "movers", "mpath", "desc", "ent", "sumc", "fin", "pairs", "d20", "pts",
                  "pos", "st", "miss", "arr", "ftime", "over", "reason"}


def test_velomaster_state_fields_have_clear_names_and_saves_keep_their_version_1_keys(finishing):
    s = HILLS.state_from_dict(copy.deepcopy(finishing))
    assert set(finishing) == VERSION_1_KEYS
    assert s.finish_order == tuple(finishing["fin"]) and s.status == tuple(finishing["st"])
    assert s.arrival == tuple(finishing["arr"]) and s.round == finishing["rnd"]
    assert s.moving_rider == finishing["mr"] and s.first_arrival_turn == finishing["t0"]
    assert s.points == tuple(tuple(p) for p in finishing["pts"])
    for short in ("mr", "mdie", "mused", "pend", "lidx", "seq", "t0", "ctx", "rnd", "st", "arr", "fin", "pts"):
        assert not hasattr(s, short), f"the state still has the short field name {short!r}"
