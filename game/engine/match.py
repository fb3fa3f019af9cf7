"""A match: seats, the history of states, undo, the narrated log, save data and replay (pure).

Saving to disk is done by :mod:`game.storage`; this module only builds and reads the data.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from .protocol import Action, Config, Event, GameSpec, IllegalAction, State, encode_action

SAVE_FORMAT = "velotheque-save"
SAVE_VERSION = 1

CONTROLLERS = ("human", "easy", "normal", "hard", "random")
CONTROLLER_LABELS = {"human": "Human", "easy": "Bot · Easy", "normal": "Bot · Normal", "hard": "Bot · Hard",
                     "random": "Bot · Random"}


class SaveError(ValueError):
    """A save that cannot be used; the message says why in plain words."""


@dataclass(frozen=True)
class Seat:
    name: str
    controller: str = "human"  # one of CONTROLLERS
    colour: tuple[int, int, int] = (200, 200, 200)

    @property
    def is_human(self) -> bool:
        return self.controller == "human"

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "controller": self.controller, "colour": list(self.colour)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Seat":
        controller = str(data.get("controller", "human"))
        if controller not in CONTROLLERS:
            raise SaveError(f"a seat has an unknown controller {controller!r}")
        colour = tuple(int(c) for c in data.get("colour", (200, 200, 200)))
        if len(colour) != 3:
            raise SaveError("a seat colour is not three numbers")
        return cls(str(data["name"]), controller, colour)  # type: ignore[arg-type]


@dataclass(frozen=True)
class Step:
    seat: int
    action: Action
    events: tuple[Event, ...]

    @property
    def reversible(self) -> bool:
        return not any(e.reveals for e in self.events)


@dataclass(frozen=True)
class LogLine:
    step: int  # index of the step that produced it
    seat: int | None
    text: str


class Match:
    """Seats + states + steps. ``act`` is the only way forward; ``undo`` the only way back."""

    def __init__(self, game: GameSpec, config: Config, seed: int, seats: Sequence[Seat]):
        config = game.validate_config(config)
        if len(seats) != config.players:
            raise ValueError(f"{config.players} players need {config.players} seats, got {len(seats)}")
        self.game = game
        self.config = config
        self.seed = seed
        self.seats = tuple(seats)
        self.states: list[State] = [game.new_state(config, seed)]
        self.steps: list[Step] = []
        self.log: list[LogLine] = []
        self.listeners: list[Callable[["Match"], None]] = []

    # -- reading
    @property
    def state(self) -> State:
        return self.states[-1]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)

    def is_over(self) -> bool:
        return self.state.is_over()

    def to_act(self) -> tuple[int, ...]:
        return () if self.state.is_over() else self.state.to_act()

    def last_actor(self) -> int | None:
        return self.steps[-1].seat if self.steps else None

    # -- acting
    def act(self, seat: int, action: Action) -> tuple[Event, ...]:
        state = self.state
        if state.is_over():
            raise IllegalAction("The game is over.")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            raise IllegalAction(f"There is no seat {seat!r} in this {len(self.seats)}-player match.")
        if seat not in state.to_act():
            raise IllegalAction(f"It is not {self.seats[seat].name}'s turn.")
        new_state, events = state.apply(seat, action)
        self.states.append(new_state)
        self.steps.append(Step(seat, action, events))
        index = len(self.steps) - 1
        for event in events:
            subject = getattr(event, "seat", seat)
            subject = subject if isinstance(subject, int) and 0 <= subject < len(self.seats) else None
            self.log.append(LogLine(index, subject, event.text(self.names, None)))
        for listener in self.listeners:
            listener(self)
        return events

    # -- undo
    def undo_blocker(self, seat: int) -> str | None:
        """``None`` if ``seat`` may take back its own last step now, else the true reason (for the tooltip).

        Undo is asked for by the person at the screen, for their own last step only: it never changes
        who is at the screen and never takes back another seat's move."""
        if not self.seats[seat].is_human:
            return "Only a human player can undo."
        if not any(step.seat == seat for step in self.steps):
            return "You have not made a move yet." if self.steps else "Nothing to undo yet."
        last = self.steps[-1]
        if last.seat != seat:
            return f"{self.seats[last.seat].name} has played since your last move."
        if not last.reversible:
            return "Dice or hidden cards were revealed: this step stands."
        return None

    def undo(self, seat: int) -> Step:
        reason = self.undo_blocker(seat)
        if reason is not None:
            raise IllegalAction(reason)
        step = self.steps.pop()
        self.states.pop()
        index = len(self.steps)
        while self.log and self.log[-1].step >= index:
            self.log.pop()
        for listener in self.listeners:
            listener(self)
        return step

    # -- save / resume / replay
    def to_save(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.game.id,
            "config": self.config.to_dict(),
            "seed": self.seed,
            "seats": [s.to_dict() for s in self.seats],
            "actions": [[s.seat, encode_action(s.action)] for s in self.steps],
        }

    @classmethod
    def from_save(cls, data: Any, games: Mapping[str, GameSpec]) -> "Match":
        """Rebuild a match by replaying its actions; raises :class:`SaveError` in plain words."""
        if not isinstance(data, Mapping) or data.get("format") != SAVE_FORMAT:
            raise SaveError("This file is not a Vélothèque save.")
        version = data.get("version")
        if not isinstance(version, int):
            raise SaveError("This save has no version number.")
        if version > SAVE_VERSION:
            raise SaveError(f"This save was made by a newer Vélothèque (save format {version}); "
                            f"this version reads format {SAVE_VERSION}.")
        game = games.get(data.get("game"))  # type: ignore[arg-type]
        if game is None:
            raise SaveError(f"This save is for a game this version does not have ({data.get('game')!r}).")
        try:
            config = Config.from_dict(data["config"])
            seed = int(data["seed"])
            seats = [Seat.from_dict(s) for s in data["seats"]]
            match = cls(game, config, seed, seats)
            for i, (seat, raw) in enumerate(data["actions"]):
                action = game.decode_action(raw)
                try:
                    match.act(int(seat), action)
                except IllegalAction as exc:
                    raise SaveError(f"Move {i + 1} of this save cannot be replayed: {exc}") from None
        except SaveError:
            raise
        except (KeyError, TypeError, ValueError) as exc:
            raise SaveError(f"This save is damaged ({type(exc).__name__}: {exc}).") from None
        return match

    def replay(self) -> "Match":
        """A fresh match replaying this one's actions (replay identity: same final state)."""
        twin = Match(self.game, self.config, self.seed, self.seats)
        for step in self.steps:
            twin.act(step.seat, step.action)
        return twin

