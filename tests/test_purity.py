"""Engines are pure: importable with pygame/pytmx blocked, and free of IO, clocks and global random."""

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN_MODULES = {"pygame", "pytmx", "time", "datetime", "os", "sys", "pathlib", "io", "socket", "threading",
                     "subprocess", "shutil", "tempfile"}


def pure_files() -> list[Path]:
    game = ROOT / "game"
    files = sorted((game / "engine").rglob("*.py")) + [game / "registry.py"]
    for pkg in sorted(p for p in game.iterdir() if p.is_dir() and p.name not in {"engine", "ui", "__pycache__"}):
        files += [p for p in pkg.rglob("*.py")
                  if p.name in {"rules.py", "bots.py", "course.py"} or "rules" in p.parent.name
                  or p.parent.name == "engine"]
    return files


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
