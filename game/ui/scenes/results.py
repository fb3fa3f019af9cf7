"""End of a match: winner, ranking with scores, a score chart, details; play again or go to the menu."""

from __future__ import annotations

import math

import pygame

from ... import i18n
from ...i18n import N_, _, ngettext, tr
from .. import theme
from ..widgets import Button, LineChart
from .base import UIScene


def chart_lines(match, result):
    """The chart's lines: one per seat, or one per team where partners share their score line (Mille
    Bornes' teams: two identical lines would hide one another), named "Ann & Carl" in the team's colour (its
    badge in the ranking)."""
    names = list(match.names)
    colours = [s.colour for s in match.seats]
    teams = match.game.teams(match.config)
    series = list(result.chart_series)
    if not teams or len(series) != len(names):
        return series, colours, names
    members: dict[int, list[int]] = {}
    for seat, team in enumerate(teams):
        members.setdefault(team, []).append(seat)
    if any(len({tuple(series[s]) for s in seats}) != 1 for seats in members.values()):
        return series, colours, names
    ordered = sorted(members.items(), key=lambda item: item[1])
    return ([series[seats[0]] for _team, seats in ordered],
            [theme.TEAM_COLOURS[team % len(theme.TEAM_COLOURS)] for team, _seats in ordered],  # as the team's badge
            [" & ".join(names[s] for s in seats) for _team, seats in ordered])


def figure(score: float) -> str:
    """A score as the language writes it: "1,475" / "1 475"; a fraction too ("2.5" / "2,5")."""
    return i18n.figure(score)


HEADLINE_SIZE = 40
BUTTONS_Y = 620
ROW_H = 48  # a line of the ranking (closer when there are many players, so that every one fits)
DETAILS_TAB = pygame.Rect(1080, 118, 150, 30)  # on the chart panel's top right corner (the chart is at 480, 110)


def headline(names, winners) -> str:
    """"Ann wins!", "Ann & Bob win!"; when the winners' names would not fit the screen's width, how many share
    the win (the ranking below names them)."""
    shared = [names[w] for w in winners]  # two as partners ("Ann & Bob"), more as a list ("Ann, Bob and Cleo")
    line = ngettext("{names} wins!", "{names} win!", len(winners)).format(
        names=" & ".join(shared) if len(shared) <= 2 else i18n.join_names(shared))
    if theme.font(HEADLINE_SIZE, "title").size(line)[0] <= theme.W - 80:
        return line
    return _("{n} players share the win!").format(n=len(winners))


class ResultsScene(UIScene):
    name = "results"

    def __init__(self, app, match, on_again, on_back_to_table):
        super().__init__(app)
        self.match = match
        result = match.state.result()
        self.result = result
        names = list(match.names)
        colours = [s.colour for s in match.seats]
        self.names, self.colours = names, colours
        series, series_colours, series_names = chart_lines(match, result)
        self.chart = self.add(LineChart((480, 110, 760, 420), result.chart_labels, series, series_colours,
                                        series_names, result.chart_label or result.score_label))
        self.no_chart = not result.chart_labels or not series  # its panel only says "No chart for this match."
        # details that fit neither under the ranking nor under the chart: a tab on the chart's panel shows them all
        # in its place (and the chart again); shown only when some would be left out
        self.details_shown = False
        self.details_tab = self.add(Button((DETAILS_TAB.x, DETAILS_TAB.y, DETAILS_TAB.w, DETAILS_TAB.h), "",
                                           self._toggle_details, size=15, words=self._details_tab_words))
        self.details_tab.visible = False
        self.add(Button((480, BUTTONS_Y, 240, 54), N_("Play again"), on_again, "primary", size=22))
        self.back_to_table = on_back_to_table
        self.add(Button((740, BUTTONS_Y, 240, 54), N_("See the table"), on_back_to_table, size=20))
        self.add(Button((1000, BUTTONS_Y, 240, 54), N_("Main menu"), self.app.home, size=20))
        self.t = 0.0
        app.sound.play("win")

    @property
    def headline(self) -> str:
        """"Ann wins!" in the language in use."""
        return headline(self.names, self.result.winners)

    def on_escape(self) -> bool:
        """Escape goes back to the finished table, as "See the table" does (its Results button opens this again):
        it used to leave for the main menu, and the finished match with its results was gone for good."""
        self.back_to_table()
        return True

    def update(self, dt: float) -> None:
        super().update(dt)
        self.t += dt

    def draw(self, surface) -> None:
        theme.backdrop(surface)
        # confetti-like jersey stripes behind the headline
        for i in range(18):
            x = (i * 73 + self.t * 40) % (theme.W + 40) - 20
            y = 20 + 14 * math.sin(self.t * 2 + i)
            colour = self.colours[i % len(self.colours)]
            pygame.draw.rect(surface, colour, (x, y, 10, 22), border_radius=3)
        theme.blit_text(surface, self.headline, (40, 52), HEADLINE_SIZE, theme.ACCENT, "title")
        theme.blit_text(surface, self.match.game.name, (40, 100), 18, theme.MUTED)
        if self.result.team_ranking:
            self._draw_details(surface, self._draw_teams(surface))
            self.draw_widgets(surface)
            return
        rows = len(self.result.ranking)
        row_h = min(ROW_H, (theme.H - 8 - 200) // max(1, rows))
        table = pygame.Rect(40, 140, 410, 60 + row_h * rows)
        theme.panel(surface, table, theme.PANEL)
        theme.blit_text(surface, _("RANK"), (60, 156), 13, theme.MUTED, "bold")
        theme.blit_text(surface, tr(self.result.score_label).upper(), (430, 156), 13, theme.MUTED, "bold",
                        anchor="topright")
        ranks = self._ranks()
        for i, seat in enumerate(self.result.ranking):
            y = 186 + row_h * i
            colour = self.colours[seat]
            if seat in self.result.winners:
                pygame.draw.rect(surface, theme.darken(theme.ACCENT, 0.55), (48, y - 6, 394, row_h - 6),
                                 border_radius=8)
            cy = y - 6 + (row_h - 6) // 2  # the middle of the row's band
            theme.blit_text(surface, f"{ranks[i]}", (64, cy), 22, theme.ACCENT, "black", anchor="midleft", tag=("rank", seat))
            pygame.draw.circle(surface, colour, (104, cy), 11)
            theme.blit_text(surface, self.names[seat], (124, cy), 21, theme.INK, "bold", anchor="midleft")
            texts = self.result.score_texts
            score = tr(texts[seat]) if seat < len(texts) else figure(self.result.scores[seat])
            theme.blit_text(surface, score, (430, cy), 22, theme.INK, "black", anchor="midright")
        self._draw_details(surface, table.bottom + 16)
        self.draw_widgets(surface)

    def _ranks(self) -> list[int]:
        """The place shown on each line of the ranking: as the game's result gives them where its rules leave
        players level ("1, 2, 2, 4"); else the winners share the first place and each other line has its own."""
        ranking, winners, places = self.result.ranking, self.result.winners, self.result.places
        if len(places) == len(ranking):
            return list(places)
        return [1 if seat in winners else i + 1 for i, seat in enumerate(ranking)]

    def _team_place(self, line: int, members: list[int]) -> int:
        """The place of the team on ``line`` of the team ranking: its partners' place where the game's result gives
        places (teams level on points share one); else teams sharing the win share the first, the others in order."""
        result = self.result
        if members and len(result.places) == len(result.ranking) and members[0] in result.ranking:
            return result.places[result.ranking.index(members[0])]
        return 1 if members and members[0] in result.winners else line + 1

    def _draw_teams(self, surface) -> int:
        """Teams ranked best first: the partners' names and the team's score; returns the bottom."""
        result = self.result
        teams = self.match.game.teams(self.match.config) or ()
        table = pygame.Rect(40, 140, 410, 60 + 56 * len(result.team_ranking))
        theme.panel(surface, table, theme.PANEL)
        theme.blit_text(surface, _("TEAM"), (60, 156), 13, theme.MUTED, "bold")
        theme.blit_text(surface, tr(result.score_label).upper(), (430, 156), 13, theme.MUTED, "bold", anchor="topright")
        for i, team in enumerate(result.team_ranking):
            y = 186 + 56 * i
            members = [s for s in range(len(teams)) if teams[s] == team]
            if members and members[0] in result.winners:
                pygame.draw.rect(surface, theme.darken(theme.ACCENT, 0.55), (48, y - 6, 394, 50), border_radius=8)
            rank = self._team_place(i, members)
            theme.blit_text(surface, f"{rank}", (64, y + 19), 22, theme.ACCENT, "black", anchor="midleft",
                            tag=("team rank", team))
            badge = (98, y + 19)
            pygame.draw.circle(surface, theme.TEAM_COLOURS[team % len(theme.TEAM_COLOURS)], badge, 12)
            theme.blit_text(surface, chr(ord("A") + team), badge, 14, theme.PAPER_INK, "bold", anchor="center")
            for k, seat in enumerate(members[:2]):
                pygame.draw.circle(surface, self.colours[seat], (124, y + 8 + 22 * k), 6)
                theme.blit_text(surface, theme.fit(self.names[seat], 230, 18, "bold"), (136, y + 8 + 22 * k), 18,
                                theme.INK, "bold", anchor="midleft")
            score = result.team_scores[team] if team < len(result.team_scores) else 0
            theme.blit_text(surface, figure(score), (430, y + 19), 22, theme.INK, "black", anchor="midright")
        return table.bottom + 16

    def _toggle_details(self) -> None:
        self.details_shown = not self.details_shown

    def _details_tab_words(self) -> str:
        return _("Chart") if self.details_shown else _("More details")

    def _draw_details(self, surface, y: int) -> None:
        """The result's details under the ranking; those it has no room for (many players) go on under the chart,
        above the buttons, or in the chart's place when there is no chart to show. When they fit in none of these
        (eight players, many stages), the tab "More details" on the chart's panel shows the rest in its place."""
        lines = [self._detail(line) for line in self.result.details]
        drawn = self._draw_lines(surface, lines, 40, y, 410, theme.H - 8)
        chart = self.chart.rect
        rest = lines[drawn:]
        under = self._draw_lines(None, rest, chart.x, chart.bottom + 8, chart.w, BUTTONS_Y - 6)
        self.details_tab.visible = bool(rest) and not self.no_chart and under < len(rest)
        self.chart.keep_clear = self.details_tab.rect if self.details_tab.visible else None
        if not self.details_tab.visible:
            self.details_shown = False
        in_place = self.no_chart or self.details_shown
        self.chart.visible = not rest or not in_place
        if not rest:
            return
        if not in_place:
            self._draw_lines(surface, rest, chart.x, chart.bottom + 8, chart.w, BUTTONS_Y - 6)
            return
        top = chart.y
        if self.details_shown:
            theme.panel(surface, chart, theme.PANEL)
            theme.blit_text(surface, _("MORE DETAILS"), (chart.x + 16, chart.y + 16), 13, theme.MUTED, "bold")
            top = chart.y + 48
        self._draw_lines(surface, rest, chart.x + (16 if self.details_shown else 0), top,
                         chart.w - (32 if self.details_shown else 0), BUTTONS_Y - 6)

    def _detail(self, line) -> str:
        line = tr(line)  # an engine's Words in the language in use; seats stay "{2}" until named here
        try:
            return i18n.fill_seats(line, self.names)  # "le leader d'Ann", not "de Ann"
        except (IndexError, KeyError, ValueError):
            return line

    @staticmethod
    def _draw_lines(surface, lines: list[str], x: int, y: int, width: int, bottom: int) -> int:
        """Draws whole lines from ``y`` down while they fit above ``bottom``; returns how many it drew (with no
        surface, how many would fit)."""
        for count, line in enumerate(lines):
            parts = theme.wrap(line, width, 15)
            if y + 20 * len(parts) > bottom:
                return count
            for part in parts:
                if surface is not None:
                    theme.blit_text(surface, part, (x, y), 15, theme.MUTED)
                y += 20
            y += 2
        return len(lines)
