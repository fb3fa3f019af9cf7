"""Three small games that exercise the kinds of turn the real games need: simultaneous secret
picks (High Card), an out-of-turn question (Hazard) and teams (Relay)."""

from .hazard import HAZARD_GAME
from .highcard import HIGHCARD
from .relay import RELAY

TOY_GAMES = {g.id: g for g in (HIGHCARD, HAZARD_GAME, RELAY)}
