"""Veldiv heuristics for the generic bots (pure).

The dice decide almost everything; the only real choices are in the team races: which rider takes
the single die of the first turn (Art. 5, symmetric at the start) and, after landing on the
team-mate, which rider takes the extra advance (Art. 7 / Art. 9). ``evaluate`` scores a state for a
seat in [0, 1] from the race's own priorities:

* Individuelle / Américaine: Un Tour tokens ≫ Premier tokens ≫ points ≫ position (a team values its
  leading rider a little more than its second: the Premier goes to the first rider across);
* Poursuite: being alive, then spaces covered (a team counts its rear rider most: both riders must be
  caught for the team to go out, and both must finish);
* Éliminatoire: alive, already across this lap, then distance; La Cagnotte: paid least, then distance.

Levels: Easy and Normal are the one-ply greedy bot with some random moves; Hard never errs.
"""

from __future__ import annotations

import math
from typing import Any

from ..engine.protocol import Action, BotLevel
from .rules.races import laps_down
from .rules.setup import AME, CAG, ELI, IND, PEQ, PUR
from .rules.track import SPACES

LEVELS = {
    "random": BotLevel("random"),
    "easy": BotLevel("greedy", iterations=1, noise=0.5),
    "normal": BotLevel("greedy", iterations=1, noise=0.15),
    "hard": BotLevel("greedy", iterations=1, noise=0.0),
}


def standing(state, seat: int) -> float:
    """How well ``seat`` stands, on a scale where about 10 is one lap of the track."""
    su = state.setup
    kind = su.kind
    per = su.per_seat
    xs = state.x[seat * per:(seat + 1) * per]
    sts = state.st[seat * per:(seat + 1) * per]
    if kind in (IND, AME):
        lead, rear = max(xs), min(xs)
        progress = (0.6 * lead + 0.4 * rear) if per == 2 else lead
        return (100.0 * state.tour[seat] + 30.0 * state.prem[seat] + 3.0 * state.pts[seat]
                - 20.0 * laps_down(su, state.x, seat) + 10.0 * progress / SPACES)
    if kind in (PUR, PEQ):
        if 2 in sts:
            return -1000.0
        progress = (min(xs) + 0.25 * max(xs)) / 1.25 if per == 2 else xs[0]
        return 10.0 * progress / SPACES + 20.0 * sum(1 for s in sts if s == 1)
    if kind == ELI:
        if sts[0] == 2:
            return -1000.0 + len(state.elim)
        return 10.0 * xs[0] / SPACES + (8.0 if sts[0] == 1 else 0.0)
    if kind == CAG:
        return -40.0 * state.paid[seat] / max(1, su.stake) + 10.0 * xs[0] / SPACES + (8.0 if sts[0] == 1 else 0.0)
    return 0.0


def evaluate(state, seat: int) -> float:
    """Worth of ``state`` for ``seat`` in [0, 1]: the result once over, else a logistic of the lead."""
    n = state.setup.players
    if state.is_over():
        result = state.result()
        if seat in result.winners:
            return 1.0
        pos = result.ranking.index(seat)
        return 0.45 * (1.0 - pos / max(1, n - 1))
    mine = standing(state, seat)
    best = max(standing(state, s) for s in range(n) if s != seat)
    z = max(-30.0, min(30.0, (mine - best) / 8.0))
    return 0.02 + 0.96 / (1.0 + math.exp(-z))


def rollout_action(state, seat: int, rng: Any) -> Action:
    """Fast simulated play: the throw when it is the only move, else a random choice."""
    legal = state.legal_actions(seat)
    return legal[0] if len(legal) == 1 else rng.choice(legal)
