"""Drawing the Mille Bornes table: each driving zone laid out as the rulebook's "Player card
placement" (identity and mileage bar, drive pile, speed-limit pile, distance piles sorted by value,
the safety area with Coup Fourré cards turned sideways), the draw and discard piles, and the hand.
Pure drawing and geometry: the scene decides what to show."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..i18n import N_, _, ngettext, number, tr
from ..ui import layout, theme
from . import card_art
from .rules.cards import DISTANCES, END_OF_LIMIT, MILES, SAFETIES, SPEED_LIMIT
from .rules.scoring import DELAYED_LINE, EXTENSION_LINE, SHUTOUT_LINE

ZONE_CARD = (50, 70)  # a card on a driving zone
SIDEWAYS = (ZONE_CARD[1], ZONE_CARD[0])
HAND_CARD = (74, 104)
PILE_CARD = (66, 92)
ZONE_H = 100  # a zone strip of one driver
TEAM_ZONE_H = 122  # a team's strip: two names, and still room for the zone's news under them
ZONE_GAP = 6
ZONES_TOP = layout.TOP_H + 10
ZONE_X, ZONE_W = 10, layout.TABLE_W - 20
HAND_Y = 586  # the top of the hand's cards
HAND_AREA = pygame.Rect(16, HAND_Y - 32, 560, theme.H - HAND_Y + 26)
PILES_X = HAND_AREA.right + 24
DRAW_RECT = pygame.Rect(PILES_X, HAND_Y, *PILE_CARD)
DISCARD_RECT = pygame.Rect(PILES_X + PILE_CARD[0] + 26, HAND_Y, *PILE_CARD)
BUTTONS_X = DISCARD_RECT.right + 22
QUESTION = pygame.Rect(0, 0, 640, 200)
QUESTION.center = (layout.TABLE_W // 2, 300)

# inside a zone strip (x offsets from the strip's left)
ID_W = 196
DRIVE_X = ID_W + 14
SPEED_X = DRIVE_X + ZONE_CARD[0] + 10
DIST_X = SPEED_X + ZONE_CARD[0] + 22
DIST_STEP = 58
SAFE_X = DIST_X + DIST_STEP * 5 + 14
SAFE_STEP = 74
STACK_MAX, STACK_STEP = 3, 3  # distance cards shown per pile, each this much lower (inside the strip)


def zone_height(drivers: int) -> int:
    """A strip's height: taller for a team, whose two names take the room a lone driver's news uses."""
    return TEAM_ZONE_H if drivers > 1 else ZONE_H


def zone_rects(count: int, own_index: int | None, height: int = ZONE_H) -> list[pygame.Rect]:
    """One strip per zone: the others from the top, the viewer's own zone (if any) last, right above
    the hand, so your own driving zone is always in the same place."""
    rects: list[pygame.Rect] = [pygame.Rect(0, 0, 0, 0)] * count
    bottom_y = HAND_AREA.y - 12 - height
    order = [z for z in range(count) if z != own_index]
    for i, zone in enumerate(order):
        rects[zone] = pygame.Rect(ZONE_X, ZONES_TOP + i * (height + ZONE_GAP), ZONE_W, height)
    if own_index is not None:
        rects[own_index] = pygame.Rect(ZONE_X, bottom_y, ZONE_W, height)
    return rects


def news_point(strip: pygame.Rect, drivers: int) -> tuple[float, float]:
    """Where a zone's news ("+75 mi", "Out of Gas!") shows: in its identity column, in the free band between
    the drivers' names and the mileage bar (nothing is written there)."""
    names_bottom = strip.y + 8 + 20 * drivers
    bar_top = strip.bottom - 40
    return (strip.x + 12 + (ID_W - 20) / 2, (names_bottom + bar_top) / 2)


NEWS_W = ID_W - 24  # the widest a zone's news may be (its plate stays inside the identity column)


def road_rect(rects: list[pygame.Rect], own_index: int | None) -> pygame.Rect | None:
    """The free band between the other zones and your own, where the race to the goal is drawn (None
    when there is no room)."""
    others = [r for z, r in enumerate(rects) if z != own_index]
    top = (max(r.bottom for r in others) if others else ZONES_TOP) + 10
    bottom = (rects[own_index].y if own_index is not None else HAND_AREA.y - 12) - 10
    if bottom - top < 36:
        return None
    height = min(bottom - top, 150)
    return pygame.Rect(ZONE_X, top + (bottom - top - height) // 2, ZONE_W, height)


def road_named(road: pygame.Rect, lanes: int) -> bool:
    """Is there room for each lane's name (in a column before the start line) and the mile marks?"""
    return (road.h - 16) / max(1, lanes) >= 14


def road_span(road: pygame.Rect, labels: list[str]) -> tuple[int, int]:
    """Where the road's start and finish lines are: a named road keeps a column for its lanes' names (as wide
    as the longest, a team's two names whole) before the start line."""
    tarmac = road.inflate(-20, -16)
    if not road_named(road, len(labels)):
        return tarmac.x + 30, tarmac.right - 40
    names_w = max([80] + [theme.font(12, "bold").size(label)[0] for label in labels])
    return tarmac.x + 8 + names_w + 30, tarmac.right - 40  # a car at the start clear of the names


def banner_point(road: pygame.Rect | None, labels: list[str]) -> tuple[float, float]:
    """Where the table's news banner shows: on the road, between its start and finish lines and under its
    mile marks (nothing is written there: the lanes' names are in their column left of the start line)."""
    if road is None:
        return (ZONE_X + ZONE_W / 2, HAND_AREA.y - 150)
    marks = 22 if road_named(road, len(labels)) else 0  # the mile marks along the road's top
    start_x, end_x = road_span(road, labels)
    return ((start_x + end_x) / 2, (road.y + marks + road.bottom) / 2)


DRAWN_NEWS = (HAND_AREA.x + 300, HAND_AREA.y + 8)  # "you draw …": beside YOUR HAND, above the cards


def draw_road(surface: pygame.Surface, rect: pygame.Rect, miles: list[int], goal: int, colours: list,
              labels: list[str]) -> None:
    """Each zone's car on a road from 0 to the goal: the race at a glance."""
    pygame.draw.rect(surface, (52, 70, 58), rect, border_radius=theme.RADIUS)
    tarmac = rect.inflate(-20, -16)
    pygame.draw.rect(surface, (72, 76, 84), tarmac, border_radius=8)
    lanes = len(miles)
    lane_h = tarmac.h / max(1, lanes)
    named = road_named(rect, lanes)
    start_x, end_x = road_span(rect, labels)
    for k in range(1, lanes):
        y = tarmac.y + lane_h * k
        for x in range(start_x, end_x, 26):
            pygame.draw.line(surface, (120, 124, 132), (x, y), (x + 12, y), 1)
    for mark in range(0, goal + 1, 250 if goal >= 1000 else 100):
        x = start_x + (end_x - start_x) * mark / goal
        pygame.draw.line(surface, (110, 114, 122), (x, tarmac.y + 2), (x, tarmac.bottom - 2), 1)
        if named and 0 < mark < goal:  # (the start line needs no figure: the cars stand on it)
            theme.blit_text(surface, f"{mark}", (x + 3, tarmac.y + 1), 10, (170, 174, 182))
    # chequered finish line
    sq = 5
    for row in range(int(tarmac.h // sq)):
        for col in range(2):
            if (row + col) % 2 == 0:
                pygame.draw.rect(surface, theme.PAPER, (end_x + col * sq, tarmac.y + row * sq, sq, sq))
    for zone, value in enumerate(miles):
        y = tarmac.y + lane_h * (zone + 0.5)
        x = start_x + (end_x - start_x) * min(value, goal) / goal
        length = max(18, min(44, lane_h * 1.6))
        draw_car(surface, (x, y), length, colours[zone])
        if named:
            theme.blit_text(surface, labels[zone], (tarmac.x + 8, y), 12, colours[zone], "bold", anchor="midleft")


def draw_car(surface: pygame.Surface, centre, length: float, colour) -> None:
    """A little racing car seen from the side, facing right."""
    x, y = centre
    h = length * 0.32
    body = pygame.Rect(0, 0, length, h)
    body.midbottom = (x, y + h * 0.4)
    pygame.draw.rect(surface, colour, body, border_radius=int(h / 2))
    cab = pygame.Rect(0, 0, length * 0.42, h * 0.75)
    cab.midbottom = (x - length * 0.05, body.y + 2)
    pygame.draw.rect(surface, theme.lighten(colour, 0.3), cab, border_top_left_radius=int(h / 2),
                     border_top_right_radius=int(h / 3))
    pygame.draw.rect(surface, theme.BG_DEEP, body, 1, border_radius=int(h / 2))
    for wx in (x - length * 0.28, x + length * 0.28):
        pygame.draw.circle(surface, (24, 24, 28), (wx, body.bottom), h * 0.42)
        pygame.draw.circle(surface, (170, 170, 176), (wx, body.bottom), h * 0.18)


def cards_top(strip: pygame.Rect) -> int:
    """The top of a strip's row of cards (centred in a taller team strip, headings above it)."""
    return strip.y + 20 + (strip.h - ZONE_H) // 2


def drive_rect(strip: pygame.Rect) -> pygame.Rect:
    return pygame.Rect(strip.x + DRIVE_X, cards_top(strip), *ZONE_CARD)


def speed_rect(strip: pygame.Rect) -> pygame.Rect:
    return pygame.Rect(strip.x + SPEED_X, cards_top(strip), *ZONE_CARD)


def distance_rect(strip: pygame.Rect, index: int) -> pygame.Rect:
    return pygame.Rect(strip.x + DIST_X + index * DIST_STEP, cards_top(strip), *ZONE_CARD)


def safety_rect(strip: pygame.Rect, index: int) -> pygame.Rect:
    return pygame.Rect(strip.x + SAFE_X + index * SAFE_STEP, cards_top(strip), SIDEWAYS[0], ZONE_CARD[1])


def card_slot(strip: pygame.Rect, kind: int) -> pygame.Rect:
    """Where a card of ``kind`` lands on a zone (for flying cards)."""
    if kind in DISTANCES:
        return distance_rect(strip, DISTANCES.index(kind))
    if kind in SAFETIES:
        return safety_rect(strip, SAFETIES.index(kind))
    if kind in (SPEED_LIMIT, END_OF_LIMIT):
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
    miles: int  # the mileage bar's figure: the trip so far (the 2014 rules count 100 a safety)
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
    hazard: int = -1  # the hazard stopping the car (-1: none; a lifted hazard waiting for a Go stops nobody)


def draw_zone(surface: pygame.Surface, rect: pygame.Rect, look: ZoneLook, t: float) -> None:
    """A driving zone; while a card is chosen, the zones it may go on are lit (a yellow frame and a warm tint,
    brighter under the pointer) and the others dimmed."""
    border = theme.LINE
    if look.target == "legal":
        border = theme.ACCENT
    elif look.acting:
        border = theme.mix(theme.ACCENT, theme.LINE, 0.3)
    fill = theme.PANEL_HI if look.own else theme.PANEL
    if look.target == "legal":
        fill = theme.mix(fill, theme.ACCENT, 0.2 if look.hovered else 0.1)
    elif look.target == "illegal":
        fill = theme.darken(fill, 0.25)
    theme.panel(surface, rect, fill, border=border)
    if look.target == "legal":
        glow = 3 + (1 if look.hovered else 0)
        pygame.draw.rect(surface, theme.ACCENT, rect.inflate(2, 2), glow, border_radius=theme.RADIUS + 1)
    _draw_identity(surface, rect, look, t)
    _draw_pile(surface, drive_rect(rect), look.drive, _("DRIVE"), _drive_hint(look))
    if look.drive and not look.rolling and look.hazard < 0:  # classic rule: a remedy (or a lifted hazard) on top
        _draw_needs_go(surface, drive_rect(rect))
    _draw_pile(surface, speed_rect(rect), look.speed, _("SPEED"), _("no limit") if not look.limited else "")
    for i, kind in enumerate(DISTANCES):
        _draw_distance(surface, distance_rect(rect, i), kind, look.distance_counts[i] if look.distance_counts else 0)
    _draw_safeties(surface, rect, look.safeties)


def _drive_hint(look: ZoneLook) -> str:
    if look.drive:
        return ""
    return _("rolling") if look.rolling else _("needs Go")


def _draw_needs_go(surface: pygame.Surface, card: pygame.Rect) -> None:
    """A tag across a drive pile whose top card lets nobody drive (the classic "a Go after every remedy": a remedy,
    or a hazard a safety lifted, waiting for a Go): the car is stopped until a Go covers it."""
    words = theme.text(theme.fit(_("needs Go"), card.w + 10, 11, "bold"), 11, theme.PAPER, "bold")
    tag = pygame.Rect(0, 0, words.get_width() + 8, 16)
    tag.center = (card.centerx, card.centery + 6)
    pygame.draw.rect(surface, theme.BG_DEEP, tag, border_radius=8)
    pygame.draw.rect(surface, theme.RED, tag, 1, border_radius=8)
    surface.blit(words, words.get_rect(center=tag.center))


def _draw_identity(surface: pygame.Surface, rect: pygame.Rect, look: ZoneLook, t: float) -> None:
    x, y = rect.x + 12, rect.y + 8
    for k, (name, colour) in enumerate(zip(look.names, look.colours, strict=True)):
        yy = y + k * 20
        pygame.draw.circle(surface, colour, (x + 6, yy + 9), 6)
        label = theme.fit(name, 112, 15, "bold")
        theme.blit_text(surface, label, (x + 18, yy), 15, theme.INK, "bold")
        held = look.held[k]
        theme.blit_text(surface, ngettext("{n} card", "{n} cards", held).format(n=held), (rect.x + ID_W - 8, yy + 2),
                        12, theme.MUTED, anchor="topright")
    if look.thinking is not None:
        w = int((ID_W - 24) * max(0.0, min(1.0, look.thinking)))
        pygame.draw.rect(surface, theme.ACCENT, (x, rect.y + 4, w, 2))
    bar = pygame.Rect(x, rect.bottom - 40, ID_W - 20, 16)
    card_art.mileage_bar(surface, bar, look.miles, look.goal, look.colours[0])
    status = []
    if look.limited:
        status.append(_("limit 50"))
    points = (_("{points} pts · total {total}").format(points=number(look.points), total=number(look.total))
              if look.total else _("{points} pts").format(points=number(look.points)))
    theme.blit_text(surface, points, (x, rect.bottom - 20), 13, theme.ACCENT, "bold")
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
    """A distance pile: its heading (the miles, and "×3" beside them when several are played) above a
    stack of at most three cards, the top one whole (nothing is drawn over a card's name) and the
    stack inside the zone strip."""
    label = theme.text(str(MILES[kind]), 11, theme.MUTED, "bold")
    if count > 1:
        words = theme.text(f"×{count}", 11, theme.INK, "bold")
        badge = pygame.Rect(0, 0, words.get_width() + 8, 14)
        gap = 3
        x = rect.centerx - (label.get_width() + gap + badge.w) // 2
        surface.blit(label, label.get_rect(midleft=(x, rect.y - 8)))
        badge.midleft = (x + label.get_width() + gap, rect.y - 8)
        pygame.draw.rect(surface, theme.BG_DEEP, badge, border_radius=7)
        surface.blit(words, words.get_rect(center=badge.center))
    else:
        surface.blit(label, label.get_rect(midtop=(rect.centerx, rect.y - 15)))
    if not count:
        surface.blit(card_art.placeholder(ZONE_CARD, ""), rect)
        return
    for k in range(min(count, STACK_MAX)):
        surface.blit(card_art.face(kind, ZONE_CARD), rect.move(0, STACK_STEP * k))


def _draw_safeties(surface: pygame.Surface, rect: pygame.Rect, safeties: tuple[tuple[int, bool], ...]) -> None:
    theme.blit_text(surface, _("SAFETIES"), (rect.x + SAFE_X, cards_top(rect) - 15), 11, theme.MUTED, "bold")
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
            theme.blit_text(surface, _("COUP FOURRÉ"), (slot.centerx, box.bottom + 2), 9, theme.ACCENT, "bold",
                            anchor="midtop")
        else:
            image = card_art.face(kind, ZONE_CARD)
            surface.blit(image, image.get_rect(center=slot.center))


def draw_piles(surface: pygame.Surface, deck_count: int, discard_top: int, discard_count: int,
               draw_legal: bool, discard_draw_legal: bool, discard_target: str, hovered: str, t: float) -> None:
    """The draw pile (its count) and the discard pile (its top card, face up; also the place to drop
    a card to discard it)."""
    theme.blit_text(surface, _("DRAW · {n}").format(n=deck_count), (DRAW_RECT.centerx, DRAW_RECT.y - 18), 12,
                    theme.MUTED, "bold", anchor="midtop")
    if deck_count:
        for k in range(min(deck_count // 12, 4), 0, -1):
            pygame.draw.rect(surface, (18, 20, 28), DRAW_RECT.move(-2 * k, -2 * k), border_radius=8)
        surface.blit(card_art.back(PILE_CARD), DRAW_RECT)
    else:
        surface.blit(card_art.placeholder(PILE_CARD, _("empty")), DRAW_RECT)
    theme.blit_text(surface, _("DISCARD · {n}").format(n=discard_count), (DISCARD_RECT.centerx, DISCARD_RECT.y - 18),
                    12, theme.MUTED, "bold", anchor="midtop")
    if discard_top >= 0:
        surface.blit(card_art.face(discard_top, PILE_CARD), DISCARD_RECT)
    else:
        surface.blit(card_art.placeholder(PILE_CARD, _("discard")), DISCARD_RECT)
    pulse = 2 + int(2 * abs(((t * 2) % 2) - 1))
    if discard_target == "legal":
        theme.blit_text(surface, _("drop to discard"), (DISCARD_RECT.centerx, DISCARD_RECT.bottom + 6), 12,
                        theme.ACCENT, "bold", anchor="midtop")
    if draw_legal:
        pygame.draw.rect(surface, theme.ACCENT, DRAW_RECT.inflate(6 + pulse, 6 + pulse), 3, border_radius=10)
    if discard_draw_legal or discard_target == "legal":
        colour = theme.ACCENT if hovered == "discard" or discard_draw_legal else theme.mix(theme.ACCENT, theme.LINE,
                                                                                          0.45)
        pygame.draw.rect(surface, colour, DISCARD_RECT.inflate(6 + pulse, 6 + pulse), 3, border_radius=10)


@dataclass(frozen=True)
class ScoreRow:
    """One driving zone's line in the score panel."""

    names: list[str]  # the zone's drivers (two in a team)
    colours: list[tuple[int, int, int]]
    total: int  # the match points shown large
    miles: int
    points: int  # this hand's points


def draw_scores(surface: pygame.Surface, rect: pygame.Rect, target: int, rows: list[ScoreRow]) -> None:
    """The score panel: per zone its drivers, the match total, and the hand's miles and points."""
    theme.panel(surface, rect, theme.PANEL_LO)
    theme.blit_text(surface, _("SCORES"), (rect.x + 14, rect.y + 10), 12, theme.MUTED, "bold")
    theme.blit_text(surface, _("to {target}").format(target=number(target)) if target else _("one hand"),
                    (rect.right - 14, rect.y + 10), 12, theme.MUTED, anchor="topright")
    drivers = max((len(row.names) for row in rows), default=1)
    row_h = min(26 + 18 * drivers, (rect.h - 40) // max(1, len(rows)))
    name_w = rect.w - 24 - 16 - 14 - 64  # up to the total, right-aligned (a match to 5,000: "4,950")
    for i, row in enumerate(rows):
        y = rect.y + 34 + i * row_h
        for k, (name, colour) in enumerate(zip(row.names, row.colours, strict=True)):  # a team: a line each
            pygame.draw.circle(surface, colour, (rect.x + 20, y + 10 + 18 * k), 6)
            theme.blit_text(surface, theme.fit(name, name_w, 15, "bold"), (rect.x + 34, y + 10 + 18 * k), 15,
                            theme.INK, "bold", anchor="midleft")
        theme.blit_text(surface, number(row.total), (rect.right - 14, y + 10), 17, theme.ACCENT, "black",
                        anchor="midright", tag=("total", i))
        # (the distance first, on its own: the table run compares it with the engine's, "650 mi")
        distance = _("{miles} mi").format(miles=number(row.miles))
        theme.blit_text(surface, _("{distance} · {points} this hand").format(distance=distance, points=number(row.points)),
                        (rect.x + 24, y + 8 + 18 * len(row.names)), 12, theme.MUTED, tag=("miles", i))


def hand_rects(count: int) -> list[pygame.Rect]:
    """The hand's cards, spread across the hand area (overlapping when many)."""
    if count <= 0:
        return []
    step = min(HAND_CARD[0] + 8, (HAND_AREA.w - HAND_CARD[0] - 8) / max(1, count - 1))
    total = step * (count - 1) + HAND_CARD[0]
    x0 = HAND_AREA.x + 4 + max(0.0, (HAND_AREA.w - 8 - total) / 2)
    return [pygame.Rect(int(x0 + i * step), HAND_Y, *HAND_CARD) for i in range(count)]


SUMMARY_HEAD = 82  # the title and why the hand ended, above the names
SUMMARY_NAME_H = 18  # a name's line in the summary's heading
SUMMARY_ROW_H, SUMMARY_MIN_ROW_H = 26, 18  # a score line (closer when there are very many)
SUMMARY_TOTAL_H = 28  # "This hand" and "Match total"
SUMMARY_OVER_H = 26  # "The match is over: the results follow."
SUMMARY_BUTTON = (200, 48)  # Continue, below everything else, 14 pixels from either side
SUMMARY_MARGIN = 14
SUMMARY_NOTE_SIZE, SUMMARY_NOTE_H = 13, 17  # a line of the notes under the totals
# the classic bonuses whose names say little, explained under the figures of a hand that scored them
BONUS_NOTES = ((DELAYED_LINE, N_("Delayed action: the trip was completed after the draw pile ran out.")),
               (SHUTOUT_LINE, N_("Shut-out: the trip was completed before any opponent played a distance card.")),
               (EXTENSION_LINE, N_("Extension: the trip was extended from 700 to 1,000 and completed.")))


def _summary_labels(data: dict) -> list[str]:
    """Every score line's label, once, in order of appearance (one row each: zones differ)."""
    labels: list[str] = []
    for lines in data["lines"]:
        for label, _points in lines:
            if label not in labels:
                labels.append(label)
    return labels


def _summary_width(zones: int) -> int:
    return min(layout.TABLE_W - 40, 200 + 190 * zones)


def _summary_notes(data: dict) -> list[str]:
    """The lines (wrapped to the summary's width) that say what the classic bonuses this hand scored mean."""
    labels = _summary_labels(data)
    width = _summary_width(len(data["seats"])) - 40
    return [line for label, note in BONUS_NOTES if label in labels
            for line in theme.wrap(_(note), width, SUMMARY_NOTE_SIZE, "italic")]


def _summary_fixed_h(names, over: bool, notes: int = 0) -> int:
    """The summary's height without its score lines: heading, names, rules, the two totals, the notes, the
    match-over line."""
    return (SUMMARY_HEAD + SUMMARY_NAME_H * max((len(n) for n in names), default=1) + 8 + 6 + 6
            + 2 * SUMMARY_TOTAL_H + (notes * SUMMARY_NOTE_H + 6 if notes else 0) + (SUMMARY_OVER_H if over else 0))


def hand_summary_layout(data: dict, names, over: bool) -> tuple[pygame.Rect, pygame.Rect, int]:
    """The hand summary's box (centred on the table), its Continue button (below every figure) and the
    height of a score line, so that everything fits the table."""
    zones = len(data["seats"])
    rows = max(1, len(_summary_labels(data)))
    fixed = _summary_fixed_h(names, over, len(_summary_notes(data)))
    button_room = SUMMARY_MARGIN + SUMMARY_BUTTON[1] + SUMMARY_MARGIN
    room = layout.TABLE.h - 24 - fixed - button_room
    row_h = max(SUMMARY_MIN_ROW_H, min(SUMMARY_ROW_H, room // rows))
    box = pygame.Rect(0, 0, _summary_width(zones), fixed + rows * row_h + button_room)
    box.center = layout.TABLE.center
    button = pygame.Rect(0, 0, *SUMMARY_BUTTON)
    button.midbottom = (box.centerx, box.bottom - SUMMARY_MARGIN)
    return box, button, row_h


def draw_hand_summary(surface: pygame.Surface, box: pygame.Rect, data: dict, names, colours, over: bool,
                      row_h: int = SUMMARY_ROW_H) -> int:
    """The end of a hand: why it ended, and per zone its score lines, the hand's points and the match
    total (laid out by :func:`hand_summary_layout`). Returns where the text ends."""
    theme.panel(surface, box.inflate(8, 8), theme.BG_DEEP, border=theme.ACCENT)
    title = _("Hand {n} is over").format(n=data["hand"])
    theme.blit_text(surface, title, (box.centerx, box.y + 14), 24, theme.ACCENT, "black", anchor="midtop")
    theme.blit_text(surface, theme.fit(tr(data["why"]), box.w - 40, 15), (box.centerx, box.y + 48), 15,
                    theme.MUTED, anchor="midtop")
    zones = len(data["seats"])
    label_w = 170
    col_w = (box.w - 40 - label_w) // max(1, zones)
    x0 = box.x + 20 + label_w
    y = box.y + SUMMARY_HEAD
    labels = _summary_labels(data)
    for z in range(zones):
        cx = x0 + col_w * z + col_w // 2
        for k, (name, colour) in enumerate(zip(names[z], colours[z], strict=True)):
            pygame.draw.circle(surface, colour, (cx - col_w // 2 + 12, y + 9 + SUMMARY_NAME_H * k), 5)
            theme.blit_text(surface, theme.fit(name, col_w - 30, 14, "bold"),
                            (cx - col_w // 2 + 22, y + SUMMARY_NAME_H * k), 14, theme.INK, "bold")
    y += SUMMARY_NAME_H * max(len(n) for n in names) + 8
    pygame.draw.line(surface, theme.LINE, (box.x + 20, y), (box.right - 20, y))
    y += 6
    for label in labels:
        theme.blit_text(surface, theme.fit(tr(label), label_w - 8, 15), (box.x + 20, y), 15, theme.MUTED)
        for z in range(zones):
            value = dict(data["lines"][z]).get(label)
            if value is not None:
                theme.blit_text(surface, number(value), (x0 + col_w * (z + 1) - 16, y), 15, theme.INK,
                                anchor="topright")
        y += row_h
    pygame.draw.line(surface, theme.LINE, (box.x + 20, y), (box.right - 20, y))
    y += 6
    for label, values, style in ((N_("This hand"), data["points"], "bold"),
                                 (N_("Match total"), data["totals"], "black")):
        theme.blit_text(surface, _(label), (box.x + 20, y), 16, theme.INK, "bold")
        best = max(values)
        for z in range(zones):
            colour = theme.ACCENT if values[z] == best else theme.INK
            theme.blit_text(surface, number(values[z]), (x0 + col_w * (z + 1) - 16, y), 17, colour, style,
                            anchor="topright")
        y += SUMMARY_TOTAL_H
    notes = _summary_notes(data)
    for line in notes:
        theme.blit_text(surface, line, (box.x + 20, y + 2), SUMMARY_NOTE_SIZE, theme.MUTED, "italic")
        y += SUMMARY_NOTE_H
    y += 6 if notes else 0
    if over:
        theme.blit_text(surface, _("The match is over: the results follow."), (box.centerx, y + 4), 14, theme.MUTED,
                        "italic", anchor="midtop")
        y += SUMMARY_OVER_H
    return y


def draw_question(surface: pygame.Surface, title: str, card: int, lines: list[str]) -> None:
    """A question panel over the table: its title, the card it is about, a few lines; the scene places
    its answer buttons on the right."""
    box = QUESTION
    shade = pygame.Surface(box.inflate(16, 16).size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 110))
    surface.blit(shade, box.inflate(16, 16).move(4, 6))
    theme.panel(surface, box, theme.BG_DEEP, border=theme.ACCENT)
    x = box.x + 20
    if card >= 0:
        surface.blit(card_art.face(card, PILE_CARD), (x, box.y + 54))
        x += PILE_CARD[0] + 18
    theme.blit_text(surface, title, (x, box.y + 14), 26, theme.ACCENT, "black")
    text_w = box.right - 270 - x
    y = box.y + 56
    for line in lines:
        for row in theme.wrap(line, text_w, 15):
            theme.blit_text(surface, row, (x, y), 15, theme.INK)
            y += 20
