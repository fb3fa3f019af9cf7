"""Hot-seat privacy: "Pass to <name> — click when ready". Opaque: nothing secret shows behind it."""

from __future__ import annotations

import math

import pygame

from .. import theme
from ..widgets import Button
from .base import UIScene


class HandoffScene(UIScene):
    name = "handoff"

    def __init__(self, app, player: str, colour, on_ready, subtitle: str = ""):
        super().__init__(app)
        self.player = player
        self.colour = colour
        self.on_ready = on_ready
        self.subtitle = subtitle or "Your cards stay hidden until you click."
        self.t = 0.0
        self.ready = self.add(Button((theme.W // 2 - 150, 470, 300, 60), f"I am {player}: show", self._go,
                                     "primary", size=22, hotkey=pygame.K_RETURN))

    def _go(self) -> None:
        self.app.stack.remove(self)
        self.on_ready()

    def handle_event(self, event) -> bool:
        if super().handle_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._go()
            return True
        return False

    def update(self, dt: float) -> None:
        super().update(dt)
        self.t += dt

    def draw(self, surface) -> None:
        theme.backdrop(surface, theme.BG_DEEP, (10, 12, 18))
        r = 80 + 6 * math.sin(self.t * 2.4)
        pygame.draw.circle(surface, theme.darken(self.colour, 0.5), (theme.W // 2, 250), int(r + 14))
        pygame.draw.circle(surface, self.colour, (theme.W // 2, 250), int(r))
        initial = self.player[:1].upper() or "?"
        theme.blit_text(surface, initial, (theme.W // 2, 250), 72, theme.contrast_ink(self.colour), "title",
                        anchor="center")
        theme.blit_text(surface, f"Pass to {self.player}", (theme.W // 2, 370), 44, theme.INK, "title",
                        anchor="center")
        theme.blit_text(surface, "— click when ready —", (theme.W // 2, 418), 20, theme.MUTED, anchor="center")
        theme.blit_text(surface, self.subtitle, (theme.W // 2, 560), 16, theme.FAINT, "italic", anchor="center")
        self.draw_widgets(surface)
