"""Velonimo's Hard computer player (pure): Normal's rollout search, thinking longer, and imagining its
rivals as players who think rather than as the racing sense itself.

The racing sense (:mod:`.policy`) counter-attacks whenever it can. Players who think do not: the
search players pass about a third of the time when the racing sense would counter-attack (measured
over 1,900 decisions of Normal players in 4-player games and 1,100 in Duels), more often against a
strong attack, rarely with only a card or two left. Imagining every rival as the racing sense, a
search expects a lead to be answered far more often than it is, and overrates keeping its big lines
for counter-attacks. Hard's play-outs let the rivals pass with :func:`thinking_pass_chance`
instead (its own moves in the play-outs stay the racing sense's). Each imagined deal keeps its own
random draws for those passes, shared by every candidate move (common random numbers).
"""

from __future__ import annotations

from random import Random
from typing import Any

from ..engine.bots import BOT_KINDS
from .bots import SearchBot, rollout_value
from .rules import VelonimoState


def thinking_pass_chance(cards: int, value: int) -> float:
    """The chance that a thinking rival holding ``cards`` cards passes when the racing sense would
    counter-attack a play worth ``value`` (never asked when the counter-attack would take them out)."""
    if cards <= 2:
        return 0.05
    base = 0.12 if value < 20 else 0.30 if value < 30 else 0.48
    return min(0.6, base + 0.02 * (cards - 6))


class HardBot(SearchBot):
    """:class:`~game.velonimo.bots.SearchBot` whose play-outs imagine thinking rivals (see the module)."""

    def _start(self, view, legal, rng):
        self._draws = rng.getrandbits(64)  # the seed of each imagined deal's rivals' passes
        return super()._start(view, legal, rng)

    def _rollout_value(self, after: VelonimoState, me: int, world: int) -> tuple[float, int]:
        rnd: Any = Random(self._draws + world)
        return rollout_value(after, me, rnd, thinking_pass_chance)


BOT_KINDS.setdefault("velonimo-hard", HardBot)
