"""Hot-seat at one screen: undo never reveals another seat's hand, bots leave time to undo, questions
out of turn are named on the hand-off, and simultaneous picks go round the humans one by one."""

import random

import pygame
import pytest

from game.engine.match import Match, Seat
from game.ui import privacy, theme
from game.ui.scenes.handoff import HandoffScene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.results import ResultsScene
from game.ui.scenes_registry import TABLES

from .test_match_scene import ENTRY as RACE_ENTRY
from .test_match_scene import SECRET_RACE
from .toy_games.hazard import HAZARD, HAZARD_GAME, Play, kind
from .toy_games.highcard import HIGHCARD
from .toy_games.table import TOY_ENTRIES
from .ui_helpers import click, frames, make_app, strict_privacy


@pytest.fixture()
def app(tmp_path, monkeypatch):
    strict_privacy(tmp_path, monkeypatch)
    return make_app("fast")


def start(app, entry, controllers, seed=5, config=None):
    spec = entry.spec
    config = config or spec.default_config(None, len(controllers))
    seats = [Seat(f"P{i}", c, theme.SEAT_COLOURS[i]) for i, c in enumerate(controllers)]
    match = Match(spec, config, seed, seats)
    scene = entry.scene(app, match, entry)
    app.stack.clear_to(scene)
    return scene, match


def take_screen(app):
    """Click through the hand-off screen if it is showing; returns the name it asked for."""
    top = app.stack.top
    if isinstance(top, HandoffScene):
        name = top.player
        click(app, top.ready.rect.center)
        return name
    return None


def until(app, condition, limit=2000):
    for _ in range(limit):
        if condition():
            return True
        frames(app, 1)
    return condition()


# ---------------------------------------------------------------- the defect the issue reports

def test_velonimo_undo_asked_by_the_next_human_neither_takes_back_nor_shows_the_previous_hand(app):
    """Seats Human, Human, Bot: P0 plays, the screen goes to P1, P1 opens the pause menu and clicks
    Undo. Before: P0's move was taken back and P0's whole hand drawn in front of P1."""
    entry = TABLES["velonimo"]
    for seed in range(1, 60):
        scene, match = start(app, entry, ["human", "human", "easy"], seed=seed)
        if match.to_act() == (0,):
            break
    assert until(app, lambda: isinstance(app.stack.top, HandoffScene))
    assert take_screen(app) == "P0"
    until(app, lambda: scene.my_turn())
    plain = [a for a in scene.legal() if match.state.apply(0, a)[0].to_act() == (1,)]
    scene.submit(plain[0])  # a play after which P1 is to act (no Tortoise steal)
    assert match.to_act() == (1,) and scene.viewer is None
    assert until(app, lambda: isinstance(app.stack.top, HandoffScene))
    assert take_screen(app) == "P1"
    until(app, lambda: not scene.busy())
    assert scene.viewer == 1
    scene.open_pause()
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    frames(app, 1)
    assert not pause.undo.enabled
    assert "P0" in pause.undo.disabled_reason and "only P0 can take it back" in pause.undo.disabled_reason
    click(app, pause.undo.rect.center)
    frames(app, 3)
    assert len(match.steps) == 1, "P1 took back P0's move"
    assert scene.viewer == 1 and not privacy.violations


def test_undo_from_the_handoff_screen_hands_the_screen_back_to_the_mover_first(app):
    scene, match = start(app, RACE_ENTRY, ["human", "human"])
    assert until(app, lambda: isinstance(app.stack.top, HandoffScene))
    take_screen(app)
    scene.submit(scene.legal()[0])  # Add 1: reversible
    assert until(app, lambda: isinstance(app.stack.top, HandoffScene))
    handoff = app.stack.top
    assert handoff.player == "P1" and handoff.undo_btn is not None and handoff.undo_btn.label == "Undo P0's move"
    click(app, handoff.undo_btn.rect.center)
    assert not match.steps and scene.viewer is None
    frames(app, 2)
    assert isinstance(app.stack.top, HandoffScene) and app.stack.top.player == "P0", \
        "the hand-off to P0 comes before P0's hand is shown again"


def test_the_handoff_screen_shows_no_refusal_meant_for_the_player_who_left(app):
    """A refused click's message ("You cannot play the Repairs: …") stayed a few seconds and floated over the
    hand-off screen, where the next player read a card of the last one's hand. The screen changing hands puts
    such messages away; an error (a failed autosave) stays."""
    scene, match = start(app, RACE_ENTRY, ["human", "human"])
    assert until(app, lambda: isinstance(app.stack.top, HandoffScene))
    take_screen(app)
    app.toasts.show("You cannot play the Repairs: nothing to repair.", "warn", 3)
    app.toasts.show("Autosave failed (disk full); the match goes on.", "error")
    scene.submit(scene.legal()[0])
    assert until(app, lambda: isinstance(app.stack.top, HandoffScene), 10)
    shown = [item[0] for item in app.toasts.items]
    assert shown == ["Autosave failed (disk full); the match goes on."], shown


def test_the_pause_menu_opened_from_a_handoff_names_whose_move_its_undo_takes_back(app):
    """From "Pass to P1", Esc opens the pause menu, whose Undo takes back P0's move (the hand-off's own button says
    "Undo P0's move"); it read "Undo my last move", which P1, holding the mouse, would read as theirs. Once a player
    has the screen, "my" is theirs and the label stays."""
    scene, match = start(app, RACE_ENTRY, ["human", "human"])
    assert until(app, lambda: isinstance(app.stack.top, HandoffScene))
    take_screen(app)
    scene.submit(scene.legal()[0])
    assert until(app, lambda: isinstance(app.stack.top, HandoffScene))
    frames(app, 1, events=[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)])
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    frames(app, 1)
    assert pause.undo.enabled and shown_label(pause.undo) == "Undo P0's move"
    app.pop()
    take_screen(app)
    assert until(app, lambda: scene.viewer == 1)
    scene.open_pause()
    assert shown_label(app.stack.top.undo) == "Undo my last move"


def shown_label(button) -> str:
    return button.words() if button.words is not None else button.label


def test_escape_on_the_handoff_screen_opens_the_pause_menu_and_shows_nothing(app):
    scene, match = start(app, RACE_ENTRY, ["human", "human"])
    assert until(app, lambda: isinstance(app.stack.top, HandoffScene))
    frames(app, 1, events=[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)])
    assert isinstance(app.stack.top, PauseScene)
    frames(app, 2)
    assert scene.viewer is None and scene.handoff_open


# ---------------------------------------------------------------- undo against bots

def test_undo_against_bots_takes_back_your_move_with_the_computer_moves_after_it_without_a_timer(app):
    """As chess programs do: one human among bots takes back their own last move together with the bots' moves
    that followed (nothing revealed to them since), whenever they like; nobody races a countdown."""
    scene, match = start(app, RACE_ENTRY, ["easy", "human"])
    frames(app, 2)
    assert scene.undo_blocker() == "Nothing to undo yet."
    assert until(app, lambda: len(match.steps) == 1)
    assert scene.undo_blocker() == "You have not made a move yet."
    scene.submit(scene.legal()[0])
    assert until(app, lambda: len(match.steps) == 3)
    until(app, lambda: not scene.busy())
    frames(app, 120)  # two seconds later: still possible
    assert scene.undo_blocker() is None
    assert not scene.undo_grace, "no countdown against one human"
    click(app, scene.undo_btn.rect.center)
    assert [s.seat for s in match.steps] == [0], "the human's move and the bot's answer are taken back"
    assert scene.acting_human() == 1


def test_undo_against_bots_goes_through_an_answer_the_table_gave_by_itself_to_the_humans_last_decision(app):
    """One human among bots is not asked a question with one answer (a Block? with no shield in hand): the table
    answers it. Undo must take back the human's last decision, not that answer alone, which the table would give
    again at once (the bots' moves after it replayed, nothing of the human's undone)."""
    from .toy_games.hazard import Decline

    entry = TOY_ENTRIES["hazard"]
    for seed in range(1, 40):
        scene, match = start(app, entry, ["easy", "human", "easy"], seed=seed,
                             config=HAZARD_GAME.default_config("standard", 3))
        for _ in range(600):
            frames(app, 1)
            if match.is_over():
                break
            auto = [i for i, step in enumerate(match.steps) if step.seat == 1 and step.action == Decline()]
            if auto and scene._replayed(auto[-1]) and scene.undo_blocker() is None and not scene.busy():
                break
            if 1 in match.to_act() and not scene.busy() and len(match.state.legal_actions(1)) > 1:
                scene.submit(scene.legal()[0])  # the human's decision (its first choice)
        else:
            continue
        if match.is_over():
            continue
        decisions = [i for i, step in enumerate(match.steps) if step.seat == 1 and not scene._replayed(i)]
        if not decisions or decisions[-1] > auto[-1]:
            continue
        click(app, scene.undo_btn.rect.center)
        assert len(match.steps) == decisions[-1], "taken back to just before the human's last decision"
        assert scene.acting_human() == 1 and match.state.question(1) is None
        return
    raise AssertionError("no seed gave an automatic answer after a decision")


def test_undo_against_bots_stops_where_a_die_or_a_card_came_to_light_for_you(app):
    from .fake_game import RACE, Add

    class Rolled:
        reveals = True
        private_to = None

    match = Match(RACE, RACE.default_config(), 1, [Seat("P0", "human"), Seat("P1", "easy")])
    match.act(0, Add(1))
    match.act(1, Add(1))
    assert match.undo_blocker(0, through_bots=True) is None
    assert match.undo_blocker(0) == "P1 has played since your last move."
    step = match.steps[-1]
    match.steps[-1] = type(step)(step.seat, step.action, (*step.events, Rolled()))
    assert match.undo_blocker(0, through_bots=True).startswith("P1 has played since your last move and something")


def test_with_two_humans_bots_wait_the_undo_window_after_a_humans_move_so_a_misclick_can_be_taken_back(app):
    app.settings.animation_speed = "instant"
    app.settings.undo_window = 1.5
    scene, match = start(app, RACE_ENTRY, ["human", "easy", "human"])
    frames(app, 2)
    take_screen(app)
    frames(app, 2)
    scene.submit(scene.legal()[0])
    frames(app, 60)  # one second: the bot still waits, Undo is offered and its countdown runs
    assert len(match.steps) == 1 and scene.undo_btn.enabled and scene.undo_btn.glow > 0
    click(app, scene.undo_btn.rect.center)
    assert not match.steps
    frames(app, 2)
    take_screen(app)
    frames(app, 2)
    scene.submit(scene.legal()[0])
    frames(app, 100)
    assert len(match.steps) >= 2, "the bot answers once the window has passed"


# ---------------------------------------------------------------- questions out of turn

def hazard_on(app, controllers, target, auto=False):
    """A Hazard match where seat 0 (human) holds a hazard; returns the scene after playing it on ``target``."""
    if auto:
        app.settings.auto_answers = {"block": True}
    entry = TOY_ENTRIES["hazard"]
    for seed in range(200):
        scene, match = start(app, entry, controllers, seed=seed, config=HAZARD_GAME.default_config("standard", 3))
        if any(kind(c) == HAZARD for c in match.state.hands[0]):
            break
    until(app, lambda: isinstance(app.stack.top, HandoffScene) or scene.my_turn())
    take_screen(app)
    until(app, lambda: scene.my_turn())
    card = min(c for c in match.state.hands[0] if kind(c) == HAZARD)
    assert scene.submit(Play(card, target))
    return scene, match


def test_the_handoff_names_the_question_and_who_is_asked(app):
    scene, match = hazard_on(app, ["human", "human", "easy"], target=1)
    assert match.to_act() == (1,)
    assert until(app, lambda: isinstance(app.stack.top, HandoffScene), 200)
    handoff = app.stack.top
    assert handoff.title == "Block? Pass to P1" and "hazard" in handoff.subtitle
    take_screen(app)
    until(app, lambda: not scene.busy())
    assert scene.status().startswith("P1: Block?")


def test_a_question_answered_automatically_by_the_setting_makes_nothing_wait(app):
    scene, match = hazard_on(app, ["human", "human", "easy"], target=1, auto=True)
    steps = len(match.steps)
    until(app, lambda: len(match.steps) > steps, 120)
    assert match.steps[steps].seat == 1, "P1's automatic answer comes first"
    assert type(match.steps[steps].action).__name__ in ("Block", "Decline")


def test_a_handoff_for_a_question_the_player_sets_to_answer_automatically_from_its_pause_menu_goes_away(app):
    """The hand-off to P1 for "Block?" is up; P1 opens the pause menu from it and turns the automatic answer on:
    back from the menu, the question is answered by the setting, with no hand-off left to click through."""
    scene, match = hazard_on(app, ["human", "human", "easy"], target=1)
    assert until(app, lambda: isinstance(app.stack.top, HandoffScene), 200)
    steps = len(match.steps)
    app.settings.auto_answers = {"block": True}  # what the pause menu's settings do
    assert until(app, lambda: len(match.steps) > steps, 120)
    assert match.steps[steps].seat == 1 and type(match.steps[steps].action).__name__ in ("Block", "Decline")
    assert not any(isinstance(s, HandoffScene) and s.seat == 1 for s in app.stack.scenes)
    assert scene.viewer is None or scene.viewer == 1, "P0's hand stays hidden from P1, who holds the screen"


# ---------------------------------------------------------------- simultaneous picks at the table

def drive(app, scene, match, rnd, limit=6000):
    """Play to the end through the real table: take the screen when asked, click a random legal button."""
    for _ in range(limit):
        if match.is_over():
            return True
        take_screen(app)
        if scene.my_turn() and scene.action_btns and app.stack.top is scene:
            click(app, rnd.choice(scene.action_btns).rect.center)
        frames(app, 1)
    return match.is_over()


@pytest.mark.parametrize("game_id", sorted(TOY_ENTRIES))
def test_toy_games_play_to_the_end_at_the_table_with_two_humans_and_a_bot(app, game_id):
    entry = TOY_ENTRIES[game_id]
    variant = entry.spec.variants[0]
    players = 4 if game_id == "relay" else 3
    controllers = ["human", "human", "easy", "easy"][:players] if players == 4 else ["human", "human", "easy"]
    scene, match = start(app, entry, controllers, config=entry.spec.default_config(variant.id, players))
    assert drive(app, scene, match, random.Random(3))
    assert not privacy.violations
    if entry.spec.hidden_information:
        assert scene.hands_drawn and set(scene.hands_drawn) <= {0, 1}
    until(app, lambda: isinstance(app.stack.top, ResultsScene), 600)


def test_secret_picks_hand_the_screen_to_each_human_in_turn_and_wait_for_everyone(app):
    scene, match = start(app, TOY_ENTRIES["highcard"], ["human", "human", "easy"],
                         config=HIGHCARD.default_config("standard", 3))
    assert until(app, lambda: isinstance(app.stack.top, HandoffScene))
    first = take_screen(app)
    until(app, lambda: scene.my_turn())
    scene.submit(scene.legal()[0])
    assert until(app, lambda: isinstance(app.stack.top, HandoffScene))
    second = take_screen(app)
    assert {first, second} == {"P0", "P1"}
    assert match.state.leg == 0
    until(app, lambda: scene.my_turn())
    scene.submit(scene.legal()[0])
    assert until(app, lambda: match.state.leg == 1, 600), "the bot picks from its own view and the leg resolves"
    assert not privacy.violations


def test_privacy_check_refuses_a_hand_that_is_not_the_viewers(app):
    scene, match = start(app, RACE_ENTRY, ["human", "human"])
    frames(app, 2)
    assert scene.viewer is None
    with pytest.raises(privacy.PrivacyError):
        privacy.check(scene, 0)
    assert SECRET_RACE.hidden_information


@pytest.mark.parametrize("game_id", ["alameda", "millebornes"])
def test_with_two_humans_the_hand_shown_is_titled_with_the_name_of_whoever_took_the_screen(app, game_id):
    """"YOUR HAND" over a hand in hot-seat did not say whose: the player who clicked "I am P1: show" now reads
    "P1'S HAND" over it; with one human at the screen it stays "YOUR HAND"."""
    from game.ui import text_audit

    text_audit.enable()
    try:
        app = make_app("fast")
        scene, _match = start(app, TABLES[game_id], ["human", "human", "easy"] if game_id == "alameda"
                              else ["human", "human"])
        assert until(app, lambda: isinstance(app.stack.top, HandoffScene))
        name = take_screen(app)
        assert until(app, lambda: scene.viewer is not None and not isinstance(app.stack.top, HandoffScene))
        frames(app, 2)
        drawn = text_audit.texts(app.canvas)
        assert f"{name.upper()}'S HAND" in drawn and "YOUR HAND" not in drawn
        solo, _match = start(app, TABLES[game_id], ["human", "easy", "easy"] if game_id == "alameda"
                             else ["human", "easy"])
        assert until(app, lambda: solo.viewer is not None and not solo.busy())
        frames(app, 2)
        assert "YOUR HAND" in text_audit.texts(app.canvas)
    finally:
        text_audit.disable()
