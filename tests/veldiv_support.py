"""Helpers for the Veldiv rule tests: build a race in a given position and load the dice."""

from __future__ import annotations

from game.engine import rng as R
from game.veldiv import SPEC
from game.veldiv.rules.book import Book
from game.veldiv.rules.setup import setup_for
from game.veldiv.rules.state import VeldivState
from game.veldiv.rules.track import wrap

ROLL_PHASE, CHOOSE_PHASE, BONUS_PHASE = 0, 1, 2
RACING, DONE, OUT = 0, 1, 2


def rng_for(*dice: int) -> int:
    """An RNG state whose next throws are exactly ``dice``."""
    k = 0
    while True:
        state = R.seed_state(k)
        s, ok = state, True
        for d in dice:
            v, s = R.die(s, 6)
            if v != d:
                ok = False
                break
        if ok:
            return state
        k += 1


def race(variant: str, players: int, xs=None, *, st=None, turn=0, dice=(), options=None, **book) -> VeldivState:
    """A state of ``variant`` with riders at distances ``xs`` (spaces from their line; None = initial).

    Riders with status OUT are taken off the track. Book fields (pts, prem, tour, down, paid, lapc,
    gained, final, arrive, elim, lap_no, chart, bonus, queue) may be given by name.
    """
    config = SPEC.default_config(variant, players)
    if options:
        config = SPEC.validate_config(type(config)(variant, players, tuple(sorted(options.items()))))
    su = setup_for(config)
    start = VeldivState.initial(su, 0)
    x = tuple(xs) if xs is not None else start.x
    status = tuple(st) if st is not None else start.st
    sp = tuple(0 if status[r] == OUT else wrap(su.line[r] + x[r]) for r in range(su.riders))
    fields = {name: getattr(start.book, name) for name in Book.__slots__}
    fields.update(book)
    return VeldivState(su, x, sp, status, turn, ROLL_PHASE, (), rng_for(*dice) if dice else start.rng, False, 0,
                       Book(**fields))


def throw(state: VeldivState, *dice: int, seat=None):
    """The state after ``seat`` (default: whoever is to act) throws exactly ``dice``."""
    from game.veldiv.rules.actions import Roll

    seat = state.turn if seat is None else seat
    loaded = VeldivState(state.setup, state.x, state.sp, state.st, state.turn, state.phase, state.dice,
                         rng_for(*dice), state.over, state.throws, state.book)
    return loaded.apply(seat, Roll())


def kinds(events) -> list[str]:
    return [type(e).__name__ for e in events]


def of(events, cls):
    return [e for e in events if isinstance(e, cls)]
