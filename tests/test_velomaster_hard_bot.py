"""VeloMaster's Hard bot (game/velomaster/hard_bot.py, hard_eval.py): the rule-aware move in constructed positions."""

from __future__ import annotations

from game.engine.bots import make_bot
from game.velomaster.hard_bot import HardBot, play
from game.velomaster.rules import Roll, Step
from game.velomaster.rules.actions import Attack
from game.velomaster.rules.codes import P_MOVE

from .test_velomaster_pro_moves import SPEC as PRO_SPEC
from .test_velomaster_pro_moves import pro
from .velomaster_support import act, cid, make_course, make_spec, race, rigged, with_rng

ROLL = Roll()


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
