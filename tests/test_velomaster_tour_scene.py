"""Issue 17 (VeloMaster stage races, the screens): "Between stages a standings screen: the four classifications,
the jersey holders, the points sheet with its « Cumulé » lines; a tour saves and resumes across sessions like any
match." The decisions of the tour (Repêchage vote, leader choice) are taken on that screen through the engine's
own actions; during a stage the race table says which stage it is and marks the jersey holders."""

from __future__ import annotations

import dataclasses
import random

import pygame
import pytest

from game.engine.match import Match, Seat
from game.engine.protocol import Config
from game.ui import theme
from game.ui.scenes.results import ResultsScene
from game.ui.scenes_registry import TABLES
from game.velomaster import tour_art
from game.velomaster.points_sheet import PointsSheetScene
from game.velomaster.tour_screen import PANEL_H, PANEL_W, PANEL_Y, TourStandingsScene
from game.velomaster.tour_standings import clock_or_gap, gap
from game.velomaster.tour_table import TourRaceScene, velomaster_table

from .ui_helpers import click, frames, make_app

ENTRY = TABLES["velomaster"]
NAMES = ("Ann", "Bob", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal")
CLASSIFICATIONS = ("GENERAL · MAILLOT OR", "CLIMBERS · MAILLOT ROUGE", "TEAMS", "STAGE 1 · ARRIVALS")


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    return make_app("instant")


def tour_config(variant="debutant-salzburg", players=3, stages=2, **options) -> Config:
    base = ENTRY.spec.default_config(variant, players)
    wanted = {"stages": stages, "finish": 33, **options}
    opts = dict(base.options)
    opts.update(wanted)
    return ENTRY.spec.validate_config(Config(base.variant, base.players, tuple(opts.items())))


def new_tour(app, controllers, seed=5, **kw):
    config = tour_config(players=len(controllers), **kw)
    seats = [Seat(NAMES[i], c, theme.SEAT_COLOURS[i]) for i, c in enumerate(controllers)]
    match = Match(ENTRY.spec, config, seed, seats)
    scene = ENTRY.scene(app, match, ENTRY)
    app.stack.clear_to(scene)
    return scene, match


def run_until(app, wanted, limit=60000):
    for _ in range(limit):
        if wanted():
            return
        frames(app, 1)
    raise AssertionError("the situation never came up")


def drawn_words(app, scene, monkeypatch) -> list[str]:
    drawn: list[str] = []
    real = theme.blit_text
    monkeypatch.setattr(theme, "blit_text", lambda surf, s, *a, **k: (drawn.append(s), real(surf, s, *a, **k))[1])
    if isinstance(scene, TourStandingsScene):
        scene._board_of = None  # the classifications are drawn once per move: draw them again, recorded
    scene.draw(pygame.Surface((theme.W, theme.H)))
    monkeypatch.setattr(theme, "blit_text", real)
    return drawn


def test_gaps_on_the_general_classification_read_as_the_sheet_writes_them():
    assert [gap(s) for s in (80, 605, 3723, 0)] == ["+1'20", "+10'05", "+1h02'03", "–"]
    assert clock_or_gap(4000, 4000, True) == "1h06'40" and clock_or_gap(4080, 4000, False) == "+1'20"
    assert clock_or_gap(4000, 4000, False) == "same time" and clock_or_gap(-1, 4000, False) == "out"


def test_a_tour_opens_on_the_race_table_of_stage_one_with_its_stage_in_the_top_bar(app):
    scene, match = new_tour(app, ["easy"] * 3, stages=3)
    assert isinstance(scene, TourRaceScene)
    assert scene.subtitle().startswith("Stage 1/3 · Salzburg · Débutant")


def test_a_single_race_opens_the_plain_race_table_as_before(app):
    seats = [Seat(NAMES[i], "easy", theme.SEAT_COLOURS[i]) for i in range(3)]
    match = Match(ENTRY.spec, ENTRY.spec.default_config("debutant-salzburg", 3), 5, seats)
    scene = velomaster_table(app, match, ENTRY)
    assert type(scene).__name__ == "VelomasterScene" and getattr(scene.v, "tour", None) is None


def test_the_standings_screen_appears_after_a_stage_and_lists_every_classification(app, monkeypatch):
    scene, match = new_tour(app, ["easy"] * 3)
    run_until(app, lambda: isinstance(app.stack.top, TourStandingsScene))
    standings = app.stack.top
    st = standings.standings()
    assert st.stage == 1 and st.stages == 2
    words = drawn_words(app, standings, monkeypatch)
    for title in CLASSIFICATIONS:
        assert title in words
    view = standings.v
    # every rider still in the tour is in the general classification, named as the table names it
    assert len(st.general) == len(view.riders)
    for line in st.general:
        assert line.words in " ".join(words)
    assert st.general[0].figure.count("'") == 1 and all(line.figure.startswith(("+", "same", "out"))
                                                       for line in st.general[1:])
    assert "Maillot Or" in words and st.jerseys["or"] == st.general[0].rider


def test_the_stage_s_results_list_riders_still_on_the_road_under_their_own_caption_not_as_arrivals(app,
                                                                                                   monkeypatch):
    scene, match = new_tour(app, ["easy"] * 3)
    run_until(app, lambda: isinstance(app.stack.top, TourStandingsScene))
    standings = app.stack.top
    race, _slots = standings.finished_stage()
    lines = standings.standings().arrival
    road = [line for line in lines if line.on_road]
    assert road, "the stage ended with team-mates still on the road"
    for line in lines:
        assert line.on_road == (race.riders[line.rider].status != "finished"), line
    drawn: list[tuple[str, tuple]] = []  # the words drawn in the stage's results panel, with where
    real = theme.blit_text
    panel = pygame.Rect(10 + 3 * (PANEL_W + 10), PANEL_Y, PANEL_W, PANEL_H)

    def record(surf, text, pos, *a, **k):
        if panel.collidepoint(pos):
            drawn.append((text, pos))
        return real(surf, text, pos, *a, **k)

    monkeypatch.setattr(theme, "blit_text", record)
    standings._board_of = None
    standings.draw(pygame.Surface((theme.W, theme.H)))
    monkeypatch.setattr(theme, "blit_text", real)
    at = {text: pos[1] for text, pos in drawn}
    caption = at[tour_art.ROAD_CAPTION]
    figures = [(text, y) for text, (x, y) in drawn if x == panel.right - 12]  # each line's time, in order
    assert [text for text, _ in figures] == [line.figure for line in lines]
    assert all((y > caption) == line.on_road for (_, y), line in zip(figures, lines, strict=True))


def test_a_bot_only_two_stage_tour_plays_through_the_screens_to_the_results(app, monkeypatch):
    scene, match = new_tour(app, ["easy"] * 3, seed=11)
    run_until(app, lambda: isinstance(app.stack.top, TourStandingsScene))
    first = app.stack.top
    assert not match.is_over()
    run_until(app, lambda: first.start_btn.visible)
    assert first.start_btn.label.startswith("Start stage 2")
    frames(app, 30)
    assert app.stack.top is first, "the screen stays until Start is clicked"
    click(app, first.start_btn.rect.center)
    race = app.stack.top
    assert isinstance(race, TourRaceScene) and race.subtitle().startswith("Stage 2/2 · ")
    run_until(app, lambda: isinstance(app.stack.top, TourStandingsScene))
    final = app.stack.top
    assert match.is_over() and final.standings().over and final.start_btn.label == "See the results"
    assert "The tour is over" in final.status()
    frames(app, 30)
    assert app.stack.top is final, "the final standings stay until the results are asked for"
    click(app, final.start_btn.rect.center)
    results = app.stack.top
    assert isinstance(results, ResultsScene)
    words = " ".join(drawn_words(app, results, monkeypatch))
    assert "Maillot Or" in words and "{" not in words, "the detail lines name the players"
    assert any(name in words for name in NAMES[:3])
    # riders named as the table names them (Débutant: "Ann's leader", "Ann's team-mate"), gaps as on the
    # standings screen
    assert "'s leader" in words or "'s team-mate" in words
    assert " rider" not in words and ":00)" not in words
    result = match.state.result()
    assert all(t.startswith("+") and "'" in t for t, seat in zip(result.score_texts, range(3), strict=True)
               if seat not in result.winners and t not in ("out", "same time"))


def test_the_points_sheet_of_the_standings_screen_has_its_cumule_figures(app, monkeypatch, tmp_path):
    scene, match = new_tour(app, ["easy"] * 3)
    run_until(app, lambda: isinstance(app.stack.top, TourStandingsScene))
    standings = app.stack.top
    run_until(app, lambda: not standings.waiting())  # the bots' decisions taken
    click(app, standings.sheet_btn.rect.center)
    sheet = app.stack.top
    assert isinstance(sheet, PointsSheetScene) and sheet.cumulated is not None
    # the sheet of the stage just run (even once the engine has set up stage 2): its arrivals and points
    assert sheet.v.over and sheet.v.finish_order and sheet.v.course == standings.standings().course_of(1)
    for r in sheet.v.riders:
        if r.time >= 0:
            assert sheet.cumulated[r.id][0] == r.time, "after one stage the Cumulé time is the stage time"
        assert sheet.cumulated[r.id][1] == sum(r.points)
    words = drawn_words(app, sheet, monkeypatch)
    assert "Cumulé pts" in words and "Cumulé time" in words
    st = standings.standings()
    for line in st.general:
        time, points = sheet.cumulated[line.rider]
        assert time > 0 and points >= 0
    click(app, sheet.export_btn.rect.center)
    assert sheet.last_export is not None and sheet.last_export.exists()


def test_at_pro_the_standings_screen_s_points_sheet_gives_the_one_human_its_own_riders_exact_figures(app):
    """« que l'on reporte sur la fiche de points »: the player at the screen reads its own riders' exact condition
    (and which are doped) on the sheet of the stage just run; the others' riders show their public figure."""
    from game.velomaster.rules.actions import Prepare
    from game.velomaster.rules.tour_events import StageOver

    config = tour_config("pro-salzburg", 3)
    seats = [Seat(NAMES[i], "human" if i == 0 else "easy", theme.SEAT_COLOURS[i]) for i in range(3)]
    match = Match(ENTRY.spec, config, 5, seats)
    rnd = random.Random(5)
    finished = None
    while finished is None:
        seat = match.to_act()[0]
        if match.state.view(seat).phase == "prepare":  # Ann dopes her four riders; the bots prepare clean
            action = Prepare(-1, (0, 1, 2, 3) if seat == 0 else (), False)
        else:
            action = rnd.choice(match.state.legal_actions(seat))
        before = match.state
        if any(isinstance(e, StageOver) for e in match.act(seat, action)):
            finished, _ = before.race.apply(seat, action)
    scene = velomaster_table(app, match, ENTRY)
    app.stack.clear_to(scene)
    assert isinstance(scene, TourStandingsScene) and scene.private_seat() == 0
    sheet = scene._sheet_scene().v
    exact, public = scene.finished_stage(0)[0], scene.finished_stage(None)[0]  # (the stage-end gains included)
    assert exact.over and [r.status for r in exact.riders] == [r.status for r in finished.view(0).riders]
    mine = [r.id for r in exact.riders if r.seat == 0 and r.team < exact.players]
    assert [sheet.riders[k].condition for k in mine] == [exact.riders[k].condition for k in mine]
    assert any(exact.riders[k].condition != public.riders[k].condition for k in mine), "Ann's secret surplus"
    assert [sheet.riders[k].doped for k in mine] == [exact.riders[k].doped for k in mine]
    others = [r.id for r in exact.riders if r.seat != 0]
    assert [sheet.riders[k].condition for k in others] == [public.riders[k].condition for k in others]


def between_stages(controllers, variant="debutant-salzburg", step="leaders", seeds=range(1, 200)):
    """A 2-stage tour played at random until, after stage 1, the tour waits for ``step`` decisions."""
    for seed in seeds:
        config = tour_config(variant, len(controllers), 2)
        seats = [Seat(NAMES[i], c, theme.SEAT_COLOURS[i]) for i, c in enumerate(controllers)]
        match = Match(ENTRY.spec, config, seed, seats)
        rnd = random.Random(seed)
        while match.state.view(None).tour.phase == "race":
            seat = match.to_act()[0]
            match.act(seat, rnd.choice(match.state.legal_actions(seat)))
        if match.state.view(None).tour.step == step:
            return match
    raise AssertionError(f"no seed gave a {step} decision")


def open_table(app, match):
    scene = velomaster_table(app, match, ENTRY)
    app.stack.clear_to(scene)
    frames(app, 2)
    return scene


def test_a_tour_saved_between_stages_resumes_on_the_standings_screen(app):
    match = between_stages(["easy"] * 3)
    pending = match.state.view(None).tour.decisions
    again = Match.from_save(match.to_save(), {"velomaster": ENTRY.spec})
    scene = open_table(app, again)
    assert isinstance(scene, TourStandingsScene)
    st = scene.standings()
    assert st.between and st.stage == 1 and again.state.view(None).tour.decisions == pending
    assert [d.kind for d in st.decisions] == ["leader"]


def test_a_tour_saved_as_its_next_stage_starts_resumes_on_the_standings_until_start_is_clicked(app):
    match = between_stages(["easy"] * 3)
    while match.state.view(None).tour.phase == "between":  # the bots decide: the engine starts stage 2
        seat = match.to_act()[0]
        match.act(seat, match.state.legal_actions(seat)[0])
    again = Match.from_save(match.to_save(), {"velomaster": ENTRY.spec})
    scene = open_table(app, again)
    assert isinstance(scene, TourStandingsScene) and scene.standings().stage == 1
    assert scene.start_btn.visible and scene.start_btn.label.startswith("Start stage 2")
    click(app, scene.start_btn.rect.center)
    assert isinstance(app.stack.top, TourRaceScene)


def leader_decision(app):
    """The standings screen between stages with a leader choice to make, its director the one human: (scene,
    match, the decision, its seat)."""
    probe = between_stages(["easy"] * 3)
    decision = probe.state.view(None).tour.decisions[0]
    seat = decision.seats[0]
    controllers = ["easy"] * 3
    controllers[seat] = "human"
    match = between_stages(controllers)
    scene = open_table(app, match)
    run_until(app, lambda: scene.decision_btns)
    return scene, match, decision, seat


def test_the_leader_choice_is_made_by_a_click_through_the_engines_own_action(app, monkeypatch):
    scene, match, decision, seat = leader_decision(app)
    labels = [b.tooltip for b in scene.decision_btns]
    tv = scene.v.tour
    new_leader = decision.riders[1]  # the jersey-holding team-mate
    who = standings_rider(scene, new_leader)
    assert labels[0].startswith("Keep ") and f"Make {who} leader" in labels
    words = " ".join(drawn_words(app, scene, monkeypatch))
    assert ("holds a jersey" in words or "hold jerseys" in words) and f"{NAMES[seat]}: New leader?" in words
    click(app, scene.decision_btns[labels.index(f"Make {who} leader")].rect.center)
    lead = match.steps[-1]
    assert lead.seat == seat and type(lead.action).__name__ == "Lead" and lead.action.rider == new_leader
    tv = match.state.view(None).tour
    team_first_slot = min(s for s, r in enumerate(match.state.view(None).riders) if r.seat == seat)
    assert tv.phase == "race" and tv.stage == 2 and tv.slots[new_leader] == team_first_slot
    assert any("the leader" in line for line in scene.news_lines())
    assert scene.start_btn.visible and scene.start_btn.label.startswith("Start stage 2")
    click(app, scene.start_btn.rect.center)
    race = app.stack.top
    assert isinstance(race, TourRaceScene)
    assert race.subtitle().startswith(f"Stage 2/2 · {tv.courses[1].capitalize()} · Débutant")
    # the jersey holders are marked on their riders: the name tag on the map says which jersey
    view = race.v
    for kind, words in (("or", "Maillot Or"), ("rouge", "Maillot Rouge")):
        holder = getattr(tv, f"{kind}_jersey")
        if holder >= 0:
            assert race._rider_label(view.riders[tv.slots[holder]]).endswith(words)
    # the stage's points sheet gives the tour's totals so far in its Cumulé columns
    click(app, race.sheet_btn.rect.center)
    sheet = app.stack.top
    assert isinstance(sheet, PointsSheetScene) and "Cumulé: after stage 1" in sheet.race
    for r, slot in enumerate(tv.slots):
        assert sheet.cumulated[slot][1] == tv.cum_points[r]
    app.pop()
    drawn = []
    monkeypatch.setattr(tour_art, "jersey", lambda kind, *a, **k: (drawn.append(kind), pygame.Surface((20, 20)))[1])
    race.cv.focus(race.where_of(view.riders[tv.slots[tv.or_jersey]]), False)
    frames(app, 2)
    assert "or" in drawn, "the Maillot Or is drawn over its rider on the map"


def standings_rider(scene, tour_rider: int) -> str:
    from game.velomaster.tour_standings import rider_words

    return rider_words(scene.v, scene.v.tour.slots[tour_rider], scene.match.names)


def test_the_repechage_vote_hands_the_screen_to_each_director_and_shows_the_votes_once_all_are_in(app, monkeypatch):
    match = between_stages(["human", "human", "easy"], "expert-salzburg", "repechage")
    scene = open_table(app, match)
    candidate = match.state.view(None).tour.decisions[0].riders[0]
    who = standings_rider(scene, candidate)
    voted = []
    for voter in (0, 1):
        run_until(app, lambda: type(app.stack.top).__name__ == "HandoffScene")
        handoff = app.stack.top
        assert NAMES[voter] in handoff.title and "Repêchage?" in handoff.title
        click(app, (theme.W // 2, 300))
        run_until(app, lambda v=voter: scene.decision_btns and scene.acting_human() == v)
        if voter == 0:  # the bot votes meanwhile: the screen stays with Ann, not handed to her again
            run_until(app, lambda: 2 in scene.v.tour.decisions[0].answered)
            frames(app, 5)
            assert app.stack.top is scene and scene.acting_human() == 0
        labels = [b.tooltip for b in scene.decision_btns]
        assert labels[0] == "Nobody" and f"Bring back {who}" in labels
        words = " ".join(drawn_words(app, scene, monkeypatch))
        assert "Votes —" not in words, "no vote shows before all are in"
        if voter == 1:
            assert f"answered: {NAMES[0]}" in words
        choice = labels.index(f"Bring back {who}") if voter == 0 else 0
        click(app, scene.decision_btns[choice].rect.center)
        voted.append(next(s for s in reversed(match.steps) if s.seat == voter))  # (a bot may answer a question after)
    assert [(s.seat, type(s.action).__name__) for s in voted] == [(0, "Reinstate"), (1, "Reinstate")]
    assert voted[0].action.rider == candidate and voted[1].action.rider == -1
    run_until(app, lambda: any(line.startswith("Votes —") for line in scene.news_lines()))
    line = next(line for line in scene.news_lines() if line.startswith("Votes —"))
    assert f"{NAMES[0]}: {who}" in line and f"{NAMES[1]}: nobody" in line


def test_velomaster_the_standings_name_a_stage_winner_made_leader_as_it_rode_the_stage(app, monkeypatch):
    # the team-mate who won stage 1 and was made leader: "Stage 1 winner: Ann's grey team-mate" (as stage 1's
    # points sheet shows it), "Ann's leader" in the general classification
    for seed in range(1, 200):
        try:
            match = between_stages(["easy"] * 3, "expert-salzburg", "leaders", seeds=(seed,))
        except AssertionError:  # no leader question after this seed's stage 1
            continue
        tv = match.state.view(None).tour
        winner = tv.stage_winners[0]
        decision = next((d for d in tv.decisions if winner in d.riders[1:]), None)
        if decision is None:
            continue
        seat = decision.seats[0]
        bib = match.state.view(None).riders[tv.slots[winner]].bib
        match.act(seat, next(a for a in match.state.legal_actions(seat) if a.rider == winner))
        while match.state.view(None).tour.phase == "between":
            other = match.to_act()[0]
            match.act(other, match.state.legal_actions(other)[0])
        break
    else:
        raise AssertionError("no seed had a team-mate win stage 1 and lead")
    scene = open_table(app, match)
    assert isinstance(scene, TourStandingsScene)
    words = drawn_words(app, scene, monkeypatch)
    assert "Stage 1 winner" in words and f"{NAMES[seat]}'s {bib} team-mate" in words
    assert scene.standings().general[0].words == f"{NAMES[seat]}'s leader"


def test_the_stage_winner_s_jersey_between_stages_is_that_of_the_stage_s_course_not_the_next_one_s(app,
                                                                                                monkeypatch):
    """Stage 1 on Salzburg (Championnat du Monde), stage 2 on Aurillac: once stage 2 is ready, the standings of
    stage 1 still dress its winner as the world champion (rainbow), not as the champion of France."""
    scene, match = new_tour(app, ["easy"] * 3, seed=11)
    run_until(app, lambda: isinstance(app.stack.top, TourStandingsScene) and app.stack.top.start_btn.visible)
    standings = app.stack.top
    st = standings.standings()
    assert st.stage == 1 and st.courses[:2] == ("salzburg", "aurillac") and standings.v.course == "aurillac"
    drawn: list[str] = []
    real = tour_art.jersey
    monkeypatch.setattr(tour_art, "jersey", lambda kind, size, champion="World": (
        drawn.append(champion) if kind == "champion" else None, real(kind, size, champion))[1])
    standings._board_of = None
    standings.draw(pygame.Surface((theme.W, theme.H)))
    assert drawn and set(drawn) == {"World"}


def test_the_standings_screen_in_the_pseudo_language_leaves_no_english_on_screen(app, monkeypatch):
    """Every word of the standings screen goes through the catalogue: the stages strip ("TOUR · 2 STAGES", "Stage 1",
    "done", "next"), the riders timed on the road and a long list's "… n more" were drawn in English in French."""
    from game import i18n, i18n_pseudo

    scene, match = new_tour(app, ["easy"] * 3)
    run_until(app, lambda: isinstance(app.stack.top, TourStandingsScene))
    standings = app.stack.top
    i18n_pseudo.use_pseudo()
    try:
        st = standings.standings()
        road = next((line for line in st.general if not line.out), st.general[0])
        many = tuple(dataclasses.replace(road, figure="+1'00") for _ in range(40))
        monkeypatch.setattr(standings, "standings", lambda: dataclasses.replace(
            st, general=many, arrival=(road, dataclasses.replace(road, on_road=True))))
        words = drawn_words(app, standings, monkeypatch)
    finally:
        i18n.set_language("en")
    names = (*match.names, *ENTRY.spec.proper_names(match.config))
    assert any("…" in w and "40" not in w for w in words)  # the long list says how many more there are
    assert i18n_pseudo.english_left(words, names) == []


def test_a_vote_of_eight_directors_says_who_is_awaited_without_being_cut():
    """Eight directors voting on a repêchage: "answered: Ann, Bob · waiting for Cleo, Dan, Eve, Fay, Gus, Hal" ran
    past its room and was cut with an ellipsis; the answered are counted first, then the awaited too."""
    from game.velomaster.tour_screen import DECISIONS, votes_progress

    room = DECISIONS.w // 2 - 20
    names = ["Bartholomew", "Jeannie", "Dmitri", "Eddy", "Fausto", "Gino", "Hélène", "Maximilian"]
    assert votes_progress(["Ann"], ["Bob"], room) == "answered: Ann · waiting for Bob"
    for answered in range(8):
        words = votes_progress(names[:answered], names[answered:], room)
        assert theme.font(14).size(words)[0] <= room and "…" not in words, words
        assert words.endswith(("directors", "director", names[-1])), words
    assert votes_progress(names[:2], names[2:], room) == "2 answered · waiting for 6 directors"


def test_after_a_change_of_leader_the_stage_s_results_say_what_each_renamed_rider_is_now(app, monkeypatch):
    """Rulebook, stage races: a jersey-holding team-mate may become its team's leader. The stage's arrivals name
    the riders as they rode it while the general classification names them as they are now, so one screen had
    "Bob's grey team-mate" winning the stage and "Bob's leader" in the Maillot Or: the same rider under two names.
    The arrivals and the stage winner now add what a renamed rider is now."""
    scene, match, decision, seat = leader_decision(app)
    st = scene.standings()
    assert not any(line.note for line in st.arrival) and not st.winner_note
    labels = [b.tooltip for b in scene.decision_btns]
    new_leader = decision.riders[1]  # the jersey-holding team-mate
    click(app, scene.decision_btns[labels.index(f"Make {standings_rider(scene, new_leader)} leader")].rect.center)
    st = scene.standings()
    renamed = [line for line in st.arrival if line.note]
    assert "(now leader)" in [line.note for line in renamed] and len(renamed) == 2, renamed  # the new and old
    assert "(→ leader)" in [line.short_note for line in renamed] and st.winner_short_note.startswith("(→ ")
    words = drawn_words(app, scene, monkeypatch)
    for line in renamed:  # drawn with the note whole, however long the name
        assert any(w.endswith(" " + line.note) and w.startswith(line.words[:8]) for w in words), (line, words)


def test_a_long_rider_name_keeps_its_note_whole_and_is_shortened_before_it():
    from game.velomaster.tour_art import fit_noted

    text = fit_noted("l'équipier violet de Marie-Hélène", "(désormais leader)", 200, 12)
    assert text.endswith("… (désormais leader)") and theme.font(12).size(text)[0] <= 200


def test_a_renamed_riders_note_is_shortened_before_whose_rider_it_is():
    # the French jersey panel read "l'équipi… (désormais leader)": whose rider it was went, the note kept whole;
    # the note's short form comes first, and the rider is named whole
    from game.velomaster.tour_art import fit_noted

    words, note, short = "l'équipier gris de Dmitri", "(désormais leader)", "(→ leader)"
    width = theme.font(14, "bold").size(f"{words} {short}")[0] + 2
    assert theme.font(14, "bold").size(f"{words} {note}")[0] > width
    assert fit_noted(words, note, width, 14, "bold", short) == f"{words} {short}"
    assert fit_noted(words, note, 2000, 14, "bold", short) == f"{words} {note}", "the note whole where it fits"


def test_velomaster_the_repechage_question_over_the_vote_buttons_is_not_cut_in_french(app, monkeypatch):
    """The question over the decision buttons was written on one line and shortened where it did not fit: in French
    with a name of twelve letters, "Marie-Hélène : Repêchage ? 1 coureur a abandonné … votez pour en repêcher un,
    ou perso…". Where the whole question does not fit, its title is asked ("Marie-Hélène : Repêchage ?"), the
    decision's lines just above saying what is voted."""
    import sys

    from game import i18n

    monkeypatch.setattr(sys.modules[__name__], "NAMES", ("Marie-Hélène", *NAMES[1:]))  # (between_stages seats them)
    match = between_stages(["human", "easy", "easy"], "expert-salzburg", "repechage")
    i18n.set_language("fr")
    try:
        scene = open_table(app, match)
        run_until(app, lambda: scene.decision_btns and scene.acting_human() == 0)
        words = drawn_words(app, scene, monkeypatch)
        asked = [w for w in words if w.startswith("Marie-Hélène : Repêchage")]
        assert asked and not any("…" in w for w in asked), asked
        assert any("vote pour le repêcher" in w for w in words), "the decision's lines say what is voted"
    finally:
        i18n.set_language("en")


def test_the_standings_subtitle_ends_well_before_the_prompt_in_french(app, monkeypatch, french):
    """"Tour de 2 étapes · après l'étape 1/2 (Salzburg)" ended 2 px before the prompt began; the top bar now fits any
    subtitle before the prompt, and this one says the same in fewer words."""
    from game.ui import layout

    scene, match = new_tour(app, ["easy"] * 3)
    run_until(app, lambda: isinstance(app.stack.top, TourStandingsScene))
    standings = app.stack.top
    assert standings.subtitle() == "Tour · après l'étape 1 sur 2 (Salzburg)"
    assert 18 + theme.text(standings.subtitle(), 14, theme.MUTED).get_width() <= layout.PROMPT_X - 12
    monkeypatch.setattr(standings, "subtitle", lambda: "Tour de 2 étapes · après l'étape 1/2 (Salzburg) " * 2)
    drawn = drawn_words(app, standings, monkeypatch)
    subtitle = next(w for w in drawn if w.startswith("Tour de 2"))
    assert subtitle.endswith("…") and 18 + theme.text(subtitle, 14, theme.MUTED).get_width() <= layout.PROMPT_X - 12
