"""Loading a saved VeloMaster race: every field's type and range, then the race's consistency rules
(riders on cells the course has, never two bikes on one cell, finishers and their times, summit
crossings and points matching where the riders are), each problem named in a ValueError. Saves,
replays and invariant checks only (not on the engine's hot path)."""

from __future__ import annotations

from typing import Any, Mapping

from ...engine.rng import MASK64
from ...engine.saved_fields import SavedFields
from . import pro_start
from .codes import (
    CTX_ENTRAIDE,
    CTX_NAMES,
    FIN,
    OUT,
    P_MOVE,
    P_NEUTRAL,
    P_OVER,
    P_PREPARE,
    P_PROPOSE,
    P_VOTE,
    PHASE_NAMES,
    ROAD,
    SIDE,
    VOTE_WAITING,
)
from .setup import Setup
from .state import NESTED, RIDER, SCALARS, TUPLES, VelomasterState, _blank, save_key

END_REASONS = ("leaders", "team", "limit")  # see play._end_turn


def state_from_dict(data: Mapping[str, Any], setup: Setup) -> VelomasterState:
    """The race saved as ``data`` (see :meth:`VelomasterState.to_dict`), or ValueError naming what is wrong."""
    f = SavedFields(data, "the saved VeloMaster race")
    n, nr, ns = setup.players, setup.riders, len(setup.summits)
    seat, rider = (0, n - 1), (0, nr - 1)
    cell = (0, setup.geo.size - 1)
    every_rider = (1 << nr) - 1
    longest_move = 12 if setup.pro.attacks else 6  # Pro: an attack moves the sum of two dice
    scalars = {  # by field name (a save keeps the short keys: state.SAVE_KEYS)
        "rng": (0, MASK64), "phase": (0, len(PHASE_NAMES) - 1 if setup.level.accelerations else P_OVER), "actor": (-1, n - 1), "seat": seat,
        "move_context": (0, len(CTX_NAMES) - 1 if setup.level.accelerations else CTX_ENTRAIDE), "round": (0, None), "turns": (0, None), "wave": (0, None),
        "launch_index": seat, "arrival_seq": (0, None), "launched": (0, every_rider), "helped": (0, every_rider),
        "first_arrival_turn": (-1, None), "moving_rider": (-1, nr - 1),
        "move_die": (0, longest_move), "move_used": (0, longest_move),
    }
    lists = {
        "order": seat, "pending_rolls": seat, "played": seat, "dice": (1, 6), "dice_left": (1, 6),
        "movers": rider, "move_path": cell, "descents": rider, "entraide": (0, None), "summit_crossings": (0, nr),
        "finish_order": rider, "pos": cell, "status": (ROAD, OUT), "miss": (0, None), "arrival": (0, None),
        "finish_time": (-1, None),
    }
    assert set(scalars) == set(SCALARS) and set(lists) == set(TUPLES + RIDER)
    s = _blank(VelomasterState, setup)
    for name, (lo, hi) in scalars.items():
        setattr(s, name, f.number(save_key(name), lo, hi))
    for name, (lo, hi) in lists.items():
        length = nr if name in RIDER else ns if name == "summit_crossings" else None
        setattr(s, name, f.numbers(save_key(name), lo, hi, length=length))
    nested = {"pairs": f.rows("pairs", *rider, row_length=2), "d20": f.rows("d20", 1, 20, length=n),
              "points": f.rows(save_key("points"), 0, length=nr, row_length=ns)}
    assert set(nested) == set(NESTED)
    for name, value in nested.items():
        setattr(s, name, value)
    phases = len(setup.level.phases)  # a one-phase level (Débutant) saves no phase index: it is 0
    s.round_phase = f.number("round_phase", 0, phases - 1) if phases > 1 or "round_phase" in data else 0
    incidents = setup.level.incidents  # Expert's incident records (absent from a Débutant save: all zero)
    zones = len(setup.geo.feed_last_row)
    for name, hi in (("fed_zones", (1 << zones) - 1), ("missed_feed", 1), ("worst_die", 1), ("punctured", 1),
                     ("crashes", 99), ("flats", 99)):
        setattr(s, name, f.numbers(name, 0, hi, length=nr) if incidents else (0,) * nr)
    s.shared_die = f.number("shared_die", 0, 6) if incidents else 0
    s.lines = f.rows("lines", *rider) if incidents else ()
    s.votes = f.numbers("votes", 0, 3, length=n) if incidents else (0,) * n
    s.seat_skips = f.numbers("seat_skips", 0, 9, length=n) if incidents else (0,) * n
    s.neutral_rolled = f.number("neutral_rolled", 0, 1) if incidents else 0
    s.seats = setup.seats(f.numbers("seating", 0, n - 1, length=nr)) if incidents else setup.default_seats
    s.waiting = f.numbers("waiting", 0, max(nr - 1, longest_move)) if incidents else ()
    if len(s.waiting) not in (0, 2) or (s.waiting and not (s.waiting[0] < nr and 1 <= s.waiting[1] <= longest_move)):
        raise ValueError("a blocked leader waiting for the road to open is saved as its rider and the cells left")
    _load_pro(s, f, data)
    s.over = f.flag("over")
    s.reason = f.text("reason", ("",) + END_REASONS)
    _check_positions(s)
    _check_finish(s)
    _check_summits(s)
    _check_turn(s)
    _check_pro(s)
    return s


def _load_pro(s: VelomasterState, f: SavedFields, data: Mapping[str, Any]) -> None:
    """Pro's fields: saved by a Pro race only (a Débutant or Expert save has none: everyone at 100 %)."""
    su = s.setup
    n, nr, per = su.players, su.riders, su.per_team
    if not su.level.pro_rules:
        pro_start.begin(s, None)
        return
    every_rider = (1 << nr) - 1
    phase = s.phase
    s.condition = f.numbers("condition", 0, 999, length=nr)
    if f.number("version", 1) >= 2:  # the public figure (state version 2): 0 to 100, never above the exact one
        s.public = f.numbers("public", 0, 100, length=nr)
    else:  # a Pro race saved before the public figure existed: what the others were shown then, the capped one
        s.public = tuple(min(v, 100) for v in s.condition)
    s.attacker = f.number("attacker", -1, nr - 1)
    picks = f.rows("picks", -1, (1 << per) - 1, length=n)
    for seat, p in enumerate(picks):
        if p and (len(p) != 3 or not -1 <= p[0] < per or p[2] not in (0, 1)):
            raise ValueError(f"seat {seat + 1}'s stage-start picks are saved as the surmotivé slot (-1 to {per - 1}), "
                             f"the doped slots' bits and clean (0 or 1)")
    s.picks = picks
    for name in ("motivated", "doped", "clean", "excluded", "line_bonus", "feed_pending"):
        setattr(s, name, f.number(name, 0, every_rider))
    s.controlled = f.numbers("controlled", 0, nr - 1)
    s.phase = phase


def _check_pro(s: VelomasterState) -> None:
    """The Pro fields agree with the race: the stage start's picks only while it lasts, an attacker of the seat
    whose turn it is, the control's riders across the line and only once the race is over."""
    su = s.setup
    if s.phase == P_PREPARE and not su.pro.condition:
        raise ValueError("the race waits for the stage start's picks, but it does not play the physical condition")
    if s.phase == P_PREPARE and all(s.picks):
        raise ValueError("the race waits for the stage start's picks, but every seat has made them")
    if s.phase != P_PREPARE and any(s.picks):
        raise ValueError("stage-start picks are saved outside the stage start")
    if s.attacker >= 0:
        if not su.pro.attacks:
            raise ValueError("a rider attacks, but this race does not play the attacks")
        if s.seats.controller[s.attacker] != s.seat or s.status[s.attacker] == FIN:
            raise ValueError(f"rider {s.attacker + 1} attacks, but it is not a racing rider of the seat whose turn it is")
    if len(set(s.controlled)) != len(s.controlled) or len(s.controlled) > 6:
        raise ValueError("the anti-doping control names at most six different riders")
    if s.controlled and not s.over:
        raise ValueError("riders were controlled for doping before the race is over")
    if any(r not in s.finish_order for r in s.controlled):
        raise ValueError("the anti-doping control names a rider who did not cross the line")
    if any(s.excluded >> r & 1 and r not in s.controlled for r in range(su.riders)):
        raise ValueError("a rider is excluded for doping without having been controlled")
    if su.pro.condition and any(v <= 30 and st != OUT for v, st in zip(s.condition, s.status, strict=True)):
        raise ValueError("a rider at 30 % condition or less is still racing (30 %: abandon)")
    for r, (exact, public) in enumerate(zip(s.condition, s.public, strict=True)):
        if public > exact:
            raise ValueError(f"rider {r + 1}'s public condition ({public} %) is above its exact condition ({exact} %): "
                             f"the others never count more than the rider has")


def _where(s: VelomasterState, c: int) -> str:
    g = s.setup.geo
    return f"cell {c} (row {g.row[c]}, lane {g.lane[c]})"


def _check_positions(s: VelomasterState) -> None:
    """Riders are on cells the course has (0: the start area); two bikes on the road never share a cell."""
    g = s.setup.geo
    on: dict[int, int] = {}
    for r, (c, status) in enumerate(zip(s.pos, s.status, strict=True)):
        if c and g.row[c] < 0:
            raise ValueError(f"rider {r + 1} is on cell {c}, which the course does not have")
        if c and not s.launched >> r & 1:
            raise ValueError(f"rider {r + 1} is on the course but was never launched")
        if status == OUT and not s.setup.level.crash_gravity and s.launched >> r & 1:  # (never launched: a tour's absent rider)
            raise ValueError(f"rider {r + 1} has abandoned, but only a crash's gravity roll (Expert) makes a rider abandon")
        if s.miss[r] and status != SIDE:
            raise ValueError(f"rider {r + 1} misses turns after a crash but is not at the roadside")
        if not c or status != ROAD:
            continue  # the start area holds every bike; a bike at the roadside or across the line is off the road
        other = on.get(c)
        if other is not None:
            raise ValueError(f"riders {other + 1} and {r + 1} are both on {_where(s, c)}")
        on[c] = r
    for c in s.move_path:
        if c and g.row[c] < 0:
            raise ValueError(f"the moving rider's path goes through cell {c}, which the course does not have")


def _check_finish(s: VelomasterState) -> None:
    """Finishers are past the line, in 'fin' (``finish_order``) once each, timed from the first one: the
    first arrival's turn (``first_arrival_turn``, saved as 't0') plus a minute per turn played since, never earlier than the rider before."""
    su = s.setup
    g = su.geo
    if len(set(s.finish_order)) != len(s.finish_order):
        raise ValueError("a rider crosses the line twice in 'fin'")
    if (s.first_arrival_turn >= 0) != bool(s.finish_order) or s.first_arrival_turn > s.turns:
        raise ValueError("the first arrival's turn does not match the riders across the line")
    previous = su.nominal_s
    for r in range(su.riders):
        finished = s.status[r] == FIN
        if finished != (r in s.finish_order):
            raise ValueError(f"rider {r + 1} is " + ("finished but not in the order across the line" if finished
                                                     else "in the order across the line but still racing"))
        past = g.row[s.pos[r]] >= su.finish_row
        if finished != past:
            raise ValueError(f"rider {r + 1} is " + (f"finished but on row {g.row[s.pos[r]]}, before the line "
                                                     f"(row {su.finish_row})" if finished else
                                                     f"still racing on row {g.row[s.pos[r]]}, past the line "
                                                     f"(row {su.finish_row})"))
        if not finished and s.finish_time[r] != -1:
            raise ValueError(f"rider {r + 1} has a finish time but has not finished")
    for place, r in enumerate(s.finish_order):
        time = s.finish_time[r]
        gap = time - su.nominal_s
        if gap < 0 or gap % 60 or gap > 60 * (s.turns - s.first_arrival_turn) or time < previous or (place == 0 and gap):
            raise ValueError(f"rider {r + 1}'s finish time {time} s does not follow from the winner's "
                             f"{su.nominal_s} s plus a minute per turn played since")
        previous = time


def _check_summits(s: VelomasterState) -> None:
    """Each summit counts the riders past its row, and its points went to the first of them."""
    su = s.setup
    g = su.geo
    rows = [g.row[c] for c in s.pos]
    for sm in su.summits:
        i = sm.index
        over = sum(1 for row in rows if row >= sm.row)
        if s.summit_crossings[i] != over:
            raise ValueError(f"{s.summit_crossings[i]} riders crossed the {sm.name} but {over} are past it")
        for r, row in enumerate(rows):
            if s.points[r][i] and row < sm.row:
                raise ValueError(f"rider {r + 1} has points at the {sm.name} but has not reached it")
        paid = sorted(s.points[r][i] for r in range(su.riders))
        due = sorted(list(sm.points[:over]) + [0] * (su.riders - min(over, len(sm.points))))
        if paid != due:
            raise ValueError(f"the points at the {sm.name} ({', '.join(str(p) for p in paid if p) or 'none'}) "
                             f"are not those of its first {over} riders across")


def _check_turn(s: VelomasterState) -> None:
    su = s.setup
    if s.over != (s.phase == P_OVER) or s.over != (s.actor < 0) or s.over != bool(s.reason):
        raise ValueError("a finished race is in the over phase with nobody to act and the reason it ended, "
                         "and a race still running is not")
    if (s.phase == P_MOVE) != (s.moving_rider >= 0):
        raise ValueError("a rider is moving exactly when the race waits for its next step")
    if s.moving_rider >= 0 and s.seats.controller[s.moving_rider] != s.actor:
        raise ValueError(f"rider {s.moving_rider + 1} is moving but its team is not the one to act")
    if s.phase in (P_PROPOSE, P_VOTE) and not (s.lines and len(s.lines[0]) >= 3):
        raise ValueError("an accélération is proposed or voted on, but no line of three bikes or more is saved")
    if s.phase == P_VOTE and VOTE_WAITING not in s.votes:
        raise ValueError("an accélération is being voted on, but nobody is asked")
    if s.phase == P_NEUTRAL and su.neutral_team < 0:
        raise ValueError("neutral bikes are being shared out, but this race has no neutral team")
    if s.move_used > s.move_die:
        raise ValueError(f"the moving rider used {s.move_used} cells of a die of {s.move_die}")
    if len(s.entraide) == 1 or 2 < len(s.entraide) < 4:
        raise ValueError("an entraide in progress names its riders (two or more), its stage and who jumped")
    if s.entraide:
        riders, stage = s.entraide[:-2], s.entraide[-2]
        if any(r >= su.riders for r in riders) or len(set(riders)) != len(riders):
            raise ValueError("the entraide in progress names a rider who is not in the race, or one twice")
        if stage >= len(riders) or s.entraide[-1] >= 1 << len(riders):
            raise ValueError("the entraide in progress is at a stage past its last rider")
        if len(riders) > 2 and not su.level.accelerations:
            raise ValueError("a line of three bikes or more moves only in an accélération (Expert)")
