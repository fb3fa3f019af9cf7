"""What happens on the Veldiv track, for animation and the narrated log (pure).

Riders are named by ``seat`` (the player) and ``rider`` (0/1 within a team; always 0 in races with
one rider each). :class:`RiderMoved` carries every leg of a move, each naming the article that
applied, and ``path``: every space entered, in order, so the UI can animate space by space.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar, Sequence

from ...engine.protocol import Event
from ...engine.words import N_, Words, ordinal
from .track import span

# Leg kinds of a move: (article, count, from_space, to_space, kind)
THROW, SIX, SIX_AS_SIX, BUMP, MATE, AFTER = "throw", "six", "six-as-six", "bump", "mate", "after"


def fast_init(cls):
    """Events are built on every throw: give a frozen, slotted dataclass an ``__init__`` that fills the
    slots directly (about twice as fast as the generated one). Instances stay frozen."""
    fields = dataclasses.fields(cls)
    ns = {f"_s_{f.name}": getattr(cls, f.name).__set__ for f in fields}
    ns.update({f"_d_{f.name}": f.default for f in fields if f.default is not dataclasses.MISSING})
    args = ", ".join(f"{f.name}=_d_{f.name}" if f"_d_{f.name}" in ns else f.name for f in fields)
    body = "".join(f"    _s_{f.name}(self, {f.name})\n" for f in fields)
    exec(f"def __init__(self, {args}):\n{body}", ns)  # as the dataclasses module itself does
    cls.__init__ = ns["__init__"]
    return cls


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else Words("Player {n}", n=seat + 1)


def _who(names: Sequence[str], seat: int, rider: int, team: bool) -> str:
    return Words("{player}'s rider {n}", player=_name(names, seat), n=rider + 1) if team else _name(names, seat)


# The articles named in the texts, marked for the catalogue ("Art. 5" is "Art. 5" in French too).
ARTICLES = (N_("Art. 1"), N_("Art. 3"), N_("Art. 4"), N_("Art. 5"), N_("Art. 6"), N_("Art. 7"), N_("Art. 8"),
            N_("Art. 9"), N_("Art. 10"), N_("Art. 5 (first turn)"))


def art(article: str) -> Words:
    """An article's name as words the table shows in its language ("Art. 5 (first turn)")."""
    return Words(article)


def place(n: int) -> Words:
    """"1st", "2nd", "23rd"… as words ("1er", "2e", "23e" in French)."""
    if n == 1:
        return Words("1st")
    suffix = ordinal(n)[-2:]
    if suffix == "st":
        return Words("{n}st", n=n)
    if suffix == "nd":
        return Words("{n}nd", n=n)
    if suffix == "rd":
        return Words("{n}rd", n=n)
    return Words("{n}th", n=n)


def both(a: str, b: str) -> Words:
    """"Ann and Bob" (each language's "and")."""
    return Words("{a} and {b}", a=a, b=b)


def _then(a: str, b: str) -> Words:
    """Two parts of one move's account, in order ("…; …")."""
    return Words("{a}; {b}", a=a, b=b)


@fast_init
@dataclass(frozen=True, slots=True)
class DiceRolled(Event):
    seat: int
    dice: tuple[int, ...]
    reveals: ClassVar[bool] = True

    def text(self, names, viewer=None):
        who = _name(names, self.seat)
        if len(self.dice) == 2:
            return Words("{player} throws {a} and {b}.", player=who, a=self.dice[0], b=self.dice[1])
        return Words("{player} throws {a}.", player=who, a=self.dice[0] if self.dice else "")


@fast_init
@dataclass(frozen=True, slots=True)
class DiceAssigned(Event):
    """A team turn: which die goes to which rider, in the order they move (Art. 5 / Art. 10)."""

    seat: int
    moves: tuple[tuple[int, int], ...]  # (rider, die) in moving order
    article: str

    def text(self, names, viewer=None):
        if len(self.moves) == 2:
            (behind, high), (ahead, low) = self.moves
            return Words("{article}: the {high} goes first to rider {behind} (behind), then the {low} to rider "
                         "{ahead} (ahead).", article=art(self.article), high=high, behind=behind + 1, low=low,
                         ahead=ahead + 1)
        rider, die = self.moves[0]
        return Words("{article}: the {die} moves rider {rider}.", article=art(self.article), die=die, rider=rider + 1)


@fast_init
@dataclass(frozen=True, slots=True)
class RiderMoved(Event):
    seat: int
    rider: int
    die: int
    start: int  # the space it left
    legs: tuple[tuple[str, int, int, int, str], ...]  # (article, count, from, to, kind)
    team: bool = False
    on_mate: bool = False  # stopped on the team-mate's space: a TakeBonus choice follows (Art. 7/9)

    @property
    def end(self) -> int:
        return self.legs[-1][3]

    @property
    def path(self) -> tuple[int, ...]:
        """Every space entered, in order (bumps included)."""
        out: list[int] = []
        for _, _, frm, to, _ in self.legs:
            out.extend(span(frm, to))
        return tuple(out)

    @property
    def bumps(self) -> tuple[tuple[str, int, int, int, str], ...]:
        return self.legs[1:]

    def text(self, names, viewer=None):
        who = _who(names, self.seat, self.rider, self.team)
        text: str | None = None
        for article, n, frm, to, kind in self.legs:
            a = art(article)
            if kind == THROW:
                part = Words("{who} moves {n}: {start} → {end}", who=who, n=n, start=frm, end=to)
            elif kind == SIX:
                part = Words("{who} moves 12 ({article}: a six counts twelve): {start} → {end}", who=who, article=a,
                             start=frm, end=to)
            elif kind == SIX_AS_SIX:
                part = Words("{who} moves 6 (a six counts only six in a four-player pursuit): {start} → {end}",
                             who=who, start=frm, end=to)
            elif kind == BUMP:
                part = Words("{article}: space {start} occupied, moves on {n} to {end}", article=a, start=frm, n=n,
                             end=to)
            elif kind == MATE and article == "Art. 9":
                part = Words("{article}: a six on the team-mate: {who} moves on {n} from {start} to {end}",
                             article=a, who=who, n=n, start=frm, end=to)
            elif kind == MATE:
                part = Words("{article}: lands on the team-mate, doubles: {who} moves on {n} from {start} to {end}",
                             article=a, who=who, n=n, start=frm, end=to)
            else:
                part = Words("{article}: space {start} occupied, moves on only {n} to {end}", article=a, start=frm,
                             n=n, end=to)
            text = part if text is None else _then(text, part)
        if self.on_mate:
            return Words("{move}. Space {space} is the team-mate's: one of the two riders takes the extra advance.",
                         move=text or "", space=self.end)
        return Words("{move}.", move=text or "")


@fast_init
@dataclass(frozen=True, slots=True)
class LineCrossed(Event):
    seat: int
    rider: int
    lap: int  # laps this rider has now completed
    race_lap: int  # the lap of the race it counts for (lap + laps it is down), 0 where not used
    waits: bool = False  # Éliminatoire / La Cagnotte: it stops and waits for the lap to be settled
    team: bool = False
    # why this crossing scores nothing: "raced" (it made up a lost lap, and this lap of the race is one it
    # has already contested) or "after-end" (a lap beyond the final one); "" when it contests race_lap
    void: str = ""

    def text(self, names, viewer=None):
        who = _who(names, self.seat, self.rider, self.team)
        lap, race_lap = self.lap, self.race_lap
        if self.void == "raced":
            return Words("{who} crosses the line: lap {lap} done, having made up a lap it had lost: lap {race_lap} of "
                         "the race, already contested, scores nothing.", who=who, lap=lap, race_lap=race_lap)
        if self.void == "after-end":
            return Words("{who} crosses the line: lap {lap} done (lap {race_lap} of the race, after the final lap: "
                         "no place).", who=who, lap=lap, race_lap=race_lap)
        if self.race_lap and self.race_lap != self.lap:
            return Words("{who} crosses the line: lap {lap} done (it counts for lap {race_lap} of the race).",
                         who=who, lap=lap, race_lap=race_lap)
        if self.waits:
            return Words("{who} crosses the line: lap {lap} done and waits for the others.", who=who, lap=lap)
        return Words("{who} crosses the line: lap {lap} done.", who=who, lap=lap)


@fast_init
@dataclass(frozen=True, slots=True)
class PointsScored(Event):
    seat: int
    rider: int
    race_lap: int
    place: int
    points: int
    total: int

    def text(self, names, viewer=None):
        return Words.plural("{player} is {place} across on lap {lap} and takes a {points}-point token ({n} point in "
                            "all).", "{player} is {place} across on lap {lap} and takes a {points}-point token ({n} "
                            "points in all).", self.total, player=_name(names, self.seat), place=place(self.place),
                            lap=self.race_lap, points=self.points)


@fast_init
@dataclass(frozen=True, slots=True)
class TokenAwarded(Event):
    seat: int
    token: str  # "Premier" | "Un Tour"
    total: int
    lap: int = 0

    def text(self, names, viewer=None):
        who, total, lap = _name(names, self.seat), self.total, self.lap
        if self.token == "Premier":
            if lap:
                return Words("{player} takes a Premier token for lap {lap} ({total} in all).", player=who, lap=lap,
                             total=total)
            return Words("{player} takes a Premier token ({total} in all).", player=who, total=total)
        if lap:
            return Words("{player} takes an Un Tour token for lap {lap} ({total} in all).", player=who, lap=lap,
                         total=total)
        return Words("{player} takes an Un Tour token ({total} in all).", player=who, total=total)


@fast_init
@dataclass(frozen=True, slots=True)
class RiderLapped(Event):
    seat: int  # the lapped player
    by: int  # the player who lapped them
    laps: int  # laps ``by`` has now gained on ``seat``

    def text(self, names, viewer=None):
        return Words.plural("{by} catches and passes {player}, {n} lap ahead.",
                            "{by} catches and passes {player}, {n} laps ahead.", self.laps,
                            by=_name(names, self.by), player=_name(names, self.seat))


@fast_init
@dataclass(frozen=True, slots=True)
class FinalLap(Event):
    seat: int
    race_lap: int
    reason: str  # "premiers" | "lap-limit"

    def text(self, names, viewer=None):
        who = _name(names, self.seat)
        if self.reason == "premiers":
            return Words("{player} has the Premier tokens to end the race: every other rider finishes at its next "
                         "crossing of the line.", player=who)
        return Words("{player} ends lap {lap}, the lap limit: every other rider finishes at its next crossing of "
                     "the line.", player=who, lap=self.race_lap)


@fast_init
@dataclass(frozen=True, slots=True)
class RiderFinished(Event):
    seat: int
    rider: int
    arrival: int
    team: bool = False

    def text(self, names, viewer=None):
        return Words("{who} finishes ({place} to arrive).", who=_who(names, self.seat, self.rider, self.team),
                     place=place(self.arrival))


@fast_init
@dataclass(frozen=True, slots=True)
class RiderEliminated(Event):
    seat: int
    by: int  # the player who caught them, -1 when eliminated as last across the line
    reason: str  # "caught" | "last"

    def text(self, names, viewer=None):
        if self.reason == "caught":
            return Words("{player} is caught and passed by {by}: eliminated.", player=_name(names, self.seat),
                         by=_name(names, self.by))
        return Words("{player} is the last rider left on the lap: eliminated.", player=_name(names, self.seat))


@fast_init
@dataclass(frozen=True, slots=True)
class StakePaid(Event):
    seat: int
    amount: int
    kitty: int
    paid: int  # this player's payments so far

    def text(self, names, viewer=None):
        return Words("{player} is the last rider left on the lap and pays {amount} into the kitty (kitty {kitty}).",
                     player=_name(names, self.seat), amount=self.amount, kitty=self.kitty)


@fast_init
@dataclass(frozen=True, slots=True)
class RiderPlaced(Event):
    seat: int
    rider: int
    start: int
    space: int

    def text(self, names, viewer=None):
        return Words("{player} is placed on space {space} for the coming lap.", player=_name(names, self.seat),
                     space=self.space)


@fast_init
@dataclass(frozen=True, slots=True)
class NewLap(Event):
    lap: int
    seat: int  # who throws first

    def text(self, names, viewer=None):
        return Words("Lap {lap}: {player} throws first.", lap=self.lap, player=_name(names, self.seat))


@fast_init
@dataclass(frozen=True, slots=True)
class RaceOver(Event):
    winners: tuple[int, ...]
    ranking: tuple[int, ...]

    def text(self, names, viewer=None):
        who: str = ""
        for s in self.winners:
            who = _name(names, s) if not who else both(who, _name(names, s))
        return Words.plural("The race is over: {players} wins.", "The race is over: {players} win.",
                            len(self.winners), players=who)
