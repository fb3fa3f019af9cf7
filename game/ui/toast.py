"""Transient messages at the top of the screen (problems, confirmations). Click to dismiss."""

from __future__ import annotations

import pygame

from . import theme
from .placement import place

WIDTH = 600

KINDS = {"info": theme.BLUE, "warn": theme.ACCENT, "error": theme.RED, "ok": theme.GREEN}


class Toasts:
    def __init__(self) -> None:
        self.items: list[list] = []  # [text, kind, remaining_s, rect]

    def show(self, text: str, kind: str = "info", seconds: float = 5.0) -> None:
        self.items.append([text, kind, seconds + 0.02 * len(text), pygame.Rect(0, 0, 0, 0)])
        self.items = self.items[-3:]

    def drop(self, kind: str) -> None:
        """Put away the messages of one kind now (a refusal meant for the player who is leaving the screen)."""
        self.items = [item for item in self.items if item[1] != kind]

    def update(self, dt: float) -> None:
        for item in self.items:
            item[2] -= dt
        self.items = [i for i in self.items if i[2] > 0]

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for item in self.items:
                if item[3].collidepoint(event.pos):
                    self.items.remove(item)
                    return True
        return False

    def draw(self, surface: pygame.Surface, avoid: list[pygame.Rect] | None = None) -> None:
        """Stacked at the top centre, under the top bar, unless that hides a control or the turn prompt
        (then lower on the screen)."""
        if not self.items:
            return
        wrapped = [theme.wrap(item[0], WIDTH - 60, 17, break_words=True) for item in self.items]  # long paths too
        heights = [20 + 22 * len(lines) for lines in wrapped]
        total = sum(heights) + 8 * (len(heights) - 1)
        screen = surface.get_rect()
        candidates = []
        for top in (64, 12, screen.h // 2 - total // 2, screen.h - total - 90, screen.h - total - 12):
            block = pygame.Rect(0, top, WIDTH, total)
            block.centerx = screen.centerx
            candidates.append(block)
        y = place(candidates, avoid or [], screen.inflate(-8, -8)).y
        for item, lines, h in zip(self.items, wrapped, heights, strict=True):
            text, kind, remaining, _ = item
            # leaving, a toast folds up (its lines go as the card closes over them, those below move up): it
            # stays opaque to the end, so what it floats over never shows through its words
            h = max(1, round(h * max(0.0, min(1.0, remaining / 0.3))))
            rect = pygame.Rect(0, y, WIDTH, h)
            rect.centerx = theme.W // 2
            card = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(card, (*theme.PANEL_HI, 245), card.get_rect(), border_radius=min(10, h // 2))
            pygame.draw.rect(card, (*KINDS.get(kind, theme.BLUE), 255), (0, 0, 6, h),
                             border_top_left_radius=min(10, h // 2), border_bottom_left_radius=min(10, h // 2))
            for i, line in enumerate(lines):
                if 10 + 22 * (i + 1) <= h:
                    card.blit(theme.text(line, 17, theme.INK), (22, 10 + 22 * i))
            surface.blit(card, rect)
            item[3] = rect
            y += h + 8
