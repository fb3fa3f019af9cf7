"""Every registered game and variant obeys the protocol (after OpenSpiel's random_sim_test)."""

import dataclasses

import pytest

from game.engine import invariants as inv
from game.engine.bots import make_bot
from game.engine.protocol import State, View
from game.registry import ENGINES_IN_PROGRESS, GAMES
from game.simulate import play_one

from .toy_games import TOY_GAMES

# Every registered game, the engines whose table is not built yet, and the three small games of
# tests/toy_games (secret picks, an interrupt, teams).
ALL_GAMES = {**GAMES, **ENGINES_IN_PROGRESS, **TOY_GAMES}


def cases():
    for game in ALL_GAMES.values():
        for name, config in game.named_configs():  # each variant, and each set-up an old id adds
            variant = game.variant(config.variant)
            allowed = variant.allowed_players()
            counts = sorted({allowed[0], variant.default_players, allowed[-1]})
            for players in counts:
                yield pytest.param(game, name, players, id=f"{game.id}-{name}-{players}p")


def test_registry_is_not_empty_and_toy_games_do_not_shadow_real_ones():
    assert GAMES, "no game registered"
    assert not set(GAMES) & set(TOY_GAMES)
    assert not set(GAMES) & set(ENGINES_IN_PROGRESS), "a game with a table is listed as in progress"
    assert not set(ENGINES_IN_PROGRESS) & set(TOY_GAMES)


@pytest.mark.parametrize("game,variant,players", list(cases()))
def test_random_games_keep_every_invariant(game, variant, players):
    config = game.default_config(variant, players)
    for seed in (1, 2) if players < 4 else (1,):  # a bigger table's single game is long: one seed searches enough
        out = play_one(game, config, seed, ["random"] * players, checks="full")
        assert out["winners"], "a finished game has a winner"


@pytest.mark.parametrize("game", list(ALL_GAMES.values()), ids=list(ALL_GAMES))
def test_bots_only_receive_views(game, monkeypatch):
    """Bots get a View holding no State, and only ever determinize from that seat's view."""
    seen = []
    real = type(game).determinize

    def spy(self, view, rng_state):
        seen.append(view)
        return real(self, view, rng_state)

    monkeypatch.setattr(type(game), "determinize", spy)
    config = game.default_config()
    state = game.new_state(config, 3)
    decisions = 0
    while not state.is_over() and decisions < 40:
        seat = state.to_act()[-1]
        view = state.view(seat)
        assert isinstance(view, View) and not isinstance(view, State)
        _assert_no_state_inside(view)
        bot = make_bot(game, seat, "easy")
        action = bot.start(view, state.legal_actions(seat), decisions).run()
        assert all(v.seat == seat for v in seen), "a bot looked at another seat's view"
        seen.clear()
        state, _ = state.apply(seat, action)
        decisions += 1
    assert decisions > 0


def _assert_no_state_inside(value, depth=0):
    assert not isinstance(value, State), "a view carries a full State"
    if depth > 6:
        return
    if dataclasses.is_dataclass(value):
        for f in dataclasses.fields(value):
            _assert_no_state_inside(getattr(value, f.name), depth + 1)
    elif isinstance(value, (tuple, list, frozenset, set)):
        for v in value:
            _assert_no_state_inside(v, depth + 1)
    elif isinstance(value, dict):
        for v in value.values():
            _assert_no_state_inside(v, depth + 1)


@pytest.mark.parametrize("game", list(ALL_GAMES.values()), ids=list(ALL_GAMES))
def test_apply_rejects_moves_out_of_turn_and_unknown_actions(game):
    state = game.new_state(game.default_config(), 5)
    seat = state.to_act()[0]
    others = [s for s in range(state.players) if s not in state.to_act()]
    if others:
        action = state.legal_actions(seat)[0]
        with pytest.raises(ValueError):
            state.apply(others[0], action)

    class Bogus:
        pass

    assert state.why_illegal(seat, Bogus()) is not None


@pytest.mark.parametrize("game", list(ALL_GAMES.values()), ids=list(ALL_GAMES))
def test_same_seed_same_game_different_seed_different_game(game):
    config = game.default_config()
    a = play_one(game, config, 11, ["random"] * config.players, checks="light")
    b = play_one(game, config, 11, ["random"] * config.players, checks="light")
    c = play_one(game, config, 12, ["random"] * config.players, checks="light")
    assert a["result"] == b["result"] and a["actions"] == b["actions"]
    first = game.new_state(config, 11).to_dict()
    assert first != game.new_state(config, 12).to_dict() or a["result"] != c["result"]


def test_invariant_checker_catches_a_leaky_view():
    """The leak check itself can fail: a view that shows another seat's secret is caught."""

    @dataclasses.dataclass(frozen=True)
    class HandView(View):
        hand: tuple = ()

    class TwoHands(State):
        players = 2

        def is_over(self):
            return False

        def to_act(self):
            return (0,)

        def secrets(self, seat):
            return frozenset({"red-3"} if seat == 0 else {"blue-5"})

        def view(self, seat):
            return HandView(seat, ("red-3", "blue-5"))  # leaks both hands to everyone

    with pytest.raises(inv.InvariantError, match="secret"):
        inv.check_views(None, TwoHands(), "test")


def test_a_result_line_naming_a_seat_by_number_breaks_the_invariants_a_team_classification_does_not():
    # results name players by their names ("{0}"), never "Player 2" or "Team 1"; words such as VeloMaster's
    # "Team classification (3 best times)" are no seat named by number
    from types import SimpleNamespace

    from game.engine.protocol import Result

    def ended(*details):
        result = Result(scores=(1.0, 0.0), ranking=(0, 1), winners=(0,), details=details)
        return SimpleNamespace(is_over=lambda: True, result=lambda: result, players=2)

    inv.check_state(None, ended("Team classification (3 best times): {0} 1h02'00 · {1} +3'00."), "end")
    for wrong in ("Player 2 wins the hand", "Team 1 leads"):
        with pytest.raises(inv.InvariantError, match="names seats by number"):
            inv.check_state(None, ended(wrong), "end")
