"""Velonimo card faces painted as the real cards: a team colour, a number, and the animal rider
(Tortoise, Camel, Bear, Cow, Tiger, Goat, Cheetah; the Hare on gold Breakaway cards).

Drawn at 3x and smoothly scaled down for antialiasing; every face is cached.
"""

from __future__ import annotations

import math

import pygame

from ..i18n import _, language
from ..ui import theme
from . import card_names, cards

SS = 3  # supersampling factor

TEAM_RGB = {
    "red": (214, 64, 58),
    "orange": (240, 138, 40),
    "yellow": (236, 200, 44),
    "green": (70, 160, 84),
    "blue": (58, 116, 200),
    "purple": (134, 88, 184),
    "pink": (232, 112, 170),
}

_cache: dict[tuple, pygame.Surface] = {}


def team_colour(card: int) -> tuple[int, int, int]:
    c = cards.card_colour(card)
    return (200, 160, 60) if c < 0 else TEAM_RGB[cards.COLOURS[c]]


def face(card: int, size: tuple[int, int] = (96, 140), named: bool = True) -> pygame.Surface:
    """A card's face; ``named``: the animal's name written at its foot in the language in use (the menu's
    picture leaves it out: a picture drawn once, for every language)."""
    key = ("face", card, size, language() if named else None)
    img = _cache.get(key)
    if img is None:
        big = _paint(card, (size[0] * SS, size[1] * SS), named)
        img = pygame.transform.smoothscale(big, size)
        _cache[key] = img
    return img


def back(size: tuple[int, int] = (96, 140)) -> pygame.Surface:
    key = ("back", size)
    img = _cache.get(key)
    if img is None and size[0] < 50:  # tiny backs (opponents' hands): plain, legible when fanned
        img = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(img, (30, 44, 80), img.get_rect(), border_radius=4)
        pygame.draw.rect(img, (64, 96, 156), img.get_rect().inflate(-4, -4), border_radius=3)
        pygame.draw.line(img, (246, 239, 222), (4, size[1] - 8), (size[0] - 4, 8), 2)
        _cache[key] = img
    if img is None:
        w, h = size[0] * SS, size[1] * SS
        big = pygame.Surface((w, h), pygame.SRCALPHA)
        r = 9 * SS
        pygame.draw.rect(big, (36, 52, 92), big.get_rect(), border_radius=r)
        inner = big.get_rect().inflate(-10 * SS, -10 * SS)
        pygame.draw.rect(big, (52, 78, 132), inner, border_radius=r - 3 * SS)
        # diagonal pinstripes like a peloton's blur
        clip = big.get_clip()
        big.set_clip(inner)
        for x in range(-h, w, 9 * SS):
            pygame.draw.line(big, (64, 94, 152), (x, h), (x + h, 0), 2 * SS)
        big.set_clip(clip)
        pygame.draw.circle(big, (246, 239, 222), inner.center, 22 * SS)
        pygame.draw.circle(big, (52, 78, 132), inner.center, 19 * SS)
        from ..ui.art import bicycle

        bicycle(big, (inner.centerx, inner.centery + 2 * SS), 30 * SS, (246, 239, 222), 2 * SS)
        img = pygame.transform.smoothscale(big, size)
        _cache[key] = img
    return img


def jersey_card(size: tuple[int, int] = (96, 140), used: bool = False, bonus: bool = True) -> pygame.Surface:
    """The Leader of the Pack Jersey: a peas-and-carrots jersey on a paper card, marked "+10" where it
    gives that bonus (``bonus=False``: the Duel, where it only shows who leads)."""
    key = ("jersey", size, used, bonus)
    img = _cache.get(key)
    if img is None:
        w, h = size[0] * SS, size[1] * SS
        big = pygame.Surface((w, h), pygame.SRCALPHA)
        r = 9 * SS
        pygame.draw.rect(big, (246, 239, 222), big.get_rect(), border_radius=r)
        pygame.draw.rect(big, (120, 170, 80), big.get_rect(), width=3 * SS, border_radius=r)
        if bonus:
            _jersey(big, (w // 2, int(h * 0.45)), int(w * 0.36))
            label = theme.text("+10", max(6, w * 5 // 24), (60, 110, 50), "black")  # 20 pt on a 96 px card
            big.blit(label, label.get_rect(center=(w // 2, int(h * 0.84))))
        else:
            _jersey(big, (w // 2, h // 2), int(w * 0.4))
        img = pygame.transform.smoothscale(big, size)
        if used:
            img.fill((120, 120, 120), special_flags=pygame.BLEND_RGB_MULT)
        _cache[key] = img
    return img


def _jersey(s: pygame.Surface, centre, half: int) -> None:
    cx, cy = centre
    body = [(cx - half * 0.62, cy - half * 0.75), (cx - half, cy - half * 0.45), (cx - half * 0.78, cy - half * 0.1),
            (cx - half * 0.58, cy - half * 0.25), (cx - half * 0.58, cy + half * 0.9),
            (cx + half * 0.58, cy + half * 0.9), (cx + half * 0.58, cy - half * 0.25),
            (cx + half * 0.78, cy - half * 0.1), (cx + half, cy - half * 0.45), (cx + half * 0.62, cy - half * 0.75),
            (cx + half * 0.22, cy - half * 0.82), (cx, cy - half * 0.62), (cx - half * 0.22, cy - half * 0.82)]
    layer = pygame.Surface(s.get_size(), pygame.SRCALPHA)
    pygame.draw.polygon(layer, (250, 250, 245), body)
    # peas (green dots) and carrots (orange dashes), clipped to the jersey
    pattern = pygame.Surface(s.get_size(), pygame.SRCALPHA)
    k = max(1, half // 8)
    for i in range(-4, 5):
        for j in range(-4, 5):
            x, y = cx + i * half * 0.28, cy + j * half * 0.26
            if i % 2 == j % 2:
                pygame.draw.circle(pattern, (96, 170, 70), (x, y), k * 1.4)
            else:
                pygame.draw.line(pattern, (240, 130, 40), (x - k * 1.6, y + k), (x + k * 1.6, y - k), k)
    mask = pygame.Surface(s.get_size(), pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), body)
    pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    layer.blit(pattern, (0, 0))
    pygame.draw.polygon(layer, (70, 90, 60), body, max(2, k))
    s.blit(layer, (0, 0))


def _paint(card: int, size: tuple[int, int], named: bool = True) -> pygame.Surface:
    w, h = size
    s = pygame.Surface(size, pygame.SRCALPHA)
    r = 9 * SS
    hare = cards.is_hare(card)
    team = team_colour(card)
    number = cards.card_number(card)
    if hare:
        pygame.draw.rect(s, (222, 178, 64), s.get_rect(), border_radius=r)
        inner = s.get_rect().inflate(-8 * SS, -8 * SS)
        pygame.draw.rect(s, (250, 232, 170), inner, border_radius=r - 2 * SS)
        for k in range(10):  # sun rays: the breakaway
            a = k * math.pi / 5
            pygame.draw.line(s, (244, 214, 120), inner.center,
                             (inner.centerx + math.cos(a) * w, inner.centery + math.sin(a) * w), 6 * SS)
        pygame.draw.rect(s, (222, 178, 64), s.get_rect(), width=8 * SS, border_radius=r)
    else:
        pygame.draw.rect(s, team, s.get_rect(), border_radius=r)
        inner = s.get_rect().inflate(-8 * SS, -8 * SS)
        pygame.draw.rect(s, theme.mix(team, (255, 250, 240), 0.78), inner, border_radius=r - 2 * SS)
        # a road climbing to the summit behind the rider
        hill = [(inner.x, inner.bottom - 30 * SS), (inner.centerx, inner.y + 40 * SS),
                (inner.right, inner.bottom - 40 * SS), (inner.right, inner.bottom), (inner.x, inner.bottom)]
        clip = s.get_clip()
        s.set_clip(inner)
        pygame.draw.polygon(s, theme.mix(team, (255, 250, 240), 0.55), hill)
        s.set_clip(clip)
    # the animal, centred
    centre = (w // 2, int(h * 0.5))
    scale = w * 0.3
    PAINTERS[7 if hare else number - 1](s, centre, scale, team)
    # numbers in the corners, big and legible
    ink = (60, 40, 20) if hare else theme.darken(team, 0.45)
    label = str(number)
    big = theme.text(label, (20 if hare else 26) * SS, ink, "black")
    s.blit(big, (7 * SS, 3 * SS))
    rot = pygame.transform.rotate(big, 180)
    s.blit(rot, (w - rot.get_width() - 7 * SS, h - rot.get_height() - 3 * SS))
    if not named:
        return s
    name = _(card_names.HARE_WORD if hare else card_names.ANIMAL_WORDS[number - 1])
    room = w - 2 * (rot.get_width() + 8 * SS)  # between the corner numbers ("Guépard", "Lièvre" are longer)
    size = 11
    tag = theme.text(name, size * SS, ink, "bold")
    while tag.get_width() > room and size > 7:
        size -= 1
        tag = theme.text(name, size * SS, ink, "bold")
    if tag.get_width() > room:  # a small card: the name narrowed rather than under the numbers
        tag = pygame.transform.smoothscale(tag, (room, tag.get_height()))
    s.blit(tag, tag.get_rect(midbottom=(w // 2, h - 6 * SS)))
    return s


# ---------------------------------------------------------------- animal heads (with a racing cap)


def _eyes(s, cx, cy, spread, r, look=0.0):
    for dx in (-spread, spread):
        pygame.draw.circle(s, (255, 255, 255), (cx + dx, cy), r)
        pygame.draw.circle(s, (30, 24, 20), (cx + dx + look * r * 0.4, cy + r * 0.15), r * 0.55)
        pygame.draw.circle(s, (255, 255, 255), (cx + dx + look * r * 0.4 - r * 0.2, cy - r * 0.1), r * 0.18)


def _cap(s, cx, top, width, team):
    """A cycling cap in team colour with the peak turned up."""
    rect = pygame.Rect(0, 0, width, width * 0.55)
    rect.midbottom = (cx, top + width * 0.2)
    pygame.draw.ellipse(s, team, rect)
    pygame.draw.rect(s, theme.darken(team, 0.25), (rect.x, rect.centery, rect.w, rect.h * 0.22))
    pygame.draw.line(s, (255, 255, 255), (rect.x + rect.w * 0.2, rect.centery + rect.h * 0.05),
                     (rect.right - rect.w * 0.2, rect.centery + rect.h * 0.05), max(2, int(width * 0.04)))
    peak = [(rect.right - rect.w * 0.15, rect.centery), (rect.right + rect.w * 0.2, rect.y + rect.h * 0.15),
            (rect.right + rect.w * 0.22, rect.y + rect.h * 0.35), (rect.right - rect.w * 0.05, rect.centery + 4)]
    pygame.draw.polygon(s, theme.darken(team, 0.15), peak)


def tortoise(s, c, k, team):
    cx, cy = c
    shell = pygame.Rect(0, 0, k * 2.2, k * 1.5)
    shell.midbottom = (cx + k * 0.15, cy + k * 0.85)
    pygame.draw.ellipse(s, (96, 130, 60), shell)
    for i in range(3):
        hx = shell.x + shell.w * (0.28 + 0.24 * i)
        pygame.draw.circle(s, (130, 166, 76), (hx, shell.centery), k * 0.2)
    pygame.draw.ellipse(s, (70, 98, 44), shell, max(2, int(k * 0.06)))
    head = pygame.Rect(0, 0, k * 1.1, k * 0.95)
    head.center = (cx - k * 0.55, cy - k * 0.25)
    pygame.draw.ellipse(s, (150, 190, 100), head)
    _eyes(s, head.centerx + k * 0.05, head.centery - k * 0.05, k * 0.2, k * 0.13, -1)
    pygame.draw.arc(s, (60, 80, 40), head.inflate(-k * 0.4, -k * 0.3).move(0, k * 0.12), math.pi * 1.15,
                    math.pi * 1.85, max(2, int(k * 0.05)))
    _cap(s, head.centerx, head.y + k * 0.1, k * 0.95, team)


def camel(s, c, k, team):
    cx, cy = c
    body = pygame.Rect(0, 0, k * 1.9, k * 0.9)
    body.midbottom = (cx + k * 0.55, cy + k * 1.05)
    pygame.draw.ellipse(s, (186, 140, 84), body)
    hump = pygame.Rect(0, 0, k * 0.95, k * 0.8)
    hump.midbottom = (cx + k * 0.75, body.centery + k * 0.05)
    pygame.draw.ellipse(s, (196, 150, 92), hump)
    neck = [(cx - k * 0.05, cy + k * 0.75), (cx + k * 0.45, cy + k * 0.7), (cx + k * 0.05, cy - k * 0.35),
            (cx - k * 0.4, cy - k * 0.3)]
    pygame.draw.polygon(s, (200, 154, 96), neck)
    head = pygame.Rect(0, 0, k * 1.15, k * 0.7)
    head.center = (cx - k * 0.3, cy - k * 0.45)
    pygame.draw.ellipse(s, (212, 168, 108), head)
    snout = pygame.Rect(0, 0, k * 0.62, k * 0.5)
    snout.midleft = (head.x - k * 0.2, head.centery + k * 0.1)
    pygame.draw.ellipse(s, (228, 192, 140), snout)
    pygame.draw.circle(s, (90, 60, 40), (snout.x + k * 0.16, snout.centery - k * 0.04), k * 0.05)
    pygame.draw.arc(s, (110, 76, 50), snout.inflate(-k * 0.2, -k * 0.2).move(0, k * 0.08), math.pi * 1.1,
                    math.pi * 1.7, max(2, int(k * 0.04)))
    _eyes(s, head.centerx + k * 0.08, head.centery - k * 0.1, k * 0.15, k * 0.11, -1)
    pygame.draw.ellipse(s, (170, 124, 70), (head.right - k * 0.3, head.y - k * 0.1, k * 0.22, k * 0.3))
    _cap(s, head.centerx + k * 0.1, head.y + k * 0.05, k * 0.85, team)


def bear(s, c, k, team):
    cx, cy = c
    for dx in (-0.62, 0.62):
        pygame.draw.circle(s, (120, 78, 46), (cx + dx * k, cy - k * 0.55), k * 0.32)
        pygame.draw.circle(s, (170, 122, 84), (cx + dx * k, cy - k * 0.55), k * 0.16)
    pygame.draw.circle(s, (138, 92, 56), (cx, cy), k * 0.95)
    muzzle = pygame.Rect(0, 0, k * 0.9, k * 0.65)
    muzzle.center = (cx, cy + k * 0.35)
    pygame.draw.ellipse(s, (206, 170, 128), muzzle)
    pygame.draw.ellipse(s, (40, 28, 22), (cx - k * 0.17, cy + k * 0.12, k * 0.34, k * 0.22))
    pygame.draw.arc(s, (40, 28, 22), muzzle.inflate(-k * 0.4, -k * 0.3).move(0, k * 0.02), math.pi * 1.2,
                    math.pi * 1.8, max(2, int(k * 0.05)))
    _eyes(s, cx, cy - k * 0.18, k * 0.32, k * 0.13)
    _cap(s, cx, cy - k * 0.72, k * 1.3, team)


def cow(s, c, k, team):
    cx, cy = c
    for dx in (-1, 1):
        horn = [(cx + dx * k * 0.55, cy - k * 0.55), (cx + dx * k * 1.05, cy - k * 0.95),
                (cx + dx * k * 0.95, cy - k * 0.6)]
        pygame.draw.polygon(s, (236, 222, 190), horn)
        ear = pygame.Rect(0, 0, k * 0.55, k * 0.3)
        ear.center = (cx + dx * k * 0.95, cy - k * 0.25)
        pygame.draw.ellipse(s, (240, 240, 236), ear)
    head = pygame.Rect(0, 0, k * 1.5, k * 1.75)
    head.center = (cx, cy + k * 0.05)
    pygame.draw.ellipse(s, (246, 246, 242), head)
    pygame.draw.ellipse(s, (40, 40, 44), (head.x + k * 0.05, head.y + k * 0.35, k * 0.55, k * 0.6))
    pygame.draw.ellipse(s, (40, 40, 44), (head.right - k * 0.45, head.y + k * 0.15, k * 0.35, k * 0.4))
    muzzle = pygame.Rect(0, 0, k * 1.2, k * 0.7)
    muzzle.midbottom = (cx, head.bottom + k * 0.05)
    pygame.draw.ellipse(s, (244, 172, 170), muzzle)
    for dx in (-0.25, 0.25):
        pygame.draw.ellipse(s, (170, 90, 96), (cx + dx * k - k * 0.09, muzzle.centery - k * 0.08, k * 0.18, k * 0.2))
    _eyes(s, cx, cy - k * 0.15, k * 0.32, k * 0.14)
    _cap(s, cx, head.y + k * 0.2, k * 1.1, team)


def tiger(s, c, k, team):
    cx, cy = c
    for dx in (-0.7, 0.7):
        pygame.draw.circle(s, (236, 130, 40), (cx + dx * k, cy - k * 0.65), k * 0.28)
        pygame.draw.circle(s, (250, 236, 220), (cx + dx * k, cy - k * 0.65), k * 0.13)
    pygame.draw.circle(s, (240, 140, 44), (cx, cy), k * 0.98)
    w = max(2, int(k * 0.09))
    for dx in (-1, 1):
        for i in range(3):
            y = cy - k * 0.2 + i * k * 0.25
            pygame.draw.line(s, (40, 30, 24), (cx + dx * k * 0.95, y), (cx + dx * k * 0.6, y + k * 0.08), w)
    for i in (-1, 0, 1):
        pygame.draw.line(s, (40, 30, 24), (cx + i * k * 0.18, cy - k * 0.95), (cx + i * k * 0.12, cy - k * 0.6), w)
    for dx in (-1, 1):
        pygame.draw.circle(s, (252, 244, 232), (cx + dx * k * 0.24, cy + k * 0.42), k * 0.3)
    pygame.draw.polygon(s, (220, 110, 120), [(cx - k * 0.14, cy + k * 0.2), (cx + k * 0.14, cy + k * 0.2),
                                             (cx, cy + k * 0.36)])
    _eyes(s, cx, cy - k * 0.15, k * 0.34, k * 0.14)
    _cap(s, cx, cy - k * 0.78, k * 1.3, team)


def goat(s, c, k, team):
    cx, cy = c
    for dx in (-1, 1):
        pygame.draw.arc(s, (150, 130, 110), pygame.Rect(cx + dx * k * 0.35 - k * 0.5, cy - k * 1.25, k, k * 0.9),
                        0.2 if dx > 0 else math.pi / 2, math.pi / 2 if dx > 0 else math.pi - 0.2,
                        max(3, int(k * 0.16)))
        ear = pygame.Rect(0, 0, k * 0.6, k * 0.26)
        ear.center = (cx + dx * k * 0.85, cy - k * 0.3)
        pygame.draw.ellipse(s, (226, 220, 206), ear)
    head = [(cx - k * 0.6, cy - k * 0.6), (cx + k * 0.6, cy - k * 0.6), (cx + k * 0.4, cy + k * 0.55),
            (cx, cy + k * 0.8), (cx - k * 0.4, cy + k * 0.55)]
    pygame.draw.polygon(s, (236, 232, 220), head)
    pygame.draw.polygon(s, (214, 208, 192), [(cx - k * 0.18, cy + k * 0.7), (cx + k * 0.18, cy + k * 0.7),
                                             (cx, cy + k * 1.15)])
    pygame.draw.ellipse(s, (200, 150, 150), (cx - k * 0.22, cy + k * 0.38, k * 0.44, k * 0.22))
    _eyes(s, cx, cy - k * 0.15, k * 0.3, k * 0.13)
    _cap(s, cx, cy - k * 0.5, k * 1.05, team)


def cheetah(s, c, k, team):
    cx, cy = c
    for dx in (-0.62, 0.62):
        pygame.draw.circle(s, (232, 186, 80), (cx + dx * k, cy - k * 0.7), k * 0.22)
    pygame.draw.ellipse(s, (240, 196, 90), (cx - k * 0.9, cy - k * 0.9, k * 1.8, k * 1.75))
    for i, (dx, dy) in enumerate(((-0.55, -0.45), (0.5, -0.5), (-0.7, 0.05), (0.68, 0.1), (-0.2, -0.7),
                                  (0.22, -0.72), (-0.45, 0.45), (0.45, 0.45))):
        pygame.draw.circle(s, (60, 44, 30), (cx + dx * k, cy + dy * k), k * (0.07 + 0.02 * (i % 2)))
    for dx in (-1, 1):  # tear lines
        pygame.draw.line(s, (40, 30, 24), (cx + dx * k * 0.22, cy - k * 0.05), (cx + dx * k * 0.2, cy + k * 0.45),
                         max(2, int(k * 0.07)))
    pygame.draw.ellipse(s, (250, 240, 222), (cx - k * 0.35, cy + k * 0.2, k * 0.7, k * 0.55))
    pygame.draw.polygon(s, (40, 30, 24), [(cx - k * 0.12, cy + k * 0.24), (cx + k * 0.12, cy + k * 0.24),
                                          (cx, cy + k * 0.38)])
    _eyes(s, cx, cy - k * 0.2, k * 0.32, k * 0.13, 1)
    _cap(s, cx, cy - k * 0.72, k * 1.2, team)


def hare(s, c, k, team):
    cx, cy = c
    for dx, tilt in ((-0.35, -0.25), (0.35, 0.2)):
        ear = pygame.Surface((int(k * 0.6), int(k * 1.5)), pygame.SRCALPHA)
        pygame.draw.ellipse(ear, (206, 190, 170), ear.get_rect())
        pygame.draw.ellipse(ear, (240, 178, 180), ear.get_rect().inflate(-k * 0.3, -k * 0.4))
        ear = pygame.transform.rotate(ear, -math.degrees(tilt))
        s.blit(ear, ear.get_rect(midbottom=(cx + dx * k, cy - k * 0.35)))
    pygame.draw.ellipse(s, (216, 202, 182), (cx - k * 0.8, cy - k * 0.6, k * 1.6, k * 1.45))
    for dx in (-1, 1):
        pygame.draw.circle(s, (246, 240, 230), (cx + dx * k * 0.2, cy + k * 0.4), k * 0.26)
    pygame.draw.polygon(s, (220, 120, 130), [(cx - k * 0.1, cy + k * 0.18), (cx + k * 0.1, cy + k * 0.18),
                                             (cx, cy + k * 0.3)])
    pygame.draw.rect(s, (255, 255, 255), (cx - k * 0.09, cy + k * 0.52, k * 0.18, k * 0.16))
    _eyes(s, cx, cy - k * 0.1, k * 0.3, k * 0.13)
    # a breakaway: the hare wears a gold cap
    _cap(s, cx, cy - k * 0.45, k * 1.0, (200, 150, 40))


PAINTERS = (tortoise, camel, bear, cow, tiger, goat, cheetah, hare)


def sheet() -> pygame.Surface:
    """Every card on one sheet (used to check the art)."""
    out = pygame.Surface((8 * 104 + 8, 8 * 148 + 8))
    out.fill(theme.BG)
    for colour in range(7):
        for number in range(1, 8):
            out.blit(face(cards.card_id(colour, number)), (8 + (number - 1) * 104, 8 + colour * 148))
    for i, v in enumerate(cards.HARE_VALUES):
        out.blit(face(cards.hare_id(v)), (8 + 7 * 104, 8 + i * 148))
    out.blit(back(), (8 + 7 * 104, 8 + 6 * 148))
    out.blit(jersey_card(), (8, 8 + 7 * 148))
    return out
