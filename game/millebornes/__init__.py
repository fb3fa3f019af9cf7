"""Mille Bornes (the 2014 edition): race to 1000 miles with distance cards while opponents play hazards
on you; remedies fix them, safeties protect for the whole hand, a Coup Fourré answers a hazard out of turn.

Public API for the UI and tools: the actions (:class:`Draw`, :class:`Play`, :class:`Discard`,
:class:`Exchange`, :class:`CoupFourre`, :class:`FastRemedy`, :class:`Decline`, :class:`Extend`), the view
:class:`MilleBornesView` with its :class:`ZoneView`, the events in :data:`EVENT_TYPES`, and (as the
engine lands) :data:`SPEC`. The pure engine lives in :mod:`game.millebornes.rules`; card kinds in
:mod:`game.millebornes.rules.cards`.
"""

from .rules import *  # noqa: F403
from .rules import __all__  # noqa: F401
