"""The Mille Bornes card art's palette and drawing scale, shared by the faces (card_art) and the
pictograms."""

from __future__ import annotations

from .rules import cards

SS = 3  # supersampling factor for shapes
MIN_TEXT = 6  # the smallest name size, in pixels
SQUEEZE = 0.8  # a name's letters may be narrowed to this share of their width rather than shrunk

HAZARD_RGB = (196, 50, 42)
REMEDY_RGB = (42, 136, 72)
SAFETY_RGB = (34, 80, 158)
GOLD = (234, 186, 54)
WHITE = (250, 248, 242)
CREAM = (250, 243, 222)
EDGE = (246, 239, 222)
TYRE = (38, 38, 44)
STEEL = (176, 182, 192)
DIM = (70, 66, 70)
# each distance has its own colour (number, frame, car), so 25 and 200 never look alike
DISTANCE_RGB = {cards.D25: (70, 150, 90), cards.D50: (52, 116, 196), cards.D75: (132, 84, 180),
                cards.D100: (224, 120, 32), cards.D200: (176, 40, 96)}
FAMILY_RGB = {"hazard": HAZARD_RGB, "remedy": REMEDY_RGB, "safety": SAFETY_RGB}
Label = tuple[str, tuple[float, float], float, tuple, str]  # text, centre and size (3x pixels), colour, style
