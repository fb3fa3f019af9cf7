"""Issue 18 (VeloMaster): the table explains itself. A die choice shows on the map the rider it moves and
the cells it reaches; leaders and team-mates differ by shape (a square bib and a star) with a key on
the table and a name tag on hover; a percentage on a cell is explained where it shows; the order of
play gives each of 8 players a readable line; the setup summary never cuts off its last words."""

from __future__ import annotations

import pygame
import pytest

from game.engine.match import Match, Seat
from game.ui import theme
from game.ui.scenes.setup import SetupScene
from game.ui.scenes_registry import TABLES
from game.velomaster import points_sheet, setup_panel, table_help
from game.velomaster.course_view import CourseView
from game.velomaster.rider_art import BIB_GREY, BIB_LEADER, badge_offset, badge_size, rider_sprite
from game.velomaster.rules import choice_reach, reachable
from game.velomaster.rules.actions import Assign, Launch
from game.velomaster.rules.reach import ReachInfo
from game.velomaster.scene import KEY_BAR, MAP_RECT

from .test_velomaster_scene import drive_until, screen_of
from .ui_helpers import frames, make_app

ENTRY = TABLES["velomaster"]


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    return make_app("instant")


NAMES = ("Ann", "Bob", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal")


def start(app, controllers, seed=3):
    seats = [Seat(NAMES[i], c, theme.SEAT_COLOURS[i]) for i, c in enumerate(controllers)]
    match = Match(ENTRY.spec, ENTRY.spec.default_config("debutant-salzburg", len(seats)), seed, seats)
    scene = ENTRY.scene(app, match, ENTRY)
    app.stack.clear_to(scene)
    return scene, match


def hover(app, pos) -> None:
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
    frames(app, 2)


def at_a_die_choice(app, players=3, phase="assign", seed=3):
    controllers = ["human"] + ["easy"] * (players - 1)
    scene, match = start(app, controllers, seed=seed)
    me = drive_until(app, scene, match, lambda sc, me: sc.v.phase == phase and len(sc.choice_btns) >= 2)
    frames(app, 2)
    return scene, match, me


# ============================================================================ hovering a die choice


@pytest.mark.parametrize("phase", ["assign", "launch"])
def test_hovering_a_die_choice_highlights_exactly_the_cells_the_engine_gives_that_choice(app, phase):
    scene, match, me = at_a_die_choice(app, phase=phase)
    for button in list(scene.choice_btns):
        hover(app, button.rect.center)
        action = button.action
        assert scene.hover_choice == action
        expected = choice_reach(match.state, action)
        assert expected, "the rider has somewhere to go"
        assert set(scene.cv.highlights) == set(expected)
        marked = [m.key for m in scene.cv.riders if m.selected]
        assert marked == [action.rider], "the rider the choice moves is marked on the map"
        # the very cells the engine offers once the choice is made
        after, _ = match.state.apply(me, action)
        assert set(reachable(after)) == set(expected)
    hover(app, (MAP_RECT.centerx, MAP_RECT.bottom - 200))
    assert scene.hover_choice is None and not scene.cv.highlights, "moving away clears the preview"


def test_hovering_a_die_choice_of_a_rider_out_of_sight_brings_the_camera_to_it(app):
    scene, match, me = at_a_die_choice(app)
    button = scene.choice_btns[-1]
    rider = button.action.rider
    scene.cv.focus(scene.course.row_cells(scene.course.finish_row)[0], animate=False)  # look far away
    frames(app, 1)
    hover(app, button.rect.center)
    frames(app, 60)
    spot = scene.cv.map_to_screen(scene.cv.resolve(scene.where_of(scene.v.riders[rider]))[0])
    assert MAP_RECT.collidepoint(spot)


def test_die_choices_are_one_row_per_rider_with_a_button_per_die_and_words_that_fit(app):
    for players in (2, 8):
        scene, match, me = at_a_die_choice(app, players=players)
        legal = [a for a in match.state.legal_actions(me) if isinstance(a, (Launch, Assign))]
        assert sorted((b.action for b in scene.choice_btns), key=repr) == sorted(legal, key=repr)
        for row, rect in scene.choice_rows:
            assert row.words in ("Leader first", "Team-mate first")
            buttons = [b for b in scene.choice_btns if b.action.rider == row.rider]
            assert [b.action.die for b in buttons] == sorted(a.die for a in legal if a.rider == row.rider)
            words_right = rect.x + 12 + table_help.icon_width(34, True) + theme.font(15, "bold").size(row.words)[0]
            assert words_right <= min(b.rect.x for b in buttons) - 4, "the row's words never run under its dice"
            assert all(rect.contains(b.rect) for b in buttons)
            assert scene.dice_rect.contains(rect)


def test_a_die_choice_says_which_rider_moves_first_and_what_the_other_takes():
    tip = table_help.choice_tooltip(Assign(0, 2), "leader", "team-mate", (2, 6))
    assert "leader moves first with the 2" in tip and "team-mate takes the 6" in tip
    assert "Launch the team-mate with the 5" in table_help.choice_tooltip(Launch(1, 5), "team-mate", None, (5, 1))


# ============================================================================ roles at a glance


def test_leader_and_team_mate_differ_by_shape_not_only_by_bib_colour():
    """Same team, same bib colour: the pictures still differ (a square bib for the leader)."""
    leader = rider_sprite((70, 140, 220), BIB_GREY, 40, 0, leader=True)
    mate = rider_sprite((70, 140, 220), BIB_GREY, 40, 0, leader=False)
    assert leader.get_size() == mate.get_size()
    w, h = leader.get_size()
    differ = sum(leader.get_at((x, y)) != mate.get_at((x, y)) for x in range(w) for y in range(h))
    assert differ > 20


def test_a_leader_on_the_map_carries_a_star_badge_a_team_mate_does_not(app):
    scene, match = start(app, ["human", "easy"])
    frames(app, 2)
    cv: CourseView = scene.cv
    cell = scene.course.row_cells(20)[1]
    cv.focus(cell, animate=False, zoom=1.0)
    x, y = cv.map_to_screen(cell.centre)
    dx, dy = badge_offset(cv.rider_length())
    half = badge_size(cv.rider_length()) // 2
    spot = pygame.Rect(round(x + dx) - half, round(y + dy) - half, 2 * half, 2 * half)
    pictures = []
    for leader in (True, False):
        surface = pygame.Surface(app.canvas.get_size())
        cv.draw_rider(surface, cell, (200, 40, 40), BIB_LEADER, leader=leader)
        pictures.append(surface)
    lead, mate = pictures
    changed = sum(lead.get_at(p) != mate.get_at(p) for p in
                  ((i, j) for i in range(spot.left, spot.right) for j in range(spot.top, spot.bottom)))
    assert changed > spot.w * spot.h // 3, "the leader's star is drawn beside the bike"


def test_the_key_on_the_table_shows_both_roles_and_the_second_team_bibs_from_five_players(app):
    assert [(w, len(bibs), lead) for w, bibs, lead in table_help.key_entries(4)] == [
        ("Leader", 1, True), ("Team-mate", 1, False)]
    assert [(w, len(bibs), lead) for w, bibs, lead in table_help.key_entries(5)] == [
        ("Leader", 2, True), ("Team-mate", 2, False)]
    scene, match = start(app, ["human", "easy"])
    frames(app, 3)
    assert KEY_BAR.contains(scene.key_rect), "the key has a bar of its own under the map"
    assert not scene.key_rect.colliderect(MAP_RECT), "the key hides nothing on the map"
    assert scene.key_hint == table_help.KEY_HINT


def test_hovering_a_rider_on_the_map_names_its_player_role_and_bib(app):
    scene, match = start(app, ["human", "easy"])
    me = drive_until(app, scene, match, lambda sc, me: sc.v.phase == "assign")
    frames(app, 2)
    leader = next(r for r in scene.v.riders if r.seat == me and r.role == "leader")
    scene.cv.focus(scene.where_of(leader), animate=False, zoom=1.0)
    frames(app, 2)
    hover(app, screen_of(scene, leader.cell) if leader.cell else scene.cv.map_to_screen(
        scene.cv.resolve(scene.where_of(leader))[0]))
    mark = scene.cv.hover_rider
    assert mark is not None and mark.key == leader.id
    assert mark.label.startswith(f"{match.seats[me].name}'s leader · yellow bib")


# ============================================================================ odds explained


def test_the_percentage_on_a_cell_is_explained_in_the_key_and_on_the_cell(app):
    scene, match = start(app, ["human", "easy", "easy"])

    def risky(sc, me):
        return sc.v.phase == "move" and any(t.probability < 1 for t in sc._targets(me).values())

    drive_until(app, scene, match, risky)
    frames(app, 3)
    assert any(hl.label and hl.label.endswith("%") for hl in scene.cv.highlights.values())
    assert scene.key_hint == table_help.ODDS_MEANING, "with percentages on the map the key says what they mean"
    cid, info = next((c, t) for c, t in scene.shown_targets.items() if t.probability < 1)
    (title, words), = scene._card_sections(scene.course.cell(cid))
    assert title == "Your move"
    assert f"{round(info.probability * 100)}% chance to get there on your feet" in words


def test_the_percentage_on_a_cell_is_written_the_way_the_language_writes_a_percentage(app):
    """The pill on a risky cell said "90%" in French too (built with an f-string), beside a hover card and a key
    that write "90 %": it goes through the catalogue, where French puts a narrow no-break space before the sign."""
    import gettext

    from game import i18n

    class French(gettext.NullTranslations):
        def gettext(self, message):
            return "{odds}\u202f%" if message == table_help.ODDS_LABEL else super().gettext(message)

    scene, match = start(app, ["human", "easy", "easy"])

    def risky(sc, me):
        return sc.v.phase == "move" and any(t.probability < 1 for t in sc._targets(me).values())

    drive_until(app, scene, match, risky)
    catalogue = French()
    catalogue.add_fallback(gettext.translation(i18n.DOMAIN, i18n.locale_dir(), ["fr"], fallback=True))
    i18n.set_language("fr", catalogue)
    try:
        frames(app, 3)
        labels = {cid: hl.label for cid, hl in scene.cv.highlights.items() if hl.label}
    finally:
        i18n.set_language("en")
    assert labels
    for cid, label in labels.items():
        assert label == f"{round(scene.shown_targets[cid].probability * 100)}\u202f%", label


def test_odds_words_name_each_roll_and_what_fails_it():
    assert table_help.odds_words(ReachInfo(5, (5,), ("forward",), (), 1.0)) == "1 cell, safe: no roll on the way."
    words = table_help.odds_words(ReachInfo(7, (5, 7), ("diagonal", "forward"), (("power", 8), ("skill",)), 0.54))
    assert words.startswith("2 cells, 54% chance to get there on your feet")
    assert "a power roll off the 8 % climb (the d20 must beat 8)" in words
    assert "a skill roll on a danger cell (a d20 of 1 or 2 is a crash)" in words
    two = table_help.odds_words(ReachInfo(9, (5, 7, 9), ("forward",) * 3, (("skill",), ("skill",)), 0.81))
    assert "2 skill rolls on danger cells" in two
    assert table_help.ODDS_MEANING.startswith("% = the chance to get there on your feet")


# ============================================================================ crowded screens


def test_the_order_of_play_gives_each_of_eight_players_a_readable_line(app):
    seats = [Seat(f"Player {i}", "easy", theme.SEAT_COLOURS[i]) for i in range(8)]
    match = Match(ENTRY.spec, ENTRY.spec.default_config("debutant-salzburg", 8), 5, seats)
    scene = ENTRY.scene(app, match, ENTRY)
    app.stack.clear_to(scene)
    frames(app, 2)
    rect = scene.order_rect
    line = min(22, (rect.h - 34) // 8)  # race_panel.draw_order's line height
    assert line >= theme.font(15).get_linesize() - 1, "15 px names need their line"
    panels = [scene.dice_rect, scene.order_rect, scene.stand_rect, scene.log.rect]
    for a, b in zip(panels, panels[1:], strict=False):
        assert a.bottom <= b.top, "the column's panels never overlap"
    assert scene.log.rect.h >= 100 and scene.log.rect.bottom <= scene.sheet_btn.rect.top


def test_the_setup_summary_shows_every_word_of_the_course_line(app, monkeypatch):
    drawn: list[str] = []
    real = theme.blit_text

    def record(surface, s, *args, **kwargs):
        drawn.append(s)
        return real(surface, s, *args, **kwargs)

    monkeypatch.setattr(theme, "blit_text", record)
    setup = SetupScene(app, ENTRY)
    app.stack.clear_to(setup)
    frames(app, 2)
    text = " ".join(drawn)
    assert "13 danger cells" in text and "2 feed zones" in text


def test_summary_lines_wrap_words_and_end_with_an_ellipsis_only_when_out_of_room():
    text = "Climbs: Zilling (cat. 3) · Elixhausen (cat. 1) · 13 danger cells · 2 feed zones"
    lines = setup_panel.summary_lines(text, 300, 40)
    assert " ".join(lines) == text
    short = setup_panel.summary_lines(text, 120, 17)
    assert len(short) == 1 and short[0].endswith("…")


def test_the_points_sheet_names_each_rider_role_and_bib(app):
    scene, match = start(app, ["human", "easy", "easy", "easy", "easy"])
    frames(app, 2)
    drawn: list[str] = []
    real = theme.blit_text
    sheet = points_sheet.PointsSheetScene(app, scene.v, match.names, [s.colour for s in match.seats])
    surface = pygame.Surface(app.canvas.get_size())
    try:
        theme.blit_text = lambda surf, s, *a, **k: (drawn.append(s), real(surf, s, *a, **k))[1]
        sheet.draw(surface)
    finally:
        theme.blit_text = real
    assert f"{match.names[4]} · leader (green bib)" in drawn
    assert f"{match.names[4]} · team-mate (violet bib)" in drawn


def test_the_points_sheet_close_button_never_covers_a_rider_line(app):
    for players in (2, 8):
        scene, match = start(app, ["human"] + ["easy"] * (players - 1))
        frames(app, 2)
        sheet = points_sheet.PointsSheetScene(app, scene.v, match.names, [s.colour for s in match.seats])
        close = sheet.widgets[-1].rect
        last_line_bottom = sheet.box.y + 106 + 26 * len(scene.v.riders)
        assert close.top >= last_line_bottom and sheet.box.contains(close)
        assert pygame.Rect(0, 0, theme.W, theme.H).contains(sheet.box)
