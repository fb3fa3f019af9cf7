"""A line chart of scores over rounds/laps for the results screen (one coloured line per seat)."""

from __future__ import annotations

import math
from typing import Sequence

import pygame

from ...i18n import N_, _, figure, tr
from .. import theme
from .base import Widget


def nice_axis(low: float, high: float, ticks: int = 4, whole: bool = True) -> tuple[float, float, float]:
    """Round axis bounds and a step of 1, 2, 2.5 or 5 times a power of ten (0, 25, 50, 75, 100);
    ``whole`` values (points, laps) never get a fractional step."""
    span = (high - low) or 1
    raw = span / ticks
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    if whole:
        step = max(1, math.ceil(step))
    return math.floor(low / step) * step, math.ceil(high / step) * step, step


class LineChart(Widget):
    def __init__(self, rect, labels: Sequence[str], series: Sequence[Sequence[float]],
                 colours: Sequence[tuple[int, int, int]], names: Sequence[str], y_label: str = N_("Points")):
        super().__init__(rect)
        self.labels = list(labels)
        self.series = [list(s) for s in series]
        self.colours = list(colours)
        self.names = list(names)
        self.y_label = y_label
        self.reveal = 0.0  # animates the lines drawing in
        self.keep_clear: pygame.Rect | None = None  # a control over the panel's corner (results' "More details")

    def plot_rect(self) -> pygame.Rect:
        """Where the lines are drawn: inside the panel above the legend, and below ``keep_clear`` when a control sits
        on the panel's top (the leader's last point is at the top right corner, where the tab is)."""
        extra = 24 * (len(self._legend_rows(self.rect.w - 90)) - 1)  # a legend of several rows takes room
        plot = self.rect.inflate(-90, -100 - extra).move(20, -14 - extra // 2)
        if self.keep_clear is not None and self.keep_clear.colliderect(plot.inflate(24, 24)):
            top = self.keep_clear.bottom + 14
            plot.h, plot.y = plot.bottom - top, top
        return plot

    def points(self) -> list[list[tuple[float, float]]]:
        """Each series' points on the screen, in the order of the labels."""
        plot = self.plot_rect()
        bottom, top, _step = self._axis()
        span = top - bottom
        n = len(self.labels)
        xs = [plot.x + (plot.w * i / (n - 1) if n > 1 else plot.w / 2) for i in range(n)]
        return [[(xs[i], plot.bottom - (v - bottom) / span * plot.h) for i, v in enumerate(series)]
                for series in self.series]

    def _axis(self) -> tuple[float, float, float]:
        values = [v for s in self.series for v in s] or [0]
        whole = all(float(v).is_integer() for v in values)
        return nice_axis(min(values + [0]), max(values + [1]), whole=whole)

    def update(self, dt, mouse) -> None:
        super().update(dt, mouse)
        self.reveal = min(1.0, self.reveal + dt * 0.9)

    def draw(self, surface) -> None:
        theme.panel(surface, self.rect, theme.PANEL_LO, shadow=False)
        if not self.labels or not self.series:
            theme.blit_text(surface, _("No chart for this match."), self.rect.center, 18, theme.MUTED, anchor="center")
            return
        legend = self._legend_rows(self.rect.w - 90)
        plot = self.plot_rect()
        bottom, top, step = self._axis()
        span = top - bottom
        ticks = round(span / step)
        for i in range(ticks + 1):
            y = plot.bottom - plot.h * i / ticks
            pygame.draw.line(surface, theme.PANEL_HI, (plot.x, y), (plot.right, y))
            theme.blit_text(surface, figure(bottom + step * i), (plot.x - 10, y), 14, theme.MUTED, anchor="midright")
        n = len(self.labels)
        xs = [plot.x + (plot.w * i / (n - 1) if n > 1 else plot.w / 2) for i in range(n)]
        self._draw_x_labels(surface, xs, plot.bottom + 10)
        theme.blit_text(surface, tr(self.y_label), (plot.x - 60, plot.y - 26), 14, theme.MUTED, "bold")
        upto = self.reveal * (n - 1) if n > 1 else 1
        for s, pts in enumerate(self.points()):
            colour = self.colours[s % len(self.colours)]
            shown = [p for i, p in enumerate(pts) if i <= upto]
            if len(shown) >= 2:
                pygame.draw.lines(surface, colour, False, shown, 4)
            for p in shown:
                pygame.draw.circle(surface, colour, p, 6)
                pygame.draw.circle(surface, theme.BG, p, 3)
        # legend: as many rows as the names need, the last one at the bottom
        for row, members in enumerate(legend):
            x = plot.x
            y = self.rect.bottom - 16 - 24 * (len(legend) - 1 - row)
            for s in members:
                colour = self.colours[s % len(self.colours)]
                pygame.draw.circle(surface, colour, (x + 6, y), 6)
                r = theme.blit_text(surface, self.names[s], (x + 16, y), 15, theme.INK, anchor="midleft")
                x = r.right + 20

    def _draw_x_labels(self, surface, xs: Sequence[float], y: float) -> None:
        """The labels under the points, each centred on its point but kept inside the panel, the last always shown;
        a label that would touch the one before it is left out."""
        font = theme.font(14)
        n = len(self.labels)
        step = max(1, n // 12)
        placed: list[tuple[int, float, float]] = []  # (index, left, right)
        for i, x in enumerate(xs):
            if i % step and i != n - 1:
                continue
            width = font.size(tr(self.labels[i]))[0]
            left = min(max(x - width / 2, self.rect.x + 8), self.rect.right - 8 - width)
            placed.append((i, left, left + width))
        shown: list[tuple[int, float, float]] = []
        for label in reversed(placed):  # from the last, which is always shown
            if not shown or label[2] + 12 <= shown[-1][1]:
                shown.append(label)
        for i, left, _right in shown:
            theme.blit_text(surface, tr(self.labels[i]), (left, y), 14, theme.MUTED, anchor="topleft")

    def _legend_rows(self, width: int) -> list[list[int]]:
        """The series in legend rows no wider than ``width`` (a dot, the name, a gap each)."""
        rows: list[list[int]] = [[]]
        x = 0
        for s, name in enumerate(self.names):
            w = 16 + theme.font(15).size(name)[0] + 20
            if rows[-1] and x + w - 20 > width:
                rows.append([])
                x = 0
            rows[-1].append(s)
            x += w
        return rows
