"""The explicit list of games (pure). No folder scanning: it would break in PyInstaller.

A game appears in the menu, in ``--smoke``, in simulate/bench and in the generic tests as soon
as it is listed here (its scene is listed in :mod:`game.ui.scenes_registry`).
"""

from __future__ import annotations

from .engine.protocol import GameSpec
from .veldiv import SPEC as VELDIV
from .velomaster import VelomasterSpec, courses
from .velonimo import SPEC as VELONIMO

VELOMASTER = VelomasterSpec(course_source=courses.bundled)

GAMES: dict[str, GameSpec] = {
    VELONIMO.id: VELONIMO,
    VELDIV.id: VELDIV,
    VELOMASTER.id: VELOMASTER,
}


def get(game_id: str) -> GameSpec:
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(GAMES) or "none"
        raise KeyError(f"unknown game {game_id!r} (known: {known})") from None
