"""Tour of Alameda, Hard's reading of the other riders' hands (game/alameda/rules/reading.py): only what the
table shows (every card that leaves a hand is shown), read through the racing sense that plays a hand's best card
while the stage is open."""

from __future__ import annotations

import random
from collections import Counter

from game.alameda import SPEC
from game.alameda.rules import bots as B
from game.alameda.rules.reading import HandReader, fits
from game.engine.bots import make_bot

from .alameda_support import W, build, pick_all, resolve

HANDS = [(2, 4, 6, 8, 9), (1, 3, 5, 6, 7), (1, 2, 3, 4, 5), (5, 6, 7, 8, 9)]


def reader_of(seat: int = 0) -> HandReader:
    return HandReader(seat)


def leg_read(cards: dict[int, int], distances=(12, 14, 9, 11), leg: int = 3, wrenched: int | None = None):
    """Ann (seat 0) reads one leg of a four-rider stage in which every seat races ``cards`` (a Monkey Wrenches
    seat ``wrenched``): (the reader, the state at the next leg's start)."""
    state = build(4, hands=HANDS, decks=[(1, 2, 3, 6, 10)] * 4, distances=distances, leg=leg)
    reader = reader_of(0)
    reader.observe(state.view(0))
    state, _ = pick_all(state, cards)
    if wrenched is not None:
        state, _ = resolve(state, target=lambda s: wrenched)
    reader.observe(state.view(0))
    return reader, state


def test_alameda_a_rider_that_raced_its_best_card_holds_nothing_higher_but_what_it_drew():
    """Bob races a 7 in an open stage (his best card, by the racing sense): the four cards he kept are 7 or lower;
    the card he drew after the leg could be anything."""
    reader, state = leg_read({0: 9, 1: 7, 2: 5, 3: 9})
    bob = sorted(reader.slots[1])
    assert bob.count((1, 7)) == 4 and bob.count((1, 10)) == 1
    assert fits(reader.slots[1], state.hands[1])


def test_alameda_a_rider_far_ahead_that_raced_its_lowest_card_kept_nothing_lower():
    """Dora leads the stage by 12 (a stage won by far): the racing sense plays the lowest card, so she kept 5s and up."""
    reader, _ = leg_read({0: 9, 1: 7, 2: 5, 3: 5}, distances=(12, 14, 9, 26))
    assert sorted(reader.slots[3]).count((5, 10)) == 4


def test_alameda_a_wrench_played_on_a_weak_hand_says_every_card_kept_is_weak():
    """Cleo Wrenches in leg 2 while nobody has and she is not ahead: only a hand with nothing above 5 does that."""
    reader, state = leg_read({0: 9, 1: 7, 2: W, 3: 9}, leg=2, wrenched=3)
    assert sorted(reader.slots[2]).count((1, 5)) == 4
    assert fits(reader.slots[2], state.hands[2])


def play_reading(levels: list[str], tours: int, seed0: int):
    """Tours with a reader following seat 0's views at each of its picks: (observations, fits, narrowed,
    unreadable riders seen)."""
    totals = Counter()
    for seed in range(seed0, seed0 + tours):
        bots = [make_bot(SPEC, s, level) for s, level in enumerate(levels)]
        state = SPEC.new_state(SPEC.default_config("standard", len(levels)), seed)
        reader = reader_of(0)
        order = random.Random(seed)
        step = 0
        while not state.is_over():
            awaited = state.to_act()
            seat = awaited[0] if len(awaited) == 1 else order.choice(awaited)
            if seat == 0 and state.phase_name == "pick":
                reader.observe(state.view(0))
                for t in range(1, len(levels)):
                    held = list(state.hands[t]) + ([state.picks[t]] if state.picks[t] > 0 else [])
                    totals["riders"] += 1
                    totals["unreadable"] += not reader.readable[t]
                    if reader.readable[t]:
                        totals["fits"] += fits(reader.slots[t], held)
                        totals["narrowed"] += any(slot != (1, 10) for slot in reader.slots[t])
            action = bots[seat].start(state.view(seat), state.legal_actions(seat), seed * 1000 + step).run()
            state, _ = state.apply(seat, action)
            step += 1
    return totals


def test_alameda_the_hands_read_of_racing_sense_riders_always_hold_their_true_cards():
    """Against riders that race by the racing sense (Normal), every reading is true (the real hand fits the
    ranges read) and most say something (a range narrower than 1 to 10)."""
    totals = play_reading(["normal"] * 4, 12, 300)
    assert totals["unreadable"] == 0
    assert totals["fits"] == totals["riders"] > 300
    assert totals["narrowed"] > 0.8 * totals["riders"]


def test_alameda_riders_the_racing_sense_does_not_explain_are_not_read():
    """Easy plays a random card three times in ten: such riders are soon read no further, and a rider not read is
    dealt at random, as before any reading."""
    totals = play_reading(["normal", "easy", "easy", "easy"], 6, 400)
    assert totals["unreadable"] > 0.5 * totals["riders"]
    reader, state = leg_read({0: 9, 1: 7, 2: 5, 3: 9})
    view = state.view(0)
    reader.readable[1] = False
    world = SPEC.determinize_leg(view, 5)
    read = reader.deal(world, view, 9)
    assert read.hands[1] == world.hands[1] and read.decks[1] == world.decks[1]
    assert read.hands[3] != world.hands[3] or read.decks[3] != world.decks[3]


def test_alameda_worlds_dealt_from_a_reading_keep_every_riders_unseen_cards_and_the_ranges():
    rng = random.Random(7)
    bots = [make_bot(SPEC, s, "normal") for s in range(4)]
    state = SPEC.new_state(SPEC.default_config("standard", 4), 77)
    reader = reader_of(0)
    dealt = 0
    step = 0
    while not state.is_over():
        awaited = state.to_act()
        seat = awaited[0] if len(awaited) == 1 else rng.choice(awaited)
        if seat == 0 and state.phase_name in ("pick", "wrench"):
            view = state.view(0)
            reader.observe(view)
            world = SPEC.determinize_leg(view, rng.getrandbits(64))
            read = reader.deal(world, view, rng.getrandbits(64))
            for t in (1, 2, 3):
                before = Counter(world.hands[t]) + Counter(world.decks[t]) + Counter([world.picks[t]])
                after = Counter(read.hands[t]) + Counter(read.decks[t]) + Counter([read.picks[t]])
                before.pop(W, None), after.pop(W, None)
                assert before == after, "a reading moves cards between a rider's hand and deck only"
                if view.phase == "pick":
                    assert len(read.hands[t]) == len(world.hands[t])
                    assert fits(reader.slots[t], read.hands[t])
                    dealt += read.hands[t] != world.hands[t]
            assert read.hands[0] == world.hands[0] and read.decks[0] == world.decks[0]
        action = bots[seat].start(state.view(seat), state.legal_actions(seat), step).run()
        state, _ = state.apply(seat, action)
        step += 1
    assert dealt > 20


def test_alameda_a_monkey_imagines_a_read_riders_face_down_card_as_the_racing_sense_plays_it():
    """Bob raced a 6 in leg 2 (so he kept 6s and lower) and drew; in leg 3 he plays face down and Ann Wrenches:
    in every world Ann imagines, his face-down card is the best of the hand she deals him."""
    state = build(4, hands=[(2, 4, 6, 8, 9), (1, 2, 3, 5, 6), (1, 2, 3, 4, 9), (5, 6, 7, 8, 9)],
                  decks=[(1, 2, 3, 6, 10, 7)] * 4, distances=(12, 14, 9, 11), leg=2, wrenches=[True, False, True, True])
    reader = reader_of(0)
    reader.observe(state.view(0))
    state, _ = pick_all(state, {0: 9, 1: 6, 2: 9, 3: 9})
    view = state.view(0)
    reader.observe(view)
    state, _ = state.apply(1, B.PICKS[state.hands[1][-1]])
    state, _ = state.apply(2, B.PICKS[state.hands[2][-1]])
    state, _ = state.apply(3, B.PICKS[state.hands[3][-1]])
    state, _ = state.apply(0, B.PICKS[W])
    assert state.phase_name == "wrench" and state.to_act() == (0,)
    view = state.view(0)
    rng = random.Random(3)
    for _ in range(30):
        world = reader.deal(SPEC.determinize(view, rng.getrandbits(64)), view, rng.getrandbits(64))
        bob = world.picks[1]
        assert all(card <= bob for card in world.hands[1]), "his face-down card is the best he holds"
        assert fits(reader.slots[1], tuple(sorted(world.hands[1] + (bob,))))
