"""A mutable working copy of a Veldiv state while an action is applied (pure)."""

from __future__ import annotations

from .book import Book


class Work:
    """A mutable copy of a state while an action is being applied."""

    __slots__ = ("cls", "setup", "x", "sp", "st", "turn", "phase", "dice", "bonus", "queue", "rng", "pts",
                 "prem", "tour", "counted", "paid", "lapc", "gained", "final", "arrive", "elim", "lap_no", "chart",
                 "over", "throws", "ev", "next_turn")

    def __init__(self, s):
        self.cls = type(s)
        self.setup = s.setup
        self.x = list(s.x)
        self.sp = list(s.sp)
        self.st = list(s.st)
        self.turn = s.turn
        self.phase = s.phase
        self.dice = s.dice
        self.rng = s.rng
        b = s.book
        self.bonus = b.bonus
        self.queue = list(b.queue)
        self.pts = b.pts
        self.prem = b.prem
        self.tour = b.tour
        self.counted = b.counted
        self.paid = b.paid
        self.lapc = b.lapc
        self.gained = b.gained
        self.final = b.final
        self.arrive = b.arrive
        self.elim = b.elim
        self.lap_no = b.lap_no
        self.chart = b.chart
        self.over = s.over
        self.throws = s.throws
        self.ev: list = []
        self.next_turn = -1

    def freeze(self):
        book = Book(self.bonus, tuple(self.queue), self.pts, self.prem, self.tour, self.counted, self.paid, self.lapc,
                    self.gained, self.final, self.arrive, self.elim, self.lap_no, self.chart)
        return self.cls(self.setup, tuple(self.x), tuple(self.sp), tuple(self.st), self.turn, self.phase,
                        self.dice, self.rng, self.over, self.throws, book)

    # small helpers for the per-seat tuples (changed rarely: rebuilt only when they change)
    def add(self, name: str, index: int, amount: int) -> int:
        values = list(getattr(self, name))
        values[index] += amount
        setattr(self, name, tuple(values))
        return values[index]

    def put(self, name: str, index: int, value: int) -> None:
        values = list(getattr(self, name))
        values[index] = value
        setattr(self, name, tuple(values))
