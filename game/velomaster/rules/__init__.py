"""VeloMaster rules engine (pure): levels as data, course tables, actions, events, state, results.

Niveau Débutant today; see docs/rules/velomaster.md for the rules and every interpretation.
"""

from .actions import ACTION_TYPES, Assign, Descend, Entraide, Launch, NoDescend, Refuse, Roll, Step, Stop
from .events import (
    EVENT_TYPES as _RACE_EVENT_TYPES,
)
from .events import (
    Crash,
    DiceRolled,
    DieAssigned,
    EntraideOffered,
    EntraideRefused,
    MissedTurn,
    MoveEnded,
    OrderRoll,
    PowerRoll,
    RaceOver,
    Remounted,
    RiderFinished,
    RiderStepped,
    SkillRoll,
    SummitPoints,
    TurnOrder,
    TurnStarted,
)
from .geo import Geo
from .levels import LEVELS, Level, Phase
from .pro_events import PRO_EVENT_TYPES
from .reach import ReachInfo, choice_reach, entraide_options, reachable
from .result import SheetLine, points_sheet
from .saves import state_from_dict
from .setup import Setup
from .standings import climbers_ranking, jerseys, time_ranking
from .state import STATE_VERSION, VelomasterState
from .variants import (
    CHAMPION_JERSEY,
    COURSES,
    VARIANT_ALIASES,
    VARIANTS,
    level_and_course,
    race_label,
    race_summary,
)
from .view import RiderView, SummitView, VelomasterView

EVENT_TYPES = _RACE_EVENT_TYPES + PRO_EVENT_TYPES  # Pro's events (pro_events.py) too

__all__ = [
    "ACTION_TYPES", "CHAMPION_JERSEY", "COURSES", "EVENT_TYPES", "LEVELS", "STATE_VERSION",
    "VARIANTS", "VARIANT_ALIASES",
    "Assign", "Crash", "Descend", "DiceRolled", "DieAssigned", "Entraide", "EntraideOffered", "EntraideRefused",
    "Geo", "Launch", "Level", "MissedTurn", "MoveEnded", "NoDescend", "OrderRoll", "Phase", "PowerRoll",
    "RaceOver", "ReachInfo", "Refuse", "Remounted", "RiderFinished", "RiderStepped", "RiderView", "Roll",
    "Setup", "SheetLine", "SkillRoll", "Step", "Stop", "SummitPoints", "SummitView", "TurnOrder", "TurnStarted",
    "VelomasterState", "VelomasterView", "choice_reach", "climbers_ranking", "entraide_options",
    "jerseys", "level_and_course", "points_sheet", "race_label", "race_summary", "reachable", "state_from_dict",
    "time_ranking",
]
