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

from ..ui import theme
from ..ui.match_scene import MatchScene
from . import points_sheet, tour_art
from .rules.tour_events import StageOver, StageStarted
from .rules.variants import race_title
from .rules.view import RiderView
from .scene import MAP_RECT, VelomasterScene
from .tour_screen import TourStandingsScene, champion_kind, news_of
from .tour_standings import JERSEY_NAMES, Standings, stage_title, standings_of


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
        self._news: list[str] = []  # what the stage's end decided (for the standings screen)
        self._standings_key: object = None
        self._standings: Standings | None = None

    @property
    def race_state(self):
        return self.state.race  # the TourState's race of the stage

    def standings(self) -> Standings:
        view = self.v
        if self._standings_key is not view:
            self._standings_key, self._standings = view, standings_of(view, self.match.names)
        return self._standings

    def subtitle(self) -> str:
        view = self.v
        title = race_title(view.level, view.course)  # "Expert · Championnat de France 2007 · Aurillac"
        course = f" · {view.course.capitalize()}"
        return f"{stage_title(view)} · {title[:-len(course)] if title.endswith(course) else title}"

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
        title = self.subtitle()
        if done:
            cumulated = [(-1, 0)] * len(view.riders)
            for r, slot in enumerate(tour.slots):
                if 0 <= slot < len(cumulated):
                    cumulated[slot] = (tour.cum_time[r] if tour.status[r] == "in" else -1, tour.cum_points[r])
            title += f" · Cumulé: after stage {done}"
        self.app.push(points_sheet.PointsSheetScene(self.app, view, self.match.names, self.colours,
                                                    len(self.course.feed_zones), title, cumulated))

    def _rider_label(self, r: RiderView) -> str:
        words = super()._rider_label(r)
        held = [JERSEY_NAMES[k] for k, slot in self.standings().jerseys.items() if slot == r.id and k != "champion"]
        return f"{words} · {' & '.join(held)}" if held else words

    def draw(self, surface) -> None:
        super().draw(surface)
        self._draw_jersey_marks(surface)

    def _draw_jersey_marks(self, surface) -> None:
        """The Or and Rouge jerseys over their holders on the map (riders on the road)."""
        view = self.v
        champion = champion_kind(view)
        clip = surface.get_clip()
        surface.set_clip(MAP_RECT)
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
            spot = img.get_rect(center=(round(x) + 14, round(y) - 20))
            pygame.draw.circle(surface, theme.BG_DEEP, spot.center, 12)
            surface.blit(img, spot)
        surface.set_clip(clip)
