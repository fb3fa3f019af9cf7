"""Velonimo rules engine (pure): actions, events, the immutable state and its view.

Speed matters (random games run by the thousand): cards are ints, hands are bitmasks, the
state has ``__slots__`` and a hand-written copy, actions are interned, legal actions are
cached on the state and ``_apply`` trusts its caller (``apply`` validates first; for the
interned PlayCards that legal actions hand out it skips re-parsing the cards).
See docs/rules/velonimo.md for the rules and the interpretations chosen.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar, Mapping, Sequence

from ..engine import rng as rnglib
from ..engine.protocol import Action, Config, ConfigError, Event, IllegalAction, Result, State, View
from . import cards as C
from .cards import (
    _HAND_CACHE,
    ACTION_PLAYS,
    ALL_CARDS,
    HAND_SIZE,
    JERSEY_BONUS,
    N_CARDS,
    PLAYS,
    TOKENS,
    card_name,
    cards_of,
    combination_problem,
    combination_value,
    describe_play,
    hand_plays,
    mask_of,
    note_hand_grew,
    note_hand_shrunk,
    play_of,
)

STATE_VERSION = 1

# phases
PLAY, STEAL, GIVE, CHOOSE, REWARD, OVER = range(6)
PHASE_NAMES = ("play", "steal", "give", "choose", "reward", "over")

SCORING_CHOICES: tuple[tuple[str, str], ...] = (
    ("ascending", "Ascending: 1, 2, 3, 4, 5…"),  # round n scores n per opponent (the rulebook)
    ("flat", "Flat: 1 every round"),
    ("double", "Double: 2, 4, 6, 8, 10…"),
)


def points_per_opponent(scoring: str, round_no: int) -> int:
    if scoring == "flat":
        return 1
    if scoring == "double":
        return 2 * round_no
    return round_no


def _seat_name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"Player {seat + 1}"


# --------------------------------------------------------------------------- actions


@dataclass(frozen=True)
class PlayCards(Action):
    """Attack or counter-attack with a card or a combination (card ids, increasing)."""

    cards: tuple[int, ...]
    jersey: bool = False

    def label(self) -> str:
        value = combination_value(self.cards, self.jersey)
        text = "Play " + describe_play(self.cards)
        if self.jersey:
            text += " + Jersey"
        elif len(self.cards) == 1:
            return text  # the card's name already shows its value
        return f"{text} ({value})" if value is not None else text


@dataclass(frozen=True)
class Pass(Action):
    def label(self) -> str:
        return "Pass"


@dataclass(frozen=True)
class Steal(Action):
    """Tortoise power: take ``count`` random cards from ``victim`` (then give as many back)."""

    victim: int
    count: int = 1

    def label(self) -> str:
        noun = "card" if self.count == 1 else "cards"
        return f"Take {self.count} random {noun} from player {self.victim + 1}"


@dataclass(frozen=True)
class NoSteal(Action):
    def label(self) -> str:
        return "Take no card"


@dataclass(frozen=True)
class GiveBack(Action):
    """Give one card back to the player stolen from (once per card taken)."""

    card: int

    def label(self) -> str:
        return f"Give back the {card_name(self.card)}"


@dataclass(frozen=True)
class ChooseStarter(Action):
    """Out of turn: the player who went out and won the attack names who launches the next."""

    seat: int

    def label(self) -> str:
        return f"Player {self.seat + 1} launches the next attack"


@dataclass(frozen=True)
class DuelReward(Action):
    """Duel: the attack winner keeps the revealed card or forces it on the opponent."""

    keep: bool

    def label(self) -> str:
        return "Keep the revealed card" if self.keep else "Give the revealed card to your opponent"


ACTION_TYPES: tuple[type, ...] = (PlayCards, Pass, Steal, NoSteal, GiveBack, ChooseStarter, DuelReward)

PASS = Pass()
NO_STEAL = NoSteal()
GIVE_ACTIONS = tuple(GiveBack(c) for c in range(N_CARDS))
CHOOSE_ACTIONS = tuple(ChooseStarter(s) for s in range(5))
STEAL_ACTIONS = tuple(tuple(Steal(v, k) for k in range(8)) for v in range(5))
REWARD_ACTIONS = (DuelReward(True), DuelReward(False))


def _make_play_action(cards_: tuple[int, ...], jersey: bool) -> PlayCards:
    return PlayCards(cards_, jersey)


C._make_action = _make_play_action
C.reset_caches()  # plays built before this hook (none normally) would lack actions


# --------------------------------------------------------------------------- events


@dataclass(frozen=True)
class RoundStarted(Event):
    round: int
    starter: int
    reveals: ClassVar[bool] = True  # a new deal

    def text(self, names, viewer=None):
        return f"Round {self.round} begins: {_seat_name(names, self.starter)} starts"


@dataclass(frozen=True)
class CardsPlayed(Event):
    seat: int
    cards: tuple[int, ...]
    value: int
    jersey: bool
    leading: bool  # True: a new attack; False: a counter-attack

    def text(self, names, viewer=None):
        verb = "attacks" if self.leading else "counter-attacks"
        jersey = " and the Jersey" if self.jersey else ""
        return f"{_seat_name(names, self.seat)} {verb} with {describe_play(self.cards)}{jersey}: {self.value}"


@dataclass(frozen=True)
class Passed(Event):
    seat: int

    def text(self, names, viewer=None):
        return f"{_seat_name(names, self.seat)} passes"


@dataclass(frozen=True)
class AttackWon(Event):
    """Everybody passed: the centre is cleared; ``seat`` played last."""

    seat: int
    value: int
    cards: tuple[int, ...]  # every card cleared from the centre

    def text(self, names, viewer=None):
        return f"{_seat_name(names, self.seat)} wins the attack"


@dataclass(frozen=True)
class PlayerOut(Event):
    seat: int
    points: int
    place: int

    def text(self, names, viewer=None):
        return f"{_seat_name(names, self.seat)} goes out and scores {self.points}"


@dataclass(frozen=True)
class CardStolen(Event):
    thief: int
    victim: int
    cards: tuple[int, ...]
    private_to: tuple[int, ...] = ()
    reveals: ClassVar[bool] = True

    def text(self, names, viewer=None):
        who, whom = _seat_name(names, self.thief), _seat_name(names, self.victim)
        if viewer is not None and viewer in self.private_to:
            return f"{who} takes {', '.join('the ' + card_name(c) for c in self.cards)} from {whom}"
        if len(self.cards) == 1:
            return f"{who} takes a random card from {whom}"
        return f"{who} takes {len(self.cards)} random cards from {whom}"


@dataclass(frozen=True)
class StealDeclined(Event):
    seat: int

    def text(self, names, viewer=None):
        return f"{_seat_name(names, self.seat)} takes no card with the Tortoise"


@dataclass(frozen=True)
class CardGiven(Event):
    thief: int
    victim: int
    card: int
    private_to: tuple[int, ...] = ()
    reveals: ClassVar[bool] = True  # the victim learns a hidden card

    def text(self, names, viewer=None):
        who, whom = _seat_name(names, self.thief), _seat_name(names, self.victim)
        if viewer is not None and viewer in self.private_to:
            return f"{who} gives the {card_name(self.card)} back to {whom}"
        return f"{who} gives a card back to {whom}"


@dataclass(frozen=True)
class CardDrawn(Event):
    """Duel: Camels draw from the pile."""

    seat: int
    cards: tuple[int, ...]
    private_to: tuple[int, ...] = ()
    reveals: ClassVar[bool] = True

    def text(self, names, viewer=None):
        who = _seat_name(names, self.seat)
        if not self.cards:
            return f"{who} draws nothing: the draw pile is empty"
        if viewer is not None and viewer in self.private_to:
            return f"{who} draws {', '.join('the ' + card_name(c) for c in self.cards)}"
        n = len(self.cards)
        return f"{who} draws {'a card' if n == 1 else f'{n} cards'}"


@dataclass(frozen=True)
class CardRevealed(Event):
    """Duel: a new card is turned face up beside the draw pile."""

    card: int
    reveals: ClassVar[bool] = True

    def text(self, names, viewer=None):
        return f"The {card_name(self.card)} is revealed beside the draw pile"


@dataclass(frozen=True)
class RevealedCardTaken(Event):
    """Duel: the attack winner kept the revealed card (to_seat == seat) or forced it on the opponent."""

    seat: int
    to_seat: int
    card: int

    def text(self, names, viewer=None):
        who = _seat_name(names, self.seat)
        if self.to_seat == self.seat:
            return f"{who} keeps the revealed {card_name(self.card)}"
        return f"{who} makes {_seat_name(names, self.to_seat)} take the revealed {card_name(self.card)}"


@dataclass(frozen=True)
class StarterChosen(Event):
    chooser: int
    seat: int

    def text(self, names, viewer=None):
        return f"{_seat_name(names, self.chooser)} chooses {_seat_name(names, self.seat)} to launch the next attack"


@dataclass(frozen=True)
class RoundScored(Event):
    round: int
    points: tuple[int, ...]  # per seat, this round
    totals: tuple[int, ...]  # per seat, after this round

    def text(self, names, viewer=None):
        parts = ", ".join(f"{_seat_name(names, s)} +{p} ({t})" for s, (p, t) in
                          enumerate(zip(self.points, self.totals, strict=True)))
        return f"Round {self.round} over: {parts}"


@dataclass(frozen=True)
class JerseyAwarded(Event):
    seat: int
    previous: int  # -1: nobody had it

    def text(self, names, viewer=None):
        who = _seat_name(names, self.seat)
        if self.previous == self.seat:
            return f"{who} keeps the Leader of the Pack Jersey"
        return f"{who} receives the Leader of the Pack Jersey"


@dataclass(frozen=True)
class GameOver(Event):
    winners: tuple[int, ...]
    totals: tuple[int, ...]

    def text(self, names, viewer=None):
        who = " and ".join(_seat_name(names, s) for s in self.winners)
        return f"{who} wins the game with the Leader of the Pack Jersey ({self.totals[self.winners[0]]} points)"


EVENT_TYPES: tuple[type, ...] = (RoundStarted, CardsPlayed, Passed, AttackWon, PlayerOut, CardStolen,
                                 StealDeclined, CardGiven, CardDrawn, CardRevealed, RevealedCardTaken,
                                 StarterChosen, RoundScored, JerseyAwarded, GameOver)


# --------------------------------------------------------------------------- configuration


class Rules:
    """The fixed parameters of one game (shared by all its states)."""

    __slots__ = ("variant", "players", "duel", "rounds", "scoring", "mults", "target", "first", "config")

    def __init__(self, config: Config):
        self.config = config
        self.variant = config.variant
        self.players = config.players
        self.duel = config.variant == "duel"
        self.rounds = int(config.get("rounds", 5))
        self.scoring = str(config.get("scoring", "ascending"))
        self.mults = tuple(points_per_opponent(self.scoring, r) for r in range(self.rounds + 1))
        self.target = int(config.get("target", 8)) if self.duel else 0
        self.first = int(config.get("first_player", 0))
        if self.first >= self.players:
            raise ConfigError(f"First player must be one of the {self.players} players")


def shuffle_cards(state: int, items: list) -> tuple[list, int]:
    """A Fisher-Yates shuffle of ``items`` (in place) drawing from the int RNG ``state``.

    Swap indices are mixed-radix digits of a pool of random bits refilled 64 bits at a time
    while fewer than 2**80 values remain (bias below 2**-70), so a 55-card deck costs about
    6 draws instead of 54."""
    x = 0
    room = 1  # x is uniform in [0, room)
    i = len(items) - 1
    while i > 0:
        if room < _REFILL:
            v, state = rnglib.next_u64(state)
            x = (x << 64) | v
            room <<= 64
            continue
        x, j = divmod(x, i + 1)
        room //= i + 1
        items[i], items[j] = items[j], items[i]
        i -= 1
    return items, state


_REFILL = 1 << 80


def _next_table(players: int) -> tuple[tuple[int, ...], ...]:
    """NEXT[active_mask][seat]: the next seat to the left holding cards (-1 if none)."""
    table = []
    for active in range(1 << players):
        row = []
        for seat in range(players):
            nxt = -1
            for i in range(1, players + 1):
                s = (seat + i) % players
                if active >> s & 1:
                    nxt = s
                    break
            row.append(nxt)
        table.append(tuple(row))
    return tuple(table)


NEXT = {p: _next_table(p) for p in range(2, 6)}
TO_ACT = tuple((s,) for s in range(5))


# --------------------------------------------------------------------------- view


_CARD_FIELDS = frozenset({"hand", "centre", "pile", "played", "steal_received"})


@dataclass(frozen=True)
class VelonimoView(View):
    """What one seat may know. Cards are ids (see :mod:`game.velonimo.cards`); ``to_dict``
    renders them as tokens (``red-3``, ``hare-35``). Seats are ints, -1 = nobody."""

    variant: str = "standard"
    players: int = 4
    round: int = 1
    rounds: int = 5
    scoring: str = "ascending"
    target: int = 0  # duel: points to win (0 in the standard game)
    first_player: int = 0
    phase: str = "play"  # play | steal | give | choose | reward | over
    turn: int = -1  # the seat to act (-1 when over)
    hand: tuple[int, ...] | None = None  # the viewer's own cards, None for a spectator
    hand_counts: tuple[int, ...] = ()
    active: tuple[bool, ...] = ()  # still holding cards this round
    out_order: tuple[int, ...] = ()  # seats in the order they went out this round
    centre: tuple[int, ...] = ()  # the play to beat (top of the centre)
    centre_value: int = 0  # 0: no attack yet, the player to act leads
    centre_seat: int = -1  # who played the centre cards
    centre_jersey: bool = False
    pile: tuple[int, ...] = ()  # every card played in the current attack
    passed: tuple[bool, ...] = ()  # passed since the last play
    played: tuple[int, ...] = ()  # every card played this round (public)
    totals: tuple[int, ...] = ()
    round_points: tuple[int, ...] = ()  # points scored so far this round
    history: tuple[tuple[int, ...], ...] = ()  # points per completed round, per seat
    jersey: int = -1  # holder of the Leader of the Pack Jersey
    jersey_used: bool = False  # used this round
    jersey_bonus: bool = True  # False in the duel (the Jersey is shown only)
    starter: int = -1  # who launched the round's first attack
    steal_thief: int = -1  # Tortoise exchange in progress
    steal_victim: int = -1
    steal_max: int = 0  # cards the thief may take (phase steal)
    steal_left: int = 0  # cards still to give back (phase give)
    steal_received: tuple[int, ...] = ()  # thief only: taken cards still in hand
    revealed: int = -1  # duel: the face-up card beside the pile
    draw_count: int = 0  # duel: cards in the draw pile
    aside_count: int = 0  # standard: cards set aside unseen
    winners: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name in _CARD_FIELDS:
                value = None if value is None else [TOKENS[c] for c in value]
            elif f.name == "revealed":
                value = TOKENS[value] if value >= 0 else None
            elif isinstance(value, tuple):
                value = [list(v) if isinstance(v, tuple) else v for v in value]
            out[f.name] = value
        return out

    @property
    def can_use_jersey(self) -> bool:
        return (self.jersey_bonus and self.seat is not None and self.jersey == self.seat
                and not self.jersey_used and self.phase == "play")


# --------------------------------------------------------------------------- state


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
        s._deal(1, first, [])
        return s

    def _deal(self, round_no: int, starter: int, events: list) -> None:
        """Start round ``round_no`` on this fresh (unpublished) state."""
        players = self.cfg.players
        deck, self.rng = shuffle_cards(self.rng, list(range(N_CARDS)))
        self.hands = tuple(mask_of(deck[i * HAND_SIZE:(i + 1) * HAND_SIZE]) for i in range(players))
        rest = deck[players * HAND_SIZE:]
        self.round = round_no
        self.phase = PLAY
        self.turn = starter
        self.starter = starter
        self.active = (1 << players) - 1
        self.out_order = ()
        self.centre = 0
        self.cvalue = 0
        self.cseat = -1
        self.cjersey = False
        self.pile = 0
        self.passes = 0
        self.played = 0
        self.rpoints = (0,) * players
        self.jused = False
        self.svictim = -1
        self.smax = 0
        self.sleft = 0
        self.staken = 0
        events.append(RoundStarted(round_no, starter))
        if self.cfg.duel:
            self.aside = 0
            self.draw = tuple(rest[:-1])
            self.revealed = rest[-1]
            events.append(CardRevealed(self.revealed))
        else:
            self.aside = mask_of(rest)
            self.draw = ()
            self.revealed = -1

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
            return "The game is over."
        if seat != self.turn:
            return "It is not your turn."
        kind = type(action)
        if kind is PlayCards:
            if phase != PLAY:
                return _WRONG_PHASE[phase]
            cards_ = action.cards  # type: ignore[attr-defined]
            if not isinstance(cards_, tuple):
                return "Choose the cards to play"
            mask = 0
            last = -1
            for c in cards_:
                if type(c) is not int or c <= last or c >= N_CARDS:
                    return ("Choose at least one card" if not cards_ else
                            "List distinct cards in increasing order")
                mask |= 1 << c
                last = c
            if not mask:
                return "Choose at least one card"
            if mask & ~self.hands[seat]:
                return "You do not hold those cards"
            p = PLAYS.get(mask) or play_of(mask)
            if p is None:
                return combination_problem(cards_) or "That is not a valid play"
            return self._why_play_illegal(seat, p, action.jersey)  # type: ignore[attr-defined]
        if kind is Pass:
            if phase != PLAY:
                return _WRONG_PHASE[phase]
            if self.cseat < 0:
                return "You lead this attack: you must play"
            return None
        if kind is Steal:
            if phase != STEAL:
                return "You may take cards only right after playing a Tortoise"
            victim, count = action.victim, action.count  # type: ignore[attr-defined]
            if type(victim) is not int or not 0 <= victim < self.cfg.players or victim == seat:
                return "Choose an opponent to take cards from"
            if not self.active >> victim & 1:
                return "That player has no cards left"
            if type(count) is not int or count < 1:
                return "Take at least one card"
            if count > self.smax:
                return f"You played {self.smax} Tortoise{'s' if self.smax > 1 else ''}: take at most {self.smax}"
            if count > self.hands[victim].bit_count():
                return "That player does not hold that many cards"
            return None
        if kind is NoSteal:
            return None if phase == STEAL else "You may take cards only right after playing a Tortoise"
        if kind is GiveBack:
            if phase != GIVE:
                return "There is no card to give back now"
            card = action.card  # type: ignore[attr-defined]
            if type(card) is not int or not 0 <= card < N_CARDS or not self.hands[seat] >> card & 1:
                return "You do not hold that card"
            return None
        if kind is ChooseStarter:
            if phase != CHOOSE:
                return "There is no starter to choose now"
            s = action.seat  # type: ignore[attr-defined]
            if type(s) is not int or not 0 <= s < self.cfg.players or not self.active >> s & 1:
                return "Choose a player who still holds cards"
            return None
        if kind is DuelReward:
            if phase != REWARD:
                return "There is no revealed card to take now"
            return None if type(action.keep) is bool else "Keep or give?"  # type: ignore[attr-defined]
        return "That move is not allowed now."

    def _why_play_illegal(self, seat: int, p: C.Play, jersey: object) -> str | None:
        """Why ``seat`` may not play ``p`` now (cards already known valid and held)."""
        value = p.value
        if jersey:
            if self.cfg.duel:
                return "The Jersey gives no bonus in the Duel"
            if self.jersey != seat:
                return ("Nobody holds the Jersey in round 1" if self.jersey < 0 else
                        "You do not hold the Leader of the Pack Jersey")
            if self.jused:
                return "You already used the Jersey this round"
            if p.hare:
                return "The Jersey cannot be used with a Hare"
            value += JERSEY_BONUS
        if value <= self.cvalue:
            return f"Counter-attack must beat {self.cvalue}"
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
            return self._play(seat, action, p)  # type: ignore[arg-type]
        if kind is Pass and seat == self.turn and self.phase == PLAY and self.cseat >= 0:
            return self._pass(seat)  # a legal pass (why_illegal words the other cases)
        reason = self.why_illegal(seat, action)
        if reason is not None:
            raise IllegalAction(reason)
        return self._apply(seat, action)

    def _apply(self, seat: int, action: Action):
        kind = type(action)
        if kind is PlayCards:
            return self._play(seat, action)  # type: ignore[arg-type]
        if kind is Pass:
            return self._pass(seat)
        if kind is Steal:
            return self._steal(seat, action.victim, action.count)  # type: ignore[attr-defined]
        if kind is NoSteal:
            n = self._copy()
            n.phase = PLAY
            n.smax = 0
            n.turn = NEXT[n.cfg.players][n.active][seat]
            return n, (StealDeclined(seat),)
        if kind is GiveBack:
            return self._give(seat, action.card)  # type: ignore[attr-defined]
        if kind is ChooseStarter:
            n = self._copy()
            n.phase = PLAY
            n.turn = action.seat  # type: ignore[attr-defined]
            return n, (StarterChosen(seat, action.seat),)  # type: ignore[attr-defined]
        if kind is DuelReward:
            return self._reward(seat, action.keep)  # type: ignore[attr-defined]
        raise IllegalAction("That move is not allowed now.")

    def _play(self, seat: int, action: PlayCards, p: C.Play | None = None):
        cards_ = action.cards
        if p is None:  # not an interned action: apply has checked its cards
            p = play_of(mask_of(cards_))
        mask = p.mask
        jersey = action.jersey
        leading = self.cseat < 0
        key = (mask << 5) | (seat << 2) | (jersey << 1) | leading
        ev = _PLAYED_EVENTS.get(key)
        if ev is None:
            ev = _PLAYED_EVENTS[key] = CardsPlayed(seat, cards_, p.value + JERSEY_BONUS if jersey else p.value,
                                                   jersey, leading)
        n = self._copy()
        old = self.hands[seat]
        hand = old & ~mask
        hands = list(self.hands)
        hands[seat] = hand
        n.centre = mask
        n.cvalue = ev.value
        n.cseat = seat
        n.cjersey = jersey
        n.pile = self.pile | mask
        n.played = self.played | mask
        n.passes = 0
        if jersey:
            n.jused = True
        if not hand:
            n.hands = tuple(hands)
            events: list[Event] = [ev]
            if not n._go_out(seat, events):
                n.turn = NEXT[self.cfg.players][n.active][seat]
            return n, tuple(events)
        note_hand_shrunk(old, mask)
        if p.camels and self.cfg.duel:
            k = min(p.camels, len(self.draw))
            drawn = self.draw[len(self.draw) - k:][::-1]  # top of the pile is the end of the tuple
            n.draw = self.draw[:len(self.draw) - k]
            added = mask_of(drawn)
            note_hand_grew(hand, added)
            hand |= added
            hands[seat] = hand
            n.hands = tuple(hands)
            out: tuple[Event, ...] = (ev, CardDrawn(seat, drawn, (seat,)))
        else:
            n.hands = tuple(hands)
            out = (ev,)
        if p.tortoises:
            n.phase = STEAL
            n.smax = p.tortoises
        else:
            n.turn = NEXT[self.cfg.players][self.active][seat]
        return n, out

    def _go_out(self, seat: int, events: list) -> bool:
        """``seat`` just played its final card (on this fresh state). True if the round ended."""
        bit = 1 << seat
        active = self.active & ~bit
        pts = self.cfg.mults[self.round] * active.bit_count()
        totals = list(self.totals)
        totals[seat] += pts
        rpoints = list(self.rpoints)
        rpoints[seat] += pts
        self.totals = tuple(totals)
        self.rpoints = tuple(rpoints)
        self.active = active
        self.out_order = self.out_order + (seat,)
        events.append(PlayerOut(seat, pts, len(self.out_order)))
        if active & (active - 1):  # two or more still hold cards: the round goes on
            return False
        if active:
            self.out_order = self.out_order + (active.bit_length() - 1,)
        self._end_round(events)
        return True

    def _end_round(self, events: list) -> None:
        cfg = self.cfg
        self.history = self.history + (self.rpoints,)
        events.append(RoundScored(self.round, self.rpoints, self.totals))
        previous = self.jersey
        self.jersey = _leader(self.totals, self.rpoints, self.out_order)
        events.append(JerseyAwarded(self.jersey, previous))
        reached = cfg.duel and max(self.totals) >= cfg.target
        if self.round >= cfg.rounds or reached:
            self.phase = OVER
            self.turn = -1
            self.winners = (self.jersey,)
            self.centre = self.pile = self.passes = 0
            self.cvalue = 0
            self.cseat = -1
            self.cjersey = False
            events.append(GameOver(self.winners, self.totals))
            return
        self._deal(self.round + 1, _starter(self.totals, self.rpoints, self.out_order), events)

    def _pass(self, seat: int):
        n = self._copy()
        passes = self.passes | (1 << seat)
        need = self.active & ~(1 << self.cseat)
        if passes & need != need:
            n.passes = passes
            n.turn = NEXT[self.cfg.players][self.active][seat]
            return n, _PASSED_EVENTS[seat]
        winner = self.cseat
        events = (_PASSED[seat], AttackWon(winner, self.cvalue, cards_of(self.pile)))
        n.centre = n.pile = n.passes = 0
        n.cvalue = 0
        n.cseat = -1
        n.cjersey = False
        n.turn = winner
        if not self.active >> winner & 1:
            n.phase = CHOOSE  # the winner went out: they name who launches the next attack
        elif self.revealed >= 0:
            n.phase = REWARD  # duel: the winner takes the revealed card
        return n, events

    def _steal(self, seat: int, victim: int, count: int):
        n = self._copy()
        pool = list(cards_of(self.hands[victim]))
        r = self.rng
        taken = []
        for _ in range(count):
            i, r = rnglib.below(r, len(pool))
            taken.append(pool.pop(i))
        n.rng = r
        taken.sort()
        tmask = mask_of(taken)
        hands = list(self.hands)
        hands[victim] &= ~tmask
        hands[seat] |= tmask
        n.hands = tuple(hands)
        n.phase = GIVE
        n.svictim = victim
        n.sleft = count
        n.staken = tmask
        return n, (CardStolen(seat, victim, tuple(taken), (seat, victim)),)

    def _give(self, seat: int, card: int):
        n = self._copy()
        victim = self.svictim
        bit = 1 << card
        hands = list(self.hands)
        hands[seat] &= ~bit
        hands[victim] |= bit
        n.hands = tuple(hands)
        n.staken = self.staken & ~bit
        n.sleft = self.sleft - 1
        events = (CardGiven(seat, victim, card, (seat, victim)),)
        if n.sleft == 0:
            n.phase = PLAY
            n.svictim = -1
            n.smax = 0
            n.staken = 0
            n.turn = NEXT[self.cfg.players][self.active][seat]
        return n, events

    def _reward(self, seat: int, keep: bool):
        n = self._copy()
        card = self.revealed
        to_seat = seat if keep else 1 - seat
        hands = list(self.hands)
        note_hand_grew(hands[to_seat], 1 << card)
        hands[to_seat] |= 1 << card
        n.hands = tuple(hands)
        events: list[Event] = [RevealedCardTaken(seat, to_seat, card)]
        if self.draw:
            n.revealed = self.draw[-1]
            n.draw = self.draw[:-1]
            events.append(CardRevealed(n.revealed))
        else:
            n.revealed = -1
        n.phase = PLAY
        return n, tuple(events)

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

    # -- results
    def result(self) -> Result:
        players = self.cfg.players
        order = sorted(range(players), key=lambda s: _rank_key(s, self.totals, self.rpoints, self.out_order))
        if self.jersey in order:
            order.remove(self.jersey)
            order.insert(0, self.jersey)
        labels = tuple(f"Round {r + 1}" for r in range(len(self.history)))
        series = []
        for s in range(players):
            total = 0
            line = []
            for pts in self.history:
                total += pts[s]
                line.append(float(total))
            series.append(tuple(line))
        details = []
        if self.jersey >= 0:
            details.append(f"Leader of the Pack Jersey: {{{self.jersey}}} ({self.totals[self.jersey]} points)")
        if self.cfg.duel and self.totals and max(self.totals) >= self.cfg.target:
            details.append(f"First to {self.cfg.target} points wins the Duel")
        details.append(f"Rounds played: {len(self.history)} of {self.cfg.rounds}")
        return Result(
            scores=tuple(float(t) for t in self.totals),
            ranking=tuple(order),
            winners=self.winners if self.winners else (order[0],),
            score_label="Points",
            chart_labels=labels,
            chart_series=tuple(series),
            details=tuple(details),
        )

    # -- persistence
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

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], rules: Rules) -> "VelonimoState":
        s = object.__new__(cls)
        s.cfg = rules
        s.rng = int(data["rng"])
        s.round = int(data["round"])
        s.phase = PHASE_NAMES.index(data["phase"])
        s.turn = int(data["turn"])
        s.hands = tuple(mask_of(int(c) for c in h) for h in data["hands"])
        if len(s.hands) != rules.players:
            raise ValueError("the saved hands do not match the number of players")
        s.active = int(data["active"])
        s.out_order = tuple(int(x) for x in data["out_order"])
        s.centre = mask_of(data["centre"])
        s.cvalue = int(data["centre_value"])
        s.cseat = int(data["centre_seat"])
        s.cjersey = bool(data["centre_jersey"])
        s.pile = mask_of(data["pile"])
        s.passes = int(data["passes"])
        s.played = mask_of(data["played"])
        s.aside = mask_of(data["aside"])
        s.draw = tuple(int(c) for c in data["draw"])
        s.revealed = int(data["revealed"])
        s.totals = tuple(int(x) for x in data["totals"])
        s.rpoints = tuple(int(x) for x in data["round_points"])
        s.history = tuple(tuple(int(x) for x in h) for h in data["history"])
        s.jersey = int(data["jersey"])
        s.jused = bool(data["jersey_used"])
        s.starter = int(data["starter"])
        s.svictim = int(data["steal_victim"])
        s.smax = int(data["steal_max"])
        s.sleft = int(data["steal_left"])
        s.staken = mask_of(data["steal_taken"])
        s.winners = tuple(int(x) for x in data["winners"])
        s._legal = None
        held = 0
        for part in (*s.hands, s.played, s.aside, mask_of(s.draw), (1 << s.revealed) if s.revealed >= 0 else 0):
            if held & part:
                raise ValueError("a card appears twice in the saved state")
            held |= part
        if held != ALL_CARDS:
            raise ValueError("cards are missing from the saved state")
        return s


_PASSED = tuple(Passed(s) for s in range(5))
_PASSED_EVENTS = tuple((e,) for e in _PASSED)
_PLAYED_EVENTS: dict[int, CardsPlayed] = {}

_WRONG_PHASE = {
    STEAL: "Take cards with your Tortoise or decline first",
    GIVE: "Give back your cards first",
    CHOOSE: "Choose who launches the next attack first",
    REWARD: "Keep or give the revealed card first",
}


def _rank_key(seat: int, totals: Sequence[int], rpoints: Sequence[int], out_order: Sequence[int]):
    """Best first: highest total, then most points last round, then earliest out last round."""
    place = out_order.index(seat) if seat in out_order else len(out_order)
    return (-totals[seat], -rpoints[seat], place, seat)


def _leader(totals: Sequence[int], rpoints: Sequence[int], out_order: Sequence[int]) -> int:
    """Who gets the Jersey: most points, tie -> most points last round (-> earlier out, seat)."""
    return min(range(len(totals)), key=lambda s: _rank_key(s, totals, rpoints, out_order))


def _starter(totals: Sequence[int], rpoints: Sequence[int], out_order: Sequence[int]) -> int:
    """Who starts a round: fewest points, tie -> fewest points last round (-> later out, seat)."""
    def key(s: int):
        place = out_order.index(s) if s in out_order else len(out_order)
        return (totals[s], rpoints[s], -place, s)
    return min(range(len(totals)), key=key)
