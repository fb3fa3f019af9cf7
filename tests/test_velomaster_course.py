"""VeloMaster courses: the two Tiled maps, the pure Course model (movement geometry) and the loader."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest

from game.velomaster.course import (
    CLIMB,
    DESCENT,
    DIAGONAL,
    FLAT,
    FORWARD,
    LEFT,
    RIGHT,
    SIDE,
    START,
    SUMMIT_CATEGORIES,
    SUMMIT_POINTS,
    Cell,
    Course,
    StartSlot,
    Summit,
)
from game.velomaster.tiled import CourseError, bundled_course, bundled_course_files, load_course, maps_dir

ROOT = Path(__file__).resolve().parent.parent
FIXTURE_EXPORT = ROOT / "tests" / "fixtures" / "salzburg.tiled-export.tmx"


@pytest.fixture(scope="module")
def courses() -> dict[str, Course]:
    return {p.stem: load_course(p) for p in bundled_course_files()}


# ============================================================================ synthetic courses


def road(lanes_by_row: list[range], *, finish_row: int | None = None, terrain: dict | None = None,
         summits: tuple[Summit, ...] = ()) -> Course:
    """A straight test road: ``lanes_by_row[r]`` = the lanes of row r; cell id = 100 * row + lane."""
    terrain = terrain or {}
    cells = []
    for row, lanes in enumerate(lanes_by_row):
        for lane in lanes:
            t, slope = terrain.get(row, (FLAT, 0))
            cells.append(Cell(id=100 * row + lane, row=row, lane=lane, terrain=t, slope=slope))
    return Course("test", "Test", tuple(cells), finish_row if finish_row is not None else len(lanes_by_row) - 2,
                  summits=summits, start_slots=(StartSlot(1, (0.0, 0.0)),), length_km=10.0)


def cid(row: int, lane: int) -> int:
    return 100 * row + lane


def targets(course: Course, ref, occupied=(), **kw) -> set[tuple[int, str]]:
    return {(st.cell.id, st.kind) for st in course.step_targets(ref, occupied, **kw)}


OPEN4 = [range(0, 4)] * 8


# ============================================================================ movement geometry


def test_neighbours_by_kind_forward_diagonal_side_and_behind():
    c = road(OPEN4)
    assert [n.id for n in c.neighbours(cid(3, 1), FORWARD)] == [cid(4, 1)]
    assert [n.id for n in c.neighbours(cid(3, 1), DIAGONAL)] == [cid(4, 0), cid(4, 2)]
    assert [n.id for n in c.neighbours(cid(3, 1), SIDE)] == [cid(3, 0), cid(3, 2)]
    assert [n.id for n in c.neighbours(cid(3, 1), "behind")] == [cid(2, 0), cid(2, 1), cid(2, 2)]
    # at the road edge there is nothing beyond lane 0
    assert [n.id for n in c.neighbours(cid(3, 0), DIAGONAL)] == [cid(4, 1)]
    assert len(c.touching(cid(3, 1))) == 8
    with pytest.raises(ValueError):
        c.neighbours(cid(3, 1), "backwards")


def test_fig1_side_steps_forbidden_when_a_more_forward_cell_touches_on_that_side():
    # Open road: the diagonal cell is "plus en avant" than the side cell on the same side.
    c = road(OPEN4)
    assert targets(c, cid(3, 1)) == {(cid(4, 1), FORWARD), (cid(4, 0), DIAGONAL), (cid(4, 2), DIAGONAL)}
    assert c.most_forward(cid(3, 1), LEFT).id == cid(4, 0)
    assert c.most_forward(cid(3, 1), RIGHT).id == cid(4, 2)


def test_side_step_allowed_where_the_road_narrows_and_no_diagonal_exists():
    # rows 0-3 have lanes 0-3; from row 4 lane 3 ends (a narrowing on the right)
    c = road([range(0, 4)] * 4 + [range(0, 3)] * 4)
    assert c.most_forward(cid(3, 2), RIGHT).id == cid(3, 3)
    assert targets(c, cid(3, 2)) == {(cid(4, 2), FORWARD), (cid(4, 1), DIAGONAL), (cid(3, 3), SIDE)}
    # the ending lane has no forward cell: only the diagonal back into the road
    assert targets(c, cid(3, 3)) == {(cid(4, 2), DIAGONAL)}


def test_rider_in_the_most_forward_cell_closes_that_side_strict_by_default_lenient_on_request():
    c = road(OPEN4)
    occupied = {cid(4, 2)}
    assert (cid(3, 2), SIDE) not in targets(c, cid(3, 1), occupied)
    assert (cid(3, 2), SIDE) in targets(c, cid(3, 1), occupied, side_when_blocked=True)
    # the free diagonal on the other side still wins over the side cell there
    assert (cid(3, 0), SIDE) not in targets(c, cid(3, 1), occupied, side_when_blocked=True)


def test_occupied_cells_are_never_entered_and_a_wall_blocks():
    c = road(OPEN4)
    wall = {cid(4, 0), cid(4, 1), cid(4, 2), cid(4, 3)}
    assert targets(c, cid(3, 1), wall) == set()
    lenient = targets(c, cid(3, 1), wall, side_when_blocked=True)
    assert lenient == {(cid(3, 0), SIDE), (cid(3, 2), SIDE)}
    assert not any(t in wall for t, _ in lenient)
    assert c.paths(cid(3, 1), 2, wall | {cid(3, 0), cid(3, 2)}, side_when_blocked=True) == ()


def test_no_jumping_paths_never_pass_through_an_occupied_cell():
    c = road(OPEN4)
    occupied = {cid(4, 1), cid(5, 2), cid(2, 2)}
    paths = c.paths(cid(3, 1), 3, occupied)
    assert paths
    for path in paths:
        assert not any(st.cell.id in occupied for st in path)


def test_no_backwards_every_step_keeps_or_increases_the_row():
    c = road([range(0, 4)] * 3 + [range(1, 3)] * 3 + [range(0, 4)] * 3)
    for cell in c.cells:
        for st in c.step_targets(cell, ()):
            assert st.cell.row >= cell.row
            assert st.cell.row - cell.row == (0 if st.kind == SIDE else 1)
            assert c.step_kind(cell, st.cell) == st.kind
    assert c.step_kind(cid(4, 1), cid(3, 1)) is None


def test_paths_never_revisit_a_cell_and_have_the_exact_length():
    c = road([range(0, 4)] * 4 + [range(0, 3)] * 4)
    for path in c.paths(cid(2, 2), 4, {cid(4, 2), cid(4, 1)}):
        ids = [st.cell.id for st in path]
        assert len(ids) == 4 == len(set(ids))
        assert cid(2, 2) not in ids


def test_entry_from_the_start_area_goes_to_any_free_cell_of_row_0():
    c = road(OPEN4)
    assert {st.cell.id for st in c.entry_targets({cid(0, 1)})} == {cid(0, 0), cid(0, 2), cid(0, 3)}
    assert c.step_targets(START, ()) == c.entry_targets(())
    assert all(len(p) == 2 for p in c.paths(START, 2))


def test_diagonal_between_two_riders_is_detected():
    c = road(OPEN4)
    assert c.diagonal_between_riders(cid(3, 1), cid(4, 2), {cid(4, 1), cid(3, 2)})
    assert not c.diagonal_between_riders(cid(3, 1), cid(4, 2), {cid(4, 1)})
    assert not c.diagonal_between_riders(cid(3, 1), cid(4, 1), {cid(4, 1), cid(3, 2)})


def test_relief_of_a_step_is_the_cell_one_starts_from():
    # "C'est la case où l'on se trouve en déplacement qui détermine le relief"
    c = road(OPEN4, terrain={3: (CLIMB, 7), 4: (CLIMB, 7), 5: (FLAT, 0)})
    assert c.step_relief(cid(2, 1), cid(3, 2)) == (FLAT, 0)  # arrives on a climb: no power roll
    assert c.step_relief(cid(4, 1), cid(5, 2)) == (CLIMB, 7)  # leaves a climb: power roll vs 7
    assert c.step_relief(START, cid(0, 0)) == (FLAT, 0)


def test_summits_crossed_and_finish_crossed_on_a_test_road():
    s = Summit(row=5, category="2", name="Col", elevation=900, id=1)
    c = road([range(0, 3)] * 9, finish_row=7, terrain={3: (CLIMB, 6), 4: (CLIMB, 6), 5: (DESCENT, 0)},
             summits=(s,))
    assert c.summits_crossed(cid(4, 1), cid(5, 1)) == (s,)
    assert c.summits_crossed(cid(5, 1), cid(6, 1)) == ()
    assert c.summits_crossed(cid(3, 0), cid(4, 1)) == ()
    assert c.summits_crossed(START, cid(8, 0)) == (s,)
    assert c.finish_crossed(cid(6, 0), cid(7, 0)) and c.finish_crossed(cid(5, 0), cid(8, 1))
    assert not c.finish_crossed(cid(7, 0), cid(8, 0)) and not c.finish_crossed(cid(5, 0), cid(6, 1))
    assert c.is_past_finish(cid(7, 2)) and not c.is_past_finish(cid(6, 2))
    assert s.points == (20, 15, 12, 10, 8, 6)


def test_who_is_ahead_row_then_first_arrived_on_the_row_then_lane():
    c = road(OPEN4)
    entries = [("late", cid(5, 0), 9), ("first", cid(5, 3), 2), ("lead", cid(6, 2), 50), ("back", cid(1, 1), 0),
               ("waiting", START, 0)]
    assert c.ranking(entries) == ["lead", "first", "late", "back", "waiting"]
    assert c.ahead_key(cid(5, 0), 1) < c.ahead_key(cid(5, 3), 1)  # exact tie: lower lane, for a total order


def test_summit_points_table_matches_the_rulebook():
    assert SUMMIT_CATEGORIES == ("HC", "1", "2", "3", "4")
    assert [SUMMIT_POINTS[k][0] for k in SUMMIT_CATEGORIES] == [40, 30, 20, 10, 5]
    assert [SUMMIT_POINTS[k][5] if len(SUMMIT_POINTS[k]) > 5 else None for k in SUMMIT_CATEGORIES] == [
        18, 12, 6, None, None]
    assert SUMMIT_POINTS["3"] == (10, 7, 5, 3, 1) and SUMMIT_POINTS["4"] == (5, 3, 1)


def test_course_is_immutable_and_hashable():
    c = road(OPEN4)
    with pytest.raises(AttributeError):
        c.finish_row = 3  # type: ignore[misc]
    assert hash(c) == hash(road(OPEN4)) and c == road(OPEN4)


def test_structural_problems_of_a_pure_course():
    assert road(OPEN4).problems() == ()
    gap = road([range(0, 4)] * 3 + [range(0, 1)] * 2, finish_row=3)
    gap = Course("g", "G", tuple(c for c in gap.cells if c.pos != (1, 2)), 3,
                 start_slots=(StartSlot(1, (0, 0)),))
    assert any("gap after lane 1" in p.message for p in gap.problems())
    trap = road([range(0, 3), range(0, 3), range(0, 5), range(0, 5), range(0, 3), range(0, 3)], finish_row=4)
    msgs = [p.message for p in trap.problems()]
    assert msgs == ["cell at row 2 lane 4 cannot be reached from the start"]


# ============================================================================ the bundled maps


def test_both_bundled_maps_are_listed_and_load(courses):
    assert sorted(courses) == ["aurillac", "salzburg"]
    assert [p.parent for p in bundled_course_files()] == [maps_dir()] * 2
    assert bundled_course("salzburg") is bundled_course("salzburg")
    for c in courses.values():
        assert c.problems() == ()
        assert c.map_size[0] > 1000 and c.map_size[1] > 1000
    assert "Salzburg" in courses["salzburg"].title and "Aurillac" in courses["aurillac"].title
    with pytest.raises(CourseError, match="no such bundled course"):
        bundled_course("paris-roubaix")


def test_maps_dir_follows_pyinstaller_meipass(monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert maps_dir() == tmp_path / "maps"


def test_each_map_has_at_least_120_rows_before_the_finish(courses):
    for c in courses.values():
        assert c.finish_row >= 120
        assert c.row_count > c.finish_row  # run-out rows beyond the line


def test_every_summit_category_is_used_across_the_maps(courses):
    used = {s.category for c in courses.values() for s in c.summits}
    assert used == set(SUMMIT_CATEGORIES)


def test_each_map_has_at_least_8_danger_cells(courses):
    for c in courses.values():
        assert len(c.danger_cells) >= 8, c.name


def test_each_map_has_one_or_two_feed_zones(courses):
    for c in courses.values():
        zones = c.feed_zones
        assert 1 <= len(zones) <= 2, c.name
        for z in zones:
            assert all(c.cell(i).feed for i in z.cells)
            assert len(z.cells) >= 2


def test_roads_have_2_to_4_lanes_with_narrowings_and_widenings(courses):
    for c in courses.values():
        widths = [len(c.lanes(r)) for r in range(c.row_count)]
        assert min(widths) == 2 and max(widths) == 4, c.name
        changes = [(a, b) for a, b in zip(widths, widths[1:], strict=False) if a != b]
        assert any(b < a for a, b in changes) and any(b > a for a, b in changes)
        for r in range(c.row_count - 1):  # a width change moves one edge by one lane
            lo0, hi0, lo1, hi1 = c.lanes(r)[0], c.lanes(r)[-1], c.lanes(r + 1)[0], c.lanes(r + 1)[-1]
            assert abs(lo1 - lo0) + abs(hi1 - hi0) <= 1, (c.name, r)


def test_climbs_use_several_slopes_and_a_descent_follows_every_summit(courses):
    slopes = {cell.slope for c in courses.values() for cell in c.cells if cell.terrain == CLIMB}
    assert len(slopes) >= 6 and all(0 < s <= 25 for s in slopes)
    for c in courses.values():
        for s in c.summits:
            after = c.row_cells(s.row)
            assert all(cell.terrain == DESCENT for cell in after), (c.name, s.name)
            assert all(cell.terrain == CLIMB for cell in c.row_cells(s.row - 1)), (c.name, s.name)


def test_profile_has_elevation_by_row_climbs_feeds_and_places(courses):
    for c in courses.values():
        prof = c.profile()
        assert len(prof.elevations) == c.row_count
        assert len(prof.climbs) == len(c.summits)
        for climb in prof.climbs:
            assert climb.gain > 0 and climb.sections and climb.max_slope > 0
            assert prof.elevations[climb.summit.row - 1] == climb.summit.elevation
        assert prof.descents and prof.feed_zones == c.feed_zones
        assert abs(prof.km(c.finish_row) - c.length_km) < 1e-9
        assert prof.places[0].row == 0
        assert [p.row for p in prof.places] == sorted(p.row for p in prof.places)


def test_salzburg_2006_starts_and_finishes_at_mirabellplatz_421m(courses):
    c = courses["salzburg"]
    prof = c.profile()
    names = {p.name: p.row for p in c.places}
    assert {"Mirabellplatz", "Zilling", "Tiefenbach", "Elixhausen"} <= set(names)
    assert names["Mirabellplatz"] == 0 and prof.elevations[0] == 421
    assert abs(prof.elevations[c.finish_row - 1] - 421) <= 3
    assert 21 <= c.length_km <= 23
    assert names["Zilling"] < names["Tiefenbach"] < names["Elixhausen"]


def test_salzburg_zilling_545m_near_km_8_4_then_down_to_tiefenbach_472m(courses):
    c = courses["salzburg"]
    zilling = next(s for s in c.summits if s.name == "Zilling")
    assert zilling.elevation == 545
    assert abs(c.km_at(zilling.row) - 8.4) <= 0.5
    tiefenbach = next(p for p in c.places if p.name == "Tiefenbach")
    assert c.profile().elevations[tiefenbach.row] == 472
    assert zilling.row < tiefenbach.row


def test_salzburg_elixhausen_is_the_highest_and_steepest_about_9km_from_the_finish(courses):
    c = courses["salzburg"]
    prof = c.profile()
    elix = next(cl for cl in prof.climbs if cl.summit.name == "Elixhausen")
    assert elix.summit.elevation == 547 == max(prof.elevations)
    assert elix.max_slope == max(cell.slope for cell in c.cells)
    assert all(cl.max_slope < elix.max_slope for cl in prof.climbs if cl is not elix)
    assert abs((c.finish_row - elix.summit.row) * prof.km_per_row - 9.0) <= 0.6


def test_aurillac_2007_has_two_short_climbs_at_a_steep_gradient(courses):
    c = courses["aurillac"]
    steep = [cl for cl in c.profile().climbs if cl.max_slope >= 10]
    assert len(steep) == 2
    for cl in steep:
        length_km = (cl.last_row - cl.first_row + 1) * c.profile().km_per_row
        assert length_km <= 2.0
    assert any(p.name.startswith("Aurillac") and p.row == 0 for p in c.places)


def test_alignment_marks_point_at_rows_in_bends(courses):
    for c in courses.values():
        rows = c.alignment_rows
        assert len(rows) >= 8, c.name
        assert all(0 <= r < c.row_count for r in rows)
        per_row = {r: [m for m in c.alignment_marks if m.row == r] for r in rows}
        assert all(len(ms) == 2 for ms in per_row.values())  # the pair of arrows


def _inside(pt, poly) -> bool:
    x, y = pt
    inside = False
    for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1], strict=False):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def test_start_grid_slots_stand_off_the_course(courses):
    for c in courses.values():
        assert [s.index for s in c.start_slots] == list(range(1, 17))
        for s in c.start_slots:
            assert not any(_inside(s.centre, list(cell.polygon)) for cell in c.cells), (c.name, s.index)


def test_cells_are_quads_with_centres_inside_and_ids_from_tiled(courses):
    for c in courses.values():
        w, h = c.map_size
        for cell in c.cells:
            assert len(cell.polygon) == 4
            assert _inside(cell.centre, list(cell.polygon))
            assert all(0 <= x <= w and 0 <= y <= h for x, y in cell.polygon)
        assert len({cell.id for cell in c.cells}) == len(c.cells)


def test_summits_and_finish_crossed_on_the_real_maps(courses):
    c = courses["salzburg"]
    zilling = next(s for s in c.summits if s.name == "Zilling")
    before = c.at(zilling.row - 1, c.lanes(zilling.row - 1)[0])
    after = c.at(zilling.row, c.lanes(zilling.row)[0])
    assert c.summits_crossed(before, after) == (zilling,)
    last = c.at(c.finish_row - 1, c.lanes(c.finish_row - 1)[0])
    over = c.at(c.finish_row, c.lanes(c.finish_row)[0])
    assert c.finish_crossed(last, over) and not c.finish_crossed(over, c.row_cells(c.finish_row + 1)[0])


def test_every_climb_shows_its_slope_on_the_board():
    for path in bundled_course_files():
        course = load_course(path)
        texts = {t.text for t in ET.parse(path).getroot().iter("text")}
        for climb in course.profile().climbs:
            for sec in climb.sections:
                assert f"{sec.slope} %" in texts, (path.name, climb.summit.name, sec.slope)
            assert any(climb.summit.name in t for t in texts)
        for place in course.places:
            assert place.name in texts


def test_painted_road_and_tileset_exist_for_each_map():
    for path in bundled_course_files():
        root = ET.parse(path).getroot()
        sources = [im.get("source") for im in root.iter("image")] + [ts.get("source") for ts in root.iter("tileset")]
        assert sources
        for src in sources:
            assert (path.parent / src).is_file(), (path.name, src)


# ============================================================================ Tiled round trip


def _comparable(c: Course) -> tuple:
    return (c.cells, c.summits, c.finish_row, c.start_slots, c.places, c.alignment_marks, c.title, c.length_km,
            c.map_size)


def test_a_map_resaved_by_tiled_still_loads(courses):
    """tests/fixtures/salzburg.tiled-export.tmx was written by ``tiled --export-map`` (tools/make_maps.py)."""
    exported = load_course(FIXTURE_EXPORT)
    assert _comparable(exported) == _comparable(courses["salzburg"]), (
        "the fixture is stale: run tools/make_maps.py with Tiled installed to refresh it")


@pytest.mark.skipif(shutil.which("tiled") is None, reason="Tiled is not installed (the committed fixture covers CI)")
def test_tiled_export_map_round_trip_live(tmp_path, courses):
    for path in bundled_course_files():
        out = tmp_path / f"{path.stem}.tmx"  # Tiled rewrites the tileset and image paths relative to out
        res = subprocess.run(["tiled", "--export-map", "tmx", str(path), str(out)], capture_output=True, text=True,
                             env={"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin"}, timeout=120)
        assert res.returncode == 0, res.stderr
        assert _comparable(load_course(out)) == _comparable(courses[path.stem])


@pytest.mark.skipif(shutil.which("tmxrasterizer") is None, reason="Tiled's tmxrasterizer is not installed")
def test_tmxrasterizer_renders_each_map(tmp_path):
    for path in bundled_course_files():
        out = tmp_path / f"{path.stem}.png"
        res = subprocess.run(["tmxrasterizer", "--size", "300", str(path), str(out)], capture_output=True,
                             text=True, env={"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin"}, timeout=120)
        assert res.returncode == 0, res.stderr
        assert out.stat().st_size > 10_000


# ============================================================================ validation errors


def _cell(row: int, lane: int, *, terrain: str = FLAT, slope: int | None = None) -> str:
    oid = row * 3 + lane + 1
    x, y = 100 + lane * 32, 1000 - row * 32
    props = [f'<property name="row" type="int" value="{row}"/>', f'<property name="lane" type="int" value="{lane}"/>',
             f'<property name="terrain" value="{terrain}"/>']
    if slope is not None:
        props.append(f'<property name="slope" type="int" value="{slope}"/>')
    props += ['<property name="danger" type="bool" value="false"/>',
              '<property name="feed" type="bool" value="false"/>',
              f'<property name="elevation" type="int" value="{300 + row}"/>']
    return (f'<object id="{oid}" name="r{row} l{lane}" x="{x}" y="{y}"><properties>{"".join(props)}</properties>'
            f'<polygon points="0,0 32,0 32,-32 0,-32"/></object>')


def mini_tmx() -> str:
    """A valid 8-row, 3-lane course: climb rows 2-3 (6 %), summit on row 4, finish on row 6."""
    terr = {2: (CLIMB, 6), 3: (CLIMB, 6), 4: (DESCENT, None), 5: (DESCENT, None)}
    cells = "".join(_cell(r, lane, terrain=terr.get(r, (FLAT, None))[0], slope=terr.get(r, (FLAT, None))[1])
                    for r in range(8) for lane in range(3))
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" width="10" height="34"
     tilewidth="32" tileheight="32" infinite="0" nextlayerid="9" nextobjectid="200">
 <properties><property name="title" value="Mini"/><property name="length_km" type="float" value="1.5"/></properties>
 <objectgroup id="1" name="cells">{cells}</objectgroup>
 <objectgroup id="2" name="summits">
  <object id="100" name="Col du Test" x="90" y="872"><properties><property name="row" type="int" value="4"/>
   <property name="category" value="3"/><property name="elevation" type="int" value="303"/></properties>
   <polyline points="0,0 116,0"/></object>
 </objectgroup>
 <objectgroup id="3" name="finish">
  <object id="110" name="Arrivée" x="90" y="808"><properties><property name="row" type="int" value="6"/></properties>
   <polyline points="0,0 116,0"/></object>
 </objectgroup>
 <objectgroup id="4" name="start">
  <object id="120" name="slot 1" x="100" y="1010" width="28" height="28"><properties>
   <property name="slot" type="int" value="1"/></properties></object>
  <object id="121" name="slot 2" x="140" y="1010" width="28" height="28"><properties>
   <property name="slot" type="int" value="2"/></properties></object>
 </objectgroup>
 <objectgroup id="5" name="places">
  <object id="130" name="Ville" x="220" y="990" width="80" height="20"><properties>
   <property name="row" type="int" value="0"/></properties><text>Ville</text></object>
 </objectgroup>
 <objectgroup id="6" name="marks">
  <object id="140" name="repère" x="90" y="888"><properties><property name="row" type="int" value="3"/></properties>
   <polygon points="0,0 -10,5 -10,-5"/></object>
 </objectgroup>
</map>
"""


def write(tmp_path: Path, text: str, name: str = "mini.tmx") -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def mutate(tmp_path: Path, change) -> Path:
    root = ET.fromstring(mini_tmx())
    change(root)
    return write(tmp_path, ET.tostring(root, encoding="unicode"))


def obj(root: ET.Element, layer: str, name: str) -> ET.Element:
    group = next(g for g in root.iter("objectgroup") if g.get("name") == layer)
    return next(o for o in group.iter("object") if o.get("name") == name)


def prop(o: ET.Element, name: str) -> ET.Element:
    return next(p for p in o.iter("property") if p.get("name") == name)


def load_error(path: Path) -> str:
    with pytest.raises(CourseError) as info:
        load_course(path)
    assert isinstance(info.value, ValueError)
    return str(info.value)


def test_mini_fixture_is_valid(tmp_path):
    c = load_course(write(tmp_path, mini_tmx()))
    assert (c.name, c.row_count, c.finish_row, len(c.cells)) == ("mini", 8, 6, 24)
    assert [s.name for s in c.summits] == ["Col du Test"] and c.start_slots[0].centre == (114.0, 1024.0)
    assert c.alignment_rows == (3,) and c.places[0].name == "Ville"


def test_error_missing_cell_property_names_map_layer_and_object(tmp_path):
    def change(root):
        o = obj(root, "cells", "r2 l1")
        o.find("properties").remove(prop(o, "danger"))
    msg = load_error(mutate(tmp_path, change))
    assert msg == "mini.tmx, layer 'cells', object 8 'r2 l1': missing property 'danger' (bool)"


def test_error_untyped_int_property(tmp_path):
    msg = load_error(mutate(tmp_path, lambda r: prop(obj(r, "cells", "r3 l0"), "row").attrib.pop("type")))
    assert "mini.tmx" in msg and "layer 'cells'" in msg and "object 10 'r3 l0'" in msg
    assert "property 'row' must be int" in msg and 'type="int"' in msg


def test_error_unknown_terrain(tmp_path):
    msg = load_error(mutate(tmp_path, lambda r: prop(obj(r, "cells", "r1 l2"), "terrain").set("value", "uphill")))
    assert msg == "mini.tmx, layer 'cells', object 6 'r1 l2': terrain 'uphill' is not one of flat, climb, descent"


def test_error_slope_outside_0_to_25(tmp_path):
    msg = load_error(mutate(tmp_path, lambda r: prop(obj(r, "cells", "r2 l0"), "slope").set("value", "30")))
    assert msg == "mini.tmx, layer 'cells', object 7 'r2 l0': slope 30 is outside 0..25 (%)"


def test_error_climb_cell_without_slope(tmp_path):
    def change(root):
        o = obj(root, "cells", "r3 l2")
        o.find("properties").remove(prop(o, "slope"))
    msg = load_error(mutate(tmp_path, change))
    assert msg == "mini.tmx, layer 'cells', object 12 'r3 l2': missing property 'slope' (int)"


def test_error_slope_on_a_flat_cell(tmp_path):
    def change(root):
        o = obj(root, "cells", "r0 l0")
        ET.SubElement(o.find("properties"), "property", name="slope", type="int", value="5")
    msg = load_error(mutate(tmp_path, change))
    assert "object 1 'r0 l0'" in msg and "slope 5 on a flat cell" in msg


def test_error_duplicate_row_and_lane(tmp_path):
    def change(root):
        prop(obj(root, "cells", "r5 l2"), "lane").set("value", "1")
    msg = load_error(mutate(tmp_path, change))
    assert msg == "mini.tmx, layer 'cells', object 18 'r5 l2': row 5 lane 1 is also used by cell 17"


def test_error_gap_between_lanes_of_a_row(tmp_path):
    def change(root):
        group = next(g for g in root.iter("objectgroup") if g.get("name") == "cells")
        group.remove(obj(root, "cells", "r4 l1"))
    msg = load_error(mutate(tmp_path, change))
    assert "layer 'cells', object 13 'r4 l0'" in msg and "gap after lane 0" in msg


def test_error_cell_unreachable_from_the_start(tmp_path):
    # rows 2-3 widen by two lanes at once: (2,4) could only be entered sideways from (2,3), which fig 1
    # forbids because (3,4) touches (2,3) further forward on that side
    def change(root):
        group = next(g for g in root.iter("objectgroup") if g.get("name") == "cells")
        oid = 190
        for row in (2, 3):
            for lane in (3, 4):
                el = ET.fromstring(_cell(row, lane, terrain=CLIMB, slope=6))
                el.set("id", str(oid))
                group.append(el)
                oid += 1
    msg = load_error(mutate(tmp_path, change))
    assert msg == ("mini.tmx, layer 'cells', object 191 'r2 l4': cell at row 2 lane 4 cannot be reached from "
                   "the start")


def test_error_dead_end_cannot_reach_the_finish(tmp_path):
    # rows 5-7 move to lanes 4-6: nothing leads on from row 4
    def change(root):
        for row in (5, 6, 7):
            for lane in range(3):
                prop(obj(root, "cells", f"r{row} l{lane}"), "lane").set("value", str(lane + 4))
    msg = load_error(mutate(tmp_path, change))
    assert msg.startswith("mini.tmx, layer 'cells', object 15 'r4 l2': cell at row 4 lane 2 cannot reach the finish")


def test_error_finish_missing_or_doubled(tmp_path):
    def drop(root):
        group = next(g for g in root.iter("objectgroup") if g.get("name") == "finish")
        group.remove(group.find("object"))
    assert load_error(mutate(tmp_path, drop)) == "mini.tmx, layer 'finish': needs exactly one finish line, found 0"

    def double(root):
        group = next(g for g in root.iter("objectgroup") if g.get("name") == "finish")
        twin = ET.fromstring(ET.tostring(group.find("object")))
        twin.set("id", "111")
        group.append(twin)
    assert load_error(mutate(tmp_path, double)) == "mini.tmx, layer 'finish': needs exactly one finish line, found 2"


def test_error_finish_row_off_the_course(tmp_path):
    msg = load_error(mutate(tmp_path, lambda r: prop(obj(r, "finish", "Arrivée"), "row").set("value", "8")))
    assert msg.startswith("mini.tmx, layer 'finish', object 110 'Arrivée': finish row 8 is not a row")


def test_error_bad_summit_category(tmp_path):
    msg = load_error(mutate(tmp_path, lambda r: prop(obj(r, "summits", "Col du Test"), "category").set("value", "5")))
    assert msg == "mini.tmx, layer 'summits', object 100 'Col du Test': category '5' is not one of 4, 3, 2, 1, HC"


def test_error_summit_not_topping_a_climb(tmp_path):
    msg = load_error(mutate(tmp_path, lambda r: prop(obj(r, "summits", "Col du Test"), "row").set("value", "6")))
    assert msg.startswith("mini.tmx, layer 'summits', object 100 'Col du Test': summit on row 6 does not top")


def test_error_climb_without_summit(tmp_path):
    def drop(root):
        group = next(g for g in root.iter("objectgroup") if g.get("name") == "summits")
        group.remove(group.find("object"))
    msg = load_error(mutate(tmp_path, drop))
    assert msg == "mini.tmx, layer 'cells', object 10 'r3 l0': climb ending at row 3 has no summit line on row 4"


def test_error_no_start_slots_and_duplicate_slots(tmp_path):
    def drop(root):
        group = next(g for g in root.iter("objectgroup") if g.get("name") == "start")
        for o in list(group):
            group.remove(o)
    assert load_error(mutate(tmp_path, drop)) == "mini.tmx, layer 'start': the course has no start slot"
    msg = load_error(mutate(tmp_path, lambda r: prop(obj(r, "start", "slot 2"), "slot").set("value", "1")))
    assert msg == "mini.tmx, layer 'start', object 121 'slot 2': start slot 1 appears twice"


def test_error_missing_layer(tmp_path):
    def drop(root):
        root.remove(next(g for g in root.iter("objectgroup") if g.get("name") == "summits"))
    msg = load_error(mutate(tmp_path, drop))
    assert msg.startswith("mini.tmx, layer 'summits': missing object layer 'summits'")


def test_error_cell_drawn_as_a_rectangle(tmp_path):
    def change(root):
        o = obj(root, "cells", "r6 l0")
        o.remove(o.find("polygon"))
        o.set("width", "32")
        o.set("height", "32")
    msg = load_error(mutate(tmp_path, change))
    assert msg == "mini.tmx, layer 'cells', object 19 'r6 l0': must be a polygon (draw cells with the polygon tool)"


def test_error_place_without_row(tmp_path):
    def change(root):
        o = obj(root, "places", "Ville")
        o.remove(o.find("properties"))
    assert load_error(mutate(tmp_path, change)) == "mini.tmx, layer 'places', object 130 'Ville': missing property 'row' (int)"


def test_error_missing_map_property(tmp_path):
    def change(root):
        props = root.find("properties")
        props.remove(prop(root, "title"))
    assert load_error(mutate(tmp_path, change)).startswith("mini.tmx: missing map property 'title'")


def test_error_typed_value_that_does_not_parse_is_located(tmp_path):
    msg = load_error(mutate(tmp_path, lambda r: prop(obj(r, "cells", "r1 l1"), "danger").set("value", "maybe")))
    assert msg == "mini.tmx: layer 'cells', object 5 'r1 l1': property 'danger' has value 'maybe', not a valid bool"


def test_error_corrupt_xml(tmp_path):
    msg = load_error(write(tmp_path, mini_tmx()[:1500]))
    assert msg.startswith("mini.tmx: cannot read the map: not valid XML (line")


def test_error_missing_file_and_missing_tileset(tmp_path):
    assert load_error(tmp_path / "nowhere.tmx").startswith("nowhere.tmx: cannot read the map: file not found")
    text = mini_tmx().replace(' <objectgroup id="1"', ' <tileset firstgid="1" source="tilesets/gone.tsx"/>\n'
                                                     ' <objectgroup id="1"', 1)
    msg = load_error(write(tmp_path, text))
    assert msg.startswith("mini.tmx: cannot read the map: missing file 'gone.tsx'")


def test_course_step_targets_agree_with_the_engine_moves_on_both_maps(courses):
    """The pure Course and the engine's flat tables read fig 1 the same way, with riders on the road."""
    import random

    from game.velomaster.rules.geo import Geo

    for course in courses.values():
        geo = Geo(course)
        rnd = random.Random(course.name)
        ids = [c.id for c in course.cells]
        for _ in range(300):
            here = rnd.choice(ids)
            occupied = set(rnd.sample(ids, 40)) - {here}
            engine = {(b, ("forward", "diagonal", "side")[k]) for b, k in geo.nxt[here] if b not in occupied}
            assert targets(course, here, occupied) == engine, (course.name, here)
