"""How true to Normal's moves are the worlds Mille Bornes' Hard imagines? (issue 28; a measurement, not the bot)

    .venv/bin/python tools/millebornes_worlds_check.py            # 300 deals of Normal against Normal, 2014 rules
    .venv/bin/python tools/millebornes_worlds_check.py --deals 60

At each turn the second seat plays, its real move is set against the move Normal's policy makes in ten worlds
dealt from the first seat's view: by ``belief.Worlds`` (what Hard does), and by the same worlds with the second
seat's hand re-dealt from what its moves have ruled out (a *reading*, the idea that made Tour of Alameda's Hard
reach its target: docs/rules/alameda.md). The reading keeps, for each card the seat holds, the kinds it can still
be: a seat that discarded held no kind it would have played (a play scoring above zero), one that played a card
held no kind that scored more; a card drawn from the deck can be anything, one taken from the discard pile is
known. It prints how often each kind of move is made, really and in both kinds of worlds, how often the worlds
name the kind of move and the very move, and how often the true hand fits the reading.

The reading follows the real game here (the public state at the seat's decision, which Hard can rebuild from its
views); it is not in the bot yet (docs/rules/millebornes.md).
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
from game.millebornes.rules.actions import Discard, Draw  # noqa: E402
from game.millebornes.rules.belief import Worlds  # noqa: E402
from game.millebornes.rules.cards import END_OF_LIMIT, KINDS  # noqa: E402
from game.millebornes.rules.policy import play_score, rollout_action  # noqa: E402
from game.registry import ENGINES  # noqa: E402

ALL_KINDS = (1 << KINDS) - 1
WORLDS = 10


def move_kind(action) -> str:
    if type(action) is Discard:
        return "discard"
    card = getattr(action, "card", None)
    if card is None:
        return type(action).__name__
    return "miles" if card < 5 else "hazard" if card < 10 else "remedy" if card < 15 else "safety"


def fits(masks: list[int], hand: list[int]) -> bool:
    """Can each card of ``hand`` be given a different reading (a bitmask of kinds) that allows it?"""
    owner = [-1] * len(masks)

    def place(card_index: int, seen: set[int]) -> bool:
        for j, mask in enumerate(masks):
            if mask >> hand[card_index] & 1 and j not in seen:
                seen.add(j)
                if owner[j] < 0 or place(owner[j], seen):
                    owner[j] = card_index
                    return True
        return False

    return len(masks) == len(hand) and all(place(i, set()) for i in range(len(hand)))


def remove(masks: list[int], card: int) -> bool:
    """Take out the narrowest reading that allows ``card``; False if none does."""
    allowing = [j for j, mask in enumerate(masks) if mask >> card & 1]
    if not allowing:
        return False
    masks.pop(min(allowing, key=lambda j: bin(masks[j]).count("1")))
    return True


def deal(masks: list[int], pool: list[int], rng: random.Random) -> tuple[list[int], list[int]] | None:
    """A hand for ``masks`` from ``pool`` (the narrowest reading first) and the cards left, or None."""
    order = sorted(masks, key=lambda mask: bin(mask).count("1"))
    for _ in range(6):
        left, hand = list(pool), []
        for mask in order:
            fitting = [i for i, card in enumerate(left) if mask >> card & 1]
            if not fitting:
                break
            hand.append(left.pop(rng.choice(fitting)))
        else:
            return hand, left
    return None


def ruled_out(state, seat: int, action) -> int:
    """The kinds ``seat`` cannot have held when it made ``action`` in the play phase (Normal's policy)."""
    scores: dict[int, float] = {}
    for play in state._plays(seat, tuple(range(KINDS))):
        if type(play) is Discard:
            continue
        # the End of Limit scores 30 or 50 by the hand: 30 is what it surely beats
        score = 30.0 if play.card == END_OF_LIMIT else play_score(state, seat, play.card, play.zone, None)
        scores[play.card] = max(scores.get(play.card, -1e9), score)
    bar = 0.0 if type(action) is Discard else scores.get(action.card, 0.0) + 1e-9
    return sum(1 << kind for kind, score in scores.items() if score > bar)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=300)
    args = parser.parse_args(argv)
    game = ENGINES["millebornes"]
    config = game.default_config("solo", 2)
    real, dealt, read = Counter(), Counter(), Counter()
    totals = Counter()
    for seed in range(1, args.deals + 1):
        bots = [make_bot(game, s, "normal") for s in range(2)]
        state = game.new_state(config, seed)
        rng = random.Random(seed)
        masks = [ALL_KINDS] * len(state.hands[1])
        step = 0
        while not state.is_over():
            seat = state.to_act()[0]
            if seat == 1 and state.phase_name == "play":
                totals["turns"] += 1
                totals["fits"] += fits(masks, list(state.hands[1]))
                worlds = Worlds(game, state.view(0))
                true_move = rollout_action(state, 1)
                real[move_kind(true_move)] += 1
                for _ in range(WORLDS):
                    world = worlds.draw(rng)
                    guess = rollout_action(world, 1)
                    dealt[move_kind(guess)] += 1 / WORLDS
                    totals["kind, dealt"] += (move_kind(guess) == move_kind(true_move)) / WORLDS
                    totals["move, dealt"] += (guess == true_move) / WORLDS
                    got = deal(masks, list(world.hands[1]) + list(world.deck), rng) \
                        if len(masks) == len(world.hands[1]) else None
                    if got is not None:
                        hand, rest = got
                        rng.shuffle(rest)
                        world = world._copy()
                        world.hands = (world.hands[0], tuple(sorted(hand))) + world.hands[2:]
                        world.deck = tuple(rest)
                    guess = rollout_action(world, 1)
                    read[move_kind(guess)] += 1 / WORLDS
                    totals["kind, read"] += (move_kind(guess) == move_kind(true_move)) / WORLDS
                    totals["move, read"] += (guess == true_move) / WORLDS
            action = bots[seat].start(state.view(seat), state.legal_actions(seat), seed * 1000 + step).run()
            if seat == 1 and state.phase_name == "draw":
                masks.append(1 << state.discard[-1] if type(action) is Draw and action.from_discard else ALL_KINDS)
            elif seat == 1 and state.phase_name == "play":
                out = ruled_out(state, 1, action)
                if remove(masks, action.card):
                    masks = [mask & ~out for mask in masks]
                if not all(masks):
                    masks = [ALL_KINDS] * len(masks)
            state, _ = state.apply(seat, action)
            step += 1
            if len(masks) != len(state.hands[1]):  # a Coup Fourré, a new hand: read afresh
                masks = [ALL_KINDS] * len(state.hands[1])
    turns = totals["turns"] or 1
    print(f"{args.deals} deals, {totals['turns']} turns of the second seat; the true hand fits the reading "
          f"{totals['fits'] / turns:.1%} of the time")
    print(f"{'move':10s} {'real':>7s} {'dealt':>7s} {'read':>7s}")
    for kind in sorted(set(real) | set(dealt) | set(read)):
        print(f"{kind:10s} {real[kind] / turns:7.1%} {dealt[kind] / turns:7.1%} {read[kind] / turns:7.1%}")
    for what in ("kind", "move"):
        print(f"the worlds name the {what}: dealt {totals[what + ', dealt'] / turns:.1%}, "
              f"read {totals[what + ', read'] / turns:.1%}")


if __name__ == "__main__":
    main()
