"""Hard's plan of its own turn (pure): the dice of a roll given out and the riders moved as one plan.

Once its dice are on the table, a seat makes several decisions in a row before anybody else plays: which rider takes
which die, where each rider stops (one cell at a time), the descent cells. Scoring each of them alone, by the race
right after it, guesses what the riders still to move will do with the dice left. This module searches those
decisions together, in *moves*: a rider's whole move to one of the cells it can reach with its die (the safest way
there, :func:`.rules.reach.reach_table`), or stopping where it stands; a die choice; a descent cell. So the first
rider can stop where it opens a cell for the second one, or right behind it (an entraide next turn), and the die
that fits a rider best is known before it is given.

* The search goes depth first over the seat's own decisions to the end of its turn, where the race is scored by
  :func:`.hard_eval.evaluate` (``WHOLE = 0``: it stops once the dice are all given and lets the evaluation guess the
  last rider's move).
* A move that rolls (a danger cell, a power roll, a diagonal between two bikes) is played out in ``CHANCE_WORLDS``
  imagined rolls, the same for every move of the decision, and the plan goes on from each outcome (a crash, a
  failed power roll, on its feet): the dice are never known before the move is chosen.
* Of a rider's moves that leave dice to give, the ``KEEP`` best where they end are searched further; a decision
  with more than ``BUDGET`` moves played stops looking deeper and scores what it reaches.
* The move chosen is remembered: its next cells are played without searching again while the race is as planned.

Measured on 27 November 2026 (issue 28, docs/bots/velomaster.md, "Planning the seat's whole turn"), against Hard
deciding each action alone (``ENABLED = 0``, the one-ply search of :mod:`.hard_bot`): Expert Salzburg, seeds
5000-5099, 32 wins of 100 against 30; Expert Aurillac, fresh seeds 6100-6199, 34 against 16; Pro Aurillac, seeds
8000-8049, 11 of 50 against 14; then Pro on 200 fresh seeds (7100-7199 Salzburg, 8100-8199 Aurillac), 74 against 61.
So Hard plans its turn at every level (Débutant not measured).
"""

from __future__ import annotations

from typing import Any

from ..engine.bots import EnoughThinking
from . import hard_eval, tour_bots
from .rules.actions import Step, step_actions, stop_action
from .rules.board import occupied
from .rules.codes import P_ASSIGN, P_DESCENT, P_LAUNCH, P_MOVE
from .rules.play import assign_options
from .rules.reach import reach_table
from .rules.state import FIELDS
from .rules.tour import T_RACE, TourState

SIGNATURE = tuple(f for f in FIELDS if f != "rng")  # a race but for its dice to come
OWN = (P_ASSIGN, P_LAUNCH, P_MOVE, P_DESCENT)  # the seat's own decisions once its dice are rolled

ENABLED = 1  # 0: Hard decides each action alone (the one-ply search of :mod:`.hard_bot`), for measuring
CHANCE_WORLDS = 16  # imagined rolls of a move that rolls
KEEP = 3  # a rider's moves searched further, when dice are left to give
ROOT_KEEP = 6  # the same for the decision being made
BUDGET = 4000  # moves played in one decision before the search stops going deeper
WHOLE = 1  # 0: the last rider's move is left to the evaluation's guess (measured: 28 of 100 where 1 won 32)


def worth(state: Any, seat: int) -> float:
    """Hard's worth of a race, or of a tour (the stage being raced as a race, else as Normal reckons it)."""
    if isinstance(state, TourState):
        if state.phase != T_RACE:
            return tour_bots.evaluate(state, seat)
        state = state.race
    return hard_eval.evaluate(state, seat)


def signature(s: Any) -> tuple:
    """What identifies a race but for its dice to come (a key for values worked out once per race)."""
    return tuple(getattr(s, f) for f in SIGNATURE)


def race_of(state: Any) -> Any:
    """The race being played (a tour's stage), or None between a tour's stages."""
    if isinstance(state, TourState):
        return state.race if state.phase == T_RACE else None
    return state


def plans(state: Any, seat: int) -> bool:
    """Does the planner decide here: ``seat``'s own decisions of a race (at every level), not in a tour's stages
    (left to the one-ply search)?"""
    return bool(ENABLED) and not isinstance(state, TourState) \
        and not state.is_over() and state.phase in OWN and state.to_act() == (seat,)


def plan_key(s) -> tuple:
    """What identifies a point of a move: the turn, the rider and the cells it rode through."""
    return s.turns, s.phase, s.moving_rider, s.move_path, s.status


class Planner:
    """One decision's search, in one imagined race (the view's secrets drawn once: a plan rolls no die of its own
    but through ``rolls``, the imagined rng states every move that rolls is played out with)."""

    def __init__(self, me: int, rolls: list[int]):
        self.me = me
        self.rolls = rolls
        self.budget = BUDGET  # read at each decision, so that an experiment may change it
        self.played = 0
        self.values: dict[tuple, float] = {}
        self.scores: dict[tuple, float] = {}

    def in_turn(self, s) -> bool:
        return not s.is_over() and s.phase in OWN and s.to_act() == (self.me,)

    def score(self, s) -> float:
        """The evaluation of one race reached (once per race: many outcomes are the same race)."""
        key = signature(s)
        v = self.scores.get(key)
        if v is None:
            v = self.scores[key] = worth(s, self.me)
        return v

    def moves(self, s) -> list[tuple]:
        """The moves open at ``s``: action sequences, each a die choice, a descent choice or a whole move."""
        if s.phase != P_MOVE:
            return [(a,) for a in s.legal_actions(self.me)]
        r = s.moving_rider
        stop = stop_action(r)
        occ = set(occupied(s)) - {s.pos[r]}
        table = reach_table(s, s.pos[r], s.move_die - s.move_used, occ, s.move_path)
        steps = step_actions(r)
        out = [(stop,)]
        for c in sorted(table):
            out.append(tuple(steps[x] for x in table[c][2]) + (stop,))
        return out

    def _run(self, s, move: tuple, start: int, chance: bool):
        """Play ``move`` from its action ``start`` while it stays legal. Returns (race, index of the action that
        rolled or None); with ``chance`` the rolls are played through."""
        for i in range(start, len(move)):
            a = move[i]
            if not self.in_turn(s) or a not in s.legal_actions(self.me):
                break
            after, events = s._apply(self.me, a)
            self.played += 1
            if not chance and any(e.reveals for e in events):
                return s, i
            s = after
        return s, None

    def outcomes(self, s, move: tuple) -> list:
        """The races ``move`` can lead to, equally likely: one if it rolls nothing, else one per imagined roll."""
        at, i = self._run(s, move, 0, False)
        if i is None:
            return [at]
        out = []
        for rng in self.rolls:
            w = at._work()
            w.rng = rng
            out.append(self._run(w, move, i, True)[0])
        return out

    def more_to_give(self, s) -> bool:
        """Will the seat still give a die after this point of its turn?"""
        return s.phase == P_ASSIGN or (s.phase in (P_MOVE, P_DESCENT) and bool(assign_options(s)))

    def value(self, s) -> float:
        """The race's worth to the seat with the rest of its turn played as well as this search sees it."""
        if not self.in_turn(s) or (not WHOLE and s.phase != P_ASSIGN and not self.more_to_give(s)):
            return self.score(s)
        key = signature(s)
        v = self.values.get(key)
        if v is None:
            if self.played > self.budget:
                v = self.score(s)
            else:
                v = max(m for m, _ in self.ranked(s, KEEP))
            self.values[key] = v
        return v

    def mean(self, outs: list, deep: bool) -> float:
        if deep:
            return sum(self.value(o) for o in outs) / len(outs)
        return sum(self.score(o) for o in outs) / len(outs)

    def ranked(self, s, keep: int) -> list[tuple[float, tuple]]:
        """(value, move) of the moves at ``s``: a rider's moves that leave dice to give are first scored as they
        end, and the ``keep`` best searched further; die choices and descent choices are all searched."""
        return [(self.mean(self.outcomes(s, m), True), m) for m in self.shortlist(s, keep)]

    def shortlist(self, s, keep: int) -> list[tuple]:
        """The moves at ``s`` worth searching further: a rider's moves that leave dice to give scored as they end,
        the ``keep`` best kept; every die choice and descent choice."""
        moves = self.moves(s)
        if s.phase == P_MOVE and self.more_to_give(s):
            first = [(self.mean(self.outcomes(s, m), False), m) for m in moves]
            first.sort(key=lambda x: -x[0])
            return [m for _, m in first[:keep]]
        return moves


def search(world, me: int, rolls: list[int], rng) -> Any:
    """A generator (progress, then the plan): the best move at ``world`` as its actions, anytime."""
    planner = Planner(me, rolls)
    deep = world.phase != P_MOVE or planner.more_to_give(world)
    moves = planner.shortlist(world, ROOT_KEEP)
    best: list[tuple[float, int]] = []
    try:
        yield 0.2
        for i, m in enumerate(moves):
            best.append((planner.mean(planner.outcomes(world, m), deep), i))
            yield (i + 1) / len(moves)
    except EnoughThinking:
        pass
    if not best:
        return moves[0]
    top = max(v for v, _ in best)
    return moves[rng.choice([i for v, i in best if v >= top - 1e-9])]


def followed(plan: list, s) -> Any:
    """The next action of a remembered plan, if the race is where the plan expected (else None)."""
    if not plan:
        return None
    key, action = plan[0]
    if key != plan_key(s) or action not in s.legal_actions(s.to_act()[0]):
        return None
    return action


def remember(world, move: tuple) -> list:
    """The rest of a move (its cells after the first) with the point of the move each is played from."""
    if len(move) < 2 or not isinstance(move[0], Step):
        return []
    out = []
    path = world.move_path
    for j in range(1, len(move)):
        path = path + (move[j - 1].cell,)
        out.append(((world.turns, P_MOVE, world.moving_rider, path, world.status), move[j]))
    return out


__all__ = ["BUDGET", "CHANCE_WORLDS", "ENABLED", "KEEP", "Planner", "plans", "race_of", "search", "signature", "worth"]
