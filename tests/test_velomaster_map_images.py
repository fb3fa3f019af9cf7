"""A VeloMaster map whose road or tileset image is missing or corrupt is refused when the course loads,
naming the file (issue 13: it used to load, then crash the table when it opened); the setup screen
says so and the app runs on."""

import shutil
import struct
import zlib
from pathlib import Path

import pytest

from game.velomaster import tiled
from game.velomaster.map_images import check_png
from game.velomaster.tiled import CourseError, load_course

MAPS = Path(__file__).resolve().parent.parent / "maps"


@pytest.fixture()
def maps(tmp_path):
    """A copy of the bundled maps, images and tilesets, to damage."""
    shutil.copytree(MAPS, tmp_path / "maps")
    return tmp_path / "maps"


def test_the_bundled_maps_have_whole_images(maps):
    assert load_course(maps / "aurillac.tmx").name == "aurillac"
    assert load_course(maps / "salzburg.tmx").name == "salzburg"


def test_a_map_whose_road_image_is_missing_is_refused_naming_the_file(maps):
    (maps / "roads" / "aurillac.png").unlink()
    with pytest.raises(CourseError, match=r"aurillac\.tmx: image 'aurillac\.png' \(image layer road\) is missing"):
        load_course(maps / "aurillac.tmx")


def test_a_map_whose_tileset_picture_is_truncated_is_refused_naming_the_file(maps):
    png = maps / "tilesets" / "landscape.png"
    png.write_bytes(png.read_bytes()[: png.stat().st_size // 2])
    with pytest.raises(CourseError, match=r"salzburg\.tmx: image 'landscape\.png' \(landscape\.tsx: tileset "
                                          r"picture landscape\) is truncated"):
        load_course(maps / "salzburg.tmx")


def test_a_road_image_with_a_damaged_byte_is_refused_as_corrupt(maps):
    png = maps / "roads" / "salzburg.png"
    raw = bytearray(png.read_bytes())
    raw[len(raw) // 2] ^= 0xFF
    png.write_bytes(bytes(raw))
    with pytest.raises(CourseError, match=r"'salzburg\.png' .* is corrupt \(chunk 'IDAT' fails its checksum\)"):
        load_course(maps / "salzburg.tmx")


def test_a_road_image_that_is_not_a_png_is_refused(maps):
    (maps / "roads" / "aurillac.png").write_text("<html>404</html>")
    with pytest.raises(CourseError, match=r"'aurillac\.png' .* is not a PNG image"):
        load_course(maps / "aurillac.tmx")


def test_a_road_image_of_another_size_than_the_map_says_is_refused(maps):
    shutil.copyfile(maps / "tilesets" / "landscape.png", maps / "roads" / "aurillac.png")
    with pytest.raises(CourseError, match=r"is 256 x 288 pixels, but the map says 2752 x 1952"):
        load_course(maps / "aurillac.tmx")


def png_bytes(width: int, height: int, data: bytes, declared_height: int | None = None) -> bytes:
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    header = struct.pack(">IIBBBBB", width, declared_height or height, 8, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(data))
            + chunk(b"IEND", b""))


def test_check_png_accepts_a_whole_image_and_refuses_short_or_implausible_ones(tmp_path):
    path = tmp_path / "x.png"
    path.write_bytes(png_bytes(3, 2, b"\x00abc\x00def"))
    assert check_png(path) == (3, 2)
    for bad, words in ((png_bytes(3, 2, b"\x00abc"), "truncated or corrupt"),
                       (png_bytes(3, 2, b"\x00abc\x00def", declared_height=100_000), "implausible size"),
                       (png_bytes(3, 2, b"\x00abc\x00def")[:-12], "no end marker")):
        path.write_bytes(bad)
        with pytest.raises(ValueError, match=words):
            check_png(path)


@pytest.mark.parametrize("damage,words", [("missing", "missing"), ("truncated", "truncated")])
def test_the_setup_screen_says_which_image_is_broken_and_the_app_runs_on(maps, monkeypatch, tmp_path, damage,
                                                                          words):
    from game.registry import GAMES

    VELOMASTER = GAMES["velomaster"]
    from game.ui.scenes.setup import SetupScene
    from game.ui.scenes_registry import TABLES

    from .ui_helpers import frames, make_app

    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path / "home"))
    road = maps / "roads" / "aurillac.png"
    if damage == "missing":
        road.unlink()
    else:  # the table's image loader raised pygame.error on this one: the app stopped
        road.write_bytes(road.read_bytes()[:5000])
    monkeypatch.setattr(tiled, "maps_dir", lambda: maps)
    monkeypatch.setattr(VELOMASTER, "_geos", {})
    tiled.bundled_course.cache_clear()
    try:
        app = make_app()
        setup = SetupScene(app, TABLES["velomaster"])
        app.stack.clear_to(setup)
        setup.option_widgets["course"].set_value("aurillac")
        frames(app, 2)
        setup._start()
        frames(app, 2)
        assert app.stack.top is setup, "the table did not open"
        texts = " ".join(item[0] for item in app.toasts.items)
        assert "aurillac.png" in texts and words in texts
        setup.option_widgets["course"].set_value("salzburg")
        setup._start()
        frames(app, 2)
        assert app.stack.top is not setup, "another course still starts"
    finally:
        tiled.bundled_course.cache_clear()
