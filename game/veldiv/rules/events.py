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
from ...engine.words import ordinal
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
    return names[seat] if 0 <= seat < len(names) else f"Player {seat + 1}"


def _who(names: Sequence[str], seat: int, rider: int, team: bool) -> str:
    return f"{_name(names, seat)}'s rider {rider + 1}" if team else _name(names, seat)


@fast_init
@dataclass(frozen=True, slots=True)
class DiceRolled(Event):
    seat: int
    dice: tuple[int, ...]
    reveals: ClassVar[bool] = True

    def text(self, names, viewer=None):
        shown = " and ".join(str(d) for d in self.dice)
        return f"{_name(names, self.seat)} throws {shown}."


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
            return (f"{self.article}: the {high} goes first to rider {behind + 1} (behind), "
                    f"then the {low} to rider {ahead + 1} (ahead).")
        rider, die = self.moves[0]
        return f"{self.article}: the {die} moves rider {rider + 1}."


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
        parts = []
        for art, n, frm, to, kind in self.legs:
            if kind == THROW:
                parts.append(f"{who} moves {n}: {frm} → {to}")
            elif kind == SIX:
                parts.append(f"{who} moves 12 ({art}: a six counts twelve): {frm} → {to}")
            elif kind == SIX_AS_SIX:
                parts.append(f"{who} moves 6 (a six counts only six in a four-player pursuit): {frm} → {to}")
            elif kind == BUMP:
                parts.append(f"{art}: space {frm} occupied, moves on {n} to {to}")
            elif kind == MATE:
                what = "a six on the team-mate" if art == "Art. 9" else "lands on the team-mate, doubles"
                parts.append(f"{art}: {what}: {who} moves on {n} from {frm} to {to}")
            else:
                parts.append(f"{art}: space {frm} occupied, moves on only {n} to {to}")
        text = "; ".join(parts) + "."
        if self.on_mate:
            text += f" Space {self.end} is the team-mate's: one of the two riders takes the extra advance."
        return text


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
        text = f"{who} crosses the line: lap {self.lap} done"
        if self.void == "raced":
            text += (f", having made up a lap it had lost: lap {self.race_lap} of the race, already contested, "
                     "scores nothing")
        elif self.void == "after-end":
            text += f" (lap {self.race_lap} of the race, after the final lap: no place)"
        elif self.race_lap and self.race_lap != self.lap:
            text += f" (it counts for lap {self.race_lap} of the race)"
        if self.waits:
            text += " and waits for the others"
        return text + "."


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
        return (f"{_name(names, self.seat)} is {ordinal(self.place)} across on lap {self.race_lap} and takes "
                f"a {self.points}-point token ({self.total} point{'s' if self.total != 1 else ''} in all).")


@fast_init
@dataclass(frozen=True, slots=True)
class TokenAwarded(Event):
    seat: int
    token: str  # "Premier" | "Un Tour"
    total: int
    lap: int = 0

    def text(self, names, viewer=None):
        where = f" for lap {self.lap}" if self.lap else ""
        article = "an" if self.token[0] in "AEIOUaeiou" else "a"
        return f"{_name(names, self.seat)} takes {article} {self.token} token{where} ({self.total} in all)."


@fast_init
@dataclass(frozen=True, slots=True)
class RiderLapped(Event):
    seat: int  # the lapped player
    by: int  # the player who lapped them
    laps: int  # laps ``by`` has now gained on ``seat``

    def text(self, names, viewer=None):
        return (f"{_name(names, self.by)} catches and passes {_name(names, self.seat)}, "
                f"{self.laps} lap{'s' if self.laps > 1 else ''} ahead.")


@fast_init
@dataclass(frozen=True, slots=True)
class FinalLap(Event):
    seat: int
    race_lap: int
    reason: str  # "premiers" | "lap-limit"

    def text(self, names, viewer=None):
        why = ("has the Premier tokens to end the race" if self.reason == "premiers"
               else f"ends lap {self.race_lap}, the lap limit")
        return f"{_name(names, self.seat)} {why}: every other rider finishes at its next crossing of the line."


@fast_init
@dataclass(frozen=True, slots=True)
class RiderFinished(Event):
    seat: int
    rider: int
    arrival: int
    team: bool = False

    def text(self, names, viewer=None):
        return f"{_who(names, self.seat, self.rider, self.team)} finishes ({ordinal(self.arrival)} to arrive)."


@fast_init
@dataclass(frozen=True, slots=True)
class RiderEliminated(Event):
    seat: int
    by: int  # the player who caught them, -1 when eliminated as last across the line
    reason: str  # "caught" | "last"

    def text(self, names, viewer=None):
        if self.reason == "caught":
            return f"{_name(names, self.seat)} is caught and passed by {_name(names, self.by)}: eliminated."
        return f"{_name(names, self.seat)} is the last rider left on the lap: eliminated."


@fast_init
@dataclass(frozen=True, slots=True)
class StakePaid(Event):
    seat: int
    amount: int
    kitty: int
    paid: int  # this player's payments so far

    def text(self, names, viewer=None):
        return (f"{_name(names, self.seat)} is the last rider left on the lap and pays {self.amount} "
                f"into the kitty (kitty {self.kitty}).")


@fast_init
@dataclass(frozen=True, slots=True)
class RiderPlaced(Event):
    seat: int
    rider: int
    start: int
    space: int

    def text(self, names, viewer=None):
        return f"{_name(names, self.seat)} is placed on space {self.space} for the coming lap."


@fast_init
@dataclass(frozen=True, slots=True)
class NewLap(Event):
    lap: int
    seat: int  # who throws first

    def text(self, names, viewer=None):
        return f"Lap {self.lap}: {_name(names, self.seat)} throws first."


@fast_init
@dataclass(frozen=True, slots=True)
class RaceOver(Event):
    winners: tuple[int, ...]
    ranking: tuple[int, ...]

    def text(self, names, viewer=None):
        who = " and ".join(_name(names, s) for s in self.winners)
        return f"The race is over: {who} win{'s' if len(self.winners) == 1 else ''}."
