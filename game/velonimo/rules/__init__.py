"""Velonimo rules engine (pure): actions, events, the precomputed plays, the immutable state and
its view, moves, standings and saves. See docs/rules/velonimo.md for the rules and the
interpretations chosen.

Modules: :mod:`.actions` (what a seat may ask), :mod:`.events` (what happened), :mod:`.setup`
(phases, scoring choices, :class:`Rules`, the shuffle), :mod:`.plays` (every valid play with
its interned actions, hands' plays memoized), :mod:`.state` (legal actions, checks, apply),
:mod:`.moves` (how each move changes a state), :mod:`.scoring` (Jersey, starter, result),
:mod:`.view` and :mod:`.saves` (loading a saved state, with its consistency checks).
"""

from .actions import (
    ACTION_TYPES,
    CHOOSE_ACTIONS,
    GIVE_ACTIONS,
    NO_STEAL,
    PASS,
    REWARD_ACTIONS,
    STEAL_ACTIONS,
    ChooseStarter,
    DuelReward,
    GiveBack,
    NoSteal,
    Pass,
    PlayCards,
    Steal,
    cards_in_plays,
)
from .events import (
    EVENT_TYPES,
    AttackWon,
    CardDrawn,
    CardGiven,
    CardRevealed,
    CardsPlayed,
    CardStolen,
    GameOver,
    JerseyAwarded,
    Passed,
    PlayerOut,
    RevealedCardTaken,
    RoundScored,
    RoundStarted,
    StarterChosen,
    StealDeclined,
)
from .plays import SPREAD, HandPlays, Play, hand_plays, note_hand_grew, note_hand_shrunk, play_of
from .saves import state_from_dict
from .scoring import jersey_leader, rank_key, round_starter
from .setup import (
    CHOOSE,
    GIVE,
    NEXT,
    OVER,
    PHASE_NAMES,
    PLAY,
    REWARD,
    SCORING_CHOICES,
    STATE_VERSION,
    STEAL,
    TO_ACT,
    Rules,
    points_per_opponent,
    shuffle_cards,
)
from .state import VelonimoState
from .view import VelonimoView

__all__ = [
    "ACTION_TYPES", "CHOOSE", "CHOOSE_ACTIONS", "EVENT_TYPES", "GIVE", "GIVE_ACTIONS", "NEXT", "NO_STEAL", "OVER",
    "PASS", "PHASE_NAMES", "PLAY", "REWARD", "REWARD_ACTIONS", "SCORING_CHOICES", "SPREAD", "STATE_VERSION",
    "STEAL", "STEAL_ACTIONS", "TO_ACT", "AttackWon", "CardDrawn", "CardGiven", "CardRevealed", "CardStolen",
    "CardsPlayed", "ChooseStarter", "DuelReward", "GameOver", "GiveBack", "HandPlays", "JerseyAwarded",
    "NoSteal", "Pass", "Passed", "Play", "PlayCards", "PlayerOut", "RevealedCardTaken", "RoundScored",
    "RoundStarted", "Rules", "StarterChosen", "Steal", "StealDeclined", "VelonimoState", "VelonimoView",
    "cards_in_plays", "hand_plays", "jersey_leader", "note_hand_grew", "note_hand_shrunk", "play_of", "points_per_opponent",
    "rank_key", "round_starter", "shuffle_cards", "state_from_dict",
]
