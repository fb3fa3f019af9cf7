"""A one-line text field (player names, seed): click to focus, type, Backspace, Enter/Tab to leave."""

from __future__ import annotations

from typing import Callable

import pygame

from ...i18n import tr
from .. import theme
from .base import Widget


class TextInput(Widget):
    """Only one field has the focus at a time (``TextInput.focus_owner``): focusing one leaves the other."""

    control = True
    focus_owner: "TextInput | None" = None

    def __init__(self, rect, value: str = "", placeholder: str = "", max_len: int = 16,
                 allowed: Callable[[str], bool] | None = None, on_change: Callable[[str], None] | None = None,
                 tooltip: str | None = None):
        super().__init__(rect, tooltip)
        self.value = value
        self.placeholder = placeholder
        self.max_len = max_len
        self.allowed = allowed or (lambda ch: ch.isprintable())
        self.on_change = on_change
        self.focused = False
        self.blink = 0.0

    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.contains(event.pos):
                self.take_focus()
                return True
            if self.focused:
                self.drop_focus()
            return False
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            for ch in event.text:
                if len(self.value) < self.max_len and self.allowed(ch):
                    self.value += ch
            self._changed()
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.value = self.value[:-1]
                self._changed()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB, pygame.K_ESCAPE):
                self.drop_focus()
            return True
        return False

    def take_focus(self) -> None:
        owner = TextInput.focus_owner
        if owner is not None and owner is not self:
            owner.focused = False
        TextInput.focus_owner = self
        self.focused = True
        pygame.key.start_text_input()

    def drop_focus(self) -> None:
        self.focused = False
        if TextInput.focus_owner is self:
            TextInput.focus_owner = None
            pygame.key.stop_text_input()

    def _changed(self) -> None:
        if self.on_change:
            self.on_change(self.value)

    def update(self, dt, mouse) -> None:
        super().update(dt, mouse)
        self.blink = (self.blink + dt) % 1.0

    def draw(self, surface) -> None:
        fill = theme.PANEL_LO
        pygame.draw.rect(surface, fill, self.rect, border_radius=8)
        border = theme.ACCENT if self.focused else (theme.LINE if not self.hovered else theme.MUTED)
        pygame.draw.rect(surface, border, self.rect, width=2, border_radius=8)
        x = self.rect.x + 10
        if self.value:
            img = theme.text(self.value, 18, theme.INK)
        else:
            img = theme.text(tr(self.placeholder), 18, theme.FAINT, "italic")
        clip = surface.get_clip()
        surface.set_clip(self.rect.inflate(-8, -4))
        offset = max(0, img.get_width() - (self.rect.w - 24)) if self.focused else 0
        surface.blit(img, img.get_rect(midleft=(x - offset, self.rect.centery)))
        if self.focused and self.blink < 0.55:
            cx = x - offset + (img.get_width() if self.value else 0) + 2
            pygame.draw.line(surface, theme.ACCENT, (cx, self.rect.y + 8), (cx, self.rect.bottom - 8), 2)
        surface.set_clip(clip)
