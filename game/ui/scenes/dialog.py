"""A modal dialog: a title, a message and a row of buttons (confirmations, problems)."""

from __future__ import annotations

from typing import Callable, Sequence

import pygame

from ...i18n import N_
from .. import theme
from ..widgets import Button
from .base import UIScene, dim


class Dialog(UIScene):
    overlay = True
    name = "dialog"

    def __init__(self, app, title: str, message: str,
                 buttons: Sequence[tuple[str, Callable[[], None] | None, str]] = ((N_("OK"), None, "primary"),)):
        super().__init__(app)
        self.title = title
        self.lines = []
        for para in message.split("\n"):
            self.lines += theme.wrap(para, 520, 18) if para else [""]
        h = 150 + 26 * len(self.lines)
        self.box = pygame.Rect(0, 0, 600, h)
        self.box.center = (theme.W // 2, theme.H // 2)
        n = len(buttons)
        bw = 170
        x0 = self.box.centerx - (n * bw + (n - 1) * 14) // 2
        for i, (label, action, style) in enumerate(buttons):
            self.add(Button((x0 + i * (bw + 14), self.box.bottom - 66, bw, 46), label,
                            self._closer(action), style))

    def _closer(self, action):
        def run():
            self.app.stack.remove(self)
            if action:
                action()
        return run

    def on_escape(self) -> bool:
        self.app.stack.remove(self)
        return True

    def draw(self, surface) -> None:
        dim(surface, 150)
        theme.panel(surface, self.box, theme.PANEL, border=theme.LINE)
        theme.blit_text(surface, self.title, (self.box.x + 28, self.box.y + 24), 26, theme.ACCENT, "title")
        for i, line in enumerate(self.lines):
            theme.blit_text(surface, line, (self.box.x + 28, self.box.y + 72 + 26 * i), 18, theme.INK)
        self.draw_widgets(surface)
