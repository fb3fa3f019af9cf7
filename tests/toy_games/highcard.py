"""High Card: a small game of simultaneous secret picks, for testing the generic machinery.

2–4 seats are dealt 4 cards each from 1..16 (hidden). Each of 4 legs, every seat picks a card face
down, all at once; the last pick reveals them all; the highest card nobody else played scores its
value. Pending picks are secret: no other seat's view shows them, only that the seat has picked.

The variant ``catch`` is a one-leg, two-seat pick for the search bot's order test: seat 0 picks
Safe (worth 0.6) or Risky (worth 1, but 0 if seat 1 picked its card 3; so 0.667 against a random
seat 1); seat 1 (zero-sum) picks 1, 2 or 3.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.engine import rng
from game.engine.protocol import Action, Event, GameSpec, Result, State, Variant, View

LEGS = 4
HAND = 4
CARDS = 16
SAFE, RISKY = 100, 101  # seat 0's two choices in the catch variant


@dataclass(frozen=True)
class Pick(Action):
    card: int
    secret_fields: ClassVar[tuple[str, ...]] = ("card",)  # face down until everyone has picked

    def label(self) -> str:
        return {SAFE: "Safe", RISKY: "Risky"}.get(self.card, f"Card {self.card}")


@dataclass(frozen=True)
class Picked(Event):
    seat: int

    def text(self, names, viewer=None):
        return f"{names[self.seat]} picks a card face down"


@dataclass(frozen=True)
class Revealed(Event):
    picks: tuple  # per seat
    winner: int  # -1: nobody
    reveals = True

    def text(self, names, viewer=None):
        shown = ", ".join(f"{names[s]} {c}" for s, c in enumerate(self.picks))
        won = f"{names[self.winner]} scores" if self.winner >= 0 else "nobody scores"
        return f"Reveal: {shown}; {won}"


@dataclass(frozen=True)
class HighCardView(View):
    variant: str = "standard"
    hand: tuple | None = None  # the viewer's own cards
    my_pick: int = -1  # the viewer's own pending pick
    picked: tuple = ()  # per seat: has it picked this leg? (public: a face-down card on the table)
    hand_counts: tuple = ()
    played: tuple = ()  # cards revealed so far (public)
    scores: tuple = ()
    leg: int = 0


def _token(card: int) -> str:
    return f"hc{card}"


class HighCardState(State):
    def __init__(self, variant, players, hands, picks, scores, leg, played, rng_state):
        self.variant, self.players = variant, players
        self.hands, self.picks, self.scores = hands, picks, scores  # picks: per seat, -1 = not yet
        self.leg, self.played, self.rng = leg, played, rng_state

    def _replace(self, **kw):
        data = dict(variant=self.variant, players=self.players, hands=self.hands, picks=self.picks,
                    scores=self.scores, leg=self.leg, played=self.played, rng_state=self.rng)
        data.update(kw)
        return HighCardState(**data)

    def legs(self) -> int:
        return 1 if self.variant == "catch" else LEGS

    def to_act(self):
        if self.is_over():
            return ()
        return tuple(s for s in range(self.players) if self.picks[s] < 0)

    def legal_actions(self, seat):
        if seat not in self.to_act():
            return ()
        return tuple(Pick(c) for c in sorted(self.hands[seat]))

    def _apply(self, seat, action):
        hands = list(self.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != action.card)
        picks = list(self.picks)
        picks[seat] = action.card
        events: list[Event] = [Picked(seat)]
        if min(picks) < 0:
            return self._replace(hands=tuple(hands), picks=tuple(picks)), tuple(events)
        scores = list(self.scores)
        winner = -1
        if self.variant == "catch":
            value = 0.6 if picks[0] == SAFE else (0.0 if picks[1] == 3 else 1.0)
            scores = [value, 1.0 - value]
            winner = 0 if value >= 0.5 else 1
        else:
            unique = [c for c in picks if picks.count(c) == 1]
            if unique:
                best = max(unique)
                winner = picks.index(best)
                scores[winner] += best
        events.append(Revealed(tuple(picks), winner))
        state = self._replace(hands=tuple(hands), picks=(-1,) * self.players, scores=tuple(scores),
                              leg=self.leg + 1, played=self.played + tuple(picks))
        return state, tuple(events)

    def view(self, seat):
        return HighCardView(seat, self.variant, None if seat is None else self.hands[seat],
                            -1 if seat is None else self.picks[seat], tuple(p >= 0 for p in self.picks),
                            tuple(len(h) for h in self.hands), self.played, self.scores, self.leg)

    def secrets(self, seat):
        own = set(self.hands[seat]) | ({self.picks[seat]} if self.picks[seat] >= 0 else set())
        return frozenset(_token(c) for c in own if c <= CARDS)

    def is_over(self):
        return self.leg >= self.legs()

    def result(self):
        best = max(self.scores)
        ranking = tuple(sorted(range(self.players), key=lambda s: -self.scores[s]))
        return Result(tuple(float(s) for s in self.scores), ranking,
                      tuple(s for s in range(self.players) if self.scores[s] == best))

    def to_dict(self):
        return {"v": 1, "variant": self.variant, "players": self.players, "hands": [list(h) for h in self.hands],
                "picks": list(self.picks), "scores": list(self.scores), "leg": self.leg,
                "played": list(self.played), "rng": self.rng}


class HighCardSpec(GameSpec):
    id = "highcard"
    name = "High Card"
    variants = (Variant("standard", "Standard", 2, 4, 3), Variant("catch", "Catch", 2, 2, 2))
    action_types = (Pick,)
    hidden_information = True

    def new_state(self, config, seed):
        state = rng.seed_state(seed)
        n = config.players
        if config.variant == "catch":
            hands = ((SAFE, RISKY), (1, 2, 3))
            return HighCardState("catch", 2, hands, (-1, -1), (0.0, 0.0), 0, (), state)
        deck = list(range(1, CARDS + 1))
        deck, state = rng.shuffled(state, deck)
        hands = tuple(tuple(sorted(deck[i * HAND:(i + 1) * HAND])) for i in range(n))
        return HighCardState("standard", n, hands, (-1,) * n, (0,) * n, 0, (), state)

    def state_from_dict(self, d):
        return HighCardState(d["variant"], d["players"], tuple(tuple(h) for h in d["hands"]), tuple(d["picks"]),
                             tuple(d["scores"]), d["leg"], tuple(d["played"]), d["rng"])

    def _imagine(self, view: HighCardView, rng_state: int, reopen: bool) -> HighCardState:
        n, me = len(view.hand_counts), view.seat
        if view.variant == "catch":
            hands = [(SAFE, RISKY), (1, 2, 3)]
            picks = [-1, -1]
            state = rng_state
            if view.my_pick >= 0:
                picks[me] = view.my_pick
                hands[me] = tuple(c for c in hands[me] if c != view.my_pick)
            other = 1 - me
            if view.picked[other] and not reopen:
                choice, state = rng.choice(state, hands[other])
                picks[other] = choice
                hands[other] = tuple(c for c in hands[other] if c != choice)
            return HighCardState("catch", 2, tuple(hands), tuple(picks), view.scores, view.leg, view.played, state)
        seen = set(view.hand or ()) | set(view.played) | ({view.my_pick} if view.my_pick >= 0 else set())
        unseen = [c for c in range(1, CARDS + 1) if c not in seen]
        shuffled, state = rng.shuffled(rng_state, unseen)
        unseen = list(shuffled)
        hands, picks = [], []
        for s in range(n):
            if s == me:
                hands.append(tuple(view.hand))
                picks.append(view.my_pick)
                continue
            count = view.hand_counts[s] + (1 if view.picked[s] else 0)
            cards, unseen = unseen[:count], unseen[count:]
            if view.picked[s] and not reopen:
                picks.append(cards[0])
                hands.append(tuple(sorted(cards[1:])))
            else:
                picks.append(-1)
                hands.append(tuple(sorted(cards)))
        return HighCardState("standard", n, tuple(hands), tuple(picks), view.scores, view.leg, view.played, state)

    def determinize(self, view, rng_state):
        return self._imagine(view, rng_state, reopen=False)

    def determinize_leg(self, view, rng_state):
        return self._imagine(view, rng_state, reopen=True)

    def evaluate(self, state, seat):
        if state.variant == "catch":
            return state.scores[seat] if state.is_over() else 0.5
        if state.is_over():
            return 1.0 if seat in state.result().winners else 0.0
        total = sum(state.scores) or 1
        return 0.5 * state.scores[seat] / total + 0.25


HIGHCARD = HighCardSpec()
