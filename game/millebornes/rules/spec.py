"""The Mille Bornes :class:`GameSpec`: variants, options, player counts, teams, new states, saves, the
automatic Coup Fourré answer and the worlds bots imagine from a view (``determinize``)."""

from __future__ import annotations

from typing import Any, Mapping

from ...engine import rng as rnglib
from ...engine.protocol import AutoAnswer, Config, ConfigError, GameSpec, State, View
from ...engine.words import N_, Words
from . import bots
from .actions import ACTION_TYPES, COUP_FOURRE, DECLINE, FAST_REMEDIES
from .cards import COPIES, KINDS, REMEDY_FOR, SAFETY_FOR, SPEED_LIMIT
from .moves import shuffle
from .saves import state_from_dict
from .setup import (
    PLAYER_COUNTS,
    SIX_IN_TEAMS,
    STATE_VERSION,
    TEAMS_NEED,
    VARIANTS,
    Rules,
    check_config,
    zone_table,
)
from .state import MilleBornesState
from .talk import amount
from .view import PHASES, MilleBornesView, table_counts
from .zone import make_zone

COUP_FOURRE_QUESTION = "coup-fourre"


class MilleBornesSpec(GameSpec):
    id = "millebornes"
    name = "Mille Bornes"
    tagline = "Race to 1000 miles; hazards for the others, remedies and safeties for you."
    players_text = "2, 3, 4 or 6 players"
    hidden_information = True
    start_words = N_("Start the race")
    restart_words = N_("a new deal")
    variants = VARIANTS
    action_types = ACTION_TYPES
    state_version = STATE_VERSION
    # 2: safeties count 100 toward the trip, the discard pile is reshuffled as often as the draw pile runs out
    # (a stalled hand ends instead), fast play answers drive-pile hazards only, and the classic "a Go after
    # every remedy" asks a Go after a safety played in turn too. Saves of version 1 are refused (see the rules doc).
    rules_version = 2
    levels = bots.LEVELS
    auto_answers = (AutoAnswer(COUP_FOURRE_QUESTION, N_("Always play Coup Fourré when I can"),
                               N_("When a hazard hits you, play its safety at once if you hold it (else its remedy "
                                  "under fast play, else say no) without being asked.")),)

    def __init__(self) -> None:
        self._rules: dict[Config, Rules] = {}

    def validate_config(self, config: Config) -> Config:
        players = config.players
        if type(players) is int and players not in (2, 3, 4, 6):
            raise ConfigError(PLAYER_COUNTS)
        if config.variant == "teams" and players in (2, 3):
            raise ConfigError(TEAMS_NEED)
        if config.variant == "solo" and players == 6:
            raise ConfigError(SIX_IN_TEAMS)
        config = super().validate_config(config)
        check_config(config)
        return config

    def teams(self, config: Config) -> tuple[int, ...] | None:
        return zone_table(config.variant, config.players) if config.variant == "teams" else None

    def rules_for(self, config: Config) -> Rules:
        rules = self._rules.get(config)
        if rules is None:
            if len(self._rules) > 64:
                self._rules.clear()
            rules = self._rules[config] = Rules(self.validate_config(config))
        return rules

    def config_summary(self, config: Config) -> str:
        """The setup screen's words about the game with the options chosen: the trip (1000, exactly, or 700
        extendable), what a Coup Fourré scores, the classic bonuses in play, one hand or a target (the variants'
        summaries state the 2014 defaults)."""
        rules = self.rules_for(config)
        who = N_("Partners sit apart, share one driving zone and take turns for it.") if rules.teams else \
            N_("Each player has their own driving zone.")
        if rules.extension:
            trip = N_("First to exactly 700 (distance cards only) ends the hand, or extends the trip to 1000.") \
                if rules.exact else N_("First to 700 (distance cards only) ends the hand, or extends the trip to 1000.")
        else:
            trip = N_("First to exactly 1000 (distance cards only) ends the hand.") if rules.exact else \
                N_("First to 1000 (miles, and 100 a safety) ends the hand.")
        scoring = Words(N_("1 point a mile, 100 a safety, 300 a Coup Fourré") if rules.coup_fourre_points == 300
                        else N_("1 point a mile, 100 a safety, 200 a Coup Fourré"))
        bonuses = sum((rules.bonus_trip, rules.bonus_delayed, rules.bonus_safe_trip, rules.bonus_shutout,
                       rules.bonus_all_safeties))
        if bonuses:
            scoring = Words.plural("{scoring}, and {n} classic bonus", "{scoring}, and {n} classic bonuses", bonuses,
                                   scoring=scoring)
        win = Words("Hands are played until someone reaches {target} points ({scoring}).",
                    target=amount(rules.target), scoring=scoring) if rules.target else \
            Words("Most points wins ({scoring}).", scoring=scoring)
        return Words("{who} {trip} {win}", who=Words(who), trip=Words(trip), win=win)

    def progress(self, state: State) -> str:
        view = state.view(None)
        if view.target:
            return Words("hand {n} · to {target}", n=view.hand_number, target=amount(view.target))
        return Words("hand {n}", n=view.hand_number)

    def new_state(self, config: Config, seed: int) -> MilleBornesState:
        return MilleBornesState.new(self.rules_for(self.validate_config(config)), seed)

    def state_from_dict(self, data: Mapping[str, Any]) -> MilleBornesState:
        if not isinstance(data, Mapping):
            raise ValueError("a Mille Bornes state must be an object")
        version = data.get("version")
        if version != STATE_VERSION:
            raise ValueError(f"unsupported Mille Bornes state version {version!r} (this one reads {STATE_VERSION})")
        if "config" not in data:
            raise ValueError("the saved Mille Bornes state has no 'config'")
        config = self.validate_config(Config.from_dict(data["config"]))
        return state_from_dict(data, self.rules_for(config))

    # -- the automatic answer (a setting): from the seat's own view only, never None for a hand
    def auto_answer(self, view: View, seat: int, kind: str):
        if kind != COUP_FOURRE_QUESTION or not isinstance(view, MilleBornesView) or view.asked != seat:
            return None
        if view.attack is None or view.hand is None:
            return None
        hazard = view.attack[1]
        if SAFETY_FOR[hazard] in view.hand:
            return COUP_FOURRE
        remedy = REMEDY_FOR[hazard]
        if view.option("fast_play", False) and hazard != SPEED_LIMIT and remedy in view.hand:
            return FAST_REMEDIES[remedy]
        return DECLINE

    # -- bots
    def determinize(self, view: View, rng_state: int) -> MilleBornesState:
        """A full state consistent with ``view``: every card the viewer cannot see (other hands and the
        draw pile) dealt at random from those not on the table, in the discard pile or in its hand; the
        discard pile rebuilt from its counts with its top card on top; a fresh RNG. From the spectator view
        ``view(None)`` every hand is dealt."""
        assert isinstance(view, MilleBornesView) and (view.seat is None or view.hand is not None)
        rules = self.rules_for(Config(view.variant, view.players, view.options))
        pool = [copies - seen for copies, seen in zip(COPIES, table_counts(view), strict=True)]
        for card in view.hand or ():
            pool[card] -= 1
        unseen = [kind for kind in range(KINDS) for _ in range(pool[kind])]
        r = rng_state & rnglib.MASK64
        shuffled, r = shuffle(r, tuple(unseen))
        hands = []
        at = 0
        for s in range(view.players):
            if s == view.seat:
                hands.append(view.hand)
                continue
            count = view.hand_counts[s]
            hands.append(tuple(sorted(shuffled[at:at + count])))
            at += count
        top = view.discard_top
        discard = [kind for kind in range(KINDS) for _ in range(view.discards[kind] - (kind == top))]
        if top >= 0:
            discard.append(top)
        s_ = object.__new__(MilleBornesState)
        s_.cfg = rules
        s_.rng = r
        s_.phase = PHASES.index(view.phase)
        s_.turn = view.turn
        s_.asked = view.asked
        attack = view.attack if view.attack is not None else (-1, -1, -1)
        s_.attacker, s_.attack_card, s_.attack_zone = attack
        s_.hands = tuple(hands)
        s_.deck = tuple(shuffled[at:])
        s_.discard = tuple(discard)
        s_.zones = tuple(make_zone(z.seats, z.drive, z.speed, z.distance_counts, z.safeties, rules.go_after_remedy,
                                   rules.coup_fourre_points, rules.safety_miles) for z in view.zones)
        s_.reshuffles = view.reshuffles
        s_.drawing_over = view.drawing_over
        s_.turns = view.turns
        s_.idle = view.idle
        s_.pass_played = view.pass_played
        s_.hand_number = view.hand_number
        s_.goal = view.goal
        s_.extended = view.extended
        s_.totals = view.totals
        s_.history = view.history
        s_.last_hand = view.last_hand
        s_.winners = view.winners
        return s_

    def evaluate(self, state: State, seat: int) -> float:
        return bots.evaluate(state, seat)  # type: ignore[arg-type]

    def rollout_action(self, state: State, seat: int, rng: Any):
        return bots.rollout_action(state, seat, rng)  # type: ignore[arg-type]


SPEC = MilleBornesSpec()
