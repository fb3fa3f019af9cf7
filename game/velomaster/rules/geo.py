"""A course turned into flat lookup tables for the engine (pure).

Cell ids of the bundled maps run 1..N, so every table is a list indexed by cell id and index 0
stands for the start area (a virtual row -1 whose steps enter any free cell of row 0).

Movement follows rulebook fig 1 in its strict reading (docs/rules/velomaster.md, "Interpretations"):
on each side the only candidate is "la case la plus en avant", the diagonal cell; the side cell is a
step only where the road has no diagonal cell on that side. A rider in the diagonal cell therefore
closes that side. ``nxt[c]`` lists the steps of an empty road; the engine drops occupied cells.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..course import CLIMB, DESCENT, Course

START_CELL = 0
K_FORWARD, K_DIAGONAL, K_SIDE = 0, 1, 2
KIND_NAMES = ("forward", "diagonal", "side")


@dataclass(frozen=True)
class SummitInfo:
    index: int
    row: int
    name: str
    category: str
    points: tuple[int, ...]


class Geo:
    """Flat tables for one course (built once per course and shared by every state)."""

    __slots__ = ("course", "name", "size", "row", "lane", "nxt", "fwd", "back", "slope", "danger", "descent",
                 "summits", "row_count", "ids", "kind", "touch", "flanks", "feed_zone", "feed_last_row")

    def __init__(self, course: Course):
        self.course = course
        self.name = course.name
        ids = [c.id for c in course.cells]
        if min(ids) < 1:
            raise ValueError(f"{course.name}: cell ids must be >= 1 (0 is the start area)")
        size = max(ids) + 1
        self.size = size
        self.ids = tuple(sorted(ids))
        self.row = [-1] * size
        self.lane = [0] * size
        self.slope = [0] * size  # climb cells only
        self.danger = [False] * size
        self.descent = [False] * size
        self.fwd = [0] * size
        self.back = [0] * size
        nxt: list[tuple[tuple[int, int], ...]] = [()] * size
        at = {}
        for c in course.cells:
            self.row[c.id] = c.row
            self.lane[c.id] = c.lane
            self.slope[c.id] = c.slope if c.terrain == CLIMB else 0
            self.danger[c.id] = c.danger
            self.descent[c.id] = c.terrain == DESCENT
            at[(c.row, c.lane)] = c.id
        for c in course.cells:
            r, ln = c.row, c.lane
            steps = []
            f = at.get((r + 1, ln), 0)
            if f:
                steps.append((f, K_FORWARD))
                self.fwd[c.id] = f
            self.back[c.id] = at.get((r - 1, ln), 0)
            for side in (-1, 1):
                d = at.get((r + 1, ln + side), 0)
                if d:
                    steps.append((d, K_DIAGONAL))
                else:
                    s = at.get((r, ln + side), 0)
                    if s:
                        steps.append((s, K_SIDE))
            nxt[c.id] = tuple(steps)
        # touch[c]: the cells around c (same row, the rows before and after, lanes ±1): the leader's protection
        self.touch = [()] * size
        # flanks[c][d]: for a diagonal step c -> d, the two cells it passes between (the cell ahead of c and the
        # cell beside c on d's side): "Chaque déplacement en diagonale entre 2 vélos" calls a skill roll
        self.flanks = [{} for _ in range(size)]
        for c in course.cells:
            r, ln = c.row, c.lane
            self.touch[c.id] = tuple(at[(r + dr, ln + dl)] for dr in (-1, 0, 1) for dl in (-1, 0, 1)
                                     if (dr or dl) and (r + dr, ln + dl) in at)
            for side in (-1, 1):
                d = at.get((r + 1, ln + side), 0)
                if d:
                    self.flanks[c.id][d] = (at.get((r + 1, ln), 0), at.get((r, ln + side), 0))
        # feed zones ("ravitaillement"): the zone of each feed cell (-1: none) and each zone's last row
        self.feed_zone = [-1] * size
        zones = course.feed_zones
        for i, zone in enumerate(zones):
            for cell_id in zone.cells:
                self.feed_zone[cell_id] = i
        self.feed_last_row = tuple(z.last_row for z in zones)
        nxt[START_CELL] = tuple((c.id, K_FORWARD) for c in course.row_cells(0))
        self.nxt = nxt
        self.kind = [dict(steps) for steps in nxt]  # kind[a][b]: how the step a -> b goes
        self.row_count = course.row_count
        self.summits = tuple(SummitInfo(i, s.row, s.name, s.category, tuple(s.points))
                             for i, s in enumerate(course.summits))
