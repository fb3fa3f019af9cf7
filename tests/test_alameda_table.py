"""The Tour of Alameda table: picks by click, the reveal shown card by card (nothing flips before its turn),
the Monkey's click on a victim, the stage summary, and hot-seat picks behind the hand-off screen."""

import pygame
import pytest

from game.alameda.rules.actions import PICKS, Wrench
from game.alameda.rules.setup import WRENCH_CARD
from game.engine.match import Match, Seat
from game.engine.protocol import Config
from game.ui import privacy, theme
from game.ui.scenes.handoff import HandoffScene
from game.ui.scenes_registry import TABLES

from .ui_helpers import NOT_CHECKED, check_log_dots, click, frames, make_app, outlined_hand_slots

ENTRY = TABLES["alameda"]
SPEC = ENTRY.spec


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    monkeypatch.setattr(privacy, "strict", True)
    privacy.violations.clear()
    a = make_app("fast")
    a.settings.undo_window = 0.0
    return a


def start(app, controllers, seed=3):
    seats = [Seat(n, c, theme.SEAT_COLOURS[i]) for i, (n, c) in enumerate(zip("ABCDEF", controllers, strict=False))]
    match = Match(SPEC, SPEC.default_config("standard", len(seats)), seed, seats)
    scene = ENTRY.scene(app, match, ENTRY)
    app.stack.clear_to(scene)
    return scene, match


def until(app, condition, limit=3000):
    for _ in range(limit):
        if condition():
            return True
        if isinstance(app.stack.top, HandoffScene):
            click(app, app.stack.top.ready.rect.center)
        frames(app, 1)
    return condition()


def test_a_card_is_chosen_by_a_click_and_played_face_down_by_a_second_click(app):
    scene, match = start(app, ["human", "easy", "easy"])
    assert until(app, scene.my_turn)
    card, rect = scene._hand_rects()[-1]
    click(app, rect.center)
    assert scene.selected == card and scene.play_btn.enabled
    click(app, rect.move(0, -18).center)  # the chosen card is lifted
    assert any(s.seat == 0 and s.action == PICKS[card] for s in match.steps)
    assert match.state.view(0).my_card == card


def test_the_reveal_shows_each_card_only_at_its_turn(app):
    scene, match = start(app, ["human", "easy", "easy"])
    assert until(app, lambda: scene.my_turn() and len(match.to_act()) == 1)  # the bots have picked
    card = next(c for c in (match.state.view(0).hand or ()) if c != WRENCH_CARD)
    scene.submit(PICKS[card])  # the last pick: every card is revealed inside this one step
    assert scene.shown is not None
    faces = [c for c in scene.shown.table if c >= 0]
    assert not faces, f"cards {faces} showed before their flip"
    assert until(app, lambda: scene.shown is None or any(c >= 0 for c in scene.shown.table), 400)


def test_the_monkey_clicks_the_player_whose_card_it_takes(app):
    for seed in range(1, 40):
        scene, match = start(app, ["human", "easy", "easy"], seed=seed)
        if match.state.view(0).wrench_in_hand:
            break
    assert until(app, lambda: scene.my_turn() and match.state.view(0).phase == "pick")
    scene.submit(PICKS[WRENCH_CARD])
    assert until(app, lambda: scene.my_turn() and match.state.view(0).phase == "wrench", 2000)
    targets = [a.target for a in scene.legal() if isinstance(a, Wrench)]
    assert targets
    rect = scene.plaques()[targets[0]]
    click(app, rect.center)
    assert any(isinstance(s.action, Wrench) and s.action.target == targets[0] for s in match.steps)


def to_first_summary(app):
    """One human (seat 0) and a bot, seed 5, the human's last legal move each time, until the first stage's
    summary shows."""
    scene, match = start(app, ["human", "easy"], seed=5)
    for _ in range(6000):
        if scene.summary:
            break
        if scene.my_turn():
            scene.submit(scene.legal()[-1])
        frames(app, 1)
    return scene, match


def test_a_finished_stage_opens_its_summary_until_continue(app):
    scene, match = to_first_summary(app)
    assert scene.summary and scene.continue_btn.visible
    award = scene.summary["award"]
    assert sorted(award, reverse=True)[0] in (1, 2)
    click(app, scene.continue_btn.rect.center)
    assert scene.summary is None


def test_hot_seat_picks_go_behind_the_handoff_and_no_hand_is_shown_to_another(app):
    scene, match = start(app, ["human", "human", "easy"], seed=8)
    seen = []
    for _ in range(3000):
        top = app.stack.top
        if isinstance(top, HandoffScene):
            seen.append(top.player)
            click(app, top.ready.rect.center)
        elif scene.my_turn() and match.state.view(scene.viewer).phase == "pick":
            scene.submit(scene.legal()[0])
        frames(app, 1)
        if match.state.stage > 1 or len(seen) >= 6:
            break
    assert {"A", "B"} <= set(seen)
    assert not privacy.violations


def _take_screen(app, limit=400):
    """Frames until the hand-off screen shows, then click through it; returns whom it was for."""
    for _ in range(limit):
        top = app.stack.top
        if isinstance(top, HandoffScene):
            name = top.player
            click(app, top.ready.rect.center)
            return name
        frames(app, 1)
    return None


def test_hot_seat_a_monkey_taking_the_last_face_down_card_hides_their_hand_while_the_leg_ends(app):
    """Two humans: A's Monkey Wrench takes B's card, still face down, and the leg ends. Everyone watches B's card
    turned up and the blind draw: A's new hand must not stay on screen then, and B is not left looking at it until
    A picks again; the screen goes back through the hand-off."""
    scene, match = start(app, ["human", "human"], seed=11)
    assert _take_screen(app) == "A"
    scene.submit(PICKS[WRENCH_CARD])
    assert _take_screen(app) == "B"
    scene.submit(scene.legal()[0])
    assert _take_screen(app) == "A" and match.state.phase_name == "wrench"
    scene.submit(Wrench(1))
    assert match.state.phase_name == "pick" and 0 in match.to_act()  # the next leg: A is awaited again
    for _ in range(600):
        if isinstance(app.stack.top, HandoffScene):
            break
        assert not scene.showing_hand() and scene._hand_rects() == [], "A's hand is drawn while the leg ends"
        assert not scene.my_turn()
        frames(app, 1)
    assert isinstance(app.stack.top, HandoffScene) and app.stack.top.player == "A"


@pytest.mark.parametrize(("mountaineer", "endurance", "words"), [
    (True, False, "+1 Mountaineer"),
    (False, True, "+1 Endurance"),
    (True, True, "+1 Mountaineer/Endurance"),
])
def test_the_stage_summary_names_only_the_advanced_rules_in_play(app, mountaineer, endurance, words):
    seats = [Seat(n, "human" if i == 0 else "easy", theme.SEAT_COLOURS[i]) for i, n in enumerate("ABC")]
    options = dict(SPEC.default_config("standard", 3).options, mountaineer=mountaineer, endurance=endurance)
    config = SPEC.validate_config(Config("standard", 3, tuple(sorted(options.items()))))
    match = Match(SPEC, config, 3, seats)
    scene = ENTRY.scene(app, match, ENTRY)
    app.stack.clear_to(scene)
    scene.summary = {"stage": 1, "distances": (12, 9, 3), "award": (2, 0, 0), "extras": [0, 1, 0], "auto": None}
    drawn = []
    real = theme.blit_text

    def spy(surface, text, *args, **kwargs):
        drawn.append(text)
        return real(surface, text, *args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(theme, "blit_text", spy)
        app.draw()
    assert words in drawn
    other = {"+1 Mountaineer", "+1 Endurance", "+1 Mountaineer/Endurance"} - {words}
    assert not other & set(drawn), f"the summary names a rule not in play: {other & set(drawn)}"


def test_the_setup_summary_shows_under_the_seats_with_the_deck_hand_and_advanced_rules_chosen(app, monkeypatch):
    """Tour of Alameda's options fill their side of the setup screen, so its words about the game went unseen; they
    now show under the seats, and they state the deck built with the per-speed options (the rulebook's 25 cards by
    default), the hand and the advanced rules in play."""
    from game.ui.scenes.setup import SetupScene

    setup = SetupScene(app, TABLES["alameda"])
    app.stack.clear_to(setup)
    frames(app, 2)
    summary = setup.summary()
    assert "deck of 25 speed cards and a Monkey Wrench, 5 in hand" in summary and "Advanced" not in summary
    drawn = []
    real = theme.blit_text
    monkeypatch.setattr(theme, "blit_text", lambda surf, s, *a, **k: (drawn.append(s), real(surf, s, *a, **k))[1])
    frames(app, 1)
    assert "ABOUT THIS GAME" in drawn and any(line.startswith("Each player races their own deck") for line in drawn)
    setup.option_widgets["copies_10"].value = 3
    setup.option_widgets["mountaineer"].value = True
    setup.option_widgets["rest"].value = True
    summary = setup.summary()
    assert "deck of 27 speed cards" in summary and summary.endswith("Advanced rules: Mountaineer · Rest.")


def test_choosing_one_of_two_cards_of_the_same_speed_lifts_that_card_alone(app, monkeypatch):
    """Two 1s in hand: a click on one lifted and outlined both, as if two cards were chosen (and a click on the
    other then played it, where a click on another card chooses that one)."""
    from .alameda_support import build

    scene, match = start(app, ["human", "easy", "easy"])
    match.states = [build(3, hands=[(1, 1, 2, 3, 5), (1, 2, 3, 4, 5), (2, 2, 3, 4, 6)])]
    scene.sync()
    assert until(app, scene.my_turn)
    first, second = [i for i, (card, _rect) in enumerate(scene._hand_rects()) if card == 1]
    rects = [rect for _card, rect in scene._hand_rects()]
    click(app, rects[second].center)
    assert scene.selected == 1 and outlined_hand_slots(app, scene, monkeypatch) == [second]
    click(app, rects[first].center)
    assert not match.steps, "a click on the other 1 chooses it, it does not play"
    assert scene.selected == 1 and outlined_hand_slots(app, scene, monkeypatch) == [first]
    click(app, rects[first].center)
    assert any(s.seat == 0 and s.action == PICKS[1] for s in match.steps), "a second click on it plays it"


def test_the_pick_prompt_stays_while_the_other_players_face_down_cards_animate(app):
    """Secret picks: the other seats' cards going face down do not answer your question. The prompt went blank
    while they animated, as if nothing were asked of you."""
    scene, match = start(app, ["human", "easy", "easy"])
    frames(app, 1)
    asked = scene.shown_prompt()[0]
    assert asked.startswith("Pick a card") and scene.acting_human() == 0
    seen_busy = False
    for _ in range(600):
        frames(app, 1)
        seen_busy = seen_busy or scene.busy()
        assert scene.shown_prompt()[0] == asked
        if len(match.steps) >= 2 and not scene.busy():
            break
    assert seen_busy and len(match.steps) >= 2, "both bots played a card face down, animated"


def test_a_card_clicked_while_the_others_cards_go_face_down_is_chosen_not_ignored(app):
    """Each leg the computer players' cards fly face down one after the other, for a second or two; a click on a card
    of your hand meanwhile did nothing at all. Your pick was already asked: it is chosen, and a second click plays
    it."""
    scene, match = start(app, ["human", "easy", "easy"])
    for _ in range(200):
        frames(app, 1)
        if match.steps and scene.busy():
            break
    assert scene.busy() and all(step.seat != 0 for step in match.steps), "a computer player's card is flying"
    card, rect = scene._hand_rects()[-1]
    click(app, rect.center)
    assert scene.selected == card
    click(app, rect.center)
    assert any(s.seat == 0 and s.action == PICKS[card] for s in match.steps)


def test_no_card_is_chosen_while_a_leg_is_revealed(app):
    """The leg's reveal (and its summary) is no time to pick the next card: the click waits for the table."""
    scene, match = start(app, ["human", "easy", "easy"])
    assert until(app, scene.my_turn)
    card, rect = scene._hand_rects()[-1]
    click(app, rect.center)
    click(app, rect.center)
    for _ in range(600):
        frames(app, 1)
        if scene.shown is not None and scene.busy():
            break
    assert scene.shown is not None and scene.busy(), "the cards are being revealed"
    assert scene._me() is None and not scene.play_btn.visible


def test_the_move_log_dots_the_stage_result_with_its_winner_not_with_the_last_to_act(app):
    """The line "Stage 1: Ann wins with 13 (+2)" wore the dot of whoever acted last (Bob's colour for Ann's win), as
    did the leg's totals and "Stage 2 begins: Ann wears the leader jersey": a line names its own rider, or none."""
    from game.alameda.rules.events import LegPlayed, StageScored, StageStarted

    scene, match = start(app, ["easy", "easy", "easy"], seed=5)
    assert until(app, lambda: any(text.startswith("Stage 2 begins") for text, _dot in scene.log.entries), 6000)
    frames(app, 5)

    def dotted(event):
        if isinstance(event, StageScored):
            first = max(event.distances)
            winners = [s for s, d in enumerate(event.distances) if d == first]
            return winners[0] if len(winners) == 1 else None
        if isinstance(event, StageStarted):
            return event.jersey
        return None if isinstance(event, LegPlayed) else NOT_CHECKED

    assert check_log_dots(scene, match, dotted) >= 3


def test_the_move_log_opens_with_the_advanced_rules_in_play(app):
    """With advanced rules chosen at setup, nothing at the table said which were in play until one of them scored;
    the move log's first line now names them (and says nothing of them when none is chosen)."""
    seats = [Seat(n, "easy", theme.SEAT_COLOURS[i]) for i, n in enumerate("AB")]
    options = dict(SPEC.default_config("standard", 2).options, breakaway=True, mountaineer=True)
    config = SPEC.validate_config(Config("standard", 2, tuple(sorted(options.items()))))
    scene = ENTRY.scene(app, Match(SPEC, config, 3, seats), ENTRY)
    app.stack.clear_to(scene)
    frames(app, 1)
    first = scene.log.entries[0][0]
    assert "Advanced rules: The Breakaway · Mountaineer." in first, first
    plain, _match = start(app, ["easy", "easy"])
    frames(app, 1)
    assert "Advanced" not in plain.log.entries[0][0]


def test_the_tour_panels_line_under_the_pointer_says_what_each_stage_gave(app):
    # the panel's small dots (a stage each: gold +2, green +1, grey nothing) had no words; pointing at a player's
    # line says every stage's points
    from game.alameda import table_parts as parts
    from game.ui.widgets import tooltips

    scene, match = to_first_summary(app)
    click(app, scene.continue_btn.rect.center)
    view = match.state.view(0)
    assert len(view.history) == 1
    seat, row = parts.standings_rows(scene.standings_rect, view.points, view.players)[0]
    move = pygame.event.Event(pygame.MOUSEMOTION, pos=row.center, rel=(0, 0), buttons=(0, 0, 0))
    frames(app, 40, events=[move])
    assert tooltips.text == f"{match.names[seat]}: stage 1: +{view.history[0][seat]}; {view.points[seat]} in all"
