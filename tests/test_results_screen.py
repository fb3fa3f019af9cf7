"""The results screen: the ranking, the chart and the result's details, whatever the number of players."""

from game.engine.match import Match, Seat
from game.ui import theme
from game.ui.scenes_registry import TABLES

from .ui_helpers import frames, make_app


def test_twelve_players_results_still_show_the_details_under_the_chart_when_the_ranking_fills_its_column(
        tmp_path, monkeypatch):
    from game.ui import text_audit
    from game.ui.scenes.results import ResultsScene

    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    spec = TABLES["veldiv"].spec
    seats = [Seat(f"P{i + 1}", "easy", theme.SEAT_COLOURS[i % len(theme.SEAT_COLOURS)]) for i in range(12)]
    match = Match(spec, spec.default_config("individuelle", 12), 2, seats)
    while not match.is_over():
        seat = match.to_act()[0]
        match.act(seat, match.state.legal_actions(seat)[0])
    text_audit.enable()
    try:
        app = make_app("instant")
        app.stack.clear_to(ResultsScene(app, match, lambda: None, lambda: None))
        frames(app, 1)
        drawn = " ".join(text_audit.texts(app.canvas))
        assert [p for p in text_audit.take_problems() if not p.startswith("shortened")] == []
    finally:
        text_audit.disable()
    details = match.state.result().details
    assert len(match.state.result().ranking) == 12 and details, "the race's result has details to show"
    assert " ".join(str(details[0]).split()[:3]) in drawn


def test_details_that_fit_neither_under_the_ranking_nor_under_the_chart_are_all_shown_by_the_more_details_tab(
        tmp_path, monkeypatch):
    # eight players in a six-stage Tour of Alameda: the ranking fills its column and the last stages' lines went
    # missing (stages 5 and 6 never said); the tab on the chart's panel shows them in the chart's place
    import random

    from game.ui import text_audit
    from game.ui.scenes.results import ResultsScene

    from .ui_helpers import click

    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    spec = TABLES["alameda"].spec
    seats = [Seat(f"P{i + 1}", "easy", theme.SEAT_COLOURS[i % len(theme.SEAT_COLOURS)]) for i in range(8)]
    match = Match(spec, spec.default_config(None, 8), 1, seats)
    rnd = random.Random(1)
    while not match.is_over():
        seat = match.to_act()[0]
        match.act(seat, rnd.choice(match.state.legal_actions(seat)))
    stages = [f"Stage {k}:" for k in range(1, 7)]
    assert "6 stages raced" in [str(line) for line in match.state.result().details]

    def said(texts) -> set[str]:
        return {label for label in stages if any(text.startswith(label) for text in texts)}

    text_audit.enable()
    try:
        app = make_app("instant")
        scene = ResultsScene(app, match, lambda: None, lambda: None)
        app.stack.clear_to(scene)
        frames(app, 1)
        before = said(text_audit.texts(app.canvas))
        assert scene.details_tab.visible and scene.chart.visible
        assert "Stage 6:" not in before, "the last stage's line had no room"
        click(app, scene.details_tab.rect.center)
        frames(app, 1)
        texts = text_audit.texts(app.canvas)
        assert not scene.chart.visible and "Chart" in texts
        assert before | said(texts) == set(stages) and "Stage 6:" in said(texts), "every stage said"
        assert [p for p in text_audit.take_problems() if not p.startswith("shortened")] == []
        click(app, scene.details_tab.rect.center)
        frames(app, 1)
        assert scene.chart.visible and "More details" in text_audit.texts(app.canvas)
    finally:
        text_audit.disable()


def test_no_line_or_point_of_the_chart_is_drawn_under_the_more_details_tab(tmp_path, monkeypatch):
    # La Cagnotte at twelve: the tab sits on the chart panel's top right corner, where the line of whoever paid most
    # ends (a running total ends highest on the right): the last point was hidden under the tab
    import random

    from game.ui.scenes.results import ResultsScene

    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    spec = TABLES["veldiv"].spec
    seats = [Seat(f"P{i + 1}", "easy", theme.SEAT_COLOURS[i % len(theme.SEAT_COLOURS)]) for i in range(12)]
    match = Match(spec, spec.default_config("cagnotte", 12), 2, seats)
    rnd = random.Random(2)
    while not match.is_over():
        seat = match.to_act()[0]
        match.act(seat, rnd.choice(match.state.legal_actions(seat)))
    app = make_app("instant")
    scene = ResultsScene(app, match, lambda: None, lambda: None)
    app.stack.clear_to(scene)
    frames(app, 120)  # the lines have drawn in
    assert scene.details_tab.visible and scene.chart.visible
    series = max(scene.chart.series, key=lambda s: s[-1])
    assert series[-1] == max(v for s in scene.chart.series for v in s), "the top line ends at the right"
    monkeypatch.setattr(scene.details_tab, "draw", lambda surface: None)  # what the tab covers
    frames(app, 1)
    colours = {tuple(c)[:3] for c in scene.chart.colours}
    tab = scene.details_tab.rect
    under = {tuple(app.canvas.get_at((x, y)))[:3] for x in range(tab.x, tab.right) for y in range(tab.y, tab.bottom)}
    assert not under & colours, "a line of the chart runs under the tab"
