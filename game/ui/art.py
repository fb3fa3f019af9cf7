"""Shared drawings: the bicycle, the app icon, the title ribbon."""

from __future__ import annotations

import math

import pygame

from . import theme


def bicycle(surface: pygame.Surface, centre: tuple[float, float], size: float, colour, width: int = 3,
            rider=None, angle: float = 0.0, spoke: int = 1) -> None:
    """A side-view racing bike (two wheels, diamond frame, drop bars), optionally with a rider; ``spoke``: the
    spokes' line width."""
    cx, cy = centre
    r = size * 0.26
    back = (cx - size * 0.32, cy + size * 0.12)
    front = (cx + size * 0.32, cy + size * 0.12)
    for wheel in (back, front):
        pygame.draw.circle(surface, colour, wheel, r, width)
        for k in range(4):
            a = angle + k * math.pi / 4
            pygame.draw.line(surface, theme.mix(colour, (128, 128, 128), 0.4),
                             (wheel[0] - math.cos(a) * r, wheel[1] - math.sin(a) * r),
                             (wheel[0] + math.cos(a) * r, wheel[1] + math.sin(a) * r), spoke)
    crank = (cx - size * 0.04, cy + size * 0.12)
    seat = (cx - size * 0.12, cy - size * 0.2)
    head = (cx + size * 0.22, cy - size * 0.16)
    for a, b in ((back, crank), (crank, seat), (seat, back), (seat, head), (head, crank), (head, front)):
        pygame.draw.line(surface, colour, a, b, width)
    pygame.draw.line(surface, colour, (seat[0] - size * 0.06, seat[1] - size * 0.03),
                     (seat[0] + size * 0.06, seat[1] - size * 0.03), width + 1)
    bar = (head[0] + size * 0.06, head[1] - size * 0.02)
    pygame.draw.line(surface, colour, head, bar, width)
    pygame.draw.arc(surface, colour, pygame.Rect(bar[0] - size * 0.04, bar[1], size * 0.08, size * 0.1),
                    -math.pi / 2, math.pi / 2, width)
    if rider:
        hip = (seat[0], seat[1] - size * 0.05)
        shoulder = (cx + size * 0.1, cy - size * 0.38)
        pygame.draw.line(surface, rider, hip, shoulder, max(3, int(size * 0.1)))
        pygame.draw.line(surface, rider, shoulder, bar, max(2, int(size * 0.05)))
        pygame.draw.line(surface, rider, hip, crank, max(2, int(size * 0.06)))
        pygame.draw.circle(surface, rider, (shoulder[0] + size * 0.07, shoulder[1] - size * 0.07),
                           max(3, int(size * 0.08)))


def app_icon(size: int = 64) -> pygame.Surface:
    """The app's icon (the window's, and the Windows executable's through tools/make_icon.py): a bike on a
    yellow-jersey disc, drawn at ``size`` pixels square (64 is the window's)."""
    k = size / 64
    img = pygame.Surface((size, size), pygame.SRCALPHA)
    img.fill((*theme.ACCENT, 0))  # clear, but the disc's colour: scaled down, its rim fades to yellow, not black
    pygame.draw.circle(img, theme.ACCENT, (size / 2, size / 2), size / 2 - k)
    bicycle(img, (size / 2, 34 * k), 52 * k, theme.PAPER_INK, max(1, round(3 * k)), spoke=max(1, round(k)))
    return img


def title(surface: pygame.Surface, pos: tuple[int, int], t: float = 0.0) -> None:
    """The app's name with a rolling bike under it."""
    x, y = pos
    theme.blit_text(surface, "Vélothèque", (x + 3, y + 4), 78, theme.BG_DEEP, "title")
    r = theme.blit_text(surface, "Vélothèque", (x, y), 78, theme.ACCENT, "title")
    road_y = r.bottom + 30
    pygame.draw.line(surface, theme.LINE, (x - 30, road_y), (r.right + 30, road_y), 2)
    bx = x - 10 + (t * 90) % max(1, r.width + 20)
    bicycle(surface, (bx, road_y - 17), 40, theme.INK, 2, rider=theme.RED, angle=-t * 8)
