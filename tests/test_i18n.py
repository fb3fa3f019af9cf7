"""The app in French and English: catalogues up to date, the first launch follows the system's language, the
setting applies at once, saves hold no words, and (pseudo-language) every text drawn on the screens translated so
far went through the catalogue."""

from __future__ import annotations

import gettext
import json

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import i18n, storage
from game import i18n_pseudo as pseudo_language
from game.app import App
from game.engine.match import Match, Seat
from game.registry import GAMES
from game.ui import text_audit
from game.ui.scenes.dialog import Dialog
from game.ui.scenes.handoff import HandoffScene
from game.ui.scenes.menu_saves import last_played_words
from game.ui.scenes.settings import SettingsScene
from tools import i18n as catalogues


@pytest.fixture()
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    return tmp_path


def test_the_catalogues_hold_every_marked_string_translated_and_compiled():
    """tools/i18n.py --check: the template has every string marked in game/, the French catalogue translates
    each (none left empty or fuzzy) and the shipped .mo is compiled from it."""
    assert catalogues.run(check=True) == []


@pytest.mark.parametrize(("environ", "system", "expected"), [
    ({"LANG": "fr_FR.UTF-8"}, None, "fr"),
    ({"LANG": "fr_CA.UTF-8"}, None, "fr"),
    ({"LANGUAGE": "fr:en", "LANG": "en_GB.UTF-8"}, None, "fr"),
    ({"LC_ALL": "en_US.UTF-8", "LANG": "fr_FR.UTF-8"}, None, "en"),
    ({"LANG": "de_DE.UTF-8"}, None, "en"),
    ({"LANG": "C.UTF-8"}, "French_France", "fr"),  # Windows names its locales in words
    ({}, "fr_BE", "fr"),
    ({}, None, "en"),
])
def test_a_first_launch_follows_the_systems_language_french_for_fr_english_otherwise(environ, system, expected):
    assert i18n.system_language(environ, lambda: (system, "UTF-8")) == expected


def test_numbers_are_written_as_each_language_writes_them():
    assert (i18n.number(1250), i18n.number(2.5, 1)) == ("1,250", "2.5")
    i18n.set_language("fr")
    assert (i18n.number(1250), i18n.number(2.5, 1)) == ("1\u202f250", "2,5")


def test_the_language_setting_is_checked_and_a_wrong_value_is_reset_to_the_systems():
    good, bad = storage.settings_from_data({"language": "fr"}), storage.settings_from_data({"language": "klingon"})
    assert good == (storage.Settings(language="fr"), [])
    assert bad == (storage.Settings(), ["language"])


@settings(max_examples=60, deadline=None)
@given(st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=8), st.lists(st.text(max_size=3))))
def test_any_language_value_read_from_the_settings_file_is_kept_only_if_it_is_a_known_language(value):
    loaded, bad = storage.settings_from_data({"language": value})
    if type(value) is str and (value == "" or value in i18n.LANGUAGES):
        assert (loaded.language, bad) == (value, [])
    else:
        assert (loaded.language, bad) == ("", ["language"])


def frame(app, events=()):
    app.step(1 / 60, list(events))
    return text_audit.texts(app.canvas)


def click(pos):
    return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos),
            pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos)]


@pytest.fixture()
def audited_app(home):
    text_audit.enable()
    app = App(headless=True)
    app.home()
    yield app
    text_audit.disable()


def test_choosing_french_in_settings_changes_every_word_at_once_and_is_remembered(audited_app, home):
    app = audited_app
    app.push(SettingsScene(app))
    assert "Settings" in frame(app)
    scene = app.stack.top
    scene.language.set_value("fr")
    scene.language.on_change("fr")
    texts = frame(app)
    assert "Réglages" in texts and "Langue" in texts and "Settings" not in texts
    assert json.loads((home / "settings.json").read_text(encoding="utf-8"))["language"] == "fr"
    app.pop()
    texts = frame(app)
    assert "PARTIES EN COURS" in texts and "MATCHES IN PROGRESS" not in texts
    assert App(headless=True).settings.language == "fr" and i18n.language() == "fr"  # the next launch too


@pytest.mark.parametrize("language", ["en", "fr"])
def test_in_english_and_in_french_the_menu_and_settings_fit_nothing_cut_shortened_or_overlapping(audited_app, language):
    """French runs about 20 % longer than English: the tiles' taglines, the settings' labels still fit (in English
    VeloMaster's tagline was cut: "…over the Aurillac and Salzburg co…")."""
    app = audited_app
    app.settings.language = language
    app.apply_settings()
    text_audit.take_problems()
    for pos in [(140, 400), (390, 400), (640, 400), (890, 400), (1140, 400)]:  # each tile hovered ("Jouer ›")
        frame(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
        frame(app)
    app.push(SettingsScene(app))
    frame(app)
    assert text_audit.take_problems() == []


def test_a_match_saved_in_french_resumes_in_english_saves_hold_no_words(home):
    spec = GAMES["velonimo"]
    seats = [Seat(n, "human", (200, 60, 60)) for n in ("Ann", "Bob", "Eddy")]

    def played() -> Match:
        match = Match(spec, spec.default_config(None, 3), 5, seats)
        for _ in range(4):
            seat = match.to_act()[0]
            match.act(seat, match.state.legal_actions(seat)[0])
        return match

    i18n.set_language("fr")
    in_french = played().to_save()
    i18n.set_language("en")
    assert played().to_save() == in_french
    assert Match.from_save(json.loads(json.dumps(in_french)), GAMES).state.to_dict() == played().state.to_dict()


def test_the_last_played_date_is_said_in_the_language_in_use():
    import time

    now = time.mktime((2026, 11, 26, 15, 0, 0, 0, 0, -1))
    monday = time.mktime((2026, 11, 23, 18, 30, 0, 0, 0, -1))
    earlier = time.mktime((2026, 10, 2, 9, 0, 0, 0, 0, -1))
    assert (last_played_words(monday, now), last_played_words(earlier, now)) == ("Monday 18:30", "2 Oct 2026")
    i18n.set_language("fr")
    assert (last_played_words(now - 60, now)[:11], last_played_words(monday, now)) == ("aujourd'hui", "lundi 18:30")
    assert last_played_words(earlier, now) == "2 oct. 2026"


# ------------------------------------------------------------------ the pseudo-language: English left on screen


NAMES = {"Ann", "Bob", "Eddy"}


def english_left(texts: list[str]) -> list[str]:
    return pseudo_language.english_left(texts, NAMES)


@pytest.fixture()
def pseudo():
    pseudo_language.use_pseudo()
    yield
    i18n.set_language("en")


def test_every_word_on_the_menu_settings_pause_hand_off_and_dialogs_goes_through_the_catalogue(audited_app, pseudo):
    app = audited_app
    seen: dict[str, list[str]] = {}
    seen["menu"] = frame(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=(160, 300), rel=(0, 0), buttons=(0, 0, 0))])
    app.push(SettingsScene(app))
    seen["settings"] = frame(app)
    app.pop()
    app.push(HandoffScene(app, "Ann", (200, 60, 60), lambda: None))
    seen["hand-off"] = frame(app)
    app.pop()
    app.push(Dialog(app, i18n._("Delete this match?"), i18n._("The {game} match was deleted.").format(game="Mille Bornes")))
    seen["dialog"] = frame(app)
    left = {where: english_left(texts) for where, texts in seen.items() if english_left(texts)}
    assert left == {}, f"English left on screen: {left}"
    assert all(seen.values())


def test_the_pause_menu_speaks_the_language_in_use(audited_app, pseudo):
    from game.ui.scenes.pause import PauseScene
    from game.ui.scenes_registry import TABLES

    app = audited_app
    entry = TABLES["veldiv"]
    match = Match(entry.spec, entry.spec.default_config(None, 2), 3,
                  [Seat("Ann", "human", (200, 60, 60)), Seat("Bob", "human", (60, 60, 200))])
    table = entry.scene(app, match, entry)
    app.stack.clear_to(table)
    frame(app)
    app.push(PauseScene(app, table))
    texts = frame(app)
    assert "Páúséd" in texts
    assert [t for t in english_left(texts) if t in {"Resume", "Rules", "Settings", "Restart"}] == []


def test_engine_words_are_english_text_that_the_table_composes_again_in_the_language_in_use():
    from game.engine.words import Words

    throw = Words("{player} throws {n}.", player="Ann", n=5)
    tokens = Words.plural("{n} Premier token", "{n} Premier tokens", 0)
    assert (throw, tokens) == ("Ann throws 5.", "0 Premier tokens")
    assert json.dumps({"text": throw}) == '{"text": "Ann throws 5."}'  # plain English wherever it is stored
    french = gettext.GNUTranslations.__new__(gettext.GNUTranslations)
    french._catalog = {"{player} throws {n}.": "{player} lance {n}.",
                       ("{n} Premier token", 0): "{n} jeton Premier", ("{n} Premier token", 1): "{n} jetons Premier"}
    french.plural = lambda n: int(n > 1)
    french._fallback, french._charset, french._info = None, "utf-8", {}
    i18n.set_language("fr", french)
    assert (i18n.tr(throw), i18n.tr(tokens)) == ("Ann lance 5.", "0 jeton Premier")  # French: 0 is singular
    assert i18n.tr(Words("{who} rides", who=Words("{player} throws {n}.", player="Rules", n=1))) == "Rules lance 1. rides"


def test_the_results_headline_takes_each_languages_plural():
    from game.ui.scenes.results import headline

    assert (headline(["Ann", "Bob"], [0]), headline(["Ann", "Bob"], [0, 1])) == ("Ann wins!", "Ann & Bob win!")
    i18n.set_language("fr")
    assert (headline(["Ann", "Bob"], [0]), headline(["Ann", "Bob"], [0, 1])) == ("Ann gagne !", "Ann & Bob gagnent !")
    # three or more share the win as a list reads them, not "Ann & Bob & Cleo"
    assert headline(["Ann", "Bob", "Cleo"], [0, 1, 2]) == "Ann, Bob et Cleo gagnent !"


def test_the_rules_open_in_the_language_in_use_when_translated_else_in_english(tmp_path, monkeypatch):
    from game.ui.scenes import rules_viewer

    monkeypatch.setattr(rules_viewer, "resource", lambda *parts: tmp_path.joinpath(*parts))
    (tmp_path / "docs" / "rules" / "fr").mkdir(parents=True)
    (tmp_path / "docs" / "rules" / "fr" / "veldiv.md").write_text("# Règles", encoding="utf-8")
    i18n.set_language("fr")
    assert rules_viewer.rules_path("veldiv.md") == tmp_path / "docs" / "rules" / "fr" / "veldiv.md"
    assert rules_viewer.rules_path("velonimo.md") == tmp_path / "docs" / "rules" / "velonimo.md"
    i18n.set_language("en")
    assert rules_viewer.rules_path("veldiv.md") == tmp_path / "docs" / "rules" / "veldiv.md"


def test_the_setup_screen_speaks_french_and_fits(audited_app):
    from game.ui.scenes.setup import SetupScene
    from game.ui.scenes_registry import TABLES

    app = audited_app
    app.settings.language = "fr"
    app.apply_settings()
    for game in ("veldiv", "millebornes", "velomaster"):
        app.push(SetupScene(app, TABLES[game]))
        texts = frame(app)
        assert {f"Nouvelle partie — {TABLES[game].spec.name}", "Joueurs", "Graine", "Retour", "Règles"} <= set(texts)
        app.pop()
    assert text_audit.take_problems() == []



# ------------------------------------------------------------------ French at the smallest window


@pytest.fixture()
def table_home(tmp_path, monkeypatch):
    from game.ui import privacy

    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    privacy.violations.clear()
    yield
    text_audit.disable()
    i18n.set_language("en")


@pytest.mark.parametrize("game_id", ["alameda", "millebornes", "veldiv", "velomaster"])
def test_every_table_in_french_lays_out_in_the_smallest_window_with_nothing_cut_or_overlapping(table_home, game_id):
    """French runs about a fifth longer than English: a third of the player counts of every variant (the fewest
    and the most included), each through the real table in French at 960x540, every frame audited. Velonimo has
    its own, at every count (tests/test_i18n_velonimo.py)."""
    from game.app import MIN_WINDOW
    from game.table_numbers import checker
    from game.tablerun import count_configs, run_configs
    from game.ui.scenes_registry import TABLES

    entry = TABLES[game_id]
    every = count_configs(entry.spec)
    configs = every[::3] + ([every[-1]] if (len(every) - 1) % 3 else [])
    reports = run_configs(entry, configs, humans_cycle=(1, 2), max_steps=20, seed=11, window=MIN_WINDOW,
                          numbers=checker(game_id), language="fr")
    assert len(reports) == len(configs) > 0
    assert [f"{r.title()}: {p}" for r in reports for p in r.problems] == []
