"""The fast path for a plain throw in a one-rider race (pure).

Most throws of a Course Individuelle, an Éliminatoire or La Cagnotte move one rider a few spaces and
nothing else happens. :func:`quick_roll` builds that result straight from the tuples, without the
mutable :class:`~.work.Work` copy, and hands back ``None`` whenever something more happens (a lap
taken, a crossing outside the Individuelle, a very long chain): the full path in :mod:`.play` then
applies the throw. ``tests/test_veldiv_protocol.py`` checks both paths agree on every state.
"""

from __future__ import annotations

from . import events as E
from .book import Book
from .codes import DONE, RACING, ROLLING
from .races import chart_plus, laps_down
from .result import podium
from .setup import IND
from .track import SPACES

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_M1 = 0xBF58476D1CE4E5B9
_M2 = 0x94D049BB133111EB


def quick_roll(s, seat: int):
    """The common case of a one-rider race (Individuelle, Éliminatoire, Cagnotte), no lap taken and at
    most a plain Individuelle crossing: the same result as the full path (a test checks it), built
    without the mutable copy. None when the full path is needed."""
    rng = (s.rng + _GAMMA) & _MASK  # engine.rng.die(s.rng, 6), inlined
    z = ((rng ^ (rng >> 30)) * _M1) & _MASK
    z = ((z ^ (z >> 27)) * _M2) & _MASK
    d = (z ^ (z >> 31)) % 6 + 1
    sp = s.sp
    s0 = sp[seat]
    if d == 6:
        moved, step = 12, 6
        t = s0 + 12
    else:
        moved = step = d
        t = s0 + d
    if t > SPACES:
        t -= SPACES
    legs = None
    if t in sp:
        legs = (("Art. 4", 12, s0, t, _SIX) if d == 6 else ("Art. 1", d, s0, t, _THROW),)
        art = "Art. 4" if d == 6 else "Art. 3"
        while t in sp:
            if t == s0:
                return None
            t2 = t + step
            if t2 > SPACES:
                t2 -= SPACES
            legs += ((art, step, t, t2, _BUMP),)
            t = t2
            moved += step
    x = s.x
    x0 = x[seat]
    x1 = x0 + moved
    su = s.setup
    lap0 = (x0 - 1) // SPACES if x0 > 0 else 0
    lap = (x1 - 1) // SPACES
    crossing = lap > lap0
    if crossing and (lap > lap0 + 1 or su.kind != IND):
        return None  # the full path
    n = su.players
    st = s.st
    if su.lapping and x1 - min(x) > SPACES:
        gained = s.book.gained
        base = seat * n
        for b in range(n):
            if b != seat and st[b] == RACING and (x1 - x[b] - 1) // SPACES > gained[base + b]:
                return None  # a lap taken: the full path
    key = seat * 8 + d
    rolled = _ROLLED.get(key)
    if rolled is None:
        rolled = _ROLLED[key] = E.DiceRolled(seat, (d,))
    if legs is None:  # events are immutable: the plain moves are built once and shared
        key = key * 64 + s0
        moved_ev = _MOVED.get(key)
        if moved_ev is None:
            first = ("Art. 4", 12, s0, t, _SIX) if d == 6 else ("Art. 1", d, s0, t, _THROW)
            moved_ev = _MOVED[key] = E.RiderMoved(seat, 0, d, s0, (first,))
    else:
        moved_ev = E.RiderMoved(seat, 0, d, s0, legs)
    xs = list(x)
    xs[seat] = x1
    sps = list(sp)
    sps[seat] = t
    if crossing:
        return _quick_cross(s, seat, rolled, moved_ev, tuple(xs), tuple(sps), rng, lap)
    turn = seat + 1
    if turn == n:
        turn = 0
    if st[turn] != RACING:
        for k in range(2, n + 1):
            turn = (seat + k) % n
            if st[turn] == RACING:
                break
    return s.__class__(su, tuple(xs), tuple(sps), st, turn, ROLLING, rolled.dice, rng, False, s.throws + 1,
                       s.book), (rolled, moved_ev)


_ROLLED: dict[int, E.DiceRolled] = {}  # (seat, die) -> the event, at most 12 * 6
_MOVED: dict[int, E.RiderMoved] = {}  # (seat, die, space) -> a move without bumps, at most 12 * 6 * 48
_THROW, _SIX, _BUMP = E.THROW, E.SIX, E.BUMP


def _quick_cross(s, seat: int, rolled, moved_ev, x, sp, rng: int, lap: int):
    """Course Individuelle: one line crossing, no lap taken (mirrors :func:`~.races.cross_points_race`)."""
    su = s.setup
    b = s.book
    n = su.players
    race_lap = lap + laps_down(su, x, seat)
    final, counted, lapc = b.final, b.counted, b.lapc
    void = "raced" if race_lap <= counted[seat] else "after-end" if final and race_lap > final else ""
    evs = [rolled, moved_ev, E.LineCrossed(seat, 0, lap, race_lap, False, False, void)]
    pts, prem, chart = b.pts, b.prem, b.chart
    if not void:
        values = list(counted)
        values[seat] = race_lap
        counted = tuple(values)
        counts = list(lapc)
        if race_lap < len(counts):
            place = counts[race_lap]
        else:
            place = 0
            counts.extend((0,) * (race_lap + 1 - len(counts)))
        counts[race_lap] = place + 1
        lapc = tuple(counts)
        places = su.places
        if place < len(places):
            points = places[place]
            values = list(pts)
            values[seat] = total = values[seat] + points
            pts = tuple(values)
            chart = chart_plus(chart, race_lap, seat, points, n)
            evs.append(E.PointsScored(seat, 0, race_lap, place + 1, points, total))
        if place == 0:
            values = list(prem)
            values[seat] = total = values[seat] + 1
            prem = tuple(values)
            evs.append(E.TokenAwarded(seat, "Premier", total, race_lap))
        if not final and (prem[seat] >= su.premiers or race_lap >= su.max_laps):
            final = race_lap
            evs.append(E.FinalLap(seat, race_lap, "premiers" if prem[seat] >= su.premiers else "lap-limit"))
    st, arrive, over = s.st, b.arrive, False
    if final:
        values = list(st)
        values[seat] = DONE
        st = tuple(values)
        arrive = arrive + (seat,)
        evs.append(E.RiderFinished(seat, 0, len(arrive), False))
        over = RACING not in st
    turn = seat
    if not over:
        for k in range(1, n + 1):
            c = (seat + k) % n
            if st[c] == RACING:
                turn = c
                break
    book = Book((), (), pts, prem, b.tour, counted, b.paid, lapc, b.gained, final, arrive, b.elim, b.lap_no, chart)
    new = s.__class__(su, x, sp, st, turn, ROLLING, rolled.dice, rng, over, s.throws + 1, book)
    if over:
        evs.append(E.RaceOver(*podium(new)))
    return new, tuple(evs)
