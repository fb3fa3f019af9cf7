"""Helpers for the VeloMaster rule tests: small synthetic courses, races set up cell by cell, loaded dice.

A synthetic course is a straight road ``lanes`` wide (cell id = 1 + row * lanes + lane) with climbs,
descents, danger cells and summits where a test wants them. :func:`race` builds a state in the race
(start over) with the riders where the test puts them, then starts a seat's turn; :func:`rigged`
finds an RNG state whose next draws are the given dice, so a test decides what is rolled.
"""

from __future__ import annotations

from game.engine.rng import die
from game.velomaster import VelomasterSpec
from game.velomaster.course import CLIMB, DESCENT, FLAT, Cell, Course, StartSlot, Summit
from game.velomaster.rules import Setup, VelomasterState, play
from game.velomaster.rules.codes import CTX_RACE, P_OVER
from game.velomaster.rules.events import EVENT_TYPES


def cid(row: int, lane: int, lanes: int = 3) -> int:
    return 1 + row * lanes + lane


def make_course(rows: int = 40, lanes: int = 3, finish: int = 34, climb: dict | None = None,
                danger: set | frozenset = frozenset(), descent: set | frozenset = frozenset(),
                summits: tuple = (), missing: set | frozenset = frozenset(), length_km: float = 20.0,
                feed: set | frozenset = frozenset()) -> Course:
    """``climb``: {(row, lane): slope}; ``danger`` / ``descent`` / ``missing`` / ``feed``: sets of (row, lane);
    ``summits``: ((row, category), ...). Cell ids stay ``cid(row, lane)`` even with missing cells."""
    climb = climb or {}
    cells = []
    for r in range(rows):
        for ln in range(lanes):
            if (r, ln) in missing:
                continue
            slope = climb.get((r, ln), 0)
            terrain = CLIMB if slope else DESCENT if (r, ln) in descent else FLAT
            cells.append(Cell(cid(r, ln, lanes), r, ln, terrain, slope, (r, ln) in danger, (r, ln) in feed))
    sums = tuple(Summit(row, cat, f"Col {i + 1}", 500 + i) for i, (row, cat) in enumerate(summits))
    return Course("test", "Test course", tuple(cells), finish, sums, (StartSlot(0, (0.0, 0.0)),),
                  length_km=length_km)


def make_spec(course: Course) -> VelomasterSpec:
    return VelomasterSpec(course_source=lambda name: course)


def rigged(*draws: tuple[int, int], start: int = 0) -> int:
    """An RNG state whose next draws are ``draws`` = (sides, value), ...: e.g. ``rigged((6, 5), (6, 2))``."""
    k = start
    while True:
        s, ok = k, True
        for sides, value in draws:
            v, s = die(s, sides)
            if v != value:
                ok = False
                break
        if ok:
            return k
        k += 1


def race(spec: VelomasterSpec, players: int, cells: dict, *, seat: int = 0, variant: str = "debutant-salzburg",
         options: tuple = (), rng: int | None = None, helped: int = 0, played: tuple = (), order_first=None,
         level=None, round_phase: int = 0):
    """A race in progress: ``cells`` = {rider: cell id or 0 (start grid)}, riders not listed wait on the
    start grid; then ``seat``'s turn starts. Arrival order on a row = the order of ``cells``.
    Returns (state, events of the turn start)."""
    from game.engine.protocol import Config

    config = spec.validate_config(Config(variant, players, options))
    if level is None:
        s = spec.new_state(config, 1)
    else:  # a level not offered yet (tests drive its rules): the same race with that level's setup
        s = VelomasterState.initial(Setup(config, spec.setup(config).geo, level=level), 1)
    w = s._work()
    n = config.players
    w.order = tuple(range(n))
    w.pending_rolls = ()
    w.d20 = tuple((20 - i,) for i in range(n))
    w.launched = (1 << s.setup.riders) - 1
    w.wave = s.setup.per_team + 1
    w.round, w.move_context, w.played, w.helped = 1, CTX_RACE, tuple(played), helped
    w.round_phase = round_phase
    pos = [0] * s.setup.riders
    arr = [0] * s.setup.riders
    for i, (r, c) in enumerate(cells.items()):
        pos[r] = c
        arr[r] = 100 + i
    w.pos, w.arrival = tuple(pos), tuple(arr)
    w.arrival_seq = 100 + len(cells)
    w._occupied_cache = None
    if rng is not None:
        w.rng = rng
    ev: list = []
    play._begin_turn(w, seat, ev)
    return w, ev


def with_rng(state, rng: int):
    """The same state with another RNG (to load the dice of the next action)."""
    w = state._work()
    w.rng = rng
    w._legal_cache = state._legal_cache
    return w


def act(state, action, seat: int | None = None):
    seat = state.to_act()[0] if seat is None else seat
    return state.apply(seat, action)


def of(events, cls):
    return [e for e in events if isinstance(e, cls)]


def texts(events, names=("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")):
    return [e.text(list(names)) for e in events]


def play_out(state, chooser, limit: int = 100_000):
    """Play to the end, ``chooser(state, legal) -> action``; returns the final state and all events."""
    events = []
    steps = 0
    while not state.is_over() and steps < limit:
        seat = state.to_act()[0]
        state, ev = state.apply(seat, chooser(state, state.legal_actions(seat)))
        events.extend(ev)
        steps += 1
    assert state.phase == P_OVER
    return state, events


__all__ = ["EVENT_TYPES", "act", "cid", "make_course", "make_spec", "of", "play_out", "race", "rigged", "texts",
           "with_rng"]
