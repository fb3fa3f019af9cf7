"""What each race does after a move: lapping, pursuit catches, crossings, points, tokens, the
settling of a lap in the Éliminatoire and La Cagnotte (pure). Functions work on a :class:`~.work.Work`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import events as E
from .codes import DONE, OUT, RACING
from .setup import AME, ELI, IND, PEQ, PUR
from .track import CAGNOTTE_RESTART, SPACES, lap_of, wrap

if TYPE_CHECKING:
    from .work import Work

# ---------------------------------------------------------------------------------------- after a move


def after_motion(w: Work, r: int, x0: int) -> None:
    su = w.setup
    if su.lapping:
        if w.x[r] - min(w.x) > SPACES:
            check_lapping(w, r)
    elif su.pursuit:
        check_catch(w, r)
        if w.over:
            return
    l0 = lap_of(x0)
    l1 = lap_of(w.x[r])
    lap = l0 + 1
    while lap <= l1 and w.st[r] == RACING and not w.over:
        cross(w, r, lap)
        lap += 1


def laps_down(setup, x, seat: int) -> int:
    """Individuelle / Américaine: how many full laps ``seat`` is behind the rider (the team) furthest on,
    now: more than 48 spaces behind is one lap, more than 96 two… A team is behind another when both of
    that team's riders are beyond both of its own (the Un Tour measure). The figure shrinks when a lapped
    rider makes up the lap again."""
    n = setup.players
    if setup.team:
        a = seat * 2
        mine = max(x[a], x[a + 1])
        ahead = max(min(x[2 * b], x[2 * b + 1]) for b in range(n) if b != seat)
    else:
        mine = x[seat]
        ahead = max(x[b] for b in range(n) if b != seat)
    return (ahead - mine - 1) // SPACES if ahead - mine > SPACES else 0


def check_lapping(w: Work, r: int) -> None:
    """Individuelle / Américaine: a rider (both riders of a team) lapping opponents, while the race is on
    (once its end is marked the others only ride in to the line). ``gained`` keeps the laps taken on each
    opponent, never given back; the Un Tour tokens count the laps taken, the most on any one opponent
    (lapping a second rider by the same lap takes no new lap)."""
    su = w.setup
    if w.final:
        return
    n, x, st = su.players, w.x, w.st
    seat = su.seat_of[r]
    if su.team:
        a = seat * 2
        if st[a] != RACING or st[a + 1] != RACING:
            return
        mine = min(x[a], x[a + 1])
    else:
        if st[r] != RACING:
            return
        mine = x[r]
    for b in range(n):
        if b == seat:
            continue
        if su.team:
            if st[2 * b] != RACING or st[2 * b + 1] != RACING:
                continue
            theirs = max(x[2 * b], x[2 * b + 1])
        else:
            if st[b] != RACING:
                continue
            theirs = x[b]
        k = (mine - theirs - 1) // SPACES
        if k <= 0:
            continue
        if k <= w.gained[seat * n + b]:
            continue
        w.put("gained", seat * n + b, k)
        w.ev.append(E.RiderLapped(b, seat, k))
        if k > w.tour[seat]:
            w.put("tour", seat, k)
            w.ev.append(E.TokenAwarded(seat, "Un Tour", k))


def check_catch(w: Work, r: int) -> None:
    """Poursuite: a rider (a team, by both its riders) caught and passed is eliminated."""
    su = w.setup
    n, x, st, starts = su.players, w.x, w.st, su.starts
    seat = su.seat_of[r]
    if su.team:
        a = seat * 2
        mine = min(starts[seat] + x[a], starts[seat] + x[a + 1])
    else:
        mine = starts[seat] + x[r]
    caught = []
    for b in range(n):
        if b == seat:
            continue
        if su.team:
            if st[2 * b] == OUT:
                continue
            theirs = max(starts[b] + x[2 * b], starts[b] + x[2 * b + 1])
        else:
            if st[b] == OUT:
                continue
            theirs = starts[b] + x[b]
        if (mine - theirs) // SPACES > (starts[seat] - starts[b]) // SPACES:
            caught.append(b)
    if not caught:
        return
    per = su.per_seat
    for b in caught:
        for q in range(b * per, b * per + per):
            w.st[q] = OUT
            w.sp[q] = 0
        w.elim = w.elim + (b,)
        w.ev.append(E.RiderEliminated(b, seat, "caught"))
    alive = {su.seat_of[q] for q in range(su.riders) if w.st[q] != OUT}
    if len(alive) <= 1:
        w.over = True


# ---------------------------------------------------------------------------------------- crossings


def cross(w: Work, r: int, lap: int) -> None:
    kind = w.setup.kind
    if kind in (IND, AME):
        cross_points_race(w, r, lap)
    elif kind == PUR:
        cross_pursuit(w, r, lap)
    elif kind == PEQ:
        cross_team_pursuit(w, r, lap)
    else:
        cross_waiting_race(w, r, lap)


def cross_points_race(w: Work, r: int, lap: int) -> None:
    """Individuelle / Américaine: the crossing counts for lap ``lap + laps down now`` of the race. It
    scores nothing when that lap was already contested by this rider (it made up a lost lap) or lies
    beyond the final lap; once the end is marked, the crossing finishes the rider."""
    su = w.setup
    seat = su.seat_of[r]
    index = r - seat * su.per_seat
    race_lap = lap + laps_down(su, w.x, seat)
    void = ("raced" if race_lap <= w.counted[r] else
            "after-end" if w.final and race_lap > w.final else "")
    w.ev.append(E.LineCrossed(seat, index, lap, race_lap, False, su.team, void))
    if not void:
        score_crossing(w, r, race_lap)
    if w.final:
        finish(w, r)
        if RACING not in w.st:
            w.over = True


def score_crossing(w: Work, r: int, race_lap: int) -> None:
    """The place (points, a Premier token for the first) of rider ``r`` on lap ``race_lap`` of the race;
    the crossing that reaches the Premier tokens or the lap limit marks the end of the race."""
    su = w.setup
    seat = su.seat_of[r]
    index = r - seat * su.per_seat
    w.put("counted", r, race_lap)
    lapc = list(w.lapc)
    while len(lapc) <= race_lap:
        lapc.append(0)
    place = lapc[race_lap]
    lapc[race_lap] = place + 1
    w.lapc = tuple(lapc)
    if place < len(su.places):
        points = su.places[place]
        total = w.add("pts", seat, points)
        chart_add(w, race_lap, seat, points)
        w.ev.append(E.PointsScored(seat, index, race_lap, place + 1, points, total))
    if place == 0:
        total = w.add("prem", seat, 1)
        w.ev.append(E.TokenAwarded(seat, "Premier", total, race_lap))
    if not w.final and (w.prem[seat] >= su.premiers or race_lap >= su.max_laps):
        w.final = race_lap
        w.ev.append(E.FinalLap(seat, race_lap, "premiers" if w.prem[seat] >= su.premiers else "lap-limit"))


def chart_add(w: Work, race_lap: int, seat: int, points: int) -> None:
    w.chart = chart_plus(w.chart, race_lap, seat, points, w.setup.players)


def chart_plus(chart: tuple, race_lap: int, seat: int, points: int, players: int) -> tuple:
    """The points chart with ``points`` more for ``seat`` on ``race_lap`` (one row per lap)."""
    rows = list(chart)
    zero = (0,) * players
    while len(rows) < race_lap:
        rows.append(zero)
    row = list(rows[race_lap - 1])
    row[seat] += points
    rows[race_lap - 1] = tuple(row)
    return tuple(rows)


def finish(w: Work, r: int) -> None:
    su = w.setup
    seat = su.seat_of[r]
    w.st[r] = DONE
    w.arrive = w.arrive + (r,)
    w.ev.append(E.RiderFinished(seat, r - seat * su.per_seat, len(w.arrive), su.team))


def snapshot_progress(w: Work, lap: int) -> None:
    """Pursuits: spaces covered per seat each time the leader completes a lap (the results chart)."""
    if len(w.chart) >= lap:
        return
    per = w.setup.per_seat
    row = tuple(sum(w.x[s * per:(s + 1) * per]) for s in range(w.setup.players))
    w.chart = w.chart + (row,)


def cross_pursuit(w: Work, r: int, lap: int) -> None:
    seat = r
    w.ev.append(E.LineCrossed(seat, 0, lap, 0))
    total = w.add("tour", seat, 1)
    w.ev.append(E.TokenAwarded(seat, "Un Tour", total, lap))
    snapshot_progress(w, lap)
    if lap >= 3:
        finish(w, r)
        w.over = True


def cross_team_pursuit(w: Work, r: int, lap: int) -> None:
    seat = r // 2
    a = seat * 2
    w.ev.append(E.LineCrossed(seat, r - a, lap, 0, False, True))
    both = min(lap_of(w.x[a]), lap_of(w.x[a + 1]))
    if both > w.tour[seat]:
        w.put("tour", seat, both)
        w.ev.append(E.TokenAwarded(seat, "Un Tour", both, both))
    snapshot_progress(w, lap)
    if lap >= 3:
        finish(w, r)
        if w.st[a] == DONE and w.st[a + 1] == DONE:
            w.over = True


def cross_waiting_race(w: Work, r: int, lap: int) -> None:
    w.ev.append(E.LineCrossed(r, 0, lap, 0, True))
    w.st[r] = DONE
    w.arrive = w.arrive + (r,)
    racing = [q for q in range(w.setup.riders) if w.st[q] == RACING]
    if len(racing) == 1:
        if w.setup.kind == ELI:
            settle_elimination(w, racing[0])
        else:
            settle_cagnotte(w, racing[0])


def settle_elimination(w: Work, last: int) -> None:
    """Éliminatoire: the rider left last on the lap is out; the rearmost remaining rider throws first."""
    su = w.setup
    w.st[last] = OUT
    w.sp[last] = 0
    w.elim = w.elim + (last,)
    w.ev.append(E.RiderEliminated(last, -1, "last"))
    w.chart = w.chart + (tuple(0 if w.st[q] == OUT else 1 for q in range(su.players)),)
    alive = [q for q in range(su.riders) if w.st[q] != OUT]
    if len(alive) <= 1:
        w.over = True
        return
    for q in alive:
        w.st[q] = RACING
    w.lap_no += 1
    w.arrive = ()
    first = min(alive, key=lambda q: w.x[q])
    w.next_turn = first
    w.ev.append(E.NewLap(w.lap_no, first))


def settle_cagnotte(w: Work, last: int) -> None:
    """La Cagnotte: the rider left last pays the stake and restarts the coming lap from space 38."""
    su = w.setup
    paid = w.add("paid", last, su.stake)
    kitty = sum(w.paid)
    w.ev.append(E.StakePaid(last, su.stake, kitty, paid))
    w.chart = w.chart + (tuple(su.stake if q == last else 0 for q in range(su.players)),)
    w.arrive = w.arrive + (last,)
    if kitty >= su.total:
        w.over = True
        return
    sp = w.sp
    old = sp[last]
    sp[last] = 0
    space = CAGNOTTE_RESTART
    while space in sp:  # never two riders on a space: the nearest free space behind 38
        space = wrap(space - 1)
    sp[last] = space
    w.x[last] = SPACES * w.lap_no + space
    w.ev.append(E.RiderPlaced(last, 0, old, space))
    for q in range(su.riders):
        w.st[q] = RACING
    w.lap_no += 1
    w.arrive = ()
    w.next_turn = last
    w.ev.append(E.NewLap(w.lap_no, last))
