"""The one protocol every game engine speaks (pure: no pygame, no IO, no clock, no global random).

A game is a :class:`GameSpec` (what it is, its variants and options, how to start, read back
and imagine states) plus an immutable :class:`State`:

* ``state.to_act()``          every seat whose decision is awaited now, in any order (several
                              for simultaneous secret picks and votes; an out-of-turn seat for
                              an interrupt); submitting them in any order gives the same state;
* ``state.question(s)``       for a seat asked out of turn: what and why (hand-off, auto-answers);
* ``state.legal_actions(s)``  small frozen, hashable, readable actions for seat ``s``;
* ``state.why_illegal(s, a)`` ``None`` if legal, else a sentence a player understands;
* ``state.apply(s, a)``       ``(new_state, events)``; the old state is untouched;
* ``state.view(s)``           what seat ``s`` may know (``None``: a spectator, no hand shown);
* ``state.is_over()`` / ``state.result()``;
* ``state.to_dict()`` / ``spec.state_from_dict()``  JSON-safe, versioned.

Chance (dice, shuffles, random steals) is drawn inside ``apply`` from the integer RNG state the
state carries (see :mod:`game.engine.rng`), so config + seed + actions replay exactly.
"""

from __future__ import annotations

import dataclasses
import math
import typing
from dataclasses import dataclass
from types import UnionType
from typing import Any, ClassVar, Iterable, Mapping, Sequence

from .words import N_, Words


class IllegalAction(ValueError):
    """Raised by ``apply`` when an action is not legal; the message is for players."""


class ConfigError(ValueError):
    """A configuration the game cannot be played with; the message is for players."""


# --------------------------------------------------------------------------- actions & events


class Action:
    """Base of every game's actions: frozen dataclasses of ints, strs, bools and tuples.

    ``secret_fields`` names the fields only the acting seat (and ``State.secret_audience``) may know: a card
    played face down, a doping pick, a secret vote. Two choices that differ only there must look the same to
    every other seat (``invariants.check_secret_choices``)."""

    __slots__ = ()
    secret_fields: ClassVar[tuple[str, ...]] = ()

    def label(self) -> str:  # pragma: no cover - games override where it matters
        return type(self).__name__


class Event:
    """Something that happened while applying an action; drives animation and the move log.

    ``reveals`` marks chance or hidden information coming to light (a die rolled, a card
    drawn or stolen): a step with such an event cannot be undone.
    ``private_to`` lists the seats allowed to see the event's details; others get ``text``
    with ``viewer`` not among them and must be told only what is public. An empty text means
    nothing to tell that viewer: the match's log (``viewer`` None) gets no line for it.
    ``public_moment`` marks something everyone at the table watches together (the end of a round, stage or
    hand, a new deal, a public reveal): in hot-seat the screen then belongs to nobody until the next human
    takes it through the hand-off, so no hand stays on screen while everyone looks.
    """

    __slots__ = ()
    reveals: ClassVar[bool] = False
    public_moment: ClassVar[bool] = False
    private_to: ClassVar[tuple[int, ...] | None] = None

    def text(self, names: Sequence[str], viewer: int | None = None) -> str:  # pragma: no cover
        return type(self).__name__


def _to_json(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_to_json(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _to_json(v) for k, v in value.items()}
    return value


def _from_json(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_from_json(v) for v in value)
    return value


def encode_action(action: Action) -> dict[str, Any]:
    """A JSON-safe dict for a dataclass action: ``{"type": "PlayCards", "cards": [...]}``."""
    data = {"type": type(action).__name__}
    for f in dataclasses.fields(action):  # type: ignore[arg-type]
        data[f.name] = _to_json(getattr(action, f.name))
    return data


# Bounds on what an action read from outside may hold (saves are outside data): no game's action
# needs more, and apply must never be handed a number big enough to stall it (``1 << n``).
ACTION_INT_LIMIT = 2**31
ACTION_STR_LIMIT = 200
ACTION_TUPLE_LIMIT = 1000

_FIELD_TYPES: dict[type, dict[str, Any]] = {}


def _field_types(cls: type) -> dict[str, Any]:
    """Each field of an action dataclass and its annotation, resolved (cached per class)."""
    found = _FIELD_TYPES.get(cls)
    if found is None:
        hints = typing.get_type_hints(cls)
        found = _FIELD_TYPES[cls] = {f.name: hints.get(f.name, Any) for f in dataclasses.fields(cls)}
    return found


def _type_words(kind: Any) -> str:
    if kind is bool:
        return Words("true or false")
    if kind is int:
        return Words("a whole number")
    if kind is float:
        return Words("a number")
    if kind is str:
        return Words("a text")
    if kind is type(None):
        return Words("nothing (null)")
    origin = typing.get_origin(kind)
    if origin in (typing.Union, UnionType):
        first, *rest = typing.get_args(kind)
        words = _type_words(first)
        for k in rest:
            words = Words("{one} or {other}", one=words, other=_type_words(k))
        return words
    if kind is tuple or origin is tuple:
        return Words("a list")
    if origin is typing.Literal:
        return Words("one of {values}", values=", ".join(repr(a) for a in typing.get_args(kind)))
    return getattr(kind, "__name__", str(kind))


def _typed_from_json(value: Any, kind: Any, where: str) -> Any:
    """``value`` as JSON gave it, checked against the annotation ``kind`` and turned into the Python value
    (lists become tuples); raises ValueError naming ``where``. ``int`` means an int and not a bool, ``bool``
    exactly a bool, ``float`` a finite number."""
    origin = typing.get_origin(kind)
    if kind is Any:
        if isinstance(value, list | dict):
            raise ValueError(Words("{where} must be a single value, not {kind}", where=where, kind=type(value).__name__))
        return value
    if kind is bool:
        if type(value) is bool:
            return value
    elif kind is int:
        if type(value) is int:
            if not -ACTION_INT_LIMIT <= value < ACTION_INT_LIMIT:
                raise ValueError(Words("{where} is out of range ({value}…)", where=where, value=str(value)[:20]))
            return value
    elif kind is float:
        if type(value) in (int, float) and math.isfinite(value) and abs(value) < ACTION_INT_LIMIT:
            return float(value)
    elif kind is str:
        if type(value) is str:
            if len(value) > ACTION_STR_LIMIT:
                raise ValueError(Words("{where} is too long ({n} characters)", where=where, n=len(value)))
            return value
    elif kind is type(None):
        if value is None:
            return None
    elif origin in (typing.Union, UnionType):
        for option in typing.get_args(kind):
            try:
                return _typed_from_json(value, option, where)
            except ValueError:
                continue
    elif origin is typing.Literal:
        if any(type(value) is type(a) and value == a for a in typing.get_args(kind)):
            return value
    elif kind is tuple or origin is tuple:
        if type(value) is list:
            if len(value) > ACTION_TUPLE_LIMIT:
                raise ValueError(Words("{where} has too many items ({n})", where=where, n=len(value)))
            args = typing.get_args(kind)
            if not args:  # a bare ``tuple``: any single values
                return tuple(_typed_from_json(v, Any, f"{where}[{i}]") for i, v in enumerate(value))
            if len(args) == 2 and args[1] is Ellipsis:
                return tuple(_typed_from_json(v, args[0], f"{where}[{i}]") for i, v in enumerate(value))
            if len(value) != len(args):
                raise ValueError(Words("{where} must have {n} items, not {given}", where=where, n=len(args),
                                               given=len(value)))
            pairs = enumerate(zip(value, args, strict=True))
            return tuple(_typed_from_json(v, k, f"{where}[{i}]") for i, (v, k) in pairs)
    else:
        raise ValueError(Words("{where} has a type actions cannot be read back into ({kind})", where=where,
                               kind=repr(kind)))
    shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:40] + "…"
    raise ValueError(Words("{where} must be {kind}, not {value}", where=where, kind=_type_words(kind), value=shown))


def decode_action(data: Mapping[str, Any], types: Iterable[type]) -> Action:
    """The action ``encode_action`` wrote; raises ValueError with a clear message otherwise.

    Every field is checked against the action dataclass's annotation before the action is built,
    so ``apply`` is never handed a field of the wrong type (``"jersey": 2``, a bool seat, a float card)."""
    by_name = {t.__name__: t for t in types}
    if not isinstance(data, Mapping) or "type" not in data:
        raise ValueError(Words("not an action: {data}", data=repr(str(data)[:60])))
    kind = data["type"]
    cls = by_name.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ValueError(Words("unknown action type {kind}", kind=repr(str(kind)[:60])))
    hints = _field_types(cls)
    extra = [k for k in data if k != "type" and k not in hints]
    if extra:
        raise ValueError(Words("action {kind} has unknown fields {fields}", kind=kind,
                               fields=str(sorted(map(str, extra))[:5])))
    values = {k: _typed_from_json(v, hints[k], f"{kind}.{k}") for k, v in data.items() if k != "type"}
    try:
        return cls(**values)
    except TypeError as exc:
        raise ValueError(Words("bad action {kind}: {why}", kind=kind, why=str(exc))) from None


# --------------------------------------------------------------------------- configuration


@dataclass(frozen=True)
class Option:
    """One setting of a variant, shown by the setup screen (generated from this schema)."""

    key: str
    label: str
    default: Any
    kind: str = "int"  # "int" | "choice" | "bool"
    minimum: int = 0
    maximum: int = 0
    choices: tuple[tuple[Any, str], ...] = ()  # (value, label) for kind="choice"
    help: str = ""
    # Options sharing a group are shown together as a compact grid under the group's title (e.g. the
    # count of each card value in a deck); ``short`` labels each one there ("7s").
    group: str = ""
    short: str = ""
    # Shown only when another option of the variant has one of these values (("level", ("pro",)): the Pro
    # rules appear once the level is Pro), or when each of several do ((("stages", (2, 3)), ("level", ("expert",
    # "pro")))): a hidden option keeps its default and the game ignores it.
    when: tuple[str, tuple[Any, ...]] | tuple[tuple[str, tuple[Any, ...]], ...] = ()
    # A choice of seat (who starts): a value 0, 1, 2… names a seat, and the setup offers only the seats in play.
    seat_choice: bool = False

    def choices_for(self, players: int) -> tuple[tuple[Any, str], ...]:
        """The choices offered with ``players`` players: a seat choice drops the seats beyond them."""
        if not self.seat_choice:
            return self.choices
        return tuple((v, label) for v, label in self.choices if not (type(v) is int and v >= players))

    @property
    def conditions(self) -> tuple[tuple[str, tuple[Any, ...]], ...]:
        """``when`` as (option key, values allowed) pairs, all of which must hold; () for an option always shown."""
        if not self.when:
            return ()
        if isinstance(self.when[0], str):
            return (self.when,)  # type: ignore[return-value]
        return self.when  # type: ignore[return-value]

    def shown(self, values: Mapping[str, Any]) -> bool:
        """Does the setup show this option, given the other options' ``values`` (key -> value)?"""
        return all(values.get(key) in allowed for key, allowed in self.conditions)

    def value_words(self, value: Any) -> str:
        """How a player reads ``value``: a choice's label, yes/no, or the number."""
        if self.kind == "choice":
            return next((label for v, label in self.choices if v == value), str(value))
        if self.kind == "bool":
            return N_("yes") if value else N_("no")
        return str(value)

    def validate(self, value: Any) -> Any:
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise ConfigError(Words("{option}: expected yes or no", option=Words(self.label)))
            return value
        if self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise ConfigError(Words("{option}: expected a whole number", option=Words(self.label)))
            if not self.minimum <= value <= self.maximum:
                raise ConfigError(Words("{option}: must be between {lo} and {hi}", option=Words(self.label),
                                        lo=self.minimum, hi=self.maximum))
            return value
        if self.kind == "choice":
            allowed = [c[0] for c in self.choices]
            if value not in allowed:
                raise ConfigError(Words("{option}: must be one of {values}", option=Words(self.label),
                                        values=", ".join(map(str, allowed))))
            return value
        raise ConfigError(Words("{option}: unknown option kind {kind}", option=Words(self.label), kind=self.kind))


@dataclass(frozen=True)
class Variant:
    id: str
    label: str
    min_players: int
    max_players: int
    default_players: int
    options: tuple[Option, ...] = ()
    summary: str = ""
    # Optional per-seat labels the setup shows ("Team 1", …); empty = "Player n".
    seat_noun: str = "Player"
    # Allowed player counts when they are not the whole range (Mille Bornes: 2, 3, 4 or 6).
    player_counts: tuple[int, ...] = ()

    def allowed_players(self) -> tuple[int, ...]:
        if self.player_counts:
            return tuple(sorted(self.player_counts))
        return tuple(range(self.min_players, self.max_players + 1))

    def players_text(self) -> str:
        """``2–8`` for a range, ``2, 3, 4 or 6`` otherwise."""
        counts = self.allowed_players()
        if counts == tuple(range(counts[0], counts[-1] + 1)):
            return f"{counts[0]}–{counts[-1]}" if len(counts) > 1 else str(counts[0])
        return Words("{counts} or {last}", counts=", ".join(map(str, counts[:-1])), last=counts[-1])


@dataclass(frozen=True)
class Config:
    variant: str
    players: int
    options: tuple[tuple[str, Any], ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.options:
            if k == key:
                return v
        return default

    def to_dict(self) -> dict[str, Any]:
        return {"variant": self.variant, "players": self.players, "options": {k: _to_json(v) for k, v in self.options}}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Config":
        """Read a config written by ``to_dict``; exact types (a variant text, a whole number of players,
        options of single values or lists), else ValueError. The game's ``validate_config`` checks ranges."""
        if not isinstance(data, Mapping):
            raise ValueError(Words("the game settings are not an object"))
        variant, players, options = data.get("variant"), data.get("players"), data.get("options", {})
        if type(variant) is not str or not 0 < len(variant) <= 60:
            raise ValueError(Words("the variant is not a short text"))
        if type(players) is not int or not 0 < players <= 64:
            raise ValueError(Words("the number of players is not a whole number from 1 to 64"))
        if not isinstance(options, Mapping) or len(options) > 64:
            raise ValueError(Words("the game options are not an object"))
        pairs = []
        for key, value in options.items():
            if type(key) is not str or len(key) > 60:
                raise ValueError(Words("a game option has a bad name"))
            if isinstance(value, float) and not math.isfinite(value) or isinstance(value, dict):
                raise ValueError(Words("the game option {key} has a bad value", key=repr(key)))
            pairs.append((key, _from_json(value)))
        return cls(variant, players, tuple(sorted(pairs)))


# --------------------------------------------------------------------------- results & views


@dataclass(frozen=True)
class Result:
    """The end of a match: scores, ranking, and a chart for the results screen."""

    scores: tuple[float, ...]
    ranking: tuple[int, ...]  # seats, best first
    winners: tuple[int, ...]
    score_label: str = "Points"
    chart_labels: tuple[str, ...] = ()  # x axis, e.g. ("Round 1", …)
    chart_series: tuple[tuple[float, ...], ...] = ()  # per seat, one value per label
    details: tuple[str, ...] = ()  # extra lines for the results screen; "{2}" stands for seat 2's name
    score_texts: tuple[str, ...] = ()  # per seat, how to show its score if not the number (e.g. a time)
    chart_label: str = ""  # the chart's y axis when it is not score_label
    # Games with teams (GameSpec.teams): teams best first and each team's score, indexed by team.
    team_ranking: tuple[int, ...] = ()
    team_scores: tuple[float, ...] = ()
    # The place shown on each line of ``ranking`` where the rules leave players level after every tie-break
    # ("1, 2, 2, 4"); empty: the winners share the first place and every other line has its own.
    places: tuple[int, ...] = ()


@dataclass(frozen=True)
class Question:
    """What a seat is asked out of turn (an interrupt or a vote), for the hand-off and the prompt.

    The rules must open the question whenever it may be asked at all, never only when the seat
    can say yes (or asking it would reveal a hidden card)."""

    kind: str  # stable id, e.g. "coup-fourre"; a setting may answer this kind automatically
    title: str  # "Coup Fourré?"
    reason: str = ""  # "Bob played an Accident on you."


@dataclass(frozen=True)
class AutoAnswer:
    """A kind of question a human may have answered automatically (a setting), e.g. Coup Fourré."""

    kind: str
    label: str  # "Always play Coup Fourré when I can"
    help: str = ""


@dataclass(frozen=True)
class View:
    """Base for a game's views. ``seat`` is the viewer (``None`` = spectator/hand-off)."""

    seat: int | None

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe; cards appear as the same tokens ``State.secrets`` uses (leak tests walk it)."""
        return _to_json(dataclasses.asdict(self))


# --------------------------------------------------------------------------- state & game


class State:
    """An immutable game state. Subclasses implement the ``_``-free protocol methods."""

    __slots__ = ()

    players: int

    def to_act(self) -> tuple[int, ...]:
        raise NotImplementedError

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        raise NotImplementedError

    def why_illegal(self, seat: int, action: Action) -> str | None:
        """``None`` if ``seat`` may play ``action`` now; else the reason in plain words."""
        if self.is_over():
            return "The game is over."
        if seat not in self.to_act():
            return "It is not your turn."
        if action in self.legal_actions(seat):
            return None
        return "That move is not allowed now."

    def apply(self, seat: int, action: Action) -> tuple["State", tuple[Event, ...]]:
        reason = self.why_illegal(seat, action)
        if reason is not None:
            raise IllegalAction(reason)
        return self._apply(seat, action)

    def _apply(self, seat: int, action: Action) -> tuple["State", tuple[Event, ...]]:
        raise NotImplementedError

    def view(self, seat: int | None) -> View:
        raise NotImplementedError

    def is_over(self) -> bool:
        raise NotImplementedError

    def result(self) -> Result:
        raise NotImplementedError

    def to_dict(self) -> dict[str, Any]:
        raise NotImplementedError

    def secrets(self, seat: int) -> frozenset[str]:
        """Tokens (card names…) only ``seat`` may know now; no other seat's view may contain them."""
        return frozenset()

    def question(self, seat: int) -> Question | None:
        """For a seat in ``to_act`` asked out of turn: the question; ``None`` on an ordinary turn."""
        return None

    def secret_audience(self, seat: int, action: Action) -> tuple[int, ...]:
        """The seats that may know ``action``'s secret fields once ``seat`` plays it (default: ``seat`` alone;
        a card given back is known to the giver and the receiver)."""
        return (seat,)


@dataclass(frozen=True)
class BotLevel:
    """How a bot of one level plays a game: which generic bot and its budget."""

    kind: str  # "random" | "greedy" | "ismcts"
    iterations: int = 0  # ISMCTS iterations, or greedy samples per action
    rollout_depth: int = 0  # ISMCTS: moves simulated past the tree before evaluating
    noise: float = 0.0  # greedy: chance of a random legal move instead of the best
    exploration: float = 0.7


DEFAULT_LEVELS: Mapping[str, BotLevel] = {
    "random": BotLevel("random"),
    "easy": BotLevel("greedy", iterations=2, noise=0.25),
    "normal": BotLevel("ismcts", iterations=150, rollout_depth=12),
    "hard": BotLevel("ismcts", iterations=700, rollout_depth=24),
}

LEVELS: tuple[str, ...] = ("random", "easy", "normal", "hard")


class GameSpec:
    """What a game is. One instance per game, listed explicitly in :mod:`game.registry`."""

    id: str = ""
    name: str = ""
    tagline: str = ""
    players_text: str = ""
    variants: tuple[Variant, ...] = ()
    action_types: tuple[type, ...] = ()
    state_version: int = 1  # the format of State.to_dict
    # The version of the rules: saves carry it; bump it when a change could replay an old save's
    # moves into a different game (and either keep reading the old rules or refuse those saves).
    rules_version: int = 1
    # Older rules versions whose saves still replay into the same game under today's rules (a change
    # that only added things, say). A save of any other older version is refused in plain words.
    resumable_rules_versions: tuple[int, ...] = ()
    levels: Mapping[str, BotLevel] = DEFAULT_LEVELS
    # Does a seat hold information others may not see (hands, secret picks)? Then hot-seat hands
    # the screen over between humans and never draws a hand but the viewer's.
    hidden_information: bool = False
    # Kinds of out-of-turn question a human may have answered automatically (settings).
    auto_answers: tuple[AutoAnswer, ...] = ()
    # Words for shared screens: "Start the race" / "Start the game"; what a restart redraws.
    start_words: str = N_("Start the game")
    restart_words: str = N_("a new deal")
    skip_words: str = N_("Skip to the end of the round")  # when no human has a decision left (out_of_play)
    # Ids a game used before some of its variants became options of one (kept for saves, the command line
    # and anything else that stored an id): old id -> (the variant's id, the option values the old id
    # stood for). VeloMaster: "debutant-aurillac" -> ("race", (("course", "aurillac"), ("level", "debutant"))).
    variant_aliases: Mapping[str, tuple[str, tuple[tuple[str, Any], ...]]] = {}

    # -- configuration
    def resumes_rules(self, version: int, config: Config) -> bool:
        """Does a save made under rules ``version`` (at most today's) with this ``config`` replay into the same
        game under today's rules? Today's version and the ``resumable_rules_versions`` do; a game whose change
        touched some set-ups only says so for the others."""
        return version == self.rules_version or version in self.resumable_rules_versions

    def resolve_variant(self, variant_id: str) -> tuple[Variant, tuple[tuple[str, Any], ...]]:
        """The variant ``variant_id`` names and the option values it fixes: none for a variant's own id,
        the alias's for an old id (:attr:`variant_aliases`); ConfigError in plain words for any other text."""
        for v in self.variants:
            if v.id == variant_id:
                return v, ()
        alias = self.variant_aliases.get(variant_id) if isinstance(variant_id, str) else None
        if alias is not None:
            target, preset = alias
            for v in self.variants:
                if v.id == target:
                    return v, tuple(preset)
        known = ", ".join(v.id for v in self.variants)
        shown = repr(variant_id) if len(repr(variant_id)) <= 60 else repr(variant_id)[:60] + "…"
        if self.variant_aliases:
            raise ConfigError(Words("{game} has no variant {variant} (known: {known}; older names still read: "
                                    "{older})", game=self.name, variant=shown, known=known,
                                    older=", ".join(self.variant_aliases)))
        raise ConfigError(Words("{game} has no variant {variant} (known: {known})", game=self.name, variant=shown,
                                known=known))

    def variant(self, variant_id: str) -> Variant:
        """The variant of that id, or of an old id kept as an alias (:meth:`resolve_variant`)."""
        return self.resolve_variant(variant_id)[0]

    def named_configs(self) -> tuple[tuple[str, Config], ...]:
        """(name, default config) for each variant, then for each alias that sets up something no
        earlier entry does (VeloMaster: "race" is Débutant on Salzburg, "debutant-aurillac" adds Aurillac):
        what the tools that try every variant (bench, smoke) go through."""
        out: list[tuple[str, Config]] = []
        for name in [v.id for v in self.variants] + list(self.variant_aliases):
            config = self.default_config(name)
            if all(config != seen for _, seen in out):
                out.append((name, config))
        return tuple(out)

    def default_config(self, variant_id: str | None = None, players: int | None = None) -> Config:
        v, preset = self.resolve_variant(variant_id) if variant_id else (self.variants[0], ())
        opts = {o.key: o.default for o in v.options}
        opts.update(preset)
        players = players if players is not None else v.default_players
        return self.validate_config(Config(v.id, players, tuple(sorted(opts.items()))))

    def config_label(self, config: Config) -> str:
        """A match's short title ("Débutant – Salzburg"): the variant's label unless its options change it."""
        return self.variant(config.variant).label

    def out_of_play(self, state: State, seat: int) -> bool:
        """Will ``seat`` have nothing to decide until the end of the current round, stage or race (out of cards,
        eliminated, its riders all home)? When every human is, the table offers to skip to the end. Default:
        never (a seat asked all the same only stops the skipping)."""
        return False

    def progress(self, state: State) -> str:
        """Where a match stands, in a few words for the list of matches in progress ("round 3 of 5",
        "stage 2, leg 3", "hand 2"). Default: nothing more precise than that it is under way."""
        return "under way"

    def config_summary(self, config: Config) -> str:
        """What the setup screen says about the chosen settings: the variant's summary unless its options
        change it."""
        return self.variant(config.variant).summary

    def validate_config(self, config: Config) -> Config:
        v, preset = self.resolve_variant(config.variant)
        if isinstance(config.players, bool) or not isinstance(config.players, int):
            raise ConfigError(Words("{game}: the number of players must be a whole number", game=self.name))
        if config.players not in v.allowed_players():
            who = self.name if len(self.variants) == 1 else Words(v.label)
            raise ConfigError(Words("{game} is for {players} players, not {n}.", game=who, players=v.players_text(),
                                    n=config.players))
        given = dict(config.options)
        by_key = {o.key: o for o in v.options}
        for key, value in preset:  # an old id: the options it stood for, never contradicted
            if key in given and given[key] != value:
                option = by_key[key]
                raise ConfigError(Words("{variant} means the {label} with {option}: {value}, so it cannot also have "
                                        "{option}: {other}.", variant=repr(config.variant), label=Words(v.label),
                                        option=Words(option.label), value=Words(option.value_words(value)),
                                        other=Words(option.value_words(given[key]))))
            given[key] = value
        unknown = set(given) - {o.key for o in v.options}
        if unknown:
            raise ConfigError(Words("{label} has no option {options}", label=Words(v.label),
                                    options=", ".join(sorted(unknown))))
        opts = tuple(sorted((o.key, o.validate(given.get(o.key, o.default))) for o in v.options))
        return Config(v.id, config.players, opts)

    # -- states
    def new_state(self, config: Config, seed: int) -> State:
        raise NotImplementedError

    def state_from_dict(self, data: Mapping[str, Any]) -> State:
        raise NotImplementedError

    def decode_action(self, data: Mapping[str, Any]) -> Action:
        return decode_action(data, self.action_types)

    def proper_names(self, config: Config) -> tuple[str, ...]:
        """Names the table draws that no language translates (places, courses, events): the pseudo-language
        check of the table run (game.tablerun) lets them through, as it does the players' names."""
        return ()

    def has_hidden_information(self, config: Config) -> bool:
        """Does a seat hold something the others may not see in a match of this ``config``? Then hot-seat
        hands the screen over between humans and undo never crosses them. Default: :attr:`hidden_information`;
        a game whose secrets come with some options says so here (VeloMaster: the Pro level's condition and
        doping)."""
        return self.hidden_information

    # -- teams
    def teams(self, config: Config) -> tuple[int, ...] | None:
        """The team of each seat (0, 1, …) where the game has teams, else ``None``. Partners sit
        apart where the rules say so: the spec numbers seats so that they do."""
        return None

    # -- for bots (they only ever hold a View)
    def determinize(self, view: View, rng_state: int) -> State:
        """A full state consistent with ``view`` (hidden cards dealt at random, fresh RNG).

        It has the same ``to_act()`` as the real state: who is asked never depends on a hidden card."""
        raise NotImplementedError

    def determinize_leg(self, view: View, rng_state: int) -> State:
        """Like :meth:`determinize`, but with the other seats' pending secret picks of the current
        simultaneous leg taken back (those seats are to act again). Search bots start from it, so
        a bot reasons the same whether it picks first or last. Games without secret picks: the
        default (plain determinize)."""
        return self.determinize(view, rng_state)

    def auto_answer(self, view: View, seat: int, kind: str) -> Action | None:
        """The automatic answer to a question of ``kind`` for ``seat`` (from its own view only),
        when the player chose to have it answered for them; ``None``: ask the player."""
        return None

    def bot_choice(self, view: View, seat: int, legal: Sequence[Action]) -> Action | None:
        """A decision the game's bots take by rule rather than by search (VeloMaster's tour decisions between
        stages), from the seat's view only; ``None``: the bot thinks as its level says. Random bots never ask."""
        return None

    def evaluate(self, state: State, seat: int) -> float:
        """Heuristic worth of ``state`` for ``seat`` in [0, 1] (1 = sure win). Default: result only."""
        if state.is_over():
            return 1.0 if seat in state.result().winners else 0.0
        return 0.5

    def rollout_action(self, state: State, seat: int, rng: Any) -> Action:
        """The move a fast simulated player makes in ISMCTS rollouts (default: uniform random)."""
        return rng.choice(state.legal_actions(seat))

    def bot_level(self, level: str) -> BotLevel:
        if level not in self.levels:
            raise ConfigError(f"unknown bot level {level!r} (known: {', '.join(self.levels)})")
        return self.levels[level]
