"""Jeu du Veldiv: the French 1930s velodrome dice race (pure engine; the table lives in the UI layer)."""

from .spec import SPEC, VeldivSpec

__all__ = ["SPEC", "VeldivSpec"]
