"""Tour of Alameda: the advanced and optional rules, each on and off, the younger players' preset and the
deck and hand options (shared/rules/tour-of-alameda.txt, "Advanced and Optional Rules")."""

from __future__ import annotations

import pytest

from game.alameda import SPEC
from game.alameda.rules import (
    EnduranceScored,
    HandsRefilled,
    MountaineerScored,
    OutOfCards,
    RestChoice,
    RestDecided,
    RestRevealed,
    StageScored,
    StageStarted,
    TimeTrialCalled,
)
from game.engine import invariants as inv
from game.engine.protocol import Config, ConfigError

from .alameda_support import NAMES, W, build, config, of_type, pick_all, resolve, texts

# --------------------------------------------------------------------------- The Breakaway


def test_alameda_breakaway_a_sole_leader_holding_the_wrench_draws_no_card():
    state = build(3, hands=[(9, 2), (1, 2), (1, 2)], decks=[(5, 5), (6, 6), (7, 7)], distances=(10, 8, 3),
                  hand_size=2, breakaway=True)
    state, events = pick_all(state, {0: 9, 1: 1, 2: 1})
    assert state.hands == ((2,), (2, 6), (2, 7)) and state.decks[0] == (5, 5)
    assert of_type(events, HandsRefilled)[0].text(NAMES) == (
        "Bob and Cleo draw 1 card; Ann rides in the breakaway and draws nothing")


def test_alameda_breakaway_off_the_leader_draws_as_usual():
    state = build(3, hands=[(9, 2), (1, 2), (1, 2)], decks=[(5, 5), (6, 6), (7, 7)], distances=(10, 8, 3), hand_size=2)
    state, _ = pick_all(state, {0: 9, 1: 1, 2: 1})
    assert state.hands[0] == (2, 5)


def test_alameda_breakaway_ends_once_the_leader_plays_the_wrench_or_loses_the_lead():
    after_wrench = build(3, hands=[(9, 2), (1, 2), (1, 2)], decks=[(5, 5), (6, 6), (7, 7)], distances=(30, 8, 3),
                         breakaway=True)
    after_wrench, events = pick_all(after_wrench, {0: W, 1: 1, 2: 1})
    after_wrench, _ = resolve(after_wrench, events)
    assert after_wrench.decks[0] == () and after_wrench.hands[0].count(5) == 2, (
        "no Wrench held: the leader draws back up")
    caught = build(3, hands=[(2,), (9, 1), (1, 2)], decks=[(5, 5, 5, 5), (6, 6), (7, 7)], distances=(10, 8, 3),
                   hand_size=3, breakaway=True)
    caught, _ = pick_all(caught, {0: 2, 1: 9, 2: 1})
    assert caught.hands[0] == (5, 5, 5), "no longer in the lead: Ann draws back up to a full hand"
    assert caught.hands[1] == (1,), "Bob leads now and holds his Wrench: breakaway"


def test_alameda_breakaway_a_tie_for_the_lead_is_no_breakaway():
    state = build(3, hands=[(9, 2), (9, 2), (1, 2)], decks=[(5, 5), (6, 6), (7, 7)], hand_size=2,
                  breakaway=True)
    state, events = pick_all(state, {0: 9, 1: 9, 2: 1})
    assert state.hands == ((2, 5), (2, 6), (2, 7))
    assert of_type(events, HandsRefilled)[0].breakaway == -1


# --------------------------------------------------------------------------- Endurance Stages


def _endurance_leg(leg: int, distances, endurance: bool = True):
    state = build(3, hands=[(5, 5), (4, 4), (3, 3)], decks=[(1,) * 6] * 3, distances=distances, leg=leg,
                  endurance=endurance)
    return pick_all(state, {0: 5, 1: 4, 2: 3})


def test_alameda_endurance_the_sole_leader_scores_a_point_after_legs_5_7_9():
    for leg in (5, 7, 9):
        state, events = _endurance_leg(leg, (20, 20, 3))
        assert state.points == (1, 0, 0) and state.stage_points == (1, 0, 0), f"leg {leg}"
        assert of_type(events, EnduranceScored)[0].text(NAMES) == f"Endurance: Ann leads the stage after leg {leg} (+1)"
    for leg in (1, 3, 4, 6, 8):
        state, events = _endurance_leg(leg, (20, 20, 3))
        assert state.points == (0, 0, 0) and not of_type(events, EnduranceScored), f"leg {leg}"


def test_alameda_endurance_a_tie_for_the_lead_scores_nobody():
    state, events = _endurance_leg(5, (20, 21, 3))
    assert state.points == (0, 0, 0)
    assert of_type(events, EnduranceScored)[0].text(NAMES) == (
        "Endurance: nobody leads the stage alone after leg 5, no point")


def test_alameda_endurance_off_scores_no_point():
    state, events = _endurance_leg(5, (20, 20, 3), endurance=False)
    assert state.points == (0, 0, 0) and not of_type(events, EnduranceScored)


def test_alameda_endurance_point_comes_before_the_stage_points_of_a_stage_ending_on_that_leg():
    state = build(3, hands=[(5,), (4,), (3,)], decks=[(1,) * 6] * 3, distances=(20, 20, 3), leg=5,
                  wrenches=[False, True, True], endurance=True)
    state, events = pick_all(state, {0: 5, 1: 4, 2: W})
    state, events = resolve(state, events, target=lambda s: 1)  # Cleo takes Bob's 4, Bob draws nothing
    kinds = [type(e) for e in events]
    assert kinds.index(EnduranceScored) < kinds.index(StageScored)
    assert state.history[-1] == (3, 0, 0), "1 Endurance point + 2 for the stage"


# --------------------------------------------------------------------------- Mountaineer


def _mountain_leg(cards: dict, mountaineer: bool = True, **kw):
    hands = [(cards[s],) if cards[s] else () for s in range(3)]
    state = build(3, hands=[h + (1,) for h in hands], decks=[(1,) * 6] * 3, mountaineer=mountaineer, **kw)
    return pick_all(state, cards)


def test_alameda_mountaineer_a_4_or_lower_that_is_the_highest_card_scores_a_point():
    state, events = _mountain_leg({0: 4, 1: 2, 2: 3})
    assert state.points == (1, 0, 0)
    assert of_type(events, MountaineerScored)[0].text(NAMES) == (
        "Mountaineer: Ann's 4 is the highest card of the leg (+1)")


def test_alameda_mountaineer_every_player_holding_the_highest_card_scores():
    state, events = _mountain_leg({0: 3, 1: 3, 2: 1})
    assert state.points == (1, 1, 0)
    assert of_type(events, MountaineerScored)[0].text(NAMES) == (
        "Mountaineer: Ann and Bob's 3 are the highest card of the leg (+1)")


def test_alameda_mountaineer_no_point_when_the_highest_card_is_above_4_or_the_rule_is_off():
    state, events = _mountain_leg({0: 4, 1: 5, 2: 3})
    assert state.points == (0, 0, 0) and not of_type(events, MountaineerScored)
    state, events = _mountain_leg({0: 4, 1: 2, 2: 3}, mountaineer=False)
    assert state.points == (0, 0, 0) and not of_type(events, MountaineerScored)


def test_alameda_mountaineer_counts_the_cards_played_after_the_wrench_swaps():
    state = build(3, hands=[(4, 1), (2, 1), (3, 1)], decks=[(1,) * 6] * 3, mountaineer=True)
    state, events = pick_all(state, {0: 4, 1: W, 2: 3})
    state, events = resolve(state, events, target=lambda s: 0)  # Bob takes Ann's 4; Ann draws Bob's 1 or 2
    assert state.points == (0, 1, 0), "Bob's final card is the 4"


# --------------------------------------------------------------------------- Rest


def _end_of_stage(rest: bool = True, decks=None):
    """3 players; Bob has played his Wrench; Cleo's Wrench this leg ends stage 1."""
    decks = decks or [(8, 8, 8, 8, 8, 2), (7,) * 6, (6,) * 6]
    state = build(3, hands=[(1, 1, 2), (3, 3), (4, 5)], decks=decks, wrenches=[True, False, True], rest=rest)
    state, events = pick_all(state, {0: 1, 1: 3, 2: W})
    return resolve(state, events, target=lambda s: 1)


def test_alameda_rest_after_a_stage_each_player_decides_face_down_at_once():
    state, events = _end_of_stage()
    assert state.phase_name == "rest" and state.to_act() == (0, 1, 2)
    assert not of_type(events, StageStarted)
    assert state.legal_actions(0) == (RestChoice(False), RestChoice(True))
    others_before = [state.view(s) for s in (1, 2, None)]
    rested, events = state.apply(0, RestChoice(True))
    kept, _ = state.apply(0, RestChoice(False))
    assert [rested.view(s) for s in (1, 2, None)] == [kept.view(s) for s in (1, 2, None)], (
        "nobody else can tell what Ann chose")
    assert [v.rest_decided for v in others_before] == [(False, False, False)] * 3
    assert rested.view(1).rest_decided == (True, False, False)
    assert rested.view(0).my_rest == 1 and kept.view(0).my_rest == 0
    assert texts(events) == ["Ann decides face down whether to rest"]
    assert rested.why_illegal(0, RestChoice(False)) == "You have already decided whether to rest."
    inv.check_views(SPEC, rested, "rest pending")
    inv.check_any_order(SPEC, state, lambda seat, legal: legal[seat % 2], "rest any order")


def test_alameda_rest_a_resting_player_puts_the_hand_under_the_deck_and_draws_a_new_one():
    state, _ = _end_of_stage()
    hand0, deck0 = state.hands[0], state.decks[0]
    state, _ = state.apply(0, RestChoice(True))
    state, _ = state.apply(1, RestChoice(False))
    state, events = state.apply(2, RestChoice(False))
    (revealed,) = of_type(events, RestRevealed)
    assert revealed.reveals and revealed.text(NAMES) == "Ann rests: hand under the deck; Bob and Cleo keep their hand"
    assert of_type(events, StageStarted)
    assert state.hands[0] == tuple(sorted(deck0[:5])), "a new hand from the top of the deck"
    assert sorted(state.decks[0]) == sorted(deck0[5:] + hand0) and state.decks[0][-len(hand0):] != ()
    assert sorted(state.decks[0][-len(hand0):]) == sorted(hand0), "the old hand lies under the deck"
    assert state.hands[1][:1] == (3,), "Bob kept his hand and drew up to 5"


def test_alameda_rest_off_the_next_stage_starts_at_once():
    state, events = _end_of_stage(rest=False)
    assert state.phase_name == "pick" and state.stage == 2 and of_type(events, StageStarted)
    assert not of_type(events, RestDecided)


def test_alameda_rest_is_not_offered_when_the_tour_is_over():
    state, _ = _end_of_stage(decks=[(8,) * 6, (7,) * 6, ()])
    assert state.is_over()


# --------------------------------------------------------------------------- Time Trial Stages


def _first_leg(time_trial: bool):
    """3 players, leg 1: Ann and Bob both play their Wrench (enough to end a stage)."""
    state = build(3, hands=[(5, 6), (5, 6), (5, 6)], decks=[(1,) * 5] * 3, time_trial=time_trial)
    state, events = pick_all(state, {0: W, 1: W, 2: 5})
    return resolve(state, events, target=lambda s: 2)


def test_alameda_time_trial_enough_wrenches_in_leg_1_means_one_more_leg_then_the_stage_ends():
    state, events = _first_leg(True)
    assert not of_type(events, StageScored) and state.leg == 2
    assert texts(of_type(events, TimeTrialCalled)) == [
        "Time trial: enough Monkey Wrenches in the first leg; one more leg, then the stage ends"]
    assert state.view(None).final_leg
    state, events = pick_all(state, {s: state.hands[s][-1] for s in range(3)})
    assert of_type(events, StageScored) and state.stage == 2


def test_alameda_time_trial_off_the_stage_ends_after_leg_1():
    state, events = _first_leg(False)
    assert of_type(events, StageScored) and state.stage == 2 and not of_type(events, TimeTrialCalled)


def test_alameda_time_trial_only_applies_to_wrenches_of_the_first_leg():
    state = build(3, hands=[(5, 6), (5, 6), (5, 6)], decks=[(1,) * 5] * 3, wrenches=[False, True, True], leg=2,
                  time_trial=True)
    state, events = pick_all(state, {0: 5, 1: W, 2: 5})
    state, events = resolve(state, events)
    assert of_type(events, StageScored) and not of_type(events, TimeTrialCalled)


def test_alameda_time_trial_with_everyone_out_of_cards_the_stage_ends_at_once():
    """The only way everyone runs out of cards before enough Wrenches end a stage: a Time Trial's extra leg
    after a Wrench clash emptied both hands (a hand of 1, empty decks)."""
    state = build(2, hands=[(5,), (6,)], hand_size=1, time_trial=True)
    state, events = pick_all(state, {0: W, 1: W})
    state, events = resolve(state, events)
    assert texts(of_type(events, TimeTrialCalled)) and texts(of_type(events, OutOfCards)) == [
        "Everyone is out of cards: stage 1 ends"]
    assert of_type(events, StageScored)[0].distances == (6, 5)
    assert state.is_over()


# --------------------------------------------------------------------------- the younger preset and options


def test_alameda_younger_players_preset_three_each_of_1_to_3_two_each_of_4_and_5_one_6_hand_of_3():
    state = SPEC.new_state(config(3, "younger"), 5)
    for seat in range(3):
        assert len(state.hands[seat]) == 3
        assert sorted(state.hands[seat] + state.decks[seat]) == [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5, 6]


def test_alameda_deck_composition_and_hand_size_are_options():
    state = SPEC.new_state(config(2, hand_size=2, copies_1=0, copies_2=0, copies_3=0, copies_4=0, copies_5=0,
                                  copies_6=0, copies_7=1, copies_8=1, copies_9=1, copies_10=4), 1)
    assert [len(h) for h in state.hands] == [2, 2]
    assert sorted(state.hands[0] + state.decks[0]) == [7, 8, 9, 10, 10, 10, 10]


def test_alameda_a_deck_smaller_than_the_hand_is_refused_in_plain_words():
    options = dict(copies_1=1, copies_2=1, copies_3=1, copies_4=1, copies_5=0, copies_6=0, copies_7=0, copies_8=0,
                   copies_9=0, copies_10=0)
    with pytest.raises(ConfigError, match="Each deck holds 4 speed cards, fewer than a hand of 5: add cards to "
                                          "the deck or lower the hand size."):
        config(4, **options)
    assert config(4, hand_size=4, **options).get("hand_size") == 4


def test_alameda_option_bounds_are_checked_by_the_schema():
    base = dict(SPEC.default_config("standard", 4).options)
    with pytest.raises(ConfigError, match="must be between 0 and 4"):
        SPEC.validate_config(Config("standard", 4, tuple(sorted(dict(base, copies_10=5).items()))))
    with pytest.raises(ConfigError, match="must be between 1 and 8"):
        SPEC.validate_config(Config("standard", 4, tuple(sorted(dict(base, hand_size=0).items()))))
    with pytest.raises(ConfigError, match="expected yes or no"):
        SPEC.validate_config(Config("standard", 4, tuple(sorted(dict(base, rest=1).items()))))
    with pytest.raises(ConfigError, match="for 2–8 players, not 9"):
        SPEC.validate_config(Config("standard", 9, ()))


def test_alameda_every_advanced_rule_is_a_setup_toggle_off_by_default():
    for variant in ("standard", "younger"):
        options = {o.key: o for o in SPEC.variant(variant).options}
        for key in ("breakaway", "endurance", "mountaineer", "rest", "time_trial"):
            assert options[key].kind == "bool" and options[key].default is False and options[key].help


def test_alameda_an_eight_rider_tour_plays_to_its_end():
    """'A game for 2 or more players': eight seats race a whole tour (seat masks hold 8 seats)."""
    from random import Random

    state = SPEC.new_state(SPEC.default_config("standard", 8), 5)
    rng = Random(5)
    while not state.is_over():
        seat = rng.choice(sorted(state.to_act()))
        state, _ = state.apply(seat, rng.choice(list(state.legal_actions(seat))))
    result = state.result()
    assert len(result.scores) == 8 and result.winners
