"""The start order's d20s at one screen with two humans: each seat rolls in turn before anyone's turn begins, so the
order panel marks the seat rolling its d20 (not the first seat, where the engine's turn waits) and no "your turn
to choose — on Ann's turn" banner tells the second human they decide on someone else's turn."""

import pytest

from game.engine.match import Match, Seat
from game.engine.protocol import Config
from game.ui import theme
from game.ui.scenes_registry import TABLES
from game.velomaster.rules.actions import Roll

from .ui_helpers import frames, make_app

ENTRY = TABLES["velomaster"]
NAMES = ["Ann", "Bob", "Cleo", "Dan"]
MARK = theme.darken(theme.ACCENT, 0.6)  # the order panel's band behind the marked seat


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    return make_app("instant")


def cleo_rolls_her_d20(app, level):
    """Ann (human) and Bob (bot) have rolled their d20s; Cleo, the second human, rolls hers."""
    controllers = ["human", "easy", "human", "easy"]
    seats = [Seat(NAMES[i], c, theme.SEAT_COLOURS[i]) for i, c in enumerate(controllers)]
    config = ENTRY.spec.validate_config(Config("race", 4, (("course", "aurillac"), ("level", level))))
    match = Match(ENTRY.spec, config, 5, seats)
    match.act(0, Roll())
    match.act(1, Roll())
    assert match.state.view(2).phase == "order" and match.to_act() == (2,)
    scene = ENTRY.scene(app, match, ENTRY)
    app.stack.clear_to(scene)
    frames(app, 30)
    assert scene._me() == 2
    return scene, match


def marked_rows(app, scene) -> list[str]:
    """The seats whose row of the order panel has the marking band (the panel lists the seats in seat order
    before the start order is known)."""
    rect = scene.order_rect
    step = min(22, (rect.h - 34) // 4)
    marked = []
    for k, name in enumerate(NAMES):
        colour = app.canvas.get_at((rect.x + 9, rect.y + 28 + k * step + step // 2 - 2))[:3]
        if all(abs(a - b) <= 6 for a, b in zip(colour, MARK[:3], strict=True)):
            marked.append(name)
    return marked


@pytest.mark.parametrize("level", ["debutant", "expert"])
def test_the_order_panel_marks_the_seat_rolling_its_start_d20_not_the_first_seat(app, level):
    scene, match = cleo_rolls_her_d20(app, level)
    assert scene.v.turn_seat == 0  # the engine's turn waits on the first seat meanwhile
    assert marked_rows(app, scene) == ["Cleo"]


def test_no_your_turn_on_another_s_turn_banner_for_the_start_d20(app):
    scene, match = cleo_rolls_her_d20(app, "expert")
    assert not any("your turn to choose" in b.text for b in scene.anim.banners)
