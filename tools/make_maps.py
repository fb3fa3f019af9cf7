"""Generate the VeloMaster course maps: maps/aurillac.tmx, maps/salzburg.tmx and their art.

    .venv/bin/python tools/make_maps.py              # regenerate everything (deterministic)
    .venv/bin/python tools/make_maps.py --repaint maps/salzburg.tmx   # repaint a road after Tiled edits

What it writes
* maps/tilesets/landscape.tsx + landscape.png  the landscape tiles, painted here with pygame;
* maps/<name>.tmx    tile layers (ground, water, forest, buildings) + the painted road image layer +
                     the object layers the game reads (cells, summits, finish, start, places, marks)
                     + text labels; the schema is documented in game/velomaster/tiled.py;
* maps/roads/<name>.png  the road painted from the cells of the .tmx (asphalt, climbs, descents,
                     danger and feed marks, summit and finish lines, alignment arrows, start grid);
* tests/fixtures/<name>.tiled-export.tmx  the map as re-saved by ``tiled --export-map`` (only when
                     Tiled is installed; the tests load it to prove Tiled-saved maps still load).

The .tmx files are the source the game loads; a person may edit them in Tiled 1.8+. The road image
is derived from the cells: after editing cells in Tiled, run ``--repaint`` to update it. Running
without arguments regenerates the maps from the descriptions below (it overwrites Tiled edits).

Geometry: the road follows a smooth centre line (centripetal Catmull-Rom through the control points
of each course). Row boundaries are cut at equal arc lengths; each boundary is a straight line at
right angles to the centre line; lane boundary ``k`` (0..4) lies ``(k - 2) * LANE_W`` pixels to the
right of the centre line, so lane ``l`` is always drawn at the same place across the road.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.velomaster.course import CLIMB, DESCENT, FLAT, Course  # noqa: E402
from game.velomaster.tiled import load_course  # noqa: E402

MAPS = ROOT / "maps"
FIXTURES = ROOT / "tests" / "fixtures"
FONT_BOLD = ROOT / "assets" / "fonts" / "Lato-Black.ttf"
FONT_REG = ROOT / "assets" / "fonts" / "Lato-Bold.ttf"

TILE = 32
LANE_W = 32.0  # pixels across one lane
MAX_LANES = 4

Vec = tuple[float, float]


# =============================================================================== course descriptions


@dataclass
class Label:
    text: str
    row: float
    side: int  # -1 left of the road (riding), +1 right
    size: int = 18
    colour: str = "#1b1f2a"
    bold: bool = True
    italic: bool = False
    gap: float = 26.0  # pixels between road edge and label
    at: Vec | None = None  # absolute position (top-left) instead of row/side


@dataclass
class Spec:
    name: str
    title: str
    length_km: float
    finish_row: int
    runout: int
    tiles: tuple[int, int]
    path: list[Vec]
    lanes: list[tuple[int, int, int]]  # (from_row, first_lane, last_lane)
    terrain: list[tuple[int, str, int]]  # (from_row, terrain, slope)
    terrain_overrides: dict[tuple[int, int], tuple[str, int]]
    anchors: dict[int, int]  # row -> elevation (m) on flats / valley floors
    summits: list[tuple[int, str, str, int]]  # (row of the line, name, category, label side)
    danger: list[tuple[int, int]]
    feed: list[tuple[int, int, int, int]]  # (first_row, last_row, first_lane, last_lane)
    places: list[tuple[int, str, int]]  # (row, name, label side)
    labels: list[Label]
    rivers: list[tuple[list[Vec], float]]  # (centre line, half width px)
    towns: list[tuple[Vec, float, str]]  # (centre, radius px, "city" | "village")
    villages: list[tuple[int, float, float, str]]  # (row, offset right of the centre line px, radius, kind)
    forests: list[tuple[Vec, float]]  # (centre, radius px) blobs
    plaza: tuple[Vec, float]  # start square (centre, radius)
    start_side: int  # where the start grid stands, -1 behind-left / +1 behind-right
    seed: int
    farm: str = "alpine"  # field palette: "alpine" (Salzburg) or "cantal"
    scale: float = 1.0  # every coordinate above is multiplied by this
    extra_marks: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        k = self.scale
        if k == 1.0:
            return

        def sc(p: Vec) -> Vec:
            return (round(p[0] * k, 1), round(p[1] * k, 1))

        self.path = [sc(p) for p in self.path]
        self.rivers = [([sc(p) for p in pts], half) for pts, half in self.rivers]
        self.towns = [(sc(c), r * k, kind) for c, r, kind in self.towns]
        self.forests = [(sc(c), r * k) for c, r in self.forests]
        self.plaza = (sc(self.plaza[0]), self.plaza[1] * k)
        self.tiles = (math.ceil(self.tiles[0] * k), math.ceil(self.tiles[1] * k))

    @property
    def rows(self) -> int:
        return self.finish_row + self.runout


def _v(x: float, y: float) -> Vec:
    return (float(x), float(y))


SALZBURG = Spec(
    name="salzburg",
    title="Championnat du Monde 2006 – Salzburg",
    length_km=22.0,
    finish_row=132,
    runout=6,
    tiles=(100, 70),
    path=[_v(1560, 1820), _v(1380, 1800), _v(1220, 1660), _v(1080, 1450), _v(900, 1300), _v(780, 1130),
          _v(700, 930), _v(600, 800), _v(570, 630), _v(520, 470), _v(600, 330), _v(800, 300), _v(990, 395),
          _v(1180, 360), _v(1380, 470), _v(1500, 640), _v(1720, 700), _v(1880, 560), _v(2000, 380),
          _v(2250, 330), _v(2420, 480), _v(2470, 700), _v(2700, 850), _v(2740, 1070), _v(2600, 1270),
          _v(2620, 1500), _v(2480, 1720), _v(2240, 1820), _v(2000, 1990), _v(1760, 2080), _v(1560, 2130),
          _v(1400, 2160)],
    lanes=[(0, 0, 3), (12, 0, 2), (24, 1, 2), (32, 1, 3), (48, 1, 2), (56, 1, 3), (63, 1, 2), (69, 0, 2),
           (96, 0, 3), (114, 0, 2), (122, 0, 3)],
    terrain=[(0, FLAT, 0), (36, CLIMB, 3), (43, CLIMB, 5), (50, DESCENT, 0), (61, FLAT, 0), (70, CLIMB, 4),
             (74, CLIMB, 8), (78, DESCENT, 0), (96, FLAT, 0)],
    terrain_overrides={(36, 3): (FLAT, 0), (36, 2): (FLAT, 0), (96, 0): (DESCENT, 0)},
    anchors={0: 421, 10: 424, 27: 430, 35: 452, 61: 472, 69: 468, 96: 438, 118: 425, 137: 421},
    summits=[(50, "Zilling", "3", -1), (78, "Elixhausen", "1", -1)],
    danger=[(9, 1), (9, 2), (23, 0), (31, 1), (53, 2), (57, 3), (59, 1), (83, 0), (87, 2), (90, 0),
            (93, 2), (115, 1), (121, 2)],
    feed=[(28, 29, 1, 2), (100, 101, 0, 3)],
    # The real 2006 loop in its real order (docs/rules/velomaster.md, "Where the course data comes from"):
    # out of town by Gnigl and Mayrwies, up the B 1 past Esch to Zilling, Hallwang, down to Tiefenbach,
    # up to Elixhausen, back by Lengfelden and Kasern, into town through Schallmoos. Rows are approximate
    # but for the summits and Tiefenbach (km 8.4, 10.2 and 9 km from the line, as published).
    places=[(0, "Mirabellplatz", -1), (10, "Gnigl", 1), (27, "Mayrwies", 1), (43, "Esch", 1), (50, "Zilling", 1),
            (55, "Hallwang", -1), (61, "Tiefenbach", -1), (78, "Elixhausen", 1), (92, "Lengfelden", 1),
            (104, "Kasern", -1), (118, "Schallmoos", -1)],
    labels=[],
    rivers=[([_v(1020, 2300), _v(980, 1980), _v(830, 1720), _v(600, 1560), _v(420, 1260), _v(300, 880),
              _v(190, 500), _v(120, 0)], 50.0),
            ([_v(1700, 930), _v(1400, 1000), _v(1130, 1080), _v(860, 1060), _v(640, 1180), _v(400, 1250)],
             20.0)],
    towns=[(_v(1300, 2120), 360, "city"), (_v(1850, 2150), 260, "city"), (_v(2900, 1700), 120, "village"),
           (_v(1500, 1250), 110, "village"), (_v(2200, 1050), 90, "village"), (_v(300, 1750), 120, "village")],
    villages=[(10, 90, 170, "city"), (27, 95, 150, "village"), (50, 80, 110, "village"),
              (61, -90, 120, "village"), (78, 90, 130, "village"), (92, 95, 120, "village"),
              (118, -95, 170, "city")],
    forests=[(_v(400, 700), 170), (_v(720, 560), 120), (_v(820, 120), 200), (_v(1180, 180), 140),
             (_v(1800, 230), 150), (_v(1900, 820), 170), (_v(2350, 620), 150), (_v(3000, 480), 260),
             (_v(3050, 1250), 230), (_v(2900, 2000), 200), (_v(2250, 1250), 160), (_v(260, 1950), 180),
             (_v(1250, 1280), 120), (_v(1700, 1500), 150), (_v(1400, 700), 110), (_v(2650, 120), 160)],
    plaza=(_v(1620, 1920), 110),
    start_side=1,
    seed=2006,
    farm="alpine",
    scale=0.83,
)

AURILLAC = Spec(
    name="aurillac",
    title="Championnat de France 2007 – Aurillac",
    length_km=19.0,
    finish_row=126,
    runout=6,
    tiles=(100, 70),
    path=[_v(960, 1200), _v(1120, 1300), _v(1230, 1470), _v(1420, 1520), _v(1530, 1700), _v(1720, 1800),
          _v(1950, 1760), _v(2120, 1880), _v(2330, 1820), _v(2400, 1620), _v(2600, 1500), _v(2640, 1280),
          _v(2550, 1090), _v(2600, 900), _v(2500, 700), _v(2280, 640), _v(2150, 460), _v(1950, 430),
          _v(1790, 540), _v(1600, 520), _v(1420, 660), _v(1200, 600), _v(1000, 700), _v(810, 640),
          _v(610, 720), _v(560, 900), _v(640, 1060), _v(600, 1250), _v(700, 1450), _v(880, 1600),
          _v(1060, 1660), _v(1220, 1690)],
    lanes=[(0, 0, 2), (10, 1, 2), (18, 1, 3), (28, 1, 2), (32, 0, 2), (44, 1, 2), (49, 1, 3), (59, 0, 3),
           (69, 0, 2), (89, 1, 2), (100, 1, 3), (104, 1, 2), (108, 0, 2), (118, 0, 3)],
    terrain=[(0, FLAT, 0), (13, CLIMB, 4), (19, DESCENT, 0), (31, FLAT, 0), (39, CLIMB, 8), (44, CLIMB, 11),
             (49, DESCENT, 0), (53, FLAT, 0), (69, DESCENT, 0), (89, FLAT, 0), (100, CLIMB, 10),
             (104, CLIMB, 14), (108, DESCENT, 0), (118, FLAT, 0)],
    terrain_overrides={(39, 0): (FLAT, 0), (100, 3): (FLAT, 0), (31, 2): (DESCENT, 0)},
    anchors={0: 622, 12: 624, 31: 612, 38: 614, 53: 738, 64: 731, 68: 728, 89: 615, 99: 607, 118: 625,
             131: 622},
    summits=[(19, "Côte de Belbex", "4", 1), (49, "Côte de Vézac", "2", 1), (108, "Côte du Puy Courny", "HC", -1)],
    danger=[(8, 1), (21, 2), (24, 3), (29, 1), (35, 0), (50, 3), (72, 2), (76, 0), (80, 2), (84, 1),
            (86, 0), (110, 2), (113, 0), (116, 1)],
    feed=[(60, 61, 0, 3)],
    places=[(0, "Aurillac – place du Square", 1), (31, "Arpajon-sur-Cère", 1), (54, "Vézac", 1),
            (64, "Giou-de-Mamou", -1), (89, "Saint-Simon", 1), (120, "Aurillac", 1)],
    labels=[],
    rivers=[([_v(2600, -60), _v(2200, 160), _v(1780, 330), _v(1460, 470), _v(1330, 720), _v(1220, 950),
              _v(1120, 1180), _v(1060, 1400), _v(1140, 1560), _v(1145, 1800), _v(1150, 2020),
              _v(1180, 2300)],
             24.0),
            ([_v(3300, 2000), _v(2800, 2090), _v(2400, 2040), _v(2000, 1990), _v(1700, 2010), _v(1400, 1980),
              _v(1000, 2080), _v(500, 2160), _v(-60, 2110)], 40.0)],
    towns=[(_v(800, 1330), 330, "city"), (_v(300, 1900), 110, "village"), (_v(1700, 1200), 90, "village"),
           (_v(2950, 1650), 110, "village"), (_v(400, 250), 100, "village")],
    villages=[(0, -40, 150, "city"), (10, -80, 130, "city"), (31, 95, 160, "village"), (54, 90, 120, "village"),
              (64, -95, 120, "village"), (89, 90, 120, "village"), (122, 95, 170, "city")],
    forests=[(_v(2000, 1450), 200), (_v(2900, 1100), 220), (_v(2250, 950), 150), (_v(2250, 260), 160),
             (_v(1350, 250), 170), (_v(1700, 950), 190), (_v(400, 480), 190), (_v(330, 950), 150),
             (_v(2950, 1850), 170), (_v(3000, 330), 210), (_v(1250, 1100), 110), (_v(260, 1500), 170),
             (_v(780, 820), 110), (_v(1900, 140), 120), (_v(2700, 560), 110)],
    plaza=(_v(860, 1140), 95),
    start_side=-1,
    seed=2007,
    farm="cantal",
    scale=0.86,
)

SPECS = [AURILLAC, SALZBURG]


# =============================================================================== centre line & cells


def catmull_rom(points: list[Vec], per_segment: int = 120) -> list[Vec]:
    """Centripetal Catmull-Rom through ``points`` (end tangents by reflection)."""
    pts = [(2 * points[0][0] - points[1][0], 2 * points[0][1] - points[1][1])] + list(points) + \
          [(2 * points[-1][0] - points[-2][0], 2 * points[-1][1] - points[-2][1])]
    out: list[Vec] = []
    for i in range(1, len(pts) - 2):
        p0, p1, p2, p3 = pts[i - 1], pts[i], pts[i + 1], pts[i + 2]

        def tj(ti: float, a: Vec, b: Vec) -> float:
            return ti + max(math.dist(a, b), 1e-6) ** 0.5

        t0 = 0.0
        t1 = tj(t0, p0, p1)
        t2 = tj(t1, p1, p2)
        t3 = tj(t2, p2, p3)
        for k in range(per_segment):
            t = t1 + (t2 - t1) * k / per_segment

            def lerp(a: Vec, b: Vec, ta: float, tb: float, t: float = t) -> Vec:
                w = (t - ta) / (tb - ta)
                return (a[0] + (b[0] - a[0]) * w, a[1] + (b[1] - a[1]) * w)

            a1, a2, a3 = lerp(p0, p1, t0, t1), lerp(p1, p2, t1, t2), lerp(p2, p3, t2, t3)
            b1, b2 = lerp(a1, a2, t0, t2), lerp(a2, a3, t1, t3)
            out.append(lerp(b1, b2, t1, t2))
    out.append(points[-1])
    return out


class CentreLine:
    def __init__(self, control: list[Vec]) -> None:
        raw = catmull_rom(control)
        self.pts: list[Vec] = [raw[0]]
        self.s: list[float] = [0.0]
        for p in raw[1:]:
            d = math.dist(p, self.pts[-1])
            if d > 1e-6:
                self.pts.append(p)
                self.s.append(self.s[-1] + d)
        self.length = self.s[-1]

    def at(self, s: float) -> Vec:
        s = min(max(s, 0.0), self.length)
        lo, hi = 0, len(self.s) - 1
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if self.s[mid] <= s:
                lo = mid
            else:
                hi = mid
        span = self.s[hi] - self.s[lo]
        w = (s - self.s[lo]) / span if span else 0.0
        a, b = self.pts[lo], self.pts[hi]
        return (a[0] + (b[0] - a[0]) * w, a[1] + (b[1] - a[1]) * w)

    def tangent(self, s: float, h: float = 6.0) -> Vec:
        a, b = self.at(s - h), self.at(s + h)
        if s - h < 0:
            a = self.at(0.0)
        dx, dy = b[0] - a[0], b[1] - a[1]
        n = math.hypot(dx, dy) or 1.0
        return (dx / n, dy / n)

    def frame(self, s: float) -> tuple[Vec, Vec, Vec]:
        """(point, unit tangent, unit right normal) at arc length ``s`` (extrapolated past the ends)."""
        t = self.tangent(min(max(s, 0.0), self.length))
        p = self.at(s)
        if s < 0:
            p = (p[0] + t[0] * s, p[1] + t[1] * s)
        elif s > self.length:
            p = (p[0] + t[0] * (s - self.length), p[1] + t[1] * (s - self.length))
        return p, t, (-t[1], t[0])


@dataclass
class CellSpec:
    row: int
    lane: int
    terrain: str
    slope: int
    danger: bool
    feed: bool
    elevation: int
    polygon: list[Vec]


@dataclass
class Layout:
    spec: Spec
    line: CentreLine
    row_len: float
    cells: list[CellSpec]
    boundary: list[tuple[Vec, Vec, Vec]]  # frame at each row boundary 0..rows
    elevations: list[int]

    def lanes(self, row: int) -> tuple[int, int]:
        return lanes_of(self.spec, row)

    def edge_point(self, row_pos: float, k: float) -> Vec:
        """Point at ``row_pos`` rows along the road and lane boundary ``k`` (0..4, fractional ok)."""
        p, _t, n = self.line.frame(row_pos * self.row_len)
        off = (k - MAX_LANES / 2) * LANE_W
        return (p[0] + n[0] * off, p[1] + n[1] * off)

    def road_edges(self, row_pos: float) -> tuple[float, float]:
        lo, hi = self.lanes(max(0, min(self.spec.rows - 1, int(row_pos))))
        return float(lo), float(hi + 1)


def lanes_of(spec: Spec, row: int) -> tuple[int, int]:
    cur = spec.lanes[0]
    for seg in spec.lanes:
        if seg[0] <= row:
            cur = seg
    return cur[1], cur[2]


def terrain_of(spec: Spec, row: int, lane: int) -> tuple[str, int]:
    if (row, lane) in spec.terrain_overrides:
        return spec.terrain_overrides[(row, lane)]
    cur = spec.terrain[0]
    for seg in spec.terrain:
        if seg[0] <= row:
            cur = seg
    return cur[1], cur[2]


def elevations_of(spec: Spec) -> list[int]:
    """Elevation of each row: climbs rise by slope x row length; the rest is interpolated between
    the anchors and the climbs' ends."""
    row_m = spec.length_km * 1000 / spec.finish_row
    n = spec.rows
    pinned: dict[int, float] = {r: float(e) for r, e in spec.anchors.items()}
    summit_elev = {"Zilling": 545, "Elixhausen": 547, "Côte de Belbex": 660, "Côte de Vézac": 757,
                   "Côte du Puy Courny": 752}
    for srow, name, _cat, _side in spec.summits:
        top = float(summit_elev[name])
        pinned[srow - 1] = top
        r = srow - 1
        elev = top
        while r >= 0 and terrain_of(spec, r, lanes_of(spec, r)[1])[0] == CLIMB:
            slope = max(terrain_of(spec, r, lane)[1] for lane in range(lanes_of(spec, r)[0], lanes_of(spec, r)[1] + 1))
            pinned[r] = elev
            elev -= slope / 100 * row_m
            r -= 1
        pinned[r] = elev
    keys = sorted(pinned)
    out: list[float] = []
    for row in range(n):
        if row in pinned:
            out.append(pinned[row])
            continue
        lo = max((k for k in keys if k < row), default=None)
        hi = min((k for k in keys if k > row), default=None)
        if lo is None:
            out.append(pinned[hi])
        elif hi is None:
            out.append(pinned[lo])
        else:
            w = (row - lo) / (hi - lo)
            out.append(pinned[lo] + (pinned[hi] - pinned[lo]) * w)
    return [round(e) for e in out]


def build_layout(spec: Spec) -> Layout:
    line = CentreLine(spec.path)
    row_len = line.length / spec.rows
    frames = [line.frame(r * row_len) for r in range(spec.rows + 1)]
    elev = elevations_of(spec)
    danger = set(spec.danger)
    feed = {(r, lane) for (r0, r1, l0, l1) in spec.feed for r in range(r0, r1 + 1) for lane in range(l0, l1 + 1)}
    cells: list[CellSpec] = []
    for row in range(spec.rows):
        lo, hi = lanes_of(spec, row)
        for lane in range(lo, hi + 1):
            quad = []
            for r, k in ((row, lane), (row, lane + 1), (row + 1, lane + 1), (row + 1, lane)):
                p, _t, n = frames[r]
                off = (k - MAX_LANES / 2) * LANE_W
                quad.append((round(p[0] + n[0] * off, 2), round(p[1] + n[1] * off, 2)))
            terrain, slope = terrain_of(spec, row, lane)
            cells.append(CellSpec(row, lane, terrain, slope if terrain == CLIMB else 0, (row, lane) in danger,
                                  (row, lane) in feed, elev[row], quad))
    for (r, lane) in danger | feed:
        lo, hi = lanes_of(spec, r)
        assert lo <= lane <= hi, f"{spec.name}: danger/feed cell ({r},{lane}) is off the road"
    return Layout(spec, line, row_len, cells, frames, elev)


def check_layout(lay: Layout) -> list[str]:
    """Geometry sanity: convex cells, no fold in bends, the road never comes close to itself."""
    issues: list[str] = []
    for c in lay.cells:
        q = c.polygon
        signs = set()
        for i in range(4):
            a, b, d = q[i], q[(i + 1) % 4], q[(i + 2) % 4]
            cross = (b[0] - a[0]) * (d[1] - b[1]) - (b[1] - a[1]) * (d[0] - b[0])
            signs.add(cross > 0)
        if len(signs) != 1:
            issues.append(f"cell r{c.row} l{c.lane} is not convex (bend too tight)")
    # self-approach: sample the centre line, compare far-apart samples
    step = 12.0
    samples = [lay.line.at(i * step) for i in range(int(lay.line.length / step) + 1)]
    need = 4 * LANE_W + 26
    for i in range(len(samples)):
        for j in range(i + 1, len(samples)):
            if (j - i) * step < 3.2 * need:
                continue
            if math.dist(samples[i], samples[j]) < need:
                issues.append(f"road passes too close to itself near row {i * step / lay.row_len:.0f} and "
                              f"row {j * step / lay.row_len:.0f} ({math.dist(samples[i], samples[j]):.0f}px)")
                break
    worst = (1e9, 0.0)
    s = 8.0
    while s < lay.line.length - 8:
        t0, t1 = lay.line.tangent(s - 8, 4), lay.line.tangent(s + 8, 4)
        turn = abs(math.atan2(t0[0] * t1[1] - t0[1] * t1[0], t0[0] * t1[0] + t0[1] * t1[1]))
        radius = 16 / turn if turn > 1e-9 else 1e9
        worst = min(worst, (radius, s / lay.row_len))
        s += 4
    if worst[0] < 2 * LANE_W:
        issues.append(f"bend too tight near row {worst[1]:.0f}: radius {worst[0]:.0f}px")
    for i, poly in enumerate(start_slots(lay)):
        for x, y in poly:
            near = min(lay.cells, key=lambda c: math.dist(c.polygon[0], (x, y)))
            if near.row > 0 and min(math.dist(q, (x, y)) for q in near.polygon) < 20:
                issues.append(f"start slot {i + 1} touches the road near row {near.row}")
                break
            for pts, half in lay.spec.rivers:
                dense = catmull_rom(pts, 30)
                if min(math.dist(q, (x, y)) for q in dense) < half + 10:
                    issues.append(f"start slot {i + 1} is in a river")
                    break
    w, h = lay.spec.tiles[0] * TILE, lay.spec.tiles[1] * TILE
    for c in lay.cells:
        for x, y in c.polygon:
            if not (20 <= x <= w - 20 and 20 <= y <= h - 20):
                issues.append(f"cell r{c.row} l{c.lane} is off the map ({x:.0f},{y:.0f})")
                break
    return issues


# =============================================================================== tileset

TS_COLS = 8
TS_ROWS = 9
# local tile ids
GRASS = (0, 1, 2)
MEADOW, PASTURE_COW, PASTURE = 3, 4, 5
PLOUGHED, WHEAT, CROP, RAPESEED, BARLEY = (6, 7), (8, 9), (10, 11), (12, 13), (14, 15)  # (rows across, along)
PAVING, PAVING_CENTRE, GARDEN, HEDGE_GARDEN, STREET, YARD, ROCK, ORCHARD = range(16, 24)
HOUSE_RED, HOUSE_RED_V, HOUSE_GREY, HOUSE_GREY_V, CHURCH, BLOCK, TREE, BUSHES = range(24, 32)
WATER0 = 32  # + corner mask (1 TL, 2 TR, 4 BR, 8 BL)
FOREST0 = 48  # + corner mask
FOREST_FULL = (63, 64, 65, 66)
WATER_FULL = (47, 67)
HOUSE_ORANGE, BLOCK_B, HAYSTACKS, GRASS_DARK = 68, 69, 70, 71
TILE_NAMES = {
    0: "grass", 1: "grass", 2: "grass with flowers", 3: "meadow", 4: "pasture with cows", 5: "pasture",
    6: "ploughed field", 7: "ploughed field", 8: "wheat", 9: "wheat", 10: "green crop", 11: "green crop",
    12: "rapeseed", 13: "rapeseed", 14: "barley", 15: "barley", 16: "paving", 17: "paving", 18: "garden",
    19: "garden hedge", 20: "street", 21: "yard", 22: "rock", 23: "orchard", 24: "house", 25: "house",
    26: "house", 27: "house", 28: "church", 29: "town block", 30: "tree", 31: "bushes", 68: "house",
    69: "town block", 70: "haystacks", 71: "grass",
}


def _rng_colour(rng: random.Random, base: tuple[int, int, int], spread: int) -> tuple[int, int, int]:
    return tuple(max(0, min(255, c + rng.randint(-spread, spread))) for c in base)  # type: ignore[return-value]


def _speckle(surf: pygame.Surface, rng: random.Random, base: tuple[int, int, int], spread: int, n: int,
             size: tuple[int, int] = (1, 2)) -> None:
    for _ in range(n):
        x, y = rng.randrange(TILE), rng.randrange(TILE)
        r = rng.randint(*size)
        pygame.draw.circle(surf, _rng_colour(rng, base, spread), (x, y), r)


def _stripes(surf: pygame.Surface, rng: random.Random, base: tuple[int, int, int], line: tuple[int, int, int],
             vertical: bool, gap: int = 4) -> None:
    surf.fill(base)
    _speckle(surf, rng, base, 10, 60)
    for k in range(gap // 2, TILE, gap):
        a, b = ((k, 0), (k, TILE)) if vertical else ((0, k), (TILE, k))
        pygame.draw.line(surf, _rng_colour(rng, line, 6), a, b, 1)


def _grass(surf: pygame.Surface, rng: random.Random, base: tuple[int, int, int], flowers: bool = False) -> None:
    surf.fill(base)
    _speckle(surf, rng, base, 12, 120)
    for _ in range(40):
        x, y = rng.randrange(TILE), rng.randrange(TILE)
        surf.set_at((x, y), _rng_colour(rng, (base[0] - 25, base[1] - 10, base[2] - 25), 8))
    if flowers:
        for _ in range(9):
            x, y = rng.randrange(2, TILE - 2), rng.randrange(2, TILE - 2)
            surf.set_at((x, y), rng.choice([(250, 250, 240), (250, 220, 60), (230, 120, 160)]))


def _roof(surf: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], vertical: bool) -> None:
    shadow = rect.move(2, 2)
    pygame.draw.rect(surf, (0, 0, 0, 70), shadow, border_radius=1)
    dark = tuple(int(c * 0.72) for c in colour)
    light = tuple(min(255, int(c * 1.08)) for c in colour)
    if vertical:
        a = pygame.Rect(rect.x, rect.y, rect.w // 2, rect.h)
        b = pygame.Rect(rect.x + rect.w // 2, rect.y, rect.w - rect.w // 2, rect.h)
        pygame.draw.rect(surf, light, a)
        pygame.draw.rect(surf, dark, b)
        pygame.draw.line(surf, tuple(int(c * 0.55) for c in colour), (rect.centerx, rect.y), (rect.centerx, rect.bottom - 1))
    else:
        a = pygame.Rect(rect.x, rect.y, rect.w, rect.h // 2)
        b = pygame.Rect(rect.x, rect.y + rect.h // 2, rect.w, rect.h - rect.h // 2)
        pygame.draw.rect(surf, light, a)
        pygame.draw.rect(surf, dark, b)
        pygame.draw.line(surf, tuple(int(c * 0.55) for c in colour), (rect.x, rect.centery), (rect.right - 1, rect.centery))
    pygame.draw.rect(surf, tuple(int(c * 0.5) for c in colour), rect, 1)


def _corner_tile(surf: pygame.Surface, mask: int, inside, edge, rng: random.Random, wobble: float) -> None:
    tl, tr, br, bl = (mask >> 0) & 1, (mask >> 1) & 1, (mask >> 2) & 1, (mask >> 3) & 1
    phase = rng.random() * 6.28
    for y in range(TILE):
        for x in range(TILE):
            u, v = (x + 0.5) / TILE, (y + 0.5) / TILE
            val = tl * (1 - u) * (1 - v) + tr * u * (1 - v) + br * u * v + bl * (1 - u) * v
            val += wobble * math.sin(phase + x * 0.9 + y * 0.4) * math.sin(y * 0.7 - x * 0.3)
            if val > 0.5:
                surf.set_at((x, y), inside(x, y))
            elif val > 0.40 and edge is not None:
                surf.set_at((x, y), edge(x, y, val))


def paint_tileset(path: Path) -> None:
    rng = random.Random(42)
    sheet = pygame.Surface((TS_COLS * TILE, TS_ROWS * TILE), pygame.SRCALPHA)
    sheet.fill((0, 0, 0, 0))

    def tile(i: int) -> pygame.Surface:
        return sheet.subsurface(pygame.Rect((i % TS_COLS) * TILE, (i // TS_COLS) * TILE, TILE, TILE))

    _grass(tile(0), rng, (112, 168, 84))
    _grass(tile(1), rng, (112, 168, 84))
    _grass(tile(2), rng, (112, 168, 84), flowers=True)
    _grass(tile(3), rng, (138, 184, 98), flowers=True)
    _grass(tile(5), rng, (98, 150, 76))
    _grass(tile(4), rng, (98, 150, 76))
    for cx, cy in ((9, 11), (22, 20)):  # Salers cows, seen from above
        body = pygame.Rect(cx - 4, cy - 2, 9, 5)
        pygame.draw.ellipse(tile(4), (120, 50, 30), body)
        pygame.draw.circle(tile(4), (90, 36, 22), (cx + 5, cy), 2)
    _grass(tile(GRASS_DARK), rng, (92, 142, 70))
    for i, vertical in ((6, False), (7, True)):
        _stripes(tile(i), rng, (150, 112, 78), (118, 86, 58), vertical, 4)
    for i, vertical in ((8, False), (9, True)):
        _stripes(tile(i), rng, (222, 190, 100), (196, 160, 74), vertical, 3)
    for i, vertical in ((10, False), (11, True)):
        _stripes(tile(i), rng, (128, 176, 76), (96, 146, 58), vertical, 4)
    for i, vertical in ((12, False), (13, True)):
        _stripes(tile(i), rng, (226, 214, 74), (196, 186, 60), vertical, 4)
    for i, vertical in ((14, False), (15, True)):
        _stripes(tile(i), rng, (204, 196, 138), (182, 172, 116), vertical, 3)
    # paving, plaza centre, gardens, street, yard, rock, orchard
    t = tile(PAVING)
    t.fill((196, 188, 172))
    for k in range(0, TILE, 8):
        pygame.draw.line(t, (176, 168, 152), (0, k), (TILE, k))
        for j in range(0, TILE, 8):
            pygame.draw.line(t, (176, 168, 152), (j + (4 if (k // 8) % 2 else 0), k), (j + (4 if (k // 8) % 2 else 0), k + 8))
    t = tile(PAVING_CENTRE)
    t.fill((196, 188, 172))
    pygame.draw.circle(t, (170, 162, 148), (16, 16), 14)
    pygame.draw.circle(t, (206, 198, 184), (16, 16), 10)
    pygame.draw.circle(t, (120, 170, 210), (16, 16), 6)
    t = tile(GARDEN)
    _grass(t, rng, (104, 170, 84))
    for j in range(4, TILE, 8):
        for k in range(4, TILE, 8):
            pygame.draw.circle(t, rng.choice([(230, 80, 90), (240, 200, 60), (200, 120, 220), (250, 250, 250)]), (j, k), 2)
    t = tile(HEDGE_GARDEN)
    _grass(t, rng, (120, 176, 90))
    pygame.draw.rect(t, (52, 110, 52), (0, 0, TILE, TILE), 4)
    pygame.draw.rect(t, (214, 204, 180), (12, 0, 8, TILE))
    t = tile(STREET)
    t.fill((150, 148, 146))
    _speckle(t, rng, (150, 148, 146), 8, 80)
    t = tile(YARD)
    t.fill((184, 172, 150))
    _speckle(t, rng, (184, 172, 150), 14, 120)
    t = tile(ROCK)
    t.fill((140, 136, 128))
    _speckle(t, rng, (140, 136, 128), 22, 60, (1, 4))
    t = tile(ORCHARD)
    _grass(t, rng, (118, 170, 86))
    for j in (8, 24):
        for k in (8, 24):
            pygame.draw.circle(t, (0, 0, 0, 50), (j + 2, k + 2), 6)
            pygame.draw.circle(t, (70, 130, 56), (j, k), 6)
            pygame.draw.circle(t, (200, 60, 50), (j - 2, k - 1), 1)
    # houses and town blocks (transparent background)
    _roof(tile(HOUSE_RED), pygame.Rect(5, 8, 22, 15), (186, 74, 56), False)
    _roof(tile(HOUSE_RED_V), pygame.Rect(9, 4, 14, 22), (176, 84, 60), True)
    _roof(tile(HOUSE_GREY), pygame.Rect(4, 9, 24, 14), (112, 116, 126), False)
    _roof(tile(HOUSE_GREY_V), pygame.Rect(8, 5, 15, 22), (104, 108, 118), True)
    _roof(tile(HOUSE_ORANGE), pygame.Rect(6, 6, 19, 18), (206, 120, 70), False)
    t = tile(CHURCH)
    _roof(t, pygame.Rect(3, 11, 26, 10), (150, 80, 64), False)
    _roof(t, pygame.Rect(11, 3, 10, 26), (150, 80, 64), True)
    pygame.draw.rect(t, (96, 92, 90), (12, 22, 8, 8))
    pygame.draw.circle(t, (70, 120, 100), (16, 26), 3)
    t = tile(BLOCK)
    for r, col, v in ((pygame.Rect(1, 1, 14, 13), (168, 86, 66), False), (pygame.Rect(17, 1, 14, 13), (122, 124, 132), True),
                      (pygame.Rect(1, 17, 13, 14), (150, 150, 156), True), (pygame.Rect(16, 17, 15, 14), (180, 100, 72), False)):
        _roof(t, r, col, v)
    t = tile(BLOCK_B)
    _roof(t, pygame.Rect(2, 2, 28, 12), (196, 184, 160), False)
    _roof(t, pygame.Rect(2, 18, 12, 12), (170, 80, 62), True)
    _roof(t, pygame.Rect(18, 18, 12, 12), (128, 128, 136), False)
    t = tile(TREE)
    pygame.draw.circle(t, (0, 0, 0, 60), (18, 19), 10)
    pygame.draw.circle(t, (52, 112, 48), (16, 16), 10)
    pygame.draw.circle(t, (74, 138, 60), (13, 13), 5)
    t = tile(BUSHES)
    for cx, cy, r in ((8, 10, 5), (22, 8, 4), (16, 22, 6)):
        pygame.draw.circle(t, (0, 0, 0, 50), (cx + 2, cy + 2), r)
        pygame.draw.circle(t, (64, 124, 56), (cx, cy), r)
    t = tile(HAYSTACKS)
    for cx, cy in ((9, 9), (23, 14), (12, 24)):
        pygame.draw.circle(t, (0, 0, 0, 60), (cx + 2, cy + 2), 4)
        pygame.draw.circle(t, (222, 196, 112), (cx, cy), 4)
        pygame.draw.circle(t, (196, 168, 90), (cx, cy), 4, 1)

    # water and forest corner tiles (1 TL, 2 TR, 4 BR, 8 BL); mask 0 stays transparent
    def water(x: int, y: int) -> tuple[int, int, int]:
        ripple = 8 if (x * 7 + y * 13) % 23 == 0 else 0
        return (64 + ripple, 124 + ripple, 186 + ripple)

    def bank(x: int, y: int, val: float) -> tuple[int, int, int, int]:
        return (150, 140, 96, 255) if val > 0.45 else (110, 150, 80, 200)

    def canopy_factory(seed: int):
        r2 = random.Random(seed)
        blobs = [(r2.uniform(-4, TILE + 4), r2.uniform(-4, TILE + 4), r2.uniform(4, 8)) for _ in range(26)]

        def canopy(x: int, y: int) -> tuple[int, int, int]:
            best = None
            for bx, by, br in blobs:
                d = math.hypot(x - bx, y - by)
                if d < br:
                    shade = 1.0 - 0.35 * (d / br) + (0.12 if x < bx and y < by else 0)
                    best = (int(40 * shade), int(96 * shade), int(44 * shade))
            return best or (30, 70, 36)
        return canopy

    def forest_edge(x: int, y: int, val: float) -> tuple[int, int, int, int]:
        return (40, 70, 36, 90)

    for mask in range(1, 16):
        _corner_tile(tile(WATER0 + mask), mask, water, bank, rng, 0.035)
        _corner_tile(tile(FOREST0 + mask), mask, canopy_factory(100 + mask), forest_edge, rng, 0.06)
    for k, i in enumerate(FOREST_FULL[1:]):
        _corner_tile(tile(i), 15, canopy_factory(300 + k), None, rng, 0.0)
    _corner_tile(tile(WATER_FULL[1]), 15, lambda x, y: (62 + (6 if (x + 2 * y) % 17 == 0 else 0), 122, 184), None, rng, 0.0)
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(path))


def tileset_xml(png_name: str) -> str:
    tiles = "".join(f'  <tile id="{i}" type={quoteattr(name)}/>\n' for i, name in sorted(TILE_NAMES.items()))
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<tileset version="1.8" tiledversion="1.8.2" name="landscape" tilewidth="{TILE}" tileheight="{TILE}" '
            f'tilecount="{TS_COLS * TS_ROWS}" columns="{TS_COLS}">\n'
            f' <image source="{png_name}" width="{TS_COLS * TILE}" height="{TS_ROWS * TILE}"/>\n'
            f'{tiles}</tileset>\n')


# =============================================================================== landscape


@dataclass
class Landscape:
    ground: list[list[int]]  # local tile id + 1 (0 = empty), [y][x]
    water: list[list[int]]
    forest: list[list[int]]
    buildings: list[list[int]]


def _blank(tw: int, th: int) -> list[list[int]]:
    return [[0] * tw for _ in range(th)]


def _noise(rng: random.Random, n: int = 6):
    waves = [(rng.uniform(0.004, 0.02), rng.uniform(0.004, 0.02), rng.uniform(0, 6.3)) for _ in range(n)]

    def f(x: float, y: float) -> float:
        return sum(math.sin(x * a + y * b + c) for a, b, c in waves) / n
    return f


def all_towns(lay: Layout) -> list[tuple[Vec, float, str]]:
    towns = list(lay.spec.towns)
    for row, offset, radius, kind in lay.spec.villages:
        p, _t, n = lay.line.frame((row + 0.5) * lay.row_len)
        towns.append(((p[0] + n[0] * offset, p[1] + n[1] * offset), radius, kind))
    return towns


def paint_landscape(lay: Layout, label_rects: list[pygame.Rect]) -> Landscape:
    spec = lay.spec
    rng = random.Random(spec.seed)
    tw, th = spec.tiles
    W, H = tw * TILE, th * TILE

    # masks at full resolution, read at tile corners / centres
    road = pygame.Surface((W, H))
    road.fill((0, 0, 0))
    for c in lay.cells:
        pygame.draw.polygon(road, (255, 255, 255), c.polygon)
        pygame.draw.polygon(road, (255, 255, 255), c.polygon, 22)
    near = pygame.Surface((W, H))
    near.fill((0, 0, 0))
    for c in lay.cells:
        pygame.draw.polygon(near, (255, 255, 255), c.polygon, 70)
    rivers = pygame.Surface((W + TILE, H + TILE))
    rivers.fill((0, 0, 0))
    for pts, half in spec.rivers:
        dense = catmull_rom(pts, 30)
        for a, b in zip(dense, dense[1:], strict=False):
            pygame.draw.line(rivers, (255, 255, 255), a, b, int(half * 2))
        for p in dense:
            pygame.draw.circle(rivers, (255, 255, 255), p, half)
    for r in label_rects:
        pygame.draw.rect(road, (128, 128, 128), r.inflate(8, 6))

    def road_px(x: float, y: float) -> int:
        if 0 <= x < W and 0 <= y < H:
            return road.get_at((int(x), int(y)))[0]
        return 0

    def tile_hits(surf: pygame.Surface, tx: int, ty: int, value: int | None = None) -> bool:
        for dx in (2, 16, 30):
            for dy in (2, 16, 30):
                x, y = tx * TILE + dx, ty * TILE + dy
                if 0 <= x < surf.get_width() and 0 <= y < surf.get_height():
                    v = surf.get_at((x, y))[0]
                    if v and (value is None or v == value):
                        return True
        return False

    water_corner = [[1 if rivers.get_at((min(x * TILE, W + TILE - 1), min(y * TILE, H + TILE - 1)))[0] else 0
                     for x in range(tw + 1)] for y in range(th + 1)]

    def corner_mask(grid: list[list[int]], x: int, y: int) -> int:
        return grid[y][x] | (grid[y][x + 1] << 1) | (grid[y + 1][x + 1] << 2) | (grid[y + 1][x] << 3)

    towns = all_towns(lay)
    slots = [pt for poly in start_slots(lay) for pt in poly]
    plaza_c = (sum(p[0] for p in slots) / len(slots), sum(p[1] for p in slots) / len(slots))
    plaza_r = 105.0

    def town_at(px: float, py: float) -> tuple[str, float] | None:
        best = None
        for (cx, cy), rad, kind in towns:
            d = math.hypot(px - cx, py - cy) / rad
            if d < 1 and (best is None or d < best[1]):
                best = (kind, d)
        return best

    # forest corners: blobs with noisy edges, away from road, water, towns, labels
    fnoise = _noise(random.Random(spec.seed + 1), 9)
    frng = random.Random(spec.seed + 2)
    blobs: list[tuple[float, float, float]] = []
    for (cx, cy), rad in spec.forests:
        blobs.append((cx, cy, rad * 0.75))
        for _ in range(4):
            ang, dist = frng.uniform(0, 6.283), frng.uniform(0.3, 0.8) * rad
            blobs.append((cx + math.cos(ang) * dist, cy + math.sin(ang) * dist, rad * frng.uniform(0.35, 0.6)))
    forest_corner = _blank(tw + 1, th + 1)
    for y in range(th + 1):
        for x in range(tw + 1):
            px, py = x * TILE, y * TILE
            val = max((1 - math.hypot(px - cx, py - cy) / rad for cx, cy, rad in blobs), default=-1)
            val += 0.45 * fnoise(px, py)
            if val > 0.12 and not water_corner[y][x] and town_at(px, py) is None \
                    and math.hypot(px - plaza_c[0], py - plaza_c[1]) > plaza_r + 40:
                forest_corner[y][x] = 1
    # keep forest off the road corridor: clear corners whose tiles touch it
    for y in range(th):
        for x in range(tw):
            if tile_hits(road, x, y):
                for cy, cx in ((y, x), (y, x + 1), (y + 1, x), (y + 1, x + 1)):
                    forest_corner[cy][cx] = 0

    ground = _blank(tw, th)
    water = _blank(tw, th)
    forest = _blank(tw, th)
    buildings = _blank(tw, th)

    # field parcels: recursive splits into rectangles
    parcels: list[tuple[int, int, int, int]] = []

    def split(x0: int, y0: int, x1: int, y1: int) -> None:
        w, h = x1 - x0, y1 - y0
        if w <= 7 and h <= 6 or (w * h <= 30 and rng.random() < 0.4):
            parcels.append((x0, y0, x1, y1))
            return
        if w >= h:
            cut = rng.randint(x0 + max(2, w // 3), x1 - max(2, w // 3))
            split(x0, y0, cut, y1)
            split(cut, y0, x1, y1)
        else:
            cut = rng.randint(y0 + max(2, h // 3), y1 - max(2, h // 3))
            split(x0, y0, x1, cut)
            split(x0, cut, x1, y1)

    split(0, 0, tw, th)
    if spec.farm == "cantal":
        kinds = [(MEADOW, 3), (PASTURE, 3), (PASTURE_COW, 4), (WHEAT, 1), (PLOUGHED, 1), (CROP, 1), (BARLEY, 1),
                 (GRASS_DARK, 2), (GRASS[0], 3)]
    else:
        kinds = [(MEADOW, 3), (PASTURE, 2), (CROP, 3), (WHEAT, 2), (RAPESEED, 1), (PLOUGHED, 2), (BARLEY, 1),
                 (GRASS_DARK, 1), (GRASS[0], 3)]
    pool = [k for k, wgt in kinds for _ in range(wgt)]
    for x0, y0, x1, y1 in parcels:
        kind = rng.choice(pool)
        along = rng.random() < 0.5
        for y in range(y0, y1):
            for x in range(x0, x1):
                if isinstance(kind, tuple):
                    ground[y][x] = kind[1 if along else 0] + 1
                elif kind == PASTURE_COW:
                    ground[y][x] = (PASTURE_COW if rng.random() < 0.18 else PASTURE) + 1
                elif kind == MEADOW:
                    ground[y][x] = MEADOW + 1
                elif kind == GRASS[0]:
                    ground[y][x] = rng.choice(GRASS) + 1
                else:
                    ground[y][x] = kind + 1

    for y in range(th):
        for x in range(tw):
            px, py = x * TILE + 16, y * TILE + 16
            m = corner_mask(water_corner, x, y)
            if m:
                water[y][x] = (rng.choice(WATER_FULL) if m == 15 else WATER0 + m) + 1
            fm = corner_mask(forest_corner, x, y)
            if fm:
                forest[y][x] = (rng.choice(FOREST_FULL) if fm == 15 else FOREST0 + fm) + 1
            town = town_at(px, py)
            in_plaza = math.hypot(px - plaza_c[0], py - plaza_c[1]) < plaza_r
            if in_plaza:
                ground[y][x] = PAVING + 1
                continue
            if town:
                kind, d = town
                if kind == "city":
                    ground[y][x] = (STREET if rng.random() < 0.35 else YARD) + 1 if d < 0.75 else rng.choice(
                        (GARDEN, GRASS[0], GRASS[1], ORCHARD)) + 1
                else:
                    ground[y][x] = rng.choice((GRASS[0], GRASS[1], GRASS[2], GRASS[0], GARDEN, ORCHARD)) + 1
            if m == 15 or fm or tile_hits(road, x, y):
                continue
            if town:
                kind, d = town
                close = tile_hits(near, x, y)
                if kind == "city":
                    p = 0.92 if d < 0.7 else 0.55
                    choices = (BLOCK, BLOCK_B, BLOCK, HOUSE_GREY, HOUSE_RED, HOUSE_ORANGE)
                else:
                    p = (0.75 if close else 0.35) * (1.1 - d)
                    choices = (HOUSE_RED, HOUSE_RED_V, HOUSE_GREY, HOUSE_GREY_V, HOUSE_ORANGE, HOUSE_RED)
                if rng.random() < p and not m:
                    buildings[y][x] = rng.choice(choices) + 1
            elif not m:
                g = ground[y][x] - 1
                if g in (MEADOW, PASTURE, GRASS[0], GRASS[1], GRASS[2], GRASS_DARK) and rng.random() < 0.05:
                    buildings[y][x] = rng.choice((TREE, TREE, BUSHES)) + 1
                elif g in WHEAT + BARLEY and rng.random() < 0.04:
                    buildings[y][x] = HAYSTACKS + 1
    # one church per town: the free tile nearest its centre
    for (cx, cy), _rad, _kind in towns:
        best = None
        for y in range(th):
            for x in range(tw):
                if buildings[y][x] or water[y][x] or forest[y][x] or tile_hits(road, x, y):
                    continue
                d = math.hypot(x * TILE + 16 - cx, y * TILE + 16 - cy)
                if best is None or d < best[0]:
                    best = (d, x, y)
        if best:
            buildings[best[2]][best[1]] = CHURCH + 1
    # the plaza's fountain
    px, py = int(plaza_c[0] // TILE), int(plaza_c[1] // TILE)
    if 0 <= px < tw and 0 <= py < th and not tile_hits(road, px, py):
        ground[py][px] = PAVING_CENTRE + 1
    # labels sit on plain meadow, nothing on top
    for r in label_rects:
        for y in range(max(0, r.top // TILE), min(th, r.bottom // TILE + 1)):
            for x in range(max(0, r.left // TILE), min(tw, r.right // TILE + 1)):
                if not water[y][x]:
                    buildings[y][x] = 0
                    if forest[y][x]:
                        forest[y][x] = 0
                    if ground[y][x] - 1 not in (PAVING, STREET, YARD):
                        ground[y][x] = MEADOW + 1
    return Landscape(ground, water, forest, buildings)


# =============================================================================== labels, marks, objects


@dataclass
class TextObj:
    text: str
    x: float
    y: float
    w: float
    h: float
    size: int
    colour: str
    bold: bool = True
    italic: bool = False
    row: int | None = None  # set for places

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(int(self.x), int(self.y), int(self.w), int(self.h))


_FONTS: dict[tuple[int, bool], pygame.font.Font] = {}


def _measure(text: str, size: int, bold: bool) -> tuple[float, float]:
    key = (size, bold)
    if key not in _FONTS:
        _FONTS[key] = pygame.font.Font(str(FONT_BOLD if bold else FONT_REG), size)
    w, h = _FONTS[key].size(text)
    return w * 1.42 + 12, h * 1.3


class LabelPlacer:
    """Puts text boxes beside the road: never on it, never on each other, always on the map."""

    def __init__(self, lay: Layout) -> None:
        self.lay = lay
        W, H = lay.spec.tiles[0] * TILE, lay.spec.tiles[1] * TILE
        self.bounds = pygame.Rect(8, 8, W - 16, H - 16)
        surf = pygame.Surface((W, H))
        surf.fill((0, 0, 0))
        for c in lay.cells:
            pygame.draw.polygon(surf, (255, 255, 255), c.polygon)
            pygame.draw.polygon(surf, (255, 255, 255), c.polygon, 14)
        surf.set_colorkey((0, 0, 0))
        self.road = pygame.mask.from_surface(surf)
        self.placed: list[pygame.Rect] = []
        for srow, _name, _cat, _side in lay.spec.summits:  # the category badges at both ends of the line
            for x, y in line_across(lay, srow, 8 + 13):
                self.placed.append(pygame.Rect(int(x) - 14, int(y) - 14, 28, 28))

    def free(self, r: pygame.Rect) -> bool:
        if not self.bounds.contains(r):
            return False
        if any(r.colliderect(o.inflate(10, 6)) for o in self.placed):
            return False
        box = pygame.mask.Mask(r.size, fill=True)
        return self.road.overlap(box, r.topleft) is None

    def place(self, text: str, row: float, side: int, size: int = 18, colour: str = "#1b1f2a", bold: bool = True,
              italic: bool = False, gap: float = 18.0, place_row: int | None = None,
              at: Vec | None = None) -> TextObj | None:
        w, h = _measure(text, size, bold)
        tries: list[Vec] = []
        if at is not None:
            tries.append((at[0] - w / 2, at[1] - h / 2))
        else:
            for extra in (0, 14, 30, 50, 75, 105):
                for sd in (side, -side):
                    for drow in (0, 0.8, -0.8, 1.6, -1.6):
                        r = min(max(row + 0.5 + drow, 0.2), self.lay.spec.rows - 0.2)
                        lo, hi = self.lay.road_edges(r)
                        k = (hi if sd > 0 else lo)
                        p, _t, n = self.lay.line.frame(r * self.lay.row_len)
                        off = (k - MAX_LANES / 2) * LANE_W + sd * (gap + extra)
                        ex, ey = p[0] + n[0] * off, p[1] + n[1] * off
                        # push the box outward along the normal by half its extent in that direction
                        reach = abs(n[0]) * w / 2 + abs(n[1]) * h / 2
                        cx, cy = ex + n[0] * sd * reach, ey + n[1] * sd * reach
                        tries.append((cx - w / 2, cy - h / 2))
        for x, y in tries:
            r = pygame.Rect(int(x), int(y), int(w), int(h))
            if self.free(r) or at is not None:
                self.placed.append(r)
                return TextObj(text, float(r.x), float(r.y), w, h, size, colour, bold, italic, place_row)
        print(f"  ! no room for label {text!r} near row {row}")
        return None


def plan_labels(lay: Layout) -> tuple[list[TextObj], list[TextObj]]:
    """(places, decorative labels)."""
    spec = lay.spec
    placer = LabelPlacer(lay)
    places: list[TextObj] = []
    labels: list[TextObj] = []
    elev = lay.elevations
    cat_txt = {"HC": "HC", "1": "1re cat.", "2": "2e cat.", "3": "3e cat.", "4": "4e cat."}
    # summits first (most important), then slopes, then places
    for srow, name, cat, side in spec.summits:
        t = placer.place(f"{name} · {elev[srow - 1]} m · {cat_txt[cat]}", srow - 0.5, side, 17, "#7a1410")
        if t:
            labels.append(t)
    for row in range(spec.rows):
        lo, hi = lanes_of(spec, row)
        here = {terrain_of(spec, row, lane) for lane in range(lo, hi + 1)}
        before = {terrain_of(spec, row - 1, lane) for lane in range(*lanes_of(spec, row - 1))} if row else set()
        climbs = {s for t, s in here if t == CLIMB}
        prev = {s for t, s in before if t == CLIMB} if row else set()
        if climbs and climbs != prev:
            slope = max(climbs)
            side = next((sd for sr, _n, _c, sd in spec.summits if sr > row), 1)
            t = placer.place(f"{slope} %", row + 0.6, -side, 22, "#9c2a12")
            if t:
                labels.append(t)
    for row, name, side in spec.places:
        t = placer.place(name, row, side, 20 if row in (0, spec.finish_row) else 19, "#14213d", place_row=row)
        if t:
            places.append(t)
    for r0, _r1, _l0, _l1 in spec.feed:
        t = placer.place("Ravitaillement", r0 + 0.5, 1, 15, "#1d6b2f")
        if t:
            labels.append(t)
    t = placer.place("DÉPART", 0.3, -spec.start_side, 16, "#111111")
    if t:
        labels.append(t)
    t = placer.place("ARRIVÉE", spec.finish_row - 0.2, spec.start_side, 18, "#111111")
    if t:
        labels.append(t)
    for label in spec.labels:
        t = placer.place(label.text, label.row, label.side, label.size, label.colour, label.bold, label.italic,
                         label.gap, at=label.at)
        if t:
            labels.append(t)
    return places, labels


def alignment_rows(lay: Layout) -> list[int]:
    """Rows whose row lines a sharp bend makes hard to follow (the cells fan out by > 15 degrees)."""
    spec = lay.spec
    rows: list[int] = []
    for r in range(1, spec.finish_row):
        n0, n1 = lay.boundary[r][2], lay.boundary[r + 1][2]
        turn = abs(math.degrees(math.atan2(n0[0] * n1[1] - n0[1] * n1[0], n0[0] * n1[0] + n0[1] * n1[1])))
        if turn > 15 and (not rows or r - rows[-1] >= 5):
            rows.append(r)
    rows.extend(spec.extra_marks)
    return sorted(set(rows))


def mark_polygons(lay: Layout, row: int) -> list[list[Vec]]:
    lo, hi = lanes_of(lay.spec, row)
    out = []
    for k, sd in ((lo, -1), (hi + 1, 1)):
        p, _t, n = lay.line.frame((row + 0.5) * lay.row_len)
        t = _t
        base = (k - MAX_LANES / 2) * LANE_W + sd * 3
        tip = (p[0] + n[0] * base, p[1] + n[1] * base)
        back = (p[0] + n[0] * (base + sd * 15), p[1] + n[1] * (base + sd * 15))
        a = (back[0] + t[0] * 8, back[1] + t[1] * 8)
        b = (back[0] - t[0] * 8, back[1] - t[1] * 8)
        out.append([tip, a, b])
    return out


def line_across(lay: Layout, row: int, overhang: float = 8.0) -> list[Vec]:
    lo = min(lanes_of(lay.spec, row)[0], lanes_of(lay.spec, max(row - 1, 0))[0])
    hi = max(lanes_of(lay.spec, row)[1], lanes_of(lay.spec, max(row - 1, 0))[1])
    p, _t, n = lay.boundary[row]
    a = (lo - MAX_LANES / 2) * LANE_W - overhang
    b = (hi + 1 - MAX_LANES / 2) * LANE_W + overhang
    return [(p[0] + n[0] * a, p[1] + n[1] * a), (p[0] + n[0] * b, p[1] + n[1] * b)]


def start_slots(lay: Layout, count: int = 16) -> list[list[Vec]]:
    """A 4 x 4 grid of squares on the square behind the start line (off the course)."""
    p, t, n = lay.boundary[0]
    size, pitch = 26.0, 31.0
    out = []
    for i in range(count):
        depth, col = divmod(i, 4)
        back = 22 + depth * pitch + pitch / 2
        across = (col - 1.5) * pitch
        cx, cy = p[0] - t[0] * back + n[0] * across, p[1] - t[1] * back + n[1] * across
        h = size / 2
        out.append([(cx + t[0] * h * sx + n[0] * h * sy, cy + t[1] * h * sx + n[1] * h * sy)
                    for sx, sy in ((1, -1), (1, 1), (-1, 1), (-1, -1))])
    return out


# =============================================================================== TMX


def _f(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


def _props(props: list[tuple[str, str, object]]) -> str:
    out = ["   <properties>"]
    for name, kind, value in props:
        if kind == "bool":
            val = "true" if value else "false"
        elif kind == "float":
            val = _f(float(value))  # type: ignore[arg-type]
        else:
            val = str(value)
        typ = f' type="{kind}"' if kind != "string" else ""
        out.append(f"    <property name={quoteattr(name)}{typ} value={quoteattr(val)}/>")
    out.append("   </properties>")
    return "\n".join(out)


class TmxWriter:
    def __init__(self) -> None:
        self.next_id = 1
        self.next_layer = 1
        self.parts: list[str] = []

    def layer_id(self) -> int:
        self.next_layer += 1
        return self.next_layer - 1

    def obj_id(self) -> int:
        self.next_id += 1
        return self.next_id - 1

    def tile_layer(self, name: str, data: list[list[int]]) -> None:
        h, w = len(data), len(data[0])
        rows = ",\n".join(",".join(str(v) for v in row) for row in data)
        self.parts.append(f' <layer id="{self.layer_id()}" name="{name}" width="{w}" height="{h}">\n'
                          f'  <data encoding="csv">\n{rows}\n</data>\n </layer>')

    def image_layer(self, name: str, source: str, w: int, h: int) -> None:
        self.parts.append(f' <imagelayer id="{self.layer_id()}" name="{name}">\n'
                          f'  <image source="{source}" width="{w}" height="{h}"/>\n </imagelayer>')

    def object_group(self, name: str, objects: list[str], color: str, opacity: float = 1.0) -> None:
        op = f' opacity="{_f(opacity)}"' if opacity != 1.0 else ""
        body = "\n".join(objects)
        self.parts.append(f' <objectgroup id="{self.layer_id()}" name="{name}" color="{color}"{op}>\n{body}\n'
                          f' </objectgroup>')

    def poly(self, name: str, points: list[Vec], props: list[tuple[str, str, object]], closed: bool = True) -> str:
        x0, y0 = points[0]
        rel = " ".join(f"{_f(x - x0)},{_f(y - y0)}" for x, y in points)
        tag = "polygon" if closed else "polyline"
        pr = ("\n" + _props(props)) if props else ""
        return (f'  <object id="{self.obj_id()}" name={quoteattr(name)} x="{_f(x0)}" y="{_f(y0)}">{pr}\n'
                f'   <{tag} points="{rel}"/>\n  </object>')

    def text(self, t: TextObj, name: str | None = None, props: list[tuple[str, str, object]] | None = None) -> str:
        pr = ("\n" + _props(props)) if props else ""
        style = (' bold="1"' if t.bold else "") + (' italic="1"' if t.italic else "")
        return (f'  <object id="{self.obj_id()}" name={quoteattr(name or t.text)} x="{_f(t.x)}" y="{_f(t.y)}" '
                f'width="{_f(t.w)}" height="{_f(t.h)}">{pr}\n'
                f'   <text fontfamily="Sans Serif" pixelsize="{t.size}" wrap="0" color="{t.colour}"{style} '
                f'halign="center" valign="center">{escape(t.text)}</text>\n  </object>')

    def document(self, spec: Spec, props: list[tuple[str, str, object]]) -> str:
        tw, th = spec.tiles
        head = (f'<?xml version="1.0" encoding="UTF-8"?>\n'
                f'<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" '
                f'width="{tw}" height="{th}" tilewidth="{TILE}" tileheight="{TILE}" infinite="0" '
                f'backgroundcolor="#6ea552" nextlayerid="{self.next_layer}" nextobjectid="{self.next_id}">\n'
                f'{_props(props).replace("   ", " ", 1)}\n'
                f' <tileset firstgid="1" source="tilesets/landscape.tsx"/>\n')
        return head + "\n".join(self.parts) + "\n</map>\n"


def write_tmx(lay: Layout, land: Landscape, places: list[TextObj], labels: list[TextObj], path: Path) -> None:
    spec = lay.spec
    w = TmxWriter()
    for name, data in (("ground", land.ground), ("water", land.water), ("forest", land.forest),
                       ("buildings", land.buildings)):
        w.tile_layer(name, data)
    tw, th = spec.tiles
    w.image_layer("road", f"roads/{spec.name}.png", tw * TILE, th * TILE)
    cells = []
    for c in lay.cells:
        props: list[tuple[str, str, object]] = [("row", "int", c.row), ("lane", "int", c.lane),
                                                 ("terrain", "string", c.terrain)]
        if c.terrain == CLIMB:
            props.append(("slope", "int", c.slope))
        props += [("danger", "bool", c.danger), ("feed", "bool", c.feed), ("elevation", "int", c.elevation)]
        cells.append(w.poly(f"r{c.row:03d} l{c.lane}", c.polygon, props))
    w.object_group("cells", cells, "#ffffff", 0.35)
    marks = []
    for row in alignment_rows(lay):
        for poly in mark_polygons(lay, row):
            marks.append(w.poly(f"repère r{row:03d}", poly, [("row", "int", row)]))
    w.object_group("marks", marks, "#ffd21f")
    summits = []
    for srow, name, cat, _side in spec.summits:
        summits.append(w.poly(name, line_across(lay, srow), [("row", "int", srow), ("category", "string", cat),
                                                            ("elevation", "int", lay.elevations[srow - 1])],
                              closed=False))
    w.object_group("summits", summits, "#d01c1c")
    w.object_group("finish", [w.poly("Arrivée", line_across(lay, spec.finish_row, 12),
                                     [("row", "int", spec.finish_row)], closed=False)], "#111111")
    slots = [w.poly(f"slot {i + 1}", poly, [("slot", "int", i + 1)]) for i, poly in enumerate(start_slots(lay))]
    w.object_group("start", slots, "#f4f4f4")
    w.object_group("places", [w.text(t, props=[("row", "int", t.row)]) for t in places], "#14213d")
    w.object_group("labels", [w.text(t) for t in labels], "#7a1410")
    doc = w.document(spec, [("length_km", "float", spec.length_km), ("title", "string", spec.title)])
    path.write_text(doc, encoding="utf-8")


# =============================================================================== the painted road


def water_tiles_from_tmx(path: Path) -> set[tuple[int, int]]:
    import pytmx

    tmx = pytmx.TiledMap(str(path), allow_duplicate_names=True)
    out: set[tuple[int, int]] = set()
    try:
        layer = tmx.get_layer_by_name("water")
    except ValueError:
        return out
    for x, y, gid in layer.iter_data():
        if not gid:
            continue
        tiled_gid = tmx.tiledgidmap.get(gid, gid)
        local = tiled_gid - 1
        mask = local - WATER0
        if local in WATER_FULL or (0 < mask < 16 and bin(mask).count("1") >= 3):
            out.add((x, y))
    return out


def _shade(c: tuple[int, int, int], k: float) -> tuple[int, int, int]:
    return tuple(max(0, min(255, int(v * k))) for v in c)  # type: ignore[return-value]


def paint_road(course: Course, water: set[tuple[int, int]], out: Path) -> None:
    W, H = course.map_size
    surf = pygame.Surface((W, H), pygame.SRCALPHA)
    surf.fill((0, 0, 0, 0))
    rng = random.Random(7)
    fill = {FLAT: (98, 101, 108), CLIMB: (160, 102, 74), DESCENT: (78, 106, 146)}
    verge = (74, 70, 64, 255)
    # verge and bridges
    for c in course.cells:
        pygame.draw.polygon(surf, verge, c.polygon, 9)
    for c in course.cells:
        tx, ty = int(c.centre[0] // TILE), int(c.centre[1] // TILE)
        if (tx, ty) in water:
            pygame.draw.polygon(surf, (214, 204, 184, 255), c.polygon, 12)
    for c in course.cells:
        col = (64, 150, 86) if c.feed else fill[c.terrain]
        pygame.draw.polygon(surf, col, c.polygon)
    # asphalt grain, clipped to each cell
    for c in course.cells:
        xs, ys = [p[0] for p in c.polygon], [p[1] for p in c.polygon]
        box = pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 1, int(max(ys) - min(ys)) + 1)
        base = (64, 150, 86) if c.feed else fill[c.terrain]
        for _ in range(28):
            x, y = rng.randint(box.left, box.right), rng.randint(box.top, box.bottom)
            if 0 <= x < W and 0 <= y < H and surf.get_at((x, y))[:3] == base:
                surf.set_at((x, y), _shade(base, rng.uniform(0.88, 1.12)))
    # cell grid and road edges
    for c in course.cells:
        pygame.draw.polygon(surf, (232, 232, 228, 150), c.polygon, 1)
    for c in course.cells:
        lanes = course.lanes(c.row)
        q = c.polygon
        if c.lane == lanes[0]:
            pygame.draw.line(surf, (250, 250, 246), q[0], q[3], 3)
        if c.lane == lanes[-1]:
            pygame.draw.line(surf, (250, 250, 246), q[1], q[2], 3)
    # danger: red warning triangle; feed: white musette
    for c in course.cells:
        cx, cy = c.centre
        if c.danger:
            pygame.draw.polygon(surf, (206, 24, 24), c.polygon, 3)
            r = 11
            tri = [(cx, cy - r), (cx + r * 0.95, cy + r * 0.7), (cx - r * 0.95, cy + r * 0.7)]
            pygame.draw.polygon(surf, (206, 24, 24), tri)
            inner = [(cx, cy - r + 5), (cx + r * 0.95 - 5, cy + r * 0.7 - 2.5), (cx - r * 0.95 + 5, cy + r * 0.7 - 2.5)]
            pygame.draw.polygon(surf, (255, 255, 255), inner)
            pygame.draw.line(surf, (20, 20, 20), (cx, cy - 3), (cx, cy + 2), 2)
            pygame.draw.circle(surf, (20, 20, 20), (cx, cy + 4.5), 1)
        if c.feed:
            pygame.draw.rect(surf, (250, 250, 246), (cx - 6, cy - 4, 12, 10), border_radius=2)
            pygame.draw.arc(surf, (250, 250, 246), (cx - 5, cy - 9, 10, 10), 0, math.pi, 2)
    font = pygame.font.Font(str(FONT_BOLD), 13)
    # summit lines: red and white chequer, with a category badge at the line's left end
    for s in course.summits:
        _chequer(surf, s.line, ((206, 24, 24), (250, 250, 250)), 6)
        a, b = s.line[0], s.line[-1]
        for end, away in ((a, b), (b, a)):
            dx, dy = end[0] - away[0], end[1] - away[1]
            n = math.hypot(dx, dy) or 1
            bx, by = end[0] + dx / n * 13, end[1] + dy / n * 13
            pygame.draw.circle(surf, (60, 20, 20), (bx + 1, by + 1), 12)
            pygame.draw.circle(surf, (250, 250, 250), (bx, by), 12)
            pygame.draw.circle(surf, (206, 24, 24), (bx, by), 12, 2)
            txt = font.render(s.category, True, (176, 18, 18))
            surf.blit(txt, txt.get_rect(center=(bx, by + 1)))
    # finish: black and white chequer; start line
    if course.finish_line:
        _chequer(surf, course.finish_line, ((20, 20, 20), (250, 250, 250)), 7)
    start = course.row_cells(0)
    if start:
        pygame.draw.line(surf, (250, 250, 246), start[0].polygon[0], start[-1].polygon[1], 4)
    for slot in course.start_slots:
        pygame.draw.polygon(surf, (226, 222, 214), slot.polygon)
        pygame.draw.polygon(surf, (90, 90, 96), slot.polygon, 2)
        txt = font.render(str(slot.index), True, (60, 60, 66))
        surf.blit(txt, txt.get_rect(center=slot.centre))
    for m in course.alignment_marks:
        pygame.draw.polygon(surf, (255, 210, 31), m.polygon)
        pygame.draw.polygon(surf, (60, 50, 10), m.polygon, 1)
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surf, str(out))


def _chequer(surf: pygame.Surface, line: tuple[Vec, ...] | list[Vec], colours, sq: float) -> None:
    a, b = line[0], line[-1]
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1
    ux, uy = dx / length, dy / length
    nx, ny = -uy, ux
    count = max(1, int(length // sq))
    step = length / count
    for i in range(count):
        for j in (-1, 0):
            col = colours[(i + j) % 2]
            p0 = (a[0] + ux * i * step + nx * j * sq, a[1] + uy * i * step + ny * j * sq)
            quad = [p0, (p0[0] + ux * step, p0[1] + uy * step),
                    (p0[0] + ux * step + nx * sq, p0[1] + uy * step + ny * sq), (p0[0] + nx * sq, p0[1] + ny * sq)]
            pygame.draw.polygon(surf, col, quad)


# =============================================================================== main


def export_with_tiled(src: Path, dst: Path) -> bool:
    exe = shutil.which("tiled")
    if not exe:
        return False
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    dst.parent.mkdir(parents=True, exist_ok=True)
    res = subprocess.run([exe, "--export-map", "tmx", str(src), str(dst)], env=env, capture_output=True, text=True,
                         timeout=120)
    return res.returncode == 0 and dst.is_file()


def generate(spec: Spec, *, debug: bool = False) -> Course:
    lay = build_layout(spec)
    print(f"{spec.name}: centre line {lay.line.length:.0f}px, row {lay.row_len:.1f}px, {len(lay.cells)} cells, "
          f"map {spec.tiles[0]}x{spec.tiles[1]} tiles")
    issues = check_layout(lay)
    for issue in issues:
        print("  !", issue)
    places, labels = plan_labels(lay)
    land = paint_landscape(lay, [t.rect for t in places + labels])
    tmx = MAPS / f"{spec.name}.tmx"
    write_tmx(lay, land, places, labels, tmx)
    course = load_course(tmx)
    paint_road(course, water_tiles_from_tmx(tmx), MAPS / "roads" / f"{spec.name}.png")
    if issues and not debug:
        raise SystemExit(f"{spec.name}: fix the layout first")
    return course


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repaint", metavar="TMX", help="repaint the road image of an edited map and stop")
    ap.add_argument("--only", metavar="NAME", help="generate only this course")
    ap.add_argument("--debug", action="store_true", help="write maps even if the layout check complains")
    ap.add_argument("--no-fixture", action="store_true", help="do not refresh the tiled-export test fixture")
    args = ap.parse_args(argv)
    pygame.init()
    if args.repaint:
        path = Path(args.repaint)
        course = load_course(path)
        paint_road(course, water_tiles_from_tmx(path), path.parent / "roads" / f"{path.stem}.png")
        print(f"repainted {path.parent / 'roads' / (path.stem + '.png')}")
        return 0
    paint_tileset(MAPS / "tilesets" / "landscape.png")
    (MAPS / "tilesets" / "landscape.tsx").write_text(tileset_xml("landscape.png"), encoding="utf-8")
    for spec in SPECS:
        if args.only and spec.name != args.only:
            continue
        course = generate(spec, debug=args.debug)
        prof = course.profile()
        print(f"  rows {course.row_count} (finish {course.finish_row}), danger {len(course.danger_cells)}, "
              f"feed zones {len(course.feed_zones)}, summits "
              + ", ".join(f"{c.summit.name} {c.summit.category} {c.summit.elevation}m "
                          f"{'/'.join(str(s.slope) for s in c.sections)}%" for c in prof.climbs))
    if not args.no_fixture and not args.only:
        dst = FIXTURES / "salzburg.tiled-export.tmx"
        if export_with_tiled(MAPS / "salzburg.tmx", dst):
            print(f"refreshed {dst.relative_to(ROOT)} with tiled --export-map")
        else:
            print("tiled not found: test fixture left as it is")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
