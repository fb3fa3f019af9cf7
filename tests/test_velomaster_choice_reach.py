"""Issue 18 (VeloMaster): a die choice ("Launch leader · 3", "Leader first: 2 then 6") can show, before it
is made, the rider it moves and every cell that rider would reach — the very cells the engine then
offers. ``rules.choice_reach`` answers it (pure); the table's hover highlighting is tested in
test_velomaster_table_help.py."""

from __future__ import annotations

import random

import pytest

from game.velomaster.rules import Assign, Launch, Roll, Step, Stop, choice_reach, reachable
from game.velomaster.rules.codes import P_ASSIGN, P_LAUNCH, P_MOVE
from game.velomaster.spec import VelomasterSpec
from game.velomaster.tiled import bundled_course

from .velomaster_support import act, cid, make_course, make_spec, race, rigged, with_rng


def _assign_phase(spec, dice):
    s, _ = race(spec, 2, {0: cid(5, 1), 1: cid(3, 1), 2: cid(20, 0), 3: cid(20, 2)}, seat=0)
    s = with_rng(s, rigged(*[(6, d) for d in dice]))
    s, _ = act(s, Roll())
    assert s.phase == P_ASSIGN
    return s


def test_choice_reach_of_leader_first_with_a_die_is_what_the_engine_offers_once_chosen():
    spec = make_spec(make_course(danger={(7, 1)}, climb={(8, ln): 6 for ln in range(3)}))
    s = _assign_phase(spec, (2, 4))
    for action in (Assign(0, 2), Assign(0, 4), Assign(1, 2), Assign(1, 4)):
        preview = choice_reach(s, action)
        after, _ = act(s, action)
        assert after.phase == P_MOVE and after.moving_rider == action.rider
        assert preview == reachable(after), action
        # every highlighted cell is a cell the rider can really be stepped to, along the shown path
        for cell, info in preview.items():
            assert len(info.path) <= action.die and info.path[-1] == cell


def test_choice_reach_counts_the_danger_roll_in_its_odds():
    spec = make_spec(make_course(danger={(6, 1)}))
    s = _assign_phase(spec, (1, 3))
    reach = choice_reach(s, Assign(0, 1))  # the leader on (5, 1), one cell: forward onto the danger cell
    assert reach[cid(6, 1)].rolls == (("skill",),)
    assert reach[cid(6, 1)].probability == pytest.approx(0.9)  # a d20: 1 or 2 is a crash


def test_choice_reach_of_a_launch_enters_the_first_row_from_the_start_grid():
    spec = make_spec(make_course())
    s = spec.new_state(spec.default_config("debutant-salzburg", 2), 1)
    s = with_rng(s, rigged((20, 20), (20, 19)))
    s, _ = act(s, Roll())
    s, _ = act(s, Roll())
    s = with_rng(s, rigged((6, 2), (6, 5)))
    s, _ = act(s, Roll())
    assert s.phase == P_LAUNCH
    reach = choice_reach(s, Launch(1, 2))
    assert {c for c, info in reach.items() if len(info.path) == 1} == {cid(0, 0), cid(0, 1), cid(0, 2)}
    after, _ = act(s, Launch(1, 2))
    assert reach == reachable(after)


def test_choice_reach_is_empty_for_anything_but_a_die_choice():
    s = _assign_phase(make_spec(make_course()), (2, 4))
    assert choice_reach(s, Roll()) == {}
    assert choice_reach(s, Stop(0)) == {}
    assert choice_reach(s, Step(0, cid(6, 1))) == {}


def test_choice_reach_matches_the_engine_on_the_real_maps_in_random_races():
    """Both bundled courses, 2 and 8 players: at every die choice of a random race, each choice's preview
    equals what the engine offers after it (riders in the start grid, at the roadside, in bunches)."""
    checked = 0
    for course, players in (("salzburg", 8), ("aurillac", 2)):
        spec = VelomasterSpec(bundled_course)
        s = spec.new_state(spec.default_config(f"debutant-{course}", players), 7)
        rnd = random.Random(course)
        for _ in range(4000):
            if s.is_over():
                break
            seat = s.to_act()[0]
            legal = s.legal_actions(seat)
            if s.phase in (P_LAUNCH, P_ASSIGN):
                for action in legal:
                    after, _ = s.apply(seat, action)
                    if after.phase == P_MOVE and after.moving_rider == action.rider:
                        assert choice_reach(s, action) == reachable(after)
                        checked += 1
                    else:  # no free cell: the move ended at once, and nothing was highlighted
                        assert choice_reach(s, action) == {}
            moves = [a for a in legal if not isinstance(a, Stop)] or legal
            s, _ = s.apply(seat, rnd.choice(moves))
    assert checked > 100
