"""The Velonimo state (immutable): legal actions, why a move is illegal, apply, views, saving.

Speed matters (random games run by the thousand): cards are ints, hands are bitmasks, the
state has ``__slots__`` and a hand-written copy, actions are interned, legal actions are
cached on the state and the moves trust their caller (``apply`` validates first; for the
interned PlayCards that legal actions hand out it skips re-parsing the cards). How each move
changes the state is in :mod:`.moves`; loading a saved state, with its checks, in :mod:`.saves`.
See docs/rules/velonimo.md for the rules and the interpretations chosen.
"""

from __future__ import annotations

from typing import Any

from ...engine import rng as rnglib
from ...engine.protocol import Action, IllegalAction, Result, State
from ...engine.words import N_, Words
from ..cards import JERSEY_BONUS, N_CARDS, TOKENS, cards_of, combination_problem
from .actions import (
    CHOOSE_ACTIONS,
    GIVE_ACTIONS,
    NO_STEAL,
    PASS,
    REWARD_ACTIONS,
    STEAL_ACTIONS,
    ChooseStarter,
    DuelReward,
    GiveBack,
    NoSteal,
    Pass,
    PlayCards,
    Steal,
)
from .events import StarterChosen, StealDeclined
from .moves import deal, give_back, pass_turn, play_cards, steal, take_reward
from .plays import _HAND_CACHE, ACTION_PLAYS, PLAYS, Play, hand_plays, play_of
from .scoring import result_of
from .setup import CHOOSE, GIVE, NEXT, OVER, PHASE_NAMES, PLAY, REWARD, STATE_VERSION, STEAL, TO_ACT, Rules
from .view import VelonimoView

_WRONG_PHASE = {
    STEAL: N_("Take cards with your Tortoise or decline first"),
    GIVE: N_("Give back your cards first"),
    CHOOSE: N_("Choose who launches the next attack first"),
    REWARD: N_("Keep or give the revealed card first"),
}


_SLOTS = ("cfg", "rng", "round", "phase", "turn", "hands", "active", "out_order", "centre", "cvalue",
          "cseat", "cjersey", "pile", "passes", "played", "aside", "draw", "revealed", "totals", "rpoints",
          "history", "jersey", "jused", "starter", "svictim", "smax", "sleft", "staken", "winners")


class VelonimoState(State):
    __slots__ = _SLOTS + ("_legal",)

    cfg: Rules
    rng: int
    round: int
    phase: int
    turn: int
    hands: tuple[int, ...]
    active: int
    out_order: tuple[int, ...]
    centre: int
    cvalue: int
    cseat: int
    cjersey: bool
    pile: int
    passes: int
    played: int
    aside: int
    draw: tuple[int, ...]
    revealed: int
    totals: tuple[int, ...]
    rpoints: tuple[int, ...]
    history: tuple[tuple[int, ...], ...]
    jersey: int
    jused: bool
    starter: int
    svictim: int
    smax: int
    sleft: int
    staken: int
    winners: tuple[int, ...]

    # -- construction
    def _copy(self) -> "VelonimoState":
        n = object.__new__(VelonimoState)
        n.cfg = self.cfg
        n.rng = self.rng
        n.round = self.round
        n.phase = self.phase
        n.turn = self.turn
        n.hands = self.hands
        n.active = self.active
        n.out_order = self.out_order
        n.centre = self.centre
        n.cvalue = self.cvalue
        n.cseat = self.cseat
        n.cjersey = self.cjersey
        n.pile = self.pile
        n.passes = self.passes
        n.played = self.played
        n.aside = self.aside
        n.draw = self.draw
        n.revealed = self.revealed
        n.totals = self.totals
        n.rpoints = self.rpoints
        n.history = self.history
        n.jersey = self.jersey
        n.jused = self.jused
        n.starter = self.starter
        n.svictim = self.svictim
        n.smax = self.smax
        n.sleft = self.sleft
        n.staken = self.staken
        n.winners = self.winners
        n._legal = None
        return n

    @classmethod
    def new(cls, rules: Rules, seed: int) -> "VelonimoState":
        s = object.__new__(cls)
        s.cfg = rules
        s.rng = rnglib.seed_state(seed)
        s.round = 0
        s.totals = (0,) * rules.players
        s.history = ()
        s.jersey = -1
        s.winners = ()
        s._legal = None
        first = rules.first
        if first < 0:
            first, s.rng = rnglib.below(s.rng, rules.players)
        deal(s, 1, first, [])
        return s
    # -- protocol: reading
    @property
    def players(self) -> int:  # type: ignore[override]
        return self.cfg.players

    @property
    def current_value(self) -> int:
        """The value to beat (0 when the player to act leads a new attack)."""
        return self.cvalue

    def is_over(self) -> bool:
        return self.phase == OVER

    def to_act(self) -> tuple[int, ...]:
        if self.phase == OVER:
            return ()
        return TO_ACT[self.turn]

    def jersey_available(self, seat: int) -> bool:
        return (self.jersey == seat and not self.jused and not self.cfg.duel and self.phase == PLAY)

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        if seat != self.turn or self.phase == OVER:
            return ()
        legal = self._legal
        if legal is None:
            if self.phase == PLAY:  # the common case, inline
                jersey = self.jersey == seat and not self.jused and not self.cfg.duel
                hand = self.hands[seat]
                legal = (_HAND_CACHE.get(hand) or hand_plays(hand)).beating(self.cvalue, jersey)
                if self.cseat >= 0:
                    legal = (PASS,) + legal
                self._legal = legal
            else:
                legal = self._legal = self._compute_legal()
        return legal

    def _compute_legal(self) -> tuple[Action, ...]:
        """Legal actions outside the play phase (legal_actions handles that one)."""
        seat = self.turn
        phase = self.phase
        if phase == STEAL:
            out: list[Action] = [NO_STEAL]
            hands = self.hands
            for v in range(self.cfg.players):
                if v != seat and self.active >> v & 1:
                    top = min(self.smax, hands[v].bit_count())
                    out.extend(STEAL_ACTIONS[v][1:top + 1])
            return tuple(out)
        if phase == GIVE:
            return tuple(GIVE_ACTIONS[c] for c in cards_of(self.hands[seat]))
        if phase == CHOOSE:
            return tuple(CHOOSE_ACTIONS[s] for s in range(self.cfg.players) if self.active >> s & 1)
        if phase == REWARD:
            return REWARD_ACTIONS
        return ()

    def why_illegal(self, seat: int, action: Action) -> str | None:
        phase = self.phase
        if phase == OVER:
            return N_("The game is over.")
        if seat != self.turn:
            return N_("It is not your turn.")
        kind = type(action)
        if kind is PlayCards:
            if phase != PLAY:
                return _WRONG_PHASE[phase]
            # exact types first: a play's cards, seat and Jersey go into engine caches shared by
            # every game in the process (interned plays and events), so a look-alike (jersey=2,
            # a tuple subclass) must be refused before any of them is looked up
            if type(action.jersey) is not bool:  # type: ignore[attr-defined]
                return N_("Say whether the Jersey is used with true or false")
            cards_ = action.cards  # type: ignore[attr-defined]
            if type(cards_) is not tuple:
                return N_("Choose the cards to play")
            mask = 0
            last = -1
            for c in cards_:
                if type(c) is not int or c <= last or c >= N_CARDS:
                    return (N_("Choose at least one card") if not cards_ else
                            N_("List distinct cards in increasing order"))
                mask |= 1 << c
                last = c
            if not mask:
                return N_("Choose at least one card")
            if mask & ~self.hands[seat]:
                return N_("You do not hold those cards")
            p = PLAYS.get(mask) or play_of(mask)
            if p is None:
                return combination_problem(cards_) or N_("That is not a valid play")
            return self._why_play_illegal(seat, p, action.jersey)  # type: ignore[attr-defined]
        if kind is Pass:
            if phase != PLAY:
                return _WRONG_PHASE[phase]
            if self.cseat < 0:
                return N_("You lead this attack: you must play")
            return None
        if kind is Steal:
            if phase != STEAL:
                return N_("You may take cards only right after playing a Tortoise")
            victim, count = action.victim, action.count  # type: ignore[attr-defined]
            if type(victim) is not int or not 0 <= victim < self.cfg.players or victim == seat:
                return N_("Choose an opponent to take cards from")
            if not self.active >> victim & 1:
                return N_("That player has no cards left")
            if type(count) is not int or count < 1:
                return N_("Take at least one card")
            if count > self.smax:
                return Words.plural("You played {n} Tortoise: take at most {n}", "You played {n} Tortoises: take at most {n}",
                                    self.smax)
            if count > self.hands[victim].bit_count():
                return N_("That player does not hold that many cards")
            return None
        if kind is NoSteal:
            return None if phase == STEAL else N_("You may take cards only right after playing a Tortoise")
        if kind is GiveBack:
            if phase != GIVE:
                return N_("There is no card to give back now")
            card = action.card  # type: ignore[attr-defined]
            if type(card) is not int or not 0 <= card < N_CARDS or not self.hands[seat] >> card & 1:
                return N_("You do not hold that card")
            return None
        if kind is ChooseStarter:
            if phase != CHOOSE:
                return N_("There is no starter to choose now")
            s = action.seat  # type: ignore[attr-defined]
            if type(s) is not int or not 0 <= s < self.cfg.players or not self.active >> s & 1:
                return N_("Choose a player who still holds cards")
            return None
        if kind is DuelReward:
            if phase != REWARD:
                return N_("There is no revealed card to take now")
            return None if type(action.keep) is bool else N_("Keep or give?")  # type: ignore[attr-defined]
        return N_("That move is not allowed now.")

    def _why_play_illegal(self, seat: int, p: Play, jersey: object) -> str | None:
        """Why ``seat`` may not play ``p`` now (cards already known valid and held)."""
        value = p.value
        if jersey:
            if self.cfg.duel:
                return N_("The Jersey gives no bonus in the Duel")
            if self.jersey != seat:
                return (N_("Nobody holds the Jersey in round 1") if self.jersey < 0 else
                        N_("You do not hold the Leader of the Pack Jersey"))
            if self.jused:
                return N_("You already used the Jersey this round")
            if p.hare:
                return N_("The Jersey cannot be used with a Hare")
            value += JERSEY_BONUS
        if value <= self.cvalue:
            return Words("Counter-attack must beat {value}", value=self.cvalue)
        return None

    # -- protocol: acting
    def apply(self, seat: int, action: Action):
        kind = type(action)  # the two common moves skip a dispatch
        if kind is PlayCards:
            entry = ACTION_PLAYS.get(id(action))
            if entry is not None and entry[0] is action:  # an interned action: its cards are valid
                p = entry[1]
                if seat != self.turn or self.phase != PLAY or p.mask & ~self.hands[seat]:
                    reason = self.why_illegal(seat, action)  # the full check words the problem
                else:
                    reason = self._why_play_illegal(seat, p, action.jersey)  # type: ignore[attr-defined]
            else:
                reason = self.why_illegal(seat, action)
                p = None
            if reason is not None:
                raise IllegalAction(reason)
            # self.turn (== seat) is the state's own int: a seat given as True must not reach the
            # interned events
            return play_cards(self, self.turn, action, p)  # type: ignore[arg-type]
        if kind is Pass and seat == self.turn and self.phase == PLAY and self.cseat >= 0:
            return pass_turn(self, seat)  # a legal pass (why_illegal words the other cases)
        reason = self.why_illegal(seat, action)
        if reason is not None:
            raise IllegalAction(reason)
        return self._apply(seat, action)

    def _apply(self, seat: int, action: Action):
        kind = type(action)
        if kind is PlayCards:
            return play_cards(self, seat, action)  # type: ignore[arg-type]
        if kind is Pass:
            return pass_turn(self, seat)
        if kind is Steal:
            return steal(self, seat, action.victim, action.count)  # type: ignore[attr-defined]
        if kind is NoSteal:
            n = self._copy()
            n.phase = PLAY
            n.smax = 0
            n.turn = NEXT[n.cfg.players][n.active][seat]
            return n, (StealDeclined(seat),)
        if kind is GiveBack:
            return give_back(self, seat, action.card)  # type: ignore[attr-defined]
        if kind is ChooseStarter:
            n = self._copy()
            n.phase = PLAY
            n.turn = action.seat  # type: ignore[attr-defined]
            return n, (StarterChosen(seat, action.seat),)  # type: ignore[attr-defined]
        if kind is DuelReward:
            return take_reward(self, seat, action.keep)  # type: ignore[attr-defined]
        raise IllegalAction(N_("That move is not allowed now."))

    # -- views
    def view(self, seat: int | None) -> VelonimoView:
        cfg = self.cfg
        players = cfg.players
        thief = self.turn if self.phase in (STEAL, GIVE) else -1
        return VelonimoView(
            seat=seat,
            variant=cfg.variant,
            players=players,
            round=self.round,
            rounds=cfg.rounds,
            scoring=cfg.scoring,
            target=cfg.target,
            first_player=cfg.first,
            phase=PHASE_NAMES[self.phase],
            turn=self.turn,
            hand=None if seat is None else cards_of(self.hands[seat]),
            hand_counts=tuple(h.bit_count() for h in self.hands),
            active=tuple(bool(self.active >> s & 1) for s in range(players)),
            out_order=self.out_order,
            centre=cards_of(self.centre),
            centre_value=self.cvalue,
            centre_seat=self.cseat,
            centre_jersey=self.cjersey,
            pile=cards_of(self.pile),
            passed=tuple(bool(self.passes >> s & 1) for s in range(players)),
            played=cards_of(self.played),
            totals=self.totals,
            round_points=self.rpoints,
            history=self.history,
            jersey=self.jersey,
            jersey_used=self.jused,
            jersey_bonus=not cfg.duel,
            starter=self.starter,
            steal_thief=thief,
            steal_victim=self.svictim,
            steal_max=self.smax,
            steal_left=self.sleft,
            steal_received=cards_of(self.staken) if seat is not None and seat == thief else (),
            revealed=self.revealed,
            draw_count=len(self.draw),
            aside_count=self.aside.bit_count(),
            winners=self.winners,
        )

    def secrets(self, seat: int) -> frozenset[str]:
        return frozenset(TOKENS[c] for c in cards_of(self.hands[seat]))

    def secret_audience(self, seat: int, action: Action) -> tuple[int, ...]:
        """A card given back is seen by the Tortoise's player and its victim, nobody else."""
        if isinstance(action, GiveBack) and self.svictim >= 0:
            return (seat, self.svictim)
        return (seat,)

    def result(self) -> Result:
        return result_of(self)

    # -- persistence (loading: saves.state_from_dict, which checks consistency)
    def to_dict(self) -> dict[str, Any]:
        return {
            "version": STATE_VERSION,
            "config": self.cfg.config.to_dict(),
            "rng": self.rng,
            "round": self.round,
            "phase": PHASE_NAMES[self.phase],
            "turn": self.turn,
            "hands": [list(cards_of(h)) for h in self.hands],
            "active": self.active,
            "out_order": list(self.out_order),
            "centre": list(cards_of(self.centre)),
            "centre_value": self.cvalue,
            "centre_seat": self.cseat,
            "centre_jersey": self.cjersey,
            "pile": list(cards_of(self.pile)),
            "passes": self.passes,
            "played": list(cards_of(self.played)),
            "aside": list(cards_of(self.aside)),
            "draw": list(self.draw),
            "revealed": self.revealed,
            "totals": list(self.totals),
            "round_points": list(self.rpoints),
            "history": [list(h) for h in self.history],
            "jersey": self.jersey,
            "jersey_used": self.jused,
            "starter": self.starter,
            "steal_victim": self.svictim,
            "steal_max": self.smax,
            "steal_left": self.sleft,
            "steal_taken": list(cards_of(self.staken)),
            "winners": list(self.winners),
        }

