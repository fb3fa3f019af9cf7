"""Buttons: hover and press feedback, a disabled state that says why on hover, optional hotkey."""

from __future__ import annotations

from typing import Callable

import pygame

from ...i18n import tr as _  # labels: marked English or engine Words
from .. import theme
from .base import Widget, play_sound

STYLES = {
    "primary": (theme.ACCENT, theme.PAPER_INK),
    "secondary": (theme.PANEL_HI, theme.INK),
    "danger": (theme.RED, theme.INK),
    "good": (theme.GREEN, theme.PAPER_INK),
    "ghost": (theme.PANEL, theme.INK),
}


class Button(Widget):
    control = True

    def __init__(self, rect, label: str, on_click: Callable[[], None] | None = None, style: str = "secondary",
                 size: int = 20, hotkey: int | None = None, tooltip: str | None = None, sound: str = "click",
                 words: Callable[[], str] | None = None):
        super().__init__(rect, tooltip)
        self.label = label  # in English, marked for translation where it is made; translated where it is drawn
        self.words = words  # a label composed anew at each frame in the language in use ("I am Ann: show")
        self.on_click = on_click
        self.style = style
        self.size = size
        self.hotkey = hotkey
        self.disabled_reason: str | None = None
        self.sound = sound
        self.glow = 0.0  # 0..1 pulse to draw attention (e.g. "Roll")

    @property
    def enabled(self) -> bool:
        return self.disabled_reason is None

    def set_enabled(self, enabled: bool, reason: str = "Not available now.") -> None:
        self.disabled_reason = None if enabled else reason

    def current_tooltip(self) -> str | None:
        return self.disabled_reason or self.tooltip

    def click(self) -> bool:
        if not self.visible:
            return False
        if not self.enabled:
            play_sound("error")
            return True
        play_sound(self.sound)
        if self.on_click:
            self.on_click()
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was = self.pressed
            self.pressed = False
            if was and self.rect.collidepoint(event.pos):
                return self.click()
            return was
        if event.type == pygame.KEYDOWN and self.hotkey is not None and event.key == self.hotkey:
            return self.click()
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        fill, ink = STYLES.get(self.style, STYLES["secondary"])
        rect = self.rect.copy()
        if not self.enabled:
            fill, ink = theme.mix(fill, theme.PANEL, 0.7), theme.FAINT
        elif self.pressed and self.hovered:
            fill = theme.darken(fill, 0.15)
            rect.move_ip(0, 2)
        elif self.hovered:
            fill = theme.lighten(fill, 0.18)
        if self.glow > 0 and self.enabled:
            halo = rect.inflate(10, 10)
            s = pygame.Surface(halo.size, pygame.SRCALPHA)
            pygame.draw.rect(s, (*theme.ACCENT, int(110 * self.glow)), s.get_rect(), border_radius=14)
            surface.blit(s, halo)
        if self.enabled and not (self.pressed and self.hovered):
            pygame.draw.rect(surface, theme.darken(fill, 0.35), rect.move(0, 3), border_radius=theme.RADIUS)
        pygame.draw.rect(surface, fill, rect, border_radius=theme.RADIUS)
        if self.hovered and self.enabled:
            pygame.draw.rect(surface, theme.lighten(fill, 0.45), rect, width=2, border_radius=theme.RADIUS)
        style = "bold"
        label = self.words() if self.words is not None else _(self.label)  # a change of language shows at once
        img = theme.text(label, self.size, ink, style)
        if img.get_width() > rect.w - 12:  # smaller, then cut with an ellipsis (a long name from a save): never out
            small = max(12, self.size - 4)
            img = theme.text(theme.fit(label, rect.w - 4, small, style), small, ink, style)
        surface.blit(img, img.get_rect(center=rect.center))
