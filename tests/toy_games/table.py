"""A plain table for the toy games: a button per legal action of the seat at the screen, each
seat's public line, and the viewer's hand (drawn only through the privacy check)."""

from __future__ import annotations

import pygame

from game.ui import privacy, theme
from game.ui.layout import TOP_H
from game.ui.match_scene import MatchScene
from game.ui.scenes_registry import GameUI
from game.ui.widgets import Button

from . import TOY_GAMES


class ToyTable(MatchScene):
    def __init__(self, app, match, entry):
        super().__init__(app, match, entry)
        self.action_btns: list[Button] = []
        self._built_for = None
        self.hands_drawn: list[int] = []  # seats whose hand was drawn face up, frame by frame

    def _rebuild_buttons(self) -> None:
        key = (id(self.state), self.acting_human(), self.handoff_open)
        if key == self._built_for:
            return
        self._built_for = key
        for b in self.action_btns:
            self.widgets.remove(b)
        self.action_btns = []
        seat = self.acting_human()
        if seat is None:
            return
        for i, action in enumerate(self.legal(seat)[:12]):
            rect = (40 + (i % 6) * 150, 560 + (i // 6) * 56, 140, 46)
            self.action_btns.append(self.add(Button(rect, action.label(), (lambda a=action: self.submit(a)),
                                                    size=15)))

    def update(self, dt):
        self._rebuild_buttons()
        super().update(dt)

    def sync(self):
        self._built_for = None

    def draw_table(self, surface):
        theme.backdrop(surface)
        view = self.view()
        y = TOP_H + 20
        for seat in range(len(self.match.seats)):
            theme.blit_text(surface, f"{self.seat_name(seat)}", (40, y), 18, self.seat_colour(seat), "bold")
            y += 26
        theme.blit_text(surface, repr({k: v for k, v in view.to_dict().items() if k != "hand"})[:120], (40, y + 10),
                        14, theme.MUTED)
        hand = getattr(view, "hand", None)
        if hand is not None and privacy.check(self, self.viewer):
            self.hands_drawn.append(self.viewer)
            theme.blit_text(surface, f"Your hand: {hand}", (40, 500), 18, theme.INK, "bold")


def _art(size):
    return pygame.Surface(size)


TOY_ENTRIES = {gid: GameUI(spec, ToyTable, _art, "velonimo.md") for gid, spec in TOY_GAMES.items()}
