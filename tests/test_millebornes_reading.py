"""Mille Bornes, Hard's reading of the opponent's hand (game/millebornes/rules/reading.py): from Hard's views only,
each move of the opponent read through the racing sense every level plays by (a discard says no card could be
played to profit, a play says no better one was held, a Coup Fourré declined says the safety is not held)."""

from __future__ import annotations

import random

from game.engine.bots import make_bot
from game.millebornes import SPEC, Decline, Discard, Draw, Play
from game.millebornes.rules import bots as B
from game.millebornes.rules.cards import (
    ACCIDENT,
    D25,
    D50,
    D75,
    D100,
    D200,
    DRIVING_ACE,
    GASOLINE,
    GO,
    REPAIRS,
    STOP,
)
from game.millebornes.rules.reading import ALL_KINDS, HandReader, fits

from .millebornes_support import build, config, play

ROLLING = {"drive": (GO,)}


def read_one_turn(state, bob_move):
    """Ann (seat 0) discards a 25 miles; Bob draws from the draw pile and makes ``bob_move``: Ann's reader, having
    seen her view before and after (the state after Bob's move)."""
    reader = HandReader(SPEC, 0)
    reader.observe(state.view(0))
    state, _ = play(state, 0, Discard(D25))
    state, _ = play(state, 1, Draw(False))
    state, _ = play(state, 1, bob_move)
    reader.observe(state.view(0))
    return reader, state


def test_millebornes_a_rolling_player_that_discarded_held_no_distance_card_it_could_drive():
    """Bob is rolling, 300 miles from the goal: Normal drives any distance card it holds, so a discard says he
    held none (nor a Go, a remedy he could use, nor a hazard to play on Ann's rolling car)."""
    state = build(2, hands=[(D25, D50, D75, D100, D100, GO, REPAIRS), (GASOLINE, REPAIRS, REPAIRS, GASOLINE, REPAIRS,
                                                                        GASOLINE)],
                  zones=[ROLLING, ROLLING], deck_top=(REPAIRS,))
    reader, state = read_one_turn(state, Discard(GASOLINE))
    assert len(reader.masks) == len(state.hands[1]) == 6
    for mask in reader.masks:
        for card in (D25, D50, D75, D100, D200, ACCIDENT, STOP):
            assert not mask >> card & 1, f"card {card} still thought possible"
    assert fits(reader.masks, state.hands[1])


def test_millebornes_a_player_that_drove_25_miles_held_no_bigger_distance():
    """Bob drives a 25 while rolling: the racing sense drives its biggest card, so he kept nothing bigger."""
    state = build(2, hands=[(D25, D50, D75, D100, D100, GO, REPAIRS), (D25, D25, GASOLINE, REPAIRS, REPAIRS, D25)],
                  zones=[ROLLING, ROLLING], deck_top=(GASOLINE,))
    reader, state = read_one_turn(state, Play(D25, 1))
    for mask in reader.masks:
        for card in (D50, D75, D100, D200):
            assert not mask >> card & 1
    assert fits(reader.masks, state.hands[1])


def test_millebornes_a_coup_fourre_declined_says_the_safety_is_not_held():
    """Ann plays an Accident on Bob; Normal always answers with a Coup Fourré when it holds the Driving Ace, so
    a refusal says none of his cards is one."""
    state = build(2, hands=[(ACCIDENT, D50, D75, D100, D100, GO, REPAIRS), (D25, D25, GASOLINE, REPAIRS, GO, D25)],
                  zones=[ROLLING, ROLLING], deck_top=(GASOLINE, D50))
    reader = HandReader(SPEC, 0)
    reader.observe(state.view(0))
    state, _ = play(state, 0, Play(ACCIDENT, 1))
    state, _ = play(state, 1, Decline())
    state, _ = play(state, 1, Draw(False))
    state, _ = play(state, 1, Play(REPAIRS, 1))
    reader.observe(state.view(0))
    assert len(reader.masks) == 6 and all(not mask >> DRIVING_ACE & 1 for mask in reader.masks[:5])
    assert fits(reader.masks, state.hands[1])


def test_millebornes_a_card_taken_from_the_discard_pile_is_known():
    """Ann throws away a Driving Ace; Bob takes it from the discard pile and drives a 100: that card of his hand
    is read exactly (and his other cards are no bigger distance than the 100 he drove)."""
    state = build(2, hands=[(DRIVING_ACE, D50, D75, D100, D100, GO, D25), (D25, D25, D50, D100, GO, D25)],
                  zones=[ROLLING, ROLLING])
    reader = HandReader(SPEC, 0)
    reader.observe(state.view(0))
    state, _ = play(state, 0, Discard(DRIVING_ACE))
    state, _ = play(state, 1, Draw(True))
    state, _ = play(state, 1, Play(D100, 1))
    reader.observe(state.view(0))
    assert (1 << DRIVING_ACE) in reader.masks
    assert all(not mask >> D200 & 1 for mask in reader.masks)
    assert fits(reader.masks, state.hands[1])


def test_millebornes_a_view_that_no_move_explains_starts_the_reading_afresh():
    """An undo or a reload shows Hard a table no move leads to: every card of the opponent is unknown again."""
    state = build(2, hands=[(D25, D50, D75, D100, D100, GO, REPAIRS), (GASOLINE,) * 3 + (REPAIRS,) * 3],
                  zones=[ROLLING, ROLLING], deck_top=(REPAIRS,))
    reader, after = read_one_turn(state, Discard(GASOLINE))
    assert any(mask != ALL_KINDS for mask in reader.masks)
    other = build(2, hands=[(D25, D50, D75, D100, D100, GO, REPAIRS), (D25,) * 6], zones=[ROLLING, {"drive": (GO,),
                                                                                                "counts": (0, 0, 0, 2, 0)}])
    reader.observe(other.view(0))
    assert reader.masks == [ALL_KINDS] * 6


def test_millebornes_the_reading_holds_the_true_hand_of_normal_and_is_used_by_hard():
    """Following Normal against Normal from one seat's views, the true hand of the other fits the reading at nearly
    every decision, and something is read at most of them; Hard keeps such a reader and deals its worlds from it."""
    observed = fitted = narrowed = 0
    for seed in range(1, 9):
        bots = [make_bot(SPEC, s, "normal") for s in range(2)]
        state = SPEC.new_state(config(2), seed)
        reader = HandReader(SPEC, 0)
        step = 0
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            if seat == 0 and len(legal) > 1:
                reader.observe(state.view(0))
                observed += 1
                fitted += fits(reader.masks, state.hands[1])
                narrowed += any(mask != ALL_KINDS for mask in reader.masks)
                if narrowed == 1:  # a world dealt from the reading gives Bob a hand inside it
                    world = reader.deal(SPEC.determinize(state.view(0), seed), random.Random(seed))
                    assert fits(reader.masks, world.hands[1])
            action = bots[seat].start(state.view(seat), legal, seed * 1000 + step).run()
            state, _ = state.apply(seat, action)
            step += 1
    assert observed > 200 and fitted >= 0.97 * observed and narrowed >= 0.7 * observed
    assert B.READ_HANDS
    hard = make_bot(SPEC, 0, "hard")
    state = SPEC.new_state(config(2), 3)
    while state.to_act()[0] != 0 or len(state.legal_actions(0)) < 2:
        seat = state.to_act()[0]
        state, _ = state.apply(seat, state.legal_actions(seat)[0])
    hard.level = hard.level.__class__(hard.level.kind, iterations=40, rollout_depth=4)
    hard.start(state.view(0), state.legal_actions(0), 1).run()
    assert isinstance(hard.reader, HandReader) and hard.reader.active
