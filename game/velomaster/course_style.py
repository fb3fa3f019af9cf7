"""How VeloMaster draws a course's facts, shared by the map view, the profile strip and the preview:
terrain, feed, danger and summit-category colours, the slope scale, haloed map text and the category badge."""

from __future__ import annotations

from collections import OrderedDict
from typing import Sequence

import pygame

from ..ui import theme
from .course import CLIMB, DESCENT, Point

Colour = Sequence[int]

TERRAIN_COLOURS = {"flat": (128, 130, 140), CLIMB: (176, 104, 70), DESCENT: (80, 118, 178)}
FEED_COLOUR = (70, 160, 96)
FEED_MISS_COLOUR = (196, 70, 214)  # the stripes across a cell a move would reach by missing the feed
DANGER_COLOUR = (210, 48, 40)
CATEGORY_COLOURS = {"HC": (122, 20, 28), "1": (196, 40, 36), "2": (226, 104, 36), "3": (232, 160, 40),
                    "4": (226, 204, 80)}
TABLE = (20, 26, 34)  # what shows around the map when it is smaller than the view


def slope_colour(slope: int) -> tuple[int, int, int]:
    """Race-profile colours: yellow for gentle slopes to dark red for the steepest."""
    if slope <= 3:
        return (236, 196, 64)
    if slope <= 5:
        return (236, 146, 52)
    if slope <= 8:
        return (222, 92, 44)
    if slope <= 11:
        return (190, 44, 40)
    return (128, 24, 34)


_label_cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
LABEL_CACHE_SIZE = 600


def clear_text_cache() -> None:
    """Forget the rendered map texts (a table calls this, through clear_map_art, on leaving)."""
    _label_cache.clear()


def halo_text(s: str, size: int, colour: Colour, bold: bool = True, halo: Colour | None = None) -> pygame.Surface:
    """Text with a soft contrasting outline so it reads over the busy map (cached)."""
    key = (s, size, tuple(colour), bold, tuple(halo) if halo else None)
    img = _label_cache.get(key)
    if img is not None:
        _label_cache.move_to_end(key)
        return img
    if halo is None:
        halo = (250, 246, 232) if sum(colour[:3]) < 420 else (24, 24, 30)
    f = theme.font(size, "bold" if bold else "body")
    ring = max(1, size // 9)
    f.outline = ring
    try:
        back = f.render(s, True, halo)
    finally:
        f.outline = 0
    front = f.render(s, True, colour)
    img = pygame.Surface(back.get_size(), pygame.SRCALPHA)
    back.set_alpha(210)
    img.blit(back, (0, 0))
    img.blit(front, (ring, ring))
    _label_cache[key] = img
    if len(_label_cache) > LABEL_CACHE_SIZE:
        _label_cache.popitem(last=False)
    return img


def category_badge(surface: pygame.Surface, centre: Point, category: str, radius: int = 10) -> pygame.Rect:
    """The round summit-category badge (4, 3, 2, 1, HC)."""
    fill = CATEGORY_COLOURS.get(category, theme.RED)
    pygame.draw.circle(surface, (250, 246, 236), centre, radius + 2)
    pygame.draw.circle(surface, fill, centre, radius)
    size = max(9, int(radius * (1.0 if category == "HC" else 1.3)))
    return theme.blit_text(surface, category, (centre[0], centre[1] + 1), size, theme.contrast_ink(fill), "black",
                           anchor="center")
