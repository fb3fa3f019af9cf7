"""The Veldiv oval (pure): 48 numbered spaces, the line just after space 48.

A rider's position is kept two ways: ``space`` (1..48, 0 = off the track) for the one-rider-per-space
rule, and ``distance`` (spaces covered since it was placed on its line) for laps, "behind/ahead",
lapping and pursuit catches. A rider whose line is space ``L`` completes a lap each time it *passes*
``L`` (moves beyond it): landing exactly on ``L`` is not yet a crossing.
"""

from __future__ import annotations

SPACES = 48
SIX_COUNTS = 12  # Art. 1 / Art. 4: the lucky six moves twelve spaces
CAGNOTTE_RESTART = 38  # La Cagnotte: the last rider restarts the coming lap from space 38


def wrap(space: int) -> int:
    """A space number brought back onto 1..48."""
    return (space - 1) % SPACES + 1


def lap_of(distance: int) -> int:
    """Laps completed after covering ``distance`` spaces from the line (passing it, not landing on it)."""
    return (distance - 1) // SPACES if distance > 0 else 0


def span(start: int, end: int) -> tuple[int, ...]:
    """The spaces entered when moving forward from ``start`` to ``end`` (``start`` excluded)."""
    n = (end - start) % SPACES or SPACES
    return tuple(wrap(start + i) for i in range(1, n + 1))


def pursuit_starts(teams: int) -> tuple[int, ...]:
    """Poursuite start spaces by number of players: 2 → 24, 48; 3 → 16, 32, 48; 4 → 12, 24, 36, 48."""
    return tuple(SPACES * (i + 1) // teams for i in range(teams))
