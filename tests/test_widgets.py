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


# ---------------------------------------------------------------- floating panels, focus, window size

def test_only_one_name_field_has_the_focus_and_typing_goes_to_it(app, tmp_path, monkeypatch):
    from game.ui.scenes.setup import SetupScene
    from game.ui.scenes_registry import playable

    from .ui_helpers import click, key

    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    scene = SetupScene(app, playable()[0])
    app.stack.clear_to(scene)
    frames(app, 2)
    first, second = scene.rows[0].name, scene.rows[1].name
    click(app, first.rect.center)
    click(app, second.rect.center)
    assert second.focused and not first.focused
    before = first.value
    key(app, pygame.K_z, "z")
    assert second.value.endswith("z") and first.value == before


def test_a_tooltip_never_covers_another_control_when_there_is_room(app, tmp_path, monkeypatch):
    """The pause menu's Undo tooltip used to sit on Resume."""
    from game.engine.match import Match, Seat
    from game.ui.scenes.pause import PauseScene
    from game.ui.scenes_registry import playable

    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    entry = playable()[0]
    config = entry.spec.default_config()
    match = Match(entry.spec, config, 3, [Seat(f"P{i}", "human" if i == 0 else "easy")
                                         for i in range(config.players)])
    table = entry.scene(app, match, entry)
    app.stack.clear_to(table)
    pause = PauseScene(app, table)
    app.stack.push(pause)
    _hover(app, pause.undo.rect.center, 40)
    assert tooltips.last_rect is not None and tooltips.text
    for widget in pause.widgets:
        assert not tooltips.last_rect.colliderect(widget.rect), f"the tooltip covers {widget.label}"


def test_toasts_never_cover_the_turn_prompt_or_a_control(app, tmp_path, monkeypatch):
    from game.engine.match import Match, Seat
    from game.ui.scenes_registry import playable

    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    for entry in playable():
        config = entry.spec.default_config()
        match = Match(entry.spec, config, 3, [Seat(f"P{i}", "human" if i == 0 else "easy")
                                             for i in range(config.players)])
        table = entry.scene(app, match, entry)
        app.stack.clear_to(table)
        app.toasts.show("Move refused: a long message about why this move cannot be played right now.", "warn")
        frames(app, 2)
        keep = table.keep_visible()
        assert table.prompt_rect() in keep and table.undo_btn.rect in keep
        for item in app.toasts.items:
            hidden = [r for r in keep if item[3].colliderect(r)]
            assert not hidden, f"{entry.spec.id}: a toast covers {hidden}"
        app.toasts.items.clear()


def test_the_window_cannot_be_shrunk_below_a_readable_size(app):
    from game.app import MIN_WINDOW

    frames(app, 1, events=[pygame.event.Event(pygame.VIDEORESIZE, w=300, h=200, size=(300, 200))])
    assert app.settings.window_size == MIN_WINDOW
    assert MIN_WINDOW[0] >= 960 and MIN_WINDOW[1] >= 540


def test_the_rules_contents_show_every_heading_whole(app):
    from pathlib import Path

    from game.ui.scenes.rules_viewer import RulesScene, TocEntry

    docs = sorted(p.name for p in (Path(__file__).resolve().parent.parent / "docs" / "rules").glob("*.md"))
    for doc in docs:
        scene = RulesScene(app, "Game", doc)
        entries = [w for w in scene.widgets if isinstance(w, TocEntry)]
        titles = [title for title, _ in scene.sections[:len(entries)]]
        assert entries, doc
        for entry, title in zip(entries, titles, strict=True):
            assert " ".join(entry.lines) == title, f"{doc}: heading {title!r} shown as {entry.lines}"


@pytest.mark.parametrize("size", [16, 18, 26])
def test_the_rules_text_keeps_a_word_with_an_accented_capital_on_the_lines_baseline(app, size):
    """The font draws a word whose glyph rises above its ascent (Édouard, À) lower in its own image; the rules
    text, drawn word by word, lifts it back so that "Édouard de À" sits on one baseline (French rules)."""
    from game.ui import theme
    from game.ui.scenes.markdown import render_rich

    words = ["Édouard", "de", "À", "lard"]  # no descenders: each word's lowest ink is the baseline
    line = render_rich(" ".join(words), 800, size, (255, 255, 255))
    font, x, bottoms = theme.font(size, "body"), 0, []
    for word in words:
        w = font.size(word)[0]
        bottoms.append(line.subsurface((x, 0, w, line.get_height())).get_bounding_rect().bottom)
        x += w + font.size(" ")[0]
    assert len(set(bottoms)) == 1, bottoms


@pytest.mark.parametrize("points", [3, 4, 12, 30])
def test_chart_labels_under_the_points_stay_inside_the_chart_and_never_touch(monkeypatch, points):
    """A Veldiv pursuit's results chart named its last point "Leader's lap 3" centred on the plot's right end: the
    label ran past the chart's panel."""
    from game.ui import theme
    from game.ui.widgets.chart import LineChart

    pygame.init()
    labels = [f"Leader's lap {i + 1}" for i in range(points)]
    chart = LineChart((480, 110, 760, 420), labels, [list(range(points)), [0] * points], [(200, 0, 0), (0, 0, 200)],
                      ["Ann", "Bob"])
    drawn: list[tuple[str, pygame.Rect]] = []
    real = theme.blit_text

    def record(surface, text, pos, *args, **kwargs):
        rect = real(surface, text, pos, *args, **kwargs)
        drawn.append((text, rect))
        return rect

    monkeypatch.setattr(theme, "blit_text", record)
    chart.draw(pygame.Surface((1280, 720)))
    shown = sorted((rect for text, rect in drawn if text in labels), key=lambda r: r.x)
    assert shown and any(text == labels[-1] for text, _rect in drawn), "the last point is always named"
    for rect in shown:
        assert chart.rect.contains(rect), rect
    for left, right in zip(shown, shown[1:], strict=False):
        assert left.right < right.x, (left, right)


def test_a_button_label_too_long_for_it_is_shortened_inside_the_button_never_drawn_past_its_edges(app):
    """A name of 40 characters (the most a save may hold) in "I am …: show" on the hand-off button ran out of it."""
    from game.ui import theme

    button = Button((100, 100, 300, 60), "", words=lambda: "I am " + "W" * 40 + ": show", size=22)
    canvas = pygame.Surface((600, 300))
    drawn = []
    real = theme.text
    try:
        theme.text = lambda label, *a, **k: (drawn.append(real(label, *a, **k)), drawn[-1])[1]
        button.draw(canvas)
    finally:
        theme.text = real
    assert drawn and drawn[-1].get_width() <= button.rect.w - 4


def test_the_move_log_marks_a_top_line_that_continues_an_entry_scrolled_out_so_it_never_reads_as_whole(app):
    from game.ui.widgets.move_log import MoveLog

    log = MoveLog((0, 0, 240, 34 + 8 + 3 * 20))  # room for three lines
    long_entry = "Ann plays the green 7 and the green 8 on the red 5, and takes the lead of the hand from Bob"
    log.set_entries([("Game starts", None), (long_entry, (200, 0, 0)), ("Bob passes", (0, 0, 200))])
    rows = log.visible_rows()
    assert len(rows) == 3 and not rows[0][2]  # the long entry's first line is scrolled out
    assert rows[0][0].startswith("… ") and rows[0][0][2:] in long_entry
    assert [row[0] for row in rows[1:]][-1] == "Bob passes"
    log.set_entries([("Game starts", None), ("Bob passes", (0, 0, 200))])
    assert [row[0] for row in log.visible_rows()] == ["Game starts", "Bob passes"]  # whole entries stay as they are


def test_the_rules_page_scrolled_halfway_reports_no_cut_text_its_edge_is_a_window_onto_the_page(tmp_path, monkeypatch):
    """The lines scrolled past the page's edge are cut as a window onto the page cuts them; the text audit (which
    the table runs use to find text cut by mistake) must not report them, or it hides real cuts among them."""
    from game.ui import text_audit
    from game.ui.scenes.rules_viewer import RulesScene

    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    text_audit.enable()
    try:
        app = make_app()
        scene = RulesScene(app, "Velonimo", "velonimo.md")
        app.stack.push(scene)
        scene.target = scene.scroll = scene.max_scroll / 2 + 7  # a line half out at the top and at the bottom
        text_audit.take_problems()
        frames(app, 1)
        assert [p for p in text_audit.take_problems() if p.startswith("cut")] == []
    finally:
        text_audit.disable()


def test_the_move_log_brightens_its_newest_entries_whole_never_half_an_entry(app):
    # the newest lines are drawn bright; counted in wrapped rows, an entry broken over two rows was half bright
    from game.ui.widgets.move_log import MoveLog

    log = MoveLog((0, 0, 240, 34 + 8 + 8 * 20))
    long_entry = "Bob counter-attacks with three Cows and the green 4 on the red 5: 34 to beat"
    log.set_entries([("Game starts", None), (long_entry, (0, 0, 200)), ("Ann passes", (200, 0, 0)),
                     ("Cat passes", (0, 200, 0))])
    rows = log.visible_rows()
    entry_rows = [row for row in rows if row[0] not in ("Game starts", "Ann passes", "Cat passes")]
    assert len(entry_rows) >= 2, "the long entry wraps"
    assert len({row[3] for row in entry_rows}) == 1, "an entry is bright or muted as a whole"
    assert rows[-1][3] and rows[-2][3] and not rows[0][3]
