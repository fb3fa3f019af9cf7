"""French forms (issue 29): "de" and "que" elide before a vowel-initial name (d'Ann, qu'Eddy) without ever changing
the name, a sentence that starts with a rider takes a capital, and the VeloMaster words the screens build
themselves (tour standings, die-choice rows) are said in the language in use."""

from __future__ import annotations

import pytest

from game import i18n
from game import i18n_pseudo as pseudo_language
from game.engine.words import Words
from game.i18n import fill, tr

NAMES = ["Ann", "Bob", "Cat", "Dan"]


@pytest.mark.parametrize(("name", "expected"), [("Ann", "le leader d'Ann"), ("Bob", "le leader de Bob"),
                                                ("Éloïse", "le leader d'Éloïse"), ("Yann", "le leader de Yann"),
                                                ("ordi 2", "le leader d'ordi 2")])
def test_de_elides_before_a_vowel_initial_name(french, name, expected):
    assert fill("le leader de {player}", player=name) == expected


def test_elision_changes_only_the_word_before_the_field_never_the_name(french):
    assert fill("le leader de {player}", player="Lucas de Oliveira") == "le leader de Lucas de Oliveira"
    assert fill("plus {what} que {player}", what="vite", player="Eddy") == "plus vite qu'Eddy"
    assert fill("De {player} : {n}", player="Ann", n=3) == "D'Ann : 3"
    assert fill("{n} de {goal}", n=3, goal=8) == "3 de 8"


def test_english_is_never_elided():
    assert fill("le leader de {player}", player="Ann") == "le leader de Ann"  # English in use: as written
    assert i18n.elided("de", "Ann") == "de Ann"


def test_engine_words_elide_where_the_table_composes_them(french):
    from game.velomaster.rules.words import who

    assert tr(who(NAMES, 0, "equipier", "violet team-mate", start=True)) == "L'équipier violet d'Ann"
    assert tr(who(NAMES, 1, "leader")) == "le leader de Bob"
    assert tr(Words("It is not {player}'s turn.", player="Eddy")) == "Ce n'est pas le tour d'Eddy."


def test_a_velomaster_prompt_that_starts_with_a_rider_has_a_capital(french):
    from game.velomaster.table_words import bib_rider, whose

    assert whose("Ann", bib_rider("violet", "equipier"), mate=True, start=True) == "L'équipier violet d'Ann"
    assert whose("Ann", bib_rider("violet", "equipier"), mate=True) == "l'équipier violet d'Ann"
    assert i18n.capital("accélération d'Ann") == "Accélération d'Ann"


def test_the_die_choice_rows_are_said_in_the_language_in_use():
    from game.velomaster.rules.actions import Assign
    from game.velomaster.table_help import choice_rows

    actions = [Assign(0, 5), Assign(1, 5), Assign(0, 3)]
    roles = ["leader", "equipier"]
    assert [r.words for r in choice_rows(actions, roles)] == ["Leader first", "Team-mate first"]
    pseudo_language.use_pseudo()
    try:
        words = [r.words for r in choice_rows(actions, roles)]
    finally:
        i18n.set_language("en")
    assert pseudo_language.english_left(words) == [], words


def test_the_tour_standings_are_made_in_the_language_in_use(french):
    from game.velomaster.tour_standings import clock_or_gap, clock_words, status_words, team_words

    assert (clock_or_gap(100, 100, False), clock_words(-1), status_words("abandoned")) == ("même temps",
                                                                                          "hors course", "abandon")

    class View:
        players = 2
        riders = ()

    assert (team_words(View, 5, NAMES), team_words(View, 1, NAMES)) == ("équipe neutre", "équipe 2")


def test_no_two_catalogues_give_the_same_english_different_french():
    """One catalogue per domain, chained (the shared words first, then each game's): an English string in two
    domains is always said as the first says it, so a second, different French would never show. Words that must
    differ carry a context (C_("eliminated", "out") in the Veldiv, "hors course" in VeloMaster)."""
    from babel.messages.pofile import read_po

    from tools.i18n import po_path

    said: dict[tuple, dict[str, object]] = {}
    for domain in i18n.DOMAINS:
        with po_path("fr", domain).open("rb") as f:
            for message in read_po(f, locale="fr"):
                if message.id:
                    said.setdefault((message.context, str(message.id)), {})[domain] = message.string
    differing = {key: by_domain for key, by_domain in said.items() if len({str(s) for s in by_domain.values()}) > 1}
    assert differing == {}


def test_words_that_differ_between_games_are_looked_up_in_their_context(french):
    from game.i18n import C_

    assert (tr(C_("eliminated", "out")), tr(C_("rider", "out"))) == ("éliminé", "hors course")
