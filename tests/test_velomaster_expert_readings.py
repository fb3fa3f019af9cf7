"""VeloMaster Niveau Expert, "Rules, read again": the readings the issue questioned and the engine now follows
(docs/rules/velomaster.md, "Niveau Expert"). Each test quotes the passage it rests on."""

from __future__ import annotations

from game.velomaster.rules import LEVELS, Assign, Entraide, Refuse, Roll, Stop
from game.velomaster.rules.actions import DISAGREE, Accelerate, TakeNeutral
from game.velomaster.rules.codes import P_ASSIGN, P_ENTRAIDE, P_MOVE, P_PROPOSE, P_VOTE, SIDE
from game.velomaster.rules.dice import dice_count
from game.velomaster.rules.events import (
    AccelerationDecided,
    AccelerationProposed,
    Crash,
    DiceRolled,
    EntraideOffered,
    MissedTurn,
    Puncture,
    SeatSkips,
)
from game.velomaster.rules.moves import crash

from .velomaster_support import act, cid, make_course, make_spec, of, race, rigged

EXPERT = LEVELS["expert"]
# danger cells on rows 22 and 28 of lane 0, where the entraides and the accélération below land
SPEC = make_spec(make_course(rows=60, finish=55, danger={(22, 0), (28, 0)}))
FAR = {8: cid(2, 2)}  # seat 2's leader, far behind (3 players)


def expert(cells, players=3, seat=0, phase=0, rng=None, **kw):
    return race(SPEC, players, cells, seat=seat, level=EXPERT, round_phase=phase, rng=rng, **kw)


def _play_until(s, done, limit=400):
    """Play the last legal action (stop, refuse, the last die…) until ``done(state, events)``."""
    for _ in range(limit):
        seat = s.to_act()[0]
        s, ev = s.apply(seat, s.legal_actions(seat)[-1])
        if done(s, ev):
            return s, ev
    raise AssertionError("never happened")


# ------------------------------------------------------------------------------------------------ crashes


def test_velomaster_expert_a_crash_in_another_phase_costs_the_rider_exactly_its_missed_turns():
    # "4 – 9 > blessure sérieuse passer 1 fois son tour" (page 17); a team-mate plays in the « tour des
    # équipiers »: falling in its leader's entraide at the start of the leaders' turn, it misses one team-mates'
    # turn, not two (the leaders' turn it fell in is not one of its turns)
    cells = {1: cid(20, 0), 0: cid(21, 0), 4: cid(40, 2), **FAR}  # seat 0's grey right behind its leader
    s, ev = expert(cells, rng=rigged((20, 1), (20, 5)))  # skill roll 1 on the danger cell, gravity 5
    assert [(e.rear, e.front) for e in of(ev, EntraideOffered)] == [(1, 0)] and s.phase == P_ENTRAIDE
    s, ev = act(s, Entraide(1, cid(22, 0)))
    [c] = of(ev, Crash)
    assert c.rider == 1 and c.turns == 1 and s.miss[1] == 1 and s.status[1] == SIDE
    # its seat's team-mates' turn: it is still down; the next one, it rides
    s, ev = _play_until(s, lambda st, ev: any(e.rider == 1 for e in of(ev, MissedTurn)))
    assert s.round_phase == 1 and s.seat == 0
    s, _ = _play_until(s, lambda st, ev: st.round_phase == 0)
    assert s.miss[1] == 0


def test_velomaster_expert_a_leader_falling_in_its_team_mates_turn_misses_exactly_its_next_leaders_turn():
    # the same for a leader in its own seat's « tour des équipiers »: its next leaders' turn is the one it misses
    cells = {0: cid(20, 0), 1: cid(21, 0), 4: cid(40, 2), **FAR}  # seat 0's leader right behind its grey
    s, ev = expert(cells, phase=1, rng=rigged((20, 2), (20, 9)))
    assert [(e.rear, e.front) for e in of(ev, EntraideOffered)] == [(0, 1)]
    s, ev = act(s, Entraide(0, cid(22, 0)))
    [c] = of(ev, Crash)
    assert c.rider == 0 and s.miss[0] == 1
    s, ev = _play_until(s, lambda st, ev: any(e.rider == 0 for e in of(ev, MissedTurn)))
    assert s.round == 2 and s.round_phase == 0  # its next leaders' turn, passed at once (nothing else to move)…
    assert s.miss[0] == 0  # …and the only one


def test_velomaster_expert_a_crash_in_the_acceleration_opening_its_own_turn_costs_that_turn_only():
    # "passer 1 fois son tour": falling before its die, in an accélération that opens its own turn, the rest of
    # that turn is the turn it misses (as in an entraide)
    cells = {1: cid(25, 0), 2: cid(26, 0), 3: cid(27, 0), 0: cid(40, 2), 4: cid(40, 1), **FAR}
    s, _ = expert(cells, phase=1, rng=rigged((20, 1), (20, 6)))
    assert s.phase == P_PROPOSE
    s, _ = act(s, Accelerate(3))
    assert s.phase == P_ENTRAIDE and s.to_act() == (0,)
    s, ev = act(s, Entraide(1, cid(28, 0)))  # the rear bike jumps the line onto the danger cell and falls
    [c] = of(ev, Crash)
    assert c.rider == 1 and c.this_turn and s.miss[1] == 1
    s, _ = _play_until(s, lambda st, ev: st.phase == P_ASSIGN)
    assert 1 not in {a.rider for a in s.legal_actions(0)}  # no die for it this turn…
    s, _ = _play_until(s, lambda st, ev: st.round_phase == 0)
    assert s.miss[1] == 0  # …and it rides the next one


def test_velomaster_expert_a_neutral_bikes_crash_costs_its_player_the_next_turn_not_the_bike():
    # "En cas de chute pour un vélo neutre, c'est le joueur responsable qui passera le prochain tour" (page 18)
    cells = {0: cid(40, 0), 4: cid(30, 0), 8: cid(20, 0), 9: cid(20, 1)}
    s, _ = race(SPEC, 2, cells, level=EXPERT, round_phase=1)
    s, _ = s.apply(0, TakeNeutral(8))
    s, _ = s.apply(0, TakeNeutral(9))
    s, _ = s.apply(0, Roll())  # seat 0's team-mates' 3 d6 are out, the neutral bikes' roll is still to come
    w = s._work()
    w.rng = rigged((20, 3))  # gravity 3: "passer 2 fois son tour"
    ev: list = []
    crash(w, 9, cid(20, 1), ev)
    assert w.seat_skips == (1, 0) and of(ev, SeatSkips)[0].pending
    [c] = of(ev, Crash)
    assert c.turns == 0 and w.miss[9] == 1  # it lies there for the rest of this turn only


# ---------------------------------------------------------------------------------------------- entraides


def test_velomaster_expert_entraides_open_the_turn_of_the_riders_whose_phase_it_is():
    # « Tour des leaders … S'il est en position d'entraide ou d'accélération … il doit la jouer immédiatement.
    # Puis, le leader lance 1Dé 6 faces » — « Tour des Équipiers … Si une entraide et/ou accélération est réalisable
    # pour l'un ou plusieurs des équipiers, elle se joue en premier » (page 14)
    mates = {1: cid(20, 0), 2: cid(21, 0), 0: cid(30, 1), 4: cid(40, 2), **FAR}  # two grey-violet team-mates
    s, ev = expert(mates)  # the leaders' turn: no entraide for seat 0's team-mates alone
    assert of(ev, EntraideOffered) == [] and s.pairs == ()
    s, ev = expert(mates, phase=1)
    assert [(e.rear, e.front) for e in of(ev, EntraideOffered)] == [(1, 2)]
    leaders = {0: cid(20, 0), 4: cid(21, 0), **FAR}  # seat 0's leader right behind seat 1's
    s, ev = expert(leaders, phase=1)
    assert of(ev, EntraideOffered) == []  # not in the team-mates' turn
    s, ev = expert(leaders)
    assert [(e.rear, e.front) for e in of(ev, EntraideOffered)] == [(0, 4)]
    s, _ = act(s, Refuse(0))
    assert s.phase == P_ENTRAIDE and s.to_act() == (1,)  # the other bike still plays its half, out of turn


# ------------------------------------------------------------------------------------ 2 players: neutral team


def _two_players_team_mates_turn(rng):
    """Seat 0's team-mates' turn with 2 players: its grey, violet, green and the neutral bikes 8 and 9."""
    cells = {0: cid(40, 0), 4: cid(30, 0), 1: cid(10, 0), 2: cid(10, 1), 3: cid(10, 2), 8: cid(12, 0), 9: cid(12, 2),
             10: cid(5, 0), 11: cid(5, 2)}
    s, _ = race(SPEC, 2, cells, level=EXPERT, round_phase=1, rng=rng)
    s, _ = s.apply(0, TakeNeutral(8))
    s, _ = s.apply(0, TakeNeutral(9))
    return s


def _give(s, rider, die):
    """Give ``rider`` the die (unless the last choice was made for it) and stop it where it is."""
    events = []
    if s.phase == P_ASSIGN:
        s, ev = act(s, Assign(rider, die))
        events += ev
    assert s.move_die == die or s.status[rider] == SIDE
    if s.phase == P_MOVE and s.moving_rider == rider:
        s, ev = act(s, Stop(rider))
        events += ev
    return s, events


def test_velomaster_expert_two_players_read_4_2_1_on_each_roll_apart():
    # "Équipiers : si « 4.2.1. » c'est la crevaison pour le vélo à qui on attribue le « 1 »" (page 17): the
    # team-mates' 3 d6 are one roll, the neutral bikes' dice another; the 2, 1, 3 of the one and the 4, 1 of the
    # other puncture nobody (read together, 2, 1, 3, 4, 1 punctured two riders)
    s = _two_players_team_mates_turn(rigged((6, 2), (6, 1), (6, 3), (6, 4), (6, 1), (6, 5)))
    s, ev = act(s, Roll())
    assert [e.dice for e in of(ev, DiceRolled)] == [(2, 1, 3)] and s.movers == (1, 2, 3)
    events = []
    for rider, die in ((1, 1), (2, 2), (3, 3)):
        s, ev = _give(s, rider, die)
        events += ev
    assert [e.dice for e in of(events, DiceRolled)] == [(4, 1)] and s.neutral_rolled
    assert {a.rider for a in s.legal_actions(0)} == {8, 9}
    s, ev = _give(s, 8, 1)  # 4 + 1 on a two-dice roll: the third die is rolled, a 5
    events += ev
    assert [e.dice for e in of(ev, DiceRolled)] == [(5,)] and of(events, Puncture) == []


def test_velomaster_expert_a_neutral_bike_given_the_1_of_its_rolls_4_2_1_punctures():
    # the neutral bikes' two dice are checked as a leader's two are: "si le vélo fait « 1+2 » ou « 2+4 » ou « 4+1 »
    # alors on lance le troisième dé pour vérifier la crevaison"
    s = _two_players_team_mates_turn(rigged((6, 6), (6, 6), (6, 6), (6, 4), (6, 1), (6, 2)))
    s, _ = act(s, Roll())
    for rider in (1, 2, 3):
        s, _ = _give(s, rider, 6)
    s, ev = _give(s, 9, 1)
    [p] = of(ev, Puncture)
    assert p.rider == 9 and sorted(p.dice) == [1, 2, 4] and s.status[9] == SIDE


def test_velomaster_expert_a_neutral_bike_in_a_line_votes_with_the_player_who_moves_it():
    # "Chaque vélo constituant une ligne est joué par chacun des joueurs qui sont libres d'avancer ou pas" — "Au
    # moins la moitié des vélos de la ligne doivent être d'accord pour accélérer" (page 15): a neutral bike is
    # moved by a player, who agrees or not for it
    cells = {0: cid(40, 1), 4: cid(30, 1), 10: cid(20, 0), 11: cid(21, 0), 5: cid(22, 0), 1: cid(23, 0),
             8: cid(10, 2), 9: cid(12, 2)}
    s, _ = race(SPEC, 2, cells, level=EXPERT, round_phase=1)
    s, _ = s.apply(0, TakeNeutral(8))
    s, _ = s.apply(0, TakeNeutral(9))  # seat 1 moves the neutral bikes 10 and 11 of the line
    assert s.phase == P_PROPOSE
    s, ev = act(s, Accelerate(1))
    [proposed] = of(ev, AccelerationProposed)
    assert proposed.need == 2 and proposed.asked == (1,) and s.phase == P_VOTE
    s, ev = s.apply(1, DISAGREE)
    [decided] = of(ev, AccelerationDecided)
    assert decided.agree == 1 and not decided.accepted


# ------------------------------------------------------------------------------------ 5 players: shared teams


def test_velomaster_expert_a_shared_team_rolls_its_three_dice_one_for_the_violet_two_for_the_grey_and_green():
    # "Le déroulement du jeu est inchangé, le leader jouera au « tour des leaders » et les 3 autres vélos avancent
    # au « tour des équipiers »" (page 18): the team's 3 d6, one to each team-mate, each player rolling those of
    # the team-mates it moves (the director's violet, the outsider's grey and green)
    cells = {0: cid(40, 0), 1: cid(30, 0), 2: cid(30, 1), 3: cid(30, 2)}
    s, _ = race(SPEC, 5, cells, level=EXPERT, round_phase=1, rng=rigged((6, 5)))
    director, outsider = s.setup.shared_pairs[0]
    assert (director, outsider) == (0, 4) and s.seat == 0
    assert dice_count(s, 0) == 1 and dice_count(s, 4) == 2 and dice_count(s, 1) == 3
    s, ev = act(s, Roll())
    assert [e.dice for e in of(ev, DiceRolled)] == [(5,)]
    s, _ = _play_until(s, lambda st, ev: st.seat == 4 and st.dice)
    assert len(s.dice) == 2 and {a.rider for a in s.legal_actions(4)} == {1, 3}


def test_velomaster_expert_a_shared_teams_short_roll_checks_4_2_1_as_a_leaders_roll():
    # the director's one die: "si le vélo fait « 1 », alors on jette les 2 autres dés pour vérifier si crevaison"
    cells = {0: cid(40, 0), 1: cid(30, 0), 2: cid(30, 1), 3: cid(30, 2)}
    s, _ = race(SPEC, 5, cells, level=EXPERT, round_phase=1, rng=rigged((6, 1), (6, 4), (6, 2)))
    s, ev = act(s, Roll())
    assert [e.dice for e in of(ev, DiceRolled)] == [(1,), (4, 2)]
    [p] = of(ev, Puncture)
    assert p.rider == 2 and s.status[2] == SIDE
