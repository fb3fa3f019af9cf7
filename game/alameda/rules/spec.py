"""The Tour of Alameda :class:`GameSpec`: variants, options, new states, saves and the worlds bots
imagine from a view (``determinize``, and ``determinize_leg`` with the other seats' secret picks
taken back)."""

from __future__ import annotations

from typing import Any, Mapping

from ...engine import rng as rnglib
from ...engine.protocol import Config, GameSpec, State, View
from ...engine.words import N_, Words
from . import bots
from .actions import ACTION_TYPES
from .saves import state_from_dict
from .setup import (
    ADVANCED,
    NO_CARD,
    PHASE_NAMES,
    PICK,
    REST,
    STATE_VERSION,
    VALUES,
    VARIANTS,
    WRENCH_CARD,
    Rules,
    check_config,
)
from .state import AlamedaState
from .view import AlamedaView


class AlamedaSpec(GameSpec):
    id = "alameda"
    name = "Tour of Alameda"
    tagline = "Pick speed cards in secret; a Monkey Wrench steals a rival's."
    players_text = "2–8 players"
    hidden_information = True
    start_words = N_("Start the tour")
    restart_words = N_("a new tour")
    variants = VARIANTS
    action_types = ACTION_TYPES
    state_version = STATE_VERSION
    levels = bots.LEVELS

    def __init__(self) -> None:
        self._rules: dict[Config, Rules] = {}

    def validate_config(self, config: Config) -> Config:
        config = super().validate_config(config)
        check_config(config)
        return config

    def rules_for(self, config: Config) -> Rules:
        rules = self._rules.get(config)
        if rules is None:
            if len(self._rules) > 64:
                self._rules.clear()
            rules = self._rules[config] = Rules(self.validate_config(config))
        return rules

    def config_summary(self, config: Config) -> str:
        """The setup screen's words about the game with the options chosen: the deck's size, the hand, the advanced
        rules in play (the variants' summaries state their defaults)."""
        rules = self.rules_for(config)
        words = Words.plural(
            "Each player races their own deck of {n} speed card and a Monkey Wrench, {hand} in hand; 2 points per "
            "stage won, most points at the end of the tour wins.",
            "Each player races their own deck of {n} speed cards and a Monkey Wrench, {hand} in hand; 2 points per "
            "stage won, most points at the end of the tour wins.", len(rules.deck), hand=rules.hand_size)
        advanced = [Words(label) for key, label, _help in ADVANCED if getattr(rules, key)]
        if not advanced:
            return words
        fields = {f"rule{i}": rule for i, rule in enumerate(advanced)}  # each label said in the language in use
        listed = " · ".join("{%s}" % key for key in fields)  # (no words of its own to translate)
        rules_in_play = Words(listed, **fields)
        return Words.plural("{summary} Advanced rule: {rules}.", "{summary} Advanced rules: {rules}.", len(advanced),
                            summary=words, rules=rules_in_play)

    def progress(self, state: State) -> str:
        view = state.view(None)
        return Words("stage {stage}, leg {leg}", stage=max(1, view.stage), leg=max(1, view.leg))

    def new_state(self, config: Config, seed: int) -> AlamedaState:
        return AlamedaState.new(self.rules_for(self.validate_config(config)), seed)

    def state_from_dict(self, data: Mapping[str, Any]) -> AlamedaState:
        if not isinstance(data, Mapping):
            raise ValueError("a Tour of Alameda state must be an object")
        version = data.get("version")
        if version != STATE_VERSION:
            raise ValueError(f"unsupported Tour of Alameda state version {version!r} (this one reads {STATE_VERSION})")
        if "config" not in data:
            raise ValueError("the saved Tour of Alameda state has no 'config'")
        config = self.validate_config(Config.from_dict(data["config"]))
        return state_from_dict(data, self.rules_for(config))

    # -- bots
    def determinize(self, view: View, rng_state: int) -> AlamedaState:
        return self._imagine(view, rng_state, reopen=False)  # type: ignore[arg-type]

    def determinize_leg(self, view: View, rng_state: int) -> AlamedaState:
        return self._imagine(view, rng_state, reopen=True)  # type: ignore[arg-type]

    def _imagine(self, view: AlamedaView, rng_state: int, reopen: bool) -> AlamedaState:
        """A full state consistent with ``view``: each other seat's unseen speed cards dealt at random
        between its hand and its deck (its unseen Monkey Wrench in hand or face down), a face-down card
        drawn from what it holds; the viewer's own deck in a random order; a fresh RNG. ``reopen``:
        the other seats' secret picks (and Rest choices) of the current leg are taken back. From the spectator
        view ``view(None)`` every seat's unseen cards are dealt."""
        assert isinstance(view, AlamedaView) and (view.seat is None or view.hand is not None)
        rules = self.rules_for(Config(view.variant, view.players, view.options))
        me, n = view.seat, view.players
        phase = PHASE_NAMES.index(view.phase)
        reopen_picks = reopen and phase == PICK
        r = rng_state & rnglib.MASK64
        hands, decks, picks = [], [], []
        wrenches = 0
        waiting = 0
        for s in view.awaiting:
            waiting |= 1 << s
        for s in range(n):
            pool = [v for v in VALUES for _ in range(view.unseen[s][v - 1])]
            if s == me:
                hand = view.hand
                for card in hand + ((view.my_card,) if view.my_card > 0 else ()):
                    pool.remove(card)
                deck, r = rnglib.shuffled(r, pool)
                hands.append(hand)
                decks.append(deck)
                picks.append(view.table[s] if view.table[s] >= 0 else view.my_card)
                wrenches |= view.wrench_in_hand << s
                continue
            shuffled, r = rnglib.shuffled(r, pool)
            wrench_hidden = view.wrench_unseen[s]
            in_front = view.face_down[s]
            kept = view.held[s] + in_front  # cards in hand plus the face-down one
            speed = kept - wrench_hidden
            held = list(shuffled[:speed]) + [WRENCH_CARD] * wrench_hidden
            decks.append(tuple(shuffled[speed:]))
            card = view.table[s]
            if in_front:
                if reopen_picks:
                    waiting |= 1 << s
                else:
                    i, r = rnglib.below(r, len(held))
                    card = held.pop(i)
            wrenches |= (WRENCH_CARD in held) << s
            hands.append(tuple(sorted(c for c in held if c != WRENCH_CARD)))
            picks.append(card)
        s_ = object.__new__(AlamedaState)
        s_.cfg = rules
        s_.rng = r
        s_.phase = phase
        s_.stage = view.stage
        s_.leg = view.leg
        s_.hands = tuple(hands)
        s_.wrenches = wrenches
        s_.decks = tuple(decks)
        s_.picks = tuple(picks)
        s_.faceup = sum(1 << s for s in range(n) if view.table[s] >= 0)
        s_.reveal_at = rules.orders[view.jersey].index(view.monkey) + 1 if view.monkey >= 0 else 0
        s_.monkey = view.monkey
        s_.distances = view.distances
        s_.points = view.points
        s_.stage_points = view.stage_points
        s_.history = view.history
        s_.jersey = view.jersey
        s_.last_leg = view.last_leg
        s_.final_leg = view.final_leg
        s_.winners = view.winners
        rests = [NO_CARD] * n
        if phase == REST:
            for s in range(n):
                if s == me:
                    rests[s] = view.my_rest
                elif view.rest_decided[s]:
                    if reopen:
                        waiting |= 1 << s
                    else:
                        choice, r = rnglib.below(r, 2)
                        rests[s] = choice
            s_.rng = r
        s_.rests = tuple(rests)
        s_.waiting = waiting
        return s_

    def evaluate(self, state: State, seat: int) -> float:
        return bots.evaluate(state, seat)  # type: ignore[arg-type]

    def rollout_action(self, state: State, seat: int, rng: Any):
        return bots.rollout_action(state, seat, rng)  # type: ignore[arg-type]


SPEC = AlamedaSpec()
