"""The hand-off screen answers the first click ("Polish, as first-time players meet the five games": at Pro an
ordinary click on "I am Player 1: show" did nothing twice on a busy machine). A press and release on the screen
shows the view once, however fast the click, whatever the frames between press and release, even if the pointer
slips off the button; a release whose press began before the screen was there shows nothing; near Undo nothing
shows."""

from __future__ import annotations

import pygame
import pytest

from game.ui.scenes.handoff import HandoffScene

from .ui_helpers import frames, make_app


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    return make_app("instant")


def handoff(app, undo: bool = False):
    shown = []
    scene = HandoffScene(app, "Player 1", (200, 60, 60), lambda: shown.append(1),
                         undo=("Undo Ann's move", lambda: shown.append("undo")) if undo else None)
    app.push(scene)
    frames(app, 1)
    return scene, shown


def down(pos):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)


def up(pos):
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)


def test_a_fast_click_in_one_busy_frame_shows_the_view_once(app):
    scene, shown = handoff(app)
    at = scene.ready.rect.center
    app.step(0.5, [pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(1, 0, 0)), down(at), up(at),
                   down(at), up(at)])  # a double click in one frame still shows it once
    assert shown == [1] and app.stack.top is not scene


def test_a_press_and_release_frames_apart_or_slipping_off_the_button_shows_the_view(app):
    scene, shown = handoff(app)
    at = scene.ready.rect.center
    app.step(0.1, [down(at)])
    for _ in range(3):
        app.step(0.5, [])  # busy frames between press and release
    app.step(0.1, [up((at[0] + 10, scene.ready.rect.bottom + 30))])  # the pointer slipped off the button
    assert shown == [1]
    scene, shown = handoff(app)
    app.step(0.1, [down((100, 100)), up((100, 100))])  # anywhere on the screen, as the words say
    assert shown == [1]


def test_a_release_whose_press_began_before_the_screen_shows_nothing_and_the_next_click_does(app):
    scene, shown = handoff(app)
    at = scene.ready.rect.center
    app.step(0.1, [up(at)])  # the press was on the table that handed the screen over
    assert shown == [] and app.stack.top is scene
    app.step(0.1, [down(at), up(at)])
    assert shown == [1]


def test_a_click_near_undo_shows_nothing_and_undo_still_answers(app):
    scene, shown = handoff(app, undo=True)
    near = (scene.undo_btn.rect.centerx, scene.undo_btn.rect.top - 8)
    app.step(0.1, [down(near), up(near)])
    assert shown == [] and app.stack.top is scene
    at = scene.undo_btn.rect.center
    app.step(0.1, [down(at), up(at)])
    assert shown == ["undo"]


def test_return_shows_the_view(app):
    scene, shown = handoff(app)
    app.step(0.1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)])
    assert shown == [1]


def test_the_handoff_badge_of_a_default_name_shows_its_number_not_a_letter_every_default_name_shares():
    # "Pass to Player 1" and "Pass to Player 2" both showed a big "P" in their badge
    from game.ui import theme

    assert [theme.badge_letters(n) for n in ("Player 1", "Joueur 2", "Ann", "jeannie", "Route 66 Club", "")] == [
        "1", "2", "A", "J", "R", "?"]
    assert theme.badge_letters("Player 12") == "12"
