"""The one place a game is registered: its pure spec and where its table lives (pure).

No folder scanning: it would break in PyInstaller. Each entry names the game's spec and a loader
that imports its pygame table only when called (explicit imports inside functions: PyInstaller
follows them, and engine tools — simulate, bench, the generic tests — never import pygame).
A game appears in the menu, in ``--smoke``, in simulate/bench and in the generic tests as soon as
it is listed here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .alameda import SPEC as ALAMEDA
from .engine.protocol import GameSpec
from .millebornes import SPEC as MILLEBORNES
from .veldiv import SPEC as VELDIV
from .velomaster import VelomasterSpec, courses
from .velonimo import SPEC as VELONIMO

VELOMASTER = VelomasterSpec(course_source=courses.bundled)


@dataclass(frozen=True)
class TableParts:
    """What the UI needs to show a game: its table scene, menu art, rules doc, optional setup panel."""

    scene: type
    tile_art: Callable[[tuple[int, int]], Any]
    rules_doc: str  # file name under docs/rules/
    setup_panel: Callable | None = None


@dataclass(frozen=True)
class Registration:
    spec: GameSpec
    table: Callable[[], TableParts]  # imports pygame: call it from the UI only


def _velonimo_table() -> TableParts:
    from .velonimo.scene import VelonimoScene, tile_art

    return TableParts(VelonimoScene, tile_art, "velonimo.md")


def _veldiv_table() -> TableParts:
    from .veldiv.scene import VeldivScene, tile_art

    return TableParts(VeldivScene, tile_art, "veldiv.md")


def _velomaster_table() -> TableParts:
    from .velomaster.preview import setup_panel
    from .velomaster.scene import tile_art
    from .velomaster.tour_table import VelomasterTable  # a race, a tour's stage or its standings

    return TableParts(VelomasterTable, tile_art, "velomaster.md", setup_panel)


def _alameda_table() -> TableParts:
    from .alameda.scene import AlamedaScene, tile_art

    return TableParts(AlamedaScene, tile_art, "alameda.md")


def _millebornes_table() -> TableParts:
    from .millebornes.card_art import tile_art
    from .millebornes.scene import MilleBornesScene

    return TableParts(MilleBornesScene, tile_art, "millebornes.md")


REGISTRY: tuple[Registration, ...] = (
    Registration(VELONIMO, _velonimo_table),
    Registration(VELDIV, _veldiv_table),
    Registration(ALAMEDA, _alameda_table),
    Registration(MILLEBORNES, _millebornes_table),
    Registration(VELOMASTER, _velomaster_table),
)

GAMES: dict[str, GameSpec] = {r.spec.id: r.spec for r in REGISTRY}

# Engines whose table is not built yet: simulate, bench and the generic protocol tests run them; the menu,
# --smoke and the UI tests do not (they need a table). A game moves into REGISTRY together with its table.
ENGINES_IN_PROGRESS: dict[str, GameSpec] = {}

# Every engine the command-line tools and the generic engine tests know: registered games and engines in progress.
ENGINES: dict[str, GameSpec] = {**GAMES, **ENGINES_IN_PROGRESS}


def get(game_id: str) -> GameSpec:
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(GAMES) or "none"
        raise KeyError(f"unknown game {game_id!r} (known: {known})") from None
