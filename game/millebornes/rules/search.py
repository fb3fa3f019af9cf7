"""Hard's search (pure): the moves worth trying, each tried in worlds imagined from the bot's view.

Every world deals the cards the bot has not seen (the other hands and the draw pile) at random, the unseen
safeties more likely in the hands of those who have drawn more (:class:`.belief.Worlds`); a move is applied
in it, the hand played on by the racing policy of :mod:`.policy` for
every seat for a few moves, and the position reached scored by :func:`.outlook.evaluate`. Every move is tried
in the same worlds (common random numbers) and sequential halving (:mod:`...engine.halving`) spreads the budget: after each round of
tries the better half goes on. The search is anytime: told to stop (``EnoughThinking``, the table's clock),
it answers with the best move tried so far.

Laying a safety outright is not tried while the Coup Fourré it may still win is worth more than what keeping
it costs (:func:`keeps_for_coup_fourre`): the play-outs and the evaluator value a held safety, but the turn
laying it gains shows at once while the Coup Fourré may come after the play-out's horizon.

Randomness comes only from the ``random.Random`` a bot is given and the int RNG of imagined states.
"""

from __future__ import annotations

import math
from typing import Any

from ...engine.halving import sequential_halving
from ...engine.protocol import Action
from .actions import Discard, Exchange
from .belief import Worlds
from .cards import EMERGENCY_VEHICLE, SAFETIES, SAFETY_FOR
from .outlook import CF_ATTACK, LAY_IN_TIME, SAFETIES_HIT, TEMPO, evaluate, hand_outlook
from .policy import ENDGAME_DECK, card_worth, drawing_left, needed_cards, rollout_action, unseen_counts
from .policy import evaluate as team_evaluate
from .setup import ASKED, DRAW, OVER, PLAY, SAFETY_POINTS


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


def coup_fourre_ahead(world: Any, me: int, safety: int) -> float:
    """The chance, from ``me``'s view, that an opponent plays a hazard ``safety`` answers on ``me``'s zone
    before the hand ends: the matching hazards ``me`` has not seen, in the share of the unseen cards the
    opponents hold or will draw in the rounds the hand should last (:func:`.outlook.hand_outlook`), and with
    reshuffles those in the discard pile once the draw pile is through."""
    unseen = unseen_counts(world, me)
    hazards = SAFETIES_HIT[safety]
    cfg = world.cfg
    own = cfg.zone_of[me]
    opponents = cfg.opponents[own]
    rounds = hand_outlook(world).end
    seats = [s for z in opponents for s in world.zones[z].seats]
    seen = sum(len(world.hands[s]) for s in seats) + rounds * len(seats)
    total = sum(unseen) or 1
    expected = sum(unseen[h] for h in hazards) * min(1.0, seen / total)
    draws = rounds * cfg.players
    if cfg.reshuffle and draws > len(world.deck) and world.discard:
        late = min(1.0, (draws - len(world.deck)) / len(world.discard)) * len(seats) / cfg.players
        expected += late * sum(world.discard.count(h) for h in hazards)
    return 1.0 - math.exp(-CF_ATTACK / len(opponents) * expected)


def keeps_for_coup_fourre(world: Any, me: int, safety: int) -> bool:
    """Should ``me`` keep ``safety`` in hand rather than lay it now? Yes while the Coup Fourré it may still
    win (its points and the turn it gains, times :func:`coup_fourre_ahead`) is worth more than what keeping
    it risks (the hand ending with it unlaid) and the turn laying it gains now when stuck (not rolling and
    nothing in hand to get rolling); never when laying it lifts the hazard ``me`` is under (or the Emergency
    Vehicle starts or frees it), completes the trip, or the cards to draw are running out."""
    cfg = world.cfg
    mine = world.zones[cfg.zone_of[me]]
    if cfg.safety_miles and mine.trip + cfg.safety_miles >= world.goal:
        return False
    if mine.hazard >= 0 and SAFETY_FOR[mine.hazard] == safety:
        return False
    if safety == EMERGENCY_VEHICLE and (mine.limited or not mine.started):
        return False
    if world.drawing_over or drawing_left(world) <= ENDGAME_DECK:
        return False
    hand = world.hands[me]
    stuck = not mine.rolling and not (needed_cards(world, me) & set(hand))
    cost = SAFETY_POINTS * (1.0 - LAY_IN_TIME) + (TEMPO if stuck else 0.0)
    return coup_fourre_ahead(world, me, safety) * (cfg.coup_fourre_points + TEMPO) > cost


def candidates(world: Any, me: int, legal: tuple[Action, ...]) -> list[Action]:
    """The moves worth searching, the policy's choice first: every play (but a safety worth keeping for a
    Coup Fourré, see :func:`keeps_for_coup_fourre`), every discard (the cheapest first, so that a search cut short
    has tried them), the draws and the policy's exchange (why every discard: docs/bots/millebornes.md)."""
    phase = world.phase
    choice = rollout_action(world, me, counting=True)
    if phase == PLAY:
        hand = world.hands[me]
        plays = [a for a in legal if type(a) is not Discard]
        for safety in {a.card for a in plays if a.card in SAFETIES}:
            if keeps_for_coup_fourre(world, me, safety):
                plays = [a for a in plays if a.card != safety]
        discards = sorted((a for a in legal if type(a) is Discard),
                          key=lambda a: (card_worth(world, me, a.card, hand), a.card))
        out = plays + discards
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


def search(game: Any, view: Any, me: int, cands: list[Action], rng: Any, budget: int, depth: int, reader: Any = None):
    """A generator: sequential halving over ``cands`` (see the module); yields its progress, returns the move.
    ``reader`` (a :class:`.reading.HandReader` that has observed ``view``): deals the opponent's hand."""
    imagined = Worlds(game, view)
    score = team_evaluate if len(view.zone_of) != len(set(view.zone_of)) else evaluate  # teams: the older evaluator
    worlds: list[Any] = []

    def try_one(i: int, j: int) -> tuple[float, float]:
        while len(worlds) <= j:
            world = imagined.draw(rng)
            worlds.append(world if reader is None else reader.deal(world, rng))
        after, _ = worlds[j]._apply(me, cands[i])
        return score(play_out(after, depth), me), 1

    best = yield from sequential_halving(len(cands), budget, try_one)
    return cands[best]


__all__ = ["candidates", "coup_fourre_ahead", "keeps_for_coup_fourre", "play_out", "search"]
