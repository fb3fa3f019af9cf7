"""The menu's parts about files: a row per match in progress (Resume, Delete) and the notice about a
file that was set aside or left in place (it stays until dismissed and names the folder)."""

from __future__ import annotations

import time
from datetime import date
from typing import Callable

import pygame

from ...i18n import N_, _, fill, language, tr
from ...storage import Notice, SavedMatch
from .. import theme
from ..widgets import Button
from ..widgets.base import Widget


def last_played_words(modified: float, now: float | None = None, short: bool = False) -> str:
    """When a match was last played, as a person says it: "today 14:05", "yesterday 09:12",
    "Monday 18:30" (this week), "12 Nov 2026" (earlier). ``short``: today's time alone ("14:05"), for a row
    whose game name would otherwise be cut (French "aujourd'hui 14:05" takes twice the room)."""
    now = time.time() if now is None else now
    then = time.localtime(modified)
    clock = time.strftime("%H:%M", then)
    days = (date.fromtimestamp(now) - date.fromtimestamp(modified)).days
    if days <= 0:
        return clock if short else _("today {clock}").format(clock=clock)
    if days == 1:
        return _("yesterday {clock}").format(clock=clock)
    if days < 7:  # the day's name in the language in use, not the system's (strftime's %A)
        return _("{day} {clock}").format(day=_(WEEKDAYS[then.tm_wday]), clock=clock)
    return _("{day} {month} {year}").format(day=then.tm_mday, month=_(MONTHS[then.tm_mon - 1]), year=then.tm_year)


WEEKDAYS = (N_("Monday"), N_("Tuesday"), N_("Wednesday"), N_("Thursday"), N_("Friday"), N_("Saturday"),
            N_("Sunday"))
MONTHS = (N_("Jan"), N_("Feb"), N_("Mar"), N_("Apr"), N_("May"), N_("Jun"), N_("Jul"), N_("Aug"), N_("Sep"),
          N_("Oct"), N_("Nov"), N_("Dec"))


class MatchRow(Widget):
    """One match in progress: the seats' colours, the game, who plays, moves, when; Resume and Delete."""

    HEIGHT = 40

    def __init__(self, rect, saved: SavedMatch, on_resume: Callable[[SavedMatch], None],
                 on_delete: Callable[[SavedMatch], None], now: float | None = None):
        super().__init__(rect)
        self.saved = saved
        r = self.rect
        self.resume = Button((r.right - 196, r.y + 4, 104, r.h - 8), N_("Resume"), lambda: on_resume(saved), "primary",
                             size=16, tooltip=fill(_("Go back to this {game} match"), game=saved.match.game.name))
        self.delete = Button((r.right - 84, r.y + 4, 80, r.h - 8), N_("Delete"), lambda: on_delete(saved), "ghost",
                             size=15, tooltip=N_("Delete this match (you will be asked first)"))
        self.now = now
        self.over_buttons = False

    def update(self, dt, mouse) -> None:
        self.over_buttons = any(b.contains(mouse) for b in self.buttons)  # Resume and Delete have their own tooltips
        super().update(dt, mouse)

    def current_tooltip(self) -> str | None:
        """The whole row, for when it is cut short (two columns, many players): "Mille Bornes · today 14:05" and
        who plays and where the match stands, so that two matches of one game are told apart."""
        if self.over_buttons:
            return None
        return f"{self.saved.match.game.name} · {self.when}\n{self.saved.summary()}"

    @property
    def when(self) -> str:
        """When the match was last played, in the language in use ("today 14:05")."""
        return last_played_words(self.saved.modified, self.now)

    @property
    def buttons(self) -> list[Button]:
        return [self.resume, self.delete]

    def draw(self, surface) -> None:
        r = self.rect
        theme.panel(surface, r, theme.PANEL_HI if self.hovered else theme.PANEL, radius=8, shadow=False)
        x = r.x + 14
        seats = self.saved.match.seats[:8]
        step = 13 if len(seats) <= 4 else 8  # many seats: the dots overlap so the name keeps its room
        for k, seat in enumerate(seats):
            pygame.draw.circle(surface, theme.darken(seat.colour, 0.4), (x + 6 + k * step, r.centery), 6)
            pygame.draw.circle(surface, seat.colour, (x + 6 + k * step, r.centery), 5)
        x += 13 + step * len(seats)
        right = self.resume.rect.x - 14
        when = self.when
        when_w = theme.font(14).size(when)[0]
        if x + theme.font(17, "bold").size(self.saved.match.game.name)[0] + 10 + when_w > right:
            when = last_played_words(self.saved.modified, self.now, short=True)  # the game's name comes first
            when_w = theme.font(14).size(when)[0]
        theme.blit_text(surface, when, (right, r.centery), 14, theme.FAINT, anchor="midright")
        name = theme.fit(self.saved.match.game.name, right - when_w - 10 - x, 17, "bold")
        name_rect = theme.blit_text(surface, name, (x, r.centery), 17, theme.INK, "bold", anchor="midleft")
        room = right - when_w - 16 - (name_rect.right + 10)
        if room > 40:
            theme.blit_text(surface, theme.fit(self.saved.summary(), room, 15), (name_rect.right + 10, r.centery), 15,
                            theme.MUTED, anchor="midleft")


class NoticeBanner(Widget):
    """The first of the notices about files, with Dismiss; "1 of 3" when there are more."""

    TEXT_W = 820

    def __init__(self, rect, on_dismiss: Callable[[Notice], None]):
        super().__init__(rect)
        self.notices: list[Notice] = []
        self.on_dismiss = on_dismiss
        self.dismiss = Button((0, 0, 120, 40), N_("Dismiss"), self._dismiss, "secondary", size=17,
                              tooltip=N_("Hide this message (the file stays where it says)"))
        self._lines: tuple[tuple[str, str], list[str]] = (("", ""), [])  # (language, text) and its lines
        self.visible = False

    @property
    def notice(self) -> Notice | None:
        return self.notices[0] if self.notices else None

    def show(self, notices: list[Notice]) -> None:
        self.notices = list(notices)
        self.visible = self.dismiss.visible = bool(self.notices)
        if self.notice is None:
            return
        self.dismiss.rect.midright = (self.rect.right - 18, self.rect.centery)

    @property
    def lines(self) -> list[str]:
        """The notice's text in the language in use, wrapped to the banner (four lines at most)."""
        if self.notice is None:
            return []
        key = (language(), str(self.notice.text))
        if self._lines[0] != key:
            self._lines = (key, theme.wrap(tr(self.notice.text), self.TEXT_W, 16)[:4])
        return self._lines[1]

    def _content_top(self) -> int:
        """Title, text lines and folder line, centred in the banner's fixed height."""
        height = 30 + 20 * len(self.lines) + (22 if self.notice and self.notice.folder else 0)
        return self.rect.y + max(10, (self.rect.h - height) // 2)

    def _dismiss(self) -> None:
        if self.notice is not None:
            self.on_dismiss(self.notice)

    def draw(self, surface) -> None:
        notice = self.notice
        if notice is None:
            return
        r = self.rect
        theme.panel(surface, r, theme.mix(theme.PANEL, theme.ACCENT_DARK, 0.18), border=theme.ACCENT)
        top = self._content_top()
        pygame.draw.circle(surface, theme.ACCENT, (r.x + 34, top + 13), 14)
        theme.blit_text(surface, "!", (r.x + 34, top + 14), 20, theme.PAPER_INK, "bold", anchor="center")
        title = tr(notice.title) + ("   ·   " + _("1 of {count}").format(count=len(self.notices))
                                if len(self.notices) > 1 else "")
        theme.blit_text(surface, title, (r.x + 62, top), 19, theme.ACCENT, "bold")
        y = top + 30
        for line in self.lines:
            theme.blit_text(surface, line, (r.x + 62, y), 16, theme.INK)
            y += 20
        if notice.folder:
            label = theme.blit_text(surface, _("Folder:"), (r.x + 62, y + 4), 14, theme.MUTED, "bold")
            path = theme.fit(str(notice.folder), self.TEXT_W - label.w - 8, 14)
            theme.blit_text(surface, path, (label.right + 8, y + 4), 14, theme.MUTED)
