"""VeloMaster Débutant: three readings fixed in review (issue 16, "Fix in passing"), with VeloMaster's rules
version 2.

* "POINTS DIVERS" (page 12): « En cas d'égalité à l'un des classements, on départage en fonction de l'autre
  classement. Si l'égalité reste parfaite alors on départage en fonction du cumul des points des 2 meilleurs
  vélos de l'équipe. » Riders crossing in the same player's turn have the same time: the climbers'
  ranking separates them, and the champion is the first of the time ranking.
* "LES ENTRAIDES": a bike that has played its entraide this round cannot play another, but a pair it is
  in still gives the other bike its half.
* "Jet d'habileté": « passe 1 fois son tour ». A bike falling in the entraide that opens its own turn,
  before its die, misses that turn and plays the next one.

Riders: ``seat * 2`` is the seat's leader, ``seat * 2 + 1`` its team-mate; ``cid(row, lane)`` a cell.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from game import storage
from game.engine.match import Match, Seat
from game.registry import GAMES
from game.velomaster.rules import (
    Assign,
    Entraide,
    Refuse,
    Roll,
    Step,
    Stop,
    climbers_ranking,
    jerseys,
    time_ranking,
)
from game.velomaster.rules import events as E
from game.velomaster.rules.codes import FIN, P_ENTRAIDE, P_ROLL, SIDE

from .velomaster_support import act, cid, make_course, make_spec, of, race, rigged, texts, with_rng

FLAT = make_spec(make_course())
FINISH = make_spec(make_course(rows=30, finish=24, length_km=20.0))


def _finished(pts, fin, times):
    """Two players' riders across the line in the order ``fin``, with ``times`` (seconds, in that order);
    climber's points ``pts`` per rider."""
    s, _ = race(FINISH, 2, {0: cid(5, 1), 1: cid(5, 2), 2: cid(5, 0), 3: cid(4, 2)}, seat=0)
    w = s._work()
    w.status = tuple(FIN if r in fin else 0 for r in range(4))
    w.finish_order = tuple(fin)
    w.finish_time = tuple(times[fin.index(r)] if r in fin else -1 for r in range(4))
    w.points = tuple((p,) for p in pts)
    w._occupied_cache = None
    return w


# ====================================================================== equal times, equal points


def test_velomaster_equal_times_are_broken_by_the_climbers_ranking():
    # Ann's leader (0 pts) crosses first, her team-mate (12 pts) right after, in the same turn.
    s, _ = race(FINISH, 2, {0: cid(23, 1), 1: cid(23, 2), 2: cid(5, 0), 3: cid(5, 2)}, seat=0)
    w = s._work()
    w.points = ((0,), (12,), (5,), (0,))
    s = with_rng(w, rigged((6, 1), (6, 1)))
    s, _ = act(s, Roll())
    s, _ = act(s, Assign(0, 1))
    s, _ = act(s, Step(0, cid(24, 1)))
    s, ev = act(s, Step(1, cid(24, 2)))
    assert s.finish_order == (0, 1) and s.finish_time[0] == s.finish_time[1] == 1800
    # same time: the better climber first, and he is the champion
    assert time_ranking(s)[:2] == (1, 0)
    assert of(ev, E.RaceOver)[0].champion == 1
    # one jersey per rider: the champion is the best climber too, so the red jersey goes to the next one
    assert jerseys(s) == (1, 2)
    result = s.result()
    assert result.details[0].startswith("World champion: {0}'s team-mate (grey bib) in 30'00")
    assert "{0}: leader 2nd, 30'00, 0 pts · team-mate 1st, 30'00, 12 pts" in result.details


def test_velomaster_a_later_time_stays_behind_whatever_its_points():
    s = _finished(pts=(0, 30, 0, 0), fin=(0, 1, 2, 3), times=(1800, 1860, 1860, 1920))
    assert time_ranking(s) == (0, 1, 2, 3)  # 1 and 2 share a time: 1 has more points (and crossed first)
    assert jerseys(s) == (0, 1)


def test_velomaster_equal_climber_points_broken_by_time():
    # the reverse half of the rule (already the engine's reading): equal points, the better time first
    s = _finished(pts=(0, 12, 12, 0), fin=(0, 2, 1, 3), times=(1800, 1800, 1860, 1860))
    assert climbers_ranking(s) == (2, 1)
    s = _finished(pts=(8, 0, 8, 0), fin=(2,), times=(1800,))
    assert climbers_ranking(s) == (2, 0), "a rider across the line is ahead of one still on the road"


def test_velomaster_perfect_tie_broken_by_the_teams_two_best_riders():
    # Ann's leader and Bob's leader cross in the same turn (Ann's first) with 10 pts each: equal time,
    # equal points. Bob's team-mate has 8 pts, Ann's none: Bob's team is the stronger, his leader goes first.
    s = _finished(pts=(10, 0, 10, 8), fin=(0, 2, 3, 1), times=(1800, 1800, 1860, 1920))
    assert time_ranking(s) == (2, 0, 3, 1)
    assert climbers_ranking(s) == (2, 0, 3)
    assert jerseys(s) == (2, 0)  # Bob's leader is champion; the red jersey to the next climber
    # the other way round, Ann's team stronger: the crossing order stands
    s = _finished(pts=(10, 8, 10, 0), fin=(0, 2, 1, 3), times=(1800, 1800, 1860, 1920))
    assert time_ranking(s) == (0, 2, 1, 3) and jerseys(s) == (0, 2)


def test_velomaster_perfect_tie_within_one_team_keeps_the_crossing_order():
    s = _finished(pts=(6, 6, 0, 0), fin=(1, 0), times=(1800, 1800))
    assert time_ranking(s)[:2] == (1, 0) and climbers_ranking(s) == (1, 0)


# ====================================================================== entraide with a bike already helped


def _pair(helped, seat=0):
    """Seat 0's leader (9, 1) right behind seat 1's leader (10, 1); ``helped``: riders who have played
    their entraide this round already."""
    cells = {2: cid(10, 1), 0: cid(9, 1), 1: cid(1, 0), 3: cid(1, 2)}
    return race(FLAT, 2, cells, seat=seat, helped=sum(1 << r for r in helped))


def test_velomaster_pair_with_one_helped_bike_still_helps_the_other():
    # the front bike (Bob's leader) played its entraide earlier this round: the rear bike still jumps it
    s, ev = _pair(helped=(2,))
    offer = of(ev, E.EntraideOffered)[0]
    assert (offer.rear, offer.front) == (0, 2) and s.phase == P_ENTRAIDE and s.to_act() == (0,)
    s, ev = act(s, Entraide(0, cid(11, 1)))
    assert s.pos[0] == cid(11, 1)
    # Bob's leader does not jump again: no question to Bob, the turn goes on with the dice
    refused = of(ev, E.EntraideRefused)
    assert [(e.rider, e.reason) for e in refused] == [(2, "helped")]
    assert texts(refused) == ["Bob's leader has played its entraide this round: it only helps the other bike."]
    assert s.pos[2] == cid(10, 1) and s.phase == P_ROLL and s.to_act() == (0,)


def test_velomaster_pair_with_the_rear_bike_helped_still_lets_the_front_one_jump():
    s, ev = _pair(helped=(0,))
    assert of(ev, E.EntraideOffered) and [(e.rider, e.reason) for e in of(ev, E.EntraideRefused)] == [(0, "helped")]
    # the front bike jumps as if the rear one had come up in line, from (11, 1)
    assert s.to_act() == (1,)
    assert {a.cell for a in s.legal_actions(1) if isinstance(a, Entraide)} == {cid(12, 0), cid(12, 1), cid(12, 2)}
    s, _ = act(s, Entraide(2, cid(12, 1)), seat=1)
    assert (s.pos[0], s.pos[2]) == (cid(9, 1), cid(12, 1)) and s.phase == P_ROLL


def test_velomaster_pair_with_both_bikes_helped_is_not_offered():
    s, ev = _pair(helped=(0, 2))
    assert not of(ev, E.EntraideOffered) and s.phase == P_ROLL


# ====================================================================== a crash in one's own entraide


DANGER = make_spec(make_course(danger={(11, 1)}))


def test_velomaster_crash_in_own_turn_entraide_costs_one_missed_turn():
    # Ann's leader (9, 1) behind Bob's leader (10, 1), Ann's turn: her leader jumps onto the danger cell
    # (11, 1) and falls, before Ann's dice.
    s, _ = race(DANGER, 2, {2: cid(10, 1), 0: cid(9, 1), 1: cid(1, 0), 3: cid(1, 2)}, seat=0)
    s, ev = act(with_rng(s, rigged((20, 1))), Entraide(0, cid(11, 1)))
    crash = of(ev, E.Crash)[0]
    assert s.status[0] == SIDE and s.miss[0] == 1
    assert texts([crash]) == ["Ann's leader lies at the roadside and misses this turn."]
    s, _ = act(s, Refuse(2), seat=1)
    # this turn is the one it misses: only the team-mate takes a die
    s, _ = act(with_rng(s, rigged((6, 3), (6, 4))), Roll())
    assert set(s.legal_actions(0)) == {Assign(1, 3), Assign(1, 4)}
    s, _ = act(s, Assign(1, 3))
    s, _ = act(s, Stop(1))
    assert s.seat == 1
    s, _ = act(with_rng(s, rigged((6, 1), (6, 1))), Roll())
    s, _ = act(s, Assign(2, 1))
    s, _ = act(s, Stop(2))
    s, ev = act(s, Stop(3))
    # Ann's next turn (round 2): her leader is back in the saddle on (11, 1) and plays, first in an
    # entraide with Bob's leader right behind it, then with a die
    assert s.seat == 0 and s.round == 2
    assert not of(ev, E.MissedTurn) and [e.rider for e in of(ev, E.Remounted)] == [0] and s.miss[0] == 0
    assert s.status[0] == 0 and s.entraide[:2] == (2, 0)
    s, _ = act(s, Refuse(2), seat=1)
    assert s.to_act() == (0,) and Entraide(0, cid(13, 1)) in s.legal_actions(0)
    s, _ = act(s, Refuse(0))
    s, _ = act(with_rng(s, rigged((6, 2), (6, 5))), Roll())
    assert {a.rider for a in s.legal_actions(0)} == {0, 1}


def test_velomaster_crash_while_moving_with_ones_die_still_misses_the_next_turn():
    s, _ = race(DANGER, 2, {0: cid(10, 1), 1: cid(1, 0), 2: cid(20, 0), 3: cid(20, 2)}, seat=0)
    s, _ = act(with_rng(s, rigged((6, 1), (6, 6), (20, 2))), Roll())
    s, _ = act(s, Assign(0, 1))
    s, ev = act(s, Step(0, cid(11, 1)))
    assert s.miss[0] == 2  # the rest of this turn, then its team's next turn
    assert texts(of(ev, E.Crash)) == ["Ann's leader lies at the roadside and misses its next turn."]


def test_velomaster_crash_in_an_opponents_entraide_misses_the_next_own_turn():
    # Bob's leader falls jumping in Ann's turn: Bob's next turn is the one it misses
    s, _ = race(DANGER, 2, {2: cid(10, 1), 0: cid(9, 1), 1: cid(1, 0), 3: cid(1, 2)}, seat=0)
    s, _ = act(s, Refuse(0))
    s, ev = act(with_rng(s, rigged((20, 2))), Entraide(2, cid(12, 1)), seat=1)
    assert s.status[2] == SIDE and s.miss[2] == 1
    assert texts(of(ev, E.Crash)) == ["Bob's leader lies at the roadside and misses its next turn."]


# ====================================================================== rules version 2


def test_velomaster_rules_1_saves_are_set_aside_with_the_old_rules_notice(tmp_path, monkeypatch):
    """These readings change how a Débutant race goes, so VeloMaster played rules version 2 (3 since the rules were
    read again); replayed under them, most rules-1 races meet an entraide or a turn they did not have: they are
    refused, not resumed."""
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    spec = GAMES["velomaster"]
    assert spec.rules_version >= 2 and 1 not in spec.resumable_rules_versions
    old = Path(__file__).resolve().parent / "fixtures" / "saves" / "old-rules" / "velomaster-debutant-salzburg.save.json"
    shutil.copyfile(old, storage.slot_path("velomaster"))
    status = storage.load_saves(GAMES)
    assert status.matches == []
    [notice] = status.notices
    assert notice.kind == "old-rules"
    assert notice.text.startswith("This VeloMaster race was saved by an earlier version of its rules and cannot be "
                                  "resumed.")
    assert (tmp_path / "saves" / "velomaster.old-rules-1.json").read_bytes() == old.read_bytes()


def _save_of_rules_2(level: str) -> dict:
    """A race of ``level`` as a rules-2 Vélothèque saved it (the moves of a few rolls)."""
    spec = GAMES["velomaster"]
    match = Match(spec, spec.default_config(f"{level}-salzburg", 3), 11, [Seat(n, "human", (200, 60, 60))
                                                                           for n in ("Ann", "Bob", "Eddy")])
    for _ in range(6):
        seat = match.to_act()[0]
        match.act(seat, match.state.legal_actions(seat)[0])
    save = match.to_save()
    save["rules_version"] = 2
    return save


def test_velomaster_rules_2_debutant_saves_resume_since_rules_3_changed_expert_and_pro_only(tmp_path, monkeypatch):
    """Rules 3 (the rulebook read again) changed Expert and Pro readings: a Débutant race saved with rules 2 replays
    move for move, so it resumes; an Expert one would meet turns, dice and votes it did not have: refused, kept
    aside."""
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    spec = GAMES["velomaster"]
    assert spec.rules_version == 3
    debutant = _save_of_rules_2("debutant")
    storage.slot_path("velomaster").write_text(json.dumps(debutant), encoding="utf-8")
    status = storage.load_saves(GAMES)
    assert status.notices == []
    [saved] = status.matches
    assert len(saved.match.steps) == len(debutant["actions"])
    storage.slot_path("velomaster").write_text(json.dumps(_save_of_rules_2("expert")), encoding="utf-8")
    status = storage.load_saves(GAMES)
    assert status.matches == []
    [notice] = status.notices
    assert notice.kind == "old-rules"
    assert "saved by an earlier version of its rules and cannot be resumed" in notice.text
