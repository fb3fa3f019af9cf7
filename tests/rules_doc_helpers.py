"""The check every French rules doc shares with its English original: the same outline, and the rules scene in
French showing each section with its heading whole in the table of contents."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from game import i18n

from .ui_helpers import make_app

DOCS = Path(__file__).resolve().parent.parent / "docs" / "rules"


def numbered_outline(text: str) -> tuple[int, list[str]]:
    """A doc's sections (``## ``) and its numbered readings (``1. **…``), in order."""
    return (sum(line.startswith("## ") for line in text.splitlines()), re.findall(r"^(\d+)\. \*\*", text, flags=re.M))


@contextmanager
def french_rules(doc: str, name: str, outline: Callable[[str], object] = numbered_outline) -> Iterator[tuple[str, object]]:
    """Check that ``docs/rules/fr/<doc>`` has the English doc's ``outline`` and that the rules scene (the app in
    French) lists its title then each section, every heading whole; yields (the French text, the scene). The app
    speaks English again afterwards. The caller points VELOTHEQUE_HOME at a temporary folder."""
    from game.ui.scenes.rules_viewer import RulesScene, TocEntry, rules_path

    english = (DOCS / doc).read_text(encoding="utf-8")
    french = (DOCS / "fr" / doc).read_text(encoding="utf-8")
    assert outline(french) == outline(english)
    app = make_app()
    i18n.set_language("fr")
    try:
        assert rules_path(doc).parent.name == "fr"
        scene = RulesScene(app, name, doc)
        entries = [w for w in scene.widgets if isinstance(w, TocEntry)]
        sections = sum(line.startswith("## ") for line in french.splitlines())
        assert len(entries) == len(scene.sections) == 1 + sections  # the title, then each section
        for entry, (title, _y) in zip(entries, scene.sections, strict=True):
            assert " ".join(entry.lines) == title
        yield french, scene
    finally:
        i18n.set_language("en")
