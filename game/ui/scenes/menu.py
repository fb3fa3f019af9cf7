"""The main menu: a tile per registered game, Continue (autosave), Settings, Quit."""

from __future__ import annotations

import math

import pygame

from ... import storage
from ...registry import GAMES
from .. import art, theme
from ..scenes_registry import GameUI, playable
from ..widgets import Button
from ..widgets.base import Widget, play_sound
from .base import UIScene

TILE_W, TILE_H = 228, 330


class GameTile(Widget):
    def __init__(self, rect, entry: GameUI, on_click):
        super().__init__(rect)
        self.entry = entry
        self.on_click = on_click
        self.art = entry.tile_art((rect[2] - 20, 170))
        self.lift = 0.0
        self.t = 0.0

    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.contains(event.pos):
            self.pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed:
            self.pressed = False
            if self.contains(event.pos):
                play_sound("click")
                self.on_click(self.entry)
            return True
        return False

    def update(self, dt, mouse) -> None:
        super().update(dt, mouse)
        target = 10.0 if self.hovered else 0.0
        self.lift += (target - self.lift) * min(1.0, dt * 12)
        self.t += dt

    def draw(self, surface) -> None:
        rect = self.rect.move(0, -round(self.lift) + (2 if self.pressed else 0))
        theme.panel(surface, rect, theme.PANEL_HI if self.hovered else theme.PANEL,
                    border=theme.ACCENT if self.hovered else theme.LINE)
        surface.blit(self.art, (rect.x + 10, rect.y + 10))
        spec = self.entry.spec
        theme.blit_text(surface, spec.name, (rect.x + 16, rect.y + 192), 23, theme.INK, "title")
        lines = theme.wrap(spec.tagline, rect.w - 32, 15)
        if len(lines) > 3:
            lines = lines[:2] + [theme.fit(lines[2] + " " + lines[3], rect.w - 32, 15)]
        for i, line in enumerate(lines):
            theme.blit_text(surface, line, (rect.x + 16, rect.y + 228 + 20 * i), 15, theme.MUTED)
        room = rect.w - 32 - (theme.font(15, "bold").size("Play ›")[0] + 10 if self.hovered else 0)
        theme.blit_text(surface, theme.fit(spec.players_text, room, 14, "bold"), (rect.x + 16, rect.bottom - 30), 14,
                        theme.ACCENT, "bold")
        if self.hovered:
            theme.blit_text(surface, "Play ›", (rect.right - 16, rect.bottom - 30), 15, theme.ACCENT, "bold",
                            anchor="topright")


class MenuScene(UIScene):
    name = "menu"

    def __init__(self, app):
        super().__init__(app)
        self.t = 0.0
        self.saved = storage.SaveStatus()
        entries = playable()
        n = max(1, len(entries))
        gap = 22
        total = n * TILE_W + (n - 1) * gap
        x0 = (theme.W - total) // 2
        self.tiles = [self.add(GameTile((x0 + i * (TILE_W + gap), 210, TILE_W, TILE_H), e, self._setup))
                      for i, e in enumerate(entries)]
        self.continue_btn = self.add(Button((theme.W // 2 - 330, 590, 300, 58), "Continue", self._continue,
                                            "primary", size=22))
        self.add(Button((theme.W // 2 - 10, 590, 160, 58), "Settings", self._settings, size=20))
        self.add(Button((theme.W // 2 + 170, 590, 160, 58), "Quit", self.app.quit, "ghost", size=20))

    def enter(self) -> None:
        self._load_save()

    def resume(self) -> None:
        self._load_save()

    def _load_save(self) -> None:
        self.saved = storage.load_autosave(GAMES)
        if self.saved.problem:
            self.app.toasts.show(self.saved.problem, "warn", 9)
        if self.saved.match is None:
            self.continue_btn.set_enabled(False, "No match in progress. Pick a game to start one.")
            self.continue_btn.tooltip = None
        else:
            m = self.saved.match
            self.continue_btn.set_enabled(True)
            self.continue_btn.tooltip = (f"{m.game.name} with {', '.join(m.names)} — "
                                         f"{len(m.steps)} moves played")

    def _setup(self, entry: GameUI) -> None:
        from .setup import SetupScene

        self.app.push(SetupScene(self.app, entry))

    def _continue(self) -> None:
        from ..scenes_registry import TABLES

        match = self.saved.match
        if match is None:
            return
        entry = TABLES.get(match.game.id)
        if entry is None:
            self.app.toasts.show("This version cannot show that game's table.", "error")
            return
        self.app.stack.clear_to(entry.scene(self.app, match, entry))

    def _settings(self) -> None:
        from .settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def on_escape(self) -> bool:
        return True  # Esc on the menu does nothing; Quit is a button

    def update(self, dt: float) -> None:
        super().update(dt)
        self.t += dt

    def draw(self, surface) -> None:
        theme.backdrop(surface)
        # a banked track sweeping behind the title
        for i in range(6):
            a = self.t * 0.3 + i * 0.18
            rect = pygame.Rect(-200 + 40 * math.sin(a), 40 + i * 9, theme.W + 400, 300)
            pygame.draw.arc(surface, theme.mix(theme.BG, theme.LINE, 0.5 - i * 0.07), rect, 0.2, math.pi - 0.2, 2)
        art.title(surface, (theme.W // 2 - 235, 34), self.t)
        theme.blit_text(surface, "Cycling and racing board games, at one screen, with friends and bots.",
                        (theme.W // 2, 186), 19, theme.MUTED, "italic", anchor="center")
        if not self.tiles:
            theme.blit_text(surface, "No game is installed.", (theme.W // 2, 360), 24, theme.MUTED, anchor="center")
        if self.saved.match is not None:
            m = self.saved.match
            theme.blit_text(surface, f"In progress: {m.game.name} · {', '.join(m.names)}",
                            (self.continue_btn.rect.centerx, 664), 14, theme.MUTED, anchor="midtop")
        self.draw_widgets(surface)
