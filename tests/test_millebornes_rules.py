"""Mille Bornes rules of the 2014 edition (issue 15), each test named after the rule it checks."""

from game.millebornes import (
    SPEC,
    CardsDrawn,
    Discard,
    Draw,
    DrawingOver,
    DrawPileReshuffled,
    Exchange,
    HandScored,
    Play,
    SafetyPlayed,
)
from game.millebornes.rules.cards import (
    ACCIDENT,
    COPIES,
    D25,
    D50,
    D75,
    D100,
    D200,
    DRIVING_ACE,
    EMERGENCY_VEHICLE,
    END_OF_LIMIT,
    FLAT_TIRE,
    GASOLINE,
    GO,
    OUT_OF_GAS,
    PUNCTURE_PROOF,
    REPAIRS,
    SPARE_TIRE,
    SPEED_LIMIT,
    STOP,
)
from game.millebornes.rules.setup import DRAW, PLAY

from .millebornes_support import NAMES, build, config, play, texts

ROLLING = {"drive": (GO,)}


def test_millebornes_deck_is_the_classic_106_cards_and_each_player_is_dealt_six():
    state = SPEC.new_state(config(3), 7)
    assert [len(h) for h in state.hands] == [6, 6, 6]
    cards = [c for h in state.hands for c in h] + list(state.deck)
    assert len(cards) == 106
    assert [cards.count(k) for k in range(19)] == list(COPIES)


def test_millebornes_the_youngest_starts_by_default_the_first_seat():
    assert SPEC.new_state(config(3), 1).to_act() == (0,)
    assert SPEC.new_state(config(3, youngest=2), 1).to_act() == (2,)


def test_millebornes_a_turn_is_a_draw_then_a_play_or_a_discard():
    state = build(2, [[D25, D50, GO, STOP, REPAIRS, D100], []], phase=DRAW)
    assert state.why_illegal(0, Play(GO, 0)) == "Draw a card first"
    state, events = play(state, 0, Draw(False))
    assert len(state.hands[0]) == 7 and state.phase == PLAY
    assert state.why_illegal(0, Draw(False)) == "You have already drawn: play or discard a card"
    state, _ = play(state, 0, Discard(D25))
    assert len(state.hands[0]) == 6 and state.to_act() == (1,) and state.phase == DRAW


def test_millebornes_drawing_from_the_draw_pile_names_the_card_to_the_drawer_only():
    state = build(2, [[D25] * 6, []], phase=DRAW, deck_top=[GO])
    _, events = play(state, 0, Draw(False))
    [drawn] = [e for e in events if isinstance(e, CardsDrawn)]
    assert drawn.reveals and drawn.private_to == (0,)
    assert drawn.text(NAMES, 0) == "Ann draws a Go"
    assert drawn.text(NAMES, 1) == "Ann draws a card"
    assert drawn.text(NAMES, None) == "Ann draws a card"


def test_millebornes_a_player_may_take_the_top_of_the_discard_pile():
    state = build(2, [[D25] * 6, []], phase=DRAW, discard=[STOP, GO])
    assert Draw(True) in state.legal_actions(0)
    state, events = play(state, 0, Draw(True))
    assert GO in state.hands[0] and state.discard[-1] == STOP
    assert texts(events) == ["Ann draws from the discard pile: a Go"]


def test_millebornes_no_drawing_from_the_discard_pile_option_classic():
    state = build(2, [[D25] * 6, []], phase=DRAW, discard=[GO], no_discard_draw=True)
    assert Draw(True) not in state.legal_actions(0)
    assert state.why_illegal(0, Draw(True)).startswith("Draw from the draw pile")


def test_millebornes_first_drive_card_must_be_go_or_emergency_vehicle():
    state = build(2, [[D100, REPAIRS, GO, D25, D25, D25, D25], []])
    assert state.why_illegal(0, Play(D100, 0)) == "You need a Go first"
    assert state.why_illegal(0, Play(REPAIRS, 0)) == "There is no Accident to fix"
    assert state.why_illegal(0, Play(GO, 0)) is None
    after, _ = play(state, 0, Play(GO, 0))
    assert after.zones[0].rolling
    # the Emergency Vehicle lets a player start without a Go
    state = build(2, [[D100, EMERGENCY_VEHICLE, D25, D25, D25, D25, D25], []])
    after, _ = play(state, 0, Play(EMERGENCY_VEHICLE, 0))
    assert after.zones[0].rolling and after.zones[0].drive == ()
    assert after.to_act() == (0,)


def test_millebornes_go_not_needed_after_a_remedy_2014():
    zones = [{"drive": (GO, ACCIDENT, REPAIRS)}, {}]
    state = build(2, [[D100, GO, D25, D25, D25, D25, D25], []], zones=zones)
    assert state.zones[0].rolling
    assert state.why_illegal(0, Play(D100, 0)) is None
    assert state.why_illegal(0, Play(GO, 0)) == "You are already rolling"


def test_millebornes_a_go_after_every_remedy_option_classic():
    zones = [{"drive": (GO, ACCIDENT, REPAIRS)}, {}]
    state = build(2, [[D100, GO, D25, D25, D25, D25, D25], []], zones=zones, go_after_remedy=True)
    assert not state.zones[0].rolling
    assert state.why_illegal(0, Play(D100, 0)) == ("You need a Go first: a Go is needed again after each remedy "
                                                  "(classic rule)")
    assert state.why_illegal(0, Play(GO, 0)) is None


def test_millebornes_a_hazard_must_be_fixed_by_its_own_remedy():
    zones = [{"drive": (GO, FLAT_TIRE)}, {}]
    state = build(2, [[D100, GO, REPAIRS, SPARE_TIRE, D25, D25, D25], []], zones=zones)
    assert state.why_illegal(0, Play(D100, 0)) == "Fix the Flat Tire first: play a Spare Tire"
    assert state.why_illegal(0, Play(GO, 0)) == "A Go does not fix the Flat Tire: play a Spare Tire"
    assert state.why_illegal(0, Play(REPAIRS, 0)) == "Repairs does not fix the Flat Tire: play a Spare Tire"
    after, _ = play(state, 0, Play(SPARE_TIRE, 0))
    assert after.zones[0].rolling


def test_millebornes_a_stop_is_fixed_by_a_go():
    zones = [{"drive": (GO, STOP)}, {}]
    state = build(2, [[D100, GO, D25, D25, D25, D25, D25], []], zones=zones)
    assert state.why_illegal(0, Play(D100, 0)) == "You are stopped: play a Go first"
    after, _ = play(state, 0, Play(GO, 0))
    assert after.zones[0].rolling


def test_millebornes_speed_limit_caps_distance_at_50_until_end_of_limit():
    zones = [{"drive": (GO,), "speed": (SPEED_LIMIT,)}, {}]
    state = build(2, [[D25, D50, D75, D100, END_OF_LIMIT, D25, D25], []], zones=zones)
    assert state.why_illegal(0, Play(D75, 0)) == "Speed Limit: 50 miles at most until End of Limit"
    assert state.why_illegal(0, Play(D50, 0)) is None and state.why_illegal(0, Play(D25, 0)) is None
    after, _ = play(state, 0, Play(END_OF_LIMIT, 0))
    assert not after.zones[0].limited and after.zones[0].speed == (SPEED_LIMIT, END_OF_LIMIT)
    assert build(2, [[END_OF_LIMIT] * 2, []], zones=[ROLLING, {}]).why_illegal(0, Play(END_OF_LIMIT, 0)) == \
        "You have no Speed Limit to end"


def test_millebornes_no_two_hazards_on_a_drive_pile_but_a_hazard_plus_a_speed_limit_is_allowed():
    zones = [{}, {"drive": (GO, ACCIDENT)}]
    state = build(2, [[STOP, SPEED_LIMIT, FLAT_TIRE, D25, D25, D25, D25], []], zones=zones)
    assert state.why_illegal(0, Play(STOP, 1)) == "That player already has a hazard on the drive pile"
    assert state.why_illegal(0, Play(FLAT_TIRE, 1), NAMES) == "Bob already has a hazard on the drive pile"
    assert state.why_illegal(0, Play(SPEED_LIMIT, 1)) is None
    limited = build(2, [[SPEED_LIMIT, D25], []], zones=[{}, {"drive": (GO,), "speed": (SPEED_LIMIT,)}])
    assert limited.why_illegal(0, Play(SPEED_LIMIT, 1), NAMES) == "Bob already has a Speed Limit"


def test_millebornes_a_hazard_only_stops_a_car_that_has_started():
    state = build(2, [[STOP, ACCIDENT, D25], []])
    assert state.why_illegal(0, Play(ACCIDENT, 1), NAMES) == \
        "Bob is not rolling: a hazard can only stop a car that has a Go"
    assert Play(ACCIDENT, 1) not in state.legal_actions(0)


def test_millebornes_only_two_200s_per_player():
    zones = [{"drive": (GO,), "counts": (0, 0, 0, 0, 2)}, {}]
    state = build(2, [[D200, D25], []], zones=zones)
    assert state.why_illegal(0, Play(D200, 0)) == "Only two 200s per player"
    team_zones = [{"drive": (GO,), "counts": (0, 0, 0, 0, 2)}, {}]
    teams = build(4, [[D200, D25], [], [], []], variant="teams", zones=team_zones)
    assert teams.why_illegal(0, Play(D200, 0)) == "Only two 200s per team"


def test_millebornes_cards_go_on_the_right_zone():
    state = build(2, [[ACCIDENT, D25, GO, DRIVING_ACE], []], zones=[ROLLING, ROLLING])
    assert state.why_illegal(0, Play(ACCIDENT, 0)) == "Play a hazard on an opponent's zone"
    assert state.why_illegal(0, Play(D25, 1)) == "That card goes on your own zone"
    assert state.why_illegal(0, Play(DRIVING_ACE, 1)) == "That card goes on your own zone"
    assert state.why_illegal(0, Play(D25, 5)) == "There is no such driving zone."
    assert state.why_illegal(0, Play(D100, 0)) == "You do not hold 100 miles"


def test_millebornes_why_illegal_says_whose_turn_it_is():
    state = build(2, [[D25], [D25]])
    assert state.why_illegal(1, Discard(D25), NAMES) == "It is Ann's turn"
    assert state.why_illegal(1, Discard(D25)) == "It is not your turn"


def test_millebornes_a_safety_protects_for_the_whole_hand():
    zones = [{}, {"drive": (GO,), "safeties": ((PUNCTURE_PROOF, False),)}]
    state = build(2, [[FLAT_TIRE, ACCIDENT, D25], []], zones=zones)
    assert state.why_illegal(0, Play(FLAT_TIRE, 1), NAMES) == "Bob is protected by Puncture-Proof"
    assert state.why_illegal(0, Play(FLAT_TIRE, 1)) == "That player is protected by Puncture-Proof"
    assert state.why_illegal(0, Play(ACCIDENT, 1)) is None
    ev_zones = [{}, {"drive": (GO,), "safeties": ((EMERGENCY_VEHICLE, False),)}]
    ev = build(2, [[STOP, SPEED_LIMIT], []], zones=ev_zones)
    assert ev.why_illegal(0, Play(STOP, 1), NAMES) == "Bob is protected by Emergency Vehicle"
    assert ev.why_illegal(0, Play(SPEED_LIMIT, 1), NAMES) == "Bob is protected by Emergency Vehicle"


def test_millebornes_a_safety_scores_100_and_gives_an_extra_turn_draw_then_play_again():
    state = build(2, [[DRIVING_ACE, D25, D25, D25, D25, D25, D25], [D75] * 6], zones=[ROLLING, {}])
    state, events = play(state, 0, Play(DRIVING_ACE, 0))
    assert state.to_act() == (0,) and state.phase == DRAW
    assert state.zones[0].points == 100
    assert "Ann plays Driving Ace (+100) and plays again" in texts(events)
    state, _ = play(state, 0, Draw(False))
    assert state.phase == PLAY and state.to_act() == (0,)


def test_millebornes_a_safety_lifts_the_hazard_it_covers():
    zones = [{"drive": (GO, OUT_OF_GAS)}, {}]
    state = build(2, [[D25, D25, D25, D25, D25, D25, 16], []], zones=zones)
    state, events = play(state, 0, Play(16, 0))
    assert state.zones[0].rolling and state.zones[0].drive == (GO,)
    assert state.discard[-1] == OUT_OF_GAS
    assert [e for e in events if isinstance(e, SafetyPlayed)][0].cancelled == OUT_OF_GAS


def test_millebornes_the_emergency_vehicle_lifts_a_stop_and_a_speed_limit():
    zones = [{"drive": (GO, STOP), "speed": (SPEED_LIMIT,)}, {}]
    state = build(2, [[EMERGENCY_VEHICLE, D100, D25, D25, D25, D25, D25], []], zones=zones)
    state, _ = play(state, 0, Play(EMERGENCY_VEHICLE, 0))
    zone = state.zones[0]
    assert zone.rolling and not zone.limited and zone.drive == (GO,) and zone.speed == ()
    assert sorted(state.discard[-2:]) == [SPEED_LIMIT, STOP]


def test_millebornes_exchange_up_to_six_cards_passes_the_turn():
    state = build(2, [[D25, D25, STOP, STOP, REPAIRS, GASOLINE], [D25] * 6], phase=DRAW,
                  deck_top=[GO, GO, D100])
    assert Exchange((D25, D25, STOP, STOP, REPAIRS, GASOLINE)) in state.legal_actions(0)
    state, events = play(state, 0, Exchange((D25, STOP, STOP)))
    assert sorted(state.hands[0]) == sorted([D25, REPAIRS, GASOLINE, GO, GO, D100])
    assert state.discard[-3:] == (D25, STOP, STOP)
    assert state.to_act() == (1,) and state.phase == DRAW
    assert texts(events, 0)[:2] == ["Ann passes and exchanges 3: 25 miles, a Stop and a Stop",
                                    "Ann draws a Go, a Go and 100 miles"]
    assert texts(events, 1)[1] == "Ann draws 3 cards"


def test_millebornes_exchange_refusals_in_plain_words():
    state = build(2, [[D25, D25, STOP, STOP, REPAIRS, GASOLINE], []], phase=DRAW, deck_size=2)
    assert state.why_illegal(0, Exchange((D25, D25, STOP))) == "The draw pile holds only 2 cards: exchange at most 2"
    assert state.why_illegal(0, Exchange((D100,))) == "You do not hold all those cards"
    assert state.why_illegal(0, Exchange((STOP, D25))) == "List the cards to exchange in order"
    assert state.why_illegal(0, Exchange(())) == "Choose at least one card to exchange"
    assert state.why_illegal(0, Exchange((D25, D25))) is None
    off = build(2, [[D25] * 6, []], phase=DRAW, no_exchange=True)
    assert off.why_illegal(0, Exchange((D25,))) == "Exchanging cards is off in this game"
    assert not any(isinstance(a, Exchange) for a in off.legal_actions(0))


def test_millebornes_the_discard_pile_is_reshuffled_into_a_new_draw_pile_when_the_next_player_is_to_draw():
    """« When there are no longer cards in the draw pile, reshuffle the cards in the discard pile to recreate
    a new one »: the pile is remade when a card is wanted from it, so the last card's drawer plays first."""
    state = build(2, [[D25] * 6, [D75] * 6], zones=[ROLLING, ROLLING], phase=DRAW, deck_size=1)
    state, events = play(state, 0, Draw(False))
    assert state.deck == () and not any(isinstance(e, DrawPileReshuffled) for e in events)
    discards = len(state.discard)
    state, events = play(state, 0, Play(D25, 0))
    [shuffled] = [e for e in events if isinstance(e, DrawPileReshuffled)]
    assert shuffled.reveals and state.reshuffles == 1 and len(state.deck) == discards and state.discard == ()
    assert "The discard pile is shuffled into a new draw pile" in texts(events)[-1]
    assert state.to_act() == (1,) and state.phase == DRAW


def test_millebornes_no_reshuffle_option_classic_drawing_ends_and_the_hand_ends_when_every_card_is_played():
    state = build(2, [[D25], [D50]], phase=DRAW, deck_size=1, no_reshuffle=True)
    state, events = play(state, 0, Draw(False))
    assert state.deck == () and not state.drawing_over
    state, events = play(state, 0, Discard(D25))
    assert any(isinstance(e, DrawingOver) for e in events) and state.drawing_over and state.reshuffles == 0
    assert "The draw pile is empty for good" in texts(events)[-1]
    assert state.to_act() == (1,) and state.phase == PLAY  # no draw any more
    assert state.why_illegal(1, Draw(False)) == "Nobody draws any more this hand: play or discard a card"
    state, _ = play(state, 1, Discard(D50))
    state, events = play(state, 0, Discard(D25))
    assert state.is_over()
    assert [e for e in events if isinstance(e, HandScored)][0].why == "every card played"


def test_millebornes_a_player_without_cards_passes_once_drawing_is_over():
    state = build(3, [[D25], [], [D50]], phase=PLAY, deck_size=0)
    state.drawing_over = True
    state, events = play(state, 0, Discard(D25))
    assert texts(events)[-1] == "Bob has no card left and passes"
    assert state.to_act() == (2,)
