"""Kinds of turn every game may need, on three small games: simultaneous secret picks (High Card),
an out-of-turn question (Hazard) and teams (Relay). Engine level; the table is in test_hotseat."""

import itertools
import json

import pytest

from game.engine import invariants as inv
from game.engine.bots import make_bot
from game.engine.match import Match, Seat
from game.engine.protocol import Config, ConfigError, IllegalAction
from game.simulate import play_one

from .toy_games import TOY_GAMES
from .toy_games.hazard import HAZARD_GAME, SHIELD, Block, Decline, Play, kind
from .toy_games.highcard import HIGHCARD, Pick
from .toy_games.relay import RELAY


def dump(state):
    return json.dumps(state.to_dict(), sort_keys=True)


# ---------------------------------------------------------------- simultaneous secret picks

def test_secret_picks_await_every_seat_at_once_and_the_last_pick_resolves_the_leg():
    state = HIGHCARD.new_state(HIGHCARD.default_config("standard", 3), 4)
    assert state.to_act() == (0, 1, 2)
    state, events = state.apply(1, state.legal_actions(1)[0])
    assert state.to_act() == (0, 2) and state.leg == 0
    assert not any(e.reveals for e in events), "a face-down pick reveals nothing"
    state, _ = state.apply(2, state.legal_actions(2)[0])
    state, events = state.apply(0, state.legal_actions(0)[0])
    assert state.leg == 1 and state.to_act() == (0, 1, 2)
    assert any(e.reveals for e in events), "the reveal is chance/hidden information coming to light"


def test_a_pending_pick_shows_in_no_other_seats_view_only_that_the_seat_has_picked():
    state = HIGHCARD.new_state(HIGHCARD.default_config("standard", 3), 4)
    card = state.legal_actions(1)[-1].card
    state, _ = state.apply(1, Pick(card))
    for viewer in (None, 0, 2):
        view = state.view(viewer)
        assert view.picked == (False, True, False)
        assert f"hc{card}" not in json.dumps(view.to_dict()) and card not in (view.hand or ())
    assert state.view(1).my_pick == card
    inv.check_views(HIGHCARD, state, "after one pick")


def test_simultaneous_picks_in_every_order_give_the_same_state():
    state = HIGHCARD.new_state(HIGHCARD.default_config("standard", 3), 9)
    picks = {seat: state.legal_actions(seat)[seat] for seat in state.to_act()}
    finals = set()
    for order in itertools.permutations(state.to_act()):
        current = state
        for seat in order:
            current, _ = current.apply(seat, picks[seat])
        finals.add(dump(current))
    assert len(finals) == 1


def test_the_reveal_cannot_be_undone_but_a_lone_face_down_pick_can():
    match = Match(HIGHCARD, HIGHCARD.default_config("standard", 2), 3, [Seat("Ann"), Seat("Bob")])
    match.act(0, match.state.legal_actions(0)[0])
    assert match.undo_blocker(0) is None, "a face-down pick nobody answered yet may be taken back"
    match.act(1, match.state.legal_actions(1)[0])
    assert match.undo_blocker(1) == "Dice or hidden cards were revealed: this step stands."
    assert match.undo_blocker(0) == "Bob has played since your last move."


def test_search_bot_choice_does_not_depend_on_whether_it_picks_first_or_last():
    """Catch: Safe is worth 0.6, Risky 0.667 against a random opponent, 0 if the opponent guards.
    The old tree let the opponent see the bot's secret pick: Safe 20/20 picking first, Risky 20/20
    picking last. The same information must give the same choice."""
    config = HIGHCARD.default_config("catch", 2)
    first = HIGHCARD.new_state(config, 1)
    for guard in (1, 2, 3):
        last, _ = first.apply(1, Pick(guard))
        assert last.view(0) != first.view(0) and last.view(0).picked == (False, True)
        for seed in range(20):
            bot = make_bot(HIGHCARD, 0, "hard")
            a = bot.start(first.view(0), first.legal_actions(0), seed).run()
            b = bot.start(last.view(0), last.legal_actions(0), seed).run()
            assert a == b, f"seed {seed}: {a.label()} when picking first, {b.label()} when picking last"


def test_the_any_order_invariant_catches_a_game_where_pick_order_matters():
    class FirstPickerWins(type(HIGHCARD.new_state(HIGHCARD.default_config(), 1))):
        def _apply(self, seat, action):
            state, events = super()._apply(seat, action)
            if sum(p >= 0 for p in self.picks) == 0:  # the first pick of a leg scores a point
                scores = list(state.scores)
                scores[seat] += 1
                state = state._replace(scores=tuple(scores))
            return state, events

    s = HIGHCARD.new_state(HIGHCARD.default_config("standard", 2), 1)
    broken = FirstPickerWins(s.variant, s.players, s.hands, s.picks, s.scores, s.leg, s.played, s.rng)
    broken._replace = lambda **kw: FirstPickerWins(**{**dict(variant=broken.variant, players=broken.players,
                                                              hands=broken.hands, picks=broken.picks,
                                                              scores=broken.scores, leg=broken.leg,
                                                              played=broken.played, rng_state=broken.rng), **kw})
    with pytest.raises(inv.InvariantError, match="order"):
        inv.check_any_order(HIGHCARD, broken, lambda seat, legal: legal[0], "test")


def test_the_view_invariant_catches_a_to_act_that_depends_on_a_hidden_card():
    class Leaky(type(HAZARD_GAME.new_state(HAZARD_GAME.default_config(), 1))):
        def to_act(self):  # asks the victim only when it holds a shield: the question leaks the card
            if self.asked >= 0 and not any(kind(c) == SHIELD for c in self.hands[self.asked]):
                return (self.turn,)
            return super().to_act()

    state = HAZARD_GAME.new_state(HAZARD_GAME.default_config("standard", 2), 1)
    for seed in range(40):
        state = HAZARD_GAME.new_state(HAZARD_GAME.default_config("standard", 2), seed)
        if not any(kind(c) == SHIELD for c in state.hands[1]) and any(kind(c) == SHIELD for c in range(26, 30)):
            break
    leaky = Leaky(state.players, state.hands, state.positions, state.turn, 1, state.deck, state.discards, state.rng)
    with pytest.raises(inv.InvariantError, match="who is asked depends on what seat 0 cannot see"):
        inv.check_views(HAZARD_GAME, leaky, "test")


# ---------------------------------------------------------------- out-of-turn questions

def test_the_block_question_opens_on_every_hazard_even_when_the_target_cannot_block():
    asked_without_shield = asked_with_shield = 0
    for seed in range(60):
        state = HAZARD_GAME.new_state(HAZARD_GAME.default_config("standard", 2), seed)
        hazards = [a for a in state.legal_actions(0) if isinstance(a, Play) and a.target == 1]
        if not hazards:
            continue
        after, _ = state.apply(0, hazards[0])
        assert after.to_act() == (1,) and after.question(1).kind == "block"
        if any(kind(c) == SHIELD for c in after.hands[1]):
            asked_with_shield += 1
            assert set(after.legal_actions(1)) == {Block(), Decline()}
        else:
            asked_without_shield += 1
            assert after.legal_actions(1) == (Decline(),)
    assert asked_with_shield and asked_without_shield


def test_the_automatic_answer_comes_from_the_seats_own_view():
    for seed in range(60):
        state = HAZARD_GAME.new_state(HAZARD_GAME.default_config("standard", 2), seed)
        hazards = [a for a in state.legal_actions(0) if isinstance(a, Play) and a.target == 1]
        if hazards:
            after, _ = state.apply(0, hazards[0])
            answer = HAZARD_GAME.auto_answer(after.view(1), 1, "block")
            holds = any(kind(c) == SHIELD for c in after.hands[1])
            assert answer == (Block() if holds else Decline())
            assert HAZARD_GAME.auto_answer(after.view(1), 1, "something-else") is None


# ---------------------------------------------------------------- teams and player counts

def test_player_counts_that_are_not_a_range_are_refused_with_a_clear_message():
    assert RELAY.variant("teams").players_text() == "4 or 6"
    with pytest.raises(ConfigError, match=r"^Relay is for 4 or 6 players, not 5\.$"):
        RELAY.validate_config(Config("teams", 5))
    assert RELAY.validate_config(Config("teams", 6)).players == 6


def test_partners_sit_apart_and_the_result_ranks_teams():
    assert RELAY.teams(RELAY.default_config("teams", 4)) == (0, 1, 0, 1)
    assert RELAY.teams(RELAY.default_config("teams", 6)) == (0, 1, 2, 0, 1, 2)
    out = play_one(RELAY, RELAY.default_config("teams", 6), 5, ["random"] * 6)
    result = out["result"]
    best = result.team_ranking[0]
    assert result.team_scores[best] == max(result.team_scores)
    teams = RELAY.teams(RELAY.default_config("teams", 6))
    assert set(result.winners) == {s for s in range(6) if teams[s] == best}


def test_acting_for_a_seat_that_does_not_exist_is_refused_in_plain_words():
    match = Match(RELAY, RELAY.default_config("teams", 4), 1, [Seat(n) for n in "ABCD"])
    with pytest.raises(IllegalAction, match="There is no seat 9"):
        match.act(9, match.state.legal_actions(0)[0])


# ---------------------------------------------------------------- every toy game through simulate

def toy_cases():
    for game in TOY_GAMES.values():
        for variant in game.variants:
            for players in variant.allowed_players():
                yield pytest.param(game, variant.id, players, id=f"{game.id}-{variant.id}-{players}p")


@pytest.mark.parametrize("game,variant,players", list(toy_cases()))
def test_toy_games_keep_every_invariant_with_every_bot_level(game, variant, players):
    config = game.default_config(variant, players)
    for seed, level in enumerate(("random", "easy", "normal")):
        out = play_one(game, config, seed, [level] * players, checks="full")
        assert out["winners"]
