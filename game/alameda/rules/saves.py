"""Loading a saved Tour of Alameda state: every field's type and range, then the game's consistency
rules (no seat holds more cards of a value than its deck had, whoever is awaited can act, points
adding up…), each problem named in a ValueError. Not on the engine's hot path."""

from __future__ import annotations

from typing import Any, Mapping

from ...engine.rng import MASK64
from ...engine.saved_fields import SavedFields, check_list, shown
from .scoring import winners_of
from .setup import NO_CARD, NOBODY, OVER, PHASE_NAMES, PICK, REST, TOP_VALUE, WRENCH, WRENCH_CARD, Rules
from .state import AlamedaState

_MAX_STAGES = 200  # far above any deck's stages (each stage plays at least one card per player)
_MAX_LEGS = 100


def _flags(f: SavedFields, key: str, length: int) -> int:
    """A list of ``length`` true/false values, as a seat mask."""
    items = check_list(f.get(key), repr(key), length)
    mask = 0
    for s, value in enumerate(items):
        if type(value) is not bool:
            raise ValueError(f"{key!r} item {s + 1} must be true or false, not {shown(value)}")
        mask |= value << s
    return mask


def state_from_dict(data: Mapping[str, Any], rules: Rules) -> AlamedaState:
    """The state saved as ``data`` (see :meth:`AlamedaState.to_dict`), or ValueError naming what is wrong."""
    f = SavedFields(data, "the saved Tour of Alameda state")
    n = rules.players
    last_seat = n - 1
    s = object.__new__(AlamedaState)
    s.cfg = rules
    s.rng = f.number("rng", 0, MASK64)
    s.phase = f.choice("phase", PHASE_NAMES)
    s.stage = f.number("stage", 1, _MAX_STAGES)
    s.leg = f.number("leg", 1, _MAX_LEGS)
    waiting = f.numbers("waiting", 0, last_seat)
    s.hands = tuple(tuple(sorted(h)) for h in f.rows("hands", 1, TOP_VALUE, length=n))
    s.wrenches = _flags(f, "wrenches", n)
    s.decks = f.rows("decks", 1, TOP_VALUE, length=n)
    s.picks = f.numbers("picks", NO_CARD, TOP_VALUE, length=n)
    s.faceup = _flags(f, "faceup", n)
    s.reveal_at = f.number("reveal_at", 0, n)
    s.monkey = f.number("monkey", NOBODY, last_seat)
    s.distances = f.numbers("distances", 0, length=n)
    s.points = f.numbers("points", 0, length=n)
    s.stage_points = f.numbers("stage_points", 0, length=n)
    s.history = f.rows("history", 0, row_length=n)
    s.jersey = f.number("jersey", 0, last_seat)
    s.last_leg = f.numbers("last_leg", NO_CARD, TOP_VALUE, length=n)
    s.final_leg = f.flag("final_leg")
    s.rests = f.numbers("rests", NO_CARD, 1, length=n)
    s.winners = f.numbers("winners", 0, last_seat)
    if len(set(waiting)) != len(waiting):
        raise ValueError("a player is awaited twice in 'waiting'")
    s.waiting = sum(1 << seat for seat in waiting)
    _check_cards(s)
    _check_turn(s)
    _check_points(s)
    return s


def _check_cards(s: AlamedaState) -> None:
    cfg = s.cfg
    for seat in range(cfg.players):
        counts = [0] * (TOP_VALUE + 1)
        for card in s.hands[seat] + s.decks[seat]:
            counts[card] += 1
        face_down = s.picks[seat] > 0 and not s.faceup >> seat & 1
        if face_down:
            counts[s.picks[seat]] += 1
        for value in range(1, TOP_VALUE + 1):
            if counts[value] > cfg.copies[value - 1]:
                raise ValueError(f"player {seat + 1} has {counts[value]} cards of {value} but each deck holds "
                                 f"{cfg.copies[value - 1]}")
        if len(s.hands[seat]) > cfg.hand_size:
            raise ValueError(f"player {seat + 1} holds {len(s.hands[seat])} speed cards, more than a hand of "
                             f"{cfg.hand_size}")
        if s.picks[seat] == WRENCH_CARD and s.wrenches >> seat & 1:
            raise ValueError(f"player {seat + 1} played their Monkey Wrench and still holds it")


def _check_turn(s: AlamedaState) -> None:
    cfg = s.cfg
    n = cfg.players
    holding = s.wrenches
    for seat in range(n):
        if s.hands[seat]:
            holding |= 1 << seat
    if s.phase == OVER:
        if s.waiting or s.winners != winners_of(s.points, s.hands)[0]:
            raise ValueError("a finished tour has nobody to act and the players with the most points "
                             "(then distance in hand) as winners")
        return
    if s.winners:
        raise ValueError("a tour still being raced has no winner")
    if s.phase != WRENCH and s.monkey != NOBODY:
        raise ValueError("only while a Monkey Wrench is resolved is there a Monkey")
    if s.phase != REST and any(r != NO_CARD for r in s.rests):
        raise ValueError("Rest choices are made only between stages")
    if s.phase == PICK:
        if s.faceup or s.reveal_at:
            raise ValueError("no card is face up before every player has picked")
        if s.waiting & ~holding:
            raise ValueError("a player with no card left is awaited to pick one")
        for seat in range(n):
            picked = s.picks[seat] >= 0
            if s.waiting >> seat & 1 and picked:
                raise ValueError(f"player {seat + 1} is awaited but has already picked")
            if not s.waiting >> seat & 1 and holding >> seat & 1 and not picked:
                raise ValueError(f"player {seat + 1} holds cards, has not picked and is not awaited")
        if not s.waiting:
            raise ValueError("every player has picked but the cards were not revealed")
    elif s.phase == WRENCH:
        monkey = s.monkey
        if monkey < 0 or s.waiting != 1 << monkey:
            raise ValueError("while a Monkey Wrench is resolved, only its Monkey is awaited")
        if s.picks[monkey] != WRENCH_CARD or not s.faceup >> monkey & 1:
            raise ValueError(f"player {monkey + 1} is the Monkey but has no face-up Monkey Wrench")
        if cfg.orders[s.jersey].index(monkey) + 1 != s.reveal_at:
            raise ValueError("the reveal has not reached the Monkey")
        if not s.wrench_targets():
            raise ValueError("the Monkey has nobody to wrench")
    elif s.phase == REST:
        if not cfg.rest:
            raise ValueError("the Rest rule is not in play")
        if any(s.picks[seat] != NO_CARD for seat in range(n)) or s.faceup:
            raise ValueError("no card is in play between stages")
        for seat in range(n):
            decided = s.rests[seat] != NO_CARD
            if s.waiting >> seat & 1 and (decided or not s.hands[seat]):
                raise ValueError(f"player {seat + 1} is awaited to rest but has decided or holds no speed card")
        if not s.waiting:
            raise ValueError("every player has decided whether to rest but the stage has not started")


def _check_points(s: AlamedaState) -> None:
    n = s.cfg.players
    over = s.phase == OVER
    finished = s.stage if over or s.phase == REST else s.stage - 1
    if len(s.history) != finished:
        raise ValueError(f"stage {s.stage} needs the points of {finished} finished stages in 'history', "
                         f"not {len(s.history)}")
    for seat in range(n):
        earned = sum(row[seat] for row in s.history) + s.stage_points[seat]
        if s.points[seat] != earned:
            raise ValueError(f"player {seat + 1} has {s.points[seat]} points but their stages add up to {earned}")
    if (over or s.phase == REST) and any(s.stage_points):
        raise ValueError("between stages, no point is counted for a stage not yet raced")
