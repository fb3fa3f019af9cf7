"""The race profile strip and the course sketch, drawn from a course's cells (pygame).

* :class:`ProfileStrip` is the race profile (elevation by row/km, climbs by slope, summits, feeds,
  finish, riders, the linked :class:`~.course_view.CourseView`'s visible range); clicking or dragging
  on it moves the view there.
* :func:`course_sketch` is a vector thumbnail of the road (no map image needed).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Callable

import pygame

from ..i18n import _, language, number
from ..ui import theme
from ..ui.widgets.base import Widget
from .course import CLIMB, Course
from .course_geometry import CourseGeometry
from .course_style import (
    CATEGORY_COLOURS,
    DANGER_COLOUR,
    FEED_COLOUR,
    TERRAIN_COLOURS,
    Colour,
    category_badge,
    halo_text,
    slope_colour,
)
from .table_help import percent_label

if TYPE_CHECKING:
    from .course_view import CourseView


# ============================================================================================ profile strip


class ProfileStrip(Widget):
    """The race profile: elevation by row (km axis), climbs by slope, summits, feeds, finish, riders.

    Click or drag on it to move the linked :class:`CourseView` there (or get ``on_jump(row)``).
    ``riders``: ``[(row, colour)]``; when None, the linked view's riders are shown.
    """

    def __init__(self, rect, course: Course, view: CourseView | None = None,
                 on_jump: Callable[[float], None] | None = None, finish_row: int | None = None):
        """``finish_row``: the race's finish line when it is not the course's (a shortened race): the flag stands
        there, the road after it is veiled and its summits are left out."""
        super().__init__(rect)
        self.course = course
        self.finish_row = finish_row if finish_row is not None else course.finish_row
        self.profile = course.profile()
        self.view = view
        self.on_jump = on_jump
        self.riders: list[tuple[float, Colour]] | None = None
        self.hover_row: float | None = None
        self._dragging = False
        self._static: pygame.Surface | None = None
        self._static_language = ""  # the language its words were drawn in
        n = max(1, course.row_count)
        elev = self.profile.elevations or (0,)
        lo, hi = min(elev), max(elev)
        span = max(40, hi - lo)
        self._elev_lo, self._elev_hi = lo - span * 0.1, hi + span * 0.3  # headroom for slope signs
        self._rows = n

    # -------------------------------------------------------------- geometry

    @property
    def plot(self) -> pygame.Rect:
        r = self.rect
        return pygame.Rect(r.x + 46, r.y + 30, r.w - 58, r.h - 52)

    def x_of_row(self, row: float) -> float:
        p = self.plot
        return p.x + row / self._rows * p.w

    def row_at_x(self, x: float) -> float:
        p = self.plot
        return min(self._rows - 0.5, max(0.0, (x - p.x) / p.w * self._rows))

    def y_of_elev(self, e: float) -> float:
        p = self.plot
        return p.bottom - (e - self._elev_lo) / (self._elev_hi - self._elev_lo) * p.h

    def elevation_at(self, row: float) -> float:
        el = self.profile.elevations
        if not el:
            return 0.0
        r = min(max(row - 0.5, 0.0), len(el) - 1.0)
        r0 = int(r)
        r1 = min(len(el) - 1, r0 + 1)
        return el[r0] + (el[r1] - el[r0]) * (r - r0)

    # -------------------------------------------------------------- events

    def jump(self, row: float, animate: bool = True) -> None:
        if self.view is not None:
            self.view.focus_row(row, animate)
        if self.on_jump is not None:
            self.on_jump(row)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.contains(event.pos):
            self._dragging = True
            self.jump(self.row_at_x(event.pos[0]))
            return True
        if event.type == pygame.MOUSEMOTION and self._dragging:
            self.jump(self.row_at_x(event.pos[0]), animate=False)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._dragging:
            self._dragging = False
            return True
        return False

    def update(self, dt: float, mouse: tuple[int, int]) -> None:
        super().update(dt, mouse)
        self.hover_row = self.row_at_x(mouse[0]) if self.hovered else None

    # -------------------------------------------------------------- drawing

    def _build_static(self) -> pygame.Surface:
        r = self.rect
        s = pygame.Surface(r.size, pygame.SRCALPHA)
        local = pygame.Rect(0, 0, r.w, r.h)
        pygame.draw.rect(s, theme.PANEL_LO, local, border_radius=theme.RADIUS)
        pygame.draw.rect(s, theme.LINE, local, 1, border_radius=theme.RADIUS)
        ox, oy = r.x, r.y
        p = self.plot.move(-ox, -oy)
        prof, course = self.profile, self.course
        n = self._rows

        def X(row: float) -> float:
            return self.x_of_row(row) - ox

        def Y(e: float) -> float:
            return self.y_of_elev(e) - oy

        pygame.draw.rect(s, theme.mix(theme.PANEL_LO, theme.BG_DEEP, 0.5), p)
        # elevation grid
        step = 50 if self._elev_hi - self._elev_lo < 260 else 100
        e = math.ceil(self._elev_lo / step) * step
        while e <= self._elev_hi:
            y = Y(e)
            pygame.draw.line(s, (58, 66, 88), (p.x, y), (p.right, y))
            theme.blit_text(s, f"{e} m", (p.x - 6, y), 11, theme.FAINT, anchor="midright")
            e += step
        # feed zones and danger marks along the base
        # filled profile, coloured by terrain and slope
        el = prof.elevations
        slopes = [max((c.slope for c in course.row_cells(rw) if c.terrain == CLIMB), default=0) for rw in range(n)]
        descent = {rw for a, b in prof.descents for rw in range(a, b + 1)}
        for rw in range(n):
            e0 = el[rw]
            e1 = el[rw + 1] if rw + 1 < n else e0
            x0, x1 = X(rw + 0.5), X(rw + 1.5) if rw + 1 < n else X(n)
            if rw == 0:
                pygame.draw.polygon(s, (118, 126, 138), [(X(0), p.bottom), (X(0), Y(e0)), (x0, Y(e0)),
                                                         (x0, p.bottom)])
            if slopes[rw]:
                col = slope_colour(slopes[rw])
            elif rw in descent:
                col = (86, 124, 176)
            else:
                col = (118, 126, 138)
            pygame.draw.polygon(s, col, [(x0, p.bottom), (x0, Y(e0)), (x1, Y(e1)), (x1, p.bottom)])
        pts = [(X(rw + 0.5), Y(el[rw])) for rw in range(n)]
        if len(pts) >= 2:
            pygame.draw.lines(s, (236, 232, 220), False, pts, 2)
        for z in prof.feed_zones:  # feed zones: a green column and a bar along the base
            band = pygame.Rect(X(z.first_row), p.y, max(4, round(X(z.last_row + 1) - X(z.first_row))), p.h)
            veil = pygame.Surface(band.size, pygame.SRCALPHA)
            veil.fill((*FEED_COLOUR, 80))
            s.blit(veil, band)
            pygame.draw.rect(s, FEED_COLOUR, (band.x, p.bottom - 5, band.w, 5))
            bag = (band.centerx, p.y + 10)
            pygame.draw.circle(s, FEED_COLOUR, bag, 7)
            theme.blit_text(s, "R", (bag[0], bag[1] + 1), 10, theme.INK, "black", anchor="center")
        for c in course.danger_cells:
            x = X(c.row + 0.5)
            pygame.draw.polygon(s, DANGER_COLOUR, [(x, p.bottom - 9), (x - 5, p.bottom - 1), (x + 5, p.bottom - 1)])
        # slope signs inside each climb section, as on a race road book (where the section is wide enough)
        for climb in prof.climbs:
            for sec in climb.sections:
                x0, x1 = X(sec.first_row + 0.5), X(sec.last_row + 1.5)
                mid = (sec.first_row + sec.last_row + 1) / 2
                top = Y(self.elevation_at(mid + 0.5))
                for size in (12, 10):
                    img = halo_text(percent_label(sec.slope), size, (255, 255, 255), True, (40, 20, 16))
                    if img.get_width() <= x1 - x0 + 4 and p.bottom - 8 - top >= img.get_height():
                        s.blit(img, img.get_rect(center=((x0 + x1) / 2, (top + p.bottom - 8) / 2)))
                        break
        # a shortened race: the road after its finish is veiled, its summits left out
        finish = self.finish_row
        summits = [sm for sm in prof.summits if sm.row <= finish]
        if finish < prof.finish_row:
            after = pygame.Rect(round(X(finish)), p.y, p.right - round(X(finish)), p.h)
            veil = pygame.Surface(after.size, pygame.SRCALPHA)
            veil.fill((*theme.BG_DEEP, 170))
            s.blit(veil, after)
        # summits: badge above the top, dotted line down to it, name beside it where there is room
        taken = [(X(finish) - 4, X(finish) + 20), (0, 84)]
        taken += [(X(sm.row) - 13, X(sm.row) + 13) for sm in summits]
        for sm in summits:
            x = X(sm.row)
            top = Y(el[min(sm.row, n - 1)])
            for yy in range(int(p.y + 2), int(top), 4):
                pygame.draw.line(s, (236, 232, 220), (x, yy), (x, yy + 1))
            category_badge(s, (x, 15), sm.category, 10)
            for label in (f"{sm.name} {sm.elevation} m", sm.name):
                name = theme.text(label, 12, theme.INK, "bold")
                spots = [(x + 15, x + 15 + name.get_width()), (x - 15 - name.get_width(), x - 15)]
                free = [sp for sp in spots if sp[0] >= 6 and sp[1] <= local.right - 6
                        and all(sp[1] <= a or sp[0] >= b for a, b in taken)]
                if free:
                    s.blit(name, name.get_rect(midleft=(free[0][0], 15)))
                    taken.append(free[0])
                    break
        # finish
        xf = X(finish)
        for k in range(int(p.h // 5) + 1):
            for j in range(2):
                colour = (250, 250, 250) if (k + j) % 2 else (20, 20, 24)
                pygame.draw.rect(s, colour, (xf - 5 + j * 5, p.y + k * 5, 5, min(5, p.bottom - p.y - k * 5)))
        pygame.draw.line(s, theme.INK, (xf, 6), (xf, p.y), 2)  # a chequered flag on the badge row
        for k in range(4):
            for j in range(3):
                colour = (250, 250, 250) if (k + j) % 2 else (20, 20, 24)
                pygame.draw.rect(s, colour, (xf + 1 + k * 4, 6 + j * 4, 4, 4))
        # km axis
        km_total = course.length_km
        tick = 1 if km_total <= 8 else (2 if km_total <= 16 else 5)
        k = 0.0
        while prof.km_per_row and k <= km_total + 1e-6:
            x = X(k / prof.km_per_row)
            pygame.draw.line(s, theme.FAINT, (x, p.bottom), (x, p.bottom + 4))
            theme.blit_text(s, f"{k:g}", (x, p.bottom + 4), 11, theme.MUTED, anchor="midtop")
            k += tick
        theme.blit_text(s, "km", (p.right, p.bottom + 4), 11, theme.FAINT, anchor="topright")
        theme.blit_text(s, _("PROFILE"), (10, 8), 11, theme.MUTED, "black")
        return s

    def rider_rows(self) -> list[tuple[float, Colour]]:
        if self.riders is not None:
            return list(self.riders)
        out: list[tuple[float, Colour]] = []
        if self.view is not None:
            for m in self.view.riders:
                point, cell = self.view.resolve(m.where)
                if cell is not None:
                    out.append((cell.row, m.team))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        if self._static is None or self._static_language != language():
            self._static, self._static_language = self._build_static(), language()
        surface.blit(self._static, self.rect)
        p = self.plot
        if self.view is not None:
            for a, b in self.view.visible_row_ranges():
                x0, x1 = self.x_of_row(a), self.x_of_row(b + 1)
                win = pygame.Rect(round(x0), p.y - 4, max(4, round(x1 - x0)), p.h + 8)
                veil = pygame.Surface(win.size, pygame.SRCALPHA)
                veil.fill((255, 255, 255, 46))
                surface.blit(veil, win)
                pygame.draw.rect(surface, theme.INK, win, 1, border_radius=3)
        stack: dict[int, int] = {}
        for row, colour in self.rider_rows():
            k = stack.get(int(row), 0)
            stack[int(row)] = k + 1
            x = self.x_of_row(row + 0.5)
            y = self.y_of_elev(self.elevation_at(row + 0.5)) - 6 - k * 7
            pygame.draw.circle(surface, (16, 16, 20), (x, y), 5)
            pygame.draw.circle(surface, colour, (x, y), 4)
        if self.hover_row is not None:
            row = self.hover_row
            x = self.x_of_row(row)
            pygame.draw.line(surface, theme.ACCENT, (x, p.y), (x, p.bottom), 1)
            km = self.course.km_at(int(row))
            txt = _("km {km} · {metres} m · row {row}").format(km=number(km, 1), metres=round(self.elevation_at(row)),
                                                                 row=int(row))
            img = theme.text(txt, 12, theme.PAPER_INK, "bold")
            box = img.get_rect(midbottom=(x, p.bottom - 4)).inflate(10, 4)
            box.clamp_ip(p)
            pygame.draw.rect(surface, theme.PAPER, box, border_radius=4)
            surface.blit(img, img.get_rect(center=box.center))


# ============================================================================================ sketch


_sketches: dict[tuple, pygame.Surface] = {}


def course_sketch(course: Course, size: tuple[int, int]) -> pygame.Surface:
    """A vector thumbnail of the road from the cell polygons (cheap: no map image needed)."""
    key = (course.name, course.title, len(course.cells), size)
    img = _sketches.get(key)
    if img is not None:
        return img
    w, h = size
    img = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(img, (92, 146, 80), img.get_rect(), border_radius=8)
    mw, mh = course.map_size if course.map_size[0] else (1, 1)
    s = min((w - 8) / mw, (h - 8) / mh)
    ox, oy = (w - mw * s) / 2, (h - mh * s) / 2
    geo = CourseGeometry(course)
    centres = [(ox + x * s, oy + y * s) for x, y in geo.row_centres]
    width = max(3, round(geo.lane_width * 3 * s))
    if min(w, h) >= 160:  # big enough: the cells themselves
        for c in course.cells:
            if len(c.polygon) >= 3:
                col = FEED_COLOUR if c.feed else TERRAIN_COLOURS.get(c.terrain, (128, 128, 128))
                pts = [(ox + x * s, oy + y * s) for x, y in c.polygon]
                pygame.draw.polygon(img, col, pts)
                pygame.draw.polygon(img, col, pts, 1)
    else:  # small: a ribbon along the road, coloured by terrain
        for edge, col_w in (((236, 232, 220), width + 2), (None, width)):
            for r in range(len(centres) - 1):
                cells = course.row_cells(r)
                terrain = max((c.terrain for c in cells), key=[c.terrain for c in cells].count) if cells else "flat"
                col = edge or (FEED_COLOUR if any(c.feed for c in cells) else TERRAIN_COLOURS.get(terrain))
                pygame.draw.line(img, col, centres[r], centres[r + 1], col_w)
                pygame.draw.circle(img, col, centres[r + 1], col_w / 2)
    for sm in course.summits:
        if sm.line:
            x = sum(p[0] for p in sm.line) / len(sm.line)
            y = sum(p[1] for p in sm.line) / len(sm.line)
            pygame.draw.circle(img, (250, 246, 236), (ox + x * s, oy + y * s), 4)
            pygame.draw.circle(img, CATEGORY_COLOURS.get(sm.category, theme.RED), (ox + x * s, oy + y * s), 3)
    if len(course.finish_line) >= 2:
        a, b = course.finish_line[0], course.finish_line[-1]
        pygame.draw.line(img, (250, 250, 250), (ox + a[0] * s, oy + a[1] * s), (ox + b[0] * s, oy + b[1] * s), 3)
    _sketches[key] = img
    return img
