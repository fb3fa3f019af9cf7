"""The table's top bar, shared by every game: the game's name and subtitle, the prompt (whose move, what to do), and
the countdown under Undo while a bot waits. A mixin of :class:`~game.ui.match_scene.MatchScene`: it reads the
match, the seats and the scene's buttons from it."""

from __future__ import annotations

import math

import pygame

from ..i18n import _, join_names, language, tr
from . import layout, theme
from .layout import TOP_H

SUBTITLE_X = 18  # where the subtitle starts, under the game's name
SUBTITLE_ROOM = layout.PROMPT_X - SUBTITLE_X - 12  # its width at most: it ends before the prompt begins


class TopBar:
    """The top bar's part of a table scene."""

    def short_status(self) -> str | None:
        """The prompt when :meth:`status` is a question too long for the top bar's two lines: who is asked and the
        question alone ("Ann: Repêchage?"; its reason is on the table's own panel or the hand-off screen)."""
        seat = self.acting_human()
        question = self.question(seat) if seat is not None and not self.match.is_over() else None
        if question is None:
            return None
        return _("{player}: {question} {reason}").format(player=self.seat_name(seat), question=tr(question.title),
                                                         reason="").strip()

    def status(self) -> str:
        """The prompt line in the top bar."""
        if self.match.is_over():
            return _("The match is over.")
        seat = self.acting_human()
        if seat is not None:
            question = self.question(seat)
            if question is not None:
                return _("{player}: {question} {reason}").format(player=self.seat_name(seat), question=tr(question.title),
                                                                 reason=tr(question.reason)).strip()
            return _("{player}, your move.").format(player=self.seat_name(seat))
        waiting = self.match.to_act()
        if len(waiting) > 1:
            return _("Waiting for {players}…").format(players=join_names([self.seat_name(s) for s in waiting]))
        if self.thinking_seat is not None:
            return _("{player} is thinking…").format(player=self.seat_name(self.thinking_seat))
        if waiting:
            return _("{player} to play…").format(player=self.seat_name(waiting[0]))
        return ""

    def prompt_limit(self) -> int:
        """Where the prompt must end: before the leftmost button showing in the top bar."""
        shown = [b.rect.x for b in (self.results_btn, self.skip_btn) if b.visible]
        return min([self.undo_btn.rect.x, *shown]) - 20

    def prompt_rect(self) -> pygame.Rect:
        limit = self.prompt_limit()
        return pygame.Rect(layout.PROMPT_X, 6, limit - layout.PROMPT_X, TOP_H - 12)

    def draw_undo_countdown(self, surface: pygame.Surface) -> None:
        """While a bot waits so a misclick can be undone: a bar under Undo that runs out."""
        if self.undo_grace <= 0 or self.wait <= 0 or not self.undo_btn.enabled:
            return
        rect = self.undo_btn.rect
        left = max(0.0, min(1.0, self.wait / self.undo_grace))
        pygame.draw.rect(surface, theme.LINE, (rect.x + 6, rect.bottom + 3, rect.w - 12, 4), border_radius=2)
        pygame.draw.rect(surface, theme.ACCENT, (rect.x + 6, rect.bottom + 3, round((rect.w - 12) * left), 4),
                         border_radius=2)

    def draw_top_bar(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, theme.BG_DEEP, layout.TOP_BAR)
        pygame.draw.line(surface, theme.LINE, (0, TOP_H - 1), (theme.W, TOP_H - 1))
        theme.blit_text(surface, self.match.game.name, (18, 8), 22, theme.ACCENT, "title")
        # the subtitle ends before the prompt begins (the text audit reports one shortened)
        theme.blit_text(surface, theme.fit(self.subtitle(), SUBTITLE_ROOM, 14), (SUBTITLE_X, 34), 14, theme.MUTED)
        status, short = self.shown_prompt()
        if status:
            x = layout.PROMPT_X
            if self.thinking_seat is not None:
                t = self.app.time
                for i in range(3):
                    r = 3 + 2 * max(0.0, math.sin(t * 6 - i * 0.7))
                    pygame.draw.circle(surface, self.seat_colour(self.thinking_seat), (x + 8 + 14 * i, 28), r)
                x += 52
            limit = self.prompt_limit()
            draw_prompt(surface, status, x, limit, short)

    def shown_prompt(self) -> tuple[str, str | None]:
        """The prompt the top bar draws, and its short form. A human's next question appears with the controls that
        answer it, not while the move before it still animates: meanwhile a question the moves animating leave
        standing stays (secret picks: the others' cards going face down), as does a computer player's line ("Bob is
        thinking…"); a question the move animating answered goes."""
        asked = self.acting_human()
        if self.busy() and asked is not None and not self.question_stands(asked):
            shown = self._prompt_shown
            if shown is not None and shown[0] == language() and shown[1] is None:
                return shown[2], shown[3]
            return "", None
        status, short = self.status(), self.short_status()
        self._prompt_shown = (language(), asked, status, short)
        return status, short

    def subtitle(self) -> str:
        return self.match.game.config_label(self.match.config)


def draw_prompt(surface: pygame.Surface, status: str, x: int, limit: int, short: str | None = None) -> None:
    """The prompt in the top bar: one line at 19 or 16 px, else two lines at 15 px (a long question is never cut
    while two lines hold it); what two lines cannot hold gives way to ``short`` (the question without its reason),
    else is shortened, and the text audit says so."""
    for size in (19, 16):
        img = theme.text(status, size, theme.INK, "bold")
        if x + img.get_width() <= limit:
            surface.blit(img, img.get_rect(midleft=(x, TOP_H // 2)))
            return
    lines = theme.wrap(status, limit - x, 15, "bold")
    if len(lines) > 2 and short and short != status:
        draw_prompt(surface, short, x, limit)
        return
    if len(lines) > 2:
        lines = [lines[0], theme.fit(" ".join(lines[1:]), limit - x, 15, "bold")]
    for i, line in enumerate(lines):
        theme.blit_text(surface, line, (x, TOP_H // 2 - 9 + 19 * i + (9 if len(lines) == 1 else 0)), 15, theme.INK,
                        "bold", anchor="midleft")
