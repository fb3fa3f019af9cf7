"""Where the bikes are (pure): the cells taken, the steps open to a rider. Queries on any state, shared by
the transitions (:mod:`.play`, :mod:`.moves`), the line queries (:mod:`.lines`) and the bots."""

from __future__ import annotations

from .codes import ROAD


def replaced(t: tuple, i: int, v) -> tuple:
    return t[:i] + (v,) + t[i + 1:]


def occupied(s) -> set[int] | frozenset[int]:
    """Cells holding a bike on the road (riders at the roadside, finished or at the start are not).
    Cached on the state; never mutate the result."""
    occ = s._occupied_cache
    if occ is None:
        occ = s._occupied_cache = frozenset([p for p, t in zip(s.pos, s.status, strict=True) if p and t == ROAD])
    return occ


def row_of(s, r: int) -> int:
    return s.setup.geo.row[s.pos[r]]


def move_targets(s, occ=None) -> list[tuple[int, int]]:
    """(cell, kind) steps for the moving rider: free, not already visited by this move."""
    g = s.setup.geo
    if occ is None:
        occ = occupied(s)
    path = s.move_path
    return [(c, k) for c, k in g.nxt[s.pos[s.moving_rider]] if c not in occ and c not in path]


def descent_targets(s, r: int, occ=None) -> list[tuple[int, int]]:
    g = s.setup.geo
    if occ is None:
        occ = occupied(s)
    return [(c, k) for c, k in g.nxt[s.pos[r]] if c not in occ]
