"""The Mille Bornes table: draw by clicking a pile, play by dragging a card to a zone or by clicking it
then its target, refusals in the engine's words, the discard pile as a target, passing to swap cards,
the Coup Fourré question for a human on every hazard (and never with the automatic answer), the hand's
summary, and hot-seat hands behind the hand-off screen."""

import pygame
import pytest

from game.engine.match import Match, Seat
from game.i18n import tr
from game.millebornes.rules.actions import CoupFourre, Decline, Discard, Draw, Exchange, FastRemedy, Play
from game.millebornes.rules.cards import (
    ACCIDENT,
    D25,
    D50,
    D75,
    D100,
    DRIVING_ACE,
    EXTRA_TANK,
    FLAT_TIRE,
    GO,
    OUT_OF_GAS,
    PUNCTURE_PROOF,
    REPAIRS,
    SPARE_TIRE,
)
from game.millebornes.rules.events import FastRemedyPlayed
from game.millebornes.rules.setup import DRAW
from game.ui import layout, privacy, theme
from game.ui.scenes.handoff import HandoffScene
from game.ui.scenes_registry import TABLES

from .millebornes_support import build, config
from .ui_helpers import click, frames, make_app, outlined_hand_slots

ENTRY = TABLES["millebornes"]
BOB = (D50, D50, D75, D75, D100, D100)  # a hand for the other seat
SPEC = ENTRY.spec


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    monkeypatch.setattr(privacy, "strict", True)
    privacy.violations.clear()
    a = make_app("fast")
    a.settings.undo_window = 0.0
    return a


def start(app, controllers, state=None, variant="solo", seed=3):
    seats = [Seat(n, c, theme.SEAT_COLOURS[i]) for i, (n, c) in enumerate(zip(("Ann", "Bob", "Cleo", "Dora"),
                                                                            controllers, strict=False))]
    match = Match(SPEC, SPEC.default_config(variant, len(seats)), seed, seats)
    if state is not None:
        match.states = [state]
    scene = ENTRY.scene(app, match, ENTRY)
    app.stack.clear_to(scene)
    frames(app, 2)
    return scene, match


def until(app, condition, limit=3000):
    for _ in range(limit):
        if condition():
            return True
        if isinstance(app.stack.top, HandoffScene):
            click(app, app.stack.top.ready.rect.center)
        frames(app, 1)
    return condition()


def hand_rect(scene, card):
    return next(rect for c, rect in scene._hand_rects() if c == card)


def drag(app, start, end):
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)),
                      pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
    middle = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    for pos in (middle, end):
        app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0))])
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)])


def test_millebornes_table_draws_from_the_pile_clicked(app):
    state = build(2, hands=[(GO, D25, D100, REPAIRS, FLAT_TIRE, OUT_OF_GAS), BOB], phase=DRAW)
    scene, match = start(app, ["human", "easy"], state)
    assert until(app, scene.my_turn)
    click(app, scene_parts().DRAW_RECT.center)
    assert match.steps[-1].action == Draw(False) and match.state.view(0).phase == "play"


def scene_parts():
    from game.millebornes import table_parts

    return table_parts


def test_millebornes_table_plays_a_card_dragged_onto_your_own_zone(app):
    state = build(2, hands=[(GO, D25, D100, REPAIRS, FLAT_TIRE, OUT_OF_GAS, D25), BOB])
    scene, match = start(app, ["human", "easy"], state)
    assert until(app, scene.my_turn)
    own = scene.zone_rects()[0]
    drag(app, hand_rect(scene, GO).center, own.center)
    assert match.steps[-1].action == Play(GO, 0)
    assert match.state.view(0).zones[0].drive[-1] == GO


def test_millebornes_table_plays_a_hazard_by_clicking_it_then_the_opponents_zone(app):
    state = build(2, hands=[(GO, D25, D100, REPAIRS, FLAT_TIRE, OUT_OF_GAS, D25), BOB],
                  zones=[{}, {"drive": (GO,)}])
    scene, match = start(app, ["human", "human"], state)
    assert until(app, scene.my_turn)
    click(app, hand_rect(scene, FLAT_TIRE).center)
    assert scene.selected == FLAT_TIRE
    assert scene.target_state(FLAT_TIRE, 1) == "legal" and scene.target_state(FLAT_TIRE, 0) == "illegal"
    click(app, scene.zone_rects()[1].center)
    assert match.steps[-1].action == Play(FLAT_TIRE, 1)
    assert match.to_act() == (1,), "Bob is asked 'Coup Fourré?' out of turn"


def test_millebornes_table_refuses_a_distance_without_a_go_in_the_engines_words(app):
    state = build(2, hands=[(D25, D100, REPAIRS, FLAT_TIRE, OUT_OF_GAS, D25, D25), BOB])
    scene, match = start(app, ["human", "easy"], state)
    assert until(app, scene.my_turn)
    steps = len(match.steps)
    drag(app, hand_rect(scene, D100).center, scene.zone_rects()[0].center)
    assert len(match.steps) == steps, "the move was refused"
    reason = match.state.why_illegal(0, Play(D100, 0))
    assert reason and "Go" in reason
    assert any(reason in item[0] for item in app.toasts.items), "the table shows the engine's reason"
    assert scene.selected == D100 and reason in scene.status(), "the card stays chosen and the prompt says why"
    assert f"{reason}. Discard it" in scene.status(), "the reason ends its sentence before the next one starts"


def test_millebornes_table_discards_on_the_discard_pile(app):
    state = build(2, hands=[(D25, D100, REPAIRS, FLAT_TIRE, OUT_OF_GAS, D25, D25), BOB])
    scene, match = start(app, ["human", "easy"], state)
    assert until(app, scene.my_turn)
    click(app, hand_rect(scene, REPAIRS).center)
    click(app, scene_parts().DISCARD_RECT.center)
    assert match.steps[-1].action == Discard(REPAIRS)


@pytest.mark.parametrize(("discard", "options", "offered"), [
    ((D25,), {}, True),  # 2014 rules: the discard pile's top may be taken
    ((), {}, False),  # nothing to take
    ((D25,), {"no_discard_draw": True}, False),  # the classic rule: never from the discard pile
])
def test_millebornes_table_draw_prompt_offers_the_discard_pile_only_when_the_rules_let_it_be_taken(
        app, discard, options, offered):
    state = build(2, hands=[(D25, D100, REPAIRS, FLAT_TIRE, OUT_OF_GAS, D25), BOB], phase=DRAW, discard=discard,
                  **options)
    scene, match = start(app, ["human", "easy"], state)
    assert until(app, scene.my_turn)
    assert (Draw(True) in match.state.legal_actions(0)) is offered
    prompt = scene.status()
    assert prompt.startswith("Draw: click the draw pile")
    assert ("discard pile" in prompt) is offered, prompt


def test_millebornes_table_shows_no_pass_button_under_the_classic_rule_without_exchanges(app):
    state = build(2, hands=[(D25, D100, REPAIRS, FLAT_TIRE, OUT_OF_GAS, D25), BOB], phase=DRAW, no_exchange=True)
    scene, match = start(app, ["human", "easy"], state)
    assert until(app, scene.my_turn)
    assert not any(isinstance(a, Exchange) for a in match.state.legal_actions(0))
    assert not scene.pass_btn.visible, "a button the rules never allow is not shown"


def test_millebornes_table_passing_swaps_the_cards_chosen(app):
    state = build(2, hands=[(D25, D100, REPAIRS, FLAT_TIRE, OUT_OF_GAS, D25), BOB], phase=DRAW)
    scene, match = start(app, ["human", "easy"], state)
    assert until(app, scene.my_turn)
    assert scene.pass_btn.visible
    click(app, scene.pass_btn.rect.center)
    click(app, hand_rect(scene, REPAIRS).center)
    click(app, hand_rect(scene, FLAT_TIRE).center)
    assert scene.swap_btn.label == "Swap 2 cards"
    click(app, scene.swap_btn.rect.center)
    assert match.steps[0].action == Exchange(tuple(sorted((REPAIRS, FLAT_TIRE))))


def test_millebornes_coup_fourre_question_opens_for_a_human_without_the_safety_when_another_human_may_look(app):
    """With two humans at the screen the question opens on EVERY hazard: Bob, who does not hold Extra Tank, is
    asked too (and may only take the hit), so being asked never tells Ann that a safety is held."""
    state = build(2, hands=[(OUT_OF_GAS, D25, D25, D50, D50, D75, D75), (D25, D25, D50, D75, D75, D100)],
                  zones=[{}, {"drive": (GO,)}])
    scene, match = start(app, ["human", "human"], state)
    take = lambda: isinstance(app.stack.top, HandoffScene) and app.stack.top._go()  # noqa: E731
    assert until(app, lambda: take() or scene.my_turn(), 2000)
    scene.submit(next(a for a in scene.legal() if getattr(a, "card", None) == OUT_OF_GAS))
    assert until(app, lambda: take() or (scene.my_turn() and match.state.view(1).phase == "asked"), 2000)
    frames(app, 2)
    assert scene.cf_btn.visible and not scene.cf_btn.enabled and scene.decline_btn.visible
    assert "Coup Fourré" in scene.status()
    click(app, scene.decline_btn.rect.center)
    assert match.steps[-1].action == Decline()


def test_millebornes_one_human_among_bots_is_asked_only_when_a_coup_fourre_is_possible(app):
    """Nobody else at the screen to hide a hand from: a hazard Bob cannot answer is taken at once, no click."""
    state = build(2, hands=[(OUT_OF_GAS, D25, D25, D50, D50, D75, D75), (D25, D25, D50, D75, D75, D100)],
                  zones=[{}, {"drive": (GO,)}])
    scene, match = start(app, ["easy", "human"], state)
    assert until(app, lambda: any(s.action == Decline() for s in match.steps), 2000)
    assert not (scene.cf_btn.visible and scene.decline_btn.visible)


def test_millebornes_coup_fourre_button_plays_the_safety(app):
    state = build(2, hands=[(OUT_OF_GAS, D25, D25, D50, D50, D75, D75), (EXTRA_TANK, D25, D25, D50, D75, D100)],
                  zones=[{}, {"drive": (GO,)}])
    scene, match = start(app, ["easy", "human"], state)
    assert until(app, lambda: scene.my_turn() and match.state.view(1).phase == "asked", 2000)
    assert scene.cf_btn.enabled and "Extra Tank" in scene.cf_btn.label
    click(app, scene.cf_btn.rect.center)
    assert match.steps[-1].action == CoupFourre()
    assert (EXTRA_TANK, True) in match.state.view(1).zones[1].safeties


def test_millebornes_automatic_coup_fourre_answers_without_asking(app):
    app.settings.auto_answers = {"coup-fourre": True}
    state = build(2, hands=[(OUT_OF_GAS, D25, D25, D50, D50, D75, D75), (D25, D25, D50, D75, D75, D100)],
                  zones=[{}, {"drive": (GO,)}])
    scene, match = start(app, ["easy", "human"], state)
    assert until(app, lambda: any(isinstance(s.action, Decline) for s in match.steps), 2000)
    assert not scene.cf_btn.visible


def test_millebornes_hot_seat_never_draws_the_other_humans_hand(app):
    state = build(2, hands=[(DRIVING_ACE, D25, D100, REPAIRS, FLAT_TIRE, OUT_OF_GAS, GO), BOB],
                  zones=[{}, {"drive": (GO,)}])
    scene, match = start(app, ["human", "human"], state)
    assert until(app, scene.my_turn)
    assert scene.viewer == 0
    scene.submit(Play(FLAT_TIRE, 1))
    frames(app, 5)
    assert scene.viewer is None and not scene._hand_rects(), "Ann's hand is hidden once she has played"
    assert until(app, lambda: scene.viewer == 1, 500)
    assert [c for c, _ in scene._hand_rects()] == list(match.state.view(1).hand)
    assert not privacy.violations


def test_millebornes_hand_summary_follows_the_last_card_and_continue_closes_it(app):
    state = build(2, hands=[(D100, D25, D25, D50, D50, D75, D75), BOB],
                  zones=[{"drive": (GO,), "counts": (0, 0, 0, 9, 0)}, {}])
    scene, match = start(app, ["human", "easy"], state)
    assert until(app, scene.my_turn)
    drag(app, hand_rect(scene, D100).center, scene.zone_rects()[0].center)
    assert until(app, lambda: scene.summary is not None, 600)
    assert scene.summary["points"][0] >= 1000 and scene.continue_btn.visible
    click(app, scene.continue_btn.rect.center)
    assert scene.summary is None


def fast_play_hit(app, ann: tuple, bob: tuple):
    """Fast play, Ann (a bot) against Bob (the human): Ann plays the first card of ``ann`` (a hazard) on Bob's
    rolling car before her bot thinks; (scene, match)."""
    state = build(2, hands=[ann, bob], zones=[{}, {"drive": (GO,)}], fast_play=True)
    seats = [Seat("Ann", "easy", theme.SEAT_COLOURS[0]), Seat("Bob", "human", theme.SEAT_COLOURS[1])]
    match = Match(SPEC, config(2, fast_play=True), 3, seats)
    match.states = [state]
    scene = ENTRY.scene(app, match, ENTRY)
    app.stack.clear_to(scene)
    assert scene.submit(Play(ann[0], 1), 0), "Ann plays her hazard on Bob"
    return scene, match


def test_millebornes_table_fast_remedy_animates_without_crash(app):
    """Fast play: Bob answers Ann's Flat Tire with "Remedy now"; the step animates (the card flies to his
    zone, "fixed at once" pops) instead of crashing in the button's handler of the same name."""
    scene, match = fast_play_hit(app, (FLAT_TIRE, D25, D25, D50, D50, D75, D75),
                                 (SPARE_TIRE, D25, D25, D50, D75, D100))
    assert until(app, lambda: scene.my_turn() and scene.remedy_btn.visible and scene.remedy_btn.enabled, 600)
    assert scene.remedy_btn.label == "Remedy now: Spare Tire"
    from game.millebornes import table_parts

    panels = []
    real = table_parts.draw_question
    table_parts.draw_question = lambda surface, title, card, lines: (panels.append(lines), real(surface, title, card,
                                                                                              lines))
    try:
        scene.draw(pygame.Surface((theme.W, theme.H)))
    finally:
        table_parts.draw_question = real
    assert panels and "play Spare Tire at once (fast play)" in " ".join(panels[-1]), \
        "the question panel names both answers of the rule in play (the 2014 rule's fast play)"
    click(app, scene.remedy_btn.rect.center)
    assert match.steps[-1].action == FastRemedy(SPARE_TIRE)
    assert any(isinstance(e, FastRemedyPlayed) for e in match.steps[-1].events)
    assert scene.display is not None or scene.anim.busy, "the step is being shown"
    assert until(app, lambda: any(p.text == "fixed at once" for p in scene.anim.pops), 120)
    assert until(app, lambda: not scene.busy(), 300)
    assert match.state.view(1).zones[1].drive[-1] == SPARE_TIRE


@pytest.mark.parametrize("target", [0, 2500], ids=["one-hand", "to-2500"])
def test_millebornes_score_panel_shows_the_engines_totals_through_the_end_of_a_hand(app, monkeypatch, target):
    """The panel's totals are the engine's, at every frame: the view drawn's during the hand (the running
    hand shown apart), the hand's new totals from the moment its summary opens, and after the next deal
    (or the results). They once added the hand's points to totals that already held them: 1,250 beside a
    summary of 625."""
    from game.millebornes import table_parts

    state = build(2, hands=[(D100, D25, D25, D50, D50, D75, D75), BOB],
                  zones=[{"drive": (GO,), "counts": (0, 0, 0, 9, 0)}, {"drive": (GO,), "counts": (2, 2, 1, 0, 0)}],
                  target=target)
    if target:  # a second hand: the match already holds points
        state.totals, state.history, state.hand_number = (600, 1200), ((600, 1200),), 2
    seats = [Seat("Ann", "human", theme.SEAT_COLOURS[0]), Seat("Bob", "easy", theme.SEAT_COLOURS[1])]
    match = Match(SPEC, config(2, target=target), 3, seats)
    match.states = [state]
    scene = ENTRY.scene(app, match, ENTRY)
    frames_seen = {"before": 0, "summary": 0, "after": 0}
    summary_seen = []
    real = table_parts.draw_scores

    def spy(surface, rect, shown_target, rows):
        drawn = [row.total for row in rows]
        view = scene.v
        assert shown_target == view.target
        assert drawn == list(view.totals), f"the panel draws {drawn}, the view drawn says {view.totals}"
        if scene.summary is not None or summary_seen:
            engine = match.state.view(scene.viewer).totals
            assert drawn == list(engine), f"the panel draws {drawn}, the engine's totals are {engine}"
        if scene.summary is not None:
            assert drawn == list(scene.summary["totals"]), "the panel and the summary agree"
            summary_seen.append(True)
        hand = [z.points for z in view.zones] if view.phase != "over" else list(view.history[-1])
        assert [row.points for row in rows] == hand
        frames_seen["summary" if scene.summary is not None else "after" if summary_seen else "before"] += 1
        real(surface, rect, shown_target, rows)

    monkeypatch.setattr(table_parts, "draw_scores", spy)
    app.stack.clear_to(scene)
    assert until(app, scene.my_turn)
    drag(app, hand_rect(scene, D100).center, scene.zone_rects()[0].center)
    assert until(app, lambda: scene.summary is not None, 600)
    hand_points = list(scene.summary["points"])
    assert hand_points[0] >= 1000 and list(scene.summary["totals"]) == [
        p + (600, 1200)[z] if target else p for z, p in enumerate(hand_points)]
    frames(app, 90)
    click(app, scene.continue_btn.rect.center)
    assert until(app, lambda: scene.summary is None and not scene.busy(), 600)
    frames(app, 30)
    if target:
        assert match.state.view(0).hand_number == 3 and app.stack.top is scene
    assert frames_seen["before"] > 0 and frames_seen["summary"] >= 90 and frames_seen["after"] > 0


def _zone_look(parts, counts):
    return parts.ZoneLook(names=["Ann"], colours=[theme.SEAT_COLOURS[0]], held=[6], drive=(GO,), speed=(),
                          distance_counts=counts, safeties=(), miles=0, goal=1000, points=0, total=0, rolling=True,
                          limited=False)


@pytest.mark.parametrize("count", [2, 3, 4, 10])
def test_millebornes_table_distance_piles_show_each_cards_whole_name_and_stay_in_their_zone(count):
    """A pile of several distance cards once wore its "×2" badge over the top card's name ("25 MIL…"),
    and a pile of four reached below its zone strip. The top card shows whole, name and all, the count
    sits in the pile's heading, and nothing of the piles is drawn outside the strip or its column."""
    from game.millebornes import card_art
    from game.millebornes import table_parts as parts
    from game.millebornes.rules.cards import DISTANCES

    strip = pygame.Rect(10, 30, parts.ZONE_W, parts.ZONE_H)

    def drawn(counts):
        surface = pygame.Surface((parts.ZONE_W + 20, parts.ZONE_H + 60), pygame.SRCALPHA)
        parts.draw_zone(surface, strip, _zone_look(parts, counts), 0.0)
        return surface

    empty, full = drawn((0,) * 5), drawn((count,) * 5)
    below = pygame.Rect(0, strip.bottom, full.get_width(), full.get_height() - strip.bottom)
    assert pygame.image.tobytes(full.subsurface(below), "RGBA") == pygame.image.tobytes(empty.subsurface(below),
                                                                                          "RGBA"), \
        "a pile reaches below its zone strip"
    for i, kind in enumerate(DISTANCES):
        face = card_art.face(kind, parts.ZONE_CARD)
        inside = face.get_rect().inflate(-8, -8)  # the face without its rounded corners (opaque)
        want = pygame.image.tobytes(face.subsurface(inside), "RGB")
        slot = parts.distance_rect(strip, i)
        shown = [dy for dy in range(0, 16)
                 if pygame.image.tobytes(full.subsurface(inside.move(slot.x, slot.y + dy)), "RGB") == want]
        assert shown, f"the {parts.NAMES[kind]} pile's top card is partly covered (its name cut short)"
    columns = [parts.distance_rect(strip, i).inflate(8, 0) for i in range(5)]
    heading = pygame.Rect(columns[0].x, strip.y, columns[-1].right - columns[0].x, columns[0].y - strip.y)
    stray = [(x, y) for x in range(heading.x, heading.right) for y in range(heading.y, heading.bottom)
             if full.get_at((x, y)) != empty.get_at((x, y)) and not any(c.x <= x < c.right for c in columns)]
    assert not stray, f"a pile's heading spills out of its column at {stray[:3]}"


LONGEST_LINES = (("Miles", 1000), ("4 safeties", 400), ("4 Coups Fourrés", 1200), ("All four safeties", 300),
                 ("Trip completed", 400), ("Delayed action", 300), ("Safe trip (no 200)", 300), ("Shut-out", 500),
                 ("Extension", 200))


@pytest.mark.parametrize("over", [False, True], ids=["next-hand", "match-over"])
@pytest.mark.parametrize("variant,players", [("solo", 2), ("solo", 3), ("solo", 4), ("teams", 4), ("teams", 6)])
def test_millebornes_hand_summary_continue_button_sits_below_every_figure(app, monkeypatch, variant, players, over):
    """The hand summary's Continue button was drawn over Player 1's "This hand" and "Match total"
    figures. With the longest score lines, for every player count, it sits inside the summary's panel
    and clear of everything the summary writes."""
    from game.millebornes import table_parts as parts
    from game.millebornes.rules.setup import OVER

    zones = players // 2 if variant == "teams" else players
    controllers = ["human"] + ["easy"] * (players - 1)
    seats = [Seat(f"Player {i + 1} the long-named", c, theme.SEAT_COLOURS[i]) for i, c in enumerate(controllers)]
    match = Match(SPEC, config(players, variant), 3, seats)
    if over:
        match.states = [build(players, variant=variant, phase=OVER)]
    scene = ENTRY.scene(app, match, ENTRY)
    app.stack.clear_to(scene)
    frames(app, 1)
    drawn: list[pygame.Rect] = []
    boxes: list[pygame.Rect] = []
    real_blit, real_summary = theme.blit_text, parts.draw_hand_summary

    def recording_blit(*args, **kwargs):
        rect = real_blit(*args, **kwargs)
        drawn.append(rect)
        return rect

    def summary(surface, box, *args, **kwargs):
        boxes.append(pygame.Rect(box))
        monkeypatch.setattr(theme, "blit_text", recording_blit)
        try:
            real_summary(surface, box, *args, **kwargs)
        finally:
            monkeypatch.setattr(theme, "blit_text", real_blit)

    monkeypatch.setattr(parts, "draw_hand_summary", summary)
    seats_of = [tuple(s for s in range(players) if s % zones == z) for z in range(zones)]
    scene.open_summary({"hand": 12, "why": "trip completed", "seats": seats_of,
                        "points": [3600 - 100 * z for z in range(zones)],
                        "totals": [24600 - 100 * z for z in range(zones)], "lines": [LONGEST_LINES] * zones})
    frames(app, 1)
    assert scene.continue_btn.visible and boxes and drawn
    button, box = scene.continue_btn.rect, boxes[-1]
    assert match.is_over() == over
    assert box.inflate(8, 8).contains(button), "the button is on the summary's panel"
    assert layout.TABLE.contains(box.inflate(8, 8)), "the summary fits the table"
    covered = [r for r in drawn if r.colliderect(button)]
    assert not covered, f"Continue {button} is drawn over the summary's text at {covered}"
    assert button.top >= max(r.bottom for r in drawn), "the button comes below the figures"


def test_millebornes_results_chart_draws_one_line_per_team_named_by_its_partners():
    import random

    from game.ui.scenes.results import chart_lines

    for variant, players in (("teams", 4), ("solo", 3)):
        seats = [Seat(n, "easy", theme.SEAT_COLOURS[i]) for i, n in enumerate(("Ann", "Bob", "Cleo", "Dora")[:players])]
        match = Match(SPEC, SPEC.default_config(variant, players), 7, seats)
        rng = random.Random(7)
        while not match.is_over():
            seat = rng.choice(sorted(match.to_act()))
            match.act(seat, rng.choice(list(match.state.legal_actions(seat))))
        series, colours, names = chart_lines(match, match.state.result())
        if variant == "teams":
            assert names == ["Ann & Cleo", "Bob & Dora"] and len(series) == 2 == len(colours)
            assert colours == [theme.TEAM_COLOURS[0], theme.TEAM_COLOURS[1]], "the lines wear the teams' badges"
        else:
            assert names == ["Ann", "Bob", "Cleo"] and len(series) == 3


@pytest.mark.parametrize("variant, players", [("solo", 4), ("teams", 6), ("teams", 4)])
def test_millebornes_a_zones_news_shows_in_its_identity_column_clear_of_every_text_and_replaces_the_older(
        tmp_path, monkeypatch, variant, players):
    """Pops ("+75 mi", "Out of Gas!", "passes: swaps 6") floated over the zones' headings (DRIVE, SPEED), names
    and card counts, and piled up over one another at speed. A zone's news now shows in its identity column,
    between the names (two in a team's taller strip) and the mileage bar, inside the column; a newer one
    replaces it; what the player at the screen drew shows beside YOUR HAND; nothing overlaps."""
    from game.millebornes import table_parts as parts
    from game.ui import text_audit

    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    text_audit.enable()
    try:
        app = make_app("normal")
        app.settings.undo_window = 0.0
        seats = [Seat(name, "human" if i == 0 else "easy", theme.SEAT_COLOURS[i])
                 for i, name in enumerate(("Jacques", "Fausto", "Jeannie", "Lucien", "Hélène", "Dmitri")[:players])]
        match = Match(SPEC, SPEC.default_config(variant, players), 3, seats)
        scene = ENTRY.scene(app, match, ENTRY)
        app.stack.clear_to(scene)
        frames(app, 2)
        assert match.to_act() == (0,)
        zones = len(scene.v.zones)
        for zone in range(zones):
            scene._zone_news(zone, "+100 · play again", 0.0, 2.0, theme.BLUE)
        scene._drawn_news(0, "you draw End of Limit", 0.0)
        frames(app, 2)
        for zone in range(zones):
            scene._zone_news(zone, "Coup Fourré! +400", 0.0, 2.0, theme.ACCENT)
        scene._drawn_news(0, "you draw Right of Way", 0.0)
        frames(app, 6)
        assert sorted(p.text for p in scene.anim.pops) == ["Coup Fourré! +400"] * zones + ["you draw Right of Way"]
        assert text_audit.take_problems() == []
        drivers = players // zones
        for zone, strip in enumerate(scene.zone_rects()):
            x, y = scene.news_point(zone)
            plate = theme.text("Coup Fourré! +400", scene.anim.pop_style.size, theme.INK, "black").get_rect()
            plate = plate.inflate(*scene.anim.pop_style.pad)
            plate.center = (round(x), round(y))
            column = pygame.Rect(strip.x + 4, strip.y + 8 + 20 * drivers, parts.ID_W - 8, 0)
            column.h = strip.bottom - 40 - column.y
            assert column.contains(plate), (zone, plate, column)
    finally:
        text_audit.disable()


def test_millebornes_table_lets_a_player_swap_no_more_cards_than_the_draw_pile_holds(app):
    """The 2014 exchange takes up to six cards, and no more than the draw pile holds. With three cards left to
    draw the Pass button was greyed out ("You may not pass now.") although the engine takes a swap of one to
    three cards; choosing a fourth card is refused in the engine's words and the prompt says how many."""
    state = build(2, hands=[(D25, D100, REPAIRS, FLAT_TIRE, OUT_OF_GAS, D25), BOB], phase=DRAW, deck_size=3)
    scene, match = start(app, ["human", "human"], state)
    assert until(app, scene.my_turn)
    frames(app, 2)
    assert scene.pass_btn.visible and scene.pass_btn.enabled, "a swap of up to 3 cards is allowed"
    click(app, scene.pass_btn.rect.center)
    assert scene.status().startswith("Only 3 cards left to draw: click up to 3,")
    frames(app, 1)
    assert tr(scene.swap_btn.current_tooltip()) == "Click the cards to give up (up to 3).", "not 'up to 6'"
    for card in (REPAIRS, FLAT_TIRE, OUT_OF_GAS, D100):
        click(app, hand_rect(scene, card).center)
    assert len(scene.swap) == 3, "the fourth card is not taken"
    assert any("The draw pile holds only 3 cards" in item[0] for item in app.toasts.items)
    assert scene.swap_btn.label == "Swap 3 cards"
    click(app, scene.swap_btn.rect.center)
    assert match.steps[-1].action == Exchange(tuple(sorted((REPAIRS, FLAT_TIRE, OUT_OF_GAS))))


def test_millebornes_table_says_draw_first_without_the_discard_pile_when_it_may_not_be_taken(app):
    state = build(2, hands=[(D25, D100, REPAIRS, FLAT_TIRE, OUT_OF_GAS, D25), BOB], phase=DRAW, discard=(D25,),
                  no_discard_draw=True)
    scene, match = start(app, ["human", "easy"], state)
    assert until(app, scene.my_turn)
    click(app, hand_rect(scene, D100).center)
    told = [item[0] for item in app.toasts.items if item[0].startswith("Draw first")]
    assert told and "discard pile" not in told[-1], told


@pytest.mark.parametrize("classic", [False, True], ids=["2014", "go-after-every-remedy"])
def test_millebornes_table_tags_a_drive_pile_that_waits_for_a_go(tmp_path, monkeypatch, classic):
    """Under the classic "a Go after every remedy" a remedy on top of the drive pile, or a hazard a safety played in
    turn lifted, stops the car until a Go covers it; the zone showed only the card (a lifted Flat Tire looked like
    one still in force). Such a pile is tagged "needs Go"; under the 2014 rules the car rolls, untagged."""
    from game.millebornes import table_parts as parts
    from game.ui import text_audit

    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    monkeypatch.setattr(privacy, "strict", True)
    text_audit.enable()
    try:
        app = make_app("fast")
        zones = [{"drive": (GO, ACCIDENT, REPAIRS), "counts": (1, 0, 0, 1, 0)},
                 {"drive": (GO, FLAT_TIRE), "safeties": ((PUNCTURE_PROOF, False),)}]
        options = {"go_after_remedy": True} if classic else {}
        state = build(2, hands=[(D25, D100, REPAIRS, OUT_OF_GAS, D25, D50, D50), BOB], zones=zones, **options)
        seats = [Seat("Ann", "human", theme.SEAT_COLOURS[0]), Seat("Bob", "easy", theme.SEAT_COLOURS[1])]
        match = Match(SPEC, config(2, **options), 3, seats)
        match.states = [state]
        scene = ENTRY.scene(app, match, ENTRY)
        app.stack.clear_to(scene)
        assert until(app, scene.my_turn)
        frames(app, 1)
        assert [z.rolling for z in match.state.view(0).zones] == [not classic, not classic]
        tags = [m.rect for m in text_audit.marks(app.canvas) if m.text == "needs Go"]
        drives = [parts.drive_rect(rect) for rect in scene.zone_rects()]
        tagged = [any(drive.contains(tag) for tag in tags) for drive in drives]
        assert tagged == [classic, classic], tags
        assert text_audit.take_problems() == []
    finally:
        text_audit.disable()


def test_millebornes_a_safety_that_completes_the_trip_does_not_say_play_again(app):
    """2014 rules: a safety counts 100 toward the 1000, so one played at 900 ends the hand; its news said
    "+100 · play again" all the same."""
    state = build(2, hands=[(PUNCTURE_PROOF, D25, D25, D50, D50, D75, D75), BOB],
                  zones=[{"drive": (GO,), "counts": (0, 0, 0, 9, 0)}, {}])
    scene, match = start(app, ["human", "easy"], state)
    assert until(app, scene.my_turn)
    drag(app, hand_rect(scene, PUNCTURE_PROOF).center, scene.zone_rects()[0].center)
    news: set[str] = set()
    assert until(app, lambda: news.update(p.text for p in scene.anim.pops) or scene.summary is not None, 600)
    frames(app, 30)
    news.update(p.text for p in scene.anim.pops)
    assert "+100 · trip completed" in news and "+100 · play again" not in news, news


def test_millebornes_in_teams_the_coup_fourre_question_says_the_hazard_hit_your_team(app):
    """In teams of two the partners share one driving zone: the question said "played Out of Gas on you" where the
    engine's own words (and the rules) say the hazard is on the team."""
    state = build(4, variant="teams", hands=[(OUT_OF_GAS, D25, D25, D50, D50, D75, D75), (D25, D25, D50, D75, D75, D100),
                                             (D25, D50, D50, D75, D75, D100), (D25, D25, D50, D50, D75, D100)],
                  zones=[{}, {"drive": (GO,)}])
    scene, match = start(app, ["human", "human", "easy", "easy"], state, variant="teams")
    take = lambda: isinstance(app.stack.top, HandoffScene) and app.stack.top._go()  # noqa: E731
    assert until(app, lambda: take() or scene.my_turn(), 2000)
    scene.submit(next(a for a in scene.legal() if getattr(a, "card", None) == OUT_OF_GAS))
    assert until(app, lambda: take() or (scene._me() == 1 and match.state.view(1).phase == "asked"), 2000)
    frames(app, 2)
    assert "on your team. Coup Fourré?" in scene.status(), scene.status()
    drawn: list[str] = []
    real = theme.blit_text
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(theme, "blit_text", lambda surface, text, *a, **k: drawn.append(text) or real(surface, text,
                                                                                                       *a, **k))
        frames(app, 1)
    joined = " ".join(drawn)
    assert "on your team." in joined and "on you." not in joined, joined


def test_millebornes_setup_summary_states_the_trip_the_coup_fourre_and_the_target_chosen(app):
    """The setup screen said "First to 1000 (miles, and 100 a safety)… 200 a Coup Fourré" whatever the options: under
    the classic trip of 700 extendable (distance cards only), a Coup Fourré worth 300 or a match to 5,000 points it
    described rules not in play."""
    from game.ui.scenes.setup import SetupScene

    setup = SetupScene(app, TABLES["millebornes"])
    summary = setup.summary()
    assert "First to 1000 (miles, and 100 a safety) ends the hand." in summary and "200 a Coup Fourré" in summary
    assert "Most points wins" in summary
    for key in ("extension", "exact_finish", "classic_coup_fourre", "bonus_trip", "bonus_shutout"):
        setup.option_widgets[key].value = True
    setup.option_widgets["target"].set_value(5000)
    summary = setup.summary()
    assert "First to exactly 700 (distance cards only) ends the hand, or extends the trip to 1000." in summary
    assert "300 a Coup Fourré, and 2 classic bonuses" in summary and "200 a Coup Fourré" not in summary
    assert "until someone reaches 5,000 points" in summary and "1000 (miles" not in summary


def test_millebornes_hot_seat_news_of_a_drawn_card_goes_with_the_hand_it_joined(app):
    """Hot-seat privacy: the card Ann draws is named to her only ("you draw Extra Tank", beside YOUR HAND). Once
    she had played, her hand was hidden ("Hands are hidden until the next player takes the screen") but that news
    stayed on the table while Bob (a bot) played and until Cleo's hand-off: Cleo could read that Ann holds Extra
    Tank. The news leaves the screen with the hand."""
    from game.millebornes import table_parts as parts

    state = build(3, hands=[(GO, D25, D25, D50, D50, D75), (D25, D25, D50, D75, D75, D100),
                            (D25, D50, D50, D75, D75, D100)],
                  zones=[{"drive": (GO,)}, {}, {}], phase=DRAW, deck_top=(EXTRA_TANK,))
    scene, match = start(app, ["human", "easy", "human"], state)
    assert until(app, scene.my_turn)
    click(app, parts.DRAW_RECT.center)
    assert until(app, lambda: scene.my_turn() and scene.v.phase == "play", 300)
    assert any("Extra Tank" in p.text for p in scene.anim.pops), "Ann, at the screen, is told what she drew"
    drag(app, hand_rect(scene, D25).center, scene.zone_rects()[0].center)
    assert match.steps[-1].action == Play(D25, 0) and scene.viewer is None
    shown = []
    for _ in range(120):
        if isinstance(app.stack.top, HandoffScene):
            break
        shown += [p.text for p in scene.anim.pops if "Extra Tank" in p.text]
        frames(app, 1)
    assert not shown, f"Ann's drawn card is named after her hand was hidden: {shown[:1]}"
    assert not privacy.violations


def test_millebornes_coup_fourre_that_completes_the_trip_in_a_match_still_says_its_points(app):
    """In a match of several hands a Coup Fourré that completes the trip ends the hand and deals the next at once:
    its news measured the points from the new hand's (empty) zone and said only "Coup Fourré!", where any other
    Coup Fourré says "Coup Fourré! +300" (100 for the safety, 200 for the Coup Fourré)."""
    state = build(2, hands=[(OUT_OF_GAS, D25, D25, D50, D50, D75, D75), (EXTRA_TANK, D25, D25, D50, D75, D100)],
                  zones=[{}, {"drive": (GO,), "counts": (0, 0, 0, 9, 0)}], target=2500)
    seats = [Seat("Ann", "easy", theme.SEAT_COLOURS[0]), Seat("Bob", "human", theme.SEAT_COLOURS[1])]
    match = Match(SPEC, config(2, target=2500), 3, seats)
    match.states = [state]
    scene = ENTRY.scene(app, match, ENTRY)
    app.stack.clear_to(scene)
    assert until(app, lambda: scene.cf_btn.visible and scene.cf_btn.enabled, 600)
    click(app, scene.cf_btn.rect.center)
    news: set[str] = set()
    assert until(app, lambda: news.update(p.text for p in scene.anim.pops) or scene.summary is not None, 600)
    assert match.state.view(1).hand_number == 2, "the hand ended with the Coup Fourré"
    assert "Coup Fourré! +300" in news, news


@pytest.mark.parametrize("classic", [False, True], ids=["2014", "classic-coup-fourre"])
def test_millebornes_the_last_hands_zone_says_the_points_the_summary_scored(app, classic):
    """At the match's end the zones stay on the table: a zone said "1,100 pts · total 2,300" beside a summary (and a
    score panel) of 2,300 for the hand, its bonuses left out. It says the hand's points as scored."""
    from game.millebornes import table_parts as parts

    options = dict(bonus_trip=True, bonus_safe_trip=True, bonus_shutout=True, classic_coup_fourre=classic)
    state = build(2, hands=[(D100, D25, D25, D50, D50, D75, D75), BOB],
                  zones=[{"drive": (GO,), "counts": (0, 0, 0, 8, 0), "safeties": ((DRIVING_ACE, True),)}, {}],
                  **options)
    seats = [Seat("Ann", "human", theme.SEAT_COLOURS[0]), Seat("Bob", "easy", theme.SEAT_COLOURS[1])]
    match = Match(SPEC, config(2, **options), 3, seats)
    match.states = [state]
    scene = ENTRY.scene(app, match, ENTRY)
    app.stack.clear_to(scene)
    assert until(app, scene.my_turn)
    looks = []
    real = parts.draw_zone
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(parts, "draw_zone", lambda surface, rect, look, t: looks.append(look) or real(surface, rect,
                                                                                                   look, t))
        drag(app, hand_rect(scene, D100).center, scene.zone_rects()[0].center)
        assert until(app, lambda: scene.summary is not None, 600)
        looks.clear()
        frames(app, 2)
    scored = scene.summary["points"]
    assert match.is_over() and scored[0] > 1000 + 100
    assert [look.points for look in looks[-2:]] == list(scored), "the zones say the hand's points as scored"


@pytest.mark.parametrize("against", ["speed-limit", "flat-tire"])
def test_millebornes_fast_play_offers_no_remedy_button_against_a_speed_limit(app, against):
    """Fast play answers a hazard on the drive pile; a Speed Limit goes on the speed pile and End of Limit waits for
    the player's turn (rules doc, "Fast play"). The question still showed a greyed "Remedy now" button against a
    Speed Limit, one the rules never allow there (even holding End of Limit): it is not shown. Against a hazard on
    the drive pile it is."""
    from game.millebornes.rules.cards import EMERGENCY_VEHICLE, END_OF_LIMIT, SPEED_LIMIT

    hazard, remedy, safety = ((SPEED_LIMIT, END_OF_LIMIT, EMERGENCY_VEHICLE) if against == "speed-limit"
                              else (FLAT_TIRE, SPARE_TIRE, PUNCTURE_PROOF))
    # (Bob holds the safety too: the one human among bots is asked only when he has a choice)
    scene, match = fast_play_hit(app, (hazard, D25, D25, D50, D50, D75, D75), (remedy, safety, D25, D50, D75, D100))
    assert until(app, lambda: scene.my_turn() and scene.decline_btn.visible, 600)
    frames(app, 1)
    assert scene.remedy_btn.visible is (hazard != SPEED_LIMIT)
    assert scene.decline_btn.visible and scene.cf_btn.visible


def test_millebornes_no_reshuffle_prompt_says_why_there_is_no_draw_once_the_pile_has_run_out(app):
    """Classic "no reshuffle": once the draw pile runs out nobody draws. Its banner plays during the move before, while
    the next human waits behind the hand-off screen (which clears it): Bob then met "Play a card…" with no draw step
    and nothing on screen saying why. His prompt says that drawing is over, each turn it is."""
    state = build(2, hands=[(D25, D25, D50, D50, D75, D75), (D25, D25, D50, D75, D75, D100)],
                  zones=[{"drive": (GO,)}, {"drive": (GO,)}], deck_size=1, phase=DRAW, no_reshuffle=True)
    scene, match = start(app, ["human", "human"], state)
    assert until(app, scene.my_turn)
    assert scene.status().startswith("Draw: click the draw pile")
    click(app, scene_parts().DRAW_RECT.center)
    assert until(app, lambda: scene.my_turn() and scene.v.phase == "play", 300)
    assert scene.status().startswith("Play a card"), "Ann drew the last card: her turn is as usual"
    scene.submit(Play(D25, 0))
    assert match.state.view(1).drawing_over and match.state.view(1).phase == "play"
    assert until(app, lambda: scene.my_turn() and scene.viewer == 1, 600)
    assert scene.status().startswith("No more drawing (the draw pile is empty for good): play a card"), scene.status()


def test_millebornes_hot_seat_hand_area_promises_no_next_player_once_the_match_is_over(app):
    """Hot-seat, the last hand scored: the hand area went on saying "Hands are hidden until the next player takes the
    screen" under the summary and on the table seen from the results, though nobody takes the screen any more. It
    says the match is over (and still shows no hand)."""
    state = build(2, hands=[(D100, D25, D25, D50, D50, D75, D75), BOB],
                  zones=[{"drive": (GO,), "counts": (0, 0, 0, 9, 0)}, {}])
    scene, match = start(app, ["human", "human"], state)
    assert until(app, scene.my_turn)
    drag(app, hand_rect(scene, D100).center, scene.zone_rects()[0].center)
    assert until(app, lambda: scene.summary is not None, 600) and match.is_over()
    drawn: list[str] = []
    real = theme.blit_text
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(theme, "blit_text", lambda surface, text, *a, **k: drawn.append(text) or real(surface, text,
                                                                                                       *a, **k))
        frames(app, 1)
    assert not scene._hand_rects()
    assert not any("next player takes the screen" in text for text in drawn), drawn
    assert "The match is over." in drawn


@pytest.mark.parametrize("variant, players, words", [("teams", 4, "Your team reached 700"), ("solo", 2, "You reached 700")])
def test_millebornes_the_extension_question_speaks_to_the_team_that_reached_700(app, variant, players, words):
    """Classic extension ("700, extendable to 1000"): in teams of two the partners share the trip, so the question
    says the team reached 700, not "you" (as the Coup Fourré question says "on your team")."""
    from game.millebornes.rules.setup import EXTEND

    hand = (D25, D25, D50, D50, D75, D75)
    state = build(players, hands=[hand] + [()] * (players - 1), variant=variant, extension=True,
                  zones=[{"drive": (GO,), "counts": (0, 0, 0, 7, 0)}] + [{}] * (players // (2 if variant == "teams"
                                                                                                  else 1) - 1),
                  phase=EXTEND)
    seats = [Seat(f"P{i}", "human" if i == 0 else "easy", theme.SEAT_COLOURS[i]) for i in range(players)]
    match = Match(SPEC, config(players, variant, extension=True), 3, seats)
    match.states = [state]
    scene = ENTRY.scene(app, match, ENTRY)
    app.stack.clear_to(scene)
    frames(app, 2)
    assert scene.status().startswith(words), scene.status()


def test_millebornes_the_next_hand_s_banner_waits_for_the_last_hand_s_summary_to_close(app):
    """A match to 2,500: "Hand 2: a trip of 1,000 miles · Bob starts" played under the open summary of hand 1, so
    nobody read who starts; it now shows when the summary closes."""
    state = build(2, hands=[(D100, D25, D25, D50, D50, D75, D75), BOB],
                  zones=[{"drive": (GO,), "counts": (0, 0, 0, 9, 0)}, {}], target=2500)
    seats = [Seat("Ann", "human", theme.SEAT_COLOURS[0]), Seat("Bob", "easy", theme.SEAT_COLOURS[1])]
    match = Match(SPEC, config(2, target=2500), 3, seats)
    match.states = [state]
    scene = ENTRY.scene(app, match, ENTRY)
    app.stack.clear_to(scene)
    assert until(app, scene.my_turn)
    drag(app, hand_rect(scene, D100).center, scene.zone_rects()[0].center)
    assert until(app, lambda: scene.summary is not None, 600)
    frames(app, 240)  # the whole step is animated under the summary
    assert scene.summary is not None and not any(b.text.startswith("Hand 2") for b in scene.anim.banners)
    click(app, scene.continue_btn.rect.center)
    assert any(b.text.startswith("Hand 2") and "starts" in b.text for b in scene.anim.banners)


def test_millebornes_picking_up_one_of_two_identical_cards_lifts_that_one_alone(app, monkeypatch):
    """Two 25s in hand: a click on the second lifted and outlined both, as if two cards were chosen; a click on the
    other one then let go of the choice instead of moving it there."""
    state = build(2, hands=[(GO, D25, D100, REPAIRS, FLAT_TIRE, OUT_OF_GAS, D25), BOB])
    scene, match = start(app, ["human", "easy"], state)
    assert until(app, scene.my_turn)
    first, second = [i for i, (card, _rect) in enumerate(scene._hand_rects()) if card == D25]
    rects = [rect for _card, rect in scene._hand_rects()]
    click(app, rects[second].center)
    assert scene.selected == D25 and outlined_hand_slots(app, scene, monkeypatch) == [second]
    click(app, rects[first].center)
    assert scene.selected == D25 and outlined_hand_slots(app, scene, monkeypatch) == [first], "the choice moves"
    click(app, rects[first].center)
    assert scene.selected is None and outlined_hand_slots(app, scene, monkeypatch) == []
