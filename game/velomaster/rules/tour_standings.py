"""The classifications of a VeloMaster stage race ("Course à étapes") from its records (pure).

A *tour rider* is a member of a team for the whole tour: rider ``t * per_team + k`` is the k-th rider team t
started the tour with (k = 0 its first leader). Which slot of a stage's race it rides can change when a
team-mate is made leader (:mod:`.tour`), so every record here is per tour rider.

* "Temps Etape" / "Total Cumulé": each stage's time (:func:`.standings.stage_time`) adds to the rider's total;
* general classification (Maillot Or): riders still in the tour by cumulative time; equal times by the climbers'
  classification, then by the points of the team's two best riders ("En cas d'égalité à l'un des classements, on
  départage en fonction de l'autre classement. Si l'égalité reste parfaite alors on départage en fonction du
  cumul des points des 2 meilleurs vélos de l'équipe"), then the better place in the last stage;
* climbers (Maillot Rouge): riders still in the tour with points, by cumulative points; ties by the general
  classification;
* jerseys: the first of the general classification wears the Or; the first climber the Rouge, unless he wears the
  Or: then the second climber ("il ne garde qu'un seul maillot. C'est le second du classement qui portera l'autre
  maillot"); a rider who abandoned (or was excluded) is out of every classification, so holds no jersey;
* teams: each stage, the sum of the stage times of the team's three best riders (two at Débutant, whose teams
  have two riders), added up over the stages; a team with fewer riders than that at the end of a stage leaves the
  team classification. The neutral team (Expert, 2 players) has no director and is not classified.
"""

from __future__ import annotations

from dataclasses import dataclass

IN, ABANDONED, EXCLUDED = 0, 1, 2
OUT_NAMES = ("in", "abandoned", "excluded")


@dataclass(frozen=True)
class Standings:
    """The four classifications after the stages run so far (tour riders and team numbers)."""

    stages_run: int  # completed stages
    cumulative_time: tuple[int, ...]  # per tour rider, seconds over the stages it has a time for
    cumulative_points: tuple[int, ...]  # per tour rider, climbers' points over every stage
    general: tuple[int, ...]  # riders still in the tour, Maillot Or first
    climbers: tuple[int, ...]  # riders still in the tour with points, Maillot Rouge candidate first
    teams: tuple[int, ...]  # classified teams, best first (teams out of the classification last)
    team_times: tuple[int, ...]  # per team, cumulative time of its best riders; -1: not classified
    stage_order: tuple[int, ...]  # the last stage's arrival order (riders with a time), () before any stage
    or_jersey: int  # rider, -1: none
    rouge_jersey: int  # rider, -1: none

    def to_dict(self) -> dict:
        return {name: list(v) if isinstance(v, tuple) else v for name, v in self.__dict__.items()}


def team_counted(per_team: int) -> int:
    """How many riders' times count for a team each stage: three ("les 3 premiers vélos"), two at Débutant."""
    return min(3, per_team)


def standings(times: tuple[tuple[int, ...], ...], points: tuple[tuple[int, ...], ...],
              arrivals: tuple[tuple[int, ...], ...], out: tuple[int, ...], per_team: int, neutral_team: int) -> Standings:
    """The classifications from the per-stage records: ``times[k][rider]`` (-1: no time), ``points[k][rider]``,
    ``arrivals[k]`` (the stage's order), ``out[rider]`` (:data:`IN`, :data:`ABANDONED`, :data:`EXCLUDED`)."""
    riders = len(out)
    teams = riders // per_team if per_team else 0
    cum_time = tuple(sum(t[r] for t in times if t[r] >= 0) for r in range(riders))
    cum_points = tuple(sum(p[r] for p in points) for r in range(riders))
    last = {r: i for i, r in enumerate(arrivals[-1])} if arrivals else {}

    def best_two(r: int) -> int:
        team = r // per_team
        return sum(sorted((cum_points[x] for x in range(team * per_team, (team + 1) * per_team)), reverse=True)[:2])

    racing = [r for r in range(riders) if out[r] == IN]
    general = tuple(sorted(racing, key=lambda r: (cum_time[r], -cum_points[r], -best_two(r), last.get(r, riders), r)))
    place = {r: i for i, r in enumerate(general)}
    climbers = tuple(sorted((r for r in racing if cum_points[r] > 0), key=lambda r: (-cum_points[r], place[r])))
    or_jersey = general[0] if general else -1
    rouge = next((r for r in climbers if r != or_jersey), -1)
    counted = team_counted(per_team)
    team_times = []
    for t in range(teams):
        total = 0
        for k in range(len(times)):
            best = sorted(times[k][r] for r in range(t * per_team, (t + 1) * per_team) if times[k][r] >= 0)[:counted]
            if len(best) < counted:
                total = -1
                break
            total += sum(best)
        team_times.append(-1 if t == neutral_team or not times else total)
    classified = sorted((t for t in range(teams) if team_times[t] >= 0),
                        key=lambda t: (team_times[t], min((place.get(r, riders) for r in range(t * per_team, (t + 1) * per_team))), t))
    others = [t for t in range(teams) if team_times[t] < 0 and t != neutral_team]
    return Standings(len(times), cum_time, cum_points, general, climbers, tuple(classified + others), tuple(team_times),
                     arrivals[-1] if arrivals else (), or_jersey, rouge)


__all__ = ["ABANDONED", "EXCLUDED", "IN", "OUT_NAMES", "Standings", "standings", "team_counted"]
