"""The bots' decisions between the stages of a tour, and their worth of a tour (pure).

Taken by rule rather than searched (``VelomasterSpec.bot_choice``): a repêchage vote for one's own rider who
abandoned (the best placed in time if several), else for nobody; a jersey-holding team-mate is made leader when
it holds the Maillot Or (the Rouge alone is not worth the leader's protection); after the leader left, the
best-placed rider in the general classification leads.
"""

from __future__ import annotations

from typing import Sequence

from ..engine.protocol import Action
from . import bots
from .rules.tour import T_OVER, T_RACE, TourState
from .rules.tour_actions import NOBODY, Lead, Reinstate


def _seat_of(view, rider: int) -> int:
    tour = view.tour
    return view.riders[tour.slots[rider]].seat


def choose(view, seat: int, legal: Sequence[Action]) -> Action | None:
    """The rule-taken decision for ``seat`` between stages, or None (anything else: the bot searches)."""
    tour = getattr(view, "tour", None)
    if tour is None or tour.phase != "between":
        return None
    cum = tour.cum_time
    choice: Action | None = None
    if tour.step == "repechage":
        mine = [r for d in tour.decisions for r in d.riders if d.kind == "repechage" and _seat_of(view, r) == seat]
        choice = Reinstate(min(mine, key=lambda r: (cum[r], r)) if mine else NOBODY)
    elif tour.step == "leaders":
        decision = next((d for d in tour.decisions if d.kind == "leader" and seat in d.seats), None)
        if decision is not None:
            if decision.forced:
                place = {r: i for i, (r, _) in enumerate(tour.general)}
                choice = Lead(min(decision.riders, key=lambda r: (place.get(r, len(place)), r)))
            elif tour.or_jersey in decision.riders:
                choice = Lead(tour.or_jersey)
            else:
                choice = Lead(decision.riders[0])
    return choice if choice in legal else None


def evaluate(t: TourState, seat: int) -> float:
    """Worth of a tour for ``seat`` in [0, 1]: the stage being raced as a race is; at the end, the result."""
    if t.phase == T_RACE:
        return bots.evaluate(t.race, seat)
    if t.phase == T_OVER:
        result = t.result()
        if seat in result.winners:
            return 1.0
        return 0.4 * (1.0 - result.ranking.index(seat) / max(1, t.players - 1))
    return 0.5


__all__ = ["choose", "evaluate"]


