"""What the directors decide between two stages of a tour (pure). ``rider`` is a *tour rider*
(``team * riders_per_team + k``: the k-th rider the team started the tour with), never a race slot.

* :class:`Reinstate` "Repêchage": this seat's vote to bring back ``rider`` (one who abandoned after a crash in the
  stage just run), or nobody (``rider = -1``); secret until every director has voted;
* :class:`Lead` the rider this seat's team starts the next stage with as leader: a jersey-holding team-mate, or the
  current leader kept; after the leader abandoned, one of the remaining riders.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...engine.protocol import Action
from ...engine.words import N_, Words

NOBODY = -1


@dataclass(frozen=True, slots=True)
class Reinstate(Action):
    rider: int  # a tour rider, or -1: nobody
    secret_fields: ClassVar[tuple[str, ...]] = ("rider",)  # secret until every director has voted

    def label(self) -> str:
        return N_("Reinstate nobody") if self.rider < 0 else Words("Reinstate rider {rider}", rider=self.rider)


@dataclass(frozen=True, slots=True)
class Lead(Action):
    rider: int  # a tour rider of the seat's team

    def label(self) -> str:
        return Words("Rider {rider} leads the team", rider=self.rider)


TOUR_ACTION_TYPES = (Reinstate, Lead)

__all__ = ["NOBODY", "TOUR_ACTION_TYPES", "Lead", "Reinstate"]
