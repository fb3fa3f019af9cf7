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
