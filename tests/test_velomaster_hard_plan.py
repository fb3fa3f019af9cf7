"""VeloMaster Hard's plan of its own turn (game/velomaster/hard_plan.py): the dice given out and the riders moved as
one plan, in constructed positions."""

from __future__ import annotations

import pytest

from game.engine.bots import make_bot
from game.velomaster import hard_plan
from game.velomaster.rules import Assign
from game.velomaster.rules.codes import P_ASSIGN, P_MOVE

from .velomaster_support import act, cid, make_course, make_spec, race, rigged, with_rng

ONE_LANE = make_spec(make_course(lanes=1, rows=60, finish=55))


def lane(row: int) -> int:
    return cid(row, 0, 1)


def _decide(spec, state, seat, seed):
    return make_bot(spec, seat, "hard").start(state.view(seat), state.legal_actions(seat), seed).run()


def _blocked_pair():
    # a road one bike wide: seat 0's leader (rider 0) right behind its team-mate (rider 1), both entraides played
    # this round; the roll is a 5 and a 2, one die each
    s, _ = race(ONE_LANE, 2, {0: lane(10), 1: lane(11), 2: lane(30), 3: lane(31)}, seat=0, helped=0b11)
    s = with_rng(s, rigged((6, 5), (6, 2)))
    s, _ = act(s, s.legal_actions(0)[0])  # roll
    assert s.phase == P_ASSIGN and sorted(s.dice) == [2, 5]
    return s


def test_hard_plan_moves_the_front_team_mate_first_so_the_one_behind_is_not_blocked():
    # "On doit toujours passer par une case qui touche celle où on se trouve": on one lane the rider behind cannot
    # pass its team-mate. Moved first, it is stuck behind it and its die is lost; the front rider first with the 5,
    # then the rear one rides its 2 into the room left. Each action alone, the two orders look alike.
    s = _blocked_pair()
    assert all(_decide(ONE_LANE, s, 0, seed) == Assign(1, 5) for seed in range(4))


def test_hard_plan_then_rides_the_rear_rider_into_the_room_left():
    s = _blocked_pair()
    s, _ = act(s, Assign(1, 5))
    seen = 0
    while s.to_act() == (0,) and s.phase in (P_MOVE, P_ASSIGN):
        s, _ = act(s, _decide(ONE_LANE, s, 0, seen))
        seen += 1
    row = s.setup.geo.row
    assert (row[s.pos[1]], row[s.pos[0]]) == (16, 12)


@pytest.mark.parametrize("variant", ["expert-salzburg", "pro-aurillac"])
def test_hard_plan_plays_only_legal_moves_through_sixty_planned_turn_decisions(variant):
    from game.registry import ENGINES
    from game.simulate import build_config

    game = ENGINES["velomaster"]
    state = game.new_state(build_config(game, variant, 4, []), 11)
    bots = [make_bot(game, x, "hard" if x == 0 else "normal") for x in range(4)]
    planned = 0
    step = 0
    while not state.is_over() and planned < 60 and step < 6000:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if seat == 0 and hard_plan.plans(state, 0) and len(legal) > 1:
            planned += 1
        action = bots[seat].start(state.view(seat), legal, step).run()
        assert action in legal
        state, _ = state.apply(seat, action)
        step += 1
    assert planned == 60
