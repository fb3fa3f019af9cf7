"""Tour of Alameda in French: the table leaves no English on screen (pseudo-language), the Monkey Wrench is the
Clé à molette on its card and in the move log, and the engine's words (events, refusals, stage summaries, results)
come out in French with French plurals, while English stays as it was."""

from __future__ import annotations

from game import i18n
from game.alameda import card_art
from game.alameda.rules.actions import Pick
from game.alameda.rules.events import (
    CardRevealed,
    CardTaken,
    HandsRefilled,
    MountaineerScored,
    RestRevealed,
    StageScored,
    TourOver,
)
from game.engine.match import Match, Seat
from game.tablerun import run_configs, table_configs
from game.ui import text_audit, theme
from game.ui.scenes_registry import TABLES

from .ui_helpers import frames, make_app

ENTRY = TABLES["alameda"]
NAMES = ("Ann", "Bob", "Cleo", "Dora")

def test_the_table_in_the_pseudo_language_leaves_no_english_on_screen():
    """Every text the real table draws (road, plaques, hand, standings, prompts, buttons, pops, banners, the stage
    summary, the move log) went through the catalogue: both variants, the advanced rules, one or two humans."""
    configs = table_configs(ENTRY.spec, 4, seed=5)
    reports = run_configs(ENTRY, configs, max_steps=90, seed=5, language="pseudo")
    problems = [p for r in reports for p in r.problems]
    assert problems == []  # no English left, nothing cut or overlapping either
    assert sum(r.steps for r in reports) > 150


def test_the_monkey_wrench_card_says_cle_a_molette_in_french():
    english = card_art.face(card_art.WRENCH, (86, 120))
    speed = card_art.face(7, (86, 120))
    i18n.set_language("fr")
    try:
        french = card_art.face(card_art.WRENCH, (86, 120))
        assert french is not english, "the card drawn in English is not shown in French (the cache knows the language)"
        assert card_art.face(7, (86, 120)) is speed, "a speed card has no words: drawn once for every language"
    finally:
        i18n.set_language("en")


def test_in_french_the_table_and_its_move_log_speak_french(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    text_audit.enable()
    try:
        app = make_app("instant")
        i18n.set_language("fr")
        seats = [Seat(n, c, theme.SEAT_COLOURS[i]) for i, (n, c) in enumerate(zip(NAMES[:3], ("human", "easy", "easy"),
                                                                                  strict=True))]
        spec = ENTRY.spec
        match = Match(spec, spec.default_config("standard", 3), 4, seats)
        scene = ENTRY.scene(app, match, ENTRY)
        app.stack.clear_to(scene)
        frames(app, 5)
        card = match.state.hands[0][0]
        assert scene.submit(Pick(card))
        frames(app, 240)
        texts = text_audit.texts(app.canvas)
        assert "Ann joue une carte face cachée" in texts, texts
        assert {"LE TOUR", "VOTRE MAIN"} <= set(texts)
        assert any(t.startswith("ÉTAPE 1 · MANCHE ") for t in texts)
        assert any(t.startswith("main ") and " · paquet " in t for t in texts)
        assert not {"THE TOUR", "YOUR HAND"} & set(texts)
    finally:
        text_audit.disable()
        i18n.set_language("en")


def test_events_say_french_words_with_french_plurals(french):
    assert i18n.tr(CardRevealed(1, 0).text(NAMES)) == "Bob révèle une Clé à molette !"
    assert CardRevealed(1, 8).text(NAMES) == "Bob reveals an 8", "English everywhere it is stored"
    assert i18n.tr(CardRevealed(1, 8).text(NAMES)) == "Bob révèle un 8"
    assert i18n.tr(CardTaken(0, 2, 9).text(NAMES)) == "Ann : sa Clé à molette prend le 9 à Cleo"
    assert i18n.tr(HandsRefilled((1, 1, 2), -1).text(NAMES)) == "Ann et Bob piochent 1 carte ; Cleo pioche 2 cartes"
    assert i18n.tr(MountaineerScored((2,), 4).text(NAMES)) == \
        "Grimpeur : Cleo joue le 4, la plus haute carte de la manche (+1)"
    assert i18n.tr(RestRevealed((0,), (1, 2)).text(NAMES)) == \
        "Ann se repose : main sous le paquet ; Bob et Cleo gardent leur main"
    assert i18n.tr(TourOver((0,), (1, 0), False).text(NAMES)) == "Ann gagne le Tour avec 1 point"
    assert i18n.tr(TourOver((0, 1), (3, 3), True).text(NAMES)) == "Ann et Bob se partagent le Tour avec 3 points"
    scored = StageScored(2, (17, 16, 14, 9), (2, 1, 0, 0), 3, "wrenches")
    assert i18n.tr(scored.text(NAMES)) == "Étape 2 : Ann gagne avec 17 (+2), Bob deuxième (+1)"
    assert i18n.tr(scored.why_words()) == "3 coureurs sur 4 ont joué leur Clé à molette : plus de la moitié, l'étape " \
                                          "est finie"


def test_refusals_and_set_up_words_are_in_french(french):
    spec = ENTRY.spec
    state = spec.new_state(spec.default_config("standard", 3), 2)
    missing = next(v for v in range(1, 11) if v not in state.hands[0])
    assert i18n.tr(state.why_illegal(0, Pick(missing))) in (f"Il vous manque un {missing}.",)
    state, _events = state.apply(0, Pick(state.hands[0][0]))
    assert i18n.tr(state.why_illegal(0, Pick(state.hands[0][0]))) == \
        "Vous avez déjà joué votre carte pour cette manche."
    standard = spec.variant("standard")
    assert (i18n.tr(standard.label), i18n.tr(spec.variant("younger").label)) == ("Standard", "Jeunes joueurs")
    labels = {o.key: i18n.tr(o.label) for o in standard.options}
    assert labels["breakaway"] == "L'Échappée" and labels["mountaineer"] == "Grimpeur"
    assert labels["copies_7"] == "Cartes de 7 par paquet"
    assert i18n.tr(spec.progress(state)) == "étape 1, manche 1"


def test_the_rules_in_french_follow_the_english_section_by_section_with_every_heading_whole(tmp_path, monkeypatch):
    """docs/rules/fr/alameda.md has the English doc's outline (its sections and numbered readings, in step), the
    rules scene in French shows it with every heading whole in the table of contents, and it names the options
    as the French setup does (Clé à molette, L'Échappée, Grimpeur…), never the English names."""
    import re

    from .rules_doc_helpers import french_rules

    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    with french_rules(ENTRY.rules_doc, ENTRY.spec.name) as (french, scene):
        assert [title for title, _y in scene.sections[:2]] == ["Tour of Alameda", "Les cartes"]
        options = {o.key: i18n.tr(o.label) for v in ENTRY.spec.variants for o in v.options}
        named = [label for key, label in options.items() if key not in {f"copies_{v}" for v in range(2, 10)}]
        assert [label for label in named if label not in french] == []
        assert i18n.tr(ENTRY.spec.variant("younger").label) in french
        ours = re.sub(r'"[^"]*"', "", french)  # the French text, without the English rulebook's quotes
        assert [w for w in ("Monkey Wrench", "Breakaway", "Mountaineer", "Time Trial", "jersey") if w in ours] == []
