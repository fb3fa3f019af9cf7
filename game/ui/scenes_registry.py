"""The explicit list of game tables: for each registered game, its scene, menu art and rules doc.

Explicit imports only (no folder scanning, no import-by-string): PyInstaller sees them all.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame

from ..engine.protocol import GameSpec
from ..registry import GAMES


@dataclass(frozen=True)
class GameUI:
    spec: GameSpec
    scene: type  # a MatchScene subclass
    tile_art: Callable[[tuple[int, int]], pygame.Surface]
    rules_doc: str  # file name under docs/rules/
    blurb: str = ""
    setup_panel: Callable | None = None  # optional extra panel on the setup screen (e.g. course preview)


def _entries() -> dict[str, GameUI]:
    from ..registry import GAMES
    from ..veldiv import SPEC as VELDIV
    from ..veldiv.scene import VeldivScene
    from ..veldiv.scene import tile_art as veldiv_art
    from ..velomaster.preview import setup_panel as velomaster_setup
    from ..velomaster.scene import VelomasterScene
    from ..velomaster.scene import tile_art as velomaster_art
    from ..velonimo import SPEC as VELONIMO
    from ..velonimo.scene import VelonimoScene
    from ..velonimo.scene import tile_art as velonimo_art

    entries: dict[str, GameUI] = {
        "velonimo": GameUI(VELONIMO, VelonimoScene, velonimo_art, "velonimo.md"),
        "veldiv": GameUI(VELDIV, VeldivScene, veldiv_art, "veldiv.md"),
        "velomaster": GameUI(GAMES["velomaster"], VelomasterScene, velomaster_art, "velomaster.md",
                             setup_panel=velomaster_setup),
    }
    return entries


TABLES: dict[str, GameUI] = _entries()


def playable() -> list[GameUI]:
    """Games with both an engine and a table, in registry order."""
    return [TABLES[g] for g in GAMES if g in TABLES]
