"""A game is registered in one place (game/registry.py: its spec and its table); everything else —
menu, smoke, simulate, bench, the generic tests — picks it up from there."""

import subprocess
import sys
from pathlib import Path

from game.registry import GAMES, REGISTRY

ROOT = Path(__file__).resolve().parent.parent


def test_every_registered_game_has_a_table_and_a_rules_document():
    from game.ui.match_scene import MatchScene
    from game.ui.scenes_registry import playable

    assert [entry.spec.id for entry in playable()] == [r.spec.id for r in REGISTRY] == list(GAMES)
    for entry in playable():
        assert issubclass(entry.scene, MatchScene)
        assert (ROOT / "docs" / "rules" / entry.rules_doc).is_file()


def test_the_registry_lists_tables_without_importing_pygame():
    code = ("import sys\nsys.modules['pygame'] = None\nimport game.registry as r\n"
            "assert r.GAMES and all(callable(x.table) for x in r.REGISTRY)\nprint('ok')\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr
