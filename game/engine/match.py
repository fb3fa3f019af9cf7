"""A match: seats, the history of states, undo, the narrated log, save data and replay (pure).

Saving to disk is done by :mod:`game.storage`; this module only builds and reads the data.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from .protocol import Action, Config, Event, GameSpec, IllegalAction, State, encode_action
from .words import N_, Words

SAVE_FORMAT = "velotheque-save"
SAVE_VERSION = 1

CONTROLLERS = ("human", "easy", "normal", "hard", "random")
CONTROLLER_LABELS = {"human": N_("Human"), "easy": N_("Bot · Easy"), "normal": N_("Bot · Normal"),
                     "hard": N_("Bot · Hard"), "random": N_("Bot · Random")}


# Bounds on what a save may hold: anything outside is refused in plain words, never trusted.
MAX_SEED = 2**63  # seeds are 0 <= seed < MAX_SEED
MAX_NAME = 40  # characters in a player's name
MAX_SEATS = 64
MAX_MOVES = 100_000


class SaveError(ValueError):
    """A save that cannot be used; the message says why in plain words."""


class NewerSaveError(SaveError):
    """A save made by a newer Vélothèque (newer save format, newer rules, or a game this version does not
    have): it is left where it is, for that newer version to resume."""


class OldRulesError(SaveError):
    """A save made under an earlier version of its game's rules that today's rules cannot replay."""


def match_noun(game: GameSpec) -> str:
    """"race" for the racing games, "match" otherwise (for messages about a saved match)."""
    return "race" if game.start_words.endswith("race") else "match"


def _why(exc: Exception) -> str:
    """An exception's message, its Words kept (so the table says it in the language in use)."""
    if len(exc.args) == 1 and isinstance(exc.args[0], str) and not isinstance(exc, KeyError):
        why = exc.args[0]  # Words, or English marked with N_ (looked up in the catalogue where it is shown)
        return why if isinstance(why, Words) else Words(why)
    return str(exc)


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
    def from_dict(cls, data: Any) -> "Seat":
        """A seat as ``to_dict`` wrote it; exact types and ranges, else :class:`SaveError` in plain words."""
        if not isinstance(data, Mapping):
            raise SaveError(Words("a player's entry is not an object"))
        name = data.get("name")
        if type(name) is not str or not name.strip() or len(name) > MAX_NAME:
            raise SaveError(Words("a player's name is not a text of 1 to {most} characters", most=MAX_NAME))
        controller = data.get("controller", "human")
        if type(controller) is not str or controller not in CONTROLLERS:
            raise SaveError(Words("{name} is played by an unknown kind of player ({kind})", name=name,
                                  kind=repr(str(controller)[:20])))
        colour = data.get("colour", [200, 200, 200])
        if (type(colour) is not list or len(colour) != 3
                or not all(type(c) is int and 0 <= c <= 255 for c in colour)):
            raise SaveError(Words("{name}'s colour is not three whole numbers from 0 to 255", name=name))
        return cls(name, controller, (colour[0], colour[1], colour[2]))


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


def seen_by(event: Event, seat: int) -> bool:
    """Did this event show ``seat`` something it did not know (chance or a hidden card, to all or to it)?"""
    if not event.reveals:
        return False
    private = getattr(event, "private_to", None)
    return not private or seat in private


class Match:
    """Seats + states + steps. ``act`` is the only way forward; ``undo`` the only way back."""

    def __init__(self, game: GameSpec, config: Config, seed: int, seats: Sequence[Seat]):
        config = game.validate_config(config)
        if len(seats) != config.players:
            raise ValueError(Words("{players} players need {players} seats, got {seats}", players=config.players,
                                   seats=len(seats)))
        self.game = game
        self.config = config
        self.seed = seed
        self.seats = tuple(seats)
        self.states: list[State] = [game.new_state(config, seed)]
        self.steps: list[Step] = []
        self.log: list[LogLine] = []
        self.listeners: list[Callable[["Match"], None]] = []
        self.slot: str | None = None  # the save slot storage keeps it in (given on its first save)
        # what the table saved beside the moves, read back by storage for the table that resumes it (hot seat: who
        # had the screen); a table takes what it needs out
        self.table_notes: dict[str, Any] = {}

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
            raise IllegalAction(N_("The game is over."))
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            raise IllegalAction(Words("There is no seat {seat} in this {players}-player match.", seat=repr(seat),
                                      players=len(self.seats)))
        if seat not in state.to_act():
            raise IllegalAction(Words("It is not {player}'s turn.", player=self.seats[seat].name))
        new_state, events = state.apply(seat, action)
        self.states.append(new_state)
        self.steps.append(Step(seat, action, events))
        index = len(self.steps) - 1
        for event in events:
            text = event.text(self.names, None)  # the public text: the log is everyone's
            if not text:
                continue  # nothing to tell the table (a change only its own seat can see)
            subject = getattr(event, "seat", seat)
            subject = subject if isinstance(subject, int) and 0 <= subject < len(self.seats) else None
            self.log.append(LogLine(index, subject, text))
        for listener in self.listeners:
            listener(self)
        return events

    # -- undo
    def undo_blocker(self, seat: int, through_bots: bool = False,
                     replayed: Callable[[int], bool] | None = None) -> str | None:
        """``None`` if ``seat`` may take back its own last step now, else the true reason (for the tooltip).

        Undo is asked for by the person at the screen, for their own last step only: it never changes
        who is at the screen and never takes back another human's move. ``through_bots`` (a human among
        computer players, as chess programs do): the computer players' moves that followed go back with it,
        as long as none of those steps brought to light something this seat saw (a die, a card shown to all
        or to this seat); a card a bot drew for itself does not stop it. ``replayed(index)``: the table would
        make this seat's step ``index`` again at once by itself (an answer given automatically): such a step is
        no decision to take back, so the undo goes through it to the seat's last step that was one."""
        if not self.seats[seat].is_human:
            return N_("Only a human player can undo.")
        if not any(step.seat == seat for step in self.steps):
            return N_("You have not made a move yet.") if self.steps else N_("Nothing to undo yet.")
        for index in range(len(self.steps) - 1, -1, -1):
            step = self.steps[index]
            if step.seat == seat:
                if not step.reversible:
                    return N_("Dice or hidden cards were revealed: this step stands.")
                if replayed is None or not replayed(index):
                    return None
                continue  # an automatic answer of this seat: on to the decision before it
            if not through_bots or self.seats[step.seat].is_human:
                return Words("{player} has played since your last move.", player=self.seats[step.seat].name)
            if any(seen_by(event, seat) for event in step.events):
                return Words("{player} has played since your last move and something was revealed (a die, a card): "
                             "that stands.", player=self.seats[step.seat].name)
        return N_("You have not made a move yet.")  # only answers the table gave by itself

    def undo(self, seat: int, through_bots: bool = False, replayed: Callable[[int], bool] | None = None) -> Step:
        """Take back ``seat``'s last step (and, ``through_bots``, the computer players' steps after it; with
        ``replayed``, its automatic answers too, down to its last decision: see :meth:`undo_blocker`); returns
        ``seat``'s step."""
        reason = self.undo_blocker(seat, through_bots, replayed)
        if reason is not None:
            raise IllegalAction(reason)
        while True:
            index = len(self.steps) - 1
            decided = self.steps[index].seat == seat and (replayed is None or not replayed(index))
            step = self.steps.pop()
            self.states.pop()
            if decided:
                break
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
            "rules_version": self.game.rules_version,
            "config": self.config.to_dict(),
            "seed": self.seed,
            "seats": [s.to_dict() for s in self.seats],
            "actions": [[s.seat, encode_action(s.action)] for s in self.steps],
        }

    @classmethod
    def from_save(cls, data: Any, games: Mapping[str, GameSpec]) -> "Match":
        """Rebuild a match by replaying its actions; raises :class:`SaveError` in plain words.

        Every field is checked for its exact type and range before it is used. A save made by a newer
        Vélothèque raises :class:`NewerSaveError`; one made under older rules that today's rules do not
        declare resumable for its set-up (``GameSpec.resumes_rules``) raises :class:`OldRulesError`."""
        if not isinstance(data, Mapping) or data.get("format") != SAVE_FORMAT:
            raise SaveError(Words("This file is not a Vélothèque save."))
        version = data.get("version")
        if type(version) is not int or version < 1:
            raise SaveError(Words("This save has no version number."))
        if version > SAVE_VERSION:
            raise NewerSaveError(Words("This save was made by a newer Vélothèque (save format {version}); this "
                                       "version reads format {ours}.", version=version, ours=SAVE_VERSION))
        game_id = data.get("game")
        if type(game_id) is not str or not 0 < len(game_id) <= 40:
            raise SaveError(Words("This save does not say which game it is for."))
        game = games.get(game_id)
        if game is None:
            raise NewerSaveError(Words("This save is for a game this version does not have ({game}); perhaps a "
                                       "newer Vélothèque made it.", game=repr(game_id)))
        rules_version = data.get("rules_version", 1)
        cls._check_rules_version(rules_version, game)
        config_data, seed, seats_data, actions = (data.get(k) for k in ("config", "seed", "seats", "actions"))
        if type(seed) is not int or not 0 <= seed < MAX_SEED:
            raise SaveError(Words("This save is damaged: its seed is not a whole number from 0 to 2^63 - 1."))
        if type(seats_data) is not list or not 0 < len(seats_data) <= MAX_SEATS:
            raise SaveError(Words("This save is damaged: its list of players is missing or wrong."))
        if type(actions) is not list or len(actions) > MAX_MOVES:
            raise SaveError(Words("This save is damaged: its list of moves is missing or wrong."))
        try:
            seats = [Seat.from_dict(s) for s in seats_data]
            config = Config.from_dict(config_data)  # type: ignore[arg-type]
            match = cls(game, config, seed, seats)
        except SaveError as exc:
            raise SaveError(Words("This save is damaged: {why}.", why=_why(exc))) from None
        except (KeyError, TypeError, ValueError) as exc:  # ConfigError is a ValueError
            raise SaveError(Words("This save is damaged ({why}).", why=_why(exc))) from None
        if not game.resumes_rules(rules_version, config):
            raise OldRulesError(Words("This {game} race was saved by an earlier version of its rules and cannot be "
                                      "resumed.", game=game.name) if match_noun(game) == "race" else
                                Words("This {game} match was saved by an earlier version of its rules and cannot be "
                                      "resumed.", game=game.name))
        for i, move in enumerate(actions):
            if type(move) is not list or len(move) != 2:
                raise SaveError(Words("This save is damaged: move {n} is not a seat and an action.", n=i + 1))
            seat, raw = move
            if type(seat) is not int or not 0 <= seat < len(seats):
                raise SaveError(Words("This save is damaged: move {n} names seat {seat}, but this match has "
                                      "{seats} seats.", n=i + 1, seat=str(seat)[:12], seats=len(seats)))
            try:
                action = game.decode_action(raw)
            except ValueError as exc:
                raise SaveError(Words("This save is damaged: move {n} is not a move of {game} ({why}).", n=i + 1,
                                      game=game.name, why=_why(exc))) from None
            try:
                match.act(seat, action)
            except IllegalAction as exc:
                raise SaveError(Words("Move {n} of this save cannot be replayed: {why}", n=i + 1, why=_why(exc))) from None
        return match

    @staticmethod
    def _check_rules_version(rules_version: Any, game: GameSpec) -> None:
        """Saves without a rules version are version 1. A newer one is for a newer Vélothèque. Whether an
        older one resumes depends on its set-up too (``GameSpec.resumes_rules``, asked once the config is read)."""
        if type(rules_version) is not int or rules_version < 1:
            raise SaveError(Words("This save is damaged: its rules version is not a whole number."))
        if rules_version > game.rules_version:
            fields = {"game": game.name, "version": rules_version, "ours": game.rules_version}
            raise NewerSaveError(Words("This {game} race was saved by a newer Vélothèque (rules version {version}; "
                                       "this one plays version {ours}).", **fields) if match_noun(game) == "race" else
                                 Words("This {game} match was saved by a newer Vélothèque (rules version {version}; "
                                       "this one plays version {ours}).", **fields))

    def replay(self) -> "Match":
        """A fresh match replaying this one's actions (replay identity: same final state)."""
        twin = Match(self.game, self.config, self.seed, self.seats)
        for step in self.steps:
            twin.act(step.seat, step.action)
        return twin

