"""Issue 18 (VeloMaster): the rulebook's boards carry no course data, so the maps are ours. The docs and
the in-app rules say so, and the Salzburg map names the real 2006 places in their real order."""

from __future__ import annotations

from pathlib import Path

from game.velomaster.preview import COURSE_SOURCES
from game.velomaster.tiled import bundled_course

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "rules" / "velomaster.md"

# The 2006 road race lap, in riding order (organisers' route presentation and the press of 2006;
# Gnigl and Schallmoos are the districts its streets run through): see the docs' section below.
SALZBURG_2006 = ["Mirabellplatz", "Gnigl", "Mayrwies", "Esch", "Zilling", "Hallwang", "Tiefenbach", "Elixhausen",
                 "Lengfelden", "Kasern", "Schallmoos"]


def test_salzburg_map_names_the_real_2006_places_in_their_real_order_along_the_loop():
    course = bundled_course("salzburg")
    along = [p.name for p in sorted(course.places, key=lambda p: p.row)]
    assert along == SALZBURG_2006
    rows = {p.name: p.row for p in course.places}
    summits = {s.name: s.row for s in course.summits}
    assert rows["Zilling"] == summits["Zilling"] and rows["Elixhausen"] == summits["Elixhausen"]
    assert summits["Zilling"] < rows["Hallwang"] < rows["Tiefenbach"] < summits["Elixhausen"] < rows["Lengfelden"]


def test_no_place_of_the_old_invented_order_is_left_on_the_salzburg_map():
    names = {p.name for p in bundled_course("salzburg").places}
    assert not names & {"Itzling", "Bergheim"}, "Itzling and Bergheim are not on the 2006 loop's way out"


def test_the_rules_say_where_the_course_data_comes_from():
    text = DOC.read_text(encoding="utf-8")
    assert "### Where the course data comes from" in text
    section = text.split("### Where the course data comes from", 1)[1].split("\n### ", 1)[0]
    assert "Every cell of both maps is ours" in section
    for word in ("*certain*", "*approximate*", "*invented*"):
        assert word in section, word
    # the section lists the map's places in the map's order
    listed = section.split("Those places stand on our map in that order:", 1)[1].split(".", 1)[0]
    assert [w.strip() for w in listed.split(",")] == SALZBURG_2006


def test_the_salzburg_table_of_the_rules_follows_the_places_of_the_map():
    text = DOC.read_text(encoding="utf-8")
    table = text.split("### Salzburg – Championnat du Monde 2006", 1)[1].split("\n### ", 1)[0]
    positions = [table.find(name) for name in SALZBURG_2006[1:]]
    assert all(p > 0 for p in positions)
    assert positions == sorted(positions)


def test_the_course_preview_says_whose_data_each_course_is():
    assert set(COURSE_SOURCES) == {"salzburg", "aurillac"}
    assert "our cells" in COURSE_SOURCES["salzburg"] and "ours" in COURSE_SOURCES["aurillac"]
