"""The Mille Bornes state (immutable): who acts, legal actions, why a move is illegal, apply, views,
secrets and saving.

Speed matters (random games run by the thousand): cards are kind ints, hands sorted tuples, zones
immutable objects with their rule facts worked out once, the state has ``__slots__`` and a
hand-written copy, actions are interned and a hand's exchanges memoized. How each move changes the
state is in :mod:`.moves`; loading a saved state, with its checks, in :mod:`.saves`.
"""

from __future__ import annotations

from typing import Any, Sequence

from ...engine import rng as rnglib
from ...engine.protocol import Action, IllegalAction, Question, Result, State
from ...engine.words import N_, Words
from . import moves
from .actions import (
    COUP_FOURRE,
    DECLINE,
    DISCARDS,
    DRAWS,
    EXTENDS,
    FAST_REMEDIES,
    PLAYS,
    CoupFourre,
    Decline,
    Discard,
    Draw,
    Exchange,
    Extend,
    FastRemedy,
    Play,
    card_words,
    the_hazard,
)
from .cards import CAP_A_NAMES, FAMILY, KINDS, MILES, REMEDY_FOR, SAFETY_FOR, SPEED_LIMIT
from .scoring import result_of
from .setup import ASKED, DRAW, EXTEND, HAND_SIZE, OVER, PLAY, STATE_VERSION, Rules
from .talk import names_of
from .view import PHASES, MilleBornesView, hand_tokens
from .zone import distance_problem, hazard_problem, remedy_problem

_EXCHANGE_OF: dict[tuple[int, ...], Exchange] = {}  # interned, by cards


def exchange_of(cards: tuple[int, ...]) -> Exchange:
    """The interned ``Exchange(cards)`` (cards sorted)."""
    action = _EXCHANGE_OF.get(cards)
    if action is None:
        if len(_EXCHANGE_OF) > 100_000:
            _EXCHANGE_OF.clear()
        action = _EXCHANGE_OF[cards] = Exchange(cards)
    return action


_ALONE = tuple((s,) for s in range(8))  # _ALONE[seat]: the to_act tuple of one seat

_SLOTS = ("cfg", "rng", "phase", "turn", "asked", "attacker", "attack_card", "attack_zone", "hands", "deck", "discard",
          "zones", "reshuffles", "drawing_over", "turns", "idle", "pass_played", "hand_number", "goal", "extended", "totals", "history",
          "last_hand", "winners")


class MilleBornesState(State):
    """Fields: ``hands`` per seat (sorted kinds); ``deck`` the draw pile (top last); ``discard`` the
    discard pile (top last); ``zones`` per driving zone (:class:`.zone.Zone`); ``turn`` whose turn it
    is (the attacker while a question is open); ``asked`` the seat asked "Coup Fourré?" (-1 none)
    about ``attack_card`` played by ``attacker`` on ``attack_zone``; ``goal`` the trip (700 before an
    extension); ``idle`` the turns in a row with no card played on a zone and ``pass_played`` whether a
    card was played on one since the draw pile was last made (the two ends of a stalled hand); ``totals`` per zone the match points before this hand, ``history`` per finished
    hand the points per zone and ``last_hand`` its score lines."""

    __slots__ = _SLOTS

    cfg: Rules
    rng: int
    phase: int
    turn: int
    asked: int
    attacker: int
    attack_card: int
    attack_zone: int
    hands: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    discard: tuple[int, ...]
    zones: tuple[Any, ...]
    reshuffles: int
    drawing_over: bool
    turns: int
    idle: int
    pass_played: bool
    hand_number: int
    goal: int
    extended: bool
    totals: tuple[int, ...]
    history: tuple[tuple[int, ...], ...]
    last_hand: tuple[tuple[tuple[str, int], ...], ...]
    winners: tuple[int, ...]

    # -- construction
    def _copy(self) -> MilleBornesState:
        n = object.__new__(MilleBornesState)
        n.cfg = self.cfg
        n.rng = self.rng
        n.phase = self.phase
        n.turn = self.turn
        n.asked = self.asked
        n.attacker = self.attacker
        n.attack_card = self.attack_card
        n.attack_zone = self.attack_zone
        n.hands = self.hands
        n.deck = self.deck
        n.discard = self.discard
        n.zones = self.zones
        n.reshuffles = self.reshuffles
        n.drawing_over = self.drawing_over
        n.turns = self.turns
        n.idle = self.idle
        n.pass_played = self.pass_played
        n.hand_number = self.hand_number
        n.goal = self.goal
        n.extended = self.extended
        n.totals = self.totals
        n.history = self.history
        n.last_hand = self.last_hand
        n.winners = self.winners
        return n

    @classmethod
    def new(cls, rules: Rules, seed: int) -> MilleBornesState:
        """The first hand dealt: six cards each; the youngest starts."""
        s = object.__new__(cls)
        s.cfg = rules
        s.rng = rnglib.seed_state(seed)
        s.phase = DRAW
        s.turn = 0
        s.totals = (0,) * rules.zone_count
        s.history = ()
        s.last_hand = ()
        s.winners = ()
        moves.deal(s, 1, [])
        return s

    # -- protocol: reading
    @property
    def players(self) -> int:  # type: ignore[override]
        return self.cfg.players

    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def phase_name(self) -> str:
        return PHASES[self.phase]

    def to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == OVER:
            return ()
        return _ALONE[self.asked] if phase == ASKED else _ALONE[self.turn]

    def acting(self) -> int:
        """The one seat awaited now (-1 when the game is over)."""
        phase = self.phase
        if phase == OVER:
            return -1
        return self.asked if phase == ASKED else self.turn

    def question(self, seat: int, names: Sequence[str] | None = None) -> Question | None:
        if self.phase != ASKED or seat != self.asked:
            return None
        target = Words("your team") if self.cfg.teams else Words("you")
        if names is not None and 0 <= self.attacker < len(names):
            reason = Words("{player} played {card} on {target}.", player=names[self.attacker],
                           card=card_words(self.attack_card), target=target)
        else:
            reason = Words("{card} was played on {target}.", card=CAP_A_NAMES[self.attack_card - 5], target=target)
        return Question("coup-fourre", N_("Coup Fourré?"), reason)

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        """The moves of ``seat`` now. Of the exchanges (2014 rule) the list holds one, the whole hand:
        listing every choice of 1 to 6 cards (up to 63) would make them nearly every move of a uniform
        random player, whose games would then never race. Any other choice of cards is legal too:
        ``why_illegal`` and ``apply`` take it (the table builds it from the cards a player picks, and
        the bots build their own)."""
        phase = self.phase
        if phase == OVER or seat != (self.asked if phase == ASKED else self.turn):
            return ()
        hand = self.hands[seat]
        if phase == DRAW:
            out: tuple[Action, ...] = (DRAWS[0],)
            if self.discard and self.cfg.discard_draw:
                out += (DRAWS[1],)
            if self.cfg.exchange and hand and len(hand) <= len(self.deck):
                out += (exchange_of(hand),)
            return out
        if phase == PLAY:
            return self._plays(seat, hand)
        if phase == ASKED:
            hazard = self.attack_card
            out = (COUP_FOURRE,) if SAFETY_FOR[hazard] in hand else ()
            remedy = REMEDY_FOR[hazard]
            if self.cfg.fast_play and hazard != SPEED_LIMIT and remedy in hand:
                out += (FAST_REMEDIES[remedy],)
            return out + (DECLINE,)
        return EXTENDS

    def _plays(self, seat: int, hand: tuple[int, ...]) -> tuple[Action, ...]:
        """``seat``'s legal plays, then one discard per kind in ``hand`` (the racing policy relies on this order)."""
        cfg = self.cfg
        own = cfg.zone_of[seat]
        zones = self.zones
        mine = zones[own]
        plays: list[Action] = []
        discards: list[Action] = []
        last = -1
        own_mask = mine.own_mask
        if cfg.exact:
            room = self.goal - mine.trip
            for card in range(5):
                if MILES[card] > room:
                    own_mask &= ~(1 << card)
        opponents = [(z, zones[z].hazard_mask) for z in cfg.opponents[own]]
        for card in hand:
            if card == last:
                continue
            last = card
            discards.append(DISCARDS[card])
            if 5 <= card < 10:  # a hazard, on an opponent's zone
                for z, mask in opponents:
                    if mask >> card & 1:
                        plays.append(PLAYS[card][z])
            elif own_mask >> card & 1:
                plays.append(PLAYS[card][own])
        return tuple(plays) + tuple(discards)

    # -- why a move is refused, in plain words
    def why_illegal(self, seat: int, action: Action, names: Sequence[str] | None = None) -> str | None:
        """``None`` if ``seat`` may make ``action`` now, else the reason. ``names`` (optional): the
        players' names, so a reason can say "Bob is protected by Puncture-Proof"."""
        phase = self.phase
        if phase == OVER:
            return Words("The game is over.")
        if type(seat) is not int or not 0 <= seat < self.cfg.players:
            return Words("There is no such player.")
        kind = type(action)
        if seat != (self.asked if phase == ASKED else self.turn):
            return self._why_not_asked(seat, names)
        if phase == DRAW:
            if kind is Draw:
                return self._why_not_draw(action)  # type: ignore[arg-type]
            if kind is Exchange:
                return self._why_not_exchange(seat, action)  # type: ignore[arg-type]
            if kind is Play or kind is Discard:
                return Words("Draw a card first")
        elif phase == PLAY:
            if kind is Play:
                return self._why_not_play(seat, action, names)  # type: ignore[arg-type]
            if kind is Discard:
                card = action.card  # type: ignore[attr-defined]
                if type(card) is not int or not 0 <= card < KINDS:
                    return Words("Choose one of your cards.")
                return None if card in self.hands[seat] else Words("You do not hold {card}", card=card_words(card))
            if kind is Draw or kind is Exchange:
                if self.drawing_over:
                    return Words("Nobody draws any more this hand: play or discard a card")
                return Words("You have already drawn: play or discard a card")
        elif phase == ASKED:
            if kind is Decline:
                return None
            if kind is CoupFourre:
                safety = SAFETY_FOR[self.attack_card]
                return None if safety in self.hands[seat] else Words("You do not hold {card}", card=card_words(safety))
            if kind is FastRemedy:
                return self._why_not_fast_remedy(seat, action)  # type: ignore[arg-type]
            return Words("Answer the Coup Fourré question first")
        elif phase == EXTEND:
            if kind is Extend:
                return None if type(action.yes) is bool else Words("Say yes or no.")  # type: ignore[attr-defined]
            return Words("Decide whether to extend the trip first")
        if kind in (CoupFourre, FastRemedy, Decline):
            return Words("Nobody is asking you about a Coup Fourré now")
        if kind is Extend:
            return Words("There is no trip to extend now")
        return Words("That move is not allowed now.")

    def _why_not_asked(self, seat: int, names: Sequence[str] | None) -> str:
        if self.phase == ASKED:
            return Words("Wait: another player is deciding whether to play a Coup Fourré")
        if self.phase == EXTEND:
            return Words("Wait: another player is deciding whether to extend the trip")
        if names is not None and 0 <= self.turn < len(names):
            return Words("It is {player}'s turn", player=names[self.turn])
        return Words("It is not your turn")

    def _why_not_draw(self, action: Draw) -> str | None:
        from_discard = action.from_discard
        if type(from_discard) is not bool:
            return Words("Say which pile to draw from.")
        if not from_discard:
            return None
        if not self.cfg.discard_draw:
            return Words("Draw from the draw pile: taking the discard pile's top card is off in this game")
        return None if self.discard else Words("The discard pile is empty")

    def _why_not_exchange(self, seat: int, action: Exchange) -> str | None:
        if not self.cfg.exchange:
            return Words("Exchanging cards is off in this game")
        cards = action.cards
        if cards is self.hands[seat] or cards == self.hands[seat]:  # the listed exchange: the whole hand
            if not cards:
                return Words("Choose at least one card to exchange")
            if len(cards) <= len(self.deck):
                return None
        if type(cards) is not tuple or not all(type(c) is int and 0 <= c < KINDS for c in cards):
            return Words("Choose cards from your hand to exchange.")
        if not cards:
            return Words("Choose at least one card to exchange")
        if len(cards) > HAND_SIZE:
            return Words("Exchange six cards at most")
        if list(cards) != sorted(cards):
            return Words("List the cards to exchange in order")
        hand = list(self.hands[seat])
        for card in cards:
            if card not in hand:
                return Words("You do not hold all those cards")
            hand.remove(card)
        if len(cards) > len(self.deck):
            return Words.plural("The draw pile holds only {n} card: exchange at most {n}",
                                "The draw pile holds only {n} cards: exchange at most {n}", len(self.deck))
        return None

    def _why_not_play(self, seat: int, action: Play, names: Sequence[str] | None) -> str | None:
        card, zone = action.card, action.zone
        if type(card) is not int or not 0 <= card < KINDS:
            return Words("Choose one of your cards.")
        cfg = self.cfg
        if type(zone) is not int or not 0 <= zone < cfg.zone_count:
            return Words("There is no such driving zone.")
        if card not in self.hands[seat]:
            return Words("You do not hold {card}", card=card_words(card))
        own = cfg.zone_of[seat]
        family = FAMILY[card]
        if family == "hazard":
            if zone == own:
                return Words("Play a hazard on an opponent's zone")
            if names is not None and len(names) >= cfg.players:
                who = names_of(names, cfg.zone_seats[zone])
            else:
                who = Words("That team") if cfg.teams else Words("That player")
            return hazard_problem(self.zones[zone], card, who)
        if zone != own:
            return Words("That card goes on your own zone")
        if family == "distance":
            return distance_problem(self.zones[zone], card, self.goal, cfg.exact, cfg.teams)
        if family == "remedy":
            return remedy_problem(self.zones[zone], card)
        return None

    def _why_not_fast_remedy(self, seat: int, action: FastRemedy) -> str | None:
        if not self.cfg.fast_play:
            return Words("Fast play is off in this game")
        if self.attack_card == SPEED_LIMIT:
            return Words("Fast play answers a hazard on your drive pile; a Speed Limit goes on your speed pile: "
                         "play End of Limit on your turn")
        remedy = REMEDY_FOR[self.attack_card]
        if action.card != remedy or type(action.card) is not int:
            return Words("Only {remedy} answers {hazard}", remedy=card_words(remedy), hazard=the_hazard(self.attack_card))
        return None if remedy in self.hands[seat] else Words("You do not hold {card}", card=card_words(remedy))

    # -- protocol: acting
    def _apply(self, seat: int, action: Action):
        n = self._copy()
        ev: list = []
        kind = type(action)
        if kind is Play:
            moves.play(n, seat, action.card, action.zone, ev)  # type: ignore[attr-defined]
        elif kind is Draw:
            moves.draw(n, seat, action.from_discard, ev)  # type: ignore[attr-defined]
        elif kind is Discard:
            moves.discard(n, seat, action.card, ev)  # type: ignore[attr-defined]
        elif kind is Decline:
            moves.decline(n, seat, ev)
        elif kind is Exchange:
            moves.exchange(n, seat, action.cards, ev)  # type: ignore[attr-defined]
        elif kind is CoupFourre:
            moves.coup_fourre(n, seat, ev)
        elif kind is FastRemedy:
            moves.fast_remedy(n, seat, action.card, ev)  # type: ignore[attr-defined]
        elif kind is Extend:
            moves.extend(n, seat, action.yes, ev)  # type: ignore[attr-defined]
        else:
            raise IllegalAction(Words("That move is not allowed now."))
        return n, tuple(ev)

    # -- views
    def view(self, seat: int | None) -> MilleBornesView:
        cfg = self.cfg
        counts = [0] * KINDS
        for card in self.discard:
            counts[card] += 1
        asking = self.phase == ASKED
        return MilleBornesView(
            seat=seat,
            variant=cfg.variant,
            players=cfg.players,
            options=cfg.config.options,
            zone_of=cfg.zone_of,
            zones=tuple(z.view() for z in self.zones),
            hand=None if seat is None else self.hands[seat],
            hand_counts=tuple(len(h) for h in self.hands),
            deck_count=len(self.deck),
            discard_top=self.discard[-1] if self.discard else -1,
            discard_count=len(self.discard),
            discards=tuple(counts),
            turn=self.turn,
            phase=PHASES[self.phase],
            asked=self.asked if asking else -1,
            attack=(self.attacker, self.attack_card, self.attack_zone) if asking else None,
            goal=self.goal,
            extended=self.extended,
            hand_number=self.hand_number,
            target=cfg.target,
            totals=self.totals,
            last_hand=self.last_hand,
            history=self.history,
            reshuffles=self.reshuffles,
            drawing_over=self.drawing_over,
            turns=self.turns,
            idle=self.idle,
            pass_played=self.pass_played,
            awaiting=self.to_act(),
            winners=self.winners,
        )

    def secrets(self, seat: int) -> frozenset[str]:
        return frozenset(hand_tokens(seat, self.hands[seat]))

    def result(self) -> Result:
        return result_of(self)

    # -- persistence (loading: saves.state_from_dict, which checks consistency)
    def to_dict(self) -> dict[str, Any]:
        return {
            "version": STATE_VERSION,
            "config": self.cfg.config.to_dict(),
            "rng": self.rng,
            "phase": PHASES[self.phase],
            "turn": self.turn,
            "asked": self.asked,
            "attacker": self.attacker,
            "attack_card": self.attack_card,
            "attack_zone": self.attack_zone,
            "hands": [list(h) for h in self.hands],
            "deck": list(self.deck),
            "discard": list(self.discard),
            "zones": [{"drive": list(z.drive), "speed": list(z.speed), "distances": list(z.counts),
                       "safeties": [[kind, coup] for kind, coup in z.safeties]} for z in self.zones],
            "reshuffles": self.reshuffles,
            "drawing_over": self.drawing_over,
            "turns": self.turns,
            "idle": self.idle,
            "pass_played": self.pass_played,
            "hand_number": self.hand_number,
            "goal": self.goal,
            "extended": self.extended,
            "totals": list(self.totals),
            "history": [list(h) for h in self.history],
            "last_hand": [[[label, points] for label, points in lines] for lines in self.last_hand],
            "winners": list(self.winners),
        }
