"""The odds the VeloMaster table draws on the cells of an entraide or an accélération jump count every roll the
engine calls on the way ("LES ACCÉLÉRATIONS": "devront réussir un jet de puissance" for team-mates going up a
line on a climb; "Chaque déplacement en diagonale entre 2 vélos … jet d'habileté"; a danger cell passed or
reached). The defect: the jump's cells showed only the danger cells and the power roll off a climb, so a
team-mate's accélération up a climb, or a diagonal between two bikes, looked safer than the engine makes it. The
odds are read from the engine itself: the jump played with every d20 a success, each roll it asks for noted."""

from __future__ import annotations

import random

import pytest

from game.engine.rng import die as real_die
from game.ui.scenes_registry import TABLES
from game.velomaster.rules import moves
from game.velomaster.rules.actions import Entraide
from game.velomaster.rules.codes import FIN, P_ENTRAIDE, ROAD
from game.velomaster.rules.events import PowerRoll, SkillRoll
from game.velomaster.rules.reach import entraide_options


def engine_odds(state, seat: int, action: Entraide, monkeypatch) -> float:
    """The chance the engine lands ``action``'s rider on its cell: the rolls it calls with every d20 a 20."""
    monkeypatch.setattr(moves, "die", lambda rng, sides: (20, rng) if sides == 20 else real_die(rng, sides))
    try:
        after, events = state.apply(seat, action)
    finally:
        monkeypatch.setattr(moves, "die", real_die)
    arrived = after.status[action.rider] == ROAD and after.pos[action.rider] == action.cell
    assert arrived or after.status[action.rider] == FIN  # (a jump over the finish line: across)
    crash = state.setup.level.skill_crash
    odds = 1.0
    for e in events:
        if getattr(e, "rider", None) != action.rider:
            continue
        if isinstance(e, PowerRoll):
            odds *= (20 - e.slope) / 20
        elif isinstance(e, SkillRoll):
            odds *= (20 - crash) / 20
    return odds


def test_the_odds_of_every_jump_on_the_real_maps_are_the_engine_s(monkeypatch):
    """Random Expert and Pro races on both bundled courses: every cell an entraide or an accélération may land on
    shows the engine's odds."""
    spec = TABLES["velomaster"].spec
    checked, lines, uncertain = 0, 0, 0
    for variant, players, seed in (("expert-aurillac", 4, 3), ("expert-salzburg", 5, 4), ("pro-salzburg", 3, 5),
                                   ("pro-aurillac", 4, 6)):
        s = spec.new_state(spec.default_config(variant, players), seed)
        rnd = random.Random(variant)
        for _ in range(4000):
            if s.is_over():
                break
            seat = s.to_act()[0]
            legal = s.legal_actions(seat)
            if s.phase == P_ENTRAIDE:
                shown = entraide_options(s)
                jumps = [a for a in legal if isinstance(a, Entraide)]
                assert {a.cell for a in jumps} == set(shown)
                for action in jumps:
                    odds = engine_odds(s, seat, action, monkeypatch)
                    assert shown[action.cell].probability == pytest.approx(odds), (variant, action, shown[action.cell])
                    checked += 1
                    uncertain += odds < 1
                lines += len(s.entraide) > 4  # (riders…, stage, jumped): three bikes or more, an accélération
            s, _ = s.apply(seat, rnd.choice(legal))
    assert checked > 100 and lines > 5 and uncertain > 10, (checked, lines, uncertain)
