"""Standings of a VeloMaster race (pure): where each rider stands, the time and climbers' rankings and
the jerseys. Both the transitions (:mod:`.play`) and the results (:mod:`.result`) read them, so this
module imports neither.

* rider order: riders across the line in the order they crossed it, then the furthest row; on the same
  row the first arrived there ("le premier arrivé sur une même ligne"); then the lane;
* time ranking: riders across the line by their times; equal times (riders in the same player's turn)
  by the climbers' ranking, then by the points of the team's two best riders, then in the order they
  crossed ("En cas d'égalité à l'un des classements, on départage en fonction de l'autre classement.
  Si l'égalité reste parfaite alors on départage en fonction du cumul des points des 2 meilleurs vélos
  de l'équipe"); then the riders still on the road by their places on the course;
* climbers' ranking: total summit points; ties broken by the time ranking (itself broken by the
  team's two best riders when the times are equal too);
* jerseys: the first of the time ranking is champion (France on Aurillac, World on Salzburg); the best
  climber takes the Maillot Rouge, unless he is the champion: then the second climber wears it
  ("il ne garde qu'un seul maillot. C'est le second du classement qui portera l'autre maillot");
* seats: ranked by their best rider in the time ranking (the champion's team first).
"""

from __future__ import annotations

import math

from .codes import FIN, OUT
from .setup import CHAMPION_JERSEY


def rider_key(s, r: int) -> tuple:
    """Sort key of a rider, smallest = most ahead: riders across the line first, by arrival; then the
    furthest row; on the same row the first arrived there ("le premier arrivé sur une même ligne");
    then the lane, only to make the order total."""
    st = s.status[r]
    if st == FIN:
        return (0, s.finish_order.index(r), 0, 0)
    g = s.setup.geo
    if st == OUT:  # abandoned riders come last, where they stopped
        return (2, -g.row[s.pos[r]], s.arrival[r], r)
    p = s.pos[r]
    return (1, -g.row[p], s.arrival[r], g.lane[p])


def leader_key(s, seat: int) -> tuple:
    """Sort key of a seat by its leader's place (``Seats.seat_leader``), smallest first (see :func:`rider_key`);
    of two players sharing a team (Expert, 5+), the one who runs the leader plays first, the outsider after."""
    leader = s.seats.seat_leader[seat]
    return rider_key(s, leader) + (0 if s.seats.controller[leader] == seat else 1,)


def team_best_two(s, totals: list[int], r: int) -> int:
    """The summed points of the two best riders of ``r``'s team ("des 2 meilleurs vélos de l'équipe")."""
    su = s.setup
    return sum(sorted((totals[x] for x in su.teams[su.rider_team[r]]), reverse=True)[:2])


def time_ranking(s) -> tuple[int, ...]:
    """Every rider: finishers by time, equal times by climber's points, then by the team's two best
    riders' points, then in crossing order; then the others by their places on the course."""
    finishers = s.finish_order
    out = s.excluded  # Pro: riders excluded by the anti-doping control leave the rankings (last, in crossing order)
    if out:
        finishers = tuple(r for r in finishers if not out >> r & 1)
    if len(finishers) > 1:
        totals = [sum(p) for p in s.points]
        ft = s.finish_time
        # a stable sort: the crossing order stays the last word
        finishers = tuple(sorted(finishers, key=lambda r: (ft[r], -totals[r], -team_best_two(s, totals, r))))
    rest = sorted((r for r in range(s.setup.riders) if s.status[r] != FIN), key=lambda r: rider_key(s, r))
    if out:
        rest += [r for r in s.finish_order if out >> r & 1]
    return finishers + tuple(rest)


def abandoned(s, r: int) -> bool:
    """A rider out of the race after a crash (Expert's gravity roll of 1): it can hold no jersey
    ("un coureur ayant abandonné, ne pourra prétendre à porter l'un de ces maillots"), or excluded by Pro's
    anti-doping control ("c'est l'exclusion de la course")."""
    return s.status[r] == OUT or bool(s.excluded >> r & 1)


def climbers_ranking(s) -> tuple[int, ...]:
    """Riders with summit points, best climber first."""
    su = s.setup
    totals = [sum(p) for p in s.points]
    scored = [r for r in range(su.riders) if totals[r] > 0]
    if not scored:
        return ()
    # equal points: the time ranking, which already breaks equal times by the team's two best riders
    place = {r: i for i, r in enumerate(time_ranking(s))}
    return tuple(sorted(scored, key=lambda r: (-totals[r], place[r])))


def jerseys(s) -> tuple[int, int]:
    """(champion, Maillot Rouge) riders, -1 when there is none. The champion heads the time ranking:
    the first across the line, or of riders on the same time the better climber."""
    champion = time_ranking(s)[0] if s.finish_order else -1
    if champion >= 0 and (abandoned(s, champion) or s.status[champion] != FIN):
        champion = -1  # (every finisher excluded by the anti-doping control: nobody)
    climbers = [r for r in climbers_ranking(s) if not abandoned(s, r) and r != champion]
    return champion, (climbers[0] if climbers else -1)


def champion_jersey(s) -> str:
    """The champion's jersey of the course: "France" (Aurillac) or "World" (Salzburg)."""
    return CHAMPION_JERSEY.get(s.setup.course_name, "World")


def seat_ranking(s) -> tuple[int, ...]:
    su = s.setup
    place = {r: i for i, r in enumerate(time_ranking(s))}
    return tuple(sorted(range(su.players), key=lambda seat: min(place[r] for r in s.seats.own_riders[seat])))


def next_seat(s) -> int:
    """The seat to play next in this round: best-placed leader among those who have not played."""
    su = s.setup
    best, key = -1, None
    st, played, some_in = s.status, s.played, bool(s.finish_order)
    movers = s.seats.phase_riders[s.round_phase]
    for seat in range(su.players):
        if seat in played or (some_in and all(st[r] >= FIN for r in s.seats.seat_riders[seat])):
            continue
        if all(st[r] == OUT and not s.launched >> r & 1 for r in s.seats.seat_riders[seat]):
            continue  # none of its riders started this tour stage: it sits the stage out
        if not movers[seat]:
            continue  # nobody to move in this phase (an outsider in the leaders' turn)
        k = leader_key(s, seat)
        if key is None or k < key:
            best, key = seat, k
    return best


def round_order(s) -> tuple[int, ...]:
    """Seats by their leaders' places now (the order the round would follow if nothing changed)."""
    su = s.setup
    movers = s.seats.phase_riders[s.round_phase]
    seats = [x for x in range(su.players) if movers[x] and not all(s.status[r] >= FIN for r in s.seats.seat_riders[x])]
    return tuple(sorted(seats, key=lambda x: leader_key(s, x)))


AVERAGE_DIE = 3.5  # the cells a die moves a rider, on average: the rows a rider still on the road rides a round


def turns_a_round(s) -> int:
    """The players' turns a round of the race takes as it ends: for each phase of the level, the seats with riders
    to move in it and a rider still racing (at least one)."""
    seats, st = s.seats, s.status
    racing = [any(st[r] < FIN for r in seats.seat_riders[x]) for x in range(s.setup.players)]
    return max(1, sum(1 for riders in seats.phase_riders for x, mine in enumerate(riders) if mine and racing[x]))


def stage_time(s, r: int) -> int | None:
    """A rider's time for the stage, in seconds (a tour's cumulative times, the team classification): its
    finish time across the line; None for a rider who abandoned or was excluded. The text gives no time to a
    rider still on the road (or on the start grid) when the race ends, and a tour needs one ("on note sur la fiche
    (Temps Etape) le temps à l'arrivée de chaque vélo"): it is timed as the race's clock would have timed it, in the
    text's unit ("ajouter 1 minute au temps du 1er arrivé à chaque fois qu'un joueur joue"): the clock as the race
    ends (the time of a rider crossing in its last turn; with nobody across, the winner's nominal time), plus a
    minute for each player's turn of each round it would still need, at a die's average of 3.5 rows a round, to
    reach the finish row (at least one round)."""
    if abandoned(s, r):
        return None
    if s.status[r] == FIN:
        return s.finish_time[r]
    su = s.setup
    clock = su.nominal_s + 60 * (s.turns - s.first_arrival_turn) if s.first_arrival_turn >= 0 else su.nominal_s
    rows = max(1, su.finish_row - su.geo.row[s.pos[r]])
    rounds = math.ceil(rows / AVERAGE_DIE)
    return clock + 60 * turns_a_round(s) * rounds


def team_times(s) -> tuple[tuple[int, int | None], ...]:
    """The team classification ("le temps cumulé des 3 premiers vélos de chaque équipe"; 2 in a team of two):
    (team, summed stage times of its best riders) best first; a team with fewer riders timed is not classed
    (None, last). The neutral team (Expert, 2 players) is not classed."""
    su = s.setup
    best = 3 if su.per_team >= 4 else 2
    rows = []
    for t, team in enumerate(su.teams):
        if t == su.neutral_team:
            continue
        times = sorted(x for x in (stage_time(s, r) for r in team) if x is not None)
        rows.append((t, sum(times[:best]) if len(times) >= best else None))
    return tuple(sorted(rows, key=lambda row: (row[1] is None, row[1] or 0, row[0])))
