"""Velonimo standings: who leads (the Jersey), who starts a round, and the final result."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from ...engine.protocol import Result
from ...engine.words import N_, Words, seat_ref

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


def _points(n: int) -> Words:
    return Words.plural("{n} point", "{n} points", n)


def result_of(state: VelonimoState) -> Result:
    """The game's result: the Jersey holder first, then by :func:`rank_key`; points per round."""
    players = state.cfg.players
    order = sorted(range(players), key=lambda s: rank_key(s, state.totals, state.rpoints, state.out_order))
    if state.jersey in order:
        order.remove(state.jersey)
        order.insert(0, state.jersey)
    labels = tuple(Words("Round {n}", n=r + 1) for r in range(len(state.history)))
    series = []
    for s in range(players):
        total = 0
        line = []
        for pts in state.history:
            total += pts[s]
            line.append(float(total))
        series.append(tuple(line))
    # each detail is engine Words in which "{2}" stands for seat 2's name (the results screen fills it in)
    details = []
    if state.jersey >= 0:
        details.append(Words("Leader of the Pack Jersey: {player} ({points})", player=seat_ref(state.jersey),
                             points=_points(state.totals[state.jersey])))
    for level in sorted(set(state.totals), reverse=True):  # every tie on points the ranking breaks
        tied = [s for s in order if state.totals[s] == level]
        if len(tied) > 1:
            last = ", ".join(f"{seat_ref(s)} {state.rpoints[s]}" for s in tied)
            details.append(Words("Tie on {points}, broken by the points scored in the last round: {list}",
                                 points=_points(level), list=last))
    if state.cfg.duel and state.totals and max(state.totals) >= state.cfg.target:
        details.append(Words("First to {points} wins the Duel", points=_points(state.cfg.target)))
    details.append(Words("Rounds played: {played} of {rounds}", played=len(state.history), rounds=state.cfg.rounds))
    return Result(
        scores=tuple(float(t) for t in state.totals),
        ranking=tuple(order),
        winners=state.winners if state.winners else (order[0],),
        score_label=N_("Points"),
        chart_labels=labels,
        chart_series=tuple(series),
        details=tuple(details),
    )
