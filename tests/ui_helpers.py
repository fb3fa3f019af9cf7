"""Helpers to drive the real app headless in tests: frames, clicks, keys."""

from __future__ import annotations

import pygame


def make_app(speed: str = "instant"):
    from game.app import App

    app = App(headless=True)
    app.settings.animation_speed = speed
    return app


def frames(app, n: int = 1, dt: float = 1 / 60, events=None) -> None:
    for i in range(n):
        app.step(dt, list(events) if (events and i == 0) else [])


def click(app, pos, button: int = 1) -> None:
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
                      pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)])


def key(app, k: int, text: str = "") -> None:
    events = [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text, scancode=0)]
    if text:
        events.append(pygame.event.Event(pygame.TEXTINPUT, text=text))
    app.step(1 / 60, events)
