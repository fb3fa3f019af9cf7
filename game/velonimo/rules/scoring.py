"""Velonimo standings: who leads (the Jersey), who starts a round, and the final result."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from ...engine.protocol import Result
from ...engine.words import count_words

if TYPE_CHECKING:
    from .state import VelonimoState


def rank_key(seat: int, totals: Sequence[int], rpoints: Sequence[int], out_order: Sequence[int]):
    """Best first: highest total, then most points last round, then earliest out last round."""
    place = out_order.index(seat) if seat in out_order else len(out_order)
    return (-totals[seat], -rpoints[seat], place, seat)


def jersey_leader(totals: Sequence[int], rpoints: Sequence[int], out_order: Sequence[int]) -> int:
    """Who gets the Jersey: most points, tie -> most points last round (-> earlier out, seat)."""
    return min(range(len(totals)), key=lambda s: rank_key(s, totals, rpoints, out_order))


def round_starter(totals: Sequence[int], rpoints: Sequence[int], out_order: Sequence[int]) -> int:
    """Who starts a round: fewest points, tie -> fewest points last round (-> later out, seat)."""
    def key(s: int):
        place = out_order.index(s) if s in out_order else len(out_order)
        return (totals[s], rpoints[s], -place, s)
    return min(range(len(totals)), key=key)


def result_of(state: VelonimoState) -> Result:
    """The game's result: the Jersey holder first, then by :func:`rank_key`; points per round."""
    players = state.cfg.players
    order = sorted(range(players), key=lambda s: rank_key(s, state.totals, state.rpoints, state.out_order))
    if state.jersey in order:
        order.remove(state.jersey)
        order.insert(0, state.jersey)
    labels = tuple(f"Round {r + 1}" for r in range(len(state.history)))
    series = []
    for s in range(players):
        total = 0
        line = []
        for pts in state.history:
            total += pts[s]
            line.append(float(total))
        series.append(tuple(line))
    details = []
    if state.jersey >= 0:
        details.append(f"Leader of the Pack Jersey: {{{state.jersey}}} ({count_words(state.totals[state.jersey], 'point')})")
    if state.cfg.duel and state.totals and max(state.totals) >= state.cfg.target:
        details.append(f"First to {count_words(state.cfg.target, 'point')} wins the Duel")
    details.append(f"Rounds played: {len(state.history)} of {state.cfg.rounds}")
    return Result(
        scores=tuple(float(t) for t in state.totals),
        ranking=tuple(order),
        winners=state.winners if state.winners else (order[0],),
        score_label="Points",
        chart_labels=labels,
        chart_series=tuple(series),
        details=tuple(details),
    )
