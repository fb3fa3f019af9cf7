"""What a seat sees of a VeloMaster race (pure): everything but the RNG and, at Pro, the others' secrets.

:class:`VelomasterView` carries every field of the state but the RNG, so a bot's determinization is
the same race with fresh dice. Riders are listed in race order of their index
(``seat * riders_per_team + k``, k = 0 for the leader).

At Pro (physical condition) a seat sees its own riders' exact condition, which of them are doped, whether it
rides clean and its stage-start picks while others still choose; every other rider shows its public figure
(:mod:`.condition`). ``to_dict`` writes those secrets as the tokens ``State.secrets`` lists (a doped rider, a
surplus above the public figure, riding clean, a pending pick), so the generic leak test finds any of them in
a view they do not belong to.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from ...engine.protocol import View
from .events import fast_init


@fast_init
@dataclass(frozen=True, slots=True)
class RiderView:
    id: int
    seat: int  # the seat that decides for this rider (Setup.controller)
    role: str  # "leader" | "equipier"
    bib: str  # "yellow" | "grey" | "green" | "violet"
    cell: int | None  # course cell id; None while in the start area; finished riders keep the cell reached
    status: str  # "start" | "road" | "roadside" (up, its cell taken) | "down" (crashed) | "finished" | "abandoned"
    miss: int  # own-team turn ends still to wait after a crash (0 = may move)
    row: int  # -1 in the start area
    arrival: int  # order of arrival on its row (smaller = earlier)
    place: int  # finishing place, 0 if not finished
    time: int  # finishing time in seconds, -1 if not finished
    points: tuple[int, ...]  # climber's points per counted summit (the points sheet)
    helped: bool  # has played an entraide this round
    launched: bool  # the start: already launched
    team: int  # the team it races for (jerseys, complete teams); Débutant: the same number as its seat
    fed_zones: int = 0  # Expert: bits of the feed zones it stopped in (the box ticked on the points sheet)
    missed_feed: bool = False  # Expert: missed a feed, plays the smallest die to the finish
    worst_die: bool = False  # Expert: a crash's "égratignure", plays its worst die at its next turn
    punctured: bool = False  # Expert: punctured, at the roadside until the phase ends
    crashes: int = 0  # Expert: crashes so far (the points sheet's incidents)
    flats: int = 0  # Expert: punctures so far
    # Pro (physical condition on): percent, exact for the viewer's own riders, the public figure for the others
    # (doping and what rides above 100 % are secret); its band (read from that figure): "normal" (90+), "tired"
    # (60-89), "weak" (31-59), "abandon" (30 or less)
    condition: int = 100
    band: str = "normal"
    attacking: bool = False  # Pro: announced an attack this turn
    motivated: bool = False  # Pro: named "surmotivé" at the stage start (public)
    doped: bool = False  # Pro: took a doping substance; shown only in its own seat's view
    controlled: bool = False  # Pro: drawn for the anti-doping control
    excluded: bool = False  # Pro: over 100 % at the control, out of the rankings
    public: int = 100  # Pro: the public figure (what every seat can count); ``condition`` minus it is a secret


@fast_init
@dataclass(frozen=True, slots=True)
class SummitView:
    index: int
    name: str
    category: str  # "4" … "1" or "HC"
    row: int  # the line lies on the back edge of this row
    crossed: int  # riders over it so far
    points: tuple[int, ...]  # the scale: points for the 1st, 2nd, …


@dataclass(frozen=True)
class VelomasterView(View):
    variant: str
    players: int
    options: tuple[tuple[str, int], ...]
    course: str  # "aurillac" | "salzburg"
    level: str  # "debutant"
    finish_row: int  # the finish line lies on the back edge of this row (shortened races: earlier)
    nominal_time: int  # seconds: the winner's time
    phase: str  # order / launch_roll / launch / move / descent / entraide / roll / assign / over
    turn_seat: int  # whose turn it is (entraide decisions may be another seat's: see to_act)
    to_act: tuple[int, ...]
    context: str  # what the current move belongs to: start / race / entraide
    round: int  # 0 during the start
    round_phase: int  # index of the level's phase being played in this round (Débutant: always 0, "team")
    turns: int  # player turns played in the race so far
    wave: int  # the start: 1 = first riders, 2 = second riders
    launch_index: int  # the start: index in start_order of the seat launching
    d20: tuple[tuple[int, ...], ...]  # per seat, its start-order rolls (roll-offs appended)
    pending_rolls: tuple[int, ...]  # seats still to roll the d20
    start_order: tuple[int, ...]
    played: tuple[int, ...]  # seats that have played this round, in order
    turn_order: tuple[int, ...]  # played seats, then the others by their leaders' places now
    dice: tuple[int, ...]  # the dice rolled this turn
    dice_left: tuple[int, ...]  # not assigned yet
    movers: tuple[int, ...]  # riders still to take a die this turn
    moving: int  # the rider moving now, -1 if none
    moving_die: int
    moving_used: int  # cells of the die used so far
    moving_path: tuple[int, ...]  # cells of this move so far (the first is where it started; 0 = start area)
    descents: tuple[int, ...]  # riders offered the extra descent cell (the first decides now)
    entraide: tuple[int, ...]  # (rear, front, stage 0/1, jumped bits) of the entraide in progress, or ()
    entraide_pairs: tuple[tuple[int, int], ...]  # (rear, front) pairs still to play this turn
    arrival_seq: int
    summits: tuple[SummitView, ...]
    riders: tuple[RiderView, ...]
    finish_order: tuple[int, ...]  # riders, in order of crossing the line
    first_arrival_turn: int  # -1 until the first rider crosses
    race_clock: int  # seconds: the time a rider crossing now would get (-1 before the first arrival)
    climbers: tuple[int, ...]  # riders with points, best climber first
    over: bool
    end_reason: str  # "" | "leaders" | "team" | "limit"
    shared_die: int = 0  # Expert: the smallest die the penalised riders share this turn (0: none)
    lines: tuple[tuple[int, ...], ...] = ()  # Expert: lines (rear to front) the turn's seat may still propose
    waiting: tuple[int, ...] = ()  # Expert: (leader, cells left) blocked, to ride as soon as the road opens
    seat_skips: tuple[int, ...] = ()  # Expert, 2 players: turns each player misses (a neutral bike it moved fell)
    neutral_rolled: bool = False  # Expert, 2 players: the dice on the table are the neutral bikes' own roll
    votes: tuple[int, ...] = ()  # Expert: each seat's answer to the proposed accélération (0 none, 1 waiting, 2 yes, 3 no)
    # Pro: the Pro rules played (ProRules field names: "feed", "descents", "braking", "collective_crashes",
    # "condition", "attacks", "doping_control", "team_classification"); () below Pro
    pro: tuple[str, ...] = ()
    prepared: tuple[bool, ...] = ()  # Pro, the stage start: each seat has made its secret picks
    own_pick: tuple[int, ...] = ()  # Pro: the viewer's own picks while others still choose (motivated slot, doped bits, clean)
    clean: bool = False  # Pro: the viewer's team rides clean (secret: only in its own view)
    attacker: int = -1  # Pro: the rider announced as attacking this turn, -1 if none
    controlled: tuple[int, ...] = ()  # Pro: the riders of the anti-doping control, the winner first
    team_times: tuple[tuple[int, int], ...] = ()  # Pro: (team, summed time of its best riders, -1 unclassed), best first

    # a stage race ("Course à étapes"): the tour's standings and decisions (tour_view.TourView); None for a single race
    tour: Any = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe, as ``View.to_dict`` but without ``dataclasses.asdict``'s deep copies; the viewer's Pro
        secrets appear as the tokens ``State.secrets`` uses."""
        data = {name: _plain(getattr(self, name)) for name in _VIEW_FIELDS}
        if self.clean:
            data["clean"] = clean_token(self.seat)
        if self.own_pick:
            data["own_pick"] = pick_token(self.seat, self.own_pick)
        return data


def doped_token(rider: int) -> str:
    return f"velomaster-doped-rider-{rider}"


def surplus_token(rider: int, surplus: int) -> str:
    """A rider's exact condition above its public figure (by how much)."""
    return f"velomaster-surplus-rider-{rider}-{surplus}"


def clean_token(seat: int | None) -> str:
    return f"velomaster-clean-seat-{seat}"


def pick_token(seat: int | None, pick: tuple[int, ...]) -> str:
    """A stage-start pick not revealed yet: (surmotivé slot, doped slots' bits, clean)."""
    return f"velomaster-pick-seat-{seat}-" + "-".join(map(str, pick))


def _rider_dict(r: RiderView) -> dict[str, Any]:
    data = {name: _plain(getattr(r, name)) for name in _FIELDS[RiderView]}
    if r.doped:
        data["doped"] = doped_token(r.id)
    if r.condition != r.public:
        data["surplus"] = surplus_token(r.id, r.condition - r.public)
    return data


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, RiderView):
        return _rider_dict(value)
    if isinstance(value, SummitView):
        return {name: _plain(getattr(value, name)) for name in _FIELDS[type(value)]}
    if dataclasses.is_dataclass(value):  # a tour's view and what it holds
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return value


_FIELDS = {cls: tuple(f.name for f in dataclasses.fields(cls)) for cls in (RiderView, SummitView)}
_VIEW_FIELDS = tuple(f.name for f in dataclasses.fields(VelomasterView))
