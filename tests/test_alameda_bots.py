"""Tour of Alameda computer players: they decide from their own view only, use the Monkey Wrench with
judgement (whom to wrench and when), and Hard searches the stage ahead."""

from __future__ import annotations

import pytest

from game.alameda import SPEC
from game.alameda.rules import PICK, REST, Pick, RestChoice, Wrench
from game.alameda.rules import bots as B
from game.engine.bots import make_bot

from .alameda_support import W, build, pick_all


def decide(state, seat, level, seed=1):
    return make_bot(SPEC, seat, level).start(state.view(seat), state.legal_actions(seat), seed).run()


def test_alameda_levels_are_the_policy_with_noise_the_policy_and_the_search():
    assert SPEC.bot_level("easy").kind == "alameda-policy" and SPEC.bot_level("easy").noise > 0
    assert SPEC.bot_level("normal").kind == "alameda-policy" and SPEC.bot_level("normal").noise == 0
    assert SPEC.bot_level("hard").kind == "alameda-search" and SPEC.bot_level("hard").iterations >= 300


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_alameda_bots_pick_from_their_own_view_never_seeing_a_pending_pick(level):
    state = build(4, hands=[(2, 4, 6, 8, 9), (1, 3, 5, 7, 10), (1, 2, 3, 4, 5), (5, 6, 7, 8, 9)],
                  decks=[(1, 2, 3, 6, 6)] * 4, distances=(12, 14, 9, 11), leg=3)
    high, _ = state.apply(1, Pick(10))
    low, _ = state.apply(1, Pick(1))
    assert high.view(0) == low.view(0)
    for seed in range(3):
        assert decide(high, 0, level, seed) == decide(low, 0, level, seed)


def _wrench_at(cards: dict, distances=(0, 0, 0, 0), monkey=3, hands=None):
    """4 players, jersey Ann: everyone reveals before Dora, whose Wrench is the last card."""
    hands = hands or [(cards[0], 1), (cards[1], 1), (cards[2], 1), (2, 2)]
    state = build(4, hands=hands, decks=[(1, 1, 1, 1, 1)] * 4, distances=distances)
    state, _ = pick_all(state, {**cards, monkey: W})
    assert state.to_act() == (monkey,)
    return state


def test_alameda_normal_wrenches_the_best_revealed_card():
    state = _wrench_at({0: 3, 1: 9, 2: 5})
    assert decide(state, 3, "normal") == Wrench(1)


def test_alameda_normal_prefers_to_wrench_a_stage_rival_over_a_player_far_behind():
    state = _wrench_at({0: 7, 1: 7, 2: 2}, distances=(3, 30, 10, 28))
    assert decide(state, 3, "normal") == Wrench(1), "Bob leads the stage: taking his 7 costs him too"


def test_alameda_normal_plays_the_wrench_to_end_a_stage_it_leads_and_not_one_it_is_losing():
    leading = build(4, hands=[(6, 7, 8, 9, 10)] * 4, decks=[(1,) * 5] * 4, distances=(30, 20, 18, 25),
                    wrenches=[True, False, False, True], leg=4)
    assert decide(leading, 0, "normal") == Pick(W), "a third Wrench ends the stage while Ann leads"
    losing = build(4, hands=[(6, 7, 8, 9, 10)] * 4, decks=[(1,) * 5] * 4, distances=(20, 30, 18, 25),
                   wrenches=[True, False, False, True], leg=4)
    assert decide(losing, 0, "normal") != Pick(W)


def test_alameda_normal_plays_the_wrench_to_replace_a_weak_hand():
    state = build(3, hands=[(1, 1, 2, 3, 4), (6, 7, 8, 9, 10), (6, 7, 8, 9, 10)], decks=[(5,) * 5] * 3, jersey=1)
    assert decide(state, 0, "normal") == Pick(W)


def test_alameda_normal_races_its_best_card_in_an_open_stage_and_saves_it_in_a_stage_lost_by_far():
    hands = [(2, 4, 6, 8, 9)] * 3
    decks = [(5,) * 5] * 3
    open_stage = build(3, hands=hands, decks=decks, distances=(10, 12, 9), leg=3)
    assert decide(open_stage, 0, "normal") == Pick(9)
    lost = build(3, hands=hands, decks=decks, distances=(10, 30, 9), leg=3)
    assert decide(lost, 0, "normal") == Pick(2)
    won = build(3, hands=hands, decks=decks, distances=(40, 12, 9), leg=3)
    assert decide(won, 0, "normal") == Pick(2)


def test_alameda_normal_rests_when_its_hand_is_clearly_worse_than_its_deck():
    state = build(2, hands=[(1, 1, 2), (9, 9)], decks=[(8, 8, 9, 10, 7, 6), (1,) * 6])
    state.phase, state.waiting = REST, 0b11
    state.rests = (-1, -1)
    assert B.rest_choice(state, 0) == RestChoice(True)
    assert B.rest_choice(state, 1) == RestChoice(False)


def test_alameda_hard_takes_the_card_that_wins_the_tour():
    """Last leg of the last stage: taking Bob's 10 wins the stage and the tour; Cleo's 3 does not."""
    state = build(3, hands=[(1,), (10,), (3,)], wrenches=[True, False, True], distances=(20, 25, 18),
                  points=(2, 2, 0), stage=2, jersey=1)
    state, _ = pick_all(state, {0: W, 1: 10, 2: 3})
    assert state.to_act() == (0,)
    assert decide(state, 0, "hard") == Wrench(1)


def test_alameda_hard_is_deterministic_for_a_seed_and_legal():
    state = SPEC.new_state(SPEC.default_config("standard", 4), 21)
    for _ in range(6):
        seat = state.to_act()[0]
        first = decide(state, seat, "hard", seed=5)
        assert first == decide(state, seat, "hard", seed=5)
        assert state.why_illegal(seat, first) is None
        state, _ = state.apply(seat, first)


def test_alameda_the_evaluator_rewards_points_more_as_the_cards_run_out():
    early = build(3, hands=[(5,) * 5] * 3, decks=[(5,) * 15] * 3, points=(2, 0, 0), stage=2)
    late = build(3, hands=[(5,) * 5] * 3, decks=[(5,)] * 3, points=(2, 0, 0), stage=2)
    assert 1 / 3 < B.evaluate(early, 0) < B.evaluate(late, 0) < 1
    assert B.evaluate(early, 1) == pytest.approx(B.evaluate(early, 2))


def test_alameda_the_policy_never_peeks_at_a_face_down_wrench():
    state = build(4, hands=[(6, 7, 8, 9, 10)] * 4, decks=[(1,) * 5] * 4, distances=(30, 20, 18, 25),
                  wrenches=[True, True, False, True], leg=4)
    assert B.wrenches_revealed(state) == 1
    picked, _ = state.apply(1, Pick(W))
    assert B.wrenches_revealed(picked) == 1, "Bob's Wrench is face down: nobody knows it yet"
    assert picked.phase == PICK


def test_alameda_hard_answers_with_a_legal_move_when_its_time_runs_out():
    """The app stops a search at its deadline (``Thinking.finish``): Hard answers with its best move so far."""
    state = SPEC.new_state(SPEC.default_config("standard", 4), 5)
    thinking = make_bot(SPEC, 0, "hard").start(state.view(0), state.legal_actions(0), 1)
    thinking.step(10)
    assert state.why_illegal(0, thinking.finish()) is None
