"""The course preview: both VeloMaster maps to explore (map, profile, facts).

``CoursePreviewScene(app)`` shows the bundled courses one at a time (cards on the right switch), each as a
:class:`~game.velomaster.course_view.CourseView` with its :class:`~game.velomaster.profile_strip.ProfileStrip`
and the facts of the course.
A map that cannot be loaded shows its :class:`~game.velomaster.tiled.CourseError` message instead.

The setup screen's own panel (its summary and the "Preview courses" button) is :mod:`.setup_panel`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence

import pygame

from ..ui import theme
from ..ui.scenes.base import UIScene
from ..ui.widgets import Button
from ..ui.widgets.base import Widget, play_sound
from .course import Climb, Course
from .course_view import (
    BIB_COLOURS,
    CourseView,
    MapArt,
    RiderMark,
    category_badge,
    map_art,
    slope_colour,
)
from .profile_strip import ProfileStrip, course_sketch
from .tiled import CourseError, bundled_course, bundled_course_files, load_course, maps_dir

# Where each course's data comes from, in a few words (docs/rules/velomaster.md, "Where the course data
# comes from", says it in full): the rulebook has no course data, so every cell is ours.
COURSE_SOURCES = {
    "salzburg": "real 2006 places, our cells",
    "aurillac": "stylised, all ours",
}
DEFAULT_SOURCE = "the map maker's"

VIEW_RECT = pygame.Rect(24, 84, 884, 466)
STRIP_RECT = pygame.Rect(24, 562, 884, 134)
SIDE = pygame.Rect(928, 84, 328, 612)


def short_title(course: Course) -> tuple[str, str]:
    """("Salzburg", "Championnat du Monde 2006") from the map title."""
    parts = [p.strip() for p in course.title.replace(" - ", " – ").split("–")]
    if len(parts) >= 2:
        return parts[-1], " – ".join(parts[:-1])
    return course.title, ""


def plain_error(exc: BaseException, path: Path) -> str:
    """A map problem in plain words (CourseError messages already name the file, layer and object)."""
    if isinstance(exc, CourseError):
        return str(exc)
    if isinstance(exc, FileNotFoundError):
        missing = Path(exc.filename).name if getattr(exc, "filename", None) else str(exc)
        return f"{path.name}: cannot draw the map: missing file {missing!r} (an image it refers to)"
    return f"{path.name}: cannot draw the map: {exc}"


@dataclass
class CourseEntry:
    path: Path
    course: Course | None = None
    art: MapArt | None = None
    error: str | None = None
    views: tuple[CourseView, ProfileStrip] | None = field(default=None, repr=False)

    @property
    def name(self) -> str:
        return self.course.name if self.course else self.path.stem


def load_entry(path: str | Path, render: bool = True) -> CourseEntry:
    """Parse and validate one map, and render it unless ``render`` is False (see :func:`ensure_art`).

    Any failure becomes an error message on the entry, never an exception.
    """
    path = Path(path)
    try:
        bundled = path.resolve().parent == maps_dir().resolve()
        course = bundled_course(path.stem) if bundled else load_course(path)
    except Exception as exc:  # noqa: BLE001 - a preview must survive any broken file
        return CourseEntry(path, error=plain_error(exc, path))
    entry = CourseEntry(path, course)
    if render:
        ensure_art(entry)
    return entry


def ensure_art(entry: CourseEntry) -> None:
    """Render the entry's map (about 0.3 s the first time, then shared) unless done or broken."""
    if entry.art is not None or entry.error or entry.course is None:
        return
    try:
        entry.art = map_art(entry.path)
    except Exception as exc:  # noqa: BLE001
        entry.error = plain_error(exc, entry.path)


def sample_riders(course: Course, teams: Sequence[Sequence[int]] | None = None) -> list[RiderMark]:
    """A demo peloton: four teams of four (leader yellow, team-mates grey, violet, green) after the start."""
    teams = list(teams or theme.SEAT_COLOURS[:4])
    cells = [c for r in range(1, 14) for c in course.row_cells(r)]
    picks = cells[::2][:4 * len(teams)]
    out = []
    for i, c in enumerate(picks):
        team = tuple(teams[i % len(teams)][:3])
        out.append(RiderMark(c, team, BIB_COLOURS[(i // len(teams)) % 4], key=i))
    return out


# ============================================================================================ widgets


class CourseCard(Widget):
    """One course to pick: its map thumbnail, name and length."""

    def __init__(self, rect, entry: CourseEntry, on_click: Callable[[], None]):
        super().__init__(rect)
        self.entry = entry
        self.on_click = on_click
        self.selected = False

    def current_tooltip(self) -> str | None:
        if self.entry.error:
            return self.entry.error
        if self.entry.course:
            return self.entry.course.title
        return None

    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.contains(event.pos):
            play_sound("click")
            self.on_click()
            return True
        return False

    def draw(self, surface) -> None:
        r = self.rect
        fill = theme.PANEL_HI if (self.hovered or self.selected) else theme.PANEL
        theme.panel(surface, r, fill, border=theme.ACCENT if self.selected else theme.LINE)
        thumb = pygame.Rect(r.x + 8, r.y + 8, r.w - 16, r.h - 50)
        e = self.entry
        if e.art is not None:
            img = e.art.thumbnail(thumb.size)
            surface.blit(img, img.get_rect(center=thumb.center))
        elif e.course is not None:
            img = course_sketch(e.course, thumb.size)
            surface.blit(img, img.get_rect(center=thumb.center))
        else:
            pygame.draw.rect(surface, theme.PANEL_LO, thumb, border_radius=6)
            theme.blit_text(surface, "!", thumb.center, 34, theme.RED, "black", anchor="center")
        if e.course is not None:
            place, event = short_title(e.course)
            year = "".join(ch for ch in event if ch.isdigit())[-4:]
            theme.blit_text(surface, f"{place} {year}".strip(), (r.x + 10, r.bottom - 38), 16,
                            theme.ACCENT if self.selected else theme.INK, "bold")
            theme.blit_text(surface, f"{e.course.length_km:g} km · {len(e.course.summits)} climbs",
                            (r.x + 10, r.bottom - 19), 13, theme.MUTED)
        else:
            theme.blit_text(surface, e.path.stem, (r.x + 10, r.bottom - 38), 16, theme.INK, "bold")
            theme.blit_text(surface, "cannot be loaded", (r.x + 10, r.bottom - 19), 13, theme.RED, "bold")


# ============================================================================================ the scene


class CoursePreviewScene(UIScene):
    """Explore the courses: map (drag, wheel), profile (click to jump), facts; Esc or Back closes."""

    name = "course-preview"

    def __init__(self, app, paths: Sequence[str | Path] | None = None, initial: str | None = None):
        super().__init__(app)
        files = [Path(p) for p in (paths if paths is not None else bundled_course_files())]
        first = next((i for i, p in enumerate(files) if p.stem == initial), 0)
        # the chosen map is rendered now, the others a frame or two after the screen shows (no long freeze)
        self.entries = [load_entry(p, render=(i == first)) for i, p in enumerate(files)]
        self.index = first
        self._frames = 0
        self.show_riders = False
        n = max(1, len(self.entries))
        gap = 12
        cw = (SIDE.w - gap * (n - 1)) // n
        self.cards = [self.add(CourseCard((SIDE.x + i * (cw + gap), SIDE.y, cw, 132), e, self._pick(i)))
                      for i, e in enumerate(self.entries)]
        self.back = self.add(Button((SIDE.x, SIDE.bottom - 48, SIDE.w, 48), "Back", self.app.pop, "primary",
                                    hotkey=pygame.K_BACKSPACE))
        bx = VIEW_RECT.right - 12
        self.fit_button = self.add(Button((bx - 56, VIEW_RECT.y + 12, 56, 34), "Fit", self._fit, "ghost", size=15,
                                          tooltip="Show the whole map (F)"))
        self.zoom_out = self.add(Button((bx - 56 - 42, VIEW_RECT.y + 12, 36, 34), "−", self._zoom(-1), "ghost",
                                        size=20, tooltip="Zoom out (-)"))
        self.zoom_in = self.add(Button((bx - 56 - 84, VIEW_RECT.y + 12, 36, 34), "+", self._zoom(1), "ghost",
                                       size=20, tooltip="Zoom in (+)"))
        self.riders_button = self.add(Button((bx - 56 - 84 - 132, VIEW_RECT.y + 12, 126, 34), "Show riders",
                                             self._toggle_riders, "ghost", size=15,
                                             tooltip="A sample peloton: four teams of four (R)"))
        self._select(self.index)

    # -------------------------------------------------------------- state

    @property
    def entry(self) -> CourseEntry | None:
        return self.entries[self.index] if self.entries else None

    @property
    def view(self) -> CourseView | None:
        e = self.entry
        return e.views[0] if e is not None and e.views else None

    @property
    def strip(self) -> ProfileStrip | None:
        e = self.entry
        return e.views[1] if e is not None and e.views else None

    def _pick(self, i: int) -> Callable[[], None]:
        return lambda: self._select(i)

    def _select(self, i: int) -> None:
        if not self.entries:
            return
        self.index = i % len(self.entries)
        e = self.entries[self.index]
        ensure_art(e)
        if e.views is None and e.course is not None and e.art is not None and not e.error:
            view = CourseView(VIEW_RECT, e.course, art=e.art, on_cell_click=self._clicked)
            view.pace = self.app.settings.pace
            view.focus_row(0, animate=False)
            e.views = (view, ProfileStrip(STRIP_RECT, e.course, view))
        for k, card in enumerate(self.cards):
            card.selected = k == self.index
        self._apply_riders()
        view_ok = self.view is not None
        for b in (self.fit_button, self.zoom_in, self.zoom_out, self.riders_button):
            b.visible = view_ok

    def _clicked(self, cell) -> None:
        if self.view is not None:
            self.view.focus(cell)

    def _fit(self) -> None:
        if self.view is not None:
            self.view.fit()

    def _zoom(self, steps: int) -> Callable[[], None]:
        def go() -> None:
            if self.view is not None:
                self.view.zoom_step(steps)
        return go

    def _toggle_riders(self) -> None:
        self.show_riders = not self.show_riders
        self._apply_riders()

    def _apply_riders(self) -> None:
        self.riders_button.label = "Hide riders" if self.show_riders else "Show riders"
        for e in self.entries:
            if e.views is not None and e.course is not None:
                e.views[0].riders = sample_riders(e.course) if self.show_riders else []

    # -------------------------------------------------------------- events

    def handle_event(self, event) -> bool:
        view, strip = self.view, self.strip
        # the course view and strip sit under the buttons: buttons first (UIScene order), then them
        if super().handle_event(event):
            return True
        for w in (strip, view):
            if w is not None and w.handle_event(event):
                return True
        if event.type == pygame.KEYDOWN:
            k = event.key
            if k in (pygame.K_TAB, pygame.K_RIGHT, pygame.K_PAGEDOWN):
                self._select(self.index + 1)
            elif k in (pygame.K_LEFT, pygame.K_PAGEUP):
                self._select(self.index - 1)
            elif view is not None and k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
                view.zoom_step(1)
            elif view is not None and k in (pygame.K_MINUS, pygame.K_KP_MINUS):
                view.zoom_step(-1)
            elif view is not None and k == pygame.K_f:
                view.fit()
            elif view is not None and k == pygame.K_HOME:
                view.focus_row(0)
            elif view is not None and k == pygame.K_END:
                view.focus_row(view.course.finish_row)
            elif k == pygame.K_r:
                self._toggle_riders()
            else:
                return False
            return True
        return False

    def on_escape(self) -> bool:
        self.app.pop()
        return True

    def update(self, dt: float) -> None:
        self._frames += 1
        if self._frames > 3:  # render the other maps in the background of the first seconds, one per frame
            pending = next((e for e in self.entries if e.art is None and not e.error and e.course), None)
            if pending is not None:
                ensure_art(pending)
        view, strip = self.view, self.strip
        if view is not None and strip is not None:
            view.pace = self.app.settings.pace
            view.update(dt, self.app.mouse)
            strip.update(dt, self.app.mouse)
        super().update(dt)

    def animating(self) -> bool:
        return bool(self.view is not None and self.view.animating)

    # -------------------------------------------------------------- drawing

    def draw(self, surface) -> None:
        theme.backdrop(surface)
        theme.blit_text(surface, "VeloMaster courses", (24, 22), 30, theme.ACCENT, "title")
        e = self.entry
        if e is not None and e.course is not None:
            theme.blit_text(surface, e.course.title, (VIEW_RECT.right, 50), 18, theme.INK, "bold",
                            anchor="bottomright")
        theme.blit_text(surface, "Drag to pan · wheel to zoom · hover a cell for its tags · click the profile to jump",
                        (VIEW_RECT.right, 70), 13, theme.MUTED, anchor="bottomright")
        if self.view is not None and self.strip is not None:
            theme.panel(surface, VIEW_RECT.inflate(6, 6), theme.BG_DEEP, radius=6)
            self.view.draw(surface)
            pygame.draw.rect(surface, theme.LINE, VIEW_RECT.inflate(2, 2), 1)
            self.strip.draw(surface)
        else:
            self._draw_problem(surface)
        self._draw_facts(surface)
        self.draw_widgets(surface)

    def _draw_problem(self, surface) -> None:
        box = VIEW_RECT.union(STRIP_RECT)
        theme.panel(surface, box, theme.PANEL_LO, border=theme.RED)
        e = self.entry
        title = "No course maps found" if e is None else "This course cannot be shown"
        theme.blit_text(surface, title, (box.x + 40, box.y + 50), 28, theme.RED, "title")
        msg = ("The maps folder has no .tmx file." if e is None else e.error or "Unknown problem.")
        y = box.y + 110
        for line in theme.wrap(msg, box.w - 80, 18, "bold")[:8]:
            theme.blit_text(surface, line, (box.x + 40, y), 18, theme.INK, "bold")
            y += 26
        hint = ("Open the map in Tiled and fix what the message names, or run tools/make_maps.py to "
                "regenerate the bundled maps. See docs/rules/velomaster.md, “Editing the maps”.")
        y += 16
        for line in theme.wrap(hint, box.w - 80, 16)[:4]:
            theme.blit_text(surface, line, (box.x + 40, y), 16, theme.MUTED)
            y += 22

    def _draw_facts(self, surface) -> None:
        top = SIDE.y + 146
        box = pygame.Rect(SIDE.x, top, SIDE.w, self.back.rect.y - 12 - top)
        theme.panel(surface, box, theme.PANEL_LO, shadow=False)
        e = self.entry
        x, y = box.x + 16, box.y + 14
        if e is None or e.course is None:
            theme.blit_text(surface, "No facts: the map did not load.", (x, y), 15, theme.MUTED, "italic")
            return
        c = e.course
        place, event = short_title(c)
        theme.blit_text(surface, place, (x, y), 22, theme.INK, "title")
        y += 30
        theme.blit_text(surface, event, (x, y), 14, theme.MUTED)
        y += 26
        prof = c.profile()
        lanes = [len(c.row_cells(r)) for r in range(c.row_count)]
        hi_row = prof.highest_row
        facts = [
            ("Length", f"{c.length_km:g} km, {c.finish_row} rows"),
            ("Lanes", f"{min(lanes)}–{max(lanes)}" if lanes else "–"),
            ("Start / finish", f"{prof.elevations[0]} m / {prof.elevations[min(c.finish_row, len(prof.elevations) - 1)]} m"),
            ("Highest point", f"{prof.elevations[hi_row]} m, km {c.km_at(hi_row):.1f}"),
            ("Danger cells", str(len(c.danger_cells))),
            ("Feed zones", ", ".join(f"km {c.km_at(z.first_row):.1f}" for z in c.feed_zones) or "none"),
            ("Course data", COURSE_SOURCES.get(c.name, DEFAULT_SOURCE)),
        ]
        for k, v in facts:
            theme.blit_text(surface, k, (x, y), 14, theme.MUTED, "bold")
            theme.blit_text(surface, v, (box.right - 16, y), 14, theme.INK, "bold", anchor="topright")
            y += 21
        y += 8
        pygame.draw.line(surface, theme.LINE, (x, y), (box.right - 16, y))
        y += 10
        theme.blit_text(surface, "CLIMBS", (x, y), 12, theme.MUTED, "black")
        y += 20
        for climb in prof.climbs:
            if y > box.bottom - 44:
                break
            y = self._draw_climb(surface, c, climb, x, y, box.right - 16)

    def _draw_climb(self, surface, c: Course, climb: Climb, x: int, y: int, right: int) -> int:
        s = climb.summit
        category_badge(surface, (x + 11, y + 11), s.category, 11)
        theme.blit_text(surface, s.name, (x + 30, y + 1), 16, theme.INK, "bold")
        theme.blit_text(surface, f"{s.elevation} m", (right, y + 2), 15, theme.INK, "bold", anchor="topright")
        chip = theme.text(f"max {climb.max_slope}%", 12, theme.contrast_ink(slope_colour(climb.max_slope)), "black")
        box = chip.get_rect(topright=(right - 4, y + 22)).inflate(8, 2)
        pygame.draw.rect(surface, slope_colour(climb.max_slope), box, border_radius=4)
        surface.blit(chip, chip.get_rect(center=box.center))
        length = c.km_at(s.row) - c.km_at(climb.first_row)
        slopes = " → ".join(f"{sec.slope}%" for sec in climb.sections)
        km = f"km {c.km_at(s.row):.1f}"
        room = box.x - 8 - (x + 30)
        for line in (f"{km} · {length:.1f} km at {slopes} · +{climb.gain} m", f"{km} · {length:.1f} km at {slopes}",
                     f"{km} · {slopes}"):
            if theme.font(12).size(line)[0] <= room:
                break
        theme.blit_text(surface, line, (x + 30, y + 22), 12, theme.MUTED)
        return y + 46
