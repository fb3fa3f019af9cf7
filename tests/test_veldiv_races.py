"""Jeu du Veldiv: the rules of each race (Individuelle, Américaine, Poursuites, Éliminatoire, La Cagnotte)."""

from __future__ import annotations

import random

import pytest

from game.engine.protocol import Config, ConfigError
from game.veldiv import SPEC
from game.veldiv.rules import events as E
from game.veldiv.rules.actions import Roll

from .veldiv_support import DONE, OUT, RACING, of, race, throw


def play_out(state, seed=0, limit=20_000):
    rng = random.Random(seed)
    steps = 0
    while not state.is_over():
        seat = state.to_act()[0]
        state, _ = state.apply(seat, rng.choice(state.legal_actions(seat)))
        steps += 1
        assert steps < limit
    return state


# =============================================================================== Course Individuelle


def test_veldiv_individuelle_everyone_starts_on_the_line_at_48():
    s = SPEC.new_state(SPEC.default_config("individuelle", 5), 1)
    assert s.sp == (48,) * 5 and s.x == (0,) * 5


def test_veldiv_individuelle_two_players_first_takes_premier_and_one_point():
    s, ev = throw(race("individuelle", 2, [47, 30]), 3)
    assert s.pts == (1, 0) and s.prem == (1, 0)
    assert of(ev, E.PointsScored)[0].points == 1
    assert of(ev, E.TokenAwarded)[0].token == "Premier"


def test_veldiv_individuelle_three_players_premier_and_two_points_then_one():
    s = race("individuelle", 3, [47, 46, 45])
    s, _ = throw(s, 2)  # 47 -> 49: first
    s, _ = throw(s, 3)  # 46 -> 49 = space 1, taken -> 52: second
    s, _ = throw(s, 5)  # 45 -> 50: third, nothing
    assert s.prem == (1, 0, 0) and s.pts == (2, 1, 0)


def test_veldiv_individuelle_four_players_and_more_three_two_one():
    for players in (4, 7):
        s = race("individuelle", players, [47 - i for i in range(players)])
        for _ in range(players):
            s, _ = throw(s, 5)
        assert s.prem[:4] == (1, 0, 0, 0)
        assert s.pts == (3, 2, 1) + (0,) * (players - 3)


def test_veldiv_individuelle_un_tour_token_when_lapping_an_opponent():
    s, ev = throw(race("individuelle", 2, [60, 13]), 3)
    assert s.tour == (1, 0) and s.laps_down() == (0, 1)
    lapped = of(ev, E.RiderLapped)[0]
    assert (lapped.seat, lapped.by, lapped.laps) == (1, 0, 1)
    assert of(ev, E.TokenAwarded)[0].token == "Un Tour"
    # Falling back and passing again does not pay twice; a second lap does.
    s2, ev = throw(race("individuelle", 2, [63, 13], gained=(0, 1, 0, 0), tour=(1, 0)), 1)
    assert s2.tour == (1, 0) and not of(ev, E.RiderLapped)
    s3, ev = throw(race("individuelle", 2, [109, 13], gained=(0, 1, 0, 0), tour=(1, 0)), 3)
    assert s3.tour == (2, 0) and s3.laps_down() == (0, 2)


def test_veldiv_individuelle_lapped_rider_contests_points_a_lap_behind():
    # Rider 1 was lapped: its first crossing counts for lap 2 of the race, where it is 2nd.
    s = race("individuelle", 3, [100, 46, 60], turn=1, lapc=(0, 2, 1), pts=(3, 0, 1), prem=(2, 0, 0),
             tour=(1, 0, 0), gained=(0, 1, 0, 0, 0, 0, 0, 0, 0), counted=(2, 0, 1))
    s, ev = throw(s, 3)
    crossed = of(ev, E.LineCrossed)[0]
    assert (crossed.lap, crossed.race_lap) == (1, 2)
    assert s.pts[1] == 1 and s.lapc[2] == 2


def test_veldiv_individuelle_points_cancelled_when_lapped_before_crossing():
    # Rider 0 crossed lap 1 first; it laps rider 1 before rider 1 crosses: rider 1's 2nd place on lap 1
    # is cancelled, and rider 1 contests lap 2 instead.
    s = race("individuelle", 3, [85, 40, 30], lapc=(0, 1), pts=(2, 0, 0), prem=(1, 0, 0), counted=(1, 0, 0))
    s, ev = throw(s, 5)  # 85 -> 90: more than a lap ahead of 40 (and of 30)
    assert s.laps_down() == (0, 1, 1)
    s, ev = throw(s, 5, seat=1)  # 40 -> 45
    s, ev = throw(s, 5, seat=2)  # 30 -> 35
    s, ev = throw(s, 6, seat=0)  # 90 -> 102: lap 2 done, first across
    s, ev = throw(s, 4, seat=1)  # 45 -> 49: crosses its lap 1, still 53 spaces behind
    crossed = of(ev, E.LineCrossed)[0]
    assert (crossed.lap, crossed.race_lap) == (1, 2)
    assert s.lapc[1] == 1  # its place on lap 1 is cancelled: nobody else scored on lap 1
    assert s.lapc[2] == 2 and s.pts == (4, 1, 0)  # it is 2nd on lap 2, a lap behind


def test_veldiv_individuelle_three_premier_tokens_end_the_race_at_the_next_crossings():
    s = race("individuelle", 3, [143, 140, 110], prem=(2, 0, 0), lapc=(0, 3, 3))
    s, ev = throw(s, 2)  # 143 -> 145: lap 3, third Premier
    assert s.prem[0] == 3 and s.final == 3
    assert [e.seat for e in of(ev, E.FinalLap)] == [0]
    assert s.st == (DONE, RACING, RACING) and s.arrive == (0,)
    assert not s.is_over() and s.to_act() == (1,)
    s, ev = throw(s, 5)  # 140 -> 145 = space 1, taken by the winner -> 150: finishes, 2nd
    assert s.st[1] == DONE and s.pts[1] == 1
    assert s.to_act() == (2,)  # the finished rider no longer throws
    s = play_out(s)
    assert s.arrive[:2] == (0, 1) and set(s.arrive) == {0, 1, 2}
    assert s.result().winners == (0,)


def test_veldiv_individuelle_premier_option_sets_the_number_of_tokens():
    s = race("individuelle", 2, [47, 20], options={"premiers": 1, "max_laps": 30})
    s, ev = throw(s, 3)
    assert s.final == 1 and of(ev, E.FinalLap)


def test_veldiv_individuelle_lap_limit_ends_an_endless_race():
    s = race("individuelle", 4, [143, 140, 139, 120], options={"premiers": 9, "max_laps": 3}, lapc=(0, 4, 4),
             prem=(1, 1, 0, 0))
    s, ev = throw(s, 2)
    final = of(ev, E.FinalLap)[0]
    assert final.reason == "lap-limit" and s.final == 3
    assert play_out(s).is_over()


def test_veldiv_individuelle_ranking_laps_then_premier_then_points_then_arrival():
    s = race("individuelle", 5, [200, 200, 200, 200, 200], st=[DONE] * 5, tour=(0, 1, 0, 0, 0),
             prem=(3, 0, 3, 1, 1), pts=(9, 2, 11, 4, 4), arrive=(0, 2, 4, 3, 1))
    assert s.result().ranking == (1, 2, 0, 4, 3)


def test_veldiv_individuelle_races_always_end_with_twelve_riders():
    for seed in range(3):
        s = play_out(SPEC.new_state(SPEC.default_config("individuelle", 12), seed), seed)
        result = s.result()
        assert sorted(result.ranking) == list(range(12)) and len(result.winners) == 1
        assert result.chart_labels and len(result.chart_series) == 12


# =============================================================================== Américaine


def test_veldiv_americaine_two_riders_each_start_at_48():
    s = SPEC.new_state(SPEC.default_config("americaine", 3), 1)
    assert s.sp == (48,) * 6 and len(s.view(0).riders) == 6


def test_veldiv_americaine_three_two_one_per_rider_and_premier_to_the_first_team():
    s = race("americaine", 2, [47, 46, 45, 20])
    s, ev = throw(s, 3, 1)  # team 0: rider 1 (46, behind) takes the 3 -> 49: first across; rider 0 -> 48
    assert s.pts == (3, 0) and s.prem == (1, 0)
    s, ev = throw(s, 4, 3)  # team 1: rider 1 (20) gets 4; rider 0 (45) the 3 -> 48 taken (Art. 6) -> 51
    assert s.pts == (3, 2) and s.prem == (1, 0)
    s, ev = throw(s, 4, 1)  # team 0: rider 0 (48, behind) gets 4 -> 52: third across; rider 1 -> 50
    assert s.pts == (4, 2) and s.prem == (1, 0)


def test_veldiv_americaine_team_laps_only_when_both_riders_lap_both_opponents():
    s, ev = throw(race("americaine", 2, [70, 100, 25, 10]), 2, 1)  # rear rider 70 -> 72: 72 - 25 = 47
    assert s.tour == (0, 0)
    s, ev = throw(race("americaine", 2, [70, 100, 23, 10]), 2, 1)  # 72 - 23 = 49 > 48: both lapped
    assert s.tour == (1, 0) and s.laps_down() == (0, 1)
    assert of(ev, E.RiderLapped)


def test_veldiv_americaine_races_end_and_rank_every_team():
    for players in (2, 4, 6):
        s = play_out(SPEC.new_state(SPEC.default_config("americaine", players), players), players)
        assert sorted(s.result().ranking) == list(range(players))
        assert all(st == DONE for st in s.st)


# =============================================================================== Poursuite Individuelle


@pytest.mark.parametrize("players,spaces", [(2, (24, 48)), (3, (16, 32, 48)), (4, (12, 24, 36, 48))])
def test_veldiv_poursuite_start_spaces_by_number_of_players(players, spaces):
    assert SPEC.new_state(SPEC.default_config("poursuite", players), 1).sp == spaces
    team = SPEC.new_state(SPEC.default_config("poursuite-equipe", players), 1)
    assert team.sp == tuple(s for s in spaces for _ in range(2))


def test_veldiv_poursuite_caught_and_passed_is_eliminated():
    s = race("poursuite", 3, [20, 40, 5])  # seat 0 at space 36, seat 1 (start 32) at space 24, seat 2 at 1
    s, ev = throw(s, 5)  # seat 0: 36 -> 41, still behind seat 2 (start 48, x 5 = space 5)
    assert not of(ev, E.RiderEliminated)
    s = race("poursuite", 2, [20, 0])  # seat 0 (start 24) on 44; seat 1 still on its line at 48
    s, ev = throw(s, 4)  # 44 -> 48 taken -> 52 = space 4: caught and passed
    assert s.st[1] == OUT and s.sp[1] == 0
    out = of(ev, E.RiderEliminated)[0]
    assert (out.seat, out.by, out.reason) == (1, 0, "caught")
    assert s.is_over() and s.result().winners == (0,)


def test_veldiv_poursuite_landing_on_the_rider_ahead_is_not_passing_it():
    s = race("poursuite", 3, [10, 0, 0])  # seat 0 (start 16) on 26, seat 1 on 32
    s, ev = throw(s, 5)  # 26 -> 31, just behind
    assert s.st[1] == RACING


def test_veldiv_poursuite_un_tour_token_each_lap_past_own_start_space():
    s, ev = throw(race("poursuite", 2, [46, 30]), 2)  # seat 0 started on 24: lands on 24, not past it
    assert s.tour == (0, 0)
    s, ev = throw(race("poursuite", 2, [47, 30]), 2)
    assert s.tour == (1, 0) and s.sp[0] == 25
    assert of(ev, E.TokenAwarded)[0].token == "Un Tour"


def test_veldiv_poursuite_three_laps_first_past_own_line_wins():
    s, ev = throw(race("poursuite", 3, [143, 130, 120], tour=(2, 2, 2)), 2)
    assert s.is_over() and s.result().winners == (0,)
    assert s.result().ranking == (0, 1, 2)


def test_veldiv_poursuite_four_players_six_counts_only_six():
    s, ev = throw(race("poursuite", 4, [0, 0, 0, 0]), 6)
    assert s.sp[0] == 18
    assert of(ev, E.RiderMoved)[0].legs[0][4] == E.SIX_AS_SIX
    s, ev = throw(race("poursuite", 4, [6, 0, 0, 0]), 6)  # 18 -> 24 taken -> 30 (Art. 3, by six)
    assert s.sp[0] == 30 and s.st[1] == OUT


def test_veldiv_poursuite_races_end_for_every_player_count():
    for players in (2, 3, 4):
        for seed in range(3):
            s = play_out(SPEC.new_state(SPEC.default_config("poursuite", players), seed), seed)
            assert s.result().winners


# =============================================================================== Poursuite par Équipe


def test_veldiv_poursuite_equipe_team_out_only_when_both_riders_passed_by_both():
    # Team 0 (start 24): riders at 54 and 44 (absolute); team 1 (start 48): riders at 48 and 52.
    s, ev = throw(race("poursuite-equipe", 2, [30, 20, 0, 4]), 2, 1)  # rear 44 -> 46, front 54 -> 55
    assert not of(ev, E.RiderEliminated)  # the front rider passed both, the rear one did not
    s, ev = throw(race("poursuite-equipe", 2, [30, 20, 0, 4]), 6, 1)  # rear 44 -> 56: both past both
    assert of(ev, E.RiderEliminated)[0].seat == 1
    assert s.st[2:] == (OUT, OUT) and s.sp[2:] == (0, 0)
    assert s.is_over() and s.result().winners == (0,)


def test_veldiv_poursuite_equipe_un_tour_when_both_riders_have_completed_the_lap():
    s, ev = throw(race("poursuite-equipe", 2, [47, 44, 30, 32]), 5, 3)  # rear 44 -> 49, front 47 -> 50
    assert s.tour == (1, 0)
    assert [e.token for e in of(ev, E.TokenAwarded)] == ["Un Tour"]


def test_veldiv_poursuite_equipe_wins_with_both_riders_past_three_laps():
    s = race("poursuite-equipe", 2, [143, 138, 122, 127], tour=(2, 2))
    s, ev = throw(s, 4, 1)  # rear 138 -> 142; front 143 -> 144, on its start space 24: not past it
    assert s.st == (RACING,) * 4
    s, ev = throw(s, 1, 1)
    s, ev = throw(s, 3, 2)  # rear 142 -> 145: three laps, finished; front 144 -> 146: finished too
    assert [e.rider for e in of(ev, E.RiderFinished)] == [1, 0]
    assert s.is_over() and s.result().winners == (0,)


def test_veldiv_poursuite_equipe_four_players_art7_doubles_a_six_to_twelve():
    s = race("poursuite-equipe", 4, [0, 6, 0, 0, 0, 0, 0, 0])  # team 0 (start 12): riders on 12 and 18
    s, ev = throw(s, 6, 1)  # rear 12 -> 18 (six counts six) = team-mate: Art. 7
    assert s.phase == 2
    from game.veldiv.rules.actions import TakeBonus

    s, ev = s.apply(0, TakeBonus(0))
    assert of(ev, E.RiderMoved)[0].legs[0][:2] == ("Art. 7", 12)


# =============================================================================== Éliminatoire


def test_veldiv_eliminatoire_a_rider_across_the_line_waits():
    s, ev = throw(race("eliminatoire", 3, [47, 20, 10]), 2)
    assert s.st == (DONE, RACING, RACING) and of(ev, E.LineCrossed)[0].waits
    s, _ = throw(s, 1)
    s, _ = throw(s, 1)
    assert s.to_act() == (1,)  # seat 0 waits: the die goes 1, 2, 1, 2…


def test_veldiv_eliminatoire_last_across_is_eliminated_and_rearmost_throws_first_then_to_the_right():
    s = race("eliminatoire", 4, [60, 46, 30, 55], st=[DONE, RACING, RACING, DONE], arrive=(0, 3), turn=1)
    s, ev = throw(s, 4)  # seat 1: 46 -> 50: across; seat 2 is the last left on the lap
    out = of(ev, E.RiderEliminated)[0]
    assert (out.seat, out.reason) == (2, "last")
    assert s.st == (RACING, RACING, OUT, RACING) and s.sp[2] == 0 and s.elim == (2,)
    assert s.lap_no == 2 and of(ev, E.NewLap)[0].seat == 1
    assert s.to_act() == (1,)  # 50 is the nearest to the line
    s, _ = throw(s, 1)
    assert s.to_act() == (3,)  # then to the right, skipping the eliminated seat
    s, _ = throw(s, 1)
    assert s.to_act() == (0,)


def test_veldiv_eliminatoire_last_one_standing_wins():
    s = race("eliminatoire", 2, [47, 20])
    s, ev = throw(s, 3)
    assert s.is_over() and s.result().winners == (0,) and s.result().ranking == (0, 1)
    for players in (3, 12):
        end = play_out(SPEC.new_state(SPEC.default_config("eliminatoire", players), players), players)
        assert len(end.elim) == players - 1


# =============================================================================== La Cagnotte


def test_veldiv_cagnotte_last_pays_the_stake_and_restarts_from_38():
    s = race("cagnotte", 3, [55, 46, 30], st=[DONE, RACING, RACING], arrive=(0,), turn=1,
             options={"stake": 2, "total": 10})
    s, ev = throw(s, 3)  # seat 1 across; seat 2 is the last left
    paid = of(ev, E.StakePaid)[0]
    assert (paid.seat, paid.amount, paid.kitty) == (2, 2, 2)
    assert s.paid == (0, 0, 2)
    assert s.sp[2] == 38 and of(ev, E.RiderPlaced)[0].space == 38
    assert s.st == (RACING,) * 3 and s.lap_no == 2
    assert s.to_act() == (2,)  # the payer throws first
    view = s.view(0)
    assert view.kitty == 2 and view.paid == (0, 0, 2) and view.stake == 2 and view.total == 10


def test_veldiv_cagnotte_the_restarted_rider_ends_its_lap_when_it_passes_48():
    s = race("cagnotte", 3, [55, 49, 86], lap_no=2, paid=(0, 0, 1), turn=2)  # seat 2 restarted on 38
    s, ev = throw(s, 5)  # 38 -> 43
    s, ev = throw(race("cagnotte", 3, [55, 49, 94], lap_no=2, paid=(0, 0, 1), turn=2), 5)  # 46 -> 51
    assert of(ev, E.LineCrossed)[0].lap == 2 and s.st[2] == DONE


def test_veldiv_cagnotte_race_ends_when_the_kitty_is_full_least_paid_wins():
    s = race("cagnotte", 3, [55, 46, 30], st=[DONE, RACING, RACING], arrive=(0,), turn=1, paid=(3, 0, 3),
             options={"stake": 3, "total": 9})
    s, ev = throw(s, 3)
    assert s.is_over() and sum(s.paid) == 9
    result = s.result()
    assert result.winners == (1,) and result.ranking == (1, 0, 2)
    assert result.score_label == "Paid into the kitty"


def test_veldiv_cagnotte_options_are_checked():
    with pytest.raises(ConfigError):
        SPEC.validate_config(Config("cagnotte", 4, (("stake", 0), ("total", 10))))
    with pytest.raises(ConfigError):
        SPEC.validate_config(Config("cagnotte", 13, ()))
    for players in (2, 12):
        end = play_out(SPEC.new_state(SPEC.default_config("cagnotte", players), 5), 5)
        assert sum(end.paid) >= 10


def test_veldiv_roll_is_the_only_action_in_individual_races():
    s = SPEC.new_state(SPEC.default_config("cagnotte", 2), 1)
    assert s.legal_actions(0) == (Roll(),) and s.legal_actions(1) == ()
