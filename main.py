"""Vélothèque: `python main.py` opens the menu; `python main.py --smoke` plays every game headless."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


MAX_FRAMES = 1_000_000


def frame_count(text: str) -> int:
    """--frames: a whole number from 1 to MAX_FRAMES, else a clear message (argparse exits with 2)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:30]!r} is not a whole number") from None
    if not 1 <= value <= MAX_FRAMES:
        raise argparse.ArgumentTypeError(f"{value} is out of range: give a number from 1 to {MAX_FRAMES:,}")
    return value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="velotheque", description="Cycling and racing board games.")
    parser.add_argument("--smoke", action="store_true",
                        help="play every registered game headless with bots through its real scenes, then exit")
    parser.add_argument("--frames", type=frame_count, default=3000,
                        help=f"frame limit per game for --smoke (1 to {MAX_FRAMES:,})")
    parser.add_argument("--game", action="append", metavar="ID",
                        help="--smoke: only this game (repeatable); every registered game otherwise")
    parser.add_argument("--check-files", action="store_true",
                        help="write a save, the settings and a points sheet where this system keeps them, read them "
                             "back, say where, remove them again, then exit")
    parser.add_argument("--report", type=Path, metavar="FILE",
                        help="--smoke, --check-files: also write what they say to FILE (UTF-8), ending with "
                             "'<check>: ok' or '<check>: FAILED' (the Windows app has no console to print to)")
    parser.add_argument("--windowed", action="store_true", help="start in a window even if fullscreen was saved")
    args = parser.parse_args(argv)
    if args.game and not args.smoke:
        parser.error("--game goes with --smoke")
    if args.report and not (args.smoke or args.check_files):
        parser.error("--report goes with --smoke or --check-files")
    if args.smoke and args.check_files:
        parser.error("--smoke and --check-files are run one at a time")
    if args.check_files:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        from game.filecheck import run_file_check

        return run_file_check(args.report)
    if args.smoke:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        from game.registry import GAMES

        unknown = [g for g in args.game or () if g not in GAMES]
        if unknown:
            parser.error(f"--game {unknown[0]!r}: no such game (known: {', '.join(GAMES)})")
        from game.smoke import run_smoke

        return run_smoke(args.frames, args.game, args.report)
    from game.app import App, NoDisplayError

    try:
        app = App()
    except NoDisplayError as exc:
        print(f"Vélothèque cannot open its window: {exc}. Start it from a desktop session "
              f"(or run `main.py --smoke` for a check without a window).", file=sys.stderr)
        return 1
    if args.windowed and app.settings.fullscreen:
        app.toggle_fullscreen()
    app.home()
    app.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
