"""Seats separate from teams (issue 16, "seats separate from teams (who controls which rider)"): the setup
says which seat decides for each rider and which team each rider races for; the engine asks the rider's
seat for its moves, and Débutant keeps one team per seat."""

from __future__ import annotations

import random

import pytest

from game.velomaster.rules import DieAssigned, RiderStepped, Setup, VelomasterState
from game.velomaster.rules.codes import P_DESCENT, P_ENTRAIDE, P_MOVE, P_ROLL

from .velomaster_support import make_course, make_spec

HILLS = make_spec(make_course(rows=40, finish=34, climb={(r, ln): 6 for r in range(5, 8) for ln in range(3)},
                              danger={(12, 1), (15, 0)}, descent={(20, 0), (20, 1)}, summits=((8, "4"),)))


def test_velomaster_debutant_each_seat_controls_its_own_team():
    su = HILLS.new_state(HILLS.default_config("debutant-salzburg", 3), 1).setup
    assert su.controller == (0, 0, 1, 1, 2, 2)
    assert su.seat_riders == su.teams == ((0, 1), (2, 3), (4, 5))
    assert su.rider_team == (0, 0, 1, 1, 2, 2)
    assert su.leaders == su.seat_leader == (0, 2, 4)
    view = HILLS.new_state(HILLS.default_config("debutant-salzburg", 3), 1).view(None)
    assert [(r.seat, r.team) for r in view.riders] == [(0, 0), (0, 0), (1, 1), (1, 1), (2, 2), (2, 2)]


def _lent_team_mate_race(seed: int):
    """2 players; team 0's team-mate (rider 1) is moved by seat 1, which also runs its own team."""
    config = HILLS.default_config("debutant-salzburg", 2)
    setup = Setup(config, HILLS.geo("salzburg"), controller=(0, 1, 1, 1))
    return VelomasterState.initial(setup, seed)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_velomaster_the_seat_that_controls_a_rider_decides_for_it_not_the_seat_of_its_team(seed):
    s = _lent_team_mate_race(seed)
    su = s.setup
    assert su.seat_riders == ((0,), (1, 2, 3)) and su.teams == ((0, 1), (2, 3))
    rnd = random.Random(seed)
    moved_by = {}
    while not s.is_over():
        seat = s.to_act()[0]
        if s.phase == P_MOVE:
            assert seat == su.controller[s.moving_rider]
        elif s.phase == P_DESCENT:
            assert seat == su.controller[s.descents[0]]
        elif s.phase == P_ROLL:
            assert seat == s.seat
        elif s.phase == P_ENTRAIDE:
            assert seat in (su.controller[s.entraide[0]], su.controller[s.entraide[1]])
        assert set(s.movers) <= set(su.seat_riders[s.seat])
        s, events = s.apply(seat, rnd.choice(s.legal_actions(seat)))
        for e in events:
            if isinstance(e, (DieAssigned, RiderStepped)):
                moved_by.setdefault(e.rider, set()).add(e.seat)
    assert moved_by[1] == {1}  # team 0's team-mate only ever moved in seat 1's name
    assert moved_by[0] == {0}
    view = s.view(None)
    assert [(r.seat, r.team) for r in view.riders] == [(0, 0), (1, 0), (1, 1), (1, 1)]
    assert s.result().ranking  # a race with a lent rider ends and ranks the seats


def test_velomaster_a_seating_that_names_a_missing_seat_is_refused_in_plain_words():
    config = HILLS.default_config("debutant-salzburg", 2)
    with pytest.raises(ValueError, match="names a seat from 1 to 2 for each of the 4 riders"):
        Setup(config, HILLS.geo("salzburg"), controller=(0, 1, 2, 1))
    with pytest.raises(ValueError, match="for each of the 4 riders"):
        Setup(config, HILLS.geo("salzburg"), controller=(0, 1))
