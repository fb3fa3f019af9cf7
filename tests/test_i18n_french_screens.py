"""What a French player saw wrong on the shared screens and the tables' own drawings, and no test caught: the
setup's teams line wrote "A: Ann & Carl" outside the catalogue (French sets a space before the colon), and figures
written with Python's own formats where the rest of the screen writes numbers in French: the results chart's axis
("1500" beside the ranking's "1 250"), a fractional score ("2.5"), Mille Bornes' mileage bar ("1050 / 1000" under a
header saying "1 000 bornes"); and a wrapped line (the move log's) that began with the ": 26" French sets
after a space."""

from __future__ import annotations

import gettext

import pygame
import pytest

from game import i18n
from game.ui import text_audit

NB = "\u202f"  # the narrow no-break space French sets thousands apart with


class Catalogue(gettext.NullTranslations):
    """A French catalogue of a few entries: the words these tests look for, whatever the shipped .po holds yet."""

    def __init__(self, entries: dict[str, str]):
        super().__init__()
        self.entries = entries

    def gettext(self, message):
        return self.entries.get(message, message)


@pytest.fixture()
def audited(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    text_audit.enable()
    pygame.init()
    yield
    text_audit.disable()
    i18n.set_language("en")


def test_the_setup_teams_line_says_each_team_through_the_catalogue(audited):
    from game.app import App
    from game.ui.scenes.setup import SetupScene

    from .toy_games.table import TOY_ENTRIES

    app = App(headless=True)
    i18n.set_language("fr", Catalogue({"Teams — {teams}": "Équipes — {teams}", "{team}: {players}": "{team} : {players}",
                                       "Player {n}": "Joueur {n}"}))
    scene = SetupScene(app, TOY_ENTRIES["relay"])
    app.stack.clear_to(scene)
    app.step(1 / 60, [])
    names = [row.seat().name for row in scene.rows]
    line = [t for t in text_audit.texts(app.canvas) if t.startswith("Équipes")]
    assert line == [f"Équipes — A : {names[0]} & {names[2]}   B : {names[1]} & {names[3]}"]
    assert text_audit.take_problems() == []


def test_the_results_chart_writes_its_axis_figures_as_the_language_does(audited):
    from game.ui.widgets.chart import LineChart

    def axis(series):
        chart = LineChart((480, 110, 760, 420), ["Hand 1", "Hand 2", "Hand 3"], series, [(200, 0, 0), (0, 0, 200)],
                          ["Ann", "Bob"])
        surface = pygame.Surface((1280, 720))
        chart.draw(surface)
        return [t for t in text_audit.texts(surface) if any(c.isdigit() for c in t)]

    i18n.set_language("fr")
    big = axis([[0, 1250, 2600], [0, 550, 1400]])
    assert f"1{NB}000" in big and "1000" not in big, big  # as the ranking beside it writes "1 250"
    assert "0,5" in axis([[0, 0.5, 1.5], [0, 1, 1.5]])
    i18n.set_language("en")
    assert "1,000" in axis([[0, 1250, 2600], [0, 550, 1400]])


def test_a_fractional_score_is_written_with_the_languages_decimal_sign():
    from game.ui.scenes.results import figure

    assert (figure(2.5), figure(1475.0), figure(0.1 * 3)) == ("2.5", "1,475", "0.3")
    i18n.set_language("fr")
    try:
        assert (figure(2.5), figure(1475.0), figure(-0.25)) == ("2,5", f"1{NB}475", "-0,25")
    finally:
        i18n.set_language("en")


def test_the_mille_bornes_mileage_bar_writes_its_figures_in_french(audited):
    from game.millebornes import card_art

    def bar(miles, goal):
        surface = pygame.Surface((240, 40))
        card_art.mileage_bar(surface, (10, 10, 175, 16), miles, goal, (200, 60, 120))
        return text_audit.texts(surface)

    i18n.set_language("fr")
    assert f"1{NB}050 / 1{NB}000" in bar(1050, 1000), "the header says « 1 000 bornes »: the bar as well"
    assert "650 / 700" in bar(650, 700)
    i18n.set_language("en")
    assert "1,050 / 1,000" in bar(1050, 1000)
    assert text_audit.take_problems() == []  # whole, never shortened, at the width the zone gives it


def test_a_wrapped_french_line_never_starts_with_the_colon_or_the_sign_set_after_a_space():
    """The move log wrote "Bob contre-attaque avec 2 Chèvres (6)" then ": 26" on a line of its own: French puts a
    space before : ; ! ? and inside « », and the wrap broke at that space."""
    from game.ui import theme

    pygame.init()
    sentences = ["Bob contre-attaque avec 2 Chèvres (6) : 26", "Coup Fourré ? Passez l'écran à Ann",
                 "Cliquez sur « Ne rien prendre » ; ou jouez !"]
    for text in sentences:
        for width in range(40, theme.font(15).size(text)[0] + 2, 3):
            lines = theme.wrap(text, width, 15)
            assert " ".join(lines) == text
            assert not any(line[0] in ":;!?»" for line in lines), (width, lines)
            assert not any(line.endswith("«") for line in lines), (width, lines)


def test_a_wrapped_line_never_breaks_a_french_number_or_percentage_at_its_no_break_space():
    """French writes thousands and percentages with a narrow no-break space ("1\u202f975", "90\u202f%"): the move
    log wrapped "Bob et Dmitri 1 975" as "… 1" then "975", and put an ordinary space in its place."""
    from game.ui import theme

    pygame.init()
    text = "Bob et Dmitri 1\u202f975 · Ann 90\u202f% · 2\u00a0000 bornes"
    for width in range(40, theme.font(15).size(text)[0] + 2, 3):
        lines = theme.wrap(text, width, 15)
        assert " ".join(lines) == text, (width, lines)
        for number in ("1\u202f975", "90\u202f%", "2\u00a0000"):
            assert any(number in line for line in lines), (width, lines)


def test_the_results_details_elide_de_before_a_seat_name_starting_with_a_vowel(audited):
    """An engine names seats "{0}" in its result details and the results screen fills them in: French writes "le
    leader d'Ann", never "le leader de Ann" (VeloMaster's champion line showed "de Ann"), and "de Bob" stays."""
    import dataclasses

    from game.app import App
    from game.engine.match import Match, Seat
    from game.ui.scenes.results import ResultsScene

    from .fake_game import RACE, Add

    app = App(headless=True)
    match = Match(RACE, RACE.default_config("standard", 2), 5, [Seat("Ann"), Seat("Bob")])
    while not match.is_over():
        seat = match.to_act()[0]
        match.act(seat, Add(2))
    i18n.set_language("fr", Catalogue({"Champion: the leader of {0}; red jersey: the leader of {1}.":
                                       "Champion : le leader de {0} ; maillot rouge : le leader de {1}."}))
    scene = ResultsScene(app, match, lambda: None, lambda: None)
    scene.result = dataclasses.replace(scene.result, details=(
        "Champion: the leader of {0}; red jersey: the leader of {1}.",))
    app.stack.clear_to(scene)
    app.step(1 / 60, [])
    drawn = " ".join(text_audit.texts(app.canvas))
    assert "le leader d'Ann" in drawn and "le leader de Bob" in drawn, drawn
