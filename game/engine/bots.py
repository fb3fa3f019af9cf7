"""Generic computer players (pure). They receive a seat's View and legal actions, never a State.

* :class:`RandomBot`  a uniform legal move;
* :class:`GreedyBot`  one ply: imagine hidden information (``determinize``), try every move,
  score with the game's evaluator, keep the best (``noise`` = chance of a random move);
* :class:`IsmctsBot`  single-observer information-set Monte Carlo tree search
  (Cowling, Powley & Whitehouse 2012): each iteration imagines a state consistent with the view,
  walks the shared tree with UCB (availability counts), rolls out with the game's rollout
  policy for a few moves, and scores with the evaluator.

A decision is a :class:`Thinking` that advances in slices (``step(work)``), so the UI keeps
drawing frames while a bot thinks. Levels are budgets (see ``GameSpec.levels``).
"""

from __future__ import annotations

import math
import random
from typing import Iterator, Sequence

from .protocol import Action, BotLevel, GameSpec, State, View


class Thinking:
    """A decision in progress. ``step(work)`` does up to ``work`` units; ``done`` then ``action``."""

    def __init__(self, gen: Iterator[float], total: int):
        self._gen = gen
        self.total = max(1, total)
        self.done = False
        self.action: Action | None = None
        self.progress = 0.0

    def step(self, work: int = 1_000_000) -> bool:
        if self.done:
            return True
        try:
            for _ in range(max(1, work)):
                self.progress = next(self._gen)
        except StopIteration as stop:
            self.action = stop.value
            self.done = True
            self.progress = 1.0
        return self.done

    def run(self) -> Action:
        while not self.step():
            pass
        assert self.action is not None
        return self.action


def _finished(action: Action) -> Thinking:
    def gen() -> Iterator[float]:
        return action
        yield 0.0  # pragma: no cover - makes this a generator

    return Thinking(gen(), 1)


class Bot:
    """Base: ``start(view, legal, seed)`` returns a :class:`Thinking`."""

    def __init__(self, game: GameSpec, seat: int, level: BotLevel):
        self.game = game
        self.seat = seat
        self.level = level

    def start(self, view: View, legal: Sequence[Action], seed: int) -> Thinking:
        if not isinstance(view, View):
            raise TypeError("bots receive only a View")
        if not legal:
            raise ValueError("a bot was asked to move with no legal action")
        rng = random.Random(seed)
        if len(legal) == 1:
            return _finished(legal[0])
        return self._start(view, tuple(legal), rng)

    def _start(self, view: View, legal: tuple[Action, ...], rng: random.Random) -> Thinking:
        raise NotImplementedError


class RandomBot(Bot):
    def _start(self, view, legal, rng):
        return _finished(rng.choice(legal))


class GreedyBot(Bot):
    def _start(self, view, legal, rng):
        if rng.random() < self.level.noise:
            return _finished(rng.choice(legal))
        samples = max(1, self.level.iterations)
        return Thinking(self._search(view, legal, rng, samples), len(legal) * samples)

    def _search(self, view: View, legal: tuple[Action, ...], rng: random.Random, samples: int):
        game, seat = self.game, self.seat
        worlds = [game.determinize(view, rng.getrandbits(64)) for _ in range(samples)]
        best: list[Action] = []
        best_score = -math.inf
        done = 0
        for action in legal:
            total = 0.0
            for world in worlds:
                after, _ = world._apply(seat, action)
                total += game.evaluate(after, seat)
                done += 1
                yield done / (len(legal) * samples)
            if total > best_score + 1e-9:
                best, best_score = [action], total
            elif abs(total - best_score) <= 1e-9:
                best.append(action)
        return rng.choice(best)


class _Node:
    __slots__ = ("seat", "children", "visits", "reward", "avail")

    def __init__(self, seat: int):
        self.seat = seat  # the seat that chose the action leading here
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 1


class IsmctsBot(Bot):
    def _start(self, view, legal, rng):
        iterations = max(1, self.level.iterations)
        return Thinking(self._search(view, legal, rng, iterations), iterations)

    def _search(self, view: View, legal: tuple[Action, ...], rng: random.Random, iterations: int):
        game, me = self.game, self.seat
        c = self.level.exploration
        depth_limit = self.level.rollout_depth
        root = _Node(me)
        root_legal = set(legal)
        for it in range(iterations):
            state: State = game.determinize(view, rng.getrandbits(64))
            node = root
            path = [root]
            # selection / expansion
            seat, actions = me, legal  # at the root: this bot's own decision
            while not state.is_over():
                if node is not root:
                    seat = state.to_act()[0]
                    actions = state.legal_actions(seat)
                untried = [a for a in actions if a not in node.children]
                if untried:
                    action = rng.choice(untried)
                    child = _Node(seat)
                    node.children[action] = child
                    state, _ = state._apply(seat, action)
                    path.append(child)
                    break
                best_value = -math.inf
                action = actions[0]
                for a in actions:
                    ch = node.children[a]
                    ch.avail += 1
                    value = ch.reward / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                    if value > best_value:
                        best_value, action = value, a
                node = node.children[action]
                state, _ = state._apply(seat, action)
                path.append(node)
            # rollout
            depth = 0
            while depth < depth_limit and not state.is_over():
                seat = state.to_act()[0]
                state, _ = state._apply(seat, game.rollout_action(state, seat, rng))
                depth += 1
            # evaluation and backpropagation
            rewards: dict[int, float] = {}
            for n in path[1:]:
                if n.seat not in rewards:
                    rewards[n.seat] = game.evaluate(state, n.seat)
                n.visits += 1
                n.reward += rewards[n.seat]
            root.visits += 1
            yield (it + 1) / iterations
        choices = [(ch.visits, a) for a, ch in root.children.items() if a in root_legal]
        most = max(v for v, _ in choices)
        return rng.choice([a for v, a in choices if v == most])


BOT_KINDS = {"random": RandomBot, "greedy": GreedyBot, "ismcts": IsmctsBot}


def make_bot(game: GameSpec, seat: int, level_name: str) -> Bot:
    level = game.bot_level(level_name)
    return BOT_KINDS[level.kind](game, seat, level)
