"""Hover tooltips: widgets request one during update; the app draws the latest on top of everything."""

from __future__ import annotations

import pygame

from ...i18n import tr as _  # labels: marked English or engine Words
from .. import theme
from ..placement import around, place


class Tooltips:
    DELAY = 0.35

    def __init__(self) -> None:
        self.owner: object | None = None
        self.hover_time = 0.0
        self.text: str | None = None
        self.anchor = pygame.Rect(0, 0, 0, 0)
        self.last_rect: pygame.Rect | None = None  # where the tooltip was last drawn (tests check it)
        self._requested = False

    def begin_frame(self) -> None:
        self._requested = False

    def request(self, owner: object, text: str, anchor: pygame.Rect, dt: float) -> None:
        if owner is not self.owner:
            self.owner, self.hover_time = owner, 0.0
        self.hover_time += dt
        self.text, self.anchor = text, anchor
        self._requested = True

    def end_frame(self) -> None:
        if not self._requested:
            self.owner, self.text, self.hover_time = None, None, 0.0

    def shown_rect(self) -> pygame.Rect | None:
        """Where the tooltip is on screen this frame, if one is (toasts keep clear of it)."""
        if not self.text or self.hover_time < self.DELAY:
            return None
        return self.last_rect

    def draw(self, surface: pygame.Surface, avoid: list[pygame.Rect] | None = None) -> None:
        """Beside its control, never over it nor over another control when there is room elsewhere."""
        if not self.text or self.hover_time < self.DELAY:
            return
        lines = []
        for para in _(self.text).split("\n"):  # marked where it is made, translated here
            lines += theme.wrap(para, 340, 16)
        w = max(theme.font(16).size(line)[0] for line in lines) + 24
        h = 22 * len(lines) + 14
        keep = [r for r in (avoid or []) if r != self.anchor] + [self.anchor]
        rect = place(around(self.anchor, (w, h)), keep, surface.get_rect().inflate(-8, -8))
        self.last_rect = rect
        theme.panel(surface, rect, theme.PAPER, radius=8)
        for i, line in enumerate(lines):
            theme.blit_text(surface, line, (rect.x + 12, rect.y + 7 + 22 * i), 16, theme.PAPER_INK)


tooltips = Tooltips()
