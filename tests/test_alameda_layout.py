"""The Tour of Alameda table's words stay readable and apart at every player count, with ten-letter names:
the stage summary's longest line fits its column, the words a leg brings ("+10" on the road, "takes the 6",
"Mountaineer +1" and "breakaway: no draw" under the plaques, the news line) sit in free space, and each
rider's "+N" lies in its own lane behind the bike."""

import pygame
import pytest

from game import i18n
from game.alameda import table_parts as parts
from game.alameda.rules.events import (
    BlindDraw,
    CardTaken,
    EnduranceScored,
    HandsRefilled,
    LegPlayed,
    MountaineerScored,
    RestRevealed,
    StageScored,
    WrenchClash,
    WrenchWasted,
)
from game.engine.match import Match, Seat
from game.ui import layout, text_audit, theme
from game.ui.scenes_registry import TABLES

from .ui_helpers import frames, make_app

ENTRY = TABLES["alameda"]
SPEC = ENTRY.spec
LONG_NAMES = ("Maximilien", "Christophe", "Gwendoline", "Bartholome", "Jacqueline", "Alexandrie", "Marguerite",
              "Guillaume")


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    text_audit.enable()  # before the app makes its canvas
    try:
        a = make_app("normal")
        a.settings.undo_window = 0.0
        yield a
    finally:
        text_audit.disable()


def table(app, players: int, controllers=None):
    seats = [Seat(LONG_NAMES[i], (controllers or ["easy"] * players)[i], theme.SEAT_COLOURS[i])
             for i in range(players)]
    match = Match(SPEC, SPEC.default_config("standard", players), 7, seats)
    scene = ENTRY.scene(app, match, ENTRY)
    app.stack.clear_to(scene)
    scene.thinking_seat = None
    return scene


def problems_of_a_frame(app) -> list[str]:
    text_audit.take_problems()
    app.draw()
    return text_audit.take_problems()


@pytest.mark.parametrize("players", range(2, 9))
def test_the_stage_summary_fits_its_longest_line_at_every_player_count(app, players):
    scene = table(app, players)
    assert parts.summary_reasons(1, 12, True) == "+1 tie for first, +12 Mountaineer/Endurance"
    scene.summary = {"stage": 12, "distances": [88] * players, "award": [1, 1] + [0] * (players - 2),
                     "extras": [12] * players, "auto": None}
    scene.continue_btn.visible = True
    found = problems_of_a_frame(app)
    assert found == [], found
    box = pygame.Rect(0, 0, parts.SUMMARY_W, parts.summary_height(players))
    box.center = (layout.TABLE.centerx, layout.TABLE.centery + 10)
    assert layout.TABLE.contains(box)
    assert box.contains(scene.continue_btn.rect)


def test_a_busy_leg_at_eight_players_puts_every_word_in_free_space(app):
    scene = table(app, 8)
    frames(app, 2)
    scene._shown()
    n = 8
    events = [
        WrenchWasted(0),
        CardTaken(3, 4, 10),
        BlindDraw(4, 3, 9),
        WrenchClash(6, 7),
        BlindDraw(6, 7, 8),
        BlindDraw(7, 6, 10),
        LegPlayed(1, 5, (10, 1, 9, 10, 9, 2, 8, 10), (10, 1, 9, 10, 9, 2, 8, 10)),
        MountaineerScored(tuple(range(n)), 4),
        EnduranceScored(3, 5),
        HandsRefilled((1,) * n, 3),
        RestRevealed(tuple(range(7)), (7,)),
    ]
    scene.anim.play(events)
    seen: set[str] = set()
    for _ in range(600):  # ten seconds at normal speed: every pop is shown and fades
        app.step(1 / 60, [])
        found = text_audit.take_problems()
        assert found == [], found
        seen |= {p.text for p in scene.anim.pops}
    assert {"+10", "+1", "takes the 10", "draws a 9 blind", "draws an 8 blind", "nothing to take", "Mountaineer +1", "Endurance +1",
            "breakaway: no draw"} <= seen


def test_the_words_under_the_plaques_take_the_next_free_row_and_the_oldest_give_way(app):
    scene = table(app, 8)
    for seat in range(8):
        scene._show_seat_pop(seat, "Mountaineer +1", 1.4, theme.GREEN)
    rows = [p.row for p in scene.seat_pops]
    assert rows == [0, 1, 0, 1, 0, 1, 0, 1]  # neighbours' words are too wide for one row at eight players
    scene._show_seat_pop(2, "breakaway: no draw", 1.4, theme.ACCENT)
    assert len(scene.seat_pops) <= 8
    texts = [p.text for p in scene.anim.pops]
    assert "breakaway: no draw" in texts
    for a in scene.seat_pops:
        for b in scene.seat_pops:
            if a is not b and a.row == b.row:
                assert a.right <= b.left or b.right <= a.left
    for p in scene.seat_pops:
        assert parts.PLAQUES.x <= p.left + 4 and p.right - 4 <= parts.PLAQUES.right


@pytest.mark.parametrize("players", (2, 5, 8))
def test_a_riders_gain_lies_in_its_lane_behind_the_bike(app, players):
    scene = table(app, players)
    frames(app, 2)
    scene._shown()
    cards = tuple([3] * players)
    distances = tuple(3 + 4 * s for s in range(players))
    scene.anim.play([LegPlayed(1, 2, cards, distances)])
    for _ in range(60):
        app.step(1 / 60, [])
        if scene.road_pops:
            break
    assert len(scene.road_pops) == players
    scale = parts.road_scale(distances)
    lane = parts.lane_height(players)
    for seat, pop in enumerate(scene.road_pops):
        x, y = parts.rider_point(seat, players, distances[seat], scale)
        assert pop.pos[0] < x - parts.rider_size(players) * 0.5
        assert abs(pop.pos[1] - y) < lane / 2
        assert pop.pos[0] > parts.ROAD.x


def test_in_french_the_time_trials_reason_on_the_stage_summary_is_not_cut(app):
    """Time Trial Stages: "5 coureurs sur 5 ont joué leur Clé à molette dès la première manche : encore une manche
    (contre-la-montre), puis la fin" is wider than the summary at its usual size; it is drawn whole, smaller."""
    scene = table(app, 5)
    i18n.set_language("fr")
    try:
        why = StageScored(1, (9, 8, 7, 6, 5), (2, 0, 0, 0, 0), 5, "time-trial").why_words()
        scene.summary = {"stage": 1, "distances": [9, 8, 7, 6, 5], "award": [2, 0, 0, 0, 0], "extras": [0] * 5,
                         "auto": None, "why": why}
        scene.continue_btn.visible = True
        found = problems_of_a_frame(app)
        assert found == [], found
        assert i18n.tr(why) in text_audit.texts(app.canvas)
    finally:
        i18n.set_language("en")
