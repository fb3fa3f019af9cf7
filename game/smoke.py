"""`python main.py --smoke`: every registered game, bots in all seats, through its real scenes."""

from __future__ import annotations

import os
import sys
import tempfile
import time
import traceback


def run_smoke(max_frames: int = 3000, games: list[str] | None = None) -> int:
    """Without VELOTHEQUE_HOME, saves and settings go to a temporary folder removed at the end. ``games``: only
    those ids (every registered game otherwise)."""
    if os.environ.get("VELOTHEQUE_HOME"):
        return _run_smoke(max_frames, games)
    with tempfile.TemporaryDirectory(prefix="velotheque-smoke-") as home:
        os.environ["VELOTHEQUE_HOME"] = home
        try:
            return _run_smoke(max_frames, games)
        finally:
            from . import storage

            storage.autosaver.flush()
            del os.environ["VELOTHEQUE_HOME"]


def _run_smoke(max_frames: int, games: list[str] | None = None) -> int:
    from .app import App
    from .engine.match import Match, Seat
    from .ui import theme
    from .ui.scenes_registry import playable

    failures = 0
    app = App(headless=True)
    app.settings.animation_speed = "instant"
    entries = [e for e in playable() if not games or e.spec.id in games]
    if not entries:
        print("smoke: no game is registered", file=sys.stderr)
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
            traceback.print_exc(file=sys.stderr)
            print(f"{spec.id}: FAILED after {frames} frames ({'; '.join(parts)})", flush=True)
            continue
        print(f"{spec.id}: ok in {time.perf_counter() - t0:.1f} s — {'; '.join(parts)}", flush=True)
    from . import storage

    storage.autosaver.flush()
    return 1 if failures else 0
