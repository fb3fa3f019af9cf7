"""What floats over the VeloMaster map, placed where it hides no words: the pops over the riders ("Skill 12:
safe", "−20 % attack") and the banners of news.

:class:`MapCallouts` is the table's :class:`~game.ui.table_animation.EventAnimator` (the same timeline, pops,
banners and flights) drawing its pops and banners inside the map and clear of what already has words there: the
cells' odds, a rider's name tag, the hover card, the phase badge, the vote question, the buttons over the map,
a toast, each other (and, while there is room, the map's own place names). Each moves the least it must from
where it belongs (a pop just above its rider, the banners at the top of the map), and keeps the spot it found
while it stays free, so nothing jumps from frame to frame.
"""

from __future__ import annotations

from typing import Callable, Iterable, Sequence

import pygame

from ..ui import theme
from ..ui.placement import place
from ..ui.table_animation import EventAnimator, Pop
from ..ui.toast import WIDTH as TOAST_W

Boxes = Callable[[], tuple[Sequence[pygame.Rect], Sequence[pygame.Rect]]]  # (must stay clear, clear if room)


def _offsets(dxs: Iterable[int], dys: Iterable[int], cost: Callable[[int, int], float]) -> list[tuple[int, int]]:
    return sorted(((dx, dy) for dx in dxs for dy in dys), key=lambda o: (cost(*o), abs(o[0]), o[1]))


def _pop_cost(dx: int, dy: int) -> float:
    return abs(dx) + (1.2 * -dy if dy < 0 else 2.5 * dy)


# a pop: up first (it stays above its rider), then sideways, then down over the rider; failing that, anywhere on
# the map (nearest first)
POP_OFFSETS = _offsets(range(-240, 241, 16), range(-160, 161, 10), _pop_cost)
POP_OFFSETS += [o for o in _offsets(range(-960, 961, 40), range(-540, 541, 30), _pop_cost)
                if abs(o[0]) > 240 or abs(o[1]) > 160]
MAX_POPS = 8  # the newest pops shown at once (at a quick pace, older ones make way)
# a banner: sideways along the top of the map, then lower
BANNER_OFFSETS = _offsets(range(-480, 481, 24), range(-40, 421, 10),
                          lambda dx, dy: 0.4 * abs(dx) + (3 * -dy if dy < 0 else dy))


def free_spot(rect: pygame.Rect, area: pygame.Rect, tiers: Sequence[Sequence[pygame.Rect]],
              offsets: Sequence[tuple[int, int]], first: tuple[int, int] | None = None
              ) -> tuple[pygame.Rect, tuple[int, int]]:
    """The nearest place for ``rect`` moved by one of ``offsets`` (``first`` tried first) and kept inside ``area``
    that touches none of the rects of ``tiers`` (all of them; failing that, the first tier only); failing that,
    the place that touches the first tier least. Returns the place and the offset taken."""
    tries = [first, *offsets] if first is not None else offsets
    for k in range(len(tiers), 0, -1):
        avoid = [r for tier in tiers[:k] for r in tier]
        for dx, dy in tries:
            spot = rect.move(dx, dy).clamp(area)
            if spot.collidelist(avoid) < 0:
                return spot, (dx, dy)
    avoid = list(tiers[0]) if tiers else []
    best, best_cost, best_offset = rect.clamp(area), None, (0, 0)
    for dx, dy in tries[:400]:
        spot = rect.move(dx, dy).clamp(area)
        cost = sum(spot.clip(r).w * spot.clip(r).h for r in avoid)
        if best_cost is None or cost < best_cost:
            best, best_cost, best_offset = spot, cost, (dx, dy)
    return best, best_offset


def toast_block(toasts, keep: Sequence[pygame.Rect]) -> pygame.Rect | None:
    """Where the app's toasts (:class:`~game.ui.toast.Toasts`) go this frame, as it places them after the table is
    drawn (``keep``: the table's ``keep_visible``), or None when there are none."""
    if not toasts.items:
        return None
    heights = [20 + 22 * len(theme.wrap(item[0], TOAST_W - 60, 17)) for item in toasts.items]
    total = sum(heights) + 8 * (len(heights) - 1)
    screen = pygame.Rect(0, 0, theme.W, theme.H)
    candidates = []
    for top in (64, 12, screen.h // 2 - total // 2, screen.h - total - 90, screen.h - total - 12):
        block = pygame.Rect(0, top, TOAST_W, total)
        block.centerx = screen.centerx
        candidates.append(block)
    return place(candidates, keep, screen.inflate(-8, -8))


class MapCallouts(EventAnimator):
    """The table's animator whose pops and banners are placed on the map in free space (see the module).

    ``area``: the map on screen; ``boxes()``: this frame's rects to keep clear, as (must, if there is room)."""

    def __init__(self, table, area: pygame.Rect, boxes: Boxes, **kwargs):
        super().__init__(table, **kwargs)
        self.area = pygame.Rect(area)
        self.boxes = boxes
        self._spots: dict[int, tuple[int, int]] = {}  # id(pop or banner) -> the offset it took last frame

    def show_pop(self, text: str, pos, life: float = 1.0, colour=theme.INK) -> None:
        super().show_pop(text, pos, life, colour)
        del self.pops[:-MAX_POPS]

    def draw_overlays(self, surface: pygame.Surface, to_screen=None, clip: pygame.Rect | None = None) -> None:
        for flight in self.flights:
            flight.draw(surface)
        must, nice = self.boxes()
        taken = list(must)
        area = self.area.inflate(-6, -6)
        spots: dict[int, tuple[int, int]] = {}
        banners = self._place_banners(area, taken, nice, spots)
        for p in self.pops:
            x, y = to_screen(p.pos) if to_screen is not None else p.pos
            if clip is not None and not clip.collidepoint(x, y):
                continue  # its rider is out of sight
            self._draw_pop(surface, p, x, y, taken, nice, area, spots)
        for banner, size in banners:
            banner.draw(surface, size)
        self._spots = spots

    def draw_banners(self, surface: pygame.Surface) -> None:
        must, nice = self.boxes()
        for banner, size in self._place_banners(self.area.inflate(-6, -6), list(must), nice, {}):
            banner.draw(surface, size)

    def _place_banners(self, area: pygame.Rect, taken: list[pygame.Rect], nice, spots: dict) -> list:
        """Each banner shown (the newest first, at the stack's place; older ones below it) moved to free space;
        their places join ``taken``."""
        stack = self.banner_stack
        shown = self.banners[-stack.keep:] if stack is not None else list(self.banners)
        placed = []
        for i, banner in enumerate(reversed(shown)):
            img = theme.text(banner.text, self.banner_size, theme.INK, "bold")
            rect = img.get_rect().inflate(28, 14)
            home = stack.pos if stack is not None else banner.pos
            step = stack.step if stack is not None else 0
            rect.center = (round(home[0]), round(home[1] + step * i))
            reach = rect.union(rect.move(0, -10))  # it rises 10 px as it fades
            spot, offset = free_spot(reach, area, (taken, nice), BANNER_OFFSETS, self._spots.get(id(banner)))
            spots[id(banner)] = offset
            banner.pos = (spot.centerx, spot.bottom - rect.h // 2)
            taken.append(spot)
            placed.append((banner, self.banner_size))
        return placed

    def _draw_pop(self, surface: pygame.Surface, p: Pop, x: float, y: float, taken: list[pygame.Rect],  # type: ignore[override]
                  nice=(), area: pygame.Rect | None = None, spots: dict | None = None) -> None:
        style = self.pop_style
        k = min(1.0, p.life * 2)
        img = theme.text_copy(p.text, style.size, theme.INK, "black")
        img.set_alpha(int(255 * k))
        plate = pygame.Surface(img.get_rect().inflate(*style.pad).size, pygame.SRCALPHA)
        plate.fill((*style.backing, int(style.backing_alpha * k)))
        if style.border:
            pygame.draw.rect(plate, (*p.colour, int(255 * k)), plate.get_rect(), style.border, border_radius=8)
        lift = (style.rise_from - p.life) * style.rise
        if style.above is None:
            rect = plate.get_rect(center=(round(x), round(y - lift)))
        else:
            rect = plate.get_rect(midbottom=(round(x), round(y - style.above - lift)))
        rect, offset = free_spot(rect, area if area is not None else self.area, (taken, nice), POP_OFFSETS,
                                 self._spots.get(id(p)))
        if spots is not None:
            spots[id(p)] = offset
        taken.append(rect)
        surface.blit(plate, rect)
        surface.blit(img, img.get_rect(center=rect.center))
