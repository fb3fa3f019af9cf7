"""Where a rider can get to, and at what risk: the helper the table uses to highlight cells (pure).

:func:`reachable` answers "every cell this rider can reach with these steps", each with the safest
way there: the cells entered in order, the rolls it will need on the way (``("power", slope)`` for a
diagonal or side step off a climb cell, ``("skill",)`` for a danger cell) and the chance to get there
on its feet. The scene submits that path as :class:`~.actions.Step` actions, one cell at a time (the
rolls happen as the rider goes; a failed one ends the move early).

:func:`entraide_options` does the same for the entraide decision in progress (a 2-cell jump), and
:func:`choice_reach` for a die choice not made yet (``Launch`` / ``Assign``): where that rider could go
with that die, exactly as :func:`reachable` will answer once the choice is made.

Each answer also says what the engine's feed rules make of the cell (Expert, :func:`.incidents.feed_miss`): a
move that leaves a feed zone without a stop on a feed cell and what it will cost, or a stop that takes the bag.

The table's odds count every roll the engine calls on the way (:func:`every_roll_table`, ``every_roll=True``, the
default of :func:`reachable` and :func:`choice_reach`): besides the power and danger rolls, Expert's diagonal
between two bikes (``("skill", "diagonal")``), and at Pro a move of 6 or more entering its first descent cell
(``("skill", "descent")``) and braking, a stop short of such a move (``("skill", "braking")``); none on the cell
that crosses the finish line (the move is over there). The bots' :func:`reach_table` keeps its own reckoning
(power and danger rolls only): their strength is measured against it.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import condition
from .actions import Assign, Launch
from .board import occupied
from .codes import P_DESCENT, P_ENTRAIDE, P_MOVE
from .geo import K_DIAGONAL, K_FORWARD, KIND_NAMES
from .incidents import FeedMiss, feed_miss, feed_stop
from .levels import LEADER
from .lines import entraide_targets, line_mover, line_riders
from .moves import between_bikes


@dataclass(frozen=True)
class ReachInfo:
    cell: int
    path: tuple[int, ...]  # cells entered, in order; the last one is ``cell``
    kinds: tuple[str, ...]  # forward / diagonal / side per cell of the path (entraide: "entraide")
    rolls: tuple[tuple, ...]  # ("power", slope) / ("skill",) / ("skill", "diagonal" | "descent" | "braking"), in order
    probability: float  # chance that every roll succeeds
    finishes: bool = False  # crosses the finish line (the move ends there)
    feed_miss: FeedMiss | None = None  # Expert: it leaves a feed zone without a stop on a feed cell, and the cost
    feeds: bool = False  # Expert: stopping there takes a feed bag (a feed cell of a zone it has not fed in)


def power_chance(slope: int) -> float:
    """A d20 strictly above the slope."""
    return max(0, 20 - slope) / 20


def skill_chance(crash: int = 2) -> float:
    return (20 - crash) / 20


def reach_table(s, start: int, steps: int, occ: set[int], visited: tuple[int, ...] = ()):
    """cell -> (probability, steps, path, kinds, rolls): the safest way to each cell within ``steps``."""
    su = s.setup
    g = su.geo
    ok_skill = skill_chance(su.level.skill_crash)
    finish = su.finish_row
    best: dict[int, tuple] = {}
    layer = {start: (1.0, (), (), ())}
    for depth in range(1, steps + 1):
        nxt_layer: dict[int, tuple] = {}
        for here, (p, path, kinds, rolls) in layer.items():
            if path and g.row[here] >= finish:
                continue  # across the line: the move is over
            slope = g.slope[here]
            for c, k in g.nxt[here]:
                if c in occ or c in path or c in visited or c == start:
                    continue
                q, rl = p, rolls
                if k != K_FORWARD and slope:
                    q *= power_chance(slope)
                    rl = rl + (("power", slope),)
                if g.danger[c]:
                    q *= ok_skill
                    rl = rl + (("skill",),)
                old = nxt_layer.get(c)
                if old is None or q > old[0] + 1e-12:
                    nxt_layer[c] = (q, path + (c,), kinds + (KIND_NAMES[k],), rl)
        for c, (q, path, kinds, rl) in nxt_layer.items():
            old = best.get(c)
            if old is None or q > old[0] + 1e-12:
                best[c] = (q, depth, path, kinds, rl)
        layer = nxt_layer
        if not layer:
            break
    return best


def every_roll_table(s, start: int, steps: int, occ, visited: tuple[int, ...] = (), die: int = 0):
    """:func:`reach_table` counting every roll the engine calls on the way (the table's odds), for a move of
    ``die`` (0: the extra descent cell) with ``steps`` cells left, ``visited`` the cells of the move so far
    (``move_path``). In the order :func:`.moves.step` and :mod:`.play` roll them: the power roll off a climb cell;
    Expert's diagonal between two bikes; on the cell reached, unless it crosses the finish line, the danger roll,
    then at Pro the descent roll (a move of 6 or more, its first descent cell); at Pro a stop short of a move of 6
    or more is braking (a Stop: none where the road ahead is blocked, the move ends by itself).

    A walk of its own rather than switches inside :func:`reach_table`: that one is the bots' hot path (Normal's
    and Hard's reckoning of every move), and its results and speed stay exactly those every strength figure was
    measured with."""
    su = s.setup
    g = su.geo
    level, pro = su.level, su.pro
    ok_skill = skill_chance(level.skill_crash)
    finish = su.finish_row
    descents = pro.descents and die >= 6
    braking = pro.braking and die >= 6
    around = set(occ) - {start}  # the bikes a diagonal may pass between (the rider has left its cell)
    done = any(g.descent[c] for c in visited[1:])  # this move's descent roll is behind it
    best: dict[int, tuple] = {}
    layer = {(start, done): (1.0, (), (), ())}
    for depth in range(1, steps + 1):
        nxt_layer: dict[tuple, tuple] = {}
        for (here, rolled), (p, path, kinds, rolls) in layer.items():
            if path and g.row[here] >= finish:
                continue  # across the line: the move is over
            slope = g.slope[here]
            for c, k in g.nxt[here]:
                if c in occ or c in path or c in visited or c == start:
                    continue
                q, rl, now = p, rolls, rolled
                if k != K_FORWARD and slope:
                    q *= power_chance(slope)
                    rl = rl + (("power", slope),)
                if k == K_DIAGONAL and level.dangerous_diagonal:
                    a, b = g.flanks[here].get(c, (0, 0))
                    if a and b and a in around and b in around:
                        q *= ok_skill
                        rl = rl + (("skill", "diagonal"),)
                if g.row[c] < finish:
                    if g.danger[c]:
                        q *= ok_skill
                        rl = rl + (("skill",),)
                    if descents and g.descent[c] and not rolled:
                        q *= ok_skill
                        rl = rl + (("skill", "descent"),)
                        now = True
                old = nxt_layer.get((c, now))
                if old is None or q > old[0] + 1e-12:
                    nxt_layer[(c, now)] = (q, path + (c,), kinds + (KIND_NAMES[k],), rl)
        for (c, _), (q, path, kinds, rl) in nxt_layer.items():
            if braking and depth < steps and g.row[c] < finish and any(
                    x not in occ and x not in path and x not in visited and x != start for x, _ in g.nxt[c]):
                q *= ok_skill  # it has to stop short of its 6: braking
                rl = rl + (("skill", "braking"),)
            old = best.get(c)
            if old is None or q > old[0] + 1e-12:
                best[c] = (q, depth, path, kinds, rl)
        layer = nxt_layer
        if not layer:
            break
    return best


def reachable(s, rider: int | None = None, steps: int | None = None, every_roll: bool = True) -> dict[int, ReachInfo]:
    """Every cell ``rider`` can reach now with ``steps`` cells, with the safest path to it.

    Defaults: the rider moving now and what is left of its die; in the descent phase, the rider
    offered the extra cell and 1 step. A rider in the start area enters by a free cell of row 0.
    ``every_roll``: the odds count every roll the engine calls (:func:`every_roll_table`), else only the power
    and danger rolls, as the bots reckon (:func:`reach_table`).
    """
    if rider is None:
        if s.phase == P_MOVE:
            rider = s.moving_rider
        elif s.phase == P_DESCENT:
            rider = s.descents[0]
        else:
            return {}
    if steps is None:
        if s.phase == P_MOVE and rider == s.moving_rider:
            steps = s.move_die - s.move_used
        elif s.phase == P_DESCENT and s.descents and rider == s.descents[0]:
            steps = s.setup.level.descent_cells
        else:
            return {}
    moving = s.phase == P_MOVE and rider == s.moving_rider
    visited = s.move_path if moving else ()
    if every_roll:
        table = every_roll_table(s, s.pos[rider], steps, occupied(s), visited, s.move_die if moving else 0)
    else:
        table = reach_table(s, s.pos[rider], steps, occupied(s), visited)
    return _infos(s, rider, table)


def _infos(s, rider: int, table: dict) -> dict[int, ReachInfo]:
    finish = s.setup.finish_row
    row = s.setup.geo.row
    here = row[s.pos[rider]]
    return {c: ReachInfo(c, path, kinds, rolls, q, row[c] >= finish > here, feed_miss(s, rider, c),
                         feed_stop(s, rider, c))
            for c, (q, _, path, kinds, rolls) in table.items()}


def choice_reach(s, action, every_roll: bool = True) -> dict[int, ReachInfo]:
    """Where a die choice would take its rider: ``Launch(rider, die)`` or ``Assign(rider, die)`` -> every
    cell that rider could reach with that die from where it stands now, with the safest path to each.

    The same answer :func:`reachable` gives once the choice is made (nothing moves in between: the
    other rider takes the other die only after this move). Any other action: ``{}``."""
    if not isinstance(action, (Launch, Assign)):
        return {}
    r, steps = action.rider, action.die
    if not 0 <= r < len(s.pos) or steps <= 0:
        return {}
    if every_roll:
        return _infos(s, r, every_roll_table(s, s.pos[r], steps, occupied(s), (), steps))
    return _infos(s, r, reach_table(s, s.pos[r], steps, occupied(s)))


def entraide_options(s) -> dict[int, ReachInfo]:
    """For the entraide or accélération jump in progress: each cell the jumping rider may land on, the path (the
    cell jumped from, then the landing cell) and every roll the engine calls on the way (:func:`.moves.jump`, in
    its order): in an accélération a team-mate's power rolls to restart, to cross a climb and to stop on one; a
    skill roll per danger cell of the bikes passed; a power roll leaving a climb cell diagonally or sideways; a
    skill roll for a diagonal between two bikes (Expert); the landing cell's danger."""
    if s.phase != P_ENTRAIDE:
        return {}
    su = s.setup
    g = su.geo
    occ = occupied(s)
    r, over, passed = line_mover(s, occ)
    ok_skill = skill_chance(su.level.skill_crash)
    climber = len(line_riders(s.entraide)) >= 3 and (su.roles[r] != LEADER or condition.tired(s, r))
    here = s.pos[r]
    out = {}
    for c, k in entraide_targets(s, occ):
        p, rolls = 1.0, ()

        def roll(kind: str, slope: int = 0) -> None:
            nonlocal p, rolls
            p *= power_chance(slope) if kind == "power" else ok_skill
            rolls += ((kind, slope) if kind == "power" else (kind,),)

        if climber and g.slope[here]:
            roll("power", g.slope[here])  # "redémarrage"
        for cell in passed:
            if g.danger[cell]:
                roll("skill")
        if climber and not g.slope[here] and not g.slope[c]:
            climb = max((g.slope[x] for x in passed), default=0)
            if climb:
                roll("power", climb)  # "simple traversée"
        if k != K_FORWARD and g.slope[over]:
            roll("power", g.slope[over])
        if k == K_DIAGONAL and su.level.dangerous_diagonal and between_bikes(s, over, c, occ):
            roll("skill")
        if climber and g.slope[c]:
            roll("power", g.slope[c])  # "arrêt"
        if g.danger[c]:
            roll("skill")
        out[c] = ReachInfo(c, (over, c), ("entraide", KIND_NAMES[k]), rolls, p,
                           g.row[c] >= su.finish_row > g.row[here], feed_miss(s, r, c), feed_stop(s, r, c))
    return out
