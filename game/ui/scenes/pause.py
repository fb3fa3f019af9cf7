"""The pause menu over a match: resume, undo, rules, settings, restart, save & quit to the menu."""

from __future__ import annotations

import pygame

from ...i18n import N_, _, fill
from .. import theme
from ..layout import BUTTON_H
from ..widgets import Button
from .base import UIScene, dim
from .dialog import Dialog


class PauseScene(UIScene):
    overlay = True
    name = "pause"

    def __init__(self, app, match_scene):
        super().__init__(app)
        self.ms = match_scene
        x, w, h = theme.W // 2 - 160, 320, BUTTON_H
        y = 200
        self.add(Button((x, y, w, h), N_("Resume"), self.app.pop, "primary", size=22))
        self.undo = self.add(Button((x, y + 64, w, h), N_("Undo my last move"), self._undo, size=20,
                                    words=self.undo_words))
        self.add(Button((x, y + 128, w, h), N_("Rules"), self._rules, size=20))
        self.add(Button((x, y + 192, w, h), N_("Settings"), self._settings, size=20))
        self.add(Button((x, y + 256, w, h), N_("Restart"), self._restart, size=20))
        self.add(Button((x, y + 320, w, h), N_("Save & quit to menu"), self._quit, "danger", size=20,
                        words=self.quit_words))

    def quit_words(self) -> str:
        """"Save & quit to menu"; once the match is over nothing is saved (a finished match is not kept): "Quit to
        menu"."""
        return _("Quit to menu") if self.ms.match.is_over() else _("Save & quit to menu")

    def undo_words(self) -> str:
        """"Undo my last move"; with several humans at the screen, whose move it takes back ("Undo Ann's move"):
        opened from Bob's hand-off, it is Ann's, not the move of whoever holds the mouse."""
        seat = self.ms.undo_seat()
        at_screen = self.ms.hot_seat and self.ms.viewer is not None  # the player shown the screen: "my" is theirs
        if len(self.ms.humans) >= 2 and seat is not None and not at_screen:
            return fill(_("Undo {player}'s move"), player=self.ms.seat_name(seat))
        return _("Undo my last move")

    def _undo(self) -> None:
        self.app.pop()
        self.ms.undo()

    def _rules(self) -> None:
        self.ms.open_rules()

    def _settings(self) -> None:
        from .settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def restart_question(self) -> str:
        """The Restart dialog's question, in the game's own words for what a restart redraws."""
        return _("Start this match again with the same players and {what}? The match in progress will be "
                 "lost.").format(what=_(self.ms.match.game.restart_words))

    def _restart(self) -> None:
        self.app.push(Dialog(self.app, _("Restart?"), self.restart_question(),
                             ((N_("Restart"), self.ms.restart, "danger"), (N_("Cancel"), None, "secondary"))))

    def _quit(self) -> None:
        self.ms.save_and_quit()

    def on_escape(self) -> bool:
        self.app.pop()
        return True

    def update(self, dt: float) -> None:
        reason = self.ms.undo_blocker()
        self.undo.set_enabled(reason is None, reason or "")
        super().update(dt)

    def draw(self, surface) -> None:
        dim(surface, 170)
        box = pygame.Rect(theme.W // 2 - 200, 110, 400, 490)
        theme.panel(surface, box, theme.PANEL, border=theme.LINE)
        theme.blit_text(surface, _("Paused"), (theme.W // 2, 155), 36, theme.ACCENT, "title", anchor="center")
        self.draw_widgets(surface)
