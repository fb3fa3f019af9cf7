"""What happens between the stages of a tour, for the standings screen and the move log (pure).

Riders are *tour riders* (:mod:`.tour_standings`); each event also names the seat that directs a rider and the
rider's bib, so the log reads "Ann's grey rider". ``seat`` is the seat an event is about (the log colours it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Sequence

from ...engine.protocol import Event
from ...engine.words import Words
from .events import clock
from .tour_standings import Standings
from .words import bib_word, name_of

COURSE_NAMES = {"salzburg": "Salzburg", "aurillac": "Aurillac"}


def rider_words(names: Sequence[str], seat: int, bib: str) -> str:
    """"Ann's grey rider"; a neutral bike (no seat) is "the neutral grey rider"."""
    if seat < 0:
        return Words("the neutral {bib} rider", bib=bib_word(bib))
    return Words("{player}'s {bib} rider", player=name_of(names, seat), bib=bib_word(bib))


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
        if self.winner >= 0:
            text = Words("Stage {stage} of {stages} is over: {rider} wins it", stage=self.stage, stages=self.stages,
                         rider=rider_words(names, self.seat, self.winner_bib))
        else:
            text = Words("Stage {stage} of {stages} is over", stage=self.stage, stages=self.stages)
        if st.or_jersey >= 0:
            text = Words("{text}. Maillot Or: {rider} ({time})", text=text,
                         rider=rider_words(names, self.or_seat, self.or_bib),
                         time=clock(st.cumulative_time[st.or_jersey]))
        if st.rouge_jersey >= 0:
            text = Words("{text}. Maillot Rouge: {rider} ({points} pts)", text=text,
                         rider=rider_words(names, self.rouge_seat, self.rouge_bib),
                         points=st.cumulative_points[st.rouge_jersey])
        return Words("{text}.", text=text)


@dataclass(frozen=True)
class RepechageOpened(Event):
    """"Repêchage": the directors vote on the riders who abandoned after a crash in this stage."""

    seat: int  # the stage winner's director, whose vote counts twice in a tie (-1: none)
    candidates: tuple[int, ...]  # tour riders
    candidate_seats: tuple[int, ...]
    candidate_bibs: tuple[str, ...]

    def text(self, names, viewer=None):
        riders = [rider_words(names, s, b) for s, b in zip(self.candidate_seats, self.candidate_bibs, strict=True)]
        text = riders[0] if riders else ""
        for rider in riders[1:]:
            text = Words("{names}, {name}", names=text, name=rider)
        return Words("Repêchage: the directors vote on bringing back {riders} (or nobody).", riders=text)


@dataclass(frozen=True)
class RepechageVoted(Event):
    """A director has voted (what, the others learn when every vote is in)."""

    seat: int
    rider: int  # the vote: for its own seat's eyes until every vote is in
    private_to: tuple[int, ...] | None = None

    def text(self, names, viewer=None):
        if viewer == self.seat:
            if self.rider < 0:
                return Words("{player} votes for nobody.", player=name_of(names, self.seat))
            return Words("{player} votes for rider {rider}.", player=name_of(names, self.seat), rider=self.rider + 1)
        return Words("{player} has voted.", player=name_of(names, self.seat))


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
            if self.tie_broken:
                return Words("Repêchage: nobody is brought back (the stage winner's vote decided).")
            return Words("Repêchage: nobody is brought back.")
        rider = rider_words(names, self.seat, self.rider_bib)
        if self.tie_broken:
            return Words("Repêchage: {rider} is back in the race, the stage winner's extra vote breaking the tie.",
                         rider=rider)
        return Words("Repêchage: {rider} is back in the race.", rider=rider)


@dataclass(frozen=True)
class LeaderNamed(Event):
    """A team starts the next stage with a new leader (a jersey-holding team-mate, or after its leader left)."""

    seat: int
    rider: int  # the new leader (tour rider)
    bib: str  # its bib in the stage just run
    old_leader: int  # tour rider
    forced: bool  # the old leader abandoned or was excluded

    def text(self, names, viewer=None):
        if self.forced:
            return Words("{player} makes its {bib} rider the leader after its leader left the race.",
                         player=name_of(names, self.seat), bib=bib_word(self.bib))
        return Words("{player} makes its {bib} rider the leader.", player=name_of(names, self.seat),
                     bib=bib_word(self.bib))


@dataclass(frozen=True)
class StageStarted(Event):
    seat: int  # the first seat to roll the d20
    stage: int  # 1-based
    stages: int
    course: str
    absent: int  # riders who do not start

    def text(self, names, viewer=None):
        fields = dict(stage=self.stage, stages=self.stages, course=COURSE_NAMES.get(self.course, self.course))
        if self.absent:
            return Words.plural("Stage {stage} of {stages} starts at {course}, {n} rider out of the race.",
                                "Stage {stage} of {stages} starts at {course}, {n} riders out of the race.",
                                self.absent, **fields)
        return Words("Stage {stage} of {stages} starts at {course}.", **fields)


@dataclass(frozen=True)
class TourOver(Event):
    seat: int  # the Maillot Or's director (the winner)
    or_jersey: int  # tour rider, -1: none
    or_bib: str
    reason: str  # "stages" (every stage run) | "riders" (fewer than two teams left)

    def text(self, names, viewer=None):
        if self.or_jersey < 0:
            if self.reason == "stages":
                return Words("The tour is over.")
            return Words("The tour is over (only one team has riders left).")
        rider = rider_words(names, self.seat, self.or_bib)
        if self.reason == "stages":
            return Words("The tour is over: {rider} wins the Maillot Or.", rider=rider)
        return Words("The tour is over (only one team has riders left): {rider} wins the Maillot Or.", rider=rider)


TOUR_EVENT_TYPES = (StageOver, RepechageOpened, RepechageVoted, RepechageDecided, LeaderNamed, StageStarted, TourOver)

__all__ = ["TOUR_EVENT_TYPES", "LeaderNamed", "RepechageDecided", "RepechageOpened", "RepechageVoted", "StageOver",
           "StageStarted", "TourOver", "rider_words"]
