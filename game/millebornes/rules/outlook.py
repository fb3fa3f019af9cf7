"""Mille Bornes position evaluation (pure): what each driving zone may expect to score by the end of the
hand, line by line under the rules in force, and each side's chance to win. Hard's search scores the
positions its play-outs reach with it.

First a race model, in rounds (every seat plays once a round): per zone, the rounds it needs to get rolling
(a remedy or a Go in hand, or the wait to draw one), then to drive what is left of the trip at a rolling car's
pace, plus the stops the hazards still to come will cost it (those its opponents hold and those they will draw,
less the ones it is safe from or holds the safety of). From those: the chance that each zone completes the
trip first (or, without reshuffles, that the cards run out first) and when the hand should end.

Then every scoring line, expected: the miles driven and those still to drive before the hand ends; the
safeties in play and the Coups Fourrés (scored already); each safety held, laid before the end or won as a
Coup Fourré (the chance that an opponent holds or draws a matching hazard and plays it while the holder
waits, worth the Coup Fourré's points and the turn it gains); and the classic extras times their chance:
trip completed, safe trip (no 200), shut-out, delayed action, extension, all four safeties.

The evaluator sees a whole state: in a search that is a world imagined from the bot's view, so another
seat's hand is a guess drawn from the unseen cards, never the real one.
"""

from __future__ import annotations

import math
from typing import Any

from .cards import (
    EMERGENCY_VEHICLE,
    END_OF_LIMIT,
    GO,
    REMEDY_FOR,
    SAFETY_FOR,
    SPEED_LIMIT,
    STOP,
)
from .policy import won_share
from .setup import (
    ALL_SAFETIES_POINTS,
    DELAYED_POINTS,
    EXTENSION_POINTS,
    HAND_SIZE,
    OVER,
    SAFE_TRIP_POINTS,
    SAFETY_POINTS,
    SHUTOUT_POINTS,
    TRIP_POINTS,
)

# the race model (fitted on Normal-against-Normal hands: see docs/bots/millebornes.md)
PACE = 54.0  # miles a rolling car adds a turn, the turns spent attacking and discarding included
LIMITED_PACE = 30.0  # under a Speed Limit
OVERSHOOT = 35.0  # miles past the goal the last distance card drives, on average (no exact finish)
WAIT_CAP = 5.0  # rounds: the longest wait for a card the model counts
ATTACK = 0.6  # the chance that a hazard an opponent holds is played on a zone it can hit
SPREAD0, SPREAD1 = 1.0, 0.4  # a zone's rounds to finish are uncertain by SPREAD0 + SPREAD1 * rounds
CF_ATTACK = 0.9  # the chance that an opponent plays a hazard it holds on a zone holding its safety (a Coup Fourré)
LAY_IN_TIME = 0.85  # the chance that a held safety is laid before an opponent ends the hand
TEMPO = 60.0  # points a Coup Fourré's turn is worth (the attacker's card and turn spent for nothing)
NO_TWO = 0.75  # the chance that a zone with no 200 yet drives 500 more miles without one
POINTS0, POINTS1 = 200.0, 80.0  # final points are uncertain by POINTS0 + POINTS1 * sqrt(rounds left)
SWING = 1.7  # how much the bonuses that come with the trip add to the uncertainty
MATCH_HAND_SPREAD = 420.0  # a whole hand's points difference (matches to a target score)

SAFETIES_HIT = {15: (5,), 16: (6,), 17: (7,), 18: (SPEED_LIMIT, STOP)}  # safety -> the hazards it answers

BONUS_LINES = ("trip completed", "safe trip", "shut-out", "delayed action", "extension")
LINES = ("miles", "safeties", "coups fourres", "safeties held", "trip completed", "safe trip", "shut-out",
         "delayed action", "extension", "all four safeties")


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x * 0.7071067811865476))


class ZoneOutlook:
    """One zone's expected end of hand: ``rounds`` to complete the trip, ``finish`` the chance it does (first),
    ``lines`` the expected points per scoring line (those not in force are 0), ``total`` their sum."""

    __slots__ = ("rounds", "start", "pace", "finish", "lines", "total", "swing")

    def __init__(self) -> None:
        self.rounds = 0.0
        self.start = 0.0
        self.pace = PACE
        self.finish = 0.0
        self.lines: dict[str, float] = {}
        self.total = 0.0
        self.swing = 0.0  # the spread of the trip's bonuses, which come all together or not at all


def _counts(cards: tuple[int, ...]) -> list[int]:
    out = [0] * 19
    for card in cards:
        out[card] += 1
    return out


def _wait(deck_copies: int, deck_size: int, seats: int) -> float:
    """Rounds until a zone with ``seats`` drivers draws one of ``deck_copies`` cards from a pile of ``deck_size``."""
    if deck_copies <= 0 or deck_size <= 0:
        return WAIT_CAP
    return min(WAIT_CAP, deck_size / (deck_copies * seats) * 0.9)


class Outlook:
    """Every zone's :class:`ZoneOutlook` and ``end``, the rounds the hand should still last."""

    __slots__ = ("zones", "end")

    def __init__(self, zones: list[ZoneOutlook], end: float) -> None:
        self.zones = zones
        self.end = end


def _drive_rounds(need: int, hand: list[int], zone: Any, exact: bool, pace: float) -> float:
    """Rounds to drive ``need`` miles at ``pace`` a round, less what the big distance cards in hand save:
    each is played for its miles where an average turn brings ``PACE``."""
    if need <= 0:
        return 0.0
    ahead = 0.0
    twos = max(0, 2 - zone.twos)
    for card, miles in ((4, 200), (3, 100), (2, 75)):
        count = hand[card] if card != 4 else min(hand[card], twos)
        if count and (not exact or miles <= need):
            ahead += count * (miles - PACE)
    return max(PACE / pace, (need - ahead) / pace)


def _progress_if_beaten(z: int, opponents: tuple[int, ...], times: list[float], spreads: list[float],
                        start: float, exhaust: float) -> float:
    """The share of its trip left that zone ``z`` drives before the hand ends, if it does not complete it:
    the closest opponent completes it first, so that opponent was faster than expected and ``z`` slower
    (the conditional means of two normal times, ``times`` and ``spreads``), or the cards run out."""
    if not opponents:
        return 0.0
    o = min(opponents, key=times.__getitem__)
    sz, so = spreads[z], spreads[o]
    sigma = math.hypot(sz, so)
    a = (times[z] - times[o]) / sigma
    cdf = _phi(a)
    mills = math.exp(-0.5 * a * a) * 0.3989422804014327 / max(cdf, 1e-9)
    other = times[o] - so * so / sigma * mills
    own = times[z] + sz * sz / sigma * mills
    other = min(other, exhaust)
    if own <= start:
        return 1.0
    return min(1.0, max(0.0, (other - start) / (own - start)))


def coup_fourre_chance(state: Any, z: int, safety: int, rounds: float, hands_by: list[list[int]],
                       in_deck: list[int]) -> float:
    """The chance that zone ``z``, holding ``safety``, wins a Coup Fourré with it in the ``rounds`` left: an
    opponent plays a matching hazard on it, one it holds or one it will draw (from the draw pile, and with
    reshuffles from the discard pile once the draw pile is through)."""
    cfg = state.cfg
    zones = state.zones
    players = cfg.players
    deck_size = len(state.deck)
    draws = players * rounds
    from_deck = min(1.0, draws / deck_size) if deck_size else 0.0
    from_discard = 0.0
    if cfg.reshuffle and draws > deck_size and state.discard:
        from_discard = min(1.0, (draws - deck_size) / len(state.discard))
    hazards = SAFETIES_HIT[safety]
    expected = 0.0
    for opp in cfg.opponents[z]:
        share = len(zones[opp].seats) / players
        opp_hand = hands_by[opp]
        for hazard in hazards:
            expected += opp_hand[hazard] + share * in_deck[hazard] * from_deck
            if from_discard:
                expected += share * from_discard * state.discard.count(hazard)
    return 1.0 - math.exp(-CF_ATTACK / len(cfg.opponents[z]) * expected)


def hand_outlook(state: Any) -> Outlook:
    """Every zone's expected end of the hand being played (see the module)."""
    cfg = state.cfg
    zones = state.zones
    players = cfg.players
    deck = state.deck
    deck_size = len(deck)
    in_deck = _counts(deck)
    goal = state.goal
    cf_points = cfg.coup_fourre_points
    turn = state.turn
    out: list[ZoneOutlook] = []
    held_by: list[list[int]] = []
    hands_by: list[list[int]] = []
    # pass 1: each zone's start delay, the trip left and its pace, without the hazards to come
    for zone in zones:
        seats = len(zone.seats)
        turn_r = 1.0 / seats  # one of this zone's turns, in rounds
        hand = [0] * 19
        for s in zone.seats:
            for card in state.hands[s]:
                hand[card] += 1
        hands_by.append(hand)
        held = [k for k in (15, 16, 17, 18) if hand[k]]
        held_by.append(held)
        o = ZoneOutlook()
        need = goal - zone.trip - cfg.safety_miles * len(held)
        start = 0.0
        top_go_wait = 0.0 if hand[GO] else _wait(in_deck[GO], deck_size, seats)
        if zone.rolling:
            pass
        elif zone.hazard >= 0 and zone.hazard != STOP:
            remedy, safety = REMEDY_FOR[zone.hazard], SAFETY_FOR[zone.hazard]
            if hand[safety]:
                start = 0.0 if not cfg.go_after_remedy or safety == EMERGENCY_VEHICLE else turn_r + top_go_wait
            elif hand[remedy]:
                start = turn_r + (turn_r + top_go_wait if cfg.go_after_remedy else 0.0)
            else:
                start = _wait(in_deck[remedy], deck_size, seats) + turn_r
                if cfg.go_after_remedy:
                    start += turn_r + top_go_wait
        elif not hand[EMERGENCY_VEHICLE]:  # a Stop, a lifted hazard waiting for a Go, or not started
            start = turn_r + top_go_wait
        pace = PACE
        if zone.limited and not hand[EMERGENCY_VEHICLE]:
            if hand[END_OF_LIMIT]:
                start += turn_r
            else:
                slow = min(_wait(in_deck[END_OF_LIMIT], deck_size, seats), max(0.0, need) / LIMITED_PACE)
                start += slow * (1.0 - LIMITED_PACE / PACE)
        need = max(0, need)
        o.start = start
        o.pace = pace * seats
        o.rounds = start + _drive_rounds(need, hand, zone, cfg.exact, o.pace)
        o.lines = {"need": float(need)}
        out.append(o)
    # the hazards still to come: those the opponents hold, and those they will draw before the hand ends
    horizon = max(1.0, min(o.rounds for o in out))
    draws = players * horizon
    for z, zone in enumerate(zones):
        o = out[z]
        seats = len(zone.seats)
        turn_r = 1.0 / seats
        hand = hands_by[z]
        shared = ATTACK / max(1, len(cfg.opponents[z]))
        delay = 0.0
        open_to = [h for h in (5, 6, 7, SPEED_LIMIT, STOP)
                   if not zone.safety_mask & 1 << (SAFETY_FOR[h] - 15) and not hand[SAFETY_FOR[h]]]
        if open_to:
            from_deck = min(1.0, draws / deck_size) if deck_size else 0.0
            costs = []
            for hazard in open_to:
                fix = REMEDY_FOR[hazard]
                if hand[fix]:
                    costs.append(turn_r)
                elif hazard == SPEED_LIMIT:
                    costs.append(0.4 * min(_wait(in_deck[fix], deck_size, seats), o.rounds))
                else:
                    costs.append(_wait(in_deck[fix], deck_size, seats) + turn_r)
            for opp in cfg.opponents[z]:
                opp_hand = hands_by[opp]
                opp_share = len(zones[opp].seats) / players * from_deck
                for hazard, cost in zip(open_to, costs, strict=True):
                    delay += shared * (opp_hand[hazard] + in_deck[hazard] * opp_share) * cost
        o.rounds += delay
    # who completes the trip, and when the hand ends
    seats_before = []
    for zone in zones:
        first = min((s - turn) % players for s in zone.seats)
        seats_before.append(first / players)
    # when each zone should complete the trip: its next turn comes after ``seats_before`` rounds, and the
    # turn that completes it is the last of those it needs
    times = [seats_before[z] + max(0.0, o.rounds - 1.0 / len(zones[z].seats)) for z, o in enumerate(out)]
    spreads = [SPREAD0 + SPREAD1 * t for t in times]
    if cfg.reshuffle:
        exhaust = math.inf  # (a stalled hand is rare)
    elif state.drawing_over:
        exhaust = float(max(len(h) for h in state.hands))
    else:
        exhaust = deck_size / players + HAND_SIZE
    total_p = 0.0
    for z in range(len(zones)):
        p = 1.0
        for o in cfg.opponents[z]:
            p *= _phi((times[o] - times[z]) / math.hypot(spreads[z], spreads[o]))
        if exhaust != math.inf:
            p *= _phi((exhaust - times[z]) / spreads[z])
        out[z].finish = p
        total_p += p
    if total_p > 1.0:
        for o in out:
            o.finish /= total_p
        total_p = 1.0
    end = sum(o.finish * times[z] for z, o in enumerate(out))
    end += (1.0 - total_p) * (exhaust if exhaust != math.inf else max(times))
    # the lines
    bonus = cfg.bonus_trip or cfg.bonus_safe_trip or cfg.bonus_shutout or cfg.bonus_delayed or cfg.extension
    for z, zone in enumerate(zones):
        o = out[z]
        need = o.lines.pop("need")
        p = o.finish
        partial = need * _progress_if_beaten(z, cfg.opponents[z], times, spreads, o.start + seats_before[z], exhaust)
        partial = min(max(0.0, need - 25.0), partial)
        lines = o.lines
        overshoot = 0.0 if cfg.exact or not need else OVERSHOOT
        lines["miles"] = zone.miles + p * (need + overshoot) + (1.0 - p) * partial
        lines["safeties"] = float(SAFETY_POINTS * len(zone.safeties))
        lines["coups fourres"] = float(cf_points * zone.coups)
        held = held_by[z]
        lay = p + (1.0 - p) * LAY_IN_TIME
        value = 0.0
        for safety in held:
            chance = coup_fourre_chance(state, z, safety, end, hands_by, in_deck)
            value += SAFETY_POINTS * lay + chance * (cf_points + TEMPO)
        lines["safeties held"] = value
        if cfg.bonus_all_safeties:
            count = len(zone.safeties) + len(held)
            lines["all four safeties"] = ALL_SAFETIES_POINTS * (1.0 if count == 4 and not held else
                                                                lay if count == 4 else 0.0)
        if bonus:
            if cfg.bonus_trip:
                lines["trip completed"] = TRIP_POINTS * p
            if cfg.bonus_safe_trip and zone.twos == 0:
                lines["safe trip"] = SAFE_TRIP_POINTS * p * NO_TWO ** (need / 500.0)
            if cfg.bonus_shutout:
                still = 1.0
                for opp in cfg.opponents[z]:
                    if zones[opp].miles:
                        still = 0.0
                        break
                    first = out[opp].start + seats_before[opp]  # the opponent's first distance card
                    still *= _phi((first - times[z]) / spreads[z])
                lines["shut-out"] = SHUTOUT_POINTS * p * still
            if cfg.bonus_delayed:
                if state.drawing_over or state.reshuffles:
                    late = 1.0
                else:
                    late = _phi((times[z] - deck_size / players) / spreads[z])
                lines["delayed action"] = DELAYED_POINTS * p * late
            if cfg.extension and state.extended:
                lines["extension"] = EXTENSION_POINTS * p
        o.total = sum(lines.values())
        if bonus and 0.0 < p < 1.0:
            extras = sum(lines.get(k, 0.0) for k in BONUS_LINES) / p
            o.swing = SWING * extras * math.sqrt(p * (1.0 - p))
    return Outlook(out, max(0.0, end))


def evaluate(state: Any, seat: int) -> float:
    """An estimate in [0, 1] that ``seat``'s side wins (a shared win counts its share): each zone's
    expected points (earlier hands' totals and this hand's outlook), compared with the uncertainty left."""
    cfg = state.cfg
    own = cfg.zone_of[seat]
    if state.phase == OVER:
        return won_share(state, seat)
    outlook = hand_outlook(state)
    totals = state.totals
    values = [totals[z] + o.total for z, o in enumerate(outlook.zones)]
    spread = math.hypot(POINTS0 + POINTS1 * math.sqrt(outlook.end), sum(o.swing for o in outlook.zones))
    if cfg.target:
        left = max(0.0, cfg.target - max(values)) / 1000.0
        spread = math.hypot(spread, MATCH_HAND_SPREAD * math.sqrt(left))
    best = max(values)
    weights = [math.exp((v - best) / spread * 1.7) for v in values]
    return weights[own] / sum(weights)


__all__ = ["LINES", "Outlook", "ZoneOutlook", "evaluate", "hand_outlook"]
