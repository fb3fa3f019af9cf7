"""What the stage races' screens show, read from the race view's ``tour`` (a TourView): the stage k of N and
its courses, the four classifications (general time = Maillot Or, climbers = Maillot Rouge, teams, the
stage's arrival order), the jersey holders, the points sheet's "Cumulé" figures per rider slot, and the
decisions pending between stages. No pygame: the screens draw these lines; the tests read them. The words are in
the language in use when the standings are made (the screens make them again after a change of language).

Every rider is named as the race table names it: "Ann's leader", "Bob's grey team-mate"."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from ..i18n import C_, N_, _, capital, fill, join_names, ngettext, tr
from .race_panel import clock, points_words
from .rules.events import gap
from .rules.view import VelomasterView
from .table_words import rider_words as table_rider_words
from .table_words import role_words

# the words this module keeps in English and the tour screen translates where it draws them
_MARKED = (N_("Maillot Or"), N_("Maillot Rouge"), N_("Champion"), N_("Repêchage"), N_("New leader"), N_("Leader"))

JERSEYS = ("or", "rouge", "champion")
JERSEY_NAMES = {"or": "Maillot Or", "rouge": "Maillot Rouge", "champion": "Champion"}  # translated where drawn


@dataclass(frozen=True)
class Line:
    """A line of a classification: who (a rider slot of the race view, or a team), its figure and words."""

    rider: int  # rider slot in the race view; -1 for a team line
    team: int
    words: str  # "Ann's leader", "Team Ann"
    figure: str  # "3h12'40", "+1'20", "45 pts", "–"
    out: bool = False  # abandoned or excluded: listed greyed, holds no jersey
    on_road: bool = False  # a stage's result: still on the road when the stage ended, timed there (no arrival)
    note: str = ""  # after ``words``, never cut: what a rider renamed by a change of leader is now ("(now leader)")
    short_note: str = ""  # the same, shorter ("(→ leader)"), where the note would cut whose rider it is


@dataclass(frozen=True)
class Decision:
    """A pending decision between stages, in words; ``seats`` who must answer, ``answered`` who has."""

    kind: str  # "repechage" | "leader"
    title: str
    text: str
    seats: tuple[int, ...]
    answered: tuple[int, ...]
    outcome: str = ""  # the votes once all are in ("Ann: Bob's leader · Cleo: nobody")


@dataclass(frozen=True)
class Standings:
    stage: int  # the last stage ridden (1-based); 0 before the first ends
    stages: int
    courses: tuple[str, ...]
    general: tuple[Line, ...]
    climbers: tuple[Line, ...]
    teams: tuple[Line, ...]
    arrival: tuple[Line, ...]  # the last stage: who crossed the line, then (``on_road``) who was timed on the road
    jerseys: dict  # "or" / "rouge" / "champion" -> rider slot
    cumulated: tuple[tuple[int, int], ...]  # per rider slot: (tour time so far or -1, tour points)
    decisions: tuple[Decision, ...]
    between: bool  # the tour waits between stages (decisions pending)
    over: bool  # the tour is over (after its last stage)
    # the last stage's own results name each rider by the slot it rode in that stage (as its points sheet does),
    # though a change of leader since gives it another slot: the arrivals' lines (``arrival``) and these
    winner: int = -1  # the stage winner's slot in that stage
    arrival_jerseys: dict = dataclasses.field(default_factory=dict)  # "or" / "rouge" / "champion" -> slot in it
    winner_note: str = ""  # what the stage winner is now if a change of leader renamed it ("(now leader)")
    winner_short_note: str = ""  # the same, shorter ("(→ leader)")

    @property
    def next_stage(self) -> int:
        return self.stage + 1 if self.stage < self.stages else 0

    def course_of(self, stage: int) -> str:
        return self.courses[stage - 1] if 1 <= stage <= len(self.courses) else ""


def rider_words(view: VelomasterView, slot: int, names) -> str:
    """"Ann's leader", "Bob's grey team-mate", "neutral green bike"."""
    return table_rider_words(view, slot, names)


def stage_title(view: VelomasterView) -> str:
    """"Stage 2/3 · Aurillac" while a tour's stage is raced; "" for a single race."""
    tour = getattr(view, "tour", None)
    if tour is None:
        return ""
    return _("Stage {stage}/{stages} · {course}").format(stage=tour.stage, stages=tour.stages,
                                                        course=view.course.capitalize())


def standings_of(view: VelomasterView, names) -> Standings:
    """The standings the screens show, from ``view.tour`` (tour riders shown as the slots they ride in this
    race view: after a leader change the new leader is "Ann's leader"; the last stage's arrivals and winner as
    the slots they rode in that stage, as its points sheet shows them)."""
    tour = view.tour
    slots = tour.slots
    rode = tour.stage_slots[-1] if tour.stage_slots else slots  # the last stage run's slots

    def slot_of(r: int, frame=slots) -> int:
        return frame[r] if 0 <= r < len(frame) else -1

    def renamed(r: int, short: bool = False) -> str:
        """What a rider of the last stage is now if a change of leader renamed it since ("(now leader)", "(now
        grey team-mate)"; ``short``: "(→ leader)"), else ""."""
        then, now = slot_of(r, rode), slot_of(r, slots)
        if then == now or not 0 <= now < len(view.riders):
            return ""
        return (_("(→ {role})") if short else _("(now {role})")).format(role=role_words(view, now))

    def line(r: int, figure: str, frame=slots) -> Line:
        slot = slot_of(r, frame)
        team = view.riders[slot].team if 0 <= slot < len(view.riders) else -1
        return Line(slot, team, rider_words(view, slot, names), figure, tour.status[r] != "in",
                    note=renamed(r) if frame is rode else "", short_note=renamed(r, True) if frame is rode else "")

    best = tour.general[0][1] if tour.general else 0
    general = tuple(line(r, clock_or_gap(time, best, i == 0)) for i, (r, time) in enumerate(tour.general))
    general += tuple(line(r, status_words(tour.status[r])) for r in tour.out)
    climbers = tuple(line(r, points_words(points)) for r, points in tour.climbers)
    ranked = [time for _, time in tour.teams if time >= 0]
    teams = tuple(Line(-1, team, team_words(view, team, names),
                       clock_or_gap(time, ranked[0], i == 0) if time >= 0 else _("not ranked"), time < 0)
                  for i, (team, time) in enumerate(tour.teams))
    crossed = tour.arrival_crossed
    arrival = tuple(dataclasses.replace(line(r, clock_words(time), rode), on_road=k >= crossed)
                    for k, (r, time) in enumerate(tour.arrival))
    holders = (("or", tour.or_jersey), ("rouge", tour.rouge_jersey), ("champion", tour.champion))
    jerseys = {kind: slot_of(r) for kind, r in holders if r >= 0}
    arrival_jerseys = {kind: slot_of(r, rode) for kind, r in holders if r >= 0}
    cumulated = [(-1, 0)] * len(view.riders)
    for r, slot in enumerate(slots):
        if 0 <= slot < len(cumulated):
            cumulated[slot] = (tour.cum_time[r] if tour.status[r] == "in" else -1, tour.cum_points[r])
    return Standings(len(tour.stage_times), tour.stages, tuple(tour.courses), general, climbers, teams, arrival,
                     jerseys, tuple(cumulated), decisions_of(view, names), tour.phase == "between",
                     tour.phase == "over", slot_of(tour.champion, rode) if tour.champion >= 0 else -1,
                     arrival_jerseys, renamed(tour.champion) if tour.champion >= 0 else "",
                     renamed(tour.champion, True) if tour.champion >= 0 else "")


def decisions_of(view: VelomasterView, names) -> tuple[Decision, ...]:
    """The decisions pending between stages, in words (who has answered; never what a secret vote is)."""
    tour = view.tour
    slots = tour.slots

    def who(r: int) -> str:
        return rider_words(view, slots[r], names) if 0 <= r < len(slots) else _("nobody")

    found = []
    for d in tour.decisions:
        if d.kind == "repechage":
            riders = join_names(who(r) for r in d.riders)
            found.append(Decision("repechage", _("Repêchage"), capital(ngettext(
                "{riders} abandoned after a crash: each director votes to bring one back, or nobody (the stage "
                "winner's director breaks a tie). The votes show once all are in.",
                "{riders} abandoned after a crash: each director votes to bring one back, or nobody (the stage "
                "winner's director breaks a tie). The votes show once all are in.", len(d.riders)).format(
                riders=riders)), d.seats, d.answered))
            continue
        seat = d.seats[0]
        if d.forced:
            text = fill(_("{player}'s leader is out of the race: {player} names a new leader."), player=names[seat])
        else:
            holders = [who(r) for r in d.riders[1:]]
            text = (_("{rider} holds a jersey: {player} may make it the leader.").format(
                rider=holders[0], player=names[seat]) if len(holders) == 1 else
                _("{riders} hold jerseys: {player} may make one of them the leader.").format(
                riders=join_names(holders), player=names[seat]))
        outcome = _("{player} names {rider}").format(player=names[seat], rider=who(d.choice)) if d.choice >= 0 else ""
        found.append(Decision("leader", _("New leader") if d.forced else _("Leader"), capital(text), d.seats,
                              d.answered, outcome))
    return tuple(found)


def clock_words(seconds: int | None) -> str:
    """A time as the race table writes it ("1h06'00", "33'00"); "out" for none."""
    return tr(C_("rider", "out")) if seconds is None or seconds < 0 else clock(seconds)


def clock_or_gap(seconds: int, best: int, first: bool) -> str:
    """The leader's time in full, the others' gap on it ("+1'20"); "same time" for a gap of 0."""
    if seconds is None or seconds < 0:
        return tr(C_("rider", "out"))
    if first:
        return clock_words(seconds)
    return gap(seconds - best) if seconds > best else _("same time")


def team_words(view: VelomasterView, team: int, names) -> str:
    """"Ann" or, when two seats share the team (5 players and more), "Ann & Eve"; "neutral" for the neutral
    team."""
    if team >= view.players:
        return _("neutral team")
    seats = sorted({r.seat for r in view.riders if r.team == team})
    return " & ".join(names[s] for s in seats if 0 <= s < len(names)) or _("team {n}").format(n=team + 1)


# what tour.status says of a rider out of the tour (the engine's English keys)
STATUS_WORDS = {"abandoned": N_("abandoned"), "excluded": N_("excluded")}


def status_words(status: str) -> str:
    return _(STATUS_WORDS[status]) if status in STATUS_WORDS else status
