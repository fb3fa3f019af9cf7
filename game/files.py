"""Files from outside: atomic JSON writes, bounded JSON reads, setting bad files aside, stale temp files.

Everything read here may have been damaged or written by someone else: reading never recurses on the
file's nesting, never turns a huge number into a huge int, and turns every problem into one
:class:`BadFile` whose message is plain words.
"""

from __future__ import annotations

import json
import math
import os
import re
import tempfile
import time
from pathlib import Path
from typing import Any

MAX_DEPTH = 32  # nesting of lists and objects; our files need 5
TEMP_SUFFIX = ".tmp"
STALE_TEMP_SECONDS = 60.0  # a temp file older than this belongs to a write that was interrupted

# a string (skipped whole, escapes included; an unterminated one runs to the end, so a scan stays
# linear) or one bracket: enough to measure nesting without parsing
_TOKENS = re.compile(rb'"(?:[^"\\]|\\.)*"?|[\[\]{}]', re.DOTALL)


class BadFile(ValueError):
    """A file that cannot be used as it is; the message says why in plain words."""


def write_json_atomic(path: Path, data: Any) -> None:
    """Write to a temp file in the same folder, fsync, then rename over ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, ensure_ascii=False, separators=(",", ":"))
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def nesting_depth(raw: bytes) -> int:
    """How deep lists and objects nest in JSON text, found without recursing (brackets inside strings
    do not count)."""
    depth = deepest = 0
    for match in _TOKENS.finditer(raw):
        token = match.group()
        if token in (b"[", b"{"):
            depth += 1
            deepest = max(deepest, depth)
        elif token in (b"]", b"}"):
            depth -= 1
    return deepest


def _refuse_constant(name: str) -> Any:
    raise BadFile(f"it holds {name}, which is not a number")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise BadFile(f"it holds the number {text[:20]}, which is too large")
    return value


def parse_json(raw: bytes, max_bytes: int) -> Any:
    """JSON from ``raw``; raises :class:`BadFile` for anything too big, too deep, not UTF-8, not JSON, or
    holding NaN, Infinity, an overflowing float or an integer with thousands of digits."""
    if len(raw) > max_bytes:
        raise BadFile(f"it is too large ({len(raw):,} bytes; at most {max_bytes:,} expected)")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BadFile("it is not text (perhaps it was overwritten by something else)") from None
    if nesting_depth(raw) > MAX_DEPTH:
        raise BadFile(f"it nests lists more than {MAX_DEPTH} deep")
    try:
        return json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float)
    except BadFile:
        raise
    except json.JSONDecodeError:
        raise BadFile("it is not complete JSON (perhaps the app was stopped while writing)") from None
    except (ValueError, RecursionError):  # Python's limit on int digits; nesting the depth scan missed
        raise BadFile("it holds a number too long to read") from None


def read_json(path: Path, max_bytes: int) -> Any:
    """:func:`parse_json` of a file, never reading more than ``max_bytes`` + 1 bytes.
    OSError (missing, unreadable) passes through: the file is not bad, just out of reach."""
    with path.open("rb") as fh:
        raw = fh.read(max_bytes + 1)
    return parse_json(raw, max_bytes)


def set_aside(path: Path, label: str = "damaged") -> Path:
    """Rename a file out of the way (never delete it): ``x.json`` -> ``x.<label>-<n>.json``."""
    n = 1
    while True:
        target = path.with_name(f"{path.stem}.{label}-{n}{path.suffix}")
        if not target.exists():
            os.replace(path, target)
            return target
        n += 1


def clean_stale_temp_files(folders: list[Path], now: float | None = None) -> list[Path]:
    """Remove the temp files interrupted :func:`write_json_atomic` calls left in ``folders``
    (``<name>.<random>.tmp``, older than a minute, so a write in progress elsewhere is safe)."""
    now = time.time() if now is None else now
    removed = []
    for folder in folders:
        try:
            candidates = list(folder.glob(f"*.json.*{TEMP_SUFFIX}"))
        except OSError:
            continue
        for path in candidates:
            try:
                if path.is_file() and now - path.stat().st_mtime > STALE_TEMP_SECONDS:
                    path.unlink()
                    removed.append(path)
            except OSError:
                continue
    return removed


# Windows refuses these in a file name, and names whose part before the first dot is a device (any case, trailing
# spaces ignored): CON, PRN, AUX, NUL, COM0-9 and LPT0-9 (with the superscript digits too), CONIN$, CONOUT$.
WINDOWS_BAD_CHARS = frozenset('<>:"/\\|?*') | frozenset(chr(c) for c in range(32))
WINDOWS_DEVICES = frozenset({"CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$",
                             *(f"{port}{n}" for port in ("COM", "LPT") for n in (*"0123456789", "\u00b9", "\u00b2",
                                                                                    "\u00b3"))})


def windows_name_problem(name: str) -> str | None:
    """Why Windows would not take ``name`` as a file name, or ``None``: a character it refuses, a device name
    (``con``, ``nul.json``, ``com1.png``…), a trailing dot or space, over 255 characters. The app's own file names
    (save slots, set-aside copies, temp files, exported sheets) are checked against this in the tests."""
    if not name or name in (".", ".."):
        return "it is empty"
    bad = sorted({c for c in name if c in WINDOWS_BAD_CHARS})
    if bad:
        return f"it holds {', '.join(repr(c) for c in bad)}"
    if name.split(".")[0].rstrip(" ").upper() in WINDOWS_DEVICES:
        return f"{name.split('.')[0]!r} is a device name on Windows"
    if name[-1] in ". ":
        return "it ends with a dot or a space"
    if len(name) > 255:
        return "it is longer than 255 characters"
    return None
