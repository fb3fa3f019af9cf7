"""The VeloMaster course view, profile strip and course preview, driven headless through the real App."""

import dataclasses
import math
import random
import shutil
from pathlib import Path

import pygame
import pytest

from game.ui import theme
from game.ui.scenes.setup import SetupScene
from game.velomaster.course import CLIMB
from game.velomaster.course_geometry import point_in_polygon
from game.velomaster.course_overlays import RiderMark
from game.velomaster.course_view import HOVER_DELAY, CourseView
from game.velomaster.preview import CoursePreviewScene
from game.velomaster.profile_strip import ProfileStrip
from game.velomaster.rider_art import BIB_COLOURS
from game.velomaster.setup_panel import setup_panel
from game.velomaster.tiled import bundled_course, maps_dir

from .test_match_scene import ENTRY as RACE_ENTRY
from .test_ui_monkey import random_event
from .ui_helpers import click, frames, make_app


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path / "home"))
    return make_app("normal")


@pytest.fixture()
def preview(app):
    scene = CoursePreviewScene(app, initial="salzburg")
    app.stack.clear_to(scene)
    frames(app, 2)
    return scene


def motion(pos, buttons=(0, 0, 0)):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons)


def settle(app, view, limit=240):
    for _ in range(limit):
        if not view.animating:
            return
        frames(app, 1)
    raise AssertionError("the camera never settled")


def a_cell_in_the_middle(view: CourseView, row: int = 40):
    """Centre the camera on a cell well inside the map and return it with its screen position."""
    cell = view.course.row_cells(row)[0]
    view.focus(cell, animate=False, zoom=1.0)
    x, y = view.map_to_screen(cell.centre)
    return cell, (round(x), round(y))


# ============================================================================ camera


@pytest.mark.parametrize("button", [1, 3], ids=["left", "right"])
def test_dragging_pans_the_map_and_is_not_a_click(app, preview, button):
    view = preview.view
    clicked = []
    view.on_cell_click = clicked.append
    cell, pos = a_cell_in_the_middle(view, 60)
    before = view.centre
    end = (pos[0] + 90, pos[1] + 40)
    app.step(1 / 60, [motion(pos), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)])
    app.step(1 / 60, [motion((pos[0] + 30, pos[1] + 10), (1, 0, 0)), motion(end, (1, 0, 0))])
    assert view.dragging
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=button)])
    after = view.centre
    assert after[0] == pytest.approx(before[0] - 90 / view.zoom, abs=0.01)
    assert after[1] == pytest.approx(before[1] - 40 / view.zoom, abs=0.01)
    assert clicked == [] and view.clicked_cell is None
    # the map point grabbed stayed under the cursor
    x, y = view.map_to_screen(cell.centre)
    assert (x, y) == pytest.approx(end, abs=1.0)


def test_a_click_without_drag_reports_the_cell(app, preview):
    view = preview.view
    clicked = []
    view.on_cell_click = clicked.append
    cell, pos = a_cell_in_the_middle(view, 60)
    click(app, pos)
    assert clicked == [cell] and view.clicked_cell == cell
    tiny = (pos[0] + 2, pos[1] + 1)  # a jitter below the drag threshold is still a click
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1), motion(tiny, (1, 0, 0)),
                      pygame.event.Event(pygame.MOUSEBUTTONUP, pos=tiny, button=1)])
    assert len(clicked) == 2


@pytest.mark.parametrize("direction", [1, -1], ids=["in", "out"])
def test_wheel_zoom_keeps_the_point_under_the_cursor(app, preview, direction):
    view = preview.view
    a_cell_in_the_middle(view, 60)
    view.set_zoom(0.8, animate=False)
    cursor = (view.rect.x + 260, view.rect.y + 300)
    frames(app, 1, events=[motion(cursor)])
    grabbed = view.screen_to_map(cursor)
    zoom = view.zoom
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=direction, flipped=False)])
    assert view.animating  # eased at "normal" speed...
    mid = view.screen_to_map(cursor)
    assert mid == pytest.approx(grabbed, abs=1.5 / min(view.zoom, zoom))  # ...and anchored all along
    settle(app, view)
    assert (view.zoom > zoom) if direction > 0 else (view.zoom < zoom)
    assert view.screen_to_map(cursor) == pytest.approx(grabbed, abs=1.0 / view.zoom + 0.01)


def test_zoom_and_pan_stay_within_the_map(app, preview):
    view = preview.view
    view.pace = 0
    for _ in range(12):
        view.zoom_step(-1)
    assert view.zoom == pytest.approx(view.min_zoom)
    mw, mh = view.art.size
    view.set_zoom(1.5, animate=False)
    view.pan_by(-10_000, -10_000)
    x0, y0, x1, y1 = view.visible_map_rect()
    assert x0 >= -0.5 and y0 >= -0.5
    view.pan_by(20_000, 20_000)
    x0, y0, x1, y1 = view.visible_map_rect()
    assert x1 <= mw + 0.5 and y1 <= mh + 0.5


def test_focus_eases_the_camera_to_a_cell(app, preview):
    view = preview.view
    target = view.course.row_cells(70)[1]
    view.focus(target)
    frames(app, 1)
    assert view.animating
    settle(app, view)
    sx, sy = view.map_to_screen(target.centre)
    assert math.dist((sx, sy), view.rect.center) < 1.5 or not view.rect.collidepoint(view.rect.center)


def test_cell_at_and_screen_to_map_round_trip(app, preview):
    view = preview.view
    for zoom in (0.45, 0.8, 1.0, 1.25, 1.5):
        view.focus_row(60, animate=False)
        view.set_zoom(zoom, animate=False)
        seen = 0
        for cell in view.course.cells:
            x, y = view.map_to_screen(cell.centre)
            if not view.rect.inflate(-4, -4).collidepoint(x, y):
                continue
            seen += 1
            assert view.screen_to_map((x, y)) == pytest.approx(cell.centre, abs=1e-6)
            assert view.cell_at((x, y)) == cell
        assert seen >= 10
        assert view.cell_at((view.rect.x - 5, view.rect.y + 5)) is None  # outside the view
    # off the road there is no cell, and cell_at agrees with the polygons
    for dx in range(0, view.rect.w, 37):
        pos = (view.rect.x + dx, view.rect.y + 11)
        m = view.screen_to_map(pos)
        hit = [c for c in view.course.cells if point_in_polygon(m, c.polygon)]
        assert view.cell_at(pos) == (hit[0] if hit else None)


# ============================================================================ hover, overlays, riders


def test_hovering_a_cell_shows_its_tags(app, preview):
    view = preview.view
    course = view.course
    summit = course.summits[0]
    climb = next(c for c in course.row_cells(summit.row - 1) if c.terrain == CLIMB)
    view.focus(climb, animate=False, zoom=1.0)
    pos = tuple(round(v) for v in view.map_to_screen(climb.centre))
    frames(app, 1, events=[motion(pos)])
    assert view.hover_cell == climb
    tags = dict(view.cell_tags(climb))
    assert tags["Row"] == str(climb.row) and tags["Lane"] == str(climb.lane)
    assert tags["Terrain"] == "climb" and tags["Slope"] == f"{climb.slope} %"
    assert tags["Danger"] == ("yes" if climb.danger else "no") and tags["Feed"] == ("yes" if climb.feed else "no")
    assert tags["Km"] == f"{course.km_at(climb.row):.1f}" and tags["Elevation"] == f"{climb.elevation} m"
    top = course.row_cells(summit.row)[0]
    assert summit.name in dict(view.cell_tags(top))["Summit"]
    finish = course.row_cells(course.finish_row)[0]
    assert "Finish" in dict(view.cell_tags(finish))
    danger = course.danger_cells[0]
    assert dict(view.cell_tags(danger))["Danger"] == "yes"
    # the card appears after a short delay, and drawing it works
    frames(app, int(HOVER_DELAY * 60) + 3)
    assert view._hover_time >= HOVER_DELAY
    # moving off the road hides it
    frames(app, 1, events=[motion((view.rect.x + 2, view.rect.y + 200))])
    assert view.hover_cell is None or view.hover_cell != climb


def test_hover_card_is_drawn_beside_the_cursor(app, preview):
    view = preview.view
    cell, pos = a_cell_in_the_middle(view, 30)
    frames(app, 1, events=[motion(pos)])
    frames(app, int(HOVER_DELAY * 60) + 3)
    # the card is a paper-coloured panel down-right of the cursor (or flipped at the view's edges), a little
    # farther when nearer it would hide the cell pointed at (cell_card.card_place), never under the pointer
    near = [(pos[0] + 30, pos[1] + 60), (pos[0] - 60, pos[1] - 40), (pos[0] + 30, pos[1] - 40),
            (pos[0] - 60, pos[1] + 60)]
    far = [(x + (60 if x > pos[0] else -60), y + (40 if y > pos[1] else -40)) for x, y in near]
    assert any(tuple(app.canvas.get_at(c))[:3] == theme.PAPER for c in near + far)
    assert tuple(app.canvas.get_at(pos))[:3] != theme.PAPER


def test_rows_have_a_heading_along_the_road(app, preview):
    view = preview.view
    geo = view.geometry
    for r in range(0, view.course.row_count - 1, 7):
        h = geo.headings[r]
        a, b = geo.row_centres[r], geo.row_centres[r + 1]
        step = math.atan2(b[1] - a[1], b[0] - a[0])
        assert abs((h - step + math.pi) % (2 * math.pi) - math.pi) < 0.6  # roughly the way the road goes


def test_riders_highlights_and_paths_draw(app, preview):
    view = preview.view
    course = view.course
    cells = [c for r in range(20, 26) for c in course.row_cells(r)]
    view.focus_row(25, animate=False)
    view.set_zoom(0.8, animate=False)
    view.riders = [RiderMark(c, theme.SEAT_COLOURS[i % 4], BIB_COLOURS[i // 4 % 4], crashed=(i == 3),
                             selected=(i == 1)) for i, c in enumerate(cells[:12])]
    target, tinted = course.row_cells(28)[0], course.row_cells(28)[-1]
    view.highlight([tinted], (255, 0, 255), alpha=255)
    view.highlight(course.row_cells(29), theme.ACCENT, {c.id: "73%" for c in course.row_cells(29)})
    view.set_path([cells[0], course.row_cells(21)[0], target])
    frames(app, 2, events=[motion((5, 5))])
    x, y = view.map_to_screen(tinted.centre)
    assert tuple(app.canvas.get_at((round(x), round(y))))[:3] == (255, 0, 255)
    surface = pygame.Surface(app.canvas.get_size())
    box = view.draw_rider(surface, cells[5], (200, 30, 30), BIB_COLOURS[0])
    assert box is not None and box.collidepoint(view.map_to_screen(cells[5].centre))
    # a crashed rider lies beside the road, not on a cell
    spot = view.crash_spot(cells[3], view.heading_at(cells[3]))
    assert view.geometry.cell_at(spot) is None
    assert view.draw_rider(surface, cells[3], (200, 30, 30), BIB_COLOURS[1], crashed=True) is not None
    # riders can stand on the start grid or anywhere on the map; off-screen ones are skipped
    view.focus(course.start_slots[0], animate=False)
    assert view.draw_rider(surface, course.start_slots[0], (30, 30, 200), BIB_COLOURS[2]) is not None
    assert view.draw_rider(surface, course.row_cells(100)[0], (30, 30, 200), BIB_COLOURS[2]) is None


# ============================================================================ profile strip


def test_clicking_the_profile_moves_the_camera_there(app, preview):
    view, strip = preview.view, preview.strip
    assert isinstance(strip, ProfileStrip)
    view.set_zoom(1.0, animate=False)
    view.focus_row(0, animate=False)
    row = 78  # the top of Elixhausen, far from the start
    x = round(strip.x_of_row(row + 0.5))
    click(app, (x, strip.plot.centery))
    settle(app, view)
    assert any(a <= row <= b for a, b in view.visible_row_ranges())
    assert math.dist(view.centre, view.camera.clamp_centre(view.geometry.row_point(strip.row_at_x(x)), view.zoom)) < 1.0
    # dragging along the strip follows the cursor
    x2 = round(strip.x_of_row(30.5))
    app.step(1 / 60, [motion((x, strip.plot.centery)),
                      pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, strip.plot.centery), button=1)])
    app.step(1 / 60, [motion((x2, strip.plot.centery), (1, 0, 0))])
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x2, strip.plot.centery), button=1)])
    settle(app, view)
    assert any(a <= 30 <= b for a, b in view.visible_row_ranges())


def test_profile_shows_riders_of_the_view(app, preview):
    view, strip = preview.view, preview.strip
    cells = view.course.row_cells(12)
    view.riders = [RiderMark(cells[0], (200, 0, 0)), RiderMark((10.0, 10.0), (0, 0, 200))]
    assert strip.rider_rows() == [(12, (200, 0, 0))]
    strip.riders = [(5.0, (1, 2, 3))]
    assert strip.rider_rows() == [(5.0, (1, 2, 3))]


# ============================================================================ preview scene


def test_preview_switches_courses_and_closes_on_escape(app, preview):
    assert preview.entry.name == "salzburg"
    frames(app, 6)  # the other map renders in the background of the first frames
    assert all(e.art is not None for e in preview.entries)
    click(app, preview.cards[0].rect.center)
    assert preview.entry.name == "aurillac" and preview.view.course.name == "aurillac"
    pygame.event.clear()
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="", scancode=0)])
    assert preview.entry.name == "salzburg"
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)])
    assert app.stack.top is not preview


def preview_monkey(app, make, seed: int, n: int) -> int:
    """Random clicks, drags, wheels and keys on the preview; reopened whenever Esc/Back closes it."""
    rnd = random.Random(seed)
    on_preview = 0
    for _ in range(n):
        app.running = True
        if not isinstance(app.stack.top, CoursePreviewScene):
            app.stack.clear_to(make(app))
        on_preview += 1
        events = random_event(rnd)
        if rnd.random() < 0.15:  # a drag across the map or the profile
            start = (rnd.randrange(theme.W), rnd.randrange(theme.H))
            end = (start[0] + rnd.randint(-200, 200), start[1] + rnd.randint(-150, 150))
            button = rnd.choice([1, 3])
            events = [motion(start), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=button),
                      motion(end, (1, 0, 0)), pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=button)]
        app.step(1 / 30, events)
    return on_preview


def test_preview_scene_survives_a_monkey(app):
    def make(a):
        scene = CoursePreviewScene(a)
        scene.show_riders = True
        scene._apply_riders()
        return scene

    assert preview_monkey(app, make, 11, 500) == 500


@pytest.fixture()
def broken_maps(tmp_path):
    """A copy of the maps folder where each map is broken a different way."""
    folder = tmp_path / "maps"
    shutil.copytree(maps_dir(), folder)
    good = (folder / "salzburg.tmx").read_text(encoding="utf-8")
    marker = '<property name="danger" type="bool" value="false"/>'
    assert marker in good
    (folder / "missing_property.tmx").write_text(good.replace(marker, "", 1), encoding="utf-8")
    (folder / "not_xml.tmx").write_text(good[: len(good) // 2], encoding="utf-8")
    (folder / "no_road_image.tmx").write_text(good.replace("roads/salzburg.png", "roads/nowhere.png"),
                                              encoding="utf-8")
    return folder


def test_a_broken_map_shows_its_error_instead_of_crashing(app, broken_maps):
    paths = [broken_maps / "missing_property.tmx", broken_maps / "not_xml.tmx", broken_maps / "no_road_image.tmx",
             broken_maps / "salzburg.tmx"]
    scene = CoursePreviewScene(app, paths=paths)
    app.stack.clear_to(scene)
    frames(app, 8)
    errors = [e.error for e in scene.entries]
    assert "missing property 'danger'" in errors[0] and "missing_property.tmx" in errors[0]
    assert "not valid XML" in errors[1]
    assert "nowhere.png" in errors[2]
    assert errors[3] is None and scene.entries[3].art is not None
    assert scene.view is None  # the first (broken) map is selected: the error panel shows instead
    assert not scene.zoom_in.visible
    click(app, scene.cards[3].rect.center)
    assert scene.view is not None and scene.zoom_in.visible
    preview_monkey(app, lambda a: CoursePreviewScene(a, paths=paths), 12, 400)


def test_an_empty_maps_folder_is_explained(app, tmp_path):
    scene = CoursePreviewScene(app, paths=[])
    app.stack.clear_to(scene)
    frames(app, 3)
    assert scene.entry is None and scene.view is None


def test_setup_panel_offers_a_course_preview(app):
    entry = dataclasses.replace(RACE_ENTRY, setup_panel=setup_panel)
    setup = SetupScene(app, entry)
    app.stack.clear_to(setup)
    frames(app, 2)
    button = setup._course_preview_button
    assert button in setup.widgets
    frames(app, 2)
    assert setup.widgets.count(button) == 1  # drawn every frame, added once
    click(app, button.rect.center)
    assert isinstance(app.stack.top, CoursePreviewScene)
    app.stack.top.on_escape()
    assert app.stack.top is setup


def test_course_view_works_with_a_plain_map_path(app):
    course = bundled_course("aurillac")
    view = CourseView((100, 50, 640, 360), course, Path(maps_dir()) / "aurillac.tmx")
    surface = pygame.Surface((1280, 720))
    view.update(1 / 60, (0, 0))
    view.draw(surface)
    assert view.zoom == pytest.approx(0.8)
    assert view.rect.collidepoint(view.map_to_screen(view.geometry.row_point(0)))


@pytest.mark.parametrize("course", ["salzburg", "aurillac"])
def test_setup_preview_opens_on_the_chosen_course(app, course):
    from game.ui.scenes_registry import TABLES

    setup = SetupScene(app, TABLES["velomaster"])
    app.stack.clear_to(setup)
    setup.option_widgets["course"].set_value(course)
    frames(app, 2)
    click(app, setup._course_preview_button.rect.center)
    top = app.stack.top
    assert isinstance(top, CoursePreviewScene)
    assert top.entries[top.index].path.stem == course
