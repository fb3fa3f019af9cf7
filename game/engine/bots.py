"""Generic computer players (pure). They receive a seat's View and legal actions, never a State.

* :class:`RandomBot`  a uniform legal move;
* :class:`GreedyBot`  one ply: imagine hidden information (``determinize``), try every move,
  score with the game's evaluator, keep the best (``noise`` = chance of a random move);
* :class:`IsmctsBot`  single-observer information-set Monte Carlo tree search
  (Cowling, Powley & Whitehouse 2012): each iteration imagines a state consistent with the view,
  walks the shared tree with UCB (availability counts), rolls out with the game's rollout
  policy for a few moves, and scores with the evaluator. Simultaneous legs (several seats in
  ``to_act``) are searched decoupled: each seat chooses from its own statistics.

A decision is a :class:`Thinking` that advances in slices (``step(work)``), so the UI keeps
drawing frames while a bot thinks. Levels are budgets (see ``GameSpec.levels``).
"""

from __future__ import annotations

import math
import random
from typing import Iterator, Sequence

from .protocol import Action, BotLevel, GameSpec, State, View


class EnoughThinking(Exception):
    """Thrown into a search by :meth:`Thinking.finish`: stop now and answer with the best move found so far."""


class Thinking:
    """A decision in progress. ``step(work)`` does up to ``work`` units; ``done`` then ``action``.

    Searches are anytime: ``finish()`` (the caller's clock ran out: the engine keeps no clock) makes the search
    answer at once with the best move it has found."""

    def __init__(self, gen: Iterator[float], total: int):
        self._gen = gen
        self.total = max(1, total)
        self.done = False
        self.action: Action | None = None
        self.progress = 0.0

    def finish(self) -> Action:
        """Stop thinking and answer now (the search's best move so far)."""
        if not self.done:
            try:
                self._gen.throw(EnoughThinking())
            except StopIteration as stop:
                self.action = stop.value
            else:  # a search that does not stop when told: let it run out
                self.run()
            self.done = True
            self.progress = 1.0
        assert self.action is not None
        return self.action

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
        if self.level.kind != "random":
            ruled = self.game.bot_choice(view, self.seat, tuple(legal))
            if ruled is not None:
                return _finished(ruled)
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
        try:
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
        except EnoughThinking:  # out of time: the best of the moves weighed so far
            pass
        return rng.choice(best or list(legal))


class _Edge:
    """One seat's statistics for one action at a node (UCB with availability counts)."""

    __slots__ = ("visits", "reward", "avail")

    def __init__(self) -> None:
        self.visits = 0
        self.reward = 0.0
        self.avail = 1


class _Node:
    """A decision point of the shared tree.

    ``edges[seat][action]`` are each deciding seat's own statistics; ``children`` are keyed by the
    joint choice of every seat that decided here. Where several seats decide at once (a
    simultaneous leg: secret picks, votes) each chooses from its own statistics only, so no seat's
    choice in the tree depends on another's choice in the same leg (decoupled UCT). A seat therefore
    cannot "react" to a secret pick, whatever order the real picks are submitted in."""

    __slots__ = ("edges", "children")

    def __init__(self) -> None:
        self.edges: dict[int, dict[Action, _Edge]] = {}
        self.children: dict[tuple, _Node] = {}


def _ucb_choice(edges: dict[Action, _Edge], actions: Sequence[Action], c: float, rng: random.Random):
    """An untried action if any (added to ``edges``), else the best by UCB (availability counts)."""
    untried = [a for a in actions if a not in edges]
    if untried:
        action = rng.choice(untried)
        edges[action] = _Edge()
        return action, True
    best_value = -math.inf
    action = actions[0]
    for a in actions:
        edge = edges[a]
        edge.avail += 1
        value = edge.reward / edge.visits + c * math.sqrt(math.log(edge.avail) / edge.visits)
        if value > best_value:
            best_value, action = value, a
    return action, False


class IsmctsBot(Bot):
    """Information-set MCTS over determinizations of the bot's view.

    Each iteration imagines a world from the view with the other seats' pending secret picks of
    the current leg taken back (``GameSpec.determinize_leg``): a pick made before the bot's is as
    unknown to it as one made after, so the bot searches the same leg either way."""

    def _start(self, view, legal, rng):
        iterations = max(1, self.level.iterations)
        return Thinking(self._search(view, legal, rng, iterations), iterations)

    def _search(self, view: View, legal: tuple[Action, ...], rng: random.Random, iterations: int):
        game, me = self.game, self.seat
        c = self.level.exploration
        depth_limit = self.level.rollout_depth
        root = _Node()
        root_legal = set(legal)
        for it in range(iterations):
            state: State = game.determinize_leg(view, rng.getrandbits(64))
            node = root
            path: list[tuple[_Node, tuple]] = []
            # selection / expansion
            while not state.is_over():
                seats = state.to_act()
                expanded = False
                joint = []
                for seat in seats:
                    if node is root and seat == me:
                        actions = [a for a in state.legal_actions(seat) if a in root_legal] or list(legal)
                    else:
                        actions = state.legal_actions(seat)
                    action, new = _ucb_choice(node.edges.setdefault(seat, {}), actions, c, rng)
                    expanded = expanded or new
                    joint.append((seat, action))
                for seat, action in joint:
                    state, _ = state._apply(seat, action)
                key = tuple(joint)
                path.append((node, key))
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = _Node()
                node = child
                if expanded:
                    break
            # rollout
            depth = 0
            while depth < depth_limit and not state.is_over():
                seats = state.to_act()
                seat = seats[0] if len(seats) == 1 else rng.choice(seats)
                state, _ = state._apply(seat, game.rollout_action(state, seat, rng))
                depth += 1
            # evaluation and backpropagation
            rewards: dict[int, float] = {}
            for n, joint in path:
                for seat, action in joint:
                    reward = rewards.get(seat)
                    if reward is None:
                        reward = rewards[seat] = game.evaluate(state, seat)
                    edge = n.edges[seat][action]
                    edge.visits += 1
                    edge.reward += reward
            try:
                yield (it + 1) / iterations
            except EnoughThinking:  # out of time: the most visited move so far
                break
        mine = root.edges.get(me, {})
        choices = [(edge.visits, a) for a, edge in mine.items() if a in root_legal]
        if not choices:
            return rng.choice(legal)
        most = max(v for v, _ in choices)
        return rng.choice([a for v, a in choices if v == most])


BOT_KINDS = {"random": RandomBot, "greedy": GreedyBot, "ismcts": IsmctsBot}


def make_bot(game: GameSpec, seat: int, level_name: str) -> Bot:
    level = game.bot_level(level_name)
    return BOT_KINDS[level.kind](game, seat, level)
