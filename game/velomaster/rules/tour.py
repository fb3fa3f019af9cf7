"""A VeloMaster stage race, "Course à étapes" (pure): :class:`TourState` wraps the race of the stage being run.

During a stage every protocol call goes to that stage's :class:`~.state.VelomasterState` (its view gains the
``tour`` field). When the race is over the stage is recorded per *tour rider* (:mod:`.tour_standings`: a team's
k-th rider, whichever slot it rides): its stage time (:func:`.standings.stage_time`), its climbers' points,
whether it abandoned or was excluded. Then, between stages, the directors decide (a phase of this state; the
seats asked answer in any order, the last answer settles it):

1. "Repêchage" (option): if riders abandoned this stage after a crash, every seat votes for one of them or for
   nobody (:class:`~.tour_actions.Reinstate`, secret until all are in). The option with the most votes wins; a
   tie is broken by the vote of the stage winner's director, which counts twice ("une voix supplémentaire pour le
   vainqueur de l'étape"); if that vote is for none of the tied options, nobody is brought back. One rider per
   stage at most; it rejoins with the stage's slowest time.
2. Leaders (:class:`~.tour_actions.Lead`): a team whose team-mate holds the Maillot Or or Rouge may make it its
   leader (the old leader takes its slot); a team whose leader abandoned or was excluded names a new one among
   its remaining riders (with one rider left, it leads without a question).

With nothing to decide the next stage starts at once (:class:`~.tour_events.StageOver` still carries the
standings). The next stage's race starts with :class:`~.stage_start.StageStart`: the riders out of the tour are
absent; at Pro each rider carries its condition, +20 up to 100 ("Entre deux étapes tous les cyclistes
récupèrent +20% dans la limite de 100%"; a rider above 100 keeps its value). After the last stage (or when fewer
than two teams have riders left) the tour is over: :func:`.tour_result.tour_result`.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

from ...engine.protocol import Action, IllegalAction, Question, Result, State
from ...engine.words import N_, Words
from .codes import FIN, OUT
from .condition import BETWEEN_STAGES, FULL, JERSEY, gain, recovered
from .setup import Setup
from .stage_start import StageStart
from .standings import stage_time, time_ranking
from .state import VelomasterState
from .tour_actions import NOBODY, Lead, Reinstate
from .tour_codes import END_REASONS, NOT_ASKED, T_LEADERS, T_OVER, T_RACE, T_REPECHAGE, TOUR_PHASES, WAITING
from .tour_events import (
    LeaderNamed,
    RepechageDecided,
    RepechageOpened,
    RepechageVoted,
    StageOver,
    StageStarted,
    TourOver,
)
from .tour_result import tour_result
from .tour_saves import tour_from_dict, tour_to_dict
from .tour_standings import ABANDONED, EXCLUDED, IN, Standings, standings
from .tour_view import tour_from_view, tour_view

RECOVERY = BETWEEN_STAGES  # "Entre deux étapes tous les cyclistes récupèrent +20% dans la limite de 100%"


class TourPlan:
    """What is fixed for a tour's configuration: the stages' setups (one per stage, its course) and the teams."""

    __slots__ = ("config", "stages", "courses", "setups", "repechage", "players", "per_team", "riders", "team_count",
                 "neutral_team", "directors", "level")

    def __init__(self, config, courses: tuple[str, ...], setups: tuple[Setup, ...], repechage: bool):
        first = setups[0]
        self.config = config
        self.stages = len(setups)
        self.courses = courses
        self.setups = setups
        self.repechage = repechage
        self.players = first.players
        self.per_team = first.per_team
        self.riders = first.riders
        self.team_count = first.team_count
        self.neutral_team = first.neutral_team
        self.level = first.level
        # the seat that decides for a team between stages (of two sharing a team, the first); none for the neutral
        self.directors = tuple(-1 if t == first.neutral_team else min(s for s in range(first.players) if first.seat_team[s] == t)
                               for t in range(first.team_count))

    def team_riders(self, team: int) -> range:
        return range(team * self.per_team, (team + 1) * self.per_team)


class TourState(State):
    """One moment of a tour. Per-rider records are indexed by tour rider; ``slot_rider[slot]`` is the tour rider
    riding race slot ``slot`` in the current (or just finished) stage."""

    __slots__ = ("plan", "stage", "race", "phase", "slot_rider", "times", "points", "arrivals", "crossed", "winners", "out",
                 "out_stage", "candidates", "votes", "options", "answers", "forced", "reinstated", "last_votes",
                 "end_reason", "rode", "_standings")

    # ------------------------------------------------------------------ construction

    @classmethod
    def start(cls, plan: TourPlan, seed: int) -> "TourState":
        t = object.__new__(cls)
        n, nr = plan.players, plan.riders
        t.plan, t.stage, t.phase = plan, 0, T_RACE
        t.race = VelomasterState.initial(plan.setups[0], seed)
        t.slot_rider = tuple(range(nr))
        t.times = t.points = t.arrivals = t.crossed = t.rode = ()
        t.winners = t.reinstated = ()
        t.out = (IN,) * nr
        t.out_stage = (-1,) * nr
        t.candidates = ()
        t.votes = t.answers = (NOT_ASKED,) * n
        t.options = ((),) * n
        t.forced = (False,) * n
        t.last_votes = ()
        t.end_reason = ""
        t._standings = None
        return t

    def _copy(self) -> "TourState":
        t = object.__new__(type(self))
        for name in TourState.__slots__:
            setattr(t, name, getattr(self, name))
        t._standings = None
        return t

    @property
    def players(self) -> int:  # type: ignore[override]
        return self.plan.players

    @property
    def setup(self) -> Setup:
        """The current stage's setup (what the race table and the bots read)."""
        return self.race.setup

    # ------------------------------------------------------------------ records

    def standings(self) -> Standings:
        st = self._standings
        if st is None:
            p = self.plan
            st = self._standings = standings(self.times, self.points, self.arrivals, self.out, p.per_team, p.neutral_team)
        return st

    def rider_slot(self, rider: int) -> int:
        return self.slot_rider.index(rider)

    def rider_seat(self, rider: int) -> int:
        """The seat that raced ``rider`` in the current (or last) stage; -1 for a neutral bike."""
        if self.plan.setups[0].rider_team[rider] == self.plan.neutral_team:
            return -1
        return self.race.seats.controller[self.rider_slot(rider)]

    def rider_bib(self, rider: int) -> str:
        return self.race.setup.bibs[self.rider_slot(rider)]

    def stage_slot(self, rider: int, stage: int) -> int:
        """The slot ``rider`` rode in ``stage`` (0-based, a stage run), as that stage's sheet shows it."""
        return self.rode[stage].index(rider) if 0 <= stage < len(self.rode) else self.rider_slot(rider)

    # ------------------------------------------------------------------ protocol

    def to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == T_RACE:
            return self.race.to_act()
        if phase == T_REPECHAGE:
            return tuple(s for s, v in enumerate(self.votes) if v == WAITING)
        if phase == T_LEADERS:
            return tuple(s for s, v in enumerate(self.answers) if v == WAITING)
        return ()

    def question(self, seat: int, names: Sequence[str] | None = None) -> Question | None:
        phase = self.phase
        if phase == T_RACE:
            return self.race.question(seat, names)
        if seat not in self.to_act():
            return None
        if phase == T_REPECHAGE:
            count = len(self.candidates)
            return Question("repechage-vote", N_("Repêchage?"),
                            Words.plural("{n} rider abandoned after a crash in stage {stage}: vote to bring one back, "
                                         "or nobody.",
                                         "{n} riders abandoned after a crash in stage {stage}: vote to bring one back, "
                                         "or nobody.", count, stage=self.stage + 1))
        if self.forced[seat]:
            return Question("leader-choice", N_("New leader?"), N_("Your leader is out of the race: name a new one."))
        return Question("leader-choice", N_("New leader?"), N_("A team-mate of yours holds a jersey: make it the leader?"))

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        phase = self.phase
        if phase == T_RACE:
            return self.race.legal_actions(seat)
        if phase == T_REPECHAGE:
            if 0 <= seat < len(self.votes) and self.votes[seat] == WAITING:
                return (Reinstate(NOBODY),) + tuple(Reinstate(r) for r in self.candidates)
            return ()
        if phase == T_LEADERS:
            if 0 <= seat < len(self.answers) and self.answers[seat] == WAITING:
                return tuple(Lead(r) for r in self.options[seat])
            return ()
        return ()

    def why_illegal(self, seat: int, action: Action) -> str | None:
        phase = self.phase
        if phase == T_RACE:
            return self.race.why_illegal(seat, action)
        if phase == T_OVER:
            return N_("The tour is over.")
        if seat not in self.to_act():
            if not 0 <= seat < self.players:
                return N_("It is not your turn.")
            answer = (self.votes if phase == T_REPECHAGE else self.answers)[seat]
            return N_("You have already answered.") if answer != NOT_ASKED else \
                N_("Other directors are deciding about their leaders.")
        if action in self.legal_actions(seat):
            return None
        if phase == T_REPECHAGE:
            return N_("Vote for one of the riders who abandoned after a crash in this stage, or for nobody.")
        if self.forced[seat]:
            return N_("Name your new leader among your riders still in the race.")
        return N_("Keep your leader or make your jersey-holding team-mate the leader.")

    def apply(self, seat: int, action: Action):
        if self.phase == T_RACE:
            race, events = self.race.apply(seat, action)
            return self._after_race(race, events)
        reason = self.why_illegal(seat, action)
        if reason is not None:
            raise IllegalAction(reason)
        return self._decide(seat, action)

    def _apply(self, seat: int, action: Action):
        if self.phase == T_RACE:
            race, events = self.race._apply(seat, action)
            return self._after_race(race, events)
        return self._decide(seat, action)

    def is_over(self) -> bool:
        return self.phase == T_OVER

    def result(self) -> Result:
        return tour_result(self)

    def secrets(self, seat: int) -> frozenset[str]:
        """The race's (Pro: doping), and a repêchage vote cast while others still vote."""
        own = self.race.secrets(seat)
        if self.phase == T_REPECHAGE and 0 <= seat < len(self.votes) and self.votes[seat] > WAITING:
            return own | {f"repechage vote of seat {seat}: {self.votes[seat]}"}
        return own

    def view(self, seat: int | None):
        return tour_view(self, seat)

    def to_dict(self) -> dict[str, Any]:
        return tour_to_dict(self)

    @classmethod
    def from_dict(cls, data, plan: TourPlan) -> "TourState":
        """The tour saved as ``data`` (:mod:`.tour_saves`), or ValueError naming what is wrong."""
        return tour_from_dict(cls, data, plan)

    @classmethod
    def from_view(cls, view, plan: TourPlan, rng: int, leg: bool = False) -> "TourState":
        """A tour consistent with ``view`` (:func:`.tour_view.tour_from_view`)."""
        return tour_from_view(cls, view, plan, rng, leg)

    # ------------------------------------------------------------------ transitions

    def _after_race(self, race: VelomasterState, events):
        t = self._copy()
        t.race = race
        if not race.over:
            return t, events
        ev = list(events)
        _end_stage(t, ev)
        return t, tuple(ev)

    def _decide(self, seat: int, action: Action):
        t = self._copy()
        ev: list = []
        if t.phase == T_REPECHAGE:
            t.votes = _replaced(t.votes, seat, action.rider)  # type: ignore[attr-defined]
            ev.append(RepechageVoted(seat, action.rider, (seat,)))  # type: ignore[attr-defined]
            if WAITING not in t.votes:
                _settle_repechage(t, ev)
        else:
            t.answers = _replaced(t.answers, seat, action.rider)  # type: ignore[attr-defined]
            if WAITING not in t.answers:
                _settle_leaders(t, ev)
        return t, tuple(ev)


def _replaced(values: tuple, i: int, value) -> tuple:
    return values[:i] + (value,) + values[i + 1:]


def _excluded_slots(race: VelomasterState) -> frozenset[int]:
    """Riders excluded by the anti-doping control (Pro), as race slots."""
    excluded = getattr(race, "excluded", 0)  # bits, by race slot
    return frozenset(r for r in range(race.setup.riders) if excluded >> r & 1) if excluded else frozenset()


def _end_stage(t: TourState, ev: list) -> None:
    """The stage's race is over: record it, then the decisions, the next stage or the tour's end."""
    race, plan, k = t.race, t.plan, t.stage
    nr = plan.riders
    slot_rider = t.slot_rider
    times, pts = [-1] * nr, [0] * nr
    out, out_stage = list(t.out), list(t.out_stage)
    excluded = _excluded_slots(race)
    crashed = []
    for slot in range(nr):
        r = slot_rider[slot]
        st = None if slot in excluded else stage_time(race, slot)
        times[r] = -1 if st is None else st
        pts[r] = sum(race.points[slot])
        if out[r] == IN and (race.status[slot] == OUT or slot in excluded):
            out[r] = EXCLUDED if slot in excluded else ABANDONED
            out_stage[r] = k
            if out[r] == ABANDONED and race.crashes[slot] > 0:
                crashed.append(r)
    ranking = [s for s in time_ranking(race) if times[slot_rider[s]] >= 0]
    order = tuple(slot_rider[s] for s in ranking)
    # the stage winner: the first across the line of the stage's time ranking (equal times: the better climber)
    winner = next((slot_rider[s] for s in ranking if race.status[s] == FIN), -1)
    t.times = t.times + (tuple(times),)
    t.rode = t.rode + (slot_rider,)  # who rode which slot in this stage (a later change of leader swaps slots)
    t.points = t.points + (tuple(pts),)
    t.arrivals = t.arrivals + (order,)
    # how many of them crossed the line (time_ranking puts them first); the others were timed on the road
    t.crossed = t.crossed + (sum(1 for s in ranking if race.status[s] == FIN),)
    t.winners = t.winners + (winner,)
    t.reinstated = t.reinstated + (-1,)
    t.out, t.out_stage = tuple(out), tuple(out_stage)
    t._standings = None
    st = t.standings()
    jersey_gains(t, st, ev)
    ev.append(StageOver(t.rider_seat(winner) if winner >= 0 else -1, k + 1, plan.stages, winner,
                        t.rider_bib(winner) if winner >= 0 else "", _seat_or(t, st.or_jersey), _bib_or(t, st.or_jersey),
                        _seat_or(t, st.rouge_jersey), _bib_or(t, st.rouge_jersey), st))
    if k + 1 >= plan.stages:
        _finish(t, "stages", ev)
    elif plan.repechage and crashed:
        t.phase = T_REPECHAGE
        t.candidates = tuple(sorted(crashed))
        t.votes = (WAITING,) * plan.players
        ev.append(RepechageOpened(_winner_director(t), t.candidates, tuple(t.rider_seat(r) for r in t.candidates),
                                  tuple(t.rider_bib(r) for r in t.candidates)))
    else:
        _leaders_or_next(t, ev)


def jersey_gains(t: TourState, st: Standings, ev: list) -> None:
    """Pro, "En fin d'étape … pour l'obtention d'un maillot": in a tour the jerseys are the general
    classification's ("Lorsqu'à l'issue d'une étape, un équipier est porteur du maillot « Or » ou « Rouge »"): once
    the stage is recorded, the riders who wear the Maillot Or and the Maillot Rouge after it gain +10 % each (the
    stage winner's +20 % is the race's, :func:`.doping.race_end`, after its anti-doping control)."""
    race = t.race
    pro = getattr(race.setup, "pro", None)
    holders = [(r, why) for r, why in ((st.or_jersey, "Maillot Or"), (st.rouge_jersey, "Maillot Rouge")) if r >= 0]
    if pro is None or not pro.condition or not holders:
        return
    w = race._work()
    for r, why in holders:
        gain(w, t.rider_slot(r), JERSEY, why, ev)
    t.race = w._freeze()


def _seat_or(t: TourState, rider: int) -> int:
    return t.rider_seat(rider) if rider >= 0 else -1


def _bib_or(t: TourState, rider: int) -> str:
    return t.rider_bib(rider) if rider >= 0 else ""


def _winner_director(t: TourState) -> int:
    """The seat that raced the winner of the stage just run (its vote counts twice in a tie); -1: none."""
    winner = t.winners[-1] if t.winners else -1
    return t.rider_seat(winner) if winner >= 0 else -1


def _settle_repechage(t: TourState, ev: list) -> None:
    """Every vote is in: the most voted option wins; in a tie the stage winner's director's vote counts twice."""
    votes = t.votes
    tally = Counter(votes)
    top = max(tally.values())
    tied = [option for option, count in tally.items() if count == top]
    tie_broken = False
    if len(tied) == 1:
        chosen = tied[0]
    else:
        extra = _winner_director(t)
        chosen = votes[extra] if extra >= 0 and votes[extra] in tied else NOBODY
        tie_broken = extra >= 0 and votes[extra] in tied
    k = t.stage
    if chosen >= 0:
        stage_times = t.times[k]
        slowest = max(x for x in stage_times if x >= 0) if any(x >= 0 for x in stage_times) else t.race.setup.nominal_s
        t.times = t.times[:k] + (_replaced(stage_times, chosen, slowest),)
        t.out = _replaced(t.out, chosen, IN)
        t.out_stage = _replaced(t.out_stage, chosen, -1)
        t.reinstated = t.reinstated[:k] + (chosen,)
        t._standings = None
    seat = t.rider_seat(chosen) if chosen >= 0 else _winner_director(t)
    ev.append(RepechageDecided(seat, votes, chosen, t.rider_bib(chosen) if chosen >= 0 else "", tie_broken))
    t.last_votes = votes
    t.votes = (NOT_ASKED,) * t.plan.players
    t.candidates = ()
    _leaders_or_next(t, ev)


def _teams_left(t: TourState) -> int:
    plan = t.plan
    return sum(1 for team in range(plan.team_count)
               if team != plan.neutral_team and any(t.out[r] == IN for r in plan.team_riders(team)))


def _leaders_or_next(t: TourState, ev: list) -> None:
    """Ask the leader questions (a jersey-holding team-mate, a leader out of the race), or start the next stage."""
    plan = t.plan
    if _teams_left(t) < 2:
        _finish(t, "riders", ev)
        return
    st = t.standings()
    answers, options, forced = [NOT_ASKED] * plan.players, [()] * plan.players, [False] * plan.players
    for team in range(plan.team_count):
        director = plan.directors[team]
        if director < 0:
            continue
        leader = t.slot_rider[team * plan.per_team]
        remaining = tuple(r for r in plan.team_riders(team) if t.out[r] == IN)
        if not remaining:
            continue
        if t.out[leader] != IN:  # a new leader must be named; with one rider left it leads without a question
            options[director], forced[director] = remaining, True
            answers[director] = remaining[0] if len(remaining) == 1 else WAITING
            continue
        holders = [j for j in (st.or_jersey, st.rouge_jersey) if j >= 0 and j != leader and j // plan.per_team == team]
        if holders:
            options[director], answers[director] = (leader,) + tuple(holders), WAITING
    t.answers, t.options, t.forced = tuple(answers), tuple(options), tuple(forced)
    if WAITING in answers:
        t.phase = T_LEADERS
        return
    _settle_leaders(t, ev)


def _swap_leader(t: TourState, team: int, rider: int, ev: list, forced: bool) -> None:
    plan = t.plan
    lead_slot = team * plan.per_team
    old_leader = t.slot_rider[lead_slot]
    if rider == old_leader:
        return
    slot = t.slot_rider.index(rider)
    bib = t.rider_bib(rider)
    seat = plan.directors[team]
    swapped = list(t.slot_rider)
    swapped[lead_slot], swapped[slot] = rider, old_leader
    t.slot_rider = tuple(swapped)
    ev.append(LeaderNamed(seat, rider, bib, old_leader, forced))


def _settle_leaders(t: TourState, ev: list) -> None:
    plan = t.plan
    old = t.slot_rider
    for team in range(plan.team_count):
        director = plan.directors[team]
        if director >= 0 and t.answers[director] >= 0:
            _swap_leader(t, team, t.answers[director], ev, t.forced[director])
    t.answers = (NOT_ASKED,) * plan.players
    t.options = ((),) * plan.players
    t.forced = (False,) * plan.players
    _next_stage(t, old, ev)


def _carried_condition(t: TourState, old_slots: tuple[int, ...]) -> tuple[int, ...] | None:
    """Each new slot's condition at the next start (Pro): its rider's condition at the end of the stage, +20 up to
    100. None when the race plays no condition."""
    race = t.race
    pro = getattr(race.setup, "pro", None)
    condition = getattr(race, "condition", None)
    if pro is None or not getattr(pro, "condition", False) or not condition:
        return None
    by_rider = {old_slots[slot]: condition[slot] for slot in range(len(old_slots))}
    return tuple(recovered(by_rider[r]) for r in t.slot_rider)


def _carried_public(t: TourState, old_slots: tuple[int, ...]) -> tuple[int, ...] | None:
    """Each new slot's public condition at the next start (Pro): the public figure recovers as the exact one does
    (+20 up to 100: the recovery is public). None when the race plays no condition."""
    race = t.race
    if _carried_condition(t, old_slots) is None:
        return None
    public = getattr(race, "public", None) or tuple(min(v, FULL) for v in race.condition)
    by_rider = {old_slots[slot]: public[slot] for slot in range(len(old_slots))}
    return tuple(recovered(by_rider[r]) for r in t.slot_rider)


def _next_stage(t: TourState, old_slots: tuple[int, ...], ev: list) -> None:
    plan = t.plan
    k = t.stage + 1
    absent = frozenset(slot for slot, r in enumerate(t.slot_rider) if t.out[r] != IN)
    start = StageStart(absent, _carried_condition(t, old_slots), _carried_public(t, old_slots))
    t.race = VelomasterState.initial(plan.setups[k], t.race.rng, start)
    t.stage = k
    t.phase = T_RACE
    t._standings = None
    ev.append(StageStarted(t.race.to_act()[0], k + 1, plan.stages, plan.courses[k], len(absent)))


def _finish(t: TourState, reason: str, ev: list) -> None:
    t.phase = T_OVER
    t.end_reason = reason
    t.votes = t.answers = (NOT_ASKED,) * t.plan.players
    t.candidates = ()
    st = t.standings()
    seat = _seat_or(t, st.or_jersey)
    ev.append(TourOver(seat, st.or_jersey, _bib_or(t, st.or_jersey), reason))


__all__ = ["END_REASONS", "NOT_ASKED", "T_LEADERS", "T_OVER", "T_RACE", "T_REPECHAGE", "TOUR_PHASES", "TourPlan",
           "TourState", "WAITING", "recovered"]
