"""The rules viewer: docs/rules/<game>.md rendered as readable text, with sections and scrolling."""

from __future__ import annotations

import pygame

from ... import i18n
from ...i18n import N_, _
from ...paths import resource
from .. import text_audit, theme
from ..widgets import Button
from ..widgets.base import Widget, play_sound
from .base import UIScene
from .markdown import layout

DOC_RECT = pygame.Rect(330, 96, 880, 590)
TOC_W = 250
TOC_BOTTOM = 624  # the contents end above Back


class TocEntry(Widget):
    """A section in the table of contents: the whole heading, on up to three lines."""

    control = True

    def __init__(self, pos, title: str, on_click):
        self.lines = theme.wrap(title, TOC_W - 20, 16, "bold")[:3]
        if len(theme.wrap(title, TOC_W - 20, 16, "bold")) > 3:
            self.lines[2] = theme.fit(self.lines[2] + " …", TOC_W - 20, 16, "bold")
        super().__init__((pos[0], pos[1], TOC_W, 14 + 20 * len(self.lines)))
        self.on_click = on_click
        self.current = False  # the section being read (its subsections are listed under it)

    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.contains(event.pos):
            play_sound("click")
            self.on_click()
            return True
        return False

    def draw(self, surface) -> None:
        if self.hovered:
            pygame.draw.rect(surface, theme.PANEL_HI, self.rect, border_radius=theme.RADIUS)
        for i, line in enumerate(self.lines):
            theme.blit_text(surface, line, (self.rect.x + 10, self.rect.y + 7 + 20 * i), 16,
                            theme.ACCENT if self.current else theme.INK if self.hovered else theme.MUTED, "bold")


class SubTocEntry(Widget):
    """A subsection of the section being read ("Niveau Expert" under "Interpretations"), indented, smaller."""

    control = True

    def __init__(self, pos, title: str, on_click):
        lines = theme.wrap(title, TOC_W - 34, 14)
        self.lines = lines[:2]
        if len(lines) > 2:
            self.lines[1] = theme.fit(self.lines[1] + " …", TOC_W - 34, 14)
        super().__init__((pos[0], pos[1], TOC_W, 8 + 18 * len(self.lines)))
        self.on_click = on_click

    handle_event = TocEntry.handle_event

    def draw(self, surface) -> None:
        if self.hovered:
            pygame.draw.rect(surface, theme.PANEL_HI, self.rect, border_radius=theme.RADIUS)
        for i, line in enumerate(self.lines):
            theme.blit_text(surface, line, (self.rect.x + 24, self.rect.y + 4 + 18 * i), 14,
                            theme.INK if self.hovered else theme.MUTED)


def rules_path(doc_name: str):
    """The rules in the language in use when they are translated (docs/rules/<code>/<doc>), else in English."""
    code = i18n.language()
    if code != i18n.DEFAULT:
        translated = resource("docs", "rules", code, doc_name)
        if translated.exists():
            return translated
    return resource("docs", "rules", doc_name)


class RulesScene(UIScene):
    name = "rules"

    def __init__(self, app, game_name: str, doc_name: str):
        super().__init__(app)
        self.game_name = game_name
        path = rules_path(doc_name)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            text = "# {}\n\n{}".format(_("Rules unavailable"), _("The rules file could not be read: {problem}.").format(
                problem=exc.strerror or exc))
        self.subsections: list[tuple[str, int]] = []
        self.doc, self.sections = layout(text, DOC_RECT.w - 30, self.subsections)
        self.scroll = 0.0
        self.target = 0.0
        self.dragging = False
        self.add(Button((40, 640, 250, 48), N_("Back"), self.app.pop, "primary", hotkey=pygame.K_BACKSPACE))
        self.toc: list[TocEntry] = []
        y = 106
        for title, sy in self.sections:
            entry = TocEntry((40, y), title, self._jump(sy))
            if entry.rect.bottom > TOC_BOTTOM:
                break
            self.toc.append(self.add(entry))
            y = entry.rect.bottom + 2
        self.sub_entries: list[SubTocEntry] = []
        self.reading: int | None = None
        self.jumped: tuple[float, int] | None = None  # where a click in the contents sent the page, and its heading
        self._place_toc()

    def current_section(self) -> int:
        """The section being read: the last one whose heading is at or above the top of the page (where the page
        is going, after a click in the contents)."""
        at = self.jumped[1] if self.jumped and self.jumped[0] == self.target else self.target + 12
        return max((i for i, (_title, sy) in enumerate(self.sections[:len(self.toc)]) if sy <= at), default=0)

    def _place_toc(self) -> None:
        """The sections, and under the one being read its subsections, as many as fit above Back (a long rules
        page: "Niveau Expert" is found from the contents, not by scrolling through a thousand lines)."""
        reading = self.current_section() if self.toc else None
        if reading == self.reading:
            return
        self.reading = reading
        for entry in self.sub_entries:
            self.widgets.remove(entry)
        self.sub_entries = []
        if reading is None:
            return
        start = self.sections[reading][1]
        end = self.sections[reading + 1][1] if reading + 1 < len(self.sections) else float("inf")
        room = TOC_BOTTOM - (106 + sum(e.rect.h + 2 for e in self.toc))
        for title, sy in self.subsections:
            if start <= sy < end:
                sub = SubTocEntry((40, 0), title, self._jump(sy))
                if sub.rect.h + 2 > room:
                    break
                room -= sub.rect.h + 2
                self.sub_entries.append(sub)
        y = 106
        for i, entry in enumerate(self.toc):
            entry.current = i == reading
            entry.rect.y = y
            y = entry.rect.bottom + 2
            if i == reading:
                for sub in self.sub_entries:
                    sub.rect.y = y
                    y = sub.rect.bottom + 2
        self.widgets += self.sub_entries

    @property
    def title(self) -> str:
        return _("{game} — Rules").format(game=self.game_name)

    def _jump(self, y: int):
        def go():  # a section near the end: the page stops at its end (the bar's knob stays in its track)
            self.target = min(float(y), self.max_scroll)
            self.jumped = (self.target, y)
        return go

    @property
    def max_scroll(self) -> float:
        return max(0.0, self.doc.get_height() - DOC_RECT.h + 20)

    def _bar(self) -> tuple[pygame.Rect, pygame.Rect]:
        track = pygame.Rect(DOC_RECT.right + 14, DOC_RECT.y, 10, DOC_RECT.h)
        frac = DOC_RECT.h / max(DOC_RECT.h, self.doc.get_height())
        h = max(40, int(track.h * frac))
        pos = 0 if not self.max_scroll else (track.h - h) * self.scroll / self.max_scroll
        return track, pygame.Rect(track.x, track.y + pos, track.w, h)

    def on_escape(self) -> bool:
        self.app.pop()
        return True

    def handle_event(self, event) -> bool:
        if super().handle_event(event):
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.target -= event.y * 60
        elif event.type == pygame.KEYDOWN:
            step = {pygame.K_DOWN: 60, pygame.K_UP: -60, pygame.K_PAGEDOWN: DOC_RECT.h - 60,
                    pygame.K_PAGEUP: -(DOC_RECT.h - 60), pygame.K_SPACE: DOC_RECT.h - 60}.get(event.key)
            if step:
                self.target += step
            elif event.key == pygame.K_HOME:
                self.target = 0
            elif event.key == pygame.K_END:
                self.target = self.max_scroll
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            track, knob = self._bar()
            if track.inflate(12, 0).collidepoint(event.pos):
                self.dragging = True
                self._drag_to(event.pos[1])
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.dragging = False
        elif event.type == pygame.MOUSEMOTION and self.dragging:
            self._drag_to(event.pos[1])
        else:
            return False
        self.target = max(0.0, min(self.max_scroll, self.target))
        return True

    def _drag_to(self, y: int) -> None:
        track, knob = self._bar()
        frac = (y - track.y - knob.h / 2) / max(1, track.h - knob.h)
        self.target = self.scroll = max(0.0, min(1.0, frac)) * self.max_scroll

    def update(self, dt: float) -> None:
        super().update(dt)
        self.scroll += (self.target - self.scroll) * min(1.0, dt * 14)
        self._place_toc()

    def draw(self, surface) -> None:
        theme.backdrop(surface)
        theme.blit_text(surface, self.title, (40, 30), 34, theme.ACCENT, "title")
        theme.blit_text(surface, _("SECTIONS"), (40, 84), 13, theme.MUTED, "bold")
        page = DOC_RECT.inflate(24, 16)
        theme.panel(surface, page, theme.PANEL_LO)
        clip = surface.get_clip()
        surface.set_clip(DOC_RECT)
        with text_audit.viewport():  # a window onto the page: the lines scrolled past its edge are cut, as meant
            surface.blit(self.doc, (DOC_RECT.x + 8, DOC_RECT.y - int(self.scroll)))
        surface.set_clip(clip)
        track, knob = self._bar()
        pygame.draw.rect(surface, theme.PANEL, track, border_radius=5)
        pygame.draw.rect(surface, theme.ACCENT if self.dragging else theme.MUTED, knob, border_radius=5)
        self.draw_widgets(surface)
