"""Vélothèque: `python main.py` opens the menu; `python main.py --smoke` plays every game headless.

The command line itself (options, messages in the player's language) is game/cli.py."""

from __future__ import annotations

import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.cli import MAX_FRAMES, frame_count, main  # noqa: E402 (after the prompt is hidden)

__all__ = ["MAX_FRAMES", "frame_count", "main"]

if __name__ == "__main__":
    sys.exit(main())
