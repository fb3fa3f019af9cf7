"""A tiny pure, functional random number generator kept inside game states.

The RNG state is a plain int (JSON-safe, hashable, free to copy). Every draw takes the
current state and returns ``(value, next_state)``: an engine stores ``next_state`` in
the new game state, so a save made of config + seed + actions replays exactly.

Algorithm: SplitMix64 (Steele, Lea & Flood 2014), good statistical quality for games.
"""

from __future__ import annotations

from typing import Sequence, TypeVar

T = TypeVar("T")

MASK64 = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """The RNG state for a user-visible seed (any int, also negative or huge)."""
    return _mix(seed & MASK64 ^ 0x5DEECE66D)


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def next_u64(state: int) -> tuple[int, int]:
    """A uniform 64-bit value and the next state."""
    state = (state + _GAMMA) & MASK64
    return _mix(state), state


def below(state: int, n: int) -> tuple[int, int]:
    """A uniform int in [0, n) (n >= 1) and the next state. Modulo bias < 2**-50 for game sizes."""
    if n <= 0:
        raise ValueError("below() needs n >= 1")
    value, state = next_u64(state)
    return value % n, state


def die(state: int, sides: int = 6) -> tuple[int, int]:
    """A roll of a fair die with ``sides`` faces (1..sides) and the next state."""
    value, state = below(state, sides)
    return value + 1, state


def choice(state: int, seq: Sequence[T]) -> tuple[T, int]:
    index, state = below(state, len(seq))
    return seq[index], state


def shuffled(state: int, seq: Sequence[T]) -> tuple[tuple[T, ...], int]:
    """A Fisher-Yates shuffle of ``seq`` as a new tuple, and the next state."""
    items = list(seq)
    for i in range(len(items) - 1, 0, -1):
        j, state = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return tuple(items), state


def split(state: int, salt: int) -> int:
    """An independent stream derived from ``state`` (used by bots for determinizations)."""
    return _mix((state ^ (salt * _GAMMA)) & MASK64)
