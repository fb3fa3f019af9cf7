"""`python main.py --smoke`: every registered game, bots in all seats, through its real scenes."""

from __future__ import annotations

import os
import tempfile
import time
import traceback
from pathlib import Path

from .report import Report


def run_smoke(max_frames: int = 3000, games: list[str] | None = None, report: Path | None = None) -> int:
    """Without VELOTHEQUE_HOME, saves and settings go to a temporary folder removed at the end. ``games``: only
    those ids (every registered game otherwise). ``report``: a file that gets what is printed, any traceback,
    and a last line ``smoke: ok`` or ``smoke: FAILED`` (a windowed Windows executable has no console to print
    to)."""
    out = Report(report, "smoke")
    status = 1
    try:
        if os.environ.get("VELOTHEQUE_HOME"):
            status = _run_smoke(max_frames, games, out)
        else:
            with tempfile.TemporaryDirectory(prefix="velotheque-smoke-") as home:
                os.environ["VELOTHEQUE_HOME"] = home
                try:
                    status = _run_smoke(max_frames, games, out)
                finally:
                    from . import storage

                    storage.autosaver.flush()
                    del os.environ["VELOTHEQUE_HOME"]
    except BaseException:
        status = 1
        out.error(traceback.format_exc())
        raise
    finally:
        out.close(status)
    return status


def _run_smoke(max_frames: int, games: list[str] | None, out: Report) -> int:
    from .app import App
    from .engine.match import Match, Seat
    from .ui import theme
    from .ui.scenes_registry import playable

    failures = 0
    app = App(headless=True)
    app.settings.animation_speed = "instant"
    entries = [e for e in playable() if not games or e.spec.id in games]
    if not entries:
        out.error("smoke: no game is registered")
        return 1
    for entry in entries:
        spec = entry.spec
        t0 = time.perf_counter()
        frames = 0
        parts = []
        try:
            for name, config in spec.named_configs():  # every variant, and set-ups old ids still name
                seats = [Seat(f"Bot {i + 1}", "easy", theme.SEAT_COLOURS[i % len(theme.SEAT_COLOURS)])
                         for i in range(config.players)]
                match = Match(spec, config, 20240 + frames, seats)
                scene = entry.scene(app, match, entry)
                app.stack.clear_to(scene)
                start = frames
                while frames - start < max_frames and app.stack.top is not None:
                    app.step(1 / 60, [])
                    frames += 1
                    if match.is_over() and app.stack.top is not scene:
                        break  # results shown
                state = "finished" if match.is_over() else "running"
                parts.append(f"{name} {state} after {frames - start} frames/{len(match.steps)} moves")
        except Exception:
            failures += 1
            out.error(traceback.format_exc())
            out.say(f"{spec.id}: FAILED after {frames} frames ({'; '.join(parts)})")
            continue
        out.say(f"{spec.id}: ok in {time.perf_counter() - t0:.1f} s — {'; '.join(parts)}")
    from . import storage

    storage.autosaver.flush()
    return 1 if failures else 0
