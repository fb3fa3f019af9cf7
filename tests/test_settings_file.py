"""settings.json from outside (issue 13): strict types and ranges, unknown keys ignored, a bad value back
to its default, a bad file set aside (kept) with a notice naming the folder, and the app starts."""

import json

import pytest

from game import storage
from game.storage import Settings


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    return tmp_path


def load_text(text: str):
    storage.settings_path().write_text(text, encoding="utf-8")
    return storage.load_settings()


def test_good_settings_round_trip_with_undo_window_and_automatic_answers():
    s = Settings(fullscreen=True, animation_speed="slow", sound=False, window_size=(1600, 900), undo_window=0.0,
                 auto_answers={"coup-fourre": True, "entraide": False})
    storage.save_settings(s)
    loaded, notice = storage.load_settings()
    assert notice is None and loaded == s


def test_new_settings_have_the_documented_defaults():
    s = Settings()
    assert s.undo_window == 1.5 and s.auto_answers == {} and s.window_size == (1280, 720)


@pytest.mark.parametrize("text,bad", [
    ('{"window_size": [1280]}', "window_size"),
    ('{"window_size": [1280, 720, 3]}', "window_size"),
    ('{"window_size": [0, 720]}', "window_size"),
    ('{"window_size": [99999, 720]}', "window_size"),
    ('{"window_size": [1280.5, 720]}', "window_size"),
    ('{"window_size": "1280x720"}', "window_size"),
    ('{"fullscreen": "no"}', "fullscreen"),
    ('{"fullscreen": 1}', "fullscreen"),
    ('{"sound": null}', "sound"),
    ('{"animation_speed": "warp"}', "animation_speed"),
    ('{"animation_speed": ["fast"]}', "animation_speed"),
    ('{"undo_window": 5.5}', "undo_window"),
    ('{"undo_window": -1}', "undo_window"),
    ('{"undo_window": true}', "undo_window"),
    ('{"undo_window": "1.5"}', "undo_window"),
    ('{"auto_answers": {"coup-fourre": "yes"}}', "auto_answers"),
    ('{"auto_answers": {"' + "k" * 41 + '": true}}', "auto_answers"),
    ('{"auto_answers": {"": true}}', "auto_answers"),
    ('{"auto_answers": [["coup-fourre", true]]}', "auto_answers"),
    ('{"auto_answers": {' + ", ".join(f'"kind{i}": true' for i in range(21)) + "}}", "auto_answers"),
])
def test_a_wrong_typed_or_out_of_range_value_falls_back_to_its_default_and_the_file_is_set_aside(home, text, bad):
    loaded, notice = load_text(text.replace("{", '{"sound": false, ', 1) if '"sound"' not in text else text)
    assert getattr(loaded, bad) == getattr(Settings(), bad)
    if '"sound"' not in text:
        assert loaded.sound is False, "the good values are kept"
    # the setting named as the Settings screen names it, never the file's key
    assert storage.SETTING_WORDS[bad] in notice.text and "kept as settings.damaged-1.json" in notice.text
    assert notice.folder == home
    assert (home / "settings.damaged-1.json").exists() and not storage.settings_path().exists()


def test_fullscreen_written_as_no_does_not_turn_fullscreen_on():
    loaded, notice = load_text('{"fullscreen": "no"}')
    assert loaded.fullscreen is False and notice is not None


@pytest.mark.parametrize("text,words", [
    ('{"window_size": [1e400, 720]}', "too large"),
    ("[" * 10_000 + "]" * 10_000, "nests lists"),
    ('{"a": ' + "{" * 50 + "}" * 50 + "}", "nests lists"),
    ('{"window_size": [' + "9" * 5000 + ", 720]}", "number too long"),
    ("[1, 2", "not complete JSON"),
    ("[1, 2]", "not a settings object"),
    ('{"sound": NaN}', "not a number"),
])
def test_a_damaged_settings_file_gives_defaults_and_is_kept_aside(home, text, words):
    loaded, notice = load_text(text)
    assert loaded == Settings()
    assert words in notice.text and "damaged" in notice.text
    assert (home / "settings.damaged-1.json").read_text(encoding="utf-8") == text


def test_unknown_keys_are_ignored_without_a_message():
    loaded, notice = load_text(json.dumps({"sound": False, "theme": "dark", "window_size": [1400, 800]}))
    assert notice is None and loaded.sound is False and loaded.window_size == (1400, 800)
    assert storage.settings_path().exists()


def test_the_app_starts_with_a_damaged_settings_file_and_shows_the_notice_until_dismissed(home):
    from game.ui.scenes.menu import MenuScene
    from tests.ui_helpers import frames, make_app

    storage.settings_path().write_text('{"window_size": [1e400, 720], "fullscreen": "no"}', encoding="utf-8")
    app = make_app()
    assert app.settings == Settings(animation_speed="instant")
    app.stack.clear_to(MenuScene(app))
    frames(app, 700)  # more than ten seconds: a notice is not a toast
    menu = app.stack.top
    assert menu.banner.visible and "settings" in menu.banner.notice.text and menu.banner.notice.folder == home
    menu.banner.dismiss.click()
    assert not menu.banner.visible and app.notices == []


@pytest.mark.parametrize("value", ['"yes"', "1", "null", "[true]"])
def test_playable_hints_must_be_true_or_false_and_fall_back_to_on(home, value):
    """Issue 18: the Velonimo hint setting is validated like the others; its default (on) is kept."""
    loaded, notice = load_text('{"sound": false, "playable_hints": ' + value + "}")
    assert loaded.playable_hints is True and loaded.sound is False
    assert "Lift playable cards" in notice.text and "kept as settings.damaged-1.json" in notice.text


def test_playable_hints_are_on_by_default_and_an_off_setting_round_trips(home):
    assert Settings().playable_hints is True
    storage.save_settings(Settings(playable_hints=False))
    loaded, notice = storage.load_settings()
    assert notice is None and loaded.playable_hints is False


@pytest.mark.parametrize("value", ['"on"', "0", "null", "{}"])
def test_auto_throw_must_be_true_or_false_and_falls_back_to_off(home, value):
    """Issue 18: the Veldiv auto-throw setting is validated like the others; its default (off) is kept."""
    loaded, notice = load_text('{"sound": false, "auto_throw": ' + value + "}")
    assert loaded.auto_throw is False and loaded.sound is False
    assert "Throw the dice for me" in notice.text and "kept as settings.damaged-1.json" in notice.text


def test_auto_throw_is_off_by_default_and_an_on_setting_round_trips(home):
    assert Settings().auto_throw is False
    storage.save_settings(Settings(auto_throw=True))
    loaded, notice = storage.load_settings()
    assert notice is None and loaded.auto_throw is True
