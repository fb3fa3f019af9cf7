"""Hard's search (pure): the moves worth trying, each tried in worlds imagined from the bot's view.

Every world deals the cards the bot has not seen (the other hands and the draw pile) at random, the unseen
safeties more likely in the hands of those who have drawn more (:class:`.belief.Worlds`); a move is applied
in it, the hand played on by the racing policy of :mod:`.policy` for
every seat for a few moves, and the position reached scored by :func:`.outlook.evaluate`. Every move is tried
in the same worlds (common random numbers) and sequential halving spreads the budget: after each round of
tries the better half goes on. The search is anytime: told to stop (``EnoughThinking``, the table's clock),
it answers with the best move tried so far.

Randomness comes only from the ``random.Random`` a bot is given and the int RNG of imagined states.
"""

from __future__ import annotations

import math
from typing import Any

from ...engine.bots import EnoughThinking
from ...engine.protocol import Action
from .actions import Discard, Exchange
from .belief import Worlds
from .outlook import evaluate
from .policy import card_worth, rollout_action
from .policy import evaluate as team_evaluate
from .setup import ASKED, DRAW, OVER, PLAY

KEPT_DISCARDS = 3  # the search tries the cheapest discards only


def play_out(state: Any, depth: int) -> Any:
    """The policy for every seat for ``depth`` moves (and any Coup Fourré question they open), or until
    the hand (or the game) is over."""
    hand = state.hand_number
    moves = 0
    while state.phase != OVER and state.hand_number == hand and (moves < depth or state.phase == ASKED):
        seat = state.asked if state.phase == ASKED else state.turn
        state, _ = state._apply(seat, rollout_action(state, seat))
        moves += 1
    return state


def candidates(world: Any, me: int, legal: tuple[Action, ...]) -> list[Action]:
    """The moves worth searching, the policy's choice first: every play, the cheapest discards, the draws
    and the policy's exchange."""
    phase = world.phase
    choice = rollout_action(world, me, counting=True)
    if phase == PLAY:
        hand = world.hands[me]
        plays = [a for a in legal if type(a) is not Discard]
        discards = sorted((a for a in legal if type(a) is Discard),
                          key=lambda a: (card_worth(world, me, a.card, hand), a.card))
        out = plays + discards[:KEPT_DISCARDS]
    elif phase == DRAW:
        out = [a for a in legal if type(a) is not Exchange]
        if type(choice) is Exchange:
            out.append(choice)
    else:
        out = list(legal)
    if choice in out:
        out.remove(choice)
        out.insert(0, choice)
    return out


def search(game: Any, view: Any, me: int, cands: list[Action], rng: Any, budget: int, depth: int):
    """A generator: sequential halving over ``cands`` (see the module); yields its progress, returns the move."""
    imagined = Worlds(game, view)
    score = team_evaluate if len(view.zone_of) != len(set(view.zone_of)) else evaluate  # teams: the older evaluator
    worlds: list[Any] = []
    sums = [0.0] * len(cands)
    counts = [0] * len(cands)
    alive = list(range(len(cands)))
    rounds = max(1, math.ceil(math.log2(len(cands))))
    used = 0
    try:
        for rnd in range(rounds):
            share = (budget - used) / (rounds - rnd)
            spent = 0
            while spent < share or spent == 0:
                for i in alive:
                    j = counts[i]
                    while len(worlds) <= j:
                        worlds.append(imagined.draw(rng))
                    after, _ = worlds[j]._apply(me, cands[i])
                    sums[i] += score(play_out(after, depth), me)
                    counts[i] += 1
                    spent += 1
                    used += 1
                    yield min(1.0, used / budget)
            if rnd < rounds - 1 and len(alive) > 1:
                alive.sort(key=lambda i: -sums[i] / counts[i])  # stable: ties keep the candidates' order
                alive = alive[:(len(alive) + 1) // 2]
    except EnoughThinking:  # out of time: the best of the moves tried in as many worlds as the most tried
        pass
    tried = [i for i in alive if counts[i]]
    if not tried:
        return cands[0]  # the policy's choice
    most = max(counts[i] for i in tried)
    best = max((i for i in tried if counts[i] == most), key=lambda i: (sums[i] / counts[i], -i))
    return cands[best]


__all__ = ["KEPT_DISCARDS", "candidates", "play_out", "search"]
