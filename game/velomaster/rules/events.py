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
from ...engine.words import N_, Words
from .words import bib_word, joined, name_of, place, who

_ROLL_PURPOSES = {
    "launch": N_("{player} rolls {dice} to launch a rider."),
    "race": N_("{player} rolls {dice} for the two riders."),
    "leader": N_("{player} rolls {dice} for the leader."),
    "team-mates": N_("{player} rolls {dice} for the team-mates."),
    "neutral bikes": N_("{player} rolls {dice} for the neutral bikes."),
    "puncture check": N_("{player} rolls {dice} to check for a puncture (4, 2, 1)."),
    "attack": N_("{player} rolls {dice} for the attack (the first two added up)."),
}
_STEP_WORDS = {"forward": N_("{rider} rides forward to row {row}."),
               "diagonal": N_("{rider} rides diagonal to row {row}."),
               "side": N_("{rider} rides side to row {row}.")}
_PHASE_WORDS = {"team": N_("team"), "leaders": N_("leaders"), "team-mates": N_("team-mates")}
_JERSEY_WORDS = {"France": N_("France"), "World": N_("World")}


def phase_word(phase: str) -> str:
    return Words(_PHASE_WORDS[phase]) if phase in _PHASE_WORDS else phase


def jersey_words(jersey: str) -> str:
    return Words(_JERSEY_WORDS[jersey]) if jersey in _JERSEY_WORDS else jersey


def category_words(category: str) -> str:
    """A climb's category: "HC", "1st cat." ("1re cat.")."""
    if category == "HC":
        return "HC"
    n = int(category)
    if n == 1:
        return Words("1st cat.")
    return Words("{n}nd cat.", n=n) if n == 2 else Words("{n}rd cat.", n=n) if n == 3 else Words("{n}th cat.", n=n)


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


def cap(words: str) -> str:
    """A sentence's first letter up ("the neutral grey bike falls" -> "The neutral grey bike falls")."""
    return words[:1].upper() + words[1:]


def dice_words(dice: Sequence[int]) -> str:
    """"6", "6 and 5", "1, 4, 4, 6 and 4"."""
    return joined([str(d) for d in dice])


def clock(seconds: int) -> str:
    """A race time as cycling results write it, in every language, as the gaps are: "1h02'03", "33'00"."""
    h, rest = divmod(max(0, int(seconds)), 3600)
    m, s = divmod(rest, 60)
    return f"{h}h{m:02d}'{s:02d}" if h else f"{m}'{s:02d}"


def gap(seconds: int) -> str:
    """A gap on the first as every screen writes it (the race's results, the tour's standings): "+3'00",
    "+1h14'00"; "–" for none."""
    if seconds <= 0:
        return "–"
    return "+" + clock(seconds)


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
        if self.rolloff:
            return Words("{player} rolls {value} on the d20 for the start order (roll-off).",
                         player=name_of(names, self.seat), value=self.value)
        return Words("{player} rolls {value} on the d20 for the start order.", player=name_of(names, self.seat),
                     value=self.value)


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
            return Words("Start order: {seats}.", seats=seats)
        if self.kind == "phase":
            return Words("Round {round}, {phase}: {seats} (by the leaders' places).", round=self.round,
                         phase=phase_word(self.phase), seats=seats)
        return Words("Round {round}: {seats} (by the leaders' places).", round=self.round, seats=seats)


@_e
class TurnStarted(Event):
    seat: int
    round: int
    wave: int = 0  # the start: 1 = first riders, 2 = second riders; 0 in the race

    def text(self, names, viewer=None):
        if self.wave == 1:
            return Words("{player} launches their first rider.", player=name_of(names, self.seat))
        if self.wave:
            return Words("{player} launches their {wave} rider.", player=name_of(names, self.seat),
                         wave=place(self.wave))
        return Words("{player}'s turn.", player=name_of(names, self.seat))


@_e
class DiceRolled(Event):
    seat: int
    dice: tuple[int, ...]
    purpose: str  # "launch" | "race" (Débutant) | "leader" | "team-mates" | "neutral bikes" (Expert) | "puncture check"
    reveals: ClassVar[bool] = True

    def text(self, names, viewer=None):
        fields = dict(player=name_of(names, self.seat), dice=dice_words(self.dice))
        if self.purpose in _ROLL_PURPOSES:
            return Words(_ROLL_PURPOSES[self.purpose], **fields)
        return Words("{player} rolls {dice}.", **fields)


@_e
class DieAssigned(Event):
    seat: int
    rider: int
    role: str
    die: int
    launch: bool = False
    bike: str = ""  # the rider in words without its player (Setup.bikes): "grey team-mate"

    def text(self, names, viewer=None):
        w = who(names, self.seat, self.role, self.bike, start=True)
        if self.launch:
            return Words("{rider} is launched with the {die}.", rider=w, die=self.die)
        return Words("{rider} takes the {die}.", rider=w, die=self.die)


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
        ws = who(names, self.seat, self.role, self.bike, start=True)
        if self.kind == "entraide":
            return Words("Entraide: {rider} jumps to row {row}.", rider=w, row=self.row)
        if self.kind == "acceleration":
            return Words("Accélération: {rider} jumps up the line to row {row}.", rider=w, row=self.row)
        if self.kind == "descent":
            return Words("{rider} takes the extra descent cell to row {row}.", rider=ws, row=self.row)
        if self.frm == 0:
            return Words("{rider} enters the course (row {row}).", rider=ws, row=self.row)
        if self.kind in _STEP_WORDS:
            return Words(_STEP_WORDS[self.kind], rider=ws, row=self.row)
        return Words("{rider} rides {kind} to row {row}.", rider=ws, kind=self.kind, row=self.row)


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
        fields = dict(roll=self.roll, slope=self.slope, rider=w)
        if self.success and self.kind == "diagonal":
            return Words("Power roll {roll} > {slope} %: {rider} climbs diagonally.", **fields)
        if self.success:
            return Words("Power roll {roll} > {slope} %: {rider} climbs sideways.", **fields)
        return Words("Power roll {roll}, not above {slope} %: {rider} is stuck on the climb.", **fields)


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
            return Words("Skill roll {roll}: {rider} gets through the danger cell.", roll=self.roll, rider=w)
        return Words("Skill roll {roll}: {rider} crashes on the danger cell!", roll=self.roll, rider=w)


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
        w = who(names, self.seat, self.role, self.bike, start=True)
        if self.turns == 0:
            return Words("{rider} lies at the roadside and rides on at its next turn.", rider=w)
        if self.this_turn and self.turns == 1:
            return Words("{rider} lies at the roadside and misses this turn.", rider=w)
        if self.this_turn:
            return Words.plural("{rider} lies at the roadside and misses this turn and its next {n}.",
                                "{rider} lies at the roadside and misses this turn and its next {n}.",
                                self.turns - 1, rider=w)
        return Words.plural("{rider} lies at the roadside and misses its next turn.",
                            "{rider} lies at the roadside and misses {n} turns.", self.turns, rider=w)


@_e
class MissedTurn(Event):
    seat: int
    rider: int
    role: str
    bike: str = ""  # the rider in words without its player (Setup.bikes): "grey team-mate"

    def text(self, names, viewer=None):
        return Words("{rider} is still down after the crash: no move this turn.",
                     rider=who(names, self.seat, self.role, self.bike, start=True))


@_e
class Remounted(Event):
    seat: int
    rider: int
    role: str
    cell: int
    on_road: bool  # False: its cell is taken, it restarts from the roadside
    bike: str = ""  # the rider in words without its player (Setup.bikes): "grey team-mate"

    def text(self, names, viewer=None):
        w = who(names, self.seat, self.role, self.bike, start=True)
        if self.on_road:
            return Words("{rider} is back in the saddle.", rider=w)
        return Words("{rider} is back in the saddle, at the roadside (its cell is taken).", rider=w)


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
        w = who(names, self.seat, self.role, self.bike, start=True)
        fields = dict(rider=w, used=self.used, die=self.die)
        if self.reason == "blocked":
            if self.used == 0:
                return Words("{rider} is blocked: the move is lost.", rider=w)
            return Words("{rider} is blocked after {used}.", rider=w, used=self.used)
        if self.reason == "stop":
            if self.used:
                return Words("{rider} stops after {used} of {die}.", **fields)
            return Words("{rider} does not move.", rider=w)
        return Words("{rider} ends the move ({used} of {die}).", **fields)


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
        return Words("Entraide on row {row}: {rear} behind {front}: each may advance 2 cells, the rear one first.",
                     row=self.row, rear=who(names, self.rear_seat, self.rear_role, self.rear_bike),
                     front=who(names, self.front_seat, self.front_role, self.front_bike))


@_e
class EntraideRefused(Event):
    seat: int
    rider: int
    role: str
    reason: str = "refused"  # refused / no room / helped (it played its entraide this round already)
    bike: str = ""  # the rider in words without its player (Setup.bikes): "grey team-mate"

    def text(self, names, viewer=None):
        w = who(names, self.seat, self.role, self.bike, start=True)
        if self.reason == "helped":
            return Words("{rider} has played its entraide this round: it only helps the other bike.", rider=w)
        if self.reason == "no room":
            return Words("{rider} has no room for the entraide.", rider=w)
        return Words("{rider} does not play the entraide.", rider=w)


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
        return Words("{summit} ({category}): {rider} {place}, {points} pts.", summit=self.name,
                     category=category_words(self.category), rider=who(names, self.seat, self.role, self.bike),
                     place=place(self.place), points=self.points)


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
        w = who(names, self.seat, self.role, self.bike, start=True)
        if self.place == 1:
            return Words("{rider} wins the race in {time}!", rider=w, time=clock(self.time))
        if self.gap:
            return Words("{rider} crosses the line {place} ({gap}).", rider=w, place=place(self.place),
                         gap=gap(self.gap))
        return Words("{rider} crosses the line {place} (same time).", rider=w, place=place(self.place))


@_e
class RaceOver(Event):
    seat: int  # the winning seat (the champion's)
    champion: int  # rider, -1 if nobody crossed the line
    red: int  # the Maillot Rouge, -1 if nobody scored
    reason: str  # "leaders" | "team" | "limit"
    jersey: str  # "France" | "World"

    def text(self, names, viewer=None):
        fields = dict(player=name_of(names, self.seat), jersey=jersey_words(self.jersey))
        if self.reason == "leaders":
            return Words("Race over: all the leaders are in. {player} takes the {jersey} champion's jersey.", **fields)
        if self.reason == "team":
            return Words("Race over: a complete team is in. {player} takes the {jersey} champion's jersey.", **fields)
        return Words("Race over: the commissaires close the race. {player} takes the {jersey} champion's jersey.",
                     **fields)


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
        # (the English has always capitalised a neutral bike there: "…, The neutral grey bike misses…")
        hurt = who(names, self.seat, self.role, self.bike, start=self.bike.startswith("neutral"))
        if self.abandon:
            return Words("Gravity roll {roll}: {rider} abandons the race.", roll=self.roll, rider=w)
        if self.misses == 1:
            return Words("Gravity roll {roll}: a serious injury, {rider} misses its next turn.", roll=self.roll,
                         rider=hurt)
        if self.misses:
            return Words.plural("Gravity roll {roll}: a bad injury, {rider} misses {n} turn.",
                                "Gravity roll {roll}: a bad injury, {rider} misses {n} turns.", self.misses,
                                roll=self.roll, rider=hurt)
        if self.worst_die:
            return Words("Gravity roll {roll}: a scratch, {rider} plays its worst die next turn.", roll=self.roll,
                         rider=w)
        return Words("Gravity roll {roll}: no harm, {rider} rides on next turn.", roll=self.roll, rider=w)


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
        return Words("{rider} takes the feed bag.", rider=who(names, self.seat, self.role, self.bike, start=True))


@_e
class FeedMissed(Event):
    """A rider left a feed zone without stopping on a feed cell: the smallest die to the finish."""

    seat: int
    rider: int
    role: str
    zone: int
    bike: str = ""  # the rider in words without its player (Setup.bikes): "grey team-mate"

    def text(self, names, viewer=None):
        w = who(names, self.seat, self.role, self.bike, start=True)
        if self.role == "leader":
            return Words("{rider} missed the feed: smallest die to the finish and loses its protection.", rider=w)
        return Words("{rider} missed the feed: smallest die to the finish.", rider=w)


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
        return Words("Puncture! {rider} waits at the roadside until the end of this phase.",
                     rider=who(names, self.seat, self.role, self.bike))


@_e
class LeaderResumes(Event):
    """A leader blocked earlier rides its cells left now that the road has opened ("ROUTE BLOQUÉE")."""

    seat: int
    rider: int
    cells: int

    def text(self, names, viewer=None):
        return Words.plural("The road opens: {player}'s leader may ride its {n} cells left.",
                            "The road opens: {player}'s leader may ride its {n} cells left.", self.cells,
                            player=name_of(names, self.seat))


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
                return Words.plural("the neutral {bibs} bike", "the neutral {bibs} bikes", n,
                                    bibs=joined([bib_word(b) for b in bibs]))
            return Words.plural("{n} neutral bike", "{n} neutral bikes", n)
        first = bikes(self.first_bibs, len(self.first))
        if self.second:
            return Words("{player} takes {bikes}; {other} moves {other_bikes}.", player=name_of(names, self.seat),
                         bikes=first, other=name_of(names, self.other_seat),
                         other_bikes=bikes(self.second_bibs, len(self.second)))
        return Words("{player} takes {bikes}.", player=name_of(names, self.seat), bikes=first)


@_e
class DirectorsDrawn(Event):
    """Expert, 5 players or more: the d20 of a shared team's two players gives one the leader and violet."""

    seat: int  # the director: leader + violet
    outsider: int  # green + grey
    team: int

    def text(self, names, viewer=None):
        return Words("{player} runs the team's leader and violet; {other} is the outsider with grey and green.",
                     player=name_of(names, self.seat), other=name_of(names, self.outsider))


@_e
class SeatSkips(Event):
    """Expert, 2 players: "En cas de chute pour un vélo neutre, c'est le joueur responsable qui passera le
    prochain tour"."""

    seat: int
    pending: bool = False  # True when the crash happens (the turn is skipped later)

    def text(self, names, viewer=None):
        if self.pending:
            return Words("A neutral bike fell: {player} will miss their next turn.", player=name_of(names, self.seat))
        return Words("{player} misses this turn (a neutral bike fell).", player=name_of(names, self.seat))




@_e
class AccelerationProposed(Event):
    """A seat proposes an accélération of a line (rear to front); ``asked``: the seats that vote."""

    seat: int
    line: tuple[int, ...]
    need: int  # bikes that must agree: at least half of the line
    asked: tuple[int, ...]

    def text(self, names, viewer=None):
        voters = [name_of(names, x) for x in self.asked]
        fields = dict(player=name_of(names, self.seat), line=len(self.line))
        if len(voters) == 1:
            return Words.plural("{player} proposes an accélération of the line of {line}: {n} bike must agree; {voters} votes.",
                                "{player} proposes an accélération of the line of {line}: {n} bikes must agree; {voters} votes.",
                                self.need, voters=voters[0], **fields)
        if voters:
            return Words.plural("{player} proposes an accélération of the line of {line}: {n} bike must agree; {voters} vote.",
                                "{player} proposes an accélération of the line of {line}: {n} bikes must agree; {voters} vote.",
                                self.need, voters=joined(voters), **fields)
        return Words.plural("{player} proposes an accélération of the line of {line}: {n} bike must agree.",
                            "{player} proposes an accélération of the line of {line}: {n} bikes must agree.",
                            self.need, **fields)


@_e
class AccelerationVote(Event):
    seat: int
    agree: bool

    def text(self, names, viewer=None):
        if self.agree:
            return Words("{player} agrees to ride.", player=name_of(names, self.seat))
        return Words("{player} refuses.", player=name_of(names, self.seat))


@_e
class AccelerationDecided(Event):
    seat: int  # the proposer
    line: tuple[int, ...]
    agree: int  # bikes that agreed
    need: int
    accepted: bool

    def text(self, names, viewer=None):
        if self.accepted:
            return Words.plural("Accélération! {n} bike of {line} agree: the line rides up, last bike first.",
                                "Accélération! {n} bikes of {line} agree: the line rides up, last bike first.",
                                self.agree, line=len(self.line))
        return Words.plural("No accélération: {n} bike of {line} agree, {need} needed.",
                            "No accélération: {n} bikes of {line} agree, {need} needed.",
                            self.agree, line=len(self.line), need=self.need)


EVENT_TYPES = (OrderRoll, TurnOrder, TurnStarted, DiceRolled, DieAssigned, RiderStepped, PowerRoll, SkillRoll,
               Crash, MissedTurn, Remounted, MoveEnded, EntraideOffered, EntraideRefused, SummitPoints,
               RiderFinished, RaceOver, CrashGravity, FeedTaken, FeedMissed, Puncture,
               AccelerationProposed, AccelerationVote, AccelerationDecided, LeaderResumes,
               NeutralShared, DirectorsDrawn, SeatSkips)
