"""Jeu du Veldiv, Course Individuelle and Américaine: which lap of the race a crossing counts for (issue 18).

A crossing counts for the rider's own lap plus the laps it is down *when it crosses*, measured on the track
(the figure shrinks when a lapped rider makes up the lap); a lap of the race is contested once per rider;
nothing scores beyond the final lap; Un Tour tokens count the laps taken, while the race is on.
"""

from __future__ import annotations

import random

import pytest

from game.veldiv import SPEC
from game.veldiv.rules import events as E
from game.veldiv.rules import play, quick
from game.veldiv.rules.actions import Roll
from game.veldiv.rules.state import VeldivState
from game.veldiv.rules.track import lap_of

from .veldiv_support import DONE, RACING, of, race, rng_for, throw


def test_a_lapped_rider_that_made_up_the_lap_before_crossing_counts_for_its_own_lap_not_one_nobody_raced():
    # Seat 0 laps seats 1 and 2, then seat 1 passes it back and crosses its lap 1 only 42 spaces behind:
    # it is no longer down, so it takes 2nd place on lap 1. (It used to count for lap 2, which the leader,
    # on 91, had not finished: a Premier for a lap nobody had raced.)
    s = race("individuelle", 3, [85, 40, 30], lapc=(0, 1), pts=(2, 0, 0), prem=(1, 0, 0), counted=(1, 0, 0))
    s, _ = throw(s, 5)  # 85 -> 90: more than a lap ahead of 40 and 30
    assert s.laps_down() == (0, 1, 1)
    s, _ = throw(s, 5)  # 40 -> 45
    s, _ = throw(s, 5)  # 30 -> 35
    s, _ = throw(s, 1)  # 90 -> 91
    s, ev = throw(s, 4)  # 45 -> 49: crosses, 42 spaces behind the leader
    crossed = of(ev, E.LineCrossed)[0]
    assert (crossed.lap, crossed.race_lap, crossed.void) == (1, 1, "")
    assert s.prem == (1, 0, 0), "no Premier for a lap the leader has not finished"
    assert s.pts == (2, 1, 0) and s.lapc == (0, 2)
    assert max(lap_of(x) for x in s.x) >= crossed.race_lap


def test_laps_down_is_measured_on_the_track_not_built_from_the_lappers_own_stale_figure():
    # Seat 1 was lapped by seat 0 and has made the lap up (138 against 150); it now laps seat 2 (94).
    # Seat 2 is one lap down on the field, not two: its crossing counts for lap 3, which seat 0 has
    # finished, never for lap 4, which nobody has.
    s = race("individuelle", 3, [150, 138, 94], turn=1, lapc=(0, 3, 3, 1), pts=(7, 5, 3), prem=(2, 1, 0),
             tour=(1, 0, 0), gained=(0, 1, 0, 0, 0, 0, 0, 0, 0), counted=(3, 2, 1))
    s, ev = throw(s, 5)  # seat 1: 138 -> 143, 49 spaces ahead of seat 2: a lap taken
    assert [(e.seat, e.by, e.laps) for e in of(ev, E.RiderLapped)] == [(2, 1, 1)]
    assert s.laps_down() == (0, 0, 1)
    s, ev = throw(s, 3)  # seat 2: 94 -> 97: its lap 2, 53 spaces behind seat 0
    crossed = of(ev, E.LineCrossed)[0]
    assert (crossed.lap, crossed.race_lap) == (2, 3)
    assert s.prem[2] == 0 and s.lapc[3] == 2 and s.pts[2] == 3 + 1  # 2nd on lap 3


def test_seed_108_position_a_rider_crossing_its_lap_5_after_the_race_ended_on_lap_6_takes_no_premier():
    # The position of issue 18 (4 players, seed 108, throw 220 under the old rules): seat 2 ended the race
    # on lap 6 with its third Premier; seat 0 now crosses its own lap 5, 41 spaces behind the winner.
    # It used to count for lap 7 and take a third Premier.
    s = race("individuelle", 4, [237, 252, 290, 232], st=[RACING, DONE, DONE, RACING], turn=0, final=6,
             lapc=(0, 2, 4, 3, 4, 4, 2), pts=(8, 8, 15, 3), prem=(2, 1, 3, 0), arrive=(2, 1), counted=(4, 6, 6, 5))
    s, ev = throw(s, 6)  # 237 -> 249
    crossed = of(ev, E.LineCrossed)[0]
    assert (crossed.lap, crossed.race_lap) == (5, 5)
    assert s.prem == (2, 1, 3, 0) and s.pts[0] == 8  # fifth across lap 5: nothing
    assert s.st[0] == DONE and s.arrive == (2, 1, 0)
    assert not [e for e in ev if isinstance(e, E.TokenAwarded)]


def test_a_rider_that_made_up_a_lap_scores_nothing_for_a_lap_of_the_race_it_already_contested():
    # Seat 1 crossed its lap 1 while a lap down, for lap 2 of the race (2nd). It has since caught up with
    # seat 0 and crosses its own lap 2: that is lap 2 of the race again, which it has already raced.
    s = race("individuelle", 2, [100, 94], turn=1, lapc=(0, 1, 2), pts=(2, 0), prem=(2, 0), tour=(1, 0),
             gained=(0, 1, 0, 0), counted=(2, 2))
    s, ev = throw(s, 3)  # 94 -> 97
    crossed = of(ev, E.LineCrossed)[0]
    assert (crossed.lap, crossed.race_lap, crossed.void) == (2, 2, "raced")
    assert "already contested" in crossed.text(["Ann", "Bob"])
    assert s.lapc == (0, 1, 2) and s.pts == (2, 0) and s.prem == (2, 0) and s.counted == (2, 2)
    before = loaded(race("individuelle", 2, [100, 94], turn=1, lapc=(0, 1, 2), pts=(2, 0), prem=(2, 0),
                         tour=(1, 0), gained=(0, 1, 0, 0), counted=(2, 2)), 3)
    fast = quick.quick_roll(before, 1)
    assert fast is not None, "the plain throw takes the fast path"
    full = play.apply_action(before, 1, Roll())
    assert fast[0].to_dict() == full[0].to_dict() and fast[1] == full[1]


def loaded(state: VeldivState, *dice: int) -> VeldivState:
    """``state`` with its next throws loaded to ``dice``."""
    return VeldivState(state.setup, state.x, state.sp, state.st, state.turn, state.phase, state.dice, rng_for(*dice),
                       state.over, state.throws, state.book)


def test_once_the_end_is_marked_a_crossing_for_a_lap_beyond_the_final_one_scores_nothing_and_finishes():
    s = race("individuelle", 3, [143, 100, 60], st=[RACING, DONE, RACING], final=2, lapc=(0, 3, 2),
             pts=(3, 5, 1), prem=(0, 2, 0), arrive=(1,), counted=(2, 2, 1), options={"premiers": 2, "max_laps": 30})
    s, ev = throw(s, 2)  # 143 -> 145: its lap 3, after the final lap 2
    crossed = of(ev, E.LineCrossed)[0]
    assert (crossed.race_lap, crossed.void) == (3, "after-end")
    assert s.prem == (0, 2, 0) and s.pts == (3, 5, 1) and s.lapc == (0, 3, 2)
    assert s.st[0] == DONE and s.arrive == (1, 0)


def test_once_the_end_is_marked_lapping_an_opponent_takes_no_un_tour_token():
    s = race("individuelle", 3, [92, 100, 40], st=[RACING, DONE, RACING], final=2, lapc=(0, 3, 2),
             pts=(3, 5, 1), prem=(0, 2, 0), arrive=(1,), counted=(1, 2, 1), options={"premiers": 2, "max_laps": 30})
    s, ev = throw(s, 2)  # 92 -> 94: 54 spaces ahead of seat 2
    assert s.tour == (0, 0, 0) and s.gained == (0,) * 9
    assert not of(ev, E.RiderLapped) and not of(ev, E.TokenAwarded)


def test_un_tour_tokens_count_the_laps_taken_not_each_opponent_lapped():
    s = race("individuelle", 3, [60, 13, 20])
    s, ev = throw(s, 3)  # 63: a lap on seat 1 (50 ahead), not yet on seat 2 (43)
    assert s.tour == (1, 0, 0) and [e.token for e in of(ev, E.TokenAwarded)] == ["Un Tour"]
    s = race("individuelle", 3, [63, 13, 20], turn=0, tour=(1, 0, 0), gained=(0, 1, 0, 0, 0, 0, 0, 0, 0))
    s, ev = throw(s, 5)  # 68: now a lap on seat 2 as well: the same lap, taken on a second opponent
    assert [(e.seat, e.laps) for e in of(ev, E.RiderLapped)] == [(2, 1)]
    assert s.tour == (1, 0, 0) and not of(ev, E.TokenAwarded)
    assert s.gained == (0, 1, 1, 0, 0, 0, 0, 0, 0)
    s = race("individuelle", 3, [109, 13, 65], turn=0, tour=(1, 0, 0), gained=(0, 1, 1, 0, 0, 0, 0, 0, 0))
    s, ev = throw(s, 3)  # 112: two laps on seat 1: a second lap taken
    assert s.tour == (2, 0, 0) and [e.total for e in of(ev, E.TokenAwarded)] == [2]


@pytest.mark.parametrize("variant,players,races", [("individuelle", 2, 40), ("individuelle", 4, 30),
                                                   ("individuelle", 12, 12), ("americaine", 4, 20),
                                                   ("americaine", 6, 10)])
def test_seeded_races_never_score_a_lap_nobody_raced_nor_beyond_the_final_one_nor_a_lap_twice(variant, players,
                                                                                               races):
    for seed in range(races):
        s = SPEC.new_state(SPEC.default_config(variant, players), seed)
        choices = random.Random(seed)
        contested: set[tuple[int, int]] = set()
        while not s.is_over():
            seat = s.to_act()[0]
            legal = s.legal_actions(seat)
            final = s.final
            s, events = s.apply(seat, legal[0] if len(legal) == 1 else choices.choice(legal))
            crossed = None
            for e in events:
                if isinstance(e, E.LineCrossed):
                    crossed = e
                    if not e.void:
                        rider = e.seat * s.setup.per_seat + e.rider
                        assert (rider, e.race_lap) not in contested, f"seed {seed}: lap {e.race_lap} contested twice"
                        contested.add((rider, e.race_lap))
                elif isinstance(e, E.PointsScored) or (isinstance(e, E.TokenAwarded) and e.token == "Premier"):
                    assert crossed is not None and not crossed.void
                    assert crossed.race_lap <= max(lap_of(x) for x in s.x), \
                        f"seed {seed}: a place on lap {crossed.race_lap}, which nobody has finished"
                    assert not final or crossed.race_lap <= final, f"seed {seed}: a place after the final lap"
                elif isinstance(e, E.TokenAwarded):
                    assert not final, f"seed {seed}: an Un Tour token after the end was marked"
