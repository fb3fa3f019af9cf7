"""What the VeloMaster race table draws around its widgets: the side panels (dice, the riders' die choices, the order
of play, the standings), the key bar under the map, the marks and panels over the map and the floating callouts, and
the menu's tile. A mixin of :class:`~game.velomaster.scene.VelomasterScene`, which holds the state it draws."""

from __future__ import annotations

import pygame

from ..i18n import _
from ..ui import layout, theme
from ..ui.layout import SIDE_X, TOP_H
from . import condition_bar, expert_table, race_panel, table_help
from .map_callouts import toast_block

KEY_H = 30  # the bar under the map: the key to the riders' marks, the odds, the condition gauges
MAP_RECT = pygame.Rect(0, TOP_H, layout.TABLE_W, 566 - KEY_H)
KEY_BAR = pygame.Rect(0, MAP_RECT.bottom, layout.TABLE_W, KEY_H)


class RaceDrawing:
    """The race table's drawing."""

    def draw_table(self, surface) -> None:
        """The side panels (the map and the profile strip are widgets, drawn after this)."""
        view = self.v
        side = pygame.Rect(SIDE_X - 4, TOP_H, theme.W - SIDE_X + 4, theme.H - TOP_H)
        pygame.draw.rect(surface, theme.BG, side)
        theme.panel(surface, self.dice_rect, theme.PANEL_LO, shadow=False)
        theme.blit_text(surface, _("DICE"), (SIDE_X + 12, TOP_H + 16), 12, theme.MUTED, "bold")
        theme.blit_text(surface, "d20", (self.d20.rect.centerx, TOP_H + 16), 12, theme.MUTED, "bold",
                        anchor="midtop")
        for row, rect in self.choice_rows:
            r = view.riders[row.rider]
            hovered = self.hover_choice is not None and self.hover_choice.rider == row.rider
            if row.rider == self.picked_rider:
                pygame.draw.rect(surface, theme.ACCENT, rect, 2, border_radius=8)
            table_help.draw_choice_row(surface, row, rect, expert_table.rider_colour(view, r, self.colours),
                                       race_panel.BIBS.get(r.bib), r.role == "leader", hovered,
                                       self.choice_row_right(row))
        me = self.acting_human()
        if self.expert and view.phase == "propose" and view.lines and me is not None and not self.busy():
            words = expert_table.proposal_words(view, view.lines[0], me, self.match.names)
            y = self.accel_btn.rect.bottom + 10
            for row in theme.wrap(words, self.dice_rect.w - 24, 14)[:5]:
                theme.blit_text(surface, row, (SIDE_X + 12, y), 14, theme.INK)
                y += 18
        elif (self.expert and not view.dice and not self.roll_btn.visible and not self.d20.is_rolling
              and not any(d.is_rolling or d.value is not None for d in self.dice)):  # not under a die still shown
            theme.blit_text(surface, _("no dice yet this turn"), (SIDE_X + 14, self.dice_rect.y + 40), 14, theme.FAINT)
        names = self.match.names
        race_panel.draw_order(surface, self.order_rect, view, names, self.colours,
                              self.condition_view() if self.condition_played() else None,
                              [s.colour for s in self.match.seats])
        race_panel.draw_standings(surface, self.stand_rect, view, names, self.colours)
        self._draw_key_bar(surface)

    def draw(self, surface) -> None:
        super().draw(surface)
        if self.expert:
            view = self.v
            self.tray.draw_marks(surface, self._shared_index(view),
                                 self.app.mouse if self.drag_from is not None else None)
        self._draw_callouts(surface)

    def _draw_callouts(self, surface) -> None:
        """Floating roll results over the riders and the banners, on top of the map."""
        self.anim.draw_overlays(surface, to_screen=self.cv.map_to_screen, clip=MAP_RECT)

    def _draw_over_map(self, surface) -> None:
        """Over the map and its riders, under the name tag and the hover card: the marks that go with the riders
        (Pro's condition gauges, a tour's jerseys), then the phase badge and the vote question (Expert)."""
        self.overlay_boxes, self.panel_boxes = [], []
        self._draw_rider_marks(surface)
        self.cv.show_hover_card = not self.prepare_panel.is_open
        if self.expert:
            self._draw_expert_overlays(surface)
        self.cv.card_avoid = list(self.overlay_boxes)  # the hover card keeps clear of the badge and panels too
        self.cv.covered = list(self.panel_boxes) + ([self.prepare_panel.rect] if self.prepare_panel.is_open else [])

    def _draw_rider_marks(self, surface) -> None:
        """What goes with the riders on the map: a condition gauge under each (Pro)."""
        self._draw_condition_gauges(surface)

    def _draw_key_bar(self, surface) -> None:
        """The bar under the map: the key to the roles' marks and what the percentages on the map mean (or how to
        name a rider), and at Pro the key to the condition gauges on its right."""
        pygame.draw.rect(surface, theme.BG_DEEP, KEY_BAR)
        right = KEY_BAR.right
        if self.condition_played():
            legend = condition_bar.legend_width()
            right = KEY_BAR.right - legend - 8
            self.legend_rect = condition_bar.draw_legend(surface, (right, KEY_BAR.centery - 12))
        odds = any(hl.label for hl in self.cv.highlights.values())
        feed_miss = any(hl.hatch for hl in self.cv.highlights.values())
        seat = self.acting_human()
        view = self.v
        team = self.colours[race_panel.team_of_seat(view, seat if seat is not None else 0)]  # its bikes' jersey
        # the disc on bikes whose jersey is another player's (a shared team's, the neutral bikes given out), while
        # some are on the map: the key shows one of them
        mover = next((mark.mover for mark in self.cv.riders if mark.mover is not None), None)
        self.key_rect, self.key_hint = table_help.draw_key(surface, KEY_BAR, view.players, team, odds, right,
                                                           view.level, feed_miss, mover)

    def keep_visible(self) -> list[pygame.Rect]:
        """The controls and the prompt, the panels the table shows over the map (the phase badge, the vote
        question) and the key under it: a toast or a tooltip goes elsewhere."""
        return super().keep_visible() + self.panel_boxes + [KEY_BAR]

    def _callout_boxes(self) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
        """What the pops and banners over the map keep clear of this frame: the words on the map (cells' odds, a
        name tag, the hover card), the table's marks and panels over it, the buttons over it and the toasts; and,
        while there is room, the map's own place names."""
        must = [*self.cv.text_boxes, *self.overlay_boxes]
        must += [w.rect for w in self.widgets if w.visible and w.control and w.rect.colliderect(MAP_RECT)
                 and w is not self.cv and w is not self.strip]
        block = toast_block(self.app.toasts, self.keep_visible())
        if block is not None:
            must.append(block)
        if self.prepare_panel.is_open:
            must.append(self.prepare_panel.rect)
        return must, self.cv.label_boxes


def tile_art(size: tuple[int, int]) -> pygame.Surface:
    """Menu tile: a climbing road with a summit banner and two riders."""
    w, h = size
    img = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(img, (120, 170, 220), img.get_rect(), border_radius=10)
    pygame.draw.polygon(img, (96, 150, 90), [(0, h * 0.7), (w * 0.35, h * 0.3), (w * 0.6, h * 0.45), (w, h * 0.2),
                                             (w, h), (0, h)])
    pygame.draw.polygon(img, (70, 120, 70), [(0, h), (0, h * 0.85), (w * 0.5, h * 0.6), (w, h * 0.75), (w, h)])
    road = [(w * 0.05, h), (w * 0.3, h * 0.72), (w * 0.55, h * 0.62), (w * 0.78, h * 0.38), (w * 0.9, h * 0.3)]
    pygame.draw.lines(img, (110, 110, 118), False, road, 16)
    pygame.draw.lines(img, (240, 240, 240), False, road, 1)
    pygame.draw.line(img, (220, 40, 40), (w * 0.74, h * 0.28), (w * 0.84, h * 0.45), 4)
    from ..ui.art import bicycle

    bicycle(img, (w * 0.45, h * 0.6), 36, (30, 30, 34), 2, rider=(226, 83, 70))
    bicycle(img, (w * 0.28, h * 0.74), 36, (30, 30, 34), 2, rider=(70, 140, 220))
    pygame.draw.polygon(img, (255, 255, 255), [(w * 0.84, h * 0.1), (w * 0.93, h * 0.1), (w * 0.885, h * 0.2)])
    theme.blit_text(img, "HC", (w * 0.885, h * 0.13), 12, (200, 30, 30), "black", anchor="center")
    return img
