"""Tour of Alameda, the basic game: one test per rule of the rulebook (shared/rules/tour-of-alameda.txt)
and per reading of docs/rules/alameda.md."""

from __future__ import annotations

import pytest

from game.alameda import SPEC
from game.alameda.rules import (
    BlindDraw,
    CardRevealed,
    CardTaken,
    HandsRefilled,
    JerseyAwarded,
    LegPlayed,
    Pick,
    StageScored,
    StageStarted,
    TourOver,
    Wrench,
    WrenchClash,
    WrenchWasted,
    stage_award,
)
from game.engine import invariants as inv
from game.engine.protocol import ConfigError, IllegalAction

from .alameda_support import NAMES, W, build, config, of_type, pick_all, resolve, texts, wrench

# --------------------------------------------------------------------------- setup


def test_alameda_each_player_has_their_own_deck_of_25_speed_cards_a_hand_of_5_and_a_monkey_wrench():
    state = SPEC.new_state(config(4), 7)
    standard = sorted([v for v in range(1, 7) for _ in range(3)] + [7, 7, 8, 8, 9, 9, 10])
    assert len(standard) == 25
    for seat in range(4):
        assert len(state.hands[seat]) == 5
        assert sorted(state.hands[seat] + state.decks[seat]) == standard
        assert state.legal_actions(seat)[-1] == Pick(W), "the Monkey Wrench is in every starting hand"
    assert state.decks[0] != state.decks[1] or state.hands[0] != state.hands[1], "each deck is shuffled on its own"


def test_alameda_the_jersey_starts_with_the_oldest_player_who_reveals_first():
    assert SPEC.new_state(config(4), 1).jersey == 0, "by default the first seat is the oldest"
    state = SPEC.new_state(config(4, oldest=2), 1)
    assert state.jersey == 2
    cards = {s: state.hands[s][0] for s in range(4)}
    _, events = pick_all(state, cards)
    assert [e.seat for e in of_type(events, CardRevealed)] == [2, 3, 0, 1]


def test_alameda_setup_asks_who_is_oldest_as_a_seat_choice_and_refuses_a_seat_not_at_the_table():
    option = {o.key: o for o in SPEC.variant("standard").options}["oldest"]
    assert option.kind == "choice" and option.default == 0
    assert option.choices[:3] == ((0, "Player 1"), (1, "Player 2"), (2, "Player 3"))
    with pytest.raises(ConfigError, match="oldest player must be one of the 3 players"):
        config(3, oldest=4)


# --------------------------------------------------------------------------- a leg


def test_alameda_every_player_picks_at_once_and_a_player_with_an_empty_hand_sits_the_leg_out():
    state = build(4, hands=[(5,), (6,), (), (7,)], wrenches=[True, True, False, True])
    assert state.to_act() == (0, 1, 3)
    assert state.legal_actions(2) == ()
    assert state.why_illegal(2, Pick(5)) == "You have no card left: you sit this leg out."
    state, _ = state.apply(1, Pick(6))
    assert state.to_act() == (0, 3)
    assert state.why_illegal(1, Pick(W)) == "You have already played your card for this leg."


def test_alameda_simultaneous_picks_give_the_same_state_in_any_order():
    state = SPEC.new_state(config(4), 3)
    inv.check_any_order(SPEC, state, lambda seat, legal: legal[-1], "alameda any order")
    inv.check_any_order(SPEC, state, lambda seat, legal: legal[0], "alameda any order")


def test_alameda_cards_are_revealed_one_at_a_time_from_the_jersey_holder_to_the_left():
    state = build(4, hands=[(1,), (2,), (3,), (4,)], jersey=1)
    state, events = pick_all(state, {0: 1, 1: 2, 2: 3, 3: 4})
    reveals = of_type(events, CardRevealed)
    assert [(e.seat, e.card) for e in reveals] == [(1, 2), (2, 3), (3, 4), (0, 1)]
    assert all(e.reveals for e in reveals)
    assert texts(reveals)[0] == "Bob reveals a 2"


def test_alameda_distances_add_up_per_stage():
    state = build(3, hands=[(3, 9), (4, 5), (1, 2)], decks=[(6,), (6,), (6,)], distances=(10, 2, 7))
    state, events = pick_all(state, {0: 9, 1: 4, 2: 1})
    assert state.distances == (19, 6, 8)
    (leg,) = of_type(events, LegPlayed)
    assert leg.text(NAMES) == "Leg 1: Ann 9, Bob 4, Cleo 1 (stage 1: Ann 19, Bob 6, Cleo 8)"


def test_alameda_wrench_takes_the_wrenched_card_and_gives_a_blind_draw():
    state = build(4, hands=[(2,), (3, 3), (9, 1), (4,)], jersey=0)
    state, events = pick_all(state, {0: 2, 1: W, 2: 9, 3: 4})
    assert [e.seat for e in of_type(events, CardRevealed)] == [0, 1], "the reveal pauses at the Wrench"
    assert state.to_act() == (1,) and state.question(1) is None, "the Monkey's own, public decision"
    assert state.legal_actions(1) == (Wrench(0), Wrench(2), Wrench(3))
    state, events = wrench(state, 2)
    assert texts(events)[:2] == ["Bob's Monkey Wrench takes Cleo's 9", "Cleo draws a 3 from Bob's hand"]
    assert all(e.reveals for e in events[:2])
    assert [e.seat for e in of_type(events, CardRevealed)] == [3], "Cleo's card was taken: her turn is skipped"
    assert state.distances == (2, 9, 3, 4)
    assert state.hands[1] == (3,), "the card drawn left the Monkey's hand"
    assert state.hands[2] == (1,)


def test_alameda_a_wrench_is_resolved_before_the_next_card_is_revealed():
    state = build(3, hands=[(5,), (6,), (7,)], jersey=0)
    state, events = pick_all(state, {0: W, 1: 6, 2: 7})
    assert [(e.seat, e.card) for e in of_type(events, CardRevealed)] == [(0, W)]
    assert state.view(None).face_down == (False, True, True), "later cards are still face down"
    state, events = wrench(state, 1)
    assert isinstance(events[0], CardTaken) and events[0].card == 6, "the Monkey may take a face-down card"
    assert [e.seat for e in of_type(events, CardRevealed)] == [2]


def test_alameda_wrench_against_wrench_both_draw_from_each_other():
    state = build(4, hands=[(8,), (2,), (9,), (1,)], decks=[(5,)] * 4)
    state, events = pick_all(state, {0: W, 1: 2, 2: W, 3: 1})
    state, events = wrench(state, 2)
    assert isinstance(events[0], WrenchClash)
    assert texts(events)[:3] == ["Ann's Monkey Wrench meets Cleo's: Ann and Cleo draw from each other's hand",
                                 "Ann draws a 9 from Cleo's hand", "Cleo draws an 8 from Ann's hand"]
    assert state.to_act() == (0, 1, 2, 3), "Cleo's Wrench was resolved by the clash: it does not act again"
    assert not of_type(events, CardRevealed) or all(e.seat != 2 for e in of_type(events, CardRevealed))
    assert state.distances == (9, 2, 8, 1)
    assert state.view(None).wrench_unseen == (False, True, False, True), "both count as Wrenches played"


def test_alameda_a_monkey_may_take_a_card_another_monkey_took():
    state = build(4, hands=[(1,), (4,), (2,), (10,)], jersey=0)
    state, _ = pick_all(state, {0: W, 1: W, 2: 2, 3: 10})
    state, events = wrench(state, 3)  # Ann takes Dora's 10; Dora draws Ann's 1
    assert texts(events)[:2] == ["Ann's Monkey Wrench takes Dora's 10", "Dora draws a 1 from Ann's hand"]
    assert state.to_act() == (1,)
    assert Wrench(0) in state.legal_actions(1)
    state, events = wrench(state, 0)  # Bob takes the 10 Ann took; Ann draws from Bob's hand
    assert texts(events)[:2] == ["Bob's Monkey Wrench takes Ann's 10", "Ann draws a 4 from Bob's hand"]
    assert state.distances == (4, 10, 2, 1)


def test_alameda_a_monkey_whose_hand_is_empty_leaves_the_wrenched_nothing_to_draw():
    state = build(3, hands=[(), (7,), (5,)], wrenches=[True, True, True], decks=[(), (1,), (1,)])
    state, _ = pick_all(state, {0: W, 1: 7, 2: 5})
    state, events = wrench(state, 1)
    draw = of_type(events, BlindDraw)[0]
    assert draw.card == -1
    assert draw.text(NAMES) == "Bob draws nothing: Ann's hand is empty, so Bob moves 0 this leg"
    assert state.distances == (7, 0, 5)


def test_alameda_a_wrench_may_only_target_a_player_with_a_card_this_leg():
    state = build(4, hands=[(5,), (6,), (), (7,)], wrenches=[True, True, False, True])
    state, _ = pick_all(state, {0: W, 1: 6, 3: 7})
    assert state.legal_actions(0) == (Wrench(1), Wrench(3))
    assert state.why_illegal(0, Wrench(2)) == "That player has no card in this leg to take."
    assert state.why_illegal(0, Wrench(0)) == "Choose another player: the Monkey cannot wrench themselves."
    assert state.why_illegal(1, Wrench(3)) == "Another player is choosing whom to wrench."
    with pytest.raises(IllegalAction, match="no card in this leg"):
        state.apply(0, Wrench(2))


def test_alameda_a_wrench_with_nobody_to_take_from_takes_nothing_and_the_monkey_moves_0():
    state = build(2, hands=[(), ()], wrenches=[True, False], decks=[(3, 3, 3, 3, 3), (4, 4, 4, 4, 4)],
                  distances=(4, 9))
    assert state.to_act() == (0,)
    state, events = state.apply(0, Pick(W))
    assert of_type(events, WrenchWasted)[0].text(NAMES) == (
        "Ann's Monkey Wrench finds no card to take: Ann moves 0 this leg")
    assert of_type(events, StageScored)[0].distances == (4, 9)


def test_alameda_a_player_who_played_the_wrench_cannot_play_it_again_this_stage():
    state = build(3, hands=[(5, 6), (6, 7), (7, 8)], wrenches=[False, True, True], decks=[(1,)] * 3)
    assert Pick(W) not in state.legal_actions(0)
    assert state.why_illegal(0, Pick(W)) == "You have already played your Monkey Wrench this stage."
    assert state.why_illegal(0, Pick(9)) == "You do not hold a 9."
    assert state.why_illegal(0, Pick(8)) == "You do not hold an 8."


# --------------------------------------------------------------------------- drawing and the end of a stage


def test_alameda_players_draw_back_up_to_the_hand_size_after_each_leg_fewer_when_the_deck_runs_out():
    state = build(3, hands=[(1, 2, 3, 4, 5), (1, 2, 3, 4, 5), (1, 2, 3, 4, 5)], decks=[(9, 8), (7,), ()])
    state, events = pick_all(state, {0: 5, 1: 5, 2: 5})
    assert state.hands == ((1, 2, 3, 4, 9), (1, 2, 3, 4, 7), (1, 2, 3, 4))
    assert state.decks == ((8,), (), ())
    assert of_type(events, HandsRefilled)[0].text(NAMES) == "Ann and Bob draw 1 card"


def _leg_with_wrenches(players: int, before: int, now: int) -> list:
    """A leg in which ``before`` seats have already played their Wrench this stage and ``now`` more play it."""
    state = build(players, hands=[(5, 6)] * players, decks=[(1, 1, 1, 1, 1)] * players,
                  wrenches=[s >= before for s in range(players)], leg=3)
    cards = {s: (W if before <= s < before + now else 5) for s in range(players)}
    state, events = pick_all(state, cards)
    return resolve(state, events)[1]


@pytest.mark.parametrize("players,needed", [(2, 2), (3, 2), (4, 3), (5, 3), (6, 4)])
def test_alameda_a_stage_ends_when_more_than_half_of_the_players_have_played_their_wrench(players, needed):
    assert of_type(_leg_with_wrenches(players, needed - 1, 1), StageScored), (
        f"{needed} Wrenches of {players} players end the stage")
    assert not of_type(_leg_with_wrenches(players, needed - 2, 1), StageScored), (
        f"{needed - 1} Wrenches of {players} players do not")
    assert of_type(_leg_with_wrenches(players, 0, needed), StageScored), "Wrenches of the same leg count too"


def test_alameda_wrenches_return_to_hand_and_everyone_draws_up_for_the_next_stage():
    state = build(2, hands=[(1, 2), (3,)], decks=[(5, 5, 5, 5), (6, 6, 6, 6, 6)], wrenches=[False, True])
    state, events = pick_all(state, {0: 1, 1: W})
    state, events2 = wrench(state, 0)
    events += events2
    assert of_type(events, StageScored) and of_type(events, StageStarted)
    assert state.stage == 2 and state.leg == 1 and state.distances == (0, 0)
    assert state.wrenches == 0b11, "every Monkey Wrench is back in hand"
    assert [len(h) for h in state.hands] == [5, 5]


def test_alameda_the_tour_ends_when_a_player_cannot_draw_up_to_a_full_hand_for_a_new_stage():
    state = build(2, hands=[(1, 2), (3, 4)], decks=[(5, 5, 5, 5), (6, 6)], wrenches=[False, True])
    state, events = pick_all(state, {0: 1, 1: W})
    state, more = wrench(state, 0)
    events += more
    assert state.is_over(), "Bob holds 1 card and 2 in his deck: 3 < 5"
    assert of_type(events, TourOver) and not of_type(events, StageStarted)
    assert state.to_act() == ()


def test_alameda_when_decks_run_dry_the_stage_goes_on_with_smaller_hands_and_an_empty_hand_sits_out():
    state = build(4, hands=[(), (2, 3), (4,), (6,)], wrenches=[False, True, True, True])
    assert state.to_act() == (1, 2, 3), "Ann holds no card: she sits the leg out"
    state, events = pick_all(state, {1: 2, 2: 4, 3: 6})
    assert not of_type(events, StageScored) and not of_type(events, HandsRefilled)
    assert state.to_act() == (1, 2, 3) and state.legal_actions(2) == (Pick(W),), "Cleo has only her Wrench left"
    state, events = pick_all(state, {1: 3, 2: W, 3: W})
    state, events = resolve(state, events, target=lambda s: 1 if s.to_act() == (2,) else 2)
    assert texts(of_type(events, BlindDraw)) == ["Bob draws nothing: Cleo's hand is empty, so Bob moves 0 this leg",
                                                 "Cleo draws nothing: Dora's hand is empty, so Cleo moves 0 this leg"]
    assert of_type(events, StageScored)[0].distances == (0, 2, 4, 9)
    assert state.is_over(), "nobody can draw a hand for another stage"


# --------------------------------------------------------------------------- points, jersey, winner


def test_alameda_stage_winner_scores_2_points():
    assert stage_award((20, 12, 3)) == (2, 0, 0)


def test_alameda_a_tie_for_first_gives_1_point_each_and_no_second_place():
    assert stage_award((20, 20, 3, 19)) == (1, 1, 0, 0)


def test_alameda_with_4_or_more_players_and_no_tie_for_first_everyone_second_gets_1_point():
    assert stage_award((25, 12, 12, 3)) == (2, 1, 1, 0)
    assert stage_award((25, 12, 20, 3, 30)) == (1, 0, 0, 0, 2)
    assert stage_award((25, 12, 3)) == (2, 0, 0), "no second-place point with 3 players"


def test_alameda_stage_scoring_is_told_in_plain_words():
    state = build(4, hands=[(5,), (6,), (7,), (8,)], distances=(9, 9, 12, 3), wrenches=[False, False, True, True])
    state, events = pick_all(state, {0: 5, 1: 6, 2: W, 3: 8})
    state, events = resolve(state, events, target=lambda s: 3)  # Cleo takes Dora's 8, Dora draws Cleo's 7
    assert texts(of_type(events, StageScored)) == ["Stage 1: Cleo wins with 20 (+2), Bob second (+1)"]


def _last_leg(hands, points, *, stage=2, jersey=0, decks=None, history=None):
    """3 players, Bob has played his Wrench; this leg Ann plays her first card, Bob his lowest and Cleo her
    Wrench, which takes Bob's card (Bob draws one of Cleo's): the second Wrench ends the stage."""
    state = build(3, hands=hands, decks=decks, wrenches=[True, False, True], points=points, stage=stage,
                  jersey=jersey, history=history)
    state, events = pick_all(state, {0: hands[0][0], 1: min(hands[1]), 2: W})
    return resolve(state, events, target=lambda s: 1)


def test_alameda_the_jersey_goes_to_the_most_points_and_a_tie_leaves_it_where_it_is():
    decks = [(5,) * 8] * 3
    state, events = _last_leg([(9, 9), (1, 1), (1, 1)], (0, 2, 0), jersey=1, decks=decks)
    (award,) = of_type(events, JerseyAwarded)
    assert state.points == (2, 2, 0) and state.jersey == 1, "Ann and Bob tie on 2: the jersey stays with Bob"
    assert award.tie and award.text(NAMES) == "Tie for the most points: the leader jersey stays with Bob"
    state, events = _last_leg([(9, 9), (1, 1), (1, 1)], (1, 0, 0), jersey=1, decks=decks)
    assert state.jersey == 0 and of_type(events, JerseyAwarded)[0].text(NAMES) == "Ann takes the leader jersey"
    assert of_type(events, StageStarted)[0].text(NAMES) == (
        "Stage 3 begins: Ann wears the leader jersey and reveals first")
    state, events = _last_leg([(9, 9), (1, 1), (1, 1)], (0, 0, 0), jersey=2, decks=decks)
    assert state.jersey == 0, "the most points takes the jersey even from a holder who is not tied"


def test_alameda_a_tie_below_first_is_ranked_by_the_distance_left_in_hand_and_the_results_say_so():
    """The ranking breaks every tie on points as the rulebook breaks the one for first ("add up the cards left in
    hand"): the results showed Bob above Cleo on the same points with no word of why."""
    state, _events = _last_leg([(9, 2, 2), (8, 7, 1), (1, 1, 1)], (0, 0, 0))
    result = state.result()
    assert state.points[1] == state.points[2] and result.winners == (0,)
    bob, cleo = state.hands[1], state.hands[2]
    assert sum(c for c in bob if c != W) != sum(c for c in cleo if c != W)
    first, second = sorted((1, 2), key=lambda s: -sum(c for c in state.hands[s] if c != W))
    assert result.ranking == (0, first, second)
    line = (f"Tie on points, broken by the distance left in hand: {{{first}}} "
            f"{sum(c for c in state.hands[first] if c != W)}, {{{second}}} {sum(c for c in state.hands[second] if c != W)}")
    assert line in result.details


def test_alameda_most_points_wins_the_tour():
    state, events = _last_leg([(9,), (1,), (1,)], (0, 1, 0))
    assert state.is_over() and state.result().winners == (0,)
    assert of_type(events, TourOver)[0].text(NAMES) == "Ann wins the tour with 2 points"


def test_alameda_a_tie_on_points_is_broken_by_the_distance_left_in_hand_then_shared():
    state, events = _last_leg([(9, 2, 2), (8, 7, 1), (1, 1, 1)], (0, 2, 0))
    result = state.result()
    assert state.points == (2, 2, 0)
    assert result.winners == (1,), "Bob keeps 15 in hand, Ann 4"
    assert result.ranking == (1, 0, 2)
    assert of_type(events, TourOver)[0].text(NAMES) == (
        "Bob wins the tour with 2 points, the most distance left in hand breaking the tie")
    assert "Tie on points, broken by the distance left in hand: {1} 15, {0} 4" in result.details
    shared, events = _last_leg([(9, 3, 3), (5, 1, 1), (1, 1, 1)], (0, 2, 0))
    assert shared.result().winners == (0, 1), "6 in hand each: they share the honour"
    assert of_type(events, TourOver)[0].text(NAMES) == "Ann and Bob share the tour with 2 points"


def test_alameda_result_charts_cumulative_points_per_stage_and_names_seats_in_details():
    state, _ = _last_leg([(9,), (1,), (1,)], (0, 1, 0), history=((0, 1, 0),))
    result = state.result()
    assert result.chart_labels == ("Stage 1", "Stage 2")
    assert result.chart_series == ((0.0, 2.0), (1.0, 1.0), (0.0, 0.0))
    assert result.scores == (2.0, 1.0, 0.0) and result.ranking == (0, 1, 2)
    assert result.details[0] == "{0} wins the tour with 2 points"
    assert "Stage 2: {0} +2" in result.details
    inv.check_state(SPEC, state, "alameda result")


def test_alameda_the_stage_summary_says_why_a_stage_ended_more_than_half_played_their_monkey_wrench():
    """« When more than half of the players have played monkey wrenches … the stage is over »: the summary says
    so ("3 of 4 riders played their Monkey Wrench")."""
    import random

    from game.alameda.rules.events import StageScored

    state = SPEC.new_state(SPEC.default_config(None, 4), 3)
    rnd = random.Random(3)
    while True:
        seat = state.to_act()[0]
        state, events = state.apply(seat, rnd.choice(state.legal_actions(seat)))
        scored = [e for e in events if isinstance(e, StageScored)]
        if scored:
            break
    ev = scored[0]
    assert ev.why in ("wrenches", "time-trial", "out-of-cards")
    if ev.why == "wrenches":
        assert ev.wrenches >= 3 and ev.why_words().startswith(f"{ev.wrenches} of 4 riders played their Monkey Wrench")
