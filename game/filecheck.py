"""`main.py --check-files`: the app's files, in the folders this user's system gives, written and read back.

What it does, through the same functions the app uses:

* settings: the settings file is written with one value changed, read back, then put back as it was (or
  removed, if there was none);
* saves: two matches of the first registered game are played a few moves by bots and saved in new slots (so the
  names ``<game>.json`` and ``<game>~<n>.json`` both occur when the folder was empty), one directly and one
  through the background autosaver, then read back as the menu reads them and compared move by move;
* a damaged save: a slot holding junk is read, so it is set aside (``<slot>.damaged-1.json``) and reported;
* a points sheet: a picture exported where the Export PNG button puts it, loaded back as a PNG.

Every file name written is checked against what Windows accepts (:func:`game.files.windows_name_problem`), each
place is printed, and everything the check added is removed at the end (the folders stay). Reading the saves
does what the menu does: a damaged file of the user's own is set aside and reported, as the app would on start.
Exit status 0 when all is well, 1 otherwise. The Windows build runs it under wine (build/windows.sh).
"""

from __future__ import annotations

import dataclasses
import os
import traceback
from pathlib import Path

from .report import Report

CHECK_MOVES = 6  # moves each test match is played before it is saved


def run_file_check(report: Path | None = None) -> int:
    out = Report(report, "check-files")
    status = 1
    try:
        status = _check(out)
    except Exception:
        out.error(traceback.format_exc())
        status = 1
    finally:
        out.close(status)
    return status


def _check(out: Report) -> int:
    made: list[Path] = []  # files this check wrote, removed at the end whatever happens
    try:
        failures = _write_and_read_back(out, made)
    finally:
        for leftover in made:
            try:
                leftover.unlink(missing_ok=True)
            except OSError:
                pass
    left = [p.name for p in made if p.exists()]
    if left:
        failures.append(f"could not remove {', '.join(left)}")
        out.say(f"  FAILED: could not remove {', '.join(left)}")
    out.say(f"check-files: {'all written, read back and removed' if not failures else f'{len(failures)} failed'}")
    return 1 if failures else 0


def _write_and_read_back(out: Report, made: list[Path]) -> list[str]:
    import pygame

    from . import storage
    from .engine.match import Match, Seat
    from .files import windows_name_problem
    from .paths import data_dir, saves_dir
    from .registry import GAMES
    from .velomaster.points_sheet import export_png, sheets_dir

    failures: list[str] = []

    def check(ok: bool, what: str) -> bool:
        if not ok:
            failures.append(what)
            out.say(f"  FAILED: {what}")
        return ok

    def check_name(path: Path) -> None:
        problem = windows_name_problem(path.name)
        check(problem is None, f"{path.name}: Windows would refuse this name ({problem})")

    override = os.environ.get("VELOTHEQUE_HOME")
    out.say(f"user data folder: {data_dir()}" + (" (set by VELOTHEQUE_HOME)" if override else ""))

    # settings: changed, written, read back, put back
    path = storage.settings_path()
    before = path.read_bytes() if path.is_file() else None
    settings, notice = storage.load_settings()
    changed = dataclasses.replace(settings, undo_window=2.5 if settings.undo_window != 2.5 else 1.0)
    try:
        storage.save_settings(changed)
        again, notice = storage.load_settings()
        check(notice is None and again == changed, f"the settings read back from {path} differ from those written")
        check_name(path)
        out.say(f"settings: written and read back: {path}")
    finally:
        if before is None:
            path.unlink(missing_ok=True)
        else:
            path.write_bytes(before)

    # saves: two new slots, one written directly and one by the autosaver, resumed as the menu does
    spec = next(iter(GAMES.values()))
    config = spec.named_configs()[0][1]
    matches = []
    for k in range(2):
        seats = [Seat(f"Check {i + 1}", "easy", (200, 60 + 40 * i, 60)) for i in range(config.players)]
        match = Match(spec, config, 4242 + k, seats)
        for _ in range(CHECK_MOVES):
            if match.is_over():
                break
            seat = match.to_act()[0]
            match.act(seat, match.state.legal_actions(seat)[0])
        matches.append(match)
    slots = [storage.slot_path(storage.slot_of(m)) for m in matches]  # free slots, never a match of the user's
    made += slots
    storage.save_match(matches[0])
    storage.autosaver.save(matches[1].to_save(), matches[1].slot)
    storage.autosaver.flush()
    problem = storage.autosaver.take_problem()
    check(problem is None, f"the autosaver could not write: {problem}")
    found = {saved.slot: saved for saved in storage.load_saves(GAMES).matches}
    for match, slot_file in zip(matches, slots, strict=True):
        check_name(slot_file)
        saved = found.get(match.slot)
        if check(saved is not None, f"{slot_file.name} was not offered to resume"):
            check([(s.seat, s.action) for s in saved.match.steps] == [(s.seat, s.action) for s in match.steps],
                  f"{slot_file.name} resumed with other moves than were played")
    out.say(f"saves: {len(matches)} {spec.name} matches written and resumed: "
            + ", ".join(p.name for p in slots) + f" in {saves_dir()}")

    # a damaged save: set aside under a name Windows takes, and reported
    damaged = storage.slot_path(storage.new_slot(spec.id))
    made.append(damaged)
    earlier = set(saves_dir().glob(f"{damaged.stem}.damaged-*.json"))  # the user's own, left alone
    damaged.write_bytes(b"\x00 this is not a saved match")
    notices = [n for n in storage.load_saves(GAMES).notices if n.kind == "damaged" and damaged.stem in n.text]
    asides = sorted(set(saves_dir().glob(f"{damaged.stem}.damaged-*.json")) - earlier)
    made += asides
    if check(len(notices) == 1 and len(asides) == 1 and not damaged.exists(),
             f"the damaged {damaged.name} was not set aside and reported"):
        check_name(asides[0])
        out.say(f"damaged save: set aside as {asides[0].name} and reported")

    # a points sheet, exported where the Export PNG button puts it
    folder = sheets_dir()
    picture = pygame.Surface((64, 48))
    picture.fill((242, 194, 48))
    sheet = export_png(picture)
    made.append(sheet)
    check_name(sheet)
    check(sheet.parent == folder, f"the sheet went to {sheet.parent}, not {folder}")
    check(pygame.image.load(str(sheet)).get_size() == (64, 48), f"{sheet} does not read back as the picture written")
    out.say(f"points sheet: exported and read back: {sheet}")
    return failures
