"""Relay: a small team race, for testing teams (4 or 6 players, never 5).

Teams of two share one total and alternate turns; partners sit apart (seat i is in team
i % teams, so play goes round the teams in turn). On a turn: add 1, or roll a die (a 1 costs the
team 2). The first team to 20 wins; its two riders share the win.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine import rng
from game.engine.protocol import Action, Event, GameSpec, Result, State, Variant, View

GOAL = 20


@dataclass(frozen=True)
class AddOne(Action):
    def label(self) -> str:
        return "Add 1"


@dataclass(frozen=True)
class Roll(Action):
    def label(self) -> str:
        return "Roll"


@dataclass(frozen=True)
class Moved(Event):
    seat: int
    team: int
    amount: int
    rolled: bool = False

    @property
    def reveals(self) -> bool:  # a die roll is chance coming to light
        return self.rolled

    def text(self, names, viewer=None):
        how = "rolls" if self.rolled else "adds"
        return f"{names[self.seat]} {how} {self.amount:+d} for the team"


@dataclass(frozen=True)
class RelayView(View):
    totals: tuple = ()
    turn: int = 0
    teams: tuple = ()


def team_of(players: int) -> tuple[int, ...]:
    count = players // 2
    return tuple(s % count for s in range(players))


class RelayState(State):
    def __init__(self, players, totals, turn, rng_state):
        self.players, self.totals, self.turn, self.rng = players, totals, turn, rng_state
        self.teams = team_of(players)

    def to_act(self):
        return () if self.is_over() else (self.turn,)

    def legal_actions(self, seat):
        return (AddOne(), Roll()) if seat in self.to_act() else ()

    def _apply(self, seat, action):
        totals = list(self.totals)
        team = self.teams[seat]
        r = self.rng
        if isinstance(action, Roll):
            value, r = rng.die(r)
            amount = -2 if value == 1 else value
        else:
            amount = 1
        totals[team] = max(0, totals[team] + amount)
        event = Moved(seat, team, amount, isinstance(action, Roll))
        return RelayState(self.players, tuple(totals), (seat + 1) % self.players, r), (event,)

    def view(self, seat):
        return RelayView(seat, self.totals, self.turn, self.teams)

    def is_over(self):
        return max(self.totals) >= GOAL

    def result(self):
        scores = tuple(float(self.totals[t]) for t in self.teams)
        team_ranking = tuple(sorted(range(len(self.totals)), key=lambda t: -self.totals[t]))
        ranking = tuple(s for t in team_ranking for s in range(self.players) if self.teams[s] == t)
        best = max(self.totals)
        winners = tuple(s for s in range(self.players) if self.totals[self.teams[s]] == best)
        return Result(scores, ranking, winners, team_ranking=team_ranking,
                      team_scores=tuple(float(t) for t in self.totals))

    def to_dict(self):
        return {"v": 1, "players": self.players, "totals": list(self.totals), "turn": self.turn, "rng": self.rng}


class RelaySpec(GameSpec):
    id = "relay"
    name = "Relay"
    variants = (Variant("teams", "Teams of two", 4, 6, 4, player_counts=(4, 6)),)
    action_types = (AddOne, Roll)

    def teams(self, config):
        return team_of(config.players)

    def new_state(self, config, seed):
        return RelayState(config.players, (0,) * (config.players // 2), 0, rng.seed_state(seed))

    def state_from_dict(self, d):
        return RelayState(d["players"], tuple(d["totals"]), d["turn"], d["rng"])

    def determinize(self, view, rng_state):
        return RelayState(len(view.teams), view.totals, view.turn, rng_state)

    def evaluate(self, state, seat):
        team = state.teams[seat]
        best_other = max((t for i, t in enumerate(state.totals) if i != team), default=0)
        if state.is_over():
            return 1.0 if seat in state.result().winners else 0.0
        return max(0.0, min(1.0, 0.5 + (state.totals[team] - best_other) / (2 * GOAL)))


RELAY = RelaySpec()
