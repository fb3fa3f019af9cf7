"""Two humans or more at one VeloMaster screen, with bots: what each is asked, and that what is asked can be
answered with the controls on screen, driven through the real App."""

import pytest

from game.ui import privacy
from game.ui.scenes.handoff import HandoffScene
from game.velomaster import expert_table
from game.velomaster.rules.lines import votes_needed

from .test_velomaster_expert_scene import NAMES, open_race, played_until
from .ui_helpers import click, frames, make_app


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    monkeypatch.setattr(privacy, "strict", True)
    return make_app("normal")  # the bots' votes animate: a human's vote is asked meanwhile


def _vote_of_a_human_and_a_bot(view, seat):
    """A line ``seat`` may propose for an accélération that two other directors must vote on."""
    if view.phase != "propose" or not view.lines:
        return False
    line = view.lines[0]
    mine = sum(1 for r in line if view.riders[r].seat == seat)
    return mine < votes_needed(line) and len(set(expert_table.line_seats(view, line)) - {seat}) >= 2


def test_a_human_s_vote_asked_while_a_bot_s_vote_animates_keeps_its_buttons_and_counts(app):
    """The vote question stood for Dan (handed the screen) while a bot's vote animated: the top bar kept saying
    "Dan: accélération? Agree or refuse (the question on the map)" but the question and its Agree / Refuse buttons
    were gone until the animation ended, so Dan's click then was lost. Now they stay and the click votes."""
    seed, moves, proposer = next(f for f in (played_until(4, s, _vote_of_a_human_and_a_bot) for s in range(1, 40))
                                 if f is not None)
    scene, match = open_race(app, ["easy"] * 4, seed, actions=moves)
    voters = [s for s in expert_table.line_seats(scene.v, scene.v.lines[0]) if s != proposer]
    controllers = ["easy"] * 4
    controllers[proposer] = controllers[voters[0]] = "human"
    human = voters[0]
    scene, match = open_race(app, controllers, seed, actions=moves)
    click(app, scene.accel_btn.rect.center)
    for _ in range(300):
        frames(app, 1)
        if isinstance(app.stack.top, HandoffScene):
            break
    assert isinstance(app.stack.top, HandoffScene) and app.stack.top.player == NAMES[human]
    app.stack.top._go()
    for _ in range(300):  # the bot votes while the human's question stands
        frames(app, 1)
        if scene.busy():
            break
    frames(app, 2)
    assert scene.busy() and human in match.to_act() and len(match.to_act()) == 1
    assert scene.shown_prompt()[0].startswith(f"{NAMES[human]}: accélération?")
    assert scene.agree_btn.visible and scene.refuse_btn.visible, "the question the prompt names has its buttons"
    click(app, scene.agree_btn.rect.center)
    assert any(type(e).__name__ == "AccelerationVote" and e.seat == human and e.agree
               for step in match.steps for e in step.events), "the click while the bot's vote animated votes"


def test_the_top_bar_undo_button_says_whose_move_it_takes_back_with_two_humans(tmp_path, monkeypatch):
    """With two humans at the screen the top bar's Undo said only "Undo": while the bot waited after Ann's move,
    Bob could not tell from it that it takes back Ann's move, not his (the pause menu says "Undo Ann's move"). Its
    tooltip now names whose move it is."""
    import random

    from game.engine.match import Match, Seat
    from game.engine.protocol import Config
    from game.ui import theme
    from game.ui.scenes_registry import TABLES

    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    entry = TABLES["velomaster"]
    config = entry.spec.validate_config(Config("race", 3, (("course", "salzburg"), ("finish", 33))))
    seats = [Seat(NAMES[i], c, theme.SEAT_COLOURS[i]) for i, c in enumerate(("human", "human", "easy"))]
    rnd = random.Random(5)
    for seed in range(1, 30):  # Ann's decision that a bot answers next, and that Undo may take back
        match = Match(entry.spec, config, seed, [Seat(s.name, "human", s.colour) for s in seats])
        found = None
        for _ in range(400):
            seat = match.to_act()[0]
            legal = match.state.legal_actions(seat)
            if seat == 0:
                for action in legal:
                    after, _events = match.state.apply(0, action)
                    if after.to_act() == (2,) and type(action).__name__ in ("Step", "Stop"):
                        found = action
                        break
            if found is not None:
                break
            match.act(seat, rnd.choice(legal))
        if found is not None:
            break
    moves = [(step.seat, step.action) for step in match.steps]
    app = make_app("normal")
    match = Match(entry.spec, config, seed, seats)
    for seat, action in moves:
        match.act(seat, action)
    scene = entry.scene(app, match, entry)
    app.stack.clear_to(scene)
    frames(app, 2)
    assert scene.submit(found, 0)
    for _ in range(200):  # the move animates; the bot waits for Undo's countdown
        frames(app, 1)
        if not scene.busy():
            break
    assert match.steps[-1].seat == 0
    assert scene.undo_blocker() is None and scene.undo_seat() == 0
    assert scene.undo_btn.current_tooltip() == "Undo Ann's move"
