"""Each VeloMaster map file is read once per run (issue 16): the course and the table's art are built from
one parse (game.velomaster.tiled.read_map), which is read again only when the file changes, and drawing
the map leaves that shared parse as the course reader left it."""

import os
import shutil
from collections import Counter
from pathlib import Path
from xml.etree import ElementTree

import pytest

from game.engine.match import Match, Seat
from game.registry import GAMES
from game.ui import theme
from game.velomaster import course_art, tiled
from game.velomaster.course_view import clear_map_art
from game.velomaster.preview import CoursePreviewScene
from game.velomaster.tiled import load_course, maps_dir, read_map

from .ui_helpers import frames, make_app

VELOMASTER = GAMES["velomaster"]


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    return make_app("fast")


@pytest.fixture()
def tmx_reads(monkeypatch):
    """Counts every XML parse of a .tmx file, whoever asks (pytmx, the image check, the art), from a cold
    start: no map parsed, no course built, no art rendered."""
    tiled.forget_read_maps()
    tiled.bundled_course.cache_clear()
    clear_map_art()
    monkeypatch.setattr(VELOMASTER, "_geos", {})
    reads: Counter[str] = Counter()
    parse = ElementTree.parse

    def counting_parse(source, *args, **kwargs):
        if str(source).endswith(".tmx"):
            reads[Path(source).name] += 1
        return parse(source, *args, **kwargs)

    monkeypatch.setattr(ElementTree, "parse", counting_parse)
    yield reads
    tiled.forget_read_maps()
    tiled.bundled_course.cache_clear()


def open_race(app):
    from game.ui.scenes_registry import TABLES

    entry = TABLES["velomaster"]
    config = entry.spec.default_config()
    seats = [Seat(f"B{i}", "easy", theme.SEAT_COLOURS[i]) for i in range(config.players)]
    scene = entry.scene(app, Match(entry.spec, config, 4, seats), entry)
    app.stack.clear_to(scene)
    frames(app, 3)
    return scene


def test_opening_a_race_the_preview_and_the_race_again_reads_each_map_file_once(app, tmx_reads):
    race = open_race(app)
    course = race.course.name
    assert tmx_reads == {f"{course}.tmx": 1}, "the course and its art are built from one read of the map"
    app.home()
    frames(app, 2)
    app.stack.clear_to(CoursePreviewScene(app, initial=course))
    frames(app, 3)
    open_race(app)  # its art was let go with the first table: drawn again, from the same parse
    assert set(tmx_reads) == {p.name for p in tiled.bundled_course_files()}
    assert all(n == 1 for n in tmx_reads.values()), f"a map file was read more than once: {dict(tmx_reads)}"


def test_a_map_file_that_changes_is_read_again(tmp_path, tmx_reads):
    shutil.copytree(maps_dir(), tmp_path / "maps")
    path = tmp_path / "maps" / "aurillac.tmx"
    first = load_course(path)
    assert load_course(path) == first and tmx_reads["aurillac.tmx"] == 1
    text = path.read_text(encoding="utf-8")
    old_title = first.title
    path.write_text(text.replace(old_title, "Aurillac, revised"), encoding="utf-8")
    os.utime(path, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns + 1_000_000_000))
    assert load_course(path).title == "Aurillac, revised"
    assert tmx_reads["aurillac.tmx"] == 2


def test_drawing_a_map_leaves_the_shared_parse_as_the_course_reader_left_it(app, tmx_reads):
    path = maps_dir() / "salzburg.tmx"
    course = load_course(path)
    parsed = read_map(path)
    before = (list(parsed.tmx.images), dict(parsed.tmx.gidmap), parsed.tmx.maxgid,
              [getattr(lay, "gid", None) for lay in parsed.tmx.layers])
    art = course_art.map_art(path)
    assert art.size == course.map_size and art.labels
    after = (list(parsed.tmx.images), dict(parsed.tmx.gidmap), parsed.tmx.maxgid,
             [getattr(lay, "gid", None) for lay in parsed.tmx.layers])
    assert after == before
    assert read_map(path) is parsed and load_course(path) == course
    assert tmx_reads == {"salzburg.tmx": 1}
