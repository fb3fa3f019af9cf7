"""The per-configuration setup of a VeloMaster race (pure); the variant and its options: variants.py."""

from __future__ import annotations

from ...engine.protocol import Config
from .geo import Geo
from .levels import Level
from .variants import CHAMPION_JERSEY, level_and_course

__all__ = ["CHAMPION_JERSEY", "MAX_ROUNDS", "NOMINAL_KMH", "Setup", "own_team_seating"]  # jerseys: standings reads it here

NOMINAL_KMH = 40.0  # the nominal speed that gives the winner's time (see docs: "race time")
MAX_ROUNDS = 400  # a safeguard only: random play ends races in about 60-90 rounds


def own_team_seating(players: int, per_team: int) -> tuple[int, ...]:
    """Who controls each rider when every seat runs its own team (Débutant): rider r is in team
    r // per_team and that team's seat moves it."""
    return tuple(r // per_team for r in range(players * per_team))


class Setup:
    """Everything fixed for one configuration: the level, the course tables, the teams."""

    __slots__ = ("config", "variant", "level", "geo", "course_name", "players", "per_team", "riders", "roles",
                 "bibs", "teams", "rider_team", "leaders", "controller", "seat_riders", "seat_leader", "phase_riders",
                 "finish_row", "finish_pct", "km", "nominal_s", "summits", "colour_team", "line_on")

    def __init__(self, config: Config, geo: Geo, controller: tuple[int, ...] | None = None,
                 level: Level | None = None):
        """``controller``: the seat that decides for each rider (default: each seat its own team,
        :func:`own_team_seating`). Teams are fixed by the level: rider r is in team r // per_team.
        ``level``: the variant's level unless given (tests try levels that are not played yet)."""
        chosen, course = level_and_course(config)
        level = level or chosen
        self.config = config
        self.variant = config.variant
        self.level = level
        self.geo = geo
        self.course_name = course
        n = config.players
        per = len(level.team)
        self.players = n
        self.per_team = per
        self.riders = n * per
        # Teams (who races with whom: jerseys, complete teams, best two riders) and seats (who decides
        # for which rider: turns, actors) are separate, so a neutral team may later be moved by two
        # players and a shared colour split between two; Débutant keeps one team per seat.
        self.teams = tuple(tuple(range(t * per, (t + 1) * per)) for t in range(n))
        self.rider_team = tuple(r // per for r in range(self.riders))
        self.leaders = tuple(t * per for t in range(n))  # each team's leader, by team
        if controller is None:
            controller = own_team_seating(n, per)
        if len(controller) != self.riders or any(not 0 <= seat < n for seat in controller):
            raise ValueError(f"a VeloMaster seating names a seat from 1 to {n} for each of the {self.riders} riders")
        self.controller = tuple(controller)
        self.seat_riders = tuple(tuple(r for r in range(self.riders) if controller[r] == seat) for seat in range(n))
        # the leader whose place orders a seat's turn: the leader it controls, else its first rider
        self.seat_leader = tuple(next((r for r in rs if r in self.leaders), rs[0] if rs else -1)
                                 for rs in self.seat_riders)
        self.roles = tuple(level.team[r % per] for r in range(self.riders))
        # phase_riders[phase][seat]: the riders a seat moves in each phase of a round (the phase's roles)
        self.phase_riders = tuple(tuple(tuple(r for r in rs if self.roles[r] in ph.roles) for rs in self.seat_riders)
                                  for ph in level.phases)
        # From colours+1 players a team colour is shared: seat s >= colours is the second team of the
        # colour of seat s - colours (green leader + violet team-mate).
        self.colour_team = tuple(s % level.colours if n > level.colours else s for s in range(n))
        self.bibs = tuple((level.shared_bibs if (n > level.colours and r // per >= level.colours) else level.bibs)[r % per]
                          for r in range(self.riders))
        pct = int(config.get("finish", 100))
        self.finish_pct = pct
        full = geo.course.finish_row
        self.finish_row = full if pct >= 100 else max(4, round(full * pct / 100))
        self.km = geo.course.km_at(self.finish_row)
        self.nominal_s = int(self.km / NOMINAL_KMH * 3600 + 0.5)
        self.summits = tuple(s for s in geo.summits if s.row <= self.finish_row)
        # line_on[row]: a summit line or the finish line lies on the back edge of that row
        lines = {s.row for s in self.summits} | {self.finish_row}
        self.line_on = tuple(r in lines for r in range(geo.row_count + 1))
