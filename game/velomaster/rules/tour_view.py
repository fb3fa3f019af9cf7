"""What a seat sees of a tour (pure): the race view of the current stage with ``tour`` = :class:`TourView`.

Everything is public but a repêchage vote while others still vote: the view says who has voted (``voted``) and
the viewer's own vote (``my_vote``); the votes are shown (``last_votes``) once all are in. Riders are *tour
riders* (``team * riders_per_team + k``); ``slots[rider]`` is the slot it rides in this view's race (its
``riders[slot]``: bib, seat, role).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from .state import VelomasterState
from .tour_codes import NOT_ASKED, T_LEADERS, T_OVER, T_RACE, T_REPECHAGE, WAITING
from .tour_standings import OUT_NAMES


@dataclass(frozen=True)
class TourDecision:
    """A decision pending between stages."""

    kind: str  # "repechage" | "leader"
    seats: tuple[int, ...]  # the seats asked
    answered: tuple[int, ...]  # the seats that have answered (what, for a vote, only once all are in)
    riders: tuple[int, ...]  # repêchage: the candidates; leader: the riders it may name (the current leader first
    # unless forced)
    forced: bool = False  # leader: the old leader abandoned or was excluded, a new one must be named
    choice: int = -1  # leader: the rider named (public), -1 until answered


@dataclass(frozen=True)
class TourView:
    stage: int  # 1-based: the stage being raced; between stages and at the end, the stage just run
    stages: int
    courses: tuple[str, ...]  # per stage
    phase: str  # "race" | "between" (decisions pending) | "over"
    step: str  # between stages: "repechage" | "leaders"; else ""
    repechage: bool  # the option is on
    slots: tuple[int, ...]  # per tour rider: the slot it rides in this view's race
    status: tuple[str, ...]  # per tour rider: "in" | "abandoned" | "excluded"
    out: tuple[int, ...]  # tour riders out of the tour
    out_stage: tuple[int, ...]  # per tour rider: the stage (1-based) it left, 0 while in
    stage_times: tuple[tuple[int, ...], ...]  # per stage run, per tour rider: seconds, -1 none (the "Temps Etape")
    stage_points: tuple[tuple[int, ...], ...]  # per stage run, per tour rider: climbers' points
    arrivals: tuple[tuple[int, ...], ...]  # per stage run: its arrival order (riders with a time)
    stage_winners: tuple[int, ...]  # per stage run: tour rider, -1 none
    reinstated: tuple[int, ...]  # per stage run: the rider brought back after it, -1 none
    cum_time: tuple[int, ...]  # per tour rider: the "Total Cumulé" time in seconds
    cum_points: tuple[int, ...]  # per tour rider: cumulative climbers' points
    general: tuple[tuple[int, int], ...]  # (rider, cumulative time), Maillot Or first
    climbers: tuple[tuple[int, int], ...]  # (rider, cumulative points), best first
    teams: tuple[tuple[int, int], ...]  # (team, cumulative time; -1 not classified), best first
    arrival: tuple[tuple[int, int], ...]  # the last stage run: (rider, stage time), in arrival order
    or_jersey: int  # tour rider, -1 none
    rouge_jersey: int
    champion: int  # the winner of the last stage run, -1 none
    decisions: tuple[TourDecision, ...]
    voted: tuple[bool, ...]  # per seat: has voted in the repêchage under way
    my_vote: int  # the viewer's own vote in it (-1 nobody), -2 none
    last_votes: tuple[int, ...]  # the last repêchage's votes per seat (rider, -1 nobody), once all were in
    end_reason: str  # "" | "stages" | "riders" (fewer than two teams left)
    stages_run: int = 0  # stages finished so far (during stage k: k - 1; between stages and at the end: stage)
    # per stage run, per tour rider: the slot it rode in that stage (its bib and role on that stage's sheet; a
    # later change of leader gives it another slot in ``slots``)
    stage_slots: tuple[tuple[int, ...], ...] = ()
    # per stage run: how many riders of its arrival order crossed the line (the first ones); the others were still
    # on the road when the stage ended and were timed there (rules.standings.stage_time)
    crossed: tuple[int, ...] = ()

    @property
    def arrival_crossed(self) -> int:
        """How many riders of the last stage's ``arrival`` crossed the line (the first ones)."""
        return self.crossed[-1] if self.crossed else len(self.arrival)


PHASE_WORDS = {T_RACE: ("race", ""), T_REPECHAGE: ("between", "repechage"), T_LEADERS: ("between", "leaders"),
               T_OVER: ("over", "")}


def tour_info(t, seat: int | None) -> TourView:
    plan = t.plan
    st = t.standings()
    phase, step = PHASE_WORDS[t.phase]
    slots = [0] * plan.riders
    for slot, r in enumerate(t.slot_rider):
        slots[r] = slot
    decisions: list[TourDecision] = []
    voted = tuple(v > WAITING for v in t.votes) if t.phase == T_REPECHAGE else ()
    if t.phase == T_REPECHAGE:
        asked = tuple(s for s, v in enumerate(t.votes) if v != NOT_ASKED)
        decisions.append(TourDecision("repechage", asked, tuple(s for s in asked if t.votes[s] > WAITING), t.candidates))
    elif t.phase == T_LEADERS:
        for s, answer in enumerate(t.answers):
            if answer != NOT_ASKED:
                decisions.append(TourDecision("leader", (s,), (s,) if answer > WAITING else (), t.options[s], t.forced[s],
                                              answer if answer > WAITING else -1))
    my_vote = t.votes[seat] if t.phase == T_REPECHAGE and seat is not None and 0 <= seat < plan.players else WAITING
    if my_vote == NOT_ASKED:
        my_vote = WAITING
    last = t.arrivals[-1] if t.arrivals else ()
    return TourView(
        stage=t.stage + 1, stages=plan.stages, courses=plan.courses, phase=phase, step=step, repechage=plan.repechage,
        slots=tuple(slots), status=tuple(OUT_NAMES[o] for o in t.out), out=tuple(r for r, o in enumerate(t.out) if o),
        out_stage=tuple(k + 1 for k in t.out_stage), stage_times=t.times, stage_points=t.points, arrivals=t.arrivals,
        stage_winners=t.winners, reinstated=t.reinstated, cum_time=st.cumulative_time, cum_points=st.cumulative_points,
        general=tuple((r, st.cumulative_time[r]) for r in st.general),
        climbers=tuple((r, st.cumulative_points[r]) for r in st.climbers),
        teams=tuple((team, st.team_times[team]) for team in st.teams),
        arrival=tuple((r, t.times[-1][r]) for r in last), or_jersey=st.or_jersey, rouge_jersey=st.rouge_jersey,
        champion=t.winners[-1] if t.winners else -1, decisions=tuple(decisions), voted=voted, my_vote=my_vote,
        last_votes=t.last_votes, end_reason=t.end_reason, stages_run=len(t.winners),
        stage_slots=tuple(_slots_of(rode) for rode in t.rode), crossed=t.crossed)


def _slots_of(slot_rider: tuple[int, ...]) -> tuple[int, ...]:
    """Per tour rider, its slot, from a stage's ``slot_rider`` (per slot, its tour rider)."""
    slots = [0] * len(slot_rider)
    for slot, r in enumerate(slot_rider):
        slots[r] = slot
    return tuple(slots)


def tour_view(t, seat: int | None):
    """The current stage's race view with the tour attached; between stages and at the end, the finished race
    with the tour's seats to act."""
    view = t.race.view(seat)
    if t.phase == T_RACE:
        return dataclasses.replace(view, tour=tour_info(t, seat))
    return dataclasses.replace(view, tour=tour_info(t, seat), to_act=t.to_act())


def tour_from_view(cls, view, plan, rng: int, leg: bool = False):
    """A tour consistent with ``view`` (a bot's imagined world): the others' repêchage votes, if cast, are
    imagined as votes for nobody (``leg``: taken back, those seats are to vote again); the race gets a fresh
    RNG."""
    tv: TourView = view.tour
    phase = {("race", ""): T_RACE, ("between", "repechage"): T_REPECHAGE, ("between", "leaders"): T_LEADERS,
             ("over", ""): T_OVER}[(tv.phase, tv.step)]
    t = object.__new__(cls)
    t.plan = plan
    t.stage = tv.stage - 1
    t.phase = phase
    race_view = dataclasses.replace(view, tour=None, to_act=view.to_act if phase == T_RACE else ())
    t.race = VelomasterState.from_view(race_view, plan.setups[t.stage], rng)
    slot_rider = [0] * plan.riders
    for r, slot in enumerate(tv.slots):
        slot_rider[slot] = r
    t.slot_rider = tuple(slot_rider)
    t.times, t.points, t.arrivals, t.crossed = tv.stage_times, tv.stage_points, tv.arrivals, tv.crossed
    t.rode = tuple(_slots_of(slots) for slots in tv.stage_slots)  # (the same inversion, back)
    t.winners, t.reinstated = tv.stage_winners, tv.reinstated
    t.out = tuple(OUT_NAMES.index(x) for x in tv.status)
    t.out_stage = tuple(k - 1 for k in tv.out_stage)
    n = plan.players
    t.candidates = ()
    t.votes = t.answers = (NOT_ASKED,) * n
    t.options = ((),) * n
    t.forced = (False,) * n
    for d in tv.decisions:
        if d.kind == "repechage":
            t.candidates = d.riders
            votes = [NOT_ASKED] * n
            for s in d.seats:
                cast = s in d.answered and (s == view.seat or not leg)
                votes[s] = (tv.my_vote if s == view.seat else -1) if cast else WAITING
            t.votes = tuple(votes)
        else:
            s = d.seats[0]
            t.answers = t.answers[:s] + (d.choice if d.answered else WAITING,) + t.answers[s + 1:]
            t.options = t.options[:s] + (d.riders,) + t.options[s + 1:]
            t.forced = t.forced[:s] + (d.forced,) + t.forced[s + 1:]
    t.last_votes = tv.last_votes
    t.end_reason = tv.end_reason
    t._standings = None
    return t


__all__ = ["TourDecision", "TourView", "tour_from_view", "tour_info", "tour_view"]
