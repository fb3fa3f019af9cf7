"""The words a first-time player reads about VeloMaster's levels are current ("Polish, as first-time players meet
the five games"): the rules page the app shows opens by naming every playable level, promises none "to follow",
and the menu's line gives the teams of four to every level that has them."""

from __future__ import annotations

from pathlib import Path

from game.registry import REGISTRY
from game.velomaster.rules.levels import LEVELS, PLAYABLE_LEVELS
from game.velomaster.rules.variants import level_name

ROOT = Path(__file__).resolve().parent.parent
STALE = ("will follow", "coming soon", "to come later", "not yet playable")


def test_the_rules_page_opens_by_naming_every_playable_level_and_promises_none_to_follow():
    entry = next(r for r in REGISTRY if r.id == "velomaster")
    text = (ROOT / "docs" / "rules" / entry.rules_doc).read_text(encoding="utf-8")
    opening = " ".join(text.split("\n## ", 1)[0].split())  # the page's first paragraphs, before its first part
    for level in PLAYABLE_LEVELS:
        assert LEVELS[level].label in opening, (LEVELS[level].label, opening)
    for words in STALE:
        assert words not in text.lower(), words


def test_the_menu_tile_gives_the_team_sizes_every_level_plays_and_names_no_level_wrongly():
    """The tile's players line says "2 or 4 riders each" (it said "teams of 2 or 4", which read as partnerships) from
    the levels themselves (Débutant 2, Expert and Pro 4); the
    tagline, shortened to fit the tile, names no level, so it cannot give one a wrong team."""
    from game.velomaster.spec import VelomasterSpec

    entry = next(r for r in REGISTRY if r.id == "velomaster")
    fours = [level_name(LEVELS[lv]) for lv in PLAYABLE_LEVELS if len(LEVELS[lv].team) == 4]
    assert fours == ["Expert", "Pro"]
    sizes = sorted({len(LEVELS[lv].team) for lv in PLAYABLE_LEVELS})
    assert sizes == [2, 4]
    for players, tagline in ((entry.players_text, entry.tagline), (VelomasterSpec.players_text, VelomasterSpec.tagline)):
        assert players.endswith(f"{sizes[0]} or {sizes[1]} riders each"), players
        assert not any(level_name(LEVELS[lv]) in tagline for lv in PLAYABLE_LEVELS), tagline
