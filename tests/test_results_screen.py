"""The results screen: the ranking, the chart and the result's details, whatever the number of players."""

from game.ui.scenes_registry import TABLES

from .ui_helpers import frames, make_app


def test_twelve_players_results_still_show_the_details_under_the_chart_when_the_ranking_fills_its_column(
        tmp_path, monkeypatch):
    from game.engine.protocol import Config
    from game.tablerun import TableRun
    from game.ui import text_audit
    from game.ui.scenes.results import ResultsScene

    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    entry = TABLES["veldiv"]
    config = entry.spec.validate_config(Config("individuelle", 12, entry.spec.default_config("individuelle", 12).options))
    text_audit.enable()
    try:
        app = make_app("instant")
        app.settings.undo_window = 0.0
        report = TableRun(app, entry, config, ("easy",) * 12, 2, max_steps=3000).run()
        assert isinstance(app.stack.top, ResultsScene) and report.problems == []
        frames(app, 1)
        drawn = " ".join(text_audit.texts(app.canvas))
    finally:
        text_audit.disable()
    details = app.stack.top.result.details
    assert details, "the race's result has details to show"
    first_words = str(details[0]).split()[:3]
    assert " ".join(first_words) in drawn
