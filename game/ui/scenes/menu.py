"""The main menu: a tile per registered game, the matches in progress (Resume, Delete), notices about
files set aside, Settings, Quit."""

from __future__ import annotations

import math

import pygame

from ... import i18n, storage
from ...i18n import N_, _
from ...paths import resource
from ...registry import GAMES, REGISTRY, Registration
from .. import art, theme
from ..widgets import Button
from ..widgets.base import Widget, play_sound
from .base import UIScene
from .menu_saves import MatchRow, NoticeBanner

TILE_W, TILE_H = 228, 330


def tile_picture(game: Registration, size: tuple[int, int]) -> pygame.Surface:
    """The game's menu picture: assets/tiles/<id>.png (drawn by the game's tile_art, kept by
    tools/make_tiles.py, so the menu opens without importing any game); drawn afresh if the file is missing
    or unreadable."""
    try:
        translated = resource("assets", "tiles", f"{game.id}.{i18n.language()}.png")  # a picture with words in it
        path = translated if translated.exists() else resource("assets", "tiles", f"{game.id}.png")
        picture = pygame.image.load(str(path))
        if picture.get_size() == size:
            return picture.convert_alpha() if pygame.display.get_surface() is not None else picture
    except (pygame.error, FileNotFoundError, OSError):
        pass
    from ..scenes_registry import TABLES

    return TABLES[game.id].tile_art(size)


TILE_ART_SIZE = (TILE_W - 20, 170)


class GameTile(Widget):
    """A game's tile: click to set up a match; its "Rules" chip opens the rules without starting anything."""

    def __init__(self, rect, entry: Registration, on_click, on_rules):
        super().__init__(rect)
        self.entry = entry
        self.on_click = on_click
        self.on_rules = on_rules
        self._art: tuple[str, pygame.Surface] | None = None
        self.lift = 0.0
        self.t = 0.0

    @property
    def art(self) -> pygame.Surface:
        """The picture in the language in use (loaded again after a change of language)."""
        if self._art is None or self._art[0] != i18n.language():
            self._art = (i18n.language(), tile_picture(self.entry, TILE_ART_SIZE))
        return self._art[1]

    def rules_rect(self) -> pygame.Rect:
        """The "Rules" chip on the picture's top-right corner (where the tile is drawn now)."""
        rect = self.rect.move(0, -round(self.lift))
        return pygame.Rect(rect.right - 78, rect.y + 16, 60, 26)

    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.contains(event.pos):
            self.pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed:
            self.pressed = False
            if self.rules_rect().collidepoint(event.pos):
                play_sound("click")
                self.on_rules(self.entry)
            elif self.contains(event.pos):
                play_sound("click")
                self.on_click(self.entry)
            return True
        return False

    def update(self, dt, mouse) -> None:
        super().update(dt, mouse)
        self.app_mouse = mouse
        target = 10.0 if self.hovered else 0.0
        self.lift += (target - self.lift) * min(1.0, dt * 12)
        self.t += dt

    def draw(self, surface) -> None:
        rect = self.rect.move(0, -round(self.lift) + (2 if self.pressed else 0))
        theme.panel(surface, rect, theme.PANEL_HI if self.hovered else theme.PANEL,
                    border=theme.ACCENT if self.hovered else theme.LINE)
        surface.blit(self.art, (rect.x + 10, rect.y + 10))
        chip = self.rules_rect()
        over = chip.collidepoint(self.app_mouse) if hasattr(self, "app_mouse") else False
        pygame.draw.rect(surface, theme.PAPER if over else theme.PANEL_HI, chip, border_radius=13)
        theme.blit_text(surface, _("Rules"), chip.center, 14, theme.PAPER_INK if over else theme.INK, "bold",
                        anchor="center")
        spec = self.entry  # the registry's words: no engine is loaded to draw the menu
        theme.blit_text(surface, spec.name, (rect.x + 16, rect.y + 192), 23, theme.INK, "title")
        lines = theme.wrap(_(spec.tagline), rect.w - 32, 15)
        if len(lines) > 3:
            lines = lines[:2] + [theme.fit(lines[2] + " " + lines[3], rect.w - 32, 15)]
        for i, line in enumerate(lines):
            theme.blit_text(surface, line, (rect.x + 16, rect.y + 228 + 20 * i), 15, theme.MUTED)
        theme.blit_text(surface, theme.fit(_(spec.players_text), rect.w - 32, 14, "bold"),
                        (rect.x + 16, rect.bottom - 30), 14, theme.ACCENT, "bold")
        if self.hovered:  # a chip on the picture's bottom-right corner: the players' line keeps the tile's width
            label = theme.text(_("Play ›"), 15, theme.PAPER_INK, "bold")
            chip = label.get_rect().inflate(20, 8)
            chip.bottomright = (rect.right - 18, rect.y + 10 + TILE_ART_SIZE[1] - 8)
            pygame.draw.rect(surface, theme.ACCENT, chip, border_radius=chip.h // 2)
            surface.blit(label, label.get_rect(center=chip.center))


class MenuScene(UIScene):
    name = "menu"
    LIST = pygame.Rect(40, 556, 960, 156)  # the matches in progress
    ROW_GAP = 6

    def __init__(self, app):
        super().__init__(app)
        self.t = 0.0
        self.saved = storage.SavesStatus()
        self._saves_read = False
        self._drawn = False  # the first frame is on screen (the saved matches are read after it)
        entries = REGISTRY
        n = max(1, len(entries))
        gap = 22
        total = n * TILE_W + (n - 1) * gap
        x0 = (theme.W - total) // 2
        self.tiles = [self.add(GameTile((x0 + i * (TILE_W + gap), 210, TILE_W, TILE_H), e, self._setup, self._rules))
                      for i, e in enumerate(entries)]
        self.add(Button((1030, 572, 210, 56), N_("Settings"), self._settings, size=20))
        self.add(Button((1030, 644, 210, 56), N_("Quit"), self.app.quit, "ghost", size=20))
        self.rows: list[MatchRow] = []
        self.page = 0
        self.prev_page = self.add(Button((self.LIST.right - 70, self.LIST.y - 6, 32, 26), "<", lambda: self._turn(-1),
                                         "ghost", size=15, tooltip=N_("Newer matches")))
        self.next_page = self.add(Button((self.LIST.right - 34, self.LIST.y - 6, 32, 26), ">", lambda: self._turn(1),
                                         "ghost", size=15, tooltip=N_("Older matches")))
        self.prev_page.visible = self.next_page.visible = False
        self.banner = NoticeBanner((120, 12, 1040, 150), self._dismiss)  # over the title, above the tagline

    def enter(self) -> None:
        self._saves_read = False  # after the first frame: the menu shows at once, the saved matches just after

    def resume(self) -> None:
        self._load_saves()

    def _load_saves(self) -> None:
        self._saves_read = True
        self.saved = storage.load_saves(GAMES)
        known = {n.key for n in self.app.notices}
        for notice in self.saved.notices:
            if notice.key not in known and notice.key not in self.app.dismissed_notices:
                self.app.notices.append(notice)
                known.add(notice.key)
        self._layout()

    PAGE = 6  # matches shown at once (two columns of three); the arrows page through the others

    def _layout(self) -> None:
        """A row per match in progress (two columns past three), a page at a time, then the notice banner."""
        for row in self.rows:
            for w in (row, *row.buttons):
                self.widgets.remove(w)
        pages = max(1, -(-len(self.saved.matches) // self.PAGE))
        self.page = min(getattr(self, "page", 0), pages - 1)
        self.prev_page.visible = self.next_page.visible = pages > 1
        self.prev_page.set_enabled(self.page > 0, N_("This is the first page."))
        self.next_page.set_enabled(self.page < pages - 1, N_("This is the last page."))
        matches = self.saved.matches[self.page * self.PAGE:(self.page + 1) * self.PAGE]
        columns = 1 if len(matches) <= 3 else 2
        col_w = (self.LIST.w - (columns - 1) * 16) // columns
        self.rows = []
        for i, saved in enumerate(matches):
            col, r = divmod(i, 3)
            rect = (self.LIST.x + col * (col_w + 16), self.LIST.y + 26 + r * (MatchRow.HEIGHT + self.ROW_GAP), col_w,
                    MatchRow.HEIGHT)
            row = MatchRow(rect, saved, self._resume, self._ask_delete)
            self.rows.append(row)
            self.widgets += [row, *row.buttons]
        for w in (self.banner, self.banner.dismiss):
            if w in self.widgets:
                self.widgets.remove(w)
        self.banner.show(self.app.notices)
        self.widgets += [self.banner, self.banner.dismiss]

    def _turn(self, pages: int) -> None:
        self.page += pages
        self._layout()

    def _dismiss(self, notice: storage.Notice) -> None:
        self.app.notices = [n for n in self.app.notices if n.key != notice.key]
        self.app.dismissed_notices.add(notice.key)
        self.banner.show(self.app.notices)

    def _resume(self, saved: storage.SavedMatch) -> None:
        from ..scenes_registry import TABLES

        entry = TABLES.get(saved.game_id)
        if entry is None:
            self.app.toasts.show(_("This version cannot show that game's table."), "error")
            return
        try:
            scene = entry.scene(self.app, saved.match, entry)
        except (ValueError, OSError) as exc:
            self.app.toasts.show(_("Cannot show this game: {problem}").format(problem=exc), "error", 8)
            return
        self.app.stack.clear_to(scene)

    def _ask_delete(self, saved: storage.SavedMatch) -> None:
        from .dialog import Dialog

        def delete() -> None:
            storage.delete_match(saved.slot)
            self._load_saves()
            self.app.toasts.show(_("The {game} match was deleted.").format(game=saved.match.game.name), "info", 3)

        self.app.push(Dialog(self.app, _("Delete this match?"),
                             _("Delete the {game} match in progress ({where})? It cannot be brought back.").format(
                                 game=saved.match.game.name, where=saved.summary()),
                             ((N_("Keep it"), None, "secondary"), (N_("Delete"), delete, "danger"))))

    def _setup(self, game: Registration) -> None:
        from ..scenes_registry import TABLES
        from .setup import SetupScene

        self.app.push(SetupScene(self.app, TABLES[game.id]))

    def _rules(self, game: Registration) -> None:
        from .rules_viewer import RulesScene

        self.app.push(RulesScene(self.app, game.name, game.rules_doc))

    def _settings(self) -> None:
        from .settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def on_escape(self) -> bool:
        return True  # Esc on the menu does nothing; Quit is a button

    def update(self, dt: float) -> None:
        if not self._saves_read and self._drawn:
            self._load_saves()
        super().update(dt)
        self.t += dt

    def draw(self, surface) -> None:
        self._drawn = True
        theme.backdrop(surface)
        # a banked track sweeping behind the title
        for i in range(6):
            a = self.t * 0.3 + i * 0.18
            rect = pygame.Rect(-200 + 40 * math.sin(a), 40 + i * 9, theme.W + 400, 300)
            pygame.draw.arc(surface, theme.mix(theme.BG, theme.LINE, 0.5 - i * 0.07), rect, 0.2, math.pi - 0.2, 2)
        art.title(surface, (theme.W // 2 - 235, 34), self.t)
        theme.blit_text(surface, _("Cycling and racing board games, at one screen, with friends and bots."),
                        (theme.W // 2, 186), 19, theme.MUTED, "italic", anchor="center")
        if not self.tiles:
            theme.blit_text(surface, _("No game is installed."), (theme.W // 2, 360), 24, theme.MUTED, anchor="center")
        theme.blit_text(surface, _("MATCHES IN PROGRESS"), (self.LIST.x + 2, self.LIST.y + 2), 13, theme.MUTED, "bold")
        total = len(self.saved.matches)
        if total > self.PAGE:
            first = self.page * self.PAGE + 1
            where = _("{first}–{last} of {total}").format(first=first, last=min(total, first + self.PAGE - 1),
                                                          total=total)
            theme.blit_text(surface, where, (self.prev_page.rect.x - 10, self.LIST.y + 2), 13, theme.MUTED,
                            anchor="topright")
        if not self.rows:
            none = _("None yet. Pick a game to start one: every move is saved, and you can come back to it here.")
            theme.blit_text(surface, none, (self.LIST.x + 2, self.LIST.y + 34), 15, theme.FAINT, "italic")
        self.draw_widgets(surface)
