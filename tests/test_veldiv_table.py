"""The Jeu du Veldiv table (issue 18): fresh dice for a player about to throw, team marks one can read, a
start-line grid without overlaps, the panel's words, and the restart question of a dice game."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game import storage
from game.engine.match import Match, Seat
from game.ui import theme
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes_registry import TABLES
from game.veldiv import panel, track_art
from game.veldiv.rules.setup import setup_for
from game.veldiv.rules.state import VeldivState

from .ui_helpers import click, frames, make_app
from .veldiv_support import DONE, RACING, race


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    return make_app("fast")


def table(app, variant: str, controllers: str, seed: int = 3, state: VeldivState | None = None):
    entry = TABLES["veldiv"]
    seats = [Seat(f"P{i + 1}", "human" if c == "h" else "easy", theme.SEAT_COLOURS[i])
             for i, c in enumerate(controllers)]
    match = Match(entry.spec, entry.spec.default_config(variant, len(seats)), seed, seats)
    if state is not None:
        match.states[-1] = state
    scene = entry.scene(app, match, entry)
    app.stack.clear_to(scene)
    frames(app, 1)
    return scene, match


def settle(app, scene, match, steps: int) -> None:
    """Frames until ``steps`` moves are made and their animation is over."""
    for _ in range(2000):
        if len(match.steps) >= steps and not scene.busy():
            break
        frames(app, 1)
    frames(app, 2)
    assert len(match.steps) >= steps and not scene.busy()


def test_after_a_bots_throw_the_dice_wait_unthrown_for_the_human_who_throws_next(app):
    scene, match = table(app, "individuelle", "bh")
    settle(app, scene, match, 1)
    assert match.to_act() == (1,) and match.state.dice, "the bot has thrown"
    die = scene.dice[0]
    assert die.visible and die.clickable
    assert die.value is None, "the bot's throw is not shown as if it were the human's"
    assert scene.status().endswith("click the die to throw."), "one die in a race of single riders"


def test_the_throw_prompt_says_die_or_dice_as_many_as_the_throw_has(app):
    """A race of single riders throws one die, a team's turn two (Art. 5): the prompt said "click the dice" over a
    single blank die."""
    scene, match = table(app, "individuelle", "hb")
    assert sum(d.visible for d in scene.dice) == 1 and scene.status() == "P1: click the die to throw."
    scene, match = table(app, "americaine", "hh")
    assert scene.status() == "P1: click the die to throw.", "a team's first turn: one die"
    while not (match.to_act() == (0,) and match.state.view(0).phase == "roll" and len(match.steps) > 4):
        seat = match.to_act()[0]
        match.act(seat, match.state.legal_actions(seat)[0])
    scene.sync()
    frames(app, 2)
    assert scene.acting_human() == 0 and sum(d.visible for d in scene.dice) == 2
    assert scene.status() == "P1: click the dice to throw.", "a team's later turns: two dice"


def test_an_unthrown_veldiv_die_shows_a_blank_face_not_a_one(app):
    scene, _ = table(app, "individuelle", "hb")
    die = scene.dice[0]
    assert die.blank_until_thrown and die.value is None
    surface = pygame.Surface((200, 200))
    surface.fill((0, 0, 0))
    die.rect = pygame.Rect(60, 60, 64, 64)
    die.draw(surface)
    centre = surface.get_at(die.rect.center)[:3]
    assert sum(centre) > 3 * 180, f"the middle of the face is blank paper, not a pip: {centre}"


def test_team_riders_carry_a_readable_white_1_or_black_2_mark_beside_them(app):
    state = race("americaine", 2, [20, 28, 10, 14], turn=0)
    scene, _ = table(app, "americaine", "hb", state=state)
    surface = pygame.Surface((theme.W, theme.H))
    scene.draw_table(surface)
    positions = scene._draw_positions()
    for rider, expected in ((0, "white"), (1, "black"), (2, "white"), (3, "black")):
        x, y = positions[rider]
        _, _, heading = scene.geo.space_point(state.sp[rider])
        bx, by = track_art.badge_point(x, y, heading)
        disc = [surface.get_at((round(bx) + dx, round(by) + dy))[:3]
                for dx in range(-7, 8) for dy in range(-7, 8) if dx * dx + dy * dy <= 49]
        light = sum(1 for c in disc if min(c) > 200)
        dark = sum(1 for c in disc if max(c) < 60)
        fill, digit = (light, dark) if expected == "white" else (dark, light)
        assert fill > len(disc) / 2 and digit > 5, f"rider {rider}: {light} light, {dark} dark of {len(disc)}"
    assert track_art.rider_badge(0).get_width() >= 18, "big enough to read at 960x540 (3/4 scale)"


def test_riders_lined_up_on_the_start_line_stand_apart(app):
    scene, _ = table(app, "americaine", "hbbbbb")
    positions = scene._draw_positions()
    assert len(positions) == 12
    closest = min(((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5
                  for (ax, ay), (bx, by) in itertools.combinations(positions.values(), 2))
    assert closest >= 26, f"riders 22 px wide overlap: {closest:.1f} px apart"


def test_hovering_a_lapped_rider_says_how_many_laps_it_is_down(app):
    state = race("individuelle", 3, [100, 40, 70], turn=0, tour=(1, 0, 0), gained=(0, 1, 0, 0, 0, 0, 0, 0, 0))
    scene, _ = table(app, "individuelle", "hbb", state=state)
    view = scene.v
    assert scene.rider_tip(view.riders[1]).endswith("racing · 1 lap down")
    assert "down" not in scene.rider_tip(view.riders[2])


def test_the_panel_names_the_un_tour_tokens_and_says_who_waits_across_the_line():
    s = race("individuelle", 4)
    assert [h for _, h in panel.columns(s.view(0))][:2] == ["Un Tour", "Premier"]
    s = race("eliminatoire", 3, [55, 20, 10], st=[DONE, RACING, RACING], arrive=(0,), turn=1)
    view = s.view(0)
    assert panel.cell(view, 0, "state") == "across" and panel.cell(view, 1, "state") == ""
    s = race("cagnotte", 3, [55, 20, 10], st=[DONE, RACING, RACING], arrive=(0,), turn=1)
    assert ("state", "") in panel.columns(s.view(0)) and panel.cell(s.view(0), 0, "state") == "across"


def test_the_panel_says_when_the_final_lap_is_on_and_on_which_lap_the_race_ended():
    s = race("individuelle", 3, [150, 100, 90], st=[DONE, RACING, RACING], final=3, arrive=(0,), turn=1,
             prem=(3, 0, 0), lapc=(0, 3, 3, 1))
    assert panel.subtitle(s.view(0)) == "Final lap 3 · each rider finishes at the line"
    over = VeldivState(s.setup, s.x, s.sp, (DONE,) * 3, 1, 0, (), s.rng, True, 0, s.book)
    assert panel.subtitle(over.view(0)) == "The race ended on lap 3"


def test_restarting_a_veldiv_race_offers_fresh_dice_not_new_starting_positions(app):
    scene, match = table(app, "individuelle", "hb")
    question = PauseScene(app, scene).restart_question()
    assert "same players and fresh dice?" in question and "starting positions" not in question


def test_the_results_say_what_the_points_races_are_ranked_by():
    su = setup_for(TABLES["veldiv"].spec.default_config("individuelle", 2))
    s = race("individuelle", 2, [100, 90], st=[DONE, DONE], final=2, arrive=(0, 1), prem=(2, 0), lapc=(0, 2, 2))
    assert s.setup is su
    details = s.result().details
    assert "Ranked by laps taken (Un Tour tokens), then Premier tokens, then points, then arrival." in details


def test_with_auto_throw_on_the_table_throws_for_a_human_whose_only_move_is_to_throw(app):
    app.settings.auto_throw = True
    scene, match = table(app, "individuelle", "hb")
    assert match.to_act() == (0,) and not match.steps
    frames(app, 1)
    assert "throwing for you" in scene.status()
    settle(app, scene, match, 3)  # the human's throw (made by the table), the bot's, the human's again
    assert [step.seat for step in match.steps[:3]] == [0, 1, 0]


def test_auto_throw_waits_a_beat_the_human_may_still_click_first(app):
    app.settings.auto_throw = True
    app.settings.animation_speed = "normal"
    scene, match = table(app, "individuelle", "hb")
    frames(app, 20)  # a third of a second: not yet
    assert not match.steps
    scene.throw_btn.click()
    assert len(match.steps) == 1 and match.steps[0].seat == 0


def test_auto_throw_leaves_the_team_choices_to_the_human(app):
    app.settings.auto_throw = True
    scene, match = table(app, "americaine", "hb")
    settle(app, scene, match, 1)  # the table throws the single die of the first turn
    assert match.state.phase == 1 and match.to_act() == (0,), "which rider moves is the human's choice (Art. 5)"
    frames(app, 120)
    assert len(match.steps) == 1, "the table never chooses for the human"


def test_without_auto_throw_the_table_waits_for_the_human(app):
    assert app.settings.auto_throw is False, "off by default"
    scene, match = table(app, "individuelle", "hb")
    frames(app, 120)
    assert not match.steps


def test_the_settings_screen_lists_auto_throw_and_saves_it(app):
    settings = SettingsScene(app)
    app.stack.push(settings)
    assert any(label == "Throw the dice for me" for _, label in settings.rows)
    assert settings.throw.value is False
    assert settings.box.bottom + 24 + 54 <= theme.H, "the Done button stays on screen"
    click(app, settings.throw.rect.center)
    assert app.settings.auto_throw is True and storage.load_settings()[0].auto_throw is True


def test_switching_from_twelve_players_to_the_americaine_keeps_the_nearest_count_it_allows(app):
    setup = SetupScene(app, TABLES["veldiv"])
    setup.players.value = 12
    setup._players(12)
    setup._variant("americaine")
    assert len(setup.rows) == 6 and setup.players.value == 6
    setup._variant("poursuite")
    assert len(setup.rows) == 4
    setup._variant("cagnotte")
    assert len(setup.rows) == 4, "a count the race allows is kept"


def separator_drawn(setup) -> bool:
    """Whether the options panel draws its rule above "About this game" (a LINE-coloured run of pixels)."""
    surface = pygame.Surface((theme.W, theme.H))
    setup.draw(surface)
    y = setup.options_bottom - 10 + 14
    return sum(1 for x in range(740, 1200) if surface.get_at((x, y))[:3] == tuple(theme.LINE)[:3]) > 400


def test_a_race_without_options_has_no_stray_rule_at_the_top_of_its_options_panel(app):
    setup = SetupScene(app, TABLES["veldiv"])
    assert setup.variant.options and separator_drawn(setup), "under options, the rule sets the summary apart"
    for race_id in ("poursuite", "poursuite-equipe", "eliminatoire"):
        setup._variant(race_id)
        assert not setup.variant.options and not separator_drawn(setup), race_id


def test_a_cagnotte_of_twelve_shared_by_eleven_keeps_its_results_on_screen(tmp_path, monkeypatch):
    """At twelve players La Cagnotte can end with eleven winners: the headline naming them all ran 1,900 px
    off the screen, the ranking's last rows and the chart's legend past its edges. The headline says how many
    share the win, the ranking's rows close up so the twelve fit, the legend takes a second row."""
    from game.engine.protocol import Config
    from game.tablerun import TableRun
    from game.ui import text_audit
    from game.ui.scenes.results import ResultsScene, headline

    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    entry = TABLES["veldiv"]
    options = dict(entry.spec.default_config("cagnotte", 12).options, stake=20)
    config = entry.spec.validate_config(Config("cagnotte", 12, tuple(sorted(options.items()))))
    text_audit.enable()
    try:
        app = make_app("instant")
        app.settings.undo_window = 0.0
        report = TableRun(app, entry, config, ("easy",) * 12, 1, max_steps=400).run()
    finally:
        text_audit.disable()
    assert isinstance(app.stack.top, ResultsScene) and len(app.stack.top.result.winners) == 11
    assert app.stack.top.headline == "11 players share the win!"
    assert report.finished and report.problems == []  # the results' frame too: nothing cut
    names = ["Jacqueline", "Maximilien", "Bernadette", "Christophe"] * 3
    assert headline(names, [0, 1]) == "Jacqueline & Maximilien win!"


def test_a_move_past_many_riders_says_so_in_one_pop_and_the_next_steps_pops_replace_it(app):
    """Twelve riders on the start line: one throw hopped over six of them and six "Art. 3: taken!" pops piled
    up; at instant speed the pops of every step stayed on screen over one another. One pop tells a move's
    bumps, and the pops of a step give way to the next step's."""
    from game.veldiv.rules.events import BUMP, THROW, RiderMoved

    app.settings.animation_speed = "instant"
    scene, match = table(app, "individuelle", "h" + "b" * 11)
    legs = (("Art. 1", 1, 48, 1, THROW),) + tuple(("Art. 3", 1, s, s + 1, BUMP) for s in range(1, 7))
    event = RiderMoved(0, 0, 1, 48, legs)
    scene.on_step(0, None, [event])
    frames(app, 2)
    assert [p.text for p in scene.anim.pops] == ["Art. 3: 6 spaces taken"]
    scene.on_step(0, None, [])
    assert scene.anim.pops == []


def thrown_with_pops(app, scene, match, variant: str, state: VeldivState, dice) -> dict[str, tuple[float, float]]:
    """The human to act throws ``dice`` (loaded); every pop shown while the throw is animated, by its text."""
    from .veldiv_support import rng_for

    loaded = VeldivState(state.setup, state.x, state.sp, state.st, state.turn, state.phase, state.dice,
                         rng_for(*dice), state.over, state.throws, state.book)
    match.states[-1] = loaded
    scene.sync()
    seen: dict[str, tuple[float, float]] = {}
    scene.throw_btn.click()
    assert len(match.steps) == 1
    for _ in range(600):
        frames(app, 1)
        for pop in scene.anim.pops:
            seen.setdefault(pop.text, pop.pos)
        if not scene.busy():
            break
    return seen


def near(a, b, tolerance: float = 6.0) -> bool:
    return abs(a[0] - b[0]) <= tolerance and abs(a[1] - b[1]) <= tolerance


@pytest.mark.parametrize("variant", ["poursuite", "poursuite-equipe"])
def test_a_pursuit_rider_completing_a_lap_is_told_at_its_own_start_space_not_at_the_arrivee_line(app, variant):
    """In a pursuit each rider's line is its own start space (24 for the first of two): the "lap 1" pop showed at
    the ARRIVÉE line after space 48, half a track away from where the rider had just completed its lap."""
    team = variant == "poursuite-equipe"
    xs = [46, 60, 40, 41] if team else [46, 40]  # the first seat (line 24) on space 22, the others well apart
    state = race(variant, 2, xs, turn=0)
    scene, match = table(app, variant, "hh", state=state)
    dice = (4, 1) if team else (4,)  # rider 1 (behind, on 22) takes the 4: past space 24
    seen = thrown_with_pops(app, scene, match, variant, state, dice)
    assert match.state.view(None).riders[0].laps == 1, "the rider completed its first lap"
    assert "lap 1" in seen, seen
    assert near(seen["lap 1"], scene._infield_point(24, "lap 1")), "told at its line, space 24"
    assert not near(seen["lap 1"], scene._infield_point(48, "lap 1"), 100)


def test_the_premier_token_pops_beside_the_team_rider_that_took_it(app):
    """Américaine: the team's second rider is first across the line; the "Premier!" pop showed beside its first
    rider, half a lap back, as if that one had taken the token."""
    state = race("americaine", 2, [20, 46, 30, 35], turn=0)  # rider 1 on 20 (behind), rider 2 on 46
    scene, match = table(app, "americaine", "hh", state=state)
    seen = thrown_with_pops(app, scene, match, "americaine", state, (4, 3))  # 20 -> 24, 46 -> 1: across first
    view = match.state.view(None)
    assert view.premiers[0] == 1 and view.riders[1].space == 1 and view.riders[0].space == 24
    assert "+3 pts" in seen and "Premier!" in seen, seen
    assert near(seen["Premier!"], scene._infield_point(1, "Premier!")), "beside rider 2, on space 1"
    assert not near(seen["Premier!"], scene._infield_point(24, "Premier!"), 100)


def test_the_course_individuelle_summary_gives_the_premier_tokens_the_option_sets(app):
    """The setup screen said "Three Premier tokens end the race." beside the option set to 5 (or 1)."""
    setup = SetupScene(app, TABLES["veldiv"])
    assert setup.variant.id == "individuelle"
    assert setup.summary().endswith("Three Premier tokens end the race."), "the rulebook's three: as written"
    premiers = setup.option_widgets["premiers"]
    for value, words in ((5, "5 Premier tokens end the race."), (1, "1 Premier token ends the race.")):
        premiers.value = value
        summary = setup.summary()
        assert summary.endswith(words) and "Three" not in summary, summary


def line_colour(scene, space: int) -> tuple[int, int, int]:
    """The colour drawn in the middle of the track where ``space`` ends (a rider's line when it is its start)."""
    surface = pygame.Surface((theme.W, theme.H))
    scene.draw_table(surface)
    x, y, _heading = scene.geo.point(space * scene.geo.space_len, 10)  # off the centre line, clear of any rider
    return tuple(surface.get_at((round(x), round(y))))[:3]


def test_a_pursuit_marks_each_riders_own_line_at_its_start_space_in_its_colour(app):
    """In a pursuit a rider completes its laps at its own start space (24 for the first of two, 16 and 32…), but
    the track marked only the ARRIVÉE after space 48: nothing showed where the others' laps end."""
    scene, _match = table(app, "poursuite", "hhh")  # lines after spaces 16, 32 and 48
    for seat, space in ((0, 16), (1, 32), (2, 48)):
        assert line_colour(scene, space) == tuple(scene.seat_colour(seat))[:3], (seat, space)
    out = race("poursuite", 3, [0, 0, 0], st=[2, 0, 0], elim=(0,), turn=1)
    scene, _match = table(app, "poursuite", "hhh", state=out)
    assert line_colour(scene, 16) != tuple(scene.seat_colour(0))[:3], "an eliminated rider's line goes"
    scene, _match = table(app, "individuelle", "hhh")
    assert line_colour(scene, 16) != tuple(scene.seat_colour(0))[:3], "one line for all: the ARRIVÉE only"


def test_the_final_lap_banner_keeps_its_last_words_with_a_long_name_in_french(app):
    """The banner was cut at 57 characters: in French a 13-letter name lost the end of the sentence ("Jean-Baptiste
    a ses jetons Premier : le tour 3 est le…"), though the banner fits the infield whole."""
    from game import i18n
    from game.veldiv.rules.events import FinalLap

    i18n.set_language("fr")
    try:
        entry = TABLES["veldiv"]
        seats = [Seat("Jean-Baptiste", "human", theme.SEAT_COLOURS[0]), Seat("Ann", "human", theme.SEAT_COLOURS[1])]
        match = Match(entry.spec, entry.spec.default_config("individuelle", 2), 3, seats)
        scene = entry.scene(app, match, entry)
        app.stack.clear_to(scene)
        scene.on_step(0, None, [FinalLap(0, 3, "premiers"), FinalLap(0, 3, "lap-limit")])
        frames(app, 30)
        texts = [b.text for b in scene.anim.banners]
    finally:
        i18n.set_language("en")
    assert any(t.startswith("Jean-Baptiste a ses jetons Premier") and t.endswith("le tour 3 est le dernier")
               for t in texts), texts
    for text in texts:
        assert theme.font(20, "bold").size(text)[0] + 28 < 2 * (scene.geo.a + scene.geo.r - scene.geo.w / 2) - 60


def played_to_the_end(variant: str, players: int, seed: int = 4) -> VeldivState:
    """``variant`` played to its end by the engine, each seat's first legal move (the dice decide)."""
    entry = TABLES["veldiv"]
    state = entry.spec.new_state(entry.spec.default_config(variant, players), seed)
    while not state.is_over():
        seat = state.view(None).turn
        state = state.apply(seat, state.legal_actions(seat)[0])
        state = state[0] if isinstance(state, tuple) else state
    return state


@pytest.mark.parametrize("variant", ["eliminatoire", "cagnotte", "individuelle"])
def test_once_the_race_is_over_no_rider_is_drawn_faded_nor_marked_across_the_line(app, monkeypatch, variant):
    """An Éliminatoire's winner is the last rider left, across the line: the finished table drew it faded, as if
    out of the race, and the panel still said "across" beside it (in the Course Individuelle every rider faded)."""
    state = played_to_the_end(variant, 3)
    view = state.view(None)
    assert view.over
    ghosts: list[bool] = []
    real = track_art.rider_sprite
    monkeypatch.setattr(track_art, "rider_sprite", lambda *a, **k: ghosts.append(k.get("ghost", False)) or real(*a, **k))
    scene, _match = table(app, variant, "hhh", state=state)
    ghosts.clear()
    scene.draw_table(pygame.Surface((theme.W, theme.H)))
    racing = [r for r in view.riders if r.status != "eliminated"]
    assert len(ghosts) == len(racing) and not any(ghosts), (variant, [r.status for r in racing])
    assert all(panel.cell(view, seat, "state") in ("", "out") for seat in range(3))
    if variant == "eliminatoire":
        winner = state.result().winners[0]
        assert [r.status for r in view.riders if r.seat == winner] == ["waiting"], "the engine's winner waits"
        assert panel.cell(view, winner, "state") == ""


@pytest.mark.parametrize(("die", "article"), [(4, "(Art. 7)"), (6, "(Art. 9)")])
def test_the_team_mate_prompt_cites_art_9_after_a_six_and_art_7_otherwise(app, die, article):
    """A lucky throw onto the team-mate: Art. 7 doubles the die; with a six, Art. 9 (twelve cells). The prompt
    cited Art. 7 after a six too."""
    from .veldiv_support import BONUS_PHASE

    base = race("americaine", 2, [20, 20 + die, 30, 35], turn=0, bonus=(0, 1, die, 20))
    state = VeldivState(base.setup, base.x, base.sp, base.st, base.turn, BONUS_PHASE, (die,), base.rng, base.over,
                        base.throws, base.book)
    scene, _match = table(app, "americaine", "hh", state=state)
    assert scene.v.phase == "bonus" and scene.v.bonus[2] == die
    status = scene.status()
    assert article in status and "which rider doubles?" in status, status


def test_the_rider_button_pointed_at_marks_its_rider_even_in_the_start_grid(app):
    """Art. 5, a team's first turn: the die moves the rider its player names. In the start grid the riders stand
    too close for their 1/2 marks, so the two buttons named riders the player could not tell apart on the track
    (but by their shorts): pointing at "Move rider 2 (black)" now rings that rider and shows its mark beside it."""
    from game.veldiv import track_art

    scene, match = table(app, "americaine", "hee")
    for _ in range(400):
        if match.state.view(None).phase == "choose_rider" and 0 in match.to_act() and not scene.busy():
            break
        if match.state.view(None).phase == "roll" and 0 in match.to_act() and not scene.busy():
            scene.submit(scene.legal()[0])
        frames(app, 1)
    mine = [r.rider for r in scene.v.riders if r.seat == 0]
    scene.draw(pygame.Surface((theme.W, theme.H)))
    assert set(mine) <= scene.crowded, "Ann's two riders stand in the start grid"
    badges: list[int] = []
    real = track_art.rider_badge
    for index in (0, 1):
        button = scene.rider_btns[index]
        app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=button.rect.center, rel=(0, 0),
                                             buttons=(0, 0, 0))])
        badges.clear()
        track_art.rider_badge = lambda i: (badges.append(i), real(i))[1]
        try:
            scene.draw(pygame.Surface((theme.W, theme.H)))
        finally:
            track_art.rider_badge = real
        assert badges == [index], (index, badges)


def test_two_team_mates_on_one_space_both_show_their_marks_when_asked_which_rider_doubles(app):
    """Art. 7: a lucky throw lands a rider on its team-mate's space and the player must choose "Double rider 1
    (white)" or "Double rider 2 (black)" while the two riders stand side by side. They were drawn as a crowd
    with no 1/2 marks (only the tiny shorts told them apart); now each shows its mark, on its own side."""
    from .veldiv_support import BONUS_PHASE

    base = race("americaine", 2, [20, 20, 30, 35], turn=0, bonus=(0, 1, 4, 20))
    state = VeldivState(base.setup, base.x, base.sp, base.st, base.turn, BONUS_PHASE, (4,), base.rng, base.over,
                        base.throws, base.book)
    scene, _match = table(app, "americaine", "hh", state=state)
    assert scene.v.phase == "bonus" and all(b.visible for b in scene.rider_btns)
    badges: list[int] = []
    marks: list[tuple[float, float]] = []
    real_badge, real_point = track_art.rider_badge, track_art.badge_point

    def badge_point(*args):
        marks.append(real_point(*args))
        return marks[-1]

    track_art.rider_badge = lambda i: (badges.append(i), real_badge(i))[1]
    track_art.badge_point = badge_point
    try:
        scene.draw(pygame.Surface((theme.W, theme.H)))
    finally:
        track_art.rider_badge, track_art.badge_point = real_badge, real_point
    assert sorted(badges) == [0, 0, 1, 1], "every rider shows its mark, the two side by side too"
    positions = scene._draw_positions()
    mine = [r.rider for r in scene.v.riders if r.seat == 0]
    assert set(mine) <= scene.crowded
    for rider in mine:  # each mark nearer its own rider than the other one
        x, y = positions[rider]
        near = min(marks, key=lambda m: (m[0] - x) ** 2 + (m[1] - y) ** 2)
        other = positions[next(o for o in mine if o != rider)]
        assert (near[0] - x) ** 2 + (near[1] - y) ** 2 < (near[0] - other[0]) ** 2 + (near[1] - other[1]) ** 2


def test_in_a_four_team_pursuit_a_six_onto_the_team_mate_is_art_7_not_art_9(app):
    """Poursuite par équipe à quatre: "le nombre six ne comptera que pour six cases" and the players refer only to
    articles 5, 6, 7 and 10: a six landing on the team-mate doubles six (Art. 7), as the engine plays it. The
    prompt still cited Art. 9, the twelve-space six that race does not use."""
    from .veldiv_support import BONUS_PHASE, race

    base = race("poursuite-equipe", 4, [10, 16] + [0] * 6, turn=0, bonus=(0, 1, 6, 10))
    assert not base.setup.six12, "a six counts six in a four-team pursuit"
    state = VeldivState(base.setup, base.x, base.sp, base.st, base.turn, BONUS_PHASE, (6,), base.rng, base.over,
                        base.throws, base.book)
    scene, _match = table(app, "poursuite-equipe", "hhhh", state=state)
    assert scene.v.phase == "bonus" and scene.v.bonus[2] == 6
    status = scene.status()
    assert "(Art. 7)" in status and "Art. 9" not in status, status
    after, events = state.apply(0, state.legal_actions(0)[0])
    moved = [leg for e in events for leg in getattr(e, "legs", ())]
    assert moved and moved[0][0] == "Art. 7", "the engine doubles the six under Art. 7"


def test_the_course_individuelle_results_show_what_ranks_the_riders():
    """Art. (Course individuelle): ranked by laps gained (Un Tour), then Premier tokens, then points. The results
    showed the points alone, so a rider with 2 points stood ranked under one with 0 (who held a Premier token):
    the column now shows the Premier tokens and the points (and the Un Tour tokens when any was taken)."""
    from game.veldiv.rules.result import race_result

    result = race_result(race("individuelle", 3, [10, 20, 30], prem=(0, 1, 0), pts=(2, 0, 1)))
    assert result.ranking[0] == 1 and result.score_label == "Premiers · points" and result.chart_label == "Points"
    assert [result.score_texts[s] for s in result.ranking] == ["1 · 0", "0 · 2", "0 · 1"]
    result = race_result(race("individuelle", 3, [10, 20, 30], prem=(0, 1, 0), pts=(2, 0, 1), tour=(1, 0, 0)))
    assert result.ranking[0] == 0 and result.score_label == "Un Tour · Premiers · points"
    assert result.score_texts[0] == "1 · 0 · 2"


def test_the_throw_prompt_appears_with_the_die_it_asks_to_click_not_during_the_move_before(app):
    """The prompt asked "click the die" a few tenths of a second before the die could be clicked, while the bot's move
    still animated; and after a human's throw it went on asking for the throw just made while it animated."""
    scene, match = table(app, "individuelle", "bh")
    asked_early = []
    for _ in range(2000):
        frames(app, 1)
        prompt, _short = scene.shown_prompt()
        if "click the die" in prompt and not (scene.dice[0].visible and scene.dice[0].clickable):
            asked_early.append(prompt)
        if len(match.steps) >= 1 and not scene.busy():
            break
    assert not asked_early, asked_early[:1]
    assert scene.shown_prompt()[0] == "P2: click the die to throw."
    assert scene.dice[0].clickable
    click(app, scene.dice[0].rect.center)
    seen_busy = False
    for _ in range(50):
        frames(app, 1)
        if scene.busy():
            seen_busy = True
            assert "click the die" not in scene.shown_prompt()[0], "the throw just made is not asked for again"
    assert seen_busy, "the human's throw animates"


def test_clicking_another_teams_rider_when_choosing_yours_says_whose_it_is(app):
    """Art. 7: the player names one of their own two riders. A click on another team's rider did nothing at all."""
    from .veldiv_support import BONUS_PHASE

    base = race("americaine", 2, [20, 24, 30, 35], turn=0, bonus=(0, 1, 4, 20))
    state = VeldivState(base.setup, base.x, base.sp, base.st, base.turn, BONUS_PHASE, (4,), base.rng, base.over,
                        base.throws, base.book)
    scene, match = table(app, "americaine", "hh", state=state)
    frames(app, 2)
    theirs = next(r for r in scene.v.riders if r.seat == 1)
    app.toasts.items.clear()
    click(app, tuple(round(c) for c in scene._draw_positions()[theirs.rider]))
    assert [item[0] for item in app.toasts.items] == [
        "That rider is P2's: choose one of yours, rider 1 (white) or rider 2 (black)."]
    assert len(match.steps) == 0 and scene.v.phase == "bonus", "nothing was played"


def test_undo_takes_back_the_rider_chosen_but_never_the_throw(app):
    """Art. 5, a team's first turn: the player throws, then names the rider the die moves. Undo takes back the
    choice, the same die still to place; the throw itself is chance come to light and stays (no rethrowing by
    undo). Alone among computer players, the player had a third of a second for it: the next throw, a die come
    to light, stops the undo. The computer player now waits the undo time of the settings before throwing."""
    app.settings.undo_window = 3.0
    scene, match = table(app, "americaine", "he")
    for _ in range(400):
        if match.state.view(None).phase == "choose_rider" and 0 in match.to_act() and not scene.busy():
            break
        if match.state.view(None).phase == "roll" and 0 in match.to_act() and not scene.busy():
            assert scene.submit(scene.legal()[0])
        frames(app, 1)
    assert scene.v.phase == "choose_rider"
    thrown, before = match.state.view(0).dice, match.state
    assert not scene.undo_btn.enabled, "the throw cannot be taken back"
    click(app, scene.rider_btns[1].rect.center)
    assert match.steps[-1].seat == 0 and match.state is not before
    for _ in range(150):  # the choice animates, then the computer player waits (2.5 s at 60 frames a second)
        frames(app, 1)
    assert len(match.steps) == 2 and scene.undo_btn.enabled, "the computer player has not thrown yet"
    click(app, scene.undo_btn.rect.center)
    frames(app, 2)
    assert match.state.to_dict() == before.to_dict() and match.state.view(0).dice == thrown
    assert scene.v.phase == "choose_rider" and scene.rider_btns[0].visible and scene.rider_btns[1].visible
    assert scene.shown_prompt()[0].endswith("which rider does the die move?")
    click(app, scene.rider_btns[0].rect.center)
    for _ in range(150):
        frames(app, 1)
    assert len(match.steps) == 2 and scene.undo_btn.enabled, "the move made again: the computer player waits again"
    for _ in range(400):
        frames(app, 1)
        if len(match.steps) > 2:
            break
    assert match.steps[2].seat == 1, "once the wait is over the computer player throws"
