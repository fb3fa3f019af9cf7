"""VeloMaster Niveau Pro (issue 17), the rules of the road: descents, braking, collective crashes, attacks
and Pro feeds. Rulebook "III. NIVEAU PRO" (pages 19-22) quoted in each test."""

from __future__ import annotations

from game.velomaster.rules import LEVELS, Roll, Step, Stop
from game.velomaster.rules.actions import Attack, NoDescend
from game.velomaster.rules.codes import CTX_ENTRAIDE, P_DESCENT, P_MOVE, SIDE
from game.velomaster.rules.events import Crash, DiceRolled, SkillRoll
from game.velomaster.rules.pro_events import AttackAnnounced, SkillCalled

from .velomaster_support import act, cid, make_course, make_spec, of, race, rigged

DESCENT = {(r, ln) for r in range(20, 23) for ln in range(3)}
SPEC = make_spec(make_course(rows=70, finish=60, descent=DESCENT, danger={(30, 1)},
                             feed={(40, 0), (40, 1), (40, 2)}))
ROLL = Roll()


def pro(cells, seat=0, phase=0, rng=None, players=3, options=(), **kw):
    return race(SPEC, players, cells, seat=seat, variant="pro-salzburg", options=options, round_phase=phase,
                rng=rng, **kw)


def test_pro_is_expert_with_every_pro_rule_a_toggle_on_by_default():
    # "rien n'oblige à toutes les mettre en place !": each Pro rule is a setup toggle, all on by default
    s, _ = pro({})
    assert LEVELS["pro"].team == LEVELS["expert"].team and s.setup.per_team == 4
    assert s.setup.pro.any and all(getattr(s.setup.pro, f) for f in (
        "feed", "descents", "braking", "collective_crashes", "condition", "attacks", "doping_control",
        "team_classification"))
    off, _ = pro({}, options=(("pro_attacks", False), ("pro_condition", False)))
    assert not off.setup.pro.attacks and not off.setup.pro.condition
    assert not off.setup.pro.doping_control  # the control needs the condition: nobody is ever over 100 % without it
    expert, _ = race(SPEC, 3, {}, variant="expert-salzburg", options=(("pro_attacks", True),))
    assert not expert.setup.pro.any  # the toggles do nothing below Pro


def test_a_six_that_crosses_a_descent_cell_calls_a_skill_roll():
    # "Si l'on joue un « 6 » et qu'on traverse ou s'arrête sur une case descente, il faut gérer sa vitesse :
    # jet d'habileté" — one roll per move, on the first descent cell entered
    s, _ = pro({0: cid(18, 0)}, rng=rigged((6, 6), (20, 15)))
    s, _ = act(s, ROLL)
    assert s.phase == P_MOVE and s.move_die == 6
    s, ev = act(s, Step(0, cid(19, 0)))
    assert not of(ev, SkillCalled)
    s, ev = act(s, Step(0, cid(20, 0)))
    [called] = of(ev, SkillCalled)
    assert called.why == "descent" and called.cell == cid(20, 0)
    assert [e.roll for e in of(ev, SkillRoll)] == [15]
    s, ev = act(s, Step(0, cid(21, 0)))
    assert not of(ev, SkillCalled)  # the speed is managed once per move


def test_a_fall_on_the_descent_is_a_crash_on_that_cell():
    s, _ = pro({0: cid(19, 0)}, rng=rigged((6, 6), (20, 1), (20, 19)))
    s, _ = act(s, ROLL)
    s, ev = act(s, Step(0, cid(20, 0)))
    [crash] = of(ev, Crash)
    assert crash.cell == cid(20, 0) and s.status[0] == SIDE


def test_a_five_across_a_descent_calls_no_skill_roll():
    s, _ = pro({0: cid(18, 0)}, rng=rigged((6, 5)))
    s, _ = act(s, ROLL)
    for row in (19, 20, 21):
        s, ev = act(s, Step(0, cid(row, 0)))
        assert not of(ev, SkillCalled)


def test_descents_off_no_roll_on_a_six():
    s, _ = pro({0: cid(18, 0)}, rng=rigged((6, 6)), options=(("pro_descents", False),))
    s, _ = act(s, ROLL)
    s, _ = act(s, Step(0, cid(19, 0)))
    s, ev = act(s, Step(0, cid(20, 0)))
    assert not of(ev, SkillCalled)


def test_braking_not_playing_the_whole_of_a_six_calls_a_skill_roll():
    # "FREINAGE jet d'habileté dans ses 2 cas : Si on décide de ne pas jouer la totalité d'un « 6 »"
    s, _ = pro({0: cid(5, 0)}, rng=rigged((6, 6), (20, 12)))
    s, _ = act(s, ROLL)
    s, _ = act(s, Step(0, cid(6, 0)))
    s, ev = act(s, Stop(0))
    [called] = of(ev, SkillCalled)
    assert called.why == "braking" and [e.roll for e in of(ev, SkillRoll)] == [12]


def test_stopping_short_of_a_five_is_not_braking():
    s, _ = pro({0: cid(5, 0)}, rng=rigged((6, 5)))
    s, _ = act(s, ROLL)
    s, _ = act(s, Step(0, cid(6, 0)))
    s, ev = act(s, Stop(0))
    assert not of(ev, SkillCalled)


def test_braking_refusing_the_extra_descent_cell_calls_a_skill_roll():
    # "Si on décide de ne pas prendre la case supplémentaire en descente"
    s, _ = pro({0: cid(18, 0)}, rng=rigged((6, 2), (20, 9)))
    s, _ = act(s, ROLL)
    s, _ = act(s, Step(0, cid(19, 0)))
    s, _ = act(s, Step(0, cid(20, 0)))
    assert s.phase == P_DESCENT
    s, ev = act(s, NoDescend(0))
    [called] = of(ev, SkillCalled)
    assert called.why == "braking" and called.cell == cid(20, 0)


def test_collective_crash_the_riders_behind_on_touching_cells_roll_and_a_fall_brings_down_its_own_neighbours():
    # "Lors d'un jet d'habileté, si un cycliste chute, les vélos situés derrière lui devront pouvoir l'éviter.
    # Tous les cyclistes placés derrière lui et sur une case qui touche la sienne doivent immédiatement
    # effectuer un jet d'habileté"
    cells = {0: cid(28, 1), 4: cid(29, 0), 8: cid(29, 2), 5: cid(28, 0), 9: cid(31, 1)}
    rng = rigged((6, 2), (20, 1), (20, 19), (20, 1), (20, 19), (20, 15), (20, 15))
    s, _ = pro(cells, rng=rng)
    s, _ = act(s, ROLL)
    s, _ = act(s, Step(0, cid(29, 1)))
    s, ev = act(s, Step(0, cid(30, 1)))
    called = [e.rider for e in of(ev, SkillCalled) if e.why == "collective"]
    assert called == [4, 8, 5]  # the two behind the crash, then the one behind the rider who fell
    assert 9 not in called  # a rider ahead of the crash is not concerned
    assert [e.rider for e in of(ev, Crash)] == [0, 4]  # 8 and 5 got through


def test_collective_crashes_off_nobody_else_rolls():
    cells = {0: cid(28, 1), 4: cid(29, 0), 8: cid(29, 2)}
    s, _ = pro(cells, rng=rigged((6, 2), (20, 1), (20, 19)), options=(("pro_collective_crashes", False),))
    s, _ = act(s, ROLL)
    s, _ = act(s, Step(0, cid(29, 1)))
    s, ev = act(s, Step(0, cid(30, 1)))
    assert not of(ev, SkillCalled) and [e.rider for e in of(ev, Crash)] == [0]


def test_an_attack_is_announced_before_the_roll_costs_20_and_moves_the_sum_of_two_dice():
    # "Pour tenter une attaque on puise dans les ressources physiques de son cycliste : 20%. Il faut toujours
    # annoncer son attaque avant de la jouer. Le cycliste qui lance une attaque pourra choisir le cumul de 2 Dés"
    s, _ = pro({0: cid(5, 0)}, rng=rigged((6, 6), (6, 3)))
    assert Attack(0) in s.legal_actions(0) and ROLL in s.legal_actions(0)
    s, ev = act(s, Attack(0))
    [announced] = of(ev, AttackAnnounced)
    assert announced.rider == 0 and s.condition[0] == 80 and s.attacker == 0
    assert s.legal_actions(0) == (ROLL,)  # announced is announced: one attack a turn, no taking it back
    s, ev = act(s, ROLL)
    assert of(ev, DiceRolled)[0].purpose == "attack" and s.move_die == 9 and s.moving_rider == 0


def test_a_team_mate_attacks_with_its_own_two_dice_and_the_others_roll_two():
    # "Si c'est un équipier, il jouera ses 2 Dés 6 faces séparément de ses équipiers. Les équipiers joueront 2 dés."
    cells = {0: cid(50, 0), 1: cid(10, 0), 2: cid(10, 2), 3: cid(8, 1)}
    s, _ = pro(cells, phase=1, rng=rigged((6, 5), (6, 4), (6, 2), (6, 3)))
    s, _ = act(s, Attack(1))
    s, ev = act(s, ROLL)
    assert of(ev, DiceRolled)[0].dice == (5, 4, 2, 3)
    assert s.moving_rider == 1 and s.move_die == 9 and s.dice_left == (2, 3)
    assert set(s.movers) == {2, 3}


def test_a_rider_the_attack_would_leave_at_30_is_not_offered_it():
    s, _ = pro({0: cid(5, 0)})
    w = s._work()
    w.condition = (50,) + s.condition[1:]
    assert Attack(0) not in w.legal_actions(0)
    assert "30 %" in w.why_illegal(0, Attack(0))


def test_attacks_off_are_never_offered():
    s, _ = pro({0: cid(5, 0)}, options=(("pro_attacks", False),))
    assert s.legal_actions(0) == (ROLL,)


def test_pro_feed_a_stop_in_ones_own_entraide_counts_only_at_the_turns_end():
    # "Un arrêt pendant une entraide et/ou une accélération durant son tour de jeu ne peut être compté comme un
    # arrêt repas (sauf si on reste sur une case repas, à la fin de son tour). Mais si l'entraide et/ou une
    # accélération a lieu sur le tour d'un adversaire, le ravitaillement est valable."
    from game.velomaster.rules import incidents

    s, _ = pro({0: cid(40, 0), 4: cid(40, 2)})
    w = s._work()
    w.move_context = CTX_ENTRAIDE
    ev: list = []
    incidents.jump_stopped(w, 0, ev)  # seat 0's own turn
    assert not w.fed_zones[0] and w.feed_pending == 1
    incidents.jump_stopped(w, 4, ev)  # seat 1's rider, in seat 0's turn: it counts
    assert w.fed_zones[4] == 1
    incidents.settle_feeds(w, ev)  # seat 0's turn ends with its rider still on the feed cell
    assert w.fed_zones[0] == 1 and w.feed_pending == 0


def test_pro_feed_off_a_stop_in_ones_own_entraide_counts_at_once():
    from game.velomaster.rules import incidents

    s, _ = pro({0: cid(40, 0)}, options=(("pro_feed", False),))
    w = s._work()
    w.move_context = CTX_ENTRAIDE
    incidents.jump_stopped(w, 0, [])
    assert w.fed_zones[0] == 1
