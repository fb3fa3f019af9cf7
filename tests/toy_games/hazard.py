"""Hazard: a small race with an out-of-turn question (a mini Coup Fourré), for testing interrupts.

2–4 seats, hidden hands of 3 cards from a 30-card deck: steps of 1 (12), steps of 2 (8), hazards (6)
and shields (4). On your turn play a card: a step moves you on; a hazard targets another seat; a
shield played on your turn is simply discarded. Then draw (while the deck lasts). When a hazard hits
a seat, that seat is asked out of turn "Block?" EVERY time (it may only say yes while holding a
shield): block = the shield is discarded and the blocker moves 2; decline = it goes back 2. Then
play goes on after the attacker. First to 12, or the furthest when every hand is empty, wins.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine import rng
from game.engine.protocol import Action, AutoAnswer, Event, GameSpec, Question, Result, State, Variant, View

GOAL = 12
DECK = 30
HAND = 3
STEP1, STEP2, HAZARD, SHIELD = "step1", "step2", "hazard", "shield"


def kind(card: int) -> str:
    return STEP1 if card < 12 else STEP2 if card < 20 else HAZARD if card < 26 else SHIELD


@dataclass(frozen=True)
class Play(Action):
    card: int
    target: int = -1  # hazards only

    def label(self) -> str:
        k = kind(self.card)
        return f"{k} → P{self.target + 1}" if k == HAZARD else k


@dataclass(frozen=True)
class Pass(Action):
    def label(self) -> str:
        return "Pass"


@dataclass(frozen=True)
class Block(Action):
    def label(self) -> str:
        return "Block!"


@dataclass(frozen=True)
class Decline(Action):
    def label(self) -> str:
        return "Don't block"


@dataclass(frozen=True)
class Played(Event):
    seat: int
    card: int
    target: int = -1

    def text(self, names, viewer=None):
        if kind(self.card) == HAZARD:
            return f"{names[self.seat]} plays a hazard on {names[self.target]}"
        return f"{names[self.seat]} plays {kind(self.card)}"


@dataclass(frozen=True)
class Drew(Event):
    seat: int
    reveals = True  # a new card came from the deck

    def text(self, names, viewer=None):
        return f"{names[self.seat]} draws"


@dataclass(frozen=True)
class Answered(Event):
    seat: int
    blocked: bool

    def text(self, names, viewer=None):
        return f"{names[self.seat]} {'blocks!' if self.blocked else 'does not block'}"


@dataclass(frozen=True)
class HazardView(View):
    hand: tuple | None = None
    hand_counts: tuple = ()
    positions: tuple = ()
    turn: int = 0
    asked: int = -1  # the seat being asked "Block?" (-1: nobody)
    attacker: int = -1
    deck_left: int = 0
    discards: tuple = ()


def _token(card: int) -> str:
    return f"hz{card}"


class HazardState(State):
    def __init__(self, players, hands, positions, turn, asked, deck, discards, rng_state):
        self.players, self.hands, self.positions = players, hands, positions
        self.turn, self.asked, self.deck, self.discards, self.rng = turn, asked, deck, discards, rng_state

    def _replace(self, **kw):
        data = dict(players=self.players, hands=self.hands, positions=self.positions, turn=self.turn,
                    asked=self.asked, deck=self.deck, discards=self.discards, rng_state=self.rng)
        data.update(kw)
        return HazardState(**data)

    def to_act(self):
        if self.is_over():
            return ()
        return (self.asked,) if self.asked >= 0 else (self.turn,)

    def question(self, seat):
        if seat == self.asked >= 0:
            return Question("block", "Block?", "A hazard was played on you.")
        return None

    def legal_actions(self, seat):
        if seat not in self.to_act():
            return ()
        if self.asked >= 0:
            shields = any(kind(c) == SHIELD for c in self.hands[seat])
            return (Block(), Decline()) if shields else (Decline(),)
        hand = self.hands[seat]
        if not hand:
            return (Pass(),)
        out = []
        for card in sorted(hand):
            if kind(card) == HAZARD:
                out += [Play(card, t) for t in range(self.players) if t != seat]
            else:
                out.append(Play(card))
        return tuple(out)

    def _next(self, seat):
        return (seat + 1) % self.players

    def _draw(self, hands, seat, deck, events):
        if deck:
            hands[seat] = tuple(sorted(hands[seat] + (deck[0],)))
            events.append(Drew(seat))
            return deck[1:]
        return deck

    def _apply(self, seat, action):
        hands, positions = list(self.hands), list(self.positions)
        events: list[Event] = []
        deck, discards = self.deck, self.discards
        if isinstance(action, (Block, Decline)):
            if isinstance(action, Block):
                shield = min(c for c in hands[seat] if kind(c) == SHIELD)
                hands[seat] = tuple(c for c in hands[seat] if c != shield)
                discards += (shield,)
                positions[seat] += 2
            else:
                positions[seat] = max(0, positions[seat] - 2)
            events.append(Answered(seat, isinstance(action, Block)))
            return self._replace(hands=tuple(hands), positions=tuple(positions), asked=-1, discards=discards,
                                 turn=self._next(self.turn)), tuple(events)
        if isinstance(action, Pass):
            return self._replace(turn=self._next(seat)), ()
        hands[seat] = tuple(c for c in hands[seat] if c != action.card)
        discards += (action.card,)
        events.append(Played(seat, action.card, action.target))
        k = kind(action.card)
        if k == STEP1:
            positions[seat] += 1
        elif k == STEP2:
            positions[seat] += 2
        deck = self._draw(hands, seat, deck, events)
        state = self._replace(hands=tuple(hands), positions=tuple(positions), deck=deck, discards=discards)
        if k == HAZARD:
            return state._replace(asked=action.target), tuple(events)
        return state._replace(turn=self._next(seat)), tuple(events)

    def view(self, seat):
        return HazardView(seat, None if seat is None else self.hands[seat], tuple(len(h) for h in self.hands),
                          self.positions, self.turn, self.asked, self.turn if self.asked >= 0 else -1,
                          len(self.deck), self.discards)

    def secrets(self, seat):
        return frozenset(_token(c) for c in self.hands[seat])

    def is_over(self):
        return max(self.positions) >= GOAL or (not self.deck and not any(self.hands) and self.asked < 0)

    def result(self):
        best = max(self.positions)
        ranking = tuple(sorted(range(self.players), key=lambda s: -self.positions[s]))
        return Result(tuple(float(p) for p in self.positions), ranking,
                      tuple(s for s in range(self.players) if self.positions[s] == best))

    def to_dict(self):
        return {"v": 1, "players": self.players, "hands": [list(h) for h in self.hands],
                "positions": list(self.positions), "turn": self.turn, "asked": self.asked, "deck": list(self.deck),
                "discards": list(self.discards), "rng": self.rng}


class HazardSpec(GameSpec):
    id = "hazard"
    name = "Hazard"
    variants = (Variant("standard", "Standard", 2, 4, 3),)
    action_types = (Play, Pass, Block, Decline)
    hidden_information = True
    auto_answers = (AutoAnswer("block", "Always block when I can", "Answer every Block? question at once."),)

    def new_state(self, config, seed):
        deck, state = rng.shuffled(rng.seed_state(seed), range(DECK))
        n = config.players
        hands = tuple(tuple(sorted(deck[i * HAND:(i + 1) * HAND])) for i in range(n))
        return HazardState(n, hands, (0,) * n, 0, -1, tuple(deck[n * HAND:]), (), state)

    def state_from_dict(self, d):
        return HazardState(d["players"], tuple(tuple(h) for h in d["hands"]), tuple(d["positions"]), d["turn"],
                           d["asked"], tuple(d["deck"]), tuple(d["discards"]), d["rng"])

    def determinize(self, view, rng_state):
        me, n = view.seat, len(view.hand_counts)
        seen = set(view.hand) | set(view.discards)
        unseen, state = rng.shuffled(rng_state, [c for c in range(DECK) if c not in seen])
        unseen = list(unseen)
        hands = []
        for s in range(n):
            if s == me:
                hands.append(tuple(view.hand))
            else:
                hands.append(tuple(sorted(unseen[:view.hand_counts[s]])))
                unseen = unseen[view.hand_counts[s]:]
        return HazardState(n, tuple(hands), view.positions, view.turn, view.asked, tuple(unseen), view.discards,
                           state)

    def auto_answer(self, view, seat, kind_):
        if kind_ != "block" or view.asked != seat:
            return None
        return Block() if any(kind(c) == SHIELD for c in view.hand) else Decline()

    def evaluate(self, state, seat):
        if state.is_over():
            return 1.0 if seat in state.result().winners else 0.0
        best_other = max(p for s, p in enumerate(state.positions) if s != seat)
        return max(0.0, min(1.0, 0.5 + (state.positions[seat] - best_other) / (2 * GOAL)))


HAZARD_GAME = HazardSpec()
