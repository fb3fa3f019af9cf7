"""The odds pill on a highlighted cell leaves a danger cell's warning triangle visible (the triangle sits at the
cell's centre on the road picture, as tools/make_maps.py paints it; the pill went right over it)."""

from __future__ import annotations

import pygame
import pytest

from game.velomaster.camera import Camera
from game.velomaster.course_geometry import CourseGeometry
from game.velomaster.course_overlays import Highlight, draw_highlights
from game.velomaster.courses import bundled

# the warning triangle around a danger cell's centre on the road picture, map px (tools/make_maps.py: r = 11)
TRIANGLE = (-10.45, -11.0, 10.45, 7.7)
VIEW = pygame.Rect(0, 56, 970, 536)


def triangle_on_screen(camera: Camera, centre) -> pygame.Rect:
    (x0, y0), (x1, y1) = (camera.map_to_screen((centre[0] + TRIANGLE[0], centre[1] + TRIANGLE[1])),
                          camera.map_to_screen((centre[0] + TRIANGLE[2], centre[1] + TRIANGLE[3])))
    return pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))


@pytest.mark.parametrize("name", ["aurillac", "salzburg"])
def test_velomaster_odds_pill_leaves_a_danger_cells_triangle_visible(name):
    course = bundled(name)
    geometry = CourseGeometry(course)
    surface = pygame.Surface((1280, 720))
    dangers = [c for c in course.cells if c.danger]
    assert dangers
    checked = 0
    for zoom in (0.6, 1.0, 1.6):
        for cell in dangers:
            camera = Camera(VIEW, (2752, 1952), zoom, cell.centre)
            if not VIEW.inflate(-80, -80).collidepoint(camera.map_to_screen(cell.centre)):
                continue  # the map's edge holds the camera off this cell
            for label in ("7%", "90%", "100%"):
                pills = draw_highlights(surface, camera, course, geometry,
                                        {cell.id: Highlight((240, 140, 50), label)}, VIEW)
                assert len(pills) == 1, (cell.id, zoom)
                assert not pills[0].colliderect(triangle_on_screen(camera, cell.centre)), (name, cell.id, zoom, label)
                checked += 1
    assert checked > 20
