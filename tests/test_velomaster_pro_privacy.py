"""VeloMaster Niveau Pro, hot-seat privacy: what a player knows of a rival's condition is what an attentive player
at the table could have followed (docs/rules/velomaster.md, "What the others know"). Every rider has a public
figure (from 100 %, the public gains up to 100 %, every loss exactly); the doping's +20, what a rider holds above
100 % and riding clean are never public. The owner sees its exact figures; every other seat, the spectator view
and the move log read the public figure, whatever the secret picks were."""

from __future__ import annotations

import json
import random

import pygame
import pytest

from game.engine import invariants as inv
from game.engine.match import Match, Seat
from game.engine.protocol import Config
from game.registry import GAMES
from game.velomaster.rules.actions import Attack, Prepare
from game.velomaster.rules.codes import FIN
from game.velomaster.rules.condition import gain, lose
from game.velomaster.rules.pro_events import AttackAnnounced, ConditionChanged
from game.velomaster.rules.stage_start import StageStart
from game.velomaster.rules.state import VelomasterState
from game.velomaster.rules.tour import recovered

from .velomaster_support import of

VELOMASTER = GAMES["velomaster"]
NAMES = ["Ann", "Bob", "Cat"]
OTHERS = (1, 2, None)  # the seats that are not Ann's, and the spectator (the move log's viewer)


def stage_start(players: int = 3, seed: int = 4, **options):
    config = VELOMASTER.validate_config(Config("pro-salzburg", players, tuple(options.items())))
    return VELOMASTER.new_state(config, seed)


def prepared(ann: Prepare, seed: int = 4):
    """The stage start with Bob's and Cat's picks made first, then Ann's: (state, events of Ann's pick)."""
    s = stage_start(seed=seed)
    s, _ = s.apply(1, Prepare(-1, (), False))
    s, _ = s.apply(2, Prepare(0, (), True))
    return s.apply(0, ann)


def told(events, viewer) -> list[str]:
    """The lines ``viewer`` reads of these events (an empty text is no line)."""
    return [t for t in (e.text(NAMES, viewer) for e in events) if t]


def played(state, events) -> tuple:
    """What happened in play, figures of condition left out: the public view without them, and the kinds of
    event. Where these differ, play itself showed a difference (a rider exhausted in one world, a tired leader
    rolling one die): the table sees what play shows."""
    view = state.view(None).to_dict()
    for r in view["riders"]:
        for key in ("condition", "band", "public"):
            r.pop(key)
    return json.dumps(view, sort_keys=True), [type(e).__name__ for e in events]


def seen_by(state, viewer) -> tuple:
    """Everything ``viewer`` can see of a state: its view, who is asked and what."""
    question = state.question(viewer, NAMES) if viewer is not None else None
    return json.dumps(state.view(viewer).to_dict(), sort_keys=True), state.to_act(), question


CLEAN = Prepare(0, (), False)  # Ann: her leader surmotivé, nobody doped, taking every gain
DOPED = Prepare(0, (0, 1), True)  # the same surmotivé; leader and grey doped, riding clean


# ---------------------------------------------------------------- the same table whatever the secret picks


def test_velomaster_pro_doping_gives_the_others_the_same_log_lines():
    """« On peut aussi choisir de prendre une substance dopante +20% »: whether Ann doped (and rides clean) shows
    nowhere to Bob, Cat or the move log: same view, same questions, same lines, at the stage start and on through
    the race (the same moves, the same dice) for as long as play itself has not shown a difference."""
    attacks = 0
    for seed in (4, 7, 11):
        a, ev_a = prepared(CLEAN, seed)
        b, ev_b = prepared(DOPED, seed)
        assert b.condition[:2] == (130, 120)  # the secret is there (a doped surmotivé takes its +10)…
        assert "prepares the stage" not in " ".join(told(ev_b, None))
        for viewer in OTHERS:  # … and nobody else can tell
            assert told(ev_a, viewer) == told(ev_b, viewer)
            assert seen_by(a, viewer) == seen_by(b, viewer)
        rnd = random.Random(seed)
        steps = 0
        while not a.is_over() and steps < 3000:
            seat = a.to_act()[0]
            legal = a.legal_actions(seat)
            ann_attack = [x for x in legal if isinstance(x, Attack) and seat == 0]
            action = ann_attack[0] if ann_attack else rnd.choice(legal)  # Ann attacks whenever she can
            if action not in b.legal_actions(seat):
                break
            a, ev_a = a.apply(seat, action)
            b, ev_b = b.apply(seat, action)
            if played(a, ev_a) != played(b, ev_b):
                break  # play itself showed a difference (a band's consequence): the table sees what play shows
            attacks += any(b.condition[e.rider] != b.public[e.rider] for e in of(ev_b, AttackAnnounced))
            for viewer in OTHERS:
                assert told(ev_a, viewer) == told(ev_b, viewer), (seed, steps, viewer)
                assert seen_by(a, viewer) == seen_by(b, viewer), (seed, steps, viewer)
            steps += 1
        assert steps >= 40, (seed, steps)
    assert attacks >= 3, "Ann's doped riders attacked (their exact figure above the public one) as the tables stayed alike"


def test_velomaster_pro_an_attack_reads_the_public_figure_to_the_others_and_the_exact_one_to_its_owner():
    """« Pour tenter une attaque on puise dans les ressources physiques de son cycliste : 20% »: a doped leader at
    120 % that attacks is at 100 % for Ann, at 80 % for everyone else (as a clean one would be)."""
    s, _ = prepared(Prepare(-1, (0,), False))
    w = s._work()
    ev: list = []
    lose(w, 0, 20, "attack", ev)
    [change] = of(ev, ConditionChanged)
    assert change.text(NAMES, 0) == "-20 %: attack. Ann's leader is at 100 %."
    for viewer in OTHERS:
        assert change.text(NAMES, viewer) == "-20 %: attack. Ann's leader is at 80 %."
    assert w.view(0).riders[0].condition == 100 and w.view(1).riders[0].condition == 80
    assert w.view(None).riders[0].condition == 80 and w.view(None).riders[0].band == "tired"


def test_velomaster_pro_the_control_s_verdicts_are_public_its_figures_are_not():
    """« Si la condition physique de ces coureurs est supérieure à 100 %, ils sont convaincus de dopage »: the
    table learns who is excluded, not by how much (nor what a rider found clean holds above its public figure)."""
    from game.velomaster.rules.doping import control
    from game.velomaster.rules.pro_events import DopingVerdict
    from game.velomaster.rules.result import pro_details

    s, _ = prepared(DOPED)
    w = s._work()
    lose(w, 1, 30, "missed feed", [])  # Ann's doped grey: 90 % (public 70 %), it passes the control
    w.status = (FIN,) * 3 + w.status[3:]  # Ann's leader, grey and green across the line
    w.finish_order, w.first_arrival_turn, w.over = (0, 1, 2), 0, True
    ev: list = []
    control(w, ev)
    verdicts = of(ev, DopingVerdict)
    assert [(v.rider, v.excluded) for v in verdicts] == [(0, True), (1, False), (2, False)]
    for viewer in OTHERS:
        lines = told(verdicts, viewer)
        assert lines[0] == "Control: Ann's leader is above 100 %: doping! Excluded from the race."
        assert lines[1] == "Control: Ann's grey team-mate is clean (100 % or less)."  # (named by its bib)
    assert told(verdicts, 0)[:2] == ["Control: Ann's leader is at 130 %: doping! Excluded from the race.",
                                     "Control: Ann's grey team-mate is clean (90 %)."]
    [line] = [x for x in pro_details(w) if x.startswith("Anti-doping")]
    assert "130" not in line and "90" not in line and "above 100 % — EXCLUDED" in line


# ---------------------------------------------------------------- the owner's view


def test_velomaster_pro_the_owner_sees_its_exact_figures_above_100_and_its_doping():
    s, _ = prepared(DOPED)
    own = s.view(0)
    assert [r.condition for r in own.riders[:4]] == [130, 120, 100, 100]  # doped: it takes the surmotivé's +10
    assert [r.public for r in own.riders[:4]] == [100] * 4
    assert [r.doped for r in own.riders[:4]] == [True, True, False, False] and own.clean
    for viewer in OTHERS:
        other = s.view(viewer)
        assert [r.condition for r in other.riders[:4]] == [100] * 4
        assert not any(r.doped for r in other.riders)
        assert other.clean == (viewer == 2)  # Cat's own choice, never Ann's
    # the secrets are tokens only Ann's view holds (the generic leak test looks for them in every other view)
    tokens = s.secrets(0)
    assert {"velomaster-doped-rider-0", "velomaster-clean-seat-0", "velomaster-surplus-rider-1-20"} <= tokens
    assert tokens <= set(inv._walk_strings(s.view(0).to_dict()))
    inv.check_views(VELOMASTER, s, "after Ann's doping")


def test_velomaster_pro_a_pending_pick_is_a_secret_token_until_everyone_is_ready():
    s = stage_start()
    s, _ = s.apply(0, DOPED)
    assert "velomaster-pick-seat-0-0-3-1" in s.secrets(0)
    inv.check_views(VELOMASTER, s, "Ann's pick pending")


# ---------------------------------------------------------------- the public figure's arithmetic


def test_velomaster_pro_the_public_figure_counts_gains_up_to_100_and_losses_exactly():
    """« Il est possible de dépasser les 100% »… but what rides above 100 % is not the others' to count."""
    s, _ = prepared(Prepare(-1, (0,), False))  # Ann's leader doped: 120, public 100
    w = s._work()
    ev: list = []
    gain(w, 0, 10, "19 on a power roll", ev)
    assert (w.condition[0], w.public[0]) == (130, 100)
    assert told(ev, 1) == [] and told(ev, 0) == ["+10 %: 19 on a power roll. Ann's leader is at 130 %."]
    for amount, exact, public in ((30, 100, 70), (50, 50, 20), (10, 40, 10)):
        lose(w, 0, amount, "crash", ev)
        assert (w.condition[0], w.public[0]) == (exact, public)
    gain(w, 0, 20, "stage winner", ev)
    assert (w.condition[0], w.public[0]) == (60, 30)
    ev.clear()
    gain(w, 4, 10, "the leader rolled a 1", ev)  # Bob's undoped leader at 100, not clean: 110, publicly 100
    assert (w.condition[4], w.public[4]) == (110, 100) and told(ev, 0) == []
    lose(w, 4, 20, "attack", ev)
    assert (w.condition[4], w.public[4]) == (90, 80)
    gain(w, 4, 10, "18 on a power roll", ev)
    assert (w.condition[4], w.public[4]) == (100, 90)
    assert told(ev, 0)[-1] == "+10 %: 18 on a power roll. Bob's leader is at 90 %."


def test_velomaster_pro_the_recovery_and_the_surmotive_are_public_the_doping_is_not():
    """« Entre deux étapes tous les cyclistes récupèrent +20% dans la limite de 100% »; the surmotivé is
    announced to all (+10), the doping never."""
    assert [recovered(v) for v in (40, 90, 100, 130)] == [60, 100, 100, 130]
    config = VELOMASTER.validate_config(Config("pro-salzburg", 3, ()))
    setup = VELOMASTER.setup(config)
    nr = setup.riders
    s = VelomasterState.initial(setup, 4, StageStart(frozenset(), (70,) + (110,) + (100,) * (nr - 2),
                                                     (60,) + (90,) + (100,) * (nr - 2)))
    assert (s.condition[:2], s.public[:2]) == ((70, 110), (60, 90))
    s, _ = s.apply(1, Prepare(-1, (), False))
    s, _ = s.apply(2, Prepare(-1, (), False))
    s, ev = s.apply(0, Prepare(0, (1,), False))  # the leader surmotivé, the grey doped
    assert (s.condition[:2], s.public[:2]) == ((80, 130), (70, 90))
    for viewer in OTHERS:
        assert "+10 %: surmotivé. Ann's leader is at 70 %." in told(ev, viewer)
        assert not any("doping" in line or "Ann:" in line or "130" in line for line in told(ev, viewer))
    assert "+20 %: doping. Ann's grey team-mate is at 130 %." in told(ev, 0)  # (named by its bib)


def test_velomaster_pro_the_picks_panel_shows_what_each_pick_will_give():
    """The stage start's panel shows each rider's condition at the start with the picks ticked (+10 surmotivé,
    +20 doping, nothing above 100 % for a clean team's undoped rider): the engine's own arithmetic."""
    from game.velomaster.rules.pro_start import options, picked

    config = VELOMASTER.validate_config(Config("pro-salzburg", 3, ()))
    setup = VELOMASTER.setup(config)
    carried = (90, 100, 110, 60) + (100,) * (setup.riders - 4)
    start = VelomasterState.initial(setup, 4, StageStart(frozenset(), carried))
    start, _ = start.apply(1, Prepare(-1, (), False))
    start, _ = start.apply(2, Prepare(-1, (), False))
    for action in options(start, 0):
        s, _ = start.apply(0, action)
        for k in range(4):
            assert s.condition[k] == picked(carried[k], k in action.doped, k == action.motivated, action.clean)
    assert [picked(100, False, True, True), picked(90, False, True, True), picked(100, True, True, True)] == [
        100, 100, 130]


# ---------------------------------------------------------------- saves


def test_velomaster_pro_the_public_figure_is_saved_and_checked_on_load():
    s, _ = prepared(DOPED)
    w = s._work()
    lose(w, 0, 20, "attack", [])
    data = json.loads(json.dumps(w.to_dict()))
    assert data["version"] == 2 and data["public"][:4] == [80, 100, 100, 100] and data["condition"][0] == 110
    back = VELOMASTER.state_from_dict(data)
    assert back.to_dict() == w.to_dict() and back.view(1) == w.view(1) and back.view(0) == w.view(0)
    bad = dict(data, public=[120] + data["public"][1:])
    with pytest.raises(ValueError, match="'public' item 1 must be a whole number from 0 to 100"):
        VELOMASTER.state_from_dict(bad)
    bad = dict(data, condition=[70] + data["condition"][1:])
    with pytest.raises(ValueError, match="public condition \\(80 %\\) is above its exact condition \\(70 %\\)"):
        VELOMASTER.state_from_dict(bad)
    old = {k: v for k, v in data.items() if k != "public"}  # a Pro race saved before the public figure
    old["version"] = 1
    assert VELOMASTER.state_from_dict(old).public[:4] == (100, 100, 100, 100)  # what was shown then: capped
    below_pro = VELOMASTER.new_state(VELOMASTER.default_config("expert-salzburg", 3), 4).to_dict()
    assert below_pro["version"] == 1 and "public" not in below_pro  # its format did not change


def test_velomaster_pro_a_tour_carries_the_public_figure_into_the_next_stage():
    config = VELOMASTER.validate_config(Config("pro-salzburg", 3, (("stages", 2), ("finish", 33))))
    match = Match(VELOMASTER, config, 5, [Seat(n, "human", (0, 0, 0)) for n in NAMES])
    rnd = random.Random(5)
    while match.state.stage == 0 and not match.is_over():
        seat = match.to_act()[0]
        legal = match.state.legal_actions(seat)
        pick = [a for a in legal if isinstance(a, Prepare) and a.doped]
        match.act(seat, pick[0] if pick else rnd.choice(legal))
    race = match.state.race
    assert match.state.stage == 1 and race.condition != race.public
    assert all(0 <= p <= min(100, c) for p, c in zip(race.public, race.condition, strict=True))
    for viewer in (None, 0, 1, 2):
        view = match.state.view(viewer)
        assert VELOMASTER.determinize(view, 3).view(viewer) == view
    data = json.loads(json.dumps(match.state.to_dict()))
    assert VELOMASTER.state_from_dict(data).to_dict() == match.state.to_dict()


# ---------------------------------------------------------------- bots and imagined worlds


def test_velomaster_pro_a_world_imagined_from_a_view_never_reads_a_secret():
    """determinize draws the others' secrets from their public facts: the same view gives the same worlds
    whatever Ann picked, each shows the viewer its own view again, and a spectator's view works too."""
    a, _ = prepared(CLEAN)
    b, _ = prepared(DOPED)
    doped_somewhere = 0
    for k in range(40):
        for viewer in (1, 2):
            wa = VELOMASTER.determinize(a.view(viewer), k)
            wb = VELOMASTER.determinize(b.view(viewer), k)
            assert wa.to_dict() == wb.to_dict()
            assert wa.view(viewer) == a.view(viewer) and wa.to_act() == a.to_act()
            assert all(p <= c for p, c in zip(wa.public, wa.condition, strict=True))
            doped_somewhere += bool(wa.doped & 0b1111)
        spectator = VELOMASTER.determinize(b.view(None), k)
        assert spectator.view(None) == b.view(None) and spectator.to_act() == b.to_act()
        assert spectator.to_dict() == VELOMASTER.determinize(a.view(None), k).to_dict()
    assert 0 < doped_somewhere < 80  # Ann's riders are imagined doped in some worlds, not in others
    own = VELOMASTER.determinize(b.view(0), 1)
    assert own.condition[:2] == (130, 120) and own.doped & 0b11 == 0b11 and own.view(0) == b.view(0)


# ---------------------------------------------------------------- the table at one screen


@pytest.fixture()
def app(tmp_path, monkeypatch):
    from game import storage
    from game.ui import privacy

    from .ui_helpers import make_app

    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    monkeypatch.setattr(privacy, "strict", True)  # a hand drawn to the wrong seat fails the test
    privacy.violations.clear()
    yield make_app("instant")
    storage.autosaver.flush()


def test_velomaster_pro_two_humans_at_one_screen_are_handed_it_before_each_decision_and_see_only_their_own(
        app, monkeypatch):
    """Ann and Bob share the screen with a bot: the table hands the screen over before each human decision
    ("Pass to Ann"), and while Bob holds it every gauge, name tag, cell card and the points sheet give Ann's
    riders their public figure, never her doping or what they hold above it (and Ann sees hers exactly)."""
    from game.ui import theme
    from game.ui.scenes.handoff import HandoffScene
    from game.ui.scenes_registry import TABLES
    from game.velomaster import condition_bar, points_sheet

    from .ui_helpers import click, frames

    entry = TABLES["velomaster"]
    config = entry.spec.validate_config(Config("pro-salzburg", 3, ()))
    seats = [Seat("Ann", "human", theme.SEAT_COLOURS[0]), Seat("Bob", "human", theme.SEAT_COLOURS[1]),
             Seat("Cat", "easy", theme.SEAT_COLOURS[2])]
    match = Match(entry.spec, config, 3, seats)
    scene = entry.scene(app, match, entry)
    app.stack.clear_to(scene)
    assert scene.hot_seat, "at Pro with the condition, the game has hidden information"
    fed: list[tuple] = []  # (seat at the screen, rider, value drawn, its seat, exact, public) for every gauge
    real_gauge = condition_bar.draw_rider_gauge

    def gauge(surface, box, value):
        mark = next(m for b, m in scene.cv._rider_boxes if b is box)
        s = match.state
        fed.append((scene.private_seat(), mark.key, value, s.seats.controller[mark.key], s.condition[mark.key],
                    s.public[mark.key]))
        return real_gauge(surface, box, value)

    monkeypatch.setattr(condition_bar, "draw_rider_gauge", gauge)
    rnd = random.Random(3)
    handed: list[str] = []
    decisions: list[tuple[int, str]] = []  # (seat, the last hand-off's player) at each human decision
    looked_as_bob = looked_as_ann = 0
    for _ in range(4000):
        top = app.stack.top
        if isinstance(top, HandoffScene):
            assert scene.private_seat() is None and not scene.prepare_panel.is_open
            handed.append(top.player)
            click(app, top.ready.rect.center)
            continue
        if top is not scene:  # (a toast's overlay, a sheet left open: back to the table)
            app.pop()
            continue
        seat = scene.acting_human()
        if seat is not None and not scene.busy():
            assert scene.viewer == seat and handed and handed[-1] == NAMES[seat]
            state = match.state
            if seat == 1 and state.view(None).riders[0].condition != state.view(0).riders[0].condition:
                looked_as_bob += _bob_sees_only_public(scene, match, points_sheet)
            if seat == 0 and state.condition[0] > 100:
                looked_as_ann += scene.condition_view().riders[0].condition == state.condition[0]
            legal = scene.legal(seat)
            if state.view(seat).phase == "prepare":
                action = DOPED if seat == 0 else Prepare(-1, (), False)
            else:
                attack = [a for a in legal if isinstance(a, Attack) and seat == 0]
                action = attack[0] if attack else rnd.choice(legal)
            decisions.append((seat, handed[-1]))
            assert scene.submit(action, seat)
        # the pointer rests on the gauges' key under the map: every rider's gauge shows (else only those in play)
        frames(app, 1, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=scene.legend_rect.center, rel=(0, 0),
                                                  buttons=(0, 0, 0))] if scene.legend_rect.w else None)
        if match.is_over() or (looked_as_bob >= 3 and len(decisions) > 60):
            break
    assert handed[:2] == ["Ann", "Bob"]  # the stage start: each human in turn, for the secret picks
    assert all(NAMES[seat] == holder for seat, holder in decisions)
    assert {"Ann", "Bob"} <= set(handed[2:]) and len(handed) > 6  # and again before their later decisions
    assert looked_as_ann and looked_as_bob >= 3, (looked_as_ann, looked_as_bob)
    for holder, rider, value, owner, exact, public in fed:  # every gauge drawn: exact to its owner only
        assert value == (exact if holder == owner else public), (holder, rider, value, exact, public)
    assert any(holder == owner == 0 and value > 100 for holder, _r, value, owner, _e, _p in fed), \
        "Ann's own gauges show her exact figures while she holds the screen"
    assert any(holder == 1 and owner == 0 and exact != public for holder, _r, _v, owner, exact, public in fed), \
        "Bob held the screen while Ann's riders held more than their public figure"
    from game.ui import privacy
    assert privacy.violations == []


def _bob_sees_only_public(scene, match, points_sheet) -> int:
    """While Bob holds the screen: what the table feeds its gauges, name tags, cards and the points sheet for
    Ann's riders is their public figure. Returns 1 (one look)."""
    from game.velomaster import condition_bar

    public = match.state.view(None)
    exact = match.state.view(0)
    shown = scene.condition_view()
    for k in range(4):
        p, e = public.riders[k], exact.riders[k]
        assert shown.riders[k].condition == p.condition and not shown.riders[k].doped
        if p.status == "abandoned":
            continue
        words = scene._pro_rider_words(public.riders[k])
        assert condition_bar.condition_words(p.condition) in words
        if e.condition != p.condition:
            assert condition_bar.percent(e.condition) not in words
        label = next((m.label for m in scene.cv.riders if m.key == k), "")
        assert condition_bar.percent(e.condition) not in label or e.condition == p.condition
        if p.cell is not None and p.status in ("road", "roadside"):
            card = dict(scene._condition_card(scene.course.cell(p.cell)))
            assert condition_bar.condition_words(p.condition, long=True) in card["Condition"]
    scene._sheet()
    sheet = scene.app.stack.top
    assert isinstance(sheet, points_sheet.PointsSheetScene)
    assert [r.condition for r in sheet.v.riders[:4]] == [r.condition for r in public.riders[:4]]
    assert not any(r.doped for r in sheet.v.riders[:4])
    scene.app.pop()
    return 1
