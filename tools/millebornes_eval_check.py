"""Two quick measurements of what Mille Bornes' Hard is built on (issue 28), 2 players, seats alternating:

    .venv/bin/python tools/millebornes_eval_check.py calibration [--classic] [--deals 1500] [--seed 10001]
    .venv/bin/python tools/millebornes_eval_check.py policy [--classic] [--deals 4000] [--seed 1] [NAME=VALUE ...]

``calibration`` plays Normal against Normal and, at every seventh move, asks Hard's evaluation
(:func:`game.millebornes.rules.outlook.evaluate`, the true hands in view, as in the worlds Hard imagines) how likely
the first seat is to win; it prints the log loss of those chances against who won (a blind 50 % scores 0.693), the
factor on their log-odds that would fit best (1: calibrated; under 1: too sure), and that factor by the rounds the
hand should still last.

``policy`` plays the racing sense (:mod:`game.millebornes.rules.policy`) with some of its constants changed (a
private copy of the module, so Normal keeps its own) against Normal, and Normal against Normal on the same seeds,
and prints each one's share of the wins. Several thousand deals a minute.
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.millebornes.rules import outlook, policy  # noqa: E402
from game.registry import ENGINES  # noqa: E402
from game.simulate import build_config  # noqa: E402
from tools.millebornes_worlds_check import CLASSIC  # noqa: E402

STAGES = ((0, 2), (2, 4), (4, 6), (6, 9), (9, 13), (13, math.inf))


def _config(game, classic: bool):
    return build_config(game, "solo", 2, [f"{key}=yes" for key in CLASSIC] if classic else [])


def _deal(game, cfg, seed: int, choose) -> tuple[float, list]:
    """One deal, ``choose(world, seat)`` deciding from a world dealt from the seat's view; the first seat's share of
    the win and the states before every move."""
    rng = random.Random(seed)
    state = game.new_state(cfg, seed)
    states = []
    while not state.is_over():
        states.append(state)
        seat = state.to_act()[0]
        world = game.determinize(state.view(seat), rng.getrandbits(64))
        state, _ = state.apply(seat, choose(world, seat))
    return sum(1 for s in state.winners if s == 0) / len(state.winners), states


def _log_loss(pairs: list[tuple[float, float]], scale: float = 1.0) -> float:
    total = 0.0
    for logit, won in pairs:
        p = 1.0 / (1.0 + math.exp(-scale * logit))
        p = min(max(p, 1e-6), 1.0 - 1e-6)
        total -= won * math.log(p) + (1.0 - won) * math.log(1.0 - p)
    return total / len(pairs)


def _best_scale(pairs: list[tuple[float, float]]) -> float:
    return min((s / 20 for s in range(4, 41)), key=lambda s: _log_loss(pairs, s))


def calibration(classic: bool, deals: int, seed: int) -> None:
    game = ENGINES["millebornes"]
    cfg = _config(game, classic)
    by_stage: dict[tuple, list] = {stage: [] for stage in STAGES}
    pairs: list[tuple[float, float]] = []
    for s in range(seed, seed + deals):
        won, states = _deal(game, cfg, s, policy.rollout_action)
        for state in states[3::7]:
            p = min(max(outlook.evaluate(state, 0), 1e-6), 1.0 - 1e-6)
            pair = (math.log(p / (1.0 - p)), won)
            pairs.append(pair)
            end = outlook.hand_outlook(state).end
            by_stage[next(st for st in STAGES if st[0] <= end < st[1])].append(pair)
    rules = "classic with every bonus" if classic else "2014"
    print(f"{rules}: {deals} deals from seed {seed}, {len(pairs)} positions")
    best = _best_scale(pairs)
    print(f"log loss {_log_loss(pairs):.4f} (blind 0.6931); best factor on the log-odds {best:.2f}"
          f" (log loss then {_log_loss(pairs, best):.4f})")
    for (low, high), stage in by_stage.items():
        if stage:
            print(f"  {low}-{high} rounds left: {len(stage)} positions, best factor {_best_scale(stage):.2f}")


def _policy_copy(settings: list[str]):
    spec = importlib.util.spec_from_file_location("game.millebornes.rules.policy_copy", policy.__file__)
    copy = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(copy)
    for text in settings:
        name, _, value = text.partition("=")
        if not hasattr(copy, name):
            raise SystemExit(f"the racing sense has no constant {name!r}")
        setattr(copy, name, type(getattr(copy, name))(value))
    return copy


def duel(classic: bool, deals: int, seed: int, settings: list[str]) -> None:
    game = ENGINES["millebornes"]
    cfg = _config(game, classic)
    copy = _policy_copy(settings)
    shares = {"changed": 0.0, "Normal": 0.0}
    for s in range(seed, seed + deals):
        mine = (s - 1) % 2  # the seat the tried racing sense plays
        for name, module in (("changed", copy), ("Normal", policy)):
            def choose(world, seat, module=module, mine=mine):
                return (module if seat == mine else policy).rollout_action(world, seat)
            won, _ = _deal(game, cfg, s, choose)
            shares[name] += won if mine == 0 else 1.0 - won
    label = " ".join(settings) or "no change"
    print(f"{label}: {shares['changed'] / deals:.4f} of {deals} deals against Normal "
          f"(Normal in the same seat, same seeds: {shares['Normal'] / deals:.4f})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("calibration", "policy"))
    parser.add_argument("settings", nargs="*", help="policy: the racing sense's constants to change, NAME=VALUE")
    parser.add_argument("--classic", action="store_true", help="the classic rules with every bonus")
    parser.add_argument("--deals", type=int, default=0)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.what == "calibration":
        calibration(args.classic, args.deals or 1500, args.seed or 10001)
    else:
        duel(args.classic, args.deals or 4000, args.seed or 1, args.settings)
    return 0


if __name__ == "__main__":
    sys.exit(main())
