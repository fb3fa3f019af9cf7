"""VeloMaster Hard among three Normal: ``python tools/velomaster_strength.py VARIANT GAMES SEED [KEY=VALUE ...] [hard_eval.NAME=VALUE ...] [hard_plan.NAME=VALUE ...]``.

Plays exactly the races of ``python -m game.simulate velomaster --variant VARIANT --players 4 --bots
hard,normal,normal,normal --games GAMES --seed SEED --checks light`` (the same seeds, seats rotating one place a
race, the same bot seeds) and prints one JSON line: Hard's wins with their Wilson 95 % interval, the mean place of
Hard's team, and the decision times of each level as process CPU time (a loaded machine distorts the wall clock)
over the decisions with more than one legal action.
"""

from __future__ import annotations

import json
import math
import random
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine.bots import make_bot  # noqa: E402
from game.registry import ENGINES  # noqa: E402
from game.simulate import build_config  # noqa: E402
from game.velomaster.rules.codes import OUT  # noqa: E402


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return centre - half, centre + half


def main(argv: list[str]) -> int:
    variant, games, seed0 = argv[0], int(argv[1]), int(argv[2])
    game = ENGINES["velomaster"]
    options = [a for a in argv[3:] if not a.startswith(("hard_eval.", "hard_plan."))]
    for text in argv[3:]:  # an experiment: hard_eval.NAME=VALUE sets one of Hard's weights, hard_plan.NAME=VALUE
        if text.startswith(("hard_eval.", "hard_plan.")):  # one of its planner's settings (hard_plan.ENABLED=0:
            from game.velomaster import hard_eval, hard_plan  # each action alone, the one-ply search)

            module, _, rest = text.partition(".")
            target = hard_eval if module == "hard_eval" else hard_plan
            name, _, value = rest.partition("=")
            assert hasattr(target, name), name
            old = getattr(target, name)
            setattr(target, name, type(old)(float(value)))
    config = build_config(game, variant, 4, options)
    levels = ["hard", "normal", "normal", "normal"]
    wins, places = 0.0, []
    cpu: dict[str, list[float]] = defaultdict(list)
    incidents: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    t0 = time.time()
    for g in range(games):
        seat_levels = [levels[(i + g) % 4] for i in range(4)]
        hard = seat_levels.index("hard")
        seed = seed0 + g
        bots = [make_bot(game, s, lv) for s, lv in enumerate(seat_levels)]
        order = random.Random(seed)
        state, step = game.new_state(config, seed), 0
        while not state.is_over():
            awaited = state.to_act()
            seat = awaited[0] if len(awaited) == 1 else order.choice(awaited)
            legal = state.legal_actions(seat)
            c0 = time.process_time()
            action = bots[seat].start(state.view(seat), legal, seed * 1_000_003 + step).run()
            if len(legal) > 1:
                cpu[seat_levels[seat]].append((time.process_time() - c0) * 1000)
            state, _ = state.apply(seat, action)
            step += 1
        result = state.result()
        race = getattr(state, "race", state)
        for seat, level in enumerate(seat_levels):
            mine = race.seats.own_riders[seat]
            incidents[level]["teams"] += 1
            incidents[level]["crashes"] += sum(race.crashes[r] for r in mine)
            incidents[level]["missed_feeds"] += sum(race.missed_feed[r] for r in mine)
            incidents[level]["abandons"] += sum(race.status[r] == OUT for r in mine)
            if race.setup.pro.attacks:
                incidents[level]["condition_left"] += sum(race.condition[r] for r in mine) / len(mine)
        if race.finish_order:
            champion = race.finish_order[0]
            incidents[seat_levels[race.seats.controller[champion]]]["first_across_" + race.setup.roles[champion]] += 1
        if hard in result.winners:
            wins += 1 / len(result.winners)
        places.append(result.ranking.index(hard) + 1)
        print(f"race {g + 1}/{games} seed {seed}: Hard in seat {hard} {'wins' if hard in result.winners else 'place ' + str(places[-1])}"
              f" ({wins:g} wins)", file=sys.stderr, flush=True)
    low, high = wilson(wins, games)

    def pct(v: list[float], q: float) -> float:
        v = sorted(v)
        return round(v[min(len(v) - 1, int(q * len(v)))], 1)

    print(json.dumps({
        "variant": variant, "options": argv[3:], "races": games, "seeds": [seed0, seed0 + games - 1],
        "hard_wins": wins, "win_rate": round(wins / games, 3), "wilson95": [round(low, 3), round(high, 3)],
        "hard_mean_place": round(sum(places) / games, 2),
        "decision_cpu_ms": {lv: {"p50": pct(v, 0.5), "p95": pct(v, 0.95), "decisions": len(v)} for lv, v in sorted(cpu.items())},
        "per_team": {lv: {k: round(v / c["teams"], 2) if not k.startswith("first") else v for k, v in c.items() if k != "teams"}
                     for lv, c in sorted(incidents.items())},
        "wall_s": round(time.time() - t0)}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
