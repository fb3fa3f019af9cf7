"""The three things a Veldiv player ever decides (pure).

* :class:`Roll`          throw the die (or the two dice of a team turn, Art. 5);
* :class:`ChooseRider`   first team turn (Art. 5): which of the two riders the single die moves;
* :class:`TakeBonus`     Art. 7 / Art. 9: which of the two riders takes the extra advance
                         ("avancera un de ses coureurs") after landing on the team-mate.

``rider`` is the rider's index in its team: 0 (first rider) or 1 (second rider).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.protocol import Action
from ...engine.words import Words


@dataclass(frozen=True, slots=True)
class Roll(Action):
    def label(self) -> str:
        return Words("Throw the dice")


@dataclass(frozen=True, slots=True)
class ChooseRider(Action):
    rider: int

    def label(self) -> str:
        return Words("Move rider {n}", n=self.rider + 1)


@dataclass(frozen=True, slots=True)
class TakeBonus(Action):
    rider: int

    def label(self) -> str:
        return Words("Rider {n} takes the extra advance", n=self.rider + 1)


ROLL = Roll()
CHOOSE = (ChooseRider(0), ChooseRider(1))
BONUS = (TakeBonus(0), TakeBonus(1))
ACTION_TYPES = (Roll, ChooseRider, TakeBonus)
