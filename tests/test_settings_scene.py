"""The Settings screen as a player reads it: a setting that only one game uses names that game."""

import pytest

from game.ui import text_audit
from game.ui.scenes.settings import SettingsScene

from .ui_helpers import make_app


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    text_audit.enable()
    app = make_app()
    app.home()
    yield app
    text_audit.disable()


def test_a_setting_only_one_game_uses_names_that_game_on_its_row(app):
    """"Throw the dice for me" does nothing in VeloMaster, "Lift playable cards" nothing in Mille Bornes: each row
    says which game it is about, as the Mille Bornes question's row does."""
    app.push(SettingsScene(app))
    app.step(1 / 60, [])
    texts = " | ".join(text_audit.texts(app.canvas))
    assert "Velonimo: Lift playable cards" in texts
    assert "Jeu du Veldiv: Throw the dice for me" in texts
