"""Mille Bornes card art: faces for the 19 card kinds, the deck's back, a Coup Fourré card turned sideways,
the mileage bar, empty pile slots and the menu tile. Pygame primitives only, no engine beyond rules/cards.

The look follows the real deck: distances are cream cards with a big mileage number and a car on the road;
hazards are red, remedies green, safeties blue in a gold frame, each with a pictogram, and the card's name
in small capitals at the bottom, in the language in use (French players know the French deck: FEU VERT,
CREVAISON, AS DU VOLANT…). Shapes are drawn at 3x and smoothly scaled down (antialiasing); text is rendered at
the final size so it stays crisp. Every surface is cached per kind, size and language.
"""

from __future__ import annotations

import math

import pygame

from ..i18n import _, language, number, tr
from ..ui import theme
from .card_palette import (  # noqa: F401  (re-exported: the tests read the palette here)
    CREAM,
    DIM,
    DISTANCE_RGB,
    EDGE,
    FAMILY_RGB,
    GOLD,
    HAZARD_RGB,
    MIN_TEXT,
    REMEDY_RGB,
    SAFETY_RGB,
    SQUEEZE,
    SS,
    STEEL,
    TYRE,
    WHITE,
    Label,
)
from .pictograms import PAINTERS, _star
from .rules import cards

_CACHE: dict[tuple, pygame.Surface] = {}


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
    key = ("face", kind, tuple(size), language())
    img = _CACHE.get(key)
    if img is None:
        img = _CACHE[key] = _paint_face(kind, (int(size[0]), int(size[1])))
    return img


def sideways(kind: int, size: tuple[int, int]) -> pygame.Surface:
    """The face turned a quarter turn, as a Coup Fourré safety lies in the safety area. ``size`` is the
    upright size; the result is ``(size[1], size[0])``."""
    _check_kind(kind)
    key = ("sideways", kind, tuple(size), language())
    img = _CACHE.get(key)
    if img is None:
        img = _CACHE[key] = pygame.transform.rotate(face(kind, size), 90)
    return img


def back(size: tuple[int, int]) -> pygame.Surface:
    """The deck's back: a roadside milestone marked 1000 on a green field with a winding road."""
    key = ("back", tuple(size), language())
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
    words = theme.fit(f"{number(miles)} / {number(goal)}", rect.w - 6, px, "black")  # "1 050 / 1 000" in French
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
    words = card_label(kind)
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


def card_label(kind: int) -> str:
    """The name printed on a card of ``kind``, in capitals, in the language in use ("FLAT TIRE", "CREVAISON")."""
    return tr(cards.NAMES[kind]).upper()


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
        # TRANSLATORS: on the deck's back, under a milestone marked 1000 (the game's name: French keeps BORNES)
        theme.blit_text(img, _("BORNES"), (w / 2, h * 0.63), max(MIN_TEXT, round(h * 0.1)), GOLD, "black",
                        "center")
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
        words = label.upper()
        px = max(MIN_TEXT, min(13, round(w * 0.2)))
        while px > MIN_TEXT and any(theme.font(px, "bold").size(word)[0] > w - 6 for word in words.split()):
            px -= 1  # a long word ("DÉFAUSSE") takes a smaller size rather than being cut
        lines = theme.wrap(words, w - 6, px, "bold")
        lines = [theme.fit(line, w - 6, px, "bold") for line in lines[:2]]
        line_h = theme.font(px, "bold").get_linesize()
        top = h / 2 - len(lines) * line_h / 2
        for i, line in enumerate(lines):
            theme.blit_text(img, line, (w / 2, top + i * line_h), px, theme.MUTED, "bold", "midtop")
    return img
