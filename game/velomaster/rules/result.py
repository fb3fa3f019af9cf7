"""The points sheet and the result of a VeloMaster race (pure); the rankings and jerseys they show
come from :mod:`.standings`:

* time ranking: riders across the line by their times, equal times broken by the climbers' ranking,
  then by the points of the team's two best riders ("Points divers"), then by the crossing order; then
  the riders still on the road by their places on the course;
* climbers' ranking: total summit points; ties broken by the time ranking;
* jerseys: the first of the time ranking is champion (France on Aurillac, World on Salzburg); the best
  climber takes the Maillot Rouge, unless he is the champion: then the second climber wears it
  ("il ne garde qu'un seul maillot. C'est le second du classement qui portera l'autre maillot");
* seats: ranked by their best rider in the time ranking (the champion's team first); the score shown
  is the team's climber points; the winner is the champion's team.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.protocol import Result
from ...engine.words import N_, Words, seat_ref
from .codes import FIN, OUT
from .events import clock, gap, jersey_words
from .standings import champion_jersey, jerseys, seat_ranking, team_times, time_ranking
from .words import bib_word, place, role_word


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
    win = s.finish_time[s.finish_order[0]] if s.finish_order else -1
    return tuple(SheetLine(r, s.seats.controller[r], su.roles[r], su.bibs[r], s.points[r], sum(s.points[r]), place[r], s.finish_time[r],
                           s.finish_time[r] - win if s.finish_time[r] >= 0 else -1, s.rider_status(r))
                 for r in range(su.riders))


def pro_details(s) -> list[str]:
    """Pro: the anti-doping control's verdicts (public; the figures found are each team's own) and the team
    classification ("le temps cumulé des 3 premiers vélos de chaque équipe")."""
    su = s.setup
    out = []
    if s.controlled:
        verdicts = [Words("{rider} above 100 % — EXCLUDED", rider=_rider(s, r)) if s.excluded >> r & 1 else
                    Words("{rider} — clean", rider=_rider(s, r)) for r in s.controlled]
        text = verdicts[0]
        for verdict in verdicts[1:]:
            text = Words("{verdicts}; {verdict}", verdicts=text, verdict=verdict)
        out.append(Words("Anti-doping control: {verdicts}.", verdicts=text))
    if su.pro.team_classification:
        rows = team_times(s)
        best = rows[0][1] if rows and rows[0][1] is not None else None
        parts = []
        for at, (team, total) in enumerate(rows, 1):
            name = seat_ref(next((x for x in range(su.players) if su.seat_team[x] == team), team))
            if total is None:
                parts.append(Words("{team} not classed (fewer riders timed)", team=name))
            elif best is not None and total > best:
                parts.append(Words("{place} {team} {time}", place=place(at), team=name, time=gap(total - best)))
            else:
                parts.append(Words("{place} {team} {time}", place=place(at), team=name, time=clock(total)))
        out.append(Words("Team classification (3 best times): {teams}.", teams=_dotted(parts)))
    return out


def _dotted(parts: list) -> str:
    """Parts joined by " · " as Words (each part translated in turn)."""
    text = parts[0] if parts else ""
    for part in parts[1:]:
        text = Words("{parts} · {part}", parts=text, part=part)
    return text


def _rider(s, r: int) -> str:
    su = s.setup
    if su.roles[r] == "leader":
        return Words("{player}'s {role} ({bib} bib)", player=seat_ref(s.seats.controller[r]),
                     role=role_word(su.roles[r]), bib=bib_word(su.bibs[r]))
    # (a team-mate: its own template, French elides "l'équipier")
    return Words("{player}'s {mate} ({bib} bib)", player=seat_ref(s.seats.controller[r]), mate=role_word(su.roles[r]),
                 bib=bib_word(su.bibs[r]))


def _leaders_in(s) -> str:
    """Why a race ended on its leaders: all across the line, or (Expert, Pro) those still racing, the others out."""
    status = [s.status[r] for r in s.setup.leaders]
    if not any(st == FIN for st in status):
        return "no leader was left racing"
    if any(st == OUT for st in status):
        return "every leader still racing crossed the line"
    return "all the leaders crossed the line"


# the detail line for each reason (the engine's English reasons above, whole sentences for the catalogue)
_ENDED = {"no leader was left racing": N_("The race ended when no leader was left racing."),
          "every leader still racing crossed the line":
              N_("The race ended when every leader still racing crossed the line."),
          "all the leaders crossed the line": N_("The race ended when all the leaders crossed the line.")}


def _ties_on_time(s, ranking) -> list[Words]:
    """A line for each two players next in the ranking whose best riders crossed on the same time: how the rules
    ordered them (the time ranking's tie-breaks, :func:`.standings.time_ranking`)."""
    place = {r: i for i, r in enumerate(time_ranking(s))}
    finishers = {r for r in s.finish_order if not s.excluded >> r & 1}
    best = {seat: min(s.seats.own_riders[seat], key=lambda r: place[r]) for seat in ranking}
    lines = []
    for ahead, behind in zip(ranking, ranking[1:], strict=False):
        first, second = best[ahead], best[behind]
        if first in finishers and second in finishers and s.finish_time[first] == s.finish_time[second]:
            lines.append(Words("{ahead} and {behind} on the same time: equal times go to the better climber, then to "
                               "the team whose two best riders scored more points, then to who crossed the line "
                               "first.", ahead=seat_ref(ahead), behind=seat_ref(behind)))
    return lines


def race_result(s) -> Result:
    su = s.setup
    n = su.players
    champion, red = jerseys(s)
    ranking = seat_ranking(s)
    # the champion's player wins; a neutral champion (Expert, 2 players) belongs to nobody: the best-placed team
    neutral_champion = champion >= 0 and su.rider_team[champion] == su.neutral_team
    winners = (s.seats.controller[champion],) if champion >= 0 and not neutral_champion else (ranking[0],)
    totals = [sum(p) for p in s.points]
    scores = tuple(float(sum(totals[r] for r in s.seats.own_riders[seat])) for seat in range(n))
    labels: tuple[str, ...] = ()
    series: tuple[tuple[float, ...], ...] = ()
    if su.summits:
        labels = (N_("Start"),) + tuple(sm.name.replace("Côte de ", "").replace("Côte du ", "") for sm in su.summits)
        series = tuple(tuple(float(sum(sum(s.points[r][:k]) for r in s.seats.own_riders[seat])) for k in range(len(labels)))
                       for seat in range(n))
    jersey = champion_jersey(s)
    details = []
    if champion >= 0:
        details.append(Words("{jersey} champion: {rider} in {time}.", jersey=jersey_words(jersey),
                             rider=_rider(s, champion), time=clock(s.finish_time[champion])))
    elif s.finish_order:
        details.append(N_("Every rider across the line was excluded by the anti-doping control: no champion."))
    else:
        details.append(N_("Nobody crossed the line: the commissaires closed the race."))
    if red >= 0:
        details.append(Words("Maillot Rouge (best climber): {rider}, {points} pts.", rider=_rider(s, red),
                             points=totals[red]))
    why = {"leaders": _ENDED[_leaders_in(s)], "team": N_("The race ended when a complete team crossed the line."),
           "limit": N_("The race ended when the commissaires closed the race.")}.get(s.reason, "")
    if why:
        details.append(Words(why))
    details.extend(pro_details(s))
    details.extend(_ties_on_time(s, ranking))
    sheet = {line.rider: line for line in points_sheet(s)}
    for seat in ranking:
        parts = []
        for r in s.seats.own_riders[seat]:
            line = sheet[r]
            if line.time >= 0:
                when = clock(line.time) if line.gap <= 0 else gap(line.gap)
            else:
                when = Words("on the road, row {row}", row=su.geo.row[s.pos[r]] + 1) if s.pos[r] else \
                    Words("on the start grid")
            parts.append(Words("{role} {place}, {when}, {points} pts", role=role_word(su.roles[r]),
                               place=place(line.place), when=when, points=line.total))
        details.append(Words("{player}: {parts}", player=seat_ref(seat), parts=_dotted(parts)))
    win = s.finish_time[s.finish_order[0]] if s.finish_order else -1
    texts = []
    for seat in range(n):
        best = min((s.finish_time[r] for r in s.seats.own_riders[seat] if s.finish_time[r] >= 0), default=-1)
        texts.append(Words("on the road") if best < 0 else clock(best) if best == win else gap(best - win))
    return Result(scores=scores, ranking=ranking, winners=winners, score_label=N_("Best time"),
                  chart_labels=labels, chart_series=series, details=tuple(details), score_texts=tuple(texts),
                  chart_label=N_("Climber pts (team)"))
