"""Widget base: a rect, hover/press state and the event/update/draw trio."""

from __future__ import annotations

import pygame

from .tooltip import tooltips

_sound_player = None


def set_sound_player(play) -> None:
    """The app plugs its Sound.play here so widgets give audible feedback."""
    global _sound_player
    _sound_player = play


def play_sound(name: str) -> None:
    if _sound_player is not None:
        _sound_player(name)


class Widget:
    control = False  # True for things a player clicks (buttons, toggles…): floating panels never hide them

    def __init__(self, rect: pygame.Rect | tuple, tooltip: str | None = None):
        self.rect = pygame.Rect(rect)
        self.visible = True
        self.hovered = False
        self.pressed = False
        self.tooltip = tooltip

    def contains(self, pos) -> bool:
        return self.visible and self.rect.collidepoint(pos)

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt: float, mouse: tuple[int, int]) -> None:
        self.hovered = self.contains(mouse)
        tip = self.current_tooltip()
        if self.hovered and tip:
            tooltips.request(self, tip, self.rect, dt)

    def current_tooltip(self) -> str | None:
        return self.tooltip

    def draw(self, surface: pygame.Surface) -> None:
        raise NotImplementedError
