"""The menu lists every match in progress (several per game), with who plays, where it stands and when it was
last played; each can be resumed or deleted (Delete asks first); a new match never removes another; a notice
about a file stays until dismissed and names its folder (issues 13, 26)."""

import json
from pathlib import Path

import pytest

from game import storage
from game.engine.match import Match, Seat
from game.registry import GAMES
from game.ui.scenes.dialog import Dialog
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.menu_saves import last_played_words
from game.ui.scenes.setup import SetupScene
from game.ui.scenes_registry import TABLES

from .ui_helpers import frames, make_app

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "saves"


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    return make_app()


def save(game_id: str, moves: int, names=("Ann", "Bob")) -> Match:
    spec = GAMES[game_id]
    variant = next(v for v in spec.variants if v.min_players <= len(names) <= v.max_players)
    m = Match(spec, spec.default_config(variant.id, len(names)), 3, [Seat(n) for n in names])
    for _ in range(moves):
        seat = sorted(m.to_act())[0]
        m.act(seat, m.state.legal_actions(seat)[0])
    storage.save_match(m)
    return m


def menu(app) -> MenuScene:
    app.stack.clear_to(MenuScene(app))
    frames(app, 2)
    return app.stack.top


def button(scene, label: str):
    return next(w for w in scene.widgets if getattr(w, "label", None) == label)


def test_the_menu_lists_every_match_in_progress_with_its_players_and_where_it_stands(app):
    save("velonimo", 4, ("Ann", "Bob", "Cleo"))
    save("veldiv", 2, ("Chloé", "Dario"))
    scene = menu(app)
    rows = {row.saved.game_id: row for row in scene.rows}
    assert set(rows) == {"velonimo", "veldiv"}
    assert rows["velonimo"].saved.summary() == "Ann, Bob, Cleo · round 1 of 5"
    assert rows["veldiv"].saved.summary().startswith("Chloé, Dario · lap ")
    assert rows["velonimo"].when.startswith("today ")


def test_resume_opens_that_match_at_its_position(app):
    m = save("veldiv", 3)
    scene = menu(app)
    [row] = scene.rows
    row.resume.click()
    table = app.stack.top
    assert table.match.game.id == "veldiv" and table.match.state.to_dict() == m.state.to_dict()


def test_delete_asks_first_and_keep_it_keeps_the_match(app):
    save("velonimo", 4, ("Ann", "Bob", "Cleo"))
    scene = menu(app)
    scene.rows[0].delete.click()
    dialog = app.stack.top
    assert isinstance(dialog, Dialog)
    assert "Delete the Velonimo match in progress (Ann, Bob, Cleo · round 1 of 5)?" in " ".join(dialog.lines)
    button(dialog, "Keep it").click()
    assert app.stack.top is scene and storage.slot_path("velonimo").exists() and len(scene.rows) == 1
    scene.rows[0].delete.click()
    button(app.stack.top, "Delete").click()
    assert app.stack.top is scene and not storage.slot_path("velonimo").exists() and scene.rows == []


def test_a_damaged_file_notice_stays_until_dismissed_and_names_the_folder(app, tmp_path):
    storage.slot_path("veldiv").write_text('{"format": "velotheque-save", "version": 1, "game": "veldiv", "se')
    scene = menu(app)
    frames(app, 900)  # fifteen seconds: a toast would be gone
    assert scene.banner.visible
    notice = scene.banner.notice
    assert notice.folder == tmp_path / "saves" and "veldiv.damaged-1.json" in notice.text
    from game.ui.scenes.settings import SettingsScene

    app.push(SettingsScene(app))
    app.pop()  # back on the menu: the saves are read again; the notice is still there, once
    assert [n.key for n in scene.banner.notices] == [notice.key]
    scene.banner.dismiss.click()
    assert not scene.banner.visible and app.notices == []
    app.home()
    assert not app.stack.top.banner.visible


def test_a_newer_versions_save_notice_once_dismissed_is_not_shown_again(app):
    data = {**json.loads((FIXTURES / "velonimo-duel.save.json").read_text(encoding="utf-8")), "version": 9}
    storage.slot_path("velonimo").write_text(json.dumps(data), encoding="utf-8")
    scene = menu(app)
    assert "newer Vélothèque" in scene.banner.notice.text
    scene.banner.dismiss.click()
    assert not menu(app).banner.visible
    assert storage.slot_path("velonimo").exists(), "left where it is"


def test_several_notices_are_shown_one_after_the_other(app):
    for game_id in ("velonimo", "veldiv"):
        storage.slot_path(game_id).write_text("{")
    scene = menu(app)
    assert len(scene.banner.notices) == 2
    scene.banner.dismiss.click()
    assert len(scene.banner.notices) == 1 and scene.banner.visible


def start_new(app, game_id: str) -> SetupScene:
    setup = SetupScene(app, TABLES[game_id])
    app.stack.clear_to(setup)
    frames(app, 1)
    setup._start()
    return setup


def test_a_new_match_never_replaces_another_one_of_the_same_game(app):
    old = save("velonimo", 5)
    save("veldiv", 2)
    start_new(app, "velonimo")
    table = app.stack.top
    assert table.match.game.id == "velonimo", "no question asked: the new match starts"
    storage.autosaver.flush()
    matches = storage.load_saves(GAMES).matches
    velonimo = [s for s in matches if s.game_id == "velonimo"]
    assert len(velonimo) == 2 and {s.slot for s in velonimo} == {"velonimo", "velonimo~2"}
    assert any(s.match.state.to_dict() == old.state.to_dict() for s in velonimo), "the older match is kept"
    assert [len(s.match.steps) for s in matches if s.game_id == "veldiv"] == [2]


def test_each_match_saves_in_its_own_slot_and_deleting_one_keeps_the_other(app):
    save("velonimo", 3)
    start_new(app, "velonimo")
    table = app.stack.top
    seat = table.match.to_act()[0]
    table.match.act(seat, table.match.state.legal_actions(seat)[0])
    table._autosave()
    storage.autosaver.flush()
    assert table.match.slot == "velonimo~2"
    scene = menu(app)
    assert len(scene.rows) == 2
    newest = next(r for r in scene.rows if r.saved.slot == "velonimo~2")
    newest.delete.click()
    button(app.stack.top, "Delete").click()
    assert [r.saved.slot for r in scene.rows] == ["velonimo"]


def test_the_menu_pages_through_many_matches(app):
    for _ in range(8):
        save("velonimo", 1)  # each new match takes a slot of its own
    scene = menu(app)
    assert len(storage.load_saves(GAMES).matches) == 8
    assert len(scene.rows) == 6 and scene.next_page.visible and scene.next_page.enabled
    scene.next_page.click()
    assert len(scene.rows) == 2 and scene.prev_page.enabled and not scene.next_page.enabled


def test_a_save_of_a_newer_version_stays_where_it_is_when_a_new_match_starts(app, tmp_path):
    data = {**json.loads((FIXTURES / "velonimo-duel.save.json").read_text(encoding="utf-8")), "version": 9}
    storage.slot_path("velonimo").write_text(json.dumps(data), encoding="utf-8")
    start_new(app, "velonimo")
    assert app.stack.top.match.game.id == "velonimo"
    storage.autosaver.flush()
    assert json.loads((tmp_path / "saves" / "velonimo.json").read_text(encoding="utf-8")) == data
    assert app.stack.top.match.slot == "velonimo~2"


def test_last_played_is_said_as_a_person_says_it():
    import time

    now = time.mktime((2026, 11, 20, 15, 0, 0, 0, 0, -1))  # a Friday
    at = lambda *d: time.mktime((2026, *d, 0, 0, 0, -1))  # noqa: E731
    assert last_played_words(at(11, 20, 9, 5), now) == "today 09:05"
    assert last_played_words(at(11, 19, 22, 30), now) == "yesterday 22:30"
    assert last_played_words(at(11, 16, 8, 0), now) == "Monday 08:00"
    assert last_played_words(at(10, 2, 8, 0), now) == "2 Oct 2026"


@pytest.mark.parametrize("game_id,words", [("velonimo", "round 1 of 5"), ("veldiv", "lap 1"),
                                           ("alameda", "stage 1, leg 1"), ("millebornes", "hand 1"),
                                           ("velomaster", "the start")])
def test_each_game_says_where_a_match_stands_in_its_own_words(game_id, words):
    spec = GAMES[game_id]
    state = spec.new_state(spec.default_config(), 2)
    assert spec.progress(state) == words


def test_the_rules_open_from_the_menu_and_from_the_setup_without_starting_anything(app):
    from game.ui.scenes.rules_viewer import RulesScene

    scene = menu(app)
    tile = next(t for t in scene.tiles if t.entry.id == "alameda")
    from .ui_helpers import click

    click(app, tile.rules_rect().center)
    assert isinstance(app.stack.top, RulesScene) and "Tour of Alameda" in app.stack.top.title
    app.pop()
    setup = SetupScene(app, TABLES["veldiv"])
    app.push(setup)
    frames(app, 1)
    click(app, setup.rules.rect.center)
    assert isinstance(app.stack.top, RulesScene) and "Jeu du Veldiv" in app.stack.top.title


def test_in_french_a_two_column_row_keeps_the_games_name_whole_and_says_todays_time_alone(app):
    """Past three matches the rows run in two columns; in French "aujourd'hui 13:54" took the room of the game's
    name, and every row read "Tour of…", "Mille B…": which match was which could not be told. The name comes
    first: a match played today says its time alone ("13:54")."""
    import pygame

    from game import i18n
    from game.ui import text_audit
    from game.ui.scenes.menu_saves import MatchRow

    save("alameda", 2, ("Ann", "Bob", "Cleo", "Dario", "Émile", "Fanny"))
    [saved] = storage.load_saves(GAMES).matches
    i18n.set_language("fr")
    text_audit.enable()
    try:
        row = MatchRow((0, 0, 472, MatchRow.HEIGHT), saved, lambda s: None, lambda s: None, now=saved.modified)
        surface = pygame.Surface((1280, 720))
        row.draw(surface)
        drawn = text_audit.texts(surface)
        problems = text_audit.take_problems()
    finally:
        text_audit.disable()
    assert "Tour of Alameda" in drawn, (drawn, problems)
    assert last_played_words(saved.modified, saved.modified).split()[-1] in drawn  # "13:54"
    assert not [p for p in problems if "Tour of Alameda" in p]


def test_hovering_a_match_row_cut_short_shows_its_players_and_where_it_stands(app):
    """Two columns of rows leave no room for the players' names: two Mille Bornes matches looked alike. Hovering a
    row says it whole; over its Resume button, Resume's own tooltip shows."""
    from game.ui.widgets.tooltip import tooltips

    save("millebornes", 1, ("Ann", "Bob", "Cleo"))
    save("millebornes", 1, ("Dario", "Émile"))
    for _ in range(2):
        save("velonimo", 1, ("Ann", "Bob", "Cleo"))
    scene = menu(app)
    row = next(r for r in scene.rows if r.saved.match.names == ("Dario", "Émile"))
    gap = (row.resume.rect.x - 20, row.rect.centery)  # the row itself, left of its buttons
    import pygame

    frames(app, 40, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=gap, rel=(0, 0), buttons=(0, 0, 0))])
    assert tooltips.shown_rect() is not None and "Dario, Émile" in tooltips.text
    assert row.saved.summary() in tooltips.text
    frames(app, 40, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=row.resume.rect.center, rel=(0, 0),
                                               buttons=(0, 0, 0))])
    assert tooltips.shown_rect() is not None and tooltips.text == row.resume.tooltip
