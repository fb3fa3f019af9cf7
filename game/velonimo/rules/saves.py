"""Loading a saved Velonimo state, checking that it is consistent."""

from __future__ import annotations

from typing import Any, Mapping

from ..cards import ALL_CARDS, mask_of
from .setup import PHASE_NAMES, Rules
from .state import VelonimoState


def state_from_dict(data: Mapping[str, Any], rules: Rules) -> VelonimoState:
    s = object.__new__(VelonimoState)
    s.cfg = rules
    s.rng = int(data["rng"])
    s.round = int(data["round"])
    s.phase = PHASE_NAMES.index(data["phase"])
    s.turn = int(data["turn"])
    s.hands = tuple(mask_of(int(c) for c in h) for h in data["hands"])
    if len(s.hands) != rules.players:
        raise ValueError("the saved hands do not match the number of players")
    s.active = int(data["active"])
    s.out_order = tuple(int(x) for x in data["out_order"])
    s.centre = mask_of(data["centre"])
    s.cvalue = int(data["centre_value"])
    s.cseat = int(data["centre_seat"])
    s.cjersey = bool(data["centre_jersey"])
    s.pile = mask_of(data["pile"])
    s.passes = int(data["passes"])
    s.played = mask_of(data["played"])
    s.aside = mask_of(data["aside"])
    s.draw = tuple(int(c) for c in data["draw"])
    s.revealed = int(data["revealed"])
    s.totals = tuple(int(x) for x in data["totals"])
    s.rpoints = tuple(int(x) for x in data["round_points"])
    s.history = tuple(tuple(int(x) for x in h) for h in data["history"])
    s.jersey = int(data["jersey"])
    s.jused = bool(data["jersey_used"])
    s.starter = int(data["starter"])
    s.svictim = int(data["steal_victim"])
    s.smax = int(data["steal_max"])
    s.sleft = int(data["steal_left"])
    s.staken = mask_of(data["steal_taken"])
    s.winners = tuple(int(x) for x in data["winners"])
    s._legal = None
    held = 0
    for part in (*s.hands, s.played, s.aside, mask_of(s.draw), (1 << s.revealed) if s.revealed >= 0 else 0):
        if held & part:
            raise ValueError("a card appears twice in the saved state")
        held |= part
    if held != ALL_CARDS:
        raise ValueError("cards are missing from the saved state")
    return s

