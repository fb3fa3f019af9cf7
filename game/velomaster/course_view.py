"""Drawing a VeloMaster course: the Tiled map, a camera, overlays and riders as bikes.

* the map's art (:class:`~.course_art.MapArt`: the map rendered once, zoomed copies, magnified tiles,
  its text objects) comes from :mod:`.course_art`; the view draws the text at screen resolution.
* :class:`CourseView` is a widget showing one course in a rect of the screen: camera (``focus``, ``frame``,
  drag to pan with the left or right button, wheel to zoom around the cursor, clamped to the map),
  coordinate helpers, hover card with a cell's tags, and overlays: highlighted cells with labels, paths and
  riders (``riders`` list or immediate :meth:`CourseView.draw_rider`; pictures in :mod:`.rider_art`) with a
  name tag on hover.

The race profile strip and the road sketch live in :mod:`.profile_strip`.

Angles: a heading is in radians in map coordinates (x right, y *down*): 0 = east, pi/2 = south.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Hashable, Iterable, Sequence, Union

import pygame

from ..ui import theme
from ..ui.widgets.base import Widget
from .course import CLIMB, DESCENT, Cell, Course, Point, StartSlot
from .course_art import _ART, MapArt, MapLabel, map_art  # noqa: F401 - part of this module's interface
from .rider_art import (  # noqa: F401 - the bib colours are part of this module's interface
    BIB_COLOURS,
    BIB_GREEN,
    BIB_GREY,
    BIB_LEADER,
    BIB_VIOLET,
    badge_offset,
    badge_size,
    leader_badge,
    rider_sprite,
)

Colour = Sequence[int]
Where = Union[Cell, int, StartSlot, Sequence[float]]

ZOOM_LEVELS: tuple[float, ...] = (0.35, 0.45, 0.6, 0.8, 1.0, 1.25, 1.5)
MIN_ZOOM, MAX_ZOOM = ZOOM_LEVELS[0], ZOOM_LEVELS[-1]
DRAG_THRESHOLD = 5  # screen px a press must travel before it becomes a drag (and stops being a click)
CAMERA_SPEED = 7.0  # easing rate (1/s) at pace 1.0
HOVER_DELAY = 0.12  # s before the hover card shows

TERRAIN_COLOURS = {"flat": (128, 130, 140), CLIMB: (176, 104, 70), DESCENT: (80, 118, 178)}
FEED_COLOUR = (70, 160, 96)
DANGER_COLOUR = (210, 48, 40)
CATEGORY_COLOURS = {"HC": (122, 20, 28), "1": (196, 40, 36), "2": (226, 104, 36), "3": (232, 160, 40),
                    "4": (226, 204, 80)}
TABLE = (20, 26, 34)  # what shows around the map when it is smaller than the view


def slope_colour(slope: int) -> tuple[int, int, int]:
    """Race-profile colours: yellow for gentle slopes to dark red for the steepest."""
    if slope <= 3:
        return (236, 196, 64)
    if slope <= 5:
        return (236, 146, 52)
    if slope <= 8:
        return (222, 92, 44)
    if slope <= 11:
        return (190, 44, 40)
    return (128, 24, 34)


# ============================================================================================ map art


def clear_map_art() -> None:
    """Forget the rendered maps; the next view of a map renders it again (tables call this on leaving)."""
    _ART.clear()  # course_art's shared art
    _label_cache.clear()


# ============================================================================================ geometry


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


# ============================================================================================ drawing helpers

_label_cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()


def halo_text(s: str, size: int, colour: Colour, bold: bool = True, halo: Colour | None = None) -> pygame.Surface:
    """Text with a soft contrasting outline so it reads over the busy map (cached)."""
    key = (s, size, tuple(colour), bold, tuple(halo) if halo else None)
    img = _label_cache.get(key)
    if img is not None:
        _label_cache.move_to_end(key)
        return img
    if halo is None:
        halo = (250, 246, 232) if sum(colour[:3]) < 420 else (24, 24, 30)
    f = theme.font(size, "bold" if bold else "body")
    ring = max(1, size // 9)
    f.outline = ring
    try:
        back = f.render(s, True, halo)
    finally:
        f.outline = 0
    front = f.render(s, True, colour)
    img = pygame.Surface(back.get_size(), pygame.SRCALPHA)
    back.set_alpha(210)
    img.blit(back, (0, 0))
    img.blit(front, (ring, ring))
    _label_cache[key] = img
    if len(_label_cache) > 600:
        _label_cache.popitem(last=False)
    return img


def _aapolygon(surface: pygame.Surface, colour: Colour, pts: Sequence[Point], width: int = 2) -> None:
    if width <= 1:
        pygame.draw.aalines(surface, colour, True, pts)
    else:
        pygame.draw.polygon(surface, colour, pts, width)


def category_badge(surface: pygame.Surface, centre: Point, category: str, radius: int = 10) -> pygame.Rect:
    """The round summit-category badge (4, 3, 2, 1, HC)."""
    fill = CATEGORY_COLOURS.get(category, theme.RED)
    pygame.draw.circle(surface, (250, 246, 236), centre, radius + 2)
    pygame.draw.circle(surface, fill, centre, radius)
    size = max(9, int(radius * (1.0 if category == "HC" else 1.3)))
    return theme.blit_text(surface, category, (centre[0], centre[1] + 1), size, theme.contrast_ink(fill), "black",
                           anchor="center")


# ============================================================================================ the view


@dataclass
class Highlight:
    colour: tuple[int, int, int]
    label: str | None = None
    alpha: int = 96


@dataclass
class RiderMark:
    """A rider to draw: where (cell, cell id, start slot or map point), team and bib colours, its role
    (a leader carries the star badge) and the name tag shown when the pointer rests on it."""

    where: Where
    team: tuple[int, int, int]
    bib: tuple[int, int, int] = BIB_LEADER
    heading: float | None = None
    crashed: bool = False
    selected: bool = False
    key: Hashable = None
    leader: bool = False
    label: str | None = None


@dataclass
class PathMark:
    points: tuple[Point, ...]  # map px
    colour: tuple[int, int, int]
    width: int = 4
    arrow: bool = True


class CourseView(Widget):
    """A course on a rect of the screen: the map, a camera, hover tags and game overlays."""

    def __init__(self, rect, course: Course, map_path: str | Path | None = None, *, art: MapArt | None = None,
                 on_cell_click: Callable[[Cell], None] | None = None,
                 on_hover: Callable[[Cell | None], None] | None = None, zoom: float | None = None):
        super().__init__(rect)
        self.course = course
        self.geometry = CourseGeometry(course)
        if art is None:
            if map_path is None:
                raise ValueError("CourseView needs a map_path or a MapArt")
            art = map_art(map_path)
        self.art = art
        self.on_cell_click = on_cell_click
        self.on_hover = on_hover
        self.pace = 1.0  # animation duration multiplier (App.settings.pace); 0 = instant
        self.highlights: dict[int, Highlight] = {}
        self.paths: list[PathMark] = []
        self.riders: list[RiderMark] = []
        self.show_hover_card = True
        self.hover_cell: Cell | None = None
        self.hover_rider: RiderMark | None = None  # the rider under the pointer (its name tag shows)
        # more sections for a cell's hover card: cell -> [(title, text)] (a table explains a move's odds)
        self.card_sections: Callable[[Cell], list[tuple[str, str]]] | None = None
        # drawn over the map and its riders, under the hover card (a table's key to the map)
        self.decorate: Callable[[pygame.Surface], None] | None = None
        self._rider_boxes: list[tuple[pygame.Rect, RiderMark]] = []
        self.clicked_cell: Cell | None = None  # the last cell clicked (not dragged)
        self._hover_time = 0.0
        self._time = 0.0
        self._mouse = (-1, -1)
        self._press: tuple[int, tuple[int, int], tuple[float, float]] | None = None
        self.dragging = False
        self._goal_zoom: float | None = None
        self._goal_centre: Point | None = None
        self._anchor: tuple[tuple[int, int], Point] | None = None
        self._frame_cache: tuple[tuple, pygame.Surface, tuple[int, int]] | None = None
        self.zoom = self._clamp_zoom(zoom if zoom is not None else 0.8)
        mw, mh = art.size
        first = self.geometry.row_point(0)
        self.cx, self.cy = self._clamp_centre(first if course.cells else (mw / 2, mh / 2), self.zoom)
        art.request(self.zoom)

    # -------------------------------------------------------------- camera

    @property
    def fit_zoom(self) -> float:
        mw, mh = self.art.size
        return min(self.rect.w / mw, self.rect.h / mh)

    @property
    def min_zoom(self) -> float:
        return min(MIN_ZOOM, self.fit_zoom)

    def zoom_levels(self) -> list[float]:
        levels = {z for z in ZOOM_LEVELS}
        if self.fit_zoom < MIN_ZOOM:
            levels.add(round(self.fit_zoom, 4))
        return sorted(levels)

    def _clamp_zoom(self, z: float) -> float:
        return min(MAX_ZOOM, max(self.min_zoom, z))

    def _clamp_centre(self, c: Point, zoom: float) -> Point:
        mw, mh = self.art.size
        hw, hh = self.rect.w / 2 / zoom, self.rect.h / 2 / zoom
        x = mw / 2 if mw <= 2 * hw else min(max(c[0], hw), mw - hw)
        y = mh / 2 if mh <= 2 * hh else min(max(c[1], hh), mh - hh)
        return (x, y)

    @property
    def centre(self) -> Point:
        return (self.cx, self.cy)

    @property
    def animating(self) -> bool:
        return self._goal_zoom is not None or self._goal_centre is not None

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

    def focus(self, target: Where, animate: bool = True, zoom: float | None = None) -> None:
        """Move the camera to a cell or map point (eased unless ``animate`` is False or pace is 0)."""
        point, _ = self.resolve(target)
        z = self._clamp_zoom(zoom) if zoom is not None else (self._goal_zoom or self.zoom)
        self._anchor = None
        self._goal_zoom = z if abs(z - self.zoom) > 1e-6 else None
        self._goal_centre = self._clamp_centre(point, z)
        if not animate or self.pace <= 0:
            self._finish_animation()

    def focus_row(self, row: float, animate: bool = True) -> None:
        self.focus(self.geometry.row_point(row), animate)

    def frame(self, targets: Iterable[Where], animate: bool = True, margin: float = 60.0,
              max_zoom: float = 1.0) -> None:
        """Fit the camera around several cells/points (e.g. every reachable cell)."""
        pts = [self.resolve(t)[0] for t in targets]
        if not pts:
            return
        x0, x1 = min(p[0] for p in pts), max(p[0] for p in pts)
        y0, y1 = min(p[1] for p in pts), max(p[1] for p in pts)
        zx = (self.rect.w - 2 * margin) / max(1.0, x1 - x0)
        zy = (self.rect.h - 2 * margin) / max(1.0, y1 - y0)
        self.focus(((x0 + x1) / 2, (y0 + y1) / 2), animate, zoom=max(self.min_zoom, min(zx, zy, max_zoom)))

    def fit(self, animate: bool = True) -> None:
        mw, mh = self.art.size
        self.focus((mw / 2, mh / 2), animate, zoom=self.min_zoom)

    def set_zoom(self, zoom: float, anchor: tuple[int, int] | None = None, animate: bool = True) -> None:
        """Zoom keeping the map point under ``anchor`` (a screen point; default the view's centre) fixed."""
        z = self._clamp_zoom(zoom)
        a = anchor if anchor is not None and self.rect.collidepoint(anchor) else self.rect.center
        self._goal_centre = None
        self._anchor = (a, self.screen_to_map(a))
        self._goal_zoom = z
        if not animate or self.pace <= 0:
            self._finish_animation()

    def zoom_step(self, steps: int, anchor: tuple[int, int] | None = None, animate: bool = True) -> None:
        """Go ``steps`` zoom levels in (> 0) or out (< 0)."""
        levels = self.zoom_levels()
        z = self._goal_zoom if self._goal_zoom is not None else self.zoom
        for _ in range(abs(steps)):
            if steps > 0:
                z = next((lv for lv in levels if lv > z + 1e-3), levels[-1])
            else:
                z = next((lv for lv in reversed(levels) if lv < z - 1e-3), levels[0])
        self.set_zoom(z, anchor, animate)

    def pan_by(self, dx: float, dy: float) -> None:
        """Move the camera by a screen-pixel offset."""
        self._goal_centre = None
        self._anchor = None
        self.cx, self.cy = self._clamp_centre((self.cx + dx / self.zoom, self.cy + dy / self.zoom), self.zoom)

    def _apply_anchor(self) -> None:
        if self._anchor is not None:
            (ax, ay), (mx, my) = self._anchor
            c = (mx - (ax - self.rect.centerx) / self.zoom, my - (ay - self.rect.centery) / self.zoom)
            self.cx, self.cy = self._clamp_centre(c, self.zoom)

    def _finish_animation(self) -> None:
        if self._goal_zoom is not None:
            self.zoom = self._goal_zoom
        self._apply_anchor()
        if self._goal_centre is not None:
            self.cx, self.cy = self._clamp_centre(self._goal_centre, self.zoom)
        self._goal_zoom = self._goal_centre = None
        self._anchor = None
        self.art.request(self.zoom)

    def _animate(self, dt: float) -> None:
        if not self.animating:
            return
        if self.pace <= 0:
            self._finish_animation()
            return
        k = 1.0 - math.exp(-dt * CAMERA_SPEED / self.pace)
        done = True
        if self._goal_zoom is not None:
            lz, lg = math.log(self.zoom), math.log(self._goal_zoom)
            if abs(lg - lz) < 0.004:
                self.zoom = self._goal_zoom
            else:
                self.zoom = math.exp(lz + (lg - lz) * k)
                done = False
        self._apply_anchor()
        if self._goal_centre is not None:
            gx, gy = self._clamp_centre(self._goal_centre, self.zoom)
            if math.hypot(gx - self.cx, gy - self.cy) * self.zoom < 0.5 and done:
                self.cx, self.cy = gx, gy
            else:
                self.cx += (gx - self.cx) * k
                self.cy += (gy - self.cy) * k
                done = False
        if done:
            self._finish_animation()

    # -------------------------------------------------------------- coordinates

    def _offset(self) -> tuple[int, int]:
        """Screen pixel of the map origin, relative to the view's top-left, negated (integer: no jitter)."""
        return (round(self.cx * self.zoom - self.rect.w / 2), round(self.cy * self.zoom - self.rect.h / 2))

    def map_to_screen(self, p: Point) -> tuple[float, float]:
        ox, oy = self._offset()
        return (self.rect.x + p[0] * self.zoom - ox, self.rect.y + p[1] * self.zoom - oy)

    def screen_to_map(self, s: Sequence[float]) -> Point:
        ox, oy = self._offset()
        return ((s[0] - self.rect.x + ox) / self.zoom, (s[1] - self.rect.y + oy) / self.zoom)

    def cell_at(self, screen_pos: Sequence[float]) -> Cell | None:
        """The cell under a screen point (None outside the view or off the road)."""
        if not self.rect.collidepoint(screen_pos):
            return None
        return self.geometry.cell_at(self.screen_to_map(screen_pos))

    def visible_map_rect(self) -> tuple[float, float, float, float]:
        x0, y0 = self.screen_to_map(self.rect.topleft)
        x1, y1 = self.screen_to_map(self.rect.bottomright)
        return (x0, y0, x1, y1)

    def visible_row_ranges(self) -> list[tuple[int, int]]:
        """Runs of rows whose centre is on screen (a loop may show the start and the finish at once)."""
        x0, y0, x1, y1 = self.visible_map_rect()
        runs: list[tuple[int, int]] = []
        for r, (x, y) in enumerate(self.geometry.row_centres):
            if x0 <= x <= x1 and y0 <= y <= y1:
                if runs and runs[-1][1] == r - 1:
                    runs[-1] = (runs[-1][0], r)
                else:
                    runs.append((r, r))
        return runs

    def heading_at(self, where: Where) -> float:
        """Direction of travel (radians, map axes) at a cell or point: the heading of its row."""
        point, cell = self.resolve(where)
        row = cell.row if cell is not None else self.geometry.nearest_row(point)
        return self.geometry.headings[row] if self.geometry.headings else 0.0

    # -------------------------------------------------------------- overlays

    def highlight(self, cells: Iterable[Cell | int], colour: Colour = theme.ACCENT,
                  labels: dict[int, str] | str | None = None, alpha: int = 96) -> None:
        """Tint cells (added to the current highlights); ``labels`` maps cell id -> small text (e.g. "73%")."""
        for c in cells:
            cid = c.id if isinstance(c, Cell) else int(c)
            label = labels.get(cid) if isinstance(labels, dict) else labels
            self.highlights[cid] = Highlight(tuple(colour[:3]), label, alpha)

    def clear_highlights(self) -> None:
        self.highlights.clear()

    def set_path(self, steps: Iterable[Where], colour: Colour = theme.ACCENT, width: int = 4,
                 arrow: bool = True) -> None:
        """Show one path (cells or points in order), replacing any other."""
        self.paths = []
        self.add_path(steps, colour, width, arrow)

    def add_path(self, steps: Iterable[Where], colour: Colour = theme.ACCENT, width: int = 4,
                 arrow: bool = True) -> None:
        pts = tuple(self.resolve(s)[0] for s in steps)
        if len(pts) >= 2:
            self.paths.append(PathMark(pts, tuple(colour[:3]), width, arrow))

    def clear_paths(self) -> None:
        self.paths = []

    def cell_tags(self, cell: Cell) -> list[tuple[str, str]]:
        """What the hover card shows for a cell, as (tag, value) pairs."""
        c = self.course
        tags = [("Row", str(cell.row)), ("Lane", str(cell.lane)), ("Terrain", cell.terrain),
                ("Slope", f"{cell.slope} %" if cell.terrain == CLIMB else "–"),
                ("Danger", "yes" if cell.danger else "no"), ("Feed", "yes" if cell.feed else "no"),
                ("Km", f"{c.km_at(cell.row):.1f}"), ("Elevation", f"{cell.elevation} m")]
        for s in c.summits:
            if s.row == cell.row:
                tags.append(("Summit", f"{s.name} · {s.category_name} · {s.elevation} m"))
        if cell.row == c.finish_row:
            tags.append(("Finish", "finish line at the back of this row"))
        elif cell.row > c.finish_row:
            tags.append(("Finish", "past the finish line (run-out)"))
        return tags

    # -------------------------------------------------------------- events

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self._mouse = event.pos
            if self._press is not None:
                button, start, centre = self._press
                dx, dy = event.pos[0] - start[0], event.pos[1] - start[1]
                if not self.dragging and math.hypot(dx, dy) >= DRAG_THRESHOLD:
                    self.dragging = True
                    self._goal_centre = self._goal_zoom = None
                    self._anchor = None
                if self.dragging:
                    self.cx, self.cy = self._clamp_centre((centre[0] - dx / self.zoom, centre[1] - dy / self.zoom),
                                                          self.zoom)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3) and self.contains(event.pos):
            self._press = (event.button, tuple(event.pos), (self.cx, self.cy))
            self.dragging = False
            self._mouse = event.pos
            return True
        if event.type == pygame.MOUSEBUTTONUP and self._press is not None and event.button == self._press[0]:
            was_drag = self.dragging
            self._press = None
            self.dragging = False
            if not was_drag and event.button == 1:
                cell = self.cell_at(event.pos)
                if cell is not None:
                    self.clicked_cell = cell
                    if self.on_cell_click is not None:
                        self.on_cell_click(cell)
            return True
        if event.type == pygame.MOUSEWHEEL and self.contains(self._mouse) and event.y:
            self.zoom_step(1 if event.y > 0 else -1, anchor=self._mouse)
            return True
        return False

    def update(self, dt: float, mouse: tuple[int, int]) -> None:
        super().update(dt, mouse)
        self.art.pump()  # feed the worker building a zoomed copy of the map
        self._time += dt
        self._mouse = mouse
        self._animate(dt)
        cell = None if (self.dragging or not self.hovered) else self.cell_at(mouse)
        self.hover_rider = None if (self.dragging or not self.hovered) else self.rider_at(mouse)
        if cell != self.hover_cell:
            self.hover_cell = cell
            self._hover_time = 0.0
            if self.on_hover is not None:
                self.on_hover(cell)
        else:
            self._hover_time += dt

    # -------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        clip = surface.get_clip()
        surface.set_clip(self.rect.clip(clip) if clip else self.rect)
        self._draw_map(surface)
        self._draw_labels(surface)
        self._draw_highlights(surface)
        self._draw_paths(surface)
        self._rider_boxes = []
        for r in self.riders:
            box = self.draw_rider(surface, r.where, r.team, r.bib, r.heading, r.crashed, r.selected, leader=r.leader)
            if box is not None:
                self._rider_boxes.append((box, r))
        if self.hover_rider is not None:  # this frame's mark of that rider (tables rebuild them each frame)
            self.hover_rider = self.rider_at(self._mouse)
        if self.decorate is not None:
            self.decorate(surface)
        self._draw_hover(surface)
        surface.set_clip(clip)

    def _draw_map(self, surface: pygame.Surface) -> None:
        rect, z = self.rect, self.zoom
        ox, oy = self._offset()
        exact = self.art.level(z)
        mw, mh = self.art.size
        covers = ox >= 0 and oy >= 0 and ox + rect.w <= round(mw * z) and oy + rect.h <= round(mh * z)
        if not covers:
            surface.fill(TABLE, rect)
        if exact is not None:
            area = pygame.Rect(ox, oy, rect.w, rect.h).clip(exact.get_rect())
            surface.blit(exact, (rect.x + area.x - ox, rect.y + area.y - oy), area)
            return
        grid = self.art.tile_grid(z)
        if grid is not None:
            to = grid[2]
            blits = []
            for j in range(max(0, oy // to), (oy + rect.h - 1) // to + 1):
                for i in range(max(0, ox // to), (ox + rect.w - 1) // to + 1):
                    img = self.art.tile(z, i, j)
                    if img is not None:
                        blits.append((img, (rect.x + i * to - ox, rect.y + j * to - oy)))
            surface.fblits(blits)
            return
        if not self.animating:
            self.art.request(z)
        level, src = self.art.best_source(z)
        key = (z, ox, oy, level, rect.size)
        if self._frame_cache is not None and self._frame_cache[0] == key:
            _, img, pos = self._frame_cache
            surface.blit(img, (rect.x + pos[0], rect.y + pos[1]))
            return
        f = level / z
        sx0, sy0 = max(0, math.floor(ox * f)), max(0, math.floor(oy * f))
        sx1 = min(src.get_width(), math.ceil((ox + rect.w) * f))
        sy1 = min(src.get_height(), math.ceil((oy + rect.h) * f))
        if sx1 <= sx0 or sy1 <= sy0:
            return
        dx0, dy0 = round(sx0 / f) - ox, round(sy0 / f) - oy
        dw, dh = max(1, round(sx1 / f) - ox - dx0), max(1, round(sy1 / f) - oy - dy0)
        sub = src.subsurface((sx0, sy0, sx1 - sx0, sy1 - sy0))
        try:
            img = pygame.transform.smoothscale(sub, (dw, dh))
        except ValueError:
            img = pygame.transform.scale(sub, (dw, dh))
        self._frame_cache = (key, img, (dx0, dy0))
        surface.blit(img, (rect.x + dx0, rect.y + dy0))

    def label_size(self, label: MapLabel) -> int:
        """Labels shrink less than the map when zooming out (like a road atlas), so they stay legible."""
        return int(min(36, max(11, round(label.px * (0.55 + 0.45 * self.zoom)))))

    def _draw_labels(self, surface: pygame.Surface) -> None:
        area = self.rect.inflate(200, 60)
        for lab in self.art.labels:
            x, y = self.map_to_screen(lab.centre)
            if not area.collidepoint(x, y):
                continue
            img = halo_text(lab.text, self.label_size(lab), lab.colour, lab.bold)
            surface.blit(img, img.get_rect(center=(round(x), round(y))))

    def _screen_poly(self, cell: Cell) -> list[tuple[float, float]]:
        ox, oy = self._offset()
        z, rx, ry = self.zoom, self.rect.x - ox, self.rect.y - oy
        return [(rx + x * z, ry + y * z) for x, y in cell.polygon]

    def _draw_highlights(self, surface: pygame.Surface) -> None:
        if not self.highlights:
            return
        view = self.rect
        labels = []
        for cid, hl in self.highlights.items():
            try:
                cell = self.course.cell(cid)
            except KeyError:
                continue
            pts = self._screen_poly(cell)
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            box = pygame.Rect(math.floor(min(xs)), math.floor(min(ys)), math.ceil(max(xs) - min(xs)) + 2,
                              math.ceil(max(ys) - min(ys)) + 2)
            if not box.colliderect(view):
                continue
            tint = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.polygon(tint, (*hl.colour, hl.alpha), [(x - box.x, y - box.y) for x, y in pts])
            surface.blit(tint, box)
            pygame.draw.polygon(surface, hl.colour, pts, 2)
            if hl.label:
                labels.append((self.map_to_screen(cell.centre), hl))
        size = int(min(15, max(10, self.geometry.row_step * self.zoom * 0.42)))
        for (x, y), hl in labels:
            img = theme.text(hl.label, size, theme.INK, "black")
            pill = img.get_rect(center=(round(x), round(y))).inflate(8, 2)
            pygame.draw.rect(surface, theme.darken(hl.colour, 0.55), pill, border_radius=pill.h // 2)
            pygame.draw.rect(surface, hl.colour, pill, 1, border_radius=pill.h // 2)
            surface.blit(img, img.get_rect(center=pill.center))

    def _draw_paths(self, surface: pygame.Surface) -> None:
        for path in self.paths:
            pts = [self.map_to_screen(p) for p in path.points]
            w = max(2, round(path.width * min(1.0, self.zoom + 0.3)))
            pygame.draw.lines(surface, (20, 20, 26), False, pts, w + 4)
            for p in pts[:-1]:
                pygame.draw.circle(surface, (20, 20, 26), p, w + 2)
            pygame.draw.lines(surface, path.colour, False, pts, w)
            for p in pts[1:-1]:
                pygame.draw.circle(surface, path.colour, p, w)
            pygame.draw.circle(surface, theme.lighten(path.colour, 0.5), pts[0], w + 1)
            if path.arrow:
                (x0, y0), (x1, y1) = pts[-2], pts[-1]
                a = math.atan2(y1 - y0, x1 - x0)
                size = max(8.0, 14 * self.zoom + 4)
                tip = (x1 + math.cos(a) * size * 0.4, y1 + math.sin(a) * size * 0.4)
                left = (tip[0] - math.cos(a - 0.5) * size, tip[1] - math.sin(a - 0.5) * size)
                right = (tip[0] - math.cos(a + 0.5) * size, tip[1] - math.sin(a + 0.5) * size)
                pygame.draw.polygon(surface, (20, 20, 26), [tip, left, right], 0)
                inner = [(tip[0] - math.cos(a) * 2, tip[1] - math.sin(a) * 2),
                         (left[0] * 0.85 + tip[0] * 0.15 - math.cos(a), left[1] * 0.85 + tip[1] * 0.15 - math.sin(a)),
                         (right[0] * 0.85 + tip[0] * 0.15 - math.cos(a),
                          right[1] * 0.85 + tip[1] * 0.15 - math.sin(a))]
                pygame.draw.polygon(surface, path.colour, inner)

    def rider_length(self) -> int:
        """On-screen bike length: about one row, never too small to read."""
        return int(max(18, min(64, self.geometry.row_step * 0.98 * self.zoom)))

    def crash_spot(self, cell: Cell, heading: float) -> Point:
        """Where a crashed rider lies: off the nearer edge of the road, level with his cell."""
        lanes = self.course.lanes(cell.row) or (cell.lane,)
        left = cell.lane - lanes[0] <= lanes[-1] - cell.lane
        edge = self.course.at(cell.row, lanes[0] if left else lanes[-1]) or cell
        dx, dy = math.cos(heading), math.sin(heading)
        nx, ny = (dy, -dx) if left else (-dy, dx)
        d = self.geometry.lane_width * 0.95
        return (edge.centre[0] + nx * d, edge.centre[1] + ny * d)

    def draw_rider(self, surface: pygame.Surface, where: Where, team_colour: Colour, bib_colour: Colour = BIB_LEADER,
                   heading: float | None = None, crashed: bool = False, selected: bool = False,
                   leader: bool = False) -> pygame.Rect | None:
        """Draw one rider as a top-down bike in team colours with its bib; returns its screen rect.

        ``where`` is a cell, a cell id, a start slot or a map point; ``heading`` (radians, map axes)
        defaults to the direction of travel of that row. A crashed rider lies beside the road. A
        leader wears a square bib and carries an upright star badge (:mod:`.rider_art`).
        """
        point, cell = self.resolve(where)
        if heading is None:
            heading = self.heading_at(where)
        if crashed and cell is not None:
            point = self.crash_spot(cell, heading)
        x, y = self.map_to_screen(point)
        length = self.rider_length()
        if not self.rect.inflate(length * 2, length * 2).collidepoint(x, y):
            return None
        angle = int(round(math.degrees(heading) / 4.0)) * 4 % 360
        img = rider_sprite(team_colour, bib_colour, length, angle, crashed, leader)
        if selected:
            pulse = 0.5 + 0.5 * math.sin(self._time * 5.0)
            r = length * (0.62 + 0.06 * pulse)
            ring = pygame.Surface((int(r * 2 + 8), int(r * 2 + 8)), pygame.SRCALPHA)
            c = ring.get_width() / 2
            pygame.draw.circle(ring, (*theme.ACCENT, 70), (c, c), r)
            pygame.draw.circle(ring, (*theme.ACCENT, 255), (c, c), r, 2)
            surface.blit(ring, ring.get_rect(center=(round(x), round(y))))
        box = img.get_rect(center=(round(x), round(y)))
        surface.blit(img, box)
        if leader:
            mark = leader_badge(bib_colour, badge_size(length))
            dx, dy = badge_offset(length)
            spot = mark.get_rect(center=(round(x + dx), round(y + dy)))
            surface.blit(mark, spot)
            box = box.union(spot)
        return box

    def rider_at(self, screen_pos: Sequence[float]) -> RiderMark | None:
        """The rider drawn under a screen point in the last frame (the one drawn on top), if any."""
        for box, mark in reversed(self._rider_boxes):
            if box.inflate(-box.w // 5, -box.h // 5).collidepoint(screen_pos):
                return mark
        return None

    def _draw_hover(self, surface: pygame.Surface) -> None:
        if self.dragging:
            return
        cell = self.hover_cell
        if cell is not None:
            pts = self._screen_poly(cell)
            pygame.draw.polygon(surface, (20, 20, 26), pts, 4)
            pygame.draw.polygon(surface, (255, 255, 255), pts, 2)
        rider = self.hover_rider
        if rider is not None and rider.label:
            self._draw_name_tag(surface, rider)
        if cell is not None and self.show_hover_card and self._hover_time >= HOVER_DELAY:
            self._draw_card(surface, cell)

    def _draw_name_tag(self, surface: pygame.Surface, rider: RiderMark) -> None:
        """The rider's name and role in a pill above it (the rider under the pointer)."""
        box = next((b for b, m in self._rider_boxes if m is rider), None)
        if box is None:
            return
        img = theme.text(rider.label or "", 14, theme.PAPER_INK, "bold")
        pill = img.get_rect(midbottom=(box.centerx, box.top - 4)).inflate(14, 6)
        pill.clamp_ip(self.rect.inflate(-4, -4))
        pygame.draw.rect(surface, theme.PAPER, pill, border_radius=pill.h // 2)
        pygame.draw.rect(surface, tuple(rider.team[:3]), pill, 2, border_radius=pill.h // 2)
        surface.blit(img, img.get_rect(center=pill.center))

    def _draw_card(self, surface: pygame.Surface, cell: Cell) -> None:
        tags = self.cell_tags(cell)
        skip = {"Row", "Lane", "Terrain", "Slope"}
        lines = [(k, v) for k, v in tags if k not in skip]
        extra = [(k, v) for k, v in lines if k in ("Summit", "Finish")]
        if self.card_sections is not None:
            extra = list(self.card_sections(cell)) + extra
        lines = [(k, v) for k, v in lines if k not in ("Summit", "Finish")]
        width = 232
        wrapped = [(k, theme.wrap(v, width - 24, 14, "bold")) for k, v in extra]
        h = 62 + 19 * len(lines) + sum(8 + 18 * (len(w) + 1) for _, w in wrapped)
        card = pygame.Rect(self._mouse[0] + 18, self._mouse[1] + 16, width, h)
        if card.right > self.rect.right - 6:
            card.right = self._mouse[0] - 18
        if card.bottom > self.rect.bottom - 6:
            card.bottom = self._mouse[1] - 12
        card.clamp_ip(self.rect.inflate(-8, -8))
        theme.panel(surface, card, theme.PAPER, radius=8)
        chip = TERRAIN_COLOURS.get(cell.terrain, (128, 128, 128))
        if cell.feed:
            chip = FEED_COLOUR
        pygame.draw.rect(surface, chip, (card.x, card.y, card.w, 30), border_top_left_radius=8,
                         border_top_right_radius=8)
        theme.blit_text(surface, f"Row {cell.row} · lane {cell.lane}", (card.x + 12, card.y + 15), 16,
                        theme.contrast_ink(chip), "black", anchor="midleft")
        terrain = {"flat": "Flat", CLIMB: f"Climb {cell.slope} %", DESCENT: "Descent"}.get(cell.terrain,
                                                                                          cell.terrain)
        theme.blit_text(surface, terrain, (card.right - 12, card.y + 15), 15, theme.contrast_ink(chip), "bold",
                        anchor="midright")
        y = card.y + 40
        for k, v in lines:
            theme.blit_text(surface, k, (card.x + 12, y), 14, (110, 104, 112), "bold")
            colour = DANGER_COLOUR if (k == "Danger" and v == "yes") else (
                theme.darken(FEED_COLOUR, 0.3) if (k == "Feed" and v == "yes") else theme.PAPER_INK)
            theme.blit_text(surface, v, (card.right - 12, y), 14, colour, "bold", anchor="topright")
            y += 19
        for k, wl in wrapped:
            y += 6
            pygame.draw.line(surface, (214, 204, 184), (card.x + 10, y), (card.right - 10, y))
            y += 4
            theme.blit_text(surface, k, (card.x + 12, y), 13, CATEGORY_COLOURS["1"] if k == "Summit" else
                            theme.PAPER_INK, "black")
            for line in wl:
                y += 18
                theme.blit_text(surface, line, (card.x + 12, y), 14, theme.PAPER_INK, "bold")
            y += 18
