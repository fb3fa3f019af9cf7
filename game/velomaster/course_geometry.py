"""Where things sit on a VeloMaster map, in map pixels (pure: no pygame): row centres and headings, the
usual row step and lane width, the cell under a point, and where a crashed rider lies.

Angles: a heading is in radians in map coordinates (x right, y *down*): 0 = east, pi/2 = south.
"""

from __future__ import annotations

import math
from typing import Sequence, Union

from .course import Cell, Course, Point, StartSlot

Where = Union[Cell, int, StartSlot, Sequence[float]]  # a cell, a cell id, a start slot or a map point


def point_in_polygon(p: Point, poly: Sequence[Point]) -> bool:
    x, y = p
    inside = False
    n = len(poly)
    j = n - 1
    for i in range(n):
        xi, yi = poly[i]
        xj, yj = poly[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


def _median(values: list[float], default: float) -> float:
    values = sorted(v for v in values if v > 0)
    return values[len(values) // 2] if values else default


class CourseGeometry:
    """What drawing needs beyond the pure model: row centres, headings, cell sizes, a cell lookup."""

    def __init__(self, course: Course):
        self.course = course
        n = course.row_count
        self.row_centres: list[Point] = []
        for r in range(n):
            cells = course.row_cells(r)
            self.row_centres.append((sum(c.centre[0] for c in cells) / len(cells),
                                     sum(c.centre[1] for c in cells) / len(cells)) if cells else (0.0, 0.0))
        self.headings: list[float] = []
        for r in range(n):
            a = self.row_centres[max(0, r - 1)]
            b = self.row_centres[min(n - 1, r + 1)]
            self.headings.append(math.atan2(b[1] - a[1], b[0] - a[0]) if (a != b) else 0.0)
        along = [math.dist(self.row_centres[r], self.row_centres[r + 1]) for r in range(n - 1)]
        across = [math.dist(a.centre, b.centre) for r in range(n) for a, b in
                  zip(course.row_cells(r), course.row_cells(r)[1:], strict=False)]
        self.row_step = _median(along, 32.0)
        self.lane_width = _median(across, 36.0)
        self.boxes: list[tuple[float, float, float, float, Cell]] = []
        for c in course.cells:
            if c.polygon:
                xs, ys = [p[0] for p in c.polygon], [p[1] for p in c.polygon]
                self.boxes.append((min(xs), min(ys), max(xs), max(ys), c))
        self._nearest: dict[tuple[int, int], int] = {}

    def cell_at(self, p: Point) -> Cell | None:
        x, y = p
        for x0, y0, x1, y1, c in self.boxes:
            if x0 <= x <= x1 and y0 <= y <= y1 and point_in_polygon(p, c.polygon):
                return c
        return None

    def nearest_row(self, p: Point) -> int:
        key = (round(p[0]), round(p[1]))
        r = self._nearest.get(key)
        if r is None:
            best = min(range(len(self.row_centres)), key=lambda i: math.dist(p, self.row_centres[i]),
                       default=0)
            r = self._nearest[key] = best
        return r

    def row_point(self, row: float) -> Point:
        """The centre of the road at a (fractional) row, clamped to the course."""
        n = len(self.row_centres)
        if n == 0:
            return (0.0, 0.0)
        row = min(max(row, 0.0), n - 1.0)
        r0 = int(math.floor(row))
        r1 = min(n - 1, r0 + 1)
        t = row - r0
        a, b = self.row_centres[r0], self.row_centres[r1]
        return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)

    def resolve(self, where: Where) -> tuple[Point, Cell | None]:
        """A map point (and the cell, if any) for a cell, cell id, start slot or (x, y) map point."""
        if isinstance(where, Cell):
            return where.centre, where
        if isinstance(where, int):
            c = self.course.cell(where)
            return c.centre, c
        if isinstance(where, StartSlot):
            return where.centre, None
        return (float(where[0]), float(where[1])), None

    def heading(self, point: Point, cell: Cell | None) -> float:
        """Direction of travel (radians, map axes) at a cell, or at a point off the road: its row's heading."""
        row = cell.row if cell is not None else self.nearest_row(point)
        return self.headings[row] if self.headings else 0.0

    def crash_spot(self, cell: Cell, heading: float) -> Point:
        """Where a crashed rider lies: off the nearer edge of the road, level with his cell."""
        course = self.course
        lanes = course.lanes(cell.row) or (cell.lane,)
        left = cell.lane - lanes[0] <= lanes[-1] - cell.lane
        edge = course.at(cell.row, lanes[0] if left else lanes[-1]) or cell
        dx, dy = math.cos(heading), math.sin(heading)
        nx, ny = (dy, -dx) if left else (-dy, dx)
        d = self.lane_width * 0.95
        return (edge.centre[0] + nx * d, edge.centre[1] + ny * d)
