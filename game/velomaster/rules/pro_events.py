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
from .events import _e, cap, name_of, who


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
        w = who(names, self.seat, self.role, self.bike)
        if not _shown(self.private_to, viewer):
            if self.public_value < 0:
                return ""
            if self.delta > 0 and not self.public_delta:  # a gain nobody else can count: no line
                return ""
            return f"{self.public_delta:+d} %: {self.why}. {cap(w)} is at {self.public_value} %."
        if self.refused:
            return f"{cap(w)} rides clean and does not take the {self.delta:+d} % ({self.why}): {self.value} %."
        return f"{self.delta:+d} %: {self.why}. {cap(w)} is at {self.value} %."


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
        return f"{cap(who(names, self.seat, self.role, self.bike))} is exhausted ({value} %) and abandons."


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
        cost = f" (-20 %, now {value} %)" if value >= 0 else ""
        return f"{cap(who(names, self.seat, self.role, self.bike))} attacks{cost}: two dice, added up, in one move!"


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
        w = who(names, self.seat, self.role, self.bike)
        return {"descent": f"{cap(w)} plays a 6 down the descent: skill roll to manage the speed.",
                "braking": f"{cap(w)} brakes: skill roll.",
                "collective": f"{cap(w)} is right behind the crash: skill roll to avoid it."}.get(self.why, f"{cap(w)}: skill roll.")


@_e
class Prepared(Event):
    """A seat made its secret stage-start picks (what they are is told when everyone has)."""

    seat: int

    def text(self, names, viewer=None):
        return f"{name_of(names, self.seat)} is ready for the stage."


@_e
class Motivated(Event):
    """"On est « surmotivé ». Il faut alors désigner un vélo de son équipe": public once revealed."""

    seat: int
    rider: int
    role: str
    bike: str = ""  # the rider in words without its player (Setup.bikes): "grey team-mate"

    def text(self, names, viewer=None):
        return f"{cap(who(names, self.seat, self.role, self.bike))} is surmotivé for this stage."


@_e
class SecretPicks(Event):
    """The seat's secret stage-start choices: doped riders, riding clean. Only that seat reads them."""

    seat: int
    doped: tuple[int, ...]  # riders
    clean: bool
    private_to: tuple[int, ...] | None = None

    def text(self, names, viewer=None):
        if not _shown(self.private_to, viewer):
            return f"{name_of(names, self.seat)}'s preparation stays secret."
        doped = f"doped: {len(self.doped)} rider{'s' if len(self.doped) != 1 else ''}" if self.doped else "nobody doped"
        clean = "riding clean (no gain above 100 % for the undoped)" if self.clean else "taking every gain"
        return f"{name_of(names, self.seat)}: {doped}, {clean}."


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
            return f"Anti-doping draw: {self.value} — nobody new at that place, roll again."
        return f"Anti-doping draw: {self.value} — the rider placed {self.value} is controlled."


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
                return f"Control: {w} is above 100 %: doping! Excluded from the race."
            return f"Control: {w} is clean (100 % or less)."
        if self.excluded:
            return f"Control: {w} is at {self.value} %: doping! Excluded from the race."
        return f"Control: {w} is clean ({self.value} %)."


PRO_EVENT_TYPES = (ConditionChanged, Exhausted, AttackAnnounced, SkillCalled, Prepared, Motivated, SecretPicks,
                   DopingDraw, DopingVerdict)
