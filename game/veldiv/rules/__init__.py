"""Jeu du Veldiv rules engine (pure): the track, the six races, actions, events, state, results."""

from .actions import ACTION_TYPES, ChooseRider, Roll, TakeBonus
from .saves import state_from_dict
from .setup import AME, CAG, ELI, IND, PEQ, PUR, RACE_NAMES, VARIANTS, Setup, setup_for
from .state import STATE_VERSION, VeldivState
from .view import RiderView, VeldivView

__all__ = ["ACTION_TYPES", "AME", "CAG", "ELI", "IND", "PEQ", "PUR", "RACE_NAMES", "STATE_VERSION", "VARIANTS",
           "ChooseRider", "RiderView", "Roll", "Setup", "TakeBonus", "VeldivState", "VeldivView", "setup_for",
           "state_from_dict"]
