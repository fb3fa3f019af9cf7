"""Drawings of the stage races' screens: the jerseys (Maillot Or, Maillot Rouge, the champion's white jersey),
a classification panel, the stages strip. Drawing only."""

from __future__ import annotations

import pygame

from ..i18n import C_, N_, _, ngettext, tr
from ..ui import theme
from .rider_art import BIB_GREY, rider_icon
from .tour_standings import Line

JERSEY_COLOURS = {"or": (236, 186, 40), "rouge": (214, 52, 46), "champion": (250, 250, 250)}
JERSEY_SHAPE = [(6, 2), (9, 4), (11, 4), (14, 2), (19, 6), (16, 10), (15, 9), (15, 19), (5, 19), (5, 9), (4, 10),
                (1, 6)]
# the champion's band: the world champion's rainbow (Salzburg) or the French tricolour (Aurillac)
CHAMPION_BANDS = {"World": [(60, 110, 200), (220, 50, 50), (30, 30, 30), (240, 200, 40), (50, 150, 80)],
                  "France": [(40, 70, 170), (250, 250, 250), (220, 50, 50)]}
_cache: dict[tuple, pygame.Surface] = {}


def jersey(kind: str, size: int, champion: str = "World") -> pygame.Surface:
    """A jersey (a T-shirt shape) ``size`` px square: gold, red, or white with the champion's band; a
    letter on it ("O", "R") so it reads without colour."""
    key = (kind, size, champion)
    img = _cache.get(key)
    if img is not None:
        return img
    img = pygame.Surface((size, size), pygame.SRCALPHA)
    k = size / 20
    poly = [(x * k, y * k) for x, y in JERSEY_SHAPE]
    colour = JERSEY_COLOURS.get(kind, (200, 200, 200))
    pygame.draw.polygon(img, colour, poly)
    if kind == "champion":
        bands = CHAMPION_BANDS.get(champion, CHAMPION_BANDS["World"])
        h = max(1, round(6 * k / len(bands)))
        for i, c in enumerate(bands):
            pygame.draw.rect(img, c, (round(5 * k), round(9 * k) + i * h, round(10 * k) + 1, h))
    pygame.draw.polygon(img, theme.darken(colour, 0.55), poly, max(1, int(k)))
    if kind in ("or", "rouge") and size >= 18:
        letter = "O" if kind == "or" else "R"
        ink = theme.PAPER_INK if kind == "or" else (255, 255, 255)
        theme.blit_text(img, letter, (10 * k, 12.5 * k), max(9, int(7 * k)), ink, "black", anchor="center")
    _cache[key] = img
    return img


ROAD_CAPTION = N_("STILL ON THE ROAD · TIMED THERE")  # a stage's riders that did not arrive; translated where drawn


def draw_classification(surface, rect: pygame.Rect, title: str, lines: tuple[Line, ...], colours, bibs,
                        view, jerseys: dict, jersey_kind: str = "", champion: str = "World",
                        empty: str = "Nobody yet.") -> None:
    """A panel: its title (with the jersey it awards), then a line per rider or team, best first: place,
    the rider's icon (team colour, bib) or the team's colour, its words, its figure; riders out greyed and
    a holder's jersey drawn by its name."""
    theme.panel(surface, rect, theme.PANEL_LO, shadow=False)
    x = rect.x + 12
    if jersey_kind:
        surface.blit(jersey(jersey_kind, 22, champion), (x, rect.y + 8))
        x += 28
    theme.blit_text(surface, title, (x, rect.y + 10), 14, theme.ACCENT if jersey_kind else theme.INK, "bold")
    y = rect.y + 38
    if not lines:
        theme.blit_text(surface, empty, (rect.x + 12, y), 14, theme.FAINT)
        return
    road = next((k for k, line in enumerate(lines) if line.on_road), -1)  # a stage's riders timed on the road
    step = max(16, min(22, (rect.bottom - 6 - y) // (len(lines) + (road >= 0))))
    size = 14 if step >= 19 else 12
    holders: dict[int, str] = {}
    for kind in ("champion", "rouge", "or"):  # a rider holding several shows the Or, then the Rouge
        if jerseys.get(kind, -1) >= 0:
            holders[jerseys[kind]] = kind
    for place, line in enumerate(lines):
        if place == road and y + 2 * step <= rect.bottom - 2:  # not arrivals: a caption of their own
            theme.blit_text(surface, theme.fit(_(ROAD_CAPTION), rect.w - 24, 11, "bold"), (rect.x + 12, y + step // 2), 11, theme.MUTED, "bold",
                            anchor="midleft")
            y += step
        if y + step > rect.bottom - 2:
            left = len(lines) - place
            theme.blit_text(surface, ngettext("… {n} more", "… {n} more", left).format(n=left), (rect.x + 12, y), 12,
                            theme.FAINT)
            break
        ink = theme.FAINT if line.out else theme.INK
        theme.blit_text(surface, "–" if line.out else f"{place + 1}", (rect.x + 28, y + step // 2), size, theme.MUTED,
                        "bold", anchor="midright")
        team = colours[line.team] if 0 <= line.team < len(colours) else BIB_GREY
        cy = y + step // 2
        if line.rider >= 0 and view is not None and line.rider < len(view.riders):
            r = view.riders[line.rider]
            rider_icon(surface, (rect.x + 44, cy - 2), team, bibs.get(r.bib, BIB_GREY), r.role == "leader",
                       min(20, step))
        else:
            pygame.draw.circle(surface, team, (rect.x + 44, cy), 6)
        name_x = rect.x + 62
        kind = holders.get(line.rider) if line.rider >= 0 else None
        room = rect.right - 12 - name_x - theme.font(size, "bold").size(line.figure)[0] - 10
        if kind:
            surface.blit(jersey(kind, 16, champion), (name_x, cy - 8))
            name_x += 19
            room -= 19
        whole = f"{line.words} {line.note}" if line.note else line.words
        name_size = size if theme.font(size).size(whole)[0] <= room else size - 2  # a long name: smaller first
        theme.blit_text(surface, fit_noted(line.words, line.note, room, name_size, short=line.short_note), (name_x, cy),
                        name_size, ink, anchor="midleft")
        theme.blit_text(surface, line.figure, (rect.right - 12, cy), size,
                        ink if line.out else theme.MUTED if line.on_road else theme.INK,
                        "bold" if place == 0 and not line.out and not line.on_road else "body", anchor="midright")
        y += step


def fit_noted(words: str, note: str, width: int, size: int, style: str = "body", short: str = "") -> str:
    """``words`` and its ``note`` ("Ann's grey team-mate (now leader)") in ``width`` px; where they do not fit, the
    note's ``short`` form ("(→ leader)") first, so that whose rider it is stays whole; else the words shortened with
    an ellipsis, the note kept whole."""
    if not note:
        return theme.fit(words, width, size, style)
    face = theme.font(size, style)
    if short and face.size(f"{words} {note}")[0] > width:
        note = short
    room = width - face.size(" " + note)[0]
    return f"{theme.fit(words, max(0, room), size, style)} {note}"


def draw_stages(surface, rect: pygame.Rect, stage: int, stages: int, courses, between: bool, over: bool) -> None:
    """The tour's stages as chips: ridden ones ticked, the next one marked."""
    theme.panel(surface, rect, theme.PANEL_LO, shadow=False)
    theme.blit_text(surface, ngettext("TOUR · {n} STAGE", "TOUR · {n} STAGES", stages).format(n=stages), (rect.x + 12, rect.y + 8), 12, theme.MUTED, "bold")
    w = min(150, (rect.w - 24 - 8 * (stages - 1)) // max(1, stages))
    for k in range(1, stages + 1):
        chip = pygame.Rect(rect.x + 12 + (k - 1) * (w + 8), rect.y + 28, w, rect.h - 38)
        done = k <= stage
        upcoming = k == stage + 1 and not over
        fill = theme.darken(theme.GREEN, 0.45) if done else theme.darken(theme.ACCENT, 0.45) if upcoming \
            else theme.PANEL
        pygame.draw.rect(surface, fill, chip, border_radius=8)
        if upcoming:
            pygame.draw.rect(surface, theme.ACCENT, chip, 2, border_radius=8)
        course = courses[k - 1].capitalize() if k - 1 < len(courses) else "?"
        mark = tr(C_("stage", "done")) if done else tr(C_("stage", "next")) if upcoming else ""
        label = _("Stage {n}").format(n=k)  # the number alone in a narrow chip (6 stages): the mark keeps its room beside it
        if theme.font(13, "bold").size(label)[0] + theme.font(12).size(mark)[0] + 24 > chip.w:
            label = str(k)
        theme.blit_text(surface, label, (chip.x + 10, chip.y + 5), 13, theme.MUTED, "bold")
        theme.blit_text(surface, theme.fit(course, chip.w - 20, 16, "bold"), (chip.x + 10, chip.y + 22), 16,
                        theme.INK, "bold")
        if mark:
            theme.blit_text(surface, mark, (chip.right - 8, chip.y + 5), 12, theme.INK, anchor="topright")
