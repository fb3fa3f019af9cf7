"""Drawing pieces of the Velonimo table: opponent plaques, the score panel, the round summary,
the centre value badge. Pure drawing from a view; no rules decided here."""

from __future__ import annotations

import math
from typing import NamedTuple

import pygame

from ..i18n import _, ngettext
from ..ui import theme
from ..ui.widgets import tooltips
from . import card_art
from .rules import VelonimoView

CARD = (96, 140)  # a card in the hand and in the centre
SMALL = (78, 114)  # a card flying to or from an opponent, the duel pile
MINI = (34, 50)  # the backs fanned on an opponent's plaque
HAND_Y = 566  # the top of the hand at the bottom of the table
CENTRE = (470, 318)  # the middle of the centre pile
PILE_POS = (120, 250)  # the duel's draw pile
REVEALED_X = PILE_POS[0] + 80  # the duel's revealed card, right of the pile
CENTRE_HALF_W = CENTRE[0] - (REVEALED_X + SMALL[0]) - 12  # the cards of a play stay this close to the centre
PLAQUE_W, PLAQUE_H = 210, 104


def older_cards(cards: list[int]) -> list[tuple[int, pygame.Surface, tuple[int, int]]]:
    """The cards of an attack's earlier plays, greyed and askew behind the centre: (card, image, where), the last
    ten played."""
    placed = []
    for i, card in enumerate(cards[-10:]):
        img = card_art.face(card, SMALL).copy()
        img.fill((150, 150, 150), special_flags=pygame.BLEND_RGB_MULT)
        placed.append((card, pygame.transform.rotate(img, (i * 17) % 30 - 15),
                       (CENTRE[0] - 170 + (i * 37) % 120, CENTRE[1] - 60 + (i * 23) % 40)))
    return placed


def plaque_rects(order: list[int], area: pygame.Rect) -> dict[int, pygame.Rect]:
    """Opponents spread along the top of the table, in playing order (left to right)."""
    n = len(order)
    rects = {}
    gap = (area.w - n * PLAQUE_W) / (n + 1)
    for i, seat in enumerate(order):
        x = area.x + gap + i * (PLAQUE_W + gap)
        # a gentle arc: the middle plaques sit a little higher
        arc = 0 if n < 3 else int(18 * math.sin(math.pi * (i + 0.5) / n))
        rects[seat] = pygame.Rect(round(x), area.y + 18 - arc, PLAQUE_W, PLAQUE_H)
    return rects


PLAQUE_JERSEY = (26, 38)  # the Jersey in front of an opponent who holds it


class PlaqueParts(NamedTuple):
    fan: list[tuple[int, int]]  # where each mini card back goes
    count: pygame.Rect  # the card count
    jersey: pygame.Rect | None  # the Jersey, if the seat holds it


def count_image(count: int) -> pygame.Surface:
    return theme.text(str(count), 22, theme.INK, "black")


def plaque_parts(rect: pygame.Rect, count: int, jersey: bool) -> PlaqueParts:
    """Where an opponent's plaque shows their hand: up to 12 mini backs fanned from the left, the count
    after them, and the Jersey at the right edge. The fan closes up so the count never runs under
    the Jersey (issue 18: the Jersey hid an opponent's card count)."""
    shown = min(count, 12)
    jersey_rect = pygame.Rect(rect.right - 12 - PLAQUE_JERSEY[0], rect.y + 50, *PLAQUE_JERSEY) if jersey else None
    right = (jersey_rect.x if jersey_rect else rect.right) - 8  # the count ends before this
    img = count_image(count)
    room = right - (rect.x + 14) - MINI[0] - 8 - img.get_width()  # for the fan's steps
    step = min(9.0, room / (shown - 1)) if shown > 1 else 0.0
    fan = [(round(rect.x + 14 + i * step), rect.y + 44) for i in range(shown)]
    fan_right = rect.x + 14 + round(step * (shown - 1)) + MINI[0] if shown else rect.x + 14
    count_rect = img.get_rect(midleft=(fan_right + 8, rect.y + 69))
    return PlaqueParts(fan, count_rect, jersey_rect)


def draw_plaque(surface, rect: pygame.Rect, view: VelonimoView, seat: int, name: str, colour, *,
                acting: bool, thinking: float | None, highlight: bool, hovered: bool, t: float) -> None:
    out = not view.active[seat] if view.active else False
    fill = theme.PANEL_HI if (highlight and hovered) else theme.PANEL
    border = theme.ACCENT if acting or highlight else theme.LINE
    theme.panel(surface, rect, fill, border=border)
    if acting:
        glow = pygame.Surface(rect.inflate(12, 12).size, pygame.SRCALPHA)
        a = int(90 + 60 * math.sin(t * 5))
        pygame.draw.rect(glow, (*theme.ACCENT, a), glow.get_rect(), width=4, border_radius=14)
        surface.blit(glow, rect.inflate(12, 12))
    pygame.draw.circle(surface, colour, (rect.x + 24, rect.y + 24), 13)
    theme.blit_text(surface, theme.badge_letters(name), (rect.x + 24, rect.y + 24), 15, theme.contrast_ink(colour), "black",
                    anchor="center")
    total = view.totals[seat] if view.totals else 0
    points = theme.blit_text(surface, ngettext("{n} pt", "{n} pts", total).format(n=total),
                             (rect.right - 12, rect.y + 14), 16, theme.ACCENT, "bold", anchor="topright")
    # a long name is shortened before the points, never drawn over them
    theme.blit_text(surface, theme.fit(name, points.x - 8 - (rect.x + 44), 19, "bold"), (rect.x + 44, rect.y + 12), 19,
                    theme.INK, "bold")
    # the hand: mini card backs fanned, with the count (and the Jersey beside them, never over them)
    count = view.hand_counts[seat] if view.hand_counts else 0
    parts = plaque_parts(rect, count, view.jersey == seat)
    back = card_art.back(MINI)
    for pos in parts.fan:
        surface.blit(back, pos)
    if count:
        surface.blit(count_image(count), parts.count)
    if parts.jersey is not None:
        surface.blit(card_art.jersey_card(parts.jersey.size, used=view.jersey_used, bonus=view.jersey_bonus),
                     parts.jersey)
    # status tag
    tag, tag_colour = None, theme.MUTED
    if out:
        place = view.out_order.index(seat) + 1 if seat in view.out_order else 0
        pts = view.round_points[seat] if view.round_points else 0
        tag = _("Out #{place} +{points}").format(place=place, points=pts) if place else _("Out")
        tag_colour = theme.GREEN
    elif view.passed and view.passed[seat]:
        tag = _("Pass")
    if thinking is not None:
        tag, tag_colour = _("thinking") + "." * (1 + int(t * 3) % 3), theme.ACCENT
    if tag:
        img = theme.text(tag, 15, theme.BG_DEEP, "bold")
        pill = img.get_rect().inflate(16, 6)
        pill.midtop = (rect.centerx, rect.bottom - 4)
        pygame.draw.rect(surface, tag_colour, pill, border_radius=10)
        surface.blit(img, img.get_rect(center=pill.center))


def draw_value_badge(surface, centre: tuple[int, int], value: int, colour, label: str) -> pygame.Rect:
    img = theme.text(str(value), 40, theme.PAPER_INK, "black")
    rect = img.get_rect().inflate(28, 10)
    rect.center = centre
    pygame.draw.rect(surface, theme.darken(colour, 0.3), rect.move(0, 3), border_radius=16)
    pygame.draw.rect(surface, theme.PAPER, rect, border_radius=16)
    pygame.draw.rect(surface, colour, rect, width=4, border_radius=16)
    surface.blit(img, img.get_rect(center=rect.center))
    theme.blit_text(surface, label, (rect.centerx, rect.bottom + 6), 14, theme.MUTED, anchor="midtop")
    return rect


SCORE_COLUMNS, SCORE_STEP = 5, 20  # the score panel shows the points of the last 5 rounds, 20 px apart
SCORE_JERSEY = (14, 20)  # the Jersey after its holder's name in the score panel


SCORE_ROWS_Y, SCORE_ROW_H = 58, 26  # the first player's line in the score panel, and each line's height


def score_rows(rect: pygame.Rect, players: int) -> list[pygame.Rect]:
    """Each seat's line of the score panel (its name, its last rounds' points and its total)."""
    return [pygame.Rect(rect.x + 8, rect.y + SCORE_ROWS_Y - 3 + SCORE_ROW_H * seat, rect.w - 16, SCORE_ROW_H)
            for seat in range(players)]


def score_row_tip(view: VelonimoView, name: str, seat: int) -> str | None:
    """The words under the pointer on a seat's line of the score panel: every round's points (the panel shows the
    last five, small and unlabelled) and the total; none before the first round is scored."""
    if not view.history:
        return None
    rounds = " · ".join(_("round {n}: +{points}").format(n=k + 1, points=points[seat])
                        for k, points in enumerate(view.history))
    return _("{player}: {rounds}; total {total}").format(player=name, rounds=rounds, total=view.totals[seat])


def request_score_tip(rect: pygame.Rect, view: VelonimoView, names, mouse, dt: float) -> None:
    """The score panel's line under the pointer says every round's points (see :func:`score_row_tip`)."""
    for seat, row in enumerate(score_rows(rect, view.players)):
        tip = score_row_tip(view, names[seat], seat) if row.collidepoint(mouse) else None
        if tip:
            tooltips.request(rect, tip, row, dt)


def draw_score_panel(surface, rect: pygame.Rect, view: VelonimoView, names, colours, points_now: int) -> None:
    theme.panel(surface, rect, theme.PANEL_LO, shadow=False)
    title = _("Round {round} of {rounds}").format(round=view.round, rounds=view.rounds) \
        if view.variant == "standard" else _("Round {round} · first to {target}").format(round=view.round,
                                                                                       target=view.target)
    theme.blit_text(surface, title.upper(), (rect.x + 14, rect.y + 10), 13, theme.MUTED, "bold")
    theme.blit_text(surface, ngettext("{n} pt per opponent still racing", "{n} pts per opponent still racing",
                                      points_now).format(n=points_now), (rect.x + 14, rect.y + 30), 14, theme.ACCENT)
    y = rect.y + SCORE_ROWS_Y
    rounds = len(view.history)
    cols = min(rounds, SCORE_COLUMNS)
    first_column = rect.right - 62 - (SCORE_COLUMNS - 1) * SCORE_STEP  # the last ends before a 3-digit total
    for seat in range(view.players):
        pygame.draw.circle(surface, colours[seat], (rect.x + 22, y + 10), 7)
        # the name, then the Jersey right after it, never over the points of the last rounds (it used to hide its
        # holder's points of round 5 at the end of every standard game)
        holder = view.jersey == seat
        room = first_column - 14 - (rect.x + 36) - (SCORE_JERSEY[0] + 6 if holder else 0)
        name = theme.blit_text(surface, theme.fit(names[seat], room, 16), (rect.x + 36, y), 16, theme.INK)
        if holder:
            surface.blit(card_art.jersey_card(SCORE_JERSEY, bonus=view.jersey_bonus), (name.right + 6, y))
        for k in range(cols):
            r = rounds - cols + k
            pts = view.history[r][seat]
            theme.blit_text(surface, str(pts), (first_column + k * SCORE_STEP, y + 2), 13, theme.FAINT,
                            anchor="midtop")
        theme.blit_text(surface, str(view.totals[seat]), (rect.right - 14, y), 17, theme.INK, "black",
                        anchor="topright", tag=("total", seat))
        y += SCORE_ROW_H


def draw_round_summary(surface, rect: pygame.Rect, round_no: int, points, totals, names, colours,
                       jersey: int, last: bool, jersey_bonus: bool = True) -> None:
    theme.panel(surface, rect, theme.PANEL, border=theme.ACCENT)
    theme.blit_text(surface, _("Summit {round} reached").format(round=round_no), (rect.centerx, rect.y + 22), 30,
                    theme.ACCENT, "title", anchor="midtop")
    y = rect.y + 80
    theme.blit_text(surface, _("this round"), (rect.right - 150, y - 22), 13, theme.MUTED, "bold", anchor="midtop")
    theme.blit_text(surface, _("total"), (rect.right - 50, y - 22), 13, theme.MUTED, "bold", anchor="midtop")
    order = sorted(range(len(names)), key=lambda s: (-totals[s], -points[s]))
    for seat in order:
        pygame.draw.circle(surface, colours[seat], (rect.x + 34, y + 13), 10)
        room = rect.right - 150 - 30 - (rect.x + 54) - (30 if seat == jersey else 0)  # before "this round"
        name = theme.blit_text(surface, theme.fit(names[seat], room, 21, "bold"), (rect.x + 54, y), 21, theme.INK,
                               "bold")
        if seat == jersey:
            surface.blit(card_art.jersey_card((20, 29), bonus=jersey_bonus), (name.right + 10, y - 2))
        theme.blit_text(surface, f"+{points[seat]}", (rect.right - 150, y), 21, theme.GREEN if points[seat] else
                        theme.FAINT, "bold", anchor="midtop")
        theme.blit_text(surface, str(totals[seat]), (rect.right - 50, y), 22, theme.INK, "black", anchor="midtop")
        y += 36
    msg = _("Final standings") if last else _("{player} wears the Leader of the Pack Jersey").format(
        player=names[jersey]) if jersey >= 0 else ""
    theme.blit_text(surface, msg, (rect.centerx, rect.bottom - 102), 17, theme.MUTED, "italic", anchor="midtop")
