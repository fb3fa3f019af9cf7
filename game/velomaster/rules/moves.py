"""A rider's move on the road (pure): one cell at a time with its power and skill rolls, summits, the finish,
crashes; and a bike's jump up a line (entraide, accélération). Each works on the working copy ``w`` of
:mod:`.play` and appends its events to ``ev``; what happens next is :mod:`.play`'s business."""

from __future__ import annotations

from ...engine.rng import die
from . import condition, incidents
from .board import occupied, replaced
from .codes import CTX_START, FIN, ROAD, SIDE
from .events import Crash, PowerRoll, RiderFinished, RiderStepped, SeatSkips, SkillRoll, SummitPoints
from .geo import K_DIAGONAL, K_FORWARD, KIND_NAMES
from .levels import LEADER
from .lines import line_mover, line_riders, line_stage
from .pro_events import SkillCalled


def move_to(w, r: int, to: int, kind: str, ev: list, over: int = 0) -> bool:
    """Put rider ``r`` on cell ``to``; summit points and the finish line. True if it finished."""
    su = w.setup
    g = su.geo
    here = w.pos[r]
    rf, rt = g.row[here], g.row[to]
    w.pos = replaced(w.pos, r, to)
    occ = w._occupied_cache
    if w.status[r] != ROAD:  # back on the road from the roadside: its old cell may be someone else's
        w.status = replaced(w.status, r, ROAD)
        w._occupied_cache = None if occ is None else occ | {to}
    elif occ is not None:
        w._occupied_cache = (occ - {here}) | {to} if here else occ | {to}
    if rt != rf:
        w.arrival = replaced(w.arrival, r, w.arrival_seq)
        w.arrival_seq += 1
    seat, role = w.seats.controller[r], su.roles[r]
    ev.append(RiderStepped(seat, r, role, here, to, kind, rt, over, su.bikes[r]))
    if rt > rf and su.level.feeds:
        incidents.rows_crossed(w, r, rf, rt, ev)
    if rt > rf and (su.line_on[rt] if rt == rf + 1 else any(su.line_on[rf + 1:rt + 1])):
        for sm in su.summits:
            if rf < sm.row <= rt:
                summit(w, r, sm, ev)
        if rf < su.finish_row <= rt:
            finish(w, r, ev)
            return True
    return False


def summit(w, r: int, sm, ev: list) -> None:
    place = w.summit_crossings[sm.index]
    counts = list(w.summit_crossings)
    counts[sm.index] = place + 1
    w.summit_crossings = tuple(counts)
    if place < len(sm.points):
        pts = sm.points[place]
        row = list(w.points[r])
        row[sm.index] = pts
        w.points = replaced(w.points, r, tuple(row))
        su = w.setup
        ev.append(SummitPoints(w.seats.controller[r], r, su.roles[r], sm.index, sm.name, sm.category, place + 1, pts, bike=su.bikes[r]))


def finish(w, r: int, ev: list) -> None:
    su = w.setup
    w.status = replaced(w.status, r, FIN)
    w._occupied_cache = None
    w.finish_order = w.finish_order + (r,)
    if w.first_arrival_turn < 0:
        w.first_arrival_turn = w.turns
    gap = 60 * (w.turns - w.first_arrival_turn)  # "ajouter 1 minute au temps du 1er arrivé à chaque fois qu'un joueur joue"
    w.finish_time = replaced(w.finish_time, r, su.nominal_s + gap)
    ev.append(RiderFinished(w.seats.controller[r], r, su.roles[r], len(w.finish_order), su.nominal_s + gap, gap, bike=su.bikes[r]))


def skill_roll(w, r: int, cell: int) -> tuple[int, bool]:
    v, w.rng = die(w.rng, 20)
    return v, v > w.setup.level.skill_crash


def crash(w, r: int, cell: int, ev: list, chained: bool = False) -> None:
    """Rider ``r`` falls on ``cell``. Pro's collective crashes: the riders behind on touching cells roll
    skill at once (:func:`collective`); ``chained``: this fall is one of theirs (the first fall runs the chain)."""
    su = w.setup
    seat = w.seats.controller[r]
    w.status = replaced(w.status, r, SIDE)
    w._occupied_cache = None
    misses = su.level.crash_misses
    neutral = su.rider_team[r] == su.neutral_team and w.move_context != CTX_START
    if neutral:
        w.seat_skips = replaced(w.seat_skips, seat, w.seat_skips[seat] + 1)
        ev.append(SeatSkips(seat, True))
    if su.level.crash_gravity:  # Expert: a second d20 says how bad it is
        misses, out = incidents.gravity(w, r, ev)
        if out or w.status[r] != SIDE:  # abandoned (the gravity roll, or the condition it cost)
            if su.pro.collective_crashes and not chained:
                collective(w, r, cell, ev)
            return  # abandoned: out of the race
    if neutral:  # "En cas de chute pour un vélo neutre, c'est le joueur responsable qui passera le prochain tour":
        misses = 0  # the player passes (seat_skips), the bike misses none of its own
    # ``miss`` counts the ends of the rider's own turns it must still wait: the turns of its seat in its own phase
    # (_tick_misses). Falling in such a turn after its die (or its move), it also lies there for the rest of this
    # turn: one more. Falling in such a turn before its die (an entraide or an accélération opening the turn, a
    # pile-up), the rest of this turn is the one turn it misses ("passe 1 fois son tour"), not one more. Falling in
    # any other turn (another seat's, or its own seat's turn of the other phase: a team-mate in its leader's
    # entraide), the next turn it misses is its own next one: the misses, no more.
    own_turn = _ends_with_this_turn(w, r)
    before_its_die = own_turn and not _took_its_die(w, r)
    # (a harmless Expert crash still costs the rest of that turn: "on repart normalement au tour suivant")
    missed = max(misses, 1) if before_its_die else misses + (1 if own_turn else 0)
    w.miss = replaced(w.miss, r, missed)
    ev.append(Crash(seat, r, su.roles[r], cell, misses, before_its_die, bike=su.bikes[r]))
    if su.pro.collective_crashes and not chained:
        collective(w, r, cell, ev)


def _ends_with_this_turn(w, r: int) -> bool:
    """Is this turn one of the rider's own (its end counts down the rider's missed turns)? At the start a seat's
    launch turns count for all its riders; in the race, its turns of the phase the rider moves in."""
    if w.move_context == CTX_START:
        return r in w.seats.seat_riders[w.seat]
    return r in w.seats.phase_riders[w.round_phase][w.seat]


def _took_its_die(w, r: int) -> bool:
    """Has the rider had its die this turn (it is moving with it, or its roll is out and it took one)? At the
    start a launch is the die."""
    if w.move_context == CTX_START or r == w.moving_rider:
        return True
    if not w.dice:
        return False  # before the roll: the entraides and accélérations that open the turn
    su = w.setup
    if su.rider_team[r] == su.neutral_team and not w.neutral_rolled:
        return False  # (2 players) the neutral bikes' roll is still to come
    return r not in w.movers


def collective(w, r: int, cell: int, ev: list) -> None:
    """Pro, "CHUTES COLLECTIVES": "Tous les cyclistes placés derrière lui et sur une case qui touche la sienne
    doivent immédiatement effectuer un jet d'habileté". Every rider on the road on a cell touching the crash
    cell (:attr:`.geo.Geo.touch`) and on a row behind it rolls skill; a rider who falls brings down in turn
    the riders behind it around its own cell. Each rider rolls at most once per incident; the fallen
    rider's own crash (gravity, turns missed) is as any crash's."""
    su = w.setup
    g = su.geo
    seen = {r}
    todo = [cell]
    while todo:
        at = todo.pop(0)
        row = g.row[at]
        near = set(g.touch[at])
        behind = sorted((x for x in range(su.riders) if x not in seen and w.status[x] == ROAD and w.pos[x] in near
                         and g.row[w.pos[x]] < row), key=lambda x: (-g.row[w.pos[x]], w.arrival[x]))
        for x in behind:
            seen.add(x)
            here = w.pos[x]
            ev.append(SkillCalled(w.seats.controller[x], x, su.roles[x], here, "collective", bike=su.bikes[x]))
            v, ok = skill_roll(w, x, here)
            ev.append(SkillRoll(w.seats.controller[x], x, su.roles[x], v, here, ok, bike=su.bikes[x]))
            if not ok:
                crash(w, x, here, ev, chained=True)
                todo.append(here)


def skill(w, r: int, cell: int, ev: list) -> bool:
    """The skill roll on a danger cell the rider stands on: True if it stays up, else it crashes."""
    su = w.setup
    v, ok = skill_roll(w, r, cell)
    ev.append(SkillRoll(w.seats.controller[r], r, su.roles[r], v, cell, ok, bike=su.bikes[r]))
    if not ok:
        crash(w, r, cell, ev)
    return ok


def power(w, r: int, slope: int, kind: int, ev: list) -> bool:
    su = w.setup
    v, w.rng = die(w.rng, 20)
    ok = v > slope
    ev.append(PowerRoll(w.seats.controller[r], r, su.roles[r], v, slope, ok, KIND_NAMES[kind], bike=su.bikes[r]))
    if su.pro.condition:
        if v >= 18:  # "Pour chaque « 20 », « 19 » ou « 18 » lors d'un jet de puissance"
            condition.gain(w, r, condition.POWER_18_20, f"{v} on a power roll", ev)
        if not ok:  # "Pour chaque défaillance en montagne"
            condition.lose(w, r, condition.MOUNTAIN_FAILURE, "défaillance en montagne", ev)
    return ok


def step(w, r: int, to: int, kind: int, label: str, ev: list) -> str | None:
    """One cell of a die move or the descent cell: power roll (leaving a climb cell diagonally or
    sideways), the move, then the skill roll on a danger cell. Returns why the move ends, or None."""
    g = w.setup.geo
    here = w.pos[r]
    if kind != K_FORWARD and g.slope[here] and not power(w, r, g.slope[here], kind, ev):
        return "power"
    if kind == K_DIAGONAL and w.setup.level.dangerous_diagonal and between_bikes(w, here, to, occupied(w)):
        if not skill(w, r, here, ev):  # it falls where it tries to pass: on its own cell
            return "crash"
    if move_to(w, r, to, label, ev):
        return "finish"
    if w.status[r] != ROAD:
        return None  # Pro: a missed feed's 30 % were its last (the caller ends the move: abandon)
    if g.danger[to] and not skill(w, r, to, ev):
        return "crash"
    return None


def line_power(w, r: int, slope: int, ev: list) -> bool:
    """A team-mate going up a line on a climb (an accélération): "devront réussir un jet de puissance"."""
    return power(w, r, slope, K_FORWARD, ev)


def between_bikes(w, here: int, to: int, occ) -> bool:
    """"Chaque déplacement en diagonale entre 2 vélos": both cells the diagonal passes between hold a bike."""
    a, b = w.setup.geo.flanks[here].get(to, (0, 0))
    return bool(a) and bool(b) and a in occ and b in occ


def jump(w, r: int, to: int, ev: list) -> None:
    """Rider ``r`` jumps up the line to ``to``. Rolls in the order they happen on the road ("dans l'ordre de
    leur apparition sur le parcours"): in an accélération a team-mate's power roll to restart on a climb; a
    skill roll per danger cell passed; a team-mate's power roll for a climb only passed through; leaving the
    front cell diagonally or sideways from a climb cell, a power roll; a diagonal between two bikes (Expert),
    a skill roll; a team-mate stopping on a climb, a power roll; then the cell reached (danger)."""
    su = w.setup
    g = su.geo
    occ = occupied(w)
    _, over, passed = line_mover(w, occ)
    riders = line_riders(w.entraide)
    stage, jumped = line_stage(w.entraide)
    w.helped |= 1 << r
    kind = g.kind[over][to]
    label = "acceleration" if len(riders) >= 3 else "entraide"  # the log names the jump
    # page 16: "A) Pour les EQUIPIERS"; Pro: a tired leader "se déplace comme un équipier" on a climb
    climber = len(riders) >= 3 and (su.roles[r] != LEADER or condition.tired(w, r))
    here = w.pos[r]
    ok = True
    if climber and g.slope[here]:
        ok = line_power(w, r, g.slope[here], ev)  # "redémarrage"
    for cell in passed:
        if not ok:
            break
        if g.danger[cell]:
            v, ok = skill_roll(w, r, cell)
            if not ok:  # it falls where it jumps: at the roadside by that cell
                finished = move_to(w, r, cell, label, ev)
                ev.append(SkillRoll(w.seats.controller[r], r, su.roles[r], v, cell, False, bike=su.bikes[r]))
                if not finished:
                    crash(w, r, cell, ev)
            else:
                ev.append(SkillRoll(w.seats.controller[r], r, su.roles[r], v, cell, True, bike=su.bikes[r]))
    if ok and climber and not g.slope[here] and not g.slope[to]:
        climb = max((g.slope[c] for c in passed), default=0)
        if climb:
            ok = line_power(w, r, climb, ev)  # "simple traversée"
    if ok and kind != K_FORWARD and g.slope[over]:
        ok = power(w, r, g.slope[over], kind, ev)
    if ok and kind == K_DIAGONAL and su.level.dangerous_diagonal and between_bikes(w, over, to, occ):
        v, ok = skill_roll(w, r, over)
        ev.append(SkillRoll(w.seats.controller[r], r, su.roles[r], v, over, ok, bike=su.bikes[r]))
        if not ok:
            if not move_to(w, r, over, label, ev):
                crash(w, r, over, ev)
    if ok and climber and g.slope[to]:
        ok = line_power(w, r, g.slope[to], ev)  # "arrêt"
    if ok and w.status[r] == ROAD and not move_to(w, r, to, label, ev, over):
        if g.danger[to] and w.status[r] == ROAD:
            skill(w, r, to, ev)
        if w.status[r] == ROAD:
            jumped |= 1 << stage
            if su.level.feeds:
                incidents.jump_stopped(w, r, ev)
    w.entraide = riders + (stage, jumped)
