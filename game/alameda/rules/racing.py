"""Tour of Alameda's racing sense, the card it plays (pure): shared by the policy (:mod:`.bots`) and Hard's reading
of the other riders' hands (:mod:`.reading`), which reads their moves back through this same rule.

Thresholds tuned in policy-against-policy tours (docs/bots/alameda.md; the rule itself:
docs/rules/alameda.md).
"""

from __future__ import annotations

from .setup import WRENCH_CARD

WEAK_HAND = 5  # play the Wrench when no card in hand is higher
LAST_REVEALER_HAND = 6  # ... or when revealing last with no card higher
HOPELESS = 8  # behind the stage leader by this much: save good cards, play the lowest
SAFE_LEAD = 10  # ahead of everyone by this much: play the lowest


def ends_stage(players: int, revealed: int, margin: int) -> bool:
    """Would a Wrench played now end a stage the rider leads (``revealed`` Wrenches shown before it)?"""
    return revealed + 1 >= players // 2 + 1 and margin > 0


def wrench_cap(last_revealer: bool) -> int:
    """The best card a hand may hold and still be swapped for the Wrench."""
    return LAST_REVEALER_HAND if last_revealer else WEAK_HAND


def far_from_the_fight(margin: int) -> bool:
    """The stage is won or lost by far: the racing sense plays its lowest card."""
    return margin >= SAFE_LEAD or margin <= -HOPELESS


def racing_card(hand, wrench_held: bool, margin: int, ending: bool, last_revealer: bool) -> int:
    """The card played from ``hand`` (speed cards, increasing): the Wrench to end a stage it leads (``ending``), to
    replace a weak hand, or when revealing last; else the highest card while the stage is open, the lowest when it
    is won or lost by far."""
    if not hand:
        return WRENCH_CARD
    if wrench_held and (ending or hand[-1] <= wrench_cap(last_revealer)):
        return WRENCH_CARD
    return hand[0] if far_from_the_fight(margin) else hand[-1]
