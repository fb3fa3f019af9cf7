"""The VeloMaster riders as pictures: top-down bikes in team colours, bibs, and the leader's mark.

Roles must read at a glance, at any zoom (issue 18): the rulebook tells riders apart by the colour of
their bib (leader yellow, team-mate grey; from 5 players the second team of a colour rides green and
violet). On top of the colour, each role has its own shape:

* a **leader** wears a big square bib on the back and carries an upright **star** badge beside him,
  in his bib colour (yellow or green);
* a **team-mate** wears a small round bib (grey or violet) and no badge.

:func:`rider_sprite` draws the bike for a heading; :func:`leader_badge` the star; :func:`rider_icon`
an upright rider with its mark, for panels, buttons and the key on the table.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from typing import Sequence

import pygame

from ..ui import theme

Colour = Sequence[int]

# Bib colours of a team's riders (rulebook: the leader wears yellow, the team-mates grey, violet, green).
BIB_LEADER = (250, 208, 36)
BIB_GREY = (176, 178, 186)
BIB_VIOLET = (150, 92, 214)
BIB_GREEN = (64, 176, 92)
BIB_COLOURS: tuple[tuple[int, int, int], ...] = (BIB_LEADER, BIB_GREY, BIB_VIOLET, BIB_GREEN)
BIB_NAMES = {"yellow": BIB_LEADER, "grey": BIB_GREY, "green": BIB_GREEN, "violet": BIB_VIOLET}

INK = (30, 30, 36)
CRASH_STAR = (210, 48, 40)  # the red star over a crashed rider (the danger colour of the map)

_sprites: OrderedDict[tuple, pygame.Surface] = OrderedDict()
_badges: dict[tuple, pygame.Surface] = {}
_SUPER = 3  # sprites are drawn 3x larger then rotozoomed down: antialiased edges


def _bike_layer(L: float, team: Colour, with_bike: bool, with_rider: bool, bib: Colour,
                leader: bool = False) -> pygame.Surface:
    """A top-down bike and rider pointing +x, ``L`` px long (supersampled size)."""
    w, h = int(L * 1.3), int(L * 0.9)
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    cx, cy = w / 2, h / 2
    team = tuple(team[:3])
    dark = theme.darken(team, 0.45)
    if with_bike:
        for wx in (cx - 0.31 * L, cx + 0.31 * L):  # wheels: thin dark tyres seen from above
            pygame.draw.rect(s, INK, pygame.Rect(wx - 0.17 * L, cy - 0.05 * L, 0.34 * L, 0.1 * L),
                             border_radius=int(0.05 * L))
            pygame.draw.line(s, (90, 92, 100), (wx - 0.12 * L, cy), (wx + 0.12 * L, cy), max(1, int(0.02 * L)))
        pygame.draw.line(s, dark, (cx - 0.3 * L, cy), (cx + 0.24 * L, cy), max(2, int(0.06 * L)))  # frame
        bar_x = cx + 0.22 * L
        pygame.draw.line(s, INK, (bar_x, cy - 0.19 * L), (bar_x, cy + 0.19 * L), max(2, int(0.05 * L)))
        for sgn in (-1, 1):
            pygame.draw.line(s, INK, (bar_x, cy + sgn * 0.19 * L), (bar_x + 0.05 * L, cy + sgn * 0.19 * L),
                             max(2, int(0.05 * L)))
    if with_rider:
        pygame.draw.ellipse(s, (0, 0, 0, 60), pygame.Rect(cx - 0.22 * L, cy - 0.14 * L, 0.46 * L, 0.36 * L))
        for sgn in (-1, 1):  # knees beside the top tube, arms to the bars
            pygame.draw.ellipse(s, dark, pygame.Rect(cx - 0.02 * L, cy + sgn * 0.07 * L - 0.05 * L, 0.14 * L,
                                                     0.1 * L))
            pygame.draw.line(s, dark, (cx + 0.08 * L, cy + sgn * 0.12 * L), (cx + 0.22 * L, cy + sgn * 0.17 * L),
                             max(2, int(0.06 * L)))
            pygame.draw.line(s, team, (cx + 0.08 * L, cy + sgn * 0.12 * L), (cx + 0.21 * L, cy + sgn * 0.165 * L),
                             max(1, int(0.035 * L)))
        torso = pygame.Rect(cx - 0.25 * L, cy - 0.165 * L, 0.42 * L, 0.33 * L)
        pygame.draw.ellipse(s, team, torso)
        pygame.draw.ellipse(s, dark, torso, max(1, int(0.03 * L)))
        if leader:  # a big square bib across the back
            back = pygame.Rect(0, 0, 0.24 * L, 0.3 * L)
            back.center = (round(cx - 0.09 * L), round(cy))
            pygame.draw.rect(s, INK, back.inflate(0.05 * L, 0.05 * L), border_radius=max(1, int(0.04 * L)))
            pygame.draw.rect(s, tuple(bib[:3]), back, border_radius=max(1, int(0.03 * L)))
        else:  # a small round bib
            disc = (cx - 0.08 * L, cy)
            pygame.draw.circle(s, INK, disc, 0.1 * L)
            pygame.draw.circle(s, tuple(bib[:3]), disc, 0.075 * L)
        helmet = (cx + 0.17 * L, cy)
        pygame.draw.circle(s, INK, helmet, 0.1 * L)
        pygame.draw.circle(s, theme.lighten(team, 0.55), helmet, 0.078 * L)
        pygame.draw.line(s, team, (helmet[0] - 0.07 * L, cy), (helmet[0] + 0.05 * L, cy), max(1, int(0.03 * L)))
    return s


def rider_sprite(team: Colour, bib: Colour, length: int, angle_deg: int, crashed: bool = False,
                 leader: bool = False) -> pygame.Surface:
    """The rider image for a heading (degrees, map convention), cached by quantised size and angle."""
    key = (tuple(team[:3]), tuple(bib[:3]), length, angle_deg, crashed, leader)
    img = _sprites.get(key)
    if img is not None:
        _sprites.move_to_end(key)
        return img
    L = length * _SUPER
    if not crashed:
        big = _bike_layer(L, team, True, True, bib, leader)
    else:  # the bike on its side across the road, the rider sprawled beside it
        bike = pygame.transform.rotate(_bike_layer(L, team, True, False, bib), 70)
        body = pygame.transform.rotate(_bike_layer(L * 0.95, team, False, True, bib, leader), -35)
        size = int(L * 1.5)
        big = pygame.Surface((size, size), pygame.SRCALPHA)
        big.blit(bike, bike.get_rect(center=(size / 2 - 0.12 * L, size / 2)))
        big.blit(body, body.get_rect(center=(size / 2 + 0.2 * L, size / 2 + 0.08 * L)))
        star = _star(0.13 * L, CRASH_STAR)
        big.blit(star, star.get_rect(center=(size / 2 + 0.05 * L, size / 2 - 0.32 * L)))
    img = pygame.transform.rotozoom(big, -angle_deg, 1 / _SUPER)
    _sprites[key] = img
    if len(_sprites) > 1200:
        _sprites.popitem(last=False)
    return img


def _star(radius: float, fill: Colour, outline: Colour | None = None, width: int = 0) -> pygame.Surface:
    """A five-pointed star, point up, ``radius`` px to its tips (plus the outline)."""
    pad = width + 1
    size = int(math.ceil(radius * 2 + pad * 2))
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    pts = [(c + math.cos(-math.pi / 2 + k * math.pi / 5) * (radius if k % 2 == 0 else radius * 0.45),
            c + math.sin(-math.pi / 2 + k * math.pi / 5) * (radius if k % 2 == 0 else radius * 0.45))
           for k in range(10)]
    if outline is not None and width:
        pygame.draw.polygon(s, tuple(outline[:3]), pts, 0)
        inner = [(c + (x - c) * (1 - width / radius * 1.6), c + (y - c) * (1 - width / radius * 1.6)) for x, y in pts]
        pygame.draw.polygon(s, tuple(fill[:3]), inner, 0)
    else:
        pygame.draw.polygon(s, tuple(fill[:3]), pts, 0)
    return s


def leader_badge(bib: Colour, size: int) -> pygame.Surface:
    """The leader's upright star, ``size`` px across, in the bib colour on a dark ring (cached)."""
    key = (tuple(bib[:3]), size)
    img = _badges.get(key)
    if img is None:
        big = size * _SUPER
        s = pygame.Surface((big, big), pygame.SRCALPHA)
        c = big / 2
        pygame.draw.circle(s, INK, (c, c), c)
        pygame.draw.circle(s, (250, 246, 236), (c, c), c - 1.2 * _SUPER)
        star = _star(c * 0.78, bib, INK, max(2, _SUPER))
        s.blit(star, star.get_rect(center=(c, c + 0.04 * big)))
        img = pygame.transform.smoothscale(s, (size, size))
        _badges[key] = img
    return img


_movers: dict[tuple, pygame.Surface] = {}


def mover_badge(colour: Colour, size: int) -> pygame.Surface:
    """A disc in the colour of the player moving a bike whose jersey is another's (a team shared by two players,
    a neutral bike), ``size`` px across on a dark ring (cached)."""
    key = (tuple(colour[:3]), size)
    img = _movers.get(key)
    if img is None:
        big = size * _SUPER
        s = pygame.Surface((big, big), pygame.SRCALPHA)
        c = big / 2
        pygame.draw.circle(s, INK, (c, c), c)
        pygame.draw.circle(s, (250, 246, 236), (c, c), c - 1.2 * _SUPER)
        pygame.draw.circle(s, tuple(colour[:3]), (c, c), c - 2.6 * _SUPER)
        img = pygame.transform.smoothscale(s, (size, size))
        _movers[key] = img
    return img


def mover_offset(length: int) -> tuple[float, float]:
    """Where the mover's disc sits from the rider's centre (screen px): up and to the left (the leader's star is
    up and to the right)."""
    return (-0.42 * length, -0.36 * length)


def badge_offset(length: int) -> tuple[float, float]:
    """Where the leader's star sits from the rider's centre (screen px): up and to the right."""
    return (0.42 * length, -0.36 * length)


def badge_size(length: int) -> int:
    return int(max(11, min(22, length * 0.42)))


def icon_width(length: int, leader: bool) -> int:
    """How wide :func:`rider_icon` draws (the badge sticks out on the right of a leader)."""
    half = round(length * 1.3 / 2)
    if leader:
        return half + max(half, round(badge_offset(length)[0] + badge_size(length) / 2))
    return 2 * half


def rider_icon(surface: pygame.Surface, centre: tuple[float, float], team: Colour, bib: Colour, leader: bool,
               length: int = 30) -> pygame.Rect:
    """An upright rider riding right with its role mark (panels, buttons, the key); returns its rect."""
    img = rider_sprite(team, bib, length, 0, False, leader)
    box = img.get_rect(center=(round(centre[0]), round(centre[1])))
    surface.blit(img, box)
    if leader:
        mark = leader_badge(bib, badge_size(length))
        dx, dy = badge_offset(length)
        spot = mark.get_rect(center=(round(centre[0] + dx), round(centre[1] + dy)))
        surface.blit(mark, spot)
        box = box.union(spot)
    return box
