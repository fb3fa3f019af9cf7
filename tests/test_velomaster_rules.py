"""VeloMaster, Niveau Débutant: one test (or more) per rule of the rulebook, on small synthetic courses.

Riders: ``seat * 2`` is the seat's leader (yellow bib), ``seat * 2 + 1`` its team-mate (grey bib).
Courses are straight 3-lane roads, cell id ``cid(row, lane) = 1 + 3 * row + lane``.
"""

from __future__ import annotations

import json

import pytest

from game.engine.protocol import Config, IllegalAction
from game.velomaster.course import SUMMIT_POINTS
from game.velomaster.rules import (
    Assign,
    Descend,
    Entraide,
    Launch,
    NoDescend,
    Refuse,
    Roll,
    Step,
    Stop,
    climbers_ranking,
    jerseys,
    points_sheet,
    reachable,
    time_ranking,
)
from game.velomaster.rules import events as E
from game.velomaster.rules.codes import (
    FIN,
    P_ASSIGN,
    P_DESCENT,
    P_ENTRAIDE,
    P_LAUNCH,
    P_LROLL,
    P_MOVE,
    P_ORDER,
    P_ROLL,
    SIDE,
)
from game.velomaster.rules.levels import PLAYABLE_LEVELS

from .velomaster_support import act, cid, make_course, make_spec, of, race, rigged, texts, with_rng

FLAT = make_spec(make_course())


def roll(state, *dice, then=()):
    """Roll the seat's dice, loaded with ``dice`` (d6) and then ``then`` (d20 values for the rolls to come)."""
    draws = [(6, d) for d in dice] + [(20, v) for v in then]
    return act(with_rng(state, rigged(*draws)), Roll())


def step(state, rider, row, lane, then=()):
    s = with_rng(state, rigged(*[(20, v) for v in then])) if then else state
    return act(s, Step(rider, cid(row, lane)))


def move_turn(state, *dice, first=None, then=()):
    """Roll, then give ``first`` = (rider, die) if there is a choice to make."""
    s, ev = roll(state, *dice, then=then)
    if s.phase == P_ASSIGN:
        s, ev2 = act(s, Assign(*first))
        ev = ev + ev2
    return s, ev


# ====================================================================== registry, variants, teams


def test_velomaster_level_and_course_are_options_of_one_variant():
    from game.registry import GAMES

    spec = GAMES["velomaster"]
    assert spec.name == "VeloMaster"
    [race] = spec.variants
    assert (race.id, race.label) == ("race", "Road race")
    assert (race.min_players, race.max_players, race.default_players) == (2, 8, 4)
    options = {o.key: o for o in race.options}
    assert list(options)[:3] == ["level", "course", "finish"]  # then the Pro rules and the stage race (issue 17)
    # the playable levels only, Débutant first and the default (levels.PLAYABLE_LEVELS)
    assert [v for v, _ in options["level"].choices] == list(PLAYABLE_LEVELS)
    assert options["level"].choices[0] == ("debutant", "Débutant") and options["level"].default == "debutant"
    assert [v for v, _ in options["course"].choices] == ["salzburg", "aurillac"]
    assert dict(spec.default_config().options).items() >= {("course", "salzburg"), ("finish", 100), ("level", "debutant")}
    aurillac = spec.validate_config(Config("race", 3, (("course", "aurillac"),)))
    assert FLAT.setup(aurillac).course_name == "aurillac" and FLAT.setup(aurillac).level.id == "debutant"


def test_velomaster_teams_are_a_yellow_leader_and_a_grey_team_mate():
    s = FLAT.new_state(FLAT.default_config("debutant-salzburg", 4), 1)
    view = s.view(0)
    assert [(r.seat, r.role, r.bib) for r in view.riders[:4]] == [
        (0, "leader", "yellow"), (0, "equipier", "grey"), (1, "leader", "yellow"), (1, "equipier", "grey")]


def test_velomaster_from_five_players_a_colour_is_shared_green_leader_violet_team_mate():
    s = FLAT.new_state(FLAT.default_config("debutant-salzburg", 5), 1)
    bibs = [r.bib for r in s.view(0).riders]
    assert bibs[:8] == ["yellow", "grey"] * 4
    assert bibs[8:] == ["green", "violet"]
    assert s.setup.colour_team == (0, 1, 2, 3, 0)
    eight = FLAT.new_state(FLAT.default_config("debutant-salzburg", 8), 1)
    assert eight.setup.colour_team == (0, 1, 2, 3, 0, 1, 2, 3)
    assert [r.bib for r in eight.view(0).riders][8:] == ["green", "violet"] * 4


# ====================================================================== the start


def test_velomaster_start_order_by_d20_highest_first_and_ties_roll_off():
    s = FLAT.new_state(FLAT.default_config("debutant-salzburg", 3), 1)
    assert s.phase == P_ORDER and s.to_act() == (0,)
    for value in (7, 15, 7):
        s, _ = act(with_rng(s, rigged((20, value))), Roll())
    # seats 0 and 2 tied on 7: they roll again, seat 0 first
    assert s.phase == P_ORDER and s.pending_rolls == (0, 2) and s.to_act() == (0,)
    s, ev = act(with_rng(s, rigged((20, 3))), Roll())
    assert of(ev, E.OrderRoll)[0].rolloff == 1
    s, ev = act(with_rng(s, rigged((20, 12))), Roll())
    assert s.order == (1, 2, 0)
    assert of(ev, E.TurnOrder)[0].order == (1, 2, 0)
    assert s.phase == P_LROLL and s.to_act() == (1,)


def _started(players=2, first=(20, 19)):
    s = FLAT.new_state(FLAT.default_config("debutant-salzburg", players), 1)
    s = with_rng(s, rigged(*[(20, v) for v in first]))
    for _ in range(players):
        s, _ = act(s, Roll())
    return s


def test_velomaster_launch_roll_two_dice_use_one_for_a_rider_of_your_choice():
    s = _started()
    assert s.order == (0, 1) and s.phase == P_LROLL
    s, ev = roll(s, 2, 5)
    assert of(ev, E.DiceRolled)[0].dice == (2, 5)
    assert s.phase == P_LAUNCH
    assert set(s.legal_actions(0)) == {Launch(0, 2), Launch(0, 5), Launch(1, 2), Launch(1, 5)}
    s, _ = act(s, Launch(1, 5))
    assert s.phase == P_MOVE and s.moving_rider == 1 and s.move_die == 5
    # the first step enters any free cell of row 0
    assert {a.cell for a in s.legal_actions(0) if isinstance(a, Step)} == {cid(0, 0), cid(0, 1), cid(0, 2)}


def test_velomaster_all_first_riders_are_launched_then_the_second_riders():
    s = _started()
    s, _ = roll(s, 3, 3)
    s, _ = act(s, Launch(0, 3))
    s, _ = act(s, Stop(0))
    assert s.to_act() == (1,) and s.wave == 1
    s, _ = roll(s, 1, 4)
    s, _ = act(s, Launch(3, 1))
    s, _ = act(s, Step(3, cid(0, 2)))  # die of 1 used up: the move ends by itself
    assert s.to_act() == (0,) and s.wave == 2
    s, _ = roll(s, 2, 6)
    assert set(s.legal_actions(0)) == {Launch(1, 2), Launch(1, 6)}  # the rider left on the grid


def test_velomaster_no_entraide_during_the_start_but_from_the_first_race_turn():
    s = _started()
    s, _ = roll(s, 2, 2)
    s, _ = act(s, Launch(0, 2))
    s, _ = act(s, Step(0, cid(0, 1)))
    s, _ = act(s, Step(0, cid(1, 1)))  # seat 0's leader on (1, 1)
    s, _ = roll(s, 1, 1)
    s, _ = act(s, Launch(2, 1))
    s, _ = act(s, Step(2, cid(0, 1)))  # seat 1's leader right behind it: two bikes in line
    s, _ = roll(s, 1, 1)
    assert s.phase == P_MOVE  # launching seat 0's team-mate, no entraide offered
    s, _ = act(s, Stop(1))
    s, _ = roll(s, 1, 1)
    s, ev = act(s, Stop(3))
    # the race starts: seat 0 (best-placed leader) plays first, the entraide comes before its dice
    assert of(ev, E.EntraideOffered) and s.phase == P_ENTRAIDE and s.seat == 0
    assert of(ev, E.TurnOrder)[-1].kind == "round"


def test_velomaster_blocked_at_the_start_a_rider_stays_on_the_grid():
    narrow = make_spec(make_course(lanes=1, finish=30))
    s = narrow.new_state(narrow.default_config("debutant-salzburg", 2), 1)
    s = with_rng(s, rigged((20, 19), (20, 2)))
    s, _ = act(s, Roll())
    s, _ = act(s, Roll())
    s, _ = roll(s, 1, 1)  # equal dice: one choice of die, but two riders to choose from
    s, _ = act(s, Launch(0, 1))
    s, _ = act(s, Step(0, 1))
    assert s.pos[0] == 1  # the only cell of row 0 (cell id 1 on a one-lane road)
    s, _ = roll(s, 3, 3)
    s, ev = act(s, Launch(2, 3))
    ended = of(ev, E.MoveEnded)[-1]
    assert ended.reason == "blocked" and ended.used == 0 and s.pos[2] == 0
    assert s.view(0).riders[2].status == "start" and s.view(0).riders[2].cell is None


# ====================================================================== order of play


def test_velomaster_best_placed_leader_plays_first_same_row_first_arrived():
    s, ev = race(FLAT, 3, {0: cid(10, 0), 2: cid(12, 1), 4: cid(12, 0)}, seat=0)
    from game.velomaster.rules.play import next_seat, round_order

    assert round_order(s) == (1, 2, 0)  # rows 12 (arrived first), 12, 10
    s2, _ = race(FLAT, 3, {0: cid(10, 0), 4: cid(12, 0), 2: cid(12, 1)}, seat=0)
    assert round_order(s2) == (2, 1, 0)  # the same row, arrived in the other order
    assert next_seat(s2) == 2


def test_velomaster_turn_order_changes_during_a_turn_recomputed_after_each_player():
    # seat 0 plays; its team-mate (7, 1) is right behind seat 2's leader (8, 1): an entraide moves
    # seat 2's leader to row 10, past seat 1's leader (row 9), so seat 2 now plays before seat 1.
    cells = {0: cid(20, 0), 1: cid(7, 1), 2: cid(9, 0), 4: cid(8, 1)}
    s, ev = race(FLAT, 3, cells, seat=0)
    assert s.phase == P_ENTRAIDE and s.pairs == () and s.entraide[:2] == (1, 4)
    s, _ = act(s, Entraide(1, cid(9, 1)))
    assert s.to_act() == (2,)  # seat 2 decides for its own bike, out of turn
    s, _ = act(s, Entraide(4, cid(10, 1)), seat=2)
    assert s.phase == P_ROLL and s.to_act() == (0,)
    s, _ = roll(s, 1, 1)
    s, _ = act(s, Assign(0, 1))
    s, _ = act(s, Stop(0))
    s, ev = act(s, Stop(1))
    assert s.seat == 2 and of(ev, E.TurnStarted)[-1].seat == 2


def test_velomaster_a_seat_with_everybody_down_is_skipped():
    s, _ = race(FLAT, 2, {0: cid(10, 0), 1: cid(9, 2), 2: cid(5, 0), 3: cid(5, 2)}, seat=0)
    w = s._work()
    w.status = (SIDE, SIDE, 0, 0)
    w.miss = (1, 1, 0, 0)
    w._occupied_cache = None
    from game.velomaster.rules import play

    ev = []
    play._begin_turn(w, 0, ev)
    assert [type(e) for e in ev] == [E.TurnStarted, E.MissedTurn, E.MissedTurn, E.TurnStarted]
    assert w.seat == 1 and w.phase == P_ROLL


# ====================================================================== dice and moves


def test_velomaster_two_dice_one_for_each_rider_the_player_chooses_which_and_the_order():
    s, _ = race(FLAT, 2, {0: cid(5, 1), 1: cid(3, 1), 2: cid(20, 0), 3: cid(20, 2)}, seat=0)
    s, _ = roll(s, 2, 5)
    assert s.phase == P_ASSIGN
    assert set(s.legal_actions(0)) == {Assign(0, 2), Assign(0, 5), Assign(1, 2), Assign(1, 5)}
    s, ev = act(s, Assign(1, 5))  # the team-mate first, with the 5
    assert s.moving_rider == 1 and s.move_die == 5
    s, ev = act(s, Stop(1))
    assert s.moving_rider == 0 and s.move_die == 2  # the leader takes the other die, no question asked
    assert of(ev, E.DieAssigned)[-1].die == 2


def test_velomaster_moves_forward_or_diagonal_never_backwards_never_onto_a_bike():
    # three bikes in line on lane 1 (no entraide): the leader on (5, 1), bikes on (6, 1) and (7, 1)
    s, _ = race(FLAT, 2, {0: cid(5, 1), 3: cid(6, 1), 2: cid(7, 1), 1: cid(1, 0)}, seat=0)
    s, _ = move_turn(s, 3, 3, first=(0, 3))
    targets = {a.cell for a in s.legal_actions(0) if isinstance(a, Step)}
    assert targets == {cid(6, 0), cid(6, 2)}  # (6, 1) holds a bike; nothing behind or beside
    with pytest.raises(IllegalAction, match="one step"):
        act(s, Step(0, cid(4, 1)))
    with pytest.raises(IllegalAction):
        act(s, Step(0, cid(6, 1)))
    s, _ = act(s, Step(0, cid(6, 0)))
    assert {a.cell for a in s.legal_actions(0) if isinstance(a, Step)} == {cid(7, 0)}  # (7, 1) is taken
    s, _ = act(s, Step(0, cid(7, 0)))
    assert s.pos[0] == cid(7, 0)  # past the bikes, never through them


def test_velomaster_side_step_only_where_there_is_no_diagonal_cell_on_that_side():
    # Fig. 1: on each side, the most forward touching cell. The road narrows: (6, 0) does not exist.
    spec = make_spec(make_course(missing={(6, 0), (7, 0)}))
    s, _ = race(spec, 2, {0: cid(5, 1), 1: cid(1, 0), 2: cid(20, 0), 3: cid(20, 2)}, seat=0)
    s, _ = move_turn(s, 3, 3, first=(0, 3))
    moves = {a.cell for a in s.legal_actions(0) if isinstance(a, Step)}
    assert moves == {cid(6, 1), cid(6, 2), cid(5, 0)}  # left: no diagonal, so the side cell
    assert cid(5, 2) not in moves  # right: the diagonal cell (6, 2) is more forward


def test_velomaster_a_bike_on_the_diagonal_cell_closes_that_side_no_side_step():
    s, _ = race(FLAT, 2, {0: cid(5, 1), 3: cid(6, 2), 1: cid(1, 0), 2: cid(20, 0)}, seat=0)
    s, _ = move_turn(s, 3, 3, first=(0, 3))
    moves = {a.cell for a in s.legal_actions(0) if isinstance(a, Step)}
    assert moves == {cid(6, 1), cid(6, 0)}  # not (5, 2): "la case la plus en avant" is (6, 2)


def test_velomaster_a_die_may_be_used_in_part_or_not_at_all():
    s, _ = race(FLAT, 2, {0: cid(5, 1), 1: cid(5, 2), 2: cid(20, 0), 3: cid(20, 2)}, seat=0)
    s, _ = move_turn(s, 4, 6, first=(0, 6))
    s, _ = act(s, Step(0, cid(6, 1)))
    s, ev = act(s, Stop(0))
    ended = of(ev, E.MoveEnded)[0]
    assert (ended.used, ended.die, ended.reason) == (1, 6, "stop") and s.pos[0] == cid(6, 1)
    assert s.moving_rider == 1 and s.move_die == 4
    s, ev = act(s, Stop(1))
    assert of(ev, E.MoveEnded)[0].used == 0 and s.pos[1] == cid(5, 2)
    assert "does not move" in texts(of(ev, E.MoveEnded))[0]


def test_velomaster_the_whole_die_ends_the_move_by_itself():
    s, _ = race(FLAT, 2, {0: cid(5, 1), 1: cid(1, 0), 2: cid(20, 0), 3: cid(20, 2)}, seat=0)
    s, _ = move_turn(s, 2, 5, first=(0, 2))
    s, _ = act(s, Step(0, cid(6, 1)))
    s, ev = act(s, Step(0, cid(7, 1)))
    assert of(ev, E.MoveEnded)[0].reason == "used" and s.moving_rider == 1


def test_velomaster_a_move_never_visits_a_cell_twice():
    spec = make_spec(make_course(missing={(6, 0), (6, 1)}))
    s, _ = race(spec, 2, {0: cid(5, 0), 1: cid(1, 0), 2: cid(20, 0), 3: cid(20, 2)}, seat=0)
    s, _ = move_turn(s, 3, 3, first=(0, 3))
    s, _ = act(s, Step(0, cid(5, 1)))  # sideways: no cell ahead of (5, 0) nor diagonally right
    # from (5, 1) the side step back to (5, 0) would be legal, but the move has been there already
    assert {a.cell for a in s.legal_actions(0) if isinstance(a, Step)} == {cid(6, 2)}


def test_velomaster_blocked_riders_lose_their_move():
    cells = {0: cid(5, 1), 2: cid(6, 0), 3: cid(6, 1), 1: cid(6, 2), 4: cid(7, 1)}  # 3 in line: no entraide
    s, _ = race(FLAT, 3, cells, seat=0)
    s, ev = move_turn(s, 3, 4, first=(0, 4))
    blocked = [e for e in ev if isinstance(e, E.MoveEnded) and e.rider == 0]
    assert blocked[0].reason == "blocked" and blocked[0].used == 0 and s.pos[0] == cid(5, 1)
    assert "blocked" in texts(blocked)[0]
    assert s.moving_rider == 1  # the team-mate still moves with the 3


# ====================================================================== danger cells and crashes


def test_velomaster_danger_cell_skill_roll_crash_on_1_or_2():
    spec = make_spec(make_course(danger={(6, 1)}))
    base, _ = race(spec, 2, {0: cid(5, 1), 1: cid(1, 0), 2: cid(20, 0), 3: cid(20, 2)}, seat=0)
    for value, crashed in ((1, True), (2, True), (3, False), (20, False)):
        s, _ = move_turn(base, 1, 6, first=(0, 1), then=(value,))
        s, ev = act(s, Step(0, cid(6, 1)))
        skill = of(ev, E.SkillRoll)[0]
        assert skill.roll == value and skill.success is not crashed
        assert bool(of(ev, E.Crash)) is crashed
        assert (s.status[0] == SIDE) is crashed


def test_velomaster_danger_cell_passed_through_also_calls_a_skill_roll():
    spec = make_spec(make_course(danger={(6, 1)}))
    s, _ = race(spec, 2, {0: cid(5, 1), 1: cid(1, 0), 2: cid(20, 0), 3: cid(20, 2)}, seat=0)
    s, _ = move_turn(s, 3, 6, first=(0, 3), then=(15,))
    s, ev = act(s, Step(0, cid(6, 1)))
    assert of(ev, E.SkillRoll)[0].success
    s, ev = act(s, Step(0, cid(7, 1)))
    assert not of(ev, E.SkillRoll)  # only danger cells call for a roll


def test_velomaster_crashed_rider_lies_at_the_roadside_and_misses_one_turn():
    spec = make_spec(make_course(danger={(6, 1)}))
    s, _ = race(spec, 2, {0: cid(5, 1), 1: cid(1, 0), 2: cid(2, 2), 3: cid(4, 0)}, seat=0)
    s, _ = move_turn(s, 1, 6, first=(0, 1), then=(2,))
    s, ev = act(s, Step(0, cid(6, 1)))
    assert of(ev, E.Crash)[0].turns == 1 and "misses its next turn" in texts(of(ev, E.Crash))[0]
    assert s.view(0).riders[0].status == "down" and s.pos[0] == cid(6, 1)
    s, _ = act(s, Stop(1))
    # Seat 1's turn: the fallen rider is off the road, its cell is free to ride through.
    assert s.seat == 1
    s, _ = move_turn(s, 2, 2, first=(3, 2))
    s, _ = act(s, Step(3, cid(5, 1)))
    assert Step(3, cid(6, 1)) in s.legal_actions(1)
    s = with_rng(s, rigged((20, 10)))
    s, _ = act(s, Step(3, cid(6, 1)))  # seat 1's team-mate now stands on the crash cell
    s, ev = act(s, Stop(2))
    # Seat 0's next turn: the leader misses it; only the team-mate takes a die.
    assert s.seat == 0 and [(type(e), e.rider) for e in of(ev, E.MissedTurn)] == [(E.MissedTurn, 0)]
    s, _ = roll(s, 3, 4)
    assert set(s.legal_actions(0)) == {Assign(1, 3), Assign(1, 4)}
    s, _ = act(s, Assign(1, 3))
    s, _ = act(s, Stop(1))
    s, _ = move_turn(s, 1, 1, first=(2, 1))
    s, _ = act(s, Stop(2))
    s, ev = act(s, Stop(3))
    # Back in the saddle, but at the roadside: its cell is taken. It restarts from there.
    assert s.seat == 0 and not of(ev, E.MissedTurn) and not of(ev, E.Remounted)
    assert s.view(0).riders[0].status == "roadside"
    s, _ = move_turn(s, 2, 2, first=(0, 2))
    assert {a.cell for a in s.legal_actions(0) if isinstance(a, Step)} == {cid(7, 0), cid(7, 1), cid(7, 2)}
    s, _ = act(s, Step(0, cid(7, 1)))
    assert s.view(0).riders[0].status == "road"


def test_velomaster_crashed_rider_remounts_on_its_cell_when_free():
    spec = make_spec(make_course(danger={(6, 1)}))
    s, _ = race(spec, 2, {0: cid(5, 1), 1: cid(1, 0), 2: cid(20, 0), 3: cid(20, 2)}, seat=0)
    s, _ = move_turn(s, 1, 6, first=(0, 1), then=(1,))
    s, _ = act(s, Step(0, cid(6, 1)))
    assert s.miss[0] == 2  # this turn and the next one of its team
    events = []
    for _ in range(40):
        if s.seat == 0 and s.turns >= 5:
            break
        seat = s.to_act()[0]
        legal = s.legal_actions(seat)
        s, ev = act(s, legal[-1])
        events.extend(ev)
    missed = [e for e in events if isinstance(e, E.MissedTurn)]
    assert len(missed) == 1 and missed[0].rider == 0
    back = [e for e in events if isinstance(e, E.Remounted)]
    assert back and back[0].on_road and s.status[0] == 0 and s.miss[0] == 0


def test_velomaster_crash_during_an_opponents_turn_misses_the_next_own_turn_only():
    spec = make_spec(make_course(danger={(11, 1)}))
    # seat 0's leader (9, 1) is right behind seat 1's leader (10, 1); seat 1's bike jumps onto danger
    s, _ = race(spec, 2, {2: cid(10, 1), 0: cid(9, 1), 1: cid(1, 0), 3: cid(1, 2)}, seat=0)
    s, _ = act(s, Refuse(0))
    s = with_rng(s, rigged((20, 1)))
    s, ev = act(s, Entraide(2, cid(12, 1)), seat=1)
    assert of(ev, E.Crash) and s.miss[2] == 1  # seat 1's next turn only


# ====================================================================== descents


def test_velomaster_stopping_on_a_descent_cell_gives_one_extra_cell_if_wanted():
    spec = make_spec(make_course(descent={(7, 1), (8, 1)}))
    base, _ = race(spec, 2, {0: cid(5, 1), 1: cid(1, 0), 2: cid(20, 0), 3: cid(20, 2)}, seat=0)
    s, _ = move_turn(base, 2, 6, first=(0, 2))
    s, _ = act(s, Step(0, cid(6, 1)))
    s, _ = act(s, Step(0, cid(7, 1)))
    assert s.phase == P_DESCENT and s.descents == (0,)
    assert set(s.legal_actions(0)) == {Descend(0, cid(8, 0)), Descend(0, cid(8, 1)), Descend(0, cid(8, 2)),
                                       NoDescend(0)}
    s2, ev = act(s, Descend(0, cid(8, 1)))
    assert s2.pos[0] == cid(8, 1) and of(ev, E.RiderStepped)[0].kind == "descent"
    assert s2.moving_rider == 1  # only one extra cell, even on another descent cell
    s3, _ = act(s, NoDescend(0))
    assert s3.pos[0] == cid(7, 1)


def test_velomaster_no_extra_descent_cell_without_moving():
    spec = make_spec(make_course(descent={(5, 1)}))
    s, _ = race(spec, 2, {0: cid(5, 1), 1: cid(1, 0), 2: cid(20, 0), 3: cid(20, 2)}, seat=0)
    s, _ = move_turn(s, 2, 6, first=(0, 2))
    s, _ = act(s, Stop(0))
    assert s.phase == P_MOVE and s.moving_rider == 1


# ====================================================================== climbs


CLIMB = make_spec(make_course(climb={(r, ln): 7 for r in range(9, 12) for ln in range(3)},
                              danger={(11, 0)}, summits=((12, "3"),)))


def _climber(seat=0):
    s, _ = race(CLIMB, 2, {0: cid(10, 1), 1: cid(1, 0), 2: cid(25, 0), 3: cid(25, 2)}, seat=seat)
    return s


def test_velomaster_climb_diagonal_needs_power_roll_above_slope():
    s, _ = move_turn(_climber(), 3, 3, first=(0, 3), then=(8,))
    s, ev = act(s, Step(0, cid(11, 2)))
    power = of(ev, E.PowerRoll)[0]
    assert (power.roll, power.slope, power.success) == (8, 7, True) and s.pos[0] == cid(11, 2)
    assert texts([power])[0] == "Power roll 8 > 7 %: Ann's leader climbs diagonally."


def test_velomaster_climb_power_roll_failure_leaves_the_rider_where_it_was_and_ends_its_move():
    s, _ = move_turn(_climber(), 3, 3, first=(0, 3), then=(7,))  # 7 is not above 7 %
    s, ev = act(s, Step(0, cid(11, 2)))
    assert not of(ev, E.PowerRoll)[0].success
    assert s.pos[0] == cid(10, 1) and of(ev, E.MoveEnded)[0].reason == "power"
    assert s.moving_rider == 1  # the move is over: the team-mate moves now


def test_velomaster_climb_forward_needs_no_power_roll():
    s, _ = move_turn(_climber(), 3, 3, first=(0, 3))
    rng = s.rng
    s, ev = act(s, Step(0, cid(11, 1)))
    assert not of(ev, E.PowerRoll) and s.rng == rng


def test_velomaster_the_cell_moved_from_sets_the_relief():
    # From the flat (8, 1) diagonally onto the climb: no roll. From the climb's last row (11, x)
    # diagonally onto the flat beyond the summit: a power roll.
    s, _ = race(CLIMB, 2, {0: cid(8, 1), 1: cid(11, 1), 2: cid(25, 0), 3: cid(25, 2)}, seat=0)
    s, _ = move_turn(s, 1, 1, first=(0, 1))
    s, ev = act(s, Step(0, cid(9, 2)))
    assert not of(ev, E.PowerRoll)
    s = with_rng(s, rigged((20, 12)))
    s, ev = act(s, Step(1, cid(12, 2)))
    assert of(ev, E.PowerRoll)[0].slope == 7


def test_velomaster_rolls_add_up_in_the_order_they_occur_power_then_skill():
    s, _ = move_turn(_climber(), 3, 3, first=(0, 3), then=(15, 9))
    s, ev = act(s, Step(0, cid(11, 0)))  # diagonal off a climb cell onto a danger cell
    kinds = [type(e) for e in ev if isinstance(e, (E.PowerRoll, E.SkillRoll, E.RiderStepped))]
    assert kinds == [E.PowerRoll, E.RiderStepped, E.SkillRoll]
    assert s.pos[0] == cid(11, 0) and s.status[0] == 0


# ====================================================================== entraides


def _pair(front_cell=None, rear_cell=None, spec=FLAT, extra=None, seat=0):
    """Seat 0's leader (9, 1) right behind seat 1's leader (10, 1), the team-mates far behind."""
    cells = {2: front_cell or cid(10, 1), 0: rear_cell or cid(9, 1), 1: cid(1, 0), 3: cid(1, 2)}
    cells.update(extra or {})
    return race(spec, 2, cells, seat=seat)


def test_velomaster_entraide_two_bikes_in_line_rear_jumps_first_then_the_front_one():
    s, ev = _pair()
    offer = of(ev, E.EntraideOffered)[0]
    assert (offer.rear, offer.front) == (0, 2) and s.phase == P_ENTRAIDE and s.to_act() == (0,)
    # the rear bike plays "comme s'il était à la place" of the front one: steps from (10, 1)
    assert set(s.legal_actions(0)) == {Entraide(0, cid(11, 0)), Entraide(0, cid(11, 1)), Entraide(0, cid(11, 2)),
                                       Refuse(0)}
    s, ev = act(s, Entraide(0, cid(11, 1)))
    assert s.pos[0] == cid(11, 1) and of(ev, E.RiderStepped)[0].kind == "entraide"
    assert of(ev, E.RiderStepped)[0].over == cid(10, 1)
    # then the other bike jumps, as if it stood on the rear bike's new cell
    assert s.to_act() == (1,)
    assert {a.cell for a in s.legal_actions(1) if isinstance(a, Entraide)} == {cid(12, 0), cid(12, 1), cid(12, 2)}
    s, _ = act(s, Entraide(2, cid(12, 1)), seat=1)
    assert (s.pos[0], s.pos[2]) == (cid(11, 1), cid(12, 1))  # same order, two cells further
    assert s.phase == P_ROLL and s.to_act() == (0,)  # the entraide is a bonus: now the dice


def test_velomaster_entraide_an_opponents_bike_decides_out_of_turn():
    s, _ = _pair()
    s, _ = act(s, Entraide(0, cid(11, 2)))
    assert s.seat == 0 and s.to_act() == (1,)
    with pytest.raises(IllegalAction, match="not your turn"):
        act(s, Refuse(2), seat=0)
    assert s.view(1).to_act == (1,) and s.view(1).turn_seat == 0


def test_velomaster_entraide_each_bike_may_refuse():
    s, _ = _pair()
    s, ev = act(s, Refuse(0))
    assert of(ev, E.EntraideRefused)[0].rider == 0 and s.pos[0] == cid(9, 1)
    # the front bike still may: it jumps as if the rear bike had come up in line, on (11, 1)
    assert {a.cell for a in s.legal_actions(1) if isinstance(a, Entraide)} == {cid(12, 0), cid(12, 1), cid(12, 2)}
    s, _ = act(s, Refuse(2), seat=1)
    assert s.pos[2] == cid(10, 1) and s.phase == P_ROLL


def test_velomaster_no_entraide_when_three_or_more_bikes_are_in_line():
    s, ev = _pair(extra={1: cid(8, 1)})
    assert not of(ev, E.EntraideOffered) and s.phase == P_ROLL
    s, ev = _pair(extra={3: cid(11, 1)})
    assert not of(ev, E.EntraideOffered)


def test_velomaster_entraide_needs_the_same_lane_one_row_apart():
    s, ev = _pair(rear_cell=cid(9, 0))  # diagonal, not one behind the other
    assert not of(ev, E.EntraideOffered)
    s, ev = _pair(rear_cell=cid(8, 1))  # a gap between them
    assert not of(ev, E.EntraideOffered)


def test_velomaster_entraide_offered_only_for_pairs_with_a_bike_of_the_player():
    cells = {2: cid(10, 1), 3: cid(9, 1), 0: cid(1, 0), 1: cid(1, 2)}
    s, ev = race(FLAT, 2, cells, seat=0)
    assert not of(ev, E.EntraideOffered)
    s, ev = race(FLAT, 2, cells, seat=1)
    assert of(ev, E.EntraideOffered)  # seat 1's two riders help each other on its own turn


def test_velomaster_one_or_two_entraides_front_most_pair_first():
    cells = {2: cid(10, 1), 0: cid(9, 1), 3: cid(6, 0), 1: cid(5, 0)}
    s, ev = race(FLAT, 2, cells, seat=0)
    assert s.entraide[:2] == (0, 2) and s.pairs == ((1, 3),)
    s, _ = act(s, Refuse(0))
    s, _ = act(s, Refuse(2), seat=1)
    assert s.entraide[:2] == (1, 3)


def test_velomaster_no_stacking_a_bike_plays_one_entraide_a_round():
    s, _ = _pair()
    s, _ = act(s, Entraide(0, cid(11, 1)))
    s, _ = act(s, Entraide(2, cid(12, 1)), seat=1)
    s, _ = roll(s, 1, 1)
    s, _ = act(s, Assign(1, 1))
    s, _ = act(s, Stop(1))
    s, ev = act(s, Stop(0))
    # Seat 1's turn, same round: the two bikes are still in line but have already helped each other.
    assert s.seat == 1 and not of(ev, E.EntraideOffered) and s.phase == P_ROLL
    assert s.view(1).riders[0].helped and s.view(1).riders[2].helped


def test_velomaster_entraide_only_from_the_start_of_a_turn_not_during_a_move():
    s, _ = race(FLAT, 2, {0: cid(8, 1), 2: cid(10, 1), 1: cid(1, 0), 3: cid(1, 2)}, seat=0)
    assert s.phase == P_ROLL
    s, _ = move_turn(s, 1, 1, first=(0, 1))
    s, ev = act(s, Step(0, cid(9, 1)))  # now right behind seat 1's leader
    assert s.phase == P_MOVE and s.moving_rider == 1 and not of(ev, E.EntraideOffered)


def test_velomaster_entraide_on_a_climb_no_power_roll_unless_diagonal_or_side():
    spec = make_spec(make_course(climb={(r, ln): 6 for r in range(8, 14) for ln in range(3)}, summits=((14, "4"),)))
    s, _ = _pair(spec=spec)
    rng = s.rng
    s2, ev = act(s, Entraide(0, cid(11, 1)))
    assert not of(ev, E.PowerRoll) and s2.rng == rng
    s3, ev = act(with_rng(s, rigged((20, 6))), Entraide(0, cid(11, 2)))
    assert of(ev, E.PowerRoll)[0].slope == 6 and not of(ev, E.PowerRoll)[0].success
    assert s3.pos[0] == cid(9, 1)  # failed: stays behind


def test_velomaster_entraide_danger_cells_crossed_or_reached_call_skill_rolls():
    spec = make_spec(make_course(danger={(10, 1), (11, 2)}))
    s, _ = _pair(spec=spec)
    s, ev = act(with_rng(s, rigged((20, 12), (20, 14))), Entraide(0, cid(11, 2)))
    rolls = of(ev, E.SkillRoll)
    assert [r.cell for r in rolls] == [cid(10, 1), cid(11, 2)] and all(r.success for r in rolls)


def test_velomaster_entraide_then_the_extra_descent_cell():
    spec = make_spec(make_course(descent={(11, ln) for ln in range(3)} | {(12, ln) for ln in range(3)}))
    s, _ = _pair(spec=spec)
    s, _ = act(s, Entraide(0, cid(11, 1)))
    s, _ = act(s, Entraide(2, cid(12, 1)), seat=1)
    # both bikes stopped on descent cells: the front one first, then the rear one
    assert s.phase == P_DESCENT and s.descents == (2, 0) and s.to_act() == (1,)
    s, _ = act(s, Descend(2, cid(13, 1)), seat=1)
    assert s.descents == (0,) and s.to_act() == (0,)
    s, _ = act(s, NoDescend(0))
    assert s.phase == P_ROLL


# ====================================================================== summits and the finish


def test_velomaster_climber_points_scale_matches_the_rulebook():
    assert SUMMIT_POINTS == {"HC": (40, 35, 30, 26, 22, 18), "1": (30, 26, 22, 18, 14, 12),
                             "2": (20, 15, 12, 10, 8, 6), "3": (10, 7, 5, 3, 1), "4": (5, 3, 1)}


def test_velomaster_first_riders_over_a_summit_score_climber_points():
    s, _ = race(CLIMB, 2, {0: cid(11, 1), 2: cid(11, 2), 1: cid(11, 0), 3: cid(1, 0)}, seat=0)
    s, _ = move_turn(s, 1, 1, first=(0, 1))
    s, ev = act(s, Step(0, cid(12, 1)))
    pts = of(ev, E.SummitPoints)[0]
    assert (pts.place, pts.points, pts.category) == (1, 10, "3")
    assert texts([pts])[0] == "Col 1 (3rd cat.): Ann's leader 1st, 10 pts."
    s, ev = act(s, Step(1, cid(12, 0)))
    assert of(ev, E.SummitPoints)[0].points == 7
    assert s.view(0).riders[0].points == (10,) and s.view(0).riders[1].points == (7,)
    assert climbers_ranking(s) == (0, 1)


def test_velomaster_no_points_beyond_the_scale():
    s, _ = race(CLIMB, 2, {0: cid(11, 1), 1: cid(1, 0), 2: cid(25, 0), 3: cid(25, 2)}, seat=0)
    w = s._work()
    w.summit_crossings = (5,)  # five riders already over a 3rd-category summit
    s, _ = move_turn(w, 1, 1, first=(0, 1))
    s, ev = act(s, Step(0, cid(12, 1)))
    assert not of(ev, E.SummitPoints) and s.summit_crossings == (6,)


FINISH = make_spec(make_course(rows=30, finish=24, length_km=20.0))


def test_velomaster_finish_first_rider_gets_the_race_time_then_one_minute_per_player_turn():
    s, _ = race(FINISH, 2, {0: cid(23, 1), 1: cid(10, 1), 2: cid(22, 0), 3: cid(10, 2)}, seat=0)
    assert s.setup.nominal_s == 30 * 60  # 20 km at 40 km/h
    s, _ = move_turn(s, 2, 2, first=(0, 2))
    s, ev = act(s, Step(0, cid(24, 1)))
    fin = of(ev, E.RiderFinished)[0]
    assert (fin.place, fin.time, fin.gap) == (1, 1800, 0) and s.status[0] == FIN
    assert texts([fin])[0] == "Ann's leader wins the race in 30'00!"
    assert s.moving_rider == 1  # the crossing ends the leader's move; it leaves the road
    s, _ = act(s, Stop(1))
    # seat 1, the next player turn: +1 minute
    s, ev = move_turn(s, 3, 3, first=(2, 3))
    s, ev = act(s, Step(2, cid(23, 0)))
    s, ev = act(s, Step(2, cid(24, 0)))
    fin = of(ev, E.RiderFinished)[0]
    assert (fin.place, fin.time, fin.gap) == (2, 1860, 60)
    assert "(+1'00)" in texts([fin])[0]  # a gap written as the tour standings write it


def test_velomaster_race_ends_when_all_leaders_have_crossed_at_the_end_of_that_turn():
    s, _ = race(FINISH, 2, {0: cid(23, 1), 1: cid(10, 1), 2: cid(23, 0), 3: cid(10, 2)}, seat=0)
    s, _ = move_turn(s, 1, 1, first=(0, 1))
    s, _ = act(s, Step(0, cid(24, 1)))
    s, _ = act(s, Stop(1))
    s, _ = move_turn(s, 1, 1, first=(2, 1))
    s, _ = act(s, Step(2, cid(24, 0)))
    assert not s.is_over() and s.moving_rider == 3  # the turn goes on
    s, ev = act(s, Stop(3))
    assert s.is_over() and s.reason == "leaders"
    over = of(ev, E.RaceOver)[0]
    assert (over.seat, over.champion, over.jersey) == (0, 0, "World")


def test_velomaster_race_ends_when_one_complete_team_has_crossed():
    s, _ = race(FINISH, 3, {0: cid(23, 1), 1: cid(23, 2), 2: cid(5, 0), 3: cid(5, 2), 4: cid(4, 0), 5: cid(4, 2)},
                seat=0)
    s, _ = move_turn(s, 1, 1, first=(0, 1))
    s, _ = act(s, Step(0, cid(24, 1)))
    s, ev = act(s, Step(1, cid(24, 2)))
    assert s.is_over() and s.reason == "team"
    assert time_ranking(s)[:2] == (0, 1)


def test_velomaster_riders_still_on_the_road_are_ranked_by_their_places():
    s, _ = race(FINISH, 2, {0: cid(23, 1), 1: cid(23, 2), 2: cid(15, 0), 3: cid(18, 2)}, seat=0)
    s, _ = move_turn(s, 1, 1, first=(0, 1))
    s, _ = act(s, Step(0, cid(24, 1)))
    s, _ = act(s, Step(1, cid(24, 2)))
    assert time_ranking(s) == (0, 1, 3, 2)
    sheet = {line.rider: line for line in points_sheet(s)}
    assert sheet[3].time == -1 and sheet[3].place == 3 and sheet[3].status == "road"


def test_velomaster_champion_jersey_france_on_aurillac_world_on_salzburg():
    for variant, jersey in (("debutant-aurillac", "France"), ("debutant-salzburg", "World")):
        s, _ = race(FINISH, 2, {0: cid(23, 1), 1: cid(23, 2), 2: cid(5, 0), 3: cid(5, 2)}, seat=0, variant=variant)
        s, _ = move_turn(s, 1, 1, first=(0, 1))
        s, _ = act(s, Step(0, cid(24, 1)))
        s, ev = act(s, Step(1, cid(24, 2)))
        assert of(ev, E.RaceOver)[0].jersey == jersey
        assert s.result().details[0].startswith(f"{jersey} champion: {{0}}'s leader")


def _finished(pts, fin=(0, 1, 2, 3)):
    s, _ = race(FINISH, 2, {0: cid(5, 1), 1: cid(5, 2), 2: cid(5, 0), 3: cid(4, 2)}, seat=0)
    w = s._work()
    w.status = tuple(FIN if r in fin else 0 for r in range(4))
    w.finish_order = tuple(fin)
    w.finish_time = tuple(1800 + 60 * fin.index(r) if r in fin else -1 for r in range(4))
    w.points = tuple((p,) for p in pts)
    w._occupied_cache = None
    return w


def test_velomaster_one_jersey_per_rider_the_second_climber_wears_the_red_one():
    s = _finished(pts=(30, 5, 26, 0))
    assert jerseys(s) == (0, 2)  # rider 0 keeps the champion's jersey; red to the second climber


def test_velomaster_climber_ties_broken_by_the_time_ranking():
    s = _finished(pts=(0, 12, 12, 0), fin=(0, 2, 1, 3))
    assert climbers_ranking(s) == (2, 1)  # equal points: rider 2 crossed the line before rider 1
    assert jerseys(s) == (0, 2)


def test_velomaster_points_sheet_in_the_view_and_the_result():
    s = _finished(pts=(30, 5, 26, 0))
    w = s._work()
    w.over, w.reason = True, "leaders"
    result = w.result()
    assert result.winners == (0,) and result.ranking == (0, 1)
    assert result.scores == (35.0, 26.0) and result.chart_label == "Climber pts (team)"
    assert result.score_label == "Best time" and result.score_texts == ("30'00", "+2'00")
    assert any("Maillot Rouge" in line and "{1}'s leader" in line for line in result.details)
    assert "{0}: leader 1st, 30'00, 30 pts · team-mate 2nd, +1'00, 5 pts" in result.details
    line = points_sheet(w)[1]
    assert (line.points, line.total, line.place, line.time, line.gap) == ((5,), 5, 2, 1860, 60)
    view = w.view(None)
    assert view.riders[1].points == (5,) and view.riders[1].time == 1860 and view.riders[1].place == 2


def test_velomaster_result_chart_is_the_climber_points_after_each_summit():
    s, _ = race(CLIMB, 2, {0: cid(11, 1), 1: cid(1, 0), 2: cid(11, 2), 3: cid(1, 2)}, seat=0)
    w = s._work()
    w.points = ((10,), (0,), (7,), (0,))
    w.over, w.reason = True, "limit"
    result = w.result()
    assert result.chart_labels == ("Start", "Col 1")
    assert result.chart_series == ((0.0, 10.0), (0.0, 7.0))
    assert result.winners == (0,)  # nobody across: the best-placed rider's team


# ====================================================================== options, saves, views


def test_velomaster_shortened_race_option_moves_the_finish_line_and_drops_later_summits():
    course = make_course(rows=40, finish=34, climb={(r, 1): 5 for r in range(5, 8)} | {(r, 1): 5 for r in range(20, 25)},
                         summits=((8, "4"), (25, "2")))
    spec = make_spec(course)
    full = spec.new_state(spec.default_config("debutant-salzburg", 2), 1)
    assert full.setup.finish_row == 34 and len(full.setup.summits) == 2
    config = spec.validate_config(Config("debutant-salzburg", 2, (("finish", 50),)))
    short = spec.new_state(config, 1)
    assert short.setup.finish_row == 17 and [s.row for s in short.setup.summits] == [8]
    assert short.view(0).finish_row == 17 and short.setup.nominal_s == 15 * 60


def test_velomaster_states_round_trip_through_json_and_views_determinize():
    s, _ = _pair()
    s, _ = act(s, Entraide(0, cid(11, 1)))
    data = json.loads(json.dumps(s.to_dict()))
    assert data["version"] == 1 and data["course"] == "salzburg"
    back = FLAT.state_from_dict(data)
    assert back.to_dict() == s.to_dict() and back.to_act() == s.to_act() == (1,)
    assert back.legal_actions(1) == s.legal_actions(1)
    for seat in (None, 0, 1):
        view = s.view(seat)
        assert FLAT.determinize(view, 99).view(seat) == view
    assert s.secrets(0) == frozenset()
    with pytest.raises(ValueError):
        FLAT.state_from_dict({**data, "version": 99})


def test_velomaster_view_lists_riders_dice_phase_order_and_clock():
    s, _ = race(FINISH, 2, {0: cid(23, 1), 1: cid(10, 1), 2: cid(22, 0), 3: cid(10, 2)}, seat=0)
    s, _ = move_turn(s, 2, 5, first=(0, 2))
    v = s.view(1)
    assert v.phase == "move" and v.moving == 0 and v.moving_die == 2 and v.dice == (2, 5) and v.dice_left == (5,)
    assert v.movers == (1,) and v.turn_order == (0, 1) and v.course == "salzburg" and v.race_clock == -1
    r = v.riders[0]
    assert (r.id, r.seat, r.role, r.bib, r.cell, r.status, r.row) == (0, 0, "leader", "yellow", cid(23, 1), "road", 23)
    s, _ = act(s, Step(0, cid(24, 1)))
    assert s.view(0).race_clock == 1800 and s.view(0).finish_order == (0,)


def test_velomaster_engine_is_pure_and_takes_its_course_from_the_spec():
    calls = []
    course = make_course()

    def source(name):
        calls.append(name)
        return course

    spec = make_spec(course)
    spec.course_source = source
    spec._geos.clear()
    spec._setups.clear()
    s1 = spec.new_state(spec.default_config("debutant-aurillac", 2), 1)
    s2 = spec.state_from_dict(s1.to_dict())
    assert calls == ["aurillac"] and s2.setup is s1.setup and s1.course is course
    assert "cells" not in json.dumps(s1.to_dict())


def test_velomaster_illegal_moves_are_refused_with_a_reason():
    s, _ = race(FLAT, 2, {0: cid(5, 1), 1: cid(1, 0), 2: cid(20, 0), 3: cid(20, 2)}, seat=0)
    assert s.why_illegal(1, Roll()) == "It is not your turn."
    assert s.why_illegal(0, Stop(0)) == "Roll the dice first."
    s, _ = roll(s, 2, 3)
    assert "which rider" in s.why_illegal(0, Stop(0))


def test_velomaster_reachable_shows_every_cell_with_the_safest_path_and_its_odds():
    spec = make_spec(make_course(danger={(6, 1)}, climb={(7, ln): 8 for ln in range(3)}))
    s, _ = race(spec, 2, {0: cid(5, 1), 1: cid(1, 0), 2: cid(20, 0), 3: cid(20, 2)}, seat=0)
    s, _ = move_turn(s, 3, 3, first=(0, 3))
    reach = reachable(s)
    assert set(reach) >= {cid(6, 0), cid(6, 1), cid(6, 2), cid(7, 1), cid(8, 0), cid(8, 1), cid(8, 2)}
    assert reach[cid(6, 1)].rolls == (("skill",),) and reach[cid(6, 1)].probability == pytest.approx(0.9)
    # (7, 1) is reached safely round the danger cell, diagonally from (6, 0) or (6, 2)
    assert reach[cid(7, 1)].probability == 1.0 and reach[cid(7, 1)].path[0] != cid(6, 1)
    diag = reach[cid(8, 2)]
    assert diag.path == (cid(6, 2), cid(7, 2), cid(8, 2)) and diag.probability == 1.0
    s2, _ = act(s, Step(0, cid(6, 0)))
    after = reachable(s2)
    assert after[cid(8, 1)].rolls == () and after[cid(8, 2)].rolls == (("power", 8),)
    assert after[cid(8, 2)].probability == pytest.approx(0.6)  # a d20 above 8: 12 chances in 20


def test_velomaster_every_action_label_and_event_text_reads_well():
    s, ev = _pair()
    for a in s.legal_actions(0):
        assert a.label()
    for e in ev:
        assert e.text(["Ann", "Bob"])


def test_velomaster_the_start_log_says_each_player_launches_their_first_then_their_second_rider():
    """Rulebook, the start: each player launches a rider, then when everybody has, the second one. The log wrote
    "Ann launches a rider (1st riders)", which a newcomer could not read."""
    from game.velomaster.rules.events import TurnStarted

    assert str(TurnStarted(0, 1, 1).text(["Ann", "Bob"])) == "Ann launches their first rider."
    assert str(TurnStarted(1, 1, 2).text(["Ann", "Bob"])) == "Bob launches their 2nd rider."
    assert str(TurnStarted(1, 3, 0).text(["Ann", "Bob"])) == "Bob's turn."
