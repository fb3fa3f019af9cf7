"""The Mille Bornes hand summary says what the classic bonuses it lists mean: "Delayed action 300" or "Shut-out
500" alone told a first-time player nothing (the setup screen's help is long gone by the end of a hand)."""

from __future__ import annotations

import pygame
import pytest

from game.engine.match import Match, Seat
from game.millebornes.rules.scoring import (
    DELAYED_LINE,
    EXTENSION_LINE,
    MILES_LINE,
    SAFE_TRIP_LINE,
    SHUTOUT_LINE,
    TRIP_LINE,
)
from game.ui import layout, theme
from game.ui.scenes_registry import TABLES

from .millebornes_support import config
from .ui_helpers import frames, make_app

ENTRY = TABLES["millebornes"]


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    return make_app("fast")


def summary_texts(app, monkeypatch, variant: str, players: int, lines) -> tuple[list[str], list[pygame.Rect], object]:
    """What the real table's hand summary writes (and where) when the first zone scored ``lines``."""
    from game.millebornes import table_parts as parts

    zones = players // 2 if variant == "teams" else players
    seats = [Seat(f"P{i + 1}", "human" if i == 0 else "easy", theme.SEAT_COLOURS[i]) for i in range(players)]
    match = Match(ENTRY.spec, config(players, variant), 3, seats)
    scene = ENTRY.scene(app, match, ENTRY)
    app.stack.clear_to(scene)
    frames(app, 1)
    written: list[str] = []
    rects: list[pygame.Rect] = []
    real_blit, real_summary = theme.blit_text, parts.draw_hand_summary

    def recording_blit(surface, text, *args, **kwargs):
        rect = real_blit(surface, text, *args, **kwargs)
        written.append(str(text))
        rects.append(rect)
        return rect

    def summary(*args, **kwargs):
        monkeypatch.setattr(theme, "blit_text", recording_blit)
        try:
            return real_summary(*args, **kwargs)
        finally:
            monkeypatch.setattr(theme, "blit_text", real_blit)

    monkeypatch.setattr(parts, "draw_hand_summary", summary)
    seats_of = [tuple(s for s in range(players) if s % zones == z) for z in range(zones)]
    total = sum(points for _label, points in lines)
    scene.open_summary({"hand": 1, "why": "trip completed", "seats": seats_of, "points": [total] + [0] * (zones - 1),
                        "totals": [total] + [0] * (zones - 1), "lines": [tuple(lines)] + [((MILES_LINE, 0),)] * (zones - 1)})
    frames(app, 1)
    return written, rects, scene


@pytest.mark.parametrize("variant,players", [("solo", 2), ("teams", 6)])
def test_millebornes_hand_summary_explains_the_classic_bonuses_it_scored(app, monkeypatch, variant, players):
    lines = ((MILES_LINE, 1000), (TRIP_LINE, 400), (DELAYED_LINE, 300), (SAFE_TRIP_LINE, 300), (SHUTOUT_LINE, 500),
             (EXTENSION_LINE, 200))
    written, rects, scene = summary_texts(app, monkeypatch, variant, players, lines)
    text = " ".join(written)
    for words in ("Delayed action: the trip was completed after the draw pile ran out.",
                  "Shut-out: the trip was completed before any opponent played a distance card.",
                  "Extension: the trip was extended from 700 to 1,000 and completed."):
        assert words in text, f"{words!r} not written under the summary's figures"
    button = scene.continue_btn.rect
    assert button.top >= max(r.bottom for r in rects), "Continue comes below the notes"
    assert layout.TABLE.contains(button), "the summary with its notes still fits the table"


def test_millebornes_hand_summary_has_no_notes_when_no_such_bonus_was_scored(app, monkeypatch):
    written, _rects, _scene = summary_texts(app, monkeypatch, "solo", 2, ((MILES_LINE, 1000), (TRIP_LINE, 400)))
    assert not any(":" in w and "trip was" in w for w in written), written
