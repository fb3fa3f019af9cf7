"""The slow-changing part of a Veldiv state (pure)."""

from __future__ import annotations

BOOK = ("bonus", "queue", "pts", "prem", "tour", "counted", "paid", "lapc", "gained", "final", "arrive", "elim",
        "lap_no", "chart")


class Book:
    """The slow-changing part of a state (scores, tokens, laps, pending moves), shared between states
    until something in it changes: a plain throw only builds a new :class:`VeldivState` around it."""

    __slots__ = BOOK

    def __init__(self, bonus, queue, pts, prem, tour, counted, paid, lapc, gained, final, arrive, elim, lap_no, chart):
        self.bonus = bonus  # (rider, mate, die, distance before) while a TakeBonus choice is open
        self.queue = queue  # ((rider, die), ...) still to move this turn
        self.pts = pts  # points per seat
        self.prem = prem  # Premier tokens per seat
        self.tour = tour  # Un Tour tokens per seat
        # per rider, the lap of the race its last scoring crossing counted for (0 before any): a rider that
        # makes up a lap it had lost crosses again for a lap it has already contested, and scores nothing
        self.counted = counted
        self.paid = paid  # La Cagnotte payments per seat
        self.lapc = lapc  # crossings counted per lap of the race (index = race lap)
        self.gained = gained  # laps seat a has gained on seat b, at a * players + b
        self.final = final  # the race lap that ends the race (0: not yet)
        self.arrive = arrive  # riders in order of arrival
        self.elim = elim  # seats in order of elimination
        self.lap_no = lap_no  # Éliminatoire / La Cagnotte: the lap being raced
        self.chart = chart
