"""The VeloMaster race scene driven through the real App: click a reachable cell and the rider rides
there; out-of-turn entraide names who decides and on whose turn; banners show over the map."""

import random

import pygame
import pytest

from game.engine.match import Match, Seat
from game.ui import theme
from game.ui.scenes_registry import TABLES
from game.ui.timeline import Banner
from game.velomaster.scene import MAP_RECT

from .ui_helpers import click, frames, make_app

ENTRY = TABLES["velomaster"]


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    return make_app("instant")


def start(app, controllers, seed=3, course="salzburg"):
    names = ["Ann", "Bob", "Cleo", "Dan"]
    seats = [Seat(names[i], c, theme.SEAT_COLOURS[i]) for i, c in enumerate(controllers)]
    match = Match(ENTRY.spec, ENTRY.spec.default_config(f"debutant-{course}", len(seats)), seed, seats)
    scene = ENTRY.scene(app, match, ENTRY)
    app.stack.clear_to(scene)
    return scene, match


def drive_until(app, scene, match, wanted, limit=20000, rnd=None):
    """Play the humans' moves at random until ``wanted(scene, seat)`` holds for the acting human."""
    rnd = rnd or random.Random(1)
    for _ in range(limit):
        frames(app, 1)
        assert not match.is_over(), "the race ended before the situation came up"
        me = scene._me()
        if me is None:
            continue
        if wanted(scene, me):
            return me
        scene.submit(rnd.choice(match.state.legal_actions(me)))
    raise AssertionError("the situation never came up")


def screen_of(scene, cell_id):
    x, y = scene.cv.map_to_screen(scene.cv.resolve(cell_id)[0])
    return int(x), int(y)


def test_clicking_a_highlighted_cell_rides_the_rider_there_step_by_step(app):
    scene, match = start(app, ["human", "easy", "easy"])

    def safe_move(sc, me):
        if sc.v.phase != "move" or sc.v.moving < 0:
            return False
        targets = sc._targets(me)
        return any(len(t.path) >= 2 and t.probability == 1 and MAP_RECT.collidepoint(screen_of(sc, c))
                   for c, t in targets.items())

    me = drive_until(app, scene, match, safe_move)
    rider = scene.v.moving
    targets = scene._targets(me)
    cell, info = max(((c, t) for c, t in targets.items()
                      if t.probability == 1 and MAP_RECT.collidepoint(screen_of(scene, c))),
                     key=lambda ct: len(ct[1].path))
    steps_before = len(match.steps)
    click(app, screen_of(scene, cell))
    frames(app, 120)
    assert match.state.view(me).riders[rider].cell == cell
    assert len(match.steps) - steps_before >= len(info.path), "the path is played one cell at a time"


def test_out_of_turn_entraide_names_the_deciding_player_and_whose_turn_it_is(app):
    scene, match = start(app, ["human", "human", "normal", "normal"])
    me = drive_until(app, scene, match, lambda sc, me: sc.v.phase == "entraide" and me != sc.v.turn_seat)
    turn = scene.v.turn_seat
    status = scene.status()
    assert status.startswith(match.seats[me].name)
    assert f"({match.seats[turn].name}'s turn)" in status
    assert any(f"{match.seats[me].name}, your turn to choose" in b.text for b in scene.anim.banners)
    assert scene.no_btn.visible and scene.no_btn.label == "Refuse"


def test_banners_are_drawn_over_the_map(app):
    scene, match = start(app, ["human", "easy"])
    frames(app, 3)
    scene.anim.banners.clear()
    frames(app, 1)
    before = app.canvas.copy()
    scene.anim.banners.append(Banner("Zilling: Ann's leader first over the summit", (0, 0), theme.TEAL, 5))
    frames(app, 10)
    band = pygame.Rect(MAP_RECT.centerx - 150, MAP_RECT.y + 25, 300, 30)
    assert any(app.canvas.get_at((x, y)) != before.get_at((x, y))
               for x in range(band.left, band.right, 3) for y in range(band.top, band.bottom, 3))


def test_a_damaged_course_map_at_start_is_reported_and_the_setup_stays(app):
    import dataclasses

    from game.ui.scenes.setup import SetupScene
    from game.velomaster import VelomasterSpec
    from game.velomaster.tiled import CourseError

    def broken(name):
        raise CourseError(f"{name}.tmx: layer 'cells', object 12: missing property 'terrain'")

    entry = dataclasses.replace(ENTRY, spec=VelomasterSpec(broken))
    setup = SetupScene(app, entry)
    app.stack.clear_to(setup)
    frames(app, 2)
    click(app, setup.start.rect.center)
    frames(app, 2)
    assert app.stack.top is setup
    assert any("missing property 'terrain'" in item[0] for item in app.toasts.items)


def test_a_start_order_tie_tells_the_player_to_roll_again_and_with_whom(app):
    """Rulebook, départ: the d20 decides the order; tied seats roll again (our roll-off)."""
    for seed in range(200):
        scene, match = start(app, ["human", "human", "human", "human"], seed=seed)
        while scene.v.phase == "order":
            me = scene.acting_human()
            rolls = scene.v.d20[me]
            if rolls:
                tied = [match.seats[s].name for s in range(4) if s != me and scene.v.d20[s] == rolls]
                status = scene.status()
                assert f"tie on {rolls[-1]} with {tied[0]}" in status and "roll the d20 again" in status
                return
            match.act(me, match.state.legal_actions(me)[0])
    raise AssertionError("no start-order tie in 200 seeds")
