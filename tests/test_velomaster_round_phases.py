"""Phases in the state (issue 16, "phases in the state (leaders' turn, team-mates' turn)"): a round is the
level's phases one after the other, each seat playing each phase in the leaders' order; the phase being
played is part of the state (saved by levels with several phases). Débutant is the one-phase case."""

from __future__ import annotations

import copy
import dataclasses
import random

import pytest

from game.velomaster.rules import (
    LEVELS,
    DiceRolled,
    DieAssigned,
    EntraideOffered,
    Phase,
    Setup,
    TurnOrder,
    VelomasterState,
    state_from_dict,
)
from game.velomaster.rules.levels import EQUIPIER, LEADER

from .velomaster_support import make_course, make_spec

ROAD = make_spec(make_course(rows=40, finish=34, danger={(12, 1)}, descent={(20, 0), (20, 1)}))

# Not a level of the game: two phases with the Débutant rules, to drive the round machinery.
TWO_PHASES = dataclasses.replace(LEVELS["debutant"], id="two-phase-test",
                                 phases=(Phase("leaders", (LEADER,), 1),
                                         Phase("team-mates", (EQUIPIER,), 1, entraide=False)))


def _two_phase_race(players: int, seed: int) -> VelomasterState:
    setup = Setup(ROAD.default_config("debutant-salzburg", players), ROAD.geo("salzburg"), level=TWO_PHASES)
    return VelomasterState.initial(setup, seed)


def _play(s, seed: int, each=None):
    rnd = random.Random(seed)
    events = []
    while not s.is_over():
        seat = s.to_act()[0]
        before = s
        s, ev = s.apply(seat, rnd.choice(s.legal_actions(seat)))
        if each:
            each(before, s, ev)
        events.extend(ev)
    return s, events


def test_velomaster_debutant_round_is_a_one_phase_level():
    [phase] = LEVELS["debutant"].phases
    assert (phase.roles, phase.dice, phase.entraide) == ((LEADER, EQUIPIER), 2, True)
    s = ROAD.new_state(ROAD.default_config("debutant-salzburg", 3), 5)
    seen = set()

    def check(before, after, ev):
        seen.add(after.round_phase)
        assert "round_phase" not in after.to_dict()  # a Débutant save is what it was before phases

    s, events = _play(s, 5, check)
    assert seen == {0} and s.view(None).round_phase == 0
    assert not [e for e in events if isinstance(e, TurnOrder) and e.kind == "phase"]


@pytest.mark.parametrize("seed", [1, 2])
def test_velomaster_a_two_phase_round_moves_the_leaders_then_the_team_mates(seed):
    s = _two_phase_race(3, seed)
    su = s.setup
    steps = []

    def check(before, after, ev):
        for e in ev:
            if isinstance(e, DieAssigned) and not e.launch:
                # the rider takes a die in the phase its role plays in
                assert su.roles[e.rider] in TWO_PHASES.phases[before.round_phase].roles
            if isinstance(e, DiceRolled) and e.purpose == "race":
                assert len(e.dice) == 1
            if isinstance(e, EntraideOffered):
                assert after.round_phase == 0  # the team-mates' phase offers none
        if after.round:
            steps.append((after.round, after.round_phase))

    s, events = _play(s, seed, check)
    assert steps == sorted(steps)  # every seat plays the leaders' phase before anyone's team-mates' phase
    assert {p for _, p in steps} == {0, 1}
    phases = [e for e in events if isinstance(e, TurnOrder) and e.kind == "phase"]
    assert phases and all(e.phase == "team-mates" for e in phases)
    assert "Round 1, team-mates: " in phases[0].text(["Ann", "Bob", "Cat"])


def test_velomaster_the_round_phase_is_saved_and_loaded_by_a_level_with_several_phases():
    s = _two_phase_race(2, 3)
    rnd = random.Random(3)
    while s.round_phase == 0 or s.round < 2:
        seat = s.to_act()[0]
        s, _ = s.apply(seat, rnd.choice(s.legal_actions(seat)))
    data = s.to_dict()
    assert data["round_phase"] == 1
    loaded = state_from_dict(copy.deepcopy(data), s.setup)
    assert loaded.round_phase == 1 and loaded.to_dict() == data
    assert loaded.legal_actions(loaded.to_act()[0]) == s.legal_actions(s.to_act()[0])
    bad = dict(data, round_phase=2)
    with pytest.raises(ValueError, match="'round_phase'.*from 0 to 1"):
        state_from_dict(bad, s.setup)
    del bad["round_phase"]
    with pytest.raises(ValueError, match="round_phase"):
        state_from_dict(bad, s.setup)
