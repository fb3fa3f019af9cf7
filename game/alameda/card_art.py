"""Tour of Alameda card faces (speed 1–10 and the Monkey Wrench), the card back and the jersey, drawn
once per size (and language: the Monkey Wrench's name is written on it) and cached. Speed cards go from a cool
green (slow) to a hot red (fast); a speedometer needle shows the value at a glance, the big number says it."""

from __future__ import annotations

import math

import pygame

from ..i18n import _, language
from ..ui import theme

WRENCH = 0
_CACHE: dict[tuple, pygame.Surface] = {}

SLOW, FAST = (70, 160, 110), (214, 70, 52)


def speed_colour(value: int) -> tuple[int, int, int]:
    return theme.mix(SLOW, FAST, (max(1, min(10, value)) - 1) / 9)


def _rounded(size: tuple[int, int], fill, border) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA)
    rect = s.get_rect()
    radius = max(6, size[0] // 9)
    pygame.draw.rect(s, fill, rect, border_radius=radius)
    pygame.draw.rect(s, border, rect, width=2, border_radius=radius)
    return s


def face(card: int, size: tuple[int, int]) -> pygame.Surface:
    key = ("face", card, size, language() if card == WRENCH else "")
    img = _CACHE.get(key)
    if img is None:
        img = _CACHE[key] = wrench_face(size) if card == WRENCH else _speed_face(card, size)
    return img


def _speed_face(value: int, size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    colour = speed_colour(value)
    s = _rounded(size, theme.PAPER, theme.darken(colour, 0.3))
    inner = pygame.Rect(5, 5, w - 10, h - 10)
    pygame.draw.rect(s, colour, inner, border_radius=max(4, w // 12))
    # the speedometer: an arc, a needle at the value
    cx, cy, r = w / 2, inner.y + h * 0.62, w * 0.34
    arc = pygame.Rect(cx - r, cy - r, 2 * r, 2 * r)
    pygame.draw.arc(s, theme.lighten(colour, 0.45), arc, 0, math.pi, max(2, w // 22))
    a = math.pi - (value / 10) * math.pi
    pygame.draw.line(s, theme.PAPER, (cx, cy), (cx + math.cos(a) * r * 0.9, cy - math.sin(a) * r * 0.9),
                     max(2, w // 20))
    pygame.draw.circle(s, theme.PAPER, (cx, cy), max(2, w // 18))
    big = theme.text(str(value), max(14, int(h * 0.36)), theme.PAPER, "black")
    s.blit(big, big.get_rect(center=(w / 2, inner.y + h * 0.26)))
    corner = theme.text(str(value), max(10, int(h * 0.12)), theme.PAPER, "bold")
    s.blit(corner, (inner.x + 4, inner.bottom - corner.get_height() - 2))
    return s


def wrench_face(size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    s = _rounded(size, theme.PAPER, (40, 44, 56))
    inner = pygame.Rect(5, 5, w - 10, h - 10)
    pygame.draw.rect(s, (52, 60, 82), inner, border_radius=max(4, w // 12))
    draw_wrench(s, (w / 2, h * 0.4), min(w, h) * 0.58, theme.ACCENT)
    size = max(8, int(h * 0.09))
    # TRANSLATORS: the card's name, on two lines (split at its last space)
    words = _("MONKEY WRENCH").rsplit(" ", 1)
    size = next((k for k in range(size, 7, -1) if all(theme.font(k, "black").size(word)[0] <= w - 14
                                                       for word in words)), 8)
    for i, word in enumerate(words):
        label = theme.text(word, size, theme.ACCENT, "black")
        s.blit(label, label.get_rect(center=(w / 2, h * 0.72 + i * (size + 2))))
    return s


def draw_wrench(surface: pygame.Surface, centre: tuple[float, float], length: float, colour, angle: float = -0.8):
    """An open-ended spanner, diagonal."""
    cx, cy = centre
    dx, dy = math.cos(angle) * length / 2, math.sin(angle) * length / 2
    a, b = (cx - dx, cy - dy), (cx + dx, cy + dy)
    width = max(3, int(length * 0.13))
    pygame.draw.line(surface, colour, a, b, width)
    for end, sign in ((a, -1), (b, 1)):
        r = max(4, int(length * 0.17))
        pygame.draw.circle(surface, colour, end, r)
        # the jaw: a notch cut into the head along the handle
        jx, jy = end[0] + sign * math.cos(angle) * r * 0.7, end[1] + sign * math.sin(angle) * r * 0.7
        pygame.draw.circle(surface, (52, 60, 82), (jx, jy), max(2, int(r * 0.55)))


def back(size: tuple[int, int]) -> pygame.Surface:
    key = ("back", size)
    img = _CACHE.get(key)
    if img is None:
        w, h = size
        img = _rounded(size, (38, 52, 92), theme.PAPER)
        inner = pygame.Rect(6, 6, w - 12, h - 12)
        pygame.draw.rect(img, (58, 78, 130), inner, border_radius=max(4, w // 12))
        for k in range(-h, w, max(6, w // 8)):
            pygame.draw.line(img, (70, 92, 150), (inner.x + k, inner.y), (inner.x + k + inner.h, inner.bottom), 2)
        pygame.draw.circle(img, theme.ACCENT, (w / 2, h / 2), max(6, w // 6))
        pygame.draw.circle(img, (38, 52, 92), (w / 2, h / 2), max(4, w // 6 - 3))
        a = theme.text("A", max(10, w // 5), theme.ACCENT, "black")
        img.blit(a, a.get_rect(center=(w / 2, h / 2 + 1)))
        _CACHE[key] = img
    return img


def slot(size: tuple[int, int]) -> pygame.Surface:
    """An empty place for a card (dashed outline)."""
    key = ("slot", size)
    img = _CACHE.get(key)
    if img is None:
        img = pygame.Surface(size, pygame.SRCALPHA)
        rect = img.get_rect().inflate(-2, -2)
        pygame.draw.rect(img, (*theme.LINE, 160), rect, width=2, border_radius=8)
        _CACHE[key] = img
    return img


def jersey(size: int, colour=theme.ACCENT) -> pygame.Surface:
    """The leader's yellow jersey (a T-shirt shape)."""
    key = ("jersey", size, tuple(colour))
    img = _CACHE.get(key)
    if img is None:
        img = pygame.Surface((size, size), pygame.SRCALPHA)
        k = size / 20
        pts = [(6, 2), (9, 4), (11, 4), (14, 2), (19, 6), (16, 10), (15, 9), (15, 19), (5, 19), (5, 9), (4, 10),
               (1, 6)]
        poly = [(x * k, y * k) for x, y in pts]
        pygame.draw.polygon(img, colour, poly)
        pygame.draw.polygon(img, theme.darken(colour, 0.45), poly, max(1, int(k)))
        _CACHE[key] = img
    return img
