"""Where to put a floating panel (tooltip, toast) so that it hides none of the controls on screen.

``place`` tries candidate positions in order and keeps the first that overlaps no rect to keep
visible, else the one that overlaps least (clamped to the screen).
"""

from __future__ import annotations

from typing import Iterable, Sequence

import pygame


def overlap(rect: pygame.Rect, avoid: Iterable[pygame.Rect]) -> int:
    total = 0
    for other in avoid:
        clip = rect.clip(other)
        total += clip.w * clip.h
    return total


def place(candidates: Sequence[pygame.Rect], avoid: Sequence[pygame.Rect], bounds: pygame.Rect) -> pygame.Rect:
    best, best_cost = None, None
    for candidate in candidates:
        rect = candidate.clamp(bounds)
        cost = overlap(rect, avoid)
        if cost == 0:
            return rect
        if best_cost is None or cost < best_cost:
            best, best_cost = rect, cost
    return best if best is not None else candidates[0].clamp(bounds)


def around(anchor: pygame.Rect, size: tuple[int, int], gap: int = 8) -> list[pygame.Rect]:
    """Above, below, right of and left of ``anchor`` (centred on it)."""
    w, h = size
    above = pygame.Rect(0, 0, w, h)
    above.midbottom = (anchor.centerx, anchor.top - gap)
    below = pygame.Rect(0, 0, w, h)
    below.midtop = (anchor.centerx, anchor.bottom + gap)
    right = pygame.Rect(0, 0, w, h)
    right.midleft = (anchor.right + gap, anchor.centery)
    left = pygame.Rect(0, 0, w, h)
    left.midright = (anchor.left - gap, anchor.centery)
    return [above, below, right, left]
