"""The per-configuration setup of a VeloMaster race (pure); the variant and its options: variants.py."""

from __future__ import annotations

from ...engine.protocol import Config
from .geo import Geo
from .levels import Level
from .pro import pro_rules
from .variants import CHAMPION_JERSEY, level_and_course

__all__ = ["CHAMPION_JERSEY", "MAX_ROUNDS", "NOMINAL_KMH", "Setup", "own_team_seating", "shared_pairs"]  # jerseys: standings reads it here

NOMINAL_KMH = 40.0  # the nominal speed that gives the winner's time (see docs: "race time")
MAX_ROUNDS = 400  # a safeguard only: random play ends races in about 60-90 rounds


def shared_pairs(level: Level, players: int) -> tuple[tuple[int, int], ...]:
    """The teams two players share (Expert and Pro from 5 players, page 18: "Une même couleur d'équipe sera
    partagée entre 2 joueurs"): (the seat whose colour the team wears, the second seat), in seat order. At the
    start a d20 gives one of the two the leader and the violet team-mate, the other the grey and the green."""
    if not (level.shared_teams and players > level.colours):
        return ()
    return tuple((t, t + level.colours) for t in range(level.colours) if t + level.colours < players)


def own_team_seating(players: int, per_team: int) -> tuple[int, ...]:
    """Who controls each rider when every seat runs its own team (Débutant): rider r is in team
    r // per_team and that team's seat moves it."""
    return tuple(r // per_team for r in range(players * per_team))


class Seats:
    """Who decides for which rider (the seats' side of a setup): ``controller[r]`` is the seat that moves rider
    r; ``seat_riders[seat]`` its riders; ``seat_leader[seat]`` the leader whose place orders its turns (the
    leader it controls, else its team's leader); ``phase_riders[phase][seat]`` the riders it moves in each phase
    of a round. A setup has a default; the race may change it (Expert: a neutral team's bikes are shared out
    every team-mates' turn, the d20 gives a shared team's leader to one of its two players)."""

    __slots__ = ("controller", "seat_riders", "seat_leader", "phase_riders", "own_riders")

    def __init__(self, setup: "Setup", controller: tuple[int, ...]):
        n = setup.players
        self.controller = controller
        self.seat_riders = tuple(tuple(r for r in range(setup.riders) if controller[r] == seat) for seat in range(n))
        self.seat_leader = tuple(
            next((r for r in rs if r in setup.leaders), setup.team_leader[setup.seat_team[seat]])
            for seat, rs in enumerate(self.seat_riders))
        self.phase_riders = tuple(tuple(tuple(r for r in rs if setup.roles[r] in ph.roles) for rs in self.seat_riders)
                                  for ph in setup.level.phases)
        # the riders a seat races with (its results, its bots' worth): never the neutral team's
        self.own_riders = tuple(tuple(r for r in rs if setup.rider_team[r] != setup.neutral_team)
                                for rs in self.seat_riders)


class Setup:
    """Everything fixed for one configuration: the level, the course tables, the teams."""

    __slots__ = ("config", "variant", "level", "geo", "course_name", "players", "per_team", "riders", "roles",
                 "bibs", "teams", "rider_team", "leaders", "controller", "seat_riders", "seat_leader", "phase_riders",
                 "finish_row", "finish_pct", "km", "nominal_s", "summits", "colour_team", "line_on", "team_count",
                 "neutral_team", "shared_pairs", "seat_team", "team_leader", "default_seats", "_seats", "incidents", "pro",
                 "bikes")

    def __init__(self, config: Config, geo: Geo, controller: tuple[int, ...] | None = None,
                 level: Level | None = None):
        """``controller``: the seat that decides for each rider (default: each seat its own team,
        :func:`own_team_seating`; Expert with 2 players adds a neutral team, from 5 players two players share a
        team). Teams are fixed by the level: rider r is in team r // per_team.
        ``level``: the variant's level unless given (tests try levels that are not played yet)."""
        chosen, course = level_and_course(config)
        level = level or chosen
        self.config = config
        self.variant = config.variant
        self.level = level
        self.incidents = level.incidents  # Expert's per-rider records are read only when this is set
        self.pro = pro_rules(config, level.pro_rules)  # the Pro rules played (all off below Pro): pro.py
        self.geo = geo
        self.course_name = course
        n = config.players
        per = len(level.team)
        self.players = n
        self.per_team = per
        # Teams (who races with whom: jerseys, complete teams, best riders) and seats (who decides for which
        # rider: turns, actors) are separate. Débutant: one team per seat. Expert (page 18): with 2 players a
        # neutral team of team-mates; from 5 players a team colour is shared by two players.
        neutral = level.neutral_team and n == 2
        shared = level.shared_teams and n > level.colours
        teams = 3 if neutral else level.colours if shared else n
        self.team_count = teams
        self.neutral_team = teams - 1 if neutral else -1
        self.riders = teams * per
        self.teams = tuple(tuple(range(t * per, (t + 1) * per)) for t in range(teams))
        self.rider_team = tuple(r // per for r in range(self.riders))
        self.leaders = tuple(t * per for t in range(teams) if t != self.neutral_team)  # each team's leader
        self.team_leader = tuple(t * per for t in range(teams))
        # "Les 4 vélos de cette équipe seront tous joués comme des équipiers"
        self.roles = tuple(level.team[r % per] if self.rider_team[r] != self.neutral_team else level.team[-1]
                           for r in range(self.riders))
        # shared_pairs: (director seat, outsider seat) per shared team: "qui gère le leader + équipier violet et
        # qui sera l'outsider (équipier vert + équipier gris)"; the d20 at the start may swap them
        self.shared_pairs = shared_pairs(level, n)
        if controller is None:
            if shared:
                outsider = dict(self.shared_pairs)
                controller = tuple(self.rider_team[r] if r % per in level.director_riders
                                   else outsider.get(self.rider_team[r], self.rider_team[r])
                                   for r in range(self.riders))
            elif neutral:  # the neutral bikes go to a player each team-mates' turn; seat 0 until then
                controller = tuple(min(self.rider_team[r], n - 1) if self.rider_team[r] != self.neutral_team else 0
                                   for r in range(self.riders))
            else:
                controller = own_team_seating(n, per)
        if len(controller) != self.riders or any(not 0 <= seat < n for seat in controller):
            raise ValueError(f"a VeloMaster seating names a seat from 1 to {n} for each of the {self.riders} riders")
        # the team each seat races for (a shared team's two players race for the same team)
        self.seat_team = tuple(s if s < teams and s != self.neutral_team else s - level.colours if shared else s
                               for s in range(n))
        self._seats: dict[tuple[int, ...], Seats] = {}
        self.default_seats = self.seats(tuple(controller))
        self.controller = self.default_seats.controller
        self.seat_riders = self.default_seats.seat_riders
        self.seat_leader = self.default_seats.seat_leader
        self.phase_riders = self.default_seats.phase_riders
        # From colours+1 players a team colour is shared: seat s >= colours is the second team of the
        # colour of seat s - colours (Débutant: green leader + violet team-mate; Expert: the outsider).
        self.colour_team = tuple(s % level.colours if n > level.colours else s for s in range(n))
        self.bibs = tuple((level.shared_bibs if (n > level.colours and r // per >= level.colours) else level.bibs)[r % per]
                          for r in range(self.riders))
        # each rider in words without its player, for the log and the banners (events' ``bike``): "" where the
        # role's name says it (a leader; Débutant's one team-mate), "grey team-mate", "neutral grey bike"
        self.bikes = tuple(f"neutral {self.bibs[r]} bike" if self.rider_team[r] == self.neutral_team
                           else f"{self.bibs[r]} team-mate" if per > 2 and self.roles[r] != level.team[0] else ""
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

    def seats(self, controller: tuple[int, ...]) -> Seats:
        """The :class:`Seats` of this controller table (one shared object per table)."""
        seats = self._seats.get(controller)
        if seats is None:
            seats = self._seats[controller] = Seats(self, controller)
        return seats
