"""The immutable Veldiv race state: protocol methods, view and JSON (pure).

The moving parts (dice, movement, laps, points, eliminations) live in :mod:`.play`; scoring at the
end in :mod:`.result`. Fields are plain ints and tuples so a state is cheap to build and to copy.
"""

from __future__ import annotations

from typing import Any

from ...engine.protocol import Action, Config, IllegalAction, Result, State
from ...engine.rng import seed_state
from ...engine.words import Words
from . import play
from .actions import BONUS, CHOOSE, ROLL, ChooseRider, Roll, TakeBonus
from .book import BOOK, Book
from .codes import CHOOSING, DONE, OUT, PHASE_NAMES, RACING, ROLLING
from .quick import quick_roll as _quick_roll
from .races import laps_down
from .setup import Setup
from .track import lap_of
from .view import RiderView, VeldivView

STATE_VERSION = 2  # 2: "counted" per rider replaced "down" per seat (rules version 2)

CORE = ("x", "sp", "st", "turn", "phase", "dice", "rng", "over", "throws")
FIELDS = CORE + BOOK  # the JSON keys
_NESTED = ("queue", "chart")  # tuples of tuples
_NO_ACTIONS: tuple[Action, ...] = ()
_ROLL_ONLY = (ROLL,)


def _book_field(name: str) -> property:
    return property(lambda self: getattr(self.book, name), doc=f"``book.{name}``")


class VeldivState(State):
    """One moment of a race. ``x``/``sp``/``st`` are per rider; the scores live in ``book``."""

    __slots__ = ("setup", *CORE, "book")

    def __init__(self, setup: Setup, x, sp, st, turn, phase, dice, rng, over, throws, book: Book):
        self.setup = setup
        self.x = x  # spaces covered per rider
        self.sp = sp  # space per rider, 0 = off the track
        self.st = st  # RACING / DONE / OUT per rider
        self.turn = turn
        self.phase = phase
        self.dice = dice
        self.rng = rng
        self.over = over
        self.throws = throws
        self.book = book

    bonus = _book_field("bonus")
    queue = _book_field("queue")
    pts = _book_field("pts")
    prem = _book_field("prem")
    tour = _book_field("tour")
    counted = _book_field("counted")
    paid = _book_field("paid")
    lapc = _book_field("lapc")
    gained = _book_field("gained")
    final = _book_field("final")
    arrive = _book_field("arrive")
    elim = _book_field("elim")
    lap_no = _book_field("lap_no")
    chart = _book_field("chart")

    # ------------------------------------------------------------------ construction

    @classmethod
    def initial(cls, setup: Setup, seed: int) -> "VeldivState":
        n, r = setup.players, setup.riders
        zeros = (0,) * n
        book = Book((), (), zeros, zeros, zeros, (0,) * r, zeros, (0,), (0,) * (n * n) if setup.lapping else (), 0,
                    (), (), 1, ())
        return cls(setup, (0,) * r, setup.line, (RACING,) * r, 0, ROLLING, (), seed_state(seed), False, 0, book)

    @property
    def players(self) -> int:  # type: ignore[override]
        return self.setup.players

    @property
    def config(self) -> Config:
        return self.setup.config

    # ------------------------------------------------------------------ protocol

    def to_act(self) -> tuple[int, ...]:
        return () if self.over else (self.turn,)

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        if self.over or seat != self.turn:
            return _NO_ACTIONS
        phase = self.phase
        if phase == ROLLING:
            return _ROLL_ONLY
        if phase == CHOOSING:
            return CHOOSE
        return BONUS

    def why_illegal(self, seat: int, action: Action) -> str | None:
        if self.over:
            return Words("The race is over.")
        if seat != self.turn:
            return Words("It is not your turn.")
        phase = self.phase
        if phase == ROLLING:
            return None if type(action) is Roll else Words("Throw the dice first.")
        if phase == CHOOSING:
            if type(action) is ChooseRider:
                return None if action.rider in (0, 1) else Words("Your team has riders 1 and 2 only.")
            return Words("You have thrown: choose which of your two riders the die moves (Art. 5).")
        if type(action) is TakeBonus:
            return None if action.rider in (0, 1) else Words("Your team has riders 1 and 2 only.")
        return Words("Your rider landed on its team-mate: choose which rider takes the extra advance (Art. 7, "
                     "Art. 9).")

    def apply(self, seat: int, action: Action):
        if seat == self.turn and self.phase == ROLLING and not self.over and type(action) is Roll:
            if self.setup.quick:
                done = _quick_roll(self, seat)
                if done is not None:
                    return done
            return play.apply_action(self, seat, action)
        reason = self.why_illegal(seat, action)
        if reason is not None:
            raise IllegalAction(reason)
        return play.apply_action(self, seat, action)

    def _apply(self, seat: int, action: Action):
        if self.setup.quick and type(action) is Roll:
            done = play.quick_roll(self, seat)
            if done is not None:
                return done
        return play.apply_action(self, seat, action)

    def is_over(self) -> bool:
        return self.over

    def result(self) -> Result:
        from .result import race_result

        return race_result(self)

    # ------------------------------------------------------------------ view

    def rider_status(self, r: int) -> str:
        s = self.st[r]
        if s == RACING:
            return "racing"
        if s == OUT:
            return "eliminated"
        return "waiting" if self.setup.waiting else "finished"

    def view(self, seat: int | None) -> VeldivView:
        su = self.setup
        per = su.per_seat
        riders = tuple(
            RiderView(r, r // per, r % per, self.sp[r], lap_of(self.x[r]), self.x[r], su.line[r], self.rider_status(r))
            for r in range(su.riders))
        return VeldivView(
            seat=seat, variant=su.kind, race=su.race_name, players=su.players, options=su.config.options,
            riders=riders, turn=self.turn, phase="over" if self.over else PHASE_NAMES[self.phase],
            dice=self.dice, pending=self.queue, bonus=self.bonus, points=self.pts, premiers=self.prem,
            un_tour=self.tour, laps_down=self.laps_down(), race_laps=self.counted, paid=self.paid, kitty=sum(self.paid), stake=su.stake,
            total=su.total, places=su.places, premiers_to_end=su.premiers, lap_limit=su.max_laps,
            lap=self.lap_no if su.waiting else self.leading_lap(), final_lap=self.final, arrivals=self.arrive,
            eliminated=self.elim, lap_crossings=self.lapc, laps_gained=self.gained, chart=self.chart,
            throws=self.throws, over=self.over)

    def laps_down(self) -> tuple[int, ...]:
        """Per seat, the full laps it is behind the field now (Individuelle, Américaine; else zeros)."""
        su = self.setup
        if not su.lapping:
            return (0,) * su.players
        return tuple(laps_down(su, self.x, seat) for seat in range(su.players))

    def leading_lap(self) -> int:
        """The lap the leading rider is on (1 at the start)."""
        return max(lap_of(x) for x in self.x) + 1

    @classmethod
    def from_view(cls, view: VeldivView, setup: Setup, rng: int) -> "VeldivState":
        status = {"racing": RACING, "finished": DONE, "waiting": DONE, "eliminated": OUT}
        riders = view.riders
        phase = PHASE_NAMES.index(view.phase) if view.phase in PHASE_NAMES else ROLLING
        book = Book(view.bonus, view.pending, view.points, view.premiers, view.un_tour, view.race_laps, view.paid,
                    view.lap_crossings, view.laps_gained, view.final_lap, view.arrivals, view.eliminated,
                    view.lap if setup.waiting else 1, view.chart)
        return cls(setup, tuple(r.distance for r in riders), tuple(r.space for r in riders),
                   tuple(status[r.status] for r in riders), view.turn, phase, view.dice, rng, view.over, view.throws,
                   book)

    # ------------------------------------------------------------------ JSON (loading, with its checks: saves.py)

    def to_dict(self) -> dict[str, Any]:
        cfg = self.setup.config
        data: dict[str, Any] = {"version": STATE_VERSION, "variant": cfg.variant, "players": cfg.players,
                                "options": {k: v for k, v in cfg.options}}
        for name in FIELDS:
            value = getattr(self, name)
            if name in _NESTED:
                value = [list(v) for v in value]
            elif isinstance(value, tuple):
                value = list(value)
            data[name] = value
        return data
