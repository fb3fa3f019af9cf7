"""What happens in a VeloMaster race, for the animation and the narrated log (pure).

Every event names the ``seat`` it is about (the log colours it) and, for a rider, its ``rider`` index
and ``role`` ("leader" / "equipier"). Cells are course cell ids (``0`` = the start area); ``row`` is the
row reached. Dice events have ``reveals = True``.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar, Sequence

from ...engine.protocol import Event
from ...engine.words import join_names, ordinal
from .levels import ROLE_NAMES


def fast_init(cls):
    """A frozen, slotted dataclass with an ``__init__`` that fills the slots directly (events are built
    on every step; the generated ``__init__`` goes through ``object.__setattr__``)."""
    fields = dataclasses.fields(cls)
    ns = {f"_s_{f.name}": getattr(cls, f.name).__set__ for f in fields}
    ns.update({f"_d_{f.name}": f.default for f in fields if f.default is not dataclasses.MISSING})
    args = ", ".join(f"{f.name}=_d_{f.name}" if f"_d_{f.name}" in ns else f.name for f in fields)
    body = "".join(f"    _s_{f.name}(self, {f.name})\n" for f in fields) or "    pass\n"
    exec(f"def __init__(self, {args}):\n{body}", ns)  # as the dataclasses module itself does
    cls.__init__ = ns["__init__"]
    return cls


def name_of(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"Team {seat + 1}"


def who(names: Sequence[str], seat: int, role: str, bike: str = "") -> str:
    """"Ann's leader", "Ann's grey team-mate" (``bike``: the rider's words, :attr:`.setup.Setup.bikes`), "the
    neutral grey bike" (nobody's: the player moving it changes every team-mates' turn)."""
    if bike.startswith("neutral"):
        return f"the {bike}"
    return f"{name_of(names, seat)}'s {bike or ROLE_NAMES.get(role, role)}"


def cap(words: str) -> str:
    """A sentence's first letter up ("the neutral grey bike falls" -> "The neutral grey bike falls")."""
    return words[:1].upper() + words[1:]


def dice_words(dice: Sequence[int]) -> str:
    """"6", "6 and 5", "1, 4, 4, 6 and 4"."""
    return join_names([str(d) for d in dice])


def clock(seconds: int) -> str:
    """``1:02:03`` or ``33:00``."""
    h, rest = divmod(max(0, int(seconds)), 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def _e(cls):
    return fast_init(dataclass(frozen=True, slots=True)(cls))


@_e
class OrderRoll(Event):
    """The d20 for the start order (``rolloff`` > 0: a roll-off between tied seats)."""

    seat: int
    value: int
    rolloff: int = 0
    reveals: ClassVar[bool] = True

    def text(self, names, viewer=None):
        extra = " (roll-off)" if self.rolloff else ""
        return f"{name_of(names, self.seat)} rolls {self.value} on the d20 for the start order{extra}."


@_e
class TurnOrder(Event):
    """The order of play: ``kind`` "start" (by the d20), "round" (by the leaders' places) or "phase" (the
    next phase of a round of a level with several, by the leaders' places)."""

    seat: int  # the first seat
    order: tuple[int, ...]
    kind: str
    round: int = 0
    phase: str = ""  # the level's phase ("team"; Expert: leaders, team-mates)

    def text(self, names, viewer=None):
        seats = ", ".join(name_of(names, s) for s in self.order)
        if self.kind == "start":
            return f"Start order: {seats}."
        if self.kind == "phase":
            return f"Round {self.round}, {self.phase}: {seats} (by the leaders' places)."
        return f"Round {self.round}: {seats} (by the leaders' places)."


@_e
class TurnStarted(Event):
    seat: int
    round: int
    wave: int = 0  # the start: 1 = first riders, 2 = second riders; 0 in the race

    def text(self, names, viewer=None):
        if self.wave:
            return f"{name_of(names, self.seat)} launches a rider ({ordinal(self.wave)} riders)."
        return f"{name_of(names, self.seat)}'s turn."


@_e
class DiceRolled(Event):
    seat: int
    dice: tuple[int, ...]
    purpose: str  # "launch" | "race" (Débutant) | "leader" | "team-mates" | "neutral bikes" (Expert) | "puncture check"
    reveals: ClassVar[bool] = True

    def text(self, names, viewer=None):
        what = {"launch": "to launch a rider", "race": "for the two riders", "leader": "for the leader",
                "team-mates": "for the team-mates", "neutral bikes": "for the neutral bikes",
                "puncture check": "to check for a puncture (4, 2, 1)",
                "attack": "for the attack (the first two added up)"
                }.get(self.purpose, "")
        return f"{name_of(names, self.seat)} rolls {dice_words(self.dice)}{' ' + what if what else ''}."


@_e
class DieAssigned(Event):
    seat: int
    rider: int
    role: str
    die: int
    launch: bool = False
    bike: str = ""  # the rider in words without its player (Setup.bikes): "grey team-mate"

    def text(self, names, viewer=None):
        verb = "is launched with" if self.launch else "takes"
        return f"{cap(who(names, self.seat, self.role, self.bike))} {verb} the {self.die}."


@_e
class RiderStepped(Event):
    """One cell of a move. ``kind``: forward / diagonal / side, or entraide (a 2-cell jump over ``over``),
    acceleration (a jump up a line of 3 bikes or more) or descent (the extra cell)."""

    seat: int
    rider: int
    role: str
    frm: int
    to: int
    kind: str
    row: int
    over: int = 0
    bike: str = ""  # the rider in words without its player (Setup.bikes): "grey team-mate"

    def text(self, names, viewer=None):
        w = who(names, self.seat, self.role, self.bike)
        if self.kind == "entraide":
            return f"Entraide: {w} jumps to row {self.row}."
        if self.kind == "acceleration":
            return f"Accélération: {w} jumps up the line to row {self.row}."
        if self.kind == "descent":
            return f"{cap(w)} takes the extra descent cell to row {self.row}."
        if self.frm == 0:
            return f"{cap(w)} enters the course (row {self.row})."
        return f"{cap(w)} rides {self.kind} to row {self.row}."


@_e
class PowerRoll(Event):
    seat: int
    rider: int
    role: str
    roll: int
    slope: int
    success: bool
    kind: str  # the step tried: diagonal / side
    bike: str = ""  # the rider in words without its player (Setup.bikes): "grey team-mate"
    reveals: ClassVar[bool] = True

    def text(self, names, viewer=None):
        w = who(names, self.seat, self.role, self.bike)
        if self.success:
            return f"Power roll {self.roll} > {self.slope} %: {w} climbs {'diagonally' if self.kind == 'diagonal' else 'sideways'}."
        return f"Power roll {self.roll}, not above {self.slope} %: {w} is stuck on the climb."


@_e
class SkillRoll(Event):
    seat: int
    rider: int
    role: str
    roll: int
    cell: int
    success: bool
    bike: str = ""  # the rider in words without its player (Setup.bikes): "grey team-mate"
    reveals: ClassVar[bool] = True

    def text(self, names, viewer=None):
        w = who(names, self.seat, self.role, self.bike)
        if self.success:
            return f"Skill roll {self.roll}: {w} gets through the danger cell."
        return f"Skill roll {self.roll}: {w} crashes on the danger cell!"


@_e
class Crash(Event):
    seat: int
    rider: int
    role: str
    cell: int
    turns: int  # own turns it will miss
    this_turn: bool = False  # it fell before its die of its own turn (an entraide): this turn is the one it misses
    bike: str = ""  # the rider in words without its player (Setup.bikes): "grey team-mate"

    def text(self, names, viewer=None):
        if self.turns == 0:
            return f"{cap(who(names, self.seat, self.role, self.bike))} lies at the roadside and rides on at its next turn."
        if self.this_turn:
            missed = "this turn" if self.turns == 1 else f"this turn and its next {self.turns - 1}"
        else:
            missed = "its next turn" if self.turns == 1 else f"{self.turns} turns"
        return f"{cap(who(names, self.seat, self.role, self.bike))} lies at the roadside and misses {missed}."


@_e
class MissedTurn(Event):
    seat: int
    rider: int
    role: str
    bike: str = ""  # the rider in words without its player (Setup.bikes): "grey team-mate"

    def text(self, names, viewer=None):
        return f"{cap(who(names, self.seat, self.role, self.bike))} is still down after the crash: no move this turn."


@_e
class Remounted(Event):
    seat: int
    rider: int
    role: str
    cell: int
    on_road: bool  # False: its cell is taken, it restarts from the roadside
    bike: str = ""  # the rider in words without its player (Setup.bikes): "grey team-mate"

    def text(self, names, viewer=None):
        w = who(names, self.seat, self.role, self.bike)
        if self.on_road:
            return f"{cap(w)} is back in the saddle."
        return f"{cap(w)} is back in the saddle, at the roadside (its cell is taken)."


@_e
class MoveEnded(Event):
    """A rider's move is over. ``reason``: stop / used (the whole die) / blocked / power / crash /
    finish / none (a die of 0 cells)."""

    seat: int
    rider: int
    role: str
    cell: int
    used: int
    die: int
    reason: str
    bike: str = ""  # the rider in words without its player (Setup.bikes): "grey team-mate"

    def text(self, names, viewer=None):
        w = who(names, self.seat, self.role, self.bike)
        if self.reason == "blocked":
            return f"{cap(w)} is blocked: the move is lost." if self.used == 0 else f"{cap(w)} is blocked after {self.used}."
        if self.reason == "stop":
            return f"{cap(w)} stops after {self.used} of {self.die}." if self.used else f"{cap(w)} does not move."
        return f"{cap(w)} ends the move ({self.used} of {self.die})."


@_e
class EntraideOffered(Event):
    seat: int  # the seat whose turn it is
    rear: int
    front: int
    rear_seat: int
    front_seat: int
    row: int  # the front bike's row
    rear_role: str = ""
    front_role: str = ""
    rear_bike: str = ""  # Setup.bikes: "grey team-mate"
    front_bike: str = ""

    def text(self, names, viewer=None):
        return (f"Entraide on row {self.row}: {who(names, self.rear_seat, self.rear_role, self.rear_bike)} behind "
                f"{who(names, self.front_seat, self.front_role, self.front_bike)}: each may advance 2 cells, the rear "
                "one first.")


@_e
class EntraideRefused(Event):
    seat: int
    rider: int
    role: str
    reason: str = "refused"  # refused / no room / helped (it played its entraide this round already)
    bike: str = ""  # the rider in words without its player (Setup.bikes): "grey team-mate"

    def text(self, names, viewer=None):
        w = who(names, self.seat, self.role, self.bike)
        if self.reason == "helped":
            return f"{cap(w)} has played its entraide this round: it only helps the other bike."
        return f"{cap(w)} has no room for the entraide." if self.reason == "no room" else f"{cap(w)} does not play the entraide."


@_e
class SummitPoints(Event):
    seat: int
    rider: int
    role: str
    summit: int  # index in the course's summits
    name: str
    category: str
    place: int
    points: int
    bike: str = ""  # the rider in words without its player (Setup.bikes): "grey team-mate"

    def text(self, names, viewer=None):
        cat = "HC" if self.category == "HC" else f"{ordinal(int(self.category))} cat."
        return f"{self.name} ({cat}): {who(names, self.seat, self.role, self.bike)} {ordinal(self.place)}, {self.points} pts."


@_e
class RiderFinished(Event):
    seat: int
    rider: int
    role: str
    place: int
    time: int  # seconds
    gap: int  # seconds behind the winner
    bike: str = ""  # the rider in words without its player (Setup.bikes): "grey team-mate"

    def text(self, names, viewer=None):
        w = who(names, self.seat, self.role, self.bike)
        if self.place == 1:
            return f"{cap(w)} wins the race in {clock(self.time)}!"
        gap = f"+{clock(self.gap)}" if self.gap else "same time"
        return f"{cap(w)} crosses the line {ordinal(self.place)} ({gap})."


@_e
class RaceOver(Event):
    seat: int  # the winning seat (the champion's)
    champion: int  # rider, -1 if nobody crossed the line
    red: int  # the Maillot Rouge, -1 if nobody scored
    reason: str  # "leaders" | "team" | "limit"
    jersey: str  # "France" | "World"

    def text(self, names, viewer=None):
        why = {"leaders": "all the leaders are in", "team": "a complete team is in",
               "limit": "the commissaires close the race"}[self.reason]
        return f"Race over: {why}. {name_of(names, self.seat)} takes the {self.jersey} champion's jersey."


@_e
class CrashGravity(Event):
    """The second d20 after a crash ("GRAVITE des CHUTES"): turns missed, the worst die next turn, or abandon."""

    seat: int
    rider: int
    role: str
    roll: int
    misses: int
    worst_die: bool
    abandon: bool
    bike: str = ""  # the rider in words without its player (Setup.bikes): "grey team-mate"
    reveals: ClassVar[bool] = True

    def text(self, names, viewer=None):
        w = who(names, self.seat, self.role, self.bike)
        if self.abandon:
            return f"Gravity roll {self.roll}: {w} abandons the race."
        if self.misses:
            return (f"Gravity roll {self.roll}: {'a serious injury' if self.misses == 1 else 'a bad injury'}, "
                    f"{cap(w)} misses {'its next turn' if self.misses == 1 else f'{self.misses} turns'}.")
        if self.worst_die:
            return f"Gravity roll {self.roll}: a scratch, {w} plays its worst die next turn."
        return f"Gravity roll {self.roll}: no harm, {w} rides on next turn."


@_e
class FeedTaken(Event):
    """A rider stopped on a feed cell: the box is ticked on the points sheet."""

    seat: int
    rider: int
    role: str
    cell: int
    zone: int
    bike: str = ""  # the rider in words without its player (Setup.bikes): "grey team-mate"

    def text(self, names, viewer=None):
        return f"{cap(who(names, self.seat, self.role, self.bike))} takes the feed bag."


@_e
class FeedMissed(Event):
    """A rider left a feed zone without stopping on a feed cell: the smallest die to the finish."""

    seat: int
    rider: int
    role: str
    zone: int
    bike: str = ""  # the rider in words without its player (Setup.bikes): "grey team-mate"

    def text(self, names, viewer=None):
        extra = " and loses its protection" if self.role == "leader" else ""
        return f"{cap(who(names, self.seat, self.role, self.bike))} missed the feed: smallest die to the finish{extra}."


@_e
class Puncture(Event):
    """"CREVAISON : 4.2.1.": the rider waits at the roadside until the phase ends."""

    seat: int
    rider: int
    role: str
    cell: int
    dice: tuple[int, ...]
    bike: str = ""  # the rider in words without its player (Setup.bikes): "grey team-mate"

    def text(self, names, viewer=None):
        return f"Puncture! {who(names, self.seat, self.role, self.bike)} waits at the roadside until the end of this phase."


@_e
class LeaderResumes(Event):
    """A leader blocked earlier rides its cells left now that the road has opened ("ROUTE BLOQUÉE")."""

    seat: int
    rider: int
    cells: int

    def text(self, names, viewer=None):
        return f"The road opens: {name_of(names, self.seat)}'s leader may ride its {self.cells} cells left."


@_e
class NeutralShared(Event):
    """Expert, 2 players: the bikes of the neutral team each player moves in this team-mates' turn."""

    seat: int  # the first player (best-placed leader): its two bikes
    first: tuple[int, ...]
    other_seat: int
    second: tuple[int, ...]
    first_bibs: tuple[str, ...] = ()  # the bikes' bibs, to name them ("the neutral grey and violet bikes")
    second_bibs: tuple[str, ...] = ()

    def text(self, names, viewer=None):
        def bikes(bibs, n):
            if len(bibs) == n and n:
                return f"the neutral {join_names(list(bibs))} bike{'' if n == 1 else 's'}"
            return f"{n} neutral bike{'' if n == 1 else 's'}"
        words = f"{name_of(names, self.seat)} takes {bikes(self.first_bibs, len(self.first))}"
        if self.second:
            words += f"; {name_of(names, self.other_seat)} moves {bikes(self.second_bibs, len(self.second))}"
        return words + "."


@_e
class DirectorsDrawn(Event):
    """Expert, 5 players or more: the d20 of a shared team's two players gives one the leader and violet."""

    seat: int  # the director: leader + violet
    outsider: int  # green + grey
    team: int

    def text(self, names, viewer=None):
        return (f"{name_of(names, self.seat)} runs the team's leader and violet; {name_of(names, self.outsider)} "
                f"is the outsider with grey and green.")


@_e
class SeatSkips(Event):
    """Expert, 2 players: "En cas de chute pour un vélo neutre, c'est le joueur responsable qui passera le
    prochain tour"."""

    seat: int
    pending: bool = False  # True when the crash happens (the turn is skipped later)

    def text(self, names, viewer=None):
        if self.pending:
            return f"A neutral bike fell: {name_of(names, self.seat)} will miss their next turn."
        return f"{name_of(names, self.seat)} misses this turn (a neutral bike fell)."


def _bikes(n: int) -> str:
    return f"{n} bike" + ("" if n == 1 else "s")


@_e
class AccelerationProposed(Event):
    """A seat proposes an accélération of a line (rear to front); ``asked``: the seats that vote."""

    seat: int
    line: tuple[int, ...]
    need: int  # bikes that must agree: at least half of the line
    asked: tuple[int, ...]

    def text(self, names, viewer=None):
        voters = [name_of(names, x) for x in self.asked]
        ask = f"; {join_names(voters)} vote{'s' if len(voters) == 1 else ''}" if voters else ""
        return (f"{name_of(names, self.seat)} proposes an accélération of the line of {len(self.line)}: "
                f"{_bikes(self.need)} must agree{ask}.")


@_e
class AccelerationVote(Event):
    seat: int
    agree: bool

    def text(self, names, viewer=None):
        return f"{name_of(names, self.seat)} {'agrees to ride' if self.agree else 'refuses'}."


@_e
class AccelerationDecided(Event):
    seat: int  # the proposer
    line: tuple[int, ...]
    agree: int  # bikes that agreed
    need: int
    accepted: bool

    def text(self, names, viewer=None):
        if self.accepted:
            return f"Accélération! {_bikes(self.agree)} of {len(self.line)} agree: the line rides up, last bike first."
        return f"No accélération: {_bikes(self.agree)} of {len(self.line)} agree, {self.need} needed."


EVENT_TYPES = (OrderRoll, TurnOrder, TurnStarted, DiceRolled, DieAssigned, RiderStepped, PowerRoll, SkillRoll,
               Crash, MissedTurn, Remounted, MoveEnded, EntraideOffered, EntraideRefused, SummitPoints,
               RiderFinished, RaceOver, CrashGravity, FeedTaken, FeedMissed, Puncture,
               AccelerationProposed, AccelerationVote, AccelerationDecided, LeaderResumes,
               NeutralShared, DirectorsDrawn, SeatSkips)
