"""Mille Bornes rules read again (rules version 2): safeties count toward the 1000, the discard pile is
reshuffled without a limit (a stalled hand ends instead), fast play answers a hazard on the drive pile, and
the classic "a Go after every remedy" asks a Go after a safety played in turn. Each test is named after the
rule it checks; docs/rules/millebornes.md quotes the passages."""

import json

from game.millebornes import (
    SPEC,
    CoupFourre,
    CoupFourrePlayed,
    Decline,
    Discard,
    Draw,
    DrawPileReshuffled,
    Extend,
    ExtensionOffered,
    FastRemedy,
    HandScored,
    Play,
    SafetyPlayed,
)
from game.millebornes.rules.cards import (
    ACCIDENT,
    D25,
    D50,
    D75,
    D100,
    D200,
    DRIVING_ACE,
    EMERGENCY_VEHICLE,
    END_OF_LIMIT,
    EXTRA_TANK,
    FLAT_TIRE,
    GO,
    PUNCTURE_PROOF,
    REPAIRS,
    SPARE_TIRE,
    SPEED_LIMIT,
    STOP,
)
from game.millebornes.rules.setup import ASKED, DRAW, EXTEND, IDLE_TURNS, OVER

from .millebornes_support import build, play, texts

ROLLING = {"drive": (GO,)}
FILL = [D25] * 6


def _scored(events) -> HandScored:
    [scored] = [e for e in events if isinstance(e, HandScored)]
    return scored


# --------------------------------------------------------------------------- 1. safeties toward the 1000


def test_millebornes_a_hand_ends_at_1000_miles_counting_safety_cards_as_the_text_says():
    """« until one of the players' reaches 1000 Miles or more with their Distance and Safety cards »: each
    safety counts 100 (the 100 it scores, a mile scoring 1). 700 miles and two safeties make 900; a 100 ends it."""
    zones = [{"drive": (GO,), "counts": (0, 0, 0, 7, 0), "safeties": ((DRIVING_ACE, False), (EXTRA_TANK, False))},
             ROLLING]
    state = build(2, [[D100] + FILL, [D75] * 6], zones=zones)
    assert state.zones[0].miles == 700 and state.zones[0].trip == 900
    assert state.view(1).zones[0].trip == 900
    state, events = play(state, 0, Play(D100, 0))
    assert state.phase == OVER
    scored = _scored(events)
    assert scored.why == "trip completed"
    # the score's lines: each card scores once (a mile 1, a safety 100), the safety's 100 is not a mile too
    assert scored.lines[0] == (("Miles", 800), ("2 safeties", 200))


def test_millebornes_a_safety_played_in_turn_can_complete_the_trip_and_ends_the_hand():
    zones = [{"drive": (GO,), "counts": (0, 0, 0, 9, 0)}, ROLLING]
    state = build(2, [[PUNCTURE_PROOF] + FILL, [D75] * 6], zones=zones)
    state, events = play(state, 0, Play(PUNCTURE_PROOF, 0))
    assert state.phase == OVER
    [safety] = [e for e in events if isinstance(e, SafetyPlayed)]
    assert safety.completes and texts([safety])[0] == "Ann plays Puncture-Proof (+100) and completes the trip"
    assert _scored(events).points == (1000, 0)


def test_millebornes_a_coup_fourre_can_complete_the_trip_out_of_turn():
    zones = [ROLLING, {"drive": (GO,), "counts": (0, 0, 0, 8, 0), "safeties": ((DRIVING_ACE, False),)}]
    state = build(2, [[FLAT_TIRE] + FILL, [PUNCTURE_PROOF] + [D75] * 5], zones=zones)
    state, _ = play(state, 0, Play(FLAT_TIRE, 1))
    assert state.phase == ASKED
    state, events = play(state, 1, CoupFourre())
    assert state.phase == OVER and any(isinstance(e, CoupFourrePlayed) for e in events)
    assert _scored(events).lines[1] == (("Miles", 800), ("2 safeties", 200), ("1 Coup Fourré", 200))


def test_millebornes_the_classic_exact_finish_counts_the_trip_in_distance_cards_only():
    zones = [{"drive": (GO,), "counts": (0, 0, 0, 9, 0), "safeties": ((DRIVING_ACE, False),)}, ROLLING]
    state = build(2, [[D100, D200, EXTRA_TANK] + FILL[:4], [D75] * 6], zones=zones,
                  exact_finish=True)
    assert state.zones[0].trip == 900
    assert state.why_illegal(0, Play(D200, 0)) == ("That would take you past 1000 miles: the trip must end "
                                                 "exactly at 1000")
    played, _ = play(state, 0, Play(EXTRA_TANK, 0))  # a safety ends nothing: the classic trip is miles only
    assert played.phase == DRAW and played.to_act() == (0,)
    done, _ = play(state, 0, Play(D100, 0))
    assert done.phase == OVER


def test_millebornes_the_classic_extension_at_700_counts_distance_cards_only():
    zones = [{"drive": (GO,), "counts": (0, 0, 0, 5, 0), "safeties": ((DRIVING_ACE, False), (EXTRA_TANK, False))},
             ROLLING]
    state = build(2, [[D100, D100] + FILL[:5], [D75] * 6], zones=zones, extension=True)
    assert state.goal == 700 and state.zones[0].trip == 500
    state, events = play(state, 0, Play(D100, 0))
    assert state.phase == DRAW  # 600 miles (the safeties do not count on the classic trip)
    state, _ = play(state, 1, Draw(False))
    state, _ = play(state, 1, Discard(D75))
    state, _ = play(state, 0, Draw(False))
    state, events = play(state, 0, Play(D100, 0))
    assert state.phase == EXTEND
    assert [e for e in events if isinstance(e, ExtensionOffered)][0].miles == 700
    state, _ = play(state, 0, Extend(True))
    assert state.goal == 1000 and state.zones[0].trip == 700


# --------------------------------------------------------------------------- 2. reshuffles without a limit


def _run_out(state, seat=0):
    """``seat`` draws the draw pile's last card and discards it."""
    state, _ = play(state, seat, Draw(False))
    assert state.deck == ()
    return play(state, seat, Discard(state.hands[seat][0]))


def test_millebornes_the_discard_pile_is_reshuffled_every_time_the_draw_pile_runs_out_without_a_limit():
    """« When there are no longer cards in the draw pile, reshuffle the cards in the discard pile to recreate
    a new one »: no count is given, so there is none (version 1 stopped after two)."""
    state = build(2, [FILL, [D75] * 6], zones=[ROLLING, ROLLING], phase=DRAW, deck_size=1)
    state.reshuffles = 9
    state, _ = play(state, 0, Draw(False))
    state, events = play(state, 0, Play(D25, 0))
    assert [e.count for e in events if isinstance(e, DrawPileReshuffled)] == [10]
    assert state.reshuffles == 10 and state.deck and state.phase == DRAW and not state.drawing_over


def test_millebornes_a_hand_ends_when_a_whole_pass_of_the_draw_pile_brings_no_card_played():
    state = build(2, [FILL, [D75] * 6], zones=[ROLLING, ROLLING], phase=DRAW, deck_size=1)
    state.pass_played, state.idle = False, 7  # nothing played since this pile was made, seven turns ago
    state, events = _run_out(state)
    assert state.phase == OVER and not any(isinstance(e, DrawPileReshuffled) for e in events)
    assert _scored(events).why == "a whole pass of the draw pile without a card played"


def test_millebornes_a_pass_without_a_card_played_ends_the_hand_only_once_every_player_had_a_turn():
    """A pile of one card is a pass of one turn: the others have had no turn in it, so it is reshuffled."""
    state = build(3, [FILL, [D75] * 6, [D50] * 6], zones=[ROLLING] * 3, phase=DRAW, deck_size=1)
    state.pass_played, state.idle = False, 1
    state, events = _run_out(state)
    assert any(isinstance(e, DrawPileReshuffled) for e in events) and state.phase == DRAW


def test_millebornes_a_card_played_during_the_pass_keeps_the_hand_going():
    state = build(2, [FILL, [D75] * 6], zones=[ROLLING, ROLLING], phase=DRAW, deck_size=1)
    state.pass_played, state.idle = False, 30
    state, _ = play(state, 0, Draw(False))
    state, events = play(state, 0, Play(D25, 0))
    assert state.phase == DRAW and state.idle == 1 and not state.pass_played
    assert any(isinstance(e, DrawPileReshuffled) for e in events)


def test_millebornes_a_hand_ends_after_106_turns_in_a_row_without_a_card_played():
    """Players taking the discard pile's top card and discarding it again never run the draw pile out: the
    hand ends after as many turns without a card played on a zone as the game has cards."""
    assert IDLE_TURNS == 106
    state = build(2, [FILL + [D50], [D75] * 6], zones=[ROLLING, ROLLING], discard=[D50])
    state.idle = IDLE_TURNS - 1
    going, _ = play(state, 0, Discard(D50))
    assert going.phase == DRAW and going.to_act() == (1,) and going.idle == IDLE_TURNS
    going, _ = play(going, 1, Draw(True))
    over, events = play(going, 1, Discard(D50))
    assert over.phase == OVER and _scored(events).why == "no card played for 106 turns"
    played, _ = play(going, 1, Play(D75, 1))
    assert played.phase == DRAW and played.idle == 1


# --------------------------------------------------------------------------- 3. fast play and the speed pile


def _attack(hazard, target_hand, **options):
    hands = [[hazard] + [D50] * 6, list(target_hand)]
    state = build(2, hands, zones=[ROLLING, ROLLING], **options)
    state, _ = play(state, 0, Play(hazard, 1))
    return state


def test_millebornes_fast_play_answers_a_hazard_on_the_drive_pile_not_a_speed_limit_on_the_speed_pile():
    """« when an opponent places a Hazard card on your Drive pile, you are allowed to IMMEDIATELY play a Remedy
    card »; a Speed Limit goes on the Speed pile (« Keep your Speed Limit and End of Speed Limit cards
    separated from your Drive Pile »)."""
    limited = _attack(SPEED_LIMIT, [END_OF_LIMIT] + [D25] * 5, fast_play=True)
    assert limited.legal_actions(1) == (Decline(),)
    assert limited.why_illegal(1, FastRemedy(END_OF_LIMIT)) == (
        "Fast play answers a hazard on your drive pile; a Speed Limit goes on your speed pile: play End of "
        "Limit on your turn")
    assert SPEC.auto_answer(limited.view(1), 1, "coup-fourre") == Decline()
    flat = _attack(FLAT_TIRE, [SPARE_TIRE] + [D25] * 5, fast_play=True)
    assert flat.legal_actions(1) == (FastRemedy(SPARE_TIRE), Decline())
    # the Coup Fourré still answers a Speed Limit (« the related Hazard in your Driving Zone »)
    assert _attack(SPEED_LIMIT, [EMERGENCY_VEHICLE] + [D25] * 5, fast_play=True).legal_actions(1)[0] == CoupFourre()


# --------------------------------------------------------------------------- 4. classic: a Go after a safety


def test_millebornes_a_go_after_every_remedy_classic_a_safety_played_in_turn_lifts_its_hazard_and_a_go_is_needed():
    zones = [{"drive": (GO, ACCIDENT)}, ROLLING]
    state = build(2, [[DRIVING_ACE, GO, REPAIRS, D100] + FILL[:3], [D75] * 6], zones=zones, go_after_remedy=True)
    discard = state.discard
    state, events = play(state, 0, Play(DRIVING_ACE, 0))
    [safety] = [e for e in events if isinstance(e, SafetyPlayed)]
    assert safety.cancelled == ACCIDENT and safety.needs_go
    assert texts([safety])[0] == ("Ann plays Driving Ace (+100), which lifts the Accident (a Go is needed again) "
                                  "and plays again")
    zone = state.zones[0]
    assert zone.drive == (GO, ACCIDENT) and zone.lifted == ACCIDENT and zone.hazard == -1 and not zone.rolling
    assert state.discard == discard  # the lifted Accident stays under the Go to come
    state, _ = play(state, 0, Draw(False))
    assert state.why_illegal(0, Play(D100, 0)) == ("You need a Go first: Driving Ace lifted the Accident, and a "
                                                 "Go is needed again after it (classic rule)")
    assert state.why_illegal(0, Play(REPAIRS, 0)) == "There is no Accident to fix"
    assert state.why_illegal(1, Play(STOP, 0)) is not None  # (not Bob's turn, and Ann is not rolling)
    assert state.zones[0].hazard_mask >> STOP & 1 == 0
    state, _ = play(state, 0, Play(GO, 0))
    assert state.zones[0].rolling and state.zones[0].drive == (GO, ACCIDENT, GO)


def test_millebornes_a_go_after_every_remedy_classic_the_emergency_vehicle_rolls_without_a_go():
    zones = [{"drive": (GO, STOP)}, ROLLING]
    state = build(2, [[EMERGENCY_VEHICLE] + FILL, [D75] * 6], zones=zones, go_after_remedy=True)
    state, _ = play(state, 0, Play(EMERGENCY_VEHICLE, 0))
    assert state.zones[0].rolling and state.zones[0].drive == (GO,)
    # and it lets a car roll whose lifted hazard was waiting for a Go (the hazard goes to the discard pile)
    zones = [{"drive": (GO, ACCIDENT), "safeties": ((DRIVING_ACE, False),)}, ROLLING]
    state = build(2, [[EMERGENCY_VEHICLE] + FILL, [D75] * 6], zones=zones, go_after_remedy=True)
    assert not state.zones[0].rolling
    state, _ = play(state, 0, Play(EMERGENCY_VEHICLE, 0))
    assert state.zones[0].rolling and state.zones[0].drive == (GO,) and state.discard[-1] == ACCIDENT


def test_millebornes_a_go_after_every_remedy_classic_a_coup_fourre_rolls_at_once():
    state = _attack(FLAT_TIRE, [PUNCTURE_PROOF] + [D25] * 5, go_after_remedy=True)
    state, _ = play(state, 1, CoupFourre())
    assert state.zones[1].rolling and state.zones[1].drive == (GO,)


def test_millebornes_2014_a_safety_played_in_turn_lifts_its_hazard_and_the_car_rolls_at_once():
    zones = [{"drive": (GO, ACCIDENT)}, ROLLING]
    state = build(2, [[DRIVING_ACE] + FILL, [D75] * 6], zones=zones)
    state, events = play(state, 0, Play(DRIVING_ACE, 0))
    assert state.zones[0].rolling and state.zones[0].drive == (GO,) and state.discard[-1] == ACCIDENT
    assert not [e for e in events if isinstance(e, SafetyPlayed)][0].needs_go


def test_millebornes_a_lifted_hazard_waiting_for_a_go_is_saved_and_read_back_only_under_the_classic_option():
    zones = [{"drive": (GO, ACCIDENT), "safeties": ((DRIVING_ACE, False),)}, ROLLING]
    classic = build(2, [FILL, [D75] * 6], zones=zones, go_after_remedy=True)
    data = json.loads(json.dumps(classic.to_dict()))
    back = SPEC.state_from_dict(data)
    assert back.zones[0].lifted == ACCIDENT and not back.zones[0].rolling
    plain = json.loads(json.dumps(build(2, [FILL, [D75] * 6], zones=[ROLLING, ROLLING]).to_dict()))
    plain["zones"] = data["zones"]
    plain["discard"], plain["deck"] = data["discard"], data["deck"]
    try:
        SPEC.state_from_dict(plain)
    except ValueError as err:
        assert str(err) == "driving zone 1: a Accident on top of the drive pile despite its safety"
    else:  # pragma: no cover
        raise AssertionError("a lifted hazard left on the drive pile under the 2014 rules was read back")


def test_millebornes_the_move_log_names_each_new_end_of_a_hand():
    state = build(2, [FILL, [D75] * 6], zones=[ROLLING, ROLLING], phase=DRAW, deck_size=1)
    state.pass_played, state.idle = False, 4
    state, events = _run_out(state)
    assert texts([_scored(events)])[0].startswith("Hand 1 scored (a whole pass of the draw pile without a card "
                                                  "played): ")
