"""The Mille Bornes card pictograms, one painter per card kind, drawn with pygame primitives at 3x
(``SS``) on a face's picture area; each returns the labels to write at the final size."""

from __future__ import annotations

import math

import pygame

from ..ui import theme
from .card_palette import GOLD, HAZARD_RGB, SS, STEEL, TYRE, WHITE, Label
from .rules import cards

# ---------------------------------------------------------------- pictogram helpers (3x coordinates)


def _star(centre, outer: float, inner: float, points: int = 5, turn: float = -math.pi / 2) -> list:
    cx, cy = centre
    out = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        a = turn + i * math.pi / points
        out.append((cx + math.cos(a) * r, cy + math.sin(a) * r))
    return out


def _box(area: pygame.Rect, share: float = 0.86) -> tuple[float, float, float]:
    """The pictogram's centre and side: a square filling ``share`` of the free area."""
    k = min(area.w, area.h) * share
    return area.centerx, area.centery + area.h * 0.02, k


def _car(s, centre, length: float, body, facing: int = 1, outline=TYRE) -> None:
    """A small side-view car; ``facing`` 1 drives right."""
    cx, cy = centre
    L = length
    lw = max(1, round(L * 0.05))
    hull = pygame.Rect(0, 0, L, L * 0.3)
    hull.center = (cx, cy)
    cabin = [(cx - facing * L * 0.34, hull.y + 1), (cx - facing * L * 0.22, hull.y - L * 0.24),
             (cx + facing * L * 0.12, hull.y - L * 0.24), (cx + facing * L * 0.28, hull.y + 1)]
    pygame.draw.polygon(s, body, cabin)
    pygame.draw.polygon(s, outline, cabin, lw)
    glass = [(cx - facing * L * 0.25, hull.y - 1), (cx - facing * L * 0.18, hull.y - L * 0.18),
             (cx + facing * L * 0.1, hull.y - L * 0.18), (cx + facing * L * 0.2, hull.y - 1)]
    pygame.draw.polygon(s, (170, 214, 236), glass)
    pygame.draw.rect(s, body, hull, border_radius=round(L * 0.1))
    pygame.draw.rect(s, outline, hull, lw, border_radius=round(L * 0.1))
    pygame.draw.circle(s, (252, 228, 120), (cx + facing * L * 0.44, cy - L * 0.04), L * 0.05)
    for dx in (-0.28, 0.28):
        pygame.draw.circle(s, TYRE, (cx + dx * L, hull.bottom), L * 0.13)
        pygame.draw.circle(s, STEEL, (cx + dx * L, hull.bottom), L * 0.055)


def _tyre(s, centre, r: float, flat: bool = False, rim_edge=WHITE) -> None:
    """A tyre with its tread and a steel rim; ``flat`` squashes its bottom."""
    cx, cy = centre
    pts = []
    for i in range(48):
        a = i * math.pi / 24
        x, y = cx + math.cos(a) * r, cy + math.sin(a) * r
        if flat and y > cy + r * 0.62:
            x = cx + (x - cx) * 1.18
            y = cy + r * 0.62
        pts.append((x, y))
    pygame.draw.polygon(s, rim_edge, [(cx + (x - cx) * 1.08, cy + (y - cy) * 1.08) for x, y in pts])
    pygame.draw.polygon(s, TYRE, pts)
    for i in range(16):  # tread blocks
        a = i * math.pi / 8 + 0.2
        if flat and math.sin(a) > 0.55:
            continue
        pygame.draw.line(s, (90, 90, 98), (cx + math.cos(a) * r * 0.78, cy + math.sin(a) * r * 0.78),
                         (cx + math.cos(a) * r * 0.96, cy + math.sin(a) * r * 0.96), max(2, round(r * 0.08)))
    hub = (cx, cy + (r * 0.08 if flat else 0))
    pygame.draw.circle(s, STEEL, hub, r * 0.5)
    pygame.draw.circle(s, (120, 126, 138), hub, r * 0.5, max(1, round(r * 0.06)))
    pygame.draw.circle(s, (96, 100, 112), hub, r * 0.16)
    for i in range(5):
        a = i * 2 * math.pi / 5 - math.pi / 2
        pygame.draw.circle(s, (96, 100, 112), (hub[0] + math.cos(a) * r * 0.32, hub[1] + math.sin(a) * r * 0.32),
                           max(1, r * 0.05))


def _road_sign(s, centre, r: float, ring, crossed: bool) -> list[Label]:
    """A round speed sign reading 50: a red ring (Speed Limit), or grey and struck through by black bars
    (End of Limit; its digits are drawn here, under the bars, the others crisp after scaling)."""
    cx, cy = centre
    pygame.draw.circle(s, WHITE, (cx, cy), r * 1.06)
    if not crossed:
        pygame.draw.circle(s, ring, (cx, cy), r, max(2, round(r * 0.22)))
        return [("50", (cx, cy + r * 0.02), r * 0.95, TYRE, "black")]
    pygame.draw.circle(s, TYRE, (cx, cy), r, max(2, round(r * 0.07)))
    digits = theme.text("50", max(8, round(r * 0.95)), (150, 150, 156), "black")
    s.blit(digits, digits.get_rect(center=(cx, cy + r * 0.02)))
    d = r * 0.62
    for off in (-0.2, 0.0, 0.2):
        o = off * r * 1.41
        pygame.draw.line(s, TYRE, (cx + d + o, cy - d + o), (cx - d + o, cy + d + o), max(2, round(r * 0.07)))
    return []


def _traffic_light(s, centre, k: float, lit: int) -> None:
    """A three-lamp traffic light; ``lit`` 0 is red on top, 2 is green at the bottom."""
    cx, cy = centre
    house = pygame.Rect(0, 0, k * 0.46, k * 0.98)
    house.center = (cx, cy)
    pygame.draw.rect(s, WHITE, house.inflate(k * 0.07, k * 0.07), border_radius=round(k * 0.16))
    pygame.draw.rect(s, (34, 34, 40), house, border_radius=round(k * 0.13))
    colours = ((236, 52, 40), (244, 180, 40), (60, 214, 90))
    for i, c in enumerate(colours):
        at = (cx, house.y + house.h * (0.19 + 0.31 * i))
        if i == lit:
            pygame.draw.circle(s, theme.lighten(c, 0.5), at, k * 0.2)
            pygame.draw.circle(s, c, at, k * 0.155)
            pygame.draw.circle(s, theme.lighten(c, 0.7), (at[0] - k * 0.05, at[1] - k * 0.05), k * 0.045)
        else:
            pygame.draw.circle(s, theme.mix(c, (34, 34, 40), 0.75), at, k * 0.14)


def _spanner(s, centre, length: float, colour, angle: float, cut) -> None:
    """An open-ended spanner, jaws cut in ``cut`` (the background)."""
    cx, cy = centre
    dx, dy = math.cos(angle) * length / 2, math.sin(angle) * length / 2
    ends = ((cx - dx, cy - dy, -1), (cx + dx, cy + dy, 1))
    pygame.draw.line(s, colour, ends[0][:2], ends[1][:2], max(3, round(length * 0.14)))
    for x, y, sign in ends:
        r = length * 0.17
        pygame.draw.circle(s, colour, (x, y), r)
        jx, jy = x + sign * math.cos(angle) * r * 0.75, y + sign * math.sin(angle) * r * 0.75
        pygame.draw.circle(s, cut, (jx, jy), r * 0.55)


# ---------------------------------------------------------------- the pictograms, one per kind


def _distance(kind: int):
    def paint(s, area: pygame.Rect, colour) -> list[Label]:
        number = str(cards.MILES[kind])
        ink = theme.darken(colour, 0.15)
        top = area.y + area.h * 0.33
        labels: list[Label] = [(number, (area.centerx, top), area.h * (0.5 if len(number) < 3 else 0.4),
                                ink, "black")]
        road = pygame.Rect(area.x + area.w * 0.06, area.y + area.h * 0.7, area.w * 0.88, area.h * 0.2)
        pygame.draw.rect(s, (86, 90, 100), road, border_radius=round(road.h * 0.25))
        step = road.w / 5
        for i in range(5):
            x = road.x + step * (i + 0.2)
            pygame.draw.line(s, WHITE, (x, road.bottom - road.h * 0.22), (x + step * 0.5, road.bottom - road.h * 0.22),
                             max(2, round(road.h * 0.09)))
        L = area.w * 0.46
        car_x = road.x + road.w * 0.62
        lines = cards.DISTANCES.index(kind)  # speed lines behind the car: more for longer distances
        for i in range(lines):
            y = road.y - L * 0.04 - i * L * 0.09
            x0 = car_x - L * 0.58 - i * L * 0.05
            pygame.draw.line(s, colour, (x0 - L * 0.35, y), (x0, y), max(2, round(L * 0.05)))
        _car(s, (car_x, road.y - L * 0.02), L, colour)
        return labels
    return paint


def _accident(s, area, colour) -> list[Label]:
    cx, cy, k = _box(area)
    L = k * 0.5
    for facing, tilt in ((1, 16), (-1, -16)):
        layer = pygame.Surface((round(L * 1.2), round(L * 0.9)), pygame.SRCALPHA)
        _car(layer, (L * 0.6, L * 0.5), L, WHITE if facing == 1 else (250, 210, 90), facing)
        rot = pygame.transform.rotate(layer, tilt)
        s.blit(rot, rot.get_rect(center=(cx - facing * L * 0.42, cy + k * 0.14)))
    pygame.draw.polygon(s, WHITE, _star((cx, cy - k * 0.2), k * 0.26, k * 0.1, 8))
    pygame.draw.polygon(s, (250, 200, 60), _star((cx, cy - k * 0.2), k * 0.17, k * 0.07, 8))
    return []


def _out_of_gas(s, area, colour) -> list[Label]:
    cx, cy, k = _box(area)
    r = k * 0.46
    pygame.draw.circle(s, WHITE, (cx, cy), r)
    pygame.draw.circle(s, TYRE, (cx, cy), r, max(2, round(r * 0.08)))
    a0, a1 = math.radians(210), math.radians(-30)  # E on the left, F on the right
    for i in range(9):
        a = a0 + (a1 - a0) * i / 8
        inner = 0.66 if i % 4 == 0 else 0.74
        pygame.draw.line(s, colour if i < 2 else TYRE, (cx + math.cos(a) * r * inner, cy - math.sin(a) * r * inner),
                         (cx + math.cos(a) * r * 0.86, cy - math.sin(a) * r * 0.86), max(2, round(r * 0.07)))
    needle = a0 - 0.08
    pygame.draw.line(s, colour, (cx, cy), (cx + math.cos(needle) * r * 0.78, cy - math.sin(needle) * r * 0.78),
                     max(2, round(r * 0.1)))
    pygame.draw.circle(s, TYRE, (cx, cy), r * 0.1)
    pump = pygame.Rect(0, 0, r * 0.26, r * 0.34)
    pump.center = (cx, cy + r * 0.5)
    pygame.draw.rect(s, TYRE, pump, border_radius=round(r * 0.04))
    pygame.draw.rect(s, WHITE, pump.inflate(-r * 0.1, -r * 0.22).move(0, -r * 0.05))
    if r * 0.36 / SS < 7:  # letters too small to read on a small card: the red end and the needle say it
        return []
    return [("E", (cx - r * 0.44, cy + r * 0.05), r * 0.36, colour, "black"),
            ("F", (cx + r * 0.44, cy + r * 0.05), r * 0.36, TYRE, "black")]


def _flat_tire(s, area, colour) -> list[Label]:
    cx, cy, k = _box(area)
    r = k * 0.4
    at = (cx - k * 0.06, cy - k * 0.02)
    _tyre(s, at, r, flat=True)
    # a nail driven into the tread at the upper right: its head outside, its shank in the rubber
    a = -0.75
    tip = (at[0] + math.cos(a) * r * 0.72, at[1] + math.sin(a) * r * 0.72)
    head = (at[0] + math.cos(a) * r * 1.32, at[1] + math.sin(a) * r * 1.32)
    pygame.draw.line(s, WHITE, tip, head, max(3, round(k * 0.055)))
    across = (math.cos(a + math.pi / 2) * k * 0.1, math.sin(a + math.pi / 2) * k * 0.1)
    pygame.draw.line(s, WHITE, (head[0] - across[0], head[1] - across[1]), (head[0] + across[0], head[1] + across[1]),
                     max(3, round(k * 0.06)))
    for spread in (-0.55, 0.0, 0.55):  # air hissing out beside the nail
        b = a + 0.9 + spread * 0.5
        x, y = at[0] + math.cos(a + 0.55) * r * 1.1, at[1] + math.sin(a + 0.55) * r * 1.1
        pygame.draw.line(s, WHITE, (x + math.cos(b) * k * 0.04, y + math.sin(b) * k * 0.04),
                         (x + math.cos(b) * k * 0.13, y + math.sin(b) * k * 0.13), max(2, round(k * 0.03)))
    return []


def _speed_limit(s, area, colour) -> list[Label]:
    cx, cy, k = _box(area)
    return _road_sign(s, (cx, cy), k * 0.45, theme.darken(colour, 0.05), False)


def _stop(s, area, colour) -> list[Label]:
    cx, cy, k = _box(area)
    _traffic_light(s, (cx, cy), k, 0)
    return []


def _repairs(s, area, colour) -> list[Label]:
    cx, cy, k = _box(area)
    # a screwdriver crossed under the spanner
    a = 0.8
    dx, dy = math.cos(a) * k * 0.42, math.sin(a) * k * 0.42
    pygame.draw.line(s, STEEL, (cx - dx, cy - dy), (cx + dx * 0.2, cy + dy * 0.2), max(2, round(k * 0.06)))
    handle = (cx + dx * 0.15, cy + dy * 0.15, cx + dx, cy + dy)
    pygame.draw.line(s, (250, 200, 60), handle[:2], handle[2:], max(4, round(k * 0.14)))
    _spanner(s, (cx, cy), k * 0.9, WHITE, -0.8, colour)
    return []


def _gasoline(s, area, colour) -> list[Label]:
    cx, cy, k = _box(area)
    body = pygame.Rect(0, 0, k * 0.44, k * 0.78)
    body.center = (cx - k * 0.1, cy + k * 0.02)
    pygame.draw.rect(s, WHITE, body, border_top_left_radius=round(k * 0.1), border_top_right_radius=round(k * 0.1))
    pygame.draw.rect(s, WHITE, (body.x - k * 0.06, body.bottom - k * 0.06, body.w + k * 0.12, k * 0.08))
    window = pygame.Rect(body.x + body.w * 0.18, body.y + body.h * 0.14, body.w * 0.64, body.h * 0.26)
    pygame.draw.rect(s, theme.darken(colour, 0.35), window, border_radius=round(k * 0.02))
    pygame.draw.rect(s, theme.lighten(colour, 0.5), (body.x + body.w * 0.3, body.y + body.h * 0.55, body.w * 0.4,
                                                     body.h * 0.08))
    # the hose, out of the side and down to the nozzle hooked on the pump
    w = max(3, round(k * 0.05))
    hose = [(body.right, body.y + body.h * 0.3), (body.right + k * 0.18, body.y + body.h * 0.36),
            (body.right + k * 0.2, body.y + body.h * 0.85), (body.right + k * 0.3, body.y + body.h * 0.85),
            (body.right + k * 0.3, body.y + body.h * 0.25)]
    pygame.draw.lines(s, WHITE, False, hose, w)
    nozzle = [(body.right + k * 0.24, body.y + body.h * 0.27), (body.right + k * 0.36, body.y + body.h * 0.27),
              (body.right + k * 0.36, body.y + body.h * 0.1), (body.right + k * 0.24, body.y + body.h * 0.06)]
    pygame.draw.polygon(s, WHITE, nozzle)
    return []


def _spare_tire(s, area, colour) -> list[Label]:
    cx, cy, k = _box(area)
    _tyre(s, (cx, cy), k * 0.42)
    return []


def _end_of_limit(s, area, colour) -> list[Label]:
    cx, cy, k = _box(area)
    return _road_sign(s, (cx, cy), k * 0.45, TYRE, True)


def _go(s, area, colour) -> list[Label]:
    cx, cy, k = _box(area)
    _traffic_light(s, (cx, cy), k, 2)
    return []


def _driving_ace(s, area, colour) -> list[Label]:
    cx, cy, k = _box(area)
    r = k * 0.4
    at = (cx - k * 0.03, cy + k * 0.05)
    pygame.draw.circle(s, WHITE, at, r, max(3, round(r * 0.2)))
    pygame.draw.circle(s, WHITE, at, r * 0.22)
    for a in (math.pi, 0, math.pi / 2):  # three spokes: left, right, down
        pygame.draw.line(s, WHITE, at, (at[0] + math.cos(a) * r * 0.9, at[1] + math.sin(a) * r * 0.9),
                         max(3, round(r * 0.16)))
    pygame.draw.circle(s, colour, at, r * 0.1)
    star = _star((cx + k * 0.3, cy - k * 0.3), k * 0.2, k * 0.09)
    pygame.draw.polygon(s, GOLD, star)
    pygame.draw.polygon(s, theme.darken(GOLD, 0.35), star, max(1, round(k * 0.02)))
    return []


def _extra_tank(s, area, colour) -> list[Label]:
    """A jerrycan: the cut corner and spout at the top right, a three-bar handle, the embossed X."""
    cx, cy, k = _box(area)

    def at(dx: float, dy: float) -> tuple[float, float]:
        return cx + dx * k, cy + dy * k

    body = [at(0.3, -0.22), at(0.08, -0.4), at(-0.3, -0.4), at(-0.3, 0.42), at(0.3, 0.42)]
    dark = theme.darken(GOLD, 0.4)
    pygame.draw.polygon(s, GOLD, body)
    pygame.draw.polygon(s, dark, body, max(2, round(k * 0.03)))
    for i in range(3):
        x = -0.18 + 0.1 * i
        pygame.draw.line(s, dark, at(x, -0.4), at(x, -0.3), max(2, round(k * 0.04)))
    pygame.draw.line(s, WHITE, at(0.24, -0.26), at(0.36, -0.42), max(3, round(k * 0.08)))
    emboss = theme.darken(GOLD, 0.25)
    for sy in (-1, 1):
        pygame.draw.line(s, emboss, at(-0.18, 0.02 - sy * 0.2), at(0.18, 0.02 + sy * 0.2), max(2, round(k * 0.05)))
    pygame.draw.rect(s, emboss, (*at(-0.24, -0.2), k * 0.48, k * 0.56), max(1, round(k * 0.025)),
                     border_radius=round(k * 0.04))
    return []


def _shield(s, centre, k: float) -> None:
    cx, cy = centre
    pts = [(cx - k * 0.5, cy - k * 0.5), (cx, cy - k * 0.64), (cx + k * 0.5, cy - k * 0.5), (cx + k * 0.44, cy + k * 0.1),
           (cx, cy + k * 0.62), (cx - k * 0.44, cy + k * 0.1)]
    pygame.draw.polygon(s, GOLD, pts)
    pygame.draw.polygon(s, theme.darken(GOLD, 0.45), pts, max(2, round(k * 0.07)))
    w = max(2, round(k * 0.14))
    pygame.draw.lines(s, WHITE, False, [(cx - k * 0.24, cy - k * 0.02), (cx - k * 0.04, cy + k * 0.2),
                                        (cx + k * 0.28, cy - k * 0.24)], w)


def _puncture_proof(s, area, colour) -> list[Label]:
    cx, cy, k = _box(area)
    _tyre(s, (cx - k * 0.1, cy - k * 0.04), k * 0.38)
    _shield(s, (cx + k * 0.24, cy + k * 0.2), k * 0.46)
    return []


def _emergency_vehicle(s, area, colour) -> list[Label]:
    cx, cy, k = _box(area)
    body = pygame.Rect(0, 0, k * 0.92, k * 0.42)
    body.center = (cx, cy + k * 0.1)
    pygame.draw.rect(s, WHITE, body, border_radius=round(k * 0.06))
    cab = [(body.right - k * 0.02, body.y + k * 0.12), (body.right + k * 0.03, body.y + k * 0.18),
           (body.right + k * 0.03, body.bottom - k * 0.02), (body.right - k * 0.02, body.bottom)]
    pygame.draw.polygon(s, WHITE, cab)
    pygame.draw.rect(s, (170, 214, 236), (body.right - k * 0.2, body.y + k * 0.05, k * 0.16, k * 0.13),
                     border_radius=round(k * 0.02))
    pygame.draw.rect(s, HAZARD_RGB, (body.x, body.y + body.h * 0.62, body.w, body.h * 0.12))
    c = (body.x + body.w * 0.38, body.y + body.h * 0.34)
    t, arm = k * 0.07, k * 0.13
    pygame.draw.rect(s, HAZARD_RGB, (c[0] - t / 2, c[1] - arm, t, 2 * arm))
    pygame.draw.rect(s, HAZARD_RGB, (c[0] - arm, c[1] - t / 2, 2 * arm, t))
    for dx in (-0.26, 0.28):
        pygame.draw.circle(s, TYRE, (cx + dx * k, body.bottom), k * 0.1)
        pygame.draw.circle(s, STEEL, (cx + dx * k, body.bottom), k * 0.045)
    beacon = pygame.Rect(0, 0, k * 0.16, k * 0.11)
    beacon.midbottom = (body.centerx, body.y + 1)
    pygame.draw.rect(s, (110, 190, 255), beacon, border_top_left_radius=round(k * 0.06),
                     border_top_right_radius=round(k * 0.06))
    for a in (-2.6, -2.1, -1.57, -1.05, -0.55):  # the siren's flashes
        x, y = beacon.centerx, beacon.centery
        pygame.draw.line(s, GOLD, (x + math.cos(a) * k * 0.14, y + math.sin(a) * k * 0.14),
                         (x + math.cos(a) * k * 0.24, y + math.sin(a) * k * 0.24), max(2, round(k * 0.04)))
    return []


PAINTERS = tuple(_distance(kind) for kind in cards.DISTANCES) + (
    _accident, _out_of_gas, _flat_tire, _speed_limit, _stop,
    _repairs, _gasoline, _spare_tire, _end_of_limit, _go,
    _driving_ace, _extra_tank, _puncture_proof, _emergency_vehicle,
)
