"""Jeu du Veldiv in French (issue 29): every word of its engine and table goes through the catalogue (the
pseudo-language finds none left in English), the rulebook's own terms, and each language's plurals."""

from __future__ import annotations

import random

import pytest

from game import i18n, tablerun
from game import i18n_pseudo as pseudo_language
from game.engine.words import Words
from game.i18n import tr
from game.tablerun import run_configs, table_configs
from game.ui.scenes_registry import TABLES
from game.veldiv import SPEC, panel
from game.veldiv.rules import events as E
from game.veldiv.rules.actions import ChooseRider, Roll, TakeBonus

from .veldiv_support import BONUS_PHASE, race, throw

NAMES = ["Ann", "Bob", "Cleo", "Dan"]


@pytest.fixture()
def pseudo():
    pseudo_language.use_pseudo()
    yield
    i18n.set_language("en")


def english_left(texts) -> list[str]:
    return pseudo_language.english_left(texts, NAMES)


# ------------------------------------------------------------------ the pseudo-language: no English left


def every_engine_text(seed: int = 7, games: int = 3) -> list[Words]:
    """The texts of seeded random races of every race and player count: events, refusals, results, labels."""
    out: list = []
    rnd = random.Random(seed)
    for variant in SPEC.variants:
        for players in (variant.min_players, variant.max_players):
            for g in range(games):
                state = SPEC.new_state(SPEC.default_config(variant.id, players), seed * 100 + g)
                names = NAMES * 3
                for _step in range(3000):
                    if state.is_over():
                        break
                    seat = state.to_act()[0]
                    for wrong in (Roll(), ChooseRider(1), TakeBonus(0)):
                        reason = state.why_illegal(seat, wrong)
                        if reason:
                            out.append(reason)
                    out.append(state.why_illegal((seat + 1) % players, Roll()))
                    action = rnd.choice(state.legal_actions(seat))
                    out.append(action.label())
                    state, events = state.apply(seat, action)
                    out.extend(e.text(names) for e in events)
                result = state.result()
                out.extend(result.details)
                out.extend(result.chart_labels)
                out.append(Words(result.score_label))
                out.append(SPEC.progress(state))
    return [t for t in out if t]


def test_every_text_of_the_engine_is_words_the_catalogue_knows(pseudo):
    texts = every_engine_text()
    assert all(isinstance(t, Words) for t in texts), [t for t in texts if not isinstance(t, Words)][:5]
    shown = {tr(t).format(*NAMES * 3) for t in texts}
    assert english_left(shown) == []
    # the rarer moves were seen: a team-mate's double, a bump, a lap taken, an elimination, a stake paid
    for part in ("Art. 7", "Art. 3", "catches and passes", "eliminated", "kitty"):
        assert any(part in t for t in texts), part


def test_the_spec_marks_its_race_names_summaries_and_options():
    known = pseudo_language.template_strings()
    words = [SPEC.start_words, SPEC.restart_words, SPEC.skip_words, SPEC.tagline, SPEC.players_text]
    for variant in SPEC.variants:
        words += [variant.label, variant.summary, variant.seat_noun if variant.seat_noun != "Player" else ""]
        for option in variant.options:
            words += [option.label, option.help]
    assert [w for w in words if w and w not in known] == []


def test_the_table_in_the_pseudo_language_leaves_no_english_on_screen(tmp_path, monkeypatch):
    """A short run of sampled set-ups through the real table: everything the table draws (panel, prompts, pops,
    banners, buttons, tips, the move log) is in the pseudo-language. The results screen is the shared one's
    (its details and chart labels are checked through tr() in the test above)."""
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    check = tablerun.TableRun._check_frame

    def on_the_table_only(self):
        table = tablerun._table_of(self.app)
        self.english_left = table is not None and self.app.stack.top is table
        check(self)

    monkeypatch.setattr(tablerun.TableRun, "_check_frame", on_the_table_only)
    entry = TABLES["veldiv"]
    configs = table_configs(entry.spec, sample=6, seed=3)
    reports = run_configs(entry, configs, max_steps=60, seed=3, language="pseudo")
    assert [f"{r.title()}: {p}" for r in reports for p in r.problems] == []
    assert sum(r.steps for r in reports) > 60


# ------------------------------------------------------------------ French as its players say it


def test_premier_tokens_and_points_take_the_french_plural(french):
    view = race("individuelle", 4, lap_no=1).view(None)
    assert panel.subtitle(view) == "Tour 1 · 3 jetons Premier terminent la course"
    one = race("individuelle", 4, options={"premiers": 1, "max_laps": 30}).view(None)
    assert panel.subtitle(one) == "Tour 1 · 1 jeton Premier termine la course"
    first = E.PointsScored(0, 0, 2, 1, 3, 1)
    second = E.PointsScored(1, 0, 2, 2, 2, 5)
    assert tr(first.text(NAMES)) == "Ann passe 1er au tour 2 et prend le jeton de 3 (1 point au total)."
    assert tr(second.text(NAMES)) == "Bob passe 2e au tour 2 et prend le jeton de 2 (5 points au total)."
    assert tr(E.TokenAwarded(0, "Premier", 2, 3).text(NAMES)) == "Ann prend un jeton Premier pour le tour 3 (2 au total)."
    assert tr(E.TokenAwarded(1, "Un Tour", 1).text(NAMES)) == "Bob prend un jeton Un Tour (1 au total)."


def test_laps_taken_and_winners_agree_in_number(french):
    assert tr(E.RiderLapped(1, 0, 1).text(NAMES)) == "Ann rejoint et passe Bob : 1 tour d'avance."
    assert tr(E.RiderLapped(1, 0, 2).text(NAMES)) == "Ann rejoint et passe Bob : 2 tours d'avance."
    assert tr(E.RaceOver((0,), (0, 1)).text(NAMES)) == "La course est terminée : Ann gagne."
    assert tr(E.RaceOver((0, 2), (0, 2, 1)).text(NAMES)) == "La course est terminée : Ann et Cleo gagnent."
    assert E.RaceOver((0, 2), (0, 2, 1)).text(NAMES) == "The race is over: Ann and Cleo win."  # English unchanged


def test_the_articles_speak_the_rulebooks_words(french):
    # Art. 4: a six counts twelve; Art. 3: an occupied space, move on by the same number
    moved = E.RiderMoved(0, 0, 6, 40, (("Art. 4", 12, 40, 4, E.SIX), ("Art. 4", 6, 4, 10, E.BUMP)))
    assert tr(moved.text(NAMES)) == ("Ann avance de 12 (Art. 4 : le six compte douze) : 40 → 4 ; "
                                     "Art. 4 : case 4 occupée, avance encore de 6, jusqu'à la case 10.")
    # Art. 7: onto the team-mate, the player chooses which rider doubles
    state = race("americaine", 2, (10, 13, 0, 1), queue=(), turn=0)
    state, events = throw(state, 3, 1)
    assert state.phase == BONUS_PHASE
    said = [tr(e.text(NAMES)) for e in events]
    assert "Art. 5 : le 3 va d'abord au coureur 1 (en retard), puis le 1 au coureur 2 (en avance)." in said
    assert any(s.startswith("Ann (coureur 1) avance de 3") and "celle de l'équipier" in s for s in said)
    assert tr(state.why_illegal(0, Roll())) == ("Votre coureur est arrivé sur son équipier : choisissez quel "
                                                "coureur prend l'avance supplémentaire (Art. 7, Art. 9).")
    assert tr(state.why_illegal(1, Roll())) == "Ce n'est pas votre tour."


def test_the_races_keep_their_french_names_and_the_results_read_in_french(french):
    assert [tr(v.label) for v in SPEC.variants] == [
        "Course Individuelle", "Américaine (Course par Équipe)", "Poursuite Individuelle", "Poursuite par Équipe",
        "Course Éliminatoire", "La Cagnotte"]
    assert tr(SPEC.variants[-1].options[0].label) == "Gage par tour"
    state = race("cagnotte", 2, (30, 50), paid=(2, 1), lap_no=3)
    result = state.result()
    assert [tr(d).format("Ann", "Bob") for d in result.details] == [
        "La Cagnotte", "Cagnotte : 3 (à atteindre : 10, gage de 1 par tour)",
        "Classement : le moins versé d'abord, puis l'ordre de passage de la ligne au dernier tour.",
        "Versé : Bob 1, Ann 2"]
    assert tr(result.score_label) == "Versé à la cagnotte"
    assert tr(SPEC.progress(state)) == "tour 3"


def test_the_french_rules_follow_the_english_ones_section_by_section_quoting_the_same_rulebook_lines():
    from pathlib import Path

    docs = Path(__file__).resolve().parent.parent / "docs" / "rules"
    english = (docs / "veldiv.md").read_text(encoding="utf-8").splitlines()
    french = (docs / "fr" / "veldiv.md").read_text(encoding="utf-8").splitlines()

    def levels(lines):
        return [line.split(" ")[0] for line in lines if line.startswith("#")]

    assert levels(french) == levels(english)
    assert [line for line in french if line.startswith(">")] == [line for line in english if line.startswith(">")]
