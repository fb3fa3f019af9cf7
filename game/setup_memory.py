"""The last set-up of each game, remembered for the next time its setup screen opens (``setups.json`` in the
user data folder): the variant, the players (name, who plays, colour) and the options; never the seed.

The file is outside data: read within a size limit, every field checked for type and range against the game's
own schema before use (:func:`plan_for`); a part that does not fit (an unknown variant, a name too long, an
option the game refuses) falls back to the default, and an unreadable file is set aside (the setup opens with
defaults). Writing never stops a match from starting.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .engine.match import CONTROLLERS, MAX_NAME
from .engine.protocol import Config, ConfigError, GameSpec
from .files import BadFile, read_json, set_aside, write_json_atomic
from .paths import data_dir

MAX_BYTES = 256 * 1024
SETUP_CONTROLLERS = ("human", "easy", "normal", "hard")  # what the setup offers (Random is for tools)


@dataclass(frozen=True)
class SeatPlan:
    name: str
    controller: str
    colour: int  # an index into theme.SEAT_COLOURS


@dataclass(frozen=True)
class SetupPlan:
    variant: str
    players: int
    seats: tuple[SeatPlan, ...]
    options: tuple[tuple[str, Any], ...]


def _path():
    return data_dir() / "setups.json"


def _read() -> dict:
    path = _path()
    try:
        data = read_json(path, MAX_BYTES)
    except FileNotFoundError:
        return {}
    except (BadFile, OSError):
        try:
            set_aside(path)
        except OSError:
            pass
        return {}
    return data if isinstance(data, dict) else {}


def remembered(game_id: str) -> Any:
    """What was kept for ``game_id`` (raw: check it with :func:`plan_for`)."""
    return _read().get(game_id)


def remember(game_id: str, plan: SetupPlan) -> None:
    data = _read()
    data[game_id] = {"variant": plan.variant, "players": plan.players,
                     "seats": [{"name": s.name, "controller": s.controller, "colour": s.colour} for s in plan.seats],
                     "options": {k: list(v) if isinstance(v, tuple) else v for k, v in plan.options}}
    try:
        write_json_atomic(_path(), data)
    except OSError:
        pass  # a memory aid only: the match starts all the same


def plan_for(spec: GameSpec, data: Any, colours: int) -> SetupPlan | None:
    """``data`` as :func:`remembered` gave it, checked against ``spec``: the plan to restore, or ``None`` when
    nothing usable was kept. Seats that do not fit are left out (the setup fills them with its defaults)."""
    if not isinstance(data, dict):
        return None
    variant_id, players = data.get("variant"), data.get("players")
    if type(variant_id) is not str or type(players) is not int:
        return None
    try:
        variant = spec.variant(variant_id)
    except ConfigError:
        return None
    if players not in variant.allowed_players():
        return None
    options = data.get("options", {})
    pairs = []
    if isinstance(options, dict):
        schema = {o.key: o for o in variant.options}
        for key, value in options.items():
            option = schema.get(key)
            if option is None or isinstance(value, (list, dict)):
                continue
            try:
                pairs.append((key, option.validate(value)))
            except ConfigError:
                continue
    try:
        spec.validate_config(Config(variant.id, players, tuple(sorted(pairs))))
    except ConfigError:
        pairs = []  # the options together are refused: keep the players, not the options
    seats = []
    used: set[int] = set()
    raw_seats = data.get("seats", [])
    for raw in raw_seats[:players] if isinstance(raw_seats, list) else []:
        if not isinstance(raw, dict):
            break
        name, controller, colour = raw.get("name"), raw.get("controller"), raw.get("colour")
        if (type(name) is not str or not name.strip() or len(name) > MAX_NAME or controller not in SETUP_CONTROLLERS
                or controller not in CONTROLLERS or type(colour) is not int or not 0 <= colour < colours
                or colour in used):
            break
        used.add(colour)
        seats.append(SeatPlan(name.strip(), controller, colour))
    return SetupPlan(variant.id, players, tuple(seats), tuple(sorted(pairs)))
