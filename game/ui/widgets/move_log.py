"""The narrated move log: wrapped lines with the actor's colour, wheel to scroll, follows new lines."""

from __future__ import annotations

from typing import Sequence

import pygame

from ... import i18n
from ...i18n import N_, _, tr
from .. import theme
from .base import Widget

LINE_H = 20
SIZE = 15


class MoveLog(Widget):
    def __init__(self, rect, title: str = N_("Moves")):
        super().__init__(rect)
        self.title = title
        self.entries: list[tuple[str, tuple[int, int, int] | None]] = []
        self._wrapped: list[tuple[str, tuple | None, bool]] = []  # text, colour, first line of entry
        self.scroll = 0.0  # lines hidden below the bottom (0 = follow)
        self._dirty = True
        self._surface: pygame.Surface | None = None
        self._language = i18n.language()

    def set_entries(self, entries: Sequence[tuple[str, tuple[int, int, int] | None]]) -> None:
        entries = list(entries)
        if entries != self.entries:
            self.entries = entries
            self._dirty = True

    def _body(self) -> pygame.Rect:
        return pygame.Rect(self.rect.x + 10, self.rect.y + 34, self.rect.w - 20, self.rect.h - 42)

    def _rewrap(self) -> None:
        width = self._body().w - 16
        self._wrapped = []
        self._language = i18n.language()
        for text, colour in self.entries:
            for i, line in enumerate(theme.wrap(tr(text), width, SIZE)):  # an engine's Words in the language in use
                self._wrapped.append((line, colour, i == 0))
        self._dirty = False
        self._surface = None

    def visible_lines(self) -> int:
        return max(1, self._body().h // LINE_H)

    def visible_rows(self) -> list[tuple[str, tuple | None, bool, bool]]:
        """The rows shown (text, colour, first line of its entry, newest), oldest first. A top row that continues an
        entry whose start is scrolled out begins with "… ", so no piece of a sentence reads as a whole one."""
        if self._dirty or self._language != i18n.language():
            self._rewrap()
        end = len(self._wrapped) - int(self.scroll)
        start = max(0, end - self.visible_lines())
        # the newest: the entries that reach into the last three rows, each whole (a long entry was half bright)
        newest_from = max(0, len(self._wrapped) - 3)
        while newest_from > 0 and not self._wrapped[newest_from][2]:
            newest_from -= 1
        rows = []
        for index in range(start, end):
            line, colour, first = self._wrapped[index]
            if index == start and not first:
                line = self._continued(line)
            rows.append((line, colour, first, index >= newest_from))
        return rows

    def _continued(self, line: str) -> str:
        """"… " and the end of ``line``, words dropped from its start until it fits (its start is cut anyway)."""
        words = line.split(" ")
        face = theme.font(SIZE)
        while len(words) > 1 and face.size("… " + " ".join(words))[0] > self._body().w - 16:
            words.pop(0)
        return "… " + " ".join(words)

    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEWHEEL and self.hovered:
            if self._dirty:
                self._rewrap()
            max_scroll = max(0, len(self._wrapped) - self.visible_lines())
            self.scroll = max(0.0, min(max_scroll, self.scroll + event.y * 3))
            self._surface = None
            return True
        return False

    def draw(self, surface) -> None:
        if self._dirty or self._language != i18n.language():
            self._rewrap()
        theme.panel(surface, self.rect, theme.PANEL_LO, shadow=False)
        theme.blit_text(surface, _(self.title).upper(), (self.rect.x + 14, self.rect.y + 10), 13, theme.MUTED, "bold")
        body = self._body()
        if self._surface is None:
            self._surface = pygame.Surface(body.size, pygame.SRCALPHA)
            for row, (line, colour, first, newest) in enumerate(self.visible_rows()):
                y = row * LINE_H
                if first and colour:
                    pygame.draw.circle(self._surface, colour, (5, y + 10), 4)
                ink = theme.INK if newest else theme.MUTED
                self._surface.blit(theme.text(line, SIZE, ink), (16, y + 1))
        surface.blit(self._surface, body)
        if self.scroll > 0:
            label = theme.blit_text(surface, _("newer"), (self.rect.right - 12, self.rect.y + 10), 13, theme.ACCENT,
                                    anchor="topright")
            x, y = label.x - 12, label.centery  # a small arrow down (the bundled font has no ▼)
            pygame.draw.polygon(surface, theme.ACCENT, [(x, y - 3), (x + 8, y - 3), (x + 4, y + 3)])
