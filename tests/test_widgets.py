"""Shared widgets seen through the running app: tooltips reach the screen."""

import pygame
import pytest

from game.ui.scene import Scene
from game.ui.widgets import Button
from game.ui.widgets.tooltip import tooltips

from .ui_helpers import frames, make_app


class _OneButton(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.button = Button((500, 400, 200, 50), "Play")
        self.button.set_enabled(False, "Select cards that beat 34 first.")

    def update(self, dt):
        self.button.update(dt, self.app.mouse)

    def draw(self, surface):
        surface.fill((20, 30, 40))
        self.button.draw(surface)


@pytest.fixture
def app():
    return make_app()


def _hover(app, pos, n):
    move = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    frames(app, n, events=[move])


def test_disabled_button_says_why_on_hover(app):
    app.stack.push(_OneButton(app))
    _hover(app, (10, 10), 2)
    before = app.canvas.copy()
    _hover(app, (600, 425), 40)  # well past the tooltip delay
    assert tooltips.text == "Select cards that beat 34 first."
    above = pygame.Rect(420, 300, 360, 95)  # the tooltip sits above the button
    changed = any(app.canvas.get_at((x, y)) != before.get_at((x, y))
                  for x in range(above.left, above.right, 4) for y in range(above.top, above.bottom, 4))
    assert changed, "the tooltip was not drawn above the button"


def test_tooltip_disappears_when_the_mouse_leaves(app):
    app.stack.push(_OneButton(app))
    _hover(app, (600, 425), 40)
    _hover(app, (50, 50), 2)
    assert tooltips.text is None


@pytest.mark.parametrize("low, high, expected", [
    (0, 85, (0, 100, 25)), (0, 3, (0, 3, 1)), (0, 1, (0, 1, 1)), (-12, 40, (-20, 40, 20)), (0, 340, (0, 400, 100)),
])
def test_chart_axis_uses_round_steps_covering_every_value(low, high, expected):
    from game.ui.widgets.chart import nice_axis

    assert nice_axis(low, high) == expected
