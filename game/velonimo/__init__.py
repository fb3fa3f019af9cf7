"""Velonimo (Bruno Cathala): shed your cards first with attacks and counter-attacks.

Public API for the UI and tools:

* :data:`SPEC` the :class:`~game.engine.protocol.GameSpec` (id ``velonimo``);
* actions :class:`PlayCards`, :class:`Pass`, :class:`Steal`, :class:`NoSteal`, :class:`GiveBack`,
  :class:`ChooseStarter`, :class:`DuelReward`;
* the view :class:`VelonimoView` and the events in :data:`EVENT_TYPES`;
* card helpers: :func:`combination_value`, :func:`combination_problem`, :func:`card_name`,
  :func:`card_token`, :func:`card_colour`, :func:`card_number`, :data:`COLOURS`, :data:`ANIMALS`.
"""

from .cards import (
    ANIMALS,
    COLOURS,
    HARE_VALUES,
    card_colour,
    card_from_token,
    card_id,
    card_name,
    card_number,
    card_token,
    combination_problem,
    combination_value,
    describe_play,
    hare_id,
    is_hare,
)
from .rules import (
    ACTION_TYPES,
    EVENT_TYPES,
    AttackWon,
    CardDrawn,
    CardGiven,
    CardRevealed,
    CardsPlayed,
    CardStolen,
    ChooseStarter,
    DuelReward,
    GameOver,
    GiveBack,
    JerseyAwarded,
    NoSteal,
    Pass,
    Passed,
    PlayCards,
    PlayerOut,
    RevealedCardTaken,
    RoundScored,
    RoundStarted,
    StarterChosen,
    Steal,
    StealDeclined,
    VelonimoState,
    VelonimoView,
)
from .spec import SPEC, VelonimoSpec

__all__ = [
    "ACTION_TYPES", "ANIMALS", "COLOURS", "EVENT_TYPES", "HARE_VALUES", "SPEC", "AttackWon", "CardDrawn",
    "CardGiven", "CardRevealed", "CardStolen", "CardsPlayed", "ChooseStarter", "DuelReward", "GameOver",
    "GiveBack", "JerseyAwarded", "NoSteal", "Pass", "Passed", "PlayCards", "PlayerOut", "RevealedCardTaken",
    "RoundScored", "RoundStarted", "StarterChosen", "Steal", "StealDeclined", "VelonimoSpec", "VelonimoState",
    "VelonimoView", "card_colour", "card_from_token", "card_id", "card_name", "card_number", "card_token",
    "combination_problem", "combination_value", "describe_play", "hare_id", "is_hare",
]
