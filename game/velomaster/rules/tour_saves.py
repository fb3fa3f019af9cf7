"""Saving and loading a VeloMaster tour's state (pure): the tour's records, then the current stage's race as a
single race saves it. Loading checks every field's type and range and the tour's consistency rules (each team's
riders ride its own slots, the records cover the stages run, a rider out of the tour does not start a later
stage, the decisions pending match the phase), each problem named in a ValueError.

Matches save config + seed + actions (a tour replays like any match); this format serves the invariant checks
and anything that stores a state."""

from __future__ import annotations

from typing import Any, Mapping

from ...engine.saved_fields import SavedFields
from .codes import OUT
from .saves import state_from_dict as race_from_dict
from .state import state_version
from .tour_codes import END_REASONS, NOT_ASKED, T_LEADERS, T_OVER, T_RACE, T_REPECHAGE, TOUR_PHASES, WAITING
from .tour_standings import IN

MAX_STAGE_TIME = 99 * 3600  # seconds: no stage comes near it


def tour_to_dict(t) -> dict[str, Any]:
    cfg = t.plan.config
    return {
        "version": state_version(t.race.setup), "variant": cfg.variant, "players": cfg.players, "options": {k: v for k, v in cfg.options},
        "tour": {
            "stage": t.stage, "phase": TOUR_PHASES[t.phase], "slots": list(t.slot_rider),
            "times": [list(x) for x in t.times], "points": [list(x) for x in t.points],
            "arrivals": [list(x) for x in t.arrivals], "crossed": list(t.crossed), "winners": list(t.winners), "reinstated": list(t.reinstated),
            "out": list(t.out), "out_stage": list(t.out_stage), "candidates": list(t.candidates),
            "votes": list(t.votes), "answers": list(t.answers), "choices": [list(x) for x in t.options],
            "forced": [int(x) for x in t.forced], "last_votes": list(t.last_votes), "end": t.end_reason,
            "rode": [list(x) for x in t.rode],
        },
        "race": t.race.to_dict(),
    }


def tour_from_dict(cls, data: Mapping[str, Any], plan):
    """The tour saved as ``data`` (see :func:`tour_to_dict`), or ValueError naming what is wrong."""
    f = SavedFields(SavedFields(data, "the saved VeloMaster tour").get("tour"), "the saved tour")
    n, nr, per = plan.players, plan.riders, plan.per_team
    rider = (0, nr - 1)
    t = object.__new__(cls)
    t.plan = plan
    t.stage = f.number("stage", 0, plan.stages - 1)
    t.phase = f.choice("phase", TOUR_PHASES)
    run = t.stage + (0 if t.phase == T_RACE else 1)  # stages recorded
    t.slot_rider = f.numbers("slots", *rider, length=nr)
    if sorted(t.slot_rider) != list(range(nr)) or any(r // per != slot // per for slot, r in enumerate(t.slot_rider)):
        raise ValueError("the tour's riders must each ride one slot of their own team")
    t.times = f.rows("times", -1, MAX_STAGE_TIME, length=run, row_length=nr)
    t.points = f.rows("points", 0, 10_000, length=run, row_length=nr)
    t.arrivals = f.rows("arrivals", *rider, length=run)
    for k, order in enumerate(t.arrivals):
        if len(set(order)) != len(order) or any(t.times[k][r] < 0 for r in order):
            raise ValueError(f"stage {k + 1}'s arrival order names a rider twice or one without a time")
    t.crossed = f.numbers("crossed", 0, nr, length=run)
    if any(c > len(order) for c, order in zip(t.crossed, t.arrivals, strict=True)):
        raise ValueError("more riders crossed a stage's line than its arrival order names")
    t.rode = f.rows("rode", *rider, length=run, row_length=nr)
    if any(sorted(slots) != list(range(nr)) or any(r // per != slot // per for slot, r in enumerate(slots))
           for slots in t.rode):
        raise ValueError("in each stage run the tour's riders each rode one slot of their own team")
    t.winners = f.numbers("winners", -1, nr - 1, length=run)
    t.reinstated = f.numbers("reinstated", -1, nr - 1, length=run)
    t.out = f.numbers("out", 0, 2, length=nr)
    t.out_stage = f.numbers("out_stage", -1, max(0, run - 1), length=nr)
    if any((o == IN) != (k < 0) for o, k in zip(t.out, t.out_stage, strict=True)):
        raise ValueError("a rider is out of the tour exactly when the stage it left is saved")
    t.candidates = f.numbers("candidates", *rider)
    t.votes = f.numbers("votes", NOT_ASKED, nr - 1, length=n)
    t.answers = f.numbers("answers", NOT_ASKED, nr - 1, length=n)
    t.options = f.rows("choices", *rider, length=n)
    t.forced = tuple(bool(x) for x in f.numbers("forced", 0, 1, length=n))
    t.last_votes = f.numbers("last_votes", -1, nr - 1)
    if t.last_votes and len(t.last_votes) != n:
        raise ValueError(f"the last repêchage's votes are one per seat ({n})")
    t.end_reason = f.text("end", END_REASONS)
    t._standings = None
    t.race = race_from_dict(SavedFields(data, "the saved VeloMaster tour").get("race"), plan.setups[t.stage])
    _check_decisions(t)
    _check_race(t)
    return t


def _check_decisions(t) -> None:
    plan = t.plan
    if (t.phase == T_REPECHAGE) != (WAITING in t.votes) or (t.phase == T_REPECHAGE) != bool(t.candidates):
        raise ValueError("a repêchage vote is under way exactly between stages with riders to vote on and votes awaited")
    for s, vote in enumerate(t.votes):
        if vote >= 0 and vote not in t.candidates:
            raise ValueError(f"seat {s + 1} voted for a rider who is not a repêchage candidate")
    if any(t.out[r] == IN or t.out_stage[r] != t.stage for r in t.candidates):
        raise ValueError("a repêchage candidate abandoned in the stage just run")
    if (t.phase == T_LEADERS) != (WAITING in t.answers):
        raise ValueError("a leader choice is under way exactly when a seat is asked")
    for s, answer in enumerate(t.answers):
        if answer == NOT_ASKED and t.options[s] or answer != NOT_ASKED and not t.options[s]:
            raise ValueError(f"seat {s + 1} is asked about its leader exactly when it has riders to choose from")
        if answer >= 0 and answer not in t.options[s]:
            raise ValueError(f"seat {s + 1} named a leader it could not choose")
        if any(r // plan.per_team != plan.setups[0].seat_team[s] or t.out[r] != IN for r in t.options[s]):
            raise ValueError(f"seat {s + 1} may name as leader only a rider of its team still in the tour")
    if (t.phase == T_OVER) != bool(t.end_reason):
        raise ValueError("a finished tour says why it ended, and a tour still running does not")


def _check_race(t) -> None:
    race = t.race
    if race.over != (t.phase != T_RACE):
        raise ValueError("the stage's race is over exactly when the tour is between stages or over")
    for slot, r in enumerate(t.slot_rider):
        if t.out[r] != IN and t.out_stage[r] < t.stage and race.status[slot] != OUT:
            raise ValueError(f"rider {r + 1} left the tour in stage {t.out_stage[r] + 1} but rides stage {t.stage + 1}")


__all__ = ["tour_from_dict", "tour_to_dict"]
