"""The VeloMaster race table at Niveau Expert, driven through the real App (issue 16, "Play (scene)"):
the phase banner and teams of four in their team's colours, the accélération proposed by one human and
voted by another after the screen is handed over, the dice tray given out by clicks (die then rider,
rider then die), and bot races that reach the results with 2, 4 and 6 players."""

import random

import pygame
import pytest

from game.engine.match import Match, Seat
from game.engine.protocol import Config
from game.ui import theme
from game.ui.scenes.handoff import HandoffScene
from game.ui.scenes.results import ResultsScene
from game.ui.scenes_registry import TABLES
from game.velomaster import expert_table
from game.velomaster.rules.events import DieAssigned
from game.velomaster.rules.lines import votes_needed
from game.velomaster.scene import MAP_RECT
from game.velomaster.table_words import neutral_bike

from .ui_helpers import click, frames, make_app

ENTRY = TABLES["velomaster"]
NAMES = ["Ann", "Bob", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal"]


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    return make_app("instant")


def expert_config(players: int, finish: int = 100) -> Config:
    return ENTRY.spec.validate_config(Config("race", players, (("course", "salzburg"), ("finish", finish),
                                                               ("level", "expert"))))


def open_race(app, controllers, seed=3, finish=100, actions=()):
    """An Expert race at the table; ``actions`` (seat, action) are played first through the match."""
    seats = [Seat(NAMES[i], c, theme.SEAT_COLOURS[i]) for i, c in enumerate(controllers)]
    match = Match(ENTRY.spec, expert_config(len(seats), finish), seed, seats)
    for seat, action in actions:
        match.act(seat, action)
    scene = ENTRY.scene(app, match, ENTRY)
    app.stack.clear_to(scene)
    frames(app, 2)
    return scene, match


def played_until(players, seed, wanted, limit=20000):
    """Random legal moves for every seat until ``wanted(view, seat)`` holds: (seed, the moves, the seat
    to act then), or None."""
    match = Match(ENTRY.spec, expert_config(players), seed, [Seat(NAMES[i], "human", (0, 0, 0))
                                                             for i in range(players)])
    rnd = random.Random(seed)
    moves = []
    for _ in range(limit):
        if match.is_over():
            return None
        seat = match.to_act()[0]
        if wanted(match.state.view(seat), seat):
            return seed, moves, seat
        action = rnd.choice(match.state.legal_actions(seat))
        moves.append((seat, action))
        match.act(seat, action)
    return None


def test_an_expert_race_opens_with_the_phase_banner_and_four_riders_a_team_in_team_colours(app):
    scene, match = open_race(app, ["human", "easy", "easy", "easy"])
    view = scene.v
    assert scene.expert and len(view.riders) == 16
    assert len(scene.cv.riders) == 16
    for mark in scene.cv.riders:
        assert mark.team == match.seats[view.riders[mark.key].team].colour
    assert expert_table.phase_title(view) in ("The start", f"Round {view.round} · Leaders' turn",
                                              f"Round {view.round} · Team-mates' turn")


def test_two_players_see_the_neutral_team_in_white_grey_nobody_s_colour(app):
    scene, match = open_race(app, ["human", "easy"])
    neutral = [m for m in scene.cv.riders if scene.v.riders[m.key].team >= 2]
    assert len(neutral) == 4 and all(m.team == expert_table.NEUTRAL for m in neutral)


def test_a_human_proposes_an_acceleration_and_the_other_human_is_handed_the_vote(app):
    def needs_a_vote(view, seat):
        if view.phase != "propose" or not view.lines:
            return False
        line = view.lines[0]
        mine = sum(1 for r in line if view.riders[r].seat == seat)
        others = set(expert_table.line_seats(view, line)) - {seat}
        return mine < votes_needed(line) and bool(others)

    seed, moves, proposer = next(f for f in (played_until(4, s, needs_a_vote) for s in range(1, 20))
                                 if f is not None)
    controllers = ["easy"] * 4
    controllers[proposer] = "human"
    scene, match = open_race(app, controllers, seed, actions=moves)
    view = scene.v
    line = view.lines[0]
    voter = next(s for s in expert_table.line_seats(view, line) if s != proposer)
    controllers[voter] = "human"
    scene, match = open_race(app, controllers, seed, actions=moves)
    assert scene.acting_human() == proposer
    assert scene.accel_btn.visible and scene.letgo_btn.visible
    assert f"{votes_needed(line)} bikes must agree" in scene.status()
    click(app, scene.accel_btn.rect.center)
    frames(app, 30)
    top = app.stack.top
    assert isinstance(top, HandoffScene), "the voter is handed the screen with the question"
    assert top.player == NAMES[voter]
    assert top.question.kind == "acceleration-vote" and f"{NAMES[proposer]} proposes" in top.question.reason
    top._go()
    frames(app, 3)
    assert scene.acting_human() == voter
    assert scene.question(voter).kind == "acceleration-vote"
    assert scene.agree_btn.visible and scene.refuse_btn.visible
    click(app, scene.agree_btn.rect.center)
    frames(app, 3)
    assert any(type(e).__name__ == "AccelerationVote" and e.seat == voter and e.agree
               for step in match.steps for e in step.events)


def test_the_dice_tray_holds_three_dice_and_gives_them_by_clicks_die_then_rider_and_rider_then_die(app):
    def three_dice(view, seat):
        return view.phase == "assign" and view.round_phase == 1 and len(view.dice) == 3 and \
            len(view.dice_left) == 3 and not view.shared_die and len(set(view.dice)) == 3 and \
            len(view.movers) == 3
    seed, moves, seat = next(f for f in (played_until(3, s, three_dice) for s in range(1, 20)) if f is not None)
    controllers = ["easy"] * 3
    controllers[seat] = "human"
    scene, match = open_race(app, controllers, seed, actions=moves)
    assert len(scene.tray.dice) == 3 and [d.value for d in scene.tray.dice] == list(scene.v.dice)
    rows = scene.choice_rows
    assert len(rows) == 3
    # die then rider: pick the first die, then click the first rider's row
    die = scene.tray.dice[0]
    click(app, die.rect.center)
    assert scene.tray.picked == 0
    steps = len(match.steps)
    row, rect = rows[0]
    click(app, (rect.x + 20, rect.centery))
    assigned = [e for step in match.steps[steps:] for e in step.events if isinstance(e, DieAssigned)]
    assert assigned and assigned[0].rider == row.rider and assigned[0].die == die.value
    # the rider moves with it; finish its move, then the next: rider then die
    for _ in range(400):
        frames(app, 1)
        if scene._me() == seat and scene.v.phase == "assign":
            break
        me = scene._me()
        if me is not None:
            scene.submit(next(a for a in match.state.legal_actions(me) if type(a).__name__ == "Stop"))
    assert scene.v.phase == "assign" and scene._me() == seat
    row, rect = scene.choice_rows[0]
    click(app, (rect.x + 20, rect.centery))
    assert scene.picked_rider == row.rider
    free = next(i for i, d in enumerate(scene.tray.dice) if not d.dimmed)
    value = scene.tray.dice[free].value
    steps = len(match.steps)
    click(app, scene.tray.dice[free].rect.center)
    assert any(isinstance(e, DieAssigned) and e.rider == row.rider and e.die == value
               for step in match.steps[steps:] for e in step.events)


@pytest.mark.parametrize("players", [2, 6])  # the fewest and a full board (every count's layout: below)
def test_a_bot_expert_race_reaches_the_results(app, players):
    scene, match = open_race(app, ["easy"] * players, seed=players, finish=33)
    for _ in range(20000):
        frames(app, 1)
        if isinstance(app.stack.top, ResultsScene):
            break
    assert match.is_over()
    assert isinstance(app.stack.top, ResultsScene)


def test_a_bike_going_up_an_accelerating_line_is_named_with_its_director_and_may_stay(app):
    from game.velomaster.rules import lines

    def later_bike(view, seat):
        return view.phase == "entraide" and view.context == "acceleration" and len(view.entraide) >= 5 \
            and view.entraide[-2] >= 1

    seed, moves, seat = next(f for f in (played_until(4, s, later_bike) for s in range(1, 30)) if f is not None)
    scene, match = open_race(app, ["human"] * 4, seed, actions=moves)
    rider = lines.entraide_mover(match.state)[0]
    view = scene.v
    director = NAMES[view.riders[rider].seat]
    status = scene.status()
    assert status.startswith(f"{director}'s"), status
    assert "accélération!" in status and "2 cells" not in status
    assert scene.no_btn.visible and scene.no_btn.label == "Stay"


def three_distinct_dice(view, seat):
    return view.phase == "assign" and view.round_phase == 1 and len(view.dice) == 3 and \
        len(view.dice_left) == 3 and not view.shared_die and len(set(view.dice)) == 3 and len(view.movers) == 3


def test_a_die_dragged_onto_a_rider_s_row_is_given_to_that_rider(app):
    import pygame

    seed, moves, seat = next(f for f in (played_until(3, s, three_distinct_dice) for s in range(1, 20))
                             if f is not None)
    controllers = ["easy"] * 3
    controllers[seat] = "human"
    scene, match = open_race(app, controllers, seed, actions=moves)
    die = scene.tray.dice[2]
    row, rect = scene.choice_rows[1]
    target = (rect.x + 24, rect.centery)
    steps = len(match.steps)
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=die.rect.center, button=1)])
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(1, 0, 0))])
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target, button=1)])
    assert any(isinstance(e, DieAssigned) and e.rider == row.rider and e.die == die.value
               for step in match.steps[steps:] for e in step.events)


def test_a_penalised_rider_takes_the_shared_smallest_die_marked_in_the_tray(app):
    def shared(view, seat):
        return view.phase == "assign" and view.shared_die > 0 and view.round_phase == 1

    found = next((f for f in (played_until(3, s, shared) for s in range(1, 40)) if f is not None), None)
    assert found is not None, "no missed feed in 40 seeded races"
    seed, moves, seat = found
    controllers = ["easy"] * 3
    controllers[seat] = "human"
    scene, match = open_race(app, controllers, seed, actions=moves)
    view = scene.v
    marked = scene.tray.shared_index(view.dice, view.dice_left, view.shared_die)
    assert marked >= 0 and view.dice[marked] == view.shared_die == min(view.dice)
    penalised = [(row, rect) for row, rect in scene.choice_rows
                 if view.riders[row.rider].missed_feed or view.riders[row.rider].worst_die]
    assert penalised and all([a.die for a in row.actions] == [view.shared_die] for row, _ in penalised)
    # the shared die, clicked then the penalised rider's row: that rider takes it
    row, rect = penalised[0]
    steps = len(match.steps)
    click(app, scene.tray.dice[marked].rect.center)
    assert scene.tray.picked == marked and not scene.tray.dice[marked].dimmed
    click(app, (rect.x + 20, rect.centery))
    assert any(isinstance(e, DieAssigned) and e.rider == row.rider and e.die == view.shared_die
               for step in match.steps[steps:] for e in step.events)


def test_random_clicks_and_keys_on_an_expert_table_with_three_humans_never_break_it(app):
    from .test_ui_monkey import monkey

    seats = [Seat(NAMES[i], c, theme.SEAT_COLOURS[i]) for i, c in enumerate(["human", "human", "human", "easy"])]
    assert monkey(app, lambda a: ENTRY.scene(a, Match(ENTRY.spec, expert_config(4), 77, seats), ENTRY), 6) >= 1


def test_humans_playing_random_moves_through_the_expert_table_meet_every_decision_without_error(app):
    """Two humans and a bot, random legal moves through the table's submit (hand-offs accepted as they
    come): the race runs into votes, neutral-free team-mates' turns and incidents without an error."""
    scene, match = open_race(app, ["human", "human", "easy"], seed=5, finish=33)
    rnd = random.Random(2)
    phases = set()
    for _ in range(12000):
        if match.is_over():
            break
        frames(app, 1)
        top = app.stack.top
        if isinstance(top, HandoffScene):
            phases.add("handoff")
            top._go()
            continue
        me = scene._me()
        if me is None or app.stack.top is not scene:
            continue
        phases.add(scene.v.phase)
        assert scene.status()
        scene.submit(rnd.choice(match.state.legal_actions(me)))
    assert match.is_over()
    assert {"assign", "move", "propose"} <= phases


def test_with_two_players_the_first_takes_a_neutral_bike_by_clicking_it_on_the_map(app):
    from game.velomaster.rules.events import NeutralShared

    def neutral_on_the_road(view, seat):
        return view.phase == "neutral" and all(r.cell is not None for r in view.riders if r.team >= view.players)

    seed, moves, seat = next(f for f in (played_until(2, s, neutral_on_the_road) for s in range(1, 9))
                             if f is not None)
    controllers = ["easy", "easy"]
    controllers[seat] = "human"
    scene, match = open_race(app, controllers, seed, actions=moves)
    assert "neutral bike" in scene.status()
    assert [btn.label for btn in scene.choice_btns] and all(btn.label == "Take" for btn in scene.choice_btns)
    rider = scene.choice_rows[0][0].rider
    cell = scene.v.riders[rider].cell
    scene.cv.focus(cell, False)
    frames(app, 2)
    x, y = scene.cv.map_to_screen(scene.cv.resolve(cell)[0])
    steps = len(match.steps)
    click(app, (int(x), int(y)))
    taken = [a for step in match.steps[steps:] for a in (step.action,) if type(a).__name__ == "TakeNeutral"]
    shared = [e for step in match.steps[steps:] for e in step.events if isinstance(e, NeutralShared)]
    assert (taken and taken[0].rider == rider) or any(rider in e.first for e in shared)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 7, 8])
def test_the_side_column_fits_the_screen_with_every_player_count(app, players):
    scene, match = open_race(app, ["human"] + ["easy"] * (players - 1))
    panels = [scene.dice_rect, scene.order_rect, scene.stand_rect, scene.log.rect]
    assert all(a.bottom <= b.top for a, b in zip(panels, panels[1:], strict=False))
    assert scene.max_rows == max(sum(1 for r in scene.v.riders if r.seat == s and r.team < players)
                                 for s in range(players))  # (the neutral bikes get a roll of their own)
    assert scene.log.rect.h >= 80 and scene.log.rect.bottom <= theme.H
    rows_bottom = scene.dice_rect.y + scene.rows_top + scene.row_h * scene.max_rows
    assert rows_bottom <= scene.dice_rect.bottom
    frames(app, 3)


def test_with_two_players_the_neutral_bikes_rows_read_whole_under_the_dice(tmp_path, monkeypatch):
    """The rows of the neutral bikes to take ("Neutral yellow", "Neutral grey"…) under the dice tray: each label
    whole, inside its row and clear of its Take button and of the dice (the text audit watching)."""
    from game.ui import text_audit
    from game.velomaster.rider_art import icon_width

    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    text_audit.enable()
    try:
        app = make_app("instant")

        def neutral_phase(view, seat):
            return view.phase == "neutral"

        seed, moves, seat = next(f for f in (played_until(2, s, neutral_phase) for s in range(1, 9)) if f is not None)
        controllers = ["easy", "easy"]
        controllers[seat] = "human"
        scene, match = open_race(app, controllers, seed, actions=moves)
        text_audit.take_problems()
        frames(app, 3)
        assert text_audit.take_problems() == []
        assert scene.choice_rows and all(row.words.startswith("Neutral ") for row, _ in scene.choice_rows)
        dice = [d.rect for d in scene.dice]
        for (row, rect), take in zip(scene.choice_rows, scene.choice_btns, strict=True):
            words = theme.font(15, "bold").size(row.words)[0]
            left = rect.x + 12 + icon_width(34, True)  # after the rider's picture (as draw_choice_row puts it)
            assert left + words < take.rect.x and rect.collidelist(dice) < 0
            assert scene.dice_rect.contains(rect)
    finally:
        text_audit.disable()


def test_with_two_players_a_neutral_bikes_row_keeps_its_words_whole_beside_its_dice(tmp_path, monkeypatch):
    """The team-mates' turn at 2 players: the team-mates' 3 dice, then a die for each neutral bike (a roll of
    their own); a neutral bike's row offered its roll's dice keeps "Neutral yellow" readable (on two lines if need
    be), clear of its dice buttons."""
    from game.ui import text_audit
    from game.velomaster import table_help

    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))

    def many_dice(view, seat):
        return (view.phase == "assign" and view.round_phase == 1 and len(set(view.dice_left)) >= 2
                and view.neutral_rolled and any(view.riders[r].team >= view.players for r in view.movers))

    seed, moves, seat = next(f for f in (played_until(2, s, many_dice) for s in range(1, 30)) if f is not None)
    text_audit.enable()
    try:
        app = make_app("instant")
        controllers = ["easy", "easy"]
        controllers[seat] = "human"
        scene, match = open_race(app, controllers, seed, actions=moves)
        text_audit.take_problems()
        frames(app, 3)
        assert text_audit.take_problems() == []
        assert any(row.words.startswith("Neutral ") for row, _ in scene.choice_rows)
        assert max(len(row.actions) for row, _ in scene.choice_rows) >= 2
        for row, rect in scene.choice_rows:
            x = table_help.row_words_x(rect)
            right = scene.choice_row_right(row)
            lines, size = table_help.row_lines(row.words, right - x)
            assert len(lines) <= 2 and " ".join(lines) == row.words
            assert all(x + theme.font(size, "bold").size(line)[0] <= right for line in lines), row.words
            buttons = [b.rect for b in scene.choice_btns if b.action.rider == row.rider]
            assert all(rect.contains(b) for b in buttons)
            assert all(a.right <= b.left for a, b in zip(buttons, buttons[1:], strict=False))
    finally:
        text_audit.disable()


def _team_mate_entraide(view, seat):
    """A team-mate (not a neutral bike) decides its entraide jump (the two-bike entraide, not an accélération)."""
    if view.phase != "entraide" or view.context == "acceleration" or len(view.entraide) != 4:
        return False
    r = view.riders[view.entraide[view.entraide[2]]] if view.entraide[2] in (0, 1) else None
    return r is not None and r.role != "leader" and not expert_table.is_neutral(view, r)


def test_the_entraide_prompt_names_the_team_mate_by_its_bib_as_the_move_prompt_does(app):
    """The defect: "Ann's team-mate: entraide! …" left out which of the three team-mates jumps, where the move
    prompt says "Ann's grey team-mate: click a highlighted cell …"."""
    from game.velomaster.rules import lines
    from game.velomaster.table_words import bib_name

    seed, moves, seat = next(f for f in (played_until(3, s, _team_mate_entraide) for s in range(1, 30))
                             if f is not None)
    scene, match = open_race(app, ["human"] * 3, seed, actions=moves)
    rider = scene.v.riders[lines.entraide_mover(match.state)[0]]
    owner = NAMES[rider.seat]
    status = scene.status()
    assert status.startswith(f"{owner}'s {bib_name(rider.bib)} team-mate"), status  # (on another's turn: whose turn)
    assert status.endswith(": entraide! Click where it jumps, or Refuse."), status


def _stand_words(app, scene, monkeypatch) -> list[str]:
    """The words drawn in the climbers' panel."""
    drawn: list[str] = []
    real = theme.blit_text

    def record(surf, text, pos, *a, **k):
        if scene.stand_rect.collidepoint(pos) or (k.get("anchor") == "topright" and scene.stand_rect.collidepoint(
                pos[0] - 1, pos[1])):
            drawn.append(text)
        return real(surf, text, pos, *a, **k)

    monkeypatch.setattr(theme, "blit_text", record)
    scene.draw(pygame.Surface((theme.W, theme.H)))
    monkeypatch.setattr(theme, "blit_text", real)
    return drawn


def test_the_climbers_panel_names_a_neutral_bike_as_neutral_not_as_the_team_mate_of_who_moved_it(app, monkeypatch):
    def neutral_climber(view, seat):
        return any(view.riders[r].team >= view.players for r in view.climbers[:2])  # the panel has room for 3

    found = next(filter(None, (played_until(2, seed, neutral_climber) for seed in range(1, 12))), None)
    assert found is not None
    seed, moves, _seat = found
    scene, match = open_race(app, ["human", "easy"], seed=seed, actions=moves)
    view = match.state.view(None)
    words = _stand_words(app, scene, monkeypatch)
    for rid in view.climbers[:3]:
        r = view.riders[rid]
        expected = neutral_bike(r.bib) if r.team >= view.players else \
            f"{NAMES[r.seat]}'s " + ("leader" if r.role == "leader" else f"{r.bib} team-mate")
        points = sum(r.points)
        assert expected in words and (f"{points} pt" if points == 1 else f"{points} pts") in words
    assert not any(w.endswith(" team-mate") and "'s " not in w for w in words), words


def test_an_outsider_s_team_mates_turn_shows_its_team_mates_on_the_map_before_the_roll(app):
    """Eight players: Bob shares a team as its outsider (no leader). "Bob: roll the dice for your team-mates":
    the map shows his team-mates, not the empty start."""
    def outsider_rolls(view, seat):
        mates = [r for r in view.riders if r.seat == seat and r.status not in ("finished", "abandoned")]
        return view.round_phase == 1 and view.phase == "roll" and all(r.role != "leader" for r in mates) and \
            bool(mates) and all(r.cell is not None and r.row >= 30 for r in mates)  # far from the start

    found = next(filter(None, (played_until(8, seed, outsider_rolls) for seed in range(1, 6))), None)
    assert found is not None
    seed, moves, seat = found
    scene, match = open_race(app, ["human"] * 8, seed=seed, actions=moves)
    view = match.state.view(None)
    mate = next(r for r in view.riders if r.seat == seat and r.status not in ("finished", "abandoned"))
    x, y = scene.cv.map_to_screen(scene._point(scene.where_of(mate)))
    assert MAP_RECT.collidepoint(x, y), (x, y)
