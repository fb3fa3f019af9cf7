"""A first-time player's first turns: a misclick is answered with the reason, and the cards in hand say
what they do when hovered."""

from game.alameda.rules.actions import PICKS, Wrench
from game.alameda.rules.setup import WRENCH_CARD
from game.i18n import tr
from game.ui.widgets import tooltips

from . import test_alameda_table as alameda_table
from .test_alameda_table import start as start_alameda
from .test_alameda_table import until
from .ui_helpers import frames

app = alameda_table.app  # the same table fixture: strict privacy, no undo window


def hover(app, pos, n=40):
    import pygame

    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
    frames(app, n)
    return tr(tooltips.text) if tooltips.text and tooltips.hover_time >= tooltips.DELAY else None


def toasts(app):
    return [item[0] for item in app.toasts.items]


def alameda_monkey_choosing(app):
    for seed in range(1, 40):
        scene, match = start_alameda(app, ["human", "easy", "easy"], seed=seed)
        if match.state.view(0).wrench_in_hand:
            break
    assert until(app, lambda: scene.my_turn() and match.state.view(0).phase == "pick")
    scene.submit(PICKS[WRENCH_CARD])
    assert until(app, lambda: scene.my_turn() and match.state.view(0).phase == "wrench", 2000)
    return scene, match


def test_alameda_the_monkey_clicking_their_own_plaque_is_told_why_it_is_refused(app):
    from .ui_helpers import click

    scene, match = alameda_monkey_choosing(app)
    app.toasts.items.clear()
    click(app, scene.plaques()[0].center)
    assert not any(isinstance(s.action, Wrench) for s in match.steps)
    assert toasts(app) == ["Choose another player: the Monkey cannot wrench themselves."]


def test_alameda_the_cards_in_hand_say_what_they_do_when_hovered(app):
    scene, match = start_alameda(app, ["human", "easy", "easy"], seed=3)
    assert until(app, scene.my_turn)
    rects = dict(scene._hand_rects())
    wrench_tip = hover(app, rects[WRENCH_CARD].center) if WRENCH_CARD in rects else None
    assert wrench_tip is not None and "Monkey Wrench" in wrench_tip and "Once per stage" in wrench_tip
    speed = max(card for card in rects if card != WRENCH_CARD)
    assert hover(app, rects[speed].center) == (f"Speed {speed}: your rider rides {speed} spaces this leg, unless a Monkey "
                                             "Wrench takes the card.")
