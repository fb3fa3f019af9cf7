"""Mille Bornes through the protocol (issue 15): player counts and teams, views and hidden hands, the
move log's words, simulate runs of each variant and the command line's option flags."""

import json

import pytest

from game import simulate
from game.engine.protocol import Config, ConfigError
from game.millebornes import SPEC, Discard, Draw, HandStarted, MilleBornesView, Play
from game.millebornes.rules.cards import D25, D50, D75, D100, FLAT_TIRE, GO, PUNCTURE_PROOF, STOP
from game.millebornes.rules.view import hand_tokens
from game.registry import ENGINES

from .millebornes_support import NAMES, build, config, play, texts


def test_millebornes_is_known_to_simulate_bench_and_the_generic_tests():
    assert ENGINES["millebornes"] is SPEC
    assert SPEC.hidden_information
    assert [v.id for v in SPEC.variants] == ["solo", "teams"]
    assert SPEC.variant("solo").player_counts == (2, 3, 4)
    assert SPEC.variant("teams").player_counts == (4, 6)


def test_millebornes_five_players_refused_in_plain_words():
    for variant in ("solo", "teams"):
        with pytest.raises(ConfigError) as err:
            SPEC.validate_config(Config(variant, 5))
        assert str(err.value) == "Mille Bornes is for 2, 3, 4 or 6 players"
    with pytest.raises(ConfigError, match="^Mille Bornes is for 2, 3, 4 or 6 players$"):
        SPEC.validate_config(Config("solo", 7))


def test_millebornes_teams_need_four_or_six_players_and_six_play_in_teams():
    with pytest.raises(ConfigError, match="^Teams of two need 4 or 6 players$"):
        SPEC.validate_config(Config("teams", 3))
    with pytest.raises(ConfigError, match="Six players play in teams of two"):
        SPEC.validate_config(Config("solo", 6))
    with pytest.raises(ConfigError, match="youngest player must be one of the 2 players"):
        SPEC.validate_config(Config("solo", 2, (("youngest", 3),)))


def test_millebornes_partners_sit_apart_so_turns_alternate_between_teams():
    assert SPEC.teams(config(4, "teams")) == (0, 1, 0, 1)
    assert SPEC.teams(config(6, "teams")) == (0, 1, 2, 0, 1, 2)
    assert SPEC.teams(config(4, "solo")) is None
    state = SPEC.new_state(config(6, "teams"), 3)
    view = state.view(None)
    assert view.zone_of == (0, 1, 2, 0, 1, 2)
    assert [z.seats for z in view.zones] == [(0, 3), (1, 4), (2, 5)]


def test_millebornes_a_view_shows_only_the_viewers_hand():
    state = SPEC.new_state(config(3), 11)
    for seat in range(3):
        view = state.view(seat)
        assert isinstance(view, MilleBornesView) and view.hand == state.hands[seat]
        shown = json.dumps(view.to_dict())
        for other in range(3):
            if other != seat:
                assert not any(token in shown for token in hand_tokens(other, state.hands[other]))
    spectator = state.view(None)
    assert spectator.hand is None and spectator.hand_counts == (6, 6, 6) and spectator.deck_count == 106 - 18


def test_millebornes_view_fields_the_table_reads():
    zones = [{"drive": (GO,), "counts": (1, 0, 0, 2, 0), "safeties": ((PUNCTURE_PROOF, True),)},
             {"drive": (GO, STOP)}]
    state = build(2, [[D25, D50, D75, FLAT_TIRE, GO, STOP, D100], [D75] * 6], zones=zones, discard=[D25, STOP])
    view = state.view(0)
    mine, theirs = view.zones
    assert mine.miles == 225 and mine.rolling and mine.points == 225 + 300
    assert mine.safeties == ((PUNCTURE_PROOF, True),) and mine.distance_counts == (1, 0, 0, 2, 0)
    assert not theirs.rolling and theirs.hazard == STOP
    assert view.discard_top == STOP and view.discard_count == 2 and view.discards[D25] == 1
    assert view.phase == "play" and view.turn == 0 and view.asked == -1 and view.attack is None
    assert view.goal == 1000 and view.hand_number == 1 and view.target == 0 and view.totals == (0, 0)
    assert view.my_zone() == 0


def test_millebornes_the_move_log_speaks_plain_words():
    state = build(2, [[D25, D50, D75, FLAT_TIRE, GO, STOP, D100], [D75] * 6], zones=[{}, {"drive": (GO,)}])
    after, events = play(state, 0, Play(GO, 0))
    assert texts(events) == ["Ann plays a Go"]
    after, events = play(state, 0, Discard(STOP))
    assert texts(events) == ["Ann discards a Stop"]
    state = SPEC.new_state(config(2), 4)
    after, events = play(state, 0, Draw(False))
    assert texts(events, 1) == ["Ann draws a card"]


def test_millebornes_a_new_game_announces_its_first_hand():
    # the deal is inside new_state; a later hand's HandStarted is checked in test_millebornes_scoring
    assert HandStarted(1, 0, 1000).text(NAMES) == "Hand 1: six cards each, a trip of 1,000 miles; Ann starts"
    assert HandStarted(1, 0, 1000).reveals


@pytest.mark.parametrize("variant,players", [("solo", 2), ("solo", 3), ("solo", 4), ("teams", 4), ("teams", 6)])
def test_millebornes_simulate_plays_every_variant_with_the_invariant_checks(variant, players, capsys):
    code = simulate.main(["millebornes", "--variant", variant, "--players", str(players), "--games", "2",
                          "--bots", "easy", "--quiet"])
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert code == 0 and summary["errors"] == 0 and summary["players"] == players


def test_millebornes_simulate_takes_the_options_as_flags(capsys):
    code = simulate.main(["millebornes", "--players", "3", "--games", "1", "--bots", "easy", "--quiet",
                          "--fast-play", "--extension", "--target", "2500", "--exact-finish", "--go-after-remedy"])
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert code == 0 and summary["errors"] == 0
    assert summary["options"]["fast_play"] and summary["options"]["extension"] and summary["options"]["target"] == 2500
