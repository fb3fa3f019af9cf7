"""The screen's layout numbers, in one place: the top bar, the play area on the left, the right-hand
column (move log and a game's panels) and the top bar's buttons. Tables and shared scenes place
their pieces from these names instead of repeating 56, 970, 980 and 290.

The screen is the 1280x720 canvas (``theme.W`` x ``theme.H``); the app scales it to the window.
"""

from __future__ import annotations

import pygame

from . import theme

GAP = 10  # between panels, and between a panel and the screen's edge

# --------------------------------------------------------------------------- top bar
TOP_H = 56  # the top bar: game name, the prompt, Results/Undo/Rules/Menu
TOP_BAR = pygame.Rect(0, 0, theme.W, TOP_H)
PROMPT_X = 300  # where the prompt (whose move, what to do) starts in the top bar
TOP_BUTTON_W, TOP_BUTTON_H, TOP_BUTTON_Y = 104, 40, 8


def top_button(slot: int, extra_w: int = 0) -> pygame.Rect:
    """The top bar's ``slot``-th button from the right (1 = Menu, 2 = Rules, 3 = Undo, 4 = Results),
    ``extra_w`` wider to the left."""
    x = theme.W - slot * (TOP_BUTTON_W + GAP) - extra_w
    return pygame.Rect(x, TOP_BUTTON_Y, TOP_BUTTON_W + extra_w, TOP_BUTTON_H)


# --------------------------------------------------------------------------- play area and side column
TABLE_W = 970  # the play area: everything left of the side column
TABLE = pygame.Rect(0, TOP_H, TABLE_W, theme.H - TOP_H)
SIDE_X, SIDE_W = TABLE_W + GAP, 290  # the right-hand column: the move log and a game's panels
SIDE_TOP = TOP_H + GAP  # the first panel's top
SIDE_BOTTOM = theme.H - GAP  # the last panel's bottom
LOG_H = 400  # the move log's height when a table has nothing else in the column above its panels
LOG_RECT = pygame.Rect(SIDE_X, SIDE_TOP, SIDE_W, LOG_H)


def side_panel(top: int, height: int) -> pygame.Rect:
    """A panel of the right-hand column, ``height`` pixels from ``top``."""
    return pygame.Rect(SIDE_X, top, SIDE_W, height)


def side_panel_to_bottom(top: int, bottom: int = SIDE_BOTTOM) -> pygame.Rect:
    """A panel of the right-hand column from ``top`` down to ``bottom`` (the column's foot by default)."""
    return pygame.Rect(SIDE_X, top, SIDE_W, bottom - top)


# --------------------------------------------------------------------------- buttons
BUTTON_H = 52  # a page's main buttons: the pause menu's column, setup's Back and Start
ACTION_H = 48  # a table's action bar (Play, Pass…)
