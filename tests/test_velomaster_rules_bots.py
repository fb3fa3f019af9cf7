"""VeloMaster bots and engine speed: sensible racing (entraides, safe paths, summits) and budgets."""

from __future__ import annotations

import random

from game.engine.bots import make_bot
from game.registry import GAMES
from game.velomaster.bots import LEVELS, evaluate
from game.velomaster.rules import Entraide, Refuse, Step
from game.velomaster.rules.codes import P_ENTRAIDE, P_MOVE

from .velomaster_support import act, cid, make_course, make_spec, race, rigged, with_rng

SPEC = GAMES["velomaster"]


def _decide(spec, state, level="normal", seed=1):
    seat = state.to_act()[0]
    bot = make_bot(spec, seat, level)
    return bot.start(state.view(seat), state.legal_actions(seat), seed).run()


def test_velomaster_bot_levels_are_random_easy_normal_hard():
    assert list(LEVELS) == ["random", "easy", "normal", "hard"]
    assert SPEC.levels is LEVELS


def test_velomaster_bots_play_the_entraide():
    spec = make_spec(make_course())
    for seed in range(3):
        s, _ = race(spec, 2, {2: cid(10, 1), 0: cid(9, 1), 1: cid(1, 0), 3: cid(1, 2)}, seat=0)
        assert s.phase == P_ENTRAIDE
        a = _decide(spec, s, seed=seed)
        assert isinstance(a, Entraide) and not isinstance(a, Refuse)


def test_velomaster_bots_take_the_safe_way_round_a_danger_cell():
    spec = make_spec(make_course(danger={(6, 1)}))
    chosen = []
    for seed in range(6):
        s, _ = race(spec, 2, {0: cid(5, 1), 1: cid(1, 0), 2: cid(20, 0), 3: cid(20, 2)}, seat=0)
        s = with_rng(s, rigged((6, 2), (6, 2)))
        s, _ = act(s, s.legal_actions(0)[0])  # roll
        s, _ = act(s, s.legal_actions(0)[0])  # the leader takes a 2
        assert s.phase == P_MOVE and s.moving_rider == 0
        chosen.append(_decide(spec, s, seed=seed))
    assert all(isinstance(a, Step) for a in chosen)
    assert sum(a.cell == cid(6, 1) for a in chosen) <= 1  # the danger cell is not needed to reach row 7


def test_velomaster_bots_use_the_whole_die_on_an_open_road():
    spec = make_spec(make_course())
    s, _ = race(spec, 2, {0: cid(5, 1), 1: cid(1, 0), 2: cid(20, 0), 3: cid(20, 2)}, seat=0)
    s = with_rng(s, rigged((6, 4), (6, 4)))
    s, _ = act(s, s.legal_actions(0)[0])
    s, _ = act(s, s.legal_actions(0)[0])
    start = s.setup.geo.row[s.pos[0]]
    while s.phase == P_MOVE and s.moving_rider == 0:
        s, _ = act(s, _decide(spec, s))
    assert s.setup.geo.row[s.pos[0]] - start == 4


def test_velomaster_evaluate_prefers_the_leading_team_and_stays_in_range():
    spec = make_spec(make_course())
    ahead, _ = race(spec, 2, {0: cid(20, 1), 1: cid(18, 1), 2: cid(10, 0), 3: cid(9, 2)}, seat=0)
    assert 0.5 < evaluate(ahead, 0) <= 1.0 and 0.0 <= evaluate(ahead, 1) < 0.5


def test_velomaster_normal_beats_random_and_scores_climber_points():
    config = SPEC.default_config("debutant-salzburg", 2)
    wins = points = 0
    for seed in range(3):
        s = SPEC.new_state(config, 100 + seed)
        bots = [make_bot(SPEC, 0, "normal"), make_bot(SPEC, 1, "random")]
        step = 0
        while not s.is_over():
            seat = s.to_act()[0]
            a = bots[seat].start(s.view(seat), s.legal_actions(seat), step).run()
            s, _ = s.apply(seat, a)
            step += 1
        wins += s.result().winners == (0,)
        points += s.result().scores[0]
        assert s.reason != "limit"
    assert wins >= 2 and points > 0


def test_velomaster_normal_bot_decides_legal_moves_through_a_race():
    """Its decision time is the bench's (bot_decision_ms, target 150 ms), not a timed test."""
    config = SPEC.default_config("debutant-salzburg", 4)
    s = SPEC.new_state(config, 5)
    rnd = random.Random(5)
    decided = []
    step = 0
    while not s.is_over() and len(decided) < 40:
        seat = s.to_act()[0]
        legal = s.legal_actions(seat)
        if len(legal) > 1 and step % 3 == 0:
            bot = make_bot(SPEC, seat, "normal")
            a = bot.start(s.view(seat), legal, step).run()
            assert a in legal
            decided.append(step)
        else:
            a = rnd.choice(legal)
        s, _ = s.apply(seat, a)
        step += 1
    assert len(decided) == 40


def test_velomaster_random_races_finish():
    """Their speed is the bench's (engine_random_games_per_s, target 20 races/s)."""
    config = SPEC.default_config("debutant-salzburg", 4)
    SPEC.new_state(config, 1)  # load the course outside the timing
    rnd = random.Random(1)
    for seed in range(3):
        s = SPEC.new_state(config, seed)
        n = 0
        while not s.is_over():
            seat = s.to_act()[0]
            s, _ = s.apply(seat, rnd.choice(s.legal_actions(seat)))
            n += 1
        assert s.reason in ("leaders", "team") and n < 6000


def test_velomaster_cached_occupancy_always_matches_the_riders():
    from game.velomaster.rules.codes import ROAD
    from game.velomaster.rules.play import occupied

    config = SPEC.default_config("debutant-aurillac", 6)
    rnd = random.Random(4)
    s = SPEC.new_state(config, 4)
    while not s.is_over():
        truth = {p for p, t in zip(s.pos, s.status, strict=True) if p and t == ROAD}
        assert set(occupied(s)) == truth
        seat = s.to_act()[0]
        s, _ = s.apply(seat, rnd.choice(s.legal_actions(seat)))
