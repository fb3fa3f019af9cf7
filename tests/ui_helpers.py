"""Helpers to drive the real app headless in tests: frames, clicks, keys."""

from __future__ import annotations

import pygame


def strict_privacy(tmp_path, monkeypatch) -> None:
    """A fresh home for settings and saves, and the privacy check strict: a hand drawn to the wrong person fails
    the test."""
    from game.ui import privacy

    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    monkeypatch.setattr(privacy, "strict", True)
    privacy.violations.clear()


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


def outlined_hand_slots(app, scene, monkeypatch) -> list[int]:
    """The places in a card table's hand (``scene._hand_rects()``) drawn outlined as the card chosen, drawn afresh."""
    from game.ui import theme

    outlined = []
    real = pygame.draw.rect
    rects = [rect for _card, rect in scene._hand_rects()]

    def spy(surface, colour, rect, *args, **kwargs):
        if tuple(colour)[:3] == tuple(theme.ACCENT)[:3] and args[:1] == (3,):
            outlined.extend(i for i, r in enumerate(rects) if pygame.Rect(rect).collidepoint(r.centerx, r.y + 2))
        return real(surface, colour, rect, *args, **kwargs)

    monkeypatch.setattr(pygame.draw, "rect", spy)
    scene._draw_hand(pygame.Surface((theme.W, theme.H)), scene.v)
    monkeypatch.setattr(pygame.draw, "rect", real)
    return outlined


NOT_CHECKED = object()  # check_log_dots: an event whose line's dot the test does not check


def check_log_dots(scene, match, dotted) -> int:
    """Each line of the table's move log made by an event wears the dot of the seat ``dotted(event)`` names (None: no
    dot; ``NOT_CHECKED``: not checked); returns how many lines were checked."""
    colours = [s.colour for s in match.seats]
    entries = dict(scene.log.entries)
    shown_lines = scene._log_len[0] if scene._log_len else 0  # a step animating has its lines once it is shown
    shown_steps = match.log[shown_lines - 1].step + 1 if shown_lines else 0
    checked = 0
    for step in match.steps[:shown_steps]:
        for event in step.events:
            seat = dotted(event)
            if seat is NOT_CHECKED:
                continue
            text = event.text(match.names, None)
            want = None if seat is None else colours[seat]
            assert entries[text] == want, f"{text!r} is dotted {entries[text]}, not {want}"
            checked += 1
    return checked
