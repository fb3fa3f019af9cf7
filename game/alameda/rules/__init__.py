"""Tour of Alameda rules engine (pure). See docs/rules/alameda.md for the rules and the readings chosen.

Modules: :mod:`.setup` (phases, cards, options, variants, :class:`Rules`), :mod:`.actions`,
:mod:`.events`, :mod:`.state` (who acts, legal actions, checks, apply, views), :mod:`.legs` (how
each move changes a state: the reveal, Monkey Wrenches, the end of a leg and of a stage),
:mod:`.scoring` (stage points, jersey, result), :mod:`.view`, :mod:`.saves` (loading a state, with
its consistency checks), :mod:`.spec` (the GameSpec, determinization) and :mod:`.bots`.
"""

from .actions import ACTION_TYPES, PICKS, REST_CHOICES, WRENCHES, Pick, RestChoice, Wrench, card_words
from .events import (
    EVENT_TYPES,
    BlindDraw,
    CardRevealed,
    CardTaken,
    EnduranceScored,
    HandsRefilled,
    JerseyAwarded,
    LegPlayed,
    MountaineerScored,
    OutOfCards,
    Picked,
    RestDecided,
    RestRevealed,
    StageScored,
    StageStarted,
    TimeTrialCalled,
    TourOver,
    WrenchClash,
    WrenchWasted,
)
from .scoring import jersey_after, stage_award, winners_of
from .setup import (
    NO_CARD,
    NOBODY,
    OVER,
    PHASE_NAMES,
    PICK,
    REST,
    STANDARD_COPIES,
    STATE_VERSION,
    WRENCH,
    WRENCH_CARD,
    YOUNGER_COPIES,
    Rules,
)
from .spec import SPEC, AlamedaSpec
from .state import AlamedaState
from .view import AlamedaView

__all__ = [
    "ACTION_TYPES", "EVENT_TYPES", "NOBODY", "NO_CARD", "OVER", "PHASE_NAMES", "PICK", "PICKS", "REST",
    "REST_CHOICES", "SPEC", "STANDARD_COPIES", "STATE_VERSION", "WRENCH", "WRENCHES", "WRENCH_CARD",
    "YOUNGER_COPIES", "AlamedaSpec", "AlamedaState", "AlamedaView", "BlindDraw", "CardRevealed", "CardTaken",
    "EnduranceScored", "HandsRefilled", "JerseyAwarded", "LegPlayed", "MountaineerScored", "OutOfCards", "Pick",
    "Picked", "RestChoice", "RestDecided", "RestRevealed", "Rules", "StageScored", "StageStarted",
    "TimeTrialCalled", "TourOver", "Wrench", "WrenchClash", "WrenchWasted", "card_words", "jersey_after",
    "stage_award", "winners_of",
]
