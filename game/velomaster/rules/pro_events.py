"""What happens in a VeloMaster race by the Pro rules, for the animation and the move log (pure).

As in :mod:`.events`, every event names the ``seat`` it is about. A rider's exact condition, a seat's secret
choice (doping, riding clean) and what a rider holds above 100 % are ``private_to`` the seat that moves it:
``text(names, viewer)`` gives that seat the exact figures and everyone else (``viewer`` None included: the move
log) what an attentive player at the table could follow, the public figure (:mod:`.condition`). A change the
others cannot see at all (the doping, a gain above 100 % or refused by a clean team) gives them the empty text:
no line. What the others read never depends on a secret. Chance results (the doping control's d20) have
``reveals = True``.
"""

from __future__ import annotations

from typing import ClassVar

from ...engine.protocol import Event
from ...engine.words import N_, Words
from .events import _e, name_of, who

# why a rider's condition changes (the engine's English keys, marked for the catalogue)
_WHY_WORDS = {k: k for k in (
    N_("attack"), N_("double 1 on the attack's dice"), N_("the leader rolled a 1"), N_("stage winner"),
    N_("Maillot Rouge"), N_("Maillot Or"), N_("crash"), N_("missed feed"), N_("défaillance en montagne"),
    N_("double 1 at the start"), N_("two team-mates in line in front of the leader"), N_("doping"),
    N_("surmotivé"), N_("triple 1"), N_("double 1"))}


def why_words(why: str) -> str:
    """A condition change's reason as Words ("18 on a power roll": "18 sur un jet de puissance")."""
    if why in _WHY_WORDS:
        return Words(why)
    head, _sep, tail = why.partition(" ")
    if tail == "on a power roll" and head.isdigit():
        return Words("{v} on a power roll", v=int(head))
    return why


def pct(delta: int) -> str:
    return f"{delta:+d}"


def _shown(private_to, viewer) -> bool:
    return private_to is None or (viewer is not None and viewer in private_to)


@_e
class ConditionChanged(Event):
    """A rider's physical condition moves by ``delta`` points of percent (``value`` after it) for ``why``
    ("leader rolled a 1"…). ``refused``: a clean team's rider did not take a gain above 100 %. The others
    see ``public_delta`` and ``public_value``, the public figure's change (a gain counted up to 100 %, nothing
    for the doping; a loss exactly) and the figure after it."""

    seat: int
    rider: int
    role: str
    delta: int
    value: int
    why: str
    refused: bool = False
    private_to: tuple[int, ...] | None = None  # the exact figures: the seat that moves the rider
    public_delta: int = 0
    public_value: int = -1  # -1: not given (everything public: the exact figures are the public ones)
    bike: str = ""  # the rider in words without its player (Setup.bikes): "grey team-mate"

    def text(self, names, viewer=None):
        ws = who(names, self.seat, self.role, self.bike, start=True)
        if not _shown(self.private_to, viewer):
            if self.public_value < 0:
                return ""
            if self.delta > 0 and not self.public_delta:  # a gain nobody else can count: no line
                return ""
            return Words("{delta} %: {why}. {rider} is at {value} %.", delta=pct(self.public_delta),
                         why=why_words(self.why), rider=ws, value=self.public_value)
        if self.refused:
            return Words("{rider} rides clean and does not take the {delta} % ({why}): {value} %.", rider=ws,
                         delta=pct(self.delta), why=why_words(self.why), value=self.value)
        return Words("{delta} %: {why}. {rider} is at {value} %.", delta=pct(self.delta), why=why_words(self.why),
                     rider=ws, value=self.value)


@_e
class Exhausted(Event):
    """"30 % : Abandon": a rider's condition fell to 30 % or less."""

    seat: int
    rider: int
    role: str
    value: int
    public_value: int = -1  # what the others count (-1: the same)
    private_to: tuple[int, ...] | None = None
    bike: str = ""  # the rider in words without its player (Setup.bikes): "grey team-mate"

    def text(self, names, viewer=None):
        value = self.value if _shown(self.private_to, viewer) or self.public_value < 0 else self.public_value
        return Words("{rider} is exhausted ({value} %) and abandons.",
                     rider=who(names, self.seat, self.role, self.bike, start=True), value=value)


@_e
class AttackAnnounced(Event):
    """"Il faut toujours annoncer son attaque avant de la jouer": the rider will move the sum of 2 d6."""

    seat: int
    rider: int
    role: str
    value: int  # condition after the 20 % it costs (-1: condition not played)
    public_value: int = -1  # the public figure after it, what the others read (-1: the same as value)
    private_to: tuple[int, ...] | None = None  # the exact figure: the seat that moves the rider
    bike: str = ""  # the rider in words without its player (Setup.bikes): "grey team-mate"

    def shown_value(self, viewer) -> int:
        """The condition after the attack as ``viewer`` knows it."""
        return self.value if _shown(self.private_to, viewer) or self.public_value < 0 else self.public_value

    def text(self, names, viewer=None):
        value = self.shown_value(viewer)
        w = who(names, self.seat, self.role, self.bike, start=True)
        if value >= 0:
            return Words("{rider} attacks (-20 %, now {value} %): two dice, added up, in one move!", rider=w,
                         value=value)
        return Words("{rider} attacks: two dice, added up, in one move!", rider=w)


@_e
class SkillCalled(Event):
    """A Pro rule calls a skill roll: ``why`` "descent" (a 6 across a descent cell), "braking" (stopping short
    of a 6, refusing the extra descent cell) or "collective" (a crash just ahead, on a touching cell)."""

    seat: int
    rider: int
    role: str
    cell: int
    why: str
    bike: str = ""  # the rider in words without its player (Setup.bikes): "grey team-mate"

    def text(self, names, viewer=None):
        w = who(names, self.seat, self.role, self.bike, start=True)
        words = {"descent": N_("{rider} plays a 6 down the descent: skill roll to manage the speed."),
                 "braking": N_("{rider} brakes: skill roll."),
                 "collective": N_("{rider} is right behind the crash: skill roll to avoid it.")}
        return Words(words.get(self.why, N_("{rider}: skill roll.")), rider=w)


@_e
class Prepared(Event):
    """A seat made its secret stage-start picks (what they are is told when everyone has)."""

    seat: int

    def text(self, names, viewer=None):
        return Words("{player} is ready for the stage.", player=name_of(names, self.seat))


@_e
class Motivated(Event):
    """"On est « surmotivé ». Il faut alors désigner un vélo de son équipe": public once revealed."""

    seat: int
    rider: int
    role: str
    bike: str = ""  # the rider in words without its player (Setup.bikes): "grey team-mate"

    def text(self, names, viewer=None):
        return Words("{rider} is surmotivé for this stage.", rider=who(names, self.seat, self.role, self.bike, start=True))


@_e
class SecretPicks(Event):
    """The seat's secret stage-start choices: doped riders, riding clean. Only that seat reads them."""

    seat: int
    doped: tuple[int, ...]  # riders
    clean: bool
    private_to: tuple[int, ...] | None = None

    def text(self, names, viewer=None):
        if not _shown(self.private_to, viewer):
            return Words("{player}'s preparation stays secret.", player=name_of(names, self.seat))
        if self.doped:
            doped = Words.plural("doped: {n} rider", "doped: {n} riders", len(self.doped))
        else:
            doped = Words("nobody doped")
        clean = Words("riding clean (no gain above 100 % for the undoped)") if self.clean else Words("taking every gain")
        return Words("{player}: {doped}, {clean}.", player=name_of(names, self.seat), doped=doped, clean=clean)


@_e
class DopingDraw(Event):
    """The control's d20 after the arrival: ``value`` a place across the line, ``rider`` its rider or -1
    (a place nobody holds, or one already drawn: rolled again)."""

    seat: int
    value: int
    rider: int
    reveals: ClassVar[bool] = True

    def text(self, names, viewer=None):
        if self.rider < 0:
            return Words("Anti-doping draw: {value} — nobody new at that place, roll again.", value=self.value)
        return Words("Anti-doping draw: {value} — the rider placed {value} is controlled.", value=self.value)


@_e
class DopingVerdict(Event):
    """A controlled rider's verdict: over 100 % is exclusion ("convaincus de dopage"). The verdict is public,
    the exact figure its own seat's (``private_to``)."""

    seat: int
    rider: int
    role: str
    value: int
    excluded: bool
    private_to: tuple[int, ...] | None = None
    bike: str = ""  # the rider in words without its player (Setup.bikes): "grey team-mate"
    reveals: ClassVar[bool] = True

    def text(self, names, viewer=None):
        w = who(names, self.seat, self.role, self.bike)
        if not _shown(self.private_to, viewer):
            if self.excluded:
                return Words("Control: {rider} is above 100 %: doping! Excluded from the race.", rider=w)
            return Words("Control: {rider} is clean (100 % or less).", rider=w)
        if self.excluded:
            return Words("Control: {rider} is at {value} %: doping! Excluded from the race.", rider=w, value=self.value)
        return Words("Control: {rider} is clean ({value} %).", rider=w, value=self.value)


PRO_EVENT_TYPES = (ConditionChanged, Exhausted, AttackAnnounced, SkillCalled, Prepared, Motivated, SecretPicks,
                   DopingDraw, DopingVerdict)
