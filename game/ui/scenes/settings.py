"""Settings: window or fullscreen, animation speed (also how long a bot's move stays readable), sound."""

from __future__ import annotations

import pygame

from .. import theme
from ..widgets import Button, Choice, Toggle
from .base import UIScene

SPEED_LABELS = (("slow", "Slow"), ("normal", "Normal"), ("fast", "Fast"), ("instant", "Instant"))


class SettingsScene(UIScene):
    name = "settings"

    def __init__(self, app):
        super().__init__(app)
        s = app.settings
        x = 640
        self.full = self.add(Toggle((x, 220, 200, 40), s.fullscreen, self._fullscreen,
                                    tooltip="F11 switches at any time."))
        self.speed = self.add(Choice((x, 300, 260, 44), SPEED_LABELS, s.animation_speed, self._speed,
                                     tooltip="How fast pieces move, and how long a computer player's move "
                                             "stays on screen before the next one."))
        self.sound = self.add(Toggle((x, 380, 200, 40), s.sound, self._sound))
        self.add(Button((theme.W // 2 - 130, 560, 260, 54), "Done", self.app.pop, "primary", size=22,
                        hotkey=pygame.K_RETURN))

    def _fullscreen(self, value: bool) -> None:
        if value != self.app.settings.fullscreen:
            self.app.toggle_fullscreen()

    def _speed(self, value: str) -> None:
        self.app.settings.animation_speed = value
        self.app.apply_settings()

    def _sound(self, value: bool) -> None:
        self.app.settings.sound = value
        self.app.apply_settings()
        self.app.sound.play("ding")

    def on_escape(self) -> bool:
        self.app.pop()
        return True

    def update(self, dt: float) -> None:
        self.full.value = self.app.settings.fullscreen
        super().update(dt)

    def draw(self, surface) -> None:
        theme.backdrop(surface)
        theme.blit_text(surface, "Settings", (theme.W // 2, 110), 46, theme.ACCENT, "title", anchor="center")
        box = pygame.Rect(340, 180, 600, 280)
        theme.panel(surface, box, theme.PANEL)
        for y, label in ((240, "Fullscreen"), (322, "Animation speed"), (400, "Sound")):
            theme.blit_text(surface, label, (380, y), 22, theme.INK, "bold", anchor="midleft")
        self.draw_widgets(surface)
