"""Drawing a VeloMaster course: the Tiled map, a camera, overlays, riders as bikes, a race-profile strip.

* :class:`MapArt` renders a map's tile layers and its road image layer once, through pytmx's pygame loader,
  into a full-size surface, and serves zoomed copies (built on a worker thread, a few kept) so a frame is one
  blit of the visible window. Text objects (layers ``places`` and ``labels``; pytmx keeps their names, not
  their ``<text>``) are drawn by the view at screen resolution, crisp at any zoom.
* :class:`CourseView` is a widget showing one course in a rect of the screen: camera (``focus``, ``frame``,
  drag to pan with the left or right button, wheel to zoom around the cursor, clamped to the map),
  coordinate helpers, hover card with a cell's tags, and overlays: highlighted cells with labels, paths and
  riders (``riders`` list or immediate :meth:`CourseView.draw_rider`).
* :class:`ProfileStrip` is the race profile (elevation by row/km, climbs, summits, feeds, finish, riders,
  the camera's visible range); clicking or dragging on it moves the view there.

Angles: a heading is in radians in map coordinates (x right, y *down*): 0 = east, pi/2 = south.
"""

from __future__ import annotations

import gc
import math
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Callable, Hashable, Iterable, Sequence, Union
from xml.etree import ElementTree

import pygame
import pytmx
from pytmx.util_pygame import pygame_image_loader

from .. import memory
from ..ui import theme
from ..ui.widgets.base import Widget
from .course import CLIMB, DESCENT, Cell, Course, Point, StartSlot
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


@dataclass(frozen=True)
class MapLabel:
    """A text object of the map (a place name, a slope sign, a summit name, DÉPART...)."""

    text: str
    centre: Point  # map px
    px: int  # Tiled pixel size
    colour: tuple[int, int, int]
    bold: bool = True
    layer: str = "labels"
    id: int = 0


class MapArt:
    """A map rendered once at full size, with zoomed copies built off the main thread on demand."""

    MAX_LEVELS = 2  # zoomed copies kept besides the full-size surface: the zoom in use and the last one
    MAX_TILES = 40  # magnified tiles kept: a 1280x720 screen needs about 24 (a full copy would be 30-45 MB)
    TILE = 256  # about this many screen px a tile

    def __init__(self, path: str | Path):
        self.path = Path(path)
        if pygame.display.get_surface() is None:
            raise pygame.error("MapArt needs pygame.display.set_mode() first (pytmx loads images with convert())")
        # Tiles load through pytmx; image layers (the painted road, a map-sized picture) are read
        # once by _image_layer_surface and blitted straight into the map, never held twice.
        self._image_layer_files = _image_layer_sources(self.path)
        tmx = pytmx.TiledMap(str(self.path), image_loader=self._image_loader)
        self.size = (int(tmx.width * tmx.tilewidth), int(tmx.height * tmx.tileheight))
        bg = getattr(tmx, "background_color", None)
        self.background = tuple(pygame.Color(bg))[:3] if bg else (110, 165, 82)
        self.base = self._compose(tmx)
        self.labels = self._labels(tmx)
        # pytmx's map object sits in reference cycles (layers <-> map): drop its images now, or the
        # 20 MB road image stays resident until the garbage collector happens to run
        tmx.images = []  # image layers read their image from this list too
        del tmx
        self._levels: OrderedDict[float, pygame.Surface] = OrderedDict()
        self._lock = threading.Lock()
        self._queue: list[float] = []
        self._job: dict | None = None  # the zoomed copy being built, strip by strip
        self._worker: threading.Thread | None = None
        self._thumbs: dict[tuple[int, int], pygame.Surface] = {}
        self._tiles: OrderedDict[tuple[float, int, int], pygame.Surface] = OrderedDict()

    # -------------------------------------------------------------- building

    def _compose(self, tmx: pytmx.TiledMap) -> pygame.Surface:
        base = pygame.Surface(self.size, 0, pygame.display.get_surface())  # display format, no copy
        base.fill(self.background)
        image_layers = [lay for lay in tmx.layers if isinstance(lay, pytmx.TiledImageLayer)
                        and getattr(lay, "source", None)]
        tw, th = tmx.tilewidth, tmx.tileheight
        for layer in tmx.visible_layers:
            opacity = float(getattr(layer, "opacity", 1) or 0)
            if opacity <= 0 or not isinstance(layer, (pytmx.TiledTileLayer, pytmx.TiledImageLayer)):
                continue  # object layers (cells, labels…) are drawn by the view, not baked into the art
            ox, oy = float(getattr(layer, "offsetx", 0) or 0), float(getattr(layer, "offsety", 0) or 0)
            target = base if opacity >= 1 else pygame.Surface(self.size, pygame.SRCALPHA)
            if isinstance(layer, pytmx.TiledTileLayer):
                target.fblits([(img, (x * tw + ox, y * th + oy)) for x, y, img in layer.tiles()])
            elif isinstance(layer, pytmx.TiledImageLayer):
                img = self._image_layer_surface(tmx, layer, image_layers)
                if img is not None:
                    target.blit(img, (ox, oy))
            if target is not base:
                target.set_alpha(round(255 * opacity))
                base.blit(target, (0, 0))
        return base

    def _image_loader(self, filename: str, colorkey, **kwargs):
        """pytmx's pygame loader, except for image layers' pictures (loaded later, once)."""
        if Path(filename).resolve() in self._image_layer_files:
            return lambda rect=None, flags=None: None
        return pygame_image_loader(filename, colorkey, **kwargs)

    def _image_layer_surface(self, tmx: pytmx.TiledMap, layer, image_layers: list) -> pygame.Surface | None:
        source = getattr(layer, "source", None)
        if source and (self.path.parent / source).resolve() in self._image_layer_files:
            # as decoded (RGBA): blitting it once into the map needs no converted copy
            return pygame.image.load(str(self.path.parent / source))
        return self._pytmx_layer_image(tmx, layer, image_layers)

    def _pytmx_layer_image(self, tmx: pytmx.TiledMap, layer, image_layers: list) -> pygame.Surface | None:
        # pytmx 3.32 appends image-layer images to tmx.images in layer order, but the gid it gives the layer
        # can point at a tile instead (layer.image then returns a 32x32 tile): take the appended image.
        k = image_layers.index(layer) if layer in image_layers else -1
        images = [img for img in tmx.images if img is not None]
        if k >= 0 and len(images) >= len(image_layers):
            img = images[len(images) - len(image_layers) + k]
            if isinstance(img, pygame.Surface) and img.get_size() != (tmx.tilewidth, tmx.tileheight):
                return img
        img = layer.image
        if isinstance(img, pygame.Surface) and img.get_size() != (tmx.tilewidth, tmx.tileheight):
            return img
        return pygame.image.load(str(self.path.parent / layer.source)).convert_alpha()

    def _labels(self, tmx: pytmx.TiledMap) -> tuple[MapLabel, ...]:
        styles = _text_styles(self.path)
        out: list[MapLabel] = []
        for layer in tmx.layers:
            if not isinstance(layer, pytmx.TiledObjectGroup) or layer.name not in ("places", "labels"):
                continue
            for obj in layer:
                if not obj.name:
                    continue
                px, colour, bold = styles.get(int(obj.id), (18, (20, 33, 61), True))
                centre = (float(obj.x) + float(obj.width or 0) / 2, float(obj.y) + float(obj.height or 0) / 2)
                out.append(MapLabel(str(obj.name), centre, px, colour, bold, str(layer.name), int(obj.id)))
        return tuple(out)

    # -------------------------------------------------------------- zoomed copies

    @staticmethod
    def key(zoom: float) -> float:
        return round(zoom, 4)

    def level(self, zoom: float) -> pygame.Surface | None:
        """The map scaled by exactly ``zoom`` if it is ready (1.0 always is)."""
        k = self.key(zoom)
        if k == 1.0:
            return self.base
        with self._lock:
            surf = self._levels.get(k)
            if surf is not None:
                self._levels.move_to_end(k)
            return surf

    def best_source(self, zoom: float) -> tuple[float, pygame.Surface]:
        """The ready copy to scale a ``zoom`` frame from: the smallest one at or above ``zoom``, else 1.0."""
        with self._lock:
            ready = sorted(z for z in self._levels if z >= zoom)
            if ready and ready[0] < 1.0:
                return ready[0], self._levels[ready[0]]
        return 1.0, self.base

    STRIP = 240  # map rows handed to the worker at a time (about 2.5 MB): no full-size copy is ever made

    def request(self, zoom: float) -> None:
        """Build the ``zoom`` copy in the background (zooms below 1 only; above 1 frames use tiles).

        The main thread copies the map a strip at a time (:meth:`pump`, called every frame: SDL
        forbids reading a surface another thread is blitting) and the worker scales each strip into
        the new copy, so building a zoom never holds a second full-size map in memory."""
        k = self.key(zoom)
        if k >= 1.0 or k <= 0:
            return
        with self._lock:
            if k in self._levels or k in self._queue:
                return
            self._queue.append(k)

    def pump(self) -> None:
        """Main thread, once a frame: hand the worker the next strip of the copy being built."""
        with self._lock:
            if self._job is None:
                if not self._queue:
                    return
                k = self._queue[0]
                size = (max(1, round(self.size[0] * k)), max(1, round(self.size[1] * k)))
                self._job = {"zoom": k, "dest": pygame.Surface(size, 0, self.base), "next": 0, "pending": [],
                             "strips": -(-self.size[1] // self.STRIP), "done": 0}
            job = self._job
            if job["next"] >= job["strips"] or len(job["pending"]) >= 2:
                return
            index = job["next"]
            job["next"] += 1
        y0, y1 = index * self.STRIP, min(self.size[1], (index + 1) * self.STRIP)
        margin = 4  # rows either side, cropped after scaling, so strips meet without seams
        sy0, sy1 = max(0, y0 - margin), min(self.size[1], y1 + margin)
        strip = self.base.subsurface((0, sy0, self.size[0], sy1 - sy0)).copy()
        with self._lock:
            job["pending"].append((y0, y1, sy0, strip))
            if self._worker is None or not self._worker.is_alive():
                self._worker = threading.Thread(target=self._work, daemon=True, name=f"map-art-{self.path.stem}")
                self._worker.start()

    def _work(self) -> None:
        while True:
            with self._lock:
                job = self._job
                if job is None or not job["pending"]:
                    self._worker = None
                    return
                y0, y1, sy0, strip = job["pending"].pop(0)
            k, dest = job["zoom"], job["dest"]
            out_w = dest.get_width()
            top = round(y0 * k)
            bottom = dest.get_height() if y1 >= self.size[1] else min(dest.get_height(), round(y1 * k))
            skip = max(0, round((y0 - sy0) * k))
            out_h = max(1, round(strip.get_height() * k), skip + bottom - top)
            try:
                scaled = pygame.transform.smoothscale(strip, (out_w, out_h))
            except (ValueError, pygame.error):
                scaled = pygame.transform.scale(strip, (out_w, out_h))
            if bottom > top:
                dest.blit(scaled, (0, top), (0, skip, out_w, bottom - top))
            del strip, scaled
            with self._lock:
                job["done"] += 1
                if job["done"] >= job["strips"]:
                    self._levels[k] = dest
                    while len(self._levels) > self.MAX_LEVELS:
                        self._levels.popitem(last=False)
                    self._queue.remove(k)
                    self._job = None
                    memory.release()

    # -------------------------------------------------------------- magnified tiles

    def tile_grid(self, zoom: float) -> tuple[int, int, int, int] | None:
        """(p, q, tile px on screen, tile px on the map) when ``zoom`` > 1 is a simple fraction p/q, else None."""
        if zoom <= 1.0:
            return None
        frac = Fraction(zoom).limit_denominator(8)
        if abs(float(frac) - zoom) > 1e-6:
            return None
        p, q = frac.numerator, frac.denominator
        k = max(1, round(self.TILE / p))
        return p, q, p * k, q * k

    def tile(self, zoom: float, i: int, j: int) -> pygame.Surface | None:
        """Tile (i, j) of the map magnified by ``zoom`` (a simple fraction: tiles meet without seams)."""
        grid = self.tile_grid(zoom)
        if grid is None:
            return None
        key = (self.key(zoom), i, j)
        img = self._tiles.get(key)
        if img is not None:
            self._tiles.move_to_end(key)
            return img
        p, q, to, ts = grid
        mw, mh = self.size
        x0, y0 = i * ts, j * ts
        if x0 >= mw or y0 >= mh or i < 0 or j < 0:
            return None
        # scale a source square with a margin (so edge pixels blend with their neighbours), then crop
        sx0, sy0 = max(0, x0 - q), max(0, y0 - q)
        sx1, sy1 = min(mw, x0 + ts + q), min(mh, y0 + ts + q)
        sub = self.base.subsurface((sx0, sy0, sx1 - sx0, sy1 - sy0))
        size = (round((sx1 - sx0) * p / q), round((sy1 - sy0) * p / q))
        try:
            big = pygame.transform.smoothscale(sub, size)
        except ValueError:
            big = pygame.transform.scale(sub, size)
        left, top = round((x0 - sx0) * p / q), round((y0 - sy0) * p / q)
        w = min(to, round(mw * p / q) - i * to, size[0] - left)
        h = min(to, round(mh * p / q) - j * to, size[1] - top)
        img = big.subsurface((left, top, w, h)).copy()
        self._tiles[key] = img
        while len(self._tiles) > self.MAX_TILES:
            self._tiles.popitem(last=False)
        return img

    def wait_idle(self, timeout: float = 5.0) -> None:
        """Block until queued zoom copies are built (tests and benchmarks; main thread: it pumps)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            with self._lock:
                idle = not self._queue and self._job is None
            if idle:
                return
            self.pump()
            time.sleep(0.001)

    def thumbnail(self, size: tuple[int, int]) -> pygame.Surface:
        """The whole map scaled to fit ``size`` (cached)."""
        img = self._thumbs.get(size)
        if img is None:
            s = min(size[0] / self.size[0], size[1] / self.size[1])
            img = pygame.transform.smoothscale(self.base, (max(1, round(self.size[0] * s)),
                                                           max(1, round(self.size[1] * s))))
            self._thumbs[size] = img
        return img


def _image_layer_sources(path: Path) -> set[Path]:
    """The pictures the map's image layers show (resolved paths)."""
    try:
        root = ElementTree.parse(path).getroot()
    except (OSError, ElementTree.ParseError):
        return set()
    out = set()
    for layer in root.iter("imagelayer"):
        image = layer.find("image")
        if image is not None and image.get("source"):
            out.add((path.parent / image.get("source")).resolve())
    return out


def _text_styles(path: Path) -> dict[int, tuple[int, tuple[int, int, int], bool]]:
    """Object id -> (pixel size, colour, bold) of the map's text objects (pytmx does not read ``<text>``)."""
    out: dict[int, tuple[int, tuple[int, int, int], bool]] = {}
    try:
        root = ElementTree.parse(path).getroot()
    except (OSError, ElementTree.ParseError):
        return out
    for obj in root.iter("object"):
        t = obj.find("text")
        if t is None or obj.get("id") is None:
            continue
        try:
            colour = tuple(pygame.Color(t.get("color", "#000000")))[:3]
            if len(t.get("color", "")) == 9:  # Tiled writes #AARRGGBB
                colour = tuple(pygame.Color("#" + t.get("color", "")[3:]))[:3]
            out[int(obj.get("id"))] = (int(t.get("pixelsize", 16)), colour, t.get("bold") == "1")
        except (ValueError, TypeError):
            continue
    return out


_ART: OrderedDict[tuple[str, int], MapArt] = OrderedDict()
_ART_KEEP = 1  # one course's art at a time (about 20 MB at full size, plus the zoom in use)


def clear_map_art() -> None:
    """Forget the rendered maps; the next view of a map renders it again (tables call this on leaving)."""
    _ART.clear()
    _label_cache.clear()


def map_art(path: str | Path) -> MapArt:
    """The rendered art of a map, shared by every view of it (only the last map is kept)."""
    p = Path(path).resolve()
    key = (str(p), p.stat().st_mtime_ns)
    art = _ART.get(key)
    if art is None:
        _ART.clear()  # the previous course's art goes first: one course in memory at a time
        art = MapArt(p)
        _ART[key] = art
        gc.collect()  # the TMX's own images, read to compose the map, are garbage now
        memory.release()  # the TMX's own images, read to compose the map, are freed: give them back
    _ART.move_to_end(key)
    return art


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
        rider = self.hover_rider
        if rider is not None and rider.label:
            self._draw_name_tag(surface, rider)
        cell = self.hover_cell
        if cell is None:
            return
        pts = self._screen_poly(cell)
        pygame.draw.polygon(surface, (20, 20, 26), pts, 4)
        pygame.draw.polygon(surface, (255, 255, 255), pts, 2)
        if self.show_hover_card and self._hover_time >= HOVER_DELAY:
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


# ============================================================================================ profile strip


class ProfileStrip(Widget):
    """The race profile: elevation by row (km axis), climbs by slope, summits, feeds, finish, riders.

    Click or drag on it to move the linked :class:`CourseView` there (or get ``on_jump(row)``).
    ``riders``: ``[(row, colour)]``; when None, the linked view's riders are shown.
    """

    def __init__(self, rect, course: Course, view: CourseView | None = None,
                 on_jump: Callable[[float], None] | None = None):
        super().__init__(rect)
        self.course = course
        self.profile = course.profile()
        self.view = view
        self.on_jump = on_jump
        self.riders: list[tuple[float, Colour]] | None = None
        self.hover_row: float | None = None
        self._dragging = False
        self._static: pygame.Surface | None = None
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
                    img = halo_text(f"{sec.slope}%", size, (255, 255, 255), True, (40, 20, 16))
                    if img.get_width() <= x1 - x0 + 4 and p.bottom - 8 - top >= img.get_height():
                        s.blit(img, img.get_rect(center=((x0 + x1) / 2, (top + p.bottom - 8) / 2)))
                        break
        # summits: badge above the top, dotted line down to it, name beside it where there is room
        taken = [(X(prof.finish_row) - 4, X(prof.finish_row) + 20), (0, 84)]
        taken += [(X(sm.row) - 13, X(sm.row) + 13) for sm in prof.summits]
        for sm in prof.summits:
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
        xf = X(prof.finish_row)
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
        theme.blit_text(s, "PROFILE", (10, 8), 11, theme.MUTED, "black")
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
        if self._static is None:
            self._static = self._build_static()
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
            txt = f"km {km:.1f} · {round(self.elevation_at(row))} m · row {int(row)}"
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
