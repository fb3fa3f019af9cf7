"""Tour of Alameda and the protocol: hidden information (a pending pick is secret), imagined worlds,
saves read back with their checks, plain-words refusals, and the command-line tools."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout

import pytest

from game import bench, simulate
from game.alameda import SPEC, AlamedaView
from game.alameda.rules import Pick, RestChoice, Wrench
from game.engine import invariants as inv
from game.engine.protocol import ConfigError, IllegalAction, encode_action
from game.registry import ENGINES, ENGINES_IN_PROGRESS, GAMES

from .alameda_support import W, build, config, pick_all, resolve


def test_alameda_is_registered_in_the_menu_for_2_to_8_seats_with_hidden_information():
    assert "alameda" not in ENGINES_IN_PROGRESS
    assert "alameda" in GAMES and ENGINES["alameda"] is SPEC
    assert SPEC.hidden_information
    for variant in SPEC.variants:
        assert (variant.min_players, variant.max_players) == (2, 8), variant.id


def test_alameda_a_pending_pick_never_appears_in_another_seats_view():
    state = SPEC.new_state(config(4), 11)
    hand = state.hands[0]
    before = {seat: state.view(seat) for seat in (1, 2, 3, None)}
    afters = [state.apply(0, Pick(card))[0] for card in (hand[0], hand[-1], W)]
    for seat in (1, 2, 3, None):
        seen = [after.view(seat) for after in afters]
        assert seen[0] == seen[1] == seen[2], f"seat {seat} can tell which card Ann played face down"
        assert seen[0].face_down[0] and not before[seat].face_down[0]
        assert seen[0].held[0] == before[seat].held[0] - 1, "one card fewer in hand, whichever it was"
        assert seen[0].wrench_unseen[0], "a face-down Wrench is not shown as played"
    assert [after.view(0).my_card for after in afters] == [hand[0], hand[-1], W]
    for after in afters:
        inv.check_views(SPEC, after, "alameda pending pick")


def test_alameda_other_seats_are_shown_as_counts_only_and_a_spectator_sees_no_hand():
    state = SPEC.new_state(config(3), 2)
    view = state.view(1)
    assert view.hand == state.hands[1] and view.wrench_in_hand
    assert view.held == (6, 6, 6) and view.deck_counts == (20, 20, 20)
    assert state.view(None).hand is None and state.view(None).my_card == -1
    data = json.dumps(view.to_dict())
    assert "al0" not in data and "al2" not in data


def test_alameda_secrets_are_one_token_per_card_in_hand_and_the_face_down_card():
    state = build(3, hands=[(3, 3, 9), (1,), (2,)], decks=[(4,) * 5] * 3)
    state, _ = state.apply(0, Pick(3))
    secrets = state.secrets(0)
    assert len(secrets) == 3, "a 3 and a 9 in hand, a 3 face down: three distinct tokens"
    own = json.dumps(state.view(0).to_dict())
    assert all(token in own for token in secrets)
    for seat in (1, 2, None):
        shown = json.dumps(state.view(seat).to_dict())
        assert not any(token in shown for token in secrets)
    inv.check_views(SPEC, state, "alameda secrets")


def test_alameda_the_monkeys_decision_is_public_and_asked_the_same_in_every_imagined_world():
    state = build(4, hands=[(2, 5), (3, 3), (9, 1), (4, 8)], decks=[(6, 6, 7, 8, 4)] * 4, jersey=1)
    state, _ = pick_all(state, {0: 2, 1: W, 2: 9, 3: 4})
    assert state.phase_name == "wrench" and state.to_act() == (1,)
    assert state.view(3).face_down == (True, False, True, True), "Cleo, Dora and Ann are still face down"
    inv.check_views(SPEC, state, "alameda wrench")
    for seat in range(4):
        world = SPEC.determinize(state.view(seat), 99)
        assert world.to_act() == (1,) and world.legal_actions(1) == state.legal_actions(1)


def test_alameda_determinize_leg_takes_back_the_other_seats_pending_picks():
    state = SPEC.new_state(config(4), 5)
    state, _ = state.apply(1, Pick(state.hands[1][0]))
    state, _ = state.apply(2, Pick(W))
    view = state.view(0)
    world = SPEC.determinize_leg(view, 7)
    assert world.to_act() == (0, 1, 2, 3), "Bob and Cleo choose again in the imagined leg"
    assert [len(h) for h in world.hands] == [5, 5, 5, 5] and world.wrenches == 0b1111
    plain = SPEC.determinize(view, 7)
    assert plain.to_act() == (0, 3) and plain.view(0) == view


def test_alameda_determinize_reproduces_views_in_the_rest_phase_with_choices_pending():
    state = build(3, hands=[(1, 1, 2), (3, 3), (4, 5)], decks=[(8,) * 6, (7,) * 6, (6,) * 6],
                  wrenches=[True, False, True], rest=True)
    state, events = pick_all(state, {0: 1, 1: 3, 2: W})
    state, _ = resolve(state, events)
    state, _ = state.apply(2, RestChoice(True))
    inv.check_views(SPEC, state, "alameda rest")
    world = SPEC.determinize_leg(state.view(0), 3)
    assert world.to_act() == (0, 1, 2)


def test_alameda_saved_states_read_back_exactly():
    state = build(4, hands=[(2, 5), (3, 3), (9, 1), (4, 8)], decks=[(6, 6, 7, 8, 4)] * 4, jersey=1)
    state, _ = pick_all(state, {0: 2, 1: W, 2: 9, 3: 4})
    inv.check_round_trip(SPEC, state, "alameda wrench phase")
    inv.check_round_trip(SPEC, SPEC.new_state(config(5, rest=True, breakaway=True), 4), "alameda start")


def _saved(**changes):
    state = build(3, hands=[(2, 5), (3, 3), (9, 1)], decks=[(6, 6, 7, 8, 4)] * 3)
    data = json.loads(json.dumps(state.to_dict()))
    data.update(changes)
    return data


@pytest.mark.parametrize("changes,message", [
    (dict(hands=[[10, 10], [3, 3], [9, 1]]), "player 1 has 2 cards of 10 but each deck holds 1"),
    (dict(points=[2, 0, 0]), "player 1 has 2 points but their stages add up to 0"),
    (dict(phase="wrench"), "only its Monkey is awaited"),
    (dict(stage=True), "'stage' must be a whole number from 1 to 200, not True"),
    (dict(wrenches=[1, True, True]), "'wrenches' item 1 must be true or false, not 1"),
    (dict(waiting=[0, 0]), "a player is awaited twice"),
    (dict(picks=[4, -1, -1]), "player 1 is awaited but has already picked"),
    (dict(hands=[[2, 5, 6, 7, 8, 9], [3], [1]]), "holds 6 speed cards, more than a hand of 5"),
    (dict(version=99), "unsupported Tour of Alameda state version 99"),
])
def test_alameda_a_damaged_save_is_refused_naming_what_is_wrong(changes, message):
    with pytest.raises(ValueError, match=message):
        SPEC.state_from_dict(_saved(**changes))


def test_alameda_look_alike_actions_are_refused_in_plain_words():
    state = SPEC.new_state(config(3), 1)
    assert state.why_illegal(0, Pick(True)) == "Choose one of your cards."
    assert state.why_illegal(True, Pick(W)) == "There is no such player."
    assert state.why_illegal(0, Wrench(1)) == "There is no Monkey Wrench to resolve now."
    assert state.why_illegal(0, RestChoice(True)) == "Play your card for this leg first."
    with pytest.raises(IllegalAction):
        state.apply(0, Pick(11))
    with pytest.raises(ValueError, match="Pick.card must be a whole number"):
        SPEC.decode_action({"type": "Pick", "card": True})
    assert SPEC.decode_action(encode_action(Pick(7))) == Pick(7)


def test_alameda_views_are_json_safe_for_every_viewer():
    state = SPEC.new_state(config(6), 8)
    for seat in (None, *range(6)):
        view = state.view(seat)
        assert isinstance(view, AlamedaView)
        json.dumps(view.to_dict())


# --------------------------------------------------------------------------- the command line


def test_simulate_reads_option_flags_through_the_variants_schema():
    variant = SPEC.variant("standard")
    assert simulate.parse_option(variant, "breakaway=yes") == ("breakaway", True)
    assert simulate.parse_option(variant, "rest=off") == ("rest", False)
    assert simulate.parse_option(variant, "hand_size=4") == ("hand_size", 4)
    assert simulate.parse_option(variant, "oldest=2") == ("oldest", 2)
    assert simulate.parse_option(variant, "oldest=player 3") == ("oldest", 2)
    config = simulate.build_config(SPEC, SPEC.variant("younger"), 3, ["time_trial=true", "copies_6=2"])
    assert config.get("time_trial") is True and config.get("copies_6") == 2 and config.get("hand_size") == 3


@pytest.mark.parametrize("text,message", [
    ("breakaway", "write it as KEY=VALUE"),
    ("speed=3", "Standard has no option 'speed' \\(its options: oldest, hand_size, breakaway"),
    ("hand_size=five", "Speed cards in hand \\(hand_size\\): expected a whole number, not 'five'"),
    ("hand_size=9", "Speed cards in hand: must be between 1 and 8"),
    ("rest=maybe", "Rest \\(rest\\): expected yes or no, not 'maybe'"),
    ("oldest=Grandpa", "must be one of 0 \\(Player 1\\)"),
])
def test_simulate_refuses_a_bad_option_flag_in_plain_words(text, message):
    with pytest.raises(ConfigError, match=message):
        simulate.parse_option(SPEC.variant("standard"), text)


def test_simulate_plays_alameda_with_option_flags_and_checks_every_invariant():
    out = io.StringIO()
    with redirect_stdout(out):
        code = simulate.main(["alameda", "--variant", "younger", "--players", "3", "--games", "2", "--quiet",
                              "--option", "rest=yes", "--option", "mountaineer=yes", "--option", "oldest=2"])
    summary = json.loads(out.getvalue().strip().splitlines()[-1])
    assert code == 0 and summary["errors"] == 0 and summary["game"] == "alameda"
    assert summary["options"]["rest"] is True and summary["options"]["oldest"] == 2


def test_simulate_takes_each_option_of_the_schema_as_its_own_flag():
    variant = SPEC.variant("standard")
    texts = simulate.option_flags(variant, ["--breakaway", "--hand-size", "4", "--rest=no", "--oldest", "player 2"])
    assert texts == ["breakaway=yes", "hand_size=4", "rest=no", "oldest=player 2"]
    with pytest.raises(ConfigError, match="unknown argument '--bogus'.*--time-trial"):
        simulate.option_flags(variant, ["--bogus", "3"])
    with pytest.raises(ConfigError, match="--hand-size needs a value"):
        simulate.option_flags(variant, ["--hand-size"])


def test_simulate_refuses_a_deck_smaller_than_the_hand(capsys):
    with pytest.raises(SystemExit) as exit_:
        simulate.main(["alameda", "--option", "hand_size=8", "--variant", "younger", "--option", "copies_1=0",
                       "--option", "copies_2=0", "--option", "copies_3=0"])
    assert exit_.value.code == 2
    assert "Each deck holds 5 speed cards, fewer than a hand of 8" in capsys.readouterr().err


def test_bench_has_an_engine_line_for_alameda(capsys):
    bench.bench_engine(0.05, windows=1)
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    mine = [r for r in lines if r.get("game") == "alameda"]
    assert {r["variant"] for r in mine} == {"standard", "younger"}
    assert all(r["metric"] == "engine_random_games_per_s" and r["games"] > 0 for r in mine)
