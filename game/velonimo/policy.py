"""Velonimo's racing sense (pure): the fast policy every bot plays and imagines the others playing.

* :func:`lead_choice` / :func:`counter_choice`: shed the most cards, the cheapest such play;
* :func:`give_choice`, :func:`steal_choice`, :func:`starter_choice`: the Tortoise exchange and the
  choice of who launches the next attack;
* :func:`rollout_action`: the policy's move in any phase;
* :func:`hand_need` / :func:`card_usefulness`: rough measures of a hand.

The plays the policy picks are always *whole lines*: all the cards of one colour, or all the cards
of one number (a line of one card is a single card). A play with the most cards that beats a value
is always one: a part of a longer line is worth less than the whole line (10 per card, plus at most
7), so if the part beats the value, the whole line does with more cards. So the policy needs only
the (at most 14) lines of a hand, not its hundreds of plays: :func:`hand_lines`, memoized.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..engine.protocol import Action
from .cards import CARD_NUMBER, FIRST_HARE, HARE_MASK, JERSEY_BONUS, N_CARDS
from .rules import (
    CHOOSE,
    CHOOSE_ACTIONS,
    GIVE,
    GIVE_ACTIONS,
    NO_STEAL,
    PASS,
    PLAY,
    REWARD,
    REWARD_ACTIONS,
    SPREAD,
    STEAL,
    STEAL_ACTIONS,
    Play,
    VelonimoState,
    play_of,
)
from .rules.plays import PLAYS

# --------------------------------------------------------------------------- hand strength


def hand_need(hand: int) -> float:
    """A rough count of the plays still needed to empty ``hand`` (lower is better)."""
    n = hand.bit_count()
    if n == 0:
        return 0.0
    big = 1
    transposed = 0
    for colour in range(7):
        row = (hand >> (7 * colour)) & 127
        if row:
            k = row.bit_count()
            if k > big:
                big = k
            transposed |= SPREAD[row] << colour
    for number in range(7):
        k = ((transposed >> (7 * number)) & 127).bit_count()
        if k > big:
            big = k
    return n - 0.6 * (big - 1) - 0.3 * (hand & HARE_MASK).bit_count()


def card_usefulness(card: int, hand: int) -> float:
    """How much ``card`` is worth keeping in ``hand`` (for choosing what to give away)."""
    if card >= FIRST_HARE:
        return 20.0 + CARD_NUMBER[card] / 5
    colour, number = divmod(card, 7)
    row = (hand >> (7 * colour)) & 127
    same_colour = (row & ~(1 << number)).bit_count()
    same_number = 0
    for c in range(7):
        if c != colour and hand >> (7 * c + number) & 1:
            same_number += 1
    return number + 1 + 6.0 * (same_colour + same_number) + (3.0 if number == 0 else 0.0)


# --------------------------------------------------------------------------- a hand's lines

def _row_key(row: int) -> tuple[int, int]:
    """(minus the cards, value) of the colour row ``row`` played whole (a 7-bit row, bit k = number k+1)."""
    if not row:
        return (0, 0)
    k = row.bit_count()
    low = (row & -row).bit_length()  # the number of its lowest card
    return (-k, low if k == 1 else 10 * k + low)


_ROW_KEYS = tuple(_row_key(row) for row in range(128))
# _COLUMN_LINES[number][column]: (minus the cards, value, mask) of the cards of that number in the colours of
# ``column`` (a 7-bit set of colours), when they are two or more
_COLUMN_LINES = tuple(tuple((-col.bit_count(), 10 * col.bit_count() + number + 1, SPREAD[col] << number)
                            if col & (col - 1) else None for col in range(128)) for number in range(7))
_SHIFTS = (0, 7, 14, 21, 28, 35, 42)
_HARE_BITS = tuple((1 << c, CARD_NUMBER[c]) for c in range(FIRST_HARE, N_CARDS))

_LINES: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}
_LINES_LIMIT = 50_000


def hand_lines(hand: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``(masks, values)`` of the lines of ``hand``: its whole colour rows and its number columns of
    two cards or more, most cards first, then cheapest first (then by cards, as legal actions are
    sorted). Memoized."""
    got = _LINES.get(hand)
    if got is not None:
        return got
    keyed = []
    transposed = 0
    for shift in _SHIFTS:
        row = (hand >> shift) & 127
        if row:
            k, v = _ROW_KEYS[row]
            keyed.append((k, v, row << shift))
            transposed |= SPREAD[row] << (shift // 7)
    if transposed:
        for number in range(7):
            line = _COLUMN_LINES[number][(transposed >> (7 * number)) & 127]
            if line is not None:
                keyed.append(line)
    keyed.sort()
    got = (tuple(m for _, _, m in keyed), tuple(v for _, v, _ in keyed))
    if len(_LINES) >= _LINES_LIMIT:
        _LINES.clear()
    _LINES[hand] = got
    return got


def _play(mask: int) -> Play:
    return PLAYS.get(mask) or play_of(mask)  # type: ignore[return-value]


# --------------------------------------------------------------------------- the policy


def lead_choice(hand: int) -> Play:
    """Lead with the play that sheds the most cards, the cheapest among them."""
    masks, _ = hand_lines(hand)
    if masks:
        return _play(masks[0])
    hares = hand & HARE_MASK
    return _play(hares & -hares)


def counter_choice(hand: int, value: int, attacker_cards: int, jersey: bool = False) -> tuple[Play | None, bool]:
    """The counter-attack a sensible player makes as ``(play, with_jersey)``, ``(None, False)``
    to pass: shed the most cards without a Hare (the cheapest such play); else with the
    Jersey if available; a Hare only when nothing else beats the centre and it matters (the
    attacker is close to going out, or so am I)."""
    masks, values = hand_lines(hand)
    for i, v in enumerate(values):
        if v > value:
            return _play(masks[i]), False
    if jersey:
        for i, v in enumerate(values):
            if v + JERSEY_BONUS > value:
                return _play(masks[i]), True
    if hand & HARE_MASK and (hand.bit_count() <= 2 or attacker_cards <= 3):
        for bit, v in _HARE_BITS:
            if hand & bit and v > value:
                return _play(bit), False
    return None, False


_GIVE_CACHE: dict[int, int] = {}


def give_choice(hand: int) -> int:
    """The least useful card of ``hand`` (first by card id on a tie): :func:`card_usefulness`, with the
    hand's rows and columns counted once."""
    got = _GIVE_CACHE.get(hand)
    if got is not None:
        return got
    rows = [(hand >> shift) & 127 for shift in _SHIFTS]
    transposed = 0
    for colour, row in enumerate(rows):
        transposed |= SPREAD[row] << colour
    best, best_u = -1, 1e9
    rest = hand & ~HARE_MASK
    while rest:
        low = rest & -rest
        card = low.bit_length() - 1
        colour, number = divmod(card, 7)
        others = rows[colour].bit_count() + ((transposed >> (7 * number)) & 127).bit_count() - 2
        u = number + 1 + 6.0 * others + (3.0 if number == 0 else 0.0)
        if u < best_u:
            best, best_u = card, u
        rest ^= low
    for bit, v in _HARE_BITS:
        if hand & bit and 20.0 + v / 5 < best_u:
            best, best_u = bit.bit_length() - 1, 20.0 + v / 5
    if len(_GIVE_CACHE) > 50_000:
        _GIVE_CACHE.clear()
    _GIVE_CACHE[hand] = best
    return best


def steal_choice(seat: int, active: int, hands: Sequence[int], players: int) -> int:
    """Steal from the opponent closest to going out (fewest cards, then lowest seat)."""
    best, best_n = -1, 99
    for v in range(players):
        if v != seat and active >> v & 1:
            n = hands[v].bit_count()
            if n < best_n:
                best, best_n = v, n
    return best


def starter_choice(active: int, totals: Sequence[int], hands: Sequence[int], players: int) -> int:
    """An out player hands the next attack to the least dangerous rival (lowest total, then most cards)."""
    best, best_key = -1, None
    for s in range(players):
        if active >> s & 1:
            key = (totals[s], -hands[s].bit_count())
            if best_key is None or key < best_key:
                best, best_key = s, key
    return best


def rollout_action(state: VelonimoState, seat: int, rng: Any) -> Action:
    """A fast, sensible move: lead big, counter shedding many cards (with the Jersey when that
    is the only way), keep Hares for the end, steal from whoever is closest to going out and
    give back the least useful card; an out
    player hands the lead to the lowest total; Duel rewards are forced on the opponent."""
    phase = state.phase
    if phase == PLAY:
        hand = state.hands[seat]
        if state.cseat < 0:
            return lead_choice(hand).action
        jersey = state.jersey == seat and not state.jused and not state.cfg.duel
        p, with_jersey = counter_choice(hand, state.cvalue, state.hands[state.cseat].bit_count(), jersey)
        if p is None:
            return PASS
        return p.jersey_action if with_jersey else p.action  # type: ignore[return-value]
    if phase == STEAL:
        victim = steal_choice(seat, state.active, state.hands, state.cfg.players)
        if victim < 0:
            return NO_STEAL
        return STEAL_ACTIONS[victim][min(state.smax, state.hands[victim].bit_count())]
    if phase == GIVE:
        return GIVE_ACTIONS[give_choice(state.hands[seat])]
    if phase == CHOOSE:
        return CHOOSE_ACTIONS[starter_choice(state.active, state.totals, state.hands, state.cfg.players)]
    if phase == REWARD:
        return REWARD_ACTIONS[1]
    return rng.choice(state.legal_actions(seat))
