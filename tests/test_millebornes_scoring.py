"""Mille Bornes: the end of a hand and its score (2014 text and the classic extras as options), the
extension, matches to a target score and the result (issue 15)."""

import pytest

from game.millebornes import SPEC, Extend, ExtensionOffered, HandScored, HandStarted, MatchOver, Play
from game.millebornes.rules.cards import (
    D25,
    D50,
    D75,
    D100,
    D200,
    DRIVING_ACE,
    EMERGENCY_VEHICLE,
    EXTRA_TANK,
    GO,
    PUNCTURE_PROOF,
    STOP,
)
from game.millebornes.rules.setup import DRAW, EXTEND, OVER

from .millebornes_support import NAMES, build, play, texts

FILL = [D25, D25, D25, D25, D25, D25]


def _finish(zones, hand=(D100,), players=2, **options):
    """Ann drives the first card of ``hand`` on her zone (which should complete the trip)."""
    hands = [list(hand) + [D50] * (7 - len(hand))] + [list(FILL)] + [[D75] * 6 for _ in range(players - 2)]
    state = build(players, hands, zones=zones, **options)
    return play(state, 0, Play(hand[0], 0))


def _scored(events) -> HandScored:
    return [e for e in events if isinstance(e, HandScored)][0]


def test_millebornes_reaching_1000_miles_or_more_ends_the_hand_2014():
    zones = [{"drive": (GO,), "counts": (0, 0, 0, 9, 0)}, {}]
    state, events = _finish(zones, (D200,))
    assert state.phase == OVER and state.zones[0].miles == 1100
    scored = _scored(events)
    assert scored.why == "trip completed" and scored.points == (1100, 0)
    assert scored.text(NAMES) == "Hand 1 scored (trip completed): Ann 1,100, Bob 0"


def test_millebornes_scoring_is_a_point_a_mile_100_a_safety_200_a_coup_fourre():
    zones = [{"drive": (GO,), "counts": (0, 0, 0, 5, 2)},
             {"drive": (GO,), "counts": (0, 0, 4, 0, 0), "safeties": ((DRIVING_ACE, True), (EXTRA_TANK, False))}]
    _, events = _finish(zones)
    scored = _scored(events)
    assert scored.points == (1000, 300 + 100 + 100 + 200)
    assert scored.lines[1] == (("Miles", 300), ("2 safeties", 200), ("1 Coup Fourré", 200))


def test_millebornes_most_points_wins_not_the_first_to_1000():
    zones = [{"drive": (GO,), "counts": (0, 0, 0, 5, 2)},
             {"drive": (GO,), "counts": (0, 0, 4, 3, 1),
              "safeties": ((DRIVING_ACE, True), (EXTRA_TANK, True), (PUNCTURE_PROOF, False))}]
    state, events = _finish(zones)
    assert state.phase == OVER
    assert state.result().winners == (1,)
    assert state.result().scores == (1000.0, 800.0 + 300 + 400)
    assert [e for e in events if isinstance(e, MatchOver)][0].text(NAMES) == "Bob wins with 1,500 points"


def test_millebornes_a_tie_on_points_is_shared():
    zones = [{"drive": (GO,), "counts": (0, 0, 0, 5, 2)}, {"drive": (GO,), "counts": (0, 0, 4, 3, 2)}]
    state = build(2, [[D100, D50], [D75]], zones=zones)
    state, _ = play(state, 0, Play(D100, 0))
    assert state.result().winners == (0, 1)


def test_millebornes_a_tie_below_the_first_is_shared_too():
    """"Most points wins. A tie is shared": Bob and Carl, level on 150, were placed 2nd and 3rd by their seats."""
    zones = [{"drive": (GO,), "counts": (0, 0, 0, 5, 2)}, {"drive": (GO,), "counts": (0, 0, 2, 0, 0)},
             {"drive": (GO,), "counts": (0, 0, 2, 0, 0)}]
    state, _ = _finish(zones, players=3)
    result = state.result()
    assert state.totals == (1000, 150, 150)
    assert result.ranking == (0, 1, 2) and result.places == (1, 2, 2)


def test_millebornes_teams_level_on_points_share_their_place():
    zones = [{"drive": (GO,), "counts": (0, 0, 0, 5, 2)}, {"drive": (GO,), "counts": (0, 0, 2, 0, 0)},
             {"drive": (GO,), "counts": (0, 0, 2, 0, 0)}]
    hands = [[D100] + FILL] + [[] for _ in range(5)]
    state = build(6, hands, variant="teams", zones=zones)
    state, _ = play(state, 0, Play(D100, 0))
    result = state.result()
    assert result.team_scores == (1000.0, 150.0, 150.0) and result.team_ranking == (0, 1, 2)
    assert result.places == (1, 1, 2, 2, 2, 2), "each seat's line has its team's place"


def test_millebornes_exactly_1000_option_classic():
    zones = [{"drive": (GO,), "counts": (0, 0, 0, 9, 0)}, {}]
    state = build(2, [[D200, D100] + FILL[:5], [D75] * 6], zones=zones, exact_finish=True)
    assert state.why_illegal(0, Play(D200, 0)) == "That would take you past 1000 miles: the trip must end exactly at 1000"
    assert Play(D200, 0) not in state.legal_actions(0)
    assert state.why_illegal(0, Play(D100, 0)) is None


def test_millebornes_extension_from_700_to_1000_option_classic():
    zones = [{"drive": (GO,), "counts": (0, 0, 0, 6, 0)}, {}]
    state = build(2, [[D100] + FILL, [D75] * 6], zones=zones, extension=True)
    assert state.goal == 700
    state, events = play(state, 0, Play(D100, 0))
    assert state.phase == EXTEND and state.to_act() == (0,)
    assert [e for e in events if isinstance(e, ExtensionOffered)][0].text(NAMES) == \
        "Ann reaches 700 miles and may extend the trip to 1000"
    assert state.why_illegal(0, Play(D25, 0)) == "Decide whether to extend the trip first"
    extended, events = play(state, 0, Extend(True))
    assert extended.goal == 1000 and extended.extended and extended.to_act() == (1,) and extended.phase == DRAW
    assert texts(events)[0] == "Ann extends the trip to 1000 miles"
    stopped, events = play(state, 0, Extend(False))
    assert stopped.phase == OVER and _scored(events).points == (700, 0)


def test_millebornes_completing_an_extended_trip_scores_200_more():
    zones = [{"drive": (GO,), "counts": (0, 0, 0, 9, 0)}, {}]
    state = build(2, [[D100] + FILL, [D75] * 6], zones=zones, extension=True)
    state.goal, state.extended = 1000, True
    _, events = play(state, 0, Play(D100, 0))
    assert ("Extension", 200) in _scored(events).lines[0]


@pytest.mark.parametrize("option,label,points", [
    ("bonus_trip", "Trip completed", 400),
    ("bonus_safe_trip", "Safe trip (no 200)", 300),
    ("bonus_shutout", "Shut-out", 500),
])
def test_millebornes_classic_trip_bonuses_are_options(option, label, points):
    zones = [{"drive": (GO,), "counts": (0, 0, 0, 9, 0)}, {"drive": (GO,)}]
    _, events = _finish(zones, **{option: True})
    assert (label, points) in _scored(events).lines[0]
    _, plain = _finish(zones)
    assert all(line[0] != label for line in _scored(plain).lines[0])


def test_millebornes_delayed_action_bonus_needs_the_draw_pile_run_out_for_good():
    zones = [{"drive": (GO,), "counts": (0, 0, 0, 9, 0)}, {}]
    state = build(2, [[D100] + FILL, [D75] * 6], zones=zones, deck_size=0, bonus_delayed=True)
    state.drawing_over = True
    _, events = play(state, 0, Play(D100, 0))
    assert ("Delayed action", 300) in _scored(events).lines[0]
    _, early = _finish(zones, bonus_delayed=True)
    assert all(line[0] != "Delayed action" for line in _scored(early).lines[0])


def test_millebornes_all_four_safeties_bonus_and_classic_coup_fourre_300_are_options():
    safeties = ((DRIVING_ACE, True), (EXTRA_TANK, False), (PUNCTURE_PROOF, False), (EMERGENCY_VEHICLE, False))
    zones = [{"drive": (GO,), "counts": (0, 0, 0, 9, 0)}, {"safeties": safeties}]
    _, events = _finish(zones, bonus_all_safeties=True, classic_coup_fourre=True)
    lines = _scored(events).lines[1]
    assert ("All four safeties", 300) in lines and ("1 Coup Fourré", 300) in lines


def test_millebornes_a_match_plays_hands_to_the_target_score():
    zones = [{"drive": (GO,), "counts": (0, 0, 0, 9, 0)}, {"drive": (GO,), "counts": (0, 0, 0, 2, 0)}]
    state, events = _finish(zones, target=2500)
    assert not state.is_over()
    assert state.hand_number == 2 and state.totals == (1000, 200) and state.history == ((1000, 200),)
    started = [e for e in events if isinstance(e, HandStarted)][0]
    assert started.text(NAMES) == "Hand 2: six cards each, a trip of 1,000 miles; Bob starts"
    assert state.to_act() == (1,) and [len(h) for h in state.hands] == [6, 6]
    assert all(z.miles == 0 and z.drive == () for z in state.zones)
    view = state.view(0)
    assert view.totals == (1000, 200) and view.last_hand[0] == (("Miles", 1000),) and view.target == 2500
    # the hand in which a total reaches the target ends the match
    state.zones = build(2, zones=zones).zones
    state.hands = ((D100, D50, D50, D50, D50, D50, D50), tuple(FILL))
    state.turn, state.phase = 0, 1
    state.totals = (1600, 200)
    state.history = ((1600, 200),)
    state, _ = play(state, 0, Play(D100, 0))
    assert state.is_over() and state.totals == (2600, 400)
    result = state.result()
    assert result.chart_labels == ("Hand 1", "Hand 2")
    assert result.chart_series == ((1600.0, 2600.0), (200.0, 400.0))
    assert result.details[0] == "Hand 1: {0} 1,600, {1} 200"


def test_millebornes_teams_share_their_zone_score_and_are_ranked_as_teams():
    zones = [{"drive": (GO,), "counts": (0, 0, 0, 5, 2)}, {"drive": (GO,), "counts": (0, 0, 4, 2, 0)}]
    hands = [[D100] + FILL, [D75] * 6, [D50] * 6, [STOP] * 5]
    state = build(4, hands, variant="teams", zones=zones)
    state, _ = play(state, 0, Play(D100, 0))
    result = state.result()
    assert result.scores == (1000.0, 500.0, 1000.0, 500.0)
    assert result.winners == (0, 2)
    assert result.team_ranking == (0, 1) and result.team_scores == (1000.0, 500.0)
    assert result.ranking == (0, 2, 1, 3)
    assert result.details[0] == "Hand 1: {0} & {2} 1,000, {1} & {3} 500"


def test_millebornes_a_one_hand_game_result_has_a_chart_of_one_hand():
    state = SPEC.new_state(SPEC.default_config(), 5)
    assert state.cfg.target == 0
    zones = [{"drive": (GO,), "counts": (0, 0, 0, 9, 0)}, {}]
    state, _ = _finish(zones)
    assert state.result().chart_labels == ("Hand 1",)


def test_a_one_hand_match_s_results_name_its_hand_lines_as_the_hand_s_not_the_last_hand_s():
    """Play to: One hand. The results detailed the scoring lines as "Last hand, Ann: …" where there was only one
    hand; a match of several hands keeps "Last hand"."""
    import random

    from .millebornes_support import config

    for target, words in ((0, "The hand, "), (2500, "Last hand, ")):
        state = SPEC.new_state(config(2, target=target), 3)
        rnd = random.Random(2)
        for _ in range(100_000):
            if state.is_over():
                break
            seat = state.to_act()[0]
            state, _events = state.apply(seat, rnd.choice(state.legal_actions(seat)))
        assert state.is_over() and (len(state.history) > 1) == bool(target)
        details = [str(line) for line in state.result().details]
        assert any(d.startswith(words) for d in details) and not any(
            d.startswith("Last hand" if not target else "The hand") for d in details), (target, details)
