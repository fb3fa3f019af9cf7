"""Mille Bornes computer players (pure): bot kinds and levels over the policy of :mod:`.policy`.

* ``millebornes-policy`` (Easy with noise, Normal): the policy from the seat's own view;
* ``millebornes-search`` (Hard): the policy with card counting names the moves to try (every
  play but a safety worth keeping for a Coup Fourré (:func:`.search.keeps_for_coup_fourre`), every
  discard, the draws and its exchange); each is tried in worlds imagined
  from the view (:class:`.belief.Worlds`), the game played on by the policy for every seat for two dozen
  moves and the result scored by :func:`.outlook.evaluate` (teams: :func:`.policy.evaluate`). Every move
  is tried in the same worlds (common random numbers); sequential halving spreads the budget. Coup Fourré
  questions are answered by the policy at once: saying yes is never worse.

Randomness comes only from the ``random.Random`` a bot is given and the int RNG of imagined states.
"""

from __future__ import annotations

from ...engine.bots import BOT_KINDS, Bot, Thinking
from ...engine.protocol import Action, BotLevel
from .outlook import evaluate
from .policy import rollout_action
from .reading import HandReader
from .search import candidates, play_out, search
from .setup import ASKED

READ_HANDS = 1  # Hard reads the opponent's hand from its moves (two players; 0: dealt at random)

LEVELS = {
    "random": BotLevel("random"),
    "easy": BotLevel("millebornes-policy", noise=0.3),
    "normal": BotLevel("millebornes-policy"),
    "hard": BotLevel("millebornes-search", iterations=2500, rollout_depth=24),
}


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


class SearchBot(Bot):
    """Hard: tries the candidate moves in imagined worlds, the rest played by the policy (see :mod:`.search`).
    With ``READ_HANDS`` it follows the table from one of its decisions to the next and deals the opponent's hand
    as its moves say it is (two players: :class:`.reading.HandReader`)."""

    reader: HandReader | None = None

    def _start(self, view, legal, rng) -> Thinking:
        if READ_HANDS:
            if self.reader is None:
                self.reader = HandReader(self.game, self.seat)
            self.reader.observe(view)
        world = self.game.determinize(view, rng.getrandbits(64))
        if world.phase == ASKED:
            return _finished(rollout_action(world, self.seat))
        cands = candidates(world, self.seat, legal)
        if len(cands) == 1:
            return _finished(cands[0])
        budget = max(len(cands) * 4, self.level.iterations)
        reader = self.reader if READ_HANDS else None
        return Thinking(search(self.game, view, self.seat, cands, rng, budget, self.level.rollout_depth, reader), budget)


BOT_KINDS.setdefault("millebornes-policy", PolicyBot)
BOT_KINDS.setdefault("millebornes-search", SearchBot)

__all__ = ["LEVELS", "PolicyBot", "SearchBot", "candidates", "evaluate", "play_out", "rollout_action"]
