"""The words of the VeloMaster race table stay readable (the text audit, game.ui.text_audit, watching): the top
bar's subtitle ends before the prompt, prompts take one line, pops and banners over the map find free space inside
it, a tour's jersey marks stay on the map, the key has a bar of its own under the map, the vote's answers fit; and
the side panel's numbers (the condition at Pro, the climbers' points, the finishers' times, the leaders' rows)
are what the engine's view says (game.table_numbers)."""

from __future__ import annotations

import collections
import random

import pygame
import pytest

from game.engine.match import Match, Seat
from game.engine.protocol import Config
from game.table_numbers import EXPECTED, checker
from game.tablerun import run_configs
from game.ui import layout, text_audit, theme
from game.ui.scenes_registry import TABLES
from game.ui.top_bar import SUBTITLE_X
from game.velomaster import condition_bar, expert_table, table_help
from game.velomaster.map_callouts import MAX_POPS, free_spot
from game.velomaster.scene import KEY_BAR, MAP_RECT

from .ui_helpers import click, frames, make_app

ENTRY = TABLES["velomaster"]
NAMES = ["Jeannie", "Dmitri", "Hélène", "Fausto", "Eddy", "Gino", "Ann", "Bob"]


@pytest.fixture()
def audit():
    text_audit.enable()
    text_audit.take_problems()
    yield
    text_audit.disable()


@pytest.fixture()
def app(tmp_path, monkeypatch, audit):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    return make_app("instant")


def config(players: int, **options) -> Config:
    return ENTRY.spec.validate_config(Config("race", players, tuple(sorted(options.items()))))


def open_table(app, cfg: Config, controllers, seed=3, moves: int = 0):
    seats = [Seat(NAMES[i], c, theme.SEAT_COLOURS[i]) for i, c in enumerate(controllers)]
    match = Match(ENTRY.spec, cfg, seed, seats)
    rnd = random.Random(seed)
    for _ in range(moves):
        seat = rnd.choice(match.to_act())
        match.act(seat, rnd.choice(match.state.legal_actions(seat)))
    scene = ENTRY.scene(app, match, ENTRY)
    app.stack.clear_to(scene)
    frames(app, 2)
    return scene, match


# ============================================================================ the top bar


@pytest.mark.parametrize("level", ["debutant", "expert", "pro"])
@pytest.mark.parametrize("course", ["salzburg", "aurillac"])
@pytest.mark.parametrize("stages", [1, 6])
def test_the_subtitle_ends_before_the_prompt_and_the_full_title_names_the_championship(app, level, course, stages):
    scene, _ = open_table(app, config(2, level=level, course=course, stages=stages), ["easy", "easy"])
    room = layout.PROMPT_X - SUBTITLE_X - 12
    assert theme.font(14).size(scene.subtitle())[0] <= room
    assert "Championnat" in scene.titles()[0]
    assert scene.subtitle().startswith("Stage 1/6 · " if stages > 1 else scene.subtitle().split(" · ")[0])
    assert course.capitalize() in scene.subtitle()
    frames(app, 2)
    assert text_audit.take_problems() == []


@pytest.mark.parametrize("level, players", [("debutant", 3), ("expert", 2), ("pro", 2)])
def test_every_prompt_a_human_meets_takes_one_line_with_seven_letter_names(app, level, players):
    """Humans playing random legal moves through the table: each prompt fits the top bar on one line at 16 px
    (the top bar takes two lines only for what one cannot hold)."""
    scene, match = open_table(app, config(players, level=level), ["human"] * players, seed=5)
    room = scene.prompt_rect().right - layout.PROMPT_X
    rnd = random.Random(5)
    seen = set()
    for _ in range(400):
        if match.is_over():
            break
        frames(app, 1)
        if app.stack.top is not scene:  # a hand-off (Pro): the next human takes the screen
            click(app, app.stack.top.ready.rect.center)
            continue
        me = scene.acting_human()
        if me is None or scene.busy():
            continue
        status = scene.status()
        seen.add(status.split(": ")[-1])
        assert theme.font(16, "bold").size(status)[0] <= room, status
        scene.submit(rnd.choice(match.state.legal_actions(me)), me)
    assert len(seen) >= 4


# ============================================================================ over the map


def test_pops_and_banners_over_a_crowded_map_corner_stay_inside_the_map_and_clear_of_every_word(app):
    scene, match = open_table(app, config(2, level="expert"), ["human", "easy"])
    frames(app, 2)
    corner = scene.cv.screen_to_map((MAP_RECT.x + 60, MAP_RECT.y + 4))  # under the phase badge, at the top edge
    for k in range(MAX_POPS + 4):
        scene.anim.show_pop(f"Skill {k + 3}: safe", corner, 1.3, theme.GREEN)
    for words in ("Ann's team-mate crashes! Gravity roll…", "Gravity d20 6: Ann's team-mate misses 1 turn"):
        scene.anim.show_banner(words, scene.banners.pos, theme.RED, 2.0)
    text_audit.take_problems()
    frames(app, 3)
    assert text_audit.take_problems() == []
    assert len(scene.anim.pops) == MAX_POPS, "at a quick pace the oldest pops make way"
    for banner in scene.anim.banners:
        img = theme.text(banner.text, scene.anim.banner_size, theme.INK, "bold")
        assert MAP_RECT.contains(img.get_rect(center=banner.pos).inflate(28, 14))


def test_free_spot_moves_a_box_the_least_it_must_and_keeps_it_in_the_area():
    area = pygame.Rect(0, 0, 400, 300)
    wall = [pygame.Rect(0, 0, 400, 100)]
    spot, offset = free_spot(pygame.Rect(100, -20, 80, 30), area, (wall,), [(0, 0), (0, 40), (0, 125), (0, 200)])
    assert area.contains(spot) and not spot.colliderect(wall[0]) and offset == (0, 125)
    nice = [pygame.Rect(0, 100, 400, 100)]  # kept clear only while there is room
    spot, _ = free_spot(pygame.Rect(100, 120, 80, 30), area, (wall, nice), [(0, 0), (0, 100)])
    assert spot.top >= 200
    spot, _ = free_spot(pygame.Rect(100, 120, 80, 30), area, (wall, [area]), [(0, 0), (0, 100)])
    assert spot.topleft == (100, 120)


def test_the_key_has_its_own_bar_under_the_map_with_the_condition_gauges_key_at_pro(app, monkeypatch):
    for players in (2, 5, 8):
        scene, _ = open_table(app, config(players, level="pro"), ["human"] + ["easy"] * (players - 1))
        legend_left = KEY_BAR.right - condition_bar.legend_width() - 8
        drawn: list[str] = []
        real = theme.blit_text
        monkeypatch.setattr(theme, "blit_text", lambda surf, t, *a, drawn=drawn, real=real, **k:
                            (drawn.append(t), real(surf, t, *a, **k))[1])
        scene.draw(pygame.Surface((theme.W, theme.H)))
        monkeypatch.setattr(theme, "blit_text", real)
        assert KEY_BAR.contains(scene.key_rect) and scene.key_rect.right < legend_left
        if players < 5:
            assert scene.key_hint == table_help.KEY_HINT
        else:  # teams two players share: what the disc on their bikes means comes first (the hint if room is left)
            assert any(words in drawn for words in table_help.SHARED_WORDS), players
            assert scene.key_hint in ("", table_help.KEY_HINT)
        assert not KEY_BAR.colliderect(MAP_RECT) and not KEY_BAR.colliderect(scene.strip.rect)
    for show_odds, room in ((True, 900), (True, 260), (True, 170), (False, 300)):
        hint = table_help.key_hint(show_odds, room)
        assert hint and theme.font(13, "bold").size(hint)[0] <= room
        assert hint.startswith("%") == show_odds
    assert text_audit.take_problems() == []


def test_the_answers_of_a_vote_hold_two_lines_or_are_counted():
    pygame.font.init()
    few = ["Ann: agrees", "Bob: deciding…"]
    assert expert_table.vote_rows(few, 410) == ["Ann: agrees · Bob: deciding…"]
    many = [f"{name}tine-Marie: {expert_table.VOTE_WORDS[1 + k % 3]}" for k, name in enumerate(NAMES)]
    rows = expert_table.vote_rows(many, 410)
    assert rows == ["3 deciding… · 3 agree · 2 refuse"]


def test_a_tour_s_jersey_over_a_rider_at_the_top_edge_of_the_map_stays_on_the_map(app, monkeypatch):
    from game.velomaster.tour_table import TourRaceScene

    cfg = config(3, stages=2, finish=33)
    seats = [Seat(NAMES[i], "easy", theme.SEAT_COLOURS[i]) for i in range(3)]
    match = Match(ENTRY.spec, cfg, 4, seats)
    rnd = random.Random(4)
    while match.state.view(None).tour.stage < 2 or match.state.view(None).tour.phase != "race":
        seat = match.to_act()[0]
        match.act(seat, rnd.choice(match.state.legal_actions(seat)))
    seat = match.to_act()[0]  # something ridden in stage 2: the table opens on its race
    match.act(seat, rnd.choice(match.state.legal_actions(seat)))
    scene = ENTRY.scene(app, match, ENTRY)
    app.stack.clear_to(scene)
    assert isinstance(scene, TourRaceScene) and scene.standings().jerseys
    monkeypatch.setattr(scene.cv, "map_to_screen", lambda p: (MAP_RECT.x + 250, MAP_RECT.y + 2))
    text_audit.take_problems()
    frames(app, 3)
    assert text_audit.take_problems() == []
    assert scene.overlay_boxes and all(MAP_RECT.contains(box) for box in scene.overlay_boxes)


# ============================================================================ the side panel's numbers


def test_the_expected_numbers_read_the_view_the_table_draws():
    cfg = config(2, level="pro")
    state = ENTRY.spec.new_state(cfg, 3)
    for seat in (None, 0, 1):
        view = state.view(seat)
        expected = EXPECTED["velomaster"](view)
        for r in view.riders:
            assert expected[("condition", r.id)] == str(r.condition)
            assert expected[("points", r.id)] == f"{sum(r.points)} pts"
        assert expected[("where", 0)] == "start"


@pytest.mark.parametrize("level, players, humans", [("pro", 2, 2), ("pro", 5, 1), ("expert", 3, 1)])
def test_the_side_panel_s_numbers_are_drawn_tagged_and_match_the_engine(tmp_path, monkeypatch, level, players,
                                                                          humans):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    seen: collections.Counter = collections.Counter()
    check = checker("velomaster")

    def numbers(table, tagged):
        seen.update(tag[0] for tag, texts in tagged.items() for _ in texts)
        return check(table, tagged)

    reports = run_configs(ENTRY, [config(players, level=level)], humans_cycle=(humans,), max_steps=50, seed=2,
                          numbers=numbers)
    assert [p for r in reports for p in r.problems] == []
    assert seen["condition" if level == "pro" else "where"] > 0


def test_a_tour_runs_through_its_standings_screen_to_the_results_in_a_table_run(tmp_path, monkeypatch):
    """The standings screen between stages offers its Start button as the way on (go_on_button): a table run
    reaches the tour's results instead of waiting there."""
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    reports = run_configs(ENTRY, [config(2, stages=2, finish=33)], humans_cycle=(1,), max_steps=4000, seed=3,
                          numbers=checker("velomaster"))
    assert [p for r in reports for p in r.problems] == []
    assert reports[0].finished


def test_the_stage_chips_of_a_six_stage_tour_keep_their_words_apart(audit):
    from game.velomaster import tour_art

    pygame.font.init()
    surface = pygame.Surface((theme.W, theme.H))
    courses = ("salzburg", "aurillac") * 3
    for stage in range(0, 7):
        text_audit.begin_frame(surface)
        tour_art.draw_stages(surface, pygame.Rect(10, 66, 560, 78), stage, 6, courses, False, stage == 6)
        assert text_audit.take_problems() == [], stage
