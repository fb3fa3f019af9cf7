"""The command line (``main.py``): its options and every message of ours, in the player's language (the
settings' language, else the system's). Argparse's own words ("usage:", "error:") stay its own."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import i18n
from .i18n import _

MAX_FRAMES = 1_000_000


def use_language() -> str:
    """Speak the language the app would: the one saved in the settings (read only: a bad file is left for the
    app to report), else the system's."""
    from . import storage
    from .files import read_json

    try:
        settings, _bad = storage.settings_from_data(read_json(storage.settings_path(), storage.MAX_SETTINGS_BYTES))
        code = settings.language
    except (OSError, ValueError):
        code = ""
    return i18n.set_language(code or i18n.system_language())


def frame_count(text: str) -> int:
    """--frames: a whole number from 1 to MAX_FRAMES, else a clear message (argparse exits with 2)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("{text} is not a whole number").format(text=repr(text[:30]))) from None
    if not 1 <= value <= MAX_FRAMES:
        raise argparse.ArgumentTypeError(_("{value} is out of range: give a number from 1 to {most}").format(
            value=value, most=i18n.number(MAX_FRAMES)))
    return value


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="velotheque", description=_("Cycling and racing board games."))
    p.add_argument("--smoke", action="store_true",
                   help=_("play every registered game headless with bots through its real scenes, then exit"))
    p.add_argument("--frames", type=frame_count, default=3000,
                   help=_("frame limit per game for --smoke (1 to {most})").format(most=i18n.number(MAX_FRAMES)))
    p.add_argument("--game", action="append", metavar="ID",
                   help=_("--smoke: only this game (repeatable); every registered game otherwise"))
    p.add_argument("--check-files", action="store_true",
                   help=_("write a save, the settings and a points sheet where this system keeps them, read them "
                          "back, say where, remove them again, then exit"))
    p.add_argument("--report", type=Path, metavar="FILE",
                   help=_("--smoke, --check-files: also write what they say to FILE (UTF-8), ending with "
                          "'<check>: ok' or '<check>: FAILED' (the Windows app has no console to print to)"))
    p.add_argument("--windowed", action="store_true", help=_("start in a window even if fullscreen was saved"))
    return p


def main(argv: list[str] | None = None) -> int:
    import os

    use_language()
    cli = parser()
    args = cli.parse_args(argv)
    if args.game and not args.smoke:
        cli.error(_("--game goes with --smoke"))
    if args.report and not (args.smoke or args.check_files):
        cli.error(_("--report goes with --smoke or --check-files"))
    if args.smoke and args.check_files:
        cli.error(_("--smoke and --check-files are run one at a time"))
    if args.check_files:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        from .filecheck import run_file_check

        return run_file_check(args.report)
    if args.smoke:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        from .registry import GAMES

        unknown = [g for g in args.game or () if g not in GAMES]
        if unknown:
            cli.error(_("--game {game}: no such game (known: {known})").format(game=repr(unknown[0]),
                                                                             known=", ".join(GAMES)))
        from .smoke import run_smoke

        return run_smoke(args.frames, args.game, args.report)
    from .app import App, NoDisplayError

    try:
        app = App()
    except NoDisplayError as exc:
        why = i18n.tr(exc.args[0]) if exc.args else str(exc)
        print(_("Vélothèque cannot open its window: {why}. Start it from a desktop session (or run `main.py "
                "--smoke` for a check without a window).").format(why=why), file=sys.stderr)
        return 1
    if args.windowed and app.settings.fullscreen:
        app.toggle_fullscreen()
    app.home()
    app.run()
    return 0
