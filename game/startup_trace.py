"""Start-up timestamps for measuring how fast the app (or the packaged executable) shows something.

When ``VELOTHEQUE_STARTUP_TRACE`` names a file, :func:`mark` appends ``<label> <unix time>`` lines to it
("window" when the window opens, "first-frame" when the first frame is on screen). The bench and the
packaging measurements read them; otherwise this does nothing.
"""

from __future__ import annotations

import os
import time

_seen: set[str] = set()


def mark(label: str) -> None:
    path = os.environ.get("VELOTHEQUE_STARTUP_TRACE")
    if not path or label in _seen:
        return
    _seen.add(label)
    try:
        with open(path, "a", encoding="utf-8") as fh:
            fh.write(f"{label} {time.time():.6f}\n")
    except OSError:
        pass  # a measurement aid only: never stop the app for it
