"""Velonimo bot heuristics (pure): evaluator, a fast round simulator, bot kinds and levels.

* :func:`evaluate` / :func:`win_chances`: the chance of each seat to end with the Jersey;
* :func:`rollout_action` (in :mod:`.policy`): a fast, sensible policy (used by every bot);
* :func:`play_out`: the rest of a round played by that policy *in place* (no state copies,
  no events), several times faster than stepping immutable states;
* bot kinds ``velonimo-policy`` (plays the policy) and ``velonimo-search`` (compares candidate
  moves by policy play-outs over imagined deals), registered in ``game.engine.bots.BOT_KINDS``.

Randomness comes only from the ``random.Random`` a bot is given and the int RNG of the
(imagined) states.
"""

from __future__ import annotations

import math
from typing import Any, Callable, Sequence

from ..engine import rng as rnglib
from ..engine.bots import BOT_KINDS, Bot, Thinking
from ..engine.halving import sequential_halving
from ..engine.protocol import Action, BotLevel
from .cards import JERSEY_BONUS, cards_of
from .policy import (
    card_usefulness,
    counter_choice,
    give_choice,
    hand_need,
    lead_choice,
    rollout_action,
    starter_choice,
    steal_choice,
)
from .rules import (
    CHOOSE,
    GIVE,
    NEXT,
    OVER,
    PASS,
    PLAY,
    REWARD,
    STEAL,
    Play,
    VelonimoState,
    hand_plays,
    jersey_leader,
)

LEVELS = {
    "random": BotLevel("random"),
    "easy": BotLevel("velonimo-policy", noise=0.2),
    "normal": BotLevel("velonimo-search", iterations=60),
    "hard": BotLevel("velonimo-hard", iterations=2100),  # game/velonimo/hard.py
}


# --------------------------------------------------------------------------- evaluation

# Softmax temperature per player count, fitted on policy self-play: the chance to hold the
# Jersey at the end is about softmax(totals / T) with T = c * sqrt(sum of the squared
# points-per-opponent of the rounds still to play) + 0.3.
_SPREAD_C = {2: 0.7, 3: 1.0, 4: 1.3, 5: 1.4}


def _softmax_chances(proj: Sequence[float], players: int, future: float) -> list[float]:
    spread = _SPREAD_C.get(players, 1.3) * math.sqrt(future) + 0.3
    best = max(proj)
    scores = [math.exp((p - best) / spread) for p in proj]
    total = sum(scores)
    return [x / total for x in scores]


def win_chances(state: VelonimoState) -> list[float]:
    """Estimated chance of each seat to win the game, from totals and hands."""
    cfg = state.cfg
    players = cfg.players
    if state.phase == OVER:
        return [1.0 if s in state.winners else 0.0 for s in range(players)]
    mult = cfg.mults[state.round]
    active = state.active
    proj = list(state.totals)
    resid = float(mult * mult)
    if state.played and active & (active - 1):
        needs = [hand_need(state.hands[s]) if active >> s & 1 else 0.0 for s in range(players)]
        left = 0
        for s in range(players):
            if not active >> s & 1:
                continue
            left += state.hands[s].bit_count()
            beaten = 0.0
            for o in range(players):
                if o != s and active >> o & 1:
                    beaten += 1.0 / (1.0 + math.exp(-(needs[o] - needs[s]) * 0.9))
            proj[s] += mult * beaten
        resid *= min(1.0, left / (11.0 * players))
    future = resid
    for m in cfg.mults[state.round + 1:]:
        future += m * m
    return _softmax_chances(proj, players, future)


def evaluate(state: VelonimoState, seat: int) -> float:
    """An estimate in [0, 1] that ``seat`` wins the game."""
    if state.phase == OVER:
        return 1.0 if seat in state.winners else 0.0
    return win_chances(state)[seat]


# --------------------------------------------------------------------------- fast play-out


def play_out(state: VelonimoState, me: int = -1, rnd: Any = None,
             pass_chance: Callable[[int, int], float] | None = None) -> tuple[list[int], list[int], list[int], int]:
    """Finish the current round with :func:`rollout_action` for every seat, in place on local
    copies. Returns ``(totals, round_points, out_order, steps)`` at the end of the round:
    exactly what stepping the states with ``rollout_action`` would give (the tests check it),
    and how many moves that took.

    ``pass_chance(cards in hand, value to beat)``, with the ``random.Random`` ``rnd``: the other seats
    than ``me`` sometimes pass where the policy counter-attacks, as thinking players do (Hard imagines
    its rivals so); never when they would go out or with a Hare."""
    cfg = state.cfg
    players = cfg.players
    nxt = NEXT[players]
    mult = cfg.mults[state.round]
    hands = list(state.hands)
    totals = list(state.totals)
    rpoints = list(state.rpoints)
    out = list(state.out_order)
    if state.phase == OVER or not state.active & (state.active - 1):
        return totals, rpoints, out, 0
    active = state.active
    turn = state.turn
    phase = state.phase
    cseat = state.cseat
    cvalue = state.cvalue
    passes = state.passes
    r = state.rng
    draw = list(state.draw)
    revealed = state.revealed
    duel = cfg.duel
    jersey_seat = -1 if duel else state.jersey
    jused = state.jused
    steal_left = 0
    victim = -1
    if phase == STEAL:
        steal_left = state.smax
    elif phase == GIVE:
        steal_left = state.sleft
        victim = state.svictim
    steps = 0
    while True:
        steps += 1
        if phase == PLAY:
            seat = turn
            hand = hands[seat]
            with_jersey = False
            if cseat < 0:
                p = lead_choice(hand)
            else:
                p, with_jersey = counter_choice(hand, cvalue, hands[cseat].bit_count(),
                                                seat == jersey_seat and not jused)
                if (pass_chance is not None and p is not None and seat != me and p.mask != hand and not p.hare
                        and rnd.random() < pass_chance(hand.bit_count(), cvalue)):
                    p = None
                if p is None:
                    passes |= 1 << seat
                    need = active & ~(1 << cseat)
                    if passes & need != need:
                        turn = nxt[active][seat]
                        continue
                    winner = cseat
                    cseat = -1
                    cvalue = 0
                    passes = 0
                    if active >> winner & 1:
                        if revealed >= 0:  # duel: force the revealed card on the opponent
                            hands[1 - winner] |= 1 << revealed
                            revealed = draw.pop() if draw else -1
                        turn = winner
                    else:
                        turn = starter_choice(active, totals, hands, players)
                    continue
            hand &= ~p.mask
            hands[seat] = hand
            cvalue = p.value
            if with_jersey:
                cvalue += JERSEY_BONUS
                jused = True
            cseat = seat
            passes = 0
            if duel and p.camels and draw:  # Camels draw, final cards included (interpretation 16)
                for _ in range(min(p.camels, len(draw))):
                    hand |= 1 << draw.pop()
                hands[seat] = hand
            if not hand:
                active &= ~(1 << seat)
                pts = mult * active.bit_count()
                totals[seat] += pts
                rpoints[seat] += pts
                out.append(seat)
                if not active & (active - 1):
                    if active:
                        out.append(active.bit_length() - 1)
                    return totals, rpoints, out, steps
                turn = nxt[active][seat]
                continue
            if p.tortoises:
                phase = STEAL
                steal_left = p.tortoises
                continue
            turn = nxt[active][seat]
        elif phase == STEAL:
            seat = turn
            victim = steal_choice(seat, active, hands, players)
            count = min(steal_left, hands[victim].bit_count())
            pool = list(cards_of(hands[victim]))
            taken = 0
            for _ in range(count):
                i, r = rnglib.below(r, len(pool))
                taken |= 1 << pool.pop(i)
            hands[victim] &= ~taken
            hands[seat] |= taken
            steal_left = count
            phase = GIVE
        elif phase == GIVE:
            seat = turn
            for _ in range(steal_left):
                card = give_choice(hands[seat])
                hands[seat] &= ~(1 << card)
                hands[victim] |= 1 << card
            phase = PLAY
            turn = nxt[active][seat]
        elif phase == CHOOSE:
            turn = starter_choice(active, totals, hands, players)
            phase = PLAY
        elif phase == REWARD:
            hands[1 - turn] |= 1 << revealed
            revealed = draw.pop() if draw else -1
            phase = PLAY
        else:  # pragma: no cover - OVER is handled above
            return totals, rpoints, out, steps


def round_end_value(state: VelonimoState, me: int, totals: list[int], rpoints: list[int], out: list[int]) -> float:
    """``me``'s chance to win once the current round of ``state`` ended with these scores."""
    cfg = state.cfg
    over = state.round >= cfg.rounds or (cfg.duel and max(totals) >= cfg.target)
    if over:
        return 1.0 if jersey_leader(totals, rpoints, out) == me else 0.0
    future = 0.0
    for m in cfg.mults[state.round + 1:]:
        future += m * m
    return _softmax_chances(totals, cfg.players, future)[me]


def rollout_value(state: VelonimoState, me: int, rnd: Any = None,
                  pass_chance: Callable[[int, int], float] | None = None) -> tuple[float, int]:
    """``me``'s chance to win after the policy plays out the current round of ``state``, and
    the number of moves played (``rnd``, ``pass_chance``: see :func:`play_out`)."""
    if state.phase == OVER:
        return (1.0 if me in state.winners else 0.0), 0
    totals, rpoints, out, steps = play_out(state, me, rnd, pass_chance)
    return round_end_value(state, me, totals, rpoints, out), steps


# --------------------------------------------------------------------------- bot kinds


def _finished(action: Action) -> Thinking:
    """A decision already made (a Thinking that finishes on its first step)."""

    def gen():
        return action
        yield 0.0  # pragma: no cover - makes this a generator

    return Thinking(gen(), 1)


class PolicyBot(Bot):
    """Plays the rollout policy from its own view (``noise``: chance of a random legal move)."""

    def _start(self, view, legal, rng) -> Thinking:
        if self.level.noise and rng.random() < self.level.noise:
            return _finished(rng.choice(legal))
        state = self.game.determinize(view, rng.getrandbits(64))
        return _finished(rollout_action(state, self.seat, rng))  # type: ignore[arg-type]


def candidate_actions(state: VelonimoState, seat: int, legal: Sequence[Action], rng: Any) -> list[Action]:
    """The moves worth searching, best guess first: the policy's move, passing, going out, and
    for each number of cards the cheapest and the dearest play (with and without the Jersey)."""
    first = rollout_action(state, seat, rng)
    if state.phase != PLAY:
        return [first] + [a for a in legal if a != first]
    out = [first]
    seen = {first}

    def add(action: Action | None) -> None:
        if action is not None and action not in seen:
            seen.add(action)
            out.append(action)

    if state.cseat >= 0:
        add(PASS)
    hand = state.hands[seat]
    value = state.cvalue
    jersey = state.jersey == seat and not state.jused and not state.cfg.duel
    cheapest: dict[int, Play] = {}
    dearest: dict[int, Play] = {}
    for p in hand_plays(hand).plays:
        if p.mask == hand and p.value > value:
            add(p.action)  # going out at once
        if p.value > value:
            k = 0 if p.hare else len(p.cards)
            cheapest.setdefault(k, p)
            dearest[k] = p
        if jersey and not p.hare and p.value + JERSEY_BONUS > value:
            k = 10 + len(p.cards)
            cheapest.setdefault(k, p)
            dearest[k] = p
    for k in sorted(cheapest):
        for p in (cheapest[k], dearest[k]):
            add(p.jersey_action if k >= 10 else p.action)
    legal_set = set(legal)
    return [a for a in out if a in legal_set] or list(legal)


STEPS_PER_PLAY_OUT = 60  # the search budget is ``iterations`` play-outs of this many moves
PLAY_OUT_OVERHEAD = 20  # what imagining a deal and scoring it costs, in moves


class SearchBot(Bot):
    """Rollout search: for each candidate move, imagine the hidden cards (``determinize``),
    play the rest of the round with the policy (:func:`play_out`) and score the outcome with
    the win-chance evaluator. Sequential halving spreads the budget over the candidates,
    with the same imagined deals for every move (common random numbers). The budget counts
    simulated moves (``iterations`` x 60, each play-out costing 20 more), so long rounds get fewer, longer play-outs and a
    decision costs about the same everywhere."""

    def _start(self, view, legal, rng) -> Thinking:
        if self.level.noise and rng.random() < self.level.noise:
            return _finished(rng.choice(legal))
        world = self.game.determinize(view, rng.getrandbits(64))
        cands = candidate_actions(world, self.seat, legal, rng)  # type: ignore[arg-type]
        if len(cands) == 1:
            return _finished(cands[0])
        budget = max(len(cands), self.level.iterations) * STEPS_PER_PLAY_OUT
        return Thinking(self._search(view, cands, world, rng, budget), budget)

    def _search(self, view, cands: list[Action], world: VelonimoState, rng: Any, budget: int):
        game, me = self.game, self.seat
        worlds = [world]

        def try_one(i: int, j: int) -> tuple[float, float]:
            while len(worlds) <= j:
                worlds.append(game.determinize(view, rng.getrandbits(64)))  # type: ignore[arg-type]
            after, _ = worlds[j]._apply(me, cands[i])
            if after.round != world.round or after.phase == OVER:
                value, steps = evaluate(after, me), 1
            else:
                value, steps = self._rollout_value(after, me, j)
            return value, steps + PLAY_OUT_OVERHEAD

        best = yield from sequential_halving(len(cands), budget, try_one, pass_each_round=False)
        return cands[best]

    def _rollout_value(self, after: VelonimoState, me: int, world: int) -> tuple[float, int]:
        """The value of ``after`` (a move tried in imagined world number ``world``) and the moves it took."""
        return rollout_value(after, me)


BOT_KINDS.setdefault("velonimo-policy", PolicyBot)
BOT_KINDS.setdefault("velonimo-search", SearchBot)


__all__ = ["LEVELS", "PolicyBot", "SearchBot", "candidate_actions", "card_usefulness", "evaluate", "hand_need",
           "STEPS_PER_PLAY_OUT", "play_out", "rollout_action", "rollout_value", "win_chances"]
