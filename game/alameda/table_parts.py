"""Drawing the Tour of Alameda table: the road with each rider's stage distance, the seat plaques
(points, cards left, the Monkey Wrench, this leg's card) and the stage summary. Pure drawing: the
scene decides what to show (it may lag the state while events animate)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from ..engine.words import Words
from ..i18n import _, ngettext, tr
from ..ui import art, layout, theme
from ..ui.widgets import tooltips
from . import card_art

ROAD = pygame.Rect(16, layout.TOP_H + 10, layout.TABLE_W - 32, 196)
PLAQUES = pygame.Rect(16, ROAD.bottom + 12, layout.TABLE_W - 32, 176)
SLOT = (62, 86)
HAND_CARD = (86, 120)
HAND_Y = 566
START_X = ROAD.x + 70
# the free band between the plaques and the hand: two rows of words about a seat under its plaque
# ("takes the 6", "Mountaineer +1"), then the news line (banners), then the hand's own label
POP_ROWS = (PLAQUES.bottom + 14, PLAQUES.bottom + 40)
NEWS = (PLAQUES.centerx, PLAQUES.bottom + 72)


@dataclass
class SeatLook:
    """What a seat's plaque shows now."""

    name: str
    colour: tuple[int, int, int]
    points: int
    held: int
    deck: int
    wrench_unseen: bool
    card: int  # face-up card this leg, -1 none
    face_down: bool
    jersey: bool
    highlight: bool = False  # a Monkey may click it
    acting: bool = False
    thinking: float | None = None
    peek: int | None = None  # the viewer's own face-down card, shown small to them only


def road_scale(distances) -> float:
    """Pixels per distance point: the road always shows the leader with room to spare."""
    far = max([40.0, *[d + 10 for d in distances]])
    return (ROAD.right - 60 - START_X) / far


def lane_height(players: int) -> float:
    return (ROAD.h - 30) / players


def rider_size(players: int) -> float:
    """The bike's size in a lane (the rider's label starts half of it right of the rider's point)."""
    return max(22, min(40, lane_height(players) * 1.25))


def rider_point(seat: int, players: int, distance: float, scale: float) -> tuple[float, float]:
    return (START_X + distance * scale, ROAD.y + 22 + lane_height(players) * (seat + 0.5))


def behind_rider(seat: int, players: int, distance: float, scale: float, jersey: bool) -> float:
    """The x where the road is free just behind a rider (left of the bike and its jersey)."""
    x, _y = rider_point(seat, players, distance, scale)
    return x - rider_size(players) * 0.6 - (18 if jersey else 0) - 6


def draw_road(surface: pygame.Surface, names, colours, distances, jersey: int, stage: int, leg: int,
              t: float) -> None:
    pygame.draw.rect(surface, (46, 70, 52), ROAD, border_radius=theme.RADIUS)
    tarmac = ROAD.inflate(-16, -26).move(0, 6)
    pygame.draw.rect(surface, (70, 74, 82), tarmac, border_radius=10)
    players = len(distances)
    lane_h = lane_height(players)
    for k in range(1, players):
        y = ROAD.y + 22 + lane_h * k
        for x in range(tarmac.x + 10, tarmac.right - 10, 28):
            pygame.draw.line(surface, (112, 116, 124), (x, y), (x + 12, y), 1)
    pygame.draw.line(surface, theme.PAPER, (START_X, tarmac.y + 2), (START_X, tarmac.bottom - 2), 3)
    title = _("STAGE {stage} · LEG {leg}").format(stage=stage, leg=leg)
    theme.blit_text(surface, title, (ROAD.x + 12, ROAD.y + 4), 13, theme.INK, "bold")
    title_end = ROAD.x + 12 + theme.font(13, "bold").size(title)[0] + 6  # the marks' figures start after it
    scale = road_scale(distances)
    step = 10 if scale * 10 > 36 else 20
    mark = step
    while START_X + mark * scale < tarmac.right - 10:
        x = START_X + mark * scale
        pygame.draw.line(surface, (96, 100, 108), (x, tarmac.y + 2), (x, tarmac.y + 8), 1)
        if x - theme.font(12).size(str(mark))[0] / 2 > title_end:
            theme.blit_text(surface, str(mark), (x, ROAD.y + 4), 12, theme.MUTED, anchor="midtop")
        mark += step
    lead = max(distances) if distances else 0
    for seat in range(players):
        x, y = rider_point(seat, players, distances[seat], scale)
        size = rider_size(players)
        art.bicycle(surface, (x, y + 2), size, theme.INK, 2, rider=colours[seat], angle=-t * 3 * (1 if lead else 0))
        label = f"{names[seat]} {round(distances[seat])}"
        theme.blit_text(surface, theme.fit(label, 150, 13, "bold"), (x + size * 0.5 + 6, y), 13,
                        theme.ACCENT if distances[seat] == lead and lead > 0 else theme.INK, "bold",
                        anchor="midleft")
        if seat == jersey:
            surface.blit(card_art.jersey(18), (x - size * 0.6 - 16, y - 9))


def plaque_rects(players: int) -> list[pygame.Rect]:
    gap = 8
    w = min(178, (PLAQUES.w - gap * (players - 1)) // players)
    total = w * players + gap * (players - 1)
    x0 = PLAQUES.x + (PLAQUES.w - total) // 2
    return [pygame.Rect(x0 + i * (w + gap), PLAQUES.y, w, PLAQUES.h) for i in range(players)]


def draw_plaque(surface: pygame.Surface, rect: pygame.Rect, look: SeatLook, t: float, hovered: bool) -> None:
    border = theme.ACCENT if (look.highlight and hovered) or look.acting else (
        theme.mix(theme.ACCENT, theme.LINE, 0.5) if look.highlight else theme.LINE)
    theme.panel(surface, rect, theme.PANEL_HI if hovered and look.highlight else theme.PANEL, border=border)
    if look.highlight:
        pulse = 2 + int(2 * abs(((t * 2) % 2) - 1))
        pygame.draw.rect(surface, theme.ACCENT, rect.inflate(pulse * 2, pulse * 2), 2, border_radius=theme.RADIUS + 2)
    pygame.draw.rect(surface, look.colour, (rect.x + 1, rect.y + 1, rect.w - 2, 6), border_top_left_radius=10,
                     border_top_right_radius=10)
    room = rect.w - 38  # the jersey's place on the right
    size = next((k for k in (16, 15, 14, 13) if theme.text(look.name, k, theme.INK, "bold").get_width() <= room), 13)
    theme.blit_text(surface, theme.fit(look.name, room, size, "bold"), (rect.x + 10, rect.y + 12 + (16 - size) // 2),
                    size, theme.INK, "bold")
    if look.jersey:
        surface.blit(card_art.jersey(22), (rect.right - 28, rect.y + 10))
    theme.blit_text(surface, ngettext("{n} pt", "{n} pts", look.points).format(n=look.points),
                    (rect.x + 10, rect.y + 34), 18, theme.ACCENT, "black")
    counts = _("hand {held} · deck {deck}").format(held=look.held, deck=look.deck)
    px = next((k for k in (13, 12, 11) if theme.font(k).size(counts)[0] <= rect.w - 14), 11)  # 8 plaques in French
    theme.blit_text(surface, theme.fit(counts, rect.w - 14, px), (rect.x + 10, rect.y + 58 + (13 - px) // 2), px,
                    theme.MUTED)
    wrench_colour = theme.ACCENT if look.wrench_unseen else theme.FAINT
    card_art.draw_wrench(surface, (rect.right - 22, rect.y + 46), 22, wrench_colour)
    if not look.wrench_unseen:
        pygame.draw.line(surface, theme.RED, (rect.right - 33, rect.y + 35), (rect.right - 11, rect.y + 57), 2)
    slot = pygame.Rect(0, 0, *SLOT)
    slot.midbottom = (rect.centerx, rect.bottom - 8)
    if look.card >= 0:
        surface.blit(card_art.face(look.card, SLOT), slot)
    elif look.face_down:
        surface.blit(card_art.back(SLOT), slot)
        if look.peek is not None:
            tag = _("Wrench") if look.peek == card_art.WRENCH else str(look.peek)
            label = theme.text(_("yours: {card}").format(card=tag), 12, theme.ACCENT, "bold")
            pill = pygame.Rect(0, 0, label.get_width() + 12, 20)  # on the card's foot, clear of the counts above
            pill.midbottom = (slot.centerx, slot.bottom - 6)
            pygame.draw.rect(surface, theme.BG_DEEP, pill, border_radius=10)
            pygame.draw.rect(surface, theme.ACCENT, pill, 1, border_radius=10)
            surface.blit(label, label.get_rect(center=pill.center))
    else:
        surface.blit(card_art.slot(SLOT), slot)
    if look.thinking is not None:
        for i in range(3):
            r = 3 + 2 * max(0.0, math.sin(t * 6 - i * 0.7))
            pygame.draw.circle(surface, look.colour, (rect.x + 14 + 12 * i, rect.bottom - 14), r)


def slot_rect(rect: pygame.Rect) -> pygame.Rect:
    slot = pygame.Rect(0, 0, *SLOT)
    slot.midbottom = (rect.centerx, rect.bottom - 8)
    return slot


def hand_card_tip(card: int) -> Words:
    """What a card of the hand does, said when it is hovered (a first-time player meets the Wrench there)."""
    if card == card_art.WRENCH:
        return Words("Monkey Wrench: when it is turned up, you take the card another player played this leg, and "
                     "they draw a card blindly from your hand and play it. Once per stage.")
    return Words.plural("Speed {n}: your rider rides {n} space this leg, unless a Monkey Wrench takes the card.",
                        "Speed {n}: your rider rides {n} spaces this leg, unless a Monkey Wrench takes the card.", card)


class HandTips:
    """The hovered card's tooltip (one owner per card value, so its delay runs while the mouse stays on it)."""

    def __init__(self) -> None:
        self.owners: dict[int, object] = {}

    def request(self, cards: list[tuple[int, pygame.Rect]], chosen: int | None, mouse, dt: float) -> None:
        """``chosen``: the place in the hand of the card chosen (drawn lifted), if any."""
        for slot, (card, rect) in reversed(list(enumerate(cards))):  # the card on top first, as a click finds it
            area = rect.union(rect.move(0, -18)) if slot == chosen else rect  # the chosen card is lifted
            if area.collidepoint(mouse):
                tooltips.request(self.owners.setdefault(card, object()), hand_card_tip(card), area, dt)
                return


def hand_positions(count: int, area: pygame.Rect) -> list[tuple[int, int]]:
    if not count:
        return []
    step = min(HAND_CARD[0] + 10, (area.w - HAND_CARD[0]) / max(1, count - 1)) if count > 1 else 0
    total = HAND_CARD[0] + step * (count - 1)
    x0 = area.centerx - total / 2
    return [(int(x0 + i * step), HAND_Y) for i in range(count)]


SUMMARY_W = 760


def summary_height(players: int) -> int:
    """The title, why the stage ended, the headings, a row per rider, the note and the Continue button."""
    return 110 + 32 * players + 134


def summary_reasons(award: int, extra: int, tied_first: bool, mountaineer: bool = True,
                    endurance: bool = True) -> str:
    """Why a rider scored this stage: "+2 stage win, +1 Mountaineer". ``extra`` is the stage's points besides the
    award; the words name the advanced rules in play that score them (Mountaineer, Endurance or both)."""
    why = []
    if award == 2:
        why.append(_("+2 stage win"))
    elif award == 1:
        why.append(_("+1 tie for first") if tied_first else _("+1 second place"))
    if extra:
        if mountaineer and not endurance:
            why.append(_("+{n} Mountaineer").format(n=extra))
        elif endurance and not mountaineer:
            why.append(_("+{n} Endurance").format(n=extra))
        else:
            why.append(_("+{n} Mountaineer/Endurance").format(n=extra))
    return ", ".join(why)


def draw_stage_summary(surface: pygame.Surface, box: pygame.Rect, stage: int, names, colours, distances, award,
                       extras, points, jersey: int, last: bool, why: str = "",
                       bonus_rules: tuple[bool, bool] = (True, True)) -> None:
    """``bonus_rules``: whether Mountaineer and Endurance are in play (they name the points besides the award)."""
    theme.panel(surface, box, theme.PANEL, border=theme.ACCENT)
    theme.blit_text(surface, _("Stage {stage} finished").format(stage=stage), (box.centerx, box.y + 18), 28,
                    theme.ACCENT, "title", anchor="midtop")
    if why:  # why it ended: "3 of 4 riders played their Monkey Wrench: more than half, the stage is over"
        ended, room = tr(why), box.w - 32  # a smaller size rather than cut words (the time trial's, in French)
        px = next((k for k in (15, 14, 13) if theme.font(k, "italic").size(ended)[0] <= room), 13)
        theme.blit_text(surface, theme.fit(ended, room, px, "italic"), (box.centerx, box.y + 58 + (15 - px) // 2), px,
                        theme.MUTED, "italic", anchor="midtop")
    box = box.move(0, 22)  # what follows sits under that line
    order = sorted(range(len(names)), key=lambda s: (-distances[s], s))
    first = max(distances) if distances else 0
    firsts = [s for s in order if distances[s] == first]
    distance_x, why_x, total_x = box.x + 300, box.x + 330, box.right - 24
    why_w = total_x - 70 - why_x  # the longest reason (a tie for first and Mountaineer/Endurance) fits
    y = box.y + 66
    theme.blit_text(surface, _("RIDER"), (box.x + 24, y), 12, theme.MUTED, "bold")
    theme.blit_text(surface, _("DISTANCE"), (distance_x, y), 12, theme.MUTED, "bold", anchor="topright")
    theme.blit_text(surface, _("POINTS THIS STAGE"), (why_x, y), 12, theme.MUTED, "bold")
    theme.blit_text(surface, _("TOTAL"), (total_x, y), 12, theme.MUTED, "bold", anchor="topright")
    y += 22
    for seat in order:
        row = pygame.Rect(box.x + 14, y - 4, box.w - 28, 30)
        if award[seat] >= 2 or (award[seat] == 1 and seat in firsts):
            pygame.draw.rect(surface, theme.darken(theme.ACCENT, 0.6), row, border_radius=6)
        pygame.draw.circle(surface, colours[seat], (box.x + 32, y + 11), 7)
        theme.blit_text(surface, theme.fit(names[seat], 150, 17, "bold"), (box.x + 46, y + 11), 17, theme.INK, "bold",
                        anchor="midleft")
        if seat == jersey:
            surface.blit(card_art.jersey(18), (box.x + 204, y + 2))
        theme.blit_text(surface, str(distances[seat]), (distance_x, y + 11), 17, theme.INK, "black",
                        anchor="midright")
        why = summary_reasons(award[seat], extras[seat], seat in firsts, *bonus_rules)
        theme.blit_text(surface, theme.fit(why or "—", why_w, 15), (why_x, y + 11), 15,
                        theme.ACCENT if why else theme.FAINT, anchor="midleft")
        theme.blit_text(surface, str(points[seat]), (total_x, y + 11), 18, theme.INK, "black", anchor="midright")
        y += 32
    note = _("The tour is over.") if last else _("{player} wears the leader jersey and reveals first next "
                                                  "stage.").format(player=names[jersey])
    theme.blit_text(surface, theme.fit(note, box.w - 48, 15, "italic"), (box.centerx, box.bottom - 22 - 94), 15,
                    theme.MUTED, "italic", anchor="midtop")


def standings_rows(rect: pygame.Rect, points, players: int) -> list[tuple[int, pygame.Rect]]:
    """The tour panel's lines, most points first: each seat with its line (name, a dot per stage, points)."""
    order = sorted(range(players), key=lambda s: (-points[s], s))
    row_h = min(34, (rect.h - 40) // max(1, players))
    return [(seat, pygame.Rect(rect.x + 8, rect.y + 34 + i * row_h, rect.w - 16, row_h))
            for i, seat in enumerate(order)]


def standings_tip(history, name: str, seat: int, points: int) -> str | None:
    """The words under the pointer on a seat's line of the tour panel: what each stage gave it (the dots are gold
    for +2, green for +1, grey for nothing, and show the last eight stages only); none before a stage is scored."""
    if not history:
        return None
    stages = " · ".join(_("stage {n}: +{points}").format(n=k + 1, points=stage[seat]) for k, stage in enumerate(history))
    return _("{player}: {stages}; {points} in all").format(player=name, stages=stages, points=points)


def request_standings_tip(rect: pygame.Rect, view, names, mouse, dt: float) -> None:
    """The tour panel's line under the pointer says every stage's points (see :func:`standings_tip`)."""
    for seat, row in standings_rows(rect, view.points, view.players):
        tip = standings_tip(view.history, names[seat], seat, view.points[seat]) if row.collidepoint(mouse) else None
        if tip:
            tooltips.request(rect, tip, row, dt)
