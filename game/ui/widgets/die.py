"""A die drawn as the real object (rounded cube, pips, or a d20 number) with a tumbling roll animation."""

from __future__ import annotations

import math
import random

import pygame

from .. import theme
from .base import Widget

PIPS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}

_face_cache: dict[tuple, pygame.Surface] = {}


def die_face(value: int, size: int, colour=theme.PAPER, pip=theme.PAPER_INK, sides: int = 6) -> pygame.Surface:
    """A die showing ``value`` (a d6 with ``value`` 0: a blank face)."""
    key = (value, size, tuple(colour), tuple(pip), sides)
    img = _face_cache.get(key)
    if img is not None:
        return img
    img = pygame.Surface((size + 6, size + 6), pygame.SRCALPHA)
    body = pygame.Rect(3, 3, size, size)
    pygame.draw.rect(img, (0, 0, 0, 80), body.move(2, 3), border_radius=size // 5)
    pygame.draw.rect(img, theme.darken(colour, 0.18), body, border_radius=size // 5)
    pygame.draw.rect(img, colour, body.inflate(-4, -6).move(0, -1), border_radius=size // 5)
    if sides == 6 and value in PIPS:
        r = max(2, size // 11)
        step = size * 0.26
        for dx, dy in PIPS[value]:
            pygame.draw.circle(img, pip, (body.centerx + dx * step, body.centery - 1 + dy * step), r)
    elif sides != 6 or value:
        # a d20 shown as a facetted gem with its number
        cx, cy = body.centerx, body.centery - 1
        pts = [(cx + math.cos(a) * size * 0.42, cy + math.sin(a) * size * 0.42)
               for a in (math.pi / 2 + i * math.pi / 3 for i in range(6))]
        pygame.draw.polygon(img, theme.lighten(colour, 0.2), pts)
        pygame.draw.polygon(img, theme.darken(colour, 0.3), pts, 2)
        label = theme.text(str(value), int(size * 0.42), pip, "black")
        img.blit(label, label.get_rect(center=(cx, cy)))
    _face_cache[key] = img
    return img


class Die(Widget):
    """Shows ``value``; ``roll(final)`` tumbles through random faces then settles with a bounce."""

    def __init__(self, rect, value: int | None = None, sides: int = 6, colour=theme.PAPER, pip=theme.PAPER_INK,
                 tooltip: str | None = None):
        super().__init__(rect, tooltip)
        self.value = value
        self.sides = sides
        self.colour = colour
        self.pip = pip
        self.rolling = 0.0
        self.duration = 0.0
        self.shown = self._resting()
        self.angle = 0.0
        self.dimmed = False
        self.clickable = False
        self.blank_until_thrown = False  # before a throw, a blank face rather than a 1 (where a 1 could mislead)
        self._rng = random.Random()
        self._tick = 0.0

    def _resting(self) -> int:
        """The face on top: the value, or before a throw a d6's 1 / a d20's 20 (tells the dice apart)."""
        return self.value or (1 if self.sides == 6 else self.sides)

    def show(self, value: int | None) -> None:
        """Set the value without a roll animation (``None``: not thrown yet)."""
        self.value = value
        self.rolling = 0.0
        self.shown = self._resting()

    def roll(self, final: int, duration: float = 0.7) -> None:
        self.value = final
        self.duration = max(0.0, duration)
        self.rolling = self.duration
        if self.duration == 0:
            self.shown = final

    @property
    def is_rolling(self) -> bool:
        return self.rolling > 0

    def update(self, dt, mouse) -> None:
        super().update(dt, mouse)
        if self.rolling > 0:
            self.rolling = max(0.0, self.rolling - dt)
            self._tick += dt
            if self._tick > 0.06 and self.rolling > 0.1:
                self._tick = 0.0
                self.shown = self._rng.randint(1, self.sides)
            self.angle = (self.rolling / max(self.duration, 1e-6)) * 540
            if self.rolling == 0:
                self.shown = self._resting()
                self.angle = 0.0

    def draw(self, surface) -> None:
        if not self.visible:
            return
        size = self.rect.w
        if self.value is None and not self.is_rolling:
            # not thrown yet: the die waits on the table, faded (bright when clicking it throws)
            face = 0 if self.blank_until_thrown and self.sides == 6 else self.shown
            img = die_face(face, size, self.colour, self.pip, self.sides).copy()
            img.set_alpha(255 if self.clickable else 120)
            lift = -3 if self.clickable and self.hovered else 0
            surface.blit(img, img.get_rect(center=(self.rect.centerx, self.rect.centery + lift)))
            if self.clickable:
                pygame.draw.rect(surface, theme.ACCENT, self.rect.inflate(10, 10), width=2,
                                 border_radius=self.rect.w // 4)
            return
        img = die_face(self.shown, size, self.colour, self.pip, self.sides)
        lift = 0
        if self.is_rolling:
            t = 1 - self.rolling / max(self.duration, 1e-6)
            lift = -abs(math.sin(t * math.pi * 3)) * size * 0.35 * (1 - t)
            img = pygame.transform.rotate(img, self.angle)
        elif self.clickable and self.hovered:
            lift = -3
        if self.dimmed:
            img = img.copy()
            img.set_alpha(110)
        surface.blit(img, img.get_rect(center=(self.rect.centerx, self.rect.centery + lift)))
        if self.clickable and not self.is_rolling:
            pygame.draw.rect(surface, theme.ACCENT, self.rect.inflate(10, 10), width=2,
                             border_radius=self.rect.w // 4)
