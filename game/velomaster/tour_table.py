"""The VeloMaster table in a stage race ("Course à étapes"): which screen a match opens on, and the race
table of a tour's stage.

* :func:`velomaster_table` (the registry's :class:`VelomasterTable`) picks the scene: a single race opens the
  race table as always; a tour opens the race table of its current stage, or the standings screen when the tour waits
  between stages (a tour saved there resumes on it) or is over.
* :class:`TourRaceScene` is the race table with the tour's words: "Stage 2/3 · Aurillac" in the top bar,
  the jersey holders (Maillot Or, Maillot Rouge) marked on their riders on the map and in their name tags;
  when the stage ends it hands over to the standings screen once the last moves are animated."""

from __future__ import annotations

import pygame

from ..i18n import _, language, tr
from ..ui import theme
from ..ui.match_scene import MatchScene
from . import points_sheet, tour_art
from .map_callouts import free_spot
from .rules.levels import LEVELS
from .rules.tour_events import StageOver, StageStarted
from .rules.variants import level_name, race_title
from .rules.view import RiderView
from .scene import MAP_RECT, VelomasterScene
from .tour_screen import TourStandingsScene, champion_kind, news_of
from .tour_standings import JERSEY_NAMES, Standings, stage_title, standings_of

# where a jersey may go if its place over the rider's shoulder is taken: beside the bike, then further
JERSEY_OFFSETS = [(0, 0)] + [(dx, dy) for d in (6, 12, 18, 24, 30) for dx, dy in
                  ((-28 - d, 0), (0, -d), (-28, 40), (d, 20), (-28 - d, 40), (0, d + 40))]


def velomaster_table(app, match, entry):
    """The scene a VeloMaster match opens on (new or resumed): a tour waiting between stages, over, or whose
    last move started the next stage (nothing ridden in it yet: the standings were not left by their Start
    button) opens on the standings screen."""
    view = match.state.view(None)
    tour = getattr(view, "tour", None)
    if tour is None:
        return VelomasterScene(app, match, entry)
    just_started = bool(match.steps) and any(isinstance(e, StageStarted) for e in match.steps[-1].events)
    if match.is_over() or just_started or standings_of(view, match.names).between:
        return TourStandingsScene(app, match, entry)
    return TourRaceScene(app, match, entry)


class VelomasterTable(MatchScene):
    """The registry's table class for VeloMaster: ``VelomasterTable(app, match, entry)`` builds the scene
    :func:`velomaster_table` picks (a ``VelomasterScene``, ``TourRaceScene`` or ``TourStandingsScene``; as
    ``__new__`` returns an instance of another class, Python calls that instance's ``__init__`` only once)."""

    def __new__(cls, app, match, entry):
        return velomaster_table(app, match, entry)


class TourRaceScene(VelomasterScene):
    def __init__(self, app, match, entry):
        super().__init__(app, match, entry)
        self._stage_over = False
        self._news: list = []  # (news_of: each gives its words when drawn)  # what the stage's end decided (for the standings screen)
        self._standings_key: object = None
        self._standings: Standings | None = None

    @property
    def race_state(self):
        return self.state.race  # the TourState's race of the stage

    def standings(self) -> Standings:
        view = self.v
        if self._standings_key != (view, language()):  # words in the language in use: made again on a change
            self._standings_key, self._standings = (view, language()), standings_of(view, self.match.names)
        return self._standings

    def titles(self) -> tuple[str, ...]:
        """"Stage 2/3 · Aurillac · Expert · Championnat de France 2007", then without the championship."""
        view = self.v
        title = tr(race_title(view.level, view.course))  # "Expert · Championnat de France 2007 · Aurillac"
        course = f" · {view.course.capitalize()}"
        full = f"{stage_title(view)} · {title[:-len(course)] if title.endswith(course) else title}"
        return full, f"{stage_title(view)} · {tr(level_name(LEVELS[view.level])) if view.level in LEVELS else view.level}"

    def on_step(self, seat, action, events) -> None:
        super().on_step(seat, action, events)
        if any(isinstance(e, StageOver) for e in events):
            self._stage_over = True
            self._news = news_of(events, self.v, self.match.names)

    def update(self, dt: float) -> None:
        if self._stage_over or self.match.is_over() or self.standings().between:
            # the stage is over: its last moves finish on the map, then the standings screen
            self.anim.update(dt)
            for widget in self.widgets:
                if widget.visible:
                    widget.update(dt, self.app.mouse)
            self._refresh_chrome()
            if not self.busy():
                self.app.stack.replace(TourStandingsScene(self.app, self.match, self.entry, tuple(self._news)))
            return
        super().update(dt)

    def _sheet(self) -> None:
        """The stage's points sheet; from stage 2 its "Cumulé" columns give the tour's totals after the stages
        before this one (the subtitle says so)."""
        view = self.condition_view()
        tour = self.v.tour
        done = len(tour.stage_times)
        cumulated = None
        titles = self.titles()
        if done:
            cumulated = [(-1, 0)] * len(view.riders)
            for r, slot in enumerate(tour.slots):
                if 0 <= slot < len(cumulated):
                    cumulated[slot] = (tour.cum_time[r] if tour.status[r] == "in" else -1, tour.cum_points[r])
            titles = tuple(_("{title} · Cumulé: after stage {n}").format(title=title, n=done) for title in titles)
        self.app.push(points_sheet.PointsSheetScene(self.app, view, self.match.names, self.colours,
                                                    len(self.course.feed_zones), titles, cumulated))

    def _rider_label(self, r: RiderView) -> str:
        words = super()._rider_label(r)
        held = [_(JERSEY_NAMES[k]) for k, slot in self.standings().jerseys.items() if slot == r.id and k != "champion"]
        return f"{words} · {' & '.join(held)}" if held else words

    def _draw_rider_marks(self, surface) -> None:
        super()._draw_rider_marks(surface)
        self._draw_jersey_marks(surface)

    def _draw_jersey_marks(self, surface) -> None:
        """The Or and Rouge jerseys over their holders on the map (riders on the road): above the bike's right
        shoulder, or the nearest spot beside it clear of the cells' odds and of the other jersey, always inside
        the map."""
        view = self.v
        champion = champion_kind(view)
        area = MAP_RECT.inflate(-4, -4)
        for kind, slot in self.standings().jerseys.items():
            if kind == "champion" or not 0 <= slot < len(view.riders):
                continue
            r = view.riders[slot]
            if r.status in ("finished", "abandoned"):
                continue
            x, y = self.cv.map_to_screen(self._point(self._shown(slot)))
            if not MAP_RECT.collidepoint(x, y):
                continue
            img = tour_art.jersey(kind, 20, champion)
            disc = pygame.Rect(0, 0, 24, 24)
            disc.center = (round(x) + 14, round(y) - 20)
            disc, _ = free_spot(disc, area, (self.cv.text_boxes + self.overlay_boxes,), JERSEY_OFFSETS)
            pygame.draw.circle(surface, theme.BG_DEEP, disc.center, 12)
            surface.blit(img, img.get_rect(center=disc.center))
            self.overlay_boxes.append(disc)
