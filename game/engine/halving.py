"""Sequential halving over candidate moves (pure), shared by the Hard searches of the card games.

Each candidate is tried in imagined world 0, 1, 2… in turn (the same worlds for every candidate: common random
numbers, so two candidates' difference is theirs, not the deal's); the budget is split evenly between
ceil(log2(candidates)) rounds, and after each round the better half of the candidates goes on. A generator: it
yields its progress in [0, 1] after every try and returns the index of the chosen candidate. Anytime: told to
stop (:class:`.bots.EnoughThinking`, the table's clock) it returns the best of the candidates tried in as many
worlds as the most tried, so a candidate lucky in fewer worlds does not win by having been tried less.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Generator

from .bots import EnoughThinking


def sequential_halving(count: int, budget: float, try_one: Callable[[int, int], tuple[float, float]],
                       *, pass_each_round: bool = True) -> Generator[float, None, int]:
    """Spread ``budget`` over candidates ``0..count-1``. ``try_one(candidate, world)`` plays the candidate in
    imagined world number ``world`` and answers (its value, what the try cost of the budget). A round makes whole
    passes over the live candidates until it has spent its share; ``pass_each_round``: at least one pass even
    when the budget is already spent (else a round with no share left is skipped)."""
    sums = [0.0] * count
    counts = [0] * count
    alive = list(range(count))
    rounds = max(1, math.ceil(math.log2(count)))
    used = 0.0
    try:
        for rnd in range(rounds):
            share = (budget - used) / (rounds - rnd)
            spent = 0.0
            while spent < share or (pass_each_round and spent == 0):
                for i in alive:
                    value, cost = try_one(i, counts[i])
                    sums[i] += value
                    counts[i] += 1
                    spent += cost
                    used += cost
                    yield min(1.0, used / budget) if budget > 0 else 1.0
            if rnd < rounds - 1 and len(alive) > 1:
                alive.sort(key=lambda i: -sums[i] / counts[i])  # stable: ties keep the candidates' order
                del alive[(len(alive) + 1) // 2:]
    except EnoughThinking:  # out of time: the best of what was tried
        pass
    tried = [i for i in alive if counts[i]] or [i for i in range(count) if counts[i]]
    if not tried:
        return 0
    most = max(counts[i] for i in tried)
    return max((i for i in tried if counts[i] == most), key=lambda i: (sums[i] / counts[i], -i))


__all__ = ["sequential_halving"]
