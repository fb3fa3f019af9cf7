"""The one place a game is registered: what the menu shows of it, and loaders for its pure spec and its table.

No folder scanning: it would break in PyInstaller. Each entry names the game (id, name, tagline, players: what
the menu tile says) and two loaders that import the game only when called: ``spec()`` its pure engine,
``table()`` its pygame table (explicit imports inside functions: PyInstaller follows them). The menu opens
without importing any engine; a game's engine loads when its setup or table opens (or a saved match of it is
read). A game appears in the menu, in ``--smoke``, in simulate/bench and in the generic tests as soon as it is
listed here. ``GAMES`` maps each id to its spec, loading it on first use.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterator, Mapping

from .engine.protocol import GameSpec
from .engine.words import N_


@dataclass(frozen=True)
class TableParts:
    """What the UI needs to show a game: its table scene, menu art, rules doc, optional setup panel."""

    scene: type
    tile_art: Callable[[tuple[int, int]], Any]
    setup_panel: Callable | None = None


@dataclass(frozen=True)
class Registration:
    id: str
    name: str  # the menu's words for the game, the same as its spec's (tests/test_registry.py checks)
    tagline: str
    players_text: str
    rules_doc: str  # file name under docs/rules/ (the menu and setup open it without loading the game)
    load_spec: Callable[[], GameSpec]  # imports the engine: call it when the game is needed
    table: Callable[[], TableParts]  # imports pygame: call it from the UI only

    @property
    def spec(self) -> GameSpec:
        return GAMES[self.id]


def _velonimo_spec() -> GameSpec:
    from .velonimo import SPEC

    return SPEC


def _veldiv_spec() -> GameSpec:
    from .veldiv import SPEC

    return SPEC


def _alameda_spec() -> GameSpec:
    from .alameda import SPEC

    return SPEC


def _millebornes_spec() -> GameSpec:
    from .millebornes import SPEC

    return SPEC


def _velomaster_spec() -> GameSpec:
    from .velomaster import VelomasterSpec, courses

    return VelomasterSpec(course_source=courses.bundled)


def _velonimo_table() -> TableParts:
    from .velonimo.scene import VelonimoScene, tile_art

    return TableParts(VelonimoScene, tile_art)


def _veldiv_table() -> TableParts:
    from .veldiv.scene import VeldivScene, tile_art

    return TableParts(VeldivScene, tile_art)


def _velomaster_table() -> TableParts:
    from .velomaster.race_drawing import tile_art
    from .velomaster.setup_panel import setup_panel
    from .velomaster.tour_table import VelomasterTable  # a race, a tour's stage or its standings

    return TableParts(VelomasterTable, tile_art, setup_panel)


def _alameda_table() -> TableParts:
    from .alameda.scene import AlamedaScene, tile_art

    return TableParts(AlamedaScene, tile_art)


def _millebornes_table() -> TableParts:
    from .millebornes.card_art import tile_art
    from .millebornes.scene import MilleBornesScene

    return TableParts(MilleBornesScene, tile_art)


REGISTRY: tuple[Registration, ...] = (
    Registration("velonimo", "Velonimo", N_("Animal cyclists attack and counter-attack to shed their cards first."),
                 N_("2–5 players"), "velonimo.md", _velonimo_spec, _velonimo_table),
    Registration("veldiv", "Jeu du Veldiv", N_("The 1930s velodrome dice race: six races on a 48-space oval."),
                 N_("2–12 players"), "veldiv.md", _veldiv_spec, _veldiv_table),
    Registration("alameda", "Tour of Alameda", N_("Pick speed cards in secret; a Monkey Wrench steals a rival's."),
                 N_("2–8 players"), "alameda.md", _alameda_spec, _alameda_table),
    Registration("millebornes", "Mille Bornes",
                 N_("Race to 1000 miles; hazards for the others, remedies and safeties for you."),
                 N_("2, 3, 4 or 6 players"), "millebornes.md", _millebornes_spec, _millebornes_table),
    Registration("velomaster", "VeloMaster",
                 N_("Lead your riders over the Aurillac and Salzburg courses: climbs, descents, crashes."),
                 N_("2–8 players · 2 or 4 riders each"), "velomaster.md", _velomaster_spec, _velomaster_table),
)


class LazySpecs(Mapping[str, GameSpec]):
    """Game id -> spec, each engine imported the first time it is asked for (in registry order)."""

    def __init__(self, loaders: Mapping[str, Callable[[], GameSpec]]):
        self._loaders = dict(loaders)
        self._loaded: dict[str, GameSpec] = {}

    def __getitem__(self, game_id: str) -> GameSpec:
        spec = self._loaded.get(game_id)
        if spec is None:
            loader = self._loaders[game_id]  # KeyError for an unknown id, as a dict
            spec = self._loaded[game_id] = loader()
        return spec

    def __iter__(self) -> Iterator[str]:
        return iter(self._loaders)

    def __len__(self) -> int:
        return len(self._loaders)

    def loaded(self) -> tuple[str, ...]:
        """The ids whose engine has been imported so far."""
        return tuple(self._loaded)


GAMES: LazySpecs = LazySpecs({r.id: r.load_spec for r in REGISTRY})

# Engines whose table is not built yet: simulate, bench and the generic protocol tests run them; the menu,
# --smoke and the UI tests do not (they need a table). A game moves into REGISTRY together with its table.
ENGINES_IN_PROGRESS: dict[str, GameSpec] = {}

# Every engine the command-line tools and the generic engine tests know: registered games and engines in progress.
ENGINES: LazySpecs = LazySpecs({**{r.id: (lambda gid=r.id: GAMES[gid]) for r in REGISTRY},
                                **{gid: (lambda s=spec: s) for gid, spec in ENGINES_IN_PROGRESS.items()}})


def get(game_id: str) -> GameSpec:
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(GAMES) or "none"
        raise KeyError(f"unknown game {game_id!r} (known: {known})") from None


def registration(game_id: str) -> Registration:
    for r in REGISTRY:
        if r.id == game_id:
            return r
    raise KeyError(f"unknown game {game_id!r}")
