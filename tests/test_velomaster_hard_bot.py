"""VeloMaster's Hard bot (game/velomaster/hard_bot.py, hard_eval.py): the rule-aware move in constructed positions."""

from __future__ import annotations

import pytest

from game.engine.bots import make_bot
from game.velomaster.hard_bot import HardBot, play
from game.velomaster.rules import Roll, Step
from game.velomaster.rules.actions import Accelerate, Attack, Decline
from game.velomaster.rules.codes import P_MOVE, P_PROPOSE

from .test_velomaster_expert_lines import SPEC as SPEC_LINES
from .test_velomaster_pro_moves import SPEC as PRO_SPEC
from .test_velomaster_pro_moves import pro
from .velomaster_support import act, cid, make_course, make_spec, race, rigged, with_rng

ROLL = Roll()


def expert(cells, phase=0):
    return race(SPEC_LINES, 3, cells, variant="expert-salzburg", round_phase=phase)


def _decide(spec, state, seat, seed):
    bot = make_bot(spec, seat, "hard")
    assert isinstance(bot, HardBot)
    return bot.start(state.view(seat), state.legal_actions(seat), seed).run()


def test_hard_attacks_in_the_sprint_when_a_rival_is_as_close_to_the_line():
    # Pro course: finish at row 60. Seat 0's leader is 5 rows from the line, seat 1's leader a row behind it: the
    # sum of two dice (an attack, 20 %) crosses the line far more often than one die, and the race is won there
    cells = {0: cid(55, 0), 4: cid(54, 2), 1: cid(20, 0), 5: cid(20, 2), 8: cid(30, 1)}
    s, _ = pro(cells, players=3)
    assert Attack(0) in s.legal_actions(0)
    assert all(_decide(PRO_SPEC, s, 0, seed) == Attack(0) for seed in range(3))


def test_hard_keeps_its_condition_for_the_sprint_far_from_the_line():
    # the same race 45 rows earlier: 20 % of condition is worth more than a few cells at the start
    cells = {0: cid(10, 0), 4: cid(9, 2), 1: cid(5, 0), 5: cid(5, 2), 8: cid(6, 1)}
    s, _ = pro(cells, players=3)
    assert Attack(0) in s.legal_actions(0)
    assert all(_decide(PRO_SPEC, s, 0, seed) == ROLL for seed in range(3))


def test_hard_judges_an_attack_by_the_dice_it_brings():
    # announcing the attack leaves the roll to make: the search makes it, so the attack's two dice are counted
    s, _ = pro({0: cid(5, 0)}, rng=rigged((6, 6), (6, 3)))
    after, chance = play(s, 0, Attack(0))
    assert chance and after.phase == P_MOVE and after.move_die == 9


def test_hard_takes_the_safe_way_round_a_danger_cell():
    spec = make_spec(make_course(danger={(6, 1)}))
    chosen = []
    for seed in range(4):
        s, _ = race(spec, 2, {0: cid(5, 1), 1: cid(1, 0), 2: cid(20, 0), 3: cid(20, 2)}, seat=0)
        s = with_rng(s, rigged((6, 2), (6, 2)))
        s, _ = act(s, s.legal_actions(0)[0])  # roll
        s, _ = act(s, s.legal_actions(0)[0])  # the leader takes a 2
        assert s.phase == P_MOVE and s.moving_rider == 0
        chosen.append(_decide(spec, s, 0, seed))
    assert all(isinstance(a, Step) and a.cell != cid(6, 1) for a in chosen)


def test_hard_plays_an_acceleration_out_to_where_the_line_ends():
    # "le dernier vélo « remonte » la ligne pour se placer devant … Puis le vélo devenu dernier saute à son tour":
    # the search follows the proposal to its end, each bike's director choosing, instead of guessing the gain
    cells = {1: cid(35, 1), 0: cid(36, 1), 4: cid(37, 1), 8: cid(2, 0)}  # seat 0's grey and leader, seat 1's leader
    s, _ = expert(cells)
    assert s.phase == P_PROPOSE and Accelerate(4) in s.legal_actions(0)
    after, _ = play(s, 0, Accelerate(4))
    row = after.setup.geo.row
    assert after.phase != P_PROPOSE and not after.entraide
    assert [row[after.pos[r]] for r in (1, 0, 4)] == [38, 39, 40]  # each bike gained as many rows as the line has


def test_hard_does_not_launch_a_line_that_carries_the_rivals_leaders_past_its_own():
    # team-mates' turn: seat 0's grey may launch the line behind seat 0's leader, the race's front rider; the two
    # rivals' leaders at its rear would agree and jump past seat 0's leader
    cells = {4: cid(34, 1), 8: cid(35, 1), 1: cid(36, 1), 0: cid(37, 0)}
    s, _ = expert(cells, phase=1)
    assert s.phase == P_PROPOSE and set(s.legal_actions(0)) == {Accelerate(1), Decline(1)}
    assert all(_decide(SPEC_LINES, s, 0, seed) == Decline(1) for seed in range(3))


def test_hard_is_handed_a_view_never_a_race():
    s, _ = pro({0: cid(55, 0), 4: cid(54, 2)}, players=3)
    bot = make_bot(PRO_SPEC, 0, "hard")
    with pytest.raises(TypeError):
        bot.start(s, s.legal_actions(0), 1)


def test_hard_decides_the_same_whatever_a_rivals_secret_condition():
    # Pro: a rival's exact condition (here a doped leader at 120 %) is its own player's secret; the others read its
    # public figure. Two races that differ only there give Hard the same view, hence the same move
    cells = {0: cid(55, 0), 4: cid(54, 2), 1: cid(20, 0), 5: cid(20, 2), 8: cid(30, 1)}
    s, _ = pro(cells, players=3)
    w = s._work()
    w.condition = s.condition[:4] + (120,) + s.condition[5:]
    assert w.view(0) == s.view(0)
    assert [_decide(PRO_SPEC, w, 0, seed) for seed in range(3)] == [_decide(PRO_SPEC, s, 0, seed) for seed in range(3)]
