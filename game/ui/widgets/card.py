"""A card on the table: a face (any surface the game paints), a back, lift on hover, raise when selected,
and an optional resting lift (``rest_lift``) a table uses as a hint."""

from __future__ import annotations

import pygame

from .. import theme
from ..tween import Tween, ease_out_cubic
from .base import Widget


class CardFrame(Widget):
    def __init__(self, face: pygame.Surface, back: pygame.Surface | None = None, pos=(0, 0), key=None,
                 tooltip: str | None = None):
        super().__init__(face.get_rect(topleft=pos), tooltip)
        self.face = face
        self.back = back
        self.key = key
        self.face_up = True
        self.selected = False
        self.disabled = False
        self.clickable = True
        self.rest_lift = 0.0  # pixels it sits raised when neither hovered nor selected (a hint)
        self.lift = 0.0
        self.pos = (float(pos[0]), float(pos[1]))
        self.motion: Tween | None = None

    def move_to(self, pos, duration: float = 0.3, delay: float = 0.0) -> None:
        if duration <= 0:
            self.motion = None
            self.pos = (float(pos[0]), float(pos[1]))
        else:
            self.motion = Tween(self.pos, (float(pos[0]), float(pos[1])), duration, ease_out_cubic, delay)
        self._sync()

    def _sync(self) -> None:
        self.rect.topleft = (round(self.pos[0]), round(self.pos[1] - self.lift))

    @property
    def moving(self) -> bool:
        return self.motion is not None and not self.motion.finished

    def update(self, dt, mouse) -> None:
        if self.motion:
            self.motion.update(dt)
            self.pos = self.motion.value
            if self.motion.finished:
                self.motion = None
        target = self.rest_lift
        if self.clickable and not self.disabled and self.hovered:
            target = self.rest_lift + 10.0
        if self.selected:
            target = 28.0
        self.lift += (target - self.lift) * min(1.0, dt * 16)
        self._sync()
        base = pygame.Rect(round(self.pos[0]), round(self.pos[1]), self.rect.w, self.rect.h)
        self.hovered = self.visible and (base.collidepoint(mouse) or self.rect.collidepoint(mouse))
        super_tip = self.current_tooltip()
        if self.hovered and super_tip:
            from .tooltip import tooltips

            tooltips.request(self, super_tip, self.rect, dt)

    def draw(self, surface) -> None:
        if not self.visible:
            return
        img = self.face if self.face_up or self.back is None else self.back
        shadow = pygame.Rect(self.rect).move(3, 5 + self.lift * 0.3)
        sh = pygame.Surface(shadow.size, pygame.SRCALPHA)
        pygame.draw.rect(sh, (0, 0, 0, 70), sh.get_rect(), border_radius=10)
        surface.blit(sh, shadow)
        if self.disabled:
            img = img.copy()
            img.fill((90, 90, 100), special_flags=pygame.BLEND_RGB_MULT)
        surface.blit(img, self.rect)
        if self.selected:
            pygame.draw.rect(surface, theme.ACCENT, self.rect.inflate(6, 6), width=3, border_radius=12)
        elif self.hovered and self.clickable and not self.disabled:
            pygame.draw.rect(surface, theme.lighten(theme.ACCENT, 0.3), self.rect.inflate(4, 4), width=2,
                             border_radius=11)
