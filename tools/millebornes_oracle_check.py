"""How often does Mille Bornes' Hard choose as it would if it saw the opponent's hand? (issue 28; a measurement)

    .venv/bin/python tools/millebornes_oracle_check.py 401 412     # Hard against Normal, deals seeded 401-412

Hard plays Normal (2014 rules, seats alternating). At each of Hard's draws and plays with more than one move worth
searching, the same search (the same moves, budget and random numbers) is run three times: with the opponent's hand
dealt at random (``belief.Worlds``), dealt inside Hard's reading (``reading.HandReader``), and shown (the true hand
in every world, the draw pile still shuffled: the oracle, which won 76 of 100 deals where Hard won 61). It prints
how many decisions there were, how often each of the first two chose otherwise than the oracle, and the kinds of
move in those disagreements, and how many decisions only one of the two got as the oracle did (for a paired test).
About a minute a deal.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.engine.bots import make_bot  # noqa: E402
from game.millebornes.rules.reading import HandReader  # noqa: E402
from game.millebornes.rules.search import candidates, search  # noqa: E402
from game.registry import ENGINES  # noqa: E402
from tools.millebornes_worlds_check import move_kind  # noqa: E402


class Shown:
    """Deals the opponent's true hand into every world (the oracle)."""

    def __init__(self, me: int) -> None:
        self.me = me
        self.state = None

    def deal(self, world, rng: random.Random):
        opponent = 1 - self.me
        true = self.state.hands[opponent]
        pool = list(world.hands[opponent]) + list(world.deck)
        for card in true:
            pool.remove(card)
        rng.shuffle(pool)
        n = world._copy()
        hands = list(n.hands)
        hands[opponent] = true
        n.hands = tuple(hands)
        n.deck = tuple(pool)
        return n


def chosen(game, view, seat, cands, seed: int, reader) -> object:
    thinking = search(game, view, seat, cands, random.Random(seed), 2500, 24, reader)
    try:
        while True:
            next(thinking)
    except StopIteration as stop:
        return stop.value


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("first", type=int)
    parser.add_argument("last", type=int)
    args = parser.parse_args(argv)
    game = ENGINES["millebornes"]
    config = game.default_config("solo", 2)
    stats: Counter = Counter()
    for seed in range(args.first, args.last + 1):
        me = seed % 2
        normal = make_bot(game, 1 - me, "normal")
        hard = make_bot(game, me, "hard")
        reader = hard.reader = HandReader(game, me)  # Hard's own reader (it observes the same views again: no change)
        shown = Shown(me)
        state = game.new_state(config, seed)
        step = 0
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            if seat == me and len(legal) > 1 and state.phase_name in ("play", "draw"):
                view = state.view(me)
                reader.observe(view)
                cands = candidates(game.determinize(view, 1), me, legal)
                if len(cands) > 1:
                    shown.state = state
                    oracle = chosen(game, view, me, cands, seed * 7919 + step, shown)
                    stats["decisions"] += 1
                    agrees = {}
                    for name, how in (("random", None), ("read", reader)):
                        move = chosen(game, view, me, cands, seed * 7919 + step, how)
                        agrees[name] = move == oracle
                        if move != oracle:
                            stats[f"{name}: differs"] += 1
                            stats[f"{name}: {move_kind(move)} where the oracle: {move_kind(oracle)}"] += 1
                    if agrees["random"] != agrees["read"]:
                        stats["only " + ("random" if agrees["random"] else "read") + " agrees"] += 1
            bot = hard if seat == me else normal
            action = bot.start(state.view(seat), legal, seed * 1000 + step).run()
            state, _ = state.apply(seat, action)
            step += 1
    for key, count in sorted(stats.items(), key=lambda kv: (-kv[1], kv[0])):
        print(f"{count:6d}  {key}")


if __name__ == "__main__":
    main()
