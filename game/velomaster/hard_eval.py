"""Hard's worth of a VeloMaster race (pure): Normal's evaluation (:mod:`.bots`) with crashes priced as the dice they
lose and Pro's condition read for the sprint.

Rows, the turn's dice still to play, entraides in reach, feeds, crash risks and the leader's protection are
weighed as Normal weighs them. Variants tried in issue 28 measured no better in the races we could afford (a team's
other riders weighed 0.3 instead of 0.45 with the chance of beating each rival multiplied and the road ahead of
each front rider counted: 14 wins in 54 Expert races; two bikes in an entraide position worth 1.5 rows each
instead of 0.6: 7 wins in the first 19 of the same 60 Salzburg races where this evaluation won 6). What differs:

* a crash's missed turns cost the dice they lose (``MISS_ROWS`` a turn, Normal 1.5), a scratch's worst die
  ``WORST_DIE_EXTRA`` more than Normal's row: Hard now sees those outcomes in most of its imagined rolls;
* at Pro, where Normal counts each 10 % of condition under 90 % a row (the leader's two) wherever the rider is and
  so never attacks, Hard counts each 1 % under 100 % a quarter of a row (the leader's half as much again) until the last
  ``SPRINT_ROWS`` rows, then less and less: 20 % of condition is worth five rows in the race, more than an
  attack's dice bring, and nothing once the line is near. So Hard keeps its condition (accélérations, entraides,
  the protection, a margin over the abandon zone after a crash) and attacks in the sprint;
* it reads the other teams' condition from their public figures (what the table has seen), the same in every
  world it imagines, so a move without dice is worth the same in all of them.
"""

from __future__ import annotations

import math

from .bots import CRASH_COST, PROTECTION_ROWS, W_LEADER, W_POINT, W_SECOND, _line_gain, _turn_gain
from .bots import _rider_value as _normal_rider_value
from .rules.board import occupied
from .rules.codes import ROAD, SIDE
from .rules.dice import protectors
from .rules.standings import jerseys

# a crash's missed turn costs the rider its die of that turn, about four rows (a team-mate in front takes the best of
# three dice: five), where Normal counts a row and a half; a scratch's worst die next turn costs two rows more
# than Normal's one (the worst of three dice is two, against three and a half or five)
MISS_ROWS = 4.0
WORST_DIE_EXTRA = 1.5
W_COND = 0.25  # rows per 1 % of condition under 100 %
SPRINT_ROWS = 20  # within this many rows of the line the cost fades to nothing: the last attacks pay


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
            fade = min(1.0, max(0.0, (su.finish_row - row[s.pos[r]]) / SPRINT_ROWS))
            cost += fade * W_COND * max(0, 100 - figures[r]) * (1.5 if r == leader else 1.0)
    return cost


def _rider_value(s, r: int, occ) -> float:
    """:func:`.bots._rider_value` with a crash's missed turns and a scratch priced as their dice."""
    v = _normal_rider_value(s, r, occ)
    if s.status[r] == SIDE:
        v -= (MISS_ROWS - CRASH_COST / 2) * s.miss[r]
    elif s.status[r] == ROAD and s.worst_die[r] and not s.missed_feed[r]:
        v -= WORST_DIE_EXTRA
    return v


def standing(s, seat: int, me: int, occ, extra=None) -> float:
    """How well ``seat`` stands, in rows, as ``me`` reckons it (:func:`.bots.standing` but for the condition)."""
    values = []
    for r in s.seats.own_riders[seat]:
        v = _rider_value(s, r, occ)
        if extra:
            v += extra.get(r, 0.0)
        values.append(v)
    values.sort(reverse=True)
    lead = values[0] + W_SECOND * sum(values[1:])
    leader = s.seats.seat_leader[seat]
    lead += W_LEADER * _rider_value(s, leader, occ)
    if s.setup.level.protection and s.seats.controller[leader] == seat and s.status[leader] == ROAD:
        lead += PROTECTION_ROWS[min(protectors(s, leader), 3)]
    points = sum(sum(s.points[r]) for r in s.seats.own_riders[seat])
    return lead + W_POINT * points - condition_cost(s, seat, me)


def evaluate(s, seat: int) -> float:
    """Worth of race ``s`` for ``seat`` in [0, 1]: the result once over, else a logistic of the lead over the best
    other team (as :func:`.bots.evaluate`)."""
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
    mover, extra = _turn_gain(s)
    lines = _line_gain(s) if su.level.accelerations else None

    def with_lines(x: int) -> dict[int, float] | None:
        own = extra if mover == x else None
        if not lines:
            return own
        return {**lines, **{r: v + lines.get(r, 0.0) for r, v in (own or {}).items()}}

    mine = standing(s, seat, seat, occ, with_lines(seat))
    best = max(standing(s, x, seat, occ, with_lines(x)) for x in range(n) if x != seat)
    z = max(-30.0, min(30.0, (mine - best) / 6.0))
    return 0.02 + 0.96 / (1.0 + math.exp(-z))


__all__ = ["condition_cost", "evaluate", "standing"]
