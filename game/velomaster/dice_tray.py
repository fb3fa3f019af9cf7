"""The dice of a VeloMaster turn as a tray of Die widgets sized by the roll (Débutant: always two;
Expert: 1 to 5), with the die picked for a click-or-drag assignment and the shared smallest die marked.

The tray only shows and picks; the scene submits the engine's ``Assign`` actions."""

from __future__ import annotations

from collections import Counter

import pygame

from ..i18n import _
from ..ui import theme
from ..ui.layout import SIDE_X
from ..ui.widgets import Die

FIXED_SIZE, FIXED_STEP = 48, 58  # Débutant: the two dice as they always were
SMALL_SIZE, SMALL_STEP = 38, 43  # up to 5 dice left of the d20


class DiceTray:
    def __init__(self, scene, top: int, fixed: int | None):
        """``fixed``: a tray that always holds this many dice (Débutant's two), else sized by each roll."""
        self.scene = scene
        self.top = top
        self.fixed = fixed
        self.dice: list[Die] = []
        self.picked = -1  # the die picked to give to a rider (index), -1 none
        self.resize(fixed or 0)

    def die_rect(self, i: int) -> pygame.Rect:
        if self.fixed:
            return pygame.Rect(SIDE_X + 14 + FIXED_STEP * i, self.top + 26, FIXED_SIZE, FIXED_SIZE)
        return pygame.Rect(SIDE_X + 12 + SMALL_STEP * i, self.top + 26, SMALL_SIZE, SMALL_SIZE)

    def resize(self, n: int) -> None:
        """Hold ``n`` dice (a fixed tray keeps its count)."""
        n = self.fixed or n
        while len(self.dice) > n:
            self.scene.widgets.remove(self.dice.pop())
        while len(self.dice) < n:
            self.dice.append(self.scene.add(Die(self.die_rect(len(self.dice)))))
        if self.picked >= n:
            self.picked = -1

    def show(self, values) -> None:
        self.resize(len(values))
        for i, d in enumerate(self.dice):
            d.show(values[i] if i < len(values) else None)

    def roll(self, values, duration: float) -> None:
        self.resize(len(values))
        for i, d in enumerate(self.dice):
            if i < len(values):
                d.roll(values[i], duration)

    @property
    def rolling(self) -> bool:
        return any(d.is_rolling for d in self.dice)

    def settle(self, dice, dice_left, dim_used: bool, shared: int = -1) -> None:
        """Show the turn's dice, the ones given away dimmed (counted, so two 3s dim one at a time); the die
        ``shared`` (set aside for the penalised riders) stays bright."""
        if not self.fixed:
            self.resize(len(dice))
        left = Counter(dice_left)
        for i, d in enumerate(self.dice):
            if d.is_rolling:
                continue
            d.value = dice[i] if i < len(dice) else None
            free = d.value is not None and left[d.value] > 0
            if free:
                left[d.value] -= 1
            d.dimmed = dim_used and d.value is not None and not free and i != shared
        if self.picked >= 0 and (self.picked >= len(self.dice) or self.dice[self.picked].dimmed):
            self.picked = -1

    def index_at(self, pos) -> int:
        return next((i for i, d in enumerate(self.dice) if d.rect.collidepoint(pos)), -1)

    def shared_index(self, dice, dice_left, shared: int) -> int:
        """The die set aside for the penalised riders: one of the smallest value that is not among the dice
        left to choose."""
        if not shared:
            return -1
        spare = Counter(dice_left)
        for i, v in enumerate(dice):
            if v == shared and spare[v] == 0:
                return i
            if v == shared:
                spare[v] -= 1
        return -1

    def draw_marks(self, surface: pygame.Surface, shared_i: int, drag_pos=None) -> None:
        """The picked die's ring, the shared die's tag, and the die being dragged under the pointer."""
        if 0 <= self.picked < len(self.dice):
            pygame.draw.rect(surface, theme.ACCENT, self.dice[self.picked].rect.inflate(8, 8), 3, border_radius=9)
        if 0 <= shared_i < len(self.dice):
            rect = self.dice[shared_i].rect
            pygame.draw.rect(surface, theme.RED, rect.inflate(6, 6), 2, border_radius=9)
            theme.blit_text(surface, _("shared"), (rect.centerx, rect.bottom + 3), 11, theme.RED, "bold",
                            anchor="midtop")
        if drag_pos is not None and 0 <= self.picked < len(self.dice):
            from ..ui.widgets.die import die_face

            face = die_face(self.dice[self.picked].value or 1, SMALL_SIZE)
            face.set_alpha(210)
            surface.blit(face, face.get_rect(center=drag_pos))
