"""A monkey feeds thousands of random clicks, drags, wheels and keys to every scene: zero exceptions."""

import random

import pygame
import pytest

from game.engine.match import Match, Seat
from game.ui import privacy, theme
from game.ui.scenes.dialog import Dialog
from game.ui.scenes.handoff import HandoffScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.results import ResultsScene
from game.ui.scenes.rules_viewer import RulesScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes_registry import playable

from .test_match_scene import ENTRY as RACE_ENTRY
from .toy_games.table import TOY_ENTRIES
from .ui_helpers import make_app, strict_privacy

KEYS = [pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_BACKSPACE, pygame.K_SPACE, pygame.K_TAB, pygame.K_a,
        pygame.K_1, pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_PAGEDOWN, pygame.K_HOME,
        pygame.K_END, pygame.K_s, pygame.K_p, pygame.K_u]
EVENTS_PER_SCENE = 500


def random_event(rnd: random.Random):
    pos = (rnd.randrange(theme.W), rnd.randrange(theme.H))
    kind = rnd.random()
    if kind < 0.35:
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(rnd.random() < 0.2, 0, 0))]
    if kind < 0.75:
        button = rnd.choice([1, 1, 1, 1, 3])
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)]
    if kind < 0.85:
        return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rnd.choice([-1, 1]), flipped=False)]
    k = rnd.choice(KEYS)
    ch = pygame.key.name(k) if len(pygame.key.name(k)) == 1 else ""
    events = [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=ch, scancode=0)]
    if ch:
        events.append(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    return events


def monkey(app, make_scene, seed: int, n: int = EVENTS_PER_SCENE) -> int:
    rnd = random.Random(seed)
    scene = make_scene(app)
    if scene is not None:  # None: make_scene arranged the stack itself
        app.stack.clear_to(scene)
    distinct = set()
    for _i in range(n):
        app.running = True
        if app.stack.top is None:
            app.home()
        distinct.add(type(app.stack.top).__name__)
        app.step(1 / 30, random_event(rnd))
    return len(distinct)


def a_match(entry, controllers):
    spec = entry.spec
    config = spec.default_config()
    seats = [Seat(f"P{i}", controllers[i % len(controllers)], theme.SEAT_COLOURS[i]) for i in range(config.players)]
    return Match(spec, config, 77, seats)


def finished_match(entry):
    m = a_match(entry, ["random"])
    from game.engine.bots import make_bot

    bots = [make_bot(m.game, i, "random") for i in range(len(m.seats))]
    while not m.is_over():
        seat = m.to_act()[-1]
        m.act(seat, bots[seat].start(m.state.view(seat), m.state.legal_actions(seat), len(m.steps)).run())
    return m


ENTRIES = [RACE_ENTRY] + playable()
IDS = [e.spec.id for e in ENTRIES]
HIDDEN = [e for e in playable() + list(TOY_ENTRIES.values()) if e.spec.hidden_information]


@pytest.fixture()
def app(tmp_path, monkeypatch):
    strict_privacy(tmp_path, monkeypatch)  # any hand drawn to the wrong person fails the test
    return make_app("fast")


def test_monkey_on_menu_settings_and_dialogs(app):
    assert monkey(app, MenuScene, 1) >= 2
    monkey(app, SettingsScene, 2)
    monkey(app, lambda a: Dialog(a, "Title", "A message\nwith two lines",
                                 (("Yes", None, "primary"), ("No", None, "secondary"))), 3, 300)


@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_monkey_on_setup_and_rules(app, entry):
    monkey(app, lambda a: SetupScene(a, entry), 4)
    monkey(app, lambda a: RulesScene(a, entry.spec.name, entry.rules_doc), 5, 600)


@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
@pytest.mark.parametrize("controllers", [["human", "easy"], ["human", "human"], ["easy"]],
                         ids=["human-vs-bots", "hot-seat", "bots-only"])
def test_monkey_on_the_table(app, entry, controllers):
    monkey(app, lambda a: entry.scene(a, a_match(entry, controllers), entry), 6)


@pytest.mark.parametrize("entry", HIDDEN, ids=[e.spec.id for e in HIDDEN])
def test_monkey_with_two_humans_and_a_bot_never_draws_a_hand_but_the_viewers(app, entry):
    """Random clicks, keys (Esc: pause; u: undo…) and hand-offs, with the privacy check strict at every
    frame: no table draws a hand other than the current viewer's, whatever undo or pause does."""
    spec = entry.spec
    players = spec.variants[0].allowed_players()[0]
    players = max(players, 3) if 3 in spec.variants[0].allowed_players() else players
    controllers = (["human", "human", "easy"] * 3)[:players]
    config = spec.default_config(spec.variants[0].id, players)
    seats = [Seat(f"P{i}", controllers[i], theme.SEAT_COLOURS[i]) for i in range(players)]
    monkey(app, lambda a: entry.scene(a, Match(spec, config, 31, seats), entry), 12, 1500)
    assert not privacy.violations


@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_monkey_on_pause_handoff_and_results(app, entry):
    def paused(a):
        table = entry.scene(a, a_match(entry, ["human", "easy"]), entry)
        a.stack.clear_to(table)
        a.stack.push(PauseScene(a, table))
        return None

    rnd_seed = 7
    app.stack.clear_to(MenuScene(app))
    for make in (paused,
                 lambda a: HandoffScene(a, "Ann", theme.SEAT_COLOURS[0], lambda: None),
                 lambda a: ResultsScene(a, finished_match(entry), a.home, a.home)):
        rnd_seed += 1
        monkey(app, make, rnd_seed, 300)
