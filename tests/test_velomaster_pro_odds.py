"""The odds the VeloMaster table draws on a reachable cell at Niveau Pro count every roll the engine calls on
the way: "DESCENTES : Si l'on joue un « 6 » et qu'on traverse ou s'arrête sur une case descente, il faut gérer
sa vitesse : jet d'habileté" and "FREINAGE … Si on décide de ne pas jouer la totalité d'un « 6 »" (rulebook,
"III. NIVEAU PRO"). The defect: a 6 across a descent showed a green, certain cell, though the engine then rolls
skill and the rider may fall. The odds are read from the engine itself (:func:`engine_odds` plays the shown path
with every d20 it asks for, one value after another). The bots keep their own reckoning (``reach_table``)."""

from __future__ import annotations

import random

import pytest

from game import storage
from game.engine.match import Match, Seat
from game.engine.protocol import Config
from game.engine.rng import die as real_die
from game.ui import theme
from game.ui.scenes_registry import TABLES
from game.velomaster.rules import Roll, Step, Stop, moves, reachable
from game.velomaster.rules.board import occupied
from game.velomaster.rules.codes import P_MOVE, ROAD
from game.velomaster.rules.events import PowerRoll, SkillRoll
from game.velomaster.rules.pro_events import SkillCalled
from game.velomaster.rules.reach import reach_table

from .ui_helpers import frames, make_app
from .velomaster_support import act, cid, make_course, make_spec, race, rigged

DESCENT = {(r, ln) for r in range(20, 23) for ln in range(3)}
SPEC = make_spec(make_course(rows=70, finish=60, descent=DESCENT))


def engine_rolls(state, seat: int, rider: int, path: tuple[int, ...], monkeypatch) -> tuple[list, set, bool]:
    """The rolls the engine calls for ``rider`` along ``path`` (its Steps, then a Stop if the move goes on), every
    d20 a success so that each one is met: ([("power", slope) or ("skill",)], the SkillCalled whys, arrived)."""
    monkeypatch.setattr(moves, "die", lambda rng, sides: (20, rng) if sides == 20 else real_die(rng, sides))
    rolls, whys = [], set()

    def note(ev):
        for e in ev:
            if getattr(e, "rider", None) != rider:
                continue
            if isinstance(e, PowerRoll):
                rolls.append(("power", e.slope))
            elif isinstance(e, SkillRoll):
                rolls.append(("skill",))
            elif isinstance(e, SkillCalled):
                whys.add(e.why)

    try:
        s = state
        for cell in path:
            s, ev = s.apply(seat, Step(rider, cell))
            note(ev)
        if s.phase == P_MOVE and s.moving_rider == rider:
            s, ev = s.apply(seat, Stop(rider))
            note(ev)
    finally:
        monkeypatch.setattr(moves, "die", real_die)
    return rolls, whys, s.status[rider] == ROAD and s.pos[rider] == path[-1]


def engine_odds(state, seat: int, rider: int, path: tuple[int, ...], monkeypatch) -> tuple[float, set]:
    """The chance the engine brings ``rider`` along ``path`` on its feet: each roll met succeeds on a d20 above
    its slope (power) or above the level's crash values (skill); the first failure ends the move off the cell."""
    rolls, whys, arrived = engine_rolls(state, seat, rider, path, monkeypatch)
    assert arrived
    crash = state.setup.level.skill_crash
    odds = 1.0
    for roll in rolls:
        odds *= (20 - (roll[1] if roll[0] == "power" else crash)) / 20
    return odds, whys


def pro_six(cells, options=(), then=()):
    s, _ = race(SPEC, 3, cells, variant="pro-salzburg", options=options, rng=rigged((6, 6), *then))
    s, _ = act(s, Roll())
    assert s.phase == P_MOVE and s.move_die == 6 and s.moving_rider == 0
    return s


def test_a_six_across_a_descent_shows_the_descent_skill_roll_in_its_odds(monkeypatch):
    s = pro_six({0: cid(18, 0)})
    reach = reachable(s)
    far = reach[cid(24, 0)]  # the whole 6, straight down the descent: no braking, one descent roll
    assert far.rolls == (("skill", "descent"),)
    odds, whys = engine_odds(s, 0, 0, far.path, monkeypatch)
    assert whys == {"descent"}
    assert far.probability == pytest.approx(odds) and far.probability < 1
    # every d20 the descent roll may show, played through the engine: the rider reaches the cell on its feet
    on_feet = 0
    for v in range(1, 21):
        t, _ = race(SPEC, 3, {0: cid(18, 0)}, variant="pro-salzburg", rng=rigged((6, 6), (20, v)))
        t, _ = act(t, Roll())
        for cell in far.path:
            if t.phase == P_MOVE:
                t, _ = act(t, Step(0, cell))
        on_feet += t.status[0] == ROAD and t.pos[0] == cid(24, 0)
    assert far.probability == pytest.approx(on_feet / 20) == pytest.approx(18 / 20)  # 1 or 2 is a crash
    # the bots reckon as before (their strength is measured against it): the descent roll is not theirs
    bots = reach_table(s, s.pos[0], 6, occupied(s))
    assert bots[cid(24, 0)][0] == 1.0


def test_a_stop_short_of_a_six_shows_the_braking_roll_and_one_descent_roll_per_move(monkeypatch):
    s = pro_six({0: cid(18, 0)}, then=((20, 15),))  # a 6; the descent roll, if any, shows 15
    reach = reachable(s)
    before = reach[cid(19, 0)]  # 1 cell of 6, no descent: the Stop brakes
    assert before.rolls == (("skill", "braking"),)
    on = reach[cid(21, 0)]  # 3 cells of 6: the descent roll (once), then braking
    assert on.rolls == (("skill", "descent"), ("skill", "braking"))
    for info in (before, on):
        odds, _ = engine_odds(s, 0, 0, info.path, monkeypatch)
        assert info.probability == pytest.approx(odds)
    mid, _ = act(s, Step(0, cid(19, 0)))
    mid, ev = act(mid, Step(0, cid(20, 0)))
    assert [e.why for e in ev if isinstance(e, SkillCalled)] == ["descent"] and mid.phase == P_MOVE
    assert reachable(mid), "the move goes on: the descent roll of this move is behind it"
    assert all(("skill", "descent") not in info.rolls for info in reachable(mid).values())


def test_the_cell_card_names_the_descent_and_braking_rolls_in_words():
    from game.velomaster import table_help

    s = pro_six({0: cid(18, 0)})
    words = table_help.odds_words(reachable(s)[cid(21, 0)])
    assert words.startswith("3 cells, 81% chance to get there on your feet")
    assert "a skill roll for a 6 down the descent (a d20 of 1 or 2 is a crash)" in words
    assert "a skill roll to brake, stopping short of the 6 (a d20 of 1 or 2 is a crash)" in words
    assert "danger cell" not in words


def test_without_the_pro_rules_or_with_a_five_the_descent_cells_stay_certain():
    off = pro_six({0: cid(18, 0)}, options=(("pro_descents", False), ("pro_braking", False)))
    assert reachable(off)[cid(24, 0)].probability == 1.0
    assert reachable(off)[cid(21, 0)].probability == 1.0
    s, _ = race(SPEC, 3, {0: cid(18, 0)}, variant="pro-salzburg", rng=rigged((6, 5)))
    s, _ = act(s, Roll())
    assert s.move_die == 5 and all(info.probability == 1.0 for info in reachable(s).values())


def test_the_odds_on_the_real_maps_at_pro_are_the_engine_s(monkeypatch):
    """Random Pro races on both bundled courses: every highlighted cell's odds are the engine's."""
    checked, seen = 0, set()
    for course, players in (("aurillac", 3), ("salzburg", 2)):
        spec = TABLES["velomaster"].spec
        s = spec.new_state(spec.default_config(f"pro-{course}", players), 5)
        rnd = random.Random(course)
        for _ in range(1500):
            if s.is_over():
                break
            seat = s.to_act()[0]
            legal = s.legal_actions(seat)
            if s.phase == P_MOVE and rnd.random() < 0.3:
                for cell, info in reachable(s).items():
                    if info.feed_miss is not None:
                        continue  # a missed feed's cost is the cell's own warning (Pro: it may end the race there)
                    odds, whys = engine_odds(s, seat, s.moving_rider, info.path, monkeypatch)
                    assert info.probability == pytest.approx(odds), (cell, info)
                    seen |= whys
                    checked += 1
            moves_ = [a for a in legal if not isinstance(a, Stop)] or legal
            s, _ = s.apply(seat, rnd.choice(moves_))
    assert checked > 200 and {"descent", "braking"} <= seen


# ============================================================================ the table


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    yield make_app("instant")
    storage.autosaver.flush()


def _down_a_descent(s, seat):
    """A human's whole 6 (or more) ahead, and a cell the bots' reckoning calls certain at the end of it whose
    way crosses a descent cell."""
    if s.phase != P_MOVE or s.move_die < 6 or s.move_used or s.status[s.moving_rider] != ROAD:
        return None
    g = s.setup.geo
    for c, (q, depth, path, _, _) in reach_table(s, s.pos[s.moving_rider], s.move_die, occupied(s)).items():
        if q == 1.0 and depth == s.move_die and g.row[c] < s.setup.finish_row and any(g.descent[x] for x in path):
            return c
    return None


def test_the_table_draws_a_six_down_a_descent_with_its_odds_not_as_certain(app, monkeypatch):
    spec = TABLES["velomaster"].spec
    config = spec.validate_config(Config("race", 2, (("course", "aurillac"), ("level", "pro"))))
    seats = [Seat(n, "human", theme.SEAT_COLOURS[i]) for i, n in enumerate(("Ann", "Bob"))]
    match = Match(spec, config, 4, seats)
    rnd = random.Random(4)
    for _ in range(6000):
        seat = match.to_act()[0]
        if _down_a_descent(match.state, seat) is not None:
            break
        match.act(seat, rnd.choice(match.state.legal_actions(seat)))
    cell = _down_a_descent(match.state, seat)
    assert cell is not None
    scene = TABLES["velomaster"].scene(app, match, TABLES["velomaster"])
    app.stack.clear_to(scene)
    frames(app, 3)
    if scene.acting_human() is None:  # the hand-over screen first
        from game.ui.scenes.handoff import HandoffScene

        from .ui_helpers import click
        top = app.stack.top
        assert isinstance(top, HandoffScene)
        click(app, top.ready.rect.center)
        frames(app, 3)
    info = scene.shown_targets[cell]
    odds, whys = engine_odds(match.state, seat, match.state.moving_rider, info.path, monkeypatch)
    assert "descent" in whys and odds < 1
    assert info.probability == pytest.approx(odds)
    mark = scene.cv.highlights[cell]
    assert mark.label == f"{round(odds * 100)}%" and mark.colour != tuple(theme.GREEN[:3])
