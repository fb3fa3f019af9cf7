"""Hard's VeloMaster bot (pure): a one-ply search that takes the dice seriously.

Every legal action is tried in worlds imagined from the bot's own view (``determinize``: fresh dice, the other
teams' secrets drawn) and the race after it is scored by :func:`.hard_eval.evaluate`:

* an action that rolls no die (no event reveals chance) leads to the same race in every world: it is scored once;
* an action that rolls (a danger cell's skill roll, a climb's power roll, a jump) is scored in every world, all
  actions in the same worlds (common dice), so a 1-in-10 crash weighs about what it should;
* an action after which the seat must roll its dice (Pro: announcing an attack, or rolling at once) is followed by
  that roll, so an attack is judged by the dice it brings, not by the condition it costs alone.

Anytime: told to finish (``EnoughThinking``), it answers with the best action over the worlds scored so far.

Once the seat's dice are rolled, its own decisions up to the end of its turn (which rider takes which die, each
rider's cells, the descent cells) are planned together by :mod:`.hard_plan` instead (``hard_plan.ENABLED``; at
every level, not in a tour's stages).
"""

from __future__ import annotations

from typing import Any

from ..engine.bots import BOT_KINDS, Bot, EnoughThinking, Thinking
from . import bots, hard_eval, hard_plan
from .hard_plan import race_of, signature, worth
from .rules.actions import ROLL
from .rules.codes import P_ENTRAIDE, P_ROLL, P_VOTE
from .rules.tour import TourState


def _worth(state: Any, seat: int, known: dict) -> float:
    """:func:`worth`, once per race reached: most rolls end in a few outcomes (on its feet, down for a turn…) that
    differ only by the dice to come."""
    if isinstance(state, TourState):
        return worth(state, seat)
    key = signature(state)
    value = known.get(key)
    if value is None:
        value = known[key] = worth(state, seat)
    return value


SETTLED = (P_VOTE, P_ENTRAIDE)  # votes on an accélération, and the bikes' jumps of an entraide or accélération
SETTLE_LIMIT = 12  # decisions at most


def settle(state: Any, me: int) -> tuple[Any, bool]:
    """Play out the votes and jumps ``state`` is waiting for, each seat choosing as Normal would (its own worth of
    every choice, in this world; the bot's own bikes by Hard's worth): an accélération is judged by where the line
    ends, not by a guess. Returns (the race after, whether chance came into it)."""
    chance = False
    for _ in range(SETTLE_LIMIT):
        race = race_of(state)
        if race is None or state.is_over() or race.phase not in SETTLED:
            break
        x = state.to_act()[0]
        legal = state.legal_actions(x)
        best = None
        for action in legal:
            after, events = state._apply(x, action)
            if len(legal) == 1:
                best = (0.0, after, events)
                break
            r = race_of(after)
            value = 0.0 if r is None else hard_eval.evaluate(r, me) if x == me else bots.evaluate(r, x)
            if best is None or value > best[0]:
                best = (value, after, events)
        assert best is not None
        state = best[1]
        chance = chance or any(e.reveals for e in best[2])
    return state, chance


def play(world: Any, seat: int, action: Any) -> tuple[Any, bool]:
    """(the race after ``action``, whether chance came into it); a roll the seat must then make is made too, and
    the votes and jumps the race then waits for are played out (:func:`settle`)."""
    after, events = world._apply(seat, action)
    chance = any(e.reveals for e in events)
    race = race_of(after)
    if not after.is_over() and getattr(race, "phase", None) == P_ROLL and after.to_act() == (seat,) \
            and tuple(after.legal_actions(seat)) == (ROLL,):
        after, _ = after._apply(seat, ROLL)
        chance = True
    after, more = settle(after, seat)
    return after, chance or more


class HardBot(Bot):
    """See the module. ``level.iterations`` is the number of worlds an action that rolls is scored in."""

    def _start(self, view, legal, rng) -> Thinking:
        worlds = max(1, self.level.iterations)
        if hard_plan.ENABLED:  # the seat's own turn once its dice are rolled: planned as a whole
            world = self.game.determinize(view, rng.getrandbits(64))
            if hard_plan.plans(world, self.seat):
                return Thinking(self._plan(world, rng), len(legal))
        self._planned = []
        return Thinking(self._search(view, legal, rng, worlds), len(legal) * worlds)

    def _plan(self, world, rng):
        """The next action of the plan of the seat's turn (:mod:`.hard_plan`); the rest of a move is remembered."""
        plan = getattr(self, "_planned", [])
        action = hard_plan.followed(plan, world)
        if action is not None:
            self._planned = plan[1:]
            return action
        rolls = [rng.getrandbits(64) for _ in range(hard_plan.CHANCE_WORLDS)]
        move = yield from hard_plan.search(world, self.seat, rolls, rng)
        self._planned = hard_plan.remember(world, move)
        return move[0]

    def _search(self, view, legal, rng, count: int):
        game, me = self.game, self.seat
        worlds = [game.determinize(view, rng.getrandbits(64))]
        known: dict[tuple, float] = {}  # the worth of each race reached, whatever its dice to come
        sums = [0.0] * len(legal)
        seen = [0] * len(legal)
        chancy: list[int] = []
        done = 0
        total = len(legal) * count
        try:
            for i, action in enumerate(legal):
                after, chance = play(worlds[0], me, action)
                sums[i] += _worth(after, me, known)
                seen[i] = 1
                if chance:
                    chancy.append(i)
                done += count if not chance else 1
                yield done / total
            for _ in range(1, count if chancy else 1):
                world = game.determinize(view, rng.getrandbits(64))
                for i in chancy:
                    after, _ = play(world, me, legal[i])
                    sums[i] += _worth(after, me, known)
                    seen[i] += 1
                    done += 1
                    yield done / total
        except EnoughThinking:  # out of time: the best over the worlds scored so far
            pass
        means = [(sums[i] / seen[i], i) for i in range(len(legal)) if seen[i]]
        if not means:
            return rng.choice(legal)
        top = max(m for m, _ in means)
        return legal[rng.choice([i for m, i in means if m >= top - 1e-9])]


BOT_KINDS.setdefault("velomaster-hard", HardBot)

__all__ = ["HardBot", "play"]
