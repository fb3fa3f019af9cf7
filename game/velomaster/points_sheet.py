"""The VeloMaster points sheet ("fiche de points"): per rider, the climber's points at each summit, the
total and the time; at Expert the feed boxes and the incidents; in a stage race the "Cumulé" columns (the
tour's points and time so far). Drawn by one function onto any surface: the overlay on the race table and
the PNG the player exports (every rider and every column at full size, with the race title and the date).

Drawing only: every figure comes from the view (and the tour's cumulated figures when given)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

import pygame

from ..i18n import C_, N_, _, tr
from ..paths import pictures_dir
from ..ui import theme
from ..ui.scenes.base import UIScene, dim
from ..ui.widgets import Button
from .condition_bar import draw_gauge, percent
from .course import short_summit
from .race_panel import BIBS, category_name, clock, incidents_text
from .rider_art import BIB_GREY, rider_icon
from .rules.view import VelomasterView
from .table_words import bib_name, role_name

HEAD_H = 106  # title, subtitle and the column heads
FOOT_H = 64  # the buttons' strip (on screen) or the footer line (the PNG)
RIDER_W = 296  # the rider column
SUMMIT_W = 70
TOTAL_W, TIME_W, FEED_W, INCIDENTS_W, CUMUL_W = 90, 95, 110, 130, 190
CONDITION_W = 110  # Pro: the condition column (the value and a small gauge)
TEAM_LINE_H = 24  # Pro: the team classification's line under the riders
RED_INK = (170, 40, 40)

SHEET_TITLE = N_("Fiche de points")  # the rulebook's own name for it
MONTHS = (N_("January"), N_("February"), N_("March"), N_("April"), N_("May"), N_("June"), N_("July"), N_("August"),
          N_("September"), N_("October"), N_("November"), N_("December"))


@dataclass(frozen=True)
class SheetColumns:
    """Where each column of the sheet is (x of its centre, relative to the sheet's left edge)."""

    summits: tuple[int, ...]
    total: int
    time: int
    feed: int  # 0: no feed column (Débutant)
    incidents: int
    cumul_points: int  # 0: no Cumulé columns (a single race)
    cumul_time: int
    width: int
    condition: int = 0  # 0: no condition column (below Pro, or condition not played)


def sheet_columns(summits: int, feed_boxes: bool, cumulated: bool, condition: bool = False) -> SheetColumns:
    xs = tuple(24 + RIDER_W + SUMMIT_W * i for i in range(summits))
    total = (xs[-1] + 80) if xs else 24 + RIDER_W + 10
    time = total + TOTAL_W
    x = time + TIME_W
    feed = incidents = 0
    if feed_boxes:
        feed, incidents = x, x + FEED_W
        x = incidents + INCIDENTS_W
    cond = 0
    if condition:
        cond, x = x - 10, x + CONDITION_W
    cumul_points = cumul_time = 0
    if cumulated:
        cumul_points, cumul_time = x - 10, x + 80
        x += CUMUL_W
    return SheetColumns(xs, total, time, feed, incidents, cumul_points, cumul_time, x - 20, cond)


def plays_condition(view: VelomasterView) -> bool:
    """Pro with the physical condition: the sheet has a Condition column."""
    return "condition" in view.pro


def team_line(view: VelomasterView, names: Sequence[str]) -> str:
    """Pro's team classification ("le temps cumulé des 3 premiers vélos de chaque équipe"), best first:
    "Teams: 1. Ann 1h02'10 · 2. Bob 1h03'40 · Cleo unclassed"; "" when it is not played, or before the first
    rider crosses the line (the stage times count from the arrivals)."""
    if "team_classification" not in view.pro or not view.team_times:
        return ""
    if view.first_arrival_turn < 0 and not view.over:
        return ""
    parts, place = [], 0
    for team, total in view.team_times:
        who = names[team] if 0 <= team < len(names) else _("Team {n}").format(n=team + 1)
        if total < 0:
            parts.append(_("{team} unclassed").format(team=who))
        else:
            place += 1
            parts.append(f"{place}. {who} {clock(total)}")
    return _("Teams (best riders' times): {teams}").format(teams=" · ".join(parts))


def feed_zone_count(view: VelomasterView, feed_zones: int) -> int:
    return max(feed_zones, *(r.fed_zones.bit_length() for r in view.riders)) if view.riders else feed_zones


def draw_sheet(surface: pygame.Surface, box: pygame.Rect, view: VelomasterView, names: Sequence[str],
               colours: Sequence, row_h: int, title: str, subtitle: str, feeds: int,
               cumulated: Sequence[tuple[int, int]] | None = None) -> None:
    """The sheet on paper inside ``box``: its title and subtitle, the column heads, a line a rider.
    ``cumulated``: per rider slot its tour (time, points) so far, or None (a single race)."""
    theme.panel(surface, box, theme.PAPER, border=theme.ACCENT)
    ink = theme.PAPER_INK
    feed_boxes = view.level != "debutant"
    condition = plays_condition(view)
    cols = sheet_columns(len(view.summits), feed_boxes, cumulated is not None, condition)
    x0 = box.x + 24
    theme.blit_text(surface, title, (x0, box.y + 12), 26, ink, "title")
    theme.blit_text(surface, theme.fit(subtitle, box.w - 48, 14), (x0, box.y + 44), 14, theme.mix(ink, theme.PAPER,
                    0.35))
    y = box.y + 66
    theme.blit_text(surface, _("Rider"), (x0, y), 14, ink, "bold")
    for s, cx in zip(view.summits, cols.summits, strict=False):
        theme.blit_text(surface, theme.fit(short_summit(s.name), SUMMIT_W - 4, 13, "bold"), (box.x + cx, y), 13, ink,
                        "bold", anchor="midtop")
        theme.blit_text(surface, category_name(s.category), (box.x + cx, y + 16), 12, ink, anchor="midtop")
    heads = [(N_("Total"), cols.total), (N_("Time"), cols.time)]
    if feed_boxes:
        heads += [(N_("Feed"), cols.feed), (N_("Incidents"), cols.incidents)]
    if condition:
        heads.append((N_("Condition"), cols.condition))
    if cumulated is not None:
        heads += [(N_("Cumulé pts"), cols.cumul_points), (N_("Cumulé time"), cols.cumul_time)]
        band = pygame.Rect(box.x + cols.cumul_points - 50, box.y + 60, cols.cumul_time - cols.cumul_points + 100,
                           46 + row_h * len(view.riders) + 6)  # the heads and the riders' lines
        pygame.draw.rect(surface, theme.mix(theme.PAPER, theme.ACCENT, 0.18), band, border_radius=6)
    for word, cx in heads:
        theme.blit_text(surface, _(word), (box.x + cx, y), 14, ink, "bold", anchor="midtop")
    y += 40
    size = 15 if row_h >= 20 else 13
    for r in view.riders:
        out = r.status == "abandoned"
        team = colours[r.team] if r.team < len(colours) else BIB_GREY
        rider_icon(surface, (x0 + 12, y + row_h // 2 - 4), team, BIBS.get(r.bib, BIB_GREY), r.role == "leader",
                   min(22, row_h - 2))
        whose = _("neutral") if r.team >= view.players else names[r.seat]
        words = _("{player} · {role} ({bib} bib)").format(player=whose, role=role_name(r.role), bib=bib_name(r.bib))
        if out:
            words += " · " + _("abandoned")
        theme.blit_text(surface, theme.fit(words, RIDER_W - 40, size), (x0 + 36, y), size,
                        theme.FAINT if out else ink)
        for i, cx in enumerate(cols.summits):
            pts = r.points[i] if i < len(r.points) else 0
            theme.blit_text(surface, str(pts) if pts else "·", (box.x + cx, y), size, ink, "bold" if pts else "body",
                            anchor="midtop")
        theme.blit_text(surface, str(sum(r.points)), (box.x + cols.total, y), size, RED_INK, "black",
                        anchor="midtop")
        t = clock(r.time) if r.time >= 0 else (tr(C_("rider", "out")) if out else _("on the road") if r.status != "finished" else "–")
        theme.blit_text(surface, t, (box.x + cols.time, y), size, ink, anchor="midtop")
        if feed_boxes:
            _feed_box(surface, r, (box.x + cols.feed, y + row_h // 2 - 2), ink, feeds)
            theme.blit_text(surface, incidents_text(r), (box.x + cols.incidents, y + 1), 13, RED_INK, anchor="midtop")
        if condition:
            _condition_cell(surface, r, (box.x + cols.condition, y), size, ink)
        if cumulated is not None and r.id < len(cumulated):
            c_time, c_points = cumulated[r.id]
            theme.blit_text(surface, str(c_points), (box.x + cols.cumul_points, y), size, RED_INK, "black",
                            anchor="midtop")
            theme.blit_text(surface, clock(c_time) if c_time >= 0 else tr(C_("rider", "out")), (box.x + cols.cumul_time, y), size,
                            ink, "bold", anchor="midtop")
        y += row_h
    teams = team_line(view, names)
    if teams:
        theme.blit_text(surface, theme.fit(teams, max(200, box.w - 380), 14, "bold"), (x0, y + 6), 14, ink, "bold")


def _condition_cell(surface, r, top, size: int, ink) -> None:
    """A rider's condition on the sheet: the percent and a small gauge (its band readable without colour)."""
    cx, y = top
    if r.status == "abandoned" or r.excluded:
        theme.blit_text(surface, _("excluded") if r.excluded else tr(C_("rider", "out")), (cx, y), size, RED_INK, anchor="midtop")
        return
    theme.blit_text(surface, percent(r.condition), (cx - 8, y), size, ink, "bold", anchor="topright")
    draw_gauge(surface, pygame.Rect(cx, y + size // 2 - 2, 36, 7), r.condition)
    if r.doped:  # only in its own seat's view: the sheet of the player at the screen
        theme.blit_text(surface, _("doped"), (cx + 42, y + size // 2 + 1), 12, RED_INK, "bold", anchor="midleft")


def _feed_box(surface, r, centre, ink, feeds: int) -> None:
    """The feed box of the sheet: a ticked box per feed zone where the rider fed, "missed" once it missed
    one (the smallest die to the finish)."""
    x, cy = centre
    zones = max(1, feeds)
    for z in range(zones):
        box = pygame.Rect(x - 8 * zones + 16 * z, cy - 6, 12, 12)
        pygame.draw.rect(surface, ink, box, 1)
        if r.fed_zones >> z & 1:
            pygame.draw.lines(surface, (40, 140, 60), False, [(box.x + 2, box.centery), (box.centerx - 1,
                              box.bottom - 3), (box.right - 2, box.y + 2)], 2)
    if r.missed_feed:
        theme.blit_text(surface, tr(C_("feed", "missed")), (x + 8 * zones + 6, cy), 12, RED_INK, "bold", anchor="midleft")


# --------------------------------------------------------------------------- the PNG export

EXPORT_ROW_H = 26


def sheet_image(view: VelomasterView, names, colours, title: str, subtitle: str, feeds: int,
                cumulated=None, when: datetime.datetime | None = None) -> pygame.Surface:
    """The whole sheet at full size (every rider on a 26 px line, every column), a footer with the date."""
    cols = sheet_columns(len(view.summits), view.level != "debutant", cumulated is not None, plays_condition(view))
    width = max(cols.width + 24, 720)
    height = HEAD_H + EXPORT_ROW_H * len(view.riders) + 44 + (TEAM_LINE_H if team_line(view, names) else 0)
    image = pygame.Surface((width, height))
    image.fill(theme.PAPER)
    draw_sheet(image, image.get_rect(), view, names, colours, EXPORT_ROW_H, title, subtitle, feeds, cumulated)
    when = when or datetime.datetime.now()
    theme.blit_text(image, _("Vélothèque · VeloMaster · exported {when}").format(when=f"{when:%Y-%m-%d %H:%M}"), (24, height - 30), 13,
                    theme.mix(theme.PAPER_INK, theme.PAPER, 0.45))
    return image


def sheets_dir() -> Path:
    """Where exported sheets go (made on first use): the "sheets" folder of the user data folder, or on Windows
    ``Pictures\\Velotheque`` (:func:`game.paths.pictures_dir`)."""
    return pictures_dir()


class ExportError(Exception):
    """The sheet could not be written; the message says why in plain words."""


def export_png(image: pygame.Surface, stem: str = "velomaster", when: datetime.datetime | None = None,
               folder: Path | None = None) -> Path:
    """Save ``image`` as ``<stem>-YYYY-MM-DD-HHMM.png`` in the sheets folder, never over an existing file
    (``-2``, ``-3``… appended). Raises :class:`ExportError` with a plain message when it cannot."""
    when = when or datetime.datetime.now()
    base = f"{stem}-{when:%Y-%m-%d-%H%M}"
    try:
        folder = folder if folder is not None else sheets_dir()
        for n in range(1, 1000):
            path = folder / (f"{base}.png" if n == 1 else f"{base}-{n}.png")
            try:
                with open(path, "xb") as out:  # "x": never overwrite, even a file made a moment ago
                    try:
                        pygame.image.save(image, out, path.name)
                    except BaseException:
                        out.close()
                        path.unlink(missing_ok=True)
                        raise
                return path
            except FileExistsError:
                continue
        raise ExportError(_("The points sheet was not saved: {folder} already holds too many sheets named {base}.").format(
            folder=folder, base=base))
    except (OSError, pygame.error) as exc:
        why = getattr(exc, "strerror", None) or str(exc)
        where = folder if folder is not None else _("the sheets folder")
        raise ExportError(_("The points sheet could not be saved in {where}: {why}. Nothing else is lost; "
                            "free some space or check the folder, then export again.").format(where=where, why=why)) from exc


class PointsSheetScene(UIScene):
    """The sheet as an overlay on the table (32 riders, 8 teams of four, fit), with an Export PNG button.
    ``colours`` by team; ``cumulated`` per rider slot its tour (time, points), or None."""

    overlay = True
    name = "points-sheet"

    def __init__(self, app, view: VelomasterView, names, colours, feed_zones: int = 0,
                 title: str | Sequence[str] = "", cumulated: Sequence[tuple[int, int]] | None = None):
        """``title``: what the race is, or its wordings from the longest (the sheet's line under its title takes
        the longest that fits)."""
        super().__init__(app)
        self.v, self.names, self.colours = view, names, colours
        self.titles = (title,) if isinstance(title, str) else (tuple(title) or ("",))
        self.race = self.titles[0]
        self.cumulated = cumulated
        n = len(view.riders)
        self.feeds = feed_zone_count(view, feed_zones)
        # title and column heads (106 px), a line a rider, then the buttons' own strip (64 px)
        self.row_h = max(15, min(26, (theme.H - 20 - HEAD_H - FOOT_H) // max(1, n)))
        cols = sheet_columns(len(view.summits), view.level != "debutant", cumulated is not None,
                             plays_condition(view))
        self.box = pygame.Rect(0, 0, min(theme.W - 40, max(cols.width + 24, 560)), HEAD_H + self.row_h * n + FOOT_H)
        self.box.center = (theme.W // 2, theme.H // 2)
        self.export_btn = self.add(Button((self.box.right - 320, self.box.bottom - 54, 150, 40), N_("Export PNG"),
                                          self.export, size=17, hotkey=pygame.K_e,
                                          tooltip=N_("Save the whole sheet as a picture you can keep or print")))
        self.add(Button((self.box.right - 150, self.box.bottom - 54, 130, 40), N_("Close"), self.app.pop, "primary",
                        size=18, hotkey=pygame.K_RETURN))
        self.last_export: Path | None = None

    def on_escape(self) -> bool:
        self.app.pop()
        return True

    def image(self, when: datetime.datetime | None = None) -> pygame.Surface:
        when = when or datetime.datetime.now()
        cols = sheet_columns(len(self.v.summits), self.v.level != "debutant", self.cumulated is not None,
                             plays_condition(self.v))
        width = max(cols.width + 24, 720) - 48  # as sheet_image makes it
        return sheet_image(self.v, self.names, self.colours, _(SHEET_TITLE), self.subtitle(when, width),
                           self.feeds, self.cumulated, when)

    def subtitle(self, when: datetime.datetime | None = None, width: int | None = None) -> str:
        """The race and the date, with the longest wording of the race that fits ``width`` px (if given)."""
        when = when or datetime.datetime.now()
        words = ""
        for race in self.titles:
            day = _("{day} {month} {year}").format(day=f"{when:%d}", month=_(MONTHS[when.month - 1]), year=when.year)
            words = " · ".join(p for p in (race, day) if p)
            if width is None or theme.font(14).size(words)[0] <= width:
                break
        return words

    def export(self) -> Path | None:
        """Write the sheet as a PNG in the sheets folder; a toast says where, or why it could not."""
        when = datetime.datetime.now()
        try:
            self.last_export = export_png(self.image(when), when=when)
        except ExportError as exc:
            self.app.toasts.show(str(exc), "error", 8)
            return None
        self.app.toasts.show(_("Points sheet saved in {folder} as {name}").format(
            folder=self.last_export.parent, name=self.last_export.name), "ok", 6)
        return self.last_export

    def draw(self, surface) -> None:
        dim(surface, 170)
        draw_sheet(surface, self.box, self.v, self.names, self.colours, self.row_h, _(SHEET_TITLE),
                   self.subtitle(width=self.box.w - 48), self.feeds, self.cumulated)
        self.draw_widgets(surface)
