"""Loading a saved Veldiv race: every field's type and range, then the race's consistency rules (never
two riders on a space, each rider's space matching the distance it covered, tokens and points matching
the laps), each problem named in a ValueError. Saves, replays and invariant checks only (not hot)."""

from __future__ import annotations

from typing import Any, Mapping

from ...engine.protocol import Config
from ...engine.rng import MASK64
from ...engine.saved_fields import SavedFields, check_int
from .book import Book
from .codes import BONUS_CHOICE, CHOOSING, DONE, OUT, PHASE_NAMES, RACING
from .setup import CAG, ELI, Setup, setup_for
from .state import VeldivState
from .track import SPACES, wrap

_DIE = (1, 6)


def state_from_dict(data: Mapping[str, Any], config: Config) -> VeldivState:
    """The race saved as ``data`` (see :meth:`VeldivState.to_dict`), or ValueError naming what is wrong."""
    su = setup_for(config)
    f = SavedFields(data, "the saved Veldiv race")
    n, riders = su.players, su.riders
    last_rider, last_seat = riders - 1, n - 1
    x = f.numbers("x", 0, length=riders)
    sp = f.numbers("sp", 0, SPACES, length=riders)
    st = f.numbers("st", RACING, OUT, length=riders)
    turn = f.number("turn", 0, last_seat)
    phase = f.number("phase", 0, len(PHASE_NAMES) - 1)
    dice = f.numbers("dice", *_DIE)
    rng = f.number("rng", 0, MASK64)
    over = f.flag("over")
    throws = f.number("throws", 0)
    bonus = f.numbers("bonus", 0)
    queue = f.rows("queue", 0, row_length=2)
    pts = f.numbers("pts", 0, length=n)
    prem = f.numbers("prem", 0, length=n)
    tour = f.numbers("tour", 0, length=n)
    counted = f.numbers("counted", 0, length=riders)
    paid = f.numbers("paid", 0, length=n)
    lapc = f.numbers("lapc", 0)
    gained = f.numbers("gained", 0, length=n * n if su.lapping else 0)
    final = f.number("final", 0)
    arrive = f.numbers("arrive", 0, last_rider)
    elim = f.numbers("elim", 0, last_seat)
    lap_no = f.number("lap_no", 1)
    chart = f.rows("chart", 0, row_length=n)
    if len(dice) > 2:
        raise ValueError(f"a throw has one or two dice, not {len(dice)}")
    for rider, die in queue:
        check_int(rider, "a rider still to move", 0, last_rider)
        check_int(die, "a die still to play", *_DIE)
    book = Book(bonus, queue, pts, prem, tour, counted, paid, lapc, gained, final, arrive, elim, lap_no, chart)
    state = VeldivState(su, x, sp, st, turn, phase, dice, rng, over, throws, book)
    _check_track(state)
    _check_turn(state)
    _check_scores(state)
    return state


def _check_track(s: VeldivState) -> None:
    """Every rider on the track is where its distance says, alone on its space (the Règle Spéciale),
    except riders lined up on their start space before their first move, and a rider on its
    team-mate's space while an Art. 7/9 choice is open."""
    su: Setup = s.setup
    sharing = set(s.bonus[:2]) if s.phase == BONUS_CHOICE else set()
    on: dict[int, int] = {}
    for r in range(su.riders):
        space = s.sp[r]
        if (space == 0) != (s.st[r] == OUT):
            raise ValueError(f"rider {r + 1} is " + ("off the track but not eliminated" if space == 0 else
                                                     f"eliminated but still on space {space}"))
        if space == 0:
            continue
        expected = wrap(su.line[r] + s.x[r])
        if space != expected:
            raise ValueError(f"rider {r + 1} has covered {s.x[r]} spaces from space {su.line[r]}, which ends on "
                             f"space {expected}, but is on space {space}")
        other = on.get(space)
        lined_up = other is not None and s.x[other] == 0 and s.x[r] == 0  # both before their first move
        if other is not None and not lined_up and not {other, r} <= sharing:
            raise ValueError(f"riders {other + 1} and {r + 1} are both on space {space}")
        on[space] = r


def _check_turn(s: VeldivState) -> None:
    su = s.setup
    per = su.per_seat
    if s.phase == CHOOSING:
        if not su.team or len(s.dice) != 1:
            raise ValueError("only a team's first throw, of one die, asks which rider it moves")
    if s.phase == BONUS_CHOICE:
        if not su.team or len(s.bonus) != 4:
            raise ValueError("only team races open a choice of the rider taking the extra advance")
        rider, mate, die, _ = s.bonus
        team = range(s.turn * per, s.turn * per + per)
        if rider not in team or mate not in team or rider == mate or not 1 <= die <= 6:
            raise ValueError("the extra advance is offered to the two riders of the team to act, for a die of 1 to 6")
    elif s.bonus:
        raise ValueError("no choice of the rider taking the extra advance is open")
    if not s.over and not any(s.st[r] == RACING for r in range(s.turn * per, s.turn * per + per)):
        raise ValueError(f"player {s.turn + 1} is to throw but has no rider racing")


def _check_scores(s: VeldivState) -> None:
    su = s.setup
    n = su.players
    if len(set(s.arrive)) != len(s.arrive):
        raise ValueError("a rider arrives twice in 'arrive'")
    for r in range(su.riders):
        if s.st[r] == DONE and r not in s.arrive:
            raise ValueError(f"rider {r + 1} has finished but is not in the order of arrival")
    if len(set(s.elim)) != len(s.elim):
        raise ValueError("a player is eliminated twice in 'elim'")
    if su.pursuit or su.kind == ELI:
        for seat in range(n):
            out = all(s.st[r] == OUT for r in range(seat * su.per_seat, (seat + 1) * su.per_seat))
            if out != (seat in s.elim):
                raise ValueError(f"player {seat + 1} is " + ("out of the race but not in the eliminations" if out
                                                             else "in the eliminations but still racing"))
    elif s.elim or OUT in s.st:
        raise ValueError(f"nobody is eliminated in the {su.race_name}")
    columns = [sum(row[seat] for row in s.chart) for seat in range(n)]
    if su.lapping:
        if not s.lapc or s.lapc[0]:
            raise ValueError("the crossings per lap start with lap 0, which nobody crosses")
        if s.final >= len(s.lapc):
            raise ValueError(f"the final lap {s.final} was never reached")
        for r, race_lap in enumerate(s.counted):
            if race_lap >= len(s.lapc) or (race_lap and not s.lapc[race_lap]):
                raise ValueError(f"rider {r + 1} crossed for lap {race_lap} of the race, which nobody crossed for")
        firsts = sum(1 for count in s.lapc[1:] if count)
        if sum(s.prem) != firsts:
            raise ValueError(f"{sum(s.prem)} Premier tokens were given but {firsts} laps were won")
        for seat in range(n):
            laps = max(s.gained[seat * n:(seat + 1) * n])
            if s.tour[seat] != laps:
                raise ValueError(f"player {seat + 1} holds {s.tour[seat]} Un Tour tokens but took {laps} "
                                 f"lap{'s' if laps != 1 else ''} on an opponent")
            if s.gained[seat * n + seat]:
                raise ValueError(f"player {seat + 1} cannot take a lap on itself")
            if s.pts[seat] != columns[seat]:
                raise ValueError(f"player {seat + 1} has {s.pts[seat]} points but scored {columns[seat]} lap by lap")
    elif any(s.pts) or any(s.prem):
        raise ValueError(f"the {su.race_name} gives no points nor Premier tokens")
    if su.kind == CAG:
        for seat in range(n):
            if s.paid[seat] != columns[seat] or s.paid[seat] % su.stake:
                raise ValueError(f"player {seat + 1} paid {s.paid[seat]} into the kitty but "
                                 f"{columns[seat]} in stakes of {su.stake}")
    elif any(s.paid):
        raise ValueError(f"nobody pays into a kitty in the {su.race_name}")
