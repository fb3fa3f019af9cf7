"""Undo through the real table at its transitions: what the table says after a step is taken back is what the
match says then, nothing of the step undone stays on screen."""

from __future__ import annotations

import pytest

from .test_velomaster_tour_scene import leader_decision
from .ui_helpers import click, frames, make_app


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    return make_app("instant")


def test_undo_of_a_tour_decision_between_stages_takes_its_news_off_the_standings_screen(app):
    """The one human makes the leader choice between two VeloMaster stages, the engine starts stage 2 ("Stage 2 of
    2 starts at …" in the decisions panel), then the human clicks Undo: the question is asked again, and the panel
    no longer tells of a stage start (or a leader) that was taken back."""
    scene, match, decision, seat = leader_decision(app)
    before = scene.news_lines()
    click(app, scene.decision_btns[-1].rect.center)
    frames(app, 2)
    assert scene.news_lines() != before, "the decision's news is told"
    assert scene.undo_blocker() is None
    click(app, scene.undo_btn.rect.center)
    frames(app, 3)
    assert match.state.view(None).tour.phase == "between" and scene.decision_btns
    assert scene.news_lines() == before, "the news of the decision taken back is gone"


def test_the_handoff_after_a_secret_repechage_vote_offers_the_voter_to_take_it_back_and_hands_the_vote_round_again(
        app):
    """Expert tour, two humans and a bot: Ann votes in secret, the screen is handed to Bob ("Repêchage? Pass to
    Bob"). As every hand-off after a human's move, it offers "Undo Ann's move"; taken back, the screen goes to Ann
    first, then, once she has voted again, to Bob through his hand-off (his vote is secret too)."""
    from game.ui import theme

    from .test_velomaster_tour_scene import between_stages, open_table, run_until

    match = between_stages(["human", "human", "easy"], "expert-salzburg", "repechage")
    scene = open_table(app, match)
    run_until(app, lambda: type(app.stack.top).__name__ == "HandoffScene")
    click(app, (theme.W // 2, 300))
    run_until(app, lambda: scene.decision_btns and scene.acting_human() == 0)
    steps = len(match.steps)
    click(app, scene.decision_btns[0].rect.center)
    assert match.steps[steps].seat == 0
    run_until(app, lambda: type(app.stack.top).__name__ == "HandoffScene")
    handoff = app.stack.top
    assert handoff.seat == 1 and handoff.undo_btn is not None and handoff.undo_btn.label == "Undo Ann's move"
    click(app, handoff.undo_btn.rect.center)
    assert len(match.steps) == steps and 0 in match.to_act()
    run_until(app, lambda: type(app.stack.top).__name__ == "HandoffScene")
    assert app.stack.top.seat == 0, "Ann is handed the screen to vote again"
    click(app, (theme.W // 2, 300))
    run_until(app, lambda: scene.decision_btns and scene.acting_human() == 0)
    click(app, scene.decision_btns[0].rect.center)
    run_until(app, lambda: type(app.stack.top).__name__ == "HandoffScene")
    assert app.stack.top.seat == 1, "Bob is handed the screen for his secret vote"


def test_a_hot_seat_match_resumed_at_a_handoff_still_offers_the_mover_to_take_back_their_move(app, monkeypatch):
    """Ann moves, the screen is to be passed to Bob; the match is saved and resumed from the menu's matches in
    progress. The hand-off to P1 offers "Undo P0's move" as it did before the save, and Undo's tooltip tells the
    truth (not "Nothing to undo yet." over a match with moves)."""
    from game.engine.match import Match
    from game.ui import privacy
    from game.ui.scenes.handoff import HandoffScene

    from .test_hotseat import start, take_screen, until
    from .test_match_scene import ENTRY as RACE_ENTRY

    monkeypatch.setattr(privacy, "strict", True)
    scene, match = start(app, RACE_ENTRY, ["human", "human"])
    assert until(app, lambda: isinstance(app.stack.top, HandoffScene))
    take_screen(app)
    scene.submit(scene.legal()[0])
    assert until(app, lambda: isinstance(app.stack.top, HandoffScene))
    resumed = Match.from_save(match.to_save(), {RACE_ENTRY.spec.id: RACE_ENTRY.spec})
    scene = RACE_ENTRY.scene(app, resumed, RACE_ENTRY)
    app.stack.clear_to(scene)
    assert until(app, lambda: isinstance(app.stack.top, HandoffScene))
    handoff = app.stack.top
    assert handoff.seat == 1 and handoff.undo_btn is not None and handoff.undo_btn.label == "Undo P0's move"
    assert scene.undo_blocker() is None
    click(app, handoff.undo_btn.rect.center)
    assert not resumed.steps
    assert until(app, lambda: isinstance(app.stack.top, HandoffScene) and app.stack.top.seat == 0)
