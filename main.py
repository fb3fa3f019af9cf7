"""Vélothèque: `python main.py` opens the menu; `python main.py --smoke` plays every game headless."""

from __future__ import annotations

import argparse
import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="velotheque", description="Cycling and racing board games.")
    parser.add_argument("--smoke", action="store_true",
                        help="play every registered game headless with bots through its real scenes, then exit")
    parser.add_argument("--frames", type=int, default=3000, help="frame limit per game for --smoke")
    parser.add_argument("--windowed", action="store_true", help="start in a window even if fullscreen was saved")
    args = parser.parse_args(argv)
    if args.smoke:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        from game.smoke import run_smoke

        return run_smoke(args.frames)
    from game.app import App

    app = App()
    if args.windowed and app.settings.fullscreen:
        app.toggle_fullscreen()
    app.home()
    app.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
