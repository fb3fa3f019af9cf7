"""Mille Bornes rules engine (pure). See docs/rules/millebornes.md for the rules and the readings chosen.

Modules: :mod:`.cards` (kinds, names, families, the classic deck), :mod:`.actions`, :mod:`.events`,
:mod:`.view`, :mod:`.setup` (phases, options, variants, :class:`Rules`), :mod:`.zone` (a driving zone and
what may be played on it), :mod:`.state` (who acts, legal actions, checks, apply, views), :mod:`.moves` (how
each move changes a state), :mod:`.scoring` (hand scores, result), :mod:`.saves` (loading a state, with its
consistency checks), :mod:`.spec` (the GameSpec, determinization) and :mod:`.bots`.
"""

from .actions import (
    ACTION_TYPES,
    COUP_FOURRE,
    DECLINE,
    DISCARDS,
    DRAWS,
    EXTENDS,
    FAST_REMEDIES,
    PLAYS,
    CoupFourre,
    Decline,
    Discard,
    Draw,
    Exchange,
    Extend,
    FastRemedy,
    Play,
    card_name,
    card_words,
)
from .events import (
    EVENT_TYPES,
    CardsDrawn,
    CardsExchanged,
    CoupFourrePlayed,
    Declined,
    Discarded,
    DiscardTaken,
    DistancePlayed,
    DrawingOver,
    DrawPileReshuffled,
    ExtensionDecided,
    ExtensionOffered,
    FastRemedyPlayed,
    HandScored,
    HandStarted,
    HazardPlayed,
    MatchOver,
    RemedyPlayed,
    SafetyPlayed,
    TurnPassed,
)
from .setup import ASKED, DRAW, EXTEND, OVER, PLAY, STATE_VERSION, TOGGLES, Rules
from .spec import SPEC, MilleBornesSpec
from .state import MilleBornesState
from .view import PHASES, MilleBornesView, ZoneView

__all__ = [
    "ASKED", "DRAW", "EXTEND", "OVER", "PLAY", "SPEC", "STATE_VERSION", "TOGGLES", "MilleBornesSpec",
    "MilleBornesState", "Rules",
    "ACTION_TYPES", "COUP_FOURRE", "DECLINE", "DISCARDS", "DRAWS", "EVENT_TYPES", "EXTENDS", "FAST_REMEDIES",
    "PHASES", "PLAYS", "CardsDrawn", "CardsExchanged", "CoupFourre", "CoupFourrePlayed", "Decline", "Declined",
    "Discard", "DiscardTaken", "Discarded", "DistancePlayed", "Draw", "DrawPileReshuffled", "DrawingOver",
    "Exchange", "Extend", "ExtensionDecided", "ExtensionOffered", "FastRemedy", "FastRemedyPlayed", "HandScored",
    "HandStarted", "HazardPlayed", "MatchOver", "MilleBornesView", "Play", "RemedyPlayed", "SafetyPlayed",
    "TurnPassed", "ZoneView", "card_name", "card_words",
]
