"""The Tour of Alameda state (immutable): who acts, legal actions, why a move is illegal, apply,
views, secrets and saving.

Speed matters (random tours run by the thousand): cards are ints, hands sorted tuples, the seats
awaited a bitmask, the state has ``__slots__`` and a hand-written copy, actions and common events
are interned and a hand's picks are memoized. How each move changes the state is in
:mod:`.legs`; loading a saved state, with its checks, in :mod:`.saves`.
"""

from __future__ import annotations

from typing import Any

from ...engine import rng as rnglib
from ...engine.protocol import Action, IllegalAction, Result, State
from ...engine.words import Words
from .actions import PICKS, REST_CHOICES, WRENCHES, Pick, RestChoice, Wrench, card_words
from .legs import pick, rest_choice, wrench
from .scoring import result_of
from .setup import (
    NO_CARD,
    NOBODY,
    OVER,
    PHASE_NAMES,
    PICK,
    REST,
    STATE_VERSION,
    TOP_VALUE,
    WRENCH,
    WRENCH_CARD,
    Rules,
)
from .view import AlamedaView, hand_tokens, pick_token, rest_token

_PICKS_BY_HAND: dict[tuple[tuple[int, ...], bool], tuple[Action, ...]] = {}


def picks_for(hand: tuple[int, ...], wrench_held: bool) -> tuple[Action, ...]:
    """The Pick actions of a hand: each value held once, then the Monkey Wrench if held (memoized)."""
    key = (hand, wrench_held)
    found = _PICKS_BY_HAND.get(key)
    if found is None:
        values = sorted(set(hand))
        found = tuple(PICKS[v] for v in values) + ((PICKS[WRENCH_CARD],) if wrench_held else ())
        if len(_PICKS_BY_HAND) > 100_000:
            _PICKS_BY_HAND.clear()
        _PICKS_BY_HAND[key] = found
    return found


_SLOTS = ("cfg", "rng", "phase", "stage", "leg", "waiting", "hands", "wrenches", "decks", "picks", "faceup",
          "reveal_at", "monkey", "distances", "points", "stage_points", "history", "jersey", "last_leg",
          "final_leg", "rests", "winners")


class AlamedaState(State):
    """Fields: ``hands``/``decks`` per seat (hands increasing, decks top first); ``wrenches`` the
    seats holding their Monkey Wrench (mask); ``picks`` per seat the card in front of them this leg
    (-1 none, 0 a Wrench); ``faceup`` the seats whose card is face up (mask); ``reveal_at`` the
    next place in the reveal order; ``waiting`` the seats awaited (mask); ``rests`` the pending
    Rest choices (-1, 0 keep, 1 rest)."""

    __slots__ = _SLOTS

    cfg: Rules
    rng: int
    phase: int
    stage: int
    leg: int
    waiting: int
    hands: tuple[tuple[int, ...], ...]
    wrenches: int
    decks: tuple[tuple[int, ...], ...]
    picks: tuple[int, ...]
    faceup: int
    reveal_at: int
    monkey: int
    distances: tuple[int, ...]
    points: tuple[int, ...]
    stage_points: tuple[int, ...]
    history: tuple[tuple[int, ...], ...]
    jersey: int
    last_leg: tuple[int, ...]
    final_leg: bool
    rests: tuple[int, ...]
    winners: tuple[int, ...]

    # -- construction
    def _copy(self) -> AlamedaState:
        n = object.__new__(AlamedaState)
        n.cfg = self.cfg
        n.rng = self.rng
        n.phase = self.phase
        n.stage = self.stage
        n.leg = self.leg
        n.waiting = self.waiting
        n.hands = self.hands
        n.wrenches = self.wrenches
        n.decks = self.decks
        n.picks = self.picks
        n.faceup = self.faceup
        n.reveal_at = self.reveal_at
        n.monkey = self.monkey
        n.distances = self.distances
        n.points = self.points
        n.stage_points = self.stage_points
        n.history = self.history
        n.jersey = self.jersey
        n.last_leg = self.last_leg
        n.final_leg = self.final_leg
        n.rests = self.rests
        n.winners = self.winners
        return n

    @classmethod
    def new(cls, rules: Rules, seed: int) -> AlamedaState:
        """Each player shuffles their own deck and draws a hand; the oldest wears the jersey."""
        s = object.__new__(cls)
        n = rules.players
        r = rnglib.seed_state(seed)
        hands, decks = [], []
        for _ in range(n):
            deck, r = rnglib.shuffled(r, rules.deck)
            hands.append(tuple(sorted(deck[:rules.hand_size])))
            decks.append(deck[rules.hand_size:])
        s.cfg = rules
        s.rng = r
        s.phase = PICK
        s.stage = 1
        s.leg = 1
        s.waiting = rules.all_seats
        s.hands = tuple(hands)
        s.wrenches = rules.all_seats
        s.decks = tuple(decks)
        s.picks = (NO_CARD,) * n
        s.faceup = 0
        s.reveal_at = 0
        s.monkey = NOBODY
        s.distances = (0,) * n
        s.points = (0,) * n
        s.stage_points = (0,) * n
        s.history = ()
        s.jersey = rules.oldest
        s.last_leg = (NO_CARD,) * n
        s.final_leg = False
        s.rests = (NO_CARD,) * n
        s.winners = ()
        return s

    # -- protocol: reading
    @property
    def players(self) -> int:  # type: ignore[override]
        return self.cfg.players

    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def phase_name(self) -> str:
        """``pick``, ``wrench`` (a Monkey chooses whom to wrench), ``rest`` or ``over``."""
        return PHASE_NAMES[self.phase]

    def to_act(self) -> tuple[int, ...]:
        return self.cfg.seats[self.waiting]

    def wrench_targets(self) -> tuple[int, ...]:
        """The seats the Monkey may wrench: every other player with a card this leg."""
        picks = self.picks
        return tuple(t for t in self.cfg.others[self.monkey] if picks[t] >= 0)

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        if not 0 <= seat < self.cfg.players or not self.waiting >> seat & 1:
            return ()
        phase = self.phase
        if phase == PICK:
            return picks_for(self.hands[seat], bool(self.wrenches >> seat & 1))
        if phase == WRENCH:
            return tuple(WRENCHES[t] for t in self.wrench_targets())
        return REST_CHOICES

    def why_illegal(self, seat: int, action: Action) -> str | None:
        phase = self.phase
        if phase == OVER:
            return Words("The tour is over.")
        if type(seat) is not int or not 0 <= seat < self.cfg.players:
            return Words("There is no such player.")
        kind = type(action)
        if not self.waiting >> seat & 1:
            return self._why_not_asked(seat, kind)
        if kind is Pick:
            if phase != PICK:
                return _WRONG_PHASE[phase]
            card = action.card  # type: ignore[attr-defined]
            if type(card) is not int or not WRENCH_CARD <= card <= TOP_VALUE:
                return Words("Choose one of your cards.")
            if card == WRENCH_CARD:
                return None if self.wrenches >> seat & 1 else Words(
                    "You have already played your Monkey Wrench this stage.")
            return None if card in self.hands[seat] else Words("You do not hold {card}.", card=card_words(card))
        if kind is Wrench:
            if phase != WRENCH:
                return Words("There is no Monkey Wrench to resolve now.")
            target = action.target  # type: ignore[attr-defined]
            if type(target) is not int or not 0 <= target < self.cfg.players:
                return Words("Choose a player to wrench.")
            if target == seat:
                return Words("Choose another player: the Monkey cannot wrench themselves.")
            if self.picks[target] < 0:
                return Words("That player has no card in this leg to take.")
            return None
        if kind is RestChoice:
            if phase != REST:
                return _WRONG_PHASE[phase]
            return None if type(action.rest) is bool else Words("Say whether you rest with true or false.")  # type: ignore
        return Words("That move is not allowed now.")

    def _why_not_asked(self, seat: int, kind: type) -> str:
        phase = self.phase
        if phase == PICK:
            if self.picks[seat] >= 0:
                return Words("You have already played your card for this leg.")
            return Words("You have no card left: you sit this leg out.")
        if phase == WRENCH:
            return Words("Another player is choosing whom to wrench.")
        if self.rests[seat] >= 0:
            return Words("You have already decided whether to rest.")
        return Words("You hold no speed card: there is nothing to rest.")

    # -- protocol: acting
    def _apply(self, seat: int, action: Action):
        kind = type(action)
        if kind is Pick:
            return pick(self, seat, action.card)  # type: ignore[attr-defined]
        if kind is Wrench:
            return wrench(self, action.target)  # type: ignore[attr-defined]
        if kind is RestChoice:
            return rest_choice(self, seat, action.rest)  # type: ignore[attr-defined]
        raise IllegalAction(Words("That move is not allowed now."))

    # -- views
    def view(self, seat: int | None) -> AlamedaView:
        cfg = self.cfg
        n = cfg.players
        picks, faceup, wrenches, hands = self.picks, self.faceup, self.wrenches, self.hands
        face_down = tuple(picks[s] >= 0 and not faceup >> s & 1 for s in range(n))
        mine = seat is not None
        return AlamedaView(
            seat=seat,
            variant=cfg.variant,
            players=n,
            options=cfg.config.options,
            phase=PHASE_NAMES[self.phase],
            stage=self.stage,
            leg=self.leg,
            final_leg=self.final_leg,
            jersey=self.jersey,
            awaiting=self.to_act(),
            hand=hands[seat] if mine else None,  # type: ignore[index]
            wrench_in_hand=bool(mine and wrenches >> seat & 1),  # type: ignore[operator]
            my_card=picks[seat] if mine and face_down[seat] else NO_CARD,  # type: ignore[index]
            my_rest=self.rests[seat] if mine and self.phase == REST else NO_CARD,  # type: ignore[index]
            held=tuple(len(hands[s]) + (wrenches >> s & 1) for s in range(n)),
            deck_counts=tuple(len(d) for d in self.decks),
            wrench_unseen=tuple(bool(wrenches >> s & 1) or (face_down[s] and picks[s] == WRENCH_CARD)
                                for s in range(n)),
            unseen=tuple(self._unseen(s, face_down[s]) for s in range(n)),
            face_down=face_down,
            table=tuple(picks[s] if faceup >> s & 1 else NO_CARD for s in range(n)),
            monkey=self.monkey,
            distances=self.distances,
            points=self.points,
            stage_points=self.stage_points,
            history=self.history,
            last_leg=self.last_leg,
            rest_decided=tuple(r >= 0 for r in self.rests) if self.phase == REST else (False,) * n,
            winners=self.winners,
        )

    def _unseen(self, seat: int, face_down: bool) -> tuple[int, ...]:
        counts = [0] * (TOP_VALUE + 1)
        for card in self.hands[seat]:
            counts[card] += 1
        for card in self.decks[seat]:
            counts[card] += 1
        if face_down and self.picks[seat] > 0:
            counts[self.picks[seat]] += 1
        return tuple(counts[1:])

    def secrets(self, seat: int) -> frozenset[str]:
        tokens = set(hand_tokens(seat, self.hands[seat]))
        card = self.picks[seat]
        if card >= 0 and not self.faceup >> seat & 1:
            tokens.add(pick_token(seat, card))
        if self.phase == REST and self.rests[seat] >= 0:
            tokens.add(rest_token(seat, self.rests[seat]))
        return frozenset(tokens)

    def result(self) -> Result:
        return result_of(self)

    # -- persistence (loading: saves.state_from_dict, which checks consistency)
    def to_dict(self) -> dict[str, Any]:
        return {
            "version": STATE_VERSION,
            "config": self.cfg.config.to_dict(),
            "rng": self.rng,
            "phase": PHASE_NAMES[self.phase],
            "stage": self.stage,
            "leg": self.leg,
            "waiting": list(self.cfg.seats[self.waiting]),
            "hands": [list(h) for h in self.hands],
            "wrenches": [bool(self.wrenches >> s & 1) for s in range(self.cfg.players)],
            "decks": [list(d) for d in self.decks],
            "picks": list(self.picks),
            "faceup": [bool(self.faceup >> s & 1) for s in range(self.cfg.players)],
            "reveal_at": self.reveal_at,
            "monkey": self.monkey,
            "distances": list(self.distances),
            "points": list(self.points),
            "stage_points": list(self.stage_points),
            "history": [list(h) for h in self.history],
            "jersey": self.jersey,
            "last_leg": list(self.last_leg),
            "final_leg": self.final_leg,
            "rests": list(self.rests),
            "winners": list(self.winners),
        }


_WRONG_PHASE = {
    PICK: Words("Play your card for this leg first."),
    WRENCH: Words("The Monkey must choose whom to wrench first."),
    REST: Words("Decide whether to rest first."),
}
