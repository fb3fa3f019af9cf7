"""Teams on the shared screens: the setup offers only the player counts a game allows and shows the
partnerships; the results rank teams."""

import pytest

from game.engine.bots import make_bot
from game.engine.match import Match, Seat
from game.ui import theme
from game.ui.scenes.results import ResultsScene
from game.ui.scenes.setup import SetupScene

from .toy_games.table import TOY_ENTRIES
from .ui_helpers import click, frames, make_app


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    return make_app("fast")


def test_setup_player_stepper_skips_a_count_the_game_refuses(app):
    scene = SetupScene(app, TOY_ENTRIES["relay"])
    app.stack.clear_to(scene)
    frames(app, 2)
    assert len(scene.rows) == 4
    minus, plus = scene.players._parts()
    click(app, plus.center)
    assert len(scene.rows) == 6, "Relay is for 4 or 6 players: + goes from 4 to 6"
    click(app, plus.center)
    assert len(scene.rows) == 6
    click(app, minus.center)
    assert len(scene.rows) == 4


def test_setup_shows_the_partnerships_with_partners_apart(app):
    scene = SetupScene(app, TOY_ENTRIES["relay"])
    app.stack.clear_to(scene)
    frames(app, 2)
    assert scene.teams() == (0, 1, 0, 1)
    assert scene.nearest_allowed(5) == 6 and scene.nearest_allowed(12) == 6 and scene.nearest_allowed(2) == 4


def test_results_rank_the_teams_best_first(app):
    entry = TOY_ENTRIES["relay"]
    seats = [Seat(n, "easy", theme.SEAT_COLOURS[i]) for i, n in enumerate(["Ann", "Bob", "Carl", "Dora"])]
    match = Match(entry.spec, entry.spec.default_config("teams", 4), 3, seats)
    while not match.is_over():
        seat = match.to_act()[0]
        bot = make_bot(match.game, seat, "random")
        match.act(seat, bot.start(match.state.view(seat), match.state.legal_actions(seat), len(match.steps)).run())
    scene = ResultsScene(app, match, app.home, app.home)
    app.stack.clear_to(scene)
    frames(app, 2)
    result = match.state.result()
    first = result.team_ranking[0]
    assert result.team_scores[first] == max(result.team_scores)
    assert all(match.game.teams(match.config)[w] == first for w in result.winners)
    assert scene.headline == f"{' & '.join(match.names[w] for w in result.winners)} win!"


class _Finished:
    """A finished state whose result is ``result`` (the rest as the real one)."""

    def __init__(self, real, result):
        self.real, self.fixed = real, result

    def result(self):
        return self.fixed

    def __getattr__(self, name):
        return getattr(self.real, name)


def test_results_give_players_who_share_the_win_the_same_first_place(app, monkeypatch):
    """Two players sharing the win were ranked 1 and 2 under the headline "Ann & Bob win!"."""
    from game.engine.protocol import Result

    entry = TOY_ENTRIES["highcard"]
    seats = [Seat(n, "easy", theme.SEAT_COLOURS[i]) for i, n in enumerate(["Ann", "Bob", "Carl"])]
    match = Match(entry.spec, entry.spec.default_config(entry.spec.variants[0].id, 3), 3, seats)
    match.states[-1] = _Finished(match.state, Result(scores=(5, 5, 2), ranking=(0, 1, 2), winners=(0, 1)))
    drawn: list[tuple[str, object]] = []
    real = theme.blit_text
    monkeypatch.setattr(theme, "blit_text", lambda surface, text, *a, **k: drawn.append((text, k.get("tag")))
                        or real(surface, text, *a, **k))
    scene = ResultsScene(app, match, app.home, app.home)
    app.stack.clear_to(scene)
    frames(app, 2)
    ranks = {tag[1]: text for text, tag in drawn if isinstance(tag, tuple) and tag[0] == "rank"}
    assert ranks == {0: "1", 1: "1", 2: "3"}, ranks
    assert scene.headline == "Ann & Bob win!"
