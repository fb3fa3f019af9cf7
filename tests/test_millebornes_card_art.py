"""Mille Bornes card art (issue 15): every card kind has its own face at the hand size (64x90) and the table
size (44x62), names always fit, the deck's back, a Coup Fourré card lies sideways, the mileage bar reads
without colour, empty piles explain themselves, the menu tile."""

import ast
import itertools
from pathlib import Path

import pygame
import pytest

from game.millebornes import card_art
from game.millebornes.rules import cards

HAND, TABLE = (64, 90), (44, 62)
SIZES = (HAND, TABLE)
# and the sizes the table uses (game/millebornes/table_parts.py: zone, hand, piles)
ALL_SIZES = SIZES + ((50, 70), (74, 104), (66, 92))


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


@pytest.mark.parametrize("size", ALL_SIZES)
def test_every_card_kind_draws_at_every_size_the_table_uses_with_rounded_corners(size):
    for kind in range(cards.KINDS):
        img = card_art.face(kind, size)
        assert img.get_size() == size, cards.NAMES[kind]
        assert img.get_flags() & pygame.SRCALPHA
        assert img.get_at((0, 0)).a == 0, f"{cards.NAMES[kind]} has square corners"
        assert img.get_at((size[0] // 2, size[1] // 2)).a == 255


@pytest.mark.parametrize("size", SIZES)
def test_no_two_card_kinds_look_the_same(size):
    faces = {kind: pixels(card_art.face(kind, size)) for kind in range(cards.KINDS)}
    for a, b in itertools.combinations(range(cards.KINDS), 2):
        assert faces[a] != faces[b], f"{cards.NAMES[a]} and {cards.NAMES[b]} are drawn alike"
    assert pixels(card_art.back(size)) not in faces.values()


def test_faces_are_cached_per_kind_and_size():
    assert card_art.face(cards.GO, HAND) is card_art.face(cards.GO, HAND)
    assert card_art.face(cards.GO, HAND) is not card_art.face(cards.GO, TABLE)
    assert card_art.face(cards.GO, HAND) is not card_art.face(cards.STOP, HAND)
    assert card_art.back(TABLE) is card_art.back(TABLE)
    assert card_art.sideways(cards.DRIVING_ACE, TABLE) is card_art.sideways(cards.DRIVING_ACE, TABLE)
    assert card_art.placeholder(TABLE, "drive") is card_art.placeholder(TABLE, "drive")


@pytest.mark.parametrize("size", ALL_SIZES)
def test_every_name_fits_its_card_whole_at_every_size_the_table_uses(size):
    room = card_art.name_room(size[0])
    for kind in range(cards.KINDS):
        lines, px, squeeze = card_art.name_layout(kind, *size)
        assert " ".join(lines).replace("- ", "-") == cards.NAMES[kind].upper(), "a name was cut"
        assert 1 <= len(lines) <= 2 and px >= card_art.MIN_TEXT and squeeze >= card_art.SQUEEZE
        rows = card_art.name_rows(kind, *size)
        assert all(row.get_width() <= room for row in rows), cards.NAMES[kind]
        # the name band leaves most of the card to the pictogram
        assert sum(row.get_height() for row in rows) < size[1] * 0.3


def test_a_name_too_long_for_a_tiny_card_is_cut_with_an_ellipsis_not_spilled():
    width = 24
    rows = card_art.name_rows(cards.EMERGENCY_VEHICLE, width, 34)
    lines, px, _ = card_art.name_layout(cards.EMERGENCY_VEHICLE, width, 34)
    assert any(line.endswith("…") for line in lines) and px == card_art.MIN_TEXT
    assert all(row.get_width() <= card_art.name_room(width) for row in rows)


def test_names_keep_a_visible_gap_between_words_at_table_size():
    # Lato's own space is 1-2 pixels at 6-7 px: "OUT OF GAS" read "OUTOF GAS" on a table card
    for px in (6, 7):
        joined = card_art.caps_line("OUTOF", px).get_width()
        spaced = card_art.caps_line("OUT OF", px).get_width()
        assert spaced - joined >= 3


def _share_of(img: pygame.Surface, colour) -> float:
    """The share of ``img``'s pixels of about ``colour`` (scaling may move a channel by a step or two)."""
    w, h = img.get_size()
    hits = sum(1 for x in range(w) for y in range(h)
               if max(abs(a - b) for a, b in zip(tuple(img.get_at((x, y)))[:3], colour, strict=True)) <= 4)
    return hits / (w * h)


@pytest.mark.parametrize("size", SIZES)
def test_each_family_wears_its_colour_distances_are_cream(size):
    for kind in range(cards.KINDS):
        img = card_art.face(kind, size)
        family = cards.FAMILY[kind]
        colour = card_art.CREAM if family == "distance" else card_art.FAMILY_RGB[family]
        assert _share_of(img, colour) > 0.2, f"{cards.NAMES[kind]} does not read as a {family}"
    frame = card_art.face(cards.EXTRA_TANK, size)
    edge = frame.subsurface((0, 0, card_art._margin(size[0]) + 3, size[1]))
    assert _share_of(edge, card_art.GOLD) > 0.1, "a safety has a gold frame"


def test_an_unknown_card_kind_is_refused_in_plain_words():
    with pytest.raises(ValueError, match="no Mille Bornes card of kind 19"):
        card_art.face(cards.KINDS, HAND)
    with pytest.raises(ValueError, match="no Mille Bornes card of kind -1"):
        card_art.sideways(-1, HAND)


def test_a_coup_fourre_safety_lies_sideways_a_quarter_turn_of_its_face():
    img = card_art.sideways(cards.PUNCTURE_PROOF, TABLE)
    assert img.get_size() == (TABLE[1], TABLE[0])
    upright = card_art.face(cards.PUNCTURE_PROOF, TABLE)
    assert pixels(img) == pixels(pygame.transform.rotate(upright, 90))


@pytest.mark.parametrize("size", SIZES)
def test_the_back_is_the_size_asked_and_hides_which_card_it_is(size):
    img = card_art.back(size)
    assert img.get_size() == size and img.get_at((0, 0)).a == 0
    assert img.get_at((size[0] // 2, size[1] // 2)).a == 255


BAR = (10, 10, 400, 18)
ROW = 19  # the bar's middle row, clear of the milestone ticks
PAPER = (5, 6, 7)


def _bar(miles: int, goal: int, colour, marks=(250, 500, 750)) -> pygame.Surface:
    surface = pygame.Surface((420, 40))
    surface.fill(PAPER)
    card_art.mileage_bar(surface, BAR, miles, goal, colour, marks)
    return surface


def test_the_mileage_bar_fills_to_the_share_of_the_goal():
    colour = (200, 60, 120)
    img = _bar(650, 1000, colour)
    # 650 of 1000: filled at 25% and 63% of the way (either side of the figure in the middle), empty at 90%
    assert tuple(img.get_at((10 + 100, ROW)))[:3] == colour
    assert tuple(img.get_at((10 + 252, ROW)))[:3] == colour
    assert tuple(img.get_at((10 + 262, ROW)))[:3] != colour
    assert tuple(img.get_at((10 + 360, ROW)))[:3] != colour


def test_the_mileage_bar_reads_without_colour_the_figure_says_the_miles():
    grey = (17, 21, 30)  # a fill the colour of the empty bar: only the figure tells
    assert pixels(_bar(650, 1000, grey)) != pixels(_bar(600, 1000, grey))


def test_miles_past_the_goal_fill_the_bar_without_spilling_out_of_it():
    colour = (200, 60, 120)
    img = _bar(1150, 1000, colour)
    assert tuple(img.get_at((10 + 390, ROW)))[:3] == colour
    for x in range(420):
        for y in (0, 5, 32, 39):
            assert tuple(img.get_at((x, y)))[:3] == PAPER
    for y in range(40):
        assert tuple(img.get_at((415, y)))[:3] == PAPER


def test_milestone_ticks_are_drawn_only_below_the_goal():
    colour = (200, 60, 120)
    assert pixels(_bar(0, 700, colour, (250, 500, 750))) == pixels(_bar(0, 700, colour, (250, 500))), \
        "a 750 tick was drawn on a 700-mile bar"
    assert pixels(_bar(0, 700, colour, ())) != pixels(_bar(0, 700, colour, (250, 500)))


def test_an_empty_pile_slot_shows_its_label():
    blank = card_art.placeholder(TABLE)
    drive = card_art.placeholder(TABLE, "drive")
    speed = card_art.placeholder(TABLE, "speed")
    assert drive.get_size() == speed.get_size() == TABLE
    assert len({pixels(blank), pixels(drive), pixels(speed)}) == 3
    assert drive.get_at((TABLE[0] // 2, 1)).a > 0, "the slot has an outline"


def test_the_menu_tile_has_the_asked_size_and_shows_cards():
    img = card_art.tile_art((208, 170))
    assert img.get_size() == (208, 170)
    # the Driving Ace, last in the fan, is on top: its blue shows in the tile
    assert _share_of(img, card_art.SAFETY_RGB) > 0.02


def test_card_art_uses_no_engine_module_but_the_card_list():
    folder = Path(card_art.__file__).parent
    for name in ("card_art.py", "pictograms.py", "card_palette.py"):
        tree = ast.parse((folder / name).read_text())
        imported = {(node.level, node.module) for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        imported |= {(0, alias.name) for node in ast.walk(tree) if isinstance(node, ast.Import)
                     for alias in node.names}
        assert imported <= {(0, "__future__"), (0, "math"), (0, "pygame"), (2, "ui"), (2, "i18n"), (1, "rules"),
                            (1, "card_palette"), (1, "pictograms")}, name
