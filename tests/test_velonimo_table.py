"""The Velonimo table (issue 18): giving back several cards after a Tortoise steal works like selecting
cards to play, the prompts say what a Tortoise costs, the playable-cards hint comes from the engine's
legal actions, the Jersey never hides an opponent's card count, and tooltips leave the combination
label and the action buttons visible."""

from __future__ import annotations

import itertools
import random

import pygame
import pytest

from game.engine.match import Match, Seat
from game.ui import privacy, theme
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes_registry import TABLES
from game.ui.widgets import tooltips
from game.velonimo import SPEC, GiveBack, PlayCards, card_from_token
from game.velonimo import cards as C
from game.velonimo.rules import cards_in_plays
from game.velonimo.scene import HINT_LIFT
from game.velonimo.table_parts import MINI, PLAQUE_H, PLAQUE_W, plaque_parts

from .ui_helpers import NOT_CHECKED, check_log_dots, click, frames, make_app


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    monkeypatch.setattr(privacy, "strict", True)
    return make_app("fast")


def start(app, controllers, seed, variant="standard"):
    entry = TABLES["velonimo"]
    seats = [Seat(f"P{i}", c, theme.SEAT_COLOURS[i]) for i, c in enumerate(controllers)]
    match = Match(entry.spec, entry.spec.default_config(variant, len(seats)), seed, seats)
    scene = entry.scene(app, match, entry)
    app.stack.clear_to(scene)
    return scene, match


def until(app, condition, limit=3000):
    for _ in range(limit):
        if condition():
            return True
        frames(app, 1)
    return condition()


def tortoises_in_hand(scene):
    return [c for c in scene.hand if not C.is_hare(c) and C.card_number(c) == 1]


def lead_two_tortoises_and_take_two(app):
    """Seed 1: P0 leads with two Tortoises in hand. Play them, click P1, take 2. Returns (scene, match)."""
    scene, match = start(app, ["human", "easy", "easy", "easy"], seed=1)
    assert until(app, scene.my_turn)
    pair = tortoises_in_hand(scene)[:2]
    assert len(pair) == 2
    for card in pair:
        click(app, scene.hand[card].rect.center)
    click(app, scene.play_btn.rect.center)
    assert until(app, scene.my_turn) and match.state.view(0).phase == "steal"
    return scene, match


def test_the_tortoise_prompt_says_you_give_back_as_many_as_you_take_and_asks_how_many(app):
    scene, match = lead_two_tortoises_and_take_two(app)
    assert scene.status() == "Tortoise: take up to 2 random cards from an opponent, give as many back"
    click(app, scene.plaques()[1].center)
    frames(app, 2)
    assert [b.label for b in scene.count_btns] == ["Take 1", "Take 2"]
    assert all(b.visible for b in scene.count_btns)
    assert scene.status() == "How many cards from P1? You give back as many."
    for button in scene.count_btns:  # right under P1's plaque, not over another control
        assert 0 <= button.rect.y - scene.plaques()[1].bottom <= 20
        assert not button.rect.colliderect(scene.no_steal_btn.rect)


def test_giving_back_two_cards_toggles_each_with_a_counter_then_gives_both_in_one_click(app):
    """Before: clicking a second card replaced the first, so two cards could not be chosen together."""
    scene, match = lead_two_tortoises_and_take_two(app)
    click(app, scene.plaques()[1].center)
    click(app, [b for b in scene.count_btns if b.label == "Take 2"][0].rect.center)
    assert until(app, scene.my_turn) and match.state.view(0).phase == "give"
    assert scene.status() == "Choose 2 cards to give back to P1, then Give back."
    a, b, c = list(scene.hand)[:3]
    click(app, scene.hand[a].rect.center)
    assert scene.give_count_text() == "1 of 2 selected" and not scene.give_btn.enabled
    click(app, scene.hand[b].rect.center)
    assert scene.selected == {a, b}, "the second card joins the first"
    assert scene.give_count_text() == "2 of 2 selected" and scene.give_btn.enabled
    click(app, scene.hand[c].rect.center)  # a third: refused in words, nothing dropped
    assert scene.selected == {a, b}
    assert any("You give back 2 cards" in item[0] for item in app.toasts.items)
    click(app, scene.hand[a].rect.center)  # toggled off, like selecting cards to play
    click(app, scene.hand[c].rect.center)
    assert scene.selected == {b, c}
    steps = len(match.steps)
    victim_before = match.state.hands[1]
    click(app, scene.give_btn.rect.center)
    given = [(s.seat, s.action) for s in match.steps[steps:]]
    assert given == [(0, GiveBack(min(b, c))), (0, GiveBack(max(b, c)))]
    assert match.state.hands[1] == victim_before | (1 << b) | (1 << c)
    assert match.state.view(0).phase == "play" and not scene.selected


def test_undo_after_giving_back_says_the_exchange_stands_and_takes_nothing_back(app):
    scene, match = lead_two_tortoises_and_take_two(app)
    click(app, scene.plaques()[1].center)
    click(app, [b for b in scene.count_btns if b.label == "Take 2"][0].rect.center)
    assert until(app, scene.my_turn)
    for card in list(scene.hand)[:2]:
        click(app, scene.hand[card].rect.center)
    click(app, scene.give_btn.rect.center)
    steps = len(match.steps)
    assert match.steps[-1].seat == 0 and isinstance(match.steps[-1].action, GiveBack)
    assert match.undo_blocker(0) == "Dice or hidden cards were revealed: this step stands."
    assert until(app, lambda: not scene.busy())
    scene.undo()
    assert len(match.steps) >= steps and isinstance(match.steps[steps - 1].action, GiveBack), \
        "no card of the exchange is taken back, so there is never a half-given hand"


def test_a_give_back_the_engine_refuses_gives_nothing(app, monkeypatch):
    """Every selected card is checked by the engine before the first is given: a refusal leaves all."""
    scene, match = lead_two_tortoises_and_take_two(app)
    click(app, scene.plaques()[1].center)
    click(app, [b for b in scene.count_btns if b.label == "Take 2"][0].rect.center)
    assert until(app, scene.my_turn)
    a, b = list(scene.hand)[:2]
    scene.selected = {a, b}
    real = type(match.state).why_illegal

    def refuse_second(state, seat, action):
        if isinstance(action, GiveBack) and action.card == max(a, b):
            return "You do not hold that card"
        return real(state, seat, action)

    monkeypatch.setattr(type(match.state), "why_illegal", refuse_second)
    steps = len(match.steps)
    scene._give()
    assert len(match.steps) == steps and scene.selected == {a, b}


# ---------------------------------------------------------------- the playable-cards hint


def _counter_attack_turn(app, seed):
    """A match where the human (seat 1) must beat a centre and can, with some cards but not all."""
    scene, match = start(app, ["easy", "human", "easy", "easy"], seed=seed)
    for _ in range(200):
        if not until(app, lambda: scene.my_turn() or match.is_over()) or match.is_over():
            return None
        view = match.state.view(1)
        plays = [a for a in match.state.legal_actions(1) if isinstance(a, PlayCards)]
        lifted = cards_in_plays(plays)
        if view.phase == "play" and view.centre_value and plays and len(lifted) < len(view.hand):
            return scene, match
        scene.submit(random.Random(len(match.steps)).choice(match.state.legal_actions(1)))
    return None


def test_cards_that_can_beat_the_centre_sit_lifted_and_only_those(app):
    found = next(r for seed in range(1, 40) if (r := _counter_attack_turn(app, seed)) is not None)
    scene, match = found
    frames(app, 30)
    lifted = {c for c, frame in scene.hand.items() if frame.rest_lift == HINT_LIFT}
    plays = [a for a in match.state.legal_actions(1) if isinstance(a, PlayCards)]
    assert lifted == set(cards_in_plays(plays)) and lifted
    assert all(scene.hand[c].rect.y == scene.hand[c].pos[1] - HINT_LIFT for c in lifted)
    resting = [c for c in scene.hand if c not in lifted]
    assert resting and all(scene.hand[c].rest_lift == 0 for c in resting)
    app.settings.playable_hints = False
    frames(app, 30)
    assert all(frame.rest_lift == 0 for frame in scene.hand.values()), "the setting turns the hint off"


def test_no_card_is_lifted_when_leading_an_attack(app):
    scene, match = start(app, ["human", "easy", "easy", "easy"], seed=1)
    assert until(app, scene.my_turn) and match.state.view(0).centre_value == 0
    frames(app, 10)
    assert all(frame.rest_lift == 0 for frame in scene.hand.values())


def _brute_force_beating_cards(hand, centre, jersey):
    """Cards of some valid play worth more than ``centre`` (Jersey +10 when usable, never with a Hare),
    straight from the rulebook's values."""
    out = set()
    for k in range(1, len(hand) + 1):
        for combo in itertools.combinations(hand, k):
            value = C.combination_value(combo)
            if value is None:
                continue
            if value > centre or (jersey and not any(C.is_hare(c) for c in combo) and value + 10 > centre):
                out.update(combo)
    return out


def test_the_hint_from_legal_actions_matches_the_rulebook_values_over_random_games():
    rnd = random.Random(18)
    checked = 0
    for seed in range(12):
        s = SPEC.new_state(SPEC.default_config("standard", 4), seed)
        while not s.is_over() and checked < 150:
            seat = s.to_act()[0]
            if s.phase == 0 and s.cvalue:
                hand = C.cards_of(s.hands[seat])
                jersey = s.jersey == seat and not s.jused
                assert set(cards_in_plays(s.legal_actions(seat))) == _brute_force_beating_cards(hand, s.cvalue,
                                                                                               jersey)
                checked += 1
            s, _ = s.apply(seat, rnd.choice(s.legal_actions(seat)))
    assert checked >= 100


def test_the_settings_screen_lists_the_playable_cards_hint_and_saves_it(app):
    settings = SettingsScene(app)
    app.stack.push(settings)
    assert any(label == "Lift playable cards" for _, label in settings.rows)
    assert settings.hints.value is True
    click(app, settings.hints.rect.center)
    assert app.settings.playable_hints is False
    from game import storage

    assert storage.load_settings()[0].playable_hints is False


# ---------------------------------------------------------------- what stays visible


@pytest.mark.parametrize("count", range(0, 26))
def test_the_jersey_never_covers_an_opponents_card_count(count):
    """Before: with 11 cards the count ran under the Jersey badge."""
    plaque = pygame.Rect(100, 80, PLAQUE_W, PLAQUE_H)
    parts = plaque_parts(plaque, count, jersey=True)
    assert plaque.contains(parts.jersey) and plaque.contains(parts.count)
    assert not parts.count.colliderect(parts.jersey)
    assert len(parts.fan) == min(count, 12)
    for x, _ in parts.fan:
        assert plaque.x < x and x + MINI[0] < parts.count.x
    without = plaque_parts(plaque, count, jersey=False)
    assert without.jersey is None and plaque.contains(without.count)


def test_a_card_tooltip_covers_neither_the_play_button_nor_the_combination_label(app):
    scene, match = start(app, ["human", "easy", "easy", "easy"], seed=1)
    assert until(app, scene.my_turn)
    pair = tortoises_in_hand(scene)[:2]
    for card in pair:
        click(app, scene.hand[card].rect.center)
    frames(app, 2)
    assert scene.hint_rect is not None and scene.hint_rect in scene.keep_visible()
    for card in list(scene.hand)[-3:] + pair:  # the cards under the Play button, and the raised ones
        pos = scene.hand[card].rect.center
        frames(app, 40, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
        tip = tooltips.last_rect
        assert tip is not None and tooltips.owner is scene.hand[card]
        assert not tip.colliderect(scene.play_btn.rect) and not tip.colliderect(scene.pass_btn.rect)
        assert not tip.colliderect(scene.hint_rect), "the combination label stays readable"
        tooltips.last_rect = None


def test_duel_camels_drawn_land_in_the_hand_shown(app):
    """A Duel where the human plays two Camels: the two cards drawn join the hand on the table."""
    scene, match = start(app, ["human", "easy"], seed=3, variant="duel")
    assert until(app, scene.my_turn)
    camels = [c for c in scene.hand if not C.is_hare(c) and C.card_number(c) == 2][:2]
    for card in camels:
        click(app, scene.hand[card].rect.center)
    click(app, scene.play_btn.rect.center)
    assert until(app, lambda: not scene.busy())
    assert len(match.state.view(0).hand) == 11, "two Camels played, two cards drawn"
    assert set(scene.hand) == set(match.state.view(0).hand) and not set(camels) & set(scene.hand)


def test_card_tooltips_say_what_tortoises_hares_and_duel_camels_do():
    from game.velonimo.scene import card_tip

    tortoise, camel, bear = (card_from_token(t) for t in ("red-1", "blue-2", "green-3"))
    assert card_tip(tortoise, False) == "Red Tortoise (1): play it to take a random card from an opponent, then " \
                                        "give one back"
    assert card_tip(camel, True) == "Blue Camel (2): in the Duel, playing it makes you draw a card"
    assert card_tip(camel, False) == "Blue Camel (2)" and card_tip(bear, True) == "Green Bear (3)"
    assert card_tip(card_from_token("hare-35"), False) == "Hare (35): always played alone"


@pytest.mark.parametrize("variant,players,bonus", [("duel", 2, False), ("standard", 4, True)])
def test_the_jersey_shows_plus_10_only_where_it_gives_the_bonus(app, monkeypatch, variant, players, bonus):
    """The Duel's Jersey gives no bonus (rulebook), so it must not be drawn with "+10" in front of its holder."""
    from game.velonimo import card_art, table_parts

    from .test_velonimo_rules import build

    drawn = []
    real = card_art.jersey_card
    monkeypatch.setattr(card_art, "jersey_card", lambda *a, **k: drawn.append(k.get("bonus", True)) or real(*a, **k))
    state = build(players, {0: "red-5", 1: "blue-3 blue-4"}, variant=variant, jersey=1, round_no=2,
                  draw="orange-7" if variant == "duel" else None, revealed="hare-25" if variant == "duel" else None)
    surface = pygame.Surface((theme.W, theme.H))
    table_parts.draw_plaque(surface, pygame.Rect(100, 80, PLAQUE_W, PLAQUE_H), state.view(0), 1, "P1",
                            theme.SEAT_COLOURS[1], acting=False, thinking=None, highlight=False, hovered=False, t=0.0)
    assert drawn == [bonus]


@pytest.mark.parametrize("variant,players,bonus", [("duel", 2, False), ("standard", 4, True)])
def test_the_jersey_beside_its_holders_score_in_the_round_summary_and_flying_to_them_shows_plus_10_only_with_the_bonus(
        app, monkeypatch, variant, players, bonus):
    """The Duel's Jersey only shows who leads (rulebook, Duel: "the Jersey does not grant any bonus ability"): the
    score panel, the round's summary and the Jersey flying to its new holder drew it marked "+10" all the same."""
    from game.velonimo import card_art, table_parts
    from game.velonimo.rules.events import JerseyAwarded

    from .test_velonimo_rules import build

    drawn = []
    real = card_art.jersey_card
    monkeypatch.setattr(card_art, "jersey_card", lambda *a, **k: drawn.append(k.get("bonus", True)) or real(*a, **k))
    state = build(players, {0: "red-5", 1: "blue-3 blue-4"}, variant=variant, jersey=1, round_no=2,
                  draw="orange-7" if variant == "duel" else None, revealed="hare-25" if variant == "duel" else None)
    view = state.view(0)
    surface = pygame.Surface((theme.W, theme.H))
    names, colours = [f"P{i}" for i in range(players)], theme.SEAT_COLOURS[:players]
    table_parts.draw_score_panel(surface, pygame.Rect(900, 80, 360, 200), view, names, colours, 1)
    table_parts.draw_round_summary(surface, pygame.Rect(300, 100, 520, 400), 1, [3] * players, [3] * players, names,
                                   colours, 1, False, view.jersey_bonus)
    scene, _match = start(app, ["human"] + ["easy"] * (players - 1), seed=3, variant=variant)
    scene._jersey_awarded(JerseyAwarded(1, -1), 0.0)
    assert drawn == [bonus, bonus, bonus]


def test_a_raised_selected_card_is_never_under_the_action_buttons(app):
    """Before: the action bar ended at y=548 and a selected card rose to 538, so the Play or Give back
    button hid the number of a selected card at the right of the hand."""
    from game.velonimo.table_parts import HAND_Y

    scene, match = start(app, ["human", "easy", "easy", "easy"], seed=1)
    assert until(app, scene.my_turn)
    card = list(scene.hand)[-1]
    click(app, scene.hand[card].rect.center)
    frames(app, 40)
    raised = scene.hand[card].rect
    assert raised.y == HAND_Y - 28
    for button in (scene.play_btn, scene.pass_btn, scene.jersey_btn, scene.give_btn, scene.no_steal_btn,
                   scene.keep_btn, scene.force_btn):
        assert not button.rect.colliderect(raised), button.label
        assert button.rect.bottom <= HAND_Y - 28


def test_velonimo_a_tortoises_victim_is_told_privately_which_cards_moved_when_the_screen_is_theirs(tmp_path,
                                                                                                  monkeypatch):
    """« Only you and that opponent see which cards moved »: the victim reads which card was taken and which
    came back, in a note only it sees, once it holds the screen (never on the hand-off, never to another)."""
    from game.engine.match import Match, Seat
    from game.ui import privacy
    from game.ui.scenes.handoff import HandoffScene
    from game.ui.scenes_registry import TABLES
    from game.velonimo.rules.events import CardGiven

    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    monkeypatch.setattr(privacy, "strict", True)
    from .ui_helpers import frames, make_app

    app = make_app("instant")
    app.settings.undo_window = 0.0
    entry = TABLES["velonimo"]
    spec = entry.spec
    from game.engine.bots import make_bot

    for seed in range(1, 80):  # a game where Bob (a bot) steals from Ann (human) early
        match = Match(spec, spec.default_config(None, 3), seed,
                      [Seat("Ann", "human"), Seat("Bob", "easy"), Seat("Cleo", "human")])
        bots = [make_bot(spec, s, "easy") for s in range(3)]
        found = False
        while not match.is_over() and len(match.steps) < 120:
            seat = match.to_act()[0]
            match.act(seat, bots[seat].start(match.state.view(seat), match.state.legal_actions(seat), 1).run())
            if any(isinstance(e, CardGiven) and e.victim == 0 and e.thief == 1 for e in match.steps[-1].events):
                found = True
                break
        if found:
            break
    else:
        raise AssertionError("no seed where Bob steals from Ann")
    scene = entry.scene(app, match, entry)
    app.stack.clear_to(scene)
    frames(app, 3)
    assert scene.notes.waiting.get(0), "Ann's note waits"
    for _ in range(2000):
        top = app.stack.top
        if isinstance(top, HandoffScene):
            assert scene.notes.rect is None, "nothing private on a hand-off"
            top._go()
        elif scene.viewer == 0 and scene.may_show_private(0) and not scene.busy():
            break
        elif scene.my_turn():
            assert scene.notes.rect is None, "another human never sees Ann's note"
            scene.submit(scene.legal()[0])
        frames(app, 1)
    frames(app, 2)
    assert scene.viewer == 0 and scene.notes.rect is not None, "Ann reads it once the screen is hers"
    assert any("gives the" in line for _step, line in scene.notes.waiting[0])


# ---------------------------------------------------------------- what the setup screen says


def test_the_setup_screen_states_the_rounds_and_the_duel_target_chosen_not_the_defaults(app):
    """Before: "over 5 summits" and "first to 8 points wins" whatever the Rounds and Points to win chosen."""
    from game.ui.scenes.setup import SetupScene

    setup = SetupScene(app, TABLES["velonimo"])
    app.stack.clear_to(setup)
    frames(app, 1)
    assert "over 5 summits" in setup.summary()
    minus = setup.option_widgets["rounds"]._parts()[0]
    click(app, minus.center)
    click(app, minus.center)
    assert setup.option_widgets["rounds"].value == 3
    assert "over 3 summits" in setup.summary() and "5" not in setup.summary()
    click(app, setup.variant_choice._parts()[1].center)  # the right arrow: the Duel
    frames(app, 1)
    assert setup.variant.id == "duel"
    target = setup.option_widgets["target"]
    for _ in range(3):
        click(app, target._parts()[0].center)
    assert target.value == 5
    rounds = setup.option_widgets["rounds"].value
    assert f"first to 5 points wins, else the Jersey holder after round {rounds}." in setup.summary()
    assert "8" not in setup.summary()


# ---------------------------------------------------------------- names and scores side by side


def _diff_box(a: pygame.Surface, b: pygame.Surface) -> pygame.Rect | None:
    """Where two renders differ (None if nowhere)."""
    same = pygame.mask.from_threshold(a, (0, 0, 0), (1, 1, 1, 255), b, 1)
    same.invert()
    rects = same.get_bounding_rects()
    return rects[0].unionall(rects[1:]) if rects else None


def test_the_score_panel_never_hides_the_jersey_holders_points_of_the_last_round():
    """Before: with five rounds scored (the end of every standard game) the Jersey was drawn over its holder's
    points of the fifth round in the score panel."""
    from game.ui import layout
    from game.velonimo import table_parts
    from game.velonimo.rules import VelonimoView

    rect = layout.side_panel(layout.LOG_RECT.bottom + layout.GAP, 236)
    names = ["Ann", "Bob", "Cleo", "Dmitri"]

    def render(last_points: int, jersey: int) -> pygame.Surface:
        history = ((1, 3, 0, 2), (4, 0, 6, 2), (6, 9, 3, 0), (8, 12, 4, 0), (10, last_points, 5, 0))
        totals = tuple(sum(h[s] for h in history) for s in range(4))
        view = VelonimoView(seat=0, players=4, round=5, rounds=5, history=history, totals=totals,
                            jersey=jersey, hand_counts=(0,) * 4, active=(False,) * 4)
        surface = pygame.Surface((theme.W, theme.H))
        table_parts.draw_score_panel(surface, rect, view, names, theme.SEAT_COLOURS[:4], 5)
        return surface

    points = _diff_box(render(15, -1), render(20, -1))  # where Bob's points of round 5 are drawn
    jersey = _diff_box(render(15, -1), render(15, 1))  # where the Jersey goes in front of Bob
    assert points is not None and jersey is not None
    assert not points.colliderect(jersey), f"the Jersey at {jersey} covers the round's points at {points}"
    assert rect.contains(jersey) and rect.contains(points)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_long_name_on_an_opponents_plaque_never_runs_under_their_points(players):
    """Before: a 14-letter name (the setup allows it) was drawn under "120 pts" on the plaque."""
    from game.ui import text_audit
    from game.velonimo import table_parts

    from .test_velonimo_rules import build

    state = build(players, {s: "red-5 blue-3" for s in range(players)}, totals=(120,) * players)
    text_audit.enable()
    try:
        surface = pygame.Surface((theme.W, theme.H))
        view = state.view(0)
        for seat, rect in table_parts.plaque_rects(list(range(1, players)), pygame.Rect(0, 56, 970, 150)).items():
            table_parts.draw_plaque(surface, rect, view, seat, "Anne-Charlotte", theme.SEAT_COLOURS[seat],
                                    acting=False, thinking=None, highlight=False, hovered=False, t=0.0)
        overlaps = [p for p in text_audit.take_problems() if p.startswith("overlap")]
    finally:
        text_audit.disable()
    assert not overlaps


@pytest.mark.parametrize("count", [6, 7])
def test_a_play_of_six_or_seven_cards_in_the_duel_leaves_the_revealed_card_uncovered(app, count):
    """Before: seven Tigers played in the Duel were spread over the revealed card beside the pile (six touched
    it), so one of them hid it or lost its number under it."""
    from game.velonimo import card_id

    from .test_velonimo_rules import build

    tigers = [card_id(colour, 5) for colour in range(count)]
    hand = " ".join(C.card_token(c) for c in tigers) + " red-3"
    state = build(2, {0: hand, 1: "blue-3 blue-4"}, variant="duel", draw="orange-7 red-7", revealed="hare-25")
    scene, match = start(app, ["human", "easy"], seed=1, variant="duel")
    match.states = [state.apply(0, PlayCards(tuple(sorted(tigers))))[0]]
    scene.sync()
    frames(app, 2)
    view = match.state.view(0)
    assert len(view.centre) == count and view.revealed >= 0
    revealed = pygame.Rect(scene.revealed_pos(), (78, 114))
    for pos in scene.centre_slots(count):
        assert not revealed.colliderect(pygame.Rect(pos, (96, 140))), "a centre card covers the revealed card"


def test_a_long_name_stays_inside_its_box_under_the_hand_shown(tmp_path, monkeypatch):
    """Before: the name in the box beside your hand was cut at 12 letters whatever their width, so a wide name
    ran out of the box (and a cut one lost its end without a sign)."""
    from game.ui import text_audit

    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    text_audit.enable()
    try:
        app = make_app("fast")
        entry = TABLES["velonimo"]
        seats = [Seat("Mohammed-Amine", "human", theme.SEAT_COLOURS[0])] + \
            [Seat(f"P{i}", "easy", theme.SEAT_COLOURS[i]) for i in (1, 2)]
        match = Match(entry.spec, entry.spec.default_config("standard", 3), 1, seats)
        scene = entry.scene(app, match, entry)
        app.stack.clear_to(scene)
        frames(app, 3)
        box = pygame.Rect(14, 552, 160, 112)
        shown = [m for m in text_audit.marks(app.canvas) if m.text.startswith("Mohammed") and box.colliderect(m.rect)]
    finally:
        text_audit.disable()
    assert shown and all(box.contains(m.rect) for m in shown), [(m.text, m.rect) for m in shown]


def played_until_phase(variant: str, players: int, phase: str):
    """A state of ``variant`` reached by random legal moves where the rules are in ``phase``."""
    for seed in range(40):
        state = SPEC.new_state(SPEC.default_config(variant, players), seed)
        rnd = random.Random(seed)
        for _ in range(400):
            view = state.view(None)
            if state.is_over():
                break
            if view.phase == phase:
                return state
            done = state.apply(view.turn, rnd.choice(state.legal_actions(view.turn)))
            state = done[0] if isinstance(done, tuple) else done
    raise AssertionError(f"no {phase} phase reached")


@pytest.mark.parametrize(("variant", "players", "phase"), [("duel", 2, "reward"), ("standard", 3, "choose")])
def test_the_centre_says_a_new_attack_only_when_one_is_to_be_launched(app, monkeypatch, variant, players, phase):
    """Duel: the winner of an attack still choosing to keep or give the revealed card was already said to "launch a
    new attack" in the middle of the table; so was a player choosing who launches the next one."""
    state = played_until_phase(variant, players, phase)
    turn = state.view(None).turn
    scene, match = start(app, ["human" if seat == turn else "easy" for seat in range(players)], 1, variant)
    match.states = [state]
    scene.sync()
    assert app.stack.top is scene and scene.v.phase == phase
    drawn: list[str] = []
    real = theme.blit_text
    monkeypatch.setattr(theme, "blit_text", lambda surface, text, *a, **k: drawn.append(text) or real(surface, text,
                                                                                                        *a, **k))
    frames(app, 3)
    assert drawn, "the table was drawn"
    assert not [t for t in drawn if "launches a new attack" in t], drawn


def test_the_how_many_line_names_the_tortoise_victim_in_full_when_the_name_fits(app):
    """"Click how many under Jean-Christophe," left of the action bar: the name was cut to its first twelve letters
    ("Jean-Christo", no ellipsis) though the whole line had room; it is now shortened only when it does not fit
    before the Take none button, and then with an ellipsis."""
    scene, match = lead_two_tortoises_and_take_two(app)
    names = {1: "Jean-Christophe"}
    real = scene.seat_name
    scene.seat_name = lambda seat: names.get(seat, real(seat))
    click(app, scene.plaques()[1].center)
    frames(app, 2)
    assert scene.steal_target == 1
    line = scene.tortoise_lines(scene.v)[0][0]
    assert "Jean-Christophe" in line, line
    names[1] = "Marie-Bernadette-Clothilde de la Tour d'Auvergne"
    line = scene.tortoise_lines(scene.v)[0][0]
    assert "…" in line, line
    assert 196 + theme.font(17, "italic").size(line)[0] <= scene.no_steal_btn.rect.x - 8, line


def test_the_move_log_dots_the_round_lines_with_the_player_they_name_not_the_last_to_act(app):
    """"Round 1 over: …" and "Round 2 begins: Jeannie starts" wore the dot of whoever went out last (Dmitri's colour
    for Jeannie's start): the new round's line now has its starter's colour, the scores line none."""
    from game.velonimo.rules.events import RoundScored, RoundStarted

    scene, match = start(app, ["easy", "easy", "easy"], seed=2)
    assert until(app, lambda: any(text.startswith("Round 2 begins") for text, _dot in scene.log.entries), 8000)
    frames(app, 5)

    def dotted(event):
        if isinstance(event, RoundStarted):
            return event.starter
        return None if isinstance(event, RoundScored) else NOT_CHECKED

    assert check_log_dots(scene, match, dotted) >= 2


def test_the_score_panels_line_under_the_pointer_says_every_rounds_points(app):
    # the panel shows the last rounds' points small and unlabelled ("4 8"); pointing at a player's line says
    # each round's points and the total
    from game.velonimo.table_parts import score_rows

    scene, match = start(app, ["human", "easy", "easy"], seed=2)
    rnd = random.Random(2)
    for _ in range(20000):  # random moves to the end of the first round, its summary closed
        if scene.summary:
            click(app, scene.continue_btn.rect.center)
        elif scene.my_turn():
            if match.state.view(0).history:
                break
            scene.submit(rnd.choice(scene.legal()))
        frames(app, 1)
    view = match.state.view(0)
    assert len(view.history) == 1 and not scene.summary
    row = score_rows(scene.score_rect, view.players)[1]
    move = pygame.event.Event(pygame.MOUSEMOTION, pos=row.center, rel=(0, 0), buttons=(0, 0, 0))
    frames(app, 40, events=[move])
    rounds = " · ".join(f"round {k + 1}: +{points[1]}" for k, points in enumerate(view.history))
    assert tooltips.text == f"{match.names[1]}: {rounds}; total {view.totals[1]}"


def test_the_cards_of_an_attack_won_stay_where_they_lie_a_moment_then_go_to_the_winner(tmp_path, monkeypatch):
    """At normal speed, the pass that ends an attack leaves its cards on the table a moment (the last play face
    up where it lay) before they are gathered to the winner: they never vanish at once from the centre."""
    from game.velonimo.rules import AttackWon
    from game.velonimo.table_parts import CARD

    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    app = make_app("normal")
    scene, match = start(app, ["easy"] * 4, seed=2)
    for _ in range(6000):
        centre = match.state.view(None).centre
        steps = len(match.steps)
        if centre and not scene.busy():
            slot = scene.centre_slots(len(centre))[-1]
            where = pygame.Rect(round(slot[0]), round(slot[1]), *CARD)
            before = app.canvas.subsurface(where).copy()
        frames(app, 1)
        if len(match.steps) > steps and any(isinstance(e, AttackWon) for e in match.steps[-1].events):
            break
    else:
        pytest.fail("no attack was won")
    frames(app, 6)  # a tenth of a second later: the last play is still there
    assert pygame.image.tobytes(app.canvas.subsurface(where), "RGB") == pygame.image.tobytes(before, "RGB")
    assert until(app, lambda: not scene.busy())
    assert pygame.image.tobytes(app.canvas.subsurface(where), "RGB") != pygame.image.tobytes(before, "RGB")


def _table_at_a_rounds_last_move(app, players=4, human=False):
    """A table one move before the end of round 1, and that move: computer players only, or (``human``) with the
    human who starts round 2."""
    from game.velonimo.rules import RoundStarted

    entry = TABLES["velonimo"]
    seats = [Seat(f"P{i}", "easy", theme.SEAT_COLOURS[i]) for i in range(players)]
    config = entry.spec.default_config("standard", players)
    rnd = random.Random(5)
    played = Match(entry.spec, config, 5, seats)
    while not any(isinstance(e, RoundStarted) for e in (played.steps[-1].events if played.steps else ())):
        seat = played.to_act()[0]
        played.act(seat, rnd.choice(played.state.legal_actions(seat)))
    if human:
        starter = next(e.starter for e in played.steps[-1].events if isinstance(e, RoundStarted))
        seats[starter] = Seat(f"P{starter}", "human", theme.SEAT_COLOURS[starter])
    match = Match(entry.spec, config, 5, seats)
    for step in played.steps[:-1]:
        match.act(step.seat, step.action)
    scene = entry.scene(app, match, entry)
    app.stack.clear_to(scene)
    return scene, match, played.steps[-1]


def test_a_new_rounds_deal_and_its_first_attacker_show_after_the_last_rounds_summary_not_under_it(tmp_path,
                                                                                                   monkeypatch):
    """At normal speed the summary of a round stays up a while (computer players only: it closes by itself); the
    next round's cards are dealt, and "Round 2: … attacks first" said, once it is closed, where they can be seen."""
    from game.velonimo.table_parts import CENTRE, SMALL

    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    app = make_app("normal")
    scene, match, last = _table_at_a_rounds_last_move(app)
    frames(app, 2)
    scene.perform(last.seat, last.action)
    assert until(app, lambda: bool(scene.summary), limit=600)
    deck = (CENTRE[0] - SMALL[0] / 2, CENTRE[1] - SMALL[1] / 2)

    def dealing() -> bool:
        return any(f.tween.start == deck for f in scene.anim.flights)

    while scene.summary:
        frames(app, 1)
        assert not dealing() and not any("attacks first" in b.text for b in scene.anim.banners), \
            "nothing is dealt nor announced under the summary"
    assert until(app, dealing, limit=60), "the deal follows the summary"
    assert until(app, lambda: any(b.text.startswith("Round 2: P") and b.text.endswith("attacks first")
                                  for b in scene.anim.banners), limit=300)


def test_while_a_rounds_summary_is_up_the_prompt_says_the_round_is_over_not_that_a_computer_player_thinks(
        tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    app = make_app("normal")
    scene, match, last = _table_at_a_rounds_last_move(app, human=True)
    assert not scene.is_human(last.seat), "(a computer player ends the round)"
    frames(app, 2)
    scene.thinking_seat = last.seat  # as while it chose that move
    frames(app, 1)
    scene.perform(last.seat, last.action)
    assert until(app, lambda: bool(scene.summary), limit=600)
    frames(app, 30)
    assert scene.shown_prompt()[0] == "Round 1 is over."
