"""What a course view draws over the map for a game: tinted cells with labels, paths with arrows, and the
riders as bikes (pictures from :mod:`.rider_art`), each placed through the view's :class:`~.camera.Camera`."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Hashable, Iterable

import pygame

from ..ui import theme
from .camera import Camera
from .course import Course, Point
from .course_geometry import CourseGeometry, Where
from .course_style import Colour
from .rider_art import (
    BIB_LEADER,
    badge_offset,
    badge_size,
    leader_badge,
    mover_badge,
    mover_offset,
    rider_sprite,
)

PATH_INK = (20, 20, 26)  # the dark edge under paths and arrows


@dataclass
class Highlight:
    colour: tuple[int, int, int]
    label: str | None = None
    alpha: int = 96
    hatch: tuple[int, int, int] | None = None  # stripes across the cell (a move that misses the feed)


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
    mover: tuple[int, int, int] | None = None  # the moving player's colour when the jersey is another's


@dataclass
class PathMark:
    points: tuple[Point, ...]  # map px
    colour: tuple[int, int, int]
    width: int = 4
    arrow: bool = True


def draw_highlights(surface: pygame.Surface, camera: Camera, course: Course, geometry: CourseGeometry,
                    highlights: dict[int, Highlight], view: pygame.Rect) -> list[pygame.Rect]:
    """Tint each highlighted cell on screen and put its label (odds...) in a pill at its centre; returns the
    pills (what floats over the map keeps clear of them)."""
    labels = []
    for cid, hl in highlights.items():
        try:
            cell = course.cell(cid)
        except KeyError:
            continue
        pts = camera.polygon_to_screen(cell.polygon)
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        box = pygame.Rect(math.floor(min(xs)), math.floor(min(ys)), math.ceil(max(xs) - min(xs)) + 2,
                          math.ceil(max(ys) - min(ys)) + 2)
        if not box.colliderect(view):
            continue
        tint = pygame.Surface(box.size, pygame.SRCALPHA)
        local = [(x - box.x, y - box.y) for x, y in pts]
        pygame.draw.polygon(tint, (*hl.colour, hl.alpha), local)
        if hl.hatch is not None:
            tint.blit(hatch(box.size, local, hl.hatch), (0, 0))
        surface.blit(tint, box)
        pygame.draw.polygon(surface, hl.hatch or hl.colour, pts, 2)
        if hl.label:
            labels.append((camera.map_to_screen(cell.centre), hl, cell))
    size = int(min(15, max(10, geometry.row_step * camera.zoom * 0.42)))
    pills = []
    for (x, y), hl, cell in labels:
        img = theme.text(hl.label, size, theme.INK, "black")
        pill = img.get_rect(center=(round(x), round(y))).inflate(8, 2)
        if cell.danger:
            pill = _beside_the_triangle(pill, camera, cell.centre, view, pills)
        if not view.contains(pill):
            continue  # a cell at the edge of the view: a cut "15%" could read "5%"; its label shows once in view
        pygame.draw.rect(surface, theme.darken(hl.colour, 0.55), pill, border_radius=pill.h // 2)
        pygame.draw.rect(surface, hl.colour, pill, 1, border_radius=pill.h // 2)
        surface.blit(img, img.get_rect(center=pill.center))
        pills.append(pill)
    return pills


# a danger cell's red warning triangle on the road picture, around the cell's centre (map px: left, top, right,
# bottom; tools/make_maps.py paints it with r = 11)
DANGER_MARK = (-10.5, -11.0, 10.5, 7.7)


def _beside_the_triangle(pill: pygame.Rect, camera: Camera, centre: Point, view: pygame.Rect,
                         taken: list[pygame.Rect]) -> pygame.Rect:
    """A danger cell's odds pill just under its warning triangle (or just over it), not on it: the mark stays
    visible. Under first (the triangle's base is nearer the centre than its tip), where it is in view and clear of
    the pills already placed."""
    (_x0, top), (_x1, bottom) = (camera.map_to_screen((centre[0], centre[1] + DANGER_MARK[1])),
                                 camera.map_to_screen((centre[0], centre[1] + DANGER_MARK[3])))
    under = pill.copy()
    under.top = math.ceil(bottom) + 1
    over = pill.copy()
    over.bottom = math.floor(top) - 1
    for place in (under, over):
        if view.contains(place) and place.collidelist(taken) < 0:
            return place
    return under if view.contains(under) else over


def hatch(size: tuple[int, int], polygon, colour, step: int = 7) -> pygame.Surface:
    """Diagonal stripes in ``colour`` inside ``polygon`` (points in a picture of ``size``)."""
    w, h = size
    stripes = pygame.Surface(size, pygame.SRCALPHA)
    for k in range(-h, w, step):
        pygame.draw.line(stripes, (*colour, 230), (k, h), (k + h, 0), 3)
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), polygon)
    stripes.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return stripes


def draw_paths(surface: pygame.Surface, camera: Camera, paths: Iterable[PathMark]) -> None:
    """Each path as a dark-edged line through its points, ending in an arrow head."""
    for path in paths:
        pts = [camera.map_to_screen(p) for p in path.points]
        w = max(2, round(path.width * min(1.0, camera.zoom + 0.3)))
        pygame.draw.lines(surface, PATH_INK, False, pts, w + 4)
        for p in pts[:-1]:
            pygame.draw.circle(surface, PATH_INK, p, w + 2)
        pygame.draw.lines(surface, path.colour, False, pts, w)
        for p in pts[1:-1]:
            pygame.draw.circle(surface, path.colour, p, w)
        pygame.draw.circle(surface, theme.lighten(path.colour, 0.5), pts[0], w + 1)
        if path.arrow:
            _arrow_head(surface, pts[-2], pts[-1], path.colour, camera.zoom)


def _arrow_head(surface: pygame.Surface, start: Point, end: Point, colour: Colour, zoom: float) -> None:
    (x0, y0), (x1, y1) = start, end
    a = math.atan2(y1 - y0, x1 - x0)
    size = max(8.0, 14 * zoom + 4)
    tip = (x1 + math.cos(a) * size * 0.4, y1 + math.sin(a) * size * 0.4)
    left = (tip[0] - math.cos(a - 0.5) * size, tip[1] - math.sin(a - 0.5) * size)
    right = (tip[0] - math.cos(a + 0.5) * size, tip[1] - math.sin(a + 0.5) * size)
    pygame.draw.polygon(surface, PATH_INK, [tip, left, right], 0)
    inner = [(tip[0] - math.cos(a) * 2, tip[1] - math.sin(a) * 2),
             (left[0] * 0.85 + tip[0] * 0.15 - math.cos(a), left[1] * 0.85 + tip[1] * 0.15 - math.sin(a)),
             (right[0] * 0.85 + tip[0] * 0.15 - math.cos(a), right[1] * 0.85 + tip[1] * 0.15 - math.sin(a))]
    pygame.draw.polygon(surface, colour, inner)


def rider_length(geometry: CourseGeometry, zoom: float) -> int:
    """On-screen bike length: about one row, never too small to read."""
    return int(max(18, min(64, geometry.row_step * 0.98 * zoom)))


def draw_rider(surface: pygame.Surface, camera: Camera, geometry: CourseGeometry, where: Where,
               team_colour: Colour, bib_colour: Colour = BIB_LEADER, heading: float | None = None,
               crashed: bool = False, selected: bool = False, leader: bool = False,
               clock: float = 0.0, mover: Colour | None = None) -> pygame.Rect | None:
    """Draw one rider as a top-down bike in team colours with its bib; returns its screen rect (None when
    off screen). ``heading`` defaults to the row's direction of travel; a crashed rider lies beside the
    road; a selected one pulses (``clock``: seconds); a leader carries an upright star badge; ``mover``: a disc in
    the colour of the player moving it, when its jersey is another's (a shared team, a neutral bike)."""
    point, cell = geometry.resolve(where)
    if heading is None:
        heading = geometry.heading(point, cell)
    if crashed and cell is not None:
        point = geometry.crash_spot(cell, heading)
    x, y = camera.map_to_screen(point)
    length = rider_length(geometry, camera.zoom)
    r = camera.rect
    if not pygame.Rect(r.x, r.y, r.w, r.h).inflate(length * 2, length * 2).collidepoint(x, y):
        return None
    angle = int(round(math.degrees(heading) / 4.0)) * 4 % 360
    img = rider_sprite(team_colour, bib_colour, length, angle, crashed, leader)
    if selected:
        pulse = 0.5 + 0.5 * math.sin(clock * 5.0)
        radius = length * (0.62 + 0.06 * pulse)
        ring = pygame.Surface((int(radius * 2 + 8), int(radius * 2 + 8)), pygame.SRCALPHA)
        c = ring.get_width() / 2
        pygame.draw.circle(ring, (*theme.ACCENT, 70), (c, c), radius)
        pygame.draw.circle(ring, (*theme.ACCENT, 255), (c, c), radius, 2)
        surface.blit(ring, ring.get_rect(center=(round(x), round(y))))
    box = img.get_rect(center=(round(x), round(y)))
    surface.blit(img, box)
    if leader:
        mark = leader_badge(bib_colour, badge_size(length))
        dx, dy = badge_offset(length)
        spot = mark.get_rect(center=(round(x + dx), round(y + dy)))
        surface.blit(mark, spot)
        box = box.union(spot)
    if mover is not None:
        disc = mover_badge(mover, max(9, badge_size(length) - 3))
        dx, dy = mover_offset(length)
        spot = disc.get_rect(center=(round(x + dx), round(y + dy)))
        surface.blit(disc, spot)
        box = box.union(spot)
    return box


def name_tag_rect(box: pygame.Rect, rider: RiderMark, within: pygame.Rect, below: bool = False) -> pygame.Rect:
    """Where the rider's name tag goes: a pill above its picture (``below``: under it), inside ``within``."""
    w, h = theme.font(14, "bold").size(rider.label or "")
    pill = pygame.Rect(0, 0, w + 14, h + 6)
    if below:
        pill.midtop = (box.centerx, box.bottom + 1)
    else:
        pill.midbottom = (box.centerx, box.top - 1)
    return pill.clamp(within.inflate(-4, -4))


def draw_name_tag(surface: pygame.Surface, box: pygame.Rect, rider: RiderMark, within: pygame.Rect,
                  below: bool = False) -> pygame.Rect:
    """The rider's name and role in a pill above its picture (``below``: under it; kept inside ``within``); returns
    the pill."""
    img = theme.text(rider.label or "", 14, theme.PAPER_INK, "bold")
    pill = name_tag_rect(box, rider, within, below)
    pygame.draw.rect(surface, theme.PAPER, pill, border_radius=pill.h // 2)
    pygame.draw.rect(surface, tuple(rider.team[:3]), pill, 2, border_radius=pill.h // 2)
    surface.blit(img, img.get_rect(center=pill.center))
    return pill


# ------------------------------------------------------------------ a shortened race's end
FINISH_CHEQUER = ((20, 20, 20), (250, 250, 250))  # as the map paints the course's own finish line
BEYOND_SHADE = (12, 14, 20, 110)  # the road after a shortened race's finish: not raced
SUMMIT_OFF = (70, 70, 76, 190)  # over a summit line (and its badges) that a shortened race leaves out


def line_across(course: Course, row: int, overhang: float = 12.0) -> tuple[Point, Point]:
    """The line across the road on the back edge of ``row`` (where a summit or the finish lies), as wide as the
    wider of that row and the one before it, ``overhang`` map px beyond the road on each side."""
    here, before = course.row_cells(row), course.row_cells(max(0, row - 1))
    left = here[0].polygon[0] if not before or here[0].lane <= before[0].lane else before[0].polygon[3]
    right = here[-1].polygon[1] if not before or here[-1].lane >= before[-1].lane else before[-1].polygon[2]
    dx, dy = right[0] - left[0], right[1] - left[1]
    n = math.hypot(dx, dy) or 1.0
    ux, uy = dx / n * overhang, dy / n * overhang
    return (left[0] - ux, left[1] - uy), (right[0] + ux, right[1] + uy)


def draw_shortened_finish(surface: pygame.Surface, camera: Camera, course: Course, finish_row: int,
                          view: pygame.Rect) -> None:
    """A race finishing before the course's ARRIVÉE (« toute autre ligne décidée par les joueurs en cas de course
    raccourcie »): the road after its line shaded, the summit lines there greyed out (they do not count), and the
    line itself as a black and white chequer across the road."""
    if not 0 < finish_row < course.finish_row:
        return
    shade = pygame.Surface(view.size, pygame.SRCALPHA)
    for cell in course.cells:
        if cell.row < finish_row:
            continue
        pts = [(x - view.x, y - view.y) for x, y in camera.polygon_to_screen(cell.polygon)]
        if any(-60 <= x <= view.w + 60 and -60 <= y <= view.h + 60 for x, y in pts):
            pygame.draw.polygon(shade, BEYOND_SHADE, pts)
    for summit in course.summits:
        if summit.row > finish_row and len(summit.line) >= 2:
            _band(shade, [(x - view.x, y - view.y) for x, y in camera.polygon_to_screen(summit.line)], 30 * camera.zoom,
                  28 * camera.zoom, SUMMIT_OFF)
    surface.blit(shade, view)
    ends = [camera.map_to_screen(p) for p in line_across(course, finish_row)]
    _chequer(surface, ends, FINISH_CHEQUER, max(3.0, 7 * camera.zoom))


def _band(surface: pygame.Surface, line, beyond: float, width: float, colour) -> None:
    """A band along ``line`` (screen points), ``beyond`` px past each end and ``width`` px wide."""
    (ax, ay), (bx, by) = line[0], line[-1]
    n = math.hypot(bx - ax, by - ay) or 1.0
    ux, uy = (bx - ax) / n, (by - ay) / n
    nx, ny = -uy * width / 2, ux * width / 2
    a, b = (ax - ux * beyond, ay - uy * beyond), (bx + ux * beyond, by + uy * beyond)
    pygame.draw.polygon(surface, colour, [(a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny), (b[0] - nx, b[1] - ny),
                                          (a[0] - nx, a[1] - ny)])


def _chequer(surface: pygame.Surface, line, colours, sq: float) -> None:
    """Two rows of squares of side ``sq`` along ``line`` (screen points), on its back side."""
    (ax, ay), (bx, by) = line[0], line[-1]
    length = math.hypot(bx - ax, by - ay) or 1.0
    ux, uy = (bx - ax) / length, (by - ay) / length
    nx, ny = -uy, ux
    count = max(1, int(length // sq))
    step = length / count
    for i in range(count):
        for j in (-1, 0):
            p0 = (ax + ux * i * step + nx * j * sq, ay + uy * i * step + ny * j * sq)
            quad = [p0, (p0[0] + ux * step, p0[1] + uy * step),
                    (p0[0] + ux * step + nx * sq, p0[1] + uy * step + ny * sq), (p0[0] + nx * sq, p0[1] + ny * sq)]
            pygame.draw.polygon(surface, colours[(i + j) % 2], quad)
