"""Game tables for the UI, built from :mod:`game.registry` (the one place a game is registered)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterator, Mapping

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


class LazyTables(Mapping[str, GameUI]):
    """Game id -> its table entry, the game's engine and table imported the first time it is asked for (the
    menu shows the registry's names and the tile pictures in assets/tiles/ without importing any game)."""

    def __init__(self) -> None:
        self._built: dict[str, GameUI] = {}

    def __getitem__(self, game_id: str) -> GameUI:
        entry = self._built.get(game_id)
        if entry is None:
            registration = _REGISTERED[game_id]  # KeyError for a game without a table, as a dict
            parts = registration.table()
            entry = self._built[game_id] = GameUI(registration.spec, parts.scene, parts.tile_art, registration.rules_doc,
                                                  setup_panel=parts.setup_panel)
        return entry

    def __iter__(self) -> Iterator[str]:
        return iter(_REGISTERED)

    def __len__(self) -> int:
        return len(_REGISTERED)


_REGISTERED = {r.id: r for r in REGISTRY}
TABLES: LazyTables = LazyTables()


def playable() -> list[GameUI]:
    """Games with both an engine and a table, in registry order (imports every game: tools and tests)."""
    return [TABLES[g] for g in GAMES if g in TABLES]
