"""Mille Bornes card art: faces for the 19 card kinds, the deck's back, a Coup Fourré card turned sideways,
the mileage bar, empty pile slots and the menu tile. Pygame primitives only, no engine beyond rules/cards.

The look follows the real deck: distances are cream cards with a big mileage number and a car on the road;
hazards are red, remedies green, safeties blue in a gold frame, each with a pictogram, and the card's name
in small capitals at the bottom. Shapes are drawn at 3x and smoothly scaled down (antialiasing); text is
rendered at the final size so it stays crisp. Every surface is cached per kind and size.
"""

from __future__ import annotations

import math

import pygame

from ..ui import theme
from .rules import cards

SS = 3  # supersampling factor for shapes
MIN_TEXT = 6  # the smallest name size, in pixels
SQUEEZE = 0.8  # a name's letters may be narrowed to this share of their width rather than shrunk

HAZARD_RGB = (196, 50, 42)
REMEDY_RGB = (42, 136, 72)
SAFETY_RGB = (34, 80, 158)
GOLD = (234, 186, 54)
WHITE = (250, 248, 242)
CREAM = (250, 243, 222)
EDGE = (246, 239, 222)
TYRE = (38, 38, 44)
STEEL = (176, 182, 192)
DIM = (70, 66, 70)
# each distance has its own colour (number, frame, car), so 25 and 200 never look alike
DISTANCE_RGB = {cards.D25: (70, 150, 90), cards.D50: (52, 116, 196), cards.D75: (132, 84, 180),
                cards.D100: (224, 120, 32), cards.D200: (176, 40, 96)}
FAMILY_RGB = {"hazard": HAZARD_RGB, "remedy": REMEDY_RGB, "safety": SAFETY_RGB}

_CACHE: dict[tuple, pygame.Surface] = {}
Label = tuple[str, tuple[float, float], float, tuple, str]  # text, centre and size (3x pixels), colour, style


def card_colour(kind: int) -> tuple[int, int, int]:
    """The colour that says a card's family (a distance's own colour for distances)."""
    if cards.FAMILY[kind] == "distance":
        return DISTANCE_RGB[kind]
    return FAMILY_RGB[cards.FAMILY[kind]]


def _check_kind(kind: int) -> None:
    if not (isinstance(kind, int) and 0 <= kind < cards.KINDS):
        raise ValueError(f"there is no Mille Bornes card of kind {kind!r} (kinds are 0 to {cards.KINDS - 1})")


# ---------------------------------------------------------------- public drawings


def face(kind: int, size: tuple[int, int]) -> pygame.Surface:
    """The face of a card of ``kind`` at ``size`` (cached; do not draw on it)."""
    _check_kind(kind)
    key = ("face", kind, tuple(size))
    img = _CACHE.get(key)
    if img is None:
        img = _CACHE[key] = _paint_face(kind, (int(size[0]), int(size[1])))
    return img


def sideways(kind: int, size: tuple[int, int]) -> pygame.Surface:
    """The face turned a quarter turn, as a Coup Fourré safety lies in the safety area. ``size`` is the
    upright size; the result is ``(size[1], size[0])``."""
    _check_kind(kind)
    key = ("sideways", kind, tuple(size))
    img = _CACHE.get(key)
    if img is None:
        img = _CACHE[key] = pygame.transform.rotate(face(kind, size), 90)
    return img


def back(size: tuple[int, int]) -> pygame.Surface:
    """The deck's back: a roadside milestone marked 1000 on a green field with a winding road."""
    key = ("back", tuple(size))
    img = _CACHE.get(key)
    if img is None:
        img = _CACHE[key] = _paint_back((int(size[0]), int(size[1])))
    return img


def placeholder(size: tuple[int, int], label: str = "") -> pygame.Surface:
    """An empty pile's slot: a dashed outline with its small label ("drive", "speed", "safeties")."""
    key = ("slot", tuple(size), label)
    img = _CACHE.get(key)
    if img is None:
        img = _CACHE[key] = _paint_slot((int(size[0]), int(size[1])), label)
    return img


def mileage_bar(surface: pygame.Surface, rect, miles: int, goal: int, colour,
                marks: tuple[int, ...] = (250, 500, 750)) -> None:
    """A bar filled to ``miles`` of ``goal`` with a tick at each milestone and the figure "650 / 1000" on it,
    so it reads without colour. Miles past the goal fill the bar (the figure says the true count)."""
    rect = pygame.Rect(rect)
    goal = max(1, goal)
    radius = max(2, rect.h // 2)
    pygame.draw.rect(surface, theme.BG_DEEP, rect, border_radius=radius)
    share = max(0.0, min(1.0, miles / goal))
    if share > 0:
        fill = pygame.Rect(rect.x, rect.y, max(rect.h, round(rect.w * share)), rect.h)
        fill.w = min(fill.w, rect.w)
        pygame.draw.rect(surface, colour, fill, border_radius=radius)
    for mark in marks:
        if 0 < mark < goal:
            x = rect.x + round(rect.w * mark / goal)
            ink = theme.PAPER_INK if miles >= mark else theme.FAINT
            pygame.draw.line(surface, ink, (x, rect.y + 1), (x, rect.y + max(2, rect.h // 3)), 1)
            pygame.draw.line(surface, ink, (x, rect.bottom - 2), (x, rect.bottom - 1 - max(2, rect.h // 3)), 1)
    pygame.draw.rect(surface, theme.LINE, rect, width=1, border_radius=radius)
    px = max(MIN_TEXT + 2, min(18, rect.h - 4))
    words = theme.fit(f"{miles} / {goal}", rect.w - 6, px, "black")
    outline = theme.text(words, px, theme.BG_DEEP, "black")
    label = theme.text(words, px, theme.INK, "black")
    at = label.get_rect(center=rect.center)
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        surface.blit(outline, at.move(dx, dy))
    surface.blit(label, at)


def tile_art(size: tuple[int, int]) -> pygame.Surface:
    """Menu tile: a country road and a fan of four cards (100 miles, Go, Flat Tire, Driving Ace)."""
    w, h = size
    img = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(img, (62, 112, 66), img.get_rect(), border_radius=10)
    pygame.draw.rect(img, (84, 136, 78), (0, 0, w, h * 0.3), border_top_left_radius=10, border_top_right_radius=10)
    pygame.draw.rect(img, (70, 74, 82), (0, h * 0.68, w, h * 0.22))
    for x in range(6, w, 26):
        pygame.draw.line(img, theme.PAPER, (x, h * 0.79), (x + 12, h * 0.79), 2)
    for i, kind in enumerate((cards.D100, cards.GO, cards.FLAT_TIRE, cards.DRIVING_ACE)):
        rot = pygame.transform.rotate(face(kind, (58, 81)), 12 - i * 8)
        img.blit(rot, rot.get_rect(center=(w / 2 - 64 + i * 43, h * 0.42 + abs(i - 1.5) * 5)))
    return img


def name_layout(kind: int, width: int, height: int) -> tuple[list[str], int, float]:
    """The card's name in capitals for a card ``width`` x ``height``: one line if it fits, else two, at the
    largest size from about a tenth of the height down to MIN_TEXT, letters narrowed to no less than
    SQUEEZE of their width before the size drops; cut with an ellipsis only as a last resort. Returns
    the lines, the font size and the horizontal squeeze (1.0: none)."""
    room = name_room(width)
    words = cards.NAMES[kind].upper()
    splits = _two_lines(words)
    for px in range(max(MIN_TEXT, round(height * 0.105)), MIN_TEXT - 1, -1):
        if caps_line(words, px).get_width() <= room:
            return [words], px, 1.0
        for pair in splits:
            if all(caps_line(part, px).get_width() <= room for part in pair):
                return list(pair), px, 1.0
        for pair in splits or [(words,)]:
            widest = max(caps_line(part, px).get_width() for part in pair)
            if widest * SQUEEZE <= room:
                return list(pair), px, room / widest
    pair = splits[0] if splits else (words,)
    return [_cut(part, room) for part in pair], MIN_TEXT, 1.0


def name_rows(kind: int, width: int, height: int, colour=WHITE) -> list[pygame.Surface]:
    """The name's lines as drawn at the bottom of a face (each at most ``name_room(width)`` wide)."""
    lines, px, squeeze = name_layout(kind, width, height)
    rows = [caps_line(line, px, colour) for line in lines]
    if squeeze < 1.0:
        rows = [pygame.transform.smoothscale(r, (min(name_room(width), math.ceil(r.get_width() * squeeze)),
                                                 r.get_height())) for r in rows]
    return rows


def name_room(width: int) -> int:
    """How wide a card's name may be on a card ``width`` pixels wide (inside its frame)."""
    return width - 2 * _margin(width) - 2 * _frame(width) - 2


def caps_line(line: str, px: int, colour=WHITE) -> pygame.Surface:
    """One line of a name in capitals, words set a clear gap apart (Lato's own space all but vanishes at
    small sizes), cropped to its ink so lines stack tightly. Cached."""
    key = ("caps", line, px, tuple(colour))
    img = _CACHE.get(key)
    if img is None:
        parts = [theme.text(word, px, colour, "black") for word in line.split()] or [theme.text(" ", px)]
        gap = max(2, round(px * 0.32))
        row = pygame.Surface((sum(p.get_width() for p in parts) + gap * (len(parts) - 1),
                              max(p.get_height() for p in parts)), pygame.SRCALPHA)
        x = 0
        for part in parts:
            row.blit(part, (x, 0))
            x += part.get_width() + gap
        ink = row.get_bounding_rect()
        img = _CACHE[key] = row.subsurface(ink).copy() if ink.w and ink.h else row
    return img


def _cut(line: str, room: int) -> str:
    while len(line) > 1 and caps_line(line + "…", MIN_TEXT).get_width() > room:
        line = line[:-1]
    return line.rstrip() + "…"


def _two_lines(words: str) -> list[tuple[str, str]]:
    """Ways to break a name in two, most balanced first (at a space, or after a hyphen)."""
    cuts = [i for i, ch in enumerate(words) if ch in " -"]
    pairs = [(words[:i + 1].strip() if words[i] == "-" else words[:i], words[i + 1:]) for i in cuts]
    return sorted(pairs, key=lambda p: abs(len(p[0]) - len(p[1])))


# ---------------------------------------------------------------- the face


def _margin(w: int) -> int:
    """The paper edge around a card's coloured body."""
    return max(2, w // 16)


def _frame(w: int) -> int:
    """The width of a safety's gold frame (and the room kept for it on every card)."""
    return max(1, w // 30)


def _paint_face(kind: int, size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    family = cards.FAMILY[kind]
    colour = card_colour(kind)
    px = name_layout(kind, w, h)[1]
    rows = name_rows(kind, w, h)
    gap = max(1, round(px * 0.3))
    pad = max(2, round(px * 0.35))
    band_h = sum(r.get_height() for r in rows) + gap * (len(rows) - 1) + 2 * pad
    m, f = _margin(w), _frame(w)
    big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
    radius = max(4, w // 9) * SS
    pygame.draw.rect(big, EDGE, big.get_rect(), border_radius=radius)
    inner = big.get_rect().inflate(-2 * m * SS, -2 * m * SS)
    r_in = max(2, radius - m * SS)
    band = pygame.Rect(inner.x, inner.bottom - band_h * SS, inner.w, band_h * SS)
    if family == "distance":
        pygame.draw.rect(big, CREAM, inner, border_radius=r_in)
        pygame.draw.rect(big, colour, band, border_bottom_left_radius=r_in, border_bottom_right_radius=r_in)
        pygame.draw.rect(big, colour, inner, width=max(1, w // 40) * SS, border_radius=r_in)
    else:
        pygame.draw.rect(big, colour, inner, border_radius=r_in)
        if family == "safety":  # the band sits inside the gold frame
            band = band.inflate(-2 * (f + 1) * SS, 0).move(0, -(f + 1) * SS)
            pygame.draw.rect(big, theme.darken(colour, 0.3), band, border_radius=SS * 2)
            pygame.draw.rect(big, GOLD, inner.inflate(-2 * SS, -2 * SS), width=f * SS,
                             border_radius=max(2, r_in - SS))
        else:
            pygame.draw.rect(big, theme.darken(colour, 0.3), band, border_bottom_left_radius=r_in,
                             border_bottom_right_radius=r_in)
    mark = max(8, w // 7) if family != "distance" and w >= 56 else 0
    area = pygame.Rect(inner.x, inner.y + mark * SS // 3, inner.w, band.y - inner.y - mark * SS // 3)
    labels = PAINTERS[kind](big, area, colour)
    img = _downscale(big, size)
    for text, (x, y), big_px, ink, style in labels:
        theme.blit_text(img, text, (x / SS, y / SS), max(MIN_TEXT, round(big_px / SS)), ink, style, "center")
    y = band.y / SS + pad
    for row in rows:
        img.blit(row, row.get_rect(midtop=(w / 2, round(y))))
        y += row.get_height() + gap
    if mark:
        _corner_mark(img, family, (m + f + 2, m + f + 2), mark)
    return img


def _downscale(big: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """A 3x card scaled down to ``size``, laid on an opaque card-shaped backing: smoothscale leaves the
    alpha of a solid area a step or two short of opaque, and a card must hide what lies under it."""
    img = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(img, EDGE, img.get_rect().inflate(-2, -2), border_radius=max(3, size[0] // 9 - 1))
    img.blit(pygame.transform.smoothscale(big, size), (0, 0))
    return img


def _corner_mark(img: pygame.Surface, family: str, pos: tuple[int, int], k: int) -> None:
    """A family sign in the top-left corner, so hazard, remedy and safety differ without colour: a warning
    triangle, a plus, a star."""
    x, y = pos
    if family == "hazard":
        pts = [(x + k / 2, y), (x + k, y + k * 0.9), (x, y + k * 0.9)]
        pygame.draw.polygon(img, WHITE, pts)
        pygame.draw.line(img, HAZARD_RGB, (x + k / 2, y + k * 0.3), (x + k / 2, y + k * 0.6), max(1, k // 6))
        pygame.draw.circle(img, HAZARD_RGB, (x + k / 2, y + k * 0.75), max(1, k // 10))
    elif family == "remedy":
        t = max(2, k // 4)
        pygame.draw.rect(img, WHITE, (x + (k - t) / 2, y, t, k))
        pygame.draw.rect(img, WHITE, (x, y + (k - t) / 2, k, t))
    else:
        pygame.draw.polygon(img, GOLD, _star((x + k / 2, y + k / 2), k / 2, k / 4.5))


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


# ---------------------------------------------------------------- back, slot


def _milestone_surface(size: tuple[int, int], figure: str) -> pygame.Surface:
    """A French roadside milestone (a "borne"): white stone, red cap, a figure on it."""
    w, h = size
    big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
    stone = pygame.Rect(0, 0, w * SS, h * SS)
    pygame.draw.rect(big, WHITE, stone, border_top_left_radius=w * SS // 2, border_top_right_radius=w * SS // 2,
                     border_bottom_left_radius=SS * 2, border_bottom_right_radius=SS * 2)
    cap = big.subsurface((0, 0, w * SS, round(h * SS * 0.36)))
    pygame.draw.rect(cap, HAZARD_RGB, (0, 0, w * SS, w * SS), border_radius=w * SS // 2)
    pygame.draw.rect(big, (60, 60, 66), stone, width=max(1, w // 16) * SS, border_top_left_radius=w * SS // 2,
                     border_top_right_radius=w * SS // 2, border_bottom_left_radius=SS * 2,
                     border_bottom_right_radius=SS * 2)
    img = pygame.transform.smoothscale(big, size)
    px = max(MIN_TEXT, min(round(h * 0.26), round(w * 0.36)))
    px = next((p for p in range(px, MIN_TEXT - 1, -1) if theme.font(p, "black").size(figure)[0] <= w - 4), MIN_TEXT)
    theme.blit_text(img, figure, (w / 2, h * 0.64), px, theme.PAPER_INK, "black", "center")
    return img


def _paint_back(size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
    radius = max(4, w // 9) * SS
    pygame.draw.rect(big, EDGE, big.get_rect(), border_radius=radius)
    inner = big.get_rect().inflate(-2 * _margin(w) * SS, -2 * _margin(w) * SS)
    r_in = max(2, radius - _margin(w) * SS)
    pygame.draw.rect(big, (30, 96, 78), inner, border_radius=r_in)
    layer = pygame.Surface(big.get_size(), pygame.SRCALPHA)
    for i in range(-h, w + h, max(4, w // 8)):  # fine diagonal hatching
        x = i * SS
        pygame.draw.line(layer, (42, 112, 92), (x, inner.y), (x + inner.h, inner.bottom), SS)
    # a road winding from the bottom to the horizon
    pts_l, pts_r = [], []
    for j in range(21):
        t = j / 20
        y = inner.bottom - t * inner.h * 0.3
        x = inner.centerx + math.sin(t * 4.0) * inner.w * 0.18 * (1 - t * 0.5)
        half = inner.w * (0.16 - 0.1 * t)
        pts_l.append((x - half, y))
        pts_r.append((x + half, y))
    pygame.draw.polygon(layer, (78, 82, 92), pts_l + pts_r[::-1])
    for j in range(0, 20, 3):
        a, b = pts_l[j], pts_r[j]
        c, d = pts_l[j + 1], pts_r[j + 1]
        pygame.draw.line(layer, WHITE, ((a[0] + b[0]) / 2, a[1]), ((c[0] + d[0]) / 2, c[1]),
                         max(SS, round(inner.w * 0.02)))
    mask = pygame.Surface(big.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), inner, border_radius=r_in)
    layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    big.blit(layer, (0, 0))
    pygame.draw.rect(big, GOLD, inner.inflate(-2 * SS, -2 * SS), width=max(1, w // 40) * SS,
                     border_radius=max(2, r_in - SS))
    img = _downscale(big, size)
    stone = _milestone_surface((max(12, round(w * 0.46)), max(16, round(h * 0.42))), "1000")
    img.blit(stone, stone.get_rect(center=(w / 2, h * 0.36)))
    if h >= 70:
        theme.blit_text(img, "BORNES", (w / 2, h * 0.63), max(MIN_TEXT, round(h * 0.1)), GOLD, "black", "center")
    return img


def _paint_slot(size: tuple[int, int], label: str) -> pygame.Surface:
    w, h = size
    img = pygame.Surface(size, pygame.SRCALPHA)
    rect = img.get_rect().inflate(-2, -2)
    pygame.draw.rect(img, (255, 255, 255, 14), rect, border_radius=max(4, w // 9))
    ink = (*theme.LINE, 220)
    dash, gap = 6, 4
    radius = max(4, w // 9)
    edges = (((rect.x + radius, rect.y), (1, 0), rect.w - 2 * radius),
             ((rect.x + radius, rect.bottom - 1), (1, 0), rect.w - 2 * radius),
             ((rect.x, rect.y + radius), (0, 1), rect.h - 2 * radius),
             ((rect.right - 1, rect.y + radius), (0, 1), rect.h - 2 * radius))
    for (x, y), (dx, dy), length in edges:
        t = 0
        while t < length:
            end = min(length, t + dash)
            pygame.draw.line(img, ink, (x + dx * t, y + dy * t), (x + dx * end, y + dy * end), 2)
            t += dash + gap
    arcs = (((rect.x, rect.y), (math.pi / 2, math.pi)), ((rect.right - 2 * radius, rect.y), (0, math.pi / 2)),
            ((rect.right - 2 * radius, rect.bottom - 2 * radius), (-math.pi / 2, 0)),
            ((rect.x, rect.bottom - 2 * radius), (math.pi, 3 * math.pi / 2)))
    for (x, y), (a0, a1) in arcs:
        pygame.draw.arc(img, ink, (x, y, 2 * radius, 2 * radius), a0, a1, 2)
    if label:
        px = max(MIN_TEXT, min(13, round(w * 0.2)))
        words = label.upper()
        lines = theme.wrap(words, w - 6, px, "bold")
        lines = [theme.fit(line, w - 6, px, "bold") for line in lines[:2]]
        line_h = theme.font(px, "bold").get_linesize()
        top = h / 2 - len(lines) * line_h / 2
        for i, line in enumerate(lines):
            theme.blit_text(img, line, (w / 2, top + i * line_h), px, theme.MUTED, "bold", "midtop")
    return img
