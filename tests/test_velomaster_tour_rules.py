"""VeloMaster stage races ("Course à étapes", issue 17): the classifications, jerseys, repêchage, leader swap,
riders carried out of the tour and the Pro recovery, each by the rulebook's words (docs/rules/velomaster.md,
"Course à étapes")."""

from __future__ import annotations

import math
import random
from types import SimpleNamespace

import pytest

from game.engine.protocol import Config, IllegalAction
from game.velomaster.rules.codes import FIN, OUT, ROAD
from game.velomaster.rules.stage_start import StageStart
from game.velomaster.rules.standings import stage_time, turns_a_round
from game.velomaster.rules.state import VelomasterState
from game.velomaster.rules.tour import (
    NOT_ASKED,
    T_LEADERS,
    T_RACE,
    T_REPECHAGE,
    WAITING,
    TourState,
    _carried_condition,
    _end_stage,
    recovered,
)
from game.velomaster.rules.tour_actions import Lead, Reinstate
from game.velomaster.rules.tour_events import LeaderNamed, RepechageDecided, StageOver, StageStarted
from game.velomaster.rules.tour_standings import ABANDONED, IN, standings

from .velomaster_support import make_course, make_spec

SPEC = make_spec(make_course(rows=14, finish=9, summits=((4, "4"), (7, "3"))))


def tour_config(level: str = "expert", players: int = 4, stages: int = 3, repechage: bool = True) -> Config:
    base = dict(SPEC.default_config(f"{level}-salzburg", players).options)
    base.update(stages=stages, repechage=repechage)
    return SPEC.validate_config(Config("race", players, tuple(sorted(base.items()))))


def finished_race(t: TourState, seed: int = 3) -> VelomasterState:
    """The tour's current race played to its end with random moves (a short synthetic course)."""
    rng = random.Random(seed)
    race = t.race
    while not race.over:
        seat = rng.choice(race.to_act())
        race, _ = race.apply(seat, rng.choice(race.legal_actions(seat)))
    return race


def with_race(t: TourState, race) -> TourState:
    t = t._copy()
    t.race = race
    return t


def altered(race, **fields):
    """A copy of a finished race with some per-rider records changed (what a test needs to have happened)."""
    w = race._work()
    for name, value in fields.items():
        setattr(w, name, value)
    return w


def between_stages(config: Config, times, points, out=None, winner: int = 0) -> TourState:
    """A tour just after its first stage (its race run to the end), with the records given (per tour rider)."""
    t = TourState.start(SPEC.tour_plan(config), 5)._copy()
    t.race = finished_race(t)
    nr = t.plan.riders
    t.times, t.points = (tuple(times),), (tuple(points),)
    t.arrivals = (tuple(sorted((r for r in range(nr) if times[r] >= 0), key=lambda r: times[r])),)
    t.crossed = (len(t.arrivals[0]),)  # (every rider timed counted across the line)
    t.winners, t.reinstated = (winner,), (-1,)
    t.rode = (t.slot_rider,)
    t.out = tuple(out) if out else (IN,) * nr
    t.out_stage = tuple(0 if o else -1 for o in t.out)
    return t


# ---------------------------------------------------------------------------- classifications


def test_cumulative_times_and_points_add_the_stages_temps_etape_into_the_total_cumule():
    times = ((100, 200, 300, 400), (150, 100, 300, 50))
    points = ((5, 0, 10, 0), (0, 7, 10, 0))
    st = standings(times, points, ((0, 1, 2, 3), (3, 1, 0, 2)), (IN,) * 4, 2, -1)
    assert st.cumulative_time == (250, 300, 600, 450)
    assert st.cumulative_points == (5, 7, 20, 0)
    assert st.general == (0, 1, 3, 2)
    assert st.climbers == (2, 1, 0)


def test_the_first_of_both_classifications_keeps_the_or_and_the_second_climber_wears_the_rouge():
    """« si un coureur est premier dans les 2 classements, il ne garde qu'un seul maillot. C'est le second du
    classement qui portera l'autre maillot »"""
    st = standings(((100, 200, 300, 400),), ((30, 0, 20, 5),), ((0, 1, 2, 3),), (IN,) * 4, 2, -1)
    assert st.general[0] == 0 and st.climbers[0] == 0
    assert st.or_jersey == 0 and st.rouge_jersey == 2


def test_equal_times_are_broken_by_the_climbers_classification_then_by_the_teams_two_best_riders():
    """« En cas d'égalité à l'un des classements, on départage en fonction de l'autre classement. Si l'égalité
    reste parfaite alors on départage en fonction du cumul des points des 2 meilleurs vélos de l'équipe »"""
    st = standings(((100, 100, 90, 100),), ((0, 4, 0, 0),), ((2, 0, 1, 3),), (IN,) * 4, 2, -1)
    assert st.general[:2] == (2, 1)  # 1 and 0 share 100 s: rider 1's 4 points first
    st = standings(((100, 90, 100, 90),), ((3, 0, 3, 9),), ((1, 3, 0, 2),), (IN,) * 4, 2, -1)
    # riders 0 and 2: same time, same points; rider 2's team (2, 3) has 12 points to team (0, 1)'s 3
    assert st.general.index(2) < st.general.index(0)
    # equal points among climbers: the better place in the general classification first
    assert st.climbers.index(2) < st.climbers.index(0)


def test_an_abandoned_rider_holds_no_jersey_even_with_the_most_points():
    """« un coureur ayant abandonné, ne pourra prétendre à porter l'un de ces maillots, même s'il possède un plus
    grand nombre de points que ses adversaires »"""
    st = standings(((50, -1, 300, 400),), ((0, 40, 10, 0),), ((0, 2, 3),), (IN, ABANDONED, IN, IN), 2, -1)
    assert 1 not in st.general and 1 not in st.climbers
    assert st.or_jersey == 0 and st.rouge_jersey == 2


def test_the_team_classification_adds_the_three_best_stage_times_two_at_debutant():
    """Team classification: the cumulative time of each team's three best riders; a Débutant team has two."""
    expert = standings(((10, 20, 30, 99, 5, 5, 5, 5),), ((0,) * 8,), ((),), (IN,) * 8, 4, -1)
    assert expert.team_times == (60, 15) and expert.teams == (1, 0)
    debutant = standings(((10, 20, 1, 40), (10, 20, 1, 40)), ((0,) * 4, (0,) * 4), ((), ()), (IN,) * 4, 2, -1)
    assert debutant.team_times == (60, 82)
    # a team with fewer riders with a time than counted leaves the team classification
    short = standings(((10, -1, 1, 40),), ((0,) * 4,), ((),), (IN, ABANDONED, IN, IN), 2, -1)
    assert short.team_times == (-1, 41) and short.teams == (1, 0)


# ---------------------------------------------------------------------------- a stage's end


def test_velomaster_a_rider_still_on_the_road_is_timed_a_minute_for_each_players_turn_it_would_still_need():
    # "Calcul du temps d'arrivée : un joueur est désigné pour ajouter 1 minute au temps du 1er arrivé à chaque fois
    # qu'un joueur joue": a rider still on the road when the race ends gets the clock's time then, plus a minute for
    # each player's turn of the rounds it would still need at a die's average (3.5 rows a round)
    t = TourState.start(SPEC.tour_plan(tour_config("debutant", 3)), 2)
    race = finished_race(t)
    g = race.setup.geo
    on_road = [r for r in range(race.setup.riders) if race.status[r] != FIN]
    assert on_road, "a Débutant race ends with team-mates still on the road"
    players_turns = sum(1 for x in range(3) if any(race.status[r] != FIN for r in race.seats.seat_riders[x]))
    assert turns_a_round(race) == players_turns
    for r in on_road:
        rounds = math.ceil((race.setup.finish_row - g.row[race.pos[r]]) / 3.5)
        assert stage_time(race, r) == race.race_clock() + 60 * players_turns * rounds
    for r in race.finish_order:
        assert stage_time(race, r) == race.finish_time[r] <= race.race_clock()


def test_velomaster_a_stage_s_results_list_the_riders_timed_on_the_road_apart_from_its_arrivals():
    # a rider still on the road when the stage ends did not arrive: it is timed there (the test above), and the
    # stage's results say so instead of listing it among the arrivals
    from game.velomaster.tour_standings import standings_of

    t = TourState.start(SPEC.tour_plan(tour_config("debutant", 3)), 2)
    rng = random.Random(2)
    finished = None
    while finished is None:
        seat = rng.choice(t.to_act())
        action = rng.choice(t.legal_actions(seat))
        before = t
        t, events = t.apply(seat, action)
        if any(isinstance(e, StageOver) for e in events):
            finished, _ = before.race.apply(seat, action)
    across = sum(1 for st in finished.status if st == FIN)
    assert 0 < across < finished.setup.riders, "a Débutant race ends with team-mates still on the road"
    view = t.view(None)
    assert view.tour.crossed == (across,)
    results = standings_of(view, ["Ann", "Bob", "Cat"]).arrival
    assert [line.on_road for line in results] == [False] * across + [True] * (len(results) - across)
    for line in results:
        assert line.on_road == (finished.status[line.rider] != FIN), line
    assert SPEC.state_from_dict(t.to_dict()).crossed == t.crossed  # saved and read back


def test_a_rider_who_abandoned_is_recorded_out_and_does_not_start_the_next_stage():
    t = TourState.start(SPEC.tour_plan(tour_config("expert", 4)), 2)
    race = finished_race(t)
    victim = next(r for r in range(race.setup.riders) if race.status[r] != FIN and r % 4)
    status = tuple(OUT if r == victim else s for r, s in enumerate(race.status))
    points = tuple(((99,) + p[1:]) if r == victim else p for r, p in enumerate(race.points))
    crashes = tuple(1 if r == victim else c for r, c in enumerate(race.crashes))
    t = with_race(t, altered(race, status=status, points=points, crashes=crashes))
    ev: list = []
    _end_stage(t, ev)
    assert t.out[victim] == ABANDONED and t.out_stage[victim] == 0 and t.times[0][victim] == -1
    assert t.standings().rouge_jersey != victim and victim not in t.standings().general
    over = next(e for e in ev if isinstance(e, StageOver))
    assert over.standings.or_jersey == t.standings().or_jersey
    assert t.phase == T_REPECHAGE and t.candidates == (victim,)
    for seat in range(4):
        t, ev = t.apply(seat, Reinstate(-1))
    if t.phase == T_LEADERS:
        for seat in t.to_act():
            t, ev = t.apply(seat, t.legal_actions(seat)[0])
    assert t.phase == T_RACE and t.stage == 1
    slot = t.slot_rider.index(victim)
    assert t.race.status[slot] == OUT and not t.race.launched >> slot & 1


def test_a_team_with_no_rider_left_sits_the_stage_out_and_the_race_still_ends():
    """Absent riders never launch; a seat without riders rolls no d20 and plays no turn; the race ends when all
    the leaders or a complete team are in."""
    setup = SPEC.setup(tour_config("expert", 3, 1))
    race = VelomasterState.initial(setup, 7, StageStart(frozenset({0, 1, 2, 3, 6})))
    assert race.to_act() == (1,) and race.pending_rolls == (1, 2)
    rng = random.Random(1)
    seats_played = set()
    while not race.over:
        seat = rng.choice(race.to_act())
        seats_played.add(seat)
        race, _ = race.apply(seat, rng.choice(race.legal_actions(seat)))
    assert 0 not in seats_played and 0 not in race.order
    assert all(race.status[r] == OUT and not race.launched >> r & 1 for r in (0, 1, 2, 3, 6))
    assert race.reason in ("leaders", "team")
    if race.reason == "team":  # the complete team is one that started whole (never the one missing a rider)
        assert any(all(race.status[r] == FIN for r in team) for team in setup.teams[2:])


# ---------------------------------------------------------------------------- repêchage


def test_repechage_the_majority_reinstates_the_rider_with_the_stages_slowest_time():
    times = [100, 200, 300, 400, 150, 250, -1, 350, 120, 130, 140, 160, 170, 180, 190, 210]
    out = [IN] * 16
    out[6] = ABANDONED
    t = between_stages(tour_config(), times, [0] * 16, out)
    t.phase, t.candidates, t.votes = T_REPECHAGE, (6,), (WAITING,) * 4
    assert t.to_act() == (0, 1, 2, 3)
    t, ev = t.apply(2, Reinstate(6))
    assert t.view(0).tour.voted == (False, False, True, False) and t.view(0).tour.my_vote == WAITING
    assert t.view(2).tour.my_vote == 6
    with pytest.raises(IllegalAction, match="already answered"):
        t.apply(2, Reinstate(-1))
    for seat, vote in ((0, 6), (1, -1), (3, 6)):
        t, ev = t.apply(seat, Reinstate(vote))
    decided = next(e for e in ev if isinstance(e, RepechageDecided))
    assert decided.rider == 6 and decided.votes == (6, -1, 6, 6) and decided.reveals
    assert t.out[6] == IN and t.times[0][6] == 400 and t.reinstated == (6,)
    assert t.phase == T_RACE and t.race.status[t.slot_rider.index(6)] != OUT


def test_repechage_a_tie_is_broken_by_the_stage_winners_extra_vote():
    """« avec en cas d'égalité, une voix supplémentaire pour le vainqueur de l'étape »: two votes each way, the
    stage winner's director (seat 1 here) decides."""
    times = [100, 200, 300, 400, 90, 250, -1, 350] + [500] * 8
    out = [IN] * 16
    out[6] = ABANDONED
    for winner_seat_votes_for, expected in ((6, 6), (-1, -1)):
        t = between_stages(tour_config(), times, [0] * 16, out, winner=4)
        t.phase, t.candidates, t.votes = T_REPECHAGE, (6,), (WAITING,) * 4
        other = -1 if winner_seat_votes_for == 6 else 6
        votes = {0: other, 1: winner_seat_votes_for, 2: winner_seat_votes_for, 3: other}
        for seat in (3, 1, 0, 2):
            t, ev = t.apply(seat, Reinstate(votes[seat]))
        decided = next(e for e in ev if isinstance(e, RepechageDecided))
        assert decided.rider == expected and decided.tie_broken


def test_repechage_votes_give_the_same_tour_in_any_order():
    times = [100, 200, 300, 400, 90, 250, -1, 350] + [500] * 8
    out = [IN] * 16
    out[6] = ABANDONED
    finals = []
    for order in ((0, 1, 2, 3), (3, 2, 1, 0)):
        t = between_stages(tour_config(), times, [0] * 16, out, winner=4)
        t.phase, t.candidates, t.votes = T_REPECHAGE, (6,), (WAITING,) * 4
        for seat in order:
            t, _ = t.apply(seat, Reinstate(6 if seat % 2 else -1))
        finals.append(t.to_dict())
    assert finals[0] == finals[1]


# ---------------------------------------------------------------------------- leaders


def test_a_jersey_holding_team_mate_may_be_made_leader_and_the_old_leader_takes_its_place():
    """« Néanmoins, le directeur sportif peut décider de lui faire prendre la place du leader. L'ancien leader
    prendra alors la place d'un équipier. »"""
    times = [300, 100, 400, 500] + [600] * 12  # seat 0's grey team-mate (tour rider 1) leads the tour
    t = between_stages(tour_config(), times, [0] * 16)
    ev: list = []
    from game.velomaster.rules.tour import _leaders_or_next
    _leaders_or_next(t, ev)
    assert t.phase == T_LEADERS and t.to_act() == (0,)
    assert set(t.legal_actions(0)) == {Lead(0), Lead(1)}
    assert t.question(0).kind == "leader-choice"
    assert t.why_illegal(1, Lead(4)) == "Other directors are deciding about their leaders."
    t, ev = t.apply(0, Lead(1))
    named = next(e for e in ev if isinstance(e, LeaderNamed))
    assert named.rider == 1 and named.old_leader == 0 and not named.forced
    assert t.slot_rider[0] == 1 and t.slot_rider[1] == 0
    assert any(isinstance(e, StageStarted) for e in ev) and t.stage == 1


def test_velomaster_tour_standings_name_a_stages_riders_as_they_rode_it_after_a_change_of_leader():
    # « Lorsqu'à l'issue d'une étape, un équipier est porteur du maillot … le directeur sportif peut décider de lui
    # faire prendre la place du leader »: the rider is the leader from then on, but the stage it won it rode as the
    # grey team-mate, as that stage's points sheet shows: its results name it so
    from game.velomaster.rules.tour import _leaders_or_next
    from game.velomaster.rules.tour_result import tour_result
    from game.velomaster.tour_standings import standings_of

    names = ["Ann", "Bob", "Cat", "Dan"]
    times = [300, 100, 400, 500] + [600] * 12  # seat 0's grey team-mate (tour rider 1) won the stage
    t = between_stages(tour_config(), times, [0] * 16, winner=1)
    _leaders_or_next(t, [])
    t, _ = t.apply(0, Lead(1))
    assert t.slot_rider[:2] == (1, 0) and t.stage_slot(1, 0) == 1 and t.stage_slot(0, 0) == 0
    view = t.view(None)
    assert view.tour.stage_slots == ((tuple(range(16))),) and view.tour.slots[1] == 0
    st = standings_of(view, names)
    assert st.general[0].words == "Ann's leader"  # the tour's rider as it rides now
    assert st.arrival[0].words == "Ann's grey team-mate" and st.arrival[0].figure.endswith("'40")
    assert st.arrival[0].note == st.winner_note == "(now leader)"  # what it is since (the old leader's: grey)
    assert st.winner == 1 and st.arrival_jerseys["champion"] == 1 and st.jerseys["champion"] == 0
    assert "Stage 1 (Salzburg): won by {0}'s grey team-mate." in tour_result(t).details
    # a bot's imagined tour reads the stages' slots back from the view
    again = SPEC.determinize(view, 1)
    assert again.rode == t.rode


def test_velomaster_repechage_is_offered_only_at_the_levels_where_a_rider_can_abandon():
    # « Repêchage : … on peut repêcher un coureur malchanceux »: at Débutant nobody abandons (no crash gravity)
    from game.velomaster.rules.variants import REPECHAGE_OPTION

    assert not REPECHAGE_OPTION.shown({"stages": 3, "level": "debutant"})
    assert REPECHAGE_OPTION.shown({"stages": 3, "level": "expert"}) and REPECHAGE_OPTION.shown({"stages": 2, "level": "pro"})
    assert not SPEC.tour_plan(tour_config("debutant", 3, 2, repechage=True)).repechage
    assert SPEC.tour_plan(tour_config("expert", 3, 2, repechage=True)).repechage


def test_a_seat_whose_leader_abandoned_must_name_a_new_one_among_its_remaining_riders():
    times = [-1, 100, 400, 500] + [600] * 12
    out = [ABANDONED] + [IN] * 15
    t = between_stages(tour_config(repechage=False), times, [0] * 16, out)
    from game.velomaster.rules.tour import _leaders_or_next
    _leaders_or_next(t, [])
    assert t.to_act() == (0,) and t.forced[0]
    assert set(t.legal_actions(0)) == {Lead(1), Lead(2), Lead(3)}
    t, ev = t.apply(0, Lead(2))
    assert t.slot_rider[0] == 2 and t.slot_rider[2] == 0
    assert t.race.status[2] == OUT and t.race.status[0] == ROAD  # the old leader rides no more


def test_a_team_with_one_rider_left_after_its_leader_abandoned_makes_it_leader_without_a_question():
    times = [-1, -1, 400, -1] + [600] * 12
    out = [ABANDONED, ABANDONED, IN, ABANDONED] + [IN] * 12
    t = between_stages(tour_config(repechage=False), times, [0] * 16, out)
    ev: list = []
    from game.velomaster.rules.tour import _leaders_or_next
    _leaders_or_next(t, ev)
    named = next(e for e in ev if isinstance(e, LeaderNamed))
    assert (named.rider, named.old_leader, named.forced) == (2, 0, True)
    assert t.phase == T_RACE and t.stage == 1 and t.slot_rider[:4] == (2, 1, 0, 3)
    assert [t.race.status[slot] == OUT for slot in range(4)] == [False, True, True, True]


# ---------------------------------------------------------------------------- Pro recovery


def test_between_stages_every_rider_recovers_20_up_to_100_and_one_above_keeps_its_value():
    """« Entre deux étapes tous les cyclistes récupèrent +20% dans la limite de 100% »"""
    assert [recovered(c) for c in (40, 70, 85, 100, 120)] == [60, 90, 100, 100, 120]
    t = TourState.start(SPEC.tour_plan(tour_config()), 1)._copy()
    fake = SimpleNamespace(setup=SimpleNamespace(pro=SimpleNamespace(condition=True)),
                           condition=(50, 95, 110, 100) + (100,) * 12)
    old = t.slot_rider
    t.race = fake
    t.slot_rider = (1, 0) + old[2:]  # the team-mate became leader: its condition rides slot 0
    assert _carried_condition(t, old)[:4] == (100, 70, 110, 100)
    fake.setup.pro.condition = False
    assert _carried_condition(t, old) is None


def test_the_tour_ends_when_fewer_than_two_teams_have_riders_left():
    times = [-1] * 4 + [100] * 12
    out = [ABANDONED] * 4 + [IN] * 12
    t = between_stages(tour_config("expert", 2, repechage=False), times[:12], [0] * 12, out[:12])
    from game.velomaster.rules.tour import _leaders_or_next
    ev: list = []
    _leaders_or_next(t, ev)
    assert t.is_over() and t.end_reason == "riders"
    result = t.result()
    assert result.winners == (1,) and result.score_texts[0] == "out"
    assert t.answers == (NOT_ASKED,) * 2


def test_velomaster_tour_results_say_same_time_for_a_rider_ranked_behind_on_the_leaders_time():
    # « le classement général au temps » (tie-breaks in docs/rules/velomaster.md): a rider placed second on the
    # same cumulative time as the first has no gap; the results said "–", which read as a time missing
    from game.velomaster.rules.tour_result import _seat_riders, tour_result

    config = tour_config(players=2, stages=1)
    riders = SPEC.tour_plan(config).riders
    t = between_stages(config, [600] * riders, [0] * riders)
    first, second = _seat_riders(t, 0)[0], _seat_riders(t, 1)[0]
    times = [600] * riders
    times[first] = times[second] = 100
    t = between_stages(config, times, [0] * riders)
    result = tour_result(t)
    assert sorted(str(text) for text in result.score_texts) == ["1'40", "same time"]
    assert not any("–" in str(detail) for detail in result.details), "each seat's line: same time, not a dash"
