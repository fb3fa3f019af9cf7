"""A course view's camera (pure: no pygame): which part of the map a screen rect shows, and how it moves.

The camera keeps a zoom and the map point at the centre of the view, clamped so the map fills the view
(a map smaller than the view is centred), and eases towards a goal (focus, frame, zoom around a screen
point) at a rate set by the animation pace. Map <-> screen conversions use an integer pixel offset, so
the map never jitters by a sub-pixel while the camera moves.
"""

from __future__ import annotations

import math
from typing import Callable, Iterable, Protocol, Sequence

from .course import Point

ZOOM_LEVELS: tuple[float, ...] = (0.35, 0.45, 0.6, 0.8, 1.0, 1.25, 1.5)
MIN_ZOOM, MAX_ZOOM = ZOOM_LEVELS[0], ZOOM_LEVELS[-1]
CAMERA_SPEED = 7.0  # easing rate (1/s) at pace 1.0
FOLLOW_MARGIN = 0.2  # follow(): a point inside the view less this share of it on each side is left where it is


def _shift(lo: float, hi: float, half: float) -> float:
    """How far to move along one axis so that [lo, hi] (offsets from the centre) lies within [-half, half]: 0 when
    it does, to the middle when it cannot."""
    if hi - lo > 2 * half:
        return (lo + hi) / 2
    if hi > half:
        return hi - half
    if lo < -half:
        return lo + half
    return 0.0


class ViewRect(Protocol):
    """The screen rect the camera fills (a ``pygame.Rect`` is one; read each time, so it may move)."""

    x: int
    y: int
    w: int
    h: int


class Camera:
    """Zoom and centre of a map shown in a screen rect, eased towards a goal."""

    def __init__(self, rect: ViewRect, map_size: tuple[int, int], zoom: float = 0.8,
                 centre: Point | None = None, on_settle: Callable[[float], None] | None = None):
        self.rect = rect
        self.map_size = map_size
        self.on_settle = on_settle  # told the zoom each time the camera comes to rest (the art builds it)
        self.pace = 1.0  # animation duration multiplier (App.settings.pace); 0 = instant
        self._goal_zoom: float | None = None
        self._goal_centre: Point | None = None
        self._anchor: tuple[tuple[float, float], Point] | None = None  # (screen point, map point) kept together
        self.zoom = self.clamp_zoom(zoom)
        mw, mh = map_size
        self.cx, self.cy = self.clamp_centre(centre if centre is not None else (mw / 2, mh / 2), self.zoom)

    # -------------------------------------------------------------- limits

    @property
    def fit_zoom(self) -> float:
        mw, mh = self.map_size
        return min(self.rect.w / mw, self.rect.h / mh)

    @property
    def min_zoom(self) -> float:
        return min(MIN_ZOOM, self.fit_zoom)

    def zoom_levels(self) -> list[float]:
        levels = set(ZOOM_LEVELS)
        if self.fit_zoom < MIN_ZOOM:
            levels.add(round(self.fit_zoom, 4))
        return sorted(levels)

    def clamp_zoom(self, z: float) -> float:
        return min(MAX_ZOOM, max(self.min_zoom, z))

    def clamp_centre(self, c: Sequence[float], zoom: float) -> Point:
        mw, mh = self.map_size
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

    def _view_centre(self) -> tuple[int, int]:
        return (self.rect.x + self.rect.w // 2, self.rect.y + self.rect.h // 2)

    def _inside(self, s: Sequence[float]) -> bool:
        r = self.rect
        return r.x <= s[0] < r.x + r.w and r.y <= s[1] < r.y + r.h

    # -------------------------------------------------------------- moving

    def focus(self, point: Point, animate: bool = True, zoom: float | None = None) -> None:
        """Move to a map point (eased unless ``animate`` is False or pace is 0), optionally to a zoom."""
        z = self.clamp_zoom(zoom) if zoom is not None else (self._goal_zoom or self.zoom)
        self._anchor = None
        self._goal_zoom = z if abs(z - self.zoom) > 1e-6 else None
        self._goal_centre = self.clamp_centre(point, z)
        if not animate or self.pace <= 0:
            self.finish()

    def follow(self, points: Iterable[Point], animate: bool = True, margin: float = FOLLOW_MARGIN) -> bool:
        """Keep map points (a rider, and the cells it may reach) in view without re-centring on it:
        nothing moves while they stand inside the view less ``margin`` of its width and height on each side (where
        the camera is going, if it is moving); otherwise the camera moves just enough to bring them to that inner
        box's edge (their middle to its centre when they do not fit in it). Returns whether it moved."""
        pts = list(points)
        if not pts:
            return False
        z = self._goal_zoom or self.zoom
        gx, gy = self._goal_centre if self._goal_centre is not None else (self.cx, self.cy)
        gx, gy = self.clamp_centre((gx, gy), z)
        hw = self.rect.w * (0.5 - margin) / z  # the inner box's half-extent, in map px
        hh = self.rect.h * (0.5 - margin) / z
        shift_x = _shift(min(p[0] for p in pts) - gx, max(p[0] for p in pts) - gx, hw)
        shift_y = _shift(min(p[1] for p in pts) - gy, max(p[1] for p in pts) - gy, hh)
        if not shift_x and not shift_y:
            return False
        goal = self.clamp_centre((gx + shift_x, gy + shift_y), z)
        if math.hypot(goal[0] - gx, goal[1] - gy) * z < 1:
            return False  # the map's edge: the camera cannot go further
        self.focus(goal, animate)
        return True

    def frame(self, points: Iterable[Point], animate: bool = True, margin: float = 60.0,
              max_zoom: float = 1.0) -> None:
        """Fit the view around several map points (e.g. every reachable cell)."""
        pts = list(points)
        if not pts:
            return
        x0, x1 = min(p[0] for p in pts), max(p[0] for p in pts)
        y0, y1 = min(p[1] for p in pts), max(p[1] for p in pts)
        zx = (self.rect.w - 2 * margin) / max(1.0, x1 - x0)
        zy = (self.rect.h - 2 * margin) / max(1.0, y1 - y0)
        self.focus(((x0 + x1) / 2, (y0 + y1) / 2), animate, zoom=max(self.min_zoom, min(zx, zy, max_zoom)))

    def fit(self, animate: bool = True) -> None:
        """The whole map (as far as the smallest zoom allows)."""
        mw, mh = self.map_size
        self.focus((mw / 2, mh / 2), animate, zoom=self.min_zoom)

    def set_zoom(self, zoom: float, anchor: Sequence[float] | None = None, animate: bool = True) -> None:
        """Zoom keeping the map point under ``anchor`` (a screen point; default the view's centre) fixed."""
        z = self.clamp_zoom(zoom)
        a = tuple(anchor) if anchor is not None and self._inside(anchor) else self._view_centre()
        self._goal_centre = None
        self._anchor = (a, self.screen_to_map(a))
        self._goal_zoom = z
        if not animate or self.pace <= 0:
            self.finish()

    def zoom_step(self, steps: int, anchor: Sequence[float] | None = None, animate: bool = True) -> None:
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
        """Move by a screen-pixel offset (at once; a zoom under way goes on)."""
        self._goal_centre = None
        self._anchor = None
        self.place((self.cx + dx / self.zoom, self.cy + dy / self.zoom))

    def place(self, centre: Sequence[float]) -> None:
        """Put the view's centre on a map point at once (clamped; a drag moves the camera this way)."""
        self.cx, self.cy = self.clamp_centre(centre, self.zoom)

    def stop(self) -> None:
        """Drop any goal: the camera stays where it is (a drag takes over)."""
        self._goal_centre = self._goal_zoom = None
        self._anchor = None

    def _apply_anchor(self) -> None:
        if self._anchor is not None:
            (ax, ay), (mx, my) = self._anchor
            vx, vy = self._view_centre()
            self.place((mx - (ax - vx) / self.zoom, my - (ay - vy) / self.zoom))

    def finish(self) -> None:
        """Jump to the goal and come to rest."""
        if self._goal_zoom is not None:
            self.zoom = self._goal_zoom
        self._apply_anchor()
        if self._goal_centre is not None:
            self.place(self._goal_centre)
        self.stop()
        if self.on_settle is not None:
            self.on_settle(self.zoom)

    def animate(self, dt: float) -> None:
        """Ease ``dt`` seconds towards the goal (zoom on a log scale, so zooming in and out feel the same)."""
        if not self.animating:
            return
        if self.pace <= 0:
            self.finish()
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
            gx, gy = self.clamp_centre(self._goal_centre, self.zoom)
            if math.hypot(gx - self.cx, gy - self.cy) * self.zoom < 0.5 and done:
                self.cx, self.cy = gx, gy
            else:
                self.cx += (gx - self.cx) * k
                self.cy += (gy - self.cy) * k
                done = False
        if done:
            self.finish()

    # -------------------------------------------------------------- coordinates

    def offset(self) -> tuple[int, int]:
        """Screen pixel of the map origin, relative to the view's top-left, negated (integer: no jitter)."""
        return (round(self.cx * self.zoom - self.rect.w / 2), round(self.cy * self.zoom - self.rect.h / 2))

    def map_to_screen(self, p: Sequence[float]) -> tuple[float, float]:
        ox, oy = self.offset()
        return (self.rect.x + p[0] * self.zoom - ox, self.rect.y + p[1] * self.zoom - oy)

    def screen_to_map(self, s: Sequence[float]) -> Point:
        ox, oy = self.offset()
        return ((s[0] - self.rect.x + ox) / self.zoom, (s[1] - self.rect.y + oy) / self.zoom)

    def polygon_to_screen(self, points: Sequence[Sequence[float]]) -> list[tuple[float, float]]:
        ox, oy = self.offset()
        z, rx, ry = self.zoom, self.rect.x - ox, self.rect.y - oy
        return [(rx + x * z, ry + y * z) for x, y in points]

    def visible_map_rect(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) of the map shown, in map px."""
        x0, y0 = self.screen_to_map((self.rect.x, self.rect.y))
        x1, y1 = self.screen_to_map((self.rect.x + self.rect.w, self.rect.y + self.rect.h))
        return (x0, y0, x1, y1)
