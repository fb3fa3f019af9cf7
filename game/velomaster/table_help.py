"""What the VeloMaster table explains on its own (issue 18): the die choices as buttons that preview
their move, the key to the riders' roles and to the odds on the map, and the words for a move's odds.

* :class:`DieChoiceButton` is one die choice (``Launch`` / ``Assign``), drawn as the die it gives; the
  table lays them out one row per rider (:func:`choice_rows`) with the rider's picture and role, so the
  labels are never squeezed, and highlights on the map where the hovered choice would take the rider.
* :func:`draw_key` is the key in the bar under the map: the leader's and the team-mate's marks, and (while
  percentages are on the map) what a percentage means.
* :func:`odds_words` says in plain words what the rolls on the way to a cell are.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Callable, Sequence

import pygame

from ..i18n import N_, _, capital, language, ngettext, tr
from ..ui import theme
from ..ui.widgets import Button
from ..ui.widgets.die import die_face
from .course_overlays import hatch
from .course_style import FEED_MISS_COLOUR
from .rider_art import BIB_NAMES, icon_width, mover_badge, rider_icon
from .rules.actions import Assign, Launch
from .rules.levels import LEVELS
from .rules.reach import ReachInfo
from .table_words import role_name

ODDS_MEANING = N_("% = the chance to get there on your feet (no crash on a danger cell, no failed power roll)")
# TRANSLATORS: a cell's odds in the pill on the map ("73%"); French puts a narrow no-break space (U+202F) before %
ODDS_LABEL = N_("{odds}%")


def odds_label(probability: float) -> str:
    """The odds on a highlighted cell, as the language writes a percentage ("73%", in French "73 %")."""
    return percent_label(round(probability * 100))


def percent_label(value: int) -> str:
    """A whole percentage as the language writes it ("5%", in French "5 %": a narrow no-break space), as the
    odds on the map and the profile strip's slopes write it."""
    return _(ODDS_LABEL).format(odds=value)


# ============================================================================================ die choices


class DieChoiceButton(Button):
    """A die choice shown as the die it gives the rider (its row names the rider)."""

    def __init__(self, rect, action: Launch | Assign, on_click: Callable[[], None], tooltip: str):
        super().__init__(rect, str(action.die), on_click, "secondary", size=18, tooltip=tooltip)
        self.action = action

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        rect = self.rect.move(0, 2) if (self.pressed and self.hovered) else self.rect
        fill = theme.PANEL_HI if self.hovered else theme.PANEL
        pygame.draw.rect(surface, theme.darken(fill, 0.35), rect.move(0, 3), border_radius=theme.RADIUS)
        pygame.draw.rect(surface, fill, rect, border_radius=theme.RADIUS)
        border = theme.ACCENT if self.hovered else theme.LINE
        pygame.draw.rect(surface, border, rect, 2, border_radius=theme.RADIUS)
        face = die_face(self.action.die, rect.h - 12)
        surface.blit(face, face.get_rect(center=rect.center))


@dataclass(frozen=True)
class ChoiceRow:
    """One rider's row of die choices: who it is, what the row says, and its choices (dice)."""

    rider: int
    words: str  # "Leader first", "Launch team-mate"
    actions: tuple[Launch | Assign, ...]


def choice_rows(actions: Sequence[Launch | Assign], roles: Sequence[str]) -> list[ChoiceRow]:
    """The legal die choices grouped by rider, in the order the engine lists them (leader first)."""
    rows: dict[int, list] = {}
    for a in actions:
        rows.setdefault(a.rider, []).append(a)
    out = []
    for rider, acts in rows.items():
        role = role_name(roles[rider])
        launch = isinstance(acts[0], Launch)
        # "first" only while another rider waits for the other die
        words = _("Launch {rider}").format(rider=role) if launch else \
            capital(_("{rider} first").format(rider=role)) if len(rows) > 1 else \
            capital(_("{rider}: pick a die").format(rider=role))
        out.append(ChoiceRow(rider, words, tuple(sorted(acts, key=lambda a: a.die))))
    return out


def choice_tooltip(action: Launch | Assign, role: str, other_role: str | None, dice_left: Sequence[int]) -> str:
    """What a die choice does, in words (the button's tooltip)."""
    if isinstance(action, Launch):
        return ngettext("Launch the {rider} with the {die}: up to {die} cell from the start grid. The highlighted "
                        "cells show where it can go.",
                        "Launch the {rider} with the {die}: up to {die} cells from the start grid. The highlighted "
                        "cells show where it can go.", action.die).format(rider=role, die=action.die)
    rest = list(dice_left)
    if action.die in rest:
        rest.remove(action.die)
    then = " " + _("Then the {rider} takes the {die}.").format(rider=other_role, die=rest[0]) \
        if other_role and rest else ""
    cells = ngettext("{n} cell", "{n} cells", action.die).format(n=action.die)
    if other_role is None:  # each rider its own die (Expert)
        return _("The {rider} takes the {die}: up to {cells}. The highlighted cells show where it can go.").format(
            rider=role, die=action.die, cells=cells)
    return _("The {rider} moves first with the {die}: up to {cells}.{then} The highlighted cells show where it can "
             "go.").format(rider=role, die=action.die, cells=cells, then=then)


ROW_ICON = 34  # the rider's picture in a row of die choices (px long)


def row_words_x(rect: pygame.Rect) -> int:
    """Where a row's words start (after the rider's picture)."""
    return rect.x + 12 + icon_width(ROW_ICON, True)


def row_lines(words: str, width: int) -> tuple[list[str], int]:
    """A row's words in ``width`` px: one line at 15 px, else two at 13 px (a neutral bike's "Neutral" over
    "yellow" beside five dice). Returns the lines and their size."""
    if theme.font(15, "bold").size(words)[0] <= width:
        return [words], 15
    return theme.wrap(words, width, 13, "bold"), 13


def row_words_width(words: str) -> int:
    """The least width a row's words need: their longest word at 13 px (two lines)."""
    return max(theme.font(13, "bold").size(w)[0] for w in words.split()) if words.strip() else 0


def draw_choice_row(surface: pygame.Surface, row: ChoiceRow, rect: pygame.Rect, team, bib, leader: bool,
                    hovered: bool, right: int | None = None) -> None:
    """A row's rider picture and words up to ``right`` (the dice are buttons drawn by the scene there)."""
    if hovered:
        pygame.draw.rect(surface, theme.mix(theme.PANEL_LO, theme.ACCENT, 0.18), rect, border_radius=8)
    rider_icon(surface, (rect.x + 6 + round(ROW_ICON * 0.65), rect.centery + 3), team, bib, leader, ROW_ICON)
    x = row_words_x(rect)
    lines, size = row_lines(row.words, (right if right is not None else rect.right) - x)
    step = size + 2
    for k, line in enumerate(lines):
        theme.blit_text(surface, line, (x, rect.centery + round((k - (len(lines) - 1) / 2) * step)), size,
                        theme.INK, "bold", anchor="midleft")


# ============================================================================================ the key


def key_entries(players: int, level: str = "debutant") -> list[tuple[str, tuple[tuple[int, int, int], ...], bool]]:
    """(words, bib colours, leader) for the key: the bibs in play. Débutant: a yellow leader and a grey team-mate,
    from 5 players also the green leader and violet team-mate of the teams of a second colour; Expert and Pro: a
    yellow leader and the grey, violet and green team-mates (a team shared by two players keeps its bibs)."""
    lv = LEVELS.get(level, LEVELS["debutant"])
    leaders, mates = [lv.bibs[0]], list(lv.bibs[1:])
    if players > lv.colours and not lv.shared_teams:
        leaders.append(lv.shared_bibs[0])
        mates += [b for b in lv.shared_bibs[1:] if b not in mates]
    mate_words = N_("Team-mates") if len(mates) > 1 and len(lv.team) > 2 else N_("Team-mate")
    return [(N_("Leader"), tuple(BIB_NAMES[b] for b in leaders), True),
            (mate_words, tuple(BIB_NAMES[b] for b in mates), False)]


KEY_HINT = N_("hover a rider for its name")
# what a percentage on a cell means, the longest the key bar has room for (the hover card says it all)
ODDS_WORDS = (ODDS_MEANING, N_("% = the chance to get there on your feet"), N_("% = chance to get there safely"),
              N_("% = safe arrival"))
# what the striped cells mean (Expert's feeds), the longest that fits beside a striped square
FEED_WORDS = (N_("misses the feed: the smallest die to the finish"), N_("misses the feed: smallest die"),
              N_("misses the feed"))
FEED_SWATCH = 14
# the disc on the bikes of a team two players share (from 5 players at Expert and Pro)
SHARED_WORDS = (N_("a disc in a player's colour: that player moves the bike"), N_("disc: the player moving it"),
                N_("disc: who moves it"))
KEY_ICON = 26  # the bikes in the key (px long)
_keys: dict[tuple, pygame.Surface] = {}


def key_image(players: int, team, level: str = "debutant") -> pygame.Surface:
    """The roles' marks, on a transparent picture 26 px high: a leader's bike(s) "Leader", the team-mates' bikes
    "Team-mate(s)" (the bibs in play; cached)."""
    entries = key_entries(players, level)
    key = (tuple(entries), tuple(team[:3]), language())
    img = _keys.get(key)
    if img is None:
        parts = []  # (bibs, leader, icon width, words image)
        for words, bibs, leader in entries:
            parts.append((bibs, leader, icon_width(KEY_ICON, leader), theme.text(_(words), 14, theme.INK, "bold")))
        width = sum(len(bibs) * (w + 2) + words.get_width() + 16 for bibs, _, w, words in parts) - 12
        img = _keys[key] = pygame.Surface((width, 26), pygame.SRCALPHA)
        x, cy = 0, 13
        half = round(KEY_ICON * 1.3 / 2)
        for bibs, leader, w, words in parts:
            for bib in bibs:
                rider_icon(img, (x + half, cy + 1), team, bib, leader, KEY_ICON)
                x += w + 2
            img.blit(words, words.get_rect(midleft=(x + 2, cy)))
            x += words.get_width() + 16
    return img


def key_hint(show_odds: bool, room: int) -> str:
    """The words beside the key: what a percentage means while some are on the map (the longest wording that
    fits ``room`` px at 13 px), else how to name a rider; "" when even the shortest does not fit."""
    choices = ODDS_WORDS if show_odds else (KEY_HINT,)
    font = theme.font(13, "bold")
    return next((_(words) for words in choices if font.size(_(words))[0] <= room), "")


def feed_hint(room: int) -> str:
    """What the striped cells mean, the longest wording that fits ``room`` px beside the striped square."""
    font = theme.font(13, "bold")
    return next((_(words) for words in FEED_WORDS if FEED_SWATCH + 6 + font.size(_(words))[0] <= room), "")


def draw_key(surface: pygame.Surface, bar: pygame.Rect, players: int, team, show_odds: bool,
             right: int | None = None, level: str = "debutant", feed_miss: bool = False,
             mover: tuple[int, int, int] | None = None) -> tuple[pygame.Rect, str]:
    """The key in the bar under the map (on the bar's left, up to ``right``): the roles' marks, then what the
    striped cells mean while some are on the map (a move that misses the feed), then what the percentages mean
    (or how to name a rider). ``mover``: a colour for the disc on the bikes of a team two players share (while no
    percentages are on the map: the disc and what it means). Returns where the key went and the words shown about
    the odds or the riders."""
    img = key_image(players, team, level)
    box = surface.blit(img, img.get_rect(midleft=(bar.x + 10, bar.centery)))
    limit = (right if right is not None else bar.right) - 12
    if mover is not None and not show_odds and not feed_miss:
        disc = mover_badge(mover, FEED_SWATCH)
        font = theme.font(13, "bold")
        room = limit - box.right - 20 - FEED_SWATCH - 6
        words = next((_(w) for w in SHARED_WORDS if font.size(_(w))[0] <= room), "")
        if words:
            spot = surface.blit(disc, disc.get_rect(midleft=(box.right + 20, bar.centery)))
            text = theme.blit_text(surface, words, (spot.right + 6, bar.centery), 13, theme.MUTED, "bold",
                                   anchor="midleft")
            box = box.union(spot).union(text)
    if feed_miss:
        words = feed_hint(limit - box.right - 20)
        if words:
            square = pygame.Rect(box.right + 20, bar.centery - FEED_SWATCH // 2, FEED_SWATCH, FEED_SWATCH)
            pygame.draw.rect(surface, theme.PANEL, square)
            surface.blit(hatch(square.size, [(0, 0), (square.w, 0), (square.w, square.h), (0, square.h)],
                               FEED_MISS_COLOUR, 5), square)
            pygame.draw.rect(surface, FEED_MISS_COLOUR, square, 1)
            text = theme.blit_text(surface, words, (square.right + 6, bar.centery), 13, FEED_MISS_COLOUR, "bold",
                                   anchor="midleft")
            box = box.union(square).union(text)
    hint = key_hint(show_odds, limit - box.right - 20)
    if hint:
        colour = theme.ACCENT if show_odds else theme.MUTED
        words = theme.blit_text(surface, hint, (box.right + 20, bar.centery), 13, colour, "bold", anchor="midleft")
        box = box.union(words)
    return box, hint


# ============================================================================================ odds in words

FEED_MISS_TITLE = N_("Misses the feed")


def feed_card(info: ReachInfo) -> list[tuple[str, str]]:
    """What the engine's feed rules make of a highlighted cell, for its hover card: the cost of a move that
    leaves a feed zone without a stop on a feed cell, or the feed bag a stop there takes."""
    if info.feed_miss is not None:
        return [(_(FEED_MISS_TITLE), _("It leaves the feed zone without stopping on a feed cell (green): {cost}.").format(
            cost=tr(info.feed_miss.words())))]
    if info.feeds:
        return [(_("Feed"), _("A stop here takes the feed bag (the box is ticked on the points sheet)."))]
    return []



def odds_words(info: ReachInfo) -> str:
    """The rolls on the safest way to a cell and the chance to get there, in plain words."""
    cells = ngettext("{n} cell", "{n} cells", len(info.path)).format(n=len(info.path))
    if not info.rolls:
        return _("{cells}, safe: no roll on the way.").format(cells=cells)
    counts = Counter(info.rolls)
    parts = []
    for roll, n in counts.items():
        if roll == ("skill", "descent"):
            parts.append(_("a skill roll for a 6 down the descent (a d20 of 1 or 2 is a crash)"))
        elif roll == ("skill", "braking"):
            parts.append(_("a skill roll to brake, stopping short of the 6 (a d20 of 1 or 2 is a crash)"))
        elif roll == ("skill", "diagonal"):
            parts.append(_("{n} skill rolls on diagonals between two bikes (a d20 of 1 or 2 is a crash)").format(n=n)
                         if n > 1 else _("a skill roll on a diagonal between two bikes (a d20 of 1 or 2 is a crash)"))
        elif roll[0] == "skill":
            parts.append(_("{n} skill rolls on danger cells (a d20 of 1 or 2 is a crash)").format(n=n) if n > 1 else
                         _("a skill roll on a danger cell (a d20 of 1 or 2 is a crash)"))
        else:
            slope = roll[1]
            if n > 1:
                parts.append(_("{n} power rolls off the {slope} % climb (the d20 must beat {slope})").format(
                    n=n, slope=slope))
            else:
                parts.append(_("a power roll off the {slope} % climb (the d20 must beat {slope})").format(slope=slope))
    return _("{cells}, {odds}% chance to get there on your feet: {rolls}.").format(
        cells=cells, odds=round(info.probability * 100), rolls=_("; ").join(parts))
