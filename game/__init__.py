"""Vélothèque: cycling and racing tabletop games at one screen."""

__version__ = "0.1.0"
