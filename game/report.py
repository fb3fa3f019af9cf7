"""What a check run from the command line says (``--smoke``, ``--check-files``), printed and, with ``--report
FILE``, also written to a file: the Windows executable is windowed, so started from a console it has nowhere
to print, and under wine its output is best read from a file too. The file's last line is ``<check>: ok`` or
``<check>: FAILED (exit status N)``; it is written in UTF-8 whatever the console's code page."""

from __future__ import annotations

import sys
from pathlib import Path


class Report:
    def __init__(self, path: Path | None, check: str) -> None:
        self.path = path
        self.check = check
        self.lines: list[str] = []

    def say(self, line: str) -> None:
        """A line of the result, on stdout (printing nothing when a windowed program has no stdout)."""
        print(line, flush=True)
        self.lines.append(line)

    def error(self, text: str) -> None:
        """A problem (a traceback, a message), on stderr."""
        text = text.rstrip("\n")
        print(text, file=sys.stderr, flush=True)
        self.lines.append(text)

    def close(self, status: int) -> None:
        if self.path is None:
            return
        verdict = f"{self.check}: ok" if status == 0 else f"{self.check}: FAILED (exit status {status})"
        try:
            Path(self.path).write_text("\n".join([*self.lines, verdict]) + "\n", encoding="utf-8")
        except OSError as exc:
            print(f"{self.check}: the report could not be written to {self.path}: {exc.strerror or exc}",
                  file=sys.stderr, flush=True)
