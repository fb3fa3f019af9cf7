"""Secrets by construction: two choices that differ only in what is secret (a card face down, a card given
back, a Rest choice) look the same to every other seat: same view, same seats asked and questions, same log
lines, in the position after and in the positions that follow the same moves, until the rules show it."""

import dataclasses
import random

import pytest

from game.engine import invariants as inv
from game.engine.bots import make_bot
from game.registry import GAMES

from .toy_games import TOY_GAMES
from .toy_games.highcard import HighCardState

HIDDEN = {**{g.id: g for g in GAMES.values() if g.hidden_information}, "highcard": TOY_GAMES["highcard"]}


def compared_pairs(game, config, seeds, steps=400) -> int:
    total = 0
    for seed in seeds:
        rnd = random.Random(seed)
        bots = [make_bot(game, s, "random") for s in range(config.players)]
        state = game.new_state(config, seed)
        for step in range(steps):
            if state.is_over():
                break
            total += inv.check_secret_choices(game, state, rnd.choice, f"{game.id} seed {seed} step {step}")
            seat = rnd.choice(state.to_act())
            action = bots[seat].start(state.view(seat), state.legal_actions(seat), step).run()
            state, _ = state.apply(seat, action)
    return total


@pytest.mark.parametrize("game_id", sorted(HIDDEN))
def test_secret_choices_look_the_same_to_every_other_seat_in_seeded_games(game_id):
    game = HIDDEN[game_id]
    compared = 0
    for variant in game.variants:
        counts = variant.allowed_players()
        for players in sorted({counts[0], counts[-1]}):
            config = game.default_config(variant.id, players)
            if game_id == "alameda":  # the Rest rule adds a secret choice between stages
                config = game.validate_config(dataclasses.replace(config, options=tuple(
                    (k, True if k == "rest" else v) for k, v in config.options)))
            compared += compared_pairs(game, config, seeds=(1,), steps=300)
    if any(getattr(t, "secret_fields", ()) for t in game.action_types):
        assert compared > 5, "no secret choice was ever compared"


def test_a_view_showing_another_seats_face_down_card_is_caught(monkeypatch):
    real = HighCardState.view

    def leaky(self, seat):
        view = real(self, seat)
        return dataclasses.replace(view, picked=tuple(self.picks))  # the cards, not just "has picked"

    monkeypatch.setattr(HighCardState, "view", leaky)
    game = TOY_GAMES["highcard"]
    with pytest.raises(inv.InvariantError, match="secret choice Pick"):
        compared_pairs(game, game.default_config(None, 3), seeds=(1,), steps=5)


def test_velonimo_a_card_given_back_is_known_to_the_two_players_only():
    from game.velonimo.rules.actions import GiveBack

    game = GAMES["velonimo"]
    state = game.new_state(game.default_config(None, 3), 4)
    state.svictim = 1  # a state mid-steal (the engine's own field)
    assert state.secret_audience(2, GiveBack(5)) == (2, 1)
    assert GiveBack.secret_fields == ("card",)


@pytest.mark.parametrize("options,seeds", [({"level": "pro"}, (1,)),
                                           ({"level": "expert", "stages": 2, "repechage": True, "finish": 33},
                                            (13, 37, 38, 53))],
                         ids=["pro-stage-start", "tour-repechage"])
def test_velomaster_secret_picks_and_votes_look_the_same_to_every_other_seat(options, seeds):
    """Pro's doping and riding clean at the stage start; a tour's repêchage votes (secret until all are in)."""
    game = GAMES["velomaster"]
    base = game.default_config(None, 3)
    config = game.validate_config(dataclasses.replace(base, options=tuple(
        (k, options.get(k, v)) for k, v in base.options)))
    compared = 0
    for seed in seeds:
        compared += compared_pairs(game, config, seeds=(seed,), steps=1500 if options.get("stages") else 60)
        if compared:
            break
    assert compared >= 1
