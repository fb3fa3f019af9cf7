"""Velonimo moves: how each legal action changes a state (pure).

Each function takes a state whose action apply has already checked, and returns the new state and
its events; the old state is never changed (``deal``, ``go_out`` and ``end_round`` work on a fresh
copy before it is handed out).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import rng as rnglib
from ...engine.protocol import Event
from ..cards import HAND_SIZE, JERSEY_BONUS, N_CARDS, cards_of, mask_of
from .actions import PlayCards
from .events import (
    AttackWon,
    CardDrawn,
    CardGiven,
    CardRevealed,
    CardsPlayed,
    CardStolen,
    GameOver,
    JerseyAwarded,
    Passed,
    PlayerOut,
    RevealedCardTaken,
    RoundScored,
    RoundStarted,
)
from .plays import Play, note_hand_grew, note_hand_shrunk, play_of
from .scoring import jersey_leader, round_starter
from .setup import CHOOSE, GIVE, NEXT, OVER, PLAY, REWARD, STEAL, shuffle_cards

if TYPE_CHECKING:
    from .state import VelonimoState

_PASSED = tuple(Passed(s) for s in range(5))
_PASSED_EVENTS = tuple((e,) for e in _PASSED)
_PLAYED_EVENTS: dict[int, CardsPlayed] = {}  # interned CardsPlayed, see play_cards


def deal(state: VelonimoState, round_no: int, starter: int, events: list) -> None:
    """Start round ``round_no`` on this fresh (unpublished) state."""
    players = state.cfg.players
    deck, state.rng = shuffle_cards(state.rng, list(range(N_CARDS)))
    state.hands = tuple(mask_of(deck[i * HAND_SIZE:(i + 1) * HAND_SIZE]) for i in range(players))
    rest = deck[players * HAND_SIZE:]
    state.round = round_no
    state.phase = PLAY
    state.turn = starter
    state.starter = starter
    state.active = (1 << players) - 1
    state.out_order = ()
    state.centre = 0
    state.cvalue = 0
    state.cseat = -1
    state.cjersey = False
    state.pile = 0
    state.passes = 0
    state.played = 0
    state.rpoints = (0,) * players
    state.jused = False
    state.svictim = -1
    state.smax = 0
    state.sleft = 0
    state.staken = 0
    events.append(RoundStarted(round_no, starter))
    if state.cfg.duel:
        state.aside = 0
        state.draw = tuple(rest[:-1])
        state.revealed = rest[-1]
        events.append(CardRevealed(state.revealed))
    else:
        state.aside = mask_of(rest)
        state.draw = ()
        state.revealed = -1


def play_cards(state: VelonimoState, seat: int, action: PlayCards, p: Play | None = None):
    """``seat`` attacks or counter-attacks with ``action`` (legal: apply checked it; ``p`` is its
    Play when apply already knows it). Its Tortoises open the steal phase, its Camels draw (duel)."""
    cards_ = action.cards
    if p is None:  # not an interned action: apply has checked its cards
        p = play_of(mask_of(cards_))
    mask = p.mask
    jersey = action.jersey
    leading = state.cseat < 0
    # one event per (cards, seat, Jersey, leading): jersey is exactly a bool (apply refuses
    # anything else), so no two different plays share a key
    key = (mask << 5) | (seat << 2) | (jersey << 1) | leading
    ev = _PLAYED_EVENTS.get(key)
    if ev is None:
        ev = _PLAYED_EVENTS[key] = CardsPlayed(seat, cards_, p.value + JERSEY_BONUS if jersey else p.value,
                                               jersey, leading)
    n = state._copy()
    old = state.hands[seat]
    hand = old & ~mask
    hands = list(state.hands)
    hands[seat] = hand
    n.centre = mask
    n.cvalue = ev.value
    n.cseat = seat
    n.cjersey = jersey
    n.pile = state.pile | mask
    n.played = state.played | mask
    n.passes = 0
    if jersey:
        n.jused = True
    # Duel: Camels draw even when they were the final cards (interpretation 16): a player who
    # draws holds cards again and is not out; only an empty pile lets them go out
    if not hand and not (p.camels and state.cfg.duel and state.draw):
        n.hands = tuple(hands)
        events: list[Event] = [ev]
        if not go_out(n, seat, events):
            n.turn = NEXT[state.cfg.players][n.active][seat]
        return n, tuple(events)
    note_hand_shrunk(old, mask)
    if p.camels and state.cfg.duel:
        k = min(p.camels, len(state.draw))
        drawn = state.draw[len(state.draw) - k:][::-1]  # top of the pile is the end of the tuple
        n.draw = state.draw[:len(state.draw) - k]
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
        n.turn = NEXT[state.cfg.players][state.active][seat]
    return n, out


def go_out(state: VelonimoState, seat: int, events: list) -> bool:
    """``seat`` just played its final card (on this fresh state). True if the round ended."""
    bit = 1 << seat
    active = state.active & ~bit
    pts = state.cfg.mults[state.round] * active.bit_count()
    totals = list(state.totals)
    totals[seat] += pts
    rpoints = list(state.rpoints)
    rpoints[seat] += pts
    state.totals = tuple(totals)
    state.rpoints = tuple(rpoints)
    state.active = active
    state.out_order = state.out_order + (seat,)
    events.append(PlayerOut(seat, pts, len(state.out_order)))
    if active & (active - 1):  # two or more still hold cards: the round goes on
        return False
    if active:
        state.out_order = state.out_order + (active.bit_length() - 1,)
    end_round(state, events)
    return True


def end_round(state: VelonimoState, events: list) -> None:
    """Score the round on this fresh state, award the Jersey, then end the game or deal the next."""
    cfg = state.cfg
    state.history = state.history + (state.rpoints,)
    events.append(RoundScored(state.round, state.rpoints, state.totals))
    previous = state.jersey
    state.jersey = jersey_leader(state.totals, state.rpoints, state.out_order)
    events.append(JerseyAwarded(state.jersey, previous))
    reached = cfg.duel and max(state.totals) >= cfg.target
    if state.round >= cfg.rounds or reached:
        state.phase = OVER
        state.turn = -1
        state.winners = (state.jersey,)
        state.centre = state.pile = state.passes = 0
        state.cvalue = 0
        state.cseat = -1
        state.cjersey = False
        events.append(GameOver(state.winners, state.totals))
        return
    deal(state, state.round + 1, round_starter(state.totals, state.rpoints, state.out_order), events)


def pass_turn(state: VelonimoState, seat: int):
    """``seat`` passes; when all the others have passed since the last play, that play wins the attack."""
    n = state._copy()
    passes = state.passes | (1 << seat)
    need = state.active & ~(1 << state.cseat)
    if passes & need != need:
        n.passes = passes
        n.turn = NEXT[state.cfg.players][state.active][seat]
        return n, _PASSED_EVENTS[seat]
    winner = state.cseat
    events = (_PASSED[seat], AttackWon(winner, state.cvalue, cards_of(state.pile)))
    n.centre = n.pile = n.passes = 0
    n.cvalue = 0
    n.cseat = -1
    n.cjersey = False
    n.turn = winner
    if not state.active >> winner & 1:
        n.phase = CHOOSE  # the winner went out: they name who launches the next attack
    elif state.revealed >= 0:
        n.phase = REWARD  # duel: the winner takes the revealed card
    return n, events


def steal(state: VelonimoState, seat: int, victim: int, count: int):
    """Tortoise power: ``seat`` takes ``count`` random cards from ``victim`` (drawn from the state's RNG)."""
    n = state._copy()
    pool = list(cards_of(state.hands[victim]))
    r = state.rng
    taken = []
    for _ in range(count):
        i, r = rnglib.below(r, len(pool))
        taken.append(pool.pop(i))
    n.rng = r
    taken.sort()
    tmask = mask_of(taken)
    hands = list(state.hands)
    hands[victim] &= ~tmask
    hands[seat] |= tmask
    n.hands = tuple(hands)
    n.phase = GIVE
    n.svictim = victim
    n.sleft = count
    n.staken = tmask
    return n, (CardStolen(seat, victim, tuple(taken), (seat, victim)),)


def give_back(state: VelonimoState, seat: int, card: int):
    """The thief gives ``card`` back; after the last one the attack goes on to the left."""
    n = state._copy()
    victim = state.svictim
    bit = 1 << card
    hands = list(state.hands)
    hands[seat] &= ~bit
    hands[victim] |= bit
    n.hands = tuple(hands)
    n.staken = state.staken & ~bit
    n.sleft = state.sleft - 1
    events = (CardGiven(seat, victim, card, (seat, victim)),)
    if n.sleft == 0:
        n.phase = PLAY
        n.svictim = -1
        n.smax = 0
        n.staken = 0
        n.turn = NEXT[state.cfg.players][state.active][seat]
    return n, events


def take_reward(state: VelonimoState, seat: int, keep: bool):
    """Duel: the attack winner keeps the revealed card or forces it on the opponent; a new one is turned."""
    n = state._copy()
    card = state.revealed
    to_seat = seat if keep else 1 - seat
    hands = list(state.hands)
    note_hand_grew(hands[to_seat], 1 << card)
    hands[to_seat] |= 1 << card
    n.hands = tuple(hands)
    events: list[Event] = [RevealedCardTaken(seat, to_seat, card)]
    if state.draw:
        n.revealed = state.draw[-1]
        n.draw = state.draw[:-1]
        events.append(CardRevealed(n.revealed))
    else:
        n.revealed = -1
    n.phase = PLAY
    return n, tuple(events)
