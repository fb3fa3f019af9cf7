"""VeloMaster Niveau Expert (issue 16): the accélération (a line of 3 bikes or more, votes out of turn), the
entraide as its two-bike case, bikes "avalés", team-mates' power rolls up a line on a climb, the diagonal
between two bikes and the blocked leader who rides on when the road opens. Rulebook pages quoted."""

from __future__ import annotations

import pytest

from game.velomaster.rules import LEVELS, Entraide, Roll, Step
from game.velomaster.rules.actions import AGREE, DISAGREE, Accelerate, Decline
from game.velomaster.rules.codes import P_ENTRAIDE, P_PROPOSE, P_ROLL, P_VOTE
from game.velomaster.rules.events import (
    AccelerationDecided,
    AccelerationProposed,
    LeaderResumes,
    PowerRoll,
    SkillRoll,
)
from game.velomaster.rules.lines import offered_lines, straight_lines, votes_needed

from .velomaster_support import act, cid, make_course, make_spec, of, race, rigged

EXPERT = LEVELS["expert"]
CLIMB = {(r, ln): 8 for r in range(10, 20) for ln in range(3)}
SPEC = make_spec(make_course(rows=60, finish=55, climb=CLIMB))
FAR = {8: cid(2, 0)}  # seat 2's leader, far behind


def expert(cells, seat=0, phase=0, rng=None, **kw):
    return race(SPEC, 3, cells, seat=seat, level=EXPERT, round_phase=phase, rng=rng, **kw)


def _line_of_four():
    # rear -> front in lane 1: seat 1's grey, seat 2's grey, seat 0's leader, seat 1's leader
    return {5: cid(35, 1), 9: cid(36, 1), 0: cid(37, 1), 4: cid(38, 1), **FAR}


def test_velomaster_half_the_bikes_of_a_line_must_agree():
    # "Ex1 : ligne de 6 vélos … au moins 3 vélos … Ex2 : avec 7 vélos … au moins 4" (page 15)
    assert [votes_needed(tuple(range(n))) for n in (3, 4, 5, 6, 7)] == [2, 2, 3, 3, 4]


def test_velomaster_a_line_is_offered_when_a_bike_whose_turn_it_is_rides_among_its_first_three():
    # "Avoir 1 vélo dont c'est le tour de jeu dans les 3 premiers de la ligne" (page 15)
    s, _ = expert(_line_of_four())
    assert straight_lines(s) == [(5, 9, 0, 4)]
    assert s.phase == P_PROPOSE and s.legal_actions(0) == (Accelerate(4), Decline(4))
    back = {5: cid(35, 1), 0: cid(36, 1), 9: cid(37, 1), 1: cid(38, 1), 4: cid(39, 1), **FAR}
    s, _ = expert(back)  # seat 0's leader is the fourth from the front: not its line to launch
    assert offered_lines(s, 0) == () and s.phase == P_ROLL


def test_velomaster_acceleration_vote_is_asked_out_of_turn_of_every_other_seat_in_the_line():
    s, _ = expert(_line_of_four())
    s, ev = act(s, Accelerate(4))
    [proposed] = of(ev, AccelerationProposed)
    assert proposed.need == 2 and proposed.asked == (1, 2)
    assert s.phase == P_VOTE and s.to_act() == (1, 2)
    q = s.question(1, ["Ann", "Bob", "Cat"])
    assert q.kind == "acceleration-vote" and "Ann proposes" in q.reason and "2 of them yours" in q.reason
    assert s.question(0) is None and s.legal_actions(0) == ()
    # the votes are simultaneous: either order gives the same race
    a, _ = s.apply(1, AGREE)
    a, _ = a.apply(2, DISAGREE)
    b, _ = s.apply(2, DISAGREE)
    b, _ = b.apply(1, AGREE)
    assert a.to_dict() == b.to_dict()


def test_velomaster_accepted_line_rides_up_last_bike_first_and_each_gains_as_many_cells_as_bikes():
    # "le dernier vélo « remonte » la ligne pour se placer devant … on retrouve le même ordre mais avancé
    # d'autant de cases que du nombre de vélos en ligne" (page 15)
    s, _ = expert(_line_of_four())
    s, _ = act(s, Accelerate(4))
    s, _ = s.apply(1, AGREE)
    s, ev = s.apply(2, DISAGREE)
    [decided] = of(ev, AccelerationDecided)
    assert decided.accepted and decided.agree == 3
    for rider in (5, 9, 0, 4):  # the rear bike first, each to the cell ahead of the new front
        assert s.phase == P_ENTRAIDE and s.to_act() == (s.setup.controller[rider],)
        [straight] = [a for a in s.legal_actions(s.to_act()[0]) if isinstance(a, Entraide) and
                      SPEC.geo("test").lane[a.cell] == 1]
        assert straight.rider == rider
        s, _ = act(s, straight)
    g = SPEC.geo("test")
    assert [g.row[s.pos[r]] for r in (5, 9, 0, 4)] == [39, 40, 41, 42]
    assert s.phase == P_ROLL  # the bonus over, seat 0's leader rolls its die


def test_velomaster_refused_acceleration_leaves_the_line_where_it_is():
    s, _ = expert(_line_of_four())
    s, _ = act(s, Accelerate(4))
    s, _ = s.apply(1, DISAGREE)
    s, ev = s.apply(2, DISAGREE)
    assert not of(ev, AccelerationDecided)[0].accepted
    assert s.phase == P_ROLL and s.pos[4] == cid(38, 1)


def test_velomaster_proposer_holding_half_the_line_needs_no_vote():
    s, _ = expert({1: cid(35, 1), 2: cid(36, 1), 0: cid(37, 1), 4: cid(38, 1), **FAR})
    s, ev = act(s, Accelerate(4))
    assert of(ev, AccelerationProposed)[0].asked == (1,)
    assert of(ev, AccelerationDecided)[0].accepted and s.phase == P_ENTRAIDE


def test_velomaster_bikes_caught_by_the_line_are_swallowed_and_may_be_passed():
    # "Si une ligne rattrape 1,2 ou 3 vélos … ils sont « avalés »: on peut passer devant, comme s'ils avaient
    # fait partie de la ligne initiale" (page 16)
    s, _ = expert({5: cid(35, 1), 0: cid(36, 1), 4: cid(37, 1), 9: cid(39, 1), **FAR})
    s, _ = act(s, Accelerate(4))
    s, _ = s.apply(1, AGREE)
    s, _ = act(s, Entraide(5, cid(38, 1)))  # the rear bike to the front: right behind seat 2's lone bike
    targets = {a.cell for a in s.legal_actions(0) if isinstance(a, Entraide)}
    g = SPEC.geo("test")
    assert targets and {g.row[c] for c in targets} == {40}  # past the swallowed bike on row 39
    assert s.pos[9] == cid(39, 1)


def test_velomaster_team_mate_going_up_a_line_on_a_climb_rolls_for_power_at_restart_and_stop():
    # "les équipiers pour tous les passages en montée (arrêt, simple traversée ou redémarrage), devront réussir
    # un jet de puissance pour remonter la ligne" … "Ex 3 : si un équipier débute en montée pour arriver en
    # montée, il devra effectuer 2 jets de puissance" (pages 9 and 16)
    cells = {1: cid(12, 1), 5: cid(13, 1), 4: cid(14, 1), 0: cid(30, 0), **FAR}
    s, _ = expert(cells, phase=1, rng=rigged((20, 15), (20, 15)))
    s, _ = act(s, Accelerate(4))
    s, _ = s.apply(1, AGREE)
    s, ev = act(s, Entraide(1, cid(15, 1)))
    rolls = of(ev, PowerRoll)
    assert [(p.roll, p.slope, p.success) for p in rolls] == [(15, 8, True), (15, 8, True)]
    assert s.pos[1] == cid(15, 1)


def test_velomaster_leader_goes_up_a_line_on_a_climb_without_a_power_roll():
    # "B) Pour le LEADER: Pas de jet de puissance pour remonter une ligne en accélération" (page 16)
    cells = {0: cid(12, 1), 5: cid(13, 1), 4: cid(14, 1), **FAR}
    s, _ = expert(cells)
    s, _ = act(s, Accelerate(4))
    s, _ = s.apply(1, AGREE)
    s, ev = act(s, Entraide(0, cid(15, 1)))
    assert not of(ev, PowerRoll) and s.pos[0] == cid(15, 1)


def test_velomaster_a_diagonal_between_two_bikes_calls_a_skill_roll():
    # "Chaque déplacement en diagonale entre 2 vélos fait l'objet d'un jet d'habileté" (page 17)
    column = {0: cid(30, 1), 4: cid(31, 1), 9: cid(32, 1), **FAR}  # a line of 3: no entraide, declined
    s, _ = expert({**column, 5: cid(30, 2)}, rng=rigged((6, 1), (20, 15)))
    s, _ = act(s, Decline(9))
    s, _ = act(s, Roll())
    s, ev = act(s, Step(0, cid(31, 2)))
    [skill] = of(ev, SkillRoll)
    assert skill.success and skill.cell == cid(30, 1) and s.pos[0] == cid(31, 2)
    s, _ = expert(column, rng=rigged((6, 1)))
    s, _ = act(s, Decline(9))
    s, _ = act(s, Roll())
    s, ev = act(s, Step(0, cid(31, 2)))
    assert not of(ev, SkillRoll)  # one bike beside the way is no squeeze


def test_velomaster_a_blocked_leader_rides_on_as_soon_as_the_road_opens_before_its_next_turn():
    # "Si la route est bloquée, le leader … pourra avancer dès que le chemin se libère, mais à condition d'en
    # profiter avant son prochain tour de jeu" (page 17)
    wall = {5: cid(31, 0), 6: cid(31, 1), 7: cid(31, 2)}  # seat 1's team-mates across the road
    s, _ = expert({**wall, 0: cid(30, 1), 9: cid(32, 1), 4: cid(20, 0), 8: cid(2, 0)}, rng=rigged((6, 3)))
    s, _ = act(s, Decline(9))  # the leader, seat 1's violet and seat 2's grey make a line: let it go
    s, _ = act(s, Roll())  # seat 0's leader rolls a 3 and has nowhere to go
    assert s.waiting == (0, 3)
    resumed = []
    while not resumed and s.round == 1:  # the other leaders, then the team-mates' turn opens the road
        seat = s.to_act()[0]
        legal = s.legal_actions(seat)
        forward = [a for a in legal if isinstance(a, Step)]
        s, ev = s.apply(seat, max(forward, key=lambda a: SPEC.geo("test").row[a.cell]) if forward else legal[0])
        resumed = of(ev, LeaderResumes)
    assert resumed and resumed[0].cells == 3 and s.round_phase == 1
    assert s.moving_rider == 0 and s.to_act() == (0,) and s.waiting == ()


def test_velomaster_saved_vote_without_a_line_or_a_voter_is_refused_in_plain_words():
    s, _ = race(SPEC, 3, _line_of_four(), variant="expert-salzburg")
    s, _ = act(s, Accelerate(4))
    data = s.to_dict()
    assert SPEC.state_from_dict(data).to_dict() == data
    for key, value, words in (("lines", [], "no line of three bikes"), ("votes", [0, 0, 0], "nobody is asked")):
        broken = {**data, key: value}
        with pytest.raises(ValueError, match=words):
            SPEC.state_from_dict(broken)
