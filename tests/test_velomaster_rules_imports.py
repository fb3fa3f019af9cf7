"""The VeloMaster rules package has no import cycle, and no import hidden inside a function to dodge one
(issue 16: "Break the play.py <-> result.py import cycle (a standings module)")."""

from __future__ import annotations

import ast
from pathlib import Path

RULES = Path(__file__).resolve().parent.parent / "game" / "velomaster" / "rules"


def _imports(path: Path) -> list[tuple[str, bool]]:
    """(module of this package imported, imported inside a function?) for every import in ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    modules = {p.stem for p in RULES.glob("*.py")}
    found: list[tuple[str, bool]] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inner = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            if isinstance(child, ast.ImportFrom) and child.level == 1:
                if child.module:
                    found.append((child.module.split(".")[0], in_function))
                else:  # from . import play
                    found.extend((a.name, in_function) for a in child.names if a.name in modules)
            visit(child, inner)

    visit(tree, False)
    return [(m, f) for m, f in found if m in modules]


def _graph() -> dict[str, set[str]]:
    return {p.stem: {m for m, _ in _imports(p) if m != "__init__"} for p in RULES.glob("*.py")
            if p.stem != "__init__"}


def _cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import cycle as a list of modules (first == last), or [] when there is none."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def walk(m: str) -> list[str]:
        state[m] = 1
        stack.append(m)
        for n in sorted(graph.get(m, ())):
            if state.get(n) == 1:
                return stack[stack.index(n):] + [n]
            if n not in state:
                found = walk(n)
                if found:
                    return found
        stack.pop()
        state[m] = 2
        return []

    for m in sorted(graph):
        if m not in state:
            found = walk(m)
            if found:
                return found
    return []


def test_velomaster_rules_package_has_no_import_cycle():
    graph = _graph()
    assert {"play", "result", "standings", "state"} <= set(graph)
    assert _cycle(graph) == [], "import cycle: " + " -> ".join(_cycle(graph))


def test_velomaster_rules_package_imports_nothing_inside_a_function():
    hidden = [f"{p.name} imports .{m}" for p in sorted(RULES.glob("*.py")) for m, inside in _imports(p) if inside]
    assert hidden == []


def test_velomaster_standings_is_read_by_both_the_transitions_and_the_result():
    graph = _graph()
    assert "standings" in graph["play"] and "standings" in graph["result"]
    assert "play" not in graph["result"] and "result" not in graph["play"]


def test_the_cycle_finder_finds_a_two_module_cycle():
    assert _cycle({"play": {"result"}, "result": {"play"}}) == ["play", "result", "play"]
    assert _cycle({"play": {"standings"}, "result": {"standings"}, "standings": set()}) == []
