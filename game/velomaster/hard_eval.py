"""Hard's worth of a VeloMaster race (pure): Normal's evaluation (:mod:`.bots`) read for the win.

The race is won by the first rider across the line, whoever's it is: a team's front rider carries its chances and
its other riders are insurance and help (entraides, the leader's protection). So Hard

* weighs its other riders less than Normal does (``W_OTHERS``), and gives the biggest dice still to be taken to
  its riders in front (Normal's guess gives them to the riders behind);
* at Pro counts a rider's lost condition less as it nears the finish (a spent rider a few rows from the line has
  nothing left to lose: its attacks pay), and reads the other teams' condition from their public figures, the
  same in every world it imagines, so a move without dice is worth the same in all of them;
* scores a race as the chance of beating each other team (a product), not only the best one.
"""

from __future__ import annotations

import math

from .bots import (
    PROTECTION_ROWS,
    W_LEADER,
    W_POINT,
    _best_gain,
    _line_gain,
    _rider_value,
)
from .rules.board import occupied
from .rules.codes import FIN, P_ASSIGN, P_DESCENT, P_MOVE, ROAD, SIDE
from .rules.dice import protectors
from .rules.standings import jerseys

W_OTHERS = 0.3  # each other rider of the team (Normal: 0.45)
SCALE = 6.0  # rows of lead for a logistic step
# Pro: each 1 % of condition under 100 % costs this many rows (the leader's half as much again): an attack (20 %)
# costs five rows, more than its dice bring, until the sprint; condition is what a rider needs to stay fresh
# (accélérations, entraides, the leader's protection) and out of the abandon zone after a crash
W_COND = 0.25
SPRINT_ROWS = 20  # within this many rows of the line the cost fades to nothing: the last attacks pay


def turn_gain(s) -> tuple[int, dict[int, float]]:
    """(seat, extra expected rows per rider) for what the seat playing now can still do this turn; the dice
    still to be taken go to the riders in front first."""
    phase = s.phase
    extra: dict[int, float] = {}
    if phase not in (P_MOVE, P_ASSIGN, P_DESCENT):
        return -1, extra
    occ = set(occupied(s))
    if phase == P_MOVE:
        r = s.moving_rider
        extra[r] = _best_gain(s, r, s.pos[r], s.move_die - s.move_used, occ - {s.pos[r]}, s.move_path)
    elif phase == P_DESCENT:
        r = s.descents[0]
        extra[r] = _best_gain(s, r, s.pos[r], 1, occ - {s.pos[r]})
    left = sorted(s.dice_left, reverse=True)
    pending = [r for r in s.movers if s.status[r] != FIN and s.miss[r] == 0]
    if pending and left:
        row = s.setup.geo.row
        pending.sort(key=lambda r: -row[s.pos[r]])
        for r, d in zip(pending, left, strict=False):
            extra[r] = extra.get(r, 0.0) + _best_gain(s, r, s.pos[r], d, occ - {s.pos[r]})
    return s.seat, extra


def condition_cost(s, seat: int, me: int) -> float:
    """Rows the seat's lost condition costs (``W_COND``), fading to nothing over the last ``SPRINT_ROWS`` rows; the
    bot's own riders by their exact figure, the others' by the public one."""
    su = s.setup
    if not su.pro.condition:
        return 0.0
    figures = s.condition if seat == me else s.public
    leader = s.seats.seat_leader[seat]
    row = su.geo.row
    cost = 0.0
    for r in s.seats.own_riders[seat]:
        if s.status[r] in (ROAD, SIDE):
            left = su.finish_row - row[s.pos[r]]
            fade = min(1.0, max(0.0, left / SPRINT_ROWS))
            cost += fade * W_COND * max(0, 100 - figures[r]) * (1.5 if r == leader else 1.0)
    return cost


# the chance of each value of a leader's die (1 d6) and of a team-mates' best die (the highest of 3 d6)
ONE_DIE = tuple(1 / 6 for _ in range(6))
BEST_OF_THREE = tuple((k ** 3 - (k - 1) ** 3) / 216 for k in range(1, 7))
W_ROAD = 0.5  # rows per row of the next move the road ahead takes away (or a pair, a feed, the line adds)


def road_ahead(s, r: int, occ) -> float:
    """What rider ``r``'s next move can expect over an open road, in rows: below zero when bikes or danger cells
    stand in its way, above when a pair (entraide), a feed or the line is within reach. Its next die is a leader's
    one d6 or, for a team-mate, the best of the team-mates' three."""
    su = s.setup
    odds = ONE_DIE if r in su.leaders else BEST_OF_THREE
    free = occ - {s.pos[r]}
    expect = 0.0
    for k, q in enumerate(odds, 1):
        expect += q * (_best_gain(s, r, s.pos[r], k, free) - k)
    return expect


def standing(s, seat: int, me: int, occ, extra=None) -> float:
    """How well ``seat`` stands, in rows, as ``me`` reckons it."""
    values = []
    front, best = -1, -1e9
    for r in s.seats.own_riders[seat]:
        v = _rider_value(s, r, occ)
        if extra:
            v += extra.get(r, 0.0)
        values.append(v)
        if v > best:
            front, best = r, v
    if W_ROAD and s.status[front] == ROAD and s.pos[front]:
        values[values.index(best)] += W_ROAD * road_ahead(s, front, occ)
    values.sort(reverse=True)
    lead = values[0] + W_OTHERS * sum(values[1:])
    leader = s.seats.seat_leader[seat]
    lead += W_LEADER * _rider_value(s, leader, occ)
    if s.setup.level.protection and s.seats.controller[leader] == seat and s.status[leader] == ROAD:
        lead += PROTECTION_ROWS[min(protectors(s, leader), 3)]
    points = sum(sum(s.points[r]) for r in s.seats.own_riders[seat])
    return lead + W_POINT * points - condition_cost(s, seat, me)


def evaluate(s, seat: int) -> float:
    """Worth of race ``s`` for ``seat`` in [0, 1]: the result once over, else the chance of beating every other
    team, each by a logistic of the lead over it."""
    su = s.setup
    n = su.players
    if s.is_over():
        result = s.result()
        if seat in result.winners:
            return 1.0
        pos = result.ranking.index(seat)
        red = jerseys(s)[1]
        bonus = 0.08 if red >= 0 and s.seats.controller[red] == seat else 0.0
        return 0.4 * (1.0 - pos / max(1, n - 1)) + bonus
    occ = occupied(s)
    mover, extra = turn_gain(s)
    lines = _line_gain(s) if su.level.accelerations else None

    def with_lines(x: int) -> dict[int, float] | None:
        own = extra if mover == x else None
        if not lines:
            return own
        return {**lines, **{r: v + lines.get(r, 0.0) for r, v in (own or {}).items()}}

    mine = standing(s, seat, seat, occ, with_lines(seat))
    p = 1.0
    for x in range(n):
        if x != seat:
            z = max(-30.0, min(30.0, (mine - standing(s, x, seat, occ, with_lines(x))) / SCALE))
            p /= 1.0 + math.exp(-z)
    return 0.02 + 0.96 * p


__all__ = ["evaluate", "standing", "turn_gain"]
