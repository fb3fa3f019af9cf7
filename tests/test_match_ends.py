"""The end of a match as players meet it: the results screen and what its buttons lead to."""

from types import SimpleNamespace

from game.engine.match import Seat
from game.engine.protocol import Result
from game.ui import theme

from .ui_helpers import frames, make_app


def _results_of(result: Result, names: list[str]):
    """A results screen for ``result`` (a finished match's shape: names, seats, its game), drawn once."""
    from game.ui import text_audit
    from game.ui.scenes.results import ResultsScene

    game = SimpleNamespace(name="VeloMaster", teams=lambda config: None)
    match = SimpleNamespace(names=names, seats=[Seat(n, "easy", theme.SEAT_COLOURS[i]) for i, n in enumerate(names)],
                            game=game, config=None, state=SimpleNamespace(result=lambda: result))
    app = make_app("instant")
    scene = ResultsScene(app, match, lambda: None, lambda: None)
    app.stack.clear_to(scene)
    frames(app, 2)
    return scene, text_audit.texts(app.canvas)


def test_a_result_without_a_chart_shows_its_details_in_the_chart_s_place(tmp_path, monkeypatch):
    """A VeloMaster race of eight (no chart: "No chart for this match." in a big empty panel): the team
    classification and every player's riders were left off the screen for want of room, under the ranking and in
    the thin strip under the empty chart. With no chart to show, the details left over take the chart's place."""
    from game.ui import text_audit

    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    names = [f"Player {i + 1}" for i in range(8)]
    details = tuple([f"Detail {k}: " + "a line long enough to wrap over two lines of the ranking's column " * 2
                     for k in range(9)])
    result = Result(scores=(0.0,) * 8, ranking=tuple(range(8)), winners=(0,), score_label="Best time",
                    details=details)
    text_audit.enable()
    try:
        scene, drawn = _results_of(result, names)
        problems = [p for p in text_audit.take_problems() if not p.startswith("shortened")]
    finally:
        text_audit.disable()
    shown = " ".join(drawn)
    assert all(f"Detail {k}:" in shown for k in range(9)), shown
    assert "No chart for this match." not in drawn
    assert problems == []


def test_a_result_without_a_chart_whose_details_fit_still_says_there_is_no_chart(tmp_path, monkeypatch):
    """Few details, no chart: the panel still says so (nothing else to put there)."""
    from game.ui import text_audit

    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    result = Result(scores=(1.0, 0.0), ranking=(0, 1), winners=(0,), details=("One short line",))
    text_audit.enable()
    try:
        _scene, drawn = _results_of(result, ["Ann", "Bob"])
    finally:
        text_audit.disable()
    assert "No chart for this match." in drawn and "One short line" in drawn
