"""Mille Bornes computer players (issue 15): they decide from their own view, fix their own car first,
attack the leader, take every Coup Fourré, and Hard partners play for their team."""

import random

from game.engine.bots import make_bot
from game.millebornes import COUP_FOURRE, SPEC, Decline, Draw, Play
from game.millebornes.rules.cards import (
    ACCIDENT,
    D25,
    D50,
    D75,
    D100,
    D200,
    EMERGENCY_VEHICLE,
    END_OF_LIMIT,
    FLAT_TIRE,
    GO,
    OUT_OF_GAS,
    PUNCTURE_PROOF,
    REMEDY_FOR,
    REPAIRS,
    SAFETIES,
    SPEED_LIMIT,
    STOP,
)
from game.millebornes.rules.outlook import evaluate
from game.millebornes.rules.zone import distance_ok, hazard_ok, make_zone, remedy_ok

from .millebornes_support import build, play

ROLLING = {"drive": (GO,)}


def decide(state, seat, level, seed=1):
    bot = make_bot(SPEC, seat, level)
    return bot.start(state.view(seat), state.legal_actions(seat), seed).run()


def test_millebornes_levels_are_random_policy_and_search():
    assert SPEC.bot_level("random").kind == "random"
    assert SPEC.bot_level("easy").kind == "millebornes-policy" and SPEC.bot_level("easy").noise > 0
    assert SPEC.bot_level("normal").kind == "millebornes-policy" and SPEC.bot_level("normal").noise == 0
    assert SPEC.bot_level("hard").kind == "millebornes-search"


def test_millebornes_a_bot_decides_the_same_whatever_the_hidden_cards_are():
    """Two states that differ only in Bob's hand and the draw pile look the same to Ann: same move."""
    zones = [{"drive": (GO, FLAT_TIRE)}, ROLLING]
    a = build(2, [[D25, D50, D75, STOP, ACCIDENT, GO, D100], [PUNCTURE_PROOF, D200, D200, REPAIRS, GO, GO]],
              zones=zones)
    b = build(2, [[D25, D50, D75, STOP, ACCIDENT, GO, D100], [D25, D25, D25, D25, D25, D25]], zones=zones)
    assert a.view(0) == b.view(0)
    for level in ("easy", "normal", "hard"):
        assert decide(a, 0, level, 5) == decide(b, 0, level, 5)


def test_millebornes_bots_fix_their_own_hazard_first():
    zones = [{"drive": (GO, OUT_OF_GAS)}, ROLLING]
    state = build(2, [[D100, 11, GO, D25, D25, D50, D75], [D75] * 6], zones=zones)
    for level in ("normal", "hard"):
        assert decide(state, 0, level) == Play(11, 0)


def test_millebornes_bots_start_with_a_go():
    state = build(2, [[D100, GO, REPAIRS, D25, D25, D50, D75], [D75] * 6], zones=[{}, ROLLING])
    for level in ("normal", "hard"):
        assert decide(state, 0, level) == Play(GO, 0)


def test_millebornes_bots_stop_an_opponent_about_to_finish():
    zones = [ROLLING, {"drive": (GO,), "counts": (0, 0, 0, 5, 2)}, {"drive": (GO,), "counts": (1, 0, 0, 0, 0)}]
    state = build(3, [[D25, D50, ACCIDENT, D25, D25, D50, D75], [D75] * 6, [D50] * 3], zones=zones)
    for level in ("normal", "hard"):
        assert decide(state, 0, level) == Play(ACCIDENT, 1)


def test_millebornes_bots_take_every_coup_fourre():
    hands = [[FLAT_TIRE, D50, D50, D50, D50, D50, D50], [D25, D25, D25, D25, D25, PUNCTURE_PROOF]]
    state = build(2, hands, zones=[ROLLING, ROLLING])
    state, _ = play(state, 0, Play(FLAT_TIRE, 1))
    for level in ("easy", "normal", "hard"):
        assert decide(state, 1, level) == COUP_FOURRE


def test_millebornes_bots_say_no_when_they_cannot_coup_fourre():
    hands = [[FLAT_TIRE, D50, D50, D50, D50, D50, D50], [D25] * 6]
    state = build(2, hands, zones=[ROLLING, ROLLING])
    state, _ = play(state, 0, Play(FLAT_TIRE, 1))
    assert decide(state, 1, "hard") == Decline()


def test_millebornes_bots_take_the_remedy_they_need_from_the_discard_pile():
    zones = [{"drive": (GO, ACCIDENT)}, ROLLING]
    state = build(2, [[D25, D50, D75, STOP, STOP, D100], [D75] * 6], zones=zones, discard=[D25, REPAIRS],
                  phase=1 - 1)
    for level in ("normal", "hard"):
        assert decide(state, 0, level) == Draw(True)


def test_millebornes_hard_partners_attack_the_leading_opponent_team():
    """Six players in three teams: Ann's team has not started (no Go in hand) and she holds an Accident;
    team 1 has 150 miles, team 2 leads with 850: the Accident goes on team 2."""
    zones = [{}, {"drive": (GO,), "counts": (2, 2, 0, 0, 0)}, {"drive": (GO,), "counts": (0, 0, 2, 5, 1)}]
    hands = [[ACCIDENT, D25, D25, D50, D50, D75, D75], [D75] * 4, [REPAIRS] * 6, [D100] * 6, [D50] * 6, [D25] * 6]
    state = build(6, hands, variant="teams", zones=zones)
    assert Play(ACCIDENT, 1) in state.legal_actions(0) and Play(ACCIDENT, 2) in state.legal_actions(0)
    assert decide(state, 0, "hard") == Play(ACCIDENT, 2)


def test_millebornes_hard_partners_protect_the_team_mileage():
    """Teams of two: the team's zone is stopped by an Accident; the partner at the screen holds Repairs."""
    zones = [{"drive": (GO, ACCIDENT), "counts": (0, 0, 0, 4, 0)}, ROLLING]
    hands = [[REPAIRS, D25, D25, D50, D50, D75, D200], [D75] * 6, [D100] * 6, [D50] * 4]
    state = build(4, hands, variant="teams", zones=zones)
    assert decide(state, 0, "hard") == Play(REPAIRS, 0)


def test_millebornes_evaluate_is_a_chance_that_favours_the_leader():
    lead = build(2, [[D25], [D25]], zones=[{"drive": (GO,), "counts": (0, 0, 0, 6, 0)}, ROLLING])
    assert 0.5 < evaluate(lead, 0) < 1.0 and 0.0 < evaluate(lead, 1) < 0.5
    assert abs(evaluate(lead, 0) + evaluate(lead, 1) - 1.0) < 1e-9


def test_millebornes_zone_masks_agree_with_the_rules():
    """The engine's cached per-zone masks give the same answers as the rule checks, on many zones."""
    rng = random.Random(3)
    for _ in range(3000):
        drive = ()
        if rng.random() < 0.8:
            drive = (GO,)
            for _ in range(rng.randrange(3)):
                hazard = rng.choice([ACCIDENT, OUT_OF_GAS, FLAT_TIRE, STOP])
                drive += (hazard,)
                if rng.random() < 0.6:
                    drive += (REMEDY_FOR[hazard],)
        speed = rng.choice([(), (SPEED_LIMIT,), (SPEED_LIMIT, END_OF_LIMIT)])
        counts = (rng.randrange(3), rng.randrange(3), 0, rng.randrange(3), rng.randrange(3))
        safeties = tuple((k, False) for k in SAFETIES if rng.random() < 0.25)
        for go_after_remedy in (False, True):
            zone = make_zone((0,), drive, speed, counts, safeties, go_after_remedy, 200, 100)
            for card in range(5):
                assert bool(zone.own_mask >> card & 1) == distance_ok(zone, card, 0, False)
            for card in range(10, 15):
                assert bool(zone.own_mask >> card & 1) == remedy_ok(zone, card)
            for card in range(5, 10):
                assert bool(zone.hazard_mask >> card & 1) == hazard_ok(zone, card)
            assert zone.own_mask >> EMERGENCY_VEHICLE & 1


def test_millebornes_policy_plays_the_best_scored_move_of_all_plays_and_discards():
    """The racing sense stops pricing its discards once a play scores above zero (a discard scores minus what the
    card is still worth, at most 0); it must still choose what scoring every move would, in every position."""
    import math

    from game.millebornes.rules.actions import DISCARDS
    from game.millebornes.rules.policy import card_worth, play_choice, play_score, rollout_action
    from game.millebornes.rules.setup import PLAY
    from game.simulate import build_config

    def every_move_scored(state, me):
        hand = state.hands[me]
        best, best_score = None, -math.inf
        moves = state._plays(me, hand)
        discard = type(DISCARDS[0])
        for action in [a for a in moves if type(a) is not discard] + [a for a in moves if type(a) is discard]:
            if type(action) is discard:
                score = -card_worth(state, me, action.card, hand) - 0.01 * action.card
            else:
                score = play_score(state, me, action.card, action.zone, None)
            if score > best_score:
                best, best_score = action, score
        return best

    checked = shortcut = 0
    for seed, options in ((1, []), (2, ["go_after_remedy=yes", "no_exchange=yes", "exact_finish=yes"]), (3, [])):
        state = SPEC.new_state(build_config(SPEC, "solo", 2, options), seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            if state.phase == PLAY:
                chosen = play_choice(state, seat)
                assert chosen == every_move_scored(state, seat)
                checked += 1
                shortcut += type(chosen) is not type(DISCARDS[0])
            legal = state.legal_actions(seat)
            action = rng.choice(legal) if rng.random() < 0.3 else rollout_action(state, seat)
            state, _ = state.apply(seat, action)
    assert checked > 100 and shortcut > 20
