"""The hover card of a course cell: what a cell is (row, lane, terrain, slope, danger, feed, km, elevation,
a summit or the finish on its row) as tags, and the card drawn beside the pointer."""

from __future__ import annotations

from typing import Sequence

import pygame

from ..i18n import N_, _, number
from ..ui import theme
from .course import CLIMB, DESCENT, Cell, Course
from .course_style import CATEGORY_COLOURS, DANGER_COLOUR, FEED_COLOUR, TERRAIN_COLOURS
from .race_panel import category_name

CARD_WIDTH = 232
HEADER_TAGS = {"Row", "Lane", "Terrain", "Slope"}
# the tags' names, marked for the catalogue (the card translates them where it draws them)
TAG_WORDS = (N_("Danger"), N_("Feed"), N_("Km"), N_("Elevation"), N_("Summit"), N_("Finish"))  # shown in the card's coloured header, not as lines
SECTION_TAGS = ("Summit", "Finish")  # long values: wrapped under a rule


def cell_tags(course: Course, cell: Cell, finish_row: int | None = None,
              feeds_rule: bool = True) -> list[tuple[str, str]]:
    """What the hover card shows for a cell, as (tag, value) pairs; ``finish_row``: the race's finish line when it
    is not the course's (a shortened race); ``feeds_rule``: the race's level has the feed rule (Débutant has not:
    a feed cell is then said to be one with no rule at this level, and other cells do not mention feeds)."""
    c = course
    finish = c.finish_row if finish_row is None else finish_row
    feed = [("Feed", _("yes") if cell.feed else _("no"))] if feeds_rule else \
        [("Feed", _("no rule at this level"))] if cell.feed else []
    tags = [("Row", str(cell.row)), ("Lane", str(cell.lane)), ("Terrain", cell.terrain),
            ("Slope", f"{cell.slope} %" if cell.terrain == CLIMB else "–"),
            ("Danger", _("yes") if cell.danger else _("no")), *feed,
            ("Km", number(c.km_at(cell.row), 1)), ("Elevation", f"{number(cell.elevation)} m")]
    for s in c.summits:
        if s.row == cell.row and s.row <= finish:
            tags.append(("Summit", f"{s.name} · {category_name(s.category)} · {number(s.elevation)} m"))
    if cell.row == finish:
        tags.append(("Finish", _("finish line at the back of this row")))
    elif cell.row > finish:
        tags.append(("Finish", _("past the finish line (run-out)")))
    return tags


def card_place(size: tuple[int, int], mouse: Sequence[int], within: pygame.Rect,
               avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """Where the card goes: beside the pointer (below right, else below left, above right, above left, then the
    same a little farther), inside ``within``, on the spot that covers the least of ``avoid`` (the riders, the
    cell pointed at): the card never hides the pack it describes when there is room elsewhere."""
    w, h = size
    x, y = mouse[0], mouse[1]
    inner = within.inflate(-8, -8)
    spots = []
    for far in (0, 1):
        gap = 18 + far * 60
        for dx, dy in ((gap, 16 + far * 40), (-gap - w, 16 + far * 40), (gap, -12 - h - far * 40),
                       (-gap - w, -12 - h - far * 40)):
            card = pygame.Rect(x + dx, y + dy, w, h).clamp(inner)
            spots.append(card)
    pointer = pygame.Rect(x - 6, y - 6, 12, 12)

    def covered(card: pygame.Rect) -> int:
        hidden = sum(card.clip(box).w * card.clip(box).h for box in avoid)
        return hidden + (10 ** 6 if card.colliderect(pointer) else 0)

    return min(spots, key=covered)  # the first of the least covered: below right when nothing is in the way


def header_words(tags: list[tuple[str, str]]) -> tuple[str, str]:
    """The coloured header's two texts: "Row 59 · lane 3" on the left, the terrain ("Descent", "Climb 11 %") on
    the right, in the language in use."""
    tag = dict(tags)
    terrain = tag.get("Terrain", "")
    slope = tag.get("Slope", "").replace(" %", "")
    words = {"flat": _("Flat"), CLIMB: _("Climb {slope} %").format(slope=slope), DESCENT: _("Descent")}.get(
        terrain, terrain)
    return _("Row {row} · lane {lane}").format(row=tag.get("Row", ""), lane=tag.get("Lane", "")), words


def card_width(tags: list[tuple[str, str]]) -> int:
    """:data:`CARD_WIDTH`, or wider where the header's two texts need it (French writes "Rangée 130 · couloir 3"
    and "Montée 11 %")."""
    title, terrain = header_words(tags)
    need = 12 + theme.font(16, "black").size(title)[0] + 14 + theme.font(15, "bold").size(terrain)[0] + 12
    return max(CARD_WIDTH, need)


def card_size(tags: list[tuple[str, str]], sections: list[tuple[str, str]]) -> tuple[int, int]:
    """The card's size for these tags and sections (as :func:`draw_cell_card` lays them out)."""
    lines = [(k, v) for k, v in tags if k not in HEADER_TAGS]
    extra = list(sections) + [(k, v) for k, v in lines if k in SECTION_TAGS]
    lines = [(k, v) for k, v in lines if k not in SECTION_TAGS]
    wrapped = [theme.wrap(v, CARD_WIDTH - 24, 14, "bold") for _, v in extra]
    return card_width(tags), 62 + 19 * len(lines) + sum(8 + 18 * (len(w) + 1) for w in wrapped)


def draw_cell_card(surface: pygame.Surface, cell: Cell, tags: list[tuple[str, str]],
                   sections: list[tuple[str, str]], mouse: Sequence[int], within: pygame.Rect,
                   avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """The card beside the pointer (clear of ``avoid`` where it can be: :func:`card_place`): a header coloured by
    terrain (green on a feed), the tags, then the ``sections`` (title, text: a table explains a move's odds) and
    the summit/finish words, wrapped; returns the card."""
    lines = [(k, v) for k, v in tags if k not in HEADER_TAGS]
    extra = list(sections) + [(k, v) for k, v in lines if k in SECTION_TAGS]
    lines = [(k, v) for k, v in lines if k not in SECTION_TAGS]
    wrapped = [(k, theme.wrap(v, CARD_WIDTH - 24, 14, "bold")) for k, v in extra]
    card = card_place(card_size(tags, sections), mouse, within, avoid)
    theme.panel(surface, card, theme.PAPER, radius=8)
    chip = TERRAIN_COLOURS.get(cell.terrain, (128, 128, 128))
    if cell.feed and ("Feed", _("yes")) in tags:  # green only where the feed rule is played
        chip = FEED_COLOUR
    pygame.draw.rect(surface, chip, (card.x, card.y, card.w, 30), border_top_left_radius=8,
                     border_top_right_radius=8)
    title, terrain = header_words(tags)
    theme.blit_text(surface, title, (card.x + 12, card.y + 15), 16, theme.contrast_ink(chip), "black",
                    anchor="midleft")
    theme.blit_text(surface, terrain, (card.right - 12, card.y + 15), 15, theme.contrast_ink(chip), "bold",
                    anchor="midright")
    y = card.y + 40
    for k, v in lines:
        theme.blit_text(surface, _(k), (card.x + 12, y), 14, (110, 104, 112), "bold")
        colour = DANGER_COLOUR if (k == "Danger" and v == _("yes")) else (
            theme.darken(FEED_COLOUR, 0.3) if (k == "Feed" and v == _("yes")) else theme.PAPER_INK)
        theme.blit_text(surface, v, (card.right - 12, y), 14, colour, "bold", anchor="topright")
        y += 19
    for k, wl in wrapped:
        y += 6
        pygame.draw.line(surface, (214, 204, 184), (card.x + 10, y), (card.right - 10, y))
        y += 4
        theme.blit_text(surface, _(k), (card.x + 12, y), 13, CATEGORY_COLOURS["1"] if k == "Summit" else
                        theme.PAPER_INK, "black")
        for line in wl:
            y += 18
            theme.blit_text(surface, line, (card.x + 12, y), 14, theme.PAPER_INK, "bold")
        y += 18
    return card
