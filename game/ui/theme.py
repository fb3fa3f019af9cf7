"""One look for the whole app: palette, spacing, fonts (bundled Lato + Comfortaa, OFL) and text cache."""

from __future__ import annotations

import re
from collections import OrderedDict
from typing import Sequence

import pygame

from ..paths import resource
from . import text_audit

W, H = 1280, 720
PAD = 16
RADIUS = 10

# A vintage cycling-poster palette over a deep ink table.
BG = (24, 29, 41)
BG_DEEP = (17, 21, 30)
PANEL = (37, 44, 60)
PANEL_HI = (50, 59, 80)
PANEL_LO = (30, 36, 50)
LINE = (72, 83, 106)
INK = (243, 238, 226)
MUTED = (160, 167, 184)
FAINT = (108, 116, 136)
PAPER = (246, 239, 222)
PAPER_INK = (44, 40, 48)
ACCENT = (242, 194, 48)  # yellow jersey
ACCENT_DARK = (190, 146, 20)
RED = (217, 72, 59)
GREEN = (88, 170, 110)
BLUE = (74, 132, 196)
TEAL = (42, 157, 143)
SHADOW = (0, 0, 0, 90)

# Seat colours offered at setup (team jerseys), in order.
SEAT_COLOURS: tuple[tuple[int, int, int], ...] = (
    (226, 83, 70),  # red
    (70, 140, 220),  # blue
    (92, 184, 102),  # green
    (240, 190, 50),  # yellow
    (166, 104, 214),  # violet
    (244, 140, 60),  # orange
    (236, 120, 178),  # pink
    (64, 196, 196),  # cyan
    (150, 110, 80),  # brown
    (220, 220, 220),  # white
    (120, 130, 150),  # slate
    (190, 220, 80),  # lime
)
# Team badges (A, B, C…) on the setup screen and the results: light enough for dark ink.
TEAM_COLOURS: tuple[tuple[int, int, int], ...] = ((242, 194, 48), (120, 190, 240), (150, 220, 140), (240, 150, 190))
SEAT_COLOUR_NAMES = ("Red", "Blue", "Green", "Yellow", "Violet", "Orange", "Pink", "Cyan", "Brown", "White",
                     "Slate", "Lime")

FONT_FILES = {
    "body": "Lato-Regular.ttf",
    "bold": "Lato-Bold.ttf",
    "black": "Lato-Black.ttf",
    "italic": "Lato-Italic.ttf",
    "title": "Comfortaa-Bold.ttf",
}

_fonts: dict[tuple[str, int], pygame.font.Font] = {}
_text_cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
_TEXT_CACHE_MAX = 1500


def font(size: int, style: str = "body") -> pygame.font.Font:
    key = (style, size)
    f = _fonts.get(key)
    if f is None:
        if not pygame.font.get_init():
            pygame.font.init()
        path = resource("assets", "fonts", FONT_FILES[style])
        try:
            f = pygame.font.Font(str(path), size)
        except (FileNotFoundError, OSError):  # a broken install still shows text
            f = pygame.font.Font(None, int(size * 1.3))
        _fonts[key] = f
    return f


def text(s: str, size: int = 18, colour: Sequence[int] = INK, style: str = "body") -> pygame.Surface:
    """A rendered, cached text surface (antialiased, transparent background)."""
    key = (s, size, tuple(colour), style)
    surf = _text_cache.get(key)
    if surf is not None:
        _text_cache.move_to_end(key)
        return surf
    surf = font(size, style).render(s, True, colour)
    _text_cache[key] = surf
    text_audit.register_text(surf, s)
    if len(_text_cache) > _TEXT_CACHE_MAX:
        text_audit.forget_text(_text_cache.popitem(last=False)[1])
    return surf


def text_copy(s: str, size: int = 18, colour: Sequence[int] = INK, style: str = "body") -> pygame.Surface:
    """A copy of a rendered text that the caller may change (fade it with ``set_alpha``); still a text for
    the text audit."""
    surf = text(s, size, colour, style).copy()
    text_audit.register_copy(surf, s)
    return surf


def blit_text(surface: pygame.Surface, s: str, pos: tuple[float, float], size: int = 18,
              colour: Sequence[int] = INK, style: str = "body", anchor: str = "topleft", tag=None) -> pygame.Rect:
    """Draw ``s`` at ``pos`` (``anchor`` names the point of its box); ``tag`` names what it shows (a seat's score…)
    for the text audit, so tests can compare the numbers drawn with the engine's."""
    img = text(s, size, colour, style)
    rect = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if tag is not None:
        text_audit.tag_next(tag)
    surface.blit(img, rect)
    return rect


_wrap_cache: OrderedDict[tuple, list[str]] = OrderedDict()


def wrap(s: str, width: int, size: int = 18, style: str = "body", break_words: bool = False) -> list[str]:
    """Greedy word wrap of one paragraph to ``width`` pixels (memoized: logs re-wrap often). ``break_words``: a
    word wider than ``width`` (a long file path) is cut, after a path separator where there is one, rather than
    left to run past the edge."""
    key = (s, width, size, style, break_words)
    hit = _wrap_cache.get(key)
    if hit is not None:
        _wrap_cache.move_to_end(key)
        return list(hit)
    lines = _wrap(s, width, size, style, break_words)
    _wrap_cache[key] = lines
    if len(_wrap_cache) > 4000:
        _wrap_cache.popitem(last=False)
    return list(lines)


_BOUND_AFTER = frozenset(":;!?»")  # French sets these after a space ("Bob : 26"): they never start a line
_BOUND_BEFORE = frozenset("«")  # nor does this end one
_SPACES = re.compile(r"[ \t\n]+")  # where a line may break: ordinary spaces, never U+00A0 nor U+202F


def _units(s: str) -> list[str]:
    """The words of ``s`` that a line may not be broken between kept together: "(6) :" and "« Pass" are one."""
    units: list[str] = []
    glue_next = False
    for word in _SPACES.split(s.strip(" \t\n")):  # not str.split: a no-break space (French "1 975") binds
        if not word:
            continue
        if units and (glue_next or set(word) <= _BOUND_AFTER):
            units[-1] = f"{units[-1]} {word}"
        else:
            units.append(word)
        glue_next = set(word) <= _BOUND_BEFORE
    return units


def _wrap(s: str, width: int, size: int, style: str, break_words: bool = False) -> list[str]:
    f = font(size, style)
    words = _units(s)
    lines: list[str] = []
    line = ""
    for word in words:
        trial = f"{line} {word}".strip()
        if f.size(trial)[0] <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
        if break_words and f.size(line)[0] > width:
            *full, line = _break_word(line, width, f)
            lines.extend(full)
    if line:
        lines.append(line)
    return lines or [""]


def _break_word(text: str, width: int, f) -> list[str]:
    """``text`` in pieces at most ``width`` px wide, each cut after a path separator or hyphen when one falls in
    its second half, else at the last character that fits."""
    pieces = []
    while len(text) > 1 and f.size(text)[0] > width:
        lo, hi = 1, len(text) - 1  # the longest prefix that fits: at least one character
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if f.size(text[:mid])[0] <= width:
                lo = mid
            else:
                hi = mid - 1
        cut = max(text.rfind(c, 0, lo) + 1 for c in "\\/-")
        cut = cut if cut > lo // 2 else lo
        pieces.append(text[:cut])
        text = text[cut:]
    return [*pieces, text]


def fit(s: str, width: int, size: int = 18, style: str = "body") -> str:
    """``s`` shortened with an ellipsis so that it is at most ``width`` pixels wide."""
    f = font(size, style)
    if f.size(s)[0] <= width:
        return s
    original = s
    while s and f.size(s + "…")[0] > width:
        s = s[:-1]
    text_audit.note_shortened(original, s.rstrip() + "…")
    return s.rstrip() + "…"


def lighten(c: Sequence[int], amount: float = 0.25) -> tuple[int, int, int]:
    return tuple(min(255, int(v + (255 - v) * amount)) for v in c[:3])  # type: ignore[return-value]


def darken(c: Sequence[int], amount: float = 0.25) -> tuple[int, int, int]:
    return tuple(max(0, int(v * (1 - amount))) for v in c[:3])  # type: ignore[return-value]


def mix(a: Sequence[int], b: Sequence[int], t: float) -> tuple[int, int, int]:
    return tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(3))  # type: ignore[return-value]


def contrast_ink(c: Sequence[int]) -> tuple[int, int, int]:
    """Dark or light text, whichever reads on colour ``c``."""
    lum = 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]
    return PAPER_INK if lum > 150 else INK


def panel(surface: pygame.Surface, rect: pygame.Rect, colour=PANEL, radius: int = RADIUS, border=None,
          shadow: bool = True) -> None:
    if shadow:
        sh = pygame.Surface((rect.w + 8, rect.h + 8), pygame.SRCALPHA)
        pygame.draw.rect(sh, (0, 0, 0, 70), sh.get_rect().inflate(-4, -4).move(2, 4), border_radius=radius + 2)
        surface.blit(sh, (rect.x - 4, rect.y - 2))
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    if border:
        pygame.draw.rect(surface, border, rect, width=1, border_radius=radius)


_vignette: dict[tuple[int, int, tuple], pygame.Surface] = {}


def backdrop(surface: pygame.Surface, top=BG, bottom=BG_DEEP) -> None:
    """A soft vertical gradient (cached) behind every scene."""
    key = (surface.get_width(), surface.get_height(), (top, bottom))
    img = _vignette.get(key)
    if img is None:
        img = pygame.Surface(surface.get_size())
        h = surface.get_height()
        for y in range(h):
            pygame.draw.line(img, mix(top, bottom, y / max(1, h - 1)), (0, y), (surface.get_width(), y))
        _vignette[key] = img
    surface.blit(img, (0, 0))


def badge_letters(name: str) -> str:
    """What a player's round badge shows: the name's first letter, or its number when it ends with one ("Player 2",
    "Joueur 2": two default names would otherwise both show "P")."""
    words = name.split()
    if len(words) > 1 and words[-1].isdigit() and len(words[-1]) <= 2:
        return words[-1]
    return name[:1].upper() or "?"
