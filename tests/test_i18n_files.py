"""Messages about files in the player's language (issue 29): the notices for a damaged, too old or newer save
set aside, the reasons a save cannot be used, the settings reset, and the command line's own errors. Engines
stay pure: their reasons are Words, composed by the menu in the language in use."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import i18n, storage
from game import i18n_pseudo as pseudo_language
from game.engine.match import Match
from game.registry import GAMES
from game.ui import text_audit
from game.ui.scenes.menu import MenuScene

from .ui_helpers import frames, make_app

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = json.loads((ROOT / "tests" / "fixtures" / "saves" / "velonimo-duel.save.json").read_text(encoding="utf-8"))


def broken(**changes) -> dict:
    data = json.loads(json.dumps(FIXTURE))
    data.update(changes)
    return data


# each way a save can be unusable, as the file's text
SAVES = {
    "not JSON": '{"format": "velotheque-save", "version": 1, "game": "velonimo", "se',
    "not a save": json.dumps({"format": "something else"}),
    "newer format": json.dumps(broken(version=9)),
    "newer rules": json.dumps(broken(rules_version=99)),
    "unknown game": json.dumps(broken(game="chess")),
    "bad seed": json.dumps(broken(seed=-1)),
    "bad player": json.dumps(broken(seats=[{"name": "Ann", "controller": "wizard"}, FIXTURE["seats"][1]])),
    "bad colour": json.dumps(broken(seats=[{"name": "Ann", "colour": [1, 2]}, FIXTURE["seats"][1]])),
    "too few seats": json.dumps(broken(seats=FIXTURE["seats"][:1])),
    "bad option": json.dumps(broken(config={**FIXTURE["config"], "players": "two"})),
    "bad variant": json.dumps(broken(config={**FIXTURE["config"], "variant": "nope"})),
    "bad move": json.dumps(broken(actions=[[0, {"type": "Teleport"}]])),
    "bad move field": json.dumps(broken(actions=[[0, {**FIXTURE["actions"][0][1], "cards": "x"}]]
                                        if FIXTURE["actions"] else [[0, 1]])),
    "illegal move": json.dumps(broken(actions=FIXTURE["actions"][:1] * 2)) if FIXTURE["actions"] else "[]",
}


@pytest.fixture()
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    return tmp_path


def notice_for(text: str):
    storage.saves_dir().mkdir(parents=True, exist_ok=True)
    storage.slot_path("velonimo").write_text(text, encoding="utf-8")
    [notice] = storage.load_saves(GAMES).notices
    return notice


@pytest.mark.parametrize("case", sorted(SAVES))
def test_every_reason_a_save_cannot_be_resumed_goes_through_the_catalogue(home, case):
    notice = notice_for(SAVES[case])
    pseudo_language.use_pseudo()
    try:
        said = [i18n.tr(notice.title), i18n.tr(notice.text)]
    finally:
        i18n.set_language("en")
    names = {p.name for p in storage.saves_dir().iterdir()} | {"velonimo.json", "Ann", "Bob", "chess", "nope",
                                                                 "Teleport", "wizard", "PlayCards.cards",
                                                                 "standard", "duel"}
    assert pseudo_language.english_left(said, names) == [], said


def test_a_damaged_save_notice_reads_in_french_and_changes_language_at_once_on_the_menu(home):
    text_audit.enable()
    try:
        app = make_app()
        app.settings.language = "fr"
        app.apply_settings()
        storage.saves_dir().mkdir(parents=True, exist_ok=True)
        storage.slot_path("velonimo").write_text(SAVES["bad player"], encoding="utf-8")
        app.stack.clear_to(MenuScene(app))
        frames(app, 2)
        texts = text_audit.texts(app.canvas)
        assert "Une partie enregistrée n'a pas pu être reprise" in texts
        assert any("Cette sauvegarde est endommagée" in t for t in texts), texts
        assert text_audit.take_problems() == []  # nothing cut or overlapping
        app.settings.language = "en"
        app.apply_settings()
        frames(app, 1)
        assert "A saved match could not be resumed" in text_audit.texts(app.canvas)
    finally:
        text_audit.disable()
        i18n.set_language("en")


def test_a_reset_settings_notice_names_the_values_in_the_language_in_use(home):
    """The notice names each setting as the Settings screen does, in the language in use: "(Son)", "(Sound)";
    never the file's key ("sound", "animation_speed": English, and code, left in a French sentence)."""
    (home / "settings.json").write_text(json.dumps({"sound": "loud", "language": "fr"}), encoding="utf-8")
    settings, notice = storage.load_settings()
    assert settings.language == "fr" and notice is not None
    i18n.set_language("fr")
    assert i18n.tr(notice.title) == "Vos réglages ont été réinitialisés"
    assert i18n.tr(notice.text).startswith("Un réglage avait une valeur que cette version ne peut pas utiliser "
                                           "(Son) ; il reprend sa valeur par défaut.")
    i18n.set_language("en")
    assert i18n.tr(notice.text).startswith("A setting had a value this version cannot use (Sound)")


def test_a_reset_settings_notice_names_several_settings_by_their_screen_words(home):
    """Several values reset: each named as on the Settings screen, in the order of the screen's checks."""
    (home / "settings.json").write_text(json.dumps({"sound": "loud", "animation_speed": "warp", "undo_window": 99}),
                                        encoding="utf-8")
    _settings, notice = storage.load_settings()
    assert i18n.tr(notice.text).startswith("Some settings had values this version cannot use (Sound, Animation "
                                           "speed, Time to undo); they are back to defaults.")
    i18n.set_language("fr")
    assert "(Son, Vitesse des animations, Délai pour annuler)" in i18n.tr(notice.text)


def test_a_save_reason_stays_english_text_wherever_it_is_stored(home):
    notice = notice_for(SAVES["bad seed"])
    assert notice.text == ("This save is damaged: its seed is not a whole number from 0 to 2^63 - 1. "
                           "The file was kept as velonimo.damaged-1.json.")
    with pytest.raises(Exception) as refused:
        Match.from_save(json.loads(SAVES["bad colour"]), GAMES)
    assert str(refused.value) == "This save is damaged: Ann's colour is not three whole numbers from 0 to 255."


def run_main(home: Path, *args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env.update(VELOTHEQUE_HOME=str(home), LANG="en_GB.UTF-8", SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)


def test_the_command_lines_errors_speak_the_language_chosen_in_the_settings(home):
    assert "--game goes with --smoke" in run_main(home, "--game", "veldiv").stderr
    (home / "settings.json").write_text(json.dumps({"language": "fr"}), encoding="utf-8")
    out = run_main(home, "--game", "veldiv")
    assert out.returncode == 2 and "--game va avec --smoke" in out.stderr
    out = run_main(home, "--smoke", "--frames", "0")
    assert "0 est hors limites : donnez un nombre de 1 à 1\u202f000\u202f000" in out.stderr
    assert "ce jeu n'existe pas" in run_main(home, "--smoke", "--game", "chess").stderr


def test_the_command_line_reads_the_settings_without_setting_a_damaged_file_aside(home):
    (home / "settings.json").write_text("{", encoding="utf-8")
    run_main(home, "--game", "veldiv")
    assert (home / "settings.json").exists() and len(list(home.iterdir())) == 1


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")
