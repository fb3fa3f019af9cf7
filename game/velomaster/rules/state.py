"""The immutable VeloMaster race state: protocol methods, view and JSON (pure).

The transitions live in :mod:`.play`, the rankings in :mod:`.result`. A state references its
:class:`~.setup.Setup` (and through it the course tables); ``to_dict`` stores only the variant (course
name included) and the options, and the spec rebuilds the setup when reading a save.
"""

from __future__ import annotations

from typing import Any

from ...engine.protocol import Action, IllegalAction, Result, State
from ...engine.rng import seed_state
from . import play
from .actions import (
    ROLL,
    Assign,
    Descend,
    Entraide,
    Launch,
    NoDescend,
    Refuse,
    Roll,
    Step,
    Stop,
    cached,
    step_actions,
    stop_action,
)
from .codes import (
    CTX_NAMES,
    CTX_RACE,
    FIN,
    P_ASSIGN,
    P_DESCENT,
    P_ENTRAIDE,
    P_LAUNCH,
    P_LROLL,
    P_MOVE,
    P_ORDER,
    P_OVER,
    P_ROLL,
    PHASE_NAMES,
    ROAD,
    SIDE,
)
from .result import race_result
from .setup import Setup
from .standings import climbers_ranking
from .view import RiderView, SummitView, VelomasterView

STATE_VERSION = 1

SCALARS = ("rng", "phase", "actor", "seat", "ctx", "rnd", "turns", "wave", "lidx", "seq", "launched", "helped", "t0",
           "mr", "mdie", "mused")
TUPLES = ("order", "pend", "played", "dice", "left", "movers", "mpath", "desc", "ent", "sumc", "fin")
NESTED = ("pairs", "d20", "pts")
RIDER = ("pos", "st", "miss", "arr", "ftime")
FIELDS = SCALARS + TUPLES + NESTED + RIDER + ("over", "reason")
BOOK = ('order', 'pend', 'd20', 'launched', 'wave', 'lidx', 'sumc', 'fin', 't0', 'pts', 'ftime', 'reason')  # rarely written: shared between states until one changes
HOT = tuple(f for f in FIELDS if f not in BOOK)
assert set(HOT) == {'rng', 'phase', 'actor', 'seat', 'ctx', 'rnd', 'turns', 'seq', 'helped', 'mr', 'mdie', 'mused', 'played', 'dice', 'left', 'movers', 'mpath', 'desc', 'ent', 'pairs', 'over', 'pos', 'st', 'miss', 'arr'}
assert set(FIELDS) == {'rng', 'phase', 'actor', 'seat', 'ctx', 'rnd', 'turns', 'wave', 'lidx', 'seq', 'launched', 'helped', 't0', 'mr', 'mdie', 'mused', 'order', 'pend', 'played', 'dice', 'left', 'movers', 'mpath', 'desc', 'ent', 'sumc', 'fin', 'pairs', 'd20', 'over', 'reason', "pos", "st", "miss", "arr", "ftime", "pts"}

_NONE: tuple[Action, ...] = ()
_ROLL_ONLY = (ROLL,)


class Book:
    """The rarely written part of a state (start order, summit and finish records), shared by
    successive states until an action changes it (see :func:`.play.book`)."""

    __slots__ = BOOK

    def copy(self) -> "Book":
        b = object.__new__(Book)
        for name in BOOK:
            setattr(b, name, getattr(self, name))
        return b


def _book_field(name: str) -> property:
    def fget(self):
        return getattr(self.bk, name)

    def fset(self, value) -> None:  # only ever on a state being built: copy the shared book first
        if not self._bko:
            self.bk = self.bk.copy()
            self._bko = True
        setattr(self.bk, name, value)

    return property(fget, fset, doc=f"``bk.{name}`` (copy-on-write)")


def _blank(cls, setup: Setup):
    s = object.__new__(cls)
    s.setup = setup
    s.bk = object.__new__(Book)
    s._bko = True
    s._la = None
    s._occ = None
    return s


class VelomasterState(State):
    """One moment of a race. Per-rider tuples are indexed by rider (``seat * per_team + k``)."""

    __slots__ = ("setup", *HOT, "bk", "_bko", "_la", "_occ")

    order = _book_field("order")
    pend = _book_field("pend")
    d20 = _book_field("d20")
    launched = _book_field("launched")
    wave = _book_field("wave")
    lidx = _book_field("lidx")
    sumc = _book_field("sumc")
    fin = _book_field("fin")
    t0 = _book_field("t0")
    pts = _book_field("pts")
    ftime = _book_field("ftime")
    reason = _book_field("reason")

    # ------------------------------------------------------------------ construction

    @classmethod
    def initial(cls, setup: Setup, seed: int) -> "VelomasterState":
        s = _blank(cls, setup)
        n, nr = setup.players, setup.riders
        s.rng = seed_state(seed)
        s.phase, s.actor, s.seat, s.ctx = P_ORDER, 0, 0, CTX_RACE
        s.rnd = s.turns = s.wave = s.lidx = 0
        s.seq = 100
        s.launched = s.helped = 0
        s.t0 = -1
        s.mr, s.mdie, s.mused = -1, 0, 0
        s.order, s.pend, s.played = (), tuple(range(n)), ()
        s.dice = s.left = s.movers = s.mpath = s.desc = s.ent = s.fin = ()
        s.sumc = (0,) * len(setup.summits)
        s.pairs = ()
        s.d20 = ((),) * n
        s.pts = ((0,) * len(setup.summits),) * nr
        s.pos = (0,) * nr
        s.st = (ROAD,) * nr
        s.miss = (0,) * nr
        s.arr = (0,) * nr
        s.ftime = (-1,) * nr
        s.over, s.reason = False, ""
        s._la = None
        s._occ = None
        return s

    def _work(self) -> "VelomasterState":
        """A new state to fill in while applying an action (the book is shared until written)."""
        w = object.__new__(type(self))
        w.setup, w.bk, w._bko, w._la, w._occ = self.setup, self.bk, False, None, self._occ
        w.rng, w.phase, w.actor, w.seat, w.ctx, w.rnd, w.turns = self.rng, self.phase, self.actor, self.seat, self.ctx, self.rnd, self.turns
        w.seq, w.helped, w.mr, w.mdie, w.mused, w.played, w.dice = self.seq, self.helped, self.mr, self.mdie, self.mused, self.played, self.dice
        w.left, w.movers, w.mpath, w.desc, w.ent, w.pairs, w.over = self.left, self.movers, self.mpath, self.desc, self.ent, self.pairs, self.over
        w.pos, w.st, w.miss, w.arr = self.pos, self.st, self.miss, self.arr
        return w

    def _freeze(self) -> "VelomasterState":
        return self

    @property
    def players(self) -> int:  # type: ignore[override]
        return self.setup.players

    @property
    def course(self):
        return self.setup.geo.course

    # ------------------------------------------------------------------ protocol

    def to_act(self) -> tuple[int, ...]:
        return () if self.over else (self.actor,)

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        if self.over or seat != self.actor:
            return _NONE
        la = self._la
        if la is None:
            la = self._la = self._legal()
        return la

    def _legal(self) -> tuple[Action, ...]:
        phase = self.phase
        if phase in (P_ORDER, P_LROLL, P_ROLL):
            return _ROLL_ONLY
        if phase == P_MOVE:
            r = self.mr
            steps = step_actions(r)
            return tuple([steps[c] for c, _ in play.move_targets(self)] + [stop_action(r)])
        if phase == P_ASSIGN:
            return play.assign_options(self)
        if phase == P_DESCENT:
            r = self.desc[0]
            return tuple(cached(Descend, r, c) for c, _ in play.descent_targets(self, r)) + (cached(NoDescend, r),)
        if phase == P_ENTRAIDE:
            r, _ = play.entraide_mover(self)
            return tuple(cached(Entraide, r, c) for c, _ in play.entraide_targets(self)) + (cached(Refuse, r),)
        if phase == P_LAUNCH:
            return play.launch_options(self)
        return _NONE

    def why_illegal(self, seat: int, action: Action) -> str | None:
        if self.over:
            return "The race is over."
        if seat != self.actor:
            return "It is not your turn."
        if action in self.legal_actions(seat):
            return None
        phase = self.phase
        if phase in (P_ORDER, P_LROLL, P_ROLL):
            return "Roll the dice first."
        if phase == P_LAUNCH:
            return "Choose one of your two dice and a rider still on the start grid to launch."
        if phase == P_ASSIGN:
            return "Choose which rider moves now and which die it takes."
        if phase == P_MOVE:
            if type(action) in (Step, Stop) and action.rider != self.mr:
                return "Another rider is moving now."
            return ("That cell cannot be reached in one step: forward, or diagonally (sideways only where "
                    "there is no diagonal cell); never backwards, never onto or over a bike.")
        if phase == P_DESCENT:
            return "Take the extra descent cell (one step) or stay where you are."
        if phase == P_ENTRAIDE:
            return "Jump over the other bike of the entraide (one of the cells shown) or refuse it."
        return "That move is not allowed now."

    def apply(self, seat: int, action: Action):
        if not self.over and seat == self.actor:
            la = self._la
            if la is None:
                la = self._la = self._legal()
            if action in la:
                return play.apply_action(self, seat, action)
        raise IllegalAction(self.why_illegal(seat, action) or "That move is not allowed now.")

    def _apply(self, seat: int, action: Action):
        return play.apply_action(self, seat, action)

    def is_over(self) -> bool:
        return self.over

    def result(self) -> Result:
        return race_result(self)

    # ------------------------------------------------------------------ view

    def rider_status(self, r: int) -> str:
        st = self.st[r]
        if st == FIN:
            return "finished"
        if st == SIDE:
            return "down" if self.miss[r] else "roadside"
        return "road" if self.pos[r] else "start"

    def race_clock(self) -> int:
        return self.setup.nominal_s + 60 * (self.turns - self.t0) if self.t0 >= 0 else -1

    def view(self, seat: int | None) -> VelomasterView:
        su = self.setup
        g = su.geo
        riders = tuple(
            RiderView(r, su.owner[r], su.roles[r], su.bibs[r], self.pos[r] or None, self.rider_status(r),
                      self.miss[r], g.row[self.pos[r]], self.arr[r],
                      self.fin.index(r) + 1 if self.st[r] == FIN else 0, self.ftime[r], self.pts[r],
                      bool(self.helped >> r & 1), bool(self.launched >> r & 1))
            for r in range(su.riders))
        summits = tuple(SummitView(sm.index, sm.name, sm.category, sm.row, self.sumc[i], sm.points)
                        for i, sm in enumerate(su.summits))
        if self.over:
            order = self.played
        else:
            rest = [x for x in play.round_order(self) if x not in self.played] if self.rnd else list(self.order)
            order = self.played + tuple(rest)
        return VelomasterView(
            seat=seat, variant=su.variant, players=su.players, options=su.config.options, course=su.course_name,
            level=su.level.id, finish_row=su.finish_row, nominal_time=su.nominal_s,
            phase=PHASE_NAMES[self.phase], turn_seat=self.seat, to_act=self.to_act(), context=CTX_NAMES[self.ctx],
            round=self.rnd, turns=self.turns, wave=self.wave, launch_index=self.lidx, d20=self.d20,
            pending_rolls=self.pend, start_order=self.order, played=self.played, turn_order=order, dice=self.dice,
            dice_left=self.left, movers=self.movers, moving=self.mr, moving_die=self.mdie, moving_used=self.mused,
            moving_path=self.mpath, descents=self.desc, entraide=self.ent, entraide_pairs=self.pairs,
            arrival_seq=self.seq, summits=summits, riders=riders, finish_order=self.fin,
            first_arrival_turn=self.t0, race_clock=self.race_clock(), climbers=climbers_ranking(self),
            over=self.over, end_reason=self.reason)

    @classmethod
    def from_view(cls, view: VelomasterView, setup: Setup, rng: int) -> "VelomasterState":
        s = _blank(cls, setup)
        s.rng = rng
        s.phase = PHASE_NAMES.index(view.phase)
        s.actor = view.to_act[0] if view.to_act else -1
        s.seat, s.ctx = view.turn_seat, CTX_NAMES.index(view.context)
        s.rnd, s.turns, s.wave, s.lidx, s.seq = view.round, view.turns, view.wave, view.launch_index, view.arrival_seq
        s.launched = sum(1 << r.id for r in view.riders if r.launched)
        s.helped = sum(1 << r.id for r in view.riders if r.helped)
        s.t0 = view.first_arrival_turn
        s.mr, s.mdie, s.mused = view.moving, view.moving_die, view.moving_used
        s.order, s.pend, s.played = view.start_order, view.pending_rolls, view.played
        s.dice, s.left, s.movers, s.mpath = view.dice, view.dice_left, view.movers, view.moving_path
        s.desc, s.ent, s.fin = view.descents, view.entraide, view.finish_order
        s.sumc = tuple(sm.crossed for sm in view.summits)
        s.pairs, s.d20 = view.entraide_pairs, view.d20
        rs = view.riders
        s.pts = tuple(r.points for r in rs)
        s.pos = tuple(r.cell or 0 for r in rs)
        s.st = tuple(FIN if r.status == "finished" else SIDE if r.status in ("down", "roadside") else ROAD for r in rs)
        s.miss = tuple(r.miss for r in rs)
        s.arr = tuple(r.arrival for r in rs)
        s.ftime = tuple(r.time for r in rs)
        s.over, s.reason = view.over, view.end_reason
        s._la = None
        s._occ = None
        return s

    # ------------------------------------------------------------------ JSON (loading, with its checks: saves.py)

    def to_dict(self) -> dict[str, Any]:
        cfg = self.setup.config
        data: dict[str, Any] = {"version": STATE_VERSION, "variant": cfg.variant, "players": cfg.players,
                                "options": {k: v for k, v in cfg.options}, "course": self.setup.course_name}
        for name in SCALARS + RIDER:
            v = getattr(self, name)
            data[name] = list(v) if isinstance(v, tuple) else v
        for name in TUPLES:
            data[name] = list(getattr(self, name))
        for name in NESTED:
            data[name] = [list(x) for x in getattr(self, name)]
        data["over"], data["reason"] = self.over, self.reason
        return data


ACTIONS_BY_PHASE = {P_ORDER: (Roll,), P_LROLL: (Roll,), P_ROLL: (Roll,), P_LAUNCH: (Launch,), P_ASSIGN: (Assign,),
                    P_MOVE: (Step, Stop), P_DESCENT: (Descend, NoDescend), P_ENTRAIDE: (Entraide, Refuse),
                    P_OVER: ()}
