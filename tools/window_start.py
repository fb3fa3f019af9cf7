"""Start the app in a real window some times, and time how soon its window, first frame and menu appear.

    python tools/window_start.py [--runs N] [--screenshot OUT.png] [--windows-paths] -- COMMAND...

Run it under an X server (build/windows.sh runs it under xvfb-run). Each run starts COMMAND with
``VELOTHEQUE_STARTUP_TRACE`` (the app appends ``window``, ``splash`` and ``menu`` marks to it, see
game/startup_trace.py) and a fresh ``VELOTHEQUE_HOME``, waits for the menu mark, then ends the program. With
``--screenshot`` the last run's screen is saved (ImageMagick's ``import``) a moment after the menu is on screen.
``--windows-paths``: COMMAND is a Windows program under wine, so those two paths are given as ``Z:\\...`` (wine's
drive for /). Prints one JSON line: the marks of every run in ms from the launch, and their medians. Exit status
1 if a run never reached the menu.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LABELS = ("window", "splash", "menu")
MENU_TIMEOUT_S = 120.0  # a guard against a program that never gets there, not a target


def windows_path(path: Path) -> str:
    """An absolute Linux path as wine's Windows programs see it (wine maps drive Z: to /)."""
    return "Z:" + str(path.resolve()).replace("/", "\\")


def read_marks(trace: Path) -> dict[str, float]:
    """The marks written so far (``<label> <unix time>`` lines); a line cut short by a write in progress, or any
    other line, is left out."""
    marks: dict[str, float] = {}
    try:
        text = trace.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return marks
    for line in text.splitlines():
        label, _, stamp = line.partition(" ")
        if label in LABELS and label not in marks:
            try:
                value = float(stamp)
            except ValueError:
                continue
            if value == value and abs(value) != float("inf"):
                marks[label] = value
    return marks


def one_run(command: list[str], windows: bool, screenshot: Path | None) -> dict[str, float | None]:
    home = Path(tempfile.mkdtemp(prefix="velotheque-window-"))
    trace = home / "trace.txt"
    name = windows_path if windows else str
    env = dict(os.environ, VELOTHEQUE_HOME=name(home), VELOTHEQUE_STARTUP_TRACE=name(trace),
               SDL_FRAMEBUFFER_ACCELERATION="0")
    env.pop("SDL_VIDEODRIVER", None)
    t0 = time.time()
    proc = subprocess.Popen(command, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    marks: dict[str, float] = {}
    try:
        while time.time() - t0 < MENU_TIMEOUT_S and "menu" not in marks and proc.poll() is None:
            time.sleep(0.01)
            marks = read_marks(trace)
        if screenshot is not None and "menu" in marks:
            time.sleep(2.0)  # the menu's art and fonts settle
            subprocess.run(["import", "-window", "root", str(screenshot)], check=True, timeout=60)
    finally:
        proc.kill()
        proc.wait()
        shutil.rmtree(home, ignore_errors=True)
    return {label: round((marks[label] - t0) * 1000) if label in marks else None for label in LABELS}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, choices=range(1, 21), metavar="N (1-20)")
    parser.add_argument("--screenshot", type=Path)
    parser.add_argument("--windows-paths", action="store_true")
    parser.add_argument("command", nargs="+")
    args = parser.parse_args(argv)
    runs = [one_run(args.command, args.windows_paths, args.screenshot if k == args.runs - 1 else None)
            for k in range(args.runs)]
    medians = {label: statistics.median(v) if (v := [r[label] for r in runs if r[label] is not None]) else None
               for label in LABELS}
    print(json.dumps({"runs": runs, "median_ms": medians}), flush=True)
    return 0 if all(r["menu"] is not None for r in runs) else 1


if __name__ == "__main__":
    sys.exit(main())
