"""Ranking each race by its own rules, for the results screen (pure)."""

from __future__ import annotations

from ...engine.protocol import Result
from ...engine.words import N_, Words, seat_ref
from .setup import AME, CAG, ELI, IND, PEQ, PUR
from .track import lap_of

OUT = 2


def _arrival(state, seat: int) -> int:
    """Index of the seat's first rider to arrive (a large number when it has not arrived)."""
    per = state.setup.per_seat
    best = 10_000
    for i, r in enumerate(state.arrive):
        if r // per == seat:
            best = min(best, i)
    return best


def ranking(state) -> tuple[int, ...]:
    su = state.setup
    seats = range(su.players)
    per = su.per_seat
    x = state.x
    kind = su.kind
    if kind in (IND, AME):
        # 1° laps gained (Un Tour), then Premier tokens; 2° points; then order of arrival.
        def key(s):
            return (-state.tour[s], -state.prem[s], -state.pts[s], _arrival(state, s), -max(x[s * per:(s + 1) * per]))
        return tuple(sorted(seats, key=key))
    if kind in (PUR, PEQ):
        out = list(reversed(state.elim))
        alive = [s for s in seats if s not in state.elim]

        def key(s):
            mine = x[s * per:(s + 1) * per]
            done = sum(1 for r in range(s * per, (s + 1) * per) if state.st[r] == 1)
            return (-done, -min(mine), -max(mine), _arrival(state, s))
        return tuple(sorted(alive, key=key)) + tuple(out)
    if kind == ELI:
        alive = [s for s in seats if s not in state.elim]
        return tuple(sorted(alive, key=lambda s: -x[s])) + tuple(reversed(state.elim))
    # La Cagnotte: who paid least, then order across the line on the last lap, then distance.
    return tuple(sorted(seats, key=lambda s: (state.paid[s], _arrival(state, s), -x[s])))


def podium(state) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``(winners, ranking)``: La Cagnotte's winners are all who paid least, elsewhere the first ranked."""
    order = ranking(state)
    if state.setup.kind == CAG:
        least = min(state.paid)
        return tuple(s for s in order if state.paid[s] == least), order
    return (order[0],), order


def race_result(state) -> Result:
    su = state.setup
    kind = su.kind
    n = su.players
    per = su.per_seat
    winners, order = podium(state)
    names = [seat_ref(s) for s in range(n)]  # filled with the players' names by the results screen
    details: list[str] = [Words(su.race_name)]
    chart = state.chart
    texts: tuple = ()
    chart_label = ""
    if kind in (IND, AME):
        scores = tuple(float(p) for p in state.pts)
        # the column shows what ranks (the points alone read as a wrong order: 2 points ranked under 0)
        if any(state.tour):
            label = N_("Un Tour · Premiers · points")
            texts = tuple(f"{state.tour[s]} · {state.prem[s]} · {state.pts[s]}" for s in range(n))
        else:
            label = N_("Premiers · points")
            texts = tuple(f"{state.prem[s]} · {state.pts[s]}" for s in range(n))
        chart_label = N_("Points")  # (the chart counts the points lap by lap)
        labels = tuple(Words("Lap {n}", n=i + 1) for i in range(len(chart)))
        series = tuple(tuple(float(sum(row[s] for row in chart[:i + 1])) for i in range(len(chart)))
                       for s in range(n))
        details.append(Words("Ranked by laps taken (Un Tour tokens), then Premier tokens, then points, then arrival."))
        details.append(Words("Premier tokens: {list}", list=", ".join(f"{names[s]} {state.prem[s]}" for s in order)))
        if any(state.tour):
            details.append(Words("Un Tour tokens: {list}",
                                 list=", ".join(f"{names[s]} {state.tour[s]}" for s in order if state.tour[s])))
        details.append(Words("Points: {list}", list=", ".join(f"{names[s]} {state.pts[s]}" for s in order)))
        if state.final:
            details.append(Words("The race ended on lap {lap}.", lap=state.final))
    elif kind in (PUR, PEQ):
        scores = tuple(float(sum(state.x[s * per:(s + 1) * per])) for s in range(n))
        label = N_("Spaces covered")
        labels = tuple(Words("Leader's lap {n}", n=i + 1) for i in range(len(chart)))
        series = tuple(tuple(float(row[s]) for row in chart) for s in range(n))
        details.append(Words("Laps completed: {list}", list=", ".join(f"{names[s]} {state.tour[s]}" for s in order)))
        if state.elim:
            details.append(Words("Caught and eliminated: {list}", list=", ".join(names[s] for s in state.elim)))
    elif kind == ELI:
        scores = tuple(float(lap_of(state.x[s])) for s in range(n))
        label = N_("Laps completed")
        labels = tuple(Words("Lap {n}", n=i + 1) for i in range(len(chart)))
        series = tuple(tuple(float(sum(row[s] for row in chart[:i + 1])) for i in range(len(chart)))
                       for s in range(n))
        details.append(Words("Eliminated, in order: {list}", list=", ".join(names[s] for s in state.elim)))
    else:
        scores = tuple(float(p) for p in state.paid)
        label = N_("Paid into the kitty")
        labels = tuple(Words("Lap {n}", n=i + 1) for i in range(len(chart)))
        series = tuple(tuple(float(sum(row[s] for row in chart[:i + 1])) for i in range(len(chart)))
                       for s in range(n))
        details.append(Words("Kitty: {kitty} (target {total}, stake {stake} a lap)", kitty=sum(state.paid),
                             total=su.total, stake=su.stake))
        details.append(Words("Ranked by what they paid, least first, then by order across the line on the last lap."))
        details.append(Words("Paid: {list}", list=", ".join(f"{names[s]} {state.paid[s]}" for s in order)))
    return Result(scores=scores, ranking=order, winners=winners, score_label=label, chart_labels=labels,
                  chart_series=series, details=tuple(details), score_texts=texts,
                  chart_label=chart_label)
