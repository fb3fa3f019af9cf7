"""Physical condition on the VeloMaster race table (Niveau Pro, "CONDITION PHYSIQUE"): a small gauge under
every rider on the map, in its band's colour AND readable without colour, and the words for the name tag, the
cell card and the points sheet.

The gauge is ten segments of 10 % each; two tick marks stand at the band limits (60 % and 90 %), so where the
fill ends says the band whatever the colours look like; each band also has its own fill pattern (plain when
fit, striped when tired, dotted when weak). A value above 100 % (exact values: the viewer's own riders only)
gets a bright cap past the end. The numbers come from :mod:`.rules.condition` (the engine's table).
"""

from __future__ import annotations

import pygame

from ..i18n import N_, _, language
from ..ui import theme
from .rules.condition import ABANDON_AT, NORMAL, SPENT, TIRED, TIRED_BELOW, WEAK, WEAK_BELOW, band

AMBER = (236, 164, 48)
BAND_COLOURS = {NORMAL: theme.GREEN, TIRED: AMBER, WEAK: theme.RED, SPENT: theme.FAINT}
# what each band means at the table (the rulebook's "Conditions de déplacement selon la condition physique")
BAND_WORDS = {
    NORMAL: N_("fit"),
    TIRED: N_("tired: a leader climbs without protection, a team-mate leaves accélérations"),
    WEAK: N_("weak: also no entraide (a leader no accélération)"),
    SPENT: N_("spent: abandons"),
}
BAND_SHORT = {NORMAL: N_("fit"), TIRED: N_("tired"), WEAK: N_("weak"), SPENT: N_("out")}
OVER = (255, 226, 120)  # the cap of a value above 100 %
TRACK = (16, 18, 26)
SEGMENTS = 10


def band_of(value: int) -> str:
    """The band of a condition value, as the engine reads it."""
    return band(value)


def percent(value: int) -> str:
    """"80 %" (a thin space before the sign, as the French write it)."""
    return f"{value}\u202f%"


def condition_words(value: int, long: bool = False) -> str:
    """"80 % · tired" (or the band's full meaning with ``long``)."""
    b = band_of(value)
    return f"{percent(value)} · {_((BAND_WORDS if long else BAND_SHORT)[b])}"


def gauge_size(rider_box_w: int) -> tuple[int, int]:
    """The gauge under a rider drawn ``rider_box_w`` px wide: 30 to 44 px long, 7 px high."""
    return max(30, min(44, rider_box_w)), 7


def _pattern(surface: pygame.Surface, rect: pygame.Rect, kind: str, colour) -> None:
    """The band's pattern over the fill: none (fit), slanted stripes (tired), a chequer of dots (weak)."""
    dark = theme.darken(colour, 0.5)
    if kind == TIRED:
        for x in range(rect.x - rect.h, rect.right, 4):
            pygame.draw.line(surface, dark, (x, rect.bottom - 1), (x + rect.h - 1, rect.y))
    elif kind == WEAK:
        for y in range(rect.y, rect.bottom):
            for x in range(rect.x + (y - rect.y) % 2 * 2, rect.right, 4):
                surface.set_at((x, y), dark)


def draw_gauge(surface: pygame.Surface, rect: pygame.Rect, value: int) -> None:
    """The condition gauge in ``rect``: filled up to ``value`` (100 % fills it) in the band's colour and
    pattern, a notch every 10 %, tick marks at 60 % and 90 %, a cap past the end above 100 %."""
    rect = pygame.Rect(rect)
    kind = band_of(value)
    colour = BAND_COLOURS[kind]
    pygame.draw.rect(surface, TRACK, rect.inflate(2, 2))
    inner = rect
    fill = inner.copy()
    fill.w = round(inner.w * max(0, min(100, value)) / 100)
    if fill.w > 0:
        clip = surface.get_clip()
        surface.set_clip(fill.clip(clip) if clip else fill)
        pygame.draw.rect(surface, colour, fill)
        _pattern(surface, fill, kind, colour)
        surface.set_clip(clip)
    notch = theme.darken(colour, 0.6) if fill.w else TRACK
    for k in range(1, SEGMENTS):
        x = inner.x + round(k * inner.w / SEGMENTS)
        if x < fill.right:
            pygame.draw.line(surface, notch, (x, inner.y), (x, inner.bottom - 1))
    for limit in (WEAK_BELOW, TIRED_BELOW):  # the band limits, whatever the colours
        x = inner.x + round(limit / 100 * inner.w)
        pygame.draw.line(surface, theme.PAPER, (x, rect.y - 2), (x, rect.bottom + 1))
    if value > 100:
        cap = pygame.Rect(rect.right + 1, rect.y - 2, 4, rect.h + 4)
        pygame.draw.rect(surface, OVER, cap)
        pygame.draw.rect(surface, theme.darken(OVER, 0.5), cap, 1)


def draw_rider_gauge(surface: pygame.Surface, box: pygame.Rect, value: int) -> pygame.Rect:
    """The gauge under a rider's picture ``box`` (screen px); returns where it went."""
    w, h = gauge_size(box.w)
    rect = pygame.Rect(0, 0, w, h)
    rect.midtop = (box.centerx, box.bottom - 2)
    draw_gauge(surface, rect, value)
    return rect


LEGEND_ITEMS = ((100, N_("90+ fit")), (70, N_("60–80 tired")), (40, N_("40–50 weak")))
LEGEND_END = N_("≤{n} out")


def legend_width() -> int:
    font = theme.font(12, "bold")
    end = _(LEGEND_END).format(n=ABANDON_AT)
    return 74 + sum(36 + font.size(_(words))[0] + 14 for _value, words in LEGEND_ITEMS) + font.size(end)[0] + 10


_LEGEND: dict[str, pygame.Surface] = {}  # the legend, drawn once per language


def draw_legend(surface: pygame.Surface, topleft: tuple[int, int]) -> pygame.Rect:
    """A one-line key to the gauges: each band's gauge and words (for the map's corner)."""
    if language() not in _LEGEND:
        img = pygame.Surface((legend_width(), 24), pygame.SRCALPHA)
        img.fill((*theme.BG_DEEP, 210))
        box = img.get_rect()
        theme.blit_text(img, _("Condition"), (8, box.centery), 12, theme.MUTED, "bold", anchor="midleft")
        x = 74
        for value, words in LEGEND_ITEMS:
            draw_gauge(img, pygame.Rect(x, box.centery - 4, 30, 8), value)
            x += 36
            text = theme.text(_(words), 12, theme.INK, "bold")
            img.blit(text, text.get_rect(midleft=(x, box.centery)))
            x += text.get_width() + 14
        theme.blit_text(img, _(LEGEND_END).format(n=ABANDON_AT), (x, box.centery), 12, theme.MUTED, "bold", anchor="midleft")
        _LEGEND[language()] = img
    return surface.blit(_LEGEND[language()], topleft)
