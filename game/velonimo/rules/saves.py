"""Loading a saved Velonimo state: every field's type and range, then the game's consistency rules
(every card exactly once, the centre's value matching its cards, points adding up…), each problem
named in a ValueError. Not on the engine's hot path: saves, replays and invariant checks only."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ...engine.rng import MASK64
from ...engine.saved_fields import SavedFields
from ..cards import ALL_CARDS, N_CARDS, TOKENS, combination_problem, combination_value, mask_of
from .setup import CHOOSE, GIVE, OVER, PHASE_NAMES, PLAY, REWARD, STEAL, Rules
from .state import VelonimoState

_MOST_TORTOISES = 7  # one of each colour
_TOP_VALUE = 100  # above any play's value (seven cards with the Jersey: 87; the top Hare: 50)


def state_from_dict(data: Mapping[str, Any], rules: Rules) -> VelonimoState:
    """The state saved as ``data`` (see :meth:`VelonimoState.to_dict`), or ValueError naming what is wrong."""
    f = SavedFields(data, "the saved Velonimo state")
    n = rules.players
    last_seat = n - 1
    all_seats = (1 << n) - 1
    top_card = N_CARDS - 1
    s = object.__new__(VelonimoState)
    s.cfg = rules
    s.rng = f.number("rng", 0, MASK64)
    s.round = f.number("round", 1, rules.rounds)
    s.phase = f.choice("phase", PHASE_NAMES)
    s.turn = f.number("turn", -1, last_seat)
    hands = f.rows("hands", 0, top_card, length=n)
    s.active = f.number("active", 0, all_seats)
    s.out_order = f.numbers("out_order", 0, last_seat)
    centre = f.numbers("centre", 0, top_card)
    s.cvalue = f.number("centre_value", 0, _TOP_VALUE)
    s.cseat = f.number("centre_seat", -1, last_seat)
    s.cjersey = f.flag("centre_jersey")
    pile = f.numbers("pile", 0, top_card)
    s.passes = f.number("passes", 0, all_seats)
    played = f.numbers("played", 0, top_card)
    aside = f.numbers("aside", 0, top_card)
    s.draw = f.numbers("draw", 0, top_card)
    s.revealed = f.number("revealed", -1, top_card)
    s.totals = f.numbers("totals", 0, length=n)
    s.rpoints = f.numbers("round_points", 0, length=n)
    s.history = f.rows("history", 0, row_length=n)
    s.jersey = f.number("jersey", -1, last_seat)
    s.jused = f.flag("jersey_used")
    s.starter = f.number("starter", 0, last_seat)
    s.svictim = f.number("steal_victim", -1, last_seat)
    s.smax = f.number("steal_max", 0, _MOST_TORTOISES)
    s.sleft = f.number("steal_left", 0, _MOST_TORTOISES)
    taken = f.numbers("steal_taken", 0, top_card)
    s.winners = f.numbers("winners", 0, last_seat)
    s._legal = None

    places = [(f"player {seat + 1}'s hand", h) for seat, h in enumerate(hands)]
    places += [("the played cards", played), ("the cards set aside", aside), ("the draw pile", s.draw)]
    if s.revealed >= 0:
        places.append(("the revealed card", (s.revealed,)))
    s.hands = tuple(mask_of(h) for h in hands)
    s.played = mask_of(played)
    s.aside = mask_of(aside)
    s.pile = _subset(pile, "the attack's pile", s.played, "the played cards")
    s.centre = _subset(centre, "the centre", s.pile, "the attack's pile")
    s.staken = mask_of(_distinct(taken, "the cards taken with the Tortoise"))
    _check_every_card_once(places)
    _check_consistency(s, centre)
    return s


def _distinct(cards: Sequence[int], place: str) -> Sequence[int]:
    seen = 0
    for c in cards:
        if seen >> c & 1:
            raise ValueError(f"card {TOKENS[c]} appears twice in {place}")
        seen |= 1 << c
    return cards


def _subset(cards: Sequence[int], place: str, within: int, within_place: str) -> int:
    mask = mask_of(_distinct(cards, place))
    for c in cards:
        if not within >> c & 1:
            raise ValueError(f"card {TOKENS[c]} is in {place} but not in {within_place}")
    return mask


def _check_every_card_once(places: list[tuple[str, Sequence[int]]]) -> None:
    where: dict[int, str] = {}
    for place, cards in places:
        for c in cards:
            if c in where:
                again = "in " + place if where[c] == place else f"in {where[c]} and in {place}"
                raise ValueError(f"card {TOKENS[c]} appears twice: {again}")
            where[c] = place
    held = mask_of(where)
    if held != ALL_CARDS:
        missing = [TOKENS[c] for c in range(N_CARDS) if not held >> c & 1]
        raise ValueError(f"cards are missing from the saved state: {', '.join(missing[:5])}"
                         + ("…" if len(missing) > 5 else ""))


def _seats(mask: int, players: int) -> str:
    return ", ".join(str(s + 1) for s in range(players) if mask >> s & 1)


def _check_consistency(s: VelonimoState, centre: Sequence[int]) -> None:
    cfg = s.cfg
    n = cfg.players
    over = s.phase == OVER
    # the deal
    if cfg.duel:
        if s.aside:
            raise ValueError("the Duel sets no cards aside")
        if s.revealed < 0 and s.phase == REWARD:
            raise ValueError("the revealed card to take is missing")
    elif s.draw or s.revealed >= 0:
        raise ValueError("only the Duel has a draw pile and a revealed card")
    if s.phase == REWARD and not cfg.duel:
        raise ValueError("only the Duel rewards the attack winner with the revealed card")
    # who still holds cards, who went out, whose turn
    if len(set(s.out_order)) != len(s.out_order):
        raise ValueError("a player went out twice in 'out_order'")
    out = mask_of(s.out_order)
    if over:
        if s.turn != -1 or s.winners != (s.jersey,):
            raise ValueError("a finished game has nobody to act and the Jersey holder as winner")
    else:
        if s.winners:
            raise ValueError("a game still being played has no winner")
        if out & s.active or out | s.active != (1 << n) - 1:
            raise ValueError(f"players still holding cards ({_seats(s.active, n)}) and players gone out "
                             f"({_seats(out, n)}) do not make up the table")
        for seat, hand in enumerate(s.hands):
            if hand and not s.active >> seat & 1:
                raise ValueError(f"player {seat + 1} went out but still holds cards")
            if not hand and s.active >> seat & 1 and not (s.phase == GIVE and seat == s.svictim):
                raise ValueError(f"player {seat + 1} holds no card but has not gone out")
        if s.turn < 0:
            raise ValueError("nobody is to act in a game still being played")
        if (s.phase == CHOOSE) == bool(s.active >> s.turn & 1):
            raise ValueError(f"player {s.turn + 1} is to act but " +
                             ("has gone out" if s.phase != CHOOSE else "still holds cards: only a player who "
                              "went out chooses who launches the next attack"))
    # the centre
    if centre:
        problem = combination_problem(centre, s.cjersey)
        if problem is not None:
            raise ValueError(f"the centre cards are not a valid play: {problem}")
        value = combination_value(centre, s.cjersey)
        if s.cvalue != value:
            raise ValueError(f"the centre's value is {s.cvalue} but its cards are worth {value}")
        if s.cseat < 0:
            raise ValueError("nobody played the centre cards")
        if s.passes & (1 << s.cseat | ~s.active):
            raise ValueError("only players still holding cards, other than the one who played the centre, pass")
    elif s.cvalue or s.cseat >= 0 or s.cjersey or s.passes or s.pile:
        raise ValueError("with no cards in the centre there is no value, player, Jersey, pile or pass")
    if s.phase != PLAY and s.phase != STEAL and s.phase != GIVE and s.pile:
        raise ValueError(f"the attack's pile must be empty in the {PHASE_NAMES[s.phase]} phase")
    # the Tortoise exchange
    if s.phase == STEAL:
        if not s.smax or s.svictim >= 0 or s.sleft or s.staken:
            raise ValueError("right after a Tortoise the thief may take 1 or more cards and has taken none")
    elif s.phase == GIVE:
        if s.svictim < 0 or s.svictim == s.turn or not 1 <= s.sleft <= s.smax:
            raise ValueError("a Tortoise exchange needs a victim other than the thief and 1 card or more "
                             "to give back, no more than were taken")
        if s.staken & ~s.hands[s.turn]:
            raise ValueError("the cards taken with the Tortoise are not in the thief's hand")
    elif s.svictim >= 0 or s.smax or s.sleft or s.staken:
        raise ValueError("there is no Tortoise exchange in progress")
    # points and the Jersey
    rounds_done = s.round if over else s.round - 1
    if len(s.history) != rounds_done:
        raise ValueError(f"round {s.round} needs {rounds_done} rounds of points in 'history', "
                         f"not {len(s.history)}")
    for seat in range(n):
        earned = sum(pts[seat] for pts in s.history) + (0 if over else s.rpoints[seat])
        if s.totals[seat] != earned:
            raise ValueError(f"player {seat + 1}'s total is {s.totals[seat]} but their rounds add up to {earned}")
        if s.rpoints[seat] and seat not in s.out_order:
            raise ValueError(f"player {seat + 1} scored this round without going out")
    if over and s.rpoints != s.history[-1]:
        raise ValueError("a finished game's round points are those of its last round")
    if (s.jersey < 0) != (not s.history):
        raise ValueError("the Jersey goes to the leader after round 1, and not before")
    if s.jused and (cfg.duel or s.jersey < 0):
        raise ValueError("the Jersey was used but nobody may use it")
