"""VeloMaster stage races through the protocol (issue 17): a tour plays through simulate with zero invariant
errors, saves and resumes mid-stage and between stages, refuses a broken saved tour in plain words, and its bots
take the decisions between stages by rule."""

from __future__ import annotations

import json
import random

import pytest

from game.engine.match import Match, Seat
from game.engine.protocol import Config
from game.registry import ENGINES
from game.simulate import main as simulate
from game.velomaster import tour_bots
from game.velomaster.rules.state import VelomasterState
from game.velomaster.rules.tour import T_LEADERS, T_RACE, T_REPECHAGE, WAITING, TourState, _leaders_or_next
from game.velomaster.rules.tour_actions import Lead, Reinstate
from game.velomaster.rules.tour_standings import ABANDONED, IN
from game.velomaster.rules.variants import race_label, race_summary

from .test_velomaster_tour_rules import SPEC, between_stages, tour_config

GAME = ENGINES["velomaster"]


def run_simulate(capsys, *argv: str) -> dict:
    code = simulate(["velomaster", *argv, "--quiet"])
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert code == 0 and summary["errors"] == 0
    return summary


def test_a_three_stage_debutant_tour_plays_through_simulate_with_zero_invariant_errors(capsys):
    summary = run_simulate(capsys, "--variant", "debutant-aurillac", "--stages", "3", "--finish", "33", "--games", "1",
                           "--players", "3")
    assert summary["options"]["stages"] == 3


def test_a_two_stage_expert_tour_plays_through_simulate_with_zero_invariant_errors(capsys):
    run_simulate(capsys, "--variant", "expert-salzburg", "--stages", "2", "--finish", "33", "--games", "1",
                 "--bots", "easy")


def test_a_three_stage_pro_tour_plays_through_simulate_with_zero_invariant_errors(capsys):
    # the benchmark line: "a 3-stage tour plays through simulate with zero invariant errors" (at Pro, the
    # condition carried from stage to stage, attacks, the doping control at each stage's end)
    summary = run_simulate(capsys, "--variant", "pro-aurillac", "--stages", "3", "--finish", "33", "--games", "1",
                           "--players", "3")
    assert summary["options"]["stages"] == 3 and summary["options"]["level"] == "pro"


def test_a_single_race_stays_a_plain_race_and_a_tour_is_titled_by_its_stages():
    single = GAME.default_config("expert-salzburg")
    assert type(GAME.new_state(single, 1)) is VelomasterState
    assert race_label(single) == "Expert – Salzburg"
    tour = GAME.validate_config(Config("race", 4, tuple(sorted({**dict(single.options), "stages": 3}.items()))))
    assert type(GAME.new_state(tour, 1)) is TourState
    assert race_label(tour) == "Tour of 3 stages – Expert"
    # courses alternate from the chosen course unless a stage's course is chosen
    assert GAME.tour_plan(tour).courses == ("salzburg", "aurillac", "salzburg")
    assert "Salzburg, Aurillac, Salzburg" in race_summary(tour)
    chosen = GAME.validate_config(Config("race", 4, tuple(sorted({**dict(tour.options), "stage3": "aurillac"}.items()))))
    assert GAME.tour_plan(chosen).courses == ("salzburg", "aurillac", "aurillac")


def play_until(match: Match, done, seed: int = 1, limit: int = 200_000) -> None:
    rng = random.Random(seed)
    for _ in range(limit):
        if done(match.state):
            return
        seat = rng.choice(match.to_act())
        match.act(seat, rng.choice(match.state.legal_actions(seat)))
    raise AssertionError("the tour never got there")


def resumed(match: Match) -> Match:
    back = Match.from_save(json.loads(json.dumps(match.to_save())), {"velomaster": SPEC})
    assert back.state.to_dict() == match.state.to_dict()
    assert back.to_act() == match.to_act()
    return back


def test_a_tour_saved_mid_stage_and_between_stages_resumes_where_it_was():
    config = tour_config("debutant", 3, 3)
    seats = [Seat(n, "human") for n in ("Ann", "Bob", "Cat")]
    for seed in range(1, 30):
        match = Match(SPEC, config, seed, seats)
        play_until(match, lambda s: s.stage == 1 and s.race.turns > 3, seed)  # in the second stage
        back = resumed(match)
        assert back.state.stage == 1 and back.state.phase == T_RACE and back.state.times == match.state.times
        play_until(match, lambda s: s.phase != T_RACE or s.stage == 2, seed)
        if match.state.phase == T_LEADERS:
            back = resumed(match)
            assert back.state.phase == T_LEADERS and back.to_act() == match.to_act()
            return
    pytest.fail("no seed met a leader question between stages")


def test_a_saved_tour_with_a_rider_riding_another_teams_slot_is_refused_in_plain_words():
    t = TourState.start(SPEC.tour_plan(tour_config()), 3)
    data = json.loads(json.dumps(t.to_dict()))
    data["tour"]["slots"][0], data["tour"]["slots"][4] = 4, 0
    with pytest.raises(ValueError, match="one slot of their own team"):
        SPEC.state_from_dict(data)
    data = json.loads(json.dumps(t.to_dict()))
    data["tour"]["votes"][1] = WAITING
    with pytest.raises(ValueError, match="repêchage vote is under way"):
        SPEC.state_from_dict(data)
    del data["tour"]
    with pytest.raises(ValueError, match="no 'tour' records"):
        SPEC.state_from_dict(data)


def test_a_tour_between_stages_round_trips_and_its_views_rebuild_it():
    times = [100, 200, 300, 400, 90, 250, -1, 350] + [500] * 8
    out = [IN] * 16
    out[6] = ABANDONED
    t = between_stages(tour_config(), times, [0] * 16, out, winner=4)
    t.phase, t.candidates, t.votes = T_REPECHAGE, (6,), (WAITING,) * 4
    t, _ = t.apply(0, Reinstate(6))
    back = SPEC.state_from_dict(json.loads(json.dumps(t.to_dict())))
    assert back.to_dict() == t.to_dict()
    for seat in range(4):
        imagined = SPEC.determinize(t.view(seat), 99)
        assert imagined.view(seat) == t.view(seat) and imagined.to_act() == t.to_act()
    # the others see that seat 0 has voted, never what, until every vote is in
    for seat in (1, 2, 3):
        tour = t.view(seat).tour
        assert tour.voted[0] and tour.my_vote == WAITING and tour.last_votes == ()
        assert tour.decisions[0].answered == (0,)
    assert t.view(0).tour.my_vote == 6 and t.secrets(0)
    # a search from seat 1's view searches the whole vote: seat 0's cast vote is taken back
    leg = SPEC.determinize_leg(t.view(1), 7)
    assert leg.to_act() == (0, 1, 2, 3) and SPEC.determinize_leg(t.view(0), 7).votes[0] == 6


def test_bots_vote_for_their_own_abandoned_rider_else_for_nobody():
    times = [100, 200, 300, 400, 90, 250, -1, 350] + [500] * 8
    out = [IN] * 16
    out[6] = ABANDONED
    t = between_stages(tour_config(), times, [0] * 16, out, winner=4)
    t.phase, t.candidates, t.votes = T_REPECHAGE, (6,), (WAITING,) * 4
    assert tour_bots.choose(t.view(1), 1, t.legal_actions(1)) == Reinstate(6)  # rider 6 is seat 1's
    assert tour_bots.choose(t.view(0), 0, t.legal_actions(0)) == Reinstate(-1)


def test_bots_make_the_maillot_or_leader_and_name_the_best_placed_rider_after_their_leader_left():
    t = between_stages(tour_config(), [300, 100, 400, 500] + [600] * 12, [0] * 16)
    _leaders_or_next(t, [])
    assert tour_bots.choose(t.view(0), 0, t.legal_actions(0)) == Lead(1)
    # the Rouge alone is not worth the leader's protection
    t = between_stages(tour_config(), [100, 300, 400, 500] + [600] * 12, [0, 9] + [0] * 14)
    _leaders_or_next(t, [])
    assert tour_bots.choose(t.view(0), 0, t.legal_actions(0)) == Lead(0)
    t = between_stages(tour_config(repechage=False), [-1, 400, 200, 500] + [600] * 12, [0] * 16,
                       [ABANDONED] + [IN] * 15)
    _leaders_or_next(t, [])
    assert tour_bots.choose(t.view(0), 0, t.legal_actions(0)) == Lead(2)


def test_a_pro_tour_starts_the_next_stage_with_each_riders_condition_plus_20_up_to_100():
    """« Entre deux étapes tous les cyclistes récupèrent +20% dans la limite de 100% », rider by rider, whichever
    slot a rider rides after a change of leader."""
    from game.velomaster.rules.tour import recovered

    config = tour_config("pro", 4, 2)
    for seed in range(4):
        t = SPEC.new_state(config, seed)
        rng = random.Random(seed)
        finished = None
        while t.stage == 0 or t.phase != T_RACE:
            seat = rng.choice(t.to_act())
            action = rng.choice(t.legal_actions(seat))
            race = t.race.apply(seat, action)[0] if t.phase == T_RACE else None
            slots = t.slot_rider
            t, events = t.apply(seat, action)
            if race is not None and race.over:  # the race's end (its winner's gain), then the tour's jerseys' gains
                condition = list(race.condition)
                for e in events:
                    if type(e).__name__ == "ConditionChanged" and e.why in ("Maillot Or", "Maillot Rouge"):
                        condition[e.rider] = e.value
                finished = (condition, slots)
        condition, slots = finished
        by_rider = {slots[slot]: condition[slot] for slot in range(len(slots))}
        assert t.race.condition == tuple(recovered(by_rider[r]) for r in t.slot_rider)
        assert all(t.race.condition[slot] >= min(100, by_rider[r]) for slot, r in enumerate(t.slot_rider))
