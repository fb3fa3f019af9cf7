"""The VeloMaster table as first-time players follow it ("Polish, as first-time players meet the five games"): a
neutral bike on the start grid is taken by a click on it, the tray is empty while a roll is awaited, Pro's
condition gauges show for the riders in play (all of them over their key), a shortened race's profile and cell
card name its own finish, and the view follows the riders without jumping to each one."""

from __future__ import annotations

import random

import pygame
import pytest

from game.engine.match import Match, Seat
from game.engine.protocol import Config
from game.ui import theme
from game.ui.scenes_registry import TABLES
from game.velomaster.rules.actions import TakeNeutral

from .ui_helpers import click, frames, make_app

ENTRY = TABLES["velomaster"]
NAMES = ["Ann", "Bob", "Cleo", "Dan", "Eddy", "Fay", "Gus", "Hal"]


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    return make_app("instant")


def config(players: int, **options) -> Config:
    opts = {"course": "salzburg", "level": "expert", **options}
    return ENTRY.spec.validate_config(Config("race", players, tuple(opts.items())))


def played_until(cfg: Config, controllers, wanted, seeds=range(1, 8), limit=4000):
    """A match played at random until ``wanted(match, seat)`` holds for the seat to act (a human), or None."""
    for seed in seeds:
        match = Match(ENTRY.spec, cfg, seed, [Seat(NAMES[i], c, theme.SEAT_COLOURS[i])
                                              for i, c in enumerate(controllers)])
        rnd = random.Random(seed)
        for _ in range(limit):
            if match.is_over():
                break
            seat = match.to_act()[0]
            if controllers[seat] == "human" and wanted(match, seat):
                return match
            match.act(seat, rnd.choice(match.state.legal_actions(seat)))
    return None


def drawn_texts(scene, monkeypatch) -> list[str]:
    """The texts one frame of ``scene`` writes through theme.blit_text."""
    drawn: list[str] = []
    real = theme.blit_text

    def record(surface, text, *args, **kw):
        drawn.append(text)
        return real(surface, text, *args, **kw)

    monkeypatch.setattr(theme, "blit_text", record)
    scene.draw(pygame.Surface((theme.W, theme.H)))
    monkeypatch.setattr(theme, "blit_text", real)
    return drawn


def open_table(app, match):
    scene = ENTRY.scene(app, match, ENTRY)
    app.stack.clear_to(scene)
    frames(app, 3)
    return scene


def test_a_neutral_bike_on_the_start_grid_is_taken_by_a_click_on_it_on_the_map(app):
    def grid_bike(match, seat):
        view = match.state.view(seat)
        return view.phase == "neutral" and any(
            isinstance(a, TakeNeutral) and view.riders[a.rider].cell is None for a in match.state.legal_actions(seat))

    match = played_until(config(2), ["human", "human"], grid_bike)
    assert match is not None
    scene = open_table(app, match)
    seat = match.to_act()[0]
    view = scene.v
    rider = next(a.rider for a in match.state.legal_actions(seat)
                 if isinstance(a, TakeNeutral) and view.riders[a.rider].cell is None)
    mark = next(m for m in scene.cv.riders if m.key == rider)
    assert mark.selected, "a bike one may take is ringed, on the start grid too"
    scene.cv.focus(mark.where, animate=False)
    frames(app, 2)
    box = next(b for b, m in scene.cv._rider_boxes if m.key == rider)
    steps = len(match.steps)
    click(app, box.center)
    frames(app, 2)
    assert len(match.steps) == steps + 1 and match.steps[-1].action == TakeNeutral(rider)


def test_from_five_players_the_outsider_says_no_leader_in_the_team_mates_turn_too(app, monkeypatch):
    """The outsider of a shared team has no leader: the order panel said "no leader" for it in a leaders' turn,
    but in the team-mates' turn, where it plays, its line had nothing where every other line shows its leader's
    row, under the title "ORDER BY LEADERS"."""
    def mates_turn(match, seat):
        view = match.state.view(seat)
        return view.round >= 1 and view.round_phase == 1 and len(view.turn_order) == view.players

    match = played_until(config(5), ["human"] * 5, mates_turn)
    assert match is not None
    scene = open_table(app, match)
    view = scene.v
    leaderless = [s for s in range(5) if not any(r.seat == s and r.role == "leader" for r in view.riders)]
    assert leaderless and all(s in view.turn_order for s in leaderless)
    drawn = drawn_texts(scene, monkeypatch)
    assert drawn.count("no leader") == len(leaderless), drawn


def test_the_tray_is_empty_while_a_roll_is_awaited(app):
    def stale(match, seat):
        view = match.state.view(seat)
        return view.phase in ("launch_roll", "roll") and bool(view.dice)

    match = played_until(config(3, level="debutant"), ["human", "easy", "easy"], stale)
    assert match is not None
    scene = open_table(app, match)
    assert scene.v.phase in ("launch_roll", "roll") and scene.v.dice
    assert all(d.value is None for d in scene.dice), "the dice of the turn before are not this player's"
    assert scene.roll_btn.visible


def test_at_pro_condition_gauges_show_for_the_riders_in_play_and_all_of_them_over_their_key(app):
    def moving(match, seat):
        return match.state.view(seat).phase == "move"

    match = played_until(config(4, level="pro"), ["human", "easy", "easy", "easy"], moving)
    assert match is not None
    scene = open_table(app, match)
    frames(app, 1, events=[])
    shown = scene.gauge_riders()
    assert shown is not None and scene.v.moving in shown and len(shown) < 4, shown
    frames(app, 1)
    centre = scene.legend_rect.center
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0))])
    assert scene.legend_rect.collidepoint(app.mouse) and scene.gauge_riders() is None


def test_a_shortened_race_s_profile_and_cell_card_name_its_own_finish(app):
    match = Match(ENTRY.spec, config(2, level="debutant", finish=33), 1,
                  [Seat(NAMES[i], "human", theme.SEAT_COLOURS[i]) for i in range(2)])
    scene = open_table(app, match)
    finish = scene.v.finish_row
    assert finish < scene.course.finish_row
    assert scene.strip.finish_row == finish
    cell = scene.course.row_cells(finish)[0]
    assert ("Finish", "finish line at the back of this row") in scene.cv.cell_tags(cell)
    late = scene.course.row_cells(scene.course.finish_row)[0]
    assert ("Finish", "past the finish line (run-out)") in scene.cv.cell_tags(late)


def test_the_cell_card_names_the_feed_rule_only_at_the_levels_that_play_it(app):
    """Rulebook, RAVITAILLEMENT, a rule of the Expert level: at Débutant a feed cell is painted on the board but
    has no rule, so its card says so (and is not coloured as a feed) instead of "Feed: yes"."""
    for level, wanted in (("debutant", "no rule at this level"), ("expert", "yes")):
        match = Match(ENTRY.spec, config(2, level=level), 1,
                      [Seat(NAMES[i], "human", theme.SEAT_COLOURS[i]) for i in range(2)])
        scene = open_table(app, match)
        feed = next(c for c in scene.course.cells if c.feed)
        plain = next(c for c in scene.course.cells if not c.feed)
        assert dict(scene.cv.cell_tags(feed))["Feed"] == wanted, level
        assert ("Feed" in dict(scene.cv.cell_tags(plain))) == (level != "debutant"), level


def test_a_shortened_race_without_a_summit_says_so_in_the_climbers_panel(app, monkeypatch):
    """The defect: Salzburg cut at a third of its length has no summit before its line, so no climbers' points
    (the engine's summits stop at the finish row), and the Maillot Rouge panel was left blank."""
    from game.velomaster.race_panel import NO_SUMMIT

    match = Match(ENTRY.spec, config(2, level="debutant", finish=33), 1,
                  [Seat(NAMES[i], "human", theme.SEAT_COLOURS[i]) for i in range(2)])
    assert match.state.setup.summits == ()
    scene = open_table(app, match)
    drawn = drawn_texts(scene, monkeypatch)
    assert "CLIMBERS · MAILLOT ROUGE" in drawn
    assert " ".join(drawn).count(NO_SUMMIT) == 1, "the panel says plainly that no summit counts"
    full = open_table(app, Match(ENTRY.spec, config(2, level="debutant"), 1,
                                 [Seat(NAMES[i], "human", theme.SEAT_COLOURS[i]) for i in range(2)]))
    words = drawn_texts(full, monkeypatch)
    assert NO_SUMMIT not in " ".join(words) and any(w.startswith("Next summit: ") for w in words)


@pytest.mark.parametrize("course", ["salzburg", "aurillac"])
def test_two_humans_a_shortened_race_s_map_draws_its_finish_line_and_greys_out_what_lies_beyond(app, course):
    """The defect: the map still showed only the course's ARRIVÉE far on, no line where a shortened race ends,
    and the summits after that line with their badges as if they counted (the profile strip said otherwise)."""
    from game.velomaster.course_overlays import line_across

    def frame(finish: int):
        match = Match(ENTRY.spec, config(2, level="debutant", course=course, finish=finish), 1,
                      [Seat(NAMES[i], "human", theme.SEAT_COLOURS[i]) for i in range(2)])
        scene = open_table(app, match)
        return scene, scene.v.finish_row

    short, finish = frame(33)
    full, _ = frame(100)
    course_map = short.course
    assert finish < course_map.finish_row
    beyond = next(s for s in course_map.summits if s.row > finish)  # counts only in the full race
    shots = {}
    for name, scene in (("short", short), ("full", full)):
        app.stack.clear_to(scene)
        scene.cv.focus_row(finish, animate=False)
        frames(app, 2)
        line = [scene.cv.map_to_screen(p) for p in line_across(course_map, finish, overhang=0)]
        shots[name] = [tuple(app.canvas.get_at((round(a[0] + (b[0] - a[0]) * k / 20),
                                                 round(a[1] + (b[1] - a[1]) * k / 20)))[:3])
                       for a, b in [line] for k in range(1, 20)]
        scene.cv.focus(beyond.line[0], animate=False)
        frames(app, 2)
        x, y = scene.cv.map_to_screen(beyond.line[0])
        shots[name + " summit"] = sum(app.canvas.get_at((round(x) + dx, round(y) + dy))[0]
                                      for dx in range(-3, 4) for dy in range(-3, 4))
    chequer = {(20, 20, 20), (250, 250, 250)}
    assert sum(px in chequer for px in shots["short"]) >= 12, "the shortened race's finish line across the road"
    assert sum(px in chequer for px in shots["full"]) <= 2, "no line there in a full race"
    assert shots["short summit"] < shots["full summit"] * 0.8, "a summit after the line is greyed out"


# ============================================================================================ shared teams


def test_from_five_players_the_key_shows_the_bikes_in_play_in_the_player_s_team_colour(app, monkeypatch):
    from game.velomaster import table_help

    assert [(w, len(b), lead) for w, b, lead in table_help.key_entries(5, "expert")] == [
        ("Leader", 1, True), ("Team-mates", 3, False)], "no green-bib leader, no violet bikes that are not on the board"
    assert [(w, len(b)) for w, b, _ in table_help.key_entries(5, "debutant")] == [("Leader", 2), ("Team-mate", 2)]
    keys = []
    real = table_help.draw_key

    def record(surface, bar, players, team, *args):
        keys.append((team, args))
        return real(surface, bar, players, team, *args)

    monkeypatch.setattr(table_help, "draw_key", record)
    match = Match(ENTRY.spec, config(5), 3, [Seat(NAMES[i], "human" if i == 4 else "easy", theme.SEAT_COLOURS[i])
                                             for i in range(5)])
    scene = open_table(app, match)
    scene.wait = 1e9
    frames(app, 1)
    team, (odds, right, level, feed, mover) = keys[-1]
    seat = scene.acting_human() if scene.acting_human() is not None else 0
    assert team == match.seats[seat % 4].colour, "Eddy's bikes wear the red of the team he shares"
    assert level == "expert" and mover == match.seats[4].colour


def test_at_two_players_the_key_explains_the_disc_on_the_neutral_bikes_while_they_carry_one(app, monkeypatch):
    from game.velomaster import table_help

    def neutral_given(match, seat):
        view = match.state.view(seat)
        return view.round >= 2 and view.round_phase == 1 and view.phase in ("roll", "assign")

    match = played_until(config(2), ["human", "human"], neutral_given)
    assert match is not None
    keys = []
    real = table_help.draw_key

    def record(surface, bar, players, team, *args):
        keys.append(args[-1])
        return real(surface, bar, players, team, *args)

    monkeypatch.setattr(table_help, "draw_key", record)
    scene = open_table(app, match)
    scene.draw(pygame.Surface((theme.W, theme.H)))
    discs = {mark.mover for mark in scene.cv.riders if mark.mover is not None}
    assert discs, "the neutral bikes of the team-mates' turn carry the disc of the player moving them"
    assert keys[-1] in discs


@pytest.mark.parametrize("level", ["expert", "pro"])
def test_from_five_players_the_outsider_is_in_the_order_panel_and_its_bikes_carry_its_colour(app, monkeypatch,
                                                                                            level):
    def leaders_turn(match, seat):
        view = match.state.view(seat)
        return view.round >= 1 and view.round_phase == 0 and len(view.turn_order) < view.players

    match = played_until(config(5, level=level), ["human"] * 5, leaders_turn)
    assert match is not None
    scene = open_table(app, match)
    view = scene.v
    idle = [s for s in range(5) if s not in view.turn_order]
    assert idle, "a seat without a leader is not in a leaders' turn's order"
    drawn = drawn_texts(scene, monkeypatch)
    for seat in idle:
        assert any(t.startswith(NAMES[seat][:8]) for t in drawn), (NAMES[seat], drawn)
    if level == "expert":
        assert "no leader" in drawn
    else:  # the condition's chips stand for the seat's riders; no neutral bikes from 5 players
        assert "Neutral" not in drawn
    colours = [s.colour for s in match.seats]
    for mark in scene.cv.riders:
        r = view.riders[mark.key]
        if r.status in ("finished", "abandoned"):
            continue
        jersey = scene.colours[r.team]
        expected = tuple(colours[r.seat]) if tuple(colours[r.seat]) != tuple(jersey) else None
        assert mark.mover == expected, (r, mark.mover)
    assert any(mark.mover for mark in scene.cv.riders), "the second player's bikes carry a disc of its colour"


def test_the_setup_says_who_shares_which_team_from_five_players(app, monkeypatch):
    from game.ui.scenes.setup import SetupScene
    from game.velomaster.setup_panel import shared_team_words

    words = shared_team_words([(0, 4)], NAMES, ["Red", "Blue", "Green", "Yellow", "Violet"])
    assert words.startswith("From 5 players two players share a team: Ann and Eddy ride red.")
    assert "Eddy's bikes carry a violet disc" in words
    assert shared_team_words([], NAMES, []) == ""
    pairs = [(0, 4), (1, 5), (2, 6), (3, 7)]
    named = shared_team_words(pairs, NAMES, ["Red", "Blue", "Green", "Yellow"] * 2, 2)
    assert named.startswith("Shared teams: Ann & Eddy red, Bob & Fay blue, Cleo & Gus green, Dan & Hal yellow;")
    many = shared_team_words(pairs, NAMES, ["Red", "Blue", "Green", "Yellow"] * 2, 3)
    assert many.startswith("Shared teams, by seat: 1 & 5 red, 2 & 6 blue, 3 & 7 green, 4 & 8 yellow.")
    for players, level, shared in ((5, "expert", True), (8, "pro", True), (5, "debutant", False), (4, "expert", False)):
        setup = SetupScene(app, ENTRY)
        app.stack.clear_to(setup)
        setup.players.value = players
        setup._rebuild(players)
        setup.option_widgets["level"].set_value(level)
        frames(app, 2)
        said = " ".join(drawn_texts(setup, monkeypatch)).lower()
        assert ("share" in said) == shared, (players, level, said)
        if shared:
            assert "disc" in said and (setup.rows[4].seat().name.lower() in said or "1 & 5" in said)


# ============================================================================================ panels over the map


def test_the_pointer_on_the_vote_question_names_no_rider_hidden_under_it(app):
    """A rider under the accélération question over the map got its name tag (and the cell its card) drawn over the
    question while the pointer was on the panel: a panel over the map points at nothing under it."""
    def vote(match, seat):
        return match.state.view(seat).phase == "vote"

    match = played_until(config(8), ["human"] * 8, vote)
    assert match is not None
    scene = open_table(app, match)
    while app.stack.top is not scene:  # the hand-off to the voter
        click(app, app.stack.top.ready.rect.center)
    frames(app, 2)
    box = expert_table_vote_box(scene)
    assert any(b.contains(box) for b in scene.cv.covered), "the question is a panel over the map"
    view = scene.cv
    rider_box = view._rider_boxes[0][0]  # a rider drawn on the map
    view.covered = [rider_box.inflate(40, 40)]  # a panel over that rider
    view.update(1 / 60, rider_box.center)
    assert view.hover_rider is None and view.hover_cell is None
    view.covered = []
    view.update(1 / 60, rider_box.center)
    assert view.hover_rider is not None


def expert_table_vote_box(scene) -> pygame.Rect:
    from game.velomaster import expert_table

    return expert_table.vote_box(scene.cv.rect)


def test_a_rider_s_name_tag_goes_under_its_bike_when_the_cell_card_takes_the_place_above(app):
    """Pointing at a rider in the pack: the cell card opened where the name tag was and cut it ("Bob's grey
    team-mate · 80 % · ti"); the tag then goes under the bike, clear of the card."""
    from game.velomaster.cell_card import card_size
    from game.velomaster.course_overlays import name_tag_rect
    from game.velomaster.course_view import HOVER_DELAY

    def pack(match, seat):
        view = match.state.view(seat)
        return view.round >= 3 and view.phase == "roll"

    match = played_until(config(8), ["human"] * 8, pack)
    assert match is not None
    scene = open_table(app, match)
    view = scene.cv
    moved = 0
    for box, mark in list(view._rider_boxes):
        if not mark.label or not view.rect.inflate(-60, -60).contains(box):
            continue
        frames(app, 1, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=box.center, rel=(0, 0), buttons=(0, 0, 0))])
        frames(app, int(HOVER_DELAY * 60) + 2)
        scene.draw(pygame.Surface((theme.W, theme.H)))
        if view.hover_rider is None or view.hover_cell is None or view.hover_rider.key != mark.key:
            continue
        now = next(b for b, m in view._rider_boxes if m.key == mark.key)
        above, below = name_tag_rect(now, view.hover_rider, view.rect), name_tag_rect(now, view.hover_rider,
                                                                                      view.rect, below=True)
        card = view.text_boxes[-1]
        assert card.size == card_size(view.cell_tags(view.hover_cell), view.card_sections(view.hover_cell))
        tag = view.text_boxes[-2]
        if card.colliderect(above) and not card.colliderect(below):
            moved += 1
            assert tag == below
        elif not card.colliderect(above):
            assert tag == above
    assert moved, "in a pack some card takes the place above a rider"


def test_the_order_panel_s_bibs_end_before_where_the_leader_is(app, monkeypatch):
    """8 players: a seat's small bibs ran into its leader's "row 118" or "finished" on the order panel."""
    from game.velomaster import race_panel

    def far(match, seat):
        view = match.state.view(seat)
        return any(r.role == "leader" and (r.status == "finished" or (r.row or 0) >= 100) for r in view.riders)

    match = played_until(config(8), ["human"] * 8, far, seeds=range(1, 30), limit=20000)
    assert match is not None
    scene = open_table(app, match)
    bibs: dict[int, int] = {}
    words: dict[int, pygame.Rect] = {}
    real_bibs, real_text = race_panel.draw_seat_riders, theme.blit_text

    def seat_riders(surface, view, seat, colours, right, cy):
        bibs[seat] = right
        return real_bibs(surface, view, seat, colours, right, cy)

    def text(surface, s, pos, *args, **kw):
        box = real_text(surface, s, pos, *args, **kw)
        tag = kw.get("tag")
        if s == "no leader" or (isinstance(tag, tuple) and tag[0] == "where"):
            words[tag[1] if tag else len(words) + 100] = box
        return box

    monkeypatch.setattr(race_panel, "draw_seat_riders", seat_riders)
    monkeypatch.setattr(theme, "blit_text", text)
    scene.draw(pygame.Surface((theme.W, theme.H)))
    monkeypatch.setattr(race_panel, "draw_seat_riders", real_bibs)
    monkeypatch.setattr(theme, "blit_text", real_text)
    wide = [seat for seat, box in words.items() if seat in bibs and box.w > 50]
    assert wide, "a leader far along ('row 1xx', 'finished')"
    for seat in bibs:
        if seat in words:
            assert bibs[seat] <= words[seat].x - 4, (seat, bibs[seat], words[seat])
