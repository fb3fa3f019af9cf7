"""The VeloMaster race table at Niveau Pro, driven through the real App (issue 17, "Play (scene)"): the stage
start's secret picks (a panel for one seat, handed over seat by seat, nothing of another seat's choice shown),
the attack buttons before the roll, a condition gauge under every rider (exact for the own seat, capped at 100
for the others), the Pro events animated without giving away a secret, and a bot-only Pro race to the results."""

import random

import pygame
import pytest

from game import storage
from game.engine.match import Match, Seat
from game.engine.protocol import Config
from game.ui import privacy, theme
from game.ui.scenes.handoff import HandoffScene
from game.ui.scenes.results import ResultsScene
from game.ui.scenes_registry import TABLES
from game.velomaster import condition_bar, points_sheet
from game.velomaster.pro_prepare import WARNING
from game.velomaster.rules.actions import Attack, Prepare
from game.velomaster.rules.pro_events import ConditionChanged, DopingDraw, DopingVerdict

from .ui_helpers import click, frames, make_app

ENTRY = TABLES["velomaster"]
NAMES = ["Ann", "Bob", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal"]


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    monkeypatch.setattr(privacy, "strict", True)
    privacy.violations.clear()
    yield make_app("instant")
    storage.autosaver.flush()  # the autosave thread reads VELOTHEQUE_HOME when it writes: finish in this test's home


def pro_config(players: int, finish: int = 100, **toggles) -> Config:
    options = {"course": "salzburg", "finish": finish, "level": "pro"}
    options.update({f"pro_{k}": v for k, v in toggles.items()})
    return ENTRY.spec.validate_config(Config("race", players, tuple(sorted(options.items()))))


def open_race(app, controllers, seed=3, finish=100, actions=(), **toggles):
    """A Pro race at the table; ``actions`` (seat, action) are played first through the match."""
    seats = [Seat(NAMES[i], c, theme.SEAT_COLOURS[i]) for i, c in enumerate(controllers)]
    match = Match(ENTRY.spec, pro_config(len(seats), finish, **toggles), seed, seats)
    for seat, action in actions:
        match.act(seat, action)
    scene = ENTRY.scene(app, match, ENTRY)
    app.stack.clear_to(scene)
    frames(app, 2)
    return scene, match


def take_screen(app):
    top = app.stack.top
    if isinstance(top, HandoffScene):
        click(app, top.ready.rect.center)
        return top.player
    return None


def played_until(players, seed, wanted, limit=20000, finish=100):
    """Random legal moves for every seat until ``wanted(view, seat, state)`` holds: (the seed, the moves, the
    seat to act then), or None."""
    match = Match(ENTRY.spec, pro_config(players, finish), seed,
                  [Seat(NAMES[i], "human", (0, 0, 0)) for i in range(players)])
    rnd = random.Random(seed)
    moves = []
    for _ in range(limit):
        if match.is_over():
            return None
        seat = match.to_act()[0]
        if wanted(match.state.view(seat), seat, match.state):
            return seed, moves, seat
        action = rnd.choice(match.state.legal_actions(seat))
        moves.append((seat, action))
        match.act(seat, action)
    return None


def drawn_gauges(scene, monkeypatch) -> dict[int, int]:
    """Draw one frame of the table and return rider -> the value its gauge showed."""
    shown: dict[int, int] = {}
    real = condition_bar.draw_rider_gauge

    def record(surface, box, value):
        mark = next(m for b, m in scene.cv._rider_boxes if b is box)
        shown[mark.key] = value
        return real(surface, box, value)

    monkeypatch.setattr(condition_bar, "draw_rider_gauge", record)
    scene.draw(pygame.Surface((theme.W, theme.H)))
    monkeypatch.setattr(condition_bar, "draw_rider_gauge", real)
    return shown


# ---------------------------------------------------------------- the stage start


def test_a_pro_race_opens_on_the_stage_start_panel_of_the_one_human(app):
    scene, match = open_race(app, ["human", "easy", "easy", "easy"])
    assert scene.v.phase == "prepare" and scene.condition_played()
    panel = scene.prepare_panel
    assert panel.is_open and panel.seat == 0
    assert [r.id for r in panel.riders] == [r.id for r in scene.v.riders if r.seat == 0]
    assert len(panel.motivate_btns) == len(panel.dope_toggles) == 4
    assert "secret picks for the stage" in scene.status()
    assert "above 100 % is excluded" in WARNING  # the plain warning about the control, on the panel


def test_the_picks_made_on_the_panel_go_to_the_engine_and_stay_the_seat_s_own(app, monkeypatch):
    scene, match = open_race(app, ["human", "easy", "easy", "easy"])
    panel = scene.prepare_panel
    leader, grey = panel.riders[0], panel.riders[1]
    click(app, panel.motivate_btns[0].rect.center)  # the leader surmotivé
    click(app, panel.dope_toggles[1].rect.center)  # the grey team-mate doped
    assert panel.action() == Prepare(leader.id % 4, (grey.id % 4,), False)
    click(app, panel.ready_btn.rect.center)
    for _ in range(600):
        frames(app, 1)
        if match.state.view(0).phase != "prepare" and not scene.busy():
            break
    assert not panel.is_open
    own, public = match.state.view(0), match.state.view(None)
    assert own.riders[grey.id].doped and own.riders[grey.id].condition == 120  # +20 % doping, exact to Ann
    assert own.riders[leader.id].condition == 110 and public.riders[leader.id].motivated
    assert public.riders[grey.id].condition == 100 and not public.riders[grey.id].doped
    # one human at a table of bots: the gauges show Ann's riders exactly, the bots' capped
    scene.cv.fit(animate=False)
    frames(app, 2)
    shown = drawn_gauges(scene, monkeypatch)
    if grey.id in shown:
        assert shown[grey.id] == 120
    assert "120" in scene._pro_rider_words(scene.v.riders[grey.id])
    # and which of her riders are doped: in her name tags, her cell cards and her points sheet, never the others'
    assert "doped" in scene._pro_rider_words(scene.v.riders[grey.id])
    assert not any("doped" in scene._pro_rider_words(r) for r in scene.v.riders if r.id != grey.id)
    cell = scene.v.riders[grey.id].cell
    if cell is not None:
        card = dict(scene._condition_card(scene.course.cell(cell)))["Condition"]
        assert "grey team-mate (doped): 120" in card
    scene._sheet()
    assert [r.id for r in scene.app.stack.top.v.riders if r.doped] == [grey.id]
    scene.app.pop()


def test_the_picks_panel_says_what_each_pick_will_give_each_rider(app):
    """« surmotivé » +10 %, « une substance dopante +20% », a clean team refusing any gain above 100 % for an undoped
    rider: each rider's Surmotivé button and Doped switch say what that pick gives it, the other picks as ticked."""
    scene, match = open_race(app, ["human", "easy", "easy", "easy"])
    panel = scene.prepare_panel
    ten, twenty = "+10\u202f%", "+20\u202f%"
    assert all(b.label == f"Surmotivé {ten}" for b in panel.motivate_btns)
    assert all(t.caption == f"Doped {twenty}" for t in panel.dope_toggles)
    click(app, panel.clean_toggle.rect.center)  # riding clean: an undoped rider at 100 % refuses the +10
    assert all(b.label == "Surmotivé +0\u202f%" for b in panel.motivate_btns)
    click(app, panel.dope_toggles[0].rect.center)  # the leader doped: a doped rider takes every gain
    assert panel.motivate_btns[0].label == f"Surmotivé {ten}" and panel.motivate_btns[1].label.endswith("+0\u202f%")
    click(app, panel.motivate_btns[0].rect.center)
    assert panel.motivate_btns[0].label == f"● Surmotivé {ten}"
    assert panel.dope_toggles[0].caption == "Doped +30\u202f%", "doped, it also takes the +10 it would refuse"
    assert panel.start_value(panel.riders[0], 100) == 130


def test_two_humans_are_handed_the_screen_in_turn_and_never_see_the_other_s_picks(app):
    scene, match = open_race(app, ["human", "easy", "human", "easy"])
    frames(app, 3)
    assert isinstance(app.stack.top, HandoffScene) and not scene.prepare_panel.is_open
    assert app.stack.top.title == "Stage start! Pass to Ann" and "secret picks" in app.stack.top.subtitle
    assert take_screen(app) == "Ann"
    frames(app, 2)
    panel = scene.prepare_panel
    assert panel.is_open and panel.seat == 0 and scene.private_seat() == 0
    ann_grey = panel.riders[1]
    click(app, panel.dope_toggles[1].rect.center)
    click(app, panel.clean_toggle.rect.center)
    click(app, panel.ready_btn.rect.center)
    frames(app, 3)
    assert not panel.is_open  # Ann's panel goes with Ann's turn
    assert isinstance(app.stack.top, HandoffScene), "Cleo is handed the screen for her own picks"
    assert scene.private_seat() is None
    assert take_screen(app) == "Cleo"
    frames(app, 2)
    assert panel.is_open and panel.seat == 2 and scene.private_seat() == 2
    assert all(r.seat == 2 for r in panel.riders)
    assert panel.motivated == -1 and not panel.doped and not panel.clean  # nothing carried from Ann's panel
    surface = pygame.Surface((theme.W, theme.H))
    scene.draw(surface)
    assert privacy.violations == []
    click(app, panel.ready_btn.rect.center)
    for _ in range(600):
        frames(app, 1)
        if scene.v.phase != "prepare" and isinstance(app.stack.top, HandoffScene):
            break
    # Ann's doped rider is at 120 %: while the screen is handed over nobody's exact value is drawn…
    assert match.state.view(0).riders[ann_grey.id].condition == 120
    assert scene.private_seat() is None
    assert scene.condition_view().riders[ann_grey.id].condition == 100
    assert "120" not in scene._pro_rider_words(scene.v.riders[ann_grey.id])
    # … then the seat that takes the screen for its decision sees its own riders exactly, the others' publicly
    holder = take_screen(app)
    frames(app, 2)
    seen = scene.condition_view().riders[ann_grey.id].condition
    assert (holder, seen) in (("Ann", 120), ("Cleo", 100))
    assert ("120" in scene._pro_rider_words(scene.v.riders[ann_grey.id])) == (holder == "Ann")


def test_the_move_log_never_tells_which_rider_took_doping(app):
    """The log is public (every seat reads it): a secret pick may not show there, not even as its reason."""
    scene, match = open_race(app, ["human", "easy", "easy", "easy"])
    panel = scene.prepare_panel
    violet = panel.riders[2].id
    click(app, panel.dope_toggles[2].rect.center)
    click(app, panel.ready_btn.rect.center)
    for _ in range(600):
        frames(app, 1)
        if match.state.view(0).phase != "prepare":
            break
    assert match.state.view(0).riders[violet].doped
    assert not any("doping" in line.text.lower() or "dope" in line.text.lower() for line in match.log)


def test_a_secret_condition_change_floats_only_for_its_own_seat(app):
    scene, match = open_race(app, ["human", "easy", "easy", "easy"])
    bob_rider = next(r.id for r in scene.v.riders if r.seat == 1)
    ann_rider = next(r.id for r in scene.v.riders if r.seat == 0)
    scene.anim.clear()
    scene.anim.play([ConditionChanged(1, bob_rider, "leader", 20, 120, "doping", False, (1,))])
    frames(app, 5)
    assert not scene.anim.pops, "Bob's doping shows nothing to Ann"
    scene.anim.play([ConditionChanged(0, ann_rider, "leader", 20, 120, "doping", False, (0,)),
                     ConditionChanged(1, bob_rider, "leader", -20, 80, "attack")])
    frames(app, 2)
    texts = [p.text for p in scene.anim.pops]
    assert any(t.startswith("+20") for t in texts) and any(t.startswith("−20") for t in texts)


# ---------------------------------------------------------------- attacks


def _attack_turn(view, seat, state):
    return view.phase == "roll" and any(isinstance(a, Attack) for a in state.legal_actions(seat))


def test_the_attack_button_before_the_roll_announces_the_attack(app):
    found = next(f for f in (played_until(4, s, _attack_turn) for s in range(1, 30)) if f is not None)
    seed, moves, seat = found
    controllers = ["easy"] * 4
    controllers[seat] = "human"
    scene, match = open_race(app, controllers, seed, actions=moves)
    frames(app, 3)
    assert scene.acting_human() == seat and scene.attack_btns
    legal = set(scene.legal(seat))
    for btn in scene.attack_btns:
        action = Attack(btn.rider)
        assert btn.enabled == (action in legal)
        if not btn.enabled:
            assert btn.current_tooltip() == match.state.why_illegal(seat, action)
    btn = next(b for b in scene.attack_btns if b.enabled)
    assert scene.status().endswith(", or announce an attack first.")
    click(app, btn.rect.center)
    frames(app, 3)
    assert scene.v.attacker == btn.rider
    assert any(type(e).__name__ == "AttackAnnounced" and e.rider == btn.rider for e in match.steps[-1].events)
    assert not scene.attack_btns  # announced is announced: the buttons go, the Roll stays
    assert scene.roll_btn.visible


def test_a_rider_who_cannot_attack_has_a_disabled_button_saying_why(app):
    def some_refused(view, seat, state):
        if view.phase != "roll" or not any(isinstance(a, Attack) for a in state.legal_actions(seat)):
            return False
        mine = [r for r in view.riders if r.seat == seat and r.status in ("road", "roadside") and r.cell is not None
                and (r.role == "leader") == (view.round_phase == 0)]
        return any(state.why_illegal(seat, Attack(r.id)) for r in mine)

    found = next((f for f in (played_until(4, s, some_refused) for s in range(1, 40)) if f is not None), None)
    assert found is not None, "some turn offers an attack to one rider and not to another"
    seed, moves, seat = found
    controllers = ["easy"] * 4
    controllers[seat] = "human"
    scene, match = open_race(app, controllers, seed, actions=moves)
    frames(app, 3)
    refused = [b for b in scene.attack_btns if not b.enabled]
    assert refused
    for btn in refused:
        words = match.state.why_illegal(seat, Attack(btn.rider))
        assert words and btn.current_tooltip() == words
        click(app, btn.rect.center)
        assert scene.v.attacker < 0


# ---------------------------------------------------------------- the map and the end


def test_every_rider_on_the_road_has_a_condition_gauge_over_the_gauges_key(app, monkeypatch):
    found = next(f for f in (played_until(4, s, lambda v, _s, _st: v.round >= 3) for s in range(1, 10))
                 if f is not None)
    seed, moves, seat = found
    scene, match = open_race(app, ["easy"] * 4, seed, actions=moves)
    scene.wait = 1e9  # the bots wait while we look
    scene.cv.fit(animate=False)
    frames(app, 2)
    view = scene.v
    drawn = {m.key for _b, m in scene.cv._rider_boxes}
    on_road = {r.id for r in view.riders if r.status in ("road", "roadside") and r.cell is not None} & drawn
    assert on_road and set(drawn_gauges(scene, monkeypatch)) < on_road, "sixteen gauges at once hid the pack"
    key = scene.legend_rect.center
    frames(app, 1, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=key, rel=(0, 0), buttons=(0, 0, 0))])
    shown = drawn_gauges(scene, monkeypatch)
    assert set(shown) == on_road, "the pointer on the gauges' key: every gauge"
    assert all(shown[r] == view.riders[r].condition <= 100 for r in shown)  # bots only: the public view
    # the hover card of a rider's cell says its condition in words (readable without the gauge's colours)
    rider = view.riders[min(on_road)]
    card = dict(scene._card_sections(scene.course.cell(rider.cell)))
    assert condition_bar.condition_words(rider.condition, long=True) in card["Condition"]
    assert f"{rider.condition}\u202f%" in scene._rider_label(rider)


def test_the_gauge_reads_without_colour_tick_marks_at_the_band_limits_and_a_cap_above_100():
    pygame.init()
    surface = pygame.Surface((60, 20))
    surface.fill((0, 0, 0))
    condition_bar.draw_gauge(surface, pygame.Rect(5, 6, 40, 8), 120)
    assert surface.get_at((5 + 24, 4))[:3] == theme.PAPER  # the 60 % tick stands out of the bar
    assert surface.get_at((5 + 36, 4))[:3] == theme.PAPER  # the 90 % tick
    assert surface.get_at((5 + 42, 10))[:3] == condition_bar.OVER  # above 100 %: the cap past the end
    assert condition_bar.condition_words(70) == "70\u202f% · tired"
    assert condition_bar.band_of(40) == "weak" and condition_bar.band_of(30) == "abandon"


def test_a_bot_pro_race_plays_through_the_table_to_the_results_with_its_doping_control(app):
    scene, match = open_race(app, ["easy"] * 4, seed=4, finish=33)
    for _ in range(30000):
        frames(app, 1)
        if isinstance(app.stack.top, ResultsScene):
            break
    assert match.is_over() and isinstance(app.stack.top, ResultsScene)
    events = [e for step in match.steps for e in step.events]
    assert any(isinstance(e, DopingDraw) for e in events) and any(isinstance(e, DopingVerdict) for e in events)
    assert any(line.text.startswith("Anti-doping draw:") for line in match.log)
    assert privacy.violations == []


# ---------------------------------------------------------------- the points sheet


def finished_race(players=4, seed=2, **toggles) -> Match:
    match = Match(ENTRY.spec, pro_config(players, 33, **toggles), seed,
                  [Seat(NAMES[i], "human", (0, 0, 0)) for i in range(players)])
    rnd = random.Random(seed)
    while not match.is_over():
        seat = match.to_act()[0]
        match.act(seat, rnd.choice(match.state.legal_actions(seat)))
    return match


def test_the_points_sheet_has_a_condition_column_and_the_team_classification_line_at_pro(app):
    match = finished_race()
    view = match.state.view(None)
    assert points_sheet.plays_condition(view)
    cols = points_sheet.sheet_columns(len(view.summits), True, False, True)
    assert cols.condition > cols.incidents and cols.width <= theme.W - 40
    line = points_sheet.team_line(view, NAMES)
    assert line.startswith("Teams (best riders' times): 1. ")
    first_team = view.team_times[0][0]
    assert f"1. {NAMES[first_team]} " in line
    sheet = points_sheet.PointsSheetScene(app, view, NAMES[:4], [theme.SEAT_COLOURS[i] for i in range(4)], 2, "Pro")
    image = sheet.image()
    assert image.get_height() == points_sheet.HEAD_H + points_sheet.EXPORT_ROW_H * len(view.riders) + 44 + \
        points_sheet.TEAM_LINE_H
    sheet.draw(pygame.Surface((theme.W, theme.H)))
    assert sheet.box.right <= theme.W and sheet.box.bottom <= theme.H


def test_without_those_pro_rules_the_sheet_has_no_condition_column_nor_team_line(app):
    view = finished_race(condition=False, team_classification=False).state.view(None)
    assert not points_sheet.plays_condition(view) and points_sheet.team_line(view, NAMES) == ""
    cols = points_sheet.sheet_columns(len(view.summits), True, False, points_sheet.plays_condition(view))
    assert cols.condition == 0


def test_the_team_line_waits_for_the_first_rider_across_the_line(app):
    seed, moves, _seat = played_until(4, 1, lambda v, _s, _st: v.round >= 3)
    match = Match(ENTRY.spec, pro_config(4), seed, [Seat(NAMES[i], "human", (0, 0, 0)) for i in range(4)])
    for seat, action in moves:
        match.act(seat, action)
    view = match.state.view(None)
    assert view.first_arrival_turn < 0 and view.team_times  # times exist, but nobody has arrived yet
    assert points_sheet.team_line(view, NAMES) == ""


def test_the_picks_survive_the_bots_getting_ready_meanwhile(tmp_path, monkeypatch):
    """At normal speed each bot's "ready" is animated while the human is still choosing: the panel stays open
    with what was ticked (it was closed and opened afresh, losing the picks, whenever the table was busy)."""
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    app = make_app("normal")
    scene, match = open_race(app, ["human", "easy", "easy", "easy"])
    panel = scene.prepare_panel
    assert panel.is_open
    click(app, panel.motivate_btns[0].rect.center)
    click(app, panel.dope_toggles[3].rect.center)
    busy_seen = False
    for _ in range(400):
        frames(app, 1)
        busy_seen = busy_seen or scene.busy()
        assert panel.is_open
    assert busy_seen and all(match.state.view(None).prepared[1:])  # the bots got ready, with their banners
    assert panel.motivated == panel.riders[0].id % 4 and panel.doped == {panel.riders[3].id % 4}
    assert panel.dope_toggles[3].value and panel.motivate_btns[0].label.startswith("● Surmotivé")
    storage.autosaver.flush()


def test_two_humans_the_next_human_cannot_undo_the_previous_humans_secret_stage_start_picks(app):
    """The defect: after Ann's picks the screen passed to Cleo, whose Undo took Ann's move back ("Ann took back a
    move"). Undo is the screen holder's own last step only; Ann may still take hers back from the hand-off
    screen, before anyone else looks."""
    scene, match = open_race(app, ["human", "easy", "human", "easy"])
    frames(app, 3)
    assert take_screen(app) == "Ann"
    frames(app, 2)
    click(app, scene.prepare_panel.ready_btn.rect.center)
    frames(app, 3)
    handoff = app.stack.top
    assert isinstance(handoff, HandoffScene) and handoff.player == "Cleo"
    assert handoff.undo_btn is not None and handoff.undo_btn.label == "Undo Ann's move"
    assert take_screen(app) == "Cleo"
    frames(app, 2)
    steps = len(match.steps)
    assert scene.undo_blocker() is not None  # Cleo has no step of her own to take back
    click(app, scene.undo_btn.rect.center)
    frames(app, 2)
    assert len(match.steps) == steps, "Cleo's Undo took back another human's secret picks"
    assert any(isinstance(s.action, Prepare) and s.seat == 0 for s in match.steps)


def panel_words(app, scene, monkeypatch) -> str:
    """Every word one frame of the table draws (the stage start's panel included)."""
    drawn: list[str] = []
    real = theme.blit_text
    monkeypatch.setattr(theme, "blit_text", lambda surf, s, *a, **k: (drawn.append(s), real(surf, s, *a, **k))[1])
    scene.draw(pygame.Surface((theme.W, theme.H)))
    monkeypatch.setattr(theme, "blit_text", real)
    return " ".join(drawn)


@pytest.mark.parametrize("control", [True, False])
def test_two_humans_the_picks_panel_warns_of_the_doping_control_only_when_it_is_played(app, monkeypatch, control):
    """The defect: with the Pro rule "Anti-doping control" off, the stage start's panel (and each Doped switch's
    tooltip) still said the winner and 5 riders drawn by d20 are controlled and excluded above 100 %."""
    scene, match = open_race(app, ["human", "human"], doping_control=control)
    frames(app, 3)
    assert take_screen(app) == "Ann"
    frames(app, 2)
    panel = scene.prepare_panel
    assert panel.is_open and panel.seat == 0
    words = panel_words(app, scene, monkeypatch)
    tips = " ".join(str(t.tooltip) for t in panel.dope_toggles)
    assert "Doping: +20" in words and "takes every gain" in words
    for told in (words, tips):
        assert ("controlled" in told) == control and ("exclu" in told) == control, told
    if not control:
        assert "No anti-doping control in this race." in words


def test_two_humans_a_pro_rider_s_name_tag_words_go_through_the_catalogue(app):
    """The defect: at Pro the name tag on the map added "doped", "attacking", "surmotivé", "controlled" and
    "excluded (doping)" in plain English whatever the language (they never went through the catalogue)."""
    from game import i18n
    from game import i18n_pseudo as pseudo_language

    rnd = random.Random(4)
    moves = [(0, Prepare(0, (0,), False)), (1, Prepare(-1, (), False))]  # Ann's leader surmotivé and doped
    match = Match(ENTRY.spec, pro_config(2), 4, [Seat(NAMES[i], "human", (0, 0, 0)) for i in range(2)])
    for seat, action in moves:
        match.act(seat, action)
    for _ in range(400):
        seat = match.to_act()[0]
        attack = next((a for a in match.state.legal_actions(seat) if isinstance(a, Attack)), None)
        if seat == 0 and attack is not None and match.state.view(0).riders[attack.rider].role == "leader":
            moves.append((0, attack))
            break
        action = rnd.choice([a for a in match.state.legal_actions(seat) if not isinstance(a, Attack)])
        moves.append((seat, action))
        match.act(seat, action)
    else:
        pytest.fail("Ann's leader never could attack")
    known = pseudo_language.template_strings() | {"attacking", "excluded (doping)", "controlled", "doped",
                                                  "surmotivé"}
    i18n.set_language(pseudo_language.CODE, pseudo_language.Pseudo(known))
    try:
        scene, match = open_race(app, ["human", "human"], seed=4, actions=moves)
        frames(app, 3)
        assert take_screen(app) == "Ann"
        frames(app, 2)
        leader = next(r for r in scene.v.riders if r.seat == 0 and r.role == "leader")
        assert scene.v.attacker == leader.id and leader.motivated
        words = scene._pro_rider_words(leader)
        assert scene.condition_view().riders[leader.id].doped
        assert pseudo_language.accent("doped") in words and pseudo_language.accent("attacking") in words
        assert pseudo_language.accent("surmotivé") in words
        assert pseudo_language.english_left([scene._rider_label(leader)], NAMES) == []
    finally:
        i18n.set_language("en")


def braking_situation(braking: bool, phase: str, seeds=range(1, 12), limit=6000):
    """(seed, moves) of a two-human Pro race played at random up to a human's stop short of a 6 (``phase``
    "move") or a stop on a descent (``phase`` "descent"), or None."""
    for seed in seeds:
        match = Match(ENTRY.spec, pro_config(2, braking=braking), seed,
                      [Seat(NAMES[i], "human", (0, 0, 0)) for i in range(2)])
        rnd, moves = random.Random(seed), []
        for _ in range(limit):
            if match.is_over():
                break
            seat = match.to_act()[0]
            view = match.state.view(seat)
            if view.phase == phase == "descent" or (
                    view.phase == phase == "move" and view.moving_die >= 6 and 0 < view.moving_used < view.moving_die
                    and view.riders[view.moving].status == "road"):
                return seed, moves
            action = rnd.choice(match.state.legal_actions(seat))
            moves.append((seat, action))
            match.act(seat, action)
    return None


@pytest.mark.parametrize("phase", ["move", "descent"])
@pytest.mark.parametrize("braking", [True, False])
def test_two_humans_the_stop_and_stay_buttons_warn_of_the_braking_roll_when_it_comes(app, phase, braking):
    """The defect: at Pro with Braking on, "Stop here" short of a 6 and "Stay" on a descent looked and read as
    always ("a die may be used in part"), though the engine then rolls skill and the rider may crash."""
    from game.velomaster.pro_controls import BRAKE_STAY_TIP, BRAKE_STOP_TIP
    from game.velomaster.rules.pro_events import SkillCalled

    found = braking_situation(braking, phase)
    assert found is not None
    seed, moves = found
    scene, match = open_race(app, ["human", "human"], seed=seed, actions=moves, braking=braking)
    take_screen(app)
    frames(app, 3)
    me = scene.acting_human()
    assert me is not None and scene.v.phase == phase
    button, tip = (scene.stop_btn, BRAKE_STOP_TIP) if phase == "move" else (scene.no_btn, BRAKE_STAY_TIP)
    assert button.visible
    assert (button.style == "danger") == braking and (button.tooltip == tip) == braking
    click(app, button.rect.center)
    rolled = any(isinstance(e, SkillCalled) and e.why == "braking" for e in match.steps[-1].events)
    assert rolled == braking, "the button warns exactly when the engine rolls"


def test_velomaster_pro_attack_button_names_no_condition_cost_when_the_condition_is_not_played(app):
    """« rien n'oblige à toutes les mettre en place » : with Attacks on and Physical condition off an attack costs
    nothing (the engine's ``lose`` does nothing without the condition), so its button may not promise "−20 %"; with
    the condition played it still says what the attack costs."""
    for condition in (False, True):
        found = None
        for seed in range(1, 30):
            match = Match(ENTRY.spec, pro_config(2, condition=condition), seed,
                          [Seat(NAMES[i], "human", (0, 0, 0)) for i in range(2)])
            rnd, moves = random.Random(seed), []
            while not match.is_over() and len(moves) < 4000:
                seat = match.to_act()[0]
                if _attack_turn(match.state.view(seat), seat, match.state):
                    found = seed, moves
                    break
                action = rnd.choice(match.state.legal_actions(seat))
                moves.append((seat, action))
                match.act(seat, action)
            if found:
                break
        assert found is not None
        seed, moves = found
        scene, match = open_race(app, ["human", "human"], seed=seed, actions=moves, condition=condition)
        take_screen(app)
        frames(app, 3)
        assert scene.attack_btns
        for btn in scene.attack_btns:
            assert ("%" in btn.label) == condition, btn.label
            assert btn.label.startswith("Attack: ") and "2 d6 added" in btn.label
