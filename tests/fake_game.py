"""A tiny game for testing the generic machinery: race to 10 by adding 1, 2 or a die roll."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine import rng
from game.engine.protocol import Action, Event, GameSpec, Result, State, Variant, View


@dataclass(frozen=True)
class Add(Action):
    n: int


@dataclass(frozen=True)
class Roll(Action):
    pass


@dataclass(frozen=True)
class Added(Event):
    seat: int
    n: int

    def text(self, names, viewer=None):
        return f"{names[self.seat]} adds {self.n}"


@dataclass(frozen=True)
class Rolled(Event):
    seat: int
    value: int
    reveals = True

    def text(self, names, viewer=None):
        return f"{names[self.seat]} rolls {self.value}"


@dataclass(frozen=True)
class RaceView(View):
    totals: tuple = ()
    turn: int = 0


class RaceState(State):
    def __init__(self, players, totals, turn, rng_state):
        self.players, self.totals, self.turn, self.rng = players, totals, turn, rng_state

    def to_act(self):
        return (self.turn,)

    def legal_actions(self, seat):
        return (Add(1), Add(2), Roll())

    def _apply(self, seat, action):
        totals = list(self.totals)
        r = self.rng
        if isinstance(action, Roll):
            value, r = rng.die(r)
            event = Rolled(seat, value)
        else:
            value, event = action.n, Added(seat, action.n)
        totals[seat] += value
        return RaceState(self.players, tuple(totals), (seat + 1) % self.players, r), (event,)

    def view(self, seat):
        return RaceView(seat, self.totals, self.turn)

    def is_over(self):
        return max(self.totals) >= 10

    def result(self):
        best = max(self.totals)
        ranking = tuple(sorted(range(self.players), key=lambda s: -self.totals[s]))
        return Result(tuple(float(t) for t in self.totals), ranking,
                      tuple(s for s in range(self.players) if self.totals[s] == best))

    def to_dict(self):
        return {"v": 1, "players": self.players, "totals": list(self.totals), "turn": self.turn, "rng": self.rng}


class RaceSpec(GameSpec):
    id = "race"
    name = "Race to Ten"
    variants = (Variant("standard", "Standard", 2, 4, 2),)
    action_types = (Add, Roll)

    def new_state(self, config, seed):
        return RaceState(config.players, (0,) * config.players, 0, rng.seed_state(seed))

    def state_from_dict(self, d):
        return RaceState(d["players"], tuple(d["totals"]), d["turn"], d["rng"])

    def determinize(self, view, rng_state):
        return RaceState(len(view.totals), view.totals, view.turn, rng_state)

    def evaluate(self, state, seat):
        return min(1.0, state.totals[seat] / 10)


RACE = RaceSpec()
