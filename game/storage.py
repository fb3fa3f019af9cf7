"""Files on disk: atomic JSON writes, the autosave, settings. Bad files never crash the app.

A save that cannot be read (corrupt, truncated, alien, newer version) is renamed aside
(``autosave.json`` -> ``autosave.damaged-<n>.json``) so nothing is lost, and the caller gets a
plain-words message to show.
"""

from __future__ import annotations

import json
import os
import queue
import tempfile
import threading
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any, Mapping

from .engine.match import Match, SaveError
from .engine.protocol import GameSpec
from .paths import data_dir, saves_dir

AUTOSAVE = "autosave.json"


def write_json_atomic(path: Path, data: Any) -> None:
    """Write to a temp file in the same folder, fsync, then rename over ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
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


def set_aside(path: Path) -> Path:
    """Rename a bad file out of the way (never delete it); returns the new path."""
    n = 1
    while True:
        target = path.with_name(f"{path.stem}.damaged-{n}{path.suffix}")
        if not target.exists():
            os.replace(path, target)
            return target
        n += 1


def autosave_path() -> Path:
    return saves_dir() / AUTOSAVE


def save_match(match: Match, path: Path | None = None) -> None:
    write_json_atomic(path or autosave_path(), match.to_save())


def clear_autosave() -> None:
    try:
        autosave_path().unlink()
    except FileNotFoundError:
        pass


class Autosaver:
    """Writes the autosave on a background thread so a frame never waits for the disk.

    ``save`` hands over the newest save data (older pending data is dropped: only the latest
    matters); ``flush`` waits until it is on disk; ``clear`` removes the autosave. Problems are
    kept for the UI to report (``take_problem``)."""

    def __init__(self) -> None:
        self._queue: queue.Queue = queue.Queue()
        self._thread: threading.Thread | None = None
        self._problem: str | None = None
        self._lock = threading.Lock()

    def _ensure_thread(self) -> None:
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        while True:
            job = self._queue.get()
            try:
                # only the newest job matters: skip to it
                while True:
                    try:
                        nxt = self._queue.get_nowait()
                    except queue.Empty:
                        break
                    self._queue.task_done()
                    job = nxt
                kind, data = job
                if kind == "save":
                    write_json_atomic(autosave_path(), data)
                else:
                    clear_autosave()
            except OSError as exc:
                with self._lock:
                    self._problem = exc.strerror or str(exc)
            finally:
                self._queue.task_done()

    def save(self, data: dict) -> None:
        self._ensure_thread()
        self._queue.put(("save", data))

    def clear(self, game_id: str | None = None) -> None:
        self._ensure_thread()
        self._queue.put(("clear", None))

    def flush(self) -> None:
        if self._thread is not None:
            self._queue.join()

    def take_problem(self) -> str | None:
        with self._lock:
            problem, self._problem = self._problem, None
        return problem


autosaver = Autosaver()


@dataclass
class SaveStatus:
    """What the menu knows about the autosave: a summary to offer, or a problem to report."""

    match: Match | None = None
    problem: str | None = None


def load_autosave(games: Mapping[str, GameSpec]) -> SaveStatus:
    autosaver.flush()
    path = autosave_path()
    if not path.exists():
        return SaveStatus()
    try:
        raw = path.read_bytes()
        try:
            data = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            raise SaveError("The saved match is damaged (it is not complete JSON; perhaps the app was "
                            "stopped while writing).") from None
        match = Match.from_save(data, games)
        if match.is_over():
            clear_autosave()
            return SaveStatus()
        return SaveStatus(match=match)
    except SaveError as exc:
        aside = set_aside(path)
        return SaveStatus(problem=f"{exc} The file was kept as {aside.name}.")
    except OSError as exc:
        return SaveStatus(problem=f"The saved match could not be read ({exc.strerror or exc}).")


@dataclass
class Settings:
    fullscreen: bool = False
    animation_speed: str = "normal"  # "slow" | "normal" | "fast" | "instant"
    sound: bool = True
    window_size: tuple[int, int] = (1280, 720)
    undo_window: float = 1.5  # seconds a bot waits after a human's move, so Undo can be clicked
    auto_answers: dict = field(default_factory=dict)  # question kind -> answer it automatically

    SPEEDS = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}

    @property
    def pace(self) -> float:
        """Multiplier for animation durations and the time a bot's move stays readable."""
        return self.SPEEDS.get(self.animation_speed, 1.0)


def settings_path() -> Path:
    return data_dir() / "settings.json"


def load_settings() -> tuple[Settings, str | None]:
    """Settings from disk, or defaults plus a message if the file was bad (it is set aside)."""
    path = settings_path()
    if not path.exists():
        return Settings(), None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise ValueError("not an object")
        known = {f.name for f in fields(Settings)}
        s = Settings(**{k: v for k, v in data.items() if k in known})
        s.window_size = tuple(int(v) for v in s.window_size)[:2]  # type: ignore[assignment]
        if s.animation_speed not in Settings.SPEEDS:
            s.animation_speed = "normal"
        s.fullscreen, s.sound = bool(s.fullscreen), bool(s.sound)
        return s, None
    except (OSError, ValueError, TypeError):
        aside = set_aside(path)
        return Settings(), f"Your settings file was damaged; defaults are used (kept as {aside.name})."


def save_settings(settings: Settings) -> None:
    data = asdict(settings)
    data["window_size"] = list(settings.window_size)
    write_json_atomic(settings_path(), data)
