"""The immutable VeloMaster race state: protocol methods, view and JSON (pure).

The transitions live in :mod:`.play`, the rankings in :mod:`.result`. A state references its
:class:`~.setup.Setup` (and through it the course tables); ``to_dict`` stores only the variant (course
name included) and the options, and the spec rebuilds the setup when reading a save.
"""

from __future__ import annotations

from typing import Any, Sequence

from ...engine.protocol import Action, IllegalAction, Question, Result, State
from ...engine.rng import seed_state
from ...engine.words import N_, Words
from . import attacks, board, lines, play, pro_start, pro_view, standings
from .actions import (
    AGREE,
    DISAGREE,
    ROLL,
    Accelerate,
    Assign,
    Attack,
    Decline,
    Descend,
    Entraide,
    Launch,
    NoDescend,
    Refuse,
    Roll,
    Step,
    Stop,
    TakeNeutral,
    Vote,
    cached,
    step_actions,
    stop_action,
)
from .codes import (
    CTX_NAMES,
    CTX_RACE,
    FIN,
    OUT,
    P_ASSIGN,
    P_DESCENT,
    P_ENTRAIDE,
    P_LAUNCH,
    P_LROLL,
    P_MOVE,
    P_NEUTRAL,
    P_ORDER,
    P_OVER,
    P_PREPARE,
    P_PROPOSE,
    P_ROLL,
    P_VOTE,
    PHASE_NAMES,
    ROAD,
    SIDE,
    VOTE_WAITING,
)
from .result import race_result
from .setup import Setup
from .stage_start import StageStart
from .standings import climbers_ranking
from .variants import saved_options
from .view import RiderView, SummitView, VelomasterView

# 2: a Pro race saves each rider's public condition ("public"); a race below Pro saves exactly what it saved in
# version 1 and still says version 1 (its format did not change: the committed saves' positions stay as recorded)
STATE_VERSION = 2

# Field names in the code, and the key each one keeps in a save (the save format is unchanged since
# state version 1: the committed saves keep loading). Fields not listed keep their name as their key.
SAVE_KEYS = {
    "move_context": "ctx", "round": "rnd", "launch_index": "lidx", "arrival_seq": "seq",
    "first_arrival_turn": "t0", "moving_rider": "mr", "move_die": "mdie", "move_used": "mused",
    "pending_rolls": "pend", "dice_left": "left", "move_path": "mpath", "descents": "desc", "entraide": "ent",
    "summit_crossings": "sumc", "finish_order": "fin", "points": "pts", "status": "st", "arrival": "arr",
    "finish_time": "ftime",
}

SCALARS = ("rng", "phase", "actor", "seat", "move_context", "round", "turns", "wave", "launch_index", "arrival_seq",
           "launched", "helped", "first_arrival_turn", "moving_rider", "move_die", "move_used")
TUPLES = ("order", "pending_rolls", "played", "dice", "dice_left", "movers", "move_path", "descents", "entraide",
          "summit_crossings", "finish_order")
NESTED = ("pairs", "d20", "points")
RIDER = ("pos", "status", "miss", "arrival", "finish_time")
# the phase of the round being played (an index into the level's phases); saved only by levels with
# more than one phase, so a Débutant save is the same as before phases existed
PHASED = ("round_phase",)
# Expert's incidents, per rider: feed zones stopped in (bits), a missed feed (smallest die to the finish), the
# worst die at its next turn (a crash's "égratignure"), a puncture (at the roadside until the phase ends); and
# the value of the smallest die that penalised riders share this turn (0: none). Saved only by levels that play
# these rules, so a Débutant save is the same as before.
EXPERT_RIDER = ("fed_zones", "missed_feed", "worst_die", "punctured", "crashes", "flats")  # + the sheet's counts
# the accélérations: the lines the seat whose turn it is may still propose (rear to front), and each seat's
# answer to the one proposed (codes.VOTE_*)
# and a leader blocked with cells of its die left, who may ride them as soon as the road opens ("ROUTE
# BLOQUÉE"): (rider, cells) or ()
# and, per seat, turns a player misses because a neutral bike it moved fell
# and (2 players) whether the neutral bikes' own roll of the seat's team-mates' turn is on the table (1) or to come
EXPERT = EXPERT_RIDER + ("shared_die", "lines", "votes", "waiting", "seat_skips", "neutral_rolled")
# Pro (saved only by a Pro race, :mod:`.pro`): per rider its physical condition (percent, may pass 100); the
# rider announced as attacking this turn (-1: none); each seat's secret stage-start picks until all are in
# ((motivated slot, doped slots bits, clean 0/1), or () while it has not picked); riders (bits) surmotivé,
# doped, of a team riding clean, excluded by the anti-doping control; the riders controlled (draw order);
# leaders (bits) given the "two team-mates in line in front" gain this phase; riders (bits) who stopped on a
# feed cell in an entraide of their own turn (it counts if they are still there when the turn ends); per rider
# its public condition (:mod:`.condition`: what the others can count, never above the exact one; state version 2)
PRO = ("condition", "attacker", "picks", "motivated", "doped", "clean", "excluded", "controlled", "line_bonus",
       "feed_pending", "public")
FIELDS = SCALARS + TUPLES + NESTED + RIDER + PHASED + EXPERT + PRO + ("over", "reason")
# rarely written: shared between states until one changes
BOOK = ("order", "pending_rolls", "d20", "launched", "wave", "launch_index", "summit_crossings", "finish_order",
        "first_arrival_turn", "points", "finish_time", "reason", "round_phase")
# Expert's records and who moves which rider change rarely: shared through the book too (a Débutant race never
# writes them, so its states never copy them)
BOOK = BOOK + EXPERT + PRO
HOT = tuple(f for f in FIELDS if f not in BOOK)
assert set(SAVE_KEYS) <= set(FIELDS)


def state_version(setup: Setup) -> int:
    """The version of the format a race of ``setup`` saves in: 2 at Pro (its public condition), else 1."""
    return STATE_VERSION if setup.level.pro_rules else 1


def save_key(name: str) -> str:
    """The key of field ``name`` in a saved race."""
    return SAVE_KEYS.get(name, name)


_NONE: tuple[Action, ...] = ()
_VOTES = (AGREE, DISAGREE)
_ROLL_ONLY = (ROLL,)


class Book:
    """The rarely written part of a state (start order, summit and finish records), shared by
    successive states until an action changes it (see :func:`.play.book`)."""

    __slots__ = BOOK

    def copy(self) -> "Book":
        b = object.__new__(Book)
        for name in BOOK:
            setattr(b, name, getattr(self, name))
        return b


def _book_field(name: str) -> property:
    def fget(self):
        return getattr(self.book, name)

    def fset(self, value) -> None:  # only ever on a state being built: copy the shared book first
        if not self._book_owned:
            self.book = self.book.copy()
            self._book_owned = True
        setattr(self.book, name, value)

    return property(fget, fset, doc=f"``book.{name}`` (copy-on-write)")


def _blank(cls, setup: Setup):
    s = object.__new__(cls)
    s.setup = setup
    s.book = object.__new__(Book)
    s._book_owned = True
    s._legal_cache = None
    s._occupied_cache = None
    return s


def _leave_out(s, start: StageStart) -> None:
    """A tour stage's absent riders are OUT before the start (never launched, never in the turn order); a seat
    with none of its own riders left rolls no d20 and plays no turn ("sits the stage out")."""
    su = s.setup
    start.check(su.riders)
    s.status = tuple(OUT if r in start.absent else ROAD for r in range(su.riders))
    s.pending_rolls = tuple(x for x in range(su.players) if any(r not in start.absent for r in su.default_seats.own_riders[x]))
    if not s.pending_rolls:
        raise ValueError("a stage needs at least one team with a rider at the start")
    s.actor = s.pending_rolls[0]


class VelomasterState(State):
    """One moment of a race. Per-rider tuples are indexed by rider (``seat * per_team + k``)."""

    __slots__ = ("setup", "seats", *HOT, "book", "_book_owned", "_legal_cache", "_occupied_cache")

    order = _book_field("order")
    pending_rolls = _book_field("pending_rolls")
    d20 = _book_field("d20")
    launched = _book_field("launched")
    wave = _book_field("wave")
    launch_index = _book_field("launch_index")
    summit_crossings = _book_field("summit_crossings")
    finish_order = _book_field("finish_order")
    first_arrival_turn = _book_field("first_arrival_turn")
    points = _book_field("points")
    finish_time = _book_field("finish_time")
    reason = _book_field("reason")
    round_phase = _book_field("round_phase")
    fed_zones = _book_field("fed_zones")
    missed_feed = _book_field("missed_feed")
    worst_die = _book_field("worst_die")
    punctured = _book_field("punctured")
    crashes = _book_field("crashes")
    flats = _book_field("flats")
    shared_die = _book_field("shared_die")
    lines = _book_field("lines")
    votes = _book_field("votes")
    waiting = _book_field("waiting")
    seat_skips = _book_field("seat_skips")
    neutral_rolled = _book_field("neutral_rolled")
    condition = _book_field("condition")
    attacker = _book_field("attacker")
    picks = _book_field("picks")
    motivated = _book_field("motivated")
    doped = _book_field("doped")
    clean = _book_field("clean")
    excluded = _book_field("excluded")
    controlled = _book_field("controlled")
    line_bonus = _book_field("line_bonus")
    feed_pending = _book_field("feed_pending")
    public = _book_field("public")

    # ------------------------------------------------------------------ construction

    @classmethod
    def initial(cls, setup: Setup, seed: int, start: StageStart | None = None) -> "VelomasterState":
        """A race before its start-order roll; ``start``: a tour stage's riders who do not start (and their
        carried condition, exact and public)."""
        s = _blank(cls, setup)
        n, nr = setup.players, setup.riders
        s.rng = seed_state(seed)
        s.phase, s.actor, s.seat, s.move_context = P_ORDER, 0, 0, CTX_RACE
        s.round = s.turns = s.wave = s.launch_index = s.round_phase = 0
        s.arrival_seq = 100
        s.launched = s.helped = 0
        s.first_arrival_turn = -1
        s.moving_rider, s.move_die, s.move_used = -1, 0, 0
        s.order, s.pending_rolls, s.played = (), tuple(range(n)), ()
        s.dice = s.dice_left = s.movers = s.move_path = s.descents = s.entraide = s.finish_order = ()
        s.summit_crossings = (0,) * len(setup.summits)
        s.pairs = ()
        s.d20 = ((),) * n
        s.points = ((0,) * len(setup.summits),) * nr
        s.pos = (0,) * nr
        s.status = (ROAD,) * nr
        s.miss = (0,) * nr
        s.arrival = (0,) * nr
        s.finish_time = (-1,) * nr
        s.fed_zones = s.missed_feed = s.worst_die = s.punctured = s.crashes = s.flats = (0,) * nr
        s.shared_die = s.neutral_rolled = 0
        s.lines = s.waiting = ()
        s.seats = setup.default_seats
        s.votes = s.seat_skips = (0,) * n
        s.over, s.reason = False, ""
        s._legal_cache = None
        s._occupied_cache = None
        if start is not None and start.absent:
            _leave_out(s, start)
        pro_start.begin(s, getattr(start, "condition", None), getattr(start, "public", None))  # Pro: condition, picks
        return s

    def _work(self) -> "VelomasterState":
        """A new state to fill in while applying an action (the book is shared until written)."""
        w = object.__new__(type(self))
        w.setup, w.book, w._book_owned, w._legal_cache, w._occupied_cache = self.setup, self.book, False, None, self._occupied_cache
        w.rng, w.phase, w.actor, w.seat, w.move_context, w.round, w.turns = self.rng, self.phase, self.actor, self.seat, self.move_context, self.round, self.turns
        w.arrival_seq, w.helped, w.moving_rider, w.move_die, w.move_used, w.played, w.dice = self.arrival_seq, self.helped, self.moving_rider, self.move_die, self.move_used, self.played, self.dice
        w.dice_left, w.movers, w.move_path, w.descents, w.entraide, w.pairs, w.over = self.dice_left, self.movers, self.move_path, self.descents, self.entraide, self.pairs, self.over
        w.pos, w.status, w.miss, w.arrival, w.seats = self.pos, self.status, self.miss, self.arrival, self.seats
        return w

    def _freeze(self) -> "VelomasterState":
        return self

    @property
    def players(self) -> int:  # type: ignore[override]
        return self.setup.players

    @property
    def course(self):
        return self.setup.geo.course

    # ------------------------------------------------------------------ protocol

    def to_act(self) -> tuple[int, ...]:
        if self.over:
            return ()
        if self.phase == P_VOTE:  # an accélération's vote: every seat asked answers, in any order
            return tuple(x for x, v in enumerate(self.votes) if v == VOTE_WAITING)
        if self.phase == P_PREPARE:  # Pro's stage start: every seat's secret picks, in any order
            return pro_start.waiting(self)
        return (self.actor,)

    def _acting(self, seat: int) -> bool:
        if self.phase == P_VOTE:
            return 0 <= seat < len(self.votes) and self.votes[seat] == VOTE_WAITING
        if self.phase == P_PREPARE:
            return 0 <= seat < len(self.picks) and not self.picks[seat]
        return seat == self.actor

    def secrets(self, seat: int) -> frozenset[str]:
        """Pro: which of the seat's riders are doped, whether it rides clean, what its riders hold above their
        public figure, its stage-start picks until all are in (:func:`.pro_start.secret_tokens`)."""
        if not self.setup.pro.condition or not 0 <= seat < self.setup.players:
            return frozenset()
        return pro_start.secret_tokens(self, seat)

    def question(self, seat: int, names: Sequence[str] | None = None) -> Question | None:
        """An accélération's vote, asked out of turn of every seat with bikes in the line."""
        if self.over or self.phase != P_VOTE or not self._acting(seat):
            return None
        line = self.lines[0]
        mine = sum(1 for r in line if self.seats.controller[r] == seat)
        who = names[self.seat] if names is not None and 0 <= self.seat < len(names) else Words("A rival")
        return Question("acceleration-vote", N_("Accélération?"),
                        Words("{player} proposes an accélération of a line of {line} bikes ({mine} of them yours): "
                              "{need} must agree.", player=who, line=len(line), mine=mine,
                              need=lines.votes_needed(line)))

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        if self.over or not self._acting(seat):
            return _NONE
        if self.phase == P_PREPARE:  # each seat picks among its own riders
            return pro_start.options(self, seat)
        la = self._legal_cache
        if la is None:
            la = self._legal_cache = self._legal()
        return la

    def _legal(self) -> tuple[Action, ...]:
        phase = self.phase
        if phase == P_ROLL and self.setup.pro.attacks:
            return _ROLL_ONLY + attacks.options(self)  # "Il faut toujours annoncer son attaque avant de la jouer"
        if phase in (P_ORDER, P_LROLL, P_ROLL):
            return _ROLL_ONLY
        if phase == P_MOVE:
            r = self.moving_rider
            steps = step_actions(r)
            return tuple([steps[c] for c, _ in board.move_targets(self)] + [stop_action(r)])
        if phase == P_ASSIGN:
            return play.assign_options(self)
        if phase == P_DESCENT:
            r = self.descents[0]
            return tuple(cached(Descend, r, c) for c, _ in board.descent_targets(self, r)) + (cached(NoDescend, r),)
        if phase == P_ENTRAIDE:
            r, _ = lines.entraide_mover(self)
            return tuple(cached(Entraide, r, c) for c, _ in lines.entraide_targets(self)) + (cached(Refuse, r),)
        if phase == P_LAUNCH:
            return play.launch_options(self)
        if phase == P_PROPOSE:
            front = self.lines[0][-1]
            return (cached(Accelerate, front), cached(Decline, front))
        if phase == P_VOTE:
            return _VOTES
        if phase == P_NEUTRAL:
            return play.neutral_options(self)
        return _NONE

    def why_illegal(self, seat: int, action: Action) -> str | None:
        if self.over:
            return N_("The race is over.")
        if not self._acting(seat):
            return N_("It is not your turn.")
        if action in self.legal_actions(seat):
            return None
        phase = self.phase
        if phase == P_PREPARE:
            return N_("Make your stage-start picks: at most one of your riders surmotivé, any of them doped, "
                    "riding clean or not.")
        if phase == P_ROLL and type(action) is Attack:
            return N_("Only a rider of yours moving this turn, on the road, not bound to the smallest die and able "
                    "to spend 20 % without falling to 30 %, may attack, once a turn, before the roll.")
        if phase in (P_ORDER, P_LROLL, P_ROLL):
            return N_("Roll the dice first.")
        if phase == P_LAUNCH:
            return N_("Choose one of your two dice and a rider still on the start grid to launch.")
        if phase == P_ASSIGN:
            return N_("Choose which rider moves now and which die it takes.")
        if phase == P_MOVE:
            if type(action) in (Step, Stop) and action.rider != self.moving_rider:
                return N_("Another rider is moving now.")
            return ("That cell cannot be reached in one step: forward, or diagonally (sideways only where "
                    "there is no diagonal cell); never backwards, never onto or over a bike.")
        if phase == P_DESCENT:
            return N_("Take the extra descent cell (one step) or stay where you are.")
        if phase == P_ENTRAIDE:
            return N_("Jump over the other bike of the entraide (one of the cells shown) or refuse it.")
        if phase == P_PROPOSE:
            return N_("Propose the accélération of the line shown, or let it go.")
        if phase == P_VOTE:
            return N_("Agree to the accélération or refuse it.")
        if phase == P_NEUTRAL:
            return N_("Choose a bike of the neutral team that is still racing.")
        return N_("That move is not allowed now.")

    def apply(self, seat: int, action: Action):
        if not self.over and self._acting(seat):
            if self.phase == P_PREPARE:
                if action in pro_start.options(self, seat):
                    return play.apply_action(self, seat, action)
                raise IllegalAction(self.why_illegal(seat, action) or "That move is not allowed now.")
            la = self._legal_cache
            if la is None:
                la = self._legal_cache = self._legal()
            if action in la:
                return play.apply_action(self, seat, action)
        raise IllegalAction(self.why_illegal(seat, action) or "That move is not allowed now.")

    def _apply(self, seat: int, action: Action):
        return play.apply_action(self, seat, action)

    def is_over(self) -> bool:
        return self.over

    def result(self) -> Result:
        return race_result(self)

    # ------------------------------------------------------------------ view

    def rider_status(self, r: int) -> str:
        st = self.status[r]
        if st == FIN:
            return "finished"
        if st == OUT:
            return "abandoned"
        if st == SIDE:
            return "down" if self.miss[r] else "roadside"
        return "road" if self.pos[r] else "start"

    def race_clock(self) -> int:
        return self.setup.nominal_s + 60 * (self.turns - self.first_arrival_turn) if self.first_arrival_turn >= 0 else -1

    def view(self, seat: int | None) -> VelomasterView:
        su = self.setup
        g = su.geo
        riders = tuple(
            RiderView(r, self.seats.controller[r], su.roles[r], su.bibs[r], self.pos[r] or None, self.rider_status(r),
                      self.miss[r], g.row[self.pos[r]], self.arrival[r],
                      self.finish_order.index(r) + 1 if self.status[r] == FIN else 0, self.finish_time[r], self.points[r],
                      bool(self.helped >> r & 1), bool(self.launched >> r & 1), su.rider_team[r], self.fed_zones[r],
                      bool(self.missed_feed[r]), bool(self.worst_die[r]), bool(self.punctured[r]), self.crashes[r],
                      self.flats[r], *pro_view.rider_fields(self, r, seat))
            for r in range(su.riders))
        summits = tuple(SummitView(sm.index, sm.name, sm.category, sm.row, self.summit_crossings[i], sm.points)
                        for i, sm in enumerate(su.summits))
        if self.over:
            order = self.played
        else:
            rest = [x for x in standings.round_order(self) if x not in self.played] if self.round else list(self.order)
            order = self.played + tuple(rest)
        return VelomasterView(
            seat=seat, variant=su.variant, players=su.players, options=su.config.options, course=su.course_name,
            level=su.level.id, finish_row=su.finish_row, nominal_time=su.nominal_s,
            phase=PHASE_NAMES[self.phase], turn_seat=self.seat, to_act=self.to_act(), context=CTX_NAMES[self.move_context],
            round=self.round, round_phase=self.round_phase, turns=self.turns, wave=self.wave, launch_index=self.launch_index, d20=self.d20,
            pending_rolls=self.pending_rolls, start_order=self.order, played=self.played, turn_order=order, dice=self.dice,
            dice_left=self.dice_left, movers=self.movers, moving=self.moving_rider, moving_die=self.move_die, moving_used=self.move_used,
            moving_path=self.move_path, descents=self.descents, entraide=self.entraide, entraide_pairs=self.pairs,
            arrival_seq=self.arrival_seq, summits=summits, riders=riders, finish_order=self.finish_order,
            first_arrival_turn=self.first_arrival_turn, race_clock=self.race_clock(), climbers=climbers_ranking(self),
            over=self.over, end_reason=self.reason, shared_die=self.shared_die, lines=self.lines, votes=self.votes,
            waiting=self.waiting, seat_skips=self.seat_skips, neutral_rolled=bool(self.neutral_rolled),
            **pro_view.view_fields(self, seat, standings.team_times(self) if self.setup.pro.team_classification else ()))

    @classmethod
    def from_view(cls, view: VelomasterView, setup: Setup, rng: int) -> "VelomasterState":
        s = _blank(cls, setup)
        s.rng = rng
        s.phase = PHASE_NAMES.index(view.phase)
        s.actor = view.to_act[0] if view.to_act else -1
        s.seat, s.move_context = view.turn_seat, CTX_NAMES.index(view.context)
        s.round_phase = view.round_phase
        s.round, s.turns, s.wave, s.launch_index, s.arrival_seq = view.round, view.turns, view.wave, view.launch_index, view.arrival_seq
        s.launched = sum(1 << r.id for r in view.riders if r.launched)
        s.helped = sum(1 << r.id for r in view.riders if r.helped)
        s.first_arrival_turn = view.first_arrival_turn
        s.moving_rider, s.move_die, s.move_used = view.moving, view.moving_die, view.moving_used
        s.order, s.pending_rolls, s.played = view.start_order, view.pending_rolls, view.played
        s.dice, s.dice_left, s.movers, s.move_path = view.dice, view.dice_left, view.movers, view.moving_path
        s.descents, s.entraide, s.finish_order = view.descents, view.entraide, view.finish_order
        s.summit_crossings = tuple(sm.crossed for sm in view.summits)
        s.pairs, s.d20 = view.entraide_pairs, view.d20
        rs = view.riders
        s.points = tuple(r.points for r in rs)
        s.pos = tuple(r.cell or 0 for r in rs)
        s.status = tuple(FIN if r.status == "finished" else OUT if r.status == "abandoned"
                         else SIDE if r.status in ("down", "roadside") else ROAD for r in rs)
        s.miss = tuple(r.miss for r in rs)
        s.arrival = tuple(r.arrival for r in rs)
        s.finish_time = tuple(r.time for r in rs)
        s.fed_zones = tuple(r.fed_zones for r in rs)
        s.missed_feed = tuple(int(r.missed_feed) for r in rs)
        s.worst_die = tuple(int(r.worst_die) for r in rs)
        s.punctured = tuple(int(r.punctured) for r in rs)
        s.crashes = tuple(r.crashes for r in rs)
        s.flats = tuple(r.flats for r in rs)
        s.shared_die, s.lines, s.votes, s.waiting = view.shared_die, view.lines, view.votes, view.waiting
        s.seats = setup.seats(tuple(r.seat for r in view.riders))
        s.seat_skips = view.seat_skips or (0,) * setup.players
        s.neutral_rolled = int(view.neutral_rolled)
        s.over, s.reason = view.over, view.end_reason
        pro_view.imagine(s, view, rng)  # Pro: the viewer's secrets, the others' drawn
        s._legal_cache = None
        s._occupied_cache = None
        return s

    # ------------------------------------------------------------------ JSON (loading, with its checks: saves.py)

    def to_dict(self) -> dict[str, Any]:
        cfg = self.setup.config
        data: dict[str, Any] = {"version": state_version(self.setup), "variant": cfg.variant, "players": cfg.players,
                                "options": saved_options(cfg), "course": self.setup.course_name}
        for name in SCALARS + RIDER:
            v = getattr(self, name)
            data[save_key(name)] = list(v) if isinstance(v, tuple) else v
        for name in TUPLES:
            data[save_key(name)] = list(getattr(self, name))
        for name in NESTED:
            data[save_key(name)] = [list(x) for x in getattr(self, name)]
        if len(self.setup.level.phases) > 1:
            data["round_phase"] = self.round_phase
        if self.setup.level.incidents:
            for name in EXPERT:
                v = getattr(self, name)
                data[name] = [list(x) for x in v] if name == "lines" else list(v) if isinstance(v, tuple) else v
            data["seating"] = list(self.seats.controller)  # who moves which rider (a neutral team, a shared one)
        if self.setup.level.pro_rules:  # Pro's fields (a Débutant or Expert save is the same as before)
            for name in PRO:
                v = getattr(self, name)
                data[name] = [list(x) for x in v] if name == "picks" else list(v) if isinstance(v, tuple) else v
        data["over"], data["reason"] = self.over, self.reason
        return data


ACTIONS_BY_PHASE = {P_ORDER: (Roll,), P_LROLL: (Roll,), P_ROLL: (Roll,), P_LAUNCH: (Launch,), P_ASSIGN: (Assign,),
                    P_MOVE: (Step, Stop), P_DESCENT: (Descend, NoDescend), P_ENTRAIDE: (Entraide, Refuse),
                    P_OVER: (), P_PROPOSE: (Accelerate, Decline), P_VOTE: (Vote,), P_NEUTRAL: (TakeNeutral,)}
