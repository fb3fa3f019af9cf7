"""Jeu du Veldiv bots: levels, the evaluator, the better Art. 7 choice, thinking time."""

from __future__ import annotations

import random

from game.engine.bots import make_bot
from game.veldiv import SPEC
from game.veldiv.bots import evaluate
from game.veldiv.rules.actions import TakeBonus

from .veldiv_support import race, throw


def test_veldiv_bots_levels_random_easy_normal_hard():
    assert set(SPEC.levels) == {"random", "easy", "normal", "hard"}
    assert SPEC.bot_level("random").kind == "random"
    assert SPEC.bot_level("hard").noise == 0.0 < SPEC.bot_level("normal").noise < SPEC.bot_level("easy").noise


def test_veldiv_bots_evaluate_stays_in_the_unit_interval_and_favours_the_leader():
    rng = random.Random(2)
    for variant in ("individuelle", "americaine", "poursuite", "poursuite-equipe", "eliminatoire", "cagnotte"):
        s = SPEC.new_state(SPEC.default_config(variant, 3 if variant != "poursuite-equipe" else 2), 3)
        while not s.is_over():
            for seat in range(s.players):
                assert 0.0 <= evaluate(s, seat) <= 1.0
            seat = s.to_act()[0]
            s, _ = s.apply(seat, rng.choice(s.legal_actions(seat)))
        winner = s.result().winners[0]
        assert evaluate(s, winner) == 1.0
    ahead = race("individuelle", 2, [40, 10], prem=(1, 0), pts=(3, 0))
    assert evaluate(ahead, 0) > 0.5 > evaluate(ahead, 1)


def _choice(variant, level, xs, dice):
    s, _ = throw(race(variant, 2, xs), *dice)
    assert s.phase == 2
    bot = make_bot(SPEC, 0, level)
    return bot.start(s.view(0), s.legal_actions(0), 7).run()


def test_veldiv_bots_hard_keeps_a_pursuit_team_together_on_art7():
    # Team 0 (start 24): rider 1 on 34 (behind) throws 4 onto rider 0 on 38; the 1 then goes to rider 0.
    # The rear rider taking the 8 leaves the team at 46 and 39; the other way, 38 and 47: the rear
    # rider (the one that can be caught) is better off further on.
    assert _choice("poursuite-equipe", "hard", [14, 10, 20, 18], (4, 1)) == TakeBonus(1)


def test_veldiv_bots_hard_sends_the_leader_away_in_the_americaine():
    # Same throw in an Américaine: the Premier and the 3 points go to the first rider across, so the
    # team-mate ahead takes the doubled advance and then its own die.
    assert _choice("americaine", "hard", [14, 10, 30, 40], (4, 1)) == TakeBonus(0)


def test_veldiv_bots_decide_a_legal_move_at_every_level_through_a_race():
    """How fast they decide is the bench's (bot_decision_ms, target 150 ms): a timed test fails on a busy machine."""
    rng = random.Random(4)
    for level in ("easy", "normal", "hard"):
        s = SPEC.new_state(SPEC.default_config("americaine", 4), 11)
        steps = 0
        while not s.is_over() and steps < 300:
            seat = s.to_act()[0]
            legal = s.legal_actions(seat)
            action = make_bot(SPEC, seat, level).start(s.view(seat), legal, rng.getrandbits(32)).run()
            assert action in legal
            s, _ = s.apply(seat, action)
            steps += 1
        assert steps > 20
