"""What a VeloMaster player decides (pure). ``rider`` is the rider's index in the race
(``seat * riders_per_team + k``, k = 0 for the leader); ``cell`` is a course cell id; ``die`` is a
die's value (1..6).

* :class:`Roll`       throw the dice: the d20 for the start order, the 2 d6 to launch a rider or to race;
* :class:`Launch`     the start: launch this rider with this die ("n'en choisira qu'1");
* :class:`Assign`     in the race: this rider moves next, with this die (the other takes the other die);
* :class:`Step`       move the moving rider one cell (forward, diagonal or side); rolls happen at once;
* :class:`Stop`       end the move here (a die may be used in part or not at all);
* :class:`Descend` / :class:`NoDescend`   the extra cell after stopping on a descent cell;
* :class:`Entraide` / :class:`Refuse`     the entraide jump (2 cells) of this rider, or not; also each bike's
  jump up the line in an accélération (Expert);
* :class:`Accelerate` / :class:`Decline` (Expert) propose an accélération of the line whose front bike is
  ``front``, or let it go;
* :class:`Vote` (Expert) a seat with bikes in a proposed line agrees to ride (``agree``) or not, out of turn;
* :class:`Attack` (Pro) announce before the roll that this rider attacks (the sum of 2 d6, one move);
* :class:`Prepare` (Pro) a stage start's secret picks: surmotivé, doping, riding clean (every seat at once).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...engine.protocol import Action
from ...engine.words import N_, Words


@dataclass(frozen=True, slots=True)
class Roll(Action):
    def label(self) -> str:
        return N_("Roll the dice")


@dataclass(frozen=True, slots=True)
class Launch(Action):
    rider: int
    die: int

    def label(self) -> str:
        return Words("Launch rider {rider} with the {die}", rider=self.rider, die=self.die)


@dataclass(frozen=True, slots=True)
class Assign(Action):
    rider: int
    die: int

    def label(self) -> str:
        return Words("Rider {rider} moves now with the {die}", rider=self.rider, die=self.die)


@dataclass(frozen=True, slots=True)
class Step(Action):
    rider: int
    cell: int

    def label(self) -> str:
        return Words("Rider {rider} rides to cell {cell}", rider=self.rider, cell=self.cell)


@dataclass(frozen=True, slots=True)
class Stop(Action):
    rider: int

    def label(self) -> str:
        return Words("Rider {rider} stops here", rider=self.rider)


@dataclass(frozen=True, slots=True)
class Descend(Action):
    rider: int
    cell: int

    def label(self) -> str:
        return Words("Rider {rider} takes the extra descent cell {cell}", rider=self.rider, cell=self.cell)


@dataclass(frozen=True, slots=True)
class NoDescend(Action):
    rider: int

    def label(self) -> str:
        return Words("Rider {rider} stays (no extra descent cell)", rider=self.rider)


@dataclass(frozen=True, slots=True)
class Entraide(Action):
    rider: int
    cell: int

    def label(self) -> str:
        return Words("Rider {rider} plays the entraide to cell {cell}", rider=self.rider, cell=self.cell)


@dataclass(frozen=True, slots=True)
class Refuse(Action):
    rider: int

    def label(self) -> str:
        return Words("Rider {rider} does not play the entraide", rider=self.rider)


@dataclass(frozen=True, slots=True)
class Accelerate(Action):
    front: int  # the rider at the front of the line

    def label(self) -> str:
        return Words("Propose an accélération of the line led by rider {front}", front=self.front)


@dataclass(frozen=True, slots=True)
class Decline(Action):
    front: int

    def label(self) -> str:
        return Words("No accélération of the line led by rider {front}", front=self.front)


@dataclass(frozen=True, slots=True)
class Vote(Action):
    agree: bool

    def label(self) -> str:
        return N_("Agree to the accélération") if self.agree else N_("Refuse the accélération")


@dataclass(frozen=True, slots=True)
class TakeNeutral(Action):
    rider: int  # a bike of the neutral team (Expert, 2 players)

    def label(self) -> str:
        return Words("Move the neutral rider {rider} this turn", rider=self.rider)


ROLL = Roll()
AGREE, DISAGREE = Vote(True), Vote(False)
ACTION_TYPES = (Roll, Launch, Assign, Step, Stop, Descend, NoDescend, Entraide, Refuse, Accelerate, Decline, Vote,
                TakeNeutral)

_CACHE: dict[tuple[type, int, int], Action] = {}


def cached(cls: type, a: int, b: int = -1) -> Action:
    """A shared instance (actions are immutable): building dataclasses is the engine's hot path."""
    key = (cls, a, b)
    act = _CACHE.get(key)
    if act is None:
        act = cls(a) if b == -1 else cls(a, b)
        _CACHE[key] = act
    return act


_STEPS: list[dict[int, Step]] = []
_STOPS: list[Stop] = []


class _StepTable(dict):
    """cell -> Step(rider, cell), built on demand."""

    __slots__ = ("rider",)

    def __missing__(self, cell: int) -> Step:
        act = self[cell] = Step(self.rider, cell)
        return act


def step_actions(rider: int) -> dict[int, Step]:
    """The shared Step actions of ``rider``, by cell."""
    while len(_STEPS) <= rider:
        t = _StepTable()
        t.rider = len(_STEPS)
        _STEPS.append(t)
        _STOPS.append(Stop(t.rider))
    return _STEPS[rider]


def stop_action(rider: int) -> Stop:
    step_actions(rider)
    return _STOPS[rider]


@dataclass(frozen=True, slots=True)
class Attack(Action):
    """Pro, "LANCER UNE ATTAQUE": announced before the roll, this rider moves the sum of 2 d6 (20 %)."""

    rider: int

    def label(self) -> str:
        return Words("Rider {rider} attacks (2 dice added up, 20 % of condition)", rider=self.rider)


@dataclass(frozen=True, slots=True)
class Prepare(Action):
    """Pro, a stage start (secret, every seat at once): the team's slot (0 = the leader) named "surmotivé"
    (-1: none), the slots that take a doping substance (+20 %), and whether the team rides clean (its
    undoped riders refuse any gain above 100 %)."""

    motivated: int
    doped: tuple[int, ...]
    clean: bool
    secret_fields: ClassVar[tuple[str, ...]] = ("doped", "clean")  # the surmotivé is announced; these never

    def label(self) -> str:
        motivated = Words("surmotivé: slot {slot}", slot=self.motivated) if self.motivated >= 0 else \
            Words("nobody surmotivé")
        doped = Words("doped: {slots}", slots=", ".join(map(str, self.doped))) if self.doped else Words("no doping")
        clean = Words("clean") if self.clean else Words("not clean")
        return Words("Prepare the stage ({motivated}; {doped}; {clean})", motivated=motivated, doped=doped,
                     clean=clean)


PRO_ACTION_TYPES = (Attack, Prepare)
ACTION_TYPES = ACTION_TYPES + PRO_ACTION_TYPES
