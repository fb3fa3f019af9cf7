"""Issue 27 (Windows): the app says where an exported file went, and a Windows path is one long word
("C:\\Users\\…\\Pictures\\Velotheque"): a toast wraps it, cut after a backslash where it can, so every line stays
inside the toast."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.toast import WIDTH, Toasts

PATH = ("C:\\Users\\Annabelle-Marguerite.Delacroix-Villeneuve\\OneDrive-ClubCyclisteAurillac\\Documents"
        "\\Pictures-from-the-club-races\\Velotheque")
MESSAGE = f"Points sheet saved in {PATH} as velomaster-2026-11-26-1701.png"


def test_a_long_path_is_cut_after_backslashes_so_every_line_fits():
    width = WIDTH - 60
    assert theme.font(17).size(PATH)[0] > width, "the path alone is wider than a toast"
    lines = theme.wrap(MESSAGE, width, 17, break_words=True)
    assert all(theme.font(17).size(line)[0] <= width for line in lines)
    assert "".join(lines).replace(" ", "") == MESSAGE.replace(" ", ""), "nothing lost, nothing added"
    cut_inside = [line for line in lines if PATH.startswith(line.split(" ")[-1]) or line.split(" ")[-1] in PATH]
    assert any(line.endswith("\\") for line in cut_inside), "the path is cut after a folder's backslash"


def test_without_break_words_a_long_word_stays_whole():
    lines = theme.wrap(MESSAGE, WIDTH - 60, 17)
    assert PATH in lines
    assert theme.font(17).size(PATH)[0] > WIDTH - 60


def test_a_word_with_no_separator_is_cut_where_it_must():
    word = "x" * 400
    lines = theme.wrap(word, 120, 17, break_words=True)
    assert len(lines) > 1 and "".join(lines) == word
    assert all(theme.font(17).size(line)[0] <= 120 for line in lines)


def test_the_toast_shows_the_whole_path_inside_its_card():
    surface = pygame.Surface((theme.W, theme.H))
    toasts = Toasts()
    toasts.show(MESSAGE, "ok", 6)
    drawn: list[str] = []
    real = theme.text
    try:
        theme.text = lambda s, *a, **k: (drawn.append(s), real(s, *a, **k))[1]
        toasts.draw(surface)
    finally:
        theme.text = real
    assert "".join(drawn).replace(" ", "") == MESSAGE.replace(" ", "")
    assert all(theme.font(17).size(line)[0] <= WIDTH - 60 for line in drawn)
