"""VeloMaster's course preview and setup panel in French (issue 29): every word drawn goes through the catalogue
(the pseudo-language finds no English but the courses' own names), the French fits at 1280x720 with nothing cut
or overlapping, numbers are written the French way, and the shared-team sentences elide ("les vélos d'Eddy")."""

from __future__ import annotations

import pytest

from game import i18n
from game import i18n_pseudo as pseudo_language
from game.ui import text_audit
from game.ui.scenes.setup import SetupScene
from game.ui.scenes_registry import TABLES
from game.velomaster.preview import CoursePreviewScene
from game.velomaster.setup_panel import shared_team_words

from .ui_helpers import frames, make_app

ENTRY = TABLES["velomaster"]
COURSE_NAMES = set(ENTRY.spec.proper_names(ENTRY.spec.default_config())) | {
    "Championnat du Monde 2006 – Salzburg", "Championnat de France 2007 – Aurillac", "Salzburg 2006",
    "Aurillac 2007", "Tiled", "tools/make_maps.py", "docs/rules/velomaster.md", "Editing the maps"}


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    text_audit.enable()
    app = make_app()
    yield app
    text_audit.disable()
    i18n.set_language("en")


def drawn(app) -> list[str]:
    frames(app, 2)
    return text_audit.texts(app.canvas)


def preview_texts(app) -> list[str]:
    """The preview of each course, its riders shown and hidden."""
    scene = CoursePreviewScene(app)
    app.push(scene)
    texts = []
    for i in range(len(scene.entries)):
        scene._select(i)
        texts += drawn(app)
        scene._toggle_riders()
        texts += drawn(app)
    app.pop()
    return texts


def setup_texts(app, players: int, level: str) -> list[str]:
    setup = SetupScene(app, ENTRY)
    app.stack.clear_to(setup)
    setup.players.value = players
    setup._rebuild(players)
    setup.option_widgets["level"].set_value(level)
    names = {row.seat().name for row in setup.rows}
    return drawn(app), names


def test_the_preview_and_the_setup_panel_draw_no_english_in_the_pseudo_language(app):
    pseudo_language.use_pseudo()
    left = pseudo_language.english_left(preview_texts(app), COURSE_NAMES)
    assert left == []
    for players, level in ((4, "debutant"), (5, "expert"), (8, "pro")):
        texts, names = setup_texts(app, players, level)
        left = [t for t in pseudo_language.english_left(texts, COURSE_NAMES | names)]
        assert left == [], (players, level)


def test_the_preview_in_french_fits_with_french_numbers(app):
    app.settings.language = "fr"
    app.apply_settings()
    text_audit.take_problems()
    texts = preview_texts(app)
    assert {"Parcours de VeloMaster", "Longueur", "Point culminant", "ASCENSIONS", "Voir toute la carte (F)"
            } - set(texts) <= {"Voir toute la carte (F)"}  # a tooltip: shown on hover only
    assert "Cacher les coureurs" in texts and "Voir les coureurs" in texts
    assert any(t.startswith("km ") and "," in t for t in texts), "km 3,4: a decimal comma"
    assert text_audit.take_problems() == []


@pytest.mark.parametrize(("players", "level"), [(4, "debutant"), (5, "expert"), (6, "expert"), (8, "pro")])
def test_the_setup_panel_in_french_fits_and_says_who_shares_a_team(app, players, level):
    app.settings.language = "fr"
    app.apply_settings()
    text_audit.take_problems()
    texts, names = setup_texts(app, players, level)
    said = " ".join(texts)
    assert "Voir les parcours" in texts
    assert ("partag" in said) == (players >= 5), said
    assert "share" not in said and "Climbs" not in said
    assert text_audit.take_problems() == []


def test_the_shared_team_words_elide_before_a_vowel_and_agree_the_colour_with_equipe():
    names = ["Ann", "Bob", "Cleo", "Dan", "Eddy", "Fay", "Gus", "Hal"]
    i18n.set_language("fr")
    try:
        one = shared_team_words([(0, 4)], names, ["Red", "Blue", "Green", "Yellow", "Violet"])
        assert "Ann et Eddy ont l'équipe rouge" in one and "; les vélos d'Eddy portent un disque de couleur violette" in one
        assert "vélos de Bob" in shared_team_words([(0, 1)], names, ["Blue", "White"], 2)
        many = shared_team_words([(0, 4), (1, 5)], names, ["Red", "Blue"] * 4, 3)
        assert many.startswith("Équipes partagées, par place : 1 & 5 rouge, 2 & 6 bleue.")
    finally:
        i18n.set_language("en")
    assert "Eddy's bikes carry a violet disc" in shared_team_words([(0, 4)], names, ["Red"] * 4 + ["Violet"])
