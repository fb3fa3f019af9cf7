"""Issue 17 (VeloMaster, Play): "the points sheet exportable as a PNG (a file the player can keep or print)".
The sheet's Export PNG button writes every rider and every column, with the race title and the date, into
the "sheets" folder of the user data folder, never over an earlier file; a failed write says why in plain
words and loses nothing."""

from __future__ import annotations

import datetime
import errno

import pygame
import pytest

from game.engine.match import Match, Seat
from game.paths import data_dir
from game.ui import theme
from game.ui.scenes_registry import TABLES
from game.velomaster import points_sheet
from game.velomaster.points_sheet import EXPORT_ROW_H, HEAD_H, ExportError, PointsSheetScene, export_png

from .ui_helpers import click, frames, make_app

ENTRY = TABLES["velomaster"]
NAMES = ("Ann", "Bob", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal")
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    return make_app("instant")


def table(app, variant="expert-salzburg", players=8):
    seats = [Seat(NAMES[i], "easy" if i else "human", theme.SEAT_COLOURS[i]) for i in range(players)]
    match = Match(ENTRY.spec, ENTRY.spec.default_config(variant, players), 4, seats)
    scene = ENTRY.scene(app, match, ENTRY)
    app.stack.clear_to(scene)
    frames(app, 2)
    return scene, match


def open_sheet(app, scene) -> PointsSheetScene:
    click(app, scene.sheet_btn.rect.center)
    frames(app, 2)
    sheet = app.stack.top
    assert isinstance(sheet, PointsSheetScene)
    return sheet


def test_export_png_writes_the_whole_sheet_into_the_sheets_folder_of_the_user_data(app):
    scene, match = table(app)  # 8 players at Expert: 16 riders, feed boxes and incidents
    sheet = open_sheet(app, scene)
    click(app, sheet.export_btn.rect.center)
    files = sorted((data_dir() / "sheets").glob("*.png"))
    assert len(files) == 1 and files == [sheet.last_export]
    name = files[0].name
    assert name.startswith("velomaster-") and len(name) == len("velomaster-2026-11-23-2315.png")
    datetime.datetime.strptime(name[len("velomaster-"):-4], "%Y-%m-%d-%H%M")
    assert files[0].read_bytes()[:8] == PNG_SIGNATURE
    image = pygame.image.load(str(files[0]))
    riders = len(scene.v.riders)
    assert riders == 16  # from 5 players two players share a team of four
    # every rider on its own full-size 26 px line, whatever the overlay fits on the screen
    assert image.get_height() == HEAD_H + EXPORT_ROW_H * riders + 44
    columns = points_sheet.sheet_columns(len(scene.v.summits), True, False)
    assert image.get_width() == columns.width + 24
    assert image.get_width() > columns.incidents, "the Incidents column is inside the picture"
    toast = " ".join(item[0] for item in app.toasts.items)
    assert toast == f"Points sheet saved in {files[0].parent} as {files[0].name}", "it says where, in words"


def test_the_exported_sheet_names_every_rider_the_race_and_the_date(app, monkeypatch):
    scene, match = table(app, "debutant-aurillac", 3)
    sheet = open_sheet(app, scene)
    drawn: list[str] = []
    real = theme.blit_text
    monkeypatch.setattr(theme, "blit_text", lambda surf, s, *a, **k: (drawn.append(s), real(surf, s, *a, **k))[1])
    when = datetime.datetime(2026, 11, 23, 23, 15)
    sheet.image(when)
    assert "Fiche de points" in drawn
    assert any("Débutant" in s and "Aurillac" in s and "23 November 2026" in s for s in drawn)
    for seat in range(3):
        assert f"{NAMES[seat]} · leader (yellow bib)" in drawn
    assert any("exported 2026-11-23 23:15" in s for s in drawn)
    for summit in scene.v.summits:
        assert any(points_sheet.short_summit(summit.name).startswith(s.rstrip("…")) for s in drawn if s)


def test_a_second_export_in_the_same_minute_never_overwrites_the_first(tmp_path):
    when = datetime.datetime(2026, 11, 23, 23, 15)
    first = export_png(pygame.Surface((40, 30)), when=when, folder=tmp_path)
    before = first.read_bytes()
    second = export_png(pygame.Surface((50, 30)), when=when, folder=tmp_path)
    assert first.name == "velomaster-2026-11-23-2315.png" and second.name == "velomaster-2026-11-23-2315-2.png"
    assert first.read_bytes() == before
    assert pygame.image.load(str(second)).get_size() == (50, 30)


def test_an_unwritable_sheets_folder_gives_a_plain_message_and_keeps_the_sheet_open(app, monkeypatch, tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the folder should be")
    monkeypatch.setattr(points_sheet, "sheets_dir", lambda: blocker)
    scene, match = table(app, "debutant-salzburg", 2)
    sheet = open_sheet(app, scene)
    click(app, sheet.export_btn.rect.center)
    assert sheet.last_export is None
    assert app.stack.top is sheet, "the sheet stays open: nothing is lost"
    message = " ".join(item[0] for item in app.toasts.items)
    assert "could not be saved" in message and str(blocker) in message and "Traceback" not in message
    assert blocker.read_text() == "a file where the folder should be"


def test_a_full_disk_leaves_no_half_written_file(monkeypatch, tmp_path):
    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(pygame.image, "save", full)
    with pytest.raises(ExportError, match="No space left on device"):
        export_png(pygame.Surface((10, 10)), folder=tmp_path)
    assert list(tmp_path.iterdir()) == []
