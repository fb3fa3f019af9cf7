"""The VeloMaster panel of the setup screen (the ``GameUI.setup_panel`` hook): a compact summary of the chosen
course (or of all of them) with a "Preview courses" button (added to the setup scene's widgets on first draw), and,
when two players share a team (Expert and Pro from 5 players, as :func:`.rules.setup.shared_pairs` says), who
moves which bikes."""

from __future__ import annotations

from typing import Sequence

import pygame

from ..ui import theme
from ..ui.widgets import Button
from .course import Course
from .preview import CoursePreviewScene, short_title
from .profile_strip import course_sketch
from .race_panel import category_name
from .rules.levels import LEVELS
from .rules.setup import shared_pairs
from .tiled import CourseError, bundled_course, bundled_course_files


def _chosen_course(scene) -> str | None:
    """The course chosen in the setup's Course option, if the scene has one."""
    widget = getattr(scene, "option_widgets", {}).get("course")
    value = getattr(widget, "value", None)
    return value if isinstance(value, str) else None


def _summary_courses(scene) -> list[Course]:
    chosen = _chosen_course(scene)
    names = [chosen] if chosen else [p.stem for p in bundled_course_files()]
    out = []
    for n in names:
        try:
            out.append(bundled_course(n))
        except CourseError:
            continue
    return out


def _shared_pairs(scene) -> tuple[tuple[int, int], ...]:
    """The teams two players share in the set-up chosen (Expert and Pro from 5 players), as the engine says."""
    widget = getattr(scene, "option_widgets", {}).get("level")
    level = LEVELS.get(getattr(widget, "value", ""))
    rows = getattr(scene, "rows", ())
    return shared_pairs(level, len(rows)) if level is not None else ()


SHARED_SHORTEST = 3  # shared_team_words' shortest wording (the seats by number)


def shared_team_words(pairs: Sequence[tuple[int, int]], names: Sequence[str], colours: Sequence[str],
                      short: int = 0) -> str:
    """Who moves which bikes when two players share a team: "Ann and Eddy ride red: a d20 at the start gives one
    the leader and the violet team-mate, the other the grey and the green; Eddy's bikes carry a violet disc."
    ``colours``: each seat's colour name; ``short``: 1 the same in fewer words, 2 the pairs by name without the d20,
    3 (:data:`SHARED_SHORTEST`) the seats by number ("1 & 5 red") for many players."""
    if not pairs:
        return ""
    if len(pairs) == 1:
        a, b = pairs[0]
        disc = f"{names[b]}'s bikes carry a {colours[b].lower()} disc."
        if short >= 2:
            return f"{names[a]} and {names[b]} share the {colours[a].lower()} team; {disc}"
        if short:
            return (f"{names[a]} and {names[b]} share the {colours[a].lower()} team: a d20 gives one the leader and "
                    f"violet, the other grey and green; {disc}")
        return (f"From 5 players two players share a team: {names[a]} and {names[b]} ride {colours[a].lower()}. "
                f"A d20 at the start gives one the leader and the violet team-mate, the other the grey and the "
                f"green; {disc}")
    tail = ("A d20 gives one of each pair the leader and violet, the other grey and green; a disc marks the second "
            "player's bikes.")
    if short >= SHARED_SHORTEST:
        teams = ", ".join(f"{a + 1} & {b + 1} {colours[a].lower()}" for a, b in pairs)
        return f"Shared teams, by seat: {teams}. {tail.replace('player', 'seat')}"
    teams = ", ".join(f"{names[a]} & {names[b]} {colours[a].lower()}" for a, b in pairs)
    if short >= 2:
        return f"Shared teams: {teams}; a disc in the second player's colour marks their bikes."
    if short:
        return f"Shared teams: {teams}. {tail}"
    return (f"From 5 players two players share a team: {teams}. A d20 at the start gives one of each pair the "
            f"leader and violet, the other grey and green; the second player's bikes carry a disc of their colour.")


SHARED_LINE = 17  # the shared teams' words, a line each at SUMMARY_SIZE


def setup_panel(scene, surface: pygame.Surface, rect: pygame.Rect) -> None:
    """``GameUI.setup_panel`` hook: the chosen course (or all of them) in one line, and a preview button, in the
    72 px at the bottom of ``rect``; when two players share a team (Expert and Pro from 5 players), who moves which
    bikes, above it when there is room, else in place of the course's climbs."""
    rect = pygame.Rect(rect)
    pairs = _shared_pairs(scene)
    rows = getattr(scene, "rows", ())
    names = [r.seat().name for r in rows]
    colours = [theme.SEAT_COLOUR_NAMES[r.swatch.index % len(theme.SEAT_COLOUR_NAMES)] for r in rows]
    shared = ""
    box = pygame.Rect(rect.x, rect.bottom - 72, rect.w, 72)
    if pairs:
        above = box.y - 8 - rect.y  # room above the course's box
        for short in range(SHARED_SHORTEST + 1):
            shared = shared_team_words(pairs, names, colours, short)
            lines = theme.wrap(shared, rect.w - 24, SUMMARY_SIZE)
            if 12 + SHARED_LINE * len(lines) <= above:
                words = pygame.Rect(rect.x, box.y - 8 - 12 - SHARED_LINE * len(lines), rect.w,
                                    12 + SHARED_LINE * len(lines))
                theme.panel(surface, words, theme.PANEL_LO, shadow=False)
                for k, line in enumerate(lines):
                    theme.blit_text(surface, line, (words.x + 12, words.y + 6 + SHARED_LINE * k), SUMMARY_SIZE,
                                    theme.INK)
                shared = ""  # said above the course's box
                break
        if shared:  # no room above: in the course's box, which takes all the height it has
            box = pygame.Rect(rect)
    theme.panel(surface, box, theme.PANEL_LO, shadow=False)
    button = getattr(scene, "_course_preview_button", None)
    if button is None:
        def open_preview() -> None:
            scene.app.push(CoursePreviewScene(scene.app, initial=_chosen_course(scene)))

        button = Button((0, 0, 190, 40), "Preview courses", open_preview, "secondary", size=16,
                        tooltip="Explore the maps: profile, climbs, feeds, danger cells")
        scene._course_preview_button = button
    button.rect.size = (190, 40)
    button.rect.midright = (box.right - 10, box.centery)
    if button not in scene.widgets:
        scene.widgets.append(button)
    try:
        courses = _summary_courses(scene)
    except Exception as exc:  # noqa: BLE001 - a broken map must not break the setup screen
        courses = []
        theme.blit_text(surface, f"Courses unavailable: {exc}", (box.x + 12, box.centery), 14, theme.RED,
                        anchor="midleft")
    th = 60
    x = box.x + 8
    for c in courses[:2]:
        img = course_sketch(c, (int(th * 1.4), th))
        surface.blit(img, (x, box.centery - th // 2))
        x += img.get_width() + 8
    tx = x + 6
    width = button.rect.x - 12 - tx
    if len(courses) == 1:
        c = courses[0]
        place, event = short_title(c)
        lanes = [len(c.row_cells(r)) for r in range(c.row_count)]
        if shared:  # who moves which bikes in place of the course's facts (the sketch and Preview stay): the
            room = box.bottom - 4 - (box.y + 8)  # names when they fit, else the seats by number
            shared = next((w for w in (shared_team_words(pairs, names, colours, k)
                                       for k in range(SHARED_SHORTEST + 1))
                           if len(theme.wrap(w, width, SUMMARY_SIZE)) * SHARED_LINE <= room),
                          shared_team_words(pairs, names, colours, SHARED_SHORTEST))
            _draw_lines(surface, shared, (tx, box.y + 8), width, box.bottom - 4, theme.INK)
            return
        title = f"{place} · {c.length_km:g} km · {c.finish_row} rows · {min(lanes)}–{max(lanes)} lanes"
        theme.blit_text(surface, title, (tx, box.y + 10), 16, theme.INK, "bold")
        climbs = " · ".join(f"{s.name} ({category_name(s.category)})" for s in c.summits)
        feeds = len(c.feed_zones)
        line = (f"Climbs: {climbs} · {len(c.danger_cells)} danger cells · {feeds} feed zone"
                f"{'s' if feeds != 1 else ''}")
        _draw_lines(surface, line, (tx, box.y + 34), width, box.bottom - 4)
    elif courses:
        theme.blit_text(surface, f"{len(courses)} courses", (tx, box.y + 10), 16, theme.INK, "bold")
        parts = [f"{short_title(c)[0]} {c.length_km:g} km, {len(c.summits)} climbs" for c in courses]
        _draw_lines(surface, shared or " · ".join(parts), (tx, box.y + 34), width, box.bottom - 4,
                    theme.INK if shared else theme.MUTED)


SUMMARY_SIZE = 13  # the setup summary's small print


def summary_lines(text: str, width: int, room: int) -> list[str]:
    """The summary's small print cut into lines that fit ``width``, as many as ``room`` px allow: words are
    never cut off; if the text is longer than the room, the last line ends with an ellipsis."""
    lines = theme.wrap(text, width, SUMMARY_SIZE)
    fit = max(1, room // 17)
    if len(lines) > fit:
        lines = lines[:fit]
        lines[-1] = theme.fit(lines[-1] + " …", width, SUMMARY_SIZE)
    return lines


def _draw_lines(surface: pygame.Surface, text: str, pos: tuple[int, int], width: int, bottom: int,
                colour=theme.MUTED) -> None:
    x, y = pos
    for line in summary_lines(text, width, bottom - y):
        theme.blit_text(surface, line, (x, y), SUMMARY_SIZE, colour)
        y += 17
