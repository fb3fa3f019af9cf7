"""Mille Bornes in French: the table leaves no English on screen (pseudo-language), the cards and the move log say
the French deck's names (Feu Vert, Crevaison, As du Volant…), and the engine's words (events, refusals, the Coup
Fourré question, score lines, results) come out in French with French plurals and numbers, while English stays
as it was."""

from __future__ import annotations

import json

from game import i18n
from game.engine.match import Match, Seat
from game.millebornes import card_art
from game.millebornes.rules.actions import Play
from game.millebornes.rules.cards import (
    D25,
    D50,
    D75,
    D100,
    END_OF_LIMIT,
    FLAT_TIRE,
    GO,
    NAMES,
    PUNCTURE_PROOF,
    REPAIRS,
    SPARE_TIRE,
    STOP,
)
from game.millebornes.rules.events import CardsDrawn, CoupFourrePlayed, HandScored, MatchOver, SafetyPlayed
from game.millebornes.rules.scoring import coups_line, safeties_line
from game.millebornes.table_parts import HAND_CARD, ZONE_CARD
from game.tablerun import run_configs, table_configs
from game.ui import text_audit, theme
from game.ui.scenes_registry import TABLES

from .millebornes_support import NAMES as PLAYERS
from .millebornes_support import build, config
from .ui_helpers import frames, make_app

ENTRY = TABLES["millebornes"]
NB = "\u202f"  # the narrow no-break space French sets thousands apart with

def test_the_table_in_the_pseudo_language_leaves_no_english_on_screen():
    """Every text the real table draws (zones, piles, hand, score panel, prompts, buttons, pops, banners, the
    question, the hand summary, the move log) went through the catalogue: set-ups of both variants, with every
    option, one or two humans."""
    configs = table_configs(ENTRY.spec, 4, seed=3)
    reports = run_configs(ENTRY, configs, max_steps=90, seed=3, language="pseudo")
    problems = [p for r in reports for p in r.problems]
    assert problems == []  # no English left, nothing cut or overlapping either
    assert sum(r.steps for r in reports) > 150


def test_the_cards_say_the_french_decks_names_and_are_drawn_again_in_the_language_in_use():
    english = card_art.face(GO, HAND_CARD)
    assert card_art.card_label(FLAT_TIRE) == "FLAT TIRE"
    i18n.set_language("fr")
    try:
        assert [card_art.card_label(k) for k in (GO, STOP, FLAT_TIRE, REPAIRS, PUNCTURE_PROOF, D100)] == [
            "FEU VERT", "FEU ROUGE", "CREVAISON", "RÉPARATIONS", "INCREVABLE", "100 BORNES"]
        lines, _px, _squeeze = card_art.name_layout(END_OF_LIMIT, *ZONE_CARD)
        assert " ".join(lines) == "FIN DE LIMITE DE VITESSE", "the longest French name is whole, on two lines"
        french = card_art.face(GO, HAND_CARD)
        assert french is not english, "a card drawn in English is not shown in French (the cache knows the language)"
    finally:
        i18n.set_language("en")
    assert card_art.face(GO, HAND_CARD) is english


def test_in_french_the_table_and_its_move_log_name_the_cards_as_french_players_do(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    text_audit.enable()
    try:
        app = make_app("instant")
        i18n.set_language("fr")
        state = build(hands=((GO, D25, D50, D75, D100, STOP), (D25,) * 6), turn=0)
        seats = [Seat(n, c, theme.SEAT_COLOURS[i]) for i, (n, c) in enumerate(zip(PLAYERS, ("human", "easy"), strict=False))]
        match = Match(ENTRY.spec, config(), 3, seats)
        match.states = [state]
        scene = ENTRY.scene(app, match, ENTRY)
        app.stack.clear_to(scene)
        frames(app, 2)
        assert scene.submit(Play(GO, 0))
        frames(app, 90)
        texts = text_audit.texts(app.canvas)
        assert "Ann joue un Feu Vert" in texts, texts
        assert {"BATAILLE", "VITESSE", "BOTTES", "VOTRE MAIN", "SCORES"} <= set(texts)
        assert any(t.startswith("PIOCHE · ") for t in texts) and any(t.startswith("DÉFAUSSE · ") for t in texts)
        assert not {"STOP", "MILES", "DRIVE", "SPEED", "YOUR HAND"} & set(texts)
    finally:
        text_audit.disable()
        i18n.set_language("en")


def test_events_say_french_words_with_french_plurals(french):
    assert CardsDrawn(0, (GO,), (0,)).text(PLAYERS, 0) == "Ann draws a Go", "English everywhere it is stored"
    assert i18n.tr(CardsDrawn(0, (GO,), (0,)).text(PLAYERS, 0)) == "Ann pioche un Feu Vert"
    assert i18n.tr(CardsDrawn(0, (GO,), (0,)).text(PLAYERS, 1)) == "Ann pioche une carte"
    assert i18n.tr(CardsDrawn(1, (GO, STOP, D50), (1,)).text(PLAYERS, 0)) == "Bob pioche 3 cartes"
    assert i18n.tr(CardsDrawn(1, (GO, STOP, D50), (1,)).text(PLAYERS, 1)) == \
        "Bob pioche un Feu Vert, un Feu Rouge et 50 bornes"
    coup = CoupFourrePlayed(2, PUNCTURE_PROOF, 2, FLAT_TIRE, 0).text(PLAYERS)
    assert coup == "Cleo: Coup Fourré! Puncture-Proof stops the Flat Tire (+100, +200 for the Coup Fourré)"
    assert i18n.tr(coup) == "Cleo : Coup Fourré ! Increvable arrête la Crevaison (+100, +200 pour le Coup Fourré)"
    assert i18n.tr(SafetyPlayed(0, PUNCTURE_PROOF, 0, FLAT_TIRE).text(PLAYERS)) == \
        "Ann pose la botte Increvable (+100), qui lève la Crevaison et rejoue"
    scored = HandScored(1, "trip completed", ((0,), (1,)), (1100, 0), (1100, 0)).text(PLAYERS)
    assert scored == "Hand 1 scored (trip completed): Ann 1,100, Bob 0"
    assert i18n.tr(scored) == "Manche 1 comptée (trip completed) : Ann 1" + NB + "100, Bob 0"  # why: a plain str here
    assert i18n.tr(MatchOver((1,), 1500, 2).text(PLAYERS)) == "Bob gagne avec 1" + NB + "500 points"
    assert i18n.tr(MatchOver((0, 2), 5025, 4).text(PLAYERS)) == "Ann et Cleo gagnent avec 5" + NB + "025 points"


def test_score_lines_count_safeties_and_coups_fourres_in_french(french):
    assert [i18n.tr(safeties_line(n)) for n in (1, 2)] == ["1 botte", "2 bottes"]
    assert [i18n.tr(coups_line(n)) for n in (1, 3)] == ["1 Coup Fourré", "3 Coups Fourrés"]
    assert safeties_line(2) == "2 safeties" and coups_line(1) == "1 Coup Fourré"


def test_refusals_and_the_coup_fourre_question_are_in_french(french):
    state = build(hands=((D25, D50, D75, D100, REPAIRS, STOP), (FLAT_TIRE, D25, D25)), turn=0)
    assert i18n.tr(state.why_illegal(0, Play(D25, 0))) == "Il vous faut d'abord un Feu Vert"
    assert i18n.tr(state.why_illegal(0, Play(GO, 0))) == "Il vous manque un Feu Vert"
    assert i18n.tr(state.why_illegal(0, Play(REPAIRS, 0))) == "Vous n'avez pas d'attaque Accident à parer"
    assert i18n.tr(state.why_illegal(1, Play(FLAT_TIRE, 0))) == "Ce n'est pas votre tour"
    rolling = build(hands=((SPARE_TIRE,) * 6, (FLAT_TIRE, D25)), turn=1, zones=({"drive": (GO,)}, {"drive": (GO,)}))
    asked, _events = rolling.apply(1, Play(FLAT_TIRE, 0))
    question = asked.question(0)
    assert question.reason == "A Flat Tire was played on you."
    assert (i18n.tr(question.title), i18n.tr(question.reason)) == ("Coup Fourré ?",
                                                                   "Une Crevaison : attaque contre vous.")
    assert i18n.tr(asked.question(0, PLAYERS).reason) == "Bob a joué une Crevaison contre vous."


def test_a_saved_hands_score_lines_are_shown_in_the_language_in_use():
    """Saves hold no words beyond the English labels they always held: read back, they are translated again."""
    spec = ENTRY.spec
    state = spec.new_state(spec.default_config("solo", 2), 3)
    import random
    rnd = random.Random(2)
    while not state.history:
        seat = state.to_act()[0]
        state, _events = state.apply(seat, rnd.choice(state.legal_actions(seat)))
    data = json.loads(json.dumps(state.to_dict()))
    again = spec.state_from_dict(data)
    assert again.to_dict() == data
    i18n.set_language("fr")
    labels = {i18n.tr(label) for lines in again.last_hand for label, _points in lines}
    assert "Bornes" in labels and "Miles" not in labels
    details = [i18n.tr(line).format(*PLAYERS) for line in again.result().details]
    assert details[0].startswith("Manche 1 : Ann ")
    assert all(not d.startswith(("Hand", "Last hand")) for d in details)


def test_setup_words_and_names_of_the_cards_are_marked_once_each():
    """Every card's name is Words (translated where shown); the options' labels and help are marked."""
    spec = ENTRY.spec
    assert NAMES[GO] == "Go" and type(NAMES[GO]).__name__ == "Words"
    i18n.set_language("fr")
    try:
        solo = spec.variant("solo")
        assert i18n.tr(solo.label) == "Chacun pour soi" and i18n.tr(spec.variant("teams").label) == "Équipes de deux"
        target = next(o for o in solo.options if o.key == "target")
        assert [i18n.tr(label) for _value, label in target.choices] == [
            "Une manche", "2" + NB + "500 points", "5" + NB + "000 points (classique)"]
        shutout = next(o for o in solo.options if o.key == "bonus_shutout")
        assert i18n.tr(shutout.short) == "Capot +500"
    finally:
        i18n.set_language("en")


def test_the_rules_in_french_follow_the_english_section_by_section_with_every_heading_whole(tmp_path, monkeypatch):
    """docs/rules/fr/millebornes.md has the English doc's outline (its sections and numbered items, in step, and
    the same tables), the rules scene in French shows it with every heading whole in the table of contents, and
    it names every card and every option exactly as the French table and setup do (Feu Vert, bottes, Allonge…)."""
    import re

    from .rules_doc_helpers import french_rules

    def outline(text: str) -> tuple[int, int, list[str], list[int]]:
        lines = text.splitlines()
        return (sum(line.startswith("## ") for line in lines), sum(line.startswith("### ") for line in lines),
                re.findall(r"^(\d+)\. \*\*", text, flags=re.M),
                [line.count("|") for line in lines if line.startswith("|")])

    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    with french_rules(ENTRY.rules_doc, ENTRY.spec.name, outline) as (french, scene):
        assert [title for title, _y in scene.sections[:2]] == ["Mille Bornes", "Les cartes"]
        cards = {i18n.tr(name) for name in NAMES}
        assert [card for card in sorted(cards) if card not in french] == []
        options = {i18n.tr(o.label) for v in ENTRY.spec.variants for o in v.options}
        assert [label for label in sorted(options) if label not in french] == []
        assert "2" + NB + "500" in french and "Fin de Limitation" not in french  # the app's own names
        ours = re.sub(r'"[^"]*"', "", french)  # the French text, without the English rulebook's quotes
        english_names = {str(name) for name in NAMES} - cards  # Accident is Accident in both
        assert [name for name in sorted(english_names) if re.search(rf"\b{re.escape(name)}\b", ours)] == []


def test_the_move_log_s_first_line_sets_teams_apart_the_french_way(tmp_path, monkeypatch):
    """Teams of two: the log's first line listed "Ann & Cleo; Bob & Dan", the English semicolon glued to the name in
    French, where a space comes before it ("Ann & Cleo ; Bob & Dan")."""
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    app = make_app("instant")
    seats = [Seat(n, "easy", theme.SEAT_COLOURS[i]) for i, n in enumerate(("Ann", "Bob", "Cleo", "Dan"))]
    match = Match(ENTRY.spec, ENTRY.spec.default_config("teams", 4), 3, seats)
    scene = ENTRY.scene(app, match, ENTRY)
    try:
        assert scene.intro_line().endswith(": Ann & Cleo; Bob & Dan.")
        i18n.set_language("fr")
        assert "Ann & Cleo ; Bob & Dan" in scene.intro_line()
    finally:
        i18n.set_language("en")
