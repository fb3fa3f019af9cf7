"""Mille Bornes Coup Fourré (issue 15): the question opens for every seat of the hit zone on every hazard,
whatever they hold; what a Coup Fourré does; the fast-play rule; the automatic answer."""

from game.millebornes import (
    COUP_FOURRE,
    DECLINE,
    SPEC,
    CoupFourre,
    CoupFourrePlayed,
    Decline,
    Discard,
    Draw,
    FastRemedy,
    Play,
)
from game.millebornes.rules.cards import (
    D25,
    D50,
    D75,
    D100,
    EMERGENCY_VEHICLE,
    FLAT_TIRE,
    GO,
    PUNCTURE_PROOF,
    REPAIRS,
    SPARE_TIRE,
    SPEED_LIMIT,
    STOP,
)
from game.millebornes.rules.setup import ASKED, DRAW

from .millebornes_support import NAMES, build, play, texts

ROLLING = {"drive": (GO,)}


def _attack(hazard=FLAT_TIRE, target_hand=(D25, D25, D25, D25, D25, D25), players=3, **options):
    """Ann (seat 0) plays ``hazard`` on the last seat, who holds ``target_hand``."""
    hands = [[hazard, D50, D50, D50, D50, D50, D50]] + [[D75] * 6 for _ in range(players - 2)] + [list(target_hand)]
    state = build(players, hands, zones=[ROLLING] * players, **options)
    return play(state, 0, Play(hazard, players - 1))


def test_millebornes_coup_fourre_question_opens_on_every_hazard_even_without_the_safety():
    for hazard in (FLAT_TIRE, STOP, SPEED_LIMIT):
        without, _ = _attack(hazard)
        with_safety, _ = _attack(hazard, (D25, D25, D25, D25, D25, PUNCTURE_PROOF if hazard == FLAT_TIRE
                                          else EMERGENCY_VEHICLE))
        for state in (without, with_safety):
            assert state.phase == ASKED and state.to_act() == (2,)
            question = state.question(2)
            assert question.kind == "coup-fourre" and question.title == "Coup Fourré?"
        assert without.question(2) == with_safety.question(2)
        assert without.legal_actions(2) == (DECLINE,)
        assert with_safety.legal_actions(2) == (COUP_FOURRE, DECLINE)
        assert without.view(2).attack == (0, hazard, 2) and without.view(2).asked == 2


def test_millebornes_the_question_says_who_played_what_in_plain_words():
    state, events = _attack(FLAT_TIRE)
    assert state.question(2).reason == "A Flat Tire was played on you."
    assert state.question(2, NAMES).reason == "Ann played a Flat Tire on you."
    assert texts(events) == ["Ann plays a Flat Tire on Cleo"]
    assert state.why_illegal(1, Discard(D75)) == "Wait: another player is deciding whether to play a Coup Fourré"
    assert state.why_illegal(2, Draw(False)) == "Answer the Coup Fourré question first"


def test_millebornes_declining_lets_the_hazard_stand_and_play_goes_on_after_the_attacker():
    state, _ = _attack(FLAT_TIRE)
    state, events = play(state, 2, Decline())
    assert texts(events)[0] == "Cleo: no Coup Fourré"
    assert state.to_act() == (1,) and state.phase == DRAW
    assert state.zones[2].hazard == FLAT_TIRE


def test_millebornes_coup_fourre_discards_the_hazard_draws_and_plays_again_and_players_between_lose_their_turn():
    state, _ = _attack(FLAT_TIRE, (D25, D25, D25, D25, D25, PUNCTURE_PROOF))
    state, events = play(state, 2, CoupFourre())
    [coup] = [e for e in events if isinstance(e, CoupFourrePlayed)]
    assert coup.text(NAMES) == "Cleo: Coup Fourré! Puncture-Proof stops the Flat Tire (+100, +200 for the Coup Fourré)"
    zone = state.zones[2]
    assert zone.hazard == -1 and zone.rolling and zone.safeties == ((PUNCTURE_PROOF, True),)
    assert zone.points == 300
    assert state.discard[-1] == FLAT_TIRE
    assert len(state.hands[2]) == 6  # drew a card to refill the hand
    assert state.to_act() == (2,) and state.phase == DRAW  # then draws again and takes the turn; Bob is skipped
    state, _ = play(state, 2, Draw(False))
    assert len(state.hands[2]) == 7


def test_millebornes_coup_fourre_on_a_speed_limit_with_the_emergency_vehicle():
    state, _ = _attack(SPEED_LIMIT, (D25, D25, D25, D25, D25, EMERGENCY_VEHICLE))
    state, _ = play(state, 2, CoupFourre())
    zone = state.zones[2]
    assert not zone.limited and zone.speed == () and zone.safeties == ((EMERGENCY_VEHICLE, True),)


def test_millebornes_coup_fourre_refused_without_the_safety():
    state, _ = _attack(FLAT_TIRE)
    assert state.why_illegal(2, CoupFourre()) == "You do not hold Puncture-Proof"


def test_millebornes_teams_ask_the_partners_one_after_the_other_whose_turn_comes_first_first():
    # six players: Ann (team 0) attacks team 1 (Bob, seat 1, and Eddy, seat 4): Bob is asked first
    hands = [[FLAT_TIRE, D50, D50, D50, D50, D50, D50], [REPAIRS] * 6, [D75] * 6, [D100] * 6,
             [D25, D25, D25, D25, D25, PUNCTURE_PROOF], [D100] * 6]
    state = build(6, hands, variant="teams", zones=[ROLLING] * 3)
    state, events = play(state, 0, Play(FLAT_TIRE, 1))
    assert texts(events) == ["Ann plays a Flat Tire on Bob and Eddy"]
    assert state.to_act() == (1,) and state.question(1).reason == "A Flat Tire was played on your team."
    state, _ = play(state, 1, Decline())
    assert state.to_act() == (4,) and state.question(4) is not None
    state, _ = play(state, 4, CoupFourre())
    assert state.to_act() == (4,) and state.phase == DRAW
    # from seat 3, the order is the other way round: Eddy (seat 4) first, then Bob (seat 1)
    assert state.cfg.ask_order[3][1] == (4, 1)


def test_millebornes_teams_a_yes_from_the_first_partner_means_the_second_is_not_asked():
    hands = [[FLAT_TIRE, D50, D50, D50, D50, D50, D50], [D25, D25, D25, D25, D25, PUNCTURE_PROOF], [D75] * 6,
             [D100] * 6]
    state = build(4, hands, variant="teams", zones=[ROLLING] * 2)
    state, _ = play(state, 0, Play(FLAT_TIRE, 1))
    assert state.to_act() == (1,)
    state, _ = play(state, 1, CoupFourre())
    assert state.phase == DRAW and state.to_act() == (1,)


def test_millebornes_fast_play_offers_the_remedy_at_once_with_a_refill_and_play_goes_on_after_the_attacker():
    state, _ = _attack(FLAT_TIRE, (D25, D25, D25, D25, D25, SPARE_TIRE), fast_play=True)
    assert state.legal_actions(2) == (FastRemedy(SPARE_TIRE), DECLINE)
    assert state.why_illegal(2, FastRemedy(REPAIRS)) == "Only a Spare Tire answers the Flat Tire"
    state, events = play(state, 2, FastRemedy(SPARE_TIRE))
    assert texts(events)[0] == "Cleo plays a Spare Tire at once against the Flat Tire"
    assert state.zones[2].rolling and state.zones[2].drive == (GO, FLAT_TIRE, SPARE_TIRE)
    assert state.zones[2].points == 0  # no points for a fast remedy
    assert len(state.hands[2]) == 6
    assert state.to_act() == (1,) and state.phase == DRAW


def test_millebornes_fast_remedy_is_refused_when_fast_play_is_off():
    state, _ = _attack(FLAT_TIRE, (D25, D25, D25, D25, D25, SPARE_TIRE))
    assert state.legal_actions(2) == (DECLINE,)
    assert state.why_illegal(2, FastRemedy(SPARE_TIRE)) == "Fast play is off in this game"


def test_millebornes_auto_answer_plays_coup_fourre_then_fast_remedy_else_says_no_never_leaving_the_question_open():
    spec = SPEC
    cases = [((D25, D25, D25, D25, SPARE_TIRE, PUNCTURE_PROOF), True, COUP_FOURRE),
             ((D25, D25, D25, D25, D25, SPARE_TIRE), True, FastRemedy(SPARE_TIRE)),
             ((D25, D25, D25, D25, D25, SPARE_TIRE), False, DECLINE),
             ((D25, D25, D25, D25, D25, D25), True, DECLINE)]
    for hand, fast, expected in cases:
        state, _ = _attack(FLAT_TIRE, hand, fast_play=fast)
        answer = spec.auto_answer(state.view(2), 2, "coup-fourre")
        assert answer == expected
        assert state.why_illegal(2, answer) is None
    state, _ = _attack(FLAT_TIRE)
    assert spec.auto_answer(state.view(1), 1, "coup-fourre") is None  # not asked
    assert [a.kind for a in spec.auto_answers] == ["coup-fourre"]
    assert spec.auto_answers[0].label == "Always play Coup Fourré when I can"


def test_millebornes_who_is_asked_never_depends_on_a_hidden_card():
    """Worlds imagined from any seat's view ask the same seat the same question."""
    for target in ((D25, D25, D25, D25, D25, D25), (D25, D25, D25, D25, D25, PUNCTURE_PROOF)):
        state, _ = _attack(FLAT_TIRE, target)
        for viewer in range(3):
            world = SPEC.determinize(state.view(viewer), 99)
            assert world.to_act() == state.to_act() == (2,)
            assert world.question(2) == state.question(2)


def test_millebornes_a_hazard_on_a_stop_zone_with_stop_attack_is_asked_too():
    """A Stop is a hazard like the others: the question opens."""
    state, _ = _attack(STOP)
    assert state.phase == ASKED and state.zones[2].hazard == STOP
