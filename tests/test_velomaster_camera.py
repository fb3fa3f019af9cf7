"""The course view's camera and drawing geometry are pure (issue 16: the view split by concern): no pygame,
so their arithmetic is tested here without a window."""

import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from game.velomaster.camera import MAX_ZOOM, Camera

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Box:
    x: int
    y: int
    w: int
    h: int


def test_camera_and_course_geometry_import_without_pygame():
    code = ("import sys\nsys.modules['pygame'] = None\nsys.modules['pytmx'] = None\n"
            "import game.velomaster.camera, game.velomaster.course_geometry\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr


def test_zooming_around_a_screen_point_keeps_the_map_point_under_it():
    cam = Camera(Box(100, 50, 800, 400), (4000, 3000), zoom=0.8, centre=(2000, 1500))
    cam.pace = 0
    cursor = (300, 200)
    grabbed = cam.screen_to_map(cursor)
    cam.set_zoom(1.25, anchor=cursor)
    assert cam.zoom == 1.25
    assert cam.screen_to_map(cursor) == pytest.approx(grabbed, abs=1.0 / cam.zoom)


def test_an_eased_focus_arrives_and_tells_the_zoom_it_settled_on():
    settled = []
    cam = Camera(Box(0, 0, 800, 400), (4000, 3000), zoom=0.8, centre=(400, 300), on_settle=settled.append)
    cam.focus((3000, 2000), zoom=0.6)
    assert cam.animating and not settled
    for _ in range(600):
        cam.animate(1 / 60)
    assert not cam.animating and settled == [0.6]
    assert cam.centre == pytest.approx((3000, 2000))


def test_the_camera_stays_within_the_map_and_centres_a_small_one():
    cam = Camera(Box(0, 0, 800, 400), (4000, 3000), zoom=1.0, centre=(0, 0))
    cam.pan_by(-10_000, -10_000)
    x0, y0, x1, y1 = cam.visible_map_rect()
    assert (x0, y0) == pytest.approx((0, 0), abs=0.5)
    cam.zoom_step(+20, animate=False)
    assert cam.zoom == MAX_ZOOM
    small = Camera(Box(0, 0, 800, 400), (300, 200), zoom=1.0, centre=(0, 0))
    assert small.centre == (150, 100)
    assert small.map_to_screen((150, 100)) == (400, 200)  # the map's middle in the view's middle


def test_following_riders_moves_the_view_only_when_one_nears_its_edge_and_then_only_as_much_as_needed():
    # "the camera re-centres on whichever rider moves, so the view jumps" (first-time players' polish)
    cam = Camera(Box(0, 0, 1000, 500), (4000, 3000), zoom=1.0, centre=(2000, 1500))
    cam.pace = 0
    assert not cam.follow([(2300, 1600)]), "well inside the view: nothing moves"
    assert cam.centre == (2000, 1500)
    assert cam.follow([(2450, 1500)])  # 450 px right of the centre: past the inner box (300 px) by 150
    assert cam.centre == pytest.approx((2150, 1500))
    x, _ = cam.map_to_screen((2450, 1500))
    assert x == pytest.approx(1000 * 0.8), "brought to the inner box's edge, not to the centre"
    assert cam.follow([(2150, 1500), (2150, 1750)])  # a rider and its cells: both brought into the inner box
    assert cam.map_to_screen((2150, 1750))[1] == pytest.approx(500 * 0.8)
    assert cam.map_to_screen((2150, 1500))[1] >= 500 * 0.2
    assert cam.follow([(1000, 1500), (3000, 1500)])  # wider than the box: their middle at the centre
    assert cam.centre[0] == pytest.approx(2000)


def test_the_cell_card_opens_beside_the_pointer_where_it_hides_no_rider():
    import pygame

    from game.velomaster.cell_card import card_place

    within = pygame.Rect(0, 0, 970, 536)
    mouse = (400, 200)
    free = card_place((232, 200), mouse, within)
    assert free.topleft == (418, 216), "nothing in the way: below right of the pointer, as before"
    riders = [pygame.Rect(420, 220, 60, 60), pygame.Rect(500, 300, 40, 40)]
    card = card_place((232, 200), mouse, within, riders)
    assert not any(card.colliderect(r) for r in riders) and within.contains(card)
    assert not card.collidepoint(mouse)
    assert abs(card.centerx - mouse[0]) < 400 and abs(card.centery - mouse[1]) < 400, "still beside the pointer"
