"""VeloMaster in French (issue 29): the engine's words (move log, refusals, questions, action labels, options,
progress, result details) are engine Words composed again in the language in use, with the rulebook's terms
(entraide, accélération, jet de puissance, jet d'habileté, gravité, crevaison, ravitaillement, repêchage…) and
each number taking its French plural; the table in French has no text problem, and in the pseudo-language the
English it still draws is only what is listed below as not yet translated."""

from __future__ import annotations

import random
import re

import pytest

from game import i18n
from game import i18n_pseudo as pseudo_language
from game.engine.protocol import Config
from game.i18n import tr
from game.table_numbers import checker
from game.tablerun import run_configs, table_configs
from game.ui import privacy, text_audit
from game.ui.scenes_registry import TABLES
from game.velomaster.rules.events import (
    AccelerationDecided,
    Crash,
    CrashGravity,
    DiceRolled,
    DieAssigned,
    RiderFinished,
    RiderStepped,
    SummitPoints,
)
from game.velomaster.rules.tour_events import StageStarted
from game.velomaster.rules.variants import COURSE_EVENTS

NAMES = ("Ann", "Bob", "Cleo", "Dan", "Eve", "Fausto")


@pytest.fixture()
def pseudo():
    pseudo_language.use_pseudo()
    yield
    i18n.set_language("en")


@pytest.fixture()
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    privacy.violations.clear()
    yield
    text_audit.disable()
    i18n.set_language("en")


# ------------------------------------------------------------------ the engine's words in French


def test_riders_are_named_with_their_role_or_bib_and_a_capital_at_a_sentence_start(french):
    assert tr(DieAssigned(0, 0, "leader", 5).text(NAMES)) == "Le leader d'Ann prend le 5."
    assert tr(DieAssigned(1, 3, "equipier", 4, bike="grey team-mate").text(NAMES)) == "L'équipier gris de Bob prend le 4."
    assert tr(RiderStepped(0, 0, "leader", 3, 7, "entraide", 5).text(NAMES)) == \
        "Entraide : le leader d'Ann saute jusqu'à la rangée 5."
    assert tr(RiderStepped(0, 2, "equipier", 3, 7, "forward", 5, bike="neutral violet bike").text(NAMES)) == \
        "Le vélo neutre violet avance tout droit jusqu'à la rangée 5."


def test_dice_are_listed_with_et(french):
    assert tr(DiceRolled(0, (1, 4, 6), "team-mates").text(NAMES)) == "Ann lance 1, 4 et 6 pour les équipiers."
    assert tr(DiceRolled(1, (3,), "leader").text(NAMES)) == "Bob lance 3 pour le leader."


def test_a_crash_misses_turns_with_the_french_plural(french):
    assert tr(Crash(0, 0, "leader", 9, 1).text(NAMES)) == \
        "Le leader d'Ann reste au bord de la route et passe son prochain tour."
    assert tr(Crash(0, 0, "leader", 9, 2).text(NAMES)) == \
        "Le leader d'Ann reste au bord de la route et passe 2 tours."
    assert tr(CrashGravity(0, 0, "leader", 4, 2, False, False).text(NAMES)) == \
        "Jet de gravité 4 : blessure grave, le leader d'Ann passe 2 tours."


def test_places_and_climb_categories_are_french_ordinals(french):
    assert tr(RiderFinished(0, 0, "leader", 2, 3700, 60).text(NAMES)) == \
        "Le leader d'Ann franchit la ligne 2e (+1'00)."
    assert tr(RiderFinished(0, 0, "leader", 1, 3700, 0).text(NAMES)) == "Le leader d'Ann gagne la course en 1h01'40 !"
    assert tr(SummitPoints(1, 1, "leader", 0, "Zilling", "1", 1, 10).text(NAMES)) == \
        "Zilling (1re cat.) : le leader de Bob 1er, 10 pts."


def test_an_acceleration_and_a_stage_count_their_bikes_and_riders_in_french(french):
    assert tr(AccelerationDecided(0, (1, 2, 3), 1, 2, False).text(NAMES)) == \
        "Pas d'accélération : 1 vélo sur 3 accepte, il en faut 2."
    assert tr(AccelerationDecided(0, (1, 2, 3), 3, 2, True).text(NAMES)) == \
        "Accélération ! 3 vélos sur 3 acceptent : la ligne remonte, le dernier vélo d'abord."
    assert tr(StageStarted(0, 2, 3, "aurillac", 1).text(NAMES)) == \
        "Étape 2 sur 3 : départ à Aurillac, 1 coureur hors course."
    assert tr(StageStarted(0, 2, 3, "aurillac", 3).text(NAMES)) == \
        "Étape 2 sur 3 : départ à Aurillac, 3 coureurs hors course."


def test_the_english_is_unchanged():
    assert DieAssigned(1, 3, "equipier", 4, bike="grey team-mate").text(NAMES) == "Bob's grey team-mate takes the 4."
    assert RiderStepped(0, 2, "equipier", 3, 7, "forward", 5, bike="neutral violet bike").text(NAMES) == \
        "The neutral violet bike rides forward to row 5."
    assert SummitPoints(1, 1, "leader", 0, "Zilling", "1", 1, 10).text(NAMES) == "Zilling (1st cat.): Bob's leader 1st, 10 pts."


def test_refusals_progress_and_result_details_in_french_keep_their_seat_placeholders(french):
    spec = TABLES["velomaster"].spec
    config = spec.default_config("race", 3)
    state = spec.new_state(config, 3)
    seat = state.to_act()[0]
    other = (seat + 1) % 3
    assert tr(state.why_illegal(other, state.legal_actions(seat)[0])) == "Ce n'est pas votre tour."
    assert tr(spec.progress(state)) == "le Départ"
    rnd = random.Random(1)
    for _step in range(4000):
        if state.is_over():
            break
        seat = state.to_act()[0]
        state, _events = state.apply(seat, rnd.choice(state.legal_actions(seat)))
    assert state.is_over()
    details = [tr(line) for line in state.result().details]
    assert any(line.startswith("Champion") for line in details), details
    assert all("{" in line for line in details if " : " in line and line.split(" : ")[0] in ("{0}", "{1}", "{2}"))
    assert "{0}" in " ".join(details)


def _proper_names(spec) -> list[str]:
    names = list(NAMES) + ["Salzburg", "Aurillac", "HC", *COURSE_EVENTS.values()]
    for course in ("salzburg", "aurillac"):
        names += [s.name for s in spec.course(course).summits]
    return names


def test_every_engine_text_of_races_goes_through_the_catalogue(pseudo):
    """Events (as every seat reads them), refusals, action labels, progress and result details of random races at
    each level, in the pseudo-language: no plain English left (only names: players, courses, summits)."""
    spec = TABLES["velomaster"].spec
    known = _proper_names(spec)
    left: set[str] = set()

    def check(text) -> None:
        left.update(pseudo_language.english_left([tr(text)], known))

    for level, players, seed in (("debutant", 3, 1), ("expert", 2, 2), ("expert", 5, 3), ("pro", 4, 4)):
        base = spec.default_config("race", players)
        config = spec.validate_config(Config(base.variant, players, tuple(sorted(
            {**dict(base.options), "level": level}.items()))))
        rnd = random.Random(seed)
        state = spec.new_state(config, seed)
        for _step in range(600):
            if state.is_over():
                break
            seat = state.to_act()[0]
            check(spec.progress(state))
            legal = state.legal_actions(seat)
            for action in legal[:3]:
                check(action.label())
            check(state.why_illegal((seat + 1) % players, legal[0]) or "")
            question = state.question(seat, NAMES[:players])
            if question is not None:
                check(question.title)
                check(question.reason)
            state, events = state.apply(seat, rnd.choice(legal))
            for event in events:
                for viewer in (None, *range(players)):
                    check(event.text(NAMES[:players], viewer))
    for option in (o for v in spec.variants for o in v.options):
        check(option.label)
        check(option.help)
        for _value, label in option.choices:
            check(label)
    for variant in spec.variants:
        check(variant.label)
        check(variant.summary)
    assert left == set()


# ------------------------------------------------------------------ the table


# What the VeloMaster table may still draw in plain English in the pseudo-language: nothing (the names of its
# summits, courses and championships reach the check through VelomasterSpec.proper_names).
NOT_YET: tuple[str, ...] = ()  # the table's place names reach the check through VelomasterSpec.proper_names


def test_the_table_in_the_pseudo_language_leaves_only_what_is_listed_as_not_yet_translated(home):
    entry = TABLES["velomaster"]
    configs = table_configs(entry.spec, sample=2, seed=5)
    reports = run_configs(entry, configs, humans_cycle=(2, 1), max_steps=80, seed=6, language="pseudo")
    left = sorted({p.split("English left on screen: ", 1)[1] for r in reports for p in r.problems
                   if "English left on screen" in p})
    other = [p for r in reports for p in r.problems if "English left on screen" not in p]
    mine = [text for text in left if not any(re.search(pattern, text.strip("'\"")) for pattern in NOT_YET)]
    assert (mine, other) == ([], [])


def test_the_table_in_french_has_no_text_problem(home):
    entry = TABLES["velomaster"]
    configs = table_configs(entry.spec, sample=3, seed=5)
    reports = run_configs(entry, configs, humans_cycle=(1, 2), max_steps=80, seed=7, numbers=checker("velomaster"),
                          language="fr")
    assert [f"{r.title()}: {p}" for r in reports for p in r.problems] == []


# ------------------------------------------------------------------ the rules in French


def test_the_rules_in_french_follow_the_english_section_by_section_quoting_the_same_rulebook_lines(home):
    from .rules_doc_helpers import DOCS, french_rules

    def outline(text: str) -> tuple[int, list[str], list[str]]:
        lines = text.splitlines()
        return (sum(line.startswith("## ") for line in lines),
                re.findall(r"^(\d+)\. \*\*", text, flags=re.M),
                [line.split(" ")[0] for line in lines if line.startswith("#")])

    def quoted(text: str) -> list[str]:  # the rulebook's French, quoted as printed in both
        return [line for line in text.splitlines() if line.startswith(">")]

    english = (DOCS / "velomaster.md").read_text(encoding="utf-8")
    with french_rules("velomaster.md", "VeloMaster", outline) as (french, scene):
        assert quoted(french) == quoted(english) and len(quoted(english)) > 100
        assert [title for title, _y in scene.sections] == [
            "VeloMaster", "Les parcours", "Niveau Débutant — le déroulement d'une course", "Les adversaires ordinateur",
            "Interprétations"]


def test_the_rules_in_french_keep_french_typography_outside_the_quotes_and_code():
    from pathlib import Path

    french = (Path(__file__).resolve().parent.parent / "docs" / "rules" / "fr" / "velomaster.md").read_text(
        encoding="utf-8")
    wrong = []
    for number, line in enumerate(french.splitlines(), 1):
        if line.startswith(">"):
            continue  # the rulebook as printed
        prose = re.sub(r"«[^«»]*»", "", re.sub(r"`[^`]*`", "", line))
        # a space before « : ; ! ? » (a time such as 33:00 excepted), a decimal comma, guillemets rather than "…"
        if re.search(r"[^\s\d][:;!?]|\d[;!?]|\d\.\d(?! ou plus récent)|\"", prose):
            wrong.append((number, line))
    assert wrong == []


def test_the_shared_die_mark_speaks_the_language_in_use(monkeypatch):
    """The word under the shared die was drawn as plain English ("shared") in French too."""
    import pygame

    from game.ui import theme
    from game.velomaster.dice_tray import DiceTray

    class Scene:
        widgets: list = []

        def add(self, widget):
            self.widgets.append(widget)
            return widget

    drawn: list[str] = []
    real = theme.blit_text
    monkeypatch.setattr(theme, "blit_text", lambda surface, text, *a, **k: drawn.append(text) or real(surface, text,
                                                                                                        *a, **k))
    pygame.init()
    i18n.set_language("fr")
    try:
        tray = DiceTray(Scene(), 100, 2)
        tray.draw_marks(pygame.Surface((1280, 720)), 0)
    finally:
        i18n.set_language("en")
    assert "partagé" in drawn and "shared" not in drawn, drawn


def test_the_race_title_and_the_points_sheet_s_missed_feed_go_through_the_catalogue(pseudo, monkeypatch):
    """The race's title ("Pro · Championnat du Monde 2006 · Salzburg") said its level in English whatever the
    language, and the points sheet wrote a missed feed "missed" (RAVITAILLEMENT: the smallest die to the finish)."""
    from types import SimpleNamespace

    import pygame

    from game.ui import theme
    from game.velomaster import points_sheet
    from game.velomaster.rules.variants import race_title

    names = TABLES["velomaster"].spec.proper_names(None)
    for level in ("debutant", "expert", "pro"):
        title = tr(race_title(level, "salzburg"))
        assert title.endswith("Championnat du Monde 2006 · Salzburg")
        assert pseudo_language.english_left([title], names) == [], title
    drawn: list[str] = []
    real = theme.blit_text
    monkeypatch.setattr(theme, "blit_text", lambda surf, s, *a, **k: (drawn.append(s), real(surf, s, *a, **k))[1])
    points_sheet._feed_box(pygame.Surface((200, 40)), SimpleNamespace(fed_zones=1, missed_feed=True), (40, 20),
                           (0, 0, 0), 2)
    assert drawn and pseudo_language.english_left(drawn) == []


def test_the_summits_short_names_drawn_in_narrow_columns_count_as_place_names():
    """The points sheet's narrow summit columns write "Vézac" for "Côte de Vézac": a place name in every language,
    which the pseudo-language check reported as English left on screen."""
    names = TABLES["velomaster"].spec.proper_names(None)
    assert {"Côte de Vézac", "Vézac", "Belbex", "Puy Courny", "Zilling"} <= set(names)
    assert pseudo_language.english_left(["Vézac · Belbex"], names) == []


def test_a_rider_out_of_the_race_fits_its_condition_chip_in_french(french, monkeypatch):
    """At Pro the order panel gives each rider a 42-px chip; a rider out of the race was written "hors course",
    drawn over the next rider's condition figure (an 8-player Pro table run in French)."""
    from types import SimpleNamespace

    import pygame

    from game.ui import theme
    from game.velomaster import race_panel

    drawn: list[str] = []
    real = theme.blit_text
    monkeypatch.setattr(theme, "blit_text", lambda surf, s, *a, **k: (drawn.append(s), real(surf, s, *a, **k))[1])
    riders = [SimpleNamespace(team=0, bib="yellow", status=status, punctured=False, condition=80, id=i)
              for i, status in enumerate(("abandoned", "road"))]
    race_panel.draw_condition_chips(pygame.Surface((300, 40)), riders, [(200, 40, 40)], 290, 20)
    assert drawn[0] == "ab." and theme.font(13, "bold").size(drawn[0])[0] <= race_panel.CHIP_W - 12


def test_the_cell_card_s_header_fits_its_row_lane_and_terrain_in_french(french):
    """The hover card's coloured header writes "Rangée 59 · couloir 3" on the left and "Descente" (or "Montée
    11 %") on the right; in French both did not fit the 232-px card and were drawn over each other (a 2-human
    table run in French, text audit). The card widens for its header."""
    import pygame

    from game.ui import text_audit, theme
    from game.velomaster import cell_card
    from game.velomaster.courses import bundled

    widest = {}
    course = bundled("aurillac")
    for cell in course.cells:  # the widest header of each terrain (a row of 3 digits, a 2-digit slope)
        key = (cell.terrain, len(str(cell.row)))
        widest.setdefault(key, cell)
    text_audit.enable()
    try:
        for cell in widest.values():
            surface = pygame.Surface((theme.W, theme.H))
            text_audit.begin_frame(surface)
            tags = cell_card.cell_tags(course, cell)
            cell_card.draw_cell_card(surface, cell, tags, [], (200, 200), surface.get_rect())
            problems = text_audit.take_problems()
            assert problems == [], (cell.row, cell.terrain, problems)
    finally:
        text_audit.disable()


def test_the_results_name_a_team_mate_with_the_french_elision(french):
    """The results' details wrote "le équipier de {0} (dossard gris)": French elides the article before a vowel
    ("l'équipier"), as the table's own words do; the leader keeps "le leader"."""
    from types import SimpleNamespace

    from game.velomaster.rules import result

    s = SimpleNamespace(setup=SimpleNamespace(roles=("leader", "equipier"), bibs=("yellow", "grey")),
                        seats=SimpleNamespace(controller=(0, 0)))
    assert tr(result._rider(s, 1)).startswith("l'équipier de {0} (dossard ")
    assert tr(result._rider(s, 0)).startswith("le leader de {0} (dossard ")
