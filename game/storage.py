"""Saves and settings on disk. Bad files never stop the app and are never deleted.

Matches in progress: one slot per match, ``saves/<game id>.json`` or ``saves/<game id>~<n>.json``, written by
:data:`autosaver` after every step; a new match takes a free slot (:func:`new_slot`), so it never replaces
another, and a match stays until its players delete it or it ends. The single ``saves/autosave.json`` of
earlier versions is moved into its game's slot.

Reading a slot (:func:`load_saves`, :func:`load_slot`) gives a match to resume or a :class:`Notice`:

* damaged (not JSON, wrong types or ranges, moves that do not replay): renamed aside
  (``velonimo.json`` -> ``velonimo.damaged-1.json``) and reported, naming the folder;
* made under an earlier version of its game's rules that today's rules cannot replay: renamed aside
  (``velonimo.old-rules-1.json``) and reported;
* made by a newer Vélothèque (newer save format, newer rules, a game this version lacks): left where
  it is, and reported.

Settings: strict types and ranges, unknown keys ignored; a bad value falls back to its default and
the file is set aside with a notice.
"""

from __future__ import annotations

import os
import queue
import re
import threading
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Mapping

from .engine.match import Match, NewerSaveError, OldRulesError, SaveError
from .engine.protocol import GameSpec
from .engine.words import Words
from .files import BadFile, clean_stale_temp_files, read_json
from .files import set_aside as set_aside  # re-exported: callers use storage for every file
from .files import write_json_atomic as write_json_atomic
from .i18n import LANGUAGES, N_, tr
from .paths import data_dir, saves_dir

LEGACY_AUTOSAVE = "autosave.json"  # the one slot of earlier versions
MAX_SAVE_BYTES = 8 * 1024 * 1024
MAX_SETTINGS_BYTES = 64 * 1024
GAME_ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
SLOT_ID = re.compile(r"(?P<game>[a-z0-9][a-z0-9_-]{0,39})(~(?P<n>[1-9][0-9]{0,5}))?")  # velonimo, velonimo~2
SCREEN_HOLDER = "screen_holder"  # hot seat: the human who had the screen when saved (beside the match's own keys)
SUMMARY_CLOSED = "summary_closed"  # the moves made when a round's summary was last closed (beside them too)
_reserved: set[tuple[Path, str]] = set()  # slots handed out in this run (their file may not be written yet)


@dataclass(frozen=True)
class Notice:
    """A problem with a file, for the menu to show until dismissed. ``folder`` is where the file is now.
    ``title`` and ``text`` are :class:`~game.engine.words.Words`: the menu says them in the language in use
    (``tr``), even after a change of language."""

    kind: str  # "damaged" | "old-rules" | "newer" | "unreadable" | "older" | "settings"
    key: str  # the same problem reported twice has the same key
    title: str
    text: str
    folder: Path | None = None


# --------------------------------------------------------------------------- slots


def slot_path(slot: str) -> Path:
    """The file of a slot: ``<game id>`` or ``<game id>~<n>``."""
    if type(slot) is not str or not SLOT_ID.fullmatch(slot):
        raise ValueError(f"{slot!r} cannot name a save slot")
    return saves_dir() / f"{slot}.json"


def slot_game(slot: str) -> str:
    """The game a slot belongs to (``velonimo~3`` -> ``velonimo``)."""
    found = SLOT_ID.fullmatch(slot)
    if found is None:
        raise ValueError(f"{slot!r} cannot name a save slot")
    return found.group("game")


def new_slot(game_id: str) -> str:
    """A free slot for a new match of ``game_id`` (never one another match holds)."""
    if type(game_id) is not str or not GAME_ID.fullmatch(game_id):
        raise ValueError(f"{game_id!r} cannot name a save slot")
    folder = saves_dir()
    n = 1
    while True:
        slot = game_id if n == 1 else f"{game_id}~{n}"
        if (folder, slot) not in _reserved and not (folder / f"{slot}.json").exists():
            _reserved.add((folder, slot))
            return slot
        n += 1


def slot_of(match: Match) -> str:
    """The match's slot, a free one given to it on its first save."""
    slot = getattr(match, "slot", None)
    if slot is None:
        slot = match.slot = new_slot(match.game.id)
    return slot


def save_match(match: Match) -> None:
    write_json_atomic(slot_path(slot_of(match)), match.to_save())


def clear_slot(slot: str) -> None:
    try:
        slot_path(slot).unlink()
    except FileNotFoundError:
        pass


class Autosaver:
    """Writes the slots on a background thread so a frame never waits for the disk.

    ``save(data, slot)`` hands over the newest save data of a match and its slot; of several pending jobs for one
    slot only the newest is done. ``clear(slot)`` removes a slot; ``flush`` waits until everything is on disk.
    Problems are kept for the UI to report (``take_problem``)."""

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
            jobs = [self._queue.get()]
            while True:
                try:
                    jobs.append(self._queue.get_nowait())
                except queue.Empty:
                    break
            newest: dict[Path, tuple[str, Any]] = {}
            for path, kind, data in jobs:
                newest.pop(path, None)
                newest[path] = (kind, data)  # re-inserted: slots are written in the order last asked
            for path, (kind, data) in newest.items():
                try:
                    if kind == "save":
                        write_json_atomic(path, data)
                    else:
                        path.unlink(missing_ok=True)
                except (OSError, ValueError, TypeError) as exc:
                    with self._lock:
                        self._problem = getattr(exc, "strerror", None) or str(exc)
            for _ in jobs:
                self._queue.task_done()

    # The slot's path is found when the job is asked for (a bad game id fails here, in the caller), not when the
    # thread gets to it: the user data folder in force then is the one the save belongs to (tests change it
    # between matches; a job still queued from the last one must not land in the next one's folder).
    def save(self, data: dict, slot: str | None = None) -> None:
        path = slot_path(slot if slot is not None else data["game"])
        self._ensure_thread()
        self._queue.put((path, "save", data))

    def clear(self, slot: str) -> None:
        path = slot_path(slot)
        self._ensure_thread()
        self._queue.put((path, "clear", None))

    def flush(self) -> None:
        if self._thread is not None:
            self._queue.join()

    def take_problem(self) -> str | None:
        with self._lock:
            problem, self._problem = self._problem, None
        return problem


autosaver = Autosaver()


# --------------------------------------------------------------------------- reading saves


@dataclass
class SavedMatch:
    """A match in progress found in a slot."""

    match: Match
    path: Path
    modified: float  # when it was last played (the file's time, seconds since the epoch)

    @property
    def game_id(self) -> str:
        return self.match.game.id

    @property
    def slot(self) -> str:
        return self.path.stem

    def summary(self) -> str:
        """"Ann, Bob · round 3 of 5", as the menu says it: who plays and where the match stands."""
        return f"{', '.join(self.match.names)} · {tr(self.match.game.progress(self.match.state))}"


@dataclass
class SavesStatus:
    matches: list[SavedMatch] = field(default_factory=list)
    notices: list[Notice] = field(default_factory=list)


def _why(exc: Exception) -> str:
    """An exception's message, as Words when it has them (said in the language in use where it is shown)."""
    why = exc.args[0] if len(exc.args) == 1 and isinstance(exc.args[0], str) else str(exc)
    return why if isinstance(why, Words) else Words(why)


def _damaged_notice(path: Path, reason: str, label: str = "damaged") -> Notice:
    aside = set_aside(path, label)
    return Notice(label, f"{label}:{aside}", Words("A saved match could not be resumed"),
                  Words("{reason} The file was kept as {file}.", reason=reason, file=aside.name), aside.parent)


_read: dict[tuple[Path, int, int], SavedMatch] = {}  # slots read, by path, time and size: replayed once only


def load_slot(path: Path, games: Mapping[str, GameSpec]) -> tuple[SavedMatch | None, Notice | None]:
    """The match in progress in one slot file, or a notice (the file set aside or left in place). A file read
    before and unchanged since is not replayed again (the menu reads every slot each time it shows)."""
    try:
        stat = path.stat()
    except OSError:
        stat = None
    key = (path, stat.st_mtime_ns, stat.st_size) if stat is not None else None
    if key is not None and key in _read and _read[key].match.game is games.get(_read[key].game_id):
        return _read[key], None
    saved, notice = _load_slot(path, games)
    for old in [k for k in _read if k[0] == path]:
        del _read[old]  # an earlier version of this file
    if saved is not None and key is not None:
        _read[key] = saved
    return saved, notice


def _read_table_notes(data: Mapping[str, Any], match: Match) -> None:
    """What the table wrote beside the moves, kept on the match for the table that resumes it (``table_notes``).
    Hot seat: the human who had the screen when the match was saved (``screen_holder``): ``None`` (nobody yet) is
    kept; anything else that is not a human seat is ignored, and the table takes the last human who moved, as for a
    save without it. ``summary_closed``: kept only if it is the number of moves saved (the summary of the round the
    last move ended was closed); anything else is ignored, and the summary opens again."""
    if SCREEN_HOLDER in data:
        holder = data[SCREEN_HOLDER]
        if holder is None or (type(holder) is int and 0 <= holder < len(match.seats) and match.seats[holder].is_human):
            match.table_notes[SCREEN_HOLDER] = holder
    closed = data.get(SUMMARY_CLOSED)  # a round's summary closed after the last move: not opened again on resume
    if type(closed) is int and closed == len(match.steps):
        match.table_notes[SUMMARY_CLOSED] = closed


def _load_slot(path: Path, games: Mapping[str, GameSpec]) -> tuple[SavedMatch | None, Notice | None]:
    try:
        modified = path.stat().st_mtime
        data = read_json(path, MAX_SAVE_BYTES)
        match = Match.from_save(data, games)
        if match.game.id != slot_game(path.stem):
            raise SaveError(Words("This file holds a {game} match, but its name says {name}.", game=match.game.name,
                                      name=path.stem))
        match.slot = path.stem
        _read_table_notes(data, match)
    except FileNotFoundError:
        return None, None
    except BadFile as exc:
        return None, _damaged_notice(path, Words("The saved match {file} is damaged: {why}.", file=path.name,
                                                 why=_why(exc)))
    except NewerSaveError as exc:
        return None, Notice("newer", f"newer:{path}", Words("A match saved by a newer Vélothèque"),
                            Words("{why} It was left where it is ({file}) for that version to resume.",
                                  why=_why(exc), file=path.name), path.parent)
    except OldRulesError as exc:
        return None, _damaged_notice(path, _why(exc), "old-rules")
    except SaveError as exc:
        return None, _damaged_notice(path, _why(exc))
    except OSError as exc:
        return None, Notice("unreadable", f"unreadable:{path}", Words("A saved match could not be read"),
                            Words("{file} could not be read ({why}); it was left where it is.", file=path.name,
                                  why=exc.strerror or str(exc)), path.parent)
    if match.is_over():
        clear_slot(path.stem)  # a finished match is not offered again
        return None, None
    return SavedMatch(match, path, modified), None


def _migrate_legacy(folder: Path) -> Notice | None:
    """Move the one ``autosave.json`` of earlier versions into its game's slot (if it is free)."""
    legacy = folder / LEGACY_AUTOSAVE
    if not legacy.is_file():
        return None
    try:
        data = read_json(legacy, MAX_SAVE_BYTES)
    except (BadFile, OSError):
        return None  # read as a slot below: set aside and reported there
    game_id = data.get("game") if isinstance(data, dict) else None
    if type(game_id) is not str or not GAME_ID.fullmatch(game_id):
        return None
    target = folder / f"{game_id}.json"
    if not target.exists():
        os.replace(legacy, target)
        return None
    aside = set_aside(legacy, "older")
    return Notice("older", f"older:{aside}", Words("An older autosave was kept"),
                  Words("An autosave from an earlier Vélothèque was found next to a newer {game} match; it was kept "
                        "as {file}.", game=game_id, file=aside.name), folder)


def slot_files(folder: Path) -> list[Path]:
    """The slot files in ``folder``: ``<game id>[~<n>].json`` (copies set aside have a dot in their stem)."""
    return sorted(p for p in folder.glob("*.json") if SLOT_ID.fullmatch(p.stem) and p.is_file())


def load_saves(games: Mapping[str, GameSpec]) -> SavesStatus:
    """Every match in progress (the latest played first) and a notice for each file that was not one."""
    autosaver.flush()
    folder = saves_dir()
    status = SavesStatus()
    migrated = _migrate_legacy(folder)
    if migrated:
        status.notices.append(migrated)
    for path in slot_files(folder):
        saved, notice = load_slot(path, games)
        if saved:
            status.matches.append(saved)
        if notice:
            status.notices.append(notice)
    status.matches.sort(key=lambda s: (-s.modified, s.game_id))
    return status


def delete_match(slot: str) -> None:
    autosaver.clear(slot)
    autosaver.flush()


def clean_start_up() -> list[Path]:
    """Remove temp files left by interrupted writes in the data and saves folders."""
    return clean_stale_temp_files([data_dir(), saves_dir()])


# --------------------------------------------------------------------------- settings


@dataclass
class Settings:
    fullscreen: bool = False
    animation_speed: str = "normal"  # "slow" | "normal" | "fast" | "instant"
    sound: bool = True
    window_size: tuple[int, int] = (1280, 720)
    undo_window: float = 1.5  # seconds a bot waits after a human's move, so Undo can be clicked
    auto_answers: dict[str, bool] = field(default_factory=dict)  # question kind -> answer it automatically
    playable_hints: bool = True  # card tables lift the cards that can beat the centre (on for beginners)
    auto_throw: bool = False  # dice tables throw for a human after a short beat when throwing is their only move
    language: str = ""  # "en", "fr"; "" until the player chooses: the system's language (i18n.system_language)

    SPEEDS = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}
    WINDOW_RANGE = (200, 16384)  # pixels, each side
    UNDO_RANGE = (0.0, 5.0)
    MAX_AUTO_ANSWERS = 20
    MAX_KIND = 40

    @property
    def pace(self) -> float:
        """Multiplier for animation durations and the time a bot's move stays readable."""
        return self.SPEEDS.get(self.animation_speed, 1.0)


def _check_window_size(value: Any) -> tuple[int, int] | None:
    lo, hi = Settings.WINDOW_RANGE
    if type(value) is list and len(value) == 2 and all(type(v) is int and lo <= v <= hi for v in value):
        return (value[0], value[1])
    return None


def _check_undo_window(value: Any) -> float | None:
    lo, hi = Settings.UNDO_RANGE
    if type(value) in (int, float) and lo <= value <= hi:
        return float(value)
    return None


def _check_auto_answers(value: Any) -> dict[str, bool] | None:
    if type(value) is not dict or len(value) > Settings.MAX_AUTO_ANSWERS:
        return None
    if not all(type(k) is str and 0 < len(k) <= Settings.MAX_KIND and type(v) is bool for k, v in value.items()):
        return None
    return dict(value)


SETTING_CHECKS = {
    "fullscreen": lambda v: v if type(v) is bool else None,
    "sound": lambda v: v if type(v) is bool else None,
    "playable_hints": lambda v: v if type(v) is bool else None,
    "auto_throw": lambda v: v if type(v) is bool else None,
    "animation_speed": lambda v: v if type(v) is str and v in Settings.SPEEDS else None,
    "window_size": _check_window_size,
    "undo_window": _check_undo_window,
    "auto_answers": _check_auto_answers,
    "language": lambda v: v if type(v) is str and (v == "" or v in LANGUAGES) else None,
}


# each setting as the Settings screen names it, for the notice about values reset (never the file's key, "sound")
SETTING_WORDS = {
    "fullscreen": N_("Fullscreen"),
    "sound": N_("Sound"),
    "playable_hints": N_("Lift playable cards"),
    "auto_throw": N_("Throw the dice for me"),
    "animation_speed": N_("Animation speed"),
    "window_size": N_("Window size"),
    "undo_window": N_("Time to undo"),
    "auto_answers": N_("Questions answered for you"),
    "language": N_("Language"),
}


def setting_names(keys: list[str]) -> Words:
    """"Sound, Language": the settings named by the Settings screen's words, said in the language in use (``tr``)."""
    fields = {f"setting{i}": Words(SETTING_WORDS.get(key, key)) for i, key in enumerate(keys)}
    listed = ", ".join("{" + name + "}" for name in fields)  # (no words of its own to translate)
    return Words(listed, **fields)


def settings_path() -> Path:
    return data_dir() / "settings.json"


def settings_from_data(data: Any) -> tuple[Settings, list[str]]:
    """Settings from a parsed file and the names of the values that were wrong (they keep their
    defaults). Unknown keys are ignored."""
    if not isinstance(data, dict):
        raise BadFile(Words("it is not a settings object"))
    settings, bad = Settings(), []
    for name, check in SETTING_CHECKS.items():
        if name in data:
            value = check(data[name])
            if value is None:
                bad.append(name)
            else:
                setattr(settings, name, value)
    return settings, bad


def load_settings() -> tuple[Settings, Notice | None]:
    """Settings from disk, or defaults for what is bad plus a notice (the bad file is set aside)."""
    path = settings_path()
    try:
        settings, bad = settings_from_data(read_json(path, MAX_SETTINGS_BYTES))
        if not bad:
            return settings, None
        reason = Words.plural("A setting had a value this version cannot use ({names}); it is back to its default.",
                              "Some settings had values this version cannot use ({names}); they are back to "
                              "defaults.", len(bad), names=setting_names(bad))
    except FileNotFoundError:
        return Settings(), None
    except OSError as exc:
        return Settings(), Notice("settings", f"settings-unreadable:{path}", Words("Your settings could not be read"),
                                  Words("{file} could not be read ({why}); defaults are used.", file=path.name,
                                        why=exc.strerror or str(exc)), path.parent)
    except BadFile as exc:
        settings, reason = Settings(), Words("Your settings file was damaged ({why}); defaults are used.",
                                             why=_why(exc))
    title = Words("Your settings were reset")
    try:
        aside = set_aside(path)
    except OSError:
        return settings, Notice("settings", f"settings:{path}", title, reason, path.parent)
    return settings, Notice("settings", f"settings:{aside}", title,
                            Words("{reason} The old file was kept as {file}.", reason=reason, file=aside.name),
                            aside.parent)


def save_settings(settings: Settings) -> None:
    data = asdict(settings)
    data["window_size"] = list(settings.window_size)
    write_json_atomic(settings_path(), data)
