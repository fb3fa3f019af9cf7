"""Velonimo bot heuristics: evaluator, rollout policy, candidate moves and bot levels."""

from __future__ import annotations

import random

import pytest

from game.engine.bots import make_bot
from game.velonimo import SPEC, Pass, PlayCards, card_from_token
from game.velonimo import bots as B

from .test_velonimo_rules import build, ids, play


def test_velonimo_evaluate_is_a_probability_that_sums_to_one():
    s = SPEC.new_state(SPEC.default_config("standard", 4), 2)
    rnd = random.Random(1)
    for _ in range(120):
        if s.is_over():
            break
        chances = B.win_chances(s)
        assert all(0.0 <= c <= 1.0 for c in chances) and abs(sum(chances) - 1.0) < 1e-9
        assert SPEC.evaluate(s, 0) == pytest.approx(chances[0])
        seat = s.to_act()[0]
        s, _ = s.apply(seat, rnd.choice(s.legal_actions(seat)))


def test_velonimo_evaluate_prefers_higher_totals_and_fewer_cards():
    s = build(hands={0: "red-1", 1: "blue-1 blue-2 blue-5 pink-7 green-3", 2: "pink-4 pink-5", 3: "green-2"},
              round_no=3, totals=(10, 4, 4, 4))
    s.played = 1  # mid-round
    chances = B.win_chances(s)
    assert chances[0] == max(chances)
    assert chances[1] < chances[3]  # same total, more cards to shed


def test_velonimo_finished_game_evaluates_exactly():
    s = build(2, {0: "red-5", 1: "yellow-3 yellow-4"}, variant="duel", round_no=3, totals=(5, 3),
              draw="orange-7", revealed="hare-25")
    s, _ = s.apply(0, play("red-5"))
    assert s.is_over() and SPEC.evaluate(s, 0) == 1.0 and SPEC.evaluate(s, 1) == 0.0


def test_velonimo_rollout_policy_always_returns_a_legal_move():
    rnd = random.Random(4)
    for variant, players in (("standard", 3), ("standard", 5), ("duel", 2)):
        s = SPEC.new_state(SPEC.default_config(variant, players), 5)
        while not s.is_over():
            seat = s.to_act()[0]
            action = SPEC.rollout_action(s, seat, rnd)
            assert s.why_illegal(seat, action) is None, (action, s.why_illegal(seat, action))
            s, _ = s.apply(seat, action)


def test_velonimo_rollout_policy_leads_big_and_keeps_hares():
    s = build(hands={0: "red-2 red-4 red-6 hare-50 blue-3", 1: "blue-5"})
    assert B.rollout_action(s, 0, random.Random(0)) == play("red-2 red-4 red-6")
    s, _ = s.apply(0, play("blue-3"))
    # seat 1 can only beat 3 with ... it holds blue-5: plays it
    assert B.rollout_action(s, 1, random.Random(0)) == play("blue-5")
    s = build(hands={0: "red-7 red-6 pink-1 pink-2 yellow-5", 1: "hare-30 blue-1 green-2 pink-3 yellow-4"})
    s, _ = s.apply(0, play("red-7"))
    assert B.rollout_action(s, 1, random.Random(0)) == Pass()  # no Hare spent on a 7 this early


def test_velonimo_rollout_policy_gives_back_the_least_useful_card():
    s = build(hands={0: "red-1 red-5 red-6 blue-2", 1: "green-3 green-4", 2: "pink-4"})
    s, _ = s.apply(0, play("red-1"))
    s, _ = s.apply(0, B.rollout_action(s, 0, random.Random(0)))  # steal from the shortest hand
    assert s.svictim == 2
    action = B.rollout_action(s, 0, random.Random(0))
    assert action.card != card_from_token("red-5") and action.card != card_from_token("red-6")


def test_velonimo_candidates_include_policy_pass_and_going_out():
    s = build(hands={0: "red-2 red-3", 1: "blue-3 blue-4 green-7 hare-25", 2: "pink-4"})
    s, _ = s.apply(0, play("red-2"))
    cands = B.candidate_actions(s, 1, s.legal_actions(1), random.Random(0))
    assert Pass() in cands and len(set(cands)) == len(cands)
    assert all(a in s.legal_actions(1) for a in cands)
    s = build(hands={0: "red-2 red-3 red-4", 1: "blue-3"})
    cands = B.candidate_actions(s, 0, s.legal_actions(0), random.Random(0))
    assert play("red-2 red-3 red-4") in cands


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
def test_velonimo_bot_levels_choose_legal_moves(level):
    s = SPEC.new_state(SPEC.default_config("standard", 4), 6)
    for step in range(3 if level == "hard" else 6):
        seat = s.to_act()[0]
        bot = make_bot(SPEC, seat, level)
        legal = s.legal_actions(seat)
        action = bot.start(s.view(seat), legal, step).run()
        assert action in legal
        s, _ = s.apply(seat, action)


def test_velonimo_search_bot_goes_out_when_it_can():
    s = build(hands={0: "red-2 red-4 red-6", 1: "blue-3 blue-5 blue-6", 2: "pink-4 pink-5", 3: "green-7"},
              round_no=5, totals=(10, 10, 10, 10))
    bot = make_bot(SPEC, 0, "normal")
    action = bot.start(s.view(0), s.legal_actions(0), 1).run()
    assert isinstance(action, PlayCards) and action.cards == ids("red-2 red-4 red-6")


def test_velonimo_search_bot_is_deterministic_for_a_seed():
    s = SPEC.new_state(SPEC.default_config("standard", 4), 8)
    seat = s.to_act()[0]
    a = make_bot(SPEC, seat, "normal").start(s.view(seat), s.legal_actions(seat), 5).run()
    b = make_bot(SPEC, seat, "normal").start(s.view(seat), s.legal_actions(seat), 5).run()
    assert a == b


@pytest.mark.parametrize("variant,players", [("standard", 4), ("standard", 5), ("duel", 2)])
def test_velonimo_fast_play_out_matches_stepping_the_engine(variant, players):
    """``play_out`` (in place, no copies) gives the same round result as stepping states with the policy."""
    from game.velonimo.rules import RoundScored

    rnd = random.Random(players)
    checked = 0
    for seed in range(6):
        s = SPEC.new_state(SPEC.default_config(variant, players), seed)
        while not s.is_over():
            if rnd.random() < 0.08:
                totals, points, _, steps = B.play_out(s)
                e, round_no, scored = s, s.round, None
                while not e.is_over() and e.round == round_no:
                    seat = e.to_act()[0]
                    e, events = e._apply(seat, B.rollout_action(e, seat, rnd))
                    scored = next((ev for ev in events if isinstance(ev, RoundScored)), scored)
                assert scored is not None and (tuple(totals), tuple(points)) == (scored.totals, scored.points)
                assert steps >= 1
                checked += 1
            seat = s.to_act()[0]
            s, _ = s.apply(seat, rnd.choice(s.legal_actions(seat)))
    assert checked > 10


def test_velonimo_play_out_lets_a_duel_camel_played_last_draw_instead_of_going_out():
    """Issue 18 (interpretation 16): Ann's last card is a Camel, so she draws and is not out; Bob's 3
    then beats her 2 and Bob goes out first. Before, the bots imagined Ann out at once."""
    s = build(2, {0: "red-2", 1: "yellow-3"}, variant="duel", draw="green-7", revealed="hare-25")
    _, points, out, _ = B.play_out(s)
    assert out == [1, 0] and points == [0, 1]


def test_velonimo_policy_counters_with_the_most_cards_then_the_cheapest_of_all_the_hands_plays():
    """The policy reads only a hand's whole lines (colour rows, number columns): the play it picks is the
    one a search over every play of the hand would pick (most cards beating the value without a Hare,
    the cheapest and then the first by cards among them; the Jersey's +10 when nothing else beats)."""
    from game.velonimo.rules import hand_plays

    rnd = random.Random(11)
    for _ in range(3000):
        hand = sum(1 << c for c in rnd.sample(range(55), rnd.randint(1, 14)))
        value = rnd.choice([0, rnd.randint(1, 8), rnd.randint(9, 60)])
        plays = [p for p in hand_plays(hand).plays if not p.hare]  # sorted by value, then cards
        for bonus, jersey in ((0, False), (10, True)):
            beating = [p for p in plays if p.value + bonus > value]
            if beating:
                most = max(len(p.cards) for p in beating)
                expected = next(p for p in beating if len(p.cards) == most)
                assert B.counter_choice(hand, value, 11, jersey) == (expected, jersey)
                break
        if value == 0 and plays:
            most = max(len(p.cards) for p in plays)
            assert B.lead_choice(hand) is next(p for p in plays if len(p.cards) == most)


def test_velonimo_hard_imagines_rivals_who_sometimes_pass_but_never_its_own_moves_nor_a_final_play():
    """Ann leads red 2-3 (23); the racing sense has Bob counter with blue 4-5 (24), and Cleo goes out
    with her two 6s (26). Hard's play-outs let a rival pass instead (here always): Bob passes, Cleo
    still goes out; Hard's own counter-attacks (as Bob) stay the racing sense's."""
    s = build(3, {0: "red-2 red-3 pink-1", 1: "blue-4 blue-5 green-7", 2: "pink-6 yellow-6"})
    always = lambda cards, value: 1.0  # noqa: E731
    _, _, policy_order, _ = B.play_out(s)
    assert policy_order == [2, 0, 1]
    _, _, ann_imagines, _ = B.play_out(s, 0, random.Random(1), always)
    assert ann_imagines[0] == 2 and ann_imagines != policy_order, "Bob passed; Cleo's last play was kept"
    _, _, bob_imagines, _ = B.play_out(s, 1, random.Random(1), always)
    assert bob_imagines == policy_order, "Bob's own counter-attack is never replaced"


def test_velonimo_hard_thinking_rivals_pass_more_against_stronger_attacks_and_rarely_near_the_end():
    from game.velonimo.hard import thinking_pass_chance

    assert thinking_pass_chance(8, 5) < thinking_pass_chance(8, 24) < thinking_pass_chance(8, 33) <= 0.6
    assert thinking_pass_chance(2, 33) < thinking_pass_chance(8, 5)


def test_velonimo_hard_goes_out_when_it_can():
    s = build(hands={0: "red-2 red-4 red-6", 1: "blue-3 blue-5 blue-6", 2: "pink-4 pink-5", 3: "green-7"},
              round_no=5, totals=(10, 10, 10, 10))
    action = make_bot(SPEC, 0, "hard").start(s.view(0), s.legal_actions(0), 1).run()
    assert isinstance(action, PlayCards) and action.cards == ids("red-2 red-4 red-6")
