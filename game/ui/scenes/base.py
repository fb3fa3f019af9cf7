"""UIScene: a scene holding widgets (events to widgets top-first, hover, tooltips, draw)."""

from __future__ import annotations

import pygame

from ..scene import Scene
from ..widgets.base import Widget


class UIScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.widgets: list[Widget] = []

    def add(self, widget: Widget) -> Widget:
        self.widgets.append(widget)
        return widget

    def handle_event(self, event: pygame.event.Event) -> bool:
        for widget in reversed(self.widgets):
            if widget.visible and widget.handle_event(event):
                return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return self.on_escape()
        return False

    def on_escape(self) -> bool:
        return False

    def update(self, dt: float) -> None:
        for widget in self.widgets:
            if widget.visible:
                widget.update(dt, self.app.mouse)

    def keep_visible(self) -> list[pygame.Rect]:
        """Rects a tooltip or a toast must not cover: the visible controls (and, on tables, the prompt)."""
        return [w.rect for w in self.widgets if w.visible and w.control]

    def draw_widgets(self, surface: pygame.Surface) -> None:
        for widget in self.widgets:
            if widget.visible:
                widget.draw(surface)


def dim(surface: pygame.Surface, alpha: int = 160) -> None:
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((8, 10, 16, alpha))
    surface.blit(veil, (0, 0))
