"""A VeloMaster course: the road's cells and what is painted on them (pure: no pygame, no pytmx, no IO).

Geometry (see docs/rules/velomaster.md, "The courses" and "Interpretations")
---------------------------------------------------------------------------
Straighten the road. A cell is the unit square ``[lane, lane+1] x [row, row+1]``:

* ``row`` counts along the road in the direction of travel (row 0 is the first row after the start
  line); all the cells of one row lie between the same two row lines, which on the map cross the
  road at right angles to its centre line (in a bend the cells fan out but stay on their row);
* ``lane`` is numbered *absolutely* across the widest road, 0 = leftmost when riding; a row uses a
  contiguous run of lanes, so a narrowing ends an edge lane and a widening adds one (the map draws
  lane ``l`` at the same distance from the centre line wherever it exists).

Two cells *touch* when their squares share an edge or a corner. Seen from cell ``(r, l)``:

* forward  ``(r+1, l)``; diagonal ``(r+1, l-1)`` and ``(r+1, l+1)``; side ``(r, l-1)`` and ``(r, l+1)``;
* behind   ``(r-1, l-1..l+1)``: touching, but never a move ("il est impossible de reculer").

One step goes to a touching cell that is not behind and not occupied, and on each side only to
"la case la plus en avant" (rulebook fig 1): on the left (right) the diagonal cell is more forward
than the side cell, so a side step is legal only where the road has no diagonal cell on that side
(an edge lane ends or begins there). By default a rider in that diagonal cell closes the side too
(the strict reading the engine plays, docs/rules/velomaster.md); ``side_when_blocked=True`` gives
the lenient reading in which the side cell opens when the diagonal cell is taken.
A rider can never enter an occupied cell, so no step and no path "jumps" a rider; a path never
visits the same cell twice.

The start area is a virtual row ``-1`` behind the whole width of row 0 (:data:`START`): its only
steps are forward into a free row-0 cell. A summit line and the finish line lie across the road on
the back edge of their ``row``: a move crosses it when it starts on a smaller row (or in the start
area) and ends on that row or beyond.

The relief of a step is the relief of the cell it *starts* from ("C'est la case où l'on se trouve
en déplacement qui détermine le relief", :meth:`Course.step_relief`).

Who is ahead: the higher row; on the same row, the rider who reached that row first ("le premier
arrivé sur une même ligne"), then the lower lane, only to make the order total
(:meth:`Course.ahead_key`, :meth:`Course.ranking`).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Collection, Hashable, Iterable, Sequence, TypeVar, Union

Point = tuple[float, float]
T = TypeVar("T", bound=Hashable)

FLAT, CLIMB, DESCENT = "flat", "climb", "descent"
TERRAINS: tuple[str, ...] = (FLAT, CLIMB, DESCENT)

FORWARD, DIAGONAL, SIDE = "forward", "diagonal", "side"
MOVE_KINDS: tuple[str, ...] = (FORWARD, DIAGONAL, SIDE)
LEFT, RIGHT = -1, 1

MAX_SLOPE = 25
START = None  # where a rider waits before entering the course (virtual row -1)
START_ROW = -1

SUMMIT_CATEGORIES: tuple[str, ...] = ("HC", "1", "2", "3", "4")
# "Classement grimpeur" (rulebook p.10): points for the 1st, 2nd, ... rider over a summit.
SUMMIT_POINTS: dict[str, tuple[int, ...]] = {
    "HC": (40, 35, 30, 26, 22, 18),
    "1": (30, 26, 22, 18, 14, 12),
    "2": (20, 15, 12, 10, 8, 6),
    "3": (10, 7, 5, 3, 1),
    "4": (5, 3, 1),
}
CATEGORY_NAMES: dict[str, str] = {"HC": "hors catégorie", "1": "1re catégorie", "2": "2e catégorie",
                                  "3": "3e catégorie", "4": "4e catégorie"}



def short_summit(name: str) -> str:
    """"Côte du Puy Courny 752 m" style names without the leading "Côte de"/"Col du" (narrow columns)."""
    for prefix in ("Côte de la ", "Côte des ", "Côte de ", "Côte du ", "Côte d'", "Col de ", "Col du ", "Montée de "):
        if name.startswith(prefix):
            return name[len(prefix):]
    return name

@dataclass(frozen=True)
class Cell:
    """One cell of the road. ``id`` is the Tiled object id (stable across edits of the map)."""

    id: int
    row: int
    lane: int
    terrain: str = FLAT
    slope: int = 0  # %, only on climb cells
    danger: bool = False
    feed: bool = False
    elevation: int = 0  # metres
    centre: Point = (0.0, 0.0)  # map pixels
    polygon: tuple[Point, ...] = ()  # map pixels, absolute

    @property
    def pos(self) -> tuple[int, int]:
        return (self.row, self.lane)


@dataclass(frozen=True)
class Summit:
    """A summit line lying across the road on the back edge of ``row`` (the first row after the top)."""

    row: int
    category: str  # "4", "3", "2", "1" or "HC"
    name: str
    elevation: int = 0
    line: tuple[Point, ...] = ()
    id: int = 0

    @property
    def points(self) -> tuple[int, ...]:
        """Climber's points for the 1st, 2nd, ... rider to cross (rulebook p.10)."""
        return SUMMIT_POINTS[self.category]

    @property
    def category_name(self) -> str:
        return CATEGORY_NAMES[self.category]


@dataclass(frozen=True)
class StartSlot:
    """A place in the start area where a rider waits before entering the course."""

    index: int
    centre: Point
    polygon: tuple[Point, ...] = ()
    id: int = 0


@dataclass(frozen=True)
class Place:
    """A named place along the course (for labels and the profile)."""

    row: int
    name: str
    position: Point = (0.0, 0.0)
    id: int = 0


@dataclass(frozen=True)
class AlignmentMark:
    """A "repère d'alignement": an arrow showing which cells lie on ``row`` where a bend blurs it."""

    row: int
    polygon: tuple[Point, ...] = ()
    id: int = 0


@dataclass(frozen=True)
class FeedZone:
    """A run of consecutive rows holding "ravitaillement" cells."""

    first_row: int
    last_row: int
    cells: tuple[int, ...]


@dataclass(frozen=True)
class Step:
    """One legal step: where to and how (forward / diagonal / side)."""

    cell: Cell
    kind: str

    @property
    def id(self) -> int:
        return self.cell.id


@dataclass(frozen=True)
class ClimbSection:
    first_row: int
    last_row: int
    slope: int


@dataclass(frozen=True)
class Climb:
    """The climb rows leading to one summit, split into sections of constant slope."""

    summit: Summit
    first_row: int
    sections: tuple[ClimbSection, ...]
    start_elevation: int

    @property
    def last_row(self) -> int:
        return self.summit.row - 1

    @property
    def max_slope(self) -> int:
        return max((s.slope for s in self.sections), default=0)

    @property
    def gain(self) -> int:
        return self.summit.elevation - self.start_elevation


@dataclass(frozen=True)
class Profile:
    """What the course profile shows: elevation by row, climbs, descents, feeds, places."""

    km_per_row: float
    elevations: tuple[int, ...]  # index = row
    climbs: tuple[Climb, ...]
    descents: tuple[tuple[int, int], ...]  # (first_row, last_row)
    feed_zones: tuple[FeedZone, ...]
    summits: tuple[Summit, ...]
    places: tuple[Place, ...]
    finish_row: int

    def km(self, row: float) -> float:
        return row * self.km_per_row

    @property
    def highest_row(self) -> int:
        best = max(self.elevations)
        return self.elevations.index(best)


@dataclass(frozen=True)
class Problem:
    """Something wrong with a course, tied to the element at fault (``kind`` names its layer role)."""

    kind: str  # "cell", "summit", "finish", "start", "place", "mark", "course"
    ref: int | None  # object id
    message: str


CellRef = Union[int, Cell]


@dataclass(frozen=True)
class Course:
    """An immutable course. Cell arguments accept a :class:`Cell` or its id."""

    name: str
    title: str
    cells: tuple[Cell, ...]
    finish_row: int
    summits: tuple[Summit, ...] = ()
    start_slots: tuple[StartSlot, ...] = ()
    places: tuple[Place, ...] = ()
    alignment_marks: tuple[AlignmentMark, ...] = ()
    finish_line: tuple[Point, ...] = ()
    length_km: float = 0.0
    map_size: tuple[int, int] = (0, 0)  # pixels
    _by_id: dict = field(init=False, repr=False, compare=False, hash=False)
    _by_pos: dict = field(init=False, repr=False, compare=False, hash=False)
    _rows: tuple = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        cells = tuple(sorted(self.cells, key=lambda c: (c.row, c.lane, c.id)))
        object.__setattr__(self, "cells", cells)
        object.__setattr__(self, "summits", tuple(sorted(self.summits, key=lambda s: (s.row, s.id))))
        object.__setattr__(self, "start_slots", tuple(sorted(self.start_slots, key=lambda s: (s.index, s.id))))
        object.__setattr__(self, "places", tuple(sorted(self.places, key=lambda p: (p.row, p.id))))
        object.__setattr__(self, "alignment_marks", tuple(sorted(self.alignment_marks,
                                                                 key=lambda m: (m.row, m.id))))
        by_id: dict[int, Cell] = {}
        by_pos: dict[tuple[int, int], Cell] = {}
        for c in cells:
            by_id.setdefault(c.id, c)
            by_pos.setdefault(c.pos, c)
        n_rows = (cells[-1].row + 1) if cells else 0
        rows: list[list[Cell]] = [[] for _ in range(max(n_rows, 0))]
        for c in by_pos.values():
            if c.row >= 0:
                rows[c.row].append(c)
        object.__setattr__(self, "_by_id", by_id)
        object.__setattr__(self, "_by_pos", by_pos)
        object.__setattr__(self, "_rows", tuple(tuple(sorted(r, key=lambda c: c.lane)) for r in rows))

    # ------------------------------------------------------------------ lookup

    def cell(self, ref: CellRef) -> Cell:
        """The cell with this id (or the cell itself); KeyError if it is not on this course."""
        if isinstance(ref, Cell):
            ref = ref.id
        return self._by_id[ref]

    def at(self, row: int, lane: int) -> Cell | None:
        return self._by_pos.get((row, lane))

    @property
    def row_count(self) -> int:
        return len(self._rows)

    def row_cells(self, row: int) -> tuple[Cell, ...]:
        return self._rows[row] if 0 <= row < len(self._rows) else ()

    def lanes(self, row: int) -> tuple[int, ...]:
        return tuple(c.lane for c in self.row_cells(row))

    @property
    def danger_cells(self) -> tuple[Cell, ...]:
        return tuple(c for c in self.cells if c.danger)

    @property
    def feed_cells(self) -> tuple[Cell, ...]:
        return tuple(c for c in self.cells if c.feed)

    @property
    def feed_zones(self) -> tuple[FeedZone, ...]:
        zones: list[FeedZone] = []
        run: list[Cell] = []
        for row in range(self.row_count):
            feed = [c for c in self.row_cells(row) if c.feed]
            if feed and run and run[-1].row == row - 1:
                run.extend(feed)
            else:
                if run:
                    zones.append(FeedZone(run[0].row, run[-1].row, tuple(c.id for c in run)))
                run = list(feed)
        if run:
            zones.append(FeedZone(run[0].row, run[-1].row, tuple(c.id for c in run)))
        return tuple(zones)

    @property
    def alignment_rows(self) -> tuple[int, ...]:
        return tuple(sorted({m.row for m in self.alignment_marks}))

    def terrain(self, ref: CellRef) -> str:
        return self.cell(ref).terrain

    def slope(self, ref: CellRef) -> int:
        return self.cell(ref).slope

    def is_danger(self, ref: CellRef) -> bool:
        return self.cell(ref).danger

    def is_feed(self, ref: CellRef) -> bool:
        return self.cell(ref).feed

    def km_at(self, row: float) -> float:
        return row * self.length_km / self.finish_row if self.finish_row else 0.0

    # ------------------------------------------------------------------ geometry

    def neighbours(self, ref: CellRef, kind: str) -> tuple[Cell, ...]:
        """Cells touching ``ref`` in that direction, on an empty road, left before right.

        ``kind`` is ``"forward"`` (1 cell at most), ``"diagonal"`` or ``"side"`` (2 at most), or
        ``"behind"`` (never a move; 3 at most).
        """
        c = self.cell(ref)
        r, lane = c.row, c.lane
        if kind == FORWARD:
            spots = [(r + 1, lane)]
        elif kind == DIAGONAL:
            spots = [(r + 1, lane - 1), (r + 1, lane + 1)]
        elif kind == SIDE:
            spots = [(r, lane - 1), (r, lane + 1)]
        elif kind == "behind":
            spots = [(r - 1, lane - 1), (r - 1, lane), (r - 1, lane + 1)]
        else:
            raise ValueError(f"unknown neighbour kind {kind!r} (forward, diagonal, side, behind)")
        return tuple(n for n in (self._by_pos.get(p) for p in spots) if n is not None)

    def touching(self, ref: CellRef) -> tuple[Cell, ...]:
        """Every cell sharing an edge or a corner with ``ref`` (including those behind)."""
        c = self.cell(ref)
        return tuple(n for dr in (-1, 0, 1) for dl in (-1, 0, 1) if (dr, dl) != (0, 0)
                     for n in [self._by_pos.get((c.row + dr, c.lane + dl))] if n is not None)

    def most_forward(self, ref: CellRef, side: int) -> Cell | None:
        """"La case la plus en avant" touching ``ref`` on ``side`` (LEFT=-1 / RIGHT=+1), empty road."""
        c = self.cell(ref)
        return self._by_pos.get((c.row + 1, c.lane + side)) or self._by_pos.get((c.row, c.lane + side))

    def step_kind(self, a: CellRef | None, b: CellRef) -> str | None:
        """How one step from ``a`` (or the start area) to ``b`` would go, or None if not touching ahead."""
        cb = self.cell(b)
        if a is START:
            return FORWARD if cb.row == 0 else None
        ca = self.cell(a)
        dr, dl = cb.row - ca.row, cb.lane - ca.lane
        if dr == 1 and dl == 0:
            return FORWARD
        if dr == 1 and abs(dl) == 1:
            return DIAGONAL
        if dr == 0 and abs(dl) == 1:
            return SIDE
        return None

    def step_targets(self, ref: CellRef | None, occupied: Collection[CellRef] = (), *,
                     side_when_blocked: bool = False) -> tuple[Step, ...]:
        """Legal single steps from ``ref`` (``START`` = the start area) given the occupied cells.

        Forward, then per side (left, right) the most forward touching cell on that side: the
        diagonal cell, or the side cell where there is no diagonal cell (or, if
        ``side_when_blocked``, where the diagonal cell is occupied). Occupied cells are never
        targets. See the module docstring for the geometry.
        """
        taken = self._ids(occupied)
        if ref is START:
            return tuple(Step(c, FORWARD) for c in self.row_cells(0) if c.id not in taken)
        c = self.cell(ref)
        out: list[Step] = []
        fwd = self._by_pos.get((c.row + 1, c.lane))
        if fwd is not None and fwd.id not in taken:
            out.append(Step(fwd, FORWARD))
        for side in (LEFT, RIGHT):
            diag = self._by_pos.get((c.row + 1, c.lane + side))
            beside = self._by_pos.get((c.row, c.lane + side))
            if diag is not None and diag.id not in taken:
                out.append(Step(diag, DIAGONAL))
            elif beside is not None and beside.id not in taken and (diag is None or side_when_blocked):
                out.append(Step(beside, SIDE))
        return tuple(out)

    def entry_targets(self, occupied: Collection[CellRef] = ()) -> tuple[Step, ...]:
        """Steps from the start area: any free cell of row 0 (same as ``step_targets(START, ...)``)."""
        return self.step_targets(START, occupied)

    def paths(self, ref: CellRef | None, steps: int, occupied: Collection[CellRef] = (), *,
              side_when_blocked: bool = False) -> tuple[tuple[Step, ...], ...]:
        """Every way to make exactly ``steps`` legal steps from ``ref`` without revisiting a cell.

        The rider's own cell is not an obstacle; the other occupied cells stay occupied all along.
        """
        taken = self._ids(occupied)
        if ref is not START:
            taken.discard(self.cell(ref).id)
        out: list[tuple[Step, ...]] = []

        def walk(here: CellRef | None, path: tuple[Step, ...], seen: frozenset[int]) -> None:
            if len(path) == steps:
                out.append(path)
                return
            for st in self.step_targets(here, taken, side_when_blocked=side_when_blocked):
                if st.cell.id not in seen:
                    walk(st.cell, path + (st,), seen | {st.cell.id})

        if steps >= 0:
            start_seen = frozenset() if ref is START else frozenset({self.cell(ref).id})
            walk(ref, (), start_seen)
        return tuple(out)

    def diagonal_between_riders(self, a: CellRef, b: CellRef, occupied: Collection[CellRef]) -> bool:
        """True for a diagonal step from ``a`` to ``b`` passing between two riders (the forward
        cell of ``a`` and the side cell of ``a`` towards ``b`` are both occupied)."""
        ca, cb = self.cell(a), self.cell(b)
        if self.step_kind(ca, cb) != DIAGONAL:
            return False
        taken = self._ids(occupied)
        fwd = self._by_pos.get((ca.row + 1, ca.lane))
        beside = self._by_pos.get((ca.row, cb.lane))
        return fwd is not None and beside is not None and fwd.id in taken and beside.id in taken

    def step_relief(self, a: CellRef | None, b: CellRef) -> tuple[str, int]:
        """(terrain, slope) that apply to a step: those of the cell the step starts from."""
        if a is START:
            return (FLAT, 0)
        ca = self.cell(a)
        return (ca.terrain, ca.slope if ca.terrain == CLIMB else 0)

    # ------------------------------------------------------------------ lines

    def _row_of(self, ref: CellRef | None) -> int:
        return START_ROW if ref is START else self.cell(ref).row

    def summits_crossed(self, a: CellRef | None, b: CellRef) -> tuple[Summit, ...]:
        """Summit lines crossed moving from ``a`` (or the start area) to ``b``, in course order."""
        ra, rb = self._row_of(a), self._row_of(b)
        return tuple(s for s in self.summits if ra < s.row <= rb)

    def finish_crossed(self, a: CellRef | None, b: CellRef) -> bool:
        return self._row_of(a) < self.finish_row <= self._row_of(b)

    def is_past_finish(self, ref: CellRef) -> bool:
        return self.cell(ref).row >= self.finish_row

    # ------------------------------------------------------------------ order

    def ahead_key(self, ref: CellRef | None, arrival: int = 0) -> tuple[int, int, int]:
        """Sort key, smallest = most ahead: higher row, then earlier ``arrival`` on that row
        (a sequence number the engine keeps), then lower lane. ``START`` sorts behind every cell."""
        if ref is START:
            return (-START_ROW, arrival, 0)
        c = self.cell(ref)
        return (-c.row, arrival, c.lane)

    def ranking(self, entries: Iterable[tuple[T, CellRef | None, int]]) -> list[T]:
        """Riders from first to last, given ``(rider, cell or START, arrival)`` triples."""
        return [who for who, ref, arr in sorted(entries, key=lambda e: self.ahead_key(e[1], e[2]))]

    # ------------------------------------------------------------------ profile

    def row_elevation(self, row: int) -> int:
        cells = self.row_cells(row)
        return round(sum(c.elevation for c in cells) / len(cells)) if cells else 0

    def climbs(self) -> tuple[Climb, ...]:
        out: list[Climb] = []
        for s in self.summits:
            row = s.row - 1
            sections: list[ClimbSection] = []
            while row >= 0:
                slopes = [c.slope for c in self.row_cells(row) if c.terrain == CLIMB]
                if not slopes:
                    break
                slope = max(slopes)
                if sections and sections[0].slope == slope:
                    sections[0] = ClimbSection(row, sections[0].last_row, slope)
                else:
                    sections.insert(0, ClimbSection(row, row, slope))
                row -= 1
            first = sections[0].first_row if sections else s.row
            start_elev = self.row_elevation(first - 1) if first > 0 else self.row_elevation(0)
            out.append(Climb(s, first, tuple(sections), start_elev))
        return tuple(out)

    def profile(self) -> Profile:
        elevations = tuple(self.row_elevation(r) for r in range(self.row_count))
        descents: list[tuple[int, int]] = []
        for r in range(self.row_count):
            if any(c.terrain == DESCENT for c in self.row_cells(r)):
                if descents and descents[-1][1] == r - 1:
                    descents[-1] = (descents[-1][0], r)
                else:
                    descents.append((r, r))
        km_per_row = self.length_km / self.finish_row if self.finish_row else 0.0
        return Profile(km_per_row, elevations, self.climbs(), tuple(descents), self.feed_zones,
                       self.summits, self.places, self.finish_row)

    # ------------------------------------------------------------------ checks

    def problems(self) -> tuple[Problem, ...]:
        """Structural problems (empty when the course is playable); see :func:`course_problems`."""
        return course_problems(self)

    @staticmethod
    def _ids(refs: Iterable[CellRef]) -> set[int]:
        return {r.id if isinstance(r, Cell) else r for r in refs}


def _empty_road_steps(course: Course) -> dict[int, tuple[int, ...]]:
    """Cell id -> ids of its legal steps on an empty road (``-1`` stands for the start area)."""
    out: dict[int, tuple[int, ...]] = {-1: tuple(c.id for c in course.row_cells(0))}
    pos = course._by_pos
    for c in course._by_id.values():
        r, lane = c.row, c.lane
        nxt = []
        fwd = pos.get((r + 1, lane))
        if fwd is not None:
            nxt.append(fwd.id)
        for side in (LEFT, RIGHT):
            diag = pos.get((r + 1, lane + side))
            if diag is not None:
                nxt.append(diag.id)
            else:
                beside = pos.get((r, lane + side))
                if beside is not None:
                    nxt.append(beside.id)
        out[c.id] = tuple(nxt)
    return out


def reachable_from_start(course: Course, steps: dict[int, tuple[int, ...]] | None = None) -> set[int]:
    """Ids of the cells a lone rider can reach from the start area on an empty road."""
    steps = steps if steps is not None else _empty_road_steps(course)
    seen: set[int] = set()
    todo: deque[int] = deque([-1])
    while todo:
        for nxt in steps[todo.popleft()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def can_reach_finish(course: Course, steps: dict[int, tuple[int, ...]] | None = None) -> set[int]:
    """Ids of the cells from which a lone rider can reach the finish row on an empty road."""
    steps = steps if steps is not None else _empty_road_steps(course)
    preds: dict[int, list[int]] = {c.id: [] for c in course.cells}
    for cid, nxts in steps.items():
        if cid != -1:
            for n in nxts:
                preds[n].append(cid)
    good = {c.id for c in course.cells if c.row >= course.finish_row}
    todo = deque(good)
    while todo:
        for p in preds[todo.popleft()]:
            if p not in good:
                good.add(p)
                todo.append(p)
    return good


def course_problems(course: Course) -> tuple[Problem, ...]:
    """Everything that makes a course unplayable or inconsistent, most basic first."""
    out: list[Problem] = []

    def cell_problem(c: Cell, msg: str) -> None:
        out.append(Problem("cell", c.id, msg))

    if not course.cells:
        return (Problem("cell", None, "the course has no cells"),)
    seen_ids: dict[int, Cell] = {}
    seen_pos: dict[tuple[int, int], Cell] = {}
    for c in course.cells:
        if c.id in seen_ids:
            cell_problem(c, f"duplicate cell id {c.id}")
        seen_ids.setdefault(c.id, c)
        if c.pos in seen_pos:
            other = seen_pos[c.pos]
            cell_problem(c, f"row {c.row} lane {c.lane} is also used by cell {other.id}")
        seen_pos.setdefault(c.pos, c)
        if c.row < 0 or c.lane < 0:
            cell_problem(c, f"row and lane must be >= 0 (row {c.row}, lane {c.lane})")
        if c.terrain not in TERRAINS:
            cell_problem(c, f"terrain {c.terrain!r} is not one of {', '.join(TERRAINS)}")
        if not 0 <= c.slope <= MAX_SLOPE:
            cell_problem(c, f"slope {c.slope} is outside 0..{MAX_SLOPE}")
        elif c.slope and c.terrain != CLIMB:
            cell_problem(c, f"slope {c.slope} on a {c.terrain} cell (slope belongs on climb cells)")
    if out:
        return tuple(out)

    for row in range(course.row_count):
        cells = course.row_cells(row)
        if not cells:
            out.append(Problem("cell", None, f"row {row} has no cells (rows must run 0..{course.row_count - 1})"))
            continue
        lanes = [c.lane for c in cells]
        if lanes != list(range(lanes[0], lanes[0] + len(lanes))):
            gap = next(c for c, nxt in zip(cells, cells[1:], strict=False) if nxt.lane != c.lane + 1)
            cell_problem(gap, f"row {row} has a gap after lane {gap.lane} (lanes {lanes}; a row's lanes must "
                              f"be contiguous)")
    if out:
        return tuple(out)

    if not 1 <= course.finish_row < course.row_count:
        out.append(Problem("finish", None, f"finish row {course.finish_row} is not a row of the course "
                                           f"(1..{course.row_count - 1})"))
        return tuple(out)

    steps = _empty_road_steps(course)
    finish_ok = can_reach_finish(course, steps)
    stuck = [c for c in course.cells if c.id not in finish_ok]
    if stuck:  # name the furthest one: the way on is missing right after it
        c = max(stuck, key=lambda c: (c.row, c.lane))
        cell_problem(c, f"cell at row {c.row} lane {c.lane} cannot reach the finish (no legal step leads on "
                        f"from row {c.row})")
    else:
        reach = reachable_from_start(course, steps)
        for c in course.cells:
            if c.id not in reach:
                cell_problem(c, f"cell at row {c.row} lane {c.lane} cannot be reached from the start")
                break

    rows_seen: dict[int, Summit] = {}
    for s in course.summits:
        if s.category not in SUMMIT_CATEGORIES:
            out.append(Problem("summit", s.id, f"category {s.category!r} is not one of "
                                               f"{', '.join(SUMMIT_CATEGORIES)}"))
        if not s.name:
            out.append(Problem("summit", s.id, "summit has no name"))
        if not 1 <= s.row <= course.finish_row:
            out.append(Problem("summit", s.id, f"summit row {s.row} is outside 1..{course.finish_row} "
                                               f"(the finish row)"))
            continue
        if s.row in rows_seen:
            out.append(Problem("summit", s.id, f"another summit ({rows_seen[s.row].name}) is on row {s.row}"))
        rows_seen.setdefault(s.row, s)
        if not any(c.terrain == CLIMB for c in course.row_cells(s.row - 1)):
            out.append(Problem("summit", s.id, f"summit on row {s.row} does not top a climb (row {s.row - 1} "
                                               f"has no climb cell)"))
    for c in course.cells:
        if c.terrain != CLIMB:
            continue
        nxt = course.row_cells(c.row + 1)
        if c.row + 1 not in rows_seen and not any(n.terrain == CLIMB for n in nxt):
            cell_problem(c, f"climb ending at row {c.row} has no summit line on row {c.row + 1}")
            break

    if not course.start_slots:
        out.append(Problem("start", None, "the course has no start slot"))
    slot_seen: set[int] = set()
    for s in course.start_slots:
        if s.index in slot_seen:
            out.append(Problem("start", s.id, f"start slot {s.index} appears twice"))
        slot_seen.add(s.index)
    for p in course.places:
        if not p.name:
            out.append(Problem("place", p.id, "place has no name"))
        if not 0 <= p.row < course.row_count:
            out.append(Problem("place", p.id, f"place row {p.row} is outside 0..{course.row_count - 1}"))
    for m in course.alignment_marks:
        if not 0 <= m.row < course.row_count:
            out.append(Problem("mark", m.id, f"alignment mark row {m.row} is outside 0..{course.row_count - 1}"))
    return tuple(out)


def polygon_centre(points: Sequence[Point]) -> Point:
    """Area centroid of a simple polygon (vertex mean if it is degenerate)."""
    n = len(points)
    if n == 0:
        return (0.0, 0.0)
    a = cx = cy = 0.0
    for i in range(n):
        x0, y0 = points[i]
        x1, y1 = points[(i + 1) % n]
        cross = x0 * y1 - x1 * y0
        a += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    if abs(a) < 1e-9:
        return (sum(p[0] for p in points) / n, sum(p[1] for p in points) / n)
    return (cx / (3 * a), cy / (3 * a))
