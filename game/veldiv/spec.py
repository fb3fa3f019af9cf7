"""The Jeu du Veldiv game spec: variants (the six races), new states, views for bots (pure)."""

from __future__ import annotations

from typing import Any, Mapping

from ..engine.protocol import Config, GameSpec, State, View
from ..engine.rng import seed_state
from ..engine.words import N_, Words
from . import bots
from .rules import ACTION_TYPES, STATE_VERSION, VARIANTS, VeldivState, VeldivView, setup_for, state_from_dict


class VeldivSpec(GameSpec):
    id = "veldiv"
    name = "Jeu du Veldiv"
    tagline = N_("The 1930s velodrome dice race: six races on a 48-space oval.")
    players_text = N_("2–12 players")
    start_words = N_("Start the race")
    restart_words = N_("fresh dice")  # the start is fixed by the rules: a restart only throws new dice
    variants = VARIANTS
    action_types = ACTION_TYPES
    state_version = STATE_VERSION
    # 2: a crossing counts for the laps a rider is down when it crosses (a lapped rider that makes up the
    # lap no longer scores a lap nobody has raced), nothing scores beyond the final lap, Un Tour tokens
    # per lap taken. Saves of rules version 1 replay into different races: they are refused.
    rules_version = 2
    levels = bots.LEVELS

    skip_words = N_("Skip to the end of the race")

    def out_of_play(self, state: State, seat: int) -> bool:
        """Eliminated, or every rider of the seat home."""
        riders = [r for r in state.view(None).riders if r.seat == seat]
        return bool(riders) and all(r.status in ("finished", "eliminated") for r in riders)

    def progress(self, state: State) -> str:
        view = state.view(None)
        return Words("lap {n}", n=max(1, view.lap))

    def config_summary(self, config: Config) -> str:
        """The race's summary; the Course Individuelle's gives the Premier tokens its option sets, where they
        are not the rulebook's three."""
        config = self.validate_config(config)
        option = next((o for o in self.variant(config.variant).options if o.key == "premiers"), None)
        premiers = int(config.get("premiers", 3))
        if config.variant != "individuelle" or option is None or premiers == option.default:
            return super().config_summary(config)
        return Words.plural("One rider each. Points and a Premier token every lap; take a lap on an opponent for an "
                            "Un Tour token. {n} Premier token ends the race.",
                            "One rider each. Points and a Premier token every lap; take a lap on an opponent for an "
                            "Un Tour token. {n} Premier tokens end the race.", premiers)

    def new_state(self, config: Config, seed: int) -> VeldivState:
        config = self.validate_config(config)
        return VeldivState.initial(setup_for(config), seed)

    def state_from_dict(self, data: Mapping[str, Any]) -> VeldivState:
        if not isinstance(data, Mapping):
            raise ValueError("a Veldiv state must be an object")
        version = data.get("version")
        if not isinstance(version, int) or version > STATE_VERSION:
            raise ValueError(f"unsupported Veldiv state version {version!r}")
        if version < STATE_VERSION:
            raise ValueError(Words("this Veldiv race was written by earlier rules (state version {version}) and "
                                   "cannot be read by these", version=version))
        for key in ("variant", "players"):
            if key not in data:
                raise ValueError(f"the saved Veldiv race has no {key!r}")
        config = self.validate_config(Config.from_dict(data))  # the variant, players and options
        return state_from_dict(data, config)

    def determinize(self, view: View, rng_state: int) -> VeldivState:
        if not isinstance(view, VeldivView):
            raise TypeError("determinize needs a Veldiv view")
        config = self.validate_config(Config(view.variant, view.players, view.options))
        return VeldivState.from_view(view, setup_for(config), seed_state(rng_state))

    def evaluate(self, state: State, seat: int) -> float:
        return bots.evaluate(state, seat)  # type: ignore[arg-type]

    def rollout_action(self, state: State, seat: int, rng: Any):
        return bots.rollout_action(state, seat, rng)  # type: ignore[arg-type]


SPEC = VeldivSpec()
