"""Mille Bornes computer players (pure): bot kinds and levels over the policy of :mod:`.policy`.

* ``millebornes-policy`` (Easy with noise, Normal): the policy from the seat's own view;
* ``millebornes-search`` (Hard): the policy with card counting names a short list of moves (every
  play, the three cheapest discards, the draws and its exchange); each is tried in worlds imagined
  from the view (``determinize``), the game played on by the policy for every seat for two dozen
  moves and the result scored by :func:`.policy.evaluate`. Every move is tried in the same worlds
  (common random numbers); sequential halving spreads the budget. Coup Fourré questions are answered
  by the policy at once: saying yes is never worse.

Randomness comes only from the ``random.Random`` a bot is given and the int RNG of imagined states.
"""

from __future__ import annotations

import math
from typing import Any

from ...engine.bots import BOT_KINDS, Bot, Thinking
from ...engine.protocol import Action, BotLevel
from .actions import Discard, Exchange
from .policy import card_worth, evaluate, rollout_action
from .setup import ASKED, DRAW, OVER, PLAY

LEVELS = {
    "random": BotLevel("random"),
    "easy": BotLevel("millebornes-policy", noise=0.3),
    "normal": BotLevel("millebornes-policy"),
    "hard": BotLevel("millebornes-search", iterations=360, rollout_depth=24),
}

KEPT_DISCARDS = 3  # the search tries the cheapest discards only


def _finished(action: Action) -> Thinking:
    def gen():
        return action
        yield 0.0  # pragma: no cover - makes this a generator

    return Thinking(gen(), 1)


class PolicyBot(Bot):
    """Plays the policy from its own view (``noise``: the chance of a random legal move instead)."""

    def _start(self, view, legal, rng) -> Thinking:
        if self.level.noise and rng.random() < self.level.noise:
            return _finished(rng.choice(legal))
        world = self.game.determinize(view, rng.getrandbits(64))
        action = rollout_action(world, self.seat)
        return _finished(action if world.why_illegal(self.seat, action) is None else rng.choice(legal))


def play_out(state: Any, depth: int) -> Any:
    """The policy for every seat for ``depth`` moves, or until the hand (or the game) is over."""
    hand = state.hand_number
    for _ in range(depth):
        if state.phase == OVER or state.hand_number != hand:
            break
        seat = state.asked if state.phase == ASKED else state.turn
        state, _ = state._apply(seat, rollout_action(state, seat))
    return state


def candidates(world: Any, me: int, legal: tuple[Action, ...]) -> list[Action]:
    """The moves worth searching: every play, the cheapest discards, the draws and the policy's exchange."""
    phase = world.phase
    if phase == PLAY:
        hand = world.hands[me]
        plays = [a for a in legal if type(a) is not Discard]
        discards = sorted((a for a in legal if type(a) is Discard),
                          key=lambda a: (card_worth(world, me, a.card, hand), a.card))
        return plays + discards[:KEPT_DISCARDS]
    if phase == DRAW:
        out = [a for a in legal if type(a) is not Exchange]
        choice = rollout_action(world, me, counting=True)
        if type(choice) is Exchange:
            out.append(choice)
        return out
    return list(legal)


class SearchBot(Bot):
    """Hard: tries the candidate moves in imagined worlds, the rest played by the policy (see the module)."""

    def _start(self, view, legal, rng) -> Thinking:
        world = self.game.determinize(view, rng.getrandbits(64))
        if world.phase == ASKED:
            return _finished(rollout_action(world, self.seat))
        cands = candidates(world, self.seat, legal)
        if len(cands) == 1:
            return _finished(cands[0])
        budget = max(len(cands) * 4, self.level.iterations)
        return Thinking(self._search(view, cands, rng, budget), budget)

    def _search(self, view, cands: list[Action], rng: Any, budget: int):
        game, me = self.game, self.seat
        depth = self.level.rollout_depth
        worlds: list[Any] = []
        sums = [0.0] * len(cands)
        counts = [0] * len(cands)
        alive = list(range(len(cands)))
        rounds = max(1, math.ceil(math.log2(len(cands))))
        used = 0
        for rnd in range(rounds):
            share = (budget - used) / (rounds - rnd)
            spent = 0
            while spent < share or spent == 0:
                for i in alive:
                    j = counts[i]
                    while len(worlds) <= j:
                        worlds.append(game.determinize(view, rng.getrandbits(64)))
                    after, _ = worlds[j]._apply(me, cands[i])
                    sums[i] += evaluate(play_out(after, depth), me)
                    counts[i] += 1
                    spent += 1
                    used += 1
                    yield min(1.0, used / budget)
            if rnd < rounds - 1 and len(alive) > 1:
                alive.sort(key=lambda i: -sums[i] / counts[i])  # stable: ties keep the candidates' order
                alive = alive[:(len(alive) + 1) // 2]
        best = max(alive, key=lambda i: (sums[i] / counts[i], -i))
        return cands[best]


BOT_KINDS.setdefault("millebornes-policy", PolicyBot)
BOT_KINDS.setdefault("millebornes-search", SearchBot)

__all__ = ["LEVELS", "PolicyBot", "SearchBot", "candidates", "evaluate", "play_out", "rollout_action"]
