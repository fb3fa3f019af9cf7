"""Ties on the results screen: a tie the ranking breaks is explained in the result's details."""

import random

from game.engine.match import Match, Seat
from game.ui import theme
from game.ui.scenes_registry import TABLES


def _play(game, variant, players, seed):
    spec = TABLES[game].spec
    seats = [Seat(n, "human" if i < 2 else "easy", theme.SEAT_COLOURS[i])
             for i, n in enumerate(["Ann", "Bob", "Carl", "Dora"][:players])]
    match = Match(spec, spec.default_config(variant, players), seed, seats)
    rng = random.Random(seed)
    while not match.is_over():
        seat = match.to_act()[0]
        match.act(seat, rng.choice(match.state.legal_actions(seat)))
    return match


def _tied(result):
    """Seats sharing a score, as groups in ranking order."""
    groups = {}
    for s in result.ranking:
        groups.setdefault(result.scores[s], []).append(s)
    return [g for g in groups.values() if len(g) > 1]


def test_velonimo_results_explain_a_tie_on_points_broken_by_the_last_round():
    match = _play("velonimo", "standard", 4, 7)  # Dora and Carl both end on 33 points
    result = match.state.result()
    tied = _tied(result)
    assert tied, "this match ends with a tie on points"
    details = " / ".join(str(d) for d in result.details)
    last = match.state.rpoints
    for group in tied:
        assert [last[s] for s in group] == sorted((last[s] for s in group), reverse=True)
        assert ", ".join(f"{{{s}}} {last[s]}" for s in group) in details, details
    assert "last round" in details


def test_cagnotte_results_explain_who_ranks_first_among_players_who_paid_the_same():
    match = _play("veldiv", "cagnotte", 3, 1)  # Carl and Bob both paid 4
    result = match.state.result()
    assert _tied(result), "this race ends with two players who paid the same"
    details = " ".join(str(d) for d in result.details)
    assert "order across the line on the last lap" in details, details


def test_alameda_results_never_call_a_tie_broken_when_the_distance_in_hand_is_equal_too():
    """Both Bob and Dora end on 4 points with empty hands: the distance left in hand breaks nothing."""
    match = _play("alameda", "standard", 4, 2)
    result = match.state.result()
    hands = match.state.hands
    assert (result.scores[1], result.scores[3], sum(hands[1]), sum(hands[3])) == (4, 4, 0, 0)
    details = [str(d) for d in result.details]
    assert not any("broken" in d and "{1}" in d and "{3}" in d for d in details), details
    assert any("{1}" in d and "{3}" in d and "share" in d for d in details), details
    assert result.ranking == (0, 1, 3, 2) and result.places == (1, 2, 2, 4), "Bob and Dora share the second place"


def test_alameda_players_sharing_the_win_on_points_and_distance_are_not_told_the_tie_was_broken():
    match = _play("alameda", "standard", 4, 4)  # Ann and Dora share the tour on 3 points, empty hands
    result = match.state.result()
    assert result.winners == (0, 3)
    assert not any("broken" in str(d) for d in result.details), result.details


def _drawn_places(match) -> dict[int, str]:
    """The place the results screen draws on each seat's line (its "rank" tag)."""
    from game.ui import text_audit
    from game.ui.scenes.results import ResultsScene

    from .ui_helpers import frames, make_app

    text_audit.enable()
    try:
        app = make_app("instant")
        app.stack.clear_to(ResultsScene(app, match, lambda: None, lambda: None))
        frames(app, 2)
        return {tag[1]: texts[-1] for tag, texts in text_audit.tagged(app.canvas).items()
                if isinstance(tag, tuple) and tag[0] == "rank"}
    finally:
        text_audit.disable()


def test_results_screen_ranks_players_still_level_after_the_tie_break_in_the_same_place(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    match = _play("alameda", "standard", 4, 2)  # Ann 5; Bob and Dora 4 each with empty hands; Carl 3
    assert match.state.result().ranking == (0, 1, 3, 2)
    ranks = _drawn_places(match)
    assert ranks == {0: "1", 1: "2", 3: "2", 2: "4"}, ranks


def test_results_screen_keeps_the_places_a_tie_break_decides(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    match = _play("velonimo", "standard", 4, 7)  # Dora and Carl on 33: the last round puts Dora first
    ranks = _drawn_places(match)
    assert ranks == {3: "1", 2: "2", 0: "3", 1: "4"}, ranks


def test_results_screen_gives_mille_bornes_teams_level_on_points_the_same_place(tmp_path, monkeypatch):
    """"A tie is shared": teams B and C, level on 150, were numbered 2 and 3 on the results."""
    from game.engine.match import Match, Seat
    from game.millebornes.rules.actions import Play
    from game.millebornes.rules.cards import D25, D100, GO
    from game.ui import text_audit, theme
    from game.ui.scenes.results import ResultsScene

    from .millebornes_support import SPEC, build, config, play
    from .ui_helpers import frames, make_app

    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    zones = [{"drive": (GO,), "counts": (0, 0, 0, 5, 2)}, {"drive": (GO,), "counts": (0, 0, 2, 0, 0)},
             {"drive": (GO,), "counts": (0, 0, 2, 0, 0)}]
    state = build(6, [[D100] + [D25] * 6] + [[] for _ in range(5)], variant="teams", zones=zones)
    state, _ = play(state, 0, Play(D100, 0))
    match = Match(SPEC, config(6, "teams"), 1, [Seat(f"P{i}", "easy", theme.SEAT_COLOURS[i]) for i in range(6)])
    match.states = [state]
    assert match.is_over()
    text_audit.enable()
    try:
        app = make_app("instant")
        app.stack.clear_to(ResultsScene(app, match, lambda: None, lambda: None))
        frames(app, 2)
        places = {tag[1]: texts[-1] for tag, texts in text_audit.tagged(app.canvas).items()
                  if isinstance(tag, tuple) and tag[0] == "team rank"}
    finally:
        text_audit.disable()
    assert places == {0: "1", 1: "2", 2: "2"}, places

