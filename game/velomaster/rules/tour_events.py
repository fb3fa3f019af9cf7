"""What happens between the stages of a tour, for the standings screen and the move log (pure).

Riders are *tour riders* (:mod:`.tour_standings`); each event also names the seat that directs a rider and the
rider's bib, so the log reads "Ann's grey rider". ``seat`` is the seat an event is about (the log colours it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Sequence

from ...engine.protocol import Event
from .events import clock, name_of
from .tour_standings import Standings

COURSE_NAMES = {"salzburg": "Salzburg", "aurillac": "Aurillac"}


def rider_words(names: Sequence[str], seat: int, bib: str) -> str:
    """"Ann's grey rider"; a neutral bike (no seat) is "the neutral grey rider"."""
    return f"the neutral {bib} rider" if seat < 0 else f"{name_of(names, seat)}'s {bib} rider"


@dataclass(frozen=True)
class StageOver(Event):
    """A stage is over: its winner and the standings after it (the table shows the standings screen)."""

    public_moment: ClassVar[bool] = True  # everyone watches the standings (hot-seat: the screen is nobody's)

    seat: int  # the stage winner's director (-1: nobody crossed, or a neutral bike won)
    stage: int  # 1-based
    stages: int
    winner: int  # tour rider, -1: nobody crossed the line
    winner_bib: str
    or_seat: int
    or_bib: str
    rouge_seat: int
    rouge_bib: str
    standings: Standings

    def text(self, names, viewer=None):
        st = self.standings
        parts = [f"Stage {self.stage} of {self.stages} is over"]
        if self.winner >= 0:
            parts[0] += f": {rider_words(names, self.seat, self.winner_bib)} wins it"
        if st.or_jersey >= 0:
            parts.append(f"Maillot Or: {rider_words(names, self.or_seat, self.or_bib)} "
                         f"({clock(st.cumulative_time[st.or_jersey])})")
        if st.rouge_jersey >= 0:
            parts.append(f"Maillot Rouge: {rider_words(names, self.rouge_seat, self.rouge_bib)} "
                         f"({st.cumulative_points[st.rouge_jersey]} pts)")
        return ". ".join(parts) + "."


@dataclass(frozen=True)
class RepechageOpened(Event):
    """"Repêchage": the directors vote on the riders who abandoned after a crash in this stage."""

    seat: int  # the stage winner's director, whose vote counts twice in a tie (-1: none)
    candidates: tuple[int, ...]  # tour riders
    candidate_seats: tuple[int, ...]
    candidate_bibs: tuple[str, ...]

    def text(self, names, viewer=None):
        who = ", ".join(rider_words(names, s, b) for s, b in zip(self.candidate_seats, self.candidate_bibs, strict=True))
        return f"Repêchage: the directors vote on bringing back {who} (or nobody)."


@dataclass(frozen=True)
class RepechageVoted(Event):
    """A director has voted (what, the others learn when every vote is in)."""

    seat: int
    rider: int  # the vote: for its own seat's eyes until every vote is in
    private_to: tuple[int, ...] | None = None

    def text(self, names, viewer=None):
        if viewer == self.seat:
            return f"{name_of(names, self.seat)} votes " + ("for nobody." if self.rider < 0 else f"for rider {self.rider + 1}.")
        return f"{name_of(names, self.seat)} has voted."


@dataclass(frozen=True)
class RepechageDecided(Event):
    """Every vote is in: the votes are shown and the rider reinstated, if any."""

    seat: int  # the reinstated rider's director, else the stage winner's director (-1: none)
    votes: tuple[int, ...]  # per seat: the tour rider voted for, -1: nobody
    rider: int  # reinstated tour rider, -1: nobody
    rider_bib: str
    tie_broken: bool  # the stage winner's extra vote decided it
    reveals: ClassVar[bool] = True
    public_moment: ClassVar[bool] = True  # everyone sees the votes at once

    def text(self, names, viewer=None):
        if self.rider < 0:
            return "Repêchage: nobody is brought back" + (" (the stage winner's vote decided)." if self.tie_broken else ".")
        how = ", the stage winner's extra vote breaking the tie" if self.tie_broken else ""
        return f"Repêchage: {rider_words(names, self.seat, self.rider_bib)} is back in the race{how}."


@dataclass(frozen=True)
class LeaderNamed(Event):
    """A team starts the next stage with a new leader (a jersey-holding team-mate, or after its leader left)."""

    seat: int
    rider: int  # the new leader (tour rider)
    bib: str  # its bib in the stage just run
    old_leader: int  # tour rider
    forced: bool  # the old leader abandoned or was excluded

    def text(self, names, viewer=None):
        why = " after its leader left the race" if self.forced else ""
        return f"{name_of(names, self.seat)} makes its {self.bib} rider the leader{why}."


@dataclass(frozen=True)
class StageStarted(Event):
    seat: int  # the first seat to roll the d20
    stage: int  # 1-based
    stages: int
    course: str
    absent: int  # riders who do not start

    def text(self, names, viewer=None):
        out = f", {self.absent} rider{'s' if self.absent != 1 else ''} out of the race" if self.absent else ""
        return f"Stage {self.stage} of {self.stages} starts at {COURSE_NAMES.get(self.course, self.course)}{out}."


@dataclass(frozen=True)
class TourOver(Event):
    seat: int  # the Maillot Or's director (the winner)
    or_jersey: int  # tour rider, -1: none
    or_bib: str
    reason: str  # "stages" (every stage run) | "riders" (fewer than two teams left)

    def text(self, names, viewer=None):
        why = "" if self.reason == "stages" else " (only one team has riders left)"
        if self.or_jersey < 0:
            return f"The tour is over{why}."
        return f"The tour is over{why}: {rider_words(names, self.seat, self.or_bib)} wins the Maillot Or."


TOUR_EVENT_TYPES = (StageOver, RepechageOpened, RepechageVoted, RepechageDecided, LeaderNamed, StageStarted, TourOver)

__all__ = ["TOUR_EVENT_TYPES", "LeaderNamed", "RepechageDecided", "RepechageOpened", "RepechageVoted", "StageOver",
           "StageStarted", "TourOver", "rider_words"]
