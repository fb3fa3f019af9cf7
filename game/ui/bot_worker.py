"""A bot's decision on a thread of its own, with a wall-clock deadline.

The table keeps drawing and answering clicks (Esc, Undo) while a bot thinks: the search runs on this worker,
in small steps, and stops at its deadline with the best move it has found (``Thinking.finish``: the searches
are anytime). On a quiet machine a search ends by its iteration budget long before the deadline, so bots play
the same moves for a seed; on a busy one the deadline makes them weaker, never slower. The engine keeps no
clock: the deadline lives here.
"""

from __future__ import annotations

import threading
import time

from ..engine.bots import Thinking

# Seconds a bot may think before it must answer, by level (the searches' budgets end well within them).
THINK_SECONDS = {"random": 0.3, "easy": 0.3, "normal": 0.5, "hard": 1.0}


class BotWorker:
    def __init__(self, thinking: Thinking, seconds: float):
        self.thinking = thinking
        self.deadline = time.monotonic() + seconds
        self.error: BaseException | None = None
        self.cut_short = False  # the deadline, not the budget, ended the search
        self._cancelled = threading.Event()
        self._thread = threading.Thread(target=self._run, name="bot", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            while not self.thinking.step(16):
                if self._cancelled.is_set():
                    return
                if time.monotonic() > self.deadline:
                    self.cut_short = True
                    self.thinking.finish()
                    return
        except BaseException as exc:  # handed to the table, which says it
            self.error = exc

    @property
    def done(self) -> bool:
        return not self._thread.is_alive()

    def cancel(self) -> None:
        """Forget this decision (an undo, the table closed): the thread stops at its next step."""
        self._cancelled.set()

    def join(self, timeout: float | None = None) -> None:
        self._thread.join(timeout)
