"""VeloMaster's map art stays small: one course at a time, only the zooms in use, no second full-size
copy while a zoom is built, and everything let go when the table closes (figures: python -m game.bench)."""

from pathlib import Path

import pygame
import pytest

from game.engine.match import Match, Seat
from game.ui import theme
from game.velomaster import course_art, course_view
from game.velomaster.tiled import maps_dir

from .ui_helpers import frames, make_app


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    return make_app("fast")


def test_only_one_courses_art_is_kept_at_a_time(app):
    course_view.clear_map_art()
    first = course_art.map_art(maps_dir() / "salzburg.tmx")
    second = course_art.map_art(maps_dir() / "aurillac.tmx")
    assert list(course_art._ART.values()) == [second] and first is not second


def test_only_the_zooms_in_use_are_kept(app):
    art = course_art.map_art(maps_dir() / "salzburg.tmx")
    for zoom in (0.5, 0.6, 0.7, 0.8):
        art.request(zoom)
        art.wait_idle()
    assert set(art._levels) == {0.7, 0.8}


def test_a_zoomed_copy_built_strip_by_strip_matches_a_direct_scale(app):
    art = course_art.map_art(maps_dir() / "aurillac.tmx")
    for zoom in (0.8, 0.6723, 0.45):
        art.request(zoom)
        art.wait_idle()
        built = art.level(zoom)
        direct = pygame.transform.smoothscale(art.base, built.get_size())
        a, b = pygame.image.tobytes(built, "RGB"), pygame.image.tobytes(direct, "RGB")
        width = built.get_width() * 3
        worst = max(sum(abs(x - y) for x, y in zip(a[r * width:(r + 1) * width:11], b[r * width:(r + 1) * width:11],
                                                    strict=True)) / len(a[r * width:(r + 1) * width:11])
                    for r in range(built.get_height()))
        assert worst < 20, f"zoom {zoom}: a row differs by {worst:.1f} on average (a seam or a missing row)"


def test_the_art_is_composed_without_object_layers_and_the_road_read_once(app, monkeypatch):
    loads = []
    load = pygame.image.load

    def counting_load(source, *args):
        loads.append(Path(str(source)).name)
        return load(source, *args)

    monkeypatch.setattr(pygame.image, "load", counting_load)
    art = course_art.MapArt(maps_dir() / "salzburg.tmx")
    assert loads.count("salzburg.png") == 1, f"the road picture was decoded {loads.count('salzburg.png')} times"
    centre = art.base.get_at((art.size[0] // 2, art.size[1] // 2))
    assert centre.a == 255


def test_leaving_the_velomaster_table_lets_its_map_go(app):
    from game.ui.scenes_registry import TABLES

    entry = TABLES["velomaster"]
    config = entry.spec.default_config()
    seats = [Seat(f"B{i}", "easy", theme.SEAT_COLOURS[i]) for i in range(config.players)]
    scene = entry.scene(app, Match(entry.spec, config, 4, seats), entry)
    app.stack.clear_to(scene)
    frames(app, 5)
    assert course_art._ART
    app.home()
    frames(app, 2)
    assert not course_art._ART, "the course's art outlives its table"
