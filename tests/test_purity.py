"""Engines are pure: importable with pygame/pytmx blocked, and free of IO, clocks and global random."""

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN_MODULES = {"pygame", "pytmx", "time", "datetime", "os", "sys", "pathlib", "io", "socket", "threading",
                     "subprocess", "shutil", "tempfile"}


def engine_closure() -> set[str]:
    """Every module of game/ that the pure registry's specs import (with pygame and pytmx blocked): each game's
    spec, rules, bots, cards, course… whatever their file names, found by following the imports."""
    code = ("import sys\nsys.modules['pygame'] = None\nsys.modules['pytmx'] = None\n"
            "import game.registry as r\nspecs = [r.GAMES[g] for g in r.GAMES]\n"
            "print('\\n'.join(sorted(m for m, v in sys.modules.items() if v is not None and m.startswith('game'))))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    return set(out.stdout.split())


def module_file(name: str) -> Path:
    path = ROOT.joinpath(*name.split("."))
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


def pure_files() -> list[Path]:
    """By location: game/engine/ and every game's rules/ package, whole; plus every module the engine
    side imports (the registry's closure), so a new engine file is covered whatever its name."""
    game = ROOT / "game"
    files = set((game / "engine").rglob("*.py")) | {game / "registry.py"}
    for rules in game.glob("*/rules"):
        files |= set(rules.rglob("*.py"))
    files |= {module_file(m) for m in engine_closure()}
    return sorted(p for p in files if p.is_file())


def test_the_engine_closure_reaches_each_games_modules_outside_rules():
    names = {str(p.relative_to(ROOT)) for p in pure_files()}
    for expected in ("game/velonimo/cards.py", "game/velonimo/bots.py", "game/veldiv/spec.py",
                     "game/velomaster/course.py", "game/velomaster/bots.py"):
        assert expected in names
    assert not any("scene" in n or "course_view" in n for n in names), "a table module counted as engine"


def test_pure_engine_files_exist_for_every_game():
    names = {str(p.relative_to(ROOT)) for p in pure_files()}
    assert "game/engine/protocol.py" in names
    from game.registry import GAMES

    for game_id in GAMES:
        assert any(n.startswith(f"game/{game_id}/") for n in names), f"{game_id} has no pure rules module"


def test_engine_modules_use_no_io_clock_pygame_or_global_random():
    problems = []
    for path in pure_files():
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                mods = [a.name.split(".")[0] for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                mods = [node.module.split(".")[0]]
                if mods[0] == "random" and any(a.name != "Random" for a in node.names):
                    problems.append(f"{path.name}: imports global random functions")
            else:
                mods = []
            for mod in mods:
                if mod in FORBIDDEN_MODULES:
                    problems.append(f"{path.relative_to(ROOT)}:{node.lineno} imports {mod}")
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "random":
                if node.attr != "Random":
                    problems.append(f"{path.relative_to(ROOT)}:{node.lineno} uses global random.{node.attr}")
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in {"open", "print",
                                                                                                 "input"}:
                problems.append(f"{path.relative_to(ROOT)}:{node.lineno} calls {node.func.id}()")
    assert not problems, "\n".join(problems)


def test_engine_modules_import_with_pygame_and_pytmx_blocked():
    modules = [".".join(p.relative_to(ROOT).with_suffix("").parts) for p in pure_files()]
    code = (
        "import sys\n"
        "sys.modules['pygame'] = None\nsys.modules['pytmx'] = None\n"
        "import importlib\n"
        f"for m in {modules!r}:\n"
        "    importlib.import_module(m)\n"
        "assert 'pygame' not in [k for k, v in sys.modules.items() if v is not None]\n"
        "print('ok', len(sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("ok")
