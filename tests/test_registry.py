"""A game is registered in one place (game/registry.py: its spec and its table); everything else —
menu, smoke, simulate, bench, the generic tests — picks it up from there."""

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from game.registry import GAMES, REGISTRY

ROOT = Path(__file__).resolve().parent.parent


def test_every_registered_game_has_a_table_and_a_rules_document():
    from game.ui.match_scene import MatchScene
    from game.ui.scenes_registry import playable

    assert [entry.spec.id for entry in playable()] == [r.id for r in REGISTRY] == list(GAMES)
    for entry in playable():
        assert issubclass(entry.scene, MatchScene)
        assert (ROOT / "docs" / "rules" / entry.rules_doc).is_file()


def test_the_registry_lists_tables_without_importing_pygame():
    code = ("import sys\nsys.modules['pygame'] = None\nimport game.registry as r\n"
            "assert r.GAMES and all(callable(x.table) for x in r.REGISTRY)\nprint('ok')\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr


def test_the_menus_words_for_each_game_are_its_specs():
    for game in REGISTRY:
        spec = GAMES[game.id]
        assert (game.id, game.name, game.tagline, game.players_text) == \
            (spec.id, spec.name, spec.tagline, spec.players_text)


def test_the_menu_opens_without_importing_any_game():
    """Start-up: the menu needs names, player counts and pictures, not engines (a game loads when its setup,
    its table or a saved match of it is opened)."""
    code = ("import sys\nfrom game.app import App\napp = App(headless=True)\napp.home()\napp.step(1 / 60, [])\n"
            "games = ('velonimo', 'veldiv', 'alameda', 'millebornes', 'velomaster')\n"
            "print(sorted(m for m in sys.modules if m.split('.')[1:2] and m.split('.')[1] in games))\n")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               VELOTHEQUE_HOME=tempfile.mkdtemp(prefix="velotheque-tests-"))
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "[]"


def test_the_menu_pictures_are_the_games_own_tile_art():
    out = subprocess.run([sys.executable, "tools/make_tiles.py", "--check"], cwd=ROOT, capture_output=True,
                         text=True, env=dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"))
    assert out.returncode == 0, out.stdout + out.stderr


def test_a_missing_menu_picture_is_drawn_by_the_game_itself(monkeypatch):
    import pygame

    from game.ui.scenes import menu

    monkeypatch.setattr(menu, "resource", lambda *parts: ROOT / "no-such-folder" / parts[-1])
    pygame.display.init()
    picture = menu.tile_picture(REGISTRY[0], menu.TILE_ART_SIZE)
    assert picture.get_size() == menu.TILE_ART_SIZE
