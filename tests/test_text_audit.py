"""The text audit notices text drawn over text, text cut at an edge, strings shortened with an ellipsis and
characters the font cannot draw; panels and cards laid over text hide it; tagged numbers are read back."""

import pygame
import pytest

from game.ui import text_audit, theme


@pytest.fixture()
def audit():
    pygame.display.init()
    pygame.font.init()
    text_audit.enable()
    yield text_audit
    text_audit.disable()


def canvas():
    surface = pygame.Surface((400, 300))
    text_audit.begin_frame(surface)
    return surface


def test_text_drawn_over_other_text_is_an_overlap(audit):
    surface = canvas()
    theme.blit_text(surface, "Jeannie", (20, 20), 18)
    theme.blit_text(surface, "+6", (40, 24), 18)
    found = audit.take_problems()
    assert any("overlap" in p and "'+6'" in p and "'Jeannie'" in p for p in found), found


def test_text_side_by_side_or_a_shadow_of_itself_is_no_overlap(audit):
    surface = canvas()
    theme.blit_text(surface, "Ann", (20, 20), 18)
    theme.blit_text(surface, "Bob", (80, 20), 18)
    theme.blit_text(surface, "Title", (20, 60), 18, (0, 0, 0))
    theme.blit_text(surface, "Title", (22, 62), 18)  # a drop shadow
    theme.blit_text(surface, "line one", (20, 100), 18)
    theme.blit_text(surface, "line two", (20, 120), 18)  # the next line of a paragraph
    assert audit.take_problems() == []


def test_a_panel_drawn_over_text_hides_it_and_its_own_text_is_no_overlap(audit):
    surface = canvas()
    theme.blit_text(surface, "a name on the table", (20, 20), 18)
    theme.panel(surface, pygame.Rect(10, 10, 300, 100))
    theme.blit_text(surface, "Stage 3 is over", (20, 20), 18)
    assert audit.take_problems() == []
    assert audit.texts(surface) == ["Stage 3 is over"]


def test_an_opaque_card_laid_over_a_label_hides_it(audit):
    surface = canvas()
    card = pygame.Surface((60, 90))
    card.fill((240, 240, 240))
    theme.blit_text(card, "25", (10, 6), 16, (0, 0, 0))
    surface.blit(card, (100, 100))
    surface.blit(card, (100, 106))  # a pile: the top card covers the one below but for 6 pixels
    assert audit.take_problems() == []


def test_a_panel_carries_its_texts_to_the_canvas_where_they_can_overlap(audit):
    surface = canvas()
    theme.blit_text(surface, "Fausto", (100, 100), 18)
    overlay = pygame.Surface((120, 40), pygame.SRCALPHA)
    theme.blit_text(overlay, "draws a 2 blind", (0, 0), 18)
    surface.blit(overlay, (90, 98))
    found = audit.take_problems()
    assert any("'draws a 2 blind'" in p and "'Fausto'" in p for p in found), found


def test_text_leaving_the_surface_or_its_clip_is_cut(audit):
    surface = canvas()
    theme.blit_text(surface, "Lucien", (380, 20), 18)
    found = audit.take_problems()
    assert any(p.startswith("cut: 'Lucien'") for p in found), found
    surface.set_clip(pygame.Rect(0, 0, 100, 100))
    theme.blit_text(surface, "Click a highlighted cell", (20, 40), 18)
    found = audit.take_problems()
    assert any(p.startswith("cut: 'Click a highlighted cell'") for p in found), found


def test_a_map_viewport_may_cut_its_labels(audit):
    surface = canvas()
    surface.set_clip(pygame.Rect(0, 0, 100, 100))
    with audit.viewport():
        theme.blit_text(surface, "a rider's name tag", (60, 40), 18)
    assert audit.take_problems() == []


def test_fit_says_when_it_shortens_a_string(audit):
    assert theme.fit("Ann", 200, 18) == "Ann"
    assert audit.take_problems() == []
    shown = theme.fit("Click a highlighted cell up the line, or Stay.", 120, 18)
    assert shown.endswith("…")
    found = audit.take_problems()
    assert found == [f"shortened: 'Click a highlighted cell up the line, or Stay.' is drawn as {shown!r}"]


def test_a_character_the_font_lacks_is_a_missing_glyph(audit):
    theme.text("\u2b9f newer", 13)  # an arrow Lato does not have
    found = audit.take_problems()
    assert any(p.startswith("missing glyph") and "U+2B9F" in p for p in found), found
    theme.text("Hélène · +3'00 · 1,250 – Débutant…", 13)
    assert audit.take_problems() == []


def test_tagged_numbers_are_read_back_from_the_frame_and_a_covered_one_is_gone(audit):
    surface = canvas()
    theme.blit_text(surface, "625", (300, 20), 17, tag=("total", 0))
    theme.blit_text(surface, "1,200", (300, 50), 17, tag=("total", 1))
    assert audit.tagged(surface) == {("total", 0): ["625"], ("total", 1): ["1,200"]}
    theme.panel(surface, pygame.Rect(290, 45, 100, 30))
    assert audit.tagged(surface) == {("total", 0): ["625"]}
    text_audit.begin_frame(surface)
    assert audit.tagged(surface) == {}
