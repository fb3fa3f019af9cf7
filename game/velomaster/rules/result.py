"""Classifications, jerseys and the points sheet of a VeloMaster race (pure).

* time ranking: riders across the line in the order they crossed it (the line judge: equal times are
  a bunch finish), then the riders still on the road by their places on the course;
* climbers' ranking: total summit points; ties broken by the time ranking, then by the points of the
  team's two best riders ("Points divers");
* jerseys: the first across the line is champion (France on Aurillac, World on Salzburg); the best
  climber takes the Maillot Rouge, unless he is the champion: then the second climber wears it
  ("il ne garde qu'un seul maillot. C'est le second du classement qui portera l'autre maillot");
* seats: ranked by their best rider in the time ranking (the champion's team first); the score shown
  is the team's climber points; the winner is the champion's team.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.protocol import Result
from ...engine.words import ordinal, seat_ref
from .codes import FIN
from .events import clock
from .levels import ROLE_NAMES
from .play import rider_key


def time_ranking(s) -> tuple[int, ...]:
    """Every rider: finishers in crossing order, then the others by their places on the course."""
    rest = sorted((r for r in range(s.setup.riders) if s.st[r] != FIN), key=lambda r: rider_key(s, r))
    return s.fin + tuple(rest)


def abandoned(s, r: int) -> bool:
    """Débutant has no abandon (the Pro crash table adds it): such a rider can hold no jersey."""
    return False


def climbers_ranking(s) -> tuple[int, ...]:
    """Riders with summit points, best climber first."""
    su = s.setup
    totals = [sum(p) for p in s.pts]
    scored = [r for r in range(su.riders) if totals[r] > 0]
    if not scored:
        return ()
    place = {r: i for i, r in enumerate(time_ranking(s))}

    def best_two(r: int) -> int:
        return sum(sorted((totals[x] for x in su.team_of[su.owner[r]]), reverse=True)[:2])

    return tuple(sorted(scored, key=lambda r: (-totals[r], place[r], -best_two(r), r)))


def jerseys(s) -> tuple[int, int]:
    """(champion, Maillot Rouge) riders, -1 when there is none."""
    champion = s.fin[0] if s.fin else -1
    if champion >= 0 and abandoned(s, champion):
        champion = -1
    climbers = [r for r in climbers_ranking(s) if not abandoned(s, r) and r != champion]
    return champion, (climbers[0] if climbers else -1)


def seat_ranking(s) -> tuple[int, ...]:
    su = s.setup
    place = {r: i for i, r in enumerate(time_ranking(s))}
    return tuple(sorted(range(su.players), key=lambda seat: min(place[r] for r in su.team_of[seat])))


@dataclass(frozen=True)
class SheetLine:
    """One rider's column of the points sheet ("fiche de points")."""

    rider: int
    seat: int
    role: str
    bib: str
    points: tuple[int, ...]  # per summit
    total: int
    place: int  # in the time ranking (1 = champion)
    time: int  # seconds, -1 if not across the line
    gap: int  # seconds behind the winner, -1 if not across the line
    status: str


def points_sheet(s) -> tuple[SheetLine, ...]:
    su = s.setup
    order = time_ranking(s)
    place = {r: i + 1 for i, r in enumerate(order)}
    win = s.ftime[s.fin[0]] if s.fin else -1
    return tuple(SheetLine(r, su.owner[r], su.roles[r], su.bibs[r], s.pts[r], sum(s.pts[r]), place[r], s.ftime[r],
                           s.ftime[r] - win if s.ftime[r] >= 0 else -1, s.rider_status(r))
                 for r in range(su.riders))


def _rider(s, r: int) -> str:
    su = s.setup
    return f"{seat_ref(su.owner[r])}'s {ROLE_NAMES[su.roles[r]]} ({su.bibs[r]} bib)"


def race_result(s) -> Result:
    su = s.setup
    n = su.players
    champion, red = jerseys(s)
    ranking = seat_ranking(s)
    winners = (su.owner[champion],) if champion >= 0 else (ranking[0],)
    totals = [sum(p) for p in s.pts]
    scores = tuple(float(sum(totals[r] for r in su.team_of[seat])) for seat in range(n))
    labels: tuple[str, ...] = ()
    series: tuple[tuple[float, ...], ...] = ()
    if su.summits:
        labels = ("Start",) + tuple(sm.name.replace("Côte de ", "").replace("Côte du ", "") for sm in su.summits)
        series = tuple(tuple(float(sum(sum(s.pts[r][:k]) for r in su.team_of[seat])) for k in range(len(labels)))
                       for seat in range(n))
    jersey = "France" if su.course_name == "aurillac" else "World"
    details = []
    if champion >= 0:
        details.append(f"{jersey} champion: {_rider(s, champion)} in {clock(s.ftime[champion])}.")
    else:
        details.append("Nobody crossed the line: the commissaires closed the race.")
    if red >= 0:
        details.append(f"Maillot Rouge (best climber): {_rider(s, red)}, {totals[red]} pts.")
    why = {"leaders": "all the leaders crossed the line", "team": "a complete team crossed the line",
           "limit": "the commissaires closed the race"}.get(s.reason, "")
    if why:
        details.append(f"The race ended when {why}.")
    sheet = {line.rider: line for line in points_sheet(s)}
    for seat in ranking:
        parts = []
        for r in su.team_of[seat]:
            line = sheet[r]
            if line.time >= 0:
                when = clock(line.time) if line.gap <= 0 else f"+{clock(line.gap)}"
            else:
                when = f"on the road, row {su.geo.row[s.pos[r]] + 1}" if s.pos[r] else "on the start grid"
            parts.append(f"{ROLE_NAMES[su.roles[r]]} {ordinal(line.place)}, {when}, {line.total} pts")
        details.append(f"{seat_ref(seat)}: " + " · ".join(parts))
    win = s.ftime[s.fin[0]] if s.fin else -1
    texts = []
    for seat in range(n):
        best = min((s.ftime[r] for r in su.team_of[seat] if s.ftime[r] >= 0), default=-1)
        texts.append("on the road" if best < 0 else clock(best) if best == win else f"+{clock(best - win)}")
    return Result(scores=scores, ranking=ranking, winners=winners, score_label="Best time",
                  chart_labels=labels, chart_series=series, details=tuple(details), score_texts=tuple(texts),
                  chart_label="Climber pts (team)")
