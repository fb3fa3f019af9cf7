"""VeloMaster Niveau Expert with 2 players (a neutral team) and with 5 or more (two players share a team),
page 18 « RÈGLES pour 2 et + 4 JOUEURS » (issue 16)."""

from __future__ import annotations

import json
import random

import pytest

from game import simulate
from game.engine.protocol import Config
from game.registry import GAMES
from game.velomaster.rules import LEVELS, Roll, Setup
from game.velomaster.rules.actions import TakeNeutral
from game.velomaster.rules.codes import P_NEUTRAL
from game.velomaster.rules.events import DirectorsDrawn, NeutralShared, SeatSkips
from game.velomaster.rules.levels import EQUIPIER, LEADER
from game.velomaster.rules.moves import crash

from .velomaster_support import cid, make_course, make_spec, of, race

EXPERT = LEVELS["expert"]
SPEC = make_spec(make_course(rows=60, finish=55))
VELOMASTER = GAMES["velomaster"]


def expert(players, cells, seat=0, phase=0, **kw):
    return race(SPEC, players, cells, seat=seat, level=EXPERT, round_phase=phase, **kw)


def test_velomaster_two_players_race_with_a_neutral_team_of_four_team_mates():
    # "On ajoute une équipe neutre qui sera jouée au tour des équipiers. Les 4 vélos de cette équipe seront tous
    # joués comme des équipiers."
    s, _ = expert(2, {})
    su = s.setup
    assert su.team_count == 3 and su.neutral_team == 2 and su.riders == 12
    assert su.roles[8:] == (EQUIPIER,) * 4 and su.leaders == (0, 4)
    assert all(8 not in own for own in s.seats.own_riders)  # no player races for the neutral team


def test_velomaster_best_placed_leader_takes_two_neutral_bikes_the_other_player_the_rest():
    # "Le joueur ayant le leader le mieux placé fera avancer les 2 vélos neutres de son choix. Le second joueur
    # fait avancer sur le même tour, les 2 vélos restants."
    cells = {0: cid(40, 0), 4: cid(30, 0), 8: cid(20, 0), 9: cid(20, 1), 10: cid(10, 0), 11: cid(10, 2)}
    s, _ = expert(2, cells, phase=1)
    assert s.phase == P_NEUTRAL and s.to_act() == (0,)
    assert set(s.legal_actions(0)) == {TakeNeutral(r) for r in (8, 9, 10, 11)}
    s, _ = s.apply(0, TakeNeutral(9))
    s, ev = s.apply(0, TakeNeutral(11))
    [shared] = of(ev, NeutralShared)
    assert shared.first == (9, 11) and shared.second == (8, 10)
    assert s.seats.controller[9] == s.seats.controller[11] == 0
    assert s.seats.controller[8] == s.seats.controller[10] == 1
    s, ev = s.apply(0, Roll())
    assert len(s.dice) == 3 and not s.neutral_rolled  # its team-mates' 3 d6; the neutral bikes roll apart, after
    assert {a.rider for a in s.legal_actions(0)} == {1, 2, 3}


def test_velomaster_a_neutral_crash_makes_the_responsible_player_miss_their_next_turn():
    # "En cas de chute pour un vélo neutre, c'est le joueur responsable qui passera le prochain tour."
    cells = {0: cid(40, 0), 4: cid(30, 0), 8: cid(20, 0), 9: cid(20, 1)}
    s, _ = expert(2, cells, phase=1)
    s, _ = s.apply(0, TakeNeutral(8))
    s, _ = s.apply(0, TakeNeutral(9))  # seat 0 moves neutral bikes 8 and 9 this turn
    w = s._work()
    ev: list = []
    crash(w, 9, cid(20, 1), ev)
    assert w.seat_skips == (1, 0) and of(ev, SeatSkips)[0].pending


@pytest.mark.parametrize("players, shared", [(5, 1), (6, 2), (8, 4)])
def test_velomaster_from_five_players_two_players_share_a_team(players, shared):
    # "Une même couleur d'équipe sera partagée entre 2 joueurs … qui gère le leader + équipier violet et qui sera
    # l'outsider (équipier vert + équipier gris)"
    config = VELOMASTER.validate_config(Config("race", players, (("level", "expert"),)))
    su = Setup(config, VELOMASTER.geo("salzburg"))
    assert su.team_count == 4 and su.riders == 16 and len(su.shared_pairs) == shared
    for director, outsider in su.shared_pairs:
        team = su.teams[director]
        assert [su.bibs[r] for r in team] == ["yellow", "grey", "violet", "green"]
        assert su.seat_riders[director] == (team[0], team[2]) and su.seat_riders[outsider] == (team[1], team[3])
        assert su.roles[team[0]] == LEADER


def test_velomaster_the_d20_decides_who_runs_the_shared_teams_leader():
    # "On détermine au D20 qui gère le leader + équipier violet et qui sera l'outsider"
    config = VELOMASTER.validate_config(Config("race", 5, (("level", "expert"),)))
    for seed in range(40):
        s = VELOMASTER.new_state(config, seed)
        events = []
        while s.phase == 0:  # the start-order d20s (and roll-offs)
            s, ev = s.apply(s.to_act()[0], Roll())
            events += ev
        [drawn] = of(events, DirectorsDrawn)
        first_rolls = {seat: rolls[-1] for seat, rolls in enumerate(s.d20)}
        assert {drawn.seat, drawn.outsider} == {0, 4}
        assert first_rolls[drawn.seat] > first_rolls[drawn.outsider]
        assert s.seats.controller[0] == drawn.seat and s.seats.controller[1] == drawn.outsider
        if drawn.seat == 4:
            return
    raise AssertionError("in 40 seeds the outsider seat never won the d20")


def test_velomaster_outsider_plays_right_after_its_director_in_the_team_mates_turn():
    config = VELOMASTER.validate_config(Config("race", 5, (("level", "expert"),)))
    s = VELOMASTER.new_state(config, 7)
    rnd = random.Random(7)
    checked = False
    while not s.is_over() and s.round < 4:
        before = s
        seat = rnd.choice(s.to_act())
        s, ev = s.apply(seat, rnd.choice(s.legal_actions(seat)))
        for e in ev:
            if type(e).__name__ == "TurnOrder" and e.kind == "phase":
                order = e.order
                pair = {before.seats.controller[0], before.seats.controller[1]}
                i = [x for x in order if x in pair]
                assert i == [s.seats.controller[0], s.seats.controller[1]]  # director then outsider
                assert order.index(i[1]) == order.index(i[0]) + 1
                checked = True
    assert checked


@pytest.mark.parametrize("words", [["--variant", "expert-aurillac", "--players", "2"],
                                   ["--level", "expert", "--course", "salzburg", "--players", "5"]])
def test_simulate_plays_expert_races_by_their_command_line_ids(words, capsys):
    # issue 16: `python -m game.simulate velomaster --variant expert-aurillac|expert-salzburg --players N` (2-8)
    code = simulate.main(["velomaster", "--games", "1", "--quiet", "--checks", "light", *words])
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert code == 0 and summary["errors"] == 0 and summary["options"]["level"] == "expert"
