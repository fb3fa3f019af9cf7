"""How true to Normal's moves are the worlds Mille Bornes' Hard imagines? (issue 28; a measurement, not the bot)

    .venv/bin/python tools/millebornes_worlds_check.py            # 300 deals of Normal against Normal, 2014 rules
    .venv/bin/python tools/millebornes_worlds_check.py --deals 60 --classic   # every classic rule and bonus

After each play of the first seat, ten worlds are dealt from its view, by ``belief.Worlds`` (what Hard did before
it read hands) and by the same worlds with the second seat's hand dealt again inside Hard's reading
(``reading.HandReader``, following the first seat's views exactly as Hard does); the first seat's move is applied
in each and Normal's policy makes the second seat's next move, set against the move it really makes. The reading
keeps, for each card the seat holds, the kinds it can still be (docs/bots/millebornes.md). It prints how often
each kind of move is made, really and in both kinds of worlds, how often the worlds name the kind of move and the
very move, how often something was read and how often the true hand fits the reading.
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
from game.engine.protocol import Config  # noqa: E402
from game.millebornes.rules.actions import Discard  # noqa: E402
from game.millebornes.rules.belief import Worlds  # noqa: E402
from game.millebornes.rules.policy import rollout_action  # noqa: E402
from game.millebornes.rules.reading import ALL_KINDS, HandReader, fits  # noqa: E402
from game.registry import ENGINES  # noqa: E402

WORLDS = 10
CLASSIC = ("go_after_remedy", "no_discard_draw", "no_reshuffle", "no_exchange", "classic_coup_fourre", "exact_finish",
           "extension", "bonus_trip", "bonus_delayed", "bonus_safe_trip", "bonus_shutout", "bonus_all_safeties")


def move_kind(action) -> str:
    if type(action) is Discard:
        return "discard"
    card = getattr(action, "card", None)
    if card is None:
        return type(action).__name__
    return "miles" if card < 5 else "hazard" if card < 10 else "remedy" if card < 15 else "safety"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--classic", action="store_true", help="every classic rule and bonus (the 2014 rules if not)")
    args = parser.parse_args(argv)
    game = ENGINES["millebornes"]
    config = game.default_config("solo", 2)
    if args.classic:
        config = game.validate_config(Config("solo", 2, tuple(sorted(
            {**dict(config.options), **{key: True for key in CLASSIC}}.items()))))
    real, dealt, read = Counter(), Counter(), Counter()
    totals = Counter()
    for seed in range(1, args.deals + 1):
        bots = [make_bot(game, s, "normal") for s in range(2)]
        state = game.new_state(config, seed)
        rng = random.Random(seed)
        reader = HandReader(game, 0)
        step = 0
        pending: list[tuple[str, object]] = []  # worlds imagined at the first seat's last play, its move applied
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            if seat == 0 and len(legal) > 1:  # where Hard's search would start, and its reader look
                reader.observe(state.view(0))
                totals["observed"] += 1
                totals["read"] += any(mask != ALL_KINDS for mask in reader.masks)
                totals["fits"] += fits(reader.masks, state.hands[1])
            action = bots[seat].start(state.view(seat), legal, seed * 1000 + step).run()
            if seat == 0 and state.phase_name == "play" and len(legal) > 1:
                worlds = Worlds(game, state.view(0))
                pending = []
                for _ in range(WORLDS):
                    world = worlds.draw(rng)
                    pending.append(("dealt", world._apply(0, action)[0]))
                    pending.append(("read", reader.deal(world, rng)._apply(0, action)[0]))
            if seat == 1 and state.phase_name == "play" and pending:
                totals["turns"] += 1
                real[move_kind(action)] += 1
                for how, world in pending:
                    while world.acting() == 1 and world.phase_name != "play":
                        world = world._apply(1, rollout_action(world, 1))[0]
                    if world.acting() != 1:
                        continue
                    guess = rollout_action(world, 1)
                    (dealt if how == "dealt" else read)[move_kind(guess)] += 1 / WORLDS
                    totals["kind, " + how] += (move_kind(guess) == move_kind(action)) / WORLDS
                    totals["move, " + how] += (guess == action) / WORLDS
                pending = []
            state, _ = state.apply(seat, action)
            step += 1
    turns = totals["turns"] or 1
    observed = totals["observed"] or 1
    print(f"{args.deals} deals, {totals['turns']} turns of the second seat after a play of the first; at the first "
          f"seat's {totals['observed']} decisions the reader had read something {totals['read'] / observed:.1%} "
          f"of the time, and the true hand fitted the reading {totals['fits'] / observed:.1%}")
    print(f"{'move':10s} {'real':>7s} {'dealt':>7s} {'read':>7s}")
    for kind in sorted(set(real) | set(dealt) | set(read)):
        print(f"{kind:10s} {real[kind] / turns:7.1%} {dealt[kind] / turns:7.1%} {read[kind] / turns:7.1%}")
    for what in ("kind", "move"):
        print(f"the worlds name the {what}: dealt {totals[what + ', dealt'] / turns:.1%}, "
              f"read {totals[what + ', read'] / turns:.1%}")


if __name__ == "__main__":
    main()
