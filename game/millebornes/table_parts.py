"""Drawing the Mille Bornes table: each driving zone laid out as the rulebook's "Player card
placement" (identity and mileage bar, drive pile, speed-limit pile, distance piles sorted by value,
the safety area with Coup Fourré cards turned sideways), the draw and discard piles, and the hand.
Pure drawing and geometry: the scene decides what to show."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..ui import layout, theme
from . import card_art
from .rules.cards import DISTANCES, MILES, NAMES, SAFETIES

ZONE_CARD = (50, 70)  # a card on a driving zone
SIDEWAYS = (ZONE_CARD[1], ZONE_CARD[0])
HAND_CARD = (74, 104)
PILE_CARD = (66, 92)
ZONE_H = 100
ZONE_GAP = 6
ZONES_TOP = layout.TOP_H + 10
ZONE_X, ZONE_W = 10, layout.TABLE_W - 20
HAND_Y = 586  # the top of the hand's cards
HAND_AREA = pygame.Rect(16, HAND_Y - 26, 560, theme.H - HAND_Y + 20)
PILES_X = HAND_AREA.right + 24
DRAW_RECT = pygame.Rect(PILES_X, HAND_Y, *PILE_CARD)
DISCARD_RECT = pygame.Rect(PILES_X + PILE_CARD[0] + 26, HAND_Y, *PILE_CARD)
BUTTONS_X = DISCARD_RECT.right + 22

# inside a zone strip (x offsets from the strip's left)
ID_W = 196
DRIVE_X = ID_W + 14
SPEED_X = DRIVE_X + ZONE_CARD[0] + 10
DIST_X = SPEED_X + ZONE_CARD[0] + 22
DIST_STEP = 58
SAFE_X = DIST_X + DIST_STEP * 5 + 14
SAFE_STEP = 74


def zone_rects(count: int, own_index: int | None) -> list[pygame.Rect]:
    """One strip per zone: the others from the top, the viewer's own zone (if any) last, right above
    the hand, so your own driving zone is always in the same place."""
    rects: list[pygame.Rect] = [pygame.Rect(0, 0, 0, 0)] * count
    bottom_y = HAND_AREA.y - 12 - ZONE_H
    order = [z for z in range(count) if z != own_index]
    for i, zone in enumerate(order):
        rects[zone] = pygame.Rect(ZONE_X, ZONES_TOP + i * (ZONE_H + ZONE_GAP), ZONE_W, ZONE_H)
    if own_index is not None:
        rects[own_index] = pygame.Rect(ZONE_X, bottom_y, ZONE_W, ZONE_H)
    return rects


def drive_rect(strip: pygame.Rect) -> pygame.Rect:
    return pygame.Rect(strip.x + DRIVE_X, strip.y + 20, *ZONE_CARD)


def speed_rect(strip: pygame.Rect) -> pygame.Rect:
    return pygame.Rect(strip.x + SPEED_X, strip.y + 20, *ZONE_CARD)


def distance_rect(strip: pygame.Rect, index: int) -> pygame.Rect:
    return pygame.Rect(strip.x + DIST_X + index * DIST_STEP, strip.y + 20, *ZONE_CARD)


def safety_rect(strip: pygame.Rect, index: int) -> pygame.Rect:
    return pygame.Rect(strip.x + SAFE_X + index * SAFE_STEP, strip.y + 20, SIDEWAYS[0], ZONE_CARD[1])


def card_slot(strip: pygame.Rect, kind: int) -> pygame.Rect:
    """Where a card of ``kind`` lands on a zone (for flying cards)."""
    if kind in DISTANCES:
        return distance_rect(strip, DISTANCES.index(kind))
    if kind in SAFETIES:
        return safety_rect(strip, SAFETIES.index(kind))
    if NAMES[kind] in ("Speed Limit", "End of Limit"):
        return speed_rect(strip)
    return drive_rect(strip)


@dataclass
class ZoneLook:
    """What a zone strip shows now."""

    names: list[str]
    colours: list[tuple[int, int, int]]
    held: list[int]  # cards in hand of each of the zone's seats
    drive: tuple[int, ...]
    speed: tuple[int, ...]
    distance_counts: tuple[int, ...]
    safeties: tuple[tuple[int, bool], ...]
    miles: int
    goal: int
    points: int
    total: int
    rolling: bool
    limited: bool
    own: bool = False
    acting: bool = False
    target: str = ""  # "" | "legal" | "illegal": while a card is chosen, may it go here?
    hovered: bool = False
    thinking: float | None = None


def draw_zone(surface: pygame.Surface, rect: pygame.Rect, look: ZoneLook, t: float) -> None:
    border = theme.LINE
    if look.target == "legal":
        border = theme.ACCENT if look.hovered else theme.mix(theme.ACCENT, theme.LINE, 0.45)
    elif look.acting:
        border = theme.mix(theme.ACCENT, theme.LINE, 0.3)
    fill = theme.PANEL_HI if look.own else theme.PANEL
    if look.target == "legal" and look.hovered:
        fill = theme.mix(fill, theme.ACCENT, 0.12)
    theme.panel(surface, rect, fill, border=border)
    if look.target == "legal":
        pygame.draw.rect(surface, border, rect.inflate(2, 2), 3, border_radius=theme.RADIUS + 1)
    _draw_identity(surface, rect, look, t)
    _draw_pile(surface, drive_rect(rect), look.drive, "DRIVE", _drive_hint(look))
    _draw_pile(surface, speed_rect(rect), look.speed, "SPEED", "no limit" if not look.limited else "")
    for i, kind in enumerate(DISTANCES):
        _draw_distance(surface, distance_rect(rect, i), kind, look.distance_counts[i] if look.distance_counts else 0)
    _draw_safeties(surface, rect, look.safeties)


def _drive_hint(look: ZoneLook) -> str:
    if look.drive:
        return ""
    return "rolling" if look.rolling else "needs Go"


def _draw_identity(surface: pygame.Surface, rect: pygame.Rect, look: ZoneLook, t: float) -> None:
    x, y = rect.x + 12, rect.y + 8
    for k, (name, colour) in enumerate(zip(look.names, look.colours, strict=True)):
        yy = y + k * 20
        pygame.draw.circle(surface, colour, (x + 6, yy + 9), 6)
        label = theme.fit(name, 112, 15, "bold")
        theme.blit_text(surface, label, (x + 18, yy), 15, theme.INK, "bold")
        held = look.held[k]
        theme.blit_text(surface, f"{held} card{'s' if held != 1 else ''}", (rect.x + ID_W - 8, yy + 2), 12,
                        theme.MUTED, anchor="topright")
    if look.thinking is not None:
        w = int((ID_W - 24) * max(0.0, min(1.0, look.thinking)))
        pygame.draw.rect(surface, theme.ACCENT, (x, rect.y + 4, w, 2))
    bar = pygame.Rect(x, rect.bottom - 40, ID_W - 20, 16)
    card_art.mileage_bar(surface, bar, look.miles, look.goal, look.colours[0])
    status = []
    if look.limited:
        status.append("limit 50")
    theme.blit_text(surface, f"{look.points} pts" + (f" · total {look.total}" if look.total else ""),
                    (x, rect.bottom - 20), 13, theme.ACCENT, "bold")
    if status:
        theme.blit_text(surface, " · ".join(status), (rect.x + ID_W - 8, rect.bottom - 20), 12, theme.RED,
                        "bold", anchor="topright")


def _draw_pile(surface: pygame.Surface, rect: pygame.Rect, pile: tuple[int, ...], label: str, hint: str) -> None:
    theme.blit_text(surface, label, (rect.centerx, rect.y - 15), 11, theme.MUTED, "bold", anchor="midtop")
    if not pile:
        surface.blit(card_art.placeholder(ZONE_CARD, ""), rect)
        if hint:
            theme.blit_text(surface, hint, rect.center, 11, theme.FAINT, "italic", anchor="center")
        return
    for k in range(min(len(pile) - 1, 3)):
        pygame.draw.rect(surface, (20, 22, 30), rect.move(-2 * (k + 1), -2 * (k + 1)), border_radius=6)
    surface.blit(card_art.face(pile[-1], ZONE_CARD), rect)


def _draw_distance(surface: pygame.Surface, rect: pygame.Rect, kind: int, count: int) -> None:
    theme.blit_text(surface, str(MILES[kind]), (rect.centerx, rect.y - 15), 11, theme.MUTED, "bold", anchor="midtop")
    if not count:
        surface.blit(card_art.placeholder(ZONE_CARD, ""), rect)
        return
    shown = min(count, 4)
    for k in range(shown):
        surface.blit(card_art.face(kind, ZONE_CARD), rect.move(0, -4 * (shown - 1 - k)).move(0, 4 * (shown - 1)))
    if count > 1:
        badge = pygame.Rect(0, 0, 24, 18)
        badge.bottomright = (rect.right + 4, rect.bottom + 4 * (shown - 1) + 4)
        pygame.draw.rect(surface, theme.BG_DEEP, badge, border_radius=9)
        theme.blit_text(surface, f"×{count}", badge.center, 12, theme.INK, "bold", anchor="center")


def _draw_safeties(surface: pygame.Surface, rect: pygame.Rect, safeties: tuple[tuple[int, bool], ...]) -> None:
    theme.blit_text(surface, "SAFETIES", (rect.x + SAFE_X, rect.y + 5), 11, theme.MUTED, "bold")
    played = dict(safeties)
    for i, kind in enumerate(SAFETIES):
        slot = safety_rect(rect, i)
        if kind not in played:
            outline = pygame.Rect(0, 0, *ZONE_CARD)
            outline.center = slot.center
            pygame.draw.rect(surface, theme.LINE, outline, 1, border_radius=6)
            continue
        if played[kind]:  # a Coup Fourré: turned sideways
            image = card_art.sideways(kind, ZONE_CARD)
            box = image.get_rect(center=slot.center)
            surface.blit(image, box)
            theme.blit_text(surface, "COUP FOURRÉ", (slot.centerx, box.bottom + 2), 9, theme.ACCENT, "bold",
                            anchor="midtop")
        else:
            image = card_art.face(kind, ZONE_CARD)
            surface.blit(image, image.get_rect(center=slot.center))


def draw_piles(surface: pygame.Surface, deck_count: int, discard_top: int, discard_count: int,
               draw_legal: bool, discard_draw_legal: bool, discard_target: str, hovered: str, t: float) -> None:
    """The draw pile (its count) and the discard pile (its top card, face up; also the place to drop
    a card to discard it)."""
    theme.blit_text(surface, f"DRAW · {deck_count}", (DRAW_RECT.centerx, DRAW_RECT.y - 18), 12, theme.MUTED, "bold",
                    anchor="midtop")
    if deck_count:
        for k in range(min(deck_count // 12, 4), 0, -1):
            pygame.draw.rect(surface, (18, 20, 28), DRAW_RECT.move(-2 * k, -2 * k), border_radius=8)
        surface.blit(card_art.back(PILE_CARD), DRAW_RECT)
    else:
        surface.blit(card_art.placeholder(PILE_CARD, "empty"), DRAW_RECT)
    theme.blit_text(surface, f"DISCARD · {discard_count}", (DISCARD_RECT.centerx, DISCARD_RECT.y - 18), 12,
                    theme.MUTED, "bold", anchor="midtop")
    if discard_top >= 0:
        surface.blit(card_art.face(discard_top, PILE_CARD), DISCARD_RECT)
    else:
        surface.blit(card_art.placeholder(PILE_CARD, "discard"), DISCARD_RECT)
    pulse = 2 + int(2 * abs(((t * 2) % 2) - 1))
    if draw_legal:
        pygame.draw.rect(surface, theme.ACCENT, DRAW_RECT.inflate(6 + pulse, 6 + pulse), 3, border_radius=10)
    if discard_draw_legal or discard_target == "legal":
        colour = theme.ACCENT if hovered == "discard" or discard_draw_legal else theme.mix(theme.ACCENT, theme.LINE,
                                                                                          0.45)
        pygame.draw.rect(surface, colour, DISCARD_RECT.inflate(6 + pulse, 6 + pulse), 3, border_radius=10)


def hand_rects(count: int) -> list[pygame.Rect]:
    """The hand's cards, spread across the hand area (overlapping when many)."""
    if count <= 0:
        return []
    step = min(HAND_CARD[0] + 8, (HAND_AREA.w - HAND_CARD[0] - 8) / max(1, count - 1))
    total = step * (count - 1) + HAND_CARD[0]
    x0 = HAND_AREA.x + 4 + max(0.0, (HAND_AREA.w - 8 - total) / 2)
    return [pygame.Rect(int(x0 + i * step), HAND_Y, *HAND_CARD) for i in range(count)]
