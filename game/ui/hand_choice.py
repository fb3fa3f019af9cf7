"""Which card of a hand is drawn as the one picked up, when the hand holds several cards of its kind.

A table remembers the card chosen by its kind (the engine's action names a kind, not a place in the hand) and the
place it was clicked at. Only the card clicked is lifted and outlined, never every card of the kind; if the hand
changed since (a card drawn, a hand-off), the first card of the kind stands for it."""

from __future__ import annotations

from collections.abc import Sequence


def chosen_slot(hand: Sequence[int], kind: int | None, slot: int | None) -> int | None:
    """The place in ``hand`` drawn as the chosen card of ``kind``, clicked at ``slot``; None when none is chosen."""
    if kind is None:
        return None
    if slot is not None and 0 <= slot < len(hand) and hand[slot] == kind:
        return slot
    return list(hand).index(kind) if kind in hand else None
