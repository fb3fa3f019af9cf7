"""A Tour of Alameda search that reads its rivals (pure; bot kind ``alameda-hard``), tried for Hard
(issue 28) and measured no stronger than Hard's own search (:class:`.bots.SearchBot`) among three
Normal: 37.4 % of 231 tours with ``noise=0`` (rivals exact), 41.7 % against Hard's 41.0 % on 117
paired seeds with ``noise=0.1`` (docs/rules/alameda.md). Kept as a kind to build on; not a level.

Normal plays the racing sense (:func:`.bots.rollout_action`) with no random move: given its hand
and what is public, its move is known. This search therefore imagines each rival's unseen cards
(dealt at random from what that rival has not shown, agreeing with the card it raced last:
:func:`read_rivals`, :func:`constrain`), and lets every rival play as the racing sense would with
those cards (a random move with the level's chance ``noise``; with 0, never):

* a rival's face-down card of this leg is taken back and played again by the racing sense from
  the imagined hand (``determinize_leg``), so a rival's pick never depends on Hard's own pick,
  whether Hard picks first or last; when Hard is the Monkey choosing whom to wrench, a rival's
  face-down card is the card the racing sense would have put down from the imagined hand;
* each legal move is tried in the same worlds (common random numbers), the rest of the stage and
  ``rollout_depth`` more stages are played by the racing sense for every seat, and the end is scored by
  each seat's chance to win the tour (:func:`.bots.evaluate`, exact when the tour is over);
* sequential halving spreads the budget over the moves, keeping the better half after each round.

Anytime: told to finish (``EnoughThinking``), it answers with the best move over the worlds tried so
far. Randomness comes only from the ``random.Random`` the bot is given and the imagined states' int RNG.
"""

from __future__ import annotations

import math
from random import Random
from typing import Any

from ...engine.bots import BOT_KINDS, Bot, EnoughThinking, Thinking
from ...engine.protocol import Action
from .bots import HOPELESS, SAFE_LEAD, evaluate, pick_choice, play_out
from .setup import NO_CARD, PICK, REST, WRENCH, WRENCH_CARD

READ_RIVALS = True


def replay_face_down(world: Any, me: int) -> Any:
    """``world`` (a Monkey choosing whom to wrench) with each rival's face-down card replaced by the
    card the racing sense would have put down from the hand imagined for that rival."""
    picks, faceup = world.picks, world.faceup
    hidden = [s for s in world.cfg.others[me] if picks[s] >= 0 and not faceup >> s & 1]
    if not hidden:
        return world
    hands = list(world.hands)
    new_picks = list(picks)
    wrenches = world.wrenches
    for s in hidden:
        card = picks[s]
        before = world._copy()
        full = hands[s] + ((card,) if card > 0 else ())
        before.hands = hands[:s] + [tuple(sorted(full))] + hands[s + 1:]
        before.hands = tuple(before.hands)
        before.wrenches = wrenches | (1 << s if card == WRENCH_CARD else 0)
        before.picks = tuple(new_picks[:s] + [NO_CARD] + new_picks[s + 1:])
        choice = pick_choice(before, s).card  # type: ignore[attr-defined]
        if choice == WRENCH_CARD:
            hands[s] = tuple(sorted(full))
            wrenches &= ~(1 << s)
        else:
            rest = list(full)
            rest.remove(choice)
            hands[s] = tuple(sorted(rest))
            if card == WRENCH_CARD:
                wrenches |= 1 << s
        new_picks[s] = choice
    out = world._copy()
    out.hands = tuple(hands)
    out.picks = tuple(new_picks)
    out.wrenches = wrenches
    return out


# --------------------------------------------------------------------------- reading the rivals


def read_rivals(before: Any, now: Any) -> dict[int, tuple[int, bool, int]]:
    """What the rivals' last cards say about their hands. ``before``: the viewer's view when it picked in
    the previous leg; ``now``: its view in this leg's pick. For each rival who played a speed card of
    its own in that leg (no Monkey Wrench involved): ``(card, highest)``: the racing sense plays its
    highest card while the stage is open, its lowest when the stage is won or lost by far, so the
    cards it kept were all at most (``highest``) or at least that card."""
    out: dict[int, tuple[int, bool, int]] = {}
    if before is None or before.phase != "pick" or now.phase != "pick" or before.seat != now.seat:
        return out
    same_stage = now.stage == before.stage and now.leg == before.leg + 1
    next_stage = now.stage == before.stage + 1 and now.leg == 1
    if not (same_stage or next_stage) or dict(now.options).get("breakaway"):
        return out
    if len(now.history) != len(before.history) + (1 if next_stage else 0):
        return out
    dist = before.distances
    for s in range(now.players):
        if s == now.seat:
            continue
        card = now.last_leg[s]
        if card <= 0:
            continue
        diff = [a - b for a, b in zip(before.unseen[s], now.unseen[s], strict=True)]
        if any(d < 0 for d in diff) or sum(diff) != 1 or diff[card - 1] != 1:
            continue
        if before.wrench_unseen[s]:
            if next_stage or not now.wrench_unseen[s]:
                continue  # it may have played (or did play) its Monkey Wrench in that leg
        if same_stage and now.distances[s] != dist[s] + card:
            continue
        margin = dist[s] - max(dist[t] for t in range(now.players) if t != s)
        kept = before.held[s] + before.face_down[s] - before.wrench_unseen[s] - 1
        out[s] = (card, -HOPELESS < margin < SAFE_LEAD, kept)
    return out


def constrain(world: Any, rivals: dict, rnd: Random) -> Any:
    """``world`` with each read rival's hand dealt again from its unseen cards so that the cards it kept
    in the previous leg agree with its card (the others drawn at random, as before)."""
    if not rivals:
        return world
    hands, decks, picks = list(world.hands), list(world.decks), list(world.picks)
    changed = False
    for s, (card, highest, kept) in rivals.items():
        down = picks[s] >= 0 and not world.faceup >> s & 1
        if world.phase != PICK and not down:
            continue
        extra = (picks[s],) if down and picks[s] > 0 else ()
        pool = list(hands[s]) + list(decks[s]) + list(extra)
        size = len(hands[s]) + len(extra)
        if kept < 0 or kept > size:
            continue
        low = [c for c in pool if (c <= card if highest else c >= card)]
        if len(low) < kept:
            continue
        keep = rnd.sample(low, kept)
        rest = list(pool)
        for c in keep:
            rest.remove(c)
        rnd.shuffle(rest)
        hand = keep + rest[:size - kept]
        deck = rest[size - kept:]
        if extra:
            picks[s] = hand.pop(rnd.randrange(len(hand)))
        hands[s] = tuple(sorted(hand))
        decks[s] = tuple(deck)
        changed = True
    if not changed:
        return world
    out = world._copy()
    out.hands, out.decks, out.picks = tuple(hands), tuple(decks), tuple(picks)
    return out


class HardBot(Bot):
    """See the module. ``iterations``: the number of play-outs; ``rollout_depth``: the stages played
    out after the current one (0: to the end of the stage)."""

    def __init__(self, game, seat, level):
        super().__init__(game, seat, level)
        self._last_pick_view: Any = None  # this seat's own view when it last picked
        self._rivals: tuple[int, int, dict] = (0, 0, {})  # (stage, leg, what the rivals' cards said)

    def _start(self, view, legal, rng) -> Thinking:
        if view.phase == "pick":
            rivals = read_rivals(self._last_pick_view, view) if READ_RIVALS else {}
            self._rivals = (view.stage, view.leg, rivals)
            self._last_pick_view = view
        stage, leg, rivals = self._rivals
        self._read = rivals if (stage, leg) == (view.stage, view.leg) else {}
        budget = max(len(legal), self.level.iterations)
        return Thinking(self._search(view, list(legal), rng, budget), budget)

    def _world(self, view, rng: Random) -> tuple[Any, int]:
        world = self.game.determinize_leg(view, rng.getrandbits(64))
        if self._read:
            world = constrain(world, self._read, Random(rng.getrandbits(64)))
        if world.phase == WRENCH:
            world = replay_face_down(world, self.seat)
        return world, rng.getrandbits(32)

    def _search(self, view, cands: list[Action], rng: Random, budget: int):
        me = self.seat
        noise = self.level.noise
        horizon = self.level.rollout_depth
        worlds: list[tuple[Any, int]] = []
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
                            worlds.append(self._world(view, rng))
                        world, dice = worlds[j]
                        last = world.stage + horizon + (1 if world.phase == REST else 0)
                        after, _ = world._apply(me, cands[i])
                        end = play_out(after, Random(dice), noise, last)
                        sums[i] += evaluate(end, me)
                        counts[i] += 1
                        spent += 1
                        used += 1
                        yield min(1.0, used / budget)
                if rnd < rounds - 1 and len(alive) > 1:
                    alive.sort(key=lambda i: -sums[i] / counts[i])  # stable: ties keep the legal order
                    alive = alive[:(len(alive) + 1) // 2]
        except EnoughThinking:  # out of time: the best of the moves weighed so far
            pass
        tried = [i for i in alive if counts[i]] or [i for i in range(len(cands)) if counts[i]] or [0]
        best = max(tried, key=lambda i: (sums[i] / counts[i] if counts[i] else -1.0, -i))
        return cands[best]


BOT_KINDS.setdefault("alameda-hard", HardBot)
