"""Velonimo rules, one test per rule of the rulebook (shared/rules/velonimo.txt) and per interpretation."""

from __future__ import annotations

import itertools
import json
import random
import re

import pytest

from game.engine import invariants as inv
from game.engine.protocol import Config, ConfigError, IllegalAction
from game.registry import GAMES
from game.velonimo import (
    SPEC,
    AttackWon,
    CardDrawn,
    CardGiven,
    CardRevealed,
    CardsPlayed,
    CardStolen,
    ChooseStarter,
    DuelReward,
    GameOver,
    GiveBack,
    JerseyAwarded,
    NoSteal,
    Pass,
    Passed,
    PlayCards,
    PlayerOut,
    RevealedCardTaken,
    RoundScored,
    RoundStarted,
    StarterChosen,
    Steal,
    card_from_token,
    card_token,
    combination_problem,
    combination_value,
)
from game.velonimo import cards as C
from game.velonimo.rules import VelonimoState
from game.velonimo.rules import plays as P

NAMES = ("Ann", "Bob", "Cleo", "Dan", "Eve")


def ids(text: str) -> tuple[int, ...]:
    """``"red-3 red-2"`` -> sorted card ids."""
    return tuple(sorted(card_from_token(t) for t in text.split()))


def play(text: str, jersey: bool = False) -> PlayCards:
    return PlayCards(ids(text), jersey)


def build(players: int = 4, hands: dict[int, str] | None = None, *, variant: str = "standard", turn: int = 0,
          round_no: int = 1, jersey: int = -1, totals=None, rpoints=None, history=(), options=(),
          draw: str | None = None, revealed: str | None = None, seed: int = 7) -> VelonimoState:
    """A state at the start of an attack with chosen hands; every other card is set aside
    (standard) or in the draw pile (duel, top = last listed)."""
    config = SPEC.validate_config(Config(variant, players, tuple(options)))
    s = SPEC.new_state(config, seed)._copy()
    hands = hands or {}
    masks = [C.mask_of(ids(hands.get(p, ""))) for p in range(players)]
    s.hands = tuple(masks)
    s.active = sum(1 << p for p in range(players) if masks[p])
    s.round = round_no
    s.turn = turn
    s.starter = turn
    s.jersey = jersey
    s.totals = tuple(totals or (0,) * players)
    s.rpoints = tuple(rpoints or (0,) * players)
    s.history = tuple(history)
    used = 0
    for m in masks:
        used |= m
    if variant == "duel":
        pile = [card_from_token(t) for t in draw.split()] if draw else []
        s.revealed = card_from_token(revealed) if revealed else -1
        used |= C.mask_of(pile) | ((1 << s.revealed) if s.revealed >= 0 else 0)
        s.draw = tuple(pile)
        s.aside = 0
        s.played = C.ALL_CARDS & ~used  # the rest is out of the game for the test
    else:
        s.aside = C.ALL_CARDS & ~used
        s.draw = ()
        s.revealed = -1
    return s


def act(state, seat, action):
    new, events = state.apply(seat, action)
    return new, events


def run(state, *moves):
    """Apply (seat, action) pairs; return the final state and all events."""
    events = []
    for seat, action in moves:
        state, evs = state.apply(seat, action)
        events.extend(evs)
    return state, events


def hand_of(state, seat) -> set[str]:
    return {card_token(c) for c in C.cards_of(state.hands[seat])}


# --------------------------------------------------------------------------- components & setup


def test_velonimo_deck_has_49_racers_in_7_colours_numbered_1_to_7_and_6_hares():
    tokens = [card_token(c) for c in range(C.N_CARDS)]
    assert len(set(tokens)) == 55
    racers = [t for t in tokens if not t.startswith("hare")]
    assert len(racers) == 49
    assert {t.split("-")[0] for t in racers} == {"red", "orange", "yellow", "green", "blue", "purple", "pink"}
    assert sorted({int(t.split("-")[1]) for t in racers}) == [1, 2, 3, 4, 5, 6, 7]
    assert sorted(int(t.split("-")[1]) for t in tokens if t.startswith("hare")) == [25, 30, 35, 40, 45, 50]
    assert C.card_name(card_from_token("red-1")) == "red Tortoise (1)"
    assert C.card_name(card_from_token("blue-7")) == "blue Cheetah (7)"


@pytest.mark.parametrize("players", [3, 4, 5])
def test_velonimo_deal_11_cards_each_and_set_aside_the_rest_unseen(players):
    s = SPEC.new_state(SPEC.default_config("standard", players), 3)
    assert [h.bit_count() for h in s.hands] == [11] * players
    assert s.aside.bit_count() == 55 - 11 * players
    everything = s.aside
    for h in s.hands:
        assert not everything & h
        everything |= h
    assert everything == C.ALL_CARDS
    aside_tokens = {card_token(c) for c in C.cards_of(s.aside)}
    for viewer in [None, *range(players)]:
        shown = set(inv._walk_strings(s.view(viewer).to_dict()))
        assert not shown & aside_tokens
    assert s.view(0).aside_count == 55 - 11 * players


def test_velonimo_round_1_first_player_is_the_chosen_youngest_default_seat_0():
    s = SPEC.new_state(SPEC.default_config("standard", 4), 1)
    assert s.to_act() == (0,) and s.round == 1 and s.jersey == -1
    cfg = SPEC.validate_config(Config("standard", 4, (("first_player", 2),)))
    assert SPEC.new_state(cfg, 1).to_act() == (2,)
    cfg = SPEC.validate_config(Config("standard", 4, (("first_player", -1),)))
    firsts = {SPEC.new_state(cfg, seed).to_act()[0] for seed in range(40)}
    assert firsts == {0, 1, 2, 3}  # "Random" draws from the seed
    with pytest.raises(ConfigError):
        SPEC.validate_config(Config("standard", 3, (("first_player", 4),)))


# --------------------------------------------------------------------------- values & combinations


def test_velonimo_single_card_value_is_its_number():
    assert combination_value(ids("orange-2")) == 2
    assert combination_value(ids("pink-5")) == 5
    assert combination_value(ids("hare-35")) == 35


def test_velonimo_combination_value_is_10_per_card_plus_lowest():
    assert combination_value(ids("red-2 red-4 red-6")) == 32  # rulebook: same colour example
    assert combination_value(ids("red-4 blue-4 green-4 pink-4")) == 44  # rulebook: same number example
    assert combination_value(ids("blue-1 blue-7")) == 21
    assert combination_value(ids("red-1"), jersey=True) == 11  # rulebook: Jersey example


def test_velonimo_combination_must_share_a_colour_or_a_number():
    assert combination_problem(ids("red-2 blue-3")) == "Cards of a combination must share a colour or a number"
    assert combination_value(ids("red-2 blue-3")) is None
    s = build(hands={0: "red-2 blue-3 blue-5", 1: "red-5"})
    assert s.why_illegal(0, play("red-2 blue-3")) == "Cards of a combination must share a colour or a number"
    assert s.why_illegal(0, play("blue-3 blue-5")) is None
    with pytest.raises(IllegalAction, match="share a colour or a number"):
        s.apply(0, play("red-2 blue-3"))


def test_velonimo_hares_cannot_be_combined():
    assert combination_problem(ids("hare-25 hare-30")) == "Hares cannot be combined"
    s = build(hands={0: "hare-25 hare-30 red-3", 1: "red-5"})
    assert s.why_illegal(0, play("hare-25 hare-30")) == "Hares cannot be combined"
    assert s.why_illegal(0, play("hare-25 red-3")) == "Hares cannot be combined"
    assert all(len(a.cards) == 1 for a in s.legal_actions(0) if set(a.cards) & set(ids("hare-25 hare-30")))


def test_velonimo_legal_plays_are_exactly_the_valid_single_cards_and_combinations():
    hand = "red-1 red-2 red-5 blue-5 green-5 hare-40 yellow-7"
    s = build(hands={0: hand, 1: "pink-3"})
    legal = set(s.legal_actions(0))
    cards_ = ids(hand)
    expected = set()
    for k in range(1, len(cards_) + 1):
        for combo in itertools.combinations(cards_, k):
            if combination_problem(combo) is None:
                expected.add(PlayCards(combo))
    assert legal == expected
    for combo in itertools.chain.from_iterable(itertools.combinations(cards_, k) for k in (1, 2, 3)):
        assert (s.why_illegal(0, PlayCards(combo)) is None) == (PlayCards(combo) in legal)


# --------------------------------------------------------------------------- attacks


def test_velonimo_leader_of_an_attack_must_play_and_cannot_pass():
    s = build(hands={0: "red-3", 1: "red-5"})
    assert Pass() not in s.legal_actions(0)
    assert s.why_illegal(0, Pass()) == "You lead this attack: you must play"
    with pytest.raises(IllegalAction, match="you must play"):
        s.apply(0, Pass())
    with pytest.raises(IllegalAction, match="not your turn"):
        s.apply(1, Pass())


def test_velonimo_counter_attack_must_exceed_the_current_value():
    s = build(hands={0: "red-2 red-4 red-6 pink-1", 1: "blue-2 blue-3 blue-4 green-7 hare-30", 2: "pink-7",
                     3: "pink-6"})
    s, events = act(s, 0, play("red-2 red-4 red-6"))
    assert s.current_value == 32
    assert events == (CardsPlayed(0, ids("red-2 red-4 red-6"), 32, False, True),)
    assert s.why_illegal(1, play("blue-2 blue-3 blue-4")) == "Counter-attack must beat 32"  # equal is not enough
    assert s.why_illegal(1, play("green-7")) == "Counter-attack must beat 32"
    assert s.why_illegal(1, play("hare-30")) == "Counter-attack must beat 32"
    legal = s.legal_actions(1)
    assert Pass() in legal and all(a == Pass() or combination_value(a.cards) > 32 for a in legal)
    assert play("blue-2 blue-3 blue-4") not in legal


def test_velonimo_counter_attack_covers_previous_cards_and_raises_the_value():
    s = build(hands={0: "red-2 pink-1", 1: "blue-3 blue-4 hare-30", 2: "pink-7", 3: "pink-6"})
    s, _ = run(s, (0, play("red-2")), (1, play("blue-3 blue-4")))
    assert s.current_value == 23 and s.cseat == 1
    v = s.view(2)
    assert v.centre == ids("blue-3 blue-4") and v.centre_value == 23 and v.centre_seat == 1
    assert v.pile == ids("red-2 blue-3 blue-4")


def test_velonimo_passed_player_may_counter_attack_later_in_the_same_attack():
    s = build(hands={0: "red-2 red-5", 1: "blue-3 hare-30", 2: "pink-4 pink-6", 3: "green-1 green-2"})
    s, _ = run(s, (0, play("red-2")), (1, Pass()), (2, play("pink-4")), (3, Pass()), (0, Pass()))
    assert s.to_act() == (1,)
    assert s.view(1).passed == (True, False, False, True)  # 1's pass was wiped by 2's counter-attack
    assert s.why_illegal(1, play("hare-30")) is None
    s, _ = act(s, 1, play("hare-30"))
    assert s.current_value == 30 and s.view(0).passed == (False, False, False, False)


def test_velonimo_attack_ends_when_all_others_pass_and_winner_clears_and_leads():
    s = build(hands={0: "red-2 red-5", 1: "blue-3 hare-30", 2: "pink-4 pink-6", 3: "green-1 green-2"})
    s, events = run(s, (0, play("red-5")), (1, Pass()), (2, play("pink-6")), (3, Pass()), (0, Pass()))
    assert s.to_act() == (1,) and s.cseat == 2
    s, events = act(s, 1, Pass())
    assert events == (Passed(1), AttackWon(2, 6, ids("red-5 pink-6")))
    assert s.to_act() == (2,) and s.cseat == -1 and s.current_value == 0 and s.centre == 0
    assert s.why_illegal(2, Pass()) == "You lead this attack: you must play"
    assert s.view(0).pile == () and set(s.view(0).played) == set(ids("red-5 pink-6"))


def test_velonimo_turn_goes_to_the_left_skipping_players_who_are_out():
    s = build(hands={0: "red-2 red-5", 1: "blue-3", 2: "pink-4 pink-6", 3: "green-1 green-2"})
    s, events = act(s, 0, play("red-2"))
    assert s.to_act() == (1,)
    s, events = act(s, 1, play("blue-3"))  # 1 goes out
    assert PlayerOut(1, 3, 1) in events
    assert s.to_act() == (2,)
    s, _ = run(s, (2, Pass()), (3, Pass()), (0, play("red-5")))
    assert s.to_act() == (2,)  # seat 1 is skipped


# --------------------------------------------------------------------------- tortoises


def test_velonimo_tortoise_lets_the_player_take_a_random_card_and_give_one_back():
    s = build(hands={0: "red-1 red-5", 1: "blue-3 blue-6", 2: "pink-4", 3: "green-2"})
    s, events = act(s, 0, play("red-1"))
    assert s.to_act() == (0,) and s.view(0).phase == "steal" and s.view(0).steal_max == 1
    legal = set(s.legal_actions(0))
    assert legal == {NoSteal(), Steal(1, 1), Steal(2, 1), Steal(3, 1)}
    s, events = act(s, 0, Steal(1, 1))
    (ev,) = events
    assert isinstance(ev, CardStolen) and ev.reveals and ev.private_to == (0, 1)
    taken = ev.cards[0]
    assert card_token(taken) in {"blue-3", "blue-6"}
    assert s.hands[0] >> taken & 1 and s.hands[1].bit_count() == 1
    assert s.view(0).phase == "give" and s.view(0).steal_left == 1 and s.view(0).steal_received == (taken,)
    assert s.why_illegal(0, Pass()) == "Give back your cards first"
    assert set(s.legal_actions(0)) == {GiveBack(c) for c in C.cards_of(s.hands[0])}
    s, events = act(s, 0, GiveBack(card_from_token("red-5")))
    assert events == (CardGiven(0, 1, card_from_token("red-5"), (0, 1)),) and events[0].reveals
    assert hand_of(s, 1) == {"red-5", ({"blue-3", "blue-6"} - {card_token(taken)}).pop()}
    assert hand_of(s, 0) == {card_token(taken)}
    assert s.view(0).phase == "play" and s.to_act() == (1,) and s.current_value == 1  # the attack goes on


def test_velonimo_tortoise_steal_is_random_from_the_seeded_rng():
    got = set()
    for seed in range(12):
        s = build(hands={0: "red-1 red-5", 1: "blue-3 blue-6 blue-7", 2: "pink-4"}, seed=seed)
        s, _ = act(s, 0, play("red-1"))
        s1, ev1 = act(s, 0, Steal(1, 1))
        s2, ev2 = act(s, 0, Steal(1, 1))
        assert ev1 == ev2  # same state, same draw
        got.add(ev1[0].cards)
    assert len(got) > 1


def test_velonimo_several_tortoises_take_up_to_that_many_cards_from_one_opponent():
    s = build(hands={0: "red-1 blue-1 green-1 red-5", 1: "blue-3 blue-6 blue-7 pink-2", 2: "pink-4 pink-5"})
    s, _ = act(s, 0, play("red-1 blue-1 green-1"))
    assert s.current_value == 31
    legal = set(s.legal_actions(0))
    assert {Steal(1, 1), Steal(1, 2), Steal(1, 3), Steal(2, 1), Steal(2, 2)} <= legal
    assert Steal(2, 3) not in legal  # seat 2 holds only 2 cards
    assert s.why_illegal(0, Steal(1, 4)) == "You played 3 Tortoises: take at most 3"
    s, events = act(s, 0, Steal(1, 3))
    assert len(events[0].cards) == 3 and s.hands[1].bit_count() == 1 and s.view(0).steal_left == 3
    for _ in range(3):
        assert s.to_act() == (0,)
        s, _ = act(s, 0, s.legal_actions(0)[0])
    assert s.hands[1].bit_count() == 4 and s.hands[0].bit_count() == 1 and s.to_act() == (1,)


def test_velonimo_tortoise_steal_is_optional():
    s = build(hands={0: "red-1 red-5", 1: "blue-3", 2: "pink-4"})
    s, _ = act(s, 0, play("red-1"))
    before = s.hands
    s, events = act(s, 0, NoSteal())
    assert s.hands == before and s.to_act() == (1,) and events[0].text(NAMES) == "Ann takes no card with the Tortoise"


def test_velonimo_given_back_card_may_be_the_card_just_taken():
    s = build(hands={0: "red-1 red-5", 1: "blue-3", 2: "pink-4"})
    s, _ = act(s, 0, play("red-1"))
    s, events = act(s, 0, Steal(1, 1))
    assert events[0].cards == ids("blue-3")
    s, _ = act(s, 0, GiveBack(card_from_token("blue-3")))
    assert hand_of(s, 1) == {"blue-3"} and hand_of(s, 0) == {"red-5"}


def test_velonimo_steal_details_are_private_to_thief_and_victim():
    s = build(hands={0: "red-1 red-5", 1: "blue-3", 2: "pink-4"})
    s, _ = act(s, 0, play("red-1"))
    s, events = act(s, 0, Steal(1, 1))
    ev = events[0]
    assert ev.text(NAMES, None) == "Ann takes a random card from Bob"
    assert ev.text(NAMES, 2) == "Ann takes a random card from Bob"
    assert ev.text(NAMES, 0) == "Ann takes the blue Bear (3) from Bob"
    assert ev.text(NAMES, 1) == "Ann takes the blue Bear (3) from Bob"
    assert "blue-3" not in set(inv._walk_strings(s.view(2).to_dict()))
    assert "blue-3" in set(inv._walk_strings(s.view(0).to_dict()))
    s, events = act(s, 0, GiveBack(card_from_token("red-5")))
    assert events[0].text(NAMES, 2) == "Ann gives a card back to Bob"
    assert events[0].text(NAMES, 1) == "Ann gives the red Tiger (5) back to Bob"


def test_velonimo_steal_only_from_opponents_still_holding_cards():
    s = build(hands={0: "red-1 red-5", 2: "pink-4", 3: "green-3"})  # seat 1 is out
    s, _ = act(s, 0, play("red-1"))
    assert not any(isinstance(a, Steal) and a.victim == 1 for a in s.legal_actions(0))
    assert s.why_illegal(0, Steal(1, 1)) == "That player has no cards left"
    assert s.why_illegal(0, Steal(0, 1)) == "Choose an opponent to take cards from"


def test_velonimo_no_steal_when_the_tortoise_play_was_the_final_card():
    s = build(hands={0: "red-1", 1: "blue-3", 2: "pink-4"})
    s, events = act(s, 0, play("red-1"))
    assert any(isinstance(e, PlayerOut) for e in events)
    assert s.to_act() == (1,) and s.view(1).phase == "play"
    assert s.why_illegal(0, Steal(1, 1)) == "It is not your turn."


def test_velonimo_jersey_is_never_in_hand_so_it_cannot_be_stolen():
    s = build(3, {0: "red-1 blue-1 red-5", 1: "blue-3 blue-4", 2: "pink-4"}, round_no=2, jersey=1)
    s, _ = act(s, 0, play("red-1 blue-1"))
    s, events = act(s, 0, Steal(1, 2))
    assert s.jersey == 1 and len(events[0].cards) == 2 and set(events[0].cards) == set(ids("blue-3 blue-4"))
    assert "jersey" not in " ".join(card_token(c) for c in C.cards_of(s.hands[0]))


# --------------------------------------------------------------------------- going out & scoring


def test_velonimo_going_out_scores_round_number_per_opponent_still_holding_cards():
    # rulebook example: 4 players, round 2 -> 6, 4, 2, 0
    s = build(hands={0: "red-7", 1: "blue-6", 2: "pink-5", 3: "green-1 green-2"}, round_no=2)
    s, events = act(s, 0, play("red-7"))
    assert PlayerOut(0, 6, 1) in events and s.totals[0] == 6
    assert events[-1].text(NAMES) == "Ann goes out and scores 6"
    s, _ = run(s, (1, Pass()), (2, Pass()), (3, Pass()))
    assert s.view(0).phase == "choose" and s.to_act() == (0,)
    s, _ = act(s, 0, ChooseStarter(1))
    s, events = act(s, 1, play("blue-6"))
    assert PlayerOut(1, 4, 2) in events
    s, _ = run(s, (2, Pass()), (3, Pass()), (1, ChooseStarter(2)))
    s, events = act(s, 2, play("pink-5"))
    assert PlayerOut(2, 2, 3) in events
    scored = [e for e in events if isinstance(e, RoundScored)][0]
    assert scored.points == (6, 4, 2, 0) and scored.round == 2


def test_velonimo_play_continues_until_only_one_player_holds_cards():
    s = build(3, {0: "red-7", 1: "blue-6 blue-2", 2: "pink-5 pink-1"})
    s, events = act(s, 0, play("red-7"))
    assert s.round == 1 and s.to_act() == (1,)
    s, _ = run(s, (1, Pass()), (2, Pass()), (0, ChooseStarter(2)), (2, play("pink-5")), (1, play("blue-6")),
               (2, Pass()))
    assert s.to_act() == (1,) and s.round == 1
    s, events = act(s, 1, play("blue-2"))
    kinds = [type(e) for e in events]
    assert kinds[:4] == [CardsPlayed, PlayerOut, RoundScored, JerseyAwarded] and RoundStarted in kinds
    assert events[2].points == (2, 1, 0) and s.round == 2


def test_velonimo_player_who_goes_out_chooses_who_launches_the_next_attack_if_all_pass():
    s = build(hands={0: "red-7", 1: "blue-6 blue-2", 2: "pink-5 pink-1", 3: "green-3 green-4"})
    s, _ = run(s, (0, play("red-7")), (1, Pass()), (2, Pass()))
    s, events = act(s, 3, Pass())
    assert events[-1] == AttackWon(0, 7, ids("red-7"))
    assert s.to_act() == (0,) and s.view(3).phase == "choose"
    assert set(s.legal_actions(0)) == {ChooseStarter(1), ChooseStarter(2), ChooseStarter(3)}
    assert s.why_illegal(0, ChooseStarter(0)) == "Choose a player who still holds cards"
    s, events = act(s, 0, ChooseStarter(3))
    assert events[0].text(NAMES) == "Ann chooses Dan to launch the next attack"
    assert s.to_act() == (3,) and s.cseat == -1


def test_velonimo_out_player_does_not_choose_if_someone_counter_attacks():
    s = build(hands={0: "red-3", 1: "blue-6 blue-2", 2: "pink-5 pink-1"})
    s, _ = run(s, (0, play("red-3")), (1, play("blue-6")), (2, Pass()))
    assert s.to_act() == (1,) and s.view(1).phase == "play" and s.cseat == -1


def test_velonimo_round_start_player_has_lowest_total_tie_fewest_points_last_round():
    # round 1 ends: totals (after) decide round 2's starter
    s = build(3, {0: "red-3", 1: "blue-6 blue-2", 2: "pink-5 pink-1"}, totals=(0, 5, 3), history=())
    s, events = run(s, (0, play("red-3")), (1, play("blue-6")), (2, Pass()), (1, play("blue-2")))
    # 0 scored 2, 1 scored 1, 2 scored 0 -> totals (2, 6, 3): lowest is seat 0
    assert s.totals == (2, 6, 3)
    started = [e for e in events if isinstance(e, RoundStarted)][0]
    assert started.starter == 0 and s.to_act() == (0,)
    assert started.text(NAMES) == "Round 2 begins: Ann starts"
    # a tie on totals: fewest points last round starts
    s = build(3, {0: "red-3", 1: "blue-6 blue-2", 2: "pink-5 pink-1"}, totals=(1, 2, 3))
    s, events = run(s, (0, play("red-3")), (1, play("blue-6")), (2, Pass()), (1, play("blue-2")))
    assert s.totals == (3, 3, 3) and s.history[-1] == (2, 1, 0)
    assert [e for e in events if isinstance(e, RoundStarted)][0].starter == 2


def test_velonimo_jersey_goes_to_highest_total_tie_most_points_last_round():
    s = build(3, {0: "red-3", 1: "blue-6 blue-2", 2: "pink-5 pink-1"}, totals=(1, 2, 3))
    s, events = run(s, (0, play("red-3")), (1, play("blue-6")), (2, Pass()), (1, play("blue-2")))
    assert s.totals == (3, 3, 3)
    assert JerseyAwarded(0, -1) in events and s.jersey == 0  # 0 scored the most this round
    assert JerseyAwarded(0, -1).text(NAMES) == "Ann receives the Leader of the Pack Jersey"
    s = build(3, {0: "red-3", 1: "blue-6 blue-2", 2: "pink-5 pink-1"}, totals=(0, 0, 9), jersey=2, round_no=2)
    s, events = run(s, (0, play("red-3")), (1, play("blue-6")), (2, Pass()), (1, play("blue-2")))
    assert s.totals == (4, 2, 9) and s.jersey == 2 and JerseyAwarded(2, 2) in events


# --------------------------------------------------------------------------- the Jersey


def test_velonimo_jersey_adds_10_once_per_round():
    s = build(hands={0: "red-3 red-4 blue-2", 1: "blue-3 hare-50", 2: "pink-5 pink-6"}, players=3, round_no=2,
              jersey=0)
    assert s.view(0).can_use_jersey
    assert play("red-3 red-4", jersey=True) in s.legal_actions(0)
    s, events = act(s, 0, play("red-3", jersey=True))
    assert s.current_value == 13 and s.jused and events[0].jersey
    assert events[0].text(NAMES) == "Ann attacks with the red Bear (3) and the Jersey: 13"
    s, _ = run(s, (1, play("hare-50")), (2, Pass()), (0, Pass()), (1, play("blue-3")), (2, play("pink-5")))
    assert s.why_illegal(0, play("red-4", jersey=True)) == "You already used the Jersey this round"
    assert not any(a.jersey for a in s.legal_actions(0) if isinstance(a, PlayCards))
    assert s.view(0).jersey_used and not s.view(0).can_use_jersey


def test_velonimo_jersey_cannot_be_used_with_a_hare():
    s = build(hands={0: "hare-35 red-4", 1: "blue-3"}, round_no=3, jersey=0)
    assert s.why_illegal(0, play("hare-35", jersey=True)) == "The Jersey cannot be used with a Hare"
    assert play("hare-35", jersey=True) not in s.legal_actions(0)
    assert play("red-4", jersey=True) in s.legal_actions(0)


def test_velonimo_jersey_is_not_used_in_round_1_and_only_its_holder_may_play_it():
    s = SPEC.new_state(SPEC.default_config("standard", 4), 1)
    assert not any(a.jersey for a in s.legal_actions(0))
    card = C.cards_of(s.hands[0])[0]
    assert s.why_illegal(0, PlayCards((card,), True)) == "Nobody holds the Jersey in round 1"
    s = build(hands={0: "red-4", 1: "blue-3"}, round_no=2, jersey=1)
    assert s.why_illegal(0, play("red-4", jersey=True)) == "You do not hold the Leader of the Pack Jersey"


def test_velonimo_jersey_counter_attack_value_includes_the_bonus():
    s = build(hands={0: "red-3 red-4 red-5", 1: "blue-3 blue-4 green-7", 2: "pink-5"}, round_no=2, jersey=1)
    s, _ = act(s, 0, play("red-3 red-4 red-5"))
    assert s.current_value == 33
    assert s.why_illegal(1, play("blue-3 blue-4", jersey=True)) == "Counter-attack must beat 33"  # 23 + 10
    assert s.why_illegal(1, play("green-7", jersey=True)) == "Counter-attack must beat 33"
    s = build(hands={0: "red-2 red-3 red-7", 1: "blue-3 blue-4 blue-7", 2: "pink-5"}, round_no=2, jersey=1)
    s, _ = act(s, 0, play("red-2 red-3"))
    assert s.why_illegal(1, play("blue-3 blue-4")) is None  # 23 > 22
    s2, _ = act(s, 1, play("blue-3 blue-4", jersey=True))
    assert s2.current_value == 33


# --------------------------------------------------------------------------- end of game & options


def _finish_round(s):
    """Everybody plays their highest single card or passes; returns the state after the round."""
    round_no = s.round
    while not s.is_over() and s.round == round_no:
        seat = s.to_act()[0]
        s, _ = s.apply(seat, s.legal_actions(seat)[-1] if s.cseat < 0 else s.legal_actions(seat)[0])
    return s


def test_velonimo_winner_is_the_jersey_holder_after_the_last_round():
    cfg = SPEC.validate_config(Config("standard", 3, (("rounds", 2),)))
    s = SPEC.new_state(cfg, 4)
    all_events = []
    while not s.is_over():
        seat = s.to_act()[0]
        s, evs = s.apply(seat, s.legal_actions(seat)[0])
        all_events.extend(evs)
    assert len(s.history) == 2
    res = s.result()
    assert res.winners == (s.jersey,) and res.ranking[0] == s.jersey
    assert res.scores == tuple(float(t) for t in s.totals)
    assert res.chart_labels == ("Round 1", "Round 2")
    for seat in range(3):
        assert res.chart_series[seat] == (float(s.history[0][seat]), float(s.history[0][seat] + s.history[1][seat]))
    assert isinstance(all_events[-1], GameOver) and all_events[-1].winners == (s.jersey,)
    ranked = [s.totals[p] for p in res.ranking]
    assert ranked == sorted(ranked, reverse=True)
    assert any("Jersey" in line for line in res.details)


def test_velonimo_options_set_number_of_rounds_and_points_per_opponent():
    variant = SPEC.variant("standard")
    keys = {o.key for o in variant.options}
    assert {"rounds", "scoring", "first_player"} <= keys
    cfg = SPEC.validate_config(Config("standard", 4, (("rounds", 1), ("scoring", "double"))))
    s = SPEC.new_state(cfg, 2)
    s = _finish_round(s)
    assert s.is_over() and sorted(s.history[0]) == [0, 2, 4, 6]  # round 1 doubled: 2 per opponent
    cfg = SPEC.validate_config(Config("standard", 3, (("rounds", 3), ("scoring", "flat"))))
    s = SPEC.new_state(cfg, 2)
    for _ in range(3):
        s = _finish_round(s)
    assert s.is_over() and all(sorted(h) == [0, 1, 2] for h in s.history)
    with pytest.raises(ConfigError):
        SPEC.validate_config(Config("standard", 4, (("rounds", 10),)))


def test_velonimo_default_game_has_5_rounds_with_ascending_points():
    s = SPEC.new_state(SPEC.default_config("standard", 4), 9)
    for r in range(1, 6):
        assert not s.is_over() and s.round == r
        s = _finish_round(s)
        assert sorted(s.history[-1]) == [0, r, 2 * r, 3 * r]
    assert s.is_over()


# --------------------------------------------------------------------------- duel


def test_velonimo_duel_setup_has_a_draw_pile_and_a_revealed_card():
    s = SPEC.new_state(SPEC.default_config("duel", 2), 5)
    assert [h.bit_count() for h in s.hands] == [11, 11]
    assert len(s.draw) == 32 and s.revealed >= 0 and s.aside == 0
    v = s.view(1)
    assert v.draw_count == 32 and v.revealed == s.revealed and v.to_dict()["revealed"] == card_token(s.revealed)
    assert not v.jersey_bonus


def test_velonimo_duel_camel_draws_one_card_from_the_pile_per_camel():
    s = build(2, {0: "red-2 blue-2 pink-2 green-5", 1: "yellow-6"}, variant="duel",
              draw="orange-7 orange-6 orange-5 orange-4", revealed="hare-25")
    s, events = act(s, 0, play("red-2 blue-2 pink-2"))
    (drawn,) = [e for e in events if isinstance(e, CardDrawn)]
    in_draw_order = tuple(card_from_token(t) for t in ("orange-4", "orange-5", "orange-6"))
    assert drawn.cards == in_draw_order and drawn.reveals and drawn.private_to == (0,)
    assert hand_of(s, 0) == {"green-5", "orange-4", "orange-5", "orange-6"}
    assert s.draw == (card_from_token("orange-7"),) and s.view(1).draw_count == 1
    assert drawn.text(NAMES, 1) == "Ann draws 3 cards"


def test_velonimo_duel_camel_draws_nothing_from_an_empty_pile():
    s = build(2, {0: "red-2 red-3 green-5", 1: "yellow-6"}, variant="duel", draw="orange-7", revealed="hare-25")
    s, events = act(s, 0, play("red-2 red-3"))
    (drawn,) = [e for e in events if isinstance(e, CardDrawn)]
    assert drawn.cards == ids("orange-7")
    s = build(2, {0: "red-2 green-5", 1: "yellow-6"}, variant="duel", draw="", revealed="hare-25")
    s, events = act(s, 0, play("red-2"))
    (drawn,) = [e for e in events if isinstance(e, CardDrawn)]
    assert drawn.cards == () and s.revealed == card_from_token("hare-25")  # the revealed card is not drawn
    assert drawn.text(NAMES) == "Ann draws nothing: the draw pile is empty"


def test_velonimo_duel_camel_played_as_the_final_card_draws_so_the_player_is_not_out():
    """Issue 18: "Each time you play a Water Carrier card … you must add the top card from the draw
    pile to your hand" holds for the final card too (interpretation 16): Ann draws and plays on."""
    s = build(2, {0: "red-2", 1: "yellow-6 yellow-3"}, variant="duel", draw="orange-7 orange-5",
              revealed="hare-25")
    s, events = act(s, 0, play("red-2"))
    assert not any(isinstance(e, PlayerOut) for e in events)
    (drawn,) = [e for e in events if isinstance(e, CardDrawn)]
    assert drawn.cards == ids("orange-5")
    assert hand_of(s, 0) == {"orange-5"} and s.view(0).active == (True, True)
    assert s.round == 1 and s.totals == (0, 0) and s.to_act() == (1,)


def test_velonimo_duel_camels_as_final_cards_draw_one_card_each():
    s = build(2, {0: "red-2 blue-2", 1: "yellow-6"}, variant="duel", draw="orange-7 orange-5 orange-4",
              revealed="hare-25")
    s, events = act(s, 0, play("red-2 blue-2"))
    assert hand_of(s, 0) == {"orange-4", "orange-5"} and s.draw == ids("orange-7")
    assert not any(isinstance(e, PlayerOut) for e in events)


def test_velonimo_duel_final_camel_with_an_empty_pile_goes_out():
    s = build(2, {0: "red-2", 1: "yellow-6 yellow-3"}, variant="duel", draw="", revealed="hare-25")
    s, events = act(s, 0, play("red-2"))
    assert PlayerOut(0, 1, 1) in events and s.round == 2 and s.totals == (1, 0)


def test_velonimo_duel_final_camel_and_tortoise_draw_then_the_tortoise_steals():
    """A same-colour pair Tortoise + Camel as the final cards: the Camel draws first (interpretation
    16), so the player still holds a card and the Tortoise exchange happens (interpretation 6 does not
    apply: they are not out)."""
    s = build(2, {0: "red-1 red-2", 1: "yellow-6 yellow-3"}, variant="duel", draw="orange-7 orange-5",
              revealed="hare-25")
    s, events = act(s, 0, play("red-1 red-2"))
    assert hand_of(s, 0) == {"orange-5"} and s.view(0).phase == "steal"
    assert Steal(1, 1) in s.legal_actions(0)


def test_velonimo_duel_attack_winner_keeps_or_forces_the_revealed_card_then_a_new_one_is_revealed():
    s = build(2, {0: "red-5 green-5", 1: "yellow-3 yellow-4"}, variant="duel", draw="orange-7 orange-1",
              revealed="hare-25")
    s, events = run(s, (0, play("red-5")), (1, Pass()))
    assert s.to_act() == (0,) and s.view(0).phase == "reward"
    assert set(s.legal_actions(0)) == {DuelReward(True), DuelReward(False)}
    kept, events = act(s, 0, DuelReward(True))
    assert "hare-25" in hand_of(kept, 0)
    assert events == (RevealedCardTaken(0, 0, card_from_token("hare-25")), CardRevealed(card_from_token("orange-1")))
    assert kept.revealed == card_from_token("orange-1") and kept.draw == (card_from_token("orange-7"),)
    assert kept.to_act() == (0,) and kept.cseat == -1
    forced, events = act(s, 0, DuelReward(False))
    assert "hare-25" in hand_of(forced, 1) and forced.hands[1].bit_count() == 3
    assert events[0].text(NAMES) == "Ann makes Bob take the revealed Hare (25)"


def test_velonimo_duel_no_reward_when_no_revealed_card_is_left():
    s = build(2, {0: "red-5 green-5", 1: "yellow-3 yellow-4"}, variant="duel", draw="", revealed=None)
    s, _ = run(s, (0, play("red-5")), (1, Pass()))
    assert s.view(0).phase == "play" and s.to_act() == (0,)


def test_velonimo_duel_first_to_8_points_wins_even_before_the_last_round():
    s = build(2, {0: "red-5", 1: "yellow-3 yellow-4"}, variant="duel", round_no=3, totals=(5, 3),
              draw="orange-7", revealed="hare-25", history=((1, 0), (0, 2)))
    s, events = act(s, 0, play("red-5"))
    assert s.is_over() and s.totals == (8, 3) and s.round == 3
    assert s.result().winners == (0,) and isinstance(events[-1], GameOver)
    assert events[-1].text(NAMES) == "Ann wins the game with the Leader of the Pack Jersey (8 points)"


def test_velonimo_duel_jersey_is_awarded_but_gives_no_bonus():
    s = build(2, {0: "red-5", 1: "yellow-3 yellow-4"}, variant="duel", draw="orange-7", revealed="hare-25")
    s, events = act(s, 0, play("red-5"))
    assert JerseyAwarded(0, -1) in events and s.jersey == 0 and s.round == 2
    s = build(2, {0: "red-5 red-6", 1: "yellow-3"}, variant="duel", round_no=2, jersey=0, draw="orange-7",
              revealed="hare-25")
    assert s.why_illegal(0, play("red-5", jersey=True)) == "The Jersey gives no bonus in the Duel"
    assert not any(a.jersey for a in s.legal_actions(0))


def test_velonimo_duel_round_ends_when_one_player_goes_out_and_next_round_is_dealt():
    s = build(2, {0: "red-5", 1: "yellow-3 yellow-4"}, variant="duel", draw="orange-7", revealed="hare-25")
    s, events = act(s, 0, play("red-5"))
    scored = [e for e in events if isinstance(e, RoundScored)][0]
    assert scored.points == (1, 0)
    assert s.round == 2 and [h.bit_count() for h in s.hands] == [11, 11] and len(s.draw) == 32
    assert s.to_act() == (1,)  # lowest total starts


# --------------------------------------------------------------------------- protocol


def test_velonimo_is_registered_with_both_variants():
    assert GAMES["velonimo"] is SPEC and SPEC.name == "Velonimo"
    assert [v.id for v in SPEC.variants] == ["standard", "duel"]
    assert SPEC.variant("standard").default_players == 4 and SPEC.variant("duel").max_players == 2
    for t in SPEC.action_types:
        assert t.__name__ in {"PlayCards", "Pass", "Steal", "NoSteal", "GiveBack", "ChooseStarter", "DuelReward"}


@pytest.mark.parametrize("variant,players", [("standard", 3), ("standard", 4), ("standard", 5), ("duel", 2)])
def test_velonimo_random_games_keep_every_invariant(variant, players):
    config = SPEC.default_config(variant, players)
    rnd = random.Random(players)
    for seed in (1, 2):
        s = SPEC.new_state(config, seed)
        history = []
        step = 0
        while not s.is_over():
            where = f"{variant} seed {seed} step {step}"
            inv.check_state(SPEC, s, where)
            if step % 5 == 0:
                inv.check_round_trip(SPEC, s, where)
                inv.check_views(SPEC, s, where)
            seat = s.to_act()[0]
            action = rnd.choice(s.legal_actions(seat))
            s, _ = inv.checked_apply(SPEC, s, seat, action, where)
            history.append((seat, action))
            step += 1
        inv.check_state(SPEC, s, "end")
        inv.check_replay(SPEC, config, seed, history, s, "end")


def test_velonimo_views_hide_other_hands_but_show_counts_and_public_cards():
    s = SPEC.new_state(SPEC.default_config("standard", 4), 3)
    v = s.view(1)
    assert v.hand == C.cards_of(s.hands[1]) and v.hand_counts == (11, 11, 11, 11)
    d = v.to_dict()
    assert d["hand"] == [card_token(c) for c in C.cards_of(s.hands[1])]
    shown = set(inv._walk_strings(d))
    for other in (0, 2, 3):
        assert not shown & s.secrets(other)
    assert s.view(None).hand is None
    json.dumps(d)


def test_velonimo_determinize_reproduces_the_view_and_legal_actions():
    s = build(hands={0: "red-1 blue-1 red-5", 1: "blue-3 blue-6 blue-7 pink-2", 2: "pink-4 pink-5",
                     3: "green-2"}, round_no=2, jersey=0)
    s, _ = act(s, 0, play("red-1 blue-1"))
    s, _ = act(s, 0, Steal(1, 2))
    for viewer in range(4):
        view = s.view(viewer)
        for seed in (1, 2, 3):
            d = SPEC.determinize(view, seed)
            assert d.view(viewer) == view
            if viewer == 0:
                assert set(d.legal_actions(0)) == set(s.legal_actions(0))
    d1, d2 = SPEC.determinize(s.view(2), 1), SPEC.determinize(s.view(2), 2)
    assert d1.hands[2] == d2.hands[2] and (d1.hands != d2.hands or d1.aside != d2.aside)


def test_velonimo_state_round_trips_through_json_and_checks_version():
    s = SPEC.new_state(SPEC.default_config("duel", 2), 8)
    data = json.loads(json.dumps(s.to_dict()))
    back = SPEC.state_from_dict(data)
    assert back.to_dict() == s.to_dict() and back.legal_actions(0) == s.legal_actions(0)
    data["version"] = 99
    with pytest.raises(ValueError, match="version"):
        SPEC.state_from_dict(data)
    data = s.to_dict()
    data["hands"][0] = data["hands"][0][1:]
    with pytest.raises(ValueError, match="missing"):
        SPEC.state_from_dict(data)


def test_velonimo_apply_rejects_illegal_moves_with_player_facing_reasons():
    s = build(hands={0: "red-3 red-4", 1: "blue-3"})
    assert s.why_illegal(1, play("blue-3")) == "It is not your turn."
    assert s.why_illegal(0, play("blue-3")) == "You do not hold those cards"
    assert s.why_illegal(0, PlayCards(())) == "Choose at least one card"
    assert s.why_illegal(0, PlayCards((card_from_token("red-4"), card_from_token("red-3")))) == \
        "List distinct cards in increasing order"
    assert s.why_illegal(0, NoSteal()) == "You may take cards only right after playing a Tortoise"
    assert s.why_illegal(0, GiveBack(3)) == "There is no card to give back now"
    assert s.why_illegal(0, ChooseStarter(1)) == "There is no starter to choose now"
    assert s.why_illegal(0, DuelReward(True)) == "There is no revealed card to take now"
    with pytest.raises(IllegalAction):
        s.apply(1, play("blue-3"))
    before = json.dumps(s.to_dict(), sort_keys=True)
    s.apply(0, play("red-3 red-4"))
    assert json.dumps(s.to_dict(), sort_keys=True) == before


def test_velonimo_interned_play_actions_are_checked_like_any_other():
    """apply skips re-parsing the cards of the PlayCards that legal actions hand out: it must
    still refuse them, with the same reason, whenever they are illegal."""
    def interned(text: str, jersey: bool = False) -> PlayCards:
        p = P.play_of(C.mask_of(ids(text)))
        return p.jersey_action if jersey else p.action

    s = build(hands={0: "red-3 red-4 green-6", 1: "blue-3 blue-5 green-2"}, round_no=2, jersey=1)
    s, _ = s.apply(0, interned("red-3 red-4"))  # 20 + 3 = 23 to beat
    cases = [
        (0, interned("red-3"), "It is not your turn."),
        (1, interned("red-3"), "You do not hold those cards"),
        (1, interned("blue-3 blue-5"), "Counter-attack must beat 23"),
        (1, interned("blue-5"), "Counter-attack must beat 23"),
    ]
    for seat, action, reason in cases:
        assert s.why_illegal(seat, action) == reason
        with pytest.raises(IllegalAction, match=re.escape(reason)):
            s.apply(seat, action)
    # the same cards with the Jersey (Bob holds it, unused): 23 + 10 = 33 beats 23
    assert interned("blue-3 blue-5", jersey=True) in s.legal_actions(1)
    after, (played,) = s.apply(1, interned("blue-3 blue-5", jersey=True))
    assert played == CardsPlayed(1, ids("blue-3 blue-5"), 33, True, False)
    # a copy equal to an interned action but not the same object is treated alike
    assert s.apply(1, PlayCards(ids("blue-3 blue-5"), True))[0].to_dict() == after.to_dict()
    # Ann's Tortoise opens the steal phase: no play is allowed until she takes or declines
    t = build(hands={0: "blue-1 red-5", 1: "blue-3 blue-5"})
    t, _ = t.apply(0, interned("blue-1"))
    for action in (interned("red-5"), PlayCards(ids("red-5"))):
        reason = t.why_illegal(0, action)
        assert reason and "Tortoise" in reason
        with pytest.raises(IllegalAction, match=re.escape(reason)):
            t.apply(0, action)


def test_velonimo_actions_have_readable_labels_and_encode_to_json():
    from game.engine.protocol import encode_action

    assert play("red-2 red-4 red-6").label() == "Play 3 red cards (32)"
    assert play("red-4 blue-4", jersey=True).label() == "Play 2 Cows (4) + Jersey (34)"
    assert play("hare-35").label() == "Play the Hare (35)"
    assert play("red-1", jersey=True).label() == "Play the red Tortoise (1) + Jersey (11)"
    assert Pass().label() == "Pass"
    assert Steal(2, 1).label() == "Take 1 random card from player 3"
    assert GiveBack(card_from_token("red-3")).label() == "Give back the red Bear (3)"
    assert ChooseStarter(1).label() == "Player 2 launches the next attack"
    assert DuelReward(False).label() == "Give the revealed card to your opponent"
    for a in (play("red-2 red-4"), Pass(), Steal(1, 2), NoSteal(), GiveBack(3), ChooseStarter(0), DuelReward(True)):
        assert SPEC.decode_action(json.loads(json.dumps(encode_action(a)))) == a


def test_velonimo_event_narration_reads_like_the_table_talk():
    assert CardsPlayed(0, ids("red-2 red-4 red-6"), 32, False, True).text(NAMES) == "Ann attacks with 3 red cards: 32"
    assert CardsPlayed(1, ids("hare-35"), 35, False, False).text(NAMES) == "Bob counter-attacks with the Hare (35): 35"
    assert Passed(1).text(NAMES) == "Bob passes"
    assert AttackWon(0, 32, ()).text(NAMES) == "Ann wins the attack"
    assert CardStolen(2, 3, ids("red-3"), (2, 3)).text(NAMES) == "Cleo takes a random card from Dan"
    assert PlayerOut(0, 6, 1).text(NAMES) == "Ann goes out and scores 6"
    assert RoundStarted(2, 3).text(NAMES) == "Round 2 begins: Dan starts"
    assert JerseyAwarded(1, 0).text(NAMES) == "Bob receives the Leader of the Pack Jersey"
    assert StarterChosen(0, 1).text(NAMES) == "Ann chooses Bob to launch the next attack"
    assert RoundScored(1, (2, 0), (2, 0)).text(NAMES) == "Round 1 over: Ann +2 (2), Bob +0 (0)"
    assert CardRevealed(card_from_token("hare-25")).text(NAMES) == "The Hare (25) is revealed beside the draw pile"


def test_velonimo_card_masks_round_trip_for_every_card_count():
    """cards_of reads masks a byte at a time: every card (the last Hare is id 54), every byte
    boundary and full/empty hands must come back in increasing order."""
    rnd = random.Random(3)
    assert C.cards_of(0) == ()
    assert C.cards_of(C.ALL_CARDS) == tuple(range(C.N_CARDS))
    for card in range(C.N_CARDS):
        assert C.cards_of(1 << card) == (card,)
    for size in range(C.N_CARDS + 1):
        cards = tuple(sorted(rnd.sample(range(C.N_CARDS), size)))
        assert C.cards_of(C.mask_of(cards)) == cards


def test_velonimo_incremental_hand_plays_match_a_fresh_computation():
    """The engine derives a hand's plays when cards leave or arrive; same result as from scratch."""
    rnd = random.Random(3)
    for _ in range(400):
        deck = list(range(C.N_CARDS))
        rnd.shuffle(deck)
        hand = C.mask_of(deck[:rnd.randint(2, 12)])
        P.hand_plays(hand)
        added = C.mask_of(deck[20:20 + rnd.randint(1, 3)])
        P.note_hand_grew(hand, added)
        removed = C.mask_of(deck[:1])
        P.note_hand_shrunk(hand | added, removed)
        for h in (hand | added, (hand | added) & ~removed):
            fresh = P.HandPlays.of_hand(h)
            assert [p.mask for p in P.hand_plays(h).plays] == [p.mask for p in fresh.plays]
            assert P.hand_plays(h).values == sorted(P.hand_plays(h).values)
