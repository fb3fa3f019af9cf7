"""VeloMaster Niveau Pro (issue 17): physical condition ("CONDITION PHYSIQUE", pages 20-21), the stage start's
secret picks, the anti-doping control and the team classification (page 22), Pro saves and views."""

from __future__ import annotations

import json

import pytest

from game.engine.protocol import Config
from game.registry import GAMES
from game.velomaster.rules import Roll, Step
from game.velomaster.rules.actions import Prepare
from game.velomaster.rules.codes import FIN, OUT, P_ROLL
from game.velomaster.rules.condition import MISSED_FEED, band, crash_loss, gain, lose
from game.velomaster.rules.dice import dice_count
from game.velomaster.rules.doping import control
from game.velomaster.rules.events import EntraideRefused, PowerRoll
from game.velomaster.rules.pro_events import (
    ConditionChanged,
    DopingDraw,
    DopingVerdict,
    Exhausted,
    SecretPicks,
)
from game.velomaster.rules.standings import jerseys, stage_time, team_times

from .velomaster_support import act, cid, make_course, make_spec, of, race, rigged

CLIMB = {(r, ln): 8 for r in range(10, 20) for ln in range(3)}
SPEC = make_spec(make_course(rows=70, finish=60, climb=CLIMB))
ROLL = Roll()
VELOMASTER = GAMES["velomaster"]


def pro(cells, seat=0, phase=0, rng=None, players=3, options=(), **kw):
    return race(SPEC, players, cells, seat=seat, variant="pro-salzburg", options=options, round_phase=phase,
                rng=rng, **kw)


def with_condition(s, values: dict):
    w = s._work()
    w.condition = tuple(values.get(r, v) for r, v in enumerate(s.condition))
    return w


def test_condition_starts_at_100_and_bands_follow_the_table():
    # "Chaque cycliste débute la course en étant au maximum de sa forme: 100%"; "100 à 90% Normal; 80 à 60%
    # …; 50 à 40% …; 30% Abandon"; "Il est possible de dépasser les 100%"
    s, _ = pro({})
    assert set(s.condition) == {100}
    assert [band(v) for v in (130, 100, 90, 80, 60, 50, 40, 30, 10)] == [
        "normal", "normal", "normal", "tired", "tired", "weak", "weak", "abandon", "abandon"]
    # "(2-3) grave 50%, (4-9) sérieuse 30%, (10-17) égratignure 10%"
    assert [crash_loss(v) for v in (2, 3, 4, 9, 10, 17, 18, 20)] == [50, 50, 30, 30, 10, 10, 0, 0]


def test_each_18_to_20_on_a_power_roll_gains_10_and_each_failed_climbing_roll_loses_10():
    # "Pour chaque « 20 », « 19 » ou « 18 » lors d'un jet de puissance uniquement" / "Pour chaque défaillance
    # en montagne 10%"
    s, _ = pro({0: cid(12, 0)}, rng=rigged((6, 2), (20, 19)))
    s, _ = act(s, ROLL)
    s, ev = act(s, Step(0, cid(13, 1)))  # diagonal on a climb: a power roll
    assert of(ev, PowerRoll)[0].roll == 19 and s.condition[0] == 110
    s, _ = pro({0: cid(12, 0)}, rng=rigged((6, 2), (20, 3)))
    s, _ = act(s, ROLL)
    s, ev = act(s, Step(0, cid(13, 1)))
    assert not of(ev, PowerRoll)[0].success and s.condition[0] == 90
    assert [e.delta for e in of(ev, ConditionChanged)] == [-10]


def test_the_leader_gains_10_for_each_1_it_rolls():
    # "Pour le leader uniquement: à chaque « 1 »"
    s, _ = pro({0: cid(30, 0)}, rng=rigged((6, 1), (6, 3), (6, 5)))  # the 1, then the puncture check's 2 dice
    s, ev = act(s, ROLL)
    assert [(e.rider, e.delta) for e in of(ev, ConditionChanged)] == [(0, 10)]


def test_at_30_percent_or_less_a_rider_abandons_at_once():
    # "30% Abandon"
    s, _ = pro({0: cid(30, 0)})
    w = with_condition(s, {0: 60})
    ev: list = []
    lose(w, 0, MISSED_FEED, "missed feed", ev)  # "pour le vélo ayant raté un ravitaillement 30%"
    assert w.condition[0] == 30 and w.status[0] == OUT
    assert of(ev, Exhausted) and "abandons" in of(ev, Exhausted)[0].text(["Ann", "Bob", "Cat"])


def test_a_clean_team_refuses_gains_above_100_unless_the_rider_is_doped():
    # "On peut aussi refuser de prendre les % gagnés en prévision du contrôle antidopage" / "Un coureur dopé
    # devra toujours prendre les % de conditions physiques qu'il gagne durant toute la course"
    s, _ = pro({0: cid(30, 0), 1: cid(30, 1)})
    w = s._work()
    w.clean = 0b11
    w.doped = 0b10
    ev: list = []
    gain(w, 0, 10, "the leader rolled a 1", ev)
    gain(w, 1, 10, "18 on a power roll", ev)
    assert w.condition[:2] == (100, 110)
    refused = of(ev, ConditionChanged)[0]
    assert refused.refused and refused.private_to == (0,)


def test_a_tired_leader_on_a_climb_loses_its_protection():
    # "80 à 60% — Leader: En montagne: perte de la protection ET se déplace comme un équipier"
    cells = {0: cid(15, 1), 1: cid(14, 1), 2: cid(15, 0), 4: cid(5, 0), 8: cid(5, 2)}
    s, _ = pro(cells)
    assert dice_count(s, 0) == 3
    assert dice_count(with_condition(s, {0: 80}), 0) == 1


def test_a_weak_rider_plays_no_entraide():
    # "50 à 40% … Ne peut plus participer aux accélérations, ni aux entraides"
    s, _ = pro({0: cid(30, 0), 4: cid(31, 0), 8: cid(5, 2)}, seat=1)
    w = with_condition(s, {0: 50})
    w.phase = P_ROLL
    from game.velomaster.rules import play

    ev: list = []
    play._begin_turn(w, 0, ev)
    assert any(e.reason == "condition" and e.rider == 0 for e in of(ev, EntraideRefused))


def test_stage_start_every_seat_picks_in_secret_and_any_order_gives_the_same_race():
    # "En début d'étape seulement: … « surmotivé ». Il faut alors désigner un vélo de son équipe. On peut aussi
    # choisir de prendre une substance dopante +20%."
    config = VELOMASTER.default_config("pro-salzburg", 3)
    s = VELOMASTER.new_state(config, 4)
    assert s.view(0).phase == "prepare" and s.to_act() == (0, 1, 2)
    assert len(s.legal_actions(0)) == 5 * 16 * 2  # a slot or none × any doped set × clean or not
    picks = {0: Prepare(0, (1,), True), 1: Prepare(-1, (), False), 2: Prepare(2, (), True)}
    finals = []
    for order in ((0, 1, 2), (2, 0, 1)):
        state = s
        for seat in order:
            state, ev = state.apply(seat, picks[seat])
        finals.append((state, ev))
    assert json.dumps(finals[0][0].to_dict(), sort_keys=True) == json.dumps(finals[1][0].to_dict(), sort_keys=True)
    state, ev = finals[0]
    assert state.view(0).phase == "order"
    # Ann's grey team-mate is doped: 120 % to her, 100 % to the others, and only she knows it is doped
    assert state.condition[1] == 120
    assert state.view(0).riders[1].condition == 120 and state.view(0).riders[1].doped
    assert state.view(1).riders[1].condition == 100 and not state.view(1).riders[1].doped
    # her leader is surmotivé but her team rides clean: the +10 % would pass 100 %, refused; public anyway
    assert state.condition[0] == 100 and state.view(1).riders[0].motivated
    # Cat's violet is surmotivé, but Cat rides clean too: refused as well
    assert state.condition[8 + 2] == 100
    secret = next(e for e in ev if isinstance(e, SecretPicks) and e.seat == 0)
    assert "doped" in secret.text(["Ann", "Bob", "Cat"], 0) and "dop" not in secret.text(["Ann", "Bob", "Cat"], 1)
    assert "velomaster-doped-rider-1" in state.secrets(0)


def test_condition_off_there_is_no_stage_start():
    config = VELOMASTER.validate_config(Config("pro-salzburg", 3, (("pro_condition", False),)))
    assert VELOMASTER.new_state(config, 4).view(0).phase == "order"


def _finished(cells, order, players=3):
    """A race whose riders ``order`` crossed the line in that order (a minute apart)."""
    s, _ = pro(cells, players=players)
    w = s._work()
    su = w.setup
    w.status = tuple(FIN if r in order else st for r, st in enumerate(w.status))
    w.pos = tuple(cid(61, r % 3) if r in order else p for r, p in enumerate(w.pos))
    w.finish_order = tuple(order)
    w.first_arrival_turn = 0
    w.finish_time = tuple(su.nominal_s + 60 * order.index(r) if r in order else -1 for r in range(su.riders))
    return w


def test_the_anti_doping_control_takes_the_winner_and_five_drawn_by_d20_and_excludes_over_100():
    # "Le contrôle antidopage … concerne chaque vainqueur d'étape + 5 cyclistes au hasard. Si la condition
    # physique de ces coureurs est supérieure à 100 %, ils sont convaincus de dopage : c'est l'exclusion de la
    # course. (… lancer le D20 après l'arrivée, et de tomber sur un chiffre qui correspond à une position)"
    order = [0, 4, 8, 1, 5, 9, 2, 6]
    for seed in range(1, 30):
        w = _finished({}, order)
        w.condition = tuple(120 if r in (0, 6) else 100 for r in range(w.setup.riders))
        w.rng = seed
        ev: list = []
        control(w, ev)
        assert w.controlled[0] == 0 and len(set(w.controlled)) == 6  # the winner + 5 different riders
        drawn = of(ev, DopingDraw)
        for d in drawn:  # each d20 names an arrival place; a place nobody holds or already drawn is rolled again
            assert d.rider == (order[d.value - 1] if d.value <= len(order) else -1) or d.rider == -1
        assert [d.rider for d in drawn if d.rider >= 0] == list(w.controlled[1:])
        assert {e.rider for e in of(ev, DopingVerdict) if e.excluded} == {0, 6} & set(w.controlled)
        if 6 in w.controlled:
            break
    assert 6 in w.controlled
    champion, _ = jerseys(w)
    assert champion == 4  # the winner excluded: the next rider is champion
    assert stage_time(w, 0) is None and stage_time(w, 6) is None


def test_with_six_arrivals_or_fewer_every_arrival_is_controlled_without_a_draw():
    w = _finished({}, [4, 0, 8])
    ev: list = []
    control(w, ev)
    assert not of(ev, DopingDraw)
    assert set(w.controlled) == {0, 4, 8} and w.controlled[0] == 4 and w.excluded == 0


def test_team_classification_sums_the_three_best_stage_times():
    # "Il s'effectue sur le temps cumulé des 3 premiers vélos de chaque équipe."
    order = [0, 1, 2, 4]
    w = _finished({5: cid(55, 0), 6: cid(58, 1), 7: cid(40, 2)}, order)
    w.turns = 3  # the last rider crossed in the race's last turn, 3 players' turns after the first
    nominal = w.setup.nominal_s
    assert stage_time(w, 4) == nominal + 180
    # still on the road (the rows to the finish row 60 at 3.5 a round, each round 6 players' turns of a minute)
    assert stage_time(w, 5) == nominal + 180 + 60 * 6 * 2
    assert stage_time(w, 6) == nominal + 180 + 60 * 6 * 1
    times = dict(team_times(w))
    assert times[0] == 3 * nominal + 60 + 120
    assert times[1] == (nominal + 180) + (nominal + 180 + 360) + (nominal + 180 + 720)
    assert times[2] > times[1]  # team 2 never left the start grid
    assert [t for t, _ in team_times(w)] == [0, 1, 2]
    w.status = tuple(OUT if r in (1, 2) else st for r, st in enumerate(w.status))
    assert dict(team_times(w))[0] is None  # two riders out: not three times to add up, not classed


def test_a_pro_race_saves_and_loads_with_its_condition_and_refuses_a_bad_one_in_plain_words():
    config = VELOMASTER.default_config("pro-salzburg", 3)
    s = VELOMASTER.new_state(config, 4)
    s, _ = s.apply(0, Prepare(0, (1,), False))
    data = json.loads(json.dumps(s.to_dict()))
    assert data["picks"][0] == [0, 2, 0] and data["condition"] == [100] * 12
    back = VELOMASTER.state_from_dict(data)
    assert back.to_dict() == s.to_dict() and back.to_act() == (1, 2)
    data["condition"][3] = 1500
    with pytest.raises(ValueError, match="'condition' item 4 must be a whole number from 0 to 999"):
        VELOMASTER.state_from_dict(data)
    data["condition"][3] = 100
    data["picks"][1] = [7, 0, 0]
    with pytest.raises(ValueError, match="stage-start picks"):
        VELOMASTER.state_from_dict(data)


def test_an_expert_race_saves_no_pro_field():
    s = VELOMASTER.new_state(VELOMASTER.default_config("expert-salzburg", 3), 4)
    data = s.to_dict()
    assert "condition" not in data and "picks" not in data
    assert set(data["options"]) == {"course", "finish", "level"}
