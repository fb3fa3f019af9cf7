"""Audit the lap accounting of the Veldiv points races over seeded races (issue 18).

    .venv/bin/python tools/veldiv_lap_audit.py                 # Individuelle 2/4/12 players, Américaine 2/4/6
    .venv/bin/python tools/veldiv_lap_audit.py --races 50      # fewer races per line

For each race it watches every line crossing and counts:

* **unraced**: a crossing that scored (a place or a Premier token) for a lap of the race that no rider
  had completed yet (its race lap above every rider's laps completed, the crosser's included);
* **after end**: a crossing that scored for a lap beyond the final one, or an Un Tour token won once the
  end of the race was marked;
* **made up**: crossings that score nothing because the rider made up a lap it had lost and the lap of
  the race it crosses for is one it has already contested (rules version 2 on);
* the most Un Tour tokens one seat held at the end of a race.

Only the dice decide these races (the first-turn and Art. 7/9 choices are taken at random from a
seeded generator), so every figure is reproducible. It reads events and positions only, so it runs
on any version of the rules.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.veldiv import SPEC  # noqa: E402
from game.veldiv.rules import events as E  # noqa: E402
from game.veldiv.rules.track import lap_of  # noqa: E402

LINES = (("individuelle", 2, 300), ("individuelle", 4, 300), ("individuelle", 12, 200),
         ("americaine", 2, 300), ("americaine", 4, 300), ("americaine", 6, 200))


def audit_race(variant: str, players: int, seed: int) -> dict:
    state = SPEC.new_state(SPEC.default_config(variant, players), seed)
    choices = random.Random(seed)
    out = {"unraced": 0, "unraced_premiers": 0, "premiers": 0, "after_end": 0, "made_up": 0, "tour_max": 0}
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        final_before = state.final
        state, events = state.apply(seat, legal[0] if len(legal) == 1 else choices.choice(legal))
        furthest = max(lap_of(x) for x in state.x)
        race_lap = 0
        final = final_before
        for e in events:
            if isinstance(e, E.LineCrossed):
                race_lap = e.race_lap
                out["made_up"] += getattr(e, "void", "") == "raced"
            elif isinstance(e, E.FinalLap):
                final = e.race_lap
            elif isinstance(e, E.PointsScored) or (isinstance(e, E.TokenAwarded) and e.token == "Premier"):
                premier = isinstance(e, E.TokenAwarded)
                out["premiers"] += premier
                if race_lap > furthest:
                    out["unraced"] += not premier
                    out["unraced_premiers"] += premier
                if final_before and race_lap > final_before:
                    out["after_end"] += 1
            elif isinstance(e, E.TokenAwarded) and e.token == "Un Tour" and final:
                out["after_end"] += 1
    out["tour_max"] = max(state.tour)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--races", type=int, default=0, help="races per line (default: 300, 200 for the largest)")
    args = parser.parse_args(argv)
    print(f"{'race':<14}{'players':>8}{'races':>7}{'unraced':>9}{'Premiers unraced':>18}{'after end':>11}"
          f"{'made up':>9}{'max Un Tour':>13}")
    for variant, players, count in LINES:
        count = args.races or count
        races = [audit_race(variant, players, seed) for seed in range(count)]
        unraced = sum(1 for r in races if r["unraced"] or r["unraced_premiers"])
        after = sum(1 for r in races if r["after_end"])
        prem = sum(r["premiers"] for r in races)
        bad = sum(r["unraced_premiers"] for r in races)
        made_up = sum(r["made_up"] for r in races)
        print(f"{variant:<14}{players:>8}{count:>7}{unraced:>9}{f'{bad}/{prem}':>18}{after:>11}{made_up:>9}"
              f"{max(r['tour_max'] for r in races):>13}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
