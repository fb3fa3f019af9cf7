"""Tour of Alameda standings: stage points, the leader jersey, the winners and the final result."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from ...engine.protocol import Result
from ...engine.words import N_, Words, seat_ref
from .events import tour_words
from .talk import joined, listing

if TYPE_CHECKING:
    from .state import AlamedaState


def stage_award(distances: Sequence[int]) -> tuple[int, ...]:
    """Stage points: the winner 2; a tie for first, 1 each; with 4 or more players and no tie for
    first, everyone in second place 1."""
    players = len(distances)
    best = max(distances)
    firsts = [s for s in range(players) if distances[s] == best]
    award = [0] * players
    if len(firsts) > 1:
        for s in firsts:
            award[s] = 1
        return tuple(award)
    first = firsts[0]
    award[first] = 2
    if players >= 4:
        second = max(d for s, d in enumerate(distances) if s != first)
        for s in range(players):
            if s != first and distances[s] == second:
                award[s] = 1
    return tuple(award)


def jersey_after(points: Sequence[int], holder: int) -> tuple[int, bool]:
    """Who wears the jersey after a stage: the player with the most points; a tie leaves it where it
    is. Returns ``(seat, tied)``."""
    best = max(points)
    leaders = [s for s, p in enumerate(points) if p == best]
    if len(leaders) == 1:
        return leaders[0], False
    return holder, True


def hand_distance(hand: Sequence[int]) -> int:
    """The tie-break: the distance left in hand (the sum of its speed cards)."""
    return sum(hand)


def rank_key(seat: int, points: Sequence[int], hands: Sequence[Sequence[int]]) -> tuple[int, int, int]:
    """Best first: most points, then most distance left in hand, then seat order (only to list a shared place)."""
    return (-points[seat], -hand_distance(hands[seat]), seat)


def places(order: Sequence[int], points: Sequence[int], hands: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """The place of each player of the final ranking ``order``: players level on points and on the distance in
    hand share theirs ("If they're still tied, they get to share the honor!"): 1, 2, 2, 4."""
    shown: list[int] = []
    for i, seat in enumerate(order):
        level = i and rank_key(order[i - 1], points, hands)[:2] == rank_key(seat, points, hands)[:2]
        shown.append(shown[-1] if level else i + 1)
    return tuple(shown)


def winners_of(points: Sequence[int], hands: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], bool]:
    """The winners (several: they share the honour) and whether the distance in hand was needed."""
    best = max(points)
    top = [s for s, p in enumerate(points) if p == best]
    if len(top) == 1:
        return (top[0],), False
    most = max(hand_distance(hands[s]) for s in top)
    return tuple(s for s in top if hand_distance(hands[s]) == most), True


def result_of(state: AlamedaState) -> Result:
    players = state.cfg.players
    points, hands = state.points, state.hands
    order = sorted(range(players), key=lambda s: rank_key(s, points, hands))
    winners = state.winners or winners_of(points, hands)[0]
    labels = tuple(Words("Stage {n}", n=k + 1) for k in range(len(state.history)))
    series = []
    for s in range(players):
        total = 0
        line = []
        for stage_points in state.history:
            total += stage_points[s]
            line.append(float(total))
        series.append(tuple(line))
    # (details name seats as "{2}", filled by the results screen once the words are composed in the language in use)
    details: list[str] = [tour_words(joined([seat_ref(s) for s in winners]), len(winners), points[winners[0]])]
    for level in sorted(set(points), reverse=True):  # every tie the ranking breaks, the winners' first
        tied = [s for s in order if points[s] == level]
        if len(tied) > 1:
            shown = listing([Words("{player} {distance}", player=seat_ref(s), distance=hand_distance(hands[s]))
                             for s in tied])
            distances = {hand_distance(hands[s]) for s in tied}
            if len(distances) == len(tied):
                details.append(Words("Tie on points, broken by the distance left in hand: {distances}",
                                     distances=shown))
            elif len(distances) == 1:  # "If they're still tied, they get to share the honor!"
                details.append(Words("Tie on points and on the distance left in hand: {distances}; they share "
                                     "their place", distances=shown))
            else:
                details.append(Words("Tie on points, broken by the distance left in hand where it differs: "
                                     "{distances}; equal players share their place", distances=shown))
    stages = len(state.history)
    details.append(Words.plural("{n} stage raced", "{n} stages raced", stages))
    for k, stage_points in enumerate(state.history):
        scorers = sorted((s for s in range(players) if stage_points[s]), key=lambda s: (-stage_points[s], s))
        if scorers:
            gains = listing([Words("{player} +{points}", player=seat_ref(s), points=stage_points[s])
                             for s in scorers])
            details.append(Words("Stage {n}: {gains}", n=k + 1, gains=gains))
    return Result(
        scores=tuple(float(p) for p in points),
        ranking=tuple(order),
        winners=tuple(winners),
        score_label=N_("Points"),
        chart_labels=labels,
        chart_series=tuple(series),
        details=tuple(details),
        places=places(order, points, hands),
    )
