"""Property-based fuzzing of the save and settings loaders (issue 13): mutated real saves, wrong types,
huge numbers and strings, deep nesting, damaged bytes. The only outcomes allowed: "loads to a consistent
position" or a plain-words notice (the file set aside or left in place). Anything else is a crash."""

import json
import math
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import storage
from game.engine.match import Match
from game.registry import GAMES

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "saves"
SAVES = {p.name.removesuffix(".save.json"): json.loads(p.read_text(encoding="utf-8"))
         for p in sorted(FIXTURES.glob("*.save.json"))}
# the quick ones to replay: every Velonimo and Veldiv save, one VeloMaster race
FUZZED = sorted(n for n in SAVES if not n.startswith("velomaster")) + ["velomaster-race"]
FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                       HealthCheck.too_slow])

scalars = st.one_of(
    st.none(), st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from([0, 1, -1, 2**31, 2**63, 10**30, 255, 256]),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=30),
    st.just("x" * 5000),
)
json_values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                             st.dictionaries(st.text(max_size=8), inner, max_size=4)),
                           max_leaves=12)


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    return tmp_path


def paths(value, prefix=()):
    """Every place in a JSON tree: (path, value)."""
    yield prefix, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths(v, (*prefix, i))


def replaced(tree, path, new):
    if not path:
        return new
    copy = dict(tree) if isinstance(tree, dict) else list(tree)
    copy[path[0]] = replaced(tree[path[0]], path[1:], new)
    return copy


def removed(tree, path):
    parent_path, last = path[:-1], path[-1]
    parent = tree
    for key in parent_path:
        parent = parent[key]
    copy = dict(parent) if isinstance(parent, dict) else list(parent)
    del copy[last]
    return replaced(tree, parent_path, copy)


def nested(value, depth: int):
    for _ in range(depth):
        value = [value]
    return value


def assert_only_allowed_outcomes(home, raw: bytes) -> None:
    """Write ``raw`` as the slot of its game (or Velonimo's) and read it as the menu does."""
    for path in (home / "saves").glob("*"):
        path.unlink()
    storage.saves_dir().joinpath("velonimo.json").write_bytes(raw)
    status = storage.load_saves(GAMES)
    for notice in status.notices:
        assert notice.kind in ("damaged", "newer", "old-rules") and notice.text and notice.folder == home / "saves"
    kept = {p.name for p in (home / "saves").iterdir()}
    assert kept, "a file is never deleted unless it was a finished match"
    for saved in status.matches:  # a consistent position: the save replays to the same state
        m = saved.match
        twin = Match.from_save(json.loads(json.dumps(m.to_save())), GAMES)
        assert twin.state.to_dict() == m.state.to_dict()
        assert set(m.to_act()) <= set(range(len(m.seats))) and not m.is_over()
    assert len(status.matches) + len(status.notices) <= 1


@FUZZ
@given(name=st.sampled_from(FUZZED), data=st.data(), new=json_values)
def test_a_save_with_any_value_replaced_loads_consistently_or_is_refused_in_plain_words(home, name, data, new):
    save = SAVES[name]
    places = [p for p, _ in paths(save)]
    where = data.draw(st.sampled_from(places))
    mutated = replaced(save, where, new)
    if data.draw(st.booleans()):
        deletable = [p for p, _ in paths(mutated) if p]
        if deletable:
            mutated = removed(mutated, data.draw(st.sampled_from(deletable)))
    assert_only_allowed_outcomes(home, json.dumps(mutated).encode("utf-8"))


def loaded_with(home, name: str, key: str, value):
    """The fixture save ``name`` with ``key`` (a table's note beside the moves) set to ``value``, read as the menu
    does from the slot of its game: it must load, with no notice."""
    save = dict(SAVES[name], **{key: value})
    for path in (home / "saves").glob("*"):
        path.unlink()
    storage.saves_dir().joinpath(f"{save['game']}.json").write_text(json.dumps(save), encoding="utf-8")
    status = storage.load_saves(GAMES)
    assert not status.notices
    (saved,) = status.matches
    return saved


@FUZZ
@given(name=st.sampled_from(FUZZED), holder=json_values)
def test_a_hot_seat_saves_screen_holder_of_any_value_is_kept_only_when_it_names_a_human_seat(home, name, holder):
    """The table writes who had the screen beside the moves (hot seat, ``screen_holder``): any value loads; only
    nobody (None) or a human seat's number reaches the table, anything else is as if it were not there."""
    saved = loaded_with(home, name, storage.SCREEN_HOLDER, holder)
    notes = saved.match.table_notes
    humans = [i for i, seat in enumerate(saved.match.seats) if seat.is_human]
    if holder is None or (type(holder) is int and holder in humans):
        assert notes == {storage.SCREEN_HOLDER: holder}
    else:
        assert notes == {}


@FUZZ
@given(name=st.sampled_from(FUZZED), closed=st.one_of(json_values, st.integers(0, 400)))
def test_a_saves_summary_closed_mark_of_any_value_is_kept_only_when_it_names_its_last_move(home, name, closed):
    """The table writes beside the moves that the summary of the round the last move ended was closed
    (``summary_closed``: the number of moves then), so that a resumed match does not open it again: any value loads;
    only the number of moves the save holds is kept."""
    saved = loaded_with(home, name, storage.SUMMARY_CLOSED, closed)
    steps = len(saved.match.steps)
    expected = {storage.SUMMARY_CLOSED: steps} if type(closed) is int and closed == steps else {}
    assert saved.match.table_notes == expected


@FUZZ
@given(name=st.sampled_from(FUZZED), data=st.data())
def test_a_save_with_damaged_bytes_loads_consistently_or_is_refused_in_plain_words(home, name, data):
    raw = bytearray(json.dumps(SAVES[name]).encode("utf-8"))
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(raw) - 1))
        how = data.draw(st.sampled_from(["flip", "cut", "insert", "digit"]))
        if how == "flip":
            raw[at] = data.draw(st.integers(0, 255))
        elif how == "cut":
            del raw[at:]
        elif how == "insert":
            raw[at:at] = data.draw(st.sampled_from([b"[", b"{", b"]", b'"', b"9" * 4400, b"1e400", b"-", b",",
                                                    b"\xff", b"null"]))
        else:
            raw[at] = data.draw(st.sampled_from(b"0123456789"))
        if not raw:
            break
    assert_only_allowed_outcomes(home, bytes(raw))


@FUZZ
@given(name=st.sampled_from(FUZZED), depth=st.integers(0, 3000), key=st.sampled_from(
    ["seed", "seats", "actions", "config", "game", "version", "rules_version"]))
def test_a_save_with_deep_nesting_anywhere_is_refused_without_crashing(home, name, depth, key):
    save = {**SAVES[name], key: nested(SAVES[name][key], depth)}
    assert_only_allowed_outcomes(home, json.dumps(save).encode("utf-8") if depth < 900 else
                                 json.dumps({**SAVES[name], key: None}).encode("utf-8").replace(
                                     b"null", b"[" * depth + b"]" * depth, 1))


SETTING_KEYS = ["fullscreen", "sound", "animation_speed", "window_size", "undo_window", "auto_answers", "other"]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(values=st.dictionaries(st.sampled_from(SETTING_KEYS), json_values, max_size=7),
       wrap=st.integers(0, 40), damage=st.sampled_from([None, "cut", "junk"]))
def test_any_settings_file_gives_usable_settings_and_at_most_a_notice(home, values, wrap, damage):
    raw = json.dumps(nested(values, wrap) if wrap > 35 else values).encode("utf-8")
    if damage == "cut":
        raw = raw[: len(raw) // 2]
    elif damage == "junk":
        raw = raw + b"\x00\xff"
    for path in home.glob("settings*"):
        path.unlink()
    storage.settings_path().write_bytes(raw)
    s, notice = storage.load_settings()
    assert type(s.fullscreen) is bool and type(s.sound) is bool and s.animation_speed in s.SPEEDS
    assert len(s.window_size) == 2 and all(type(v) is int and 200 <= v <= 16384 for v in s.window_size)
    assert type(s.undo_window) is float and math.isfinite(s.undo_window) and 0.0 <= s.undo_window <= 5.0
    assert type(s.auto_answers) is dict and all(type(k) is str and type(v) is bool for k, v in s.auto_answers.items())
    if notice is not None:
        assert notice.text and (home / "settings.damaged-1.json").read_bytes() == raw
    else:
        assert storage.settings_path().read_bytes() == raw
