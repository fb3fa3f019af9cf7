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
