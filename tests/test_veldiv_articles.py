"""Jeu du Veldiv: the ten articles and the Règle Spéciale, one test (or more) each."""

from __future__ import annotations

import random

import pytest

from game.engine.protocol import IllegalAction
from game.veldiv import SPEC
from game.veldiv.rules import events as E
from game.veldiv.rules.actions import ChooseRider, Roll, TakeBonus

from .veldiv_support import BONUS_PHASE, CHOOSE_PHASE, DONE, of, race, throw

# ------------------------------------------------------------------------------- Art. 1 and Art. 2


@pytest.mark.parametrize("d", [1, 2, 3, 4, 5])
def test_veldiv_art1_die_counts_its_number_of_spaces(d):
    s, ev = throw(race("individuelle", 2, [10, 30]), d)
    assert s.sp[0] == 10 + d and s.x[0] == 10 + d
    moved = of(ev, E.RiderMoved)[0]
    assert moved.legs == (("Art. 1", d, 10, 10 + d, E.THROW),)
    assert moved.path == tuple(range(11, 11 + d))


def test_veldiv_art1_six_is_the_lucky_throw_and_moves_twelve():
    s, ev = throw(race("individuelle", 2, [10, 30]), 6)
    assert s.sp[0] == 22 and s.x[0] == 22
    assert "a six counts twelve" in of(ev, E.RiderMoved)[0].text(["Anne", "Bob"])


def test_veldiv_art2_each_player_in_turn_throws_one_die_and_moves_own_rider():
    s = SPEC.new_state(SPEC.default_config("individuelle", 3), 7)
    seen = []
    for _ in range(6):
        seat = s.to_act()[0]
        seen.append(seat)
        assert s.legal_actions(seat) == (Roll(),)
        before = s.x
        s, ev = s.apply(seat, Roll())
        assert len(of(ev, E.DiceRolled)[0].dice) == 1
        assert [r for r in range(3) if s.x[r] != before[r]] == [seat]
    assert seen == [0, 1, 2, 0, 1, 2]


def test_veldiv_art2_throwing_out_of_turn_is_refused_with_a_reason():
    s = SPEC.new_state(SPEC.default_config("individuelle", 2), 1)
    assert s.why_illegal(1, Roll()) == "It is not your turn."
    with pytest.raises(IllegalAction):
        s.apply(1, Roll())


# ------------------------------------------------------------------------------- Art. 3 and Art. 4


def test_veldiv_art3_landing_on_occupied_moves_on_by_same_number():
    s, ev = throw(race("individuelle", 3, [10, 13, 40]), 3)
    assert s.sp[0] == 16
    moved = of(ev, E.RiderMoved)[0]
    assert moved.legs[1] == ("Art. 3", 3, 13, 16, E.BUMP)
    assert moved.path == (11, 12, 13, 14, 15, 16)
    assert "Art. 3: space 13 occupied, moves on 3 to 16" in moved.text(["A", "B", "C"])


def test_veldiv_art3_moves_on_again_until_a_free_space():
    s, ev = throw(race("individuelle", 3, [10, 13, 16]), 3)
    assert s.sp[0] == 19
    assert [leg[3] for leg in of(ev, E.RiderMoved)[0].legs] == [13, 16, 19]


def test_veldiv_art4_six_counts_twelve():
    s, ev = throw(race("individuelle", 2, [3, 40]), 6)
    assert s.sp[0] == 15
    assert of(ev, E.RiderMoved)[0].legs == (("Art. 4", 12, 3, 15, E.SIX),)


def test_veldiv_art4_six_landing_on_occupied_moves_on_by_six():
    s, ev = throw(race("individuelle", 3, [10, 22, 28]), 6)
    assert s.sp[0] == 34 and s.x[0] == 34
    legs = of(ev, E.RiderMoved)[0].legs
    assert legs == (("Art. 4", 12, 10, 22, E.SIX), ("Art. 4", 6, 22, 28, E.BUMP), ("Art. 4", 6, 28, 34, E.BUMP))
    assert "Art. 4: space 22 occupied, moves on 6 to 28" in of(ev, E.RiderMoved)[0].text(["A", "B", "C"])


def test_veldiv_special_rule_never_two_riders_on_one_space():
    """La Règle Spéciale: "chaque case doit être occupée par un seul coureur" (random races, all variants)."""
    rng = random.Random(3)
    for variant in ("individuelle", "americaine", "poursuite", "poursuite-equipe", "eliminatoire", "cagnotte"):
        v = SPEC.variant(variant)
        for players in sorted({v.min_players, v.max_players}):
            s = SPEC.new_state(SPEC.default_config(variant, players), players)
            steps = 0
            while not s.is_over() and steps < 400:
                seat = s.to_act()[0]
                s, _ = s.apply(seat, rng.choice(s.legal_actions(seat)))
                steps += 1
                if s.phase == BONUS_PHASE:
                    continue  # the one moment two team-mates share a space: the Art. 7 choice
                on_track = [r for r in range(len(s.sp)) if s.sp[r]]
                for r in on_track:  # riders still waiting on their start space may stand together
                    if s.x[r] > 0:
                        assert [q for q in on_track if s.sp[q] == s.sp[r]] == [r], (variant, players, s.sp)


def test_veldiv_line_is_crossed_only_when_passing_space_48():
    s, ev = throw(race("individuelle", 2, [45, 20], turn=0), 3)
    assert s.sp[0] == 48 and not of(ev, E.LineCrossed)  # on 48, not past it
    s, ev = throw(s, 1, seat=1)
    s, ev = throw(s, 1, seat=0)
    assert s.sp[0] == 1
    assert of(ev, E.LineCrossed)[0].lap == 1


# ------------------------------------------------------------------------------- Art. 5


def test_veldiv_art5_first_team_turn_one_die_one_rider_of_the_players_choice():
    s = SPEC.new_state(SPEC.default_config("americaine", 2), 11)
    s, ev = throw(s, 4)
    assert of(ev, E.DiceRolled)[0].dice == (4,)
    assert s.phase == CHOOSE_PHASE and s.to_act() == (0,)
    assert s.legal_actions(0) == (ChooseRider(0), ChooseRider(1))
    assert "choose which" in s.why_illegal(0, Roll())
    s2, ev = s.apply(0, ChooseRider(1))
    assert s2.sp[:2] == (48, 4) and s2.x[:2] == (0, 4)
    assert s2.to_act() == (1,)


def test_veldiv_art5_high_die_to_the_rider_behind_who_moves_first():
    # The rulebook's example: riders on 15 and 23, dice 3 and 5: 15 -> 20 first, then 23 -> 26.
    for dice in ((3, 5), (5, 3)):
        s, ev = throw(race("americaine", 2, [23, 15, 30, 40]), *dice)
        assert s.sp[:2] == (26, 20)
        assigned = of(ev, E.DiceAssigned)[0]
        assert assigned.moves == ((1, 5), (0, 3)) and assigned.article == "Art. 5"
        moves = of(ev, E.RiderMoved)
        assert [(m.rider, m.start, m.end) for m in moves] == [(1, 15, 20), (0, 23, 26)]


# ------------------------------------------------------------------------------- Art. 6 to Art. 9


def test_veldiv_art6_landing_on_an_opponent_moves_on_by_the_same_number():
    s, ev = throw(race("americaine", 2, [10, 30, 14, 40]), 4, 1)
    assert s.sp[:2] == (18, 31)
    assert of(ev, E.RiderMoved)[0].legs[1] == ("Art. 6", 4, 14, 18, E.BUMP)


def test_veldiv_art7_landing_on_teammate_doubles_and_the_player_chooses_the_rider():
    s, ev = throw(race("americaine", 2, [10, 14, 30, 40]), 4, 1)
    assert s.phase == BONUS_PHASE and s.sp[:2] == (14, 14)
    assert of(ev, E.RiderMoved)[0].on_mate
    assert s.legal_actions(0) == (TakeBonus(0), TakeBonus(1))
    assert "extra advance" in s.why_illegal(0, Roll())
    mover, _ = s.apply(0, TakeBonus(0))  # the rider that landed goes on 2 x 4
    assert mover.sp[:2] == (22, 15)  # then the rider ahead (on 14) moves its 1
    mate, ev = s.apply(0, TakeBonus(1))  # the team-mate takes the doubled advance
    assert mate.sp[:2] == (14, 23)
    assert of(ev, E.RiderMoved)[0].legs[0] == ("Art. 7", 8, 14, 22, E.MATE)


def test_veldiv_art7_after_doubling_an_opponent_means_moving_on_by_the_die_only():
    s, _ = throw(race("americaine", 2, [10, 14, 22, 40]), 4, 1)
    s, ev = s.apply(0, TakeBonus(0))
    assert s.sp[0] == 26
    assert of(ev, E.RiderMoved)[0].legs == (("Art. 7", 8, 14, 22, E.MATE), ("Art. 7", 4, 22, 26, E.AFTER))


def test_veldiv_art8_six_on_an_opponent_moves_on_by_six():
    s, ev = throw(race("americaine", 2, [10, 30, 22, 40]), 6, 1)
    assert s.sp[:2] == (28, 31)
    assert of(ev, E.RiderMoved)[0].legs[1] == ("Art. 8", 6, 22, 28, E.BUMP)


def test_veldiv_art9_six_on_teammate_moves_twelve_then_only_six():
    s, _ = throw(race("americaine", 2, [10, 22, 34, 40]), 6, 1)
    assert s.phase == BONUS_PHASE
    s, ev = s.apply(0, TakeBonus(0))
    # 10 -12-> 22 (team-mate) -12-> 34 (opponent) -6-> 40 (opponent) -6-> 46; then 22 -> 23
    assert s.sp[:2] == (46, 23)
    assert [leg[:2] for leg in of(ev, E.RiderMoved)[0].legs] == [("Art. 9", 12), ("Art. 9", 6), ("Art. 9", 6)]


def test_veldiv_art7_bonus_goes_to_the_mover_when_the_teammate_has_finished():
    s = race("americaine", 2, [60, 14 + 48, 30, 40], st=[0, DONE, 0, 0], final=2, turn=0)
    s, ev = throw(s, 2)  # Art. 10: one die; 60 -> 62 = space 14, the finished team-mate's
    assert s.phase != BONUS_PHASE
    assert s.sp[0] == 18 and s.x[0] == 66


# ------------------------------------------------------------------------------- Art. 10


def test_veldiv_art10_one_die_once_a_rider_has_finished():
    s = race("americaine", 2, [30, 100, 20, 10], st=[0, DONE, 0, 0], final=2, turn=0)
    s, ev = throw(s, 5)
    assert of(ev, E.DiceRolled)[0].dice == (5,)
    assert of(ev, E.DiceAssigned)[0].article == "Art. 10"
    assert s.sp[0] == 35
    s, ev = throw(s, 5, 2)  # the other team still throws two dice
    assert of(ev, E.DiceRolled)[0].dice == (5, 2)
