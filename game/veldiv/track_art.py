"""The Vel' d'Hiv' drawn: a banked stadium oval of 48 numbered spaces, the line after space 48,
stands full of spectators, and top-down riders in team jerseys with white or black shorts.

Riders race anticlockwise (as on every velodrome): along the bottom straight to the right.
"""

from __future__ import annotations

import math
import random

import pygame

from ..ui import theme
from .rules.track import SPACES

SS = 2  # supersampling of the track picture


class TrackGeometry:
    """A stadium: straights of half-length ``a`` joined by half circles of radius ``r`` (centre line)."""

    def __init__(self, centre=(485, 380), a: float = 160, r: float = 236, width: float = 88):
        self.cx, self.cy = centre
        self.a, self.r, self.w = a, r, width
        self.perimeter = 4 * a + 2 * math.pi * r
        self.line_x = self.cx + 0.55 * a  # the line sits on the home (bottom) straight
        self.space_len = self.perimeter / SPACES

    def point(self, u: float, offset: float = 0.0) -> tuple[float, float, float]:
        """Position ``u`` (px along the centre line from the line, anticlockwise) shifted ``offset`` px
        outwards; returns (x, y, heading in degrees, 0 = right, counter-clockwise positive)."""
        a, r = self.a, self.r
        u %= self.perimeter
        first = a - 0.55 * a  # rest of the home straight after the line
        seg = [first, math.pi * r, 2 * a, math.pi * r, 2 * a - first]
        if u < seg[0]:  # home straight, moving right
            return self.line_x + u, self.cy + r + offset, 0.0
        u -= seg[0]
        if u < seg[1]:  # right bend, going up
            t = u / r  # 0..pi
            ang = math.pi / 2 - t  # from bottom (pi/2 in screen coords) anticlockwise on screen
            rad = r + offset
            return self.cx + a + rad * math.cos(ang), self.cy + rad * math.sin(ang), math.degrees(t)
        u -= seg[1]
        if u < seg[2]:  # back straight, moving left
            return self.cx + a - u, self.cy - r - offset, 180.0
        u -= seg[2]
        if u < seg[3]:  # left bend, going down
            t = u / r
            ang = -math.pi / 2 - t
            rad = r + offset
            return self.cx - a + rad * math.cos(ang), self.cy + rad * math.sin(ang), 180.0 + math.degrees(t)
        u -= seg[3]
        return self.cx - a + u, self.cy + r + offset, 0.0

    def space_u(self, space: float) -> float:
        """Centre of a space (1..48; fractions interpolate) along the track; space 48 ends at the line."""
        return ((space - 0.5) % SPACES) * self.space_len

    def space_point(self, space: float, offset: float = 0.0):
        return self.point(self.space_u(space), offset)

    def space_polygon(self, space: int, inner: float, outer: float, steps: int = 5) -> list[tuple[float, float]]:
        u0 = (space - 1) * self.space_len
        us = [u0 + self.space_len * i / steps for i in range(steps + 1)]
        out = [self.point(u, outer)[:2] for u in us]
        inn = [self.point(u, inner)[:2] for u in reversed(us)]
        return out + inn

    def space_at(self, pos, margin: float = 8) -> int | None:
        """The space under a screen point, or None."""
        x, y = pos
        best, best_d = None, 1e9
        for s in range(1, SPACES + 1):
            px, py, _ = self.space_point(s)
            d = math.hypot(px - x, py - y)
            if d < best_d:
                best, best_d = s, d
        return best if best_d < self.w / 2 + margin else None


WOOD = (196, 150, 100)
WOOD_DARK = (170, 124, 80)
AZUR = (70, 140, 210)


def render_track(geo: TrackGeometry, size=(970, 664), origin=(0, 56)) -> pygame.Surface:
    """The static velodrome picture (stands, track, numbers, lines), drawn once."""
    w, h = size
    ox, oy = origin
    big = pygame.Surface((w * SS, h * SS))

    def P(x, y):
        return ((x - ox) * SS, (y - oy) * SS)

    # the hall: dark floor with a gradient
    for y in range(h * SS):
        k = y / (h * SS)
        pygame.draw.line(big, theme.mix((40, 36, 44), (24, 22, 30), k), (0, y), (w * SS, y))
    # stands: rows of spectators around the track
    rnd = random.Random(1936)
    for ring in range(6):
        off = geo.w / 2 + 26 + ring * 11
        n = int(geo.perimeter / 9) + ring * 6
        for i in range(n):
            u = geo.perimeter * i / n + rnd.uniform(-2, 2)
            x, y, _ = geo.point(u, off)
            if not (ox <= x < ox + w and oy <= y < oy + h):
                continue
            colour = rnd.choice([(190, 60, 50), (60, 90, 160), (220, 200, 150), (90, 90, 100), (160, 130, 90),
                                 (230, 230, 220), (60, 120, 80)])
            pygame.draw.circle(big, theme.darken(colour, 0.35 + 0.06 * ring), P(x, y), 4.2 * SS)
            pygame.draw.circle(big, (228, 190, 160), P(x, y - 2.5), 2.2 * SS)
    # outer rail and the track band with banking shade
    rail = [P(*geo.point(geo.perimeter * i / 240, geo.w / 2 + 10)[:2]) for i in range(240)]
    pygame.draw.polygon(big, (235, 235, 230), rail)
    bands = 14
    for b in range(bands, 0, -1):
        off = -geo.w / 2 + geo.w * b / bands
        poly = [P(*geo.point(geo.perimeter * i / 240, off)[:2]) for i in range(240)]
        pygame.draw.polygon(big, theme.mix(WOOD_DARK, WOOD, b / bands), poly)
    # côte d'azur (blue band inside), infield grass
    azur = [P(*geo.point(geo.perimeter * i / 240, -geo.w / 2)[:2]) for i in range(240)]
    pygame.draw.polygon(big, AZUR, azur)
    infield = [P(*geo.point(geo.perimeter * i / 240, -geo.w / 2 - 14)[:2]) for i in range(240)]
    pygame.draw.polygon(big, (58, 110, 70), infield)
    # the measuring line (black), sprinters' line (red), stayers' line (blue)
    for off, colour, width in ((-geo.w / 2 + 8, (30, 30, 30), 2), (-geo.w / 2 + 24, (200, 50, 40), 2),
                               (geo.w / 2 - 20, (40, 80, 170), 2)):
        pts = [P(*geo.point(geo.perimeter * i / 240, off)[:2]) for i in range(241)]
        pygame.draw.lines(big, colour, False, pts, width * SS)
    # space boundaries and numbers
    for s in range(1, SPACES + 1):
        u0 = (s - 1) * geo.space_len
        a = P(*geo.point(u0, -geo.w / 2 + 30)[:2])
        b = P(*geo.point(u0, geo.w / 2)[:2])
        pygame.draw.line(big, (120, 84, 52), a, b, 1 * SS)
    # the finish line: white with a black centre, across the whole track
    a = P(*geo.point(0, -geo.w / 2 - 14)[:2])
    b = P(*geo.point(0, geo.w / 2 + 8)[:2])
    pygame.draw.line(big, (250, 250, 250), a, b, 7 * SS)
    pygame.draw.line(big, (20, 20, 20), a, b, 2 * SS)
    img = pygame.transform.smoothscale(big, size)
    # numbers are drawn after scaling so they stay crisp
    for s in range(1, SPACES + 1):
        x, y, heading = geo.space_point(s, geo.w / 2 - 11)
        label = theme.text(str(s), 13, (90, 60, 36), "bold")
        img.blit(label, label.get_rect(center=(x - ox, y - oy)))
    title = theme.text("VÉLODROME D'HIVER", 30, (236, 232, 210), "title")
    img.blit(title, title.get_rect(center=(geo.cx - ox, geo.cy - oy - 150)))
    sub = theme.text("PARIS · 48 cases", 15, (200, 220, 190), "bold")
    img.blit(sub, sub.get_rect(center=(geo.cx - ox, geo.cy - oy - 118)))
    lx, ly, _ = geo.point(0, geo.w / 2 + 26)
    tag = theme.text("ARRIVÉE", 13, (250, 240, 200), "black")
    img.blit(tag, tag.get_rect(center=(lx - ox, ly - oy)))
    return img


def draw_rider_line(surface: pygame.Surface, geo: TrackGeometry, space: int, colour) -> None:
    """A rider's own line (a pursuit's start space) across the track where ``space`` ends, in its colour."""
    u = space * geo.space_len
    a, b = geo.point(u, -geo.w / 2)[:2], geo.point(u, geo.w / 2)[:2]
    pygame.draw.line(surface, theme.darken(colour, 0.5), a, b, 7)
    pygame.draw.line(surface, colour, a, b, 4)


_sprites: dict[tuple, pygame.Surface] = {}


def rider_sprite(colour, shorts_black: bool, heading: float, scale: float = 1.0, ghost: bool = False):
    """A top-down cyclist facing ``heading`` degrees (0 = right, anticlockwise positive)."""
    bucket = int(round(heading / 6.0)) * 6 % 360
    key = (tuple(colour), shorts_black, bucket, scale, ghost)
    img = _sprites.get(key)
    if img is not None:
        return img
    k = 3 * scale
    w, h = int(44 * k), int(22 * k)
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    cy = h / 2
    tyre = (30, 30, 34)
    # wheels (seen from above: thin dark bars) and frame
    pygame.draw.line(s, tyre, (3 * k, cy), (14 * k, cy), int(3 * k))
    pygame.draw.line(s, tyre, (29 * k, cy), (41 * k, cy), int(3 * k))
    pygame.draw.line(s, (150, 150, 160), (10 * k, cy), (34 * k, cy), int(2 * k))
    pygame.draw.line(s, (60, 60, 70), (32 * k, cy - 6 * k), (32 * k, cy + 6 * k), int(2 * k))  # bars
    # shorts (white or black: the team's two riders), then jersey torso, arms, helmet
    shorts = (24, 24, 28) if shorts_black else (245, 245, 240)
    pygame.draw.ellipse(s, shorts, (11 * k, cy - 6 * k, 11 * k, 12 * k))
    pygame.draw.ellipse(s, theme.darken(shorts, 0.2) if not shorts_black else (60, 60, 64),
                        (11 * k, cy - 6 * k, 11 * k, 12 * k), max(1, int(k)))
    pygame.draw.ellipse(s, colour, (17 * k, cy - 7 * k, 14 * k, 14 * k))
    for dy in (-5, 5):
        pygame.draw.line(s, colour, (27 * k, cy + dy * k * 0.9), (32 * k, cy + dy * k), int(2.4 * k))
    pygame.draw.circle(s, theme.lighten(colour, 0.35), (30 * k, cy), 4.2 * k)
    pygame.draw.circle(s, theme.darken(colour, 0.3), (30 * k, cy), 4.2 * k, max(1, int(k)))
    img = pygame.transform.smoothscale(s, (int(w / 3), int(h / 3)))
    img = pygame.transform.rotate(img, bucket)
    if ghost:
        img.set_alpha(110)
    _sprites[key] = img
    return img


_badges: dict[int, pygame.Surface] = {}
BADGE_SIDE = 17  # px from a rider's centre towards the infield


def rider_badge(index: int) -> pygame.Surface:
    """The team mark of a rider, big enough to read at a glance: rider 1 a white disc with a black 1
    (white shorts), rider 2 a black disc with a white 2 (black shorts)."""
    img = _badges.get(index)
    if img is None:
        fill, ink, ring = ((245, 245, 240), (24, 24, 28), (24, 24, 28)) if index == 0 else \
            ((24, 24, 28), (245, 245, 240), (245, 245, 240))
        r = 9
        big = pygame.Surface((4 * (2 * r + 2), 4 * (2 * r + 2)), pygame.SRCALPHA)
        c = big.get_width() // 2
        pygame.draw.circle(big, ring, (c, c), 4 * (r + 1))
        pygame.draw.circle(big, fill, (c, c), 4 * r - 4)
        img = pygame.transform.smoothscale(big, (2 * r + 2, 2 * r + 2))
        label = theme.text(str(index + 1), 13, ink, "black")
        img.blit(label, label.get_rect(center=(r + 1, r + 1)))
        _badges[index] = img
    return img


def badge_point(x: float, y: float, heading: float, outside: bool = False) -> tuple[float, float]:
    """Where a rider's team mark sits: beside it, on the infield side (riders go anticlockwise, so the
    infield is on their left); ``outside``: on the other side (the outer of two riders side by side)."""
    rad = math.radians(heading)
    side = -BADGE_SIDE if outside else BADGE_SIDE
    return (x - side * math.sin(rad), y - side * math.cos(rad))


def tile_art(size: tuple[int, int]) -> pygame.Surface:
    """Menu tile: a small velodrome with riders in the bend."""
    w, h = size
    img = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(img, (40, 36, 44), img.get_rect(), border_radius=10)
    geo = TrackGeometry((w / 2, h / 2), a=w * 0.16, r=h * 0.3, width=h * 0.16)
    for b in range(8, 0, -1):
        off = -geo.w / 2 + geo.w * b / 8
        pts = [geo.point(geo.perimeter * i / 120, off)[:2] for i in range(120)]
        pygame.draw.polygon(img, theme.mix(WOOD_DARK, WOOD, b / 8), pts)
    pts = [geo.point(geo.perimeter * i / 120, -geo.w / 2)[:2] for i in range(120)]
    pygame.draw.polygon(img, AZUR, pts)
    pts = [geo.point(geo.perimeter * i / 120, -geo.w / 2 - 6)[:2] for i in range(120)]
    pygame.draw.polygon(img, (58, 110, 70), pts)
    a = geo.point(0, -geo.w / 2)[:2]
    b = geo.point(0, geo.w / 2)[:2]
    pygame.draw.line(img, (250, 250, 250), a, b, 4)
    for i, colour in enumerate(((226, 83, 70), (70, 140, 220), (92, 184, 102), (240, 190, 50))):
        x, y, hd = geo.point(geo.perimeter * (0.12 + 0.035 * i), (i % 2) * 10 - 5)
        sprite = rider_sprite(colour, i % 2 == 1, hd, 0.8)
        img.blit(sprite, sprite.get_rect(center=(x, y)))
    return img
