"""Helpers for the Tour of Alameda tests: configs, positions built card by card, legs played."""

from __future__ import annotations

from typing import Sequence

from game.alameda import SPEC, AlamedaState
from game.alameda.rules import NO_CARD, WRENCH_CARD, Pick, Wrench
from game.engine.protocol import Config

NAMES = ("Ann", "Bob", "Cleo", "Dora", "Eddy", "Fay")
W = WRENCH_CARD


def config(players: int = 4, variant: str = "standard", **options) -> Config:
    base = dict(SPEC.default_config(variant, players).options)
    unknown = set(options) - set(base)
    assert not unknown, f"no such option {unknown}"
    base.update(options)
    return SPEC.validate_config(Config(variant, players, tuple(sorted(base.items()))))


def build(players: int = 4, hands: Sequence[Sequence[int]] | None = None, decks: Sequence[Sequence[int]] | None = None,
          *, jersey: int = 0, wrenches: Sequence[bool] | None = None, distances: Sequence[int] | None = None,
          points: Sequence[int] | None = None, stage: int = 1, leg: int = 1, history=None, variant: str = "standard",
          seed: int = 1, **options) -> AlamedaState:
    """A position at the start of a leg (every seat holding a card awaited). Unlisted decks are empty;
    ``points`` are counted in a single earlier stage when ``history`` is not given."""
    state = SPEC.new_state(config(players, variant, **options), seed)
    s = state._copy()
    if hands is not None:
        s.hands = tuple(tuple(sorted(h)) for h in hands)
    s.decks = tuple(tuple(d) for d in decks) if decks is not None else ((),) * players
    s.wrenches = (sum(1 << i for i, w in enumerate(wrenches) if w) if wrenches is not None
                  else s.cfg.all_seats)
    s.jersey = jersey
    s.distances = tuple(distances) if distances is not None else (0,) * players
    s.points = tuple(points) if points is not None else (0,) * players
    s.stage = stage
    s.leg = leg
    if history is None:
        history = (tuple(s.points),) * (stage - 1) if stage > 1 else ()
        if stage > 2:
            history = (tuple(s.points),) + ((0,) * players,) * (stage - 2)
    s.history = tuple(tuple(h) for h in history)
    s.stage_points = tuple(p - sum(h[i] for h in s.history) for i, p in enumerate(s.points))
    waiting = s.wrenches
    for i, h in enumerate(s.hands):
        if h:
            waiting |= 1 << i
    s.waiting = waiting
    s.picks = (NO_CARD,) * players
    return s


def pick_all(state: AlamedaState, cards: dict[int, int]):
    """Every listed seat picks its card (in seat order); returns the state and all the events."""
    events = []
    for seat in sorted(cards):
        state, evs = state.apply(seat, Pick(cards[seat]))
        events.extend(evs)
    return state, events


def wrench(state: AlamedaState, target: int):
    (monkey,) = state.to_act()
    return state.apply(monkey, Wrench(target))


def texts(events) -> list[str]:
    return [e.text(NAMES) for e in events]


def of_type(events, kind) -> list:
    return [e for e in events if isinstance(e, kind)]


def resolve(state: AlamedaState, events: list | None = None, target=None):
    """Let every Monkey revealed choose (``target(state)`` or the first legal target) until the leg is
    over; returns the state and the events (``events`` extended)."""
    events = [] if events is None else events
    while state.phase_name == "wrench":
        (monkey,) = state.to_act()
        chosen = target(state) if target is not None else state.legal_actions(monkey)[0].target
        state, more = state.apply(monkey, Wrench(chosen))
        events.extend(more)
    return state, events
