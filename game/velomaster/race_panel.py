"""Panels of the VeloMaster race table: turn order, climbers' ranking and race clock, and the
points sheet ("fiche de points") overlay. Drawing only: every figure comes from the view."""

from __future__ import annotations

import pygame

from ..ui import theme
from ..ui.scenes.base import UIScene, dim
from ..ui.widgets import Button
from .expert_table import draw_seat_riders, several_phases
from .rider_art import BIB_GREEN, BIB_GREY, BIB_LEADER, BIB_VIOLET, rider_icon
from .rules.view import VelomasterView

BIBS = {"yellow": BIB_LEADER, "grey": BIB_GREY, "green": BIB_GREEN, "violet": BIB_VIOLET}
ROLE_NAMES = {"leader": "leader", "equipier": "team-mate"}


def clock(seconds: int) -> str:
    if seconds < 0:
        return "–"
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def rider_name(view: VelomasterView, rider: int, names) -> str:
    r = view.riders[rider]
    return f"{names[r.seat]} {ROLE_NAMES.get(r.role, r.role)}"


def bib_dot(surface, centre, team, bib, r: int = 7) -> None:
    pygame.draw.circle(surface, team, centre, r)
    pygame.draw.circle(surface, BIBS.get(bib, BIB_GREY), centre, max(2, r - 4))


def team_of_seat(view: VelomasterView, seat: int) -> int:
    """The team a seat races for (its own riders'; from 5 players two seats share one)."""
    return next((r.team for r in view.riders if r.seat == seat and r.team < view.players), seat)


def draw_order(surface, rect: pygame.Rect, view: VelomasterView, names, colours) -> None:
    """The order of play, a line a seat; ``colours`` by team. Teams of four (Expert): the seat's riders as
    small bibs (out of the race greyed, down marked)."""
    theme.panel(surface, rect, theme.PANEL_LO, shadow=False)
    four = several_phases(view)
    title = "START ORDER" if view.round == 0 else f"ROUND {view.round} · ORDER BY LEADERS"
    theme.blit_text(surface, title, (rect.x + 12, rect.y + 8), 12, theme.MUTED, "bold")
    order = view.turn_order or view.start_order or tuple(range(view.players))
    y = rect.y + 28
    step = min(22, (rect.h - 34) // max(1, len(order)))
    for seat in order:
        leader = next((r for r in view.riders if r.seat == seat and r.role == "leader"), None)
        done = seat in view.played
        ink = theme.FAINT if done else theme.INK
        if seat == view.turn_seat and not view.over:
            pygame.draw.rect(surface, theme.darken(theme.ACCENT, 0.6), (rect.x + 6, y - 2, rect.w - 12, step),
                             border_radius=6)
            ink = theme.INK
        pygame.draw.circle(surface, colours[team_of_seat(view, seat)], (rect.x + 18, y + step // 2 - 2), 6)
        theme.blit_text(surface, names[seat][:11 if four else 13], (rect.x + 30, y), 15, ink,
                        "bold" if seat == view.turn_seat else "body")
        if four:
            draw_seat_riders(surface, view, seat, colours, rect.right - 62, y + step // 2 - 2)
        if leader is not None:
            where = ("finished" if leader.status == "finished" else "out" if leader.status == "abandoned"
                     else "start" if leader.cell is None else f"row {leader.row}")
            theme.blit_text(surface, where, (rect.right - 12, y), 14, theme.MUTED, anchor="topright")
        y += step


def draw_standings(surface, rect: pygame.Rect, view: VelomasterView, names, colours) -> None:
    theme.panel(surface, rect, theme.PANEL_LO, shadow=False)
    x, y = rect.x + 12, rect.y + 8
    if view.race_clock >= 0:
        theme.blit_text(surface, f"RACE TIME {clock(view.race_clock)}", (x, y), 12, theme.ACCENT, "bold")
    else:
        theme.blit_text(surface, "CLIMBERS · MAILLOT ROUGE", (x, y), 12, theme.MUTED, "bold")
    y += 22
    room = max(1, (rect.bottom - 4 - y) // 19)  # lines that fit
    shown = 0
    if view.finish_order:
        for place, rid in enumerate(view.finish_order[:min(2 if view.climbers else 3, room)]):
            r = view.riders[rid]
            bib_dot(surface, (x + 7, y + 8), colours[r.team], r.bib)
            theme.blit_text(surface, f"{place + 1}. {rider_name(view, rid, names)}"[:24], (x + 20, y), 14, theme.INK)
            theme.blit_text(surface, clock(r.time), (rect.right - 12, y), 14, theme.MUTED, anchor="topright")
            y += 19
            shown += 1
    for rid in view.climbers[: max(0, room - shown)]:
        r = view.riders[rid]
        bib_dot(surface, (x + 7, y + 8), colours[r.team], r.bib)
        theme.blit_text(surface, rider_name(view, rid, names)[:22], (x + 20, y), 14, theme.INK)
        theme.blit_text(surface, f"{sum(r.points)} pts", (rect.right - 12, y), 14, (230, 90, 80), "bold",
                        anchor="topright")
        y += 19
    if not view.climbers and not view.finish_order:
        nxt = next((s for s in view.summits if s.crossed < len(s.points)), None)
        if nxt is not None:
            theme.blit_text(surface, f"Next summit: {nxt.name} ({category_name(nxt.category)})", (x, y), 14,
                            theme.MUTED)


def short_summit(name: str) -> str:
    """"Côte du Puy Courny 752 m" style names without the leading "Côte de"/"Col du" (narrow columns)."""
    for prefix in ("Côte de la ", "Côte des ", "Côte de ", "Côte du ", "Côte d'", "Col de ", "Col du ", "Montée de "):
        if name.startswith(prefix):
            return name[len(prefix):]
    return name


def category_name(cat: str) -> str:
    return "HC" if cat == "HC" else f"cat. {cat}"


def incidents_text(r) -> str:
    """The sheet's incidents of a rider: "2 crashes · flat", "" when none."""
    parts = []
    if r.crashes:
        parts.append("crash" if r.crashes == 1 else f"{r.crashes} crashes")
    if r.flats:
        parts.append("flat" if r.flats == 1 else f"{r.flats} flats")
    return " · ".join(parts)


class PointsSheetScene(UIScene):
    """The "fiche de points": per rider, climber's points at each summit, total and time; at Expert the feed
    boxes (ticked where the rider fed). ``colours`` by team; 32 riders (8 teams of four) fit."""

    overlay = True
    name = "points-sheet"

    def __init__(self, app, view: VelomasterView, names, colours, feed_zones: int = 0):
        super().__init__(app)
        self.v, self.names, self.colours = view, names, colours
        n = len(view.riders)
        self.feeds = max(feed_zones, *(r.fed_zones.bit_length() for r in view.riders))
        self.feed_boxes = view.level != "debutant"
        # title and column heads (106 px), a line a rider, then the Close button's own strip (64 px)
        self.row_h = max(15, min(26, (theme.H - 20 - 106 - 64) // max(1, n)))
        feed_w = 90 + 120 if self.feed_boxes else 0  # Expert: the feed boxes and the incidents
        self.box = pygame.Rect(0, 0, min(1240, 420 + 70 * len(view.summits) + 120 + feed_w),
                               106 + self.row_h * n + 64)
        self.box.center = (theme.W // 2, theme.H // 2)
        self.add(Button((self.box.right - 150, self.box.bottom - 54, 130, 40), "Close", self.app.pop, "primary",
                        size=18, hotkey=pygame.K_RETURN))

    def on_escape(self) -> bool:
        self.app.pop()
        return True

    def draw(self, surface) -> None:
        dim(surface, 170)
        v, box = self.v, self.box
        theme.panel(surface, box, theme.PAPER, border=theme.ACCENT)
        ink = theme.PAPER_INK
        theme.blit_text(surface, "Fiche de points", (box.x + 24, box.y + 16), 26, ink, "title")
        x0 = box.x + 24
        cols = [box.x + 320 + 70 * i for i in range(len(v.summits))]
        total_x = (cols[-1] + 80) if cols else box.x + 330
        time_x = total_x + 90
        y = box.y + 66
        theme.blit_text(surface, "Rider", (x0, y), 14, ink, "bold")
        for s, cx in zip(v.summits, cols, strict=False):
            theme.blit_text(surface, theme.fit(short_summit(s.name), 66, 13, "bold"), (cx, y), 13, ink, "bold",
                            anchor="midtop")
            theme.blit_text(surface, category_name(s.category), (cx, y + 16), 12, theme.darken(ink, 0.0),
                            anchor="midtop")
        theme.blit_text(surface, "Total", (total_x, y), 14, ink, "bold", anchor="midtop")
        theme.blit_text(surface, "Time", (time_x, y), 14, ink, "bold", anchor="midtop")
        feed_x = time_x + 95
        incidents_x = feed_x + 110
        if self.feed_boxes:
            theme.blit_text(surface, "Feed", (feed_x, y), 14, ink, "bold", anchor="midtop")
            theme.blit_text(surface, "Incidents", (incidents_x, y), 14, ink, "bold", anchor="midtop")
        y += 40
        rh = self.row_h
        size = 15 if rh >= 20 else 13
        for r in v.riders:
            out = r.status == "abandoned"
            team = self.colours[r.team] if r.team < len(self.colours) else BIB_GREY
            rider_icon(surface, (x0 + 12, y + rh // 2 - 4), team, BIBS.get(r.bib, BIB_GREY), r.role == "leader",
                       min(22, rh - 2))
            whose = "neutral" if r.team >= v.players else self.names[r.seat]
            theme.blit_text(surface, f"{whose} · {ROLE_NAMES.get(r.role, r.role)} ({r.bib} bib)"
                            + (" · abandoned" if out else ""), (x0 + 36, y), size, theme.FAINT if out else ink)
            if self.feed_boxes:
                self._feed_box(surface, r, (feed_x, y + rh // 2 - 2), ink)
                theme.blit_text(surface, incidents_text(r), (incidents_x, y + 1), 13, (170, 40, 40), anchor="midtop")
            for i, cx in enumerate(cols):
                pts = r.points[i] if i < len(r.points) else 0
                theme.blit_text(surface, str(pts) if pts else "·", (cx, y), size, ink, "bold" if pts else "body",
                                anchor="midtop")
            theme.blit_text(surface, str(sum(r.points)), (total_x, y), size, (170, 40, 40), "black", anchor="midtop")
            t = clock(r.time) if r.time >= 0 else ("out" if out else "on the road" if r.status != "finished" else "–")
            theme.blit_text(surface, t, (time_x, y), size, ink, anchor="midtop")
            y += rh
        self.draw_widgets(surface)

    def _feed_box(self, surface, r, centre, ink) -> None:
        """The feed box of the sheet: a ticked box per feed zone where the rider fed, "missed" once it missed
        one (the smallest die to the finish)."""
        x, cy = centre
        zones = max(1, self.feeds)
        for z in range(zones):
            box = pygame.Rect(x - 8 * zones + 16 * z, cy - 6, 12, 12)
            pygame.draw.rect(surface, ink, box, 1)
            if r.fed_zones >> z & 1:
                pygame.draw.lines(surface, (40, 140, 60), False, [(box.x + 2, box.centery), (box.centerx - 1,
                                  box.bottom - 3), (box.right - 2, box.y + 2)], 2)
        if r.missed_feed:
            theme.blit_text(surface, "missed", (x + 8 * zones + 6, cy), 12, (170, 40, 40), "bold", anchor="midleft")
