"""Read a VeloMaster course from a Tiled map (.tmx) and validate it. The ONLY module that reads TMX.

Each map file is read and parsed once per run (:func:`read_map`, kept by path and modification time):
the course is built from it here, and the table's art (:mod:`.course_art`) draws from the same parse.

Map schema (what :func:`load_course` expects; tools/make_maps.py writes it, Tiled 1.8+ edits it)
---------------------------------------------------------------------------------------------
Map properties: ``title`` (string), ``length_km`` (float). The course name is the file's stem.

Object layers, found by name (custom properties must be typed in Tiled: int / bool / float):

``cells``    one polygon per cell: ``row`` int >= 0, ``lane`` int >= 0, ``terrain`` string
             (flat / climb / descent), ``slope`` int 0..25 (required on climb cells, 0 or absent
             elsewhere), ``danger`` bool, ``feed`` bool, ``elevation`` int (metres).
``summits``  one line across the road per summit: name = the summit's name, ``row`` int (the
             line lies on the back edge of that row), ``category`` string 4 / 3 / 2 / 1 / HC,
             ``elevation`` int.
``finish``   exactly one line: ``row`` int (the line lies on the back edge of that row).
``start``    start-grid slots off the course: ``slot`` int, unique.
``places``   text objects naming places: name = the place, ``row`` int.
``marks``    optional alignment marks (repères d'alignement): ``row`` int.

Any other layer (tile layers, the painted road image layer, ``labels``) is decoration, but every image
the map refers to (road, tileset pictures) must be a whole PNG of the size the map declares.
Every problem raises :class:`CourseError` naming the map file, the layer and the object.
"""

from __future__ import annotations

import functools
import sys
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytmx

from .course import (
    CLIMB,
    AlignmentMark,
    Cell,
    Course,
    Place,
    Point,
    Problem,
    StartSlot,
    Summit,
    polygon_centre,
)
from .map_images import ImageRef, MapImageError, check_images, referenced_images

LAYER_CELLS, LAYER_SUMMITS, LAYER_FINISH, LAYER_START, LAYER_PLACES, LAYER_MARKS = (
    "cells", "summits", "finish", "start", "places", "marks")
REQUIRED_LAYERS = (LAYER_CELLS, LAYER_SUMMITS, LAYER_FINISH, LAYER_START, LAYER_PLACES)
PROBLEM_LAYERS = {"cell": LAYER_CELLS, "summit": LAYER_SUMMITS, "finish": LAYER_FINISH, "start": LAYER_START,
                  "place": LAYER_PLACES, "mark": LAYER_MARKS}

_TYPE_NAMES = {int: "int", bool: "bool", float: "float", str: "string"}


class CourseError(ValueError):
    """A map that cannot be played; the message names the file, the layer and the object."""


def repo_root() -> Path:
    return Path(__file__).resolve().parents[2]


def maps_dir() -> Path:
    """The bundled maps/ folder (inside a PyInstaller bundle: under ``sys._MEIPASS``)."""
    return Path(getattr(sys, "_MEIPASS", repo_root())) / "maps"


def bundled_course_files() -> list[Path]:
    """The bundled course maps, sorted by name (``maps/*.tmx``)."""
    return sorted(maps_dir().glob("*.tmx"))


@functools.lru_cache(maxsize=8)
def bundled_course(name: str) -> Course:
    """A bundled course by name (``"aurillac"``, ``"salzburg"``), loaded once per process."""
    path = maps_dir() / f"{name}.tmx"
    if not path.is_file():
        known = ", ".join(p.stem for p in bundled_course_files()) or "none"
        raise CourseError(f"{path.name}: no such bundled course (known: {known})")
    return load_course(path)


# ---------------------------------------------------------------------------------------- loading


@dataclass(frozen=True, eq=False)
class MapFile:
    """One map file read and parsed once: pytmx's map data (no pictures loaded: whoever draws the map
    loads them, without changing this shared object) and what pytmx does not keep from the XML."""

    path: Path  # resolved
    tmx: pytmx.TiledMap
    text_styles: dict[int, dict[str, str]] = field(repr=False)  # object id -> its <text> attributes
    images: tuple[ImageRef, ...] | str = field(repr=False)  # every image it refers to, or why they can't be listed


_MAP_FILES: OrderedDict[tuple[str, int, int], MapFile] = OrderedDict()
MAP_FILES_KEPT = 4  # parsed maps kept (about 1 MB each): both bundled courses and a couple of others


def read_map(path: str | Path) -> MapFile:
    """The map in ``path``, read and parsed the first time it is asked for (again only if the file
    changes); raises :class:`CourseError` naming the file and what is wrong."""
    path = Path(path)
    try:
        resolved = path.resolve()
        stat = resolved.stat()
    except OSError as exc:
        raise CourseError(_describe_parse_failure(path, exc)) from exc
    key = (str(resolved), stat.st_mtime_ns, stat.st_size)
    parsed = _MAP_FILES.get(key)
    if parsed is None:
        parsed = _parse_map_file(resolved, path)
        _MAP_FILES[key] = parsed
        while len(_MAP_FILES) > MAP_FILES_KEPT:
            _MAP_FILES.popitem(last=False)
    _MAP_FILES.move_to_end(key)
    return parsed


def forget_read_maps() -> None:
    """Forget every parsed map: the next :func:`read_map` reads its file again (benchmarks, tests)."""
    _MAP_FILES.clear()


def _parse_map_file(resolved: Path, given: Path) -> MapFile:
    """The one place a map's XML is read (tests count the calls)."""
    try:
        root = ElementTree.parse(resolved).getroot()
    except (OSError, ElementTree.ParseError) as exc:
        raise CourseError(_describe_parse_failure(given, exc)) from exc
    try:
        tmx = pytmx.TiledMap(allow_duplicate_names=True)  # filled from the root read above, not from the file
        tmx.filename = str(resolved)  # tilesets and images are found from its folder
        tmx.parse_xml(root)
    except Exception as exc:  # pytmx raises whatever its parsing hits: make it one clear error
        raise CourseError(_describe_parse_failure(given, exc, root)) from exc
    styles = {int(obj.get("id", "")): dict(text.attrib) for obj in root.iter("object")
              if (text := obj.find("text")) is not None and (obj.get("id") or "").isdigit()}
    try:
        images: tuple[ImageRef, ...] | str = tuple(referenced_images(resolved, root))
    except MapImageError as exc:
        images = f"cannot check the map's images: {exc}"
    return MapFile(resolved, tmx, styles, images)


def load_course(path: str | Path) -> Course:
    """Parse (once: :func:`read_map`), validate and build the course in ``path``; raises :class:`CourseError`."""
    path = Path(path)
    where = path.name
    parsed = read_map(path)
    # a missing or broken image must fail here, not when the table draws (checked on every load: the
    # images may change while the map does not)
    problem = parsed.images if isinstance(parsed.images, str) else check_images(parsed.images)
    if problem:
        raise CourseError(f"{where}: {problem}")
    return _Reader(parsed.tmx, where).course(path.stem)


def _describe_parse_failure(path: Path, exc: Exception, root: ElementTree.Element | None = None) -> str:
    where = path.name
    if isinstance(exc, FileNotFoundError):
        missing = Path(exc.filename).name if getattr(exc, "filename", None) else str(exc)
        if Path(str(exc.filename or "")).resolve() == path.resolve():
            return f"{where}: cannot read the map: file not found ({path})"
        return f"{where}: cannot read the map: missing file {missing!r} (a tileset or image it refers to)"
    text = str(exc)
    if text.startswith("Cannot find tileset file"):  # pytmx raises a bare Exception for a missing .tsx
        missing = text.split()[4] if len(text.split()) > 4 else "?"
        return f"{where}: cannot read the map: missing file {Path(missing).name!r} (a tileset it refers to)"
    if isinstance(exc, ElementTree.ParseError):
        line, col = getattr(exc, "position", (0, 0))
        return f"{where}: cannot read the map: not valid XML (line {line}, column {col}): {exc}"
    bad = _find_bad_typed_property(root) if root is not None else None
    if bad:
        return f"{where}: {bad}"
    return f"{where}: cannot read the map: {type(exc).__name__}: {exc}"


def _find_bad_typed_property(root: ElementTree.Element) -> str | None:
    """Locate a typed property whose value does not parse (pytmx's own error names no object)."""
    for group in root.iter("objectgroup"):
        for obj in group.iter("object"):
            for prop in obj.iter("property"):
                kind, value = prop.get("type"), prop.get("value", prop.text or "")
                try:
                    if kind == "int":
                        int(value)
                    elif kind == "float":
                        float(value)
                    elif kind == "bool":
                        pytmx.convert_to_bool(value)
                except ValueError:
                    return (f"layer {group.get('name')!r}, {_obj_label(obj.get('id'), obj.get('name'))}: "
                            f"property {prop.get('name')!r} has value {value!r}, not a valid {kind}")
    return None


def _obj_label(obj_id: Any, name: Any) -> str:
    return f"object {obj_id} {name!r}" if name else f"object {obj_id}"


class _Reader:
    def __init__(self, tmx: pytmx.TiledMap, where: str) -> None:
        self.tmx = tmx
        self.where = where

    # -------------------------------------------------------------- errors

    def fail(self, layer: str | None, obj: Any, message: str) -> CourseError:
        parts = [self.where]
        if layer:
            parts.append(f"layer {layer!r}")
        if obj is not None:
            parts.append(_obj_label(obj.id, obj.name))
        return CourseError(": ".join([", ".join(parts), message]))

    # -------------------------------------------------------------- layers & properties

    def layer(self, name: str, required: bool = True) -> list:
        found = [lay for lay in self.tmx.layers if getattr(lay, "name", None) == name]
        if not found:
            if required:
                raise self.fail(name, None, f"missing object layer {name!r} (layers: "
                                            f"{', '.join(str(lay.name) for lay in self.tmx.layers)})")
            return []
        if len(found) > 1:
            raise self.fail(name, None, f"{len(found)} layers are named {name!r}; keep one")
        lay = found[0]
        if not isinstance(lay, pytmx.TiledObjectGroup):
            raise self.fail(name, None, f"{name!r} must be an object layer, not a {type(lay).__name__}")
        return list(lay)

    def prop(self, layer: str, obj: Any, name: str, kind: type, default: Any = None, required: bool = True) -> Any:
        props = obj.properties
        if name not in props:
            if required:
                raise self.fail(layer, obj, f"missing property {name!r} ({_TYPE_NAMES[kind]})")
            return default
        value = props[name]
        if type(value) is not kind and not (kind is float and type(value) is int):
            hint = f' (set type="{_TYPE_NAMES[kind]}" in Tiled)' if isinstance(value, str) else ""
            raise self.fail(layer, obj, f"property {name!r} must be {_TYPE_NAMES[kind]}{hint}, "
                                        f"got {_TYPE_NAMES.get(type(value), type(value).__name__)} {value!r}")
        return value

    def points(self, layer: str, obj: Any, polygon: bool) -> tuple[Point, ...]:
        pts = getattr(obj, "points", None)
        if polygon and (pts is None or not obj.closed):
            raise self.fail(layer, obj, "must be a polygon (draw cells with the polygon tool)")
        if pts is None:
            pts = obj.as_points
        if obj.rotation:
            pts = obj.apply_transformations()
        group = obj.parent.layernames.get(layer)
        dx, dy = float(getattr(group, "offsetx", 0) or 0), float(getattr(group, "offsety", 0) or 0)
        if dx or dy:
            pts = [(x + dx, y + dy) for x, y in pts]
        out = tuple((round(x, 2), round(y, 2)) for x, y in pts)
        if polygon and len(out) < 3:
            raise self.fail(layer, obj, f"a cell polygon needs at least 3 points, has {len(out)}")
        return out

    # -------------------------------------------------------------- building

    def course(self, name: str) -> Course:
        tmx = self.tmx
        title = self.map_prop("title", str)
        length_km = float(self.map_prop("length_km", float))
        if length_km <= 0:
            raise self.fail(None, None, f"map property 'length_km' must be > 0, got {length_km}")
        for lay in REQUIRED_LAYERS:
            self.layer(lay)

        cells = tuple(self.cell(o) for o in self.layer(LAYER_CELLS))
        summits = tuple(self.summit(o) for o in self.layer(LAYER_SUMMITS))
        finish = self.layer(LAYER_FINISH)
        if len(finish) != 1:
            raise self.fail(LAYER_FINISH, None, f"needs exactly one finish line, found {len(finish)}")
        fin = finish[0]
        finish_row = self.prop(LAYER_FINISH, fin, "row", int)
        finish_line = self.points(LAYER_FINISH, fin, polygon=False)
        slots = tuple(self.slot(o) for o in self.layer(LAYER_START))
        places = tuple(self.place(o) for o in self.layer(LAYER_PLACES))
        marks = tuple(self.mark(o) for o in self.layer(LAYER_MARKS, required=False))

        course = Course(name=name, title=title, cells=cells, finish_row=finish_row, summits=summits,
                        start_slots=slots, places=places, alignment_marks=marks, finish_line=finish_line,
                        length_km=length_km,
                        map_size=(int(tmx.width * tmx.tilewidth), int(tmx.height * tmx.tileheight)))
        problems = course.problems()
        if problems:
            raise self.problem_error(problems[0], fin)
        return course

    def problem_error(self, p: Problem, finish_obj: Any) -> CourseError:
        layer = PROBLEM_LAYERS.get(p.kind)
        if p.kind == "finish":
            return self.fail(layer, finish_obj, p.message)
        if p.ref is None:
            return self.fail(layer, None, p.message)
        obj = self.tmx.objects_by_id.get(p.ref)
        return self.fail(layer, obj, p.message) if obj is not None else self.fail(layer, None, p.message)

    def map_prop(self, name: str, kind: type) -> Any:
        props = self.tmx.properties
        if name not in props:
            raise self.fail(None, None, f"missing map property {name!r} ({_TYPE_NAMES[kind]}; Map > Map Properties)")
        value = props[name]
        if type(value) is not kind and not (kind is float and type(value) is int):
            raise self.fail(None, None, f"map property {name!r} must be {_TYPE_NAMES[kind]}, got {value!r}")
        return value

    def cell(self, o: Any) -> Cell:
        L = LAYER_CELLS
        row = self.prop(L, o, "row", int)
        lane = self.prop(L, o, "lane", int)
        terrain = self.prop(L, o, "terrain", str)
        if terrain not in ("flat", "climb", "descent"):
            raise self.fail(L, o, f"terrain {terrain!r} is not one of flat, climb, descent")
        slope = self.prop(L, o, "slope", int, default=0, required=(terrain == CLIMB))
        if not 0 <= slope <= 25:
            raise self.fail(L, o, f"slope {slope} is outside 0..25 (%)")
        if slope and terrain != CLIMB:
            raise self.fail(L, o, f"slope {slope} on a {terrain} cell (only climb cells have a slope)")
        if row < 0 or lane < 0:
            raise self.fail(L, o, f"row and lane must be >= 0 (row {row}, lane {lane})")
        poly = self.points(L, o, polygon=True)
        return Cell(id=int(o.id), row=row, lane=lane, terrain=terrain, slope=slope,
                    danger=self.prop(L, o, "danger", bool), feed=self.prop(L, o, "feed", bool),
                    elevation=self.prop(L, o, "elevation", int), centre=_round(polygon_centre(poly)),
                    polygon=poly)

    def summit(self, o: Any) -> Summit:
        L = LAYER_SUMMITS
        cat = o.properties.get("category")
        if type(cat) is int:  # tolerate category typed as int in Tiled
            cat = str(cat)
        if cat is None:
            raise self.fail(L, o, "missing property 'category' (string: 4, 3, 2, 1 or HC)")
        if not isinstance(cat, str) or cat.upper() not in ("HC", "1", "2", "3", "4"):
            raise self.fail(L, o, f"category {cat!r} is not one of 4, 3, 2, 1, HC")
        if not o.name:
            raise self.fail(L, o, "a summit needs a name (the object's Name)")
        return Summit(row=self.prop(L, o, "row", int), category=cat.upper(), name=str(o.name),
                      elevation=self.prop(L, o, "elevation", int), line=self.points(L, o, polygon=False),
                      id=int(o.id))

    def slot(self, o: Any) -> StartSlot:
        poly = self.points(LAYER_START, o, polygon=False)
        centre = polygon_centre(poly) if len(poly) >= 3 else (float(o.x), float(o.y))
        return StartSlot(index=self.prop(LAYER_START, o, "slot", int), centre=_round(centre), polygon=poly,
                         id=int(o.id))

    def place(self, o: Any) -> Place:
        if not o.name:
            raise self.fail(LAYER_PLACES, o, "a place needs a name (the object's Name)")
        centre = (float(o.x) + float(o.width) / 2, float(o.y) + float(o.height) / 2)
        return Place(row=self.prop(LAYER_PLACES, o, "row", int), name=str(o.name), position=_round(centre),
                     id=int(o.id))

    def mark(self, o: Any) -> AlignmentMark:
        return AlignmentMark(row=self.prop(LAYER_MARKS, o, "row", int),
                             polygon=self.points(LAYER_MARKS, o, polygon=False), id=int(o.id))


def _round(p: Point) -> Point:
    return (round(p[0], 2), round(p[1], 2))
