"""VeloMaster Niveau Expert (issue 16): teams of four, the leaders' and team-mates' turns, the dice model
(protection, the smallest die after a missed feed, the worst die after a crash, a die shared by penalised
riders), punctures "4.2.1.", crash gravity and feeds. Rulebook pages quoted in each test."""

from __future__ import annotations

import random

import pytest

from game.registry import GAMES
from game.velomaster.race_panel import incidents_text
from game.velomaster.rules import LEVELS, Assign, DiceRolled, DieAssigned, Roll, Setup, VelomasterState, play
from game.velomaster.rules.codes import FIN, OUT, P_ASSIGN, ROAD, SIDE
from game.velomaster.rules.dice import dice_count, leader_check_dice, protectors
from game.velomaster.rules.events import CrashGravity, FeedMissed, FeedTaken, Puncture, Remounted
from game.velomaster.rules.levels import EQUIPIER, LEADER, crash_gravity
from game.velomaster.rules.standings import jerseys

from .velomaster_support import act, cid, make_course, make_spec, of, race, rigged

EXPERT = LEVELS["expert"]
CLIMB = {(r, ln): 8 for r in range(10, 20) for ln in range(3)}
ROAD_SPEC = make_spec(make_course(rows=60, finish=50, climb=CLIMB, feed={(30, 0), (30, 1), (30, 2)}))
ROLL = Roll()


def expert(cells, seat=0, phase=0, rng=None, players=3, **kw):
    return race(ROAD_SPEC, players, cells, seat=seat, level=EXPERT, round_phase=phase, rng=rng, **kw)


def test_velomaster_expert_team_is_a_yellow_leader_and_grey_violet_green_team_mates():
    # "Le Leader = Dossard Jaune + 3 Équipiers = Dossards Gris, Violet et Vert" (page 13)
    s, _ = expert({})
    su = s.setup
    assert su.per_team == 4 and su.riders == 12
    assert su.roles[:4] == (LEADER, EQUIPIER, EQUIPIER, EQUIPIER)
    assert su.bibs[:4] == ("yellow", "grey", "violet", "green")
    assert [p.name for p in EXPERT.phases] == ["leaders", "team-mates"]


def test_velomaster_expert_leaders_turn_rolls_one_die_for_the_leader_alone():
    # "Puis, le leader lance 1Dé 6 faces pour avancer" (page 14)
    s, _ = expert({0: cid(40, 0), 1: cid(2, 0), 4: cid(39, 1), 8: cid(38, 2)}, rng=rigged((6, 5)))
    s, ev = act(s, ROLL)
    [rolled] = of(ev, DiceRolled)
    assert rolled.dice == (5,) and rolled.purpose == "leader"
    assert {a.rider for a in s.legal_actions(0) if isinstance(a, Assign)} <= {0}


def test_velomaster_expert_team_mates_turn_rolls_three_dice_one_per_team_mate():
    # "Les joueurs lancent 3 Dés 6 faces pour avancer leurs 3 équipiers … Un dé est obligatoirement attribué à
    # chaque équipier (pas de cumul possible)" (page 14)
    cells = {0: cid(45, 0), 1: cid(40, 0), 2: cid(40, 2), 3: cid(36, 1), 4: cid(5, 0), 8: cid(5, 2)}
    s, _ = expert(cells, phase=1, rng=rigged((6, 3), (6, 5), (6, 6)))
    s, ev = act(s, ROLL)
    [rolled] = of(ev, DiceRolled)
    assert rolled.purpose == "team-mates" and sorted(rolled.dice) == [3, 5, 6]
    assert {a.rider for a in s.legal_actions(0)} == {1, 2, 3}


@pytest.mark.parametrize("mates, dice", [(0, 1), (1, 2), (2, 3), (3, 3)])
def test_velomaster_expert_leader_protection_on_a_climb_gives_1_2_3_dice(mates, dice):
    # "Règle de Protection du Leader: Lorsque des équipiers se placent sur une case qui touche celle du leader, en
    # montée exclusivement … un lancer de dés plus favorable" (page 16); our reading of the lost table: 0/1/2-3
    around = [cid(14, 0), cid(14, 2), cid(15, 0)][:mates]
    cells = {0: cid(15, 1), **{1 + i: c for i, c in enumerate(around)}}
    s, _ = expert(cells)
    assert protectors(s, 0) == mates and dice_count(s, 0) == dice


def test_velomaster_expert_protection_is_for_climbs_only_and_counts_only_team_mates():
    s, _ = expert({0: cid(25, 1), 1: cid(24, 1), 2: cid(25, 0)})  # flat road
    assert dice_count(s, 0) == 1
    s, _ = expert({0: cid(15, 1), 4: cid(14, 1), 5: cid(15, 0)})  # rivals around the leader on a climb
    assert protectors(s, 0) == 0 and dice_count(s, 0) == 1


def test_velomaster_expert_leader_who_missed_a_feed_rolls_two_dice_keeps_the_smaller_without_protection():
    # "Si c'est le leader: chaque lancer à 1 Dé6 se transformera en lancer à 2Dé6. De plus il perd sa « protection
    # en montée »" (page 17)
    s, _ = expert({0: cid(15, 1), 1: cid(14, 0), 2: cid(14, 2)}, rng=rigged((6, 5), (6, 3)))
    w = s._work()
    w.missed_feed = (1,) + w.missed_feed[1:]
    assert dice_count(w, 0) == 2
    s, ev = act(w, ROLL)
    assert of(ev, DiceRolled)[0].dice == (5, 3)
    assert [(e.rider, e.die) for e in of(ev, DieAssigned)] == [(0, 3)]  # no choice: the smaller, at once


def test_velomaster_expert_penalised_team_mates_share_the_same_smallest_die():
    # "il se peut que plusieurs vélos doivent obligatoirement choisir le plus petit dé. Dans ce cas, on choisit pour
    # les vélos concernés par cette pénalité, la valeur du même plus petit dé" (Points divers)
    cells = {0: cid(45, 0), 1: cid(40, 0), 2: cid(40, 2), 3: cid(36, 1), 4: cid(5, 0)}
    s, _ = expert(cells, phase=1, rng=rigged((6, 2), (6, 5), (6, 6)))
    w = s._work()
    w.missed_feed = (0, 1, 0) + w.missed_feed[3:]
    w.worst_die = (0, 0, 0, 1) + w.worst_die[4:]
    s, _ = act(w, ROLL)
    legal = set(s.legal_actions(0))
    assert {Assign(1, 2), Assign(3, 2), Assign(2, 5), Assign(2, 6)} == legal
    s, _ = act(s, Assign(1, 2))
    while s.phase != P_ASSIGN:  # ride the 2 cells out
        s, _ = act(s, s.legal_actions(s.to_act()[0])[-1])
    assert Assign(3, 2) in s.legal_actions(0)  # the same 2, not used up by rider 1


def test_velomaster_expert_team_mate_given_the_one_of_a_4_2_1_punctures_until_the_phase_ends():
    # "Équipiers : si « 4.2.1. » c'est la crevaison pour le vélo à qui on attribue le « 1 »" … "Il laisse terminer
    # le tour « leader » ou « équipier », selon son statut et se remet en selle juste après" (page 17)
    cells = {0: cid(45, 0), 1: cid(40, 0), 2: cid(40, 2), 3: cid(36, 1), 4: cid(5, 0), 8: cid(5, 2)}
    s, _ = expert(cells, phase=1, rng=rigged((6, 4), (6, 2), (6, 1)))
    s, _ = act(s, ROLL)
    s, ev = act(s, Assign(3, 1))
    [p] = of(ev, Puncture)
    assert p.rider == 3 and s.status[3] == SIDE and s.punctured[3] and s.flats[3] == 1 and cid(36, 1) not in play.occupied(s)
    while s.round_phase == 1 and not s.is_over():  # everyone else finishes the team-mates' turn
        seat = s.to_act()[0]
        s, ev = s.apply(seat, s.legal_actions(seat)[-1])
        if s.round_phase == 0:
            assert [e.rider for e in of(ev, Remounted)] == [3]
    assert s.status[3] == ROAD and not s.punctured[3]


@pytest.mark.parametrize("first, check, punctures", [
    ((1,), (4, 2), True), ((1,), (4, 3), False), ((3,), (), False)])
def test_velomaster_expert_a_leader_rolling_a_1_rolls_the_two_other_dice_for_a_puncture(first, check, punctures):
    # "Leader : si le vélo fait « 1 », alors on jette les 2 autres dés pour vérifier si crevaison (4 + 2)" (page 17)
    draws = [(6, v) for v in first + check]
    s, _ = expert({0: cid(40, 1), 4: cid(5, 0), 8: cid(5, 2)}, rng=rigged(*draws))
    s, ev = act(s, ROLL)
    assert bool(of(ev, Puncture)) == punctures
    assert [e.dice for e in of(ev, DiceRolled) if e.purpose == "puncture check"] == ([check] if check else [])
    assert (s.status[0] == SIDE) == punctures


def test_velomaster_expert_leader_with_two_dice_checks_the_third_after_1_2_or_2_4_or_4_1():
    # "En cas de jet à 2 dés, si le vélo fait « 1+2 » ou « 2+4 » ou « 4+1 » alors on lance le troisième dé"
    assert [leader_check_dice(d) for d in ((1, 2), (4, 2), (1, 4), (1, 1), (3, 5), (1,), (2,))] == [1, 1, 1, 0, 0, 2, 0]


@pytest.mark.parametrize("roll, misses, worst, out", [
    (1, 0, False, True), (2, 2, False, False), (3, 2, False, False), (4, 1, False, False), (9, 1, False, False),
    (10, 0, True, False), (17, 0, True, False), (18, 0, False, False), (20, 0, False, False)])
def test_velomaster_expert_crash_gravity_table(roll, misses, worst, out):
    # "1 > abandon. 2 – 3 > passer 2 fois son tour. 4 – 9 > passer 1 fois son tour. 10 – 17 > jouer au prochain tour
    # le moins bon dé. 18 – 20 > chute sans gravité" (page 17)
    assert crash_gravity(roll) == (misses, worst, out)


def test_velomaster_expert_a_crash_rolls_its_gravity_and_a_1_is_an_abandon_without_jersey():
    course = make_course(rows=60, finish=50, danger={(41, 0)})
    spec = make_spec(course)
    s, _ = race(spec, 3, {0: cid(40, 0), 4: cid(5, 0), 8: cid(5, 2)}, level=EXPERT, rng=rigged((6, 3), (20, 1), (20, 1)))
    s, _ = act(s, ROLL)  # the leader's one die: a 3, taken at once
    steps = [a for a in s.legal_actions(0) if getattr(a, "cell", 0) == cid(41, 0)]
    s, ev = act(s, steps[0])
    [g] = of(ev, CrashGravity)
    assert g.abandon and s.status[0] == OUT and s.crashes[0] == 1  # the points sheet counts it
    assert jerseys(s)[0] != 0


def test_velomaster_expert_stopping_on_a_feed_cell_ticks_it_and_passing_the_zone_is_a_missed_feed():
    # "Il faut s'arrêter sur une case « ravitaillement » … Un cycliste ayant raté un ravitaillement jouera le plus
    # petit dé jusqu'à l'arrivée" (page 17)
    s, _ = expert({0: cid(28, 0), 4: cid(5, 0), 8: cid(5, 2)}, rng=rigged((6, 2)))
    s, _ = act(s, ROLL)  # a 2 for the leader
    s, _ = act(s, [a for a in s.legal_actions(0) if getattr(a, "cell", 0) == cid(29, 0)][0])
    s, ev = act(s, [a for a in s.legal_actions(0) if getattr(a, "cell", 0) == cid(30, 0)][0])
    assert of(ev, FeedTaken) and s.fed_zones[0] == 1
    s2, _ = expert({0: cid(28, 0), 4: cid(5, 0), 8: cid(5, 2)}, rng=rigged((6, 4)))
    s2, _ = act(s2, ROLL)  # a 4: through the zone without stopping
    events = []
    while s2.moving_rider == 0:
        s2, ev = act(s2, [a for a in s2.legal_actions(0) if hasattr(a, "cell")][0])
        events += ev
    assert of(events, FeedMissed) and s2.missed_feed[0] and not s2.fed_zones[0]


@pytest.mark.parametrize("seed", [3, 4])
def test_velomaster_expert_random_races_play_to_the_end_on_both_courses(seed):
    spec = GAMES["velomaster"]
    config = spec.default_config(spec.variants[0].id, 4)
    for course in ("salzburg", "aurillac"):
        s = VelomasterState.initial(Setup(config, spec.geo(course), level=EXPERT), seed)
        rnd = random.Random(seed)
        while not s.is_over():
            seat = s.to_act()[0]
            legal = s.legal_actions(seat)
            assert legal, s.phase
            s, _ = s.apply(seat, rnd.choice(legal))
        finished_or_out = [r for r in range(s.setup.riders) if s.status[r] in (FIN, OUT)]
        assert s.finish_order and set(s.finish_order) <= set(finished_or_out)


def test_velomaster_points_sheet_lists_each_riders_crashes_and_punctures():
    # issue 16: "incidents (puncture, crash and its gravity roll) animated and on the points sheet"
    s, _ = expert({0: cid(40, 1), 4: cid(5, 0), 8: cid(5, 2)})
    w = s._work()
    w.crashes = (2,) + w.crashes[1:]
    w.flats = (1,) + w.flats[1:]
    [view] = [r for r in w.view(None).riders if r.id == 0]
    assert incidents_text(view) == "2 crashes · flat"
    assert incidents_text(w.view(None).riders[1]) == ""
    assert VelomasterState.from_view(w.view(None), w.setup, 1).crashes[0] == 2
