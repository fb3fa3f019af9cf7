"""Mille Bornes Hard (issue 28): its evaluator counts every scoring line of the rules in force, values a held
safety by the Coup Fourré it may still win, and its search keeps a safety for the Coup Fourré while that is
worth more than the turn laying it gains; the search stops when told to."""

from game.engine.bots import make_bot
from game.millebornes import SPEC, Play
from game.millebornes.rules.actions import Discard
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
    GO,
    REPAIRS,
    SPARE_TIRE,
    STOP,
)
from game.millebornes.rules.outlook import evaluate, hand_outlook
from game.millebornes.rules.search import candidates, keeps_for_coup_fourre

from .millebornes_support import build

ROLLING = {"drive": (GO,)}
CLASSIC_BONUSES = dict(bonus_trip=True, bonus_safe_trip=True, bonus_shutout=True, bonus_delayed=True,
                       bonus_all_safeties=True)


def lines(state, zone=0):
    return hand_outlook(state).zones[zone].lines


def decide(state, seat, seed=1):
    bot = make_bot(SPEC, seat, "hard")
    return bot.start(state.view(seat), state.legal_actions(seat), seed).run()


def near_finish(opponent_counts=(0, 0, 0, 0, 0), **options):
    """Ann has driven 900 miles and holds a 100; Bob has driven ``opponent_counts``."""
    zones = [{"drive": (GO,), "counts": (0, 0, 0, 9, 0)}, {"drive": (GO,), "counts": opponent_counts}]
    hands = [[D100, D25, D25, D50, REPAIRS, SPARE_TIRE, GO], [D25, D25, D50, D50, D75, GO]]
    return build(2, hands, zones=zones, **options)


def test_millebornes_outlook_counts_a_shut_out_while_the_opponent_has_no_miles():
    assert lines(near_finish(**CLASSIC_BONUSES))["shut-out"] > 250
    assert lines(near_finish((1, 0, 0, 0, 0), **CLASSIC_BONUSES))["shut-out"] == 0
    assert "shut-out" not in lines(near_finish())


def test_millebornes_outlook_counts_every_classic_line_in_force_and_none_under_the_2014_rules():
    classic = lines(near_finish(**CLASSIC_BONUSES))
    assert classic["trip completed"] > 300 and classic["safe trip"] > 150
    assert "delayed action" in classic and "all four safeties" in classic
    extended = lines(near_finish(extension=True))
    assert "trip completed" not in extended
    plain = lines(near_finish())
    assert set(plain) == {"miles", "safeties", "coups fourres", "safeties held"}
    assert plain["miles"] > 950  # the trip is nearly done: the 100 in hand completes it


def test_millebornes_outlook_counts_the_delayed_action_once_the_draw_pile_has_run_out():
    fresh = near_finish(**CLASSIC_BONUSES)
    late = near_finish(**CLASSIC_BONUSES)
    late.reshuffles = 1
    assert lines(late)["delayed action"] > 250 > lines(fresh)["delayed action"]


def test_millebornes_outlook_counts_all_four_safeties_held_or_laid():
    zones = [{"drive": (GO,), "safeties": ((DRIVING_ACE, False),)}, ROLLING]
    hands = [[16, 17, EMERGENCY_VEHICLE, D25, D50, GO], [D25] * 6]
    assert lines(build(2, hands, zones=zones, bonus_all_safeties=True))["all four safeties"] > 200
    hands = [[16, 17, D25, D25, D50, GO], [D25] * 6]
    assert lines(build(2, hands, zones=zones, bonus_all_safeties=True))["all four safeties"] == 0


def test_millebornes_outlook_values_a_held_safety_by_the_coup_fourre_still_to_come():
    """Ann holds the Driving Ace: worth more while the Accidents are unseen (Bob holds two) than once all
    three lie in the discard pile, where it can only be laid."""
    hands_coming = [[DRIVING_ACE, D25, D50, D75, GO, GO], [ACCIDENT, ACCIDENT, D25, D25, D50, D50]]
    coming = build(2, hands_coming, zones=[ROLLING, ROLLING])
    gone = build(2, [[DRIVING_ACE, D25, D50, D75, GO, GO], [D25, D25, D50, D50, D75, D75]],
                 zones=[ROLLING, ROLLING], discard=[ACCIDENT] * 3)
    assert lines(coming)["safeties held"] > lines(gone)["safeties held"] + 100
    assert 50 < lines(gone)["safeties held"] <= 100


def test_millebornes_outlook_counts_the_big_distance_cards_in_hand():
    zones = [ROLLING, ROLLING]
    big = build(2, [[D100, D100, D100, D75, GO, GO], [D50] * 6], zones=zones)
    small = build(2, [[D25, D25, D25, D75, GO, GO], [D50] * 6], zones=zones)
    assert hand_outlook(big).zones[0].rounds < hand_outlook(small).zones[0].rounds
    assert evaluate(big, 0) > evaluate(small, 0)


def test_millebornes_hard_weighs_every_discard_not_only_the_three_cheapest():
    """Ann holds seven cards of six kinds: each of the six discards is among the moves Hard tries (until
    27 November 2026 the search tried only the three the racing sense ranked cheapest)."""
    state = near_finish()
    legal = state.legal_actions(0)
    discards = [a for a in legal if type(a) is Discard]
    assert len(discards) == 6  # D25 twice: six kinds
    tried = [a for a in candidates(state, 0, legal) if type(a) is Discard]
    assert set(tried) == set(discards)


def test_millebornes_hard_keeps_right_of_way_for_the_coup_fourre_when_no_stop_is_needed():
    """Ann is rolling with distance to drive and the Emergency Vehicle in hand; the five Stops and four Speed
    Limits are all unseen: she drives and keeps it for the Coup Fourré."""
    zones = [{"drive": (GO,), "counts": (0, 0, 0, 2, 0)}, {"drive": (GO,), "counts": (0, 0, 0, 2, 0)}]
    hands = [[EMERGENCY_VEHICLE, D100, D75, D50, D25, REPAIRS, GO], [D25, D25, D50, D50, D75, D75]]
    state = build(2, hands, zones=zones)
    for seed in (1, 2, 3):
        assert decide(state, 0, seed) != Play(EMERGENCY_VEHICLE, 0)


def test_millebornes_hard_lays_a_safety_once_no_coup_fourre_can_come():
    """The same, with the Driving Ace and all three Accidents seen: laying it costs nothing and plays again."""
    zones = [{"drive": (GO,), "counts": (0, 0, 0, 2, 0)}, {"drive": (GO,), "counts": (0, 0, 0, 2, 0)}]
    hands = [[DRIVING_ACE, D100, D75, D50, D25, REPAIRS, GO], [D25, D25, D50, D50, D75, D75]]
    state = build(2, hands, zones=zones, discard=[ACCIDENT] * 3)
    for seed in (1, 2):
        assert decide(state, 0, seed) == Play(DRIVING_ACE, 0)


def weak_hand_at_600(safety=DRIVING_ACE, discard=(), ann_drive=(GO,), ann_hand=(D50, REPAIRS, END_OF_LIMIT,
                                                                               END_OF_LIMIT, END_OF_LIMIT, GO)):
    """Ann has driven 600 miles, Bob 500; Ann holds ``safety`` and a weak hand (one 50, remedies she does not need)."""
    zones = [{"drive": ann_drive, "counts": (0, 0, 0, 6, 0)}, {"drive": (GO,), "counts": (0, 0, 0, 5, 0)}]
    hands = [[safety, *ann_hand], [D25, D25, D50, D50, D75, D75]]
    return build(2, hands, zones=zones, discard=discard)


def test_millebornes_hard_keeps_a_safety_for_the_coup_fourre_while_the_hazard_is_still_to_come():
    """Laying the Driving Ace would only draw Ann another card (her hand is weak); the three Accidents are
    unseen, so the Coup Fourré (+200 and the turn) is likely enough: she drives her 50 and keeps it. (Before,
    the search laid it with some seeds.) Once the three Accidents are seen, no Coup Fourré can come."""
    state = weak_hand_at_600()
    assert keeps_for_coup_fourre(state, 0, DRIVING_ACE)
    for seed in (1, 2, 3, 4):
        assert decide(state, 0, seed) != Play(DRIVING_ACE, 0)
    assert not keeps_for_coup_fourre(weak_hand_at_600(discard=[ACCIDENT] * 3), 0, DRIVING_ACE)


def test_millebornes_hard_lays_a_safety_that_lifts_the_hazard_it_is_under():
    """Ann is under an Accident with no Repairs: the Driving Ace lifts it (+100, rolling again, a turn more)."""
    state = weak_hand_at_600(ann_drive=(GO, ACCIDENT), ann_hand=(D50, D75, END_OF_LIMIT, END_OF_LIMIT, GO, GO))
    assert not keeps_for_coup_fourre(state, 0, DRIVING_ACE)
    for seed in (1, 2):
        assert decide(state, 0, seed) == Play(DRIVING_ACE, 0)


def test_millebornes_hard_lays_the_emergency_vehicle_when_it_is_the_only_way_to_start():
    """Ann has not started and holds no Go: the Emergency Vehicle is her only way to move."""
    zones = [{}, ROLLING]
    hands = [[EMERGENCY_VEHICLE, D25, D50, D75, D100, REPAIRS, SPARE_TIRE], [D25, D25, D50, D50, D75, D75]]
    state = build(2, hands, zones=zones)
    assert not keeps_for_coup_fourre(state, 0, EMERGENCY_VEHICLE)
    for seed in (1, 2):
        assert decide(state, 0, seed) == Play(EMERGENCY_VEHICLE, 0)


def test_millebornes_hard_drives_a_100_rather_than_a_200_while_the_safe_trip_bonus_is_in_force():
    """Ann has driven 500 miles without a 200 and holds one with a 100: the safe trip (+300, classic) is worth
    more than the 100 miles the 200 gains; without that bonus she drives the 200."""
    zones = [{"drive": (GO,), "counts": (0, 0, 0, 5, 0)}, {"drive": (GO,), "counts": (0, 0, 2, 3, 0)}]
    hands = [[D200, D100, D75, D50, D25, GO, REPAIRS], [D25, D25, D50, D50, D75, GO]]
    safe_trip = build(2, hands, zones=zones, bonus_safe_trip=True)
    plain = build(2, hands, zones=zones)
    for seed in (1, 2):
        assert decide(safe_trip, 0, seed) == Play(D100, 0)
        assert decide(plain, 0, seed) == Play(D200, 0)


def test_millebornes_hard_completes_the_trip_when_the_trip_completed_bonus_puts_it_ahead():
    """Ann has driven 900 miles and holds a 100; Bob has 1200 points (600 miles, two Coups Fourrés). Completing
    the trip ends the hand: 1000 against 1200 loses it, but with the trip-completed bonus (+400) it wins."""
    zones = [{"drive": (GO,), "counts": (0, 0, 4, 6, 0)},
             {"drive": (GO,), "counts": (0, 6, 0, 3, 0), "safeties": ((DRIVING_ACE, True), (EXTRA_TANK, True))}]
    hands = [[D100, D25, D50, D50, STOP, GO, REPAIRS], [D25, D25, D50, D50, D75, GO]]
    with_bonus = build(2, hands, zones=zones, bonus_trip=True)
    without = build(2, hands, zones=zones)
    for seed in (1, 2):
        assert decide(with_bonus, 0, seed) == Play(D100, 0)
        assert decide(without, 0, seed) != Play(D100, 0)


def test_millebornes_hard_answers_at_once_when_told_to_stop():
    zones = [ROLLING, ROLLING]
    state = build(2, [[D25, D50, D75, D100, STOP, GO, REPAIRS], [D50] * 6], zones=zones)
    thinking = make_bot(SPEC, 0, "hard").start(state.view(0), state.legal_actions(0), 7)
    thinking.step(3)
    assert not thinking.done
    action = thinking.finish()
    assert thinking.done and state.why_illegal(0, action) is None
