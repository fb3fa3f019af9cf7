"""The Velonimo :class:`GameSpec`: variants, options, new states, saves and determinization (pure)."""

from __future__ import annotations

from typing import Any, Mapping

from ..engine import rng as rnglib
from ..engine.protocol import Config, ConfigError, GameSpec, Option, State, Variant, View
from ..engine.words import N_, Words
from . import bots, hard  # noqa: F401 - hard registers Hard's bot kind
from .cards import ALL_CARDS, cards_of, mask_of
from .rules import (
    ACTION_TYPES,
    PHASE_NAMES,
    SCORING_CHOICES,
    STATE_VERSION,
    Rules,
    VelonimoState,
    VelonimoView,
    shuffle_cards,
    state_from_dict,
)


def _first_player_option(players: int) -> Option:
    choices = ((-1, N_("Random")),) + tuple((s, Words("Player {n}", n=s + 1)) for s in range(players))
    return Option("first_player", N_("First player (the youngest)"), 0, kind="choice", choices=choices,
                  help=N_("Who launches the first attack of round 1."), seat_choice=True)


_ROUNDS = Option("rounds", N_("Rounds"), 5, kind="int", minimum=1, maximum=9,
                 help=N_("Each round is the ascent of one summit."))
_SCORING = Option("scoring", N_("Points per opponent still racing"), "ascending", kind="choice",
                  choices=SCORING_CHOICES,
                  help=N_("What going out is worth, per opponent still holding cards, in rounds 1, 2, 3…"))
_TARGET = Option("target", N_("Points to win the Duel"), 8, kind="int", minimum=1, maximum=30,
                 help=N_("The first player to reach this total wins at once."))

STANDARD = Variant(
    id="standard",
    label=N_("Standard (3–5 players)"),
    min_players=3,
    max_players=5,
    default_players=4,
    options=(_ROUNDS, _SCORING, _first_player_option(5)),
    summary=N_("Shed your 11 cards first over 5 summits; the Jersey holder after the last round wins."),
)

DUEL = Variant(
    id="duel",
    label=N_("Duel (2 players)"),
    min_players=2,
    max_players=2,
    default_players=2,
    options=(_ROUNDS, _SCORING, _first_player_option(2), _TARGET),
    summary=N_("Camels draw from the pile, attack winners take the revealed card; first to 8 points wins."),
)


class VelonimoSpec(GameSpec):
    id = "velonimo"
    name = "Velonimo"
    tagline = N_("Animal cyclists attack and counter-attack to shed their cards first.")
    players_text = N_("2–5 players")
    hidden_information = True
    start_words = N_("Start the game")
    restart_words = N_("a new deal")
    skip_words = N_("Skip to the end of the round")
    variants = (STANDARD, DUEL)
    action_types = ACTION_TYPES
    state_version = STATE_VERSION
    # 2: a Duel Camel played as the final card draws, so its player is not out (interpretation 16);
    # saves of version 1 could replay into a different game and are refused
    rules_version = 2
    levels = bots.LEVELS

    def __init__(self) -> None:
        self._rules: dict[Config, Rules] = {}

    def validate_config(self, config: Config) -> Config:
        config = super().validate_config(config)
        first = config.get("first_player", 0)
        if first >= config.players:
            raise ConfigError(Words("First player must be one of the {n} players", n=config.players))
        return config

    def _rules_for(self, config: Config) -> Rules:
        rules = self._rules.get(config)
        if rules is None:
            rules = self._rules[config] = Rules(config)
        return rules

    def config_summary(self, config: Config) -> str:
        """The setup screen's words about the game, with the number of rounds and the Duel's target chosen (the
        variants' summaries state the defaults)."""
        config = self.validate_config(config)
        rounds = config.get("rounds", _ROUNDS.default)
        if config.variant == "duel":
            return Words.plural("Camels draw from the pile, attack winners take the revealed card; first to {n} point "
                                "wins, else the Jersey holder after round {rounds}.",
                                "Camels draw from the pile, attack winners take the revealed card; first to {n} points "
                                "wins, else the Jersey holder after round {rounds}.",
                                config.get("target", _TARGET.default), rounds=rounds)
        return Words.plural("Shed your 11 cards first over {n} summit; the Jersey holder after the last round wins.",
                            "Shed your 11 cards first over {n} summits; the Jersey holder after the last round wins.",
                            rounds)

    def out_of_play(self, state: State, seat: int) -> bool:
        """Out of cards this round (a player who went out may still name who launches the next attack: asked
        all the same)."""
        return not state.view(None).active[seat]

    def progress(self, state: State) -> str:
        view = state.view(None)
        if view.variant == "duel":
            return Words("round {round} · first to {target}", round=max(1, view.round), target=view.target)
        return Words("round {round} of {rounds}", round=max(1, view.round), rounds=view.rounds)

    def new_state(self, config: Config, seed: int) -> VelonimoState:
        config = self.validate_config(config)
        return VelonimoState.new(self._rules_for(config), seed)

    def state_from_dict(self, data: Mapping[str, Any]) -> VelonimoState:
        if not isinstance(data, Mapping):
            raise ValueError("a Velonimo state must be an object")
        version = data.get("version")
        if version != STATE_VERSION:
            raise ValueError(f"unsupported Velonimo state version {version!r} (this one reads {STATE_VERSION})")
        if "config" not in data:
            raise ValueError("the saved Velonimo state has no 'config'")
        config = self.validate_config(Config.from_dict(data["config"]))
        return state_from_dict(data, self._rules_for(config))

    # -- bots
    def determinize(self, view: View, rng_state: int) -> VelonimoState:
        """A full state consistent with ``view``: the cards it cannot see dealt at random (every hand for the
        spectator view ``view(None)``), a fresh RNG."""
        assert isinstance(view, VelonimoView) and (view.seat is None or view.hand is not None)
        options = [("first_player", view.first_player), ("rounds", view.rounds), ("scoring", view.scoring)]
        if view.variant == "duel":
            options.append(("target", view.target))
        config = Config(view.variant, view.players, tuple(sorted(options)))
        rules = self._rules.get(config) or self._rules_for(self.validate_config(config))
        me = view.seat
        own = mask_of(view.hand) if view.hand is not None else 0
        played = mask_of(view.played)
        revealed = (1 << view.revealed) if view.revealed >= 0 else 0
        unknown = ALL_CARDS & ~own & ~played & ~revealed
        pool, r = shuffle_cards(rng_state & rnglib.MASK64, list(cards_of(unknown)))
        hands = []
        pos = 0
        for s in range(view.players):
            if s == me:
                hands.append(own)
                continue
            k = view.hand_counts[s]
            hands.append(mask_of(pool[pos:pos + k]))
            pos += k
        rest = pool[pos:]
        s = object.__new__(VelonimoState)
        s.cfg = rules
        s.rng = r
        s.round = view.round
        s.phase = PHASE_NAMES.index(view.phase)
        s.turn = view.turn
        s.hands = tuple(hands)
        s.active = sum(1 << i for i, a in enumerate(view.active) if a)
        s.out_order = view.out_order
        s.centre = mask_of(view.centre)
        s.cvalue = view.centre_value
        s.cseat = view.centre_seat
        s.cjersey = view.centre_jersey
        s.pile = mask_of(view.pile)
        s.passes = sum(1 << i for i, p in enumerate(view.passed) if p)
        s.played = played
        if rules.duel:
            s.aside = 0
            s.draw = tuple(rest)
        else:
            s.aside = mask_of(rest)
            s.draw = ()
        s.revealed = view.revealed
        s.totals = view.totals
        s.rpoints = view.round_points
        s.history = view.history
        s.jersey = view.jersey
        s.jused = view.jersey_used
        s.starter = view.starter
        s.svictim = view.steal_victim
        s.smax = view.steal_max
        s.sleft = view.steal_left
        s.staken = mask_of(view.steal_received)
        s.winners = view.winners
        s._legal = None
        return s

    def evaluate(self, state: State, seat: int) -> float:
        return bots.evaluate(state, seat)  # type: ignore[arg-type]

    def rollout_action(self, state: State, seat: int, rng: Any):
        return bots.rollout_action(state, seat, rng)  # type: ignore[arg-type]


SPEC = VelonimoSpec()
