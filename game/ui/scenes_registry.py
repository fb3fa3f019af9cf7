"""Game tables for the UI, built from :mod:`game.registry` (the one place a game is registered)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame

from ..engine.protocol import GameSpec
from ..registry import GAMES, REGISTRY


@dataclass(frozen=True)
class GameUI:
    spec: GameSpec
    scene: type  # a MatchScene subclass
    tile_art: Callable[[tuple[int, int]], pygame.Surface]
    rules_doc: str  # file name under docs/rules/
    blurb: str = ""
    setup_panel: Callable | None = None  # optional extra panel on the setup screen (e.g. course preview)


def _entries() -> dict[str, GameUI]:
    entries: dict[str, GameUI] = {}
    for registration in REGISTRY:
        parts = registration.table()
        entries[registration.spec.id] = GameUI(registration.spec, parts.scene, parts.tile_art, parts.rules_doc,
                                               setup_panel=parts.setup_panel)
    return entries


TABLES: dict[str, GameUI] = _entries()


def playable() -> list[GameUI]:
    """Games with both an engine and a table, in registry order."""
    return [TABLES[g] for g in GAMES if g in TABLES]
