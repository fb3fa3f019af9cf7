"""Tour of Alameda (a bicycle racing game with a little mischief): each player races their own deck of
speed cards, stage after stage; a Monkey Wrench steals a rival's card for the leg.

Public API for the UI and tools: :data:`SPEC` (the GameSpec, id ``alameda``), the actions
:class:`Pick`, :class:`Wrench`, :class:`RestChoice`, the view :class:`AlamedaView`, the state
:class:`AlamedaState` and the events in :data:`EVENT_TYPES`. The pure engine lives in
:mod:`game.alameda.rules`.
"""

from .rules import *  # noqa: F403
from .rules import __all__  # noqa: F401
