"""The VeloMaster course view: a widget showing one course in a rect of the screen.

:class:`CourseView` puts together the parts, each in its own module:

* the map's art (:class:`~.course_art.MapArt`: rendered once, zoomed copies built on a worker thread,
  magnified tiles, its text objects) from :mod:`.course_art`; the view blits the visible window of it
  and draws the map's text at screen resolution;
* the camera (:class:`~.camera.Camera`, pure: zoom, centre, easing, map <-> screen), driven here by
  drag (left or right button), wheel (zoom around the cursor), ``focus``, ``frame`` and ``fit``;
* the course's drawing geometry (:class:`~.course_geometry.CourseGeometry`, pure: rows, headings,
  the cell under a point);
* the game's overlays (:mod:`.course_overlays`: highlighted cells with labels, paths, riders as bikes
  with a name tag on hover) and the hover card of a cell (:mod:`.cell_card`).

The race profile strip and the road sketch live in :mod:`.profile_strip`; colours and map text in
:mod:`.course_style`.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Callable, Iterable, Sequence

import pygame

from ..ui import text_audit, theme
from ..ui.widgets.base import Widget
from .camera import Camera
from .cell_card import card_place, card_size, cell_tags, draw_cell_card
from .course import Cell, Course, Point
from .course_art import MapArt, MapLabel, forget_map_art, map_art
from .course_geometry import CourseGeometry, Where
from .course_overlays import (
    Highlight,
    PathMark,
    RiderMark,
    draw_highlights,
    draw_name_tag,
    draw_paths,
    draw_rider,
    draw_shortened_finish,
    name_tag_rect,
    rider_length,
)
from .course_style import TABLE, Colour, category_badge, clear_text_cache, halo_text, slope_colour
from .rider_art import BIB_COLOURS, BIB_LEADER

# What other modules import from here: the view and its marks, plus a few names kept from when this file
# held the art, the colours and the riders' pictures too (they live in course_art, course_style, rider_art).
__all__ = ["BIB_COLOURS", "BIB_LEADER", "DRAG_THRESHOLD", "HOVER_DELAY", "CourseView", "Highlight", "MapArt",
           "PathMark", "RiderMark", "category_badge", "clear_map_art", "map_art", "slope_colour"]

DRAG_THRESHOLD = 5  # screen px a press must travel before it becomes a drag (and stops being a click)
HOVER_DELAY = 0.12  # s before the hover card shows


def clear_map_art() -> None:
    """Forget the rendered maps and map texts; the next view of a map renders it again (tables call this
    on leaving)."""
    forget_map_art()
    clear_text_cache()


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
        # a click on a bike, before its cell's: the table returns True when the click meant the bike
        self.on_rider_click: Callable[[RiderMark], bool] | None = None
        self.on_hover = on_hover
        self.highlights: dict[int, Highlight] = {}
        self.paths: list[PathMark] = []
        self.riders: list[RiderMark] = []
        self.show_hover_card = True
        self.finish_row: int | None = None  # the race's finish line when it is not the course's (shortened)
        self.feeds_rule = True  # the race's level plays the feed rule (the cell card says so; Débutant does not)
        self.hover_cell: Cell | None = None
        self.hover_rider: RiderMark | None = None  # the rider under the pointer (its name tag shows)
        # more sections for a cell's hover card: cell -> [(title, text)] (a table explains a move's odds)
        self.card_sections: Callable[[Cell], list[tuple[str, str]]] | None = None
        # what else the hover card keeps clear of where it can (a table's panels over the map); the riders always
        self.card_avoid: list[pygame.Rect] = []
        # a table's panels over the map (a vote's question, the stage start's picks): the pointer on one of them
        # points at none of the cells or riders under it (no name tag, no card drawn over the panel)
        self.covered: list[pygame.Rect] = []
        # drawn over the map and its riders, under the hover card (a table's key to the map)
        self.decorate: Callable[[pygame.Surface], None] | None = None
        self._rider_boxes: list[tuple[pygame.Rect, RiderMark]] = []
        # where this frame's words went on the map (place names, cell labels, the name tag, the hover card): what
        # a table floats over the map (pops, banners) keeps clear of them
        self.text_boxes: list[pygame.Rect] = []
        self.label_boxes: list[pygame.Rect] = []  # the map's own place names (kept clear when there is room)
        self.clicked_cell: Cell | None = None  # the last cell clicked (not dragged)
        self._hover_time = 0.0
        self._time = 0.0
        self._mouse = (-1, -1)
        self._press: tuple[int, tuple[int, int], tuple[float, float]] | None = None
        self.dragging = False
        self._frame_cache: tuple[tuple, pygame.Surface, tuple[int, int]] | None = None
        start = self.geometry.row_point(0) if course.cells else None
        self.camera = Camera(self.rect, art.size, zoom if zoom is not None else 0.8, start, on_settle=art.request)
        art.request(self.zoom)

    # -------------------------------------------------------------- camera (see camera.py)

    @property
    def pace(self) -> float:
        """Animation duration multiplier (App.settings.pace); 0 = instant."""
        return self.camera.pace

    @pace.setter
    def pace(self, value: float) -> None:
        self.camera.pace = value

    @property
    def zoom(self) -> float:
        return self.camera.zoom

    @property
    def centre(self) -> Point:
        return self.camera.centre

    @property
    def min_zoom(self) -> float:
        return self.camera.min_zoom

    @property
    def animating(self) -> bool:
        return self.camera.animating

    def resolve(self, where: Where) -> tuple[Point, Cell | None]:
        """A map point (and the cell, if any) for a cell, cell id, start slot or (x, y) map point."""
        return self.geometry.resolve(where)

    def focus(self, target: Where, animate: bool = True, zoom: float | None = None) -> None:
        """Move the camera to a cell or map point (eased unless ``animate`` is False or pace is 0)."""
        self.camera.focus(self.resolve(target)[0], animate, zoom)

    def follow(self, *targets: Where, animate: bool = True) -> bool:
        """Keep cells or map points in view, moving the camera only when one nears the view's edge (see
        :meth:`Camera.follow`): a table following its riders does not jump from one to the next."""
        return self.camera.follow([self.resolve(t)[0] for t in targets], animate)

    def focus_row(self, row: float, animate: bool = True) -> None:
        self.camera.focus(self.geometry.row_point(row), animate)

    def frame(self, targets: Iterable[Where], animate: bool = True, margin: float = 60.0,
              max_zoom: float = 1.0) -> None:
        """Fit the camera around several cells/points (e.g. every reachable cell)."""
        self.camera.frame([self.resolve(t)[0] for t in targets], animate, margin, max_zoom)

    def fit(self, animate: bool = True) -> None:
        self.camera.fit(animate)

    def set_zoom(self, zoom: float, anchor: tuple[int, int] | None = None, animate: bool = True) -> None:
        """Zoom keeping the map point under ``anchor`` (a screen point; default the view's centre) fixed."""
        self.camera.set_zoom(zoom, anchor, animate)

    def zoom_step(self, steps: int, anchor: tuple[int, int] | None = None, animate: bool = True) -> None:
        """Go ``steps`` zoom levels in (> 0) or out (< 0)."""
        self.camera.zoom_step(steps, anchor, animate)

    def pan_by(self, dx: float, dy: float) -> None:
        """Move the camera by a screen-pixel offset."""
        self.camera.pan_by(dx, dy)

    def map_to_screen(self, p: Point) -> tuple[float, float]:
        return self.camera.map_to_screen(p)

    def screen_to_map(self, s: Sequence[float]) -> Point:
        return self.camera.screen_to_map(s)

    def visible_map_rect(self) -> tuple[float, float, float, float]:
        return self.camera.visible_map_rect()

    # -------------------------------------------------------------- course coordinates

    def cell_at(self, screen_pos: Sequence[float]) -> Cell | None:
        """The cell under a screen point (None outside the view or off the road)."""
        if not self.rect.collidepoint(screen_pos):
            return None
        return self.geometry.cell_at(self.screen_to_map(screen_pos))

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
        """Direction of travel (radians, map axes: 0 = east, pi/2 = south) at a cell or point: its row's."""
        return self.geometry.heading(*self.resolve(where))

    def cell_tags(self, cell: Cell) -> list[tuple[str, str]]:
        """What the hover card shows for a cell, as (tag, value) pairs."""
        return cell_tags(self.course, cell, self.finish_row, self.feeds_rule)

    # -------------------------------------------------------------- overlays

    def highlight(self, cells: Iterable[Cell | int], colour: Colour = theme.ACCENT,
                  labels: dict[int, str] | str | None = None, alpha: int = 96, hatch: Colour | None = None) -> None:
        """Tint cells (added to the current highlights); ``labels`` maps cell id -> small text (e.g. "73%");
        ``hatch``: stripes of that colour across them."""
        for c in cells:
            cid = c.id if isinstance(c, Cell) else int(c)
            label = labels.get(cid) if isinstance(labels, dict) else labels
            self.highlights[cid] = Highlight(tuple(colour[:3]), label, alpha,
                                             tuple(hatch[:3]) if hatch is not None else None)

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

    def rider_length(self) -> int:
        """On-screen bike length: about one row, never too small to read."""
        return rider_length(self.geometry, self.zoom)

    def crash_spot(self, cell: Cell, heading: float) -> Point:
        """Where a crashed rider lies: off the nearer edge of the road, level with his cell."""
        return self.geometry.crash_spot(cell, heading)

    def draw_rider(self, surface: pygame.Surface, where: Where, team_colour: Colour, bib_colour: Colour = BIB_LEADER,
                   heading: float | None = None, crashed: bool = False, selected: bool = False,
                   leader: bool = False, mover: Colour | None = None) -> pygame.Rect | None:
        """Draw one rider as a top-down bike in team colours with its bib; returns its screen rect.

        ``where`` is a cell, a cell id, a start slot or a map point; ``heading`` (radians, map axes)
        defaults to the direction of travel of that row. A crashed rider lies beside the road. A
        leader wears a square bib and carries an upright star badge (:mod:`.rider_art`).
        """
        return draw_rider(surface, self.camera, self.geometry, where, team_colour, bib_colour, heading, crashed,
                          selected, leader, clock=self._time, mover=mover)

    def rider_at(self, screen_pos: Sequence[float]) -> RiderMark | None:
        """The rider drawn under a screen point in the last frame (the one drawn on top), if any."""
        for box, mark in reversed(self._rider_boxes):
            if box.inflate(-box.w // 5, -box.h // 5).collidepoint(screen_pos):
                return mark
        return None

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
                    self.camera.stop()
                if self.dragging:
                    self.camera.place((centre[0] - dx / self.zoom, centre[1] - dy / self.zoom))
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3) and self.contains(event.pos):
            self._press = (event.button, tuple(event.pos), self.centre)
            self.dragging = False
            self._mouse = event.pos
            return True
        if event.type == pygame.MOUSEBUTTONUP and self._press is not None and event.button == self._press[0]:
            was_drag = self.dragging
            self._press = None
            self.dragging = False
            if not was_drag and event.button == 1:
                mark = self.rider_at(event.pos) if self.on_rider_click is not None else None
                if mark is not None and self.on_rider_click(mark):
                    return True  # a bike clicked (one on the start grid stands on no cell)
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
        self.camera.animate(dt)
        free = self.hovered and not self.dragging and not any(box.collidepoint(mouse) for box in self.covered)
        cell = self.cell_at(mouse) if free else None
        self.hover_rider = self.rider_at(mouse) if free else None
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
        self.text_boxes, self.label_boxes = [], []
        with text_audit.viewport():  # a window onto the map: a place name or a cell's label may scroll out of it
            self._draw_map(surface)
            if self.finish_row is not None:  # a shortened race: its own line, the road after it shaded
                draw_shortened_finish(surface, self.camera, self.course, self.finish_row, self.rect)
            self._draw_labels(surface)
            if self.highlights:
                self.text_boxes += draw_highlights(surface, self.camera, self.course, self.geometry, self.highlights,
                                                   self.rect)
            draw_paths(surface, self.camera, self.paths)
            self._rider_boxes = []
            for r in self.riders:
                box = self.draw_rider(surface, r.where, r.team, r.bib, r.heading, r.crashed, r.selected,
                                      leader=r.leader, mover=r.mover)
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
        ox, oy = self.camera.offset()
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
            box = surface.blit(img, img.get_rect(center=(round(x), round(y))))
            if box.colliderect(self.rect):
                self.label_boxes.append(box)

    def _draw_hover(self, surface: pygame.Surface) -> None:
        if self.dragging:
            return
        cell = self.hover_cell
        if cell is not None:
            pts = self.camera.polygon_to_screen(cell.polygon)
            pygame.draw.polygon(surface, (20, 20, 26), pts, 4)
            pygame.draw.polygon(surface, (255, 255, 255), pts, 2)
        rider = self.hover_rider
        box = next((b for b, m in self._rider_boxes if m is rider), None) if rider is not None and rider.label \
            else None
        tag = name_tag_rect(box, rider, self.rect) if box is not None else None
        card = None
        if cell is not None and self.show_hover_card and self._hover_time >= HOVER_DELAY:
            sections = list(self.card_sections(cell)) if self.card_sections is not None else []
            tags = self.cell_tags(cell)
            pts = self.camera.polygon_to_screen(cell.polygon)
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            here = pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)) if pts else pygame.Rect(0, 0, 0, 0)
            avoid = [b for b, _ in self._rider_boxes] + [here] + list(self.card_avoid) + ([tag] if tag else [])
            card = (tags, sections, avoid, card_place(card_size(tags, sections), self._mouse, self.rect, avoid))
        below = False
        if box is not None and card is not None and card[3].colliderect(tag):  # the card where the tag goes
            below = not card[3].colliderect(name_tag_rect(box, rider, self.rect, below=True))  # under the bike
        if box is not None:
            self.text_boxes.append(draw_name_tag(surface, box, rider, self.rect, below))
        if card is not None:
            tags, sections, avoid, _ = card
            self.text_boxes.append(draw_cell_card(surface, cell, tags, sections, self._mouse, self.rect, avoid))
