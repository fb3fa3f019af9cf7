"""Mille Bornes racing sense (pure): a heuristic policy and an evaluator, for the bots and their play-outs.

The policy decides from the acting seat's own hand and what is public (every driving zone, the
discard pile, how many cards each seat holds and are left to draw). In a world imagined from a
view it never looks at another seat's hand or at the draw pile's order. ``counting`` adds card
counting (fair play: every card played or discarded was seen): how many of each kind are still
unseen, so a hazard whose remedy is scarce is worth more and one whose safety may be waiting for a
Coup Fourré is worth less.

Scores are on one scale: a move worth more is played first; a discard scores minus what the card
would still be worth in hand.
"""

from __future__ import annotations

import math
from typing import Any

from .actions import COUP_FOURRE, DECLINE, DISCARDS, DRAWS, EXTENDS, FAST_REMEDIES, PLAYS
from .cards import (
    COPIES,
    D200,
    EMERGENCY_VEHICLE,
    END_OF_LIMIT,
    GO,
    HAZARD_FOR_REMEDY,
    KINDS,
    MILES,
    REMEDY_FOR,
    SAFETY_FOR,
    SPEED_LIMIT,
    STOP,
)
from .setup import ASKED, DRAW, EXTEND, MAX_TWOS, OVER, PLAY, SAFETY_POINTS
from .state import exchange_of

ENDGAME_DECK = 12  # cards left to draw (draw and discard piles) when safeties are played rather than held
HOLD_SAFETY = -14  # playing a safety that lifts nothing, early: worse than discarding a card worth less than 14
FIX_SCORE = 80  # a remedy (or Go) that gets me rolling
SAFETY_FIX_SCORE = 92  # a safety that lifts my hazard: rolling, +100 and a turn more
DRIVE_BASE = 50
ATTACK_BASE = 42
LIMIT_BASE = 18
FINISH_SCORE = 300  # completing the trip while ahead
SCALE = 260.0  # points of lead that make a win about 73 % likely (the evaluator's logistic scale)
# the evaluator's worth of a zone's position, in points (tuned in Hard-against-Normal games: see the rules doc)
HELD_SAFETY = 90.0
ROLLING, ROLLING_LIMITED = 90.0, 50.0
STOPPED_WITH_FIX, STOPPED = -5.0, -40.0
WAITING_WITH_GO, WAITING = 40.0, -20.0
PROTECTED = 15.0


# --------------------------------------------------------------------------- public knowledge


def unseen_counts(state: Any, me: int) -> list[int]:
    """Per kind, the copies ``me`` has not seen: not on any zone, not in the discard pile, not in its hand
    (they are in the other hands or the draw pile)."""
    left = list(COPIES)
    for card in state.hands[me]:
        left[card] -= 1
    for card in state.discard:
        left[card] -= 1
    for zone in state.zones:
        for card in zone.drive:
            left[card] -= 1
        for card in zone.speed:
            left[card] -= 1
        counts = zone.counts
        for value in range(5):
            left[value] -= counts[value]
        for kind, _ in zone.safeties:
            left[kind] -= 1
    return left


def drawing_left(state: Any) -> int:
    """Cards still to be drawn before the piles run short: the draw pile, and the discard pile that will
    be shuffled into the next one (2014 rules)."""
    left = len(state.deck)
    if state.cfg.reshuffle:
        left += len(state.discard)
    return left


def _leader_threat(state: Any, zone: Any) -> float:
    """How much stopping ``zone`` matters now: its trip toward the goal (0..~50)."""
    return zone.trip * 50.0 / state.goal + (6.0 if zone.rolling else 0.0)


def card_worth(state: Any, me: int, card: int, hand: tuple[int, ...]) -> float:
    """What ``card`` is still worth in ``me``'s hand (what discarding it costs)."""
    cfg = state.cfg
    own = cfg.zone_of[me]
    mine = state.zones[own]
    if card >= 15:
        return 1000.0
    if card < 5:
        if card == D200 and mine.twos >= MAX_TWOS:
            return 0.0
        if cfg.exact and mine.trip + MILES[card] > state.goal:
            return 0.0
        worth = MILES[card] / 10.0
        if mine.limited and card > 1:
            worth *= 0.8
        return worth
    if card < 10:
        targets = [state.zones[z] for z in cfg.opponents[own] if not state.zones[z].protected(card)]
        if not targets:
            return 0.0
        return 4.0 if card == SPEED_LIMIT else 9.0 if card != STOP else 6.0
    hazard = HAZARD_FOR_REMEDY[card]
    if mine.protected(hazard):
        return 0.0
    if card == GO and mine.has_safety(EMERGENCY_VEHICLE):
        return 0.0
    copies = hand.count(card)
    if copies > 1:
        return 3.0
    if mine.hazard == hazard or (card == END_OF_LIMIT and mine.limited):
        return 60.0
    return 7.0 if card == GO else 5.0 if card == END_OF_LIMIT else 13.0


def _points_after_finish(state: Any, own: int, gain: int = 0) -> bool:
    """Would ``own`` lead (or tie) the hand's points if the hand ended now (with ``gain`` points more)?"""
    cfg = state.cfg
    mine = state.zones[own].points + state.totals[own] + gain
    return all(state.zones[z].points + state.totals[z] <= mine for z in cfg.opponents[own])


def play_score(state: Any, me: int, card: int, zone_index: int, unseen: list[int] | None) -> float:
    """How good playing ``card`` on ``zone_index`` is for ``me`` now (the play is legal)."""
    cfg = state.cfg
    own = cfg.zone_of[me]
    zones = state.zones
    mine = zones[own]
    if card < 5:  # distance
        score = DRIVE_BASE + MILES[card] / 10.0
        if mine.trip + MILES[card] >= state.goal:
            return FINISH_SCORE if _points_after_finish(state, own, MILES[card]) or cfg.target else score - 40.0
        return score
    if card < 10:  # hazard on an opponent
        zone = zones[zone_index]
        threat = _leader_threat(state, zone)
        best_other = max(zones[z].points + state.totals[z] for z in cfg.opponents[own])
        if zone.points + state.totals[zone_index] >= best_other:
            threat += 8.0  # the leader
        if card == SPEED_LIMIT:
            score = LIMIT_BASE + threat * 0.6
        else:
            score = ATTACK_BASE + threat - (8.0 if card == STOP else 0.0)
        if unseen is not None:
            total_unseen = sum(unseen) or 1
            remedy = REMEDY_FOR[card]
            score += 10.0 * (1.0 - unseen[remedy] / COPIES[remedy])
            safety = SAFETY_FOR[card]
            if unseen[safety] > 0:  # the safety may be in their hand, waiting for a Coup Fourré
                held = sum(state.hands[s].__len__() for s in zone.seats)
                score -= 35.0 * min(1.0, held / total_unseen)
        return score
    if card < 15:  # remedy on my own zone
        if card == END_OF_LIMIT:
            big = any(c > 1 and c < 5 for c in state.hands[me])
            return 30.0 + (20.0 if big else 0.0)
        return FIX_SCORE
    # a safety (2014 rules: 100 toward the trip, so it may complete it)
    if mine.trip + cfg.safety_miles >= state.goal:
        return FINISH_SCORE if _points_after_finish(state, own, SAFETY_POINTS) or cfg.target else HOLD_SAFETY
    lifts = mine.hazard >= 0 and SAFETY_FOR[mine.hazard] == card
    lifts = lifts or (card == EMERGENCY_VEHICLE and (mine.limited or not mine.started))
    if lifts:
        return SAFETY_FIX_SCORE
    if state.drawing_over or drawing_left(state) <= ENDGAME_DECK:
        return SAFETY_FIX_SCORE - 2
    return HOLD_SAFETY


def play_choice(state: Any, me: int, counting: bool = False) -> Any:
    """The policy's move in the play phase: the best play, or the discard that costs least."""
    hand = state.hands[me]
    unseen = unseen_counts(state, me) if counting else None
    best = None
    best_score = -math.inf
    for action in state._plays(me, hand):  # the plays, then the discards
        if type(action) is type(DISCARDS[0]):
            if best_score > 0.0:
                break  # a discard scores minus what it costs (at most 0): a play worth more is played
            card = action.card
            score = -card_worth(state, me, card, hand) - 0.01 * card
        else:
            score = play_score(state, me, action.card, action.zone, unseen)
        if score > best_score:
            best, best_score = action, score
    return best


def needed_cards(state: Any, me: int) -> set[int]:
    """Cards that would get ``me`` rolling now."""
    mine = state.zones[state.cfg.zone_of[me]]
    need = set()
    if mine.hazard >= 0:
        need.add(REMEDY_FOR[mine.hazard])
        need.add(SAFETY_FOR[mine.hazard])
    elif not mine.rolling:
        need.add(GO)
        need.add(EMERGENCY_VEHICLE)
    if mine.limited:
        need.add(END_OF_LIMIT)
    return need


def draw_choice(state: Any, me: int) -> Any:
    """Take the discard pile's top card when it gets me rolling (or is a big distance I can drive
    with); pass and exchange junk when stopped with nothing to fix it; else draw from the draw pile."""
    hand = state.hands[me]
    need = needed_cards(state, me)
    top = state.discard[-1] if state.discard else -1
    if top >= 0 and state.cfg.discard_draw and top not in hand:
        if top in need:
            return DRAWS[1]
        mine = state.zones[state.cfg.zone_of[me]]
        if top >= 15 or (top in (3, 4) and mine.rolling and not mine.limited and card_worth(state, me, top, hand) > 0
                         and not any(c == top for c in hand)):
            return DRAWS[1]
    if need and state.cfg.exchange and not (need & set(hand)):
        attack = any(5 <= c < 10 and card_worth(state, me, c, hand) > 0 for c in hand)  # keep the hand to attack
        if not attack:
            junk = tuple(c for c in hand if card_worth(state, me, c, hand) <= 3.0)
            if len(junk) >= 3 and len(junk) <= len(state.deck):
                return exchange_of(junk)
    return DRAWS[0]


def answer_choice(state: Any, me: int) -> Any:
    """Coup Fourré whenever I hold the safety; else the remedy at once (fast play); else no."""
    hazard = state.attack_card
    hand = state.hands[me]
    if SAFETY_FOR[hazard] in hand:
        return COUP_FOURRE
    remedy = REMEDY_FOR[hazard]
    if state.cfg.fast_play and hazard != SPEED_LIMIT and remedy in hand:
        return FAST_REMEDIES[remedy]
    return DECLINE


def extend_choice(state: Any, me: int) -> Any:
    """Extend to 1000 when ahead, rolling, and with cards enough left to draw."""
    own = state.cfg.zone_of[me]
    mine = state.zones[own]
    lead = min(mine.points - state.zones[z].points for z in state.cfg.opponents[own])
    return EXTENDS[lead > 150 and mine.rolling and drawing_left(state) >= 25]


def rollout_action(state: Any, seat: int, rng: Any = None, counting: bool = False) -> Any:
    """The policy's move for ``seat`` (the state's one awaited seat)."""
    phase = state.phase
    if phase == PLAY:
        return play_choice(state, seat, counting)
    if phase == DRAW:
        return draw_choice(state, seat)
    if phase == ASKED:
        return answer_choice(state, seat)
    if phase == EXTEND:
        return extend_choice(state, seat)
    raise ValueError("the game is over")


# --------------------------------------------------------------------------- the evaluator


def zone_outlook(state: Any, zone: Any) -> float:
    """The points a zone may expect from here: its points, the safeties its drivers hold (they will
    be played before the hand ends), and its position: rolling (or limited), stopped with or without
    the fix in hand, not started with or without a Go, the hazards it is safe from."""
    value = float(zone.points)
    hands = [state.hands[s] for s in zone.seats]
    value += HELD_SAFETY * sum(1 for hand in hands for card in hand if card >= 15)
    if zone.rolling:
        value += ROLLING if not zone.limited else ROLLING_LIMITED
    elif zone.hazard >= 0:
        fixes = (REMEDY_FOR[zone.hazard], SAFETY_FOR[zone.hazard])
        value += STOPPED_WITH_FIX if any(card in fixes for hand in hands for card in hand) else STOPPED
    else:
        starts = any(card == GO or card == EMERGENCY_VEHICLE for hand in hands for card in hand)
        value += WAITING_WITH_GO if starts else WAITING
    value += PROTECTED * bin(zone.safety_mask).count("1")
    return value


def won_share(state: Any, seat: int) -> float:
    """A game over: ``seat``'s side's share of the win (1 alone, 1/2 shared by two sides, 0 lost)."""
    if seat not in state.winners:
        return 0.0
    return 1.0 / len({state.cfg.zone_of[s] for s in state.winners})


def evaluate(state: Any, seat: int) -> float:
    """An estimate in [0, 1] that ``seat``'s side wins (a shared win counts its share)."""
    cfg = state.cfg
    own = cfg.zone_of[seat]
    if state.phase == OVER:
        return won_share(state, seat)
    totals = state.totals
    values = [totals[z] + zone_outlook(state, zone) for z, zone in enumerate(state.zones)]
    best = max(values)
    weights = [math.exp((v - best) / SCALE) for v in values]
    return weights[own] / sum(weights)


__all__ = ["KINDS", "won_share", "PLAYS", "answer_choice", "card_worth", "draw_choice", "evaluate", "extend_choice",
           "play_choice", "play_score", "rollout_action", "unseen_counts"]
