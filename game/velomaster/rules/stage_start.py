"""How a stage of a tour starts (pure): the riders who do not start and the condition each rider carries.

A single race starts with everybody fresh (``VelomasterState.initial(setup, seed)``); a tour's later stages pass a
:class:`StageStart`: riders who abandoned or were excluded earlier stay out ("un coureur ayant abandonné"), and at
Pro each rider carries its physical condition from the stage before.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class StageStart:
    """``absent``: rider slots that do not start this stage (OUT from the start: never launched, never in the turn
    order; a team with none left sits the stage out). ``condition``: the condition (percent, may exceed 100) each
    rider slot starts with, or None for everyone at 100; ``public``: its public figure (what the others can count,
    :mod:`.condition`), or None for the condition up to 100."""

    absent: frozenset[int] = frozenset()
    condition: tuple[int, ...] | None = None
    public: tuple[int, ...] | None = None

    def check(self, riders: int) -> None:
        """ValueError in plain words if this start does not fit a race of ``riders`` rider slots."""
        if any(type(r) is not int or not 0 <= r < riders for r in self.absent):
            raise ValueError(f"a stage's absent riders are rider slots from 0 to {riders - 1}")
        if self.condition is not None and (len(self.condition) != riders
                                           or any(type(c) is not int or c < 0 for c in self.condition)):
            raise ValueError(f"a stage's starting condition gives a percentage for each of the {riders} riders")


__all__ = ["StageStart"]
