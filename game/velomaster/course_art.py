"""A VeloMaster map's art: the Tiled map rendered once, its zoomed copies and magnified tiles (pygame).

:class:`MapArt` renders a map's tile layers and its road image layer once, from the parse the course was
built from (:func:`~game.velomaster.tiled.read_map`: a map file is read once) with pictures loaded through
pytmx's pygame loader, into a full-size surface, and serves zoomed copies (built on a worker thread, a few kept) so a frame is one
blit of the visible window. Text objects (layers ``places`` and ``labels``; pytmx keeps their names, not
their ``<text>``) are kept as :class:`MapLabel` for the view to draw at screen resolution, crisp at any zoom.
:func:`map_art` shares one course's art between the views of it (one course in memory at a time).
"""

from __future__ import annotations

import gc
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from pathlib import Path

import pygame
import pytmx
from pytmx.util_pygame import pygame_image_loader

from .. import memory
from .course import Point
from .tiled import read_map


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
            raise pygame.error("MapArt needs pygame.display.set_mode() first (pictures load with convert())")
        # the map's data comes from the parse the course was built from (read_map: each map read once);
        # its pictures are loaded here, into lists of our own, and let go once composed
        parsed = read_map(self.path)
        tmx = parsed.tmx
        self.size = (int(tmx.width * tmx.tilewidth), int(tmx.height * tmx.tileheight))
        bg = getattr(tmx, "background_color", None)
        self.background = tuple(pygame.Color(bg))[:3] if bg else (110, 165, 82)
        self.base = self._compose(tmx)
        self.labels = _labels(tmx, _text_styles(parsed.text_styles))
        self._levels: OrderedDict[float, pygame.Surface] = OrderedDict()
        self._lock = threading.Lock()
        self._queue: list[float] = []
        self._job: dict | None = None  # the zoomed copy being built, strip by strip
        self._worker: threading.Thread | None = None
        self._thumbs: dict[tuple[int, int], pygame.Surface] = {}
        self._tiles: OrderedDict[tuple[float, int, int], pygame.Surface] = OrderedDict()

    # -------------------------------------------------------------- building

    def _compose(self, tmx: pytmx.TiledMap) -> pygame.Surface:
        """The tile layers and image layers (the painted road) blitted once into one map-sized surface."""
        base = pygame.Surface(self.size, 0, pygame.display.get_surface())  # display format, no copy
        base.fill(self.background)
        tiles = _tile_images(tmx)
        tw, th = tmx.tilewidth, tmx.tileheight
        folder = Path(tmx.filename).parent
        for layer in tmx.visible_layers:
            opacity = float(getattr(layer, "opacity", 1) or 0)
            if opacity <= 0 or not isinstance(layer, (pytmx.TiledTileLayer, pytmx.TiledImageLayer)):
                continue  # object layers (cells, labels…) are drawn by the view, not baked into the art
            ox, oy = float(getattr(layer, "offsetx", 0) or 0), float(getattr(layer, "offsety", 0) or 0)
            target = base if opacity >= 1 else pygame.Surface(self.size, pygame.SRCALPHA)
            if isinstance(layer, pytmx.TiledTileLayer):
                target.fblits([(tiles[gid], (x * tw + ox, y * th + oy)) for x, y, gid in layer.iter_data()
                               if gid and tiles[gid] is not None])
            elif getattr(layer, "source", None):
                # as decoded (RGBA): blitting it once into the map needs no converted copy
                target.blit(pygame.image.load(str(folder / layer.source)), (ox, oy))
            if target is not base:
                target.set_alpha(round(255 * opacity))
                base.blit(target, (0, 0))
        return base

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


def _tile_images(tmx: pytmx.TiledMap) -> list[pygame.Surface | None]:
    """The tiles' pictures by pytmx gid: what ``TiledMap.reload_images`` does with pytmx's pygame loader,
    but into a list of our own, so the shared parsed map is left as it is."""
    images: list[pygame.Surface | None] = [None] * tmx.maxgid
    folder = Path(tmx.filename).parent
    for ts in tmx.tilesets:
        if ts.source is None:
            continue
        load = pygame_image_loader(str(folder / ts.source), getattr(ts, "trans", None), tileset=ts)
        spots = product(range(ts.margin, ts.height + ts.margin - ts.tileheight + 1, ts.tileheight + ts.spacing),
                        range(ts.margin, ts.width + ts.margin - ts.tilewidth + 1, ts.tilewidth + ts.spacing))
        for real_gid, (y, x) in enumerate(spots, ts.firstgid):
            for gid, flags in tmx.gidmap.get(real_gid, ()):  # .get: gidmap is a defaultdict
                images[gid] = load((x, y, ts.tilewidth, ts.tileheight), flags)
    for real_gid, props in tmx.tile_properties.items():  # tiles that are pictures of their own
        if props.get("source") and real_gid < len(images):
            images[real_gid] = pygame_image_loader(str(folder / props["source"]), props.get("trans"))()
    return images


def _labels(tmx: pytmx.TiledMap, styles: dict[int, tuple[int, tuple[int, int, int], bool]]) -> tuple[MapLabel, ...]:
    """The text objects of the layers ``places`` and ``labels``, with their Tiled text style."""
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


def _text_styles(texts: dict[int, dict[str, str]]) -> dict[int, tuple[int, tuple[int, int, int], bool]]:
    """Object id -> (pixel size, colour, bold) from the ``<text>`` attributes pytmx does not read."""
    out: dict[int, tuple[int, tuple[int, int, int], bool]] = {}
    for obj_id, t in texts.items():
        try:
            colour = tuple(pygame.Color(t.get("color", "#000000")))[:3]
            if len(t.get("color", "")) == 9:  # Tiled writes #AARRGGBB
                colour = tuple(pygame.Color("#" + t.get("color", "")[3:]))[:3]
            out[obj_id] = (int(t.get("pixelsize", 16)), colour, t.get("bold") == "1")
        except (ValueError, TypeError):
            continue
    return out


_ART: OrderedDict[tuple[str, int], MapArt] = OrderedDict()
_ART_KEEP = 1  # one course's art at a time (about 20 MB at full size, plus the zoom in use)


def forget_map_art() -> None:
    """Let the rendered map go (a table calls this, through course_view.clear_map_art, on leaving)."""
    _ART.clear()


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
