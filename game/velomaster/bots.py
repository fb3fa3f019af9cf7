"""VeloMaster heuristics for the generic bots (pure).

``evaluate`` scores a race for a seat in [0, 1]. Each rider is worth its row on the course, plus what
it can expect from the rest of the current turn: for the rider moving now and for the riders still
to take a die, the best cell they can reach with the dice left, each weighed by the chance of getting
there (power and skill rolls, :mod:`.rules.reach`). A one-ply greedy bot (``GreedyBot``) that tries every
legal action with this evaluation therefore plans whole moves: which die for which rider, which path,
where to stop. On top of the rows it values:

* riders across the line (the first one most: it wins the race), climber's points (Maillot Rouge);
* ending a move right behind another bike with nobody around (an entraide next turn: 2 free cells),
  and, indirectly, playing the entraides offered (they add rows);
* staying on its feet: the risk of a crash (a lost turn) is counted in the odds of every path, so the
  bots take the safe way round a danger cell when there is one and stop short of needless danger;
* not being boxed in: a rider with no free cell ahead loses a little.

Levels: Easy is greedy with one imagined world and many random moves; Normal and Hard imagine more
worlds (the immediate dice rolls are sampled in each world) and never play at random.
"""

from __future__ import annotations

import math
from typing import Any

from ..engine.protocol import Action, BotLevel
from .rules import Descend, Entraide, Roll, Step
from .rules.actions import Prepare
from .rules.board import occupied
from .rules.codes import CTX_LINE, FIN, OUT, P_ASSIGN, P_DESCENT, P_MOVE, P_VOTE, ROAD, SIDE, VOTE_WAITING
from .rules.dice import protectors
from .rules.lines import agreeing_bikes, line_riders, line_stage, votes_needed
from .rules.reach import reach_table
from .rules.standings import jerseys

LEVELS = {
    "random": BotLevel("random"),
    "easy": BotLevel("greedy", iterations=1, noise=0.3),
    "normal": BotLevel("greedy", iterations=3, noise=0.0),
    "hard": BotLevel("velomaster-hard", iterations=48),  # :mod:`.hard_bot`
}

W_SECOND = 0.45  # the team's second rider
W_LEADER = 0.15  # the leader's place decides the order of play
W_POINT = 0.06  # one climber's point, in rows
PAIR_BONUS = 1.2  # right behind a lone bike: an entraide next turn
BOXED = 0.6  # no free cell ahead
CRASH_COST = 3.0  # a crash: a lost turn and the roadside
FINISH_BONUS = 25.0  # across the line (the first across wins: see _rider_value)
MISSED_FEED = 12.0  # a missed feed: the smallest die to the finish, about a dozen rows lost
FEED_STOP = 1.0  # stopping on a feed cell of a zone not yet fed
PROTECTION_ROWS = (0.0, 1.0, 1.5, 1.5)  # the best of 1, 2, 3 d6 expects 3.5, 4.5, 5 cells
LINE_GAIN = 0.8  # rows per bike of a line for each bike still to ride up an accélération
ON_DANGER = 0.15  # standing on a danger cell: a tie-break against needless skill rolls (the greedy bot
# samples only a few worlds, in most of which the roll it just made succeeded)


def _pair_ready(g, occ, c: int) -> bool:
    """A bike on ``c`` would be the rear one of an entraide: a bike right ahead, nobody around."""
    f = g.fwd[c]
    return bool(f) and f in occ and g.fwd[f] not in occ and g.back[c] not in occ


def _rider_value(s, r: int, occ) -> float:
    su = s.setup
    g = su.geo
    st = s.status[r]
    if st == OUT:
        return 0.0
    if st == FIN:
        i = s.finish_order.index(r)
        return su.finish_row + FINISH_BONUS + (15.0 if i == 0 else 0.0) - 2.0 * i
    p = s.pos[r]
    v = float(g.row[p] + 1)
    if s.missed_feed[r]:
        v -= MISSED_FEED  # the smallest die to the finish
    elif s.worst_die[r]:
        v -= 1.0
    if st == SIDE:
        v -= 0.5 + CRASH_COST * s.miss[r] / 2
    elif p:
        if g.danger[p]:
            v -= ON_DANGER
        if _pair_ready(g, occ, p) or (g.back[p] in occ and _pair_ready(g, occ, g.back[p])):
            v += PAIR_BONUS * 0.5
        if not any(c not in occ for c, _ in g.nxt[p]):
            v -= BOXED
    return v


def _feed_gain(g, fed: int, here_row: int, c: int) -> float:
    """Stopping on a feed cell of a zone not yet fed is worth a little; going past such a zone costs the
    smallest die to the finish (Expert's "RAVITAILLEMENT")."""
    zone = g.feed_zone[c]
    if zone >= 0 and not fed >> zone & 1:
        return FEED_STOP
    for z, last in enumerate(g.feed_last_row):
        if here_row <= last < g.row[c] and not fed >> z & 1:
            return -MISSED_FEED
    return 0.0


def _best_gain(s, r: int, start: int, steps: int, occ, visited=()) -> float:
    """Expected rows (and points) the rider can still add with ``steps`` cells, safest path to each cell."""
    if steps <= 0:
        return 0.0
    su = s.setup
    g = su.geo
    here_row = g.row[start]
    feeds = su.level.feeds
    best = 0.0
    table = reach_table(s, start, steps, occ, visited)
    for c, (q, _, _path, _, rolls) in table.items():
        gain = g.row[c] - here_row
        if gain <= 0 and not _pair_ready(g, occ, c):
            continue
        if _pair_ready(g, occ, c):
            gain += PAIR_BONUS
        if feeds and not s.missed_feed[r]:
            gain += _feed_gain(g, s.fed_zones[r], here_row, c)
        if g.row[c] >= su.finish_row > here_row:
            gain += FINISH_BONUS * 0.5
        for sm in su.summits:
            if here_row < sm.row <= g.row[c] and s.summit_crossings[sm.index] < len(sm.points):
                gain += W_POINT * sm.points[s.summit_crossings[sm.index]]
        if q < 1.0:
            risky = any(x[0] == "skill" for x in rolls)
            gain = q * gain - (1 - q) * (CRASH_COST if risky else 0.3)
        if gain > best:
            best = gain
    return best


def _turn_gain(s) -> tuple[int, dict[int, float]]:
    """(seat, extra expected value per rider) for what the seat playing now can still do this turn."""
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
        # Riders still to take a die: the best die for the rider behind, a fair guess at the others.
        pending.sort(key=lambda r: s.setup.geo.row[s.pos[r]])
        for r, d in zip(pending, left, strict=False):
            extra[r] = extra.get(r, 0.0) + _best_gain(s, r, s.pos[r], d, occ - {s.pos[r]})
    return s.seat, extra


def _line_gain(s) -> dict[int, float]:
    """Expected rows for the bikes of an accélération being voted on or under way: each bike still to jump
    gains about as many cells as the line has bikes, weighed by the chance the line rides."""
    extra: dict[int, float] = {}
    if s.phase == P_VOTE and s.lines:
        line = s.lines[0]
        agree, need = agreeing_bikes(s, line, s.seat), votes_needed(line)
        still = sum(1 for r in line if s.votes[s.seats.controller[r]] == VOTE_WAITING)
        chance = 1.0 if agree >= need else 0.5 if agree + still >= need else 0.0
        for r in line:
            extra[r] = chance * LINE_GAIN * len(line)
    elif s.entraide and s.move_context == CTX_LINE:
        riders = line_riders(s.entraide)
        stage, _ = line_stage(s.entraide)
        for r in riders[stage:]:
            extra[r] = LINE_GAIN * len(riders)
    return extra


def standing(s, seat: int, occ=None, extra=None) -> float:
    """How well ``seat`` stands, in rows."""
    if occ is None:
        occ = occupied(s)
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
        # team-mates touching the leader on a climb: its next roll keeps the best of 2 or 3 dice (E +1, +1.5)
        lead += PROTECTION_ROWS[min(protectors(s, leader), 3)]
    points = sum(sum(s.points[r]) for r in s.seats.own_riders[seat])
    return lead + W_POINT * points - condition_cost(s, seat)


# Pro: rows a rider's condition is worth below the normal band (90 %): each 10 % lost costs a row, the leader's
# twice (a tired leader loses its protection on climbs; at 30 % a rider abandons)
W_CONDITION = 0.1


def condition_cost(s, seat: int) -> float:
    """How much ``seat``'s riders' lost condition weighs, in rows (0 when condition is not played)."""
    if not s.setup.pro.condition:
        return 0.0
    leader = s.seats.seat_leader[seat]
    cost = 0.0
    for r in s.seats.own_riders[seat]:
        if s.status[r] in (ROAD, SIDE):
            cost += W_CONDITION * max(0, 90 - s.condition[r]) * (2.0 if r == leader else 1.0)
    return cost


# Pro, a stage start: bots name their leader "surmotivé", never dope, and ride clean (so no gain takes a rider
# over 100 % into the doping control); searching 160 secret picks would only add noise
def prepare_choice(legal) -> Action | None:
    """The stage-start pick a bot makes by rule, if ``legal`` is that pick's list."""
    if not legal or not isinstance(legal[0], Prepare):
        return None
    for motivated in (0, -1):
        pick = Prepare(motivated, (), True)
        if pick in legal:
            return pick
    return next((a for a in legal if not a.doped), legal[0])


def evaluate(state, seat: int) -> float:
    """Worth of ``state`` for ``seat`` in [0, 1]: the result once over, else a logistic of the lead."""
    s = state
    su = s.setup
    n = su.players
    if s.is_over():
        result = s.result()
        if seat in result.winners:
            return 1.0
        pos = result.ranking.index(seat)
        red = jerseys(s)[1]
        bonus = 0.08 if red >= 0 and state.seats.controller[red] == seat else 0.0
        return 0.4 * (1.0 - pos / max(1, n - 1)) + bonus
    occ = occupied(s)
    mover, extra = _turn_gain(s)
    lines = _line_gain(s) if s.setup.level.accelerations else None

    def with_lines(x: int) -> dict[int, float] | None:
        own = extra if mover == x else None
        if not lines:
            return own
        return {**lines, **{r: v + lines.get(r, 0.0) for r, v in (own or {}).items()}}

    mine = standing(s, seat, occ, with_lines(seat))
    best = max(standing(s, x, occ, with_lines(x)) for x in range(n) if x != seat)
    z = max(-30.0, min(30.0, (mine - best) / 6.0))
    return 0.02 + 0.96 / (1.0 + math.exp(-z))


def rollout_action(state, seat: int, rng: Any) -> Action:
    """Fast simulated play: roll, ride to the most forward free cell avoiding danger, take every
    entraide and descent cell; other choices at random."""
    legal = state.legal_actions(seat)
    if len(legal) == 1 or isinstance(legal[0], Roll):
        return legal[0]  # (a roll before any attack: rollouts do not attack)
    pick = prepare_choice(legal)
    if pick is not None:
        return pick
    first = legal[0]
    if isinstance(first, (Step, Entraide, Descend)):
        g = state.setup.geo
        moves = [a for a in legal if isinstance(a, (Step, Entraide, Descend))]
        return max(moves, key=lambda a: (not g.danger[a.cell], g.row[a.cell], rng.random()))
    return rng.choice(legal)


__all__ = ["LEVELS", "ROAD", "evaluate", "rollout_action", "standing"]
