"""How a VeloMaster race moves on (pure): every transition, applied to a fresh working copy.

``apply_action(state, seat, action)`` makes a new state (``state._work()``: same field values, the
rarely written "book" shared until written), runs the action on it, then the ``_continue_*`` /
``_next_*`` helpers advance through everything nobody has to decide (a die used up, a blocked rider,
a missed turn, the next seat...) until someone must choose. Per-rider tuples are replaced, never
mutated (:func:`_set`), so the input state is never touched.

Conventions: ``w`` is the working copy; ``g`` its course tables (:class:`~.geo.Geo`); ``su`` its
:class:`~.setup.Setup`; ``ev`` the list of events being built. See docs/rules/velomaster.md.
"""

from __future__ import annotations

from ...engine.rng import die
from .actions import (
    Assign,
    Descend,
    Entraide,
    Launch,
    NoDescend,
    Refuse,
    Roll,
    Step,
    Stop,
    cached,
    step_actions,
    stop_action,
)
from .codes import (
    CTX_ENTRAIDE,
    CTX_RACE,
    CTX_START,
    FIN,
    P_ASSIGN,
    P_DESCENT,
    P_ENTRAIDE,
    P_LAUNCH,
    P_LROLL,
    P_MOVE,
    P_ORDER,
    P_OVER,
    P_ROLL,
    ROAD,
    SIDE,
)
from .events import (
    Crash,
    DiceRolled,
    DieAssigned,
    EntraideOffered,
    EntraideRefused,
    MissedTurn,
    MoveEnded,
    OrderRoll,
    PowerRoll,
    RaceOver,
    Remounted,
    RiderFinished,
    RiderStepped,
    SkillRoll,
    SummitPoints,
    TurnOrder,
    TurnStarted,
)
from .geo import K_FORWARD, KIND_NAMES
from .setup import MAX_ROUNDS
from .standings import champion_jersey, jerseys, leader_key, rider_key

# ---------------------------------------------------------------------------- queries (work on any state)


def _set(t: tuple, i: int, v) -> tuple:
    return t[:i] + (v,) + t[i + 1:]


def occupied(s) -> set[int] | frozenset[int]:
    """Cells holding a bike on the road (riders at the roadside, finished or at the start are not).
    Cached on the state; never mutate the result."""
    occ = s._occupied_cache
    if occ is None:
        occ = s._occupied_cache = frozenset([p for p, t in zip(s.pos, s.status, strict=True) if p and t == ROAD])
    return occ


def row_of(s, r: int) -> int:
    return s.setup.geo.row[s.pos[r]]


def able(s, r: int) -> bool:
    """May this rider take a die now (not finished, not down after a crash)?"""
    return s.status[r] != FIN and s.miss[r] == 0


def move_targets(s, occ=None) -> list[tuple[int, int]]:
    """(cell, kind) steps for the moving rider: free, not already visited by this move."""
    g = s.setup.geo
    if occ is None:
        occ = occupied(s)
    path = s.move_path
    return [(c, k) for c, k in g.nxt[s.pos[s.moving_rider]] if c not in occ and c not in path]


def descent_targets(s, r: int, occ=None) -> list[tuple[int, int]]:
    g = s.setup.geo
    if occ is None:
        occ = occupied(s)
    return [(c, k) for c, k in g.nxt[s.pos[r]] if c not in occ]


def entraide_mover(s) -> tuple[int, int]:
    """(rider, the cell it jumps over) for the entraide decision in progress; over 0 = no room."""
    rear, front, stage, jumped = s.entraide
    if stage == 0:
        return rear, s.pos[front]
    if jumped & 1 and s.status[rear] == ROAD:
        return front, s.pos[rear]
    # The rear bike did not jump: the front one plays "comme si" it had, from the cell in line ahead.
    over = s.setup.geo.fwd[s.pos[front]]
    if over and over in occupied(s):
        over = 0
    return front, over


def entraide_targets(s, occ=None) -> list[tuple[int, int]]:
    r, over = entraide_mover(s)
    if not over:
        return []
    if occ is None:
        occ = occupied(s)
    return [(c, k) for c, k in s.setup.geo.nxt[over] if c not in occ]


def next_seat(s) -> int:
    """The seat to play next in this round: best-placed leader among those who have not played."""
    su = s.setup
    best, key = -1, None
    st, played, some_in = s.status, s.played, bool(s.finish_order)
    for seat in range(su.players):
        if seat in played or (some_in and all(st[r] == FIN for r in su.seat_riders[seat])):
            continue
        k = leader_key(s, seat)
        if key is None or k < key:
            best, key = seat, k
    return best


def round_order(s) -> tuple[int, ...]:
    """Seats by their leaders' places now (the order the round would follow if nothing changed)."""
    su = s.setup
    seats = [x for x in range(su.players) if not all(s.status[r] == FIN for r in su.seat_riders[x])]
    return tuple(sorted(seats, key=lambda x: leader_key(s, x)))


def entraide_pairs(s, seat: int) -> tuple[tuple[int, int], ...]:
    """(rear, front) pairs offered at the start of ``seat``'s turn: exactly two bikes one behind the other
    in the same lane (no bike right in front of the front one nor right behind the rear one), at least
    one of them ``seat``'s, neither down, not both already helped this round (a bike that has played its
    entraide still gives the other bike its half). Front-most pair first."""
    su = s.setup
    g = su.geo
    pos, st = s.pos, s.status
    at = {p: r for r, p in enumerate(pos) if p and st[r] == ROAD}
    fwd, back = g.fwd, g.back
    found = set()
    for x in su.seat_riders[seat]:
        p = pos[x]
        if not p or st[x] != ROAD:
            continue
        a = at.get(fwd[p]) if fwd[p] else None  # x as the rear bike
        if a is not None:
            found.add((x, a))
        b = at.get(back[p]) if back[p] else None  # x as the front bike
        if b is not None:
            found.add((b, x))
    pairs = []
    helped, miss = s.helped, s.miss
    for b, a in found:
        if miss[a] or miss[b] or (helped >> a & 1 and helped >> b & 1):
            continue
        pa = pos[a]
        if fwd[pa] in at or back[pos[b]] in at:
            continue  # three or more in line: "aucune entraide n'est possible"
        pairs.append((b, a))
    if len(pairs) > 1:
        pairs.sort(key=lambda p: (-g.row[pos[p[1]]], s.arrival[p[1]]))
    return tuple(pairs)


# ---------------------------------------------------------------------------- moving riders


def _move_to(w, r: int, to: int, kind: str, ev: list, over: int = 0) -> bool:
    """Put rider ``r`` on cell ``to``; summit points and the finish line. True if it finished."""
    su = w.setup
    g = su.geo
    here = w.pos[r]
    rf, rt = g.row[here], g.row[to]
    w.pos = _set(w.pos, r, to)
    occ = w._occupied_cache
    if w.status[r] != ROAD:  # back on the road from the roadside: its old cell may be someone else's
        w.status = _set(w.status, r, ROAD)
        w._occupied_cache = None if occ is None else occ | {to}
    elif occ is not None:
        w._occupied_cache = (occ - {here}) | {to} if here else occ | {to}
    if rt != rf:
        w.arrival = _set(w.arrival, r, w.arrival_seq)
        w.arrival_seq += 1
    seat, role = su.controller[r], su.roles[r]
    ev.append(RiderStepped(seat, r, role, here, to, kind, rt, over))
    if rt > rf and (su.line_on[rt] if rt == rf + 1 else any(su.line_on[rf + 1:rt + 1])):
        for sm in su.summits:
            if rf < sm.row <= rt:
                _summit(w, r, sm, ev)
        if rf < su.finish_row <= rt:
            _finish(w, r, ev)
            return True
    return False


def _summit(w, r: int, sm, ev: list) -> None:
    place = w.summit_crossings[sm.index]
    counts = list(w.summit_crossings)
    counts[sm.index] = place + 1
    w.summit_crossings = tuple(counts)
    if place < len(sm.points):
        pts = sm.points[place]
        row = list(w.points[r])
        row[sm.index] = pts
        w.points = _set(w.points, r, tuple(row))
        su = w.setup
        ev.append(SummitPoints(su.controller[r], r, su.roles[r], sm.index, sm.name, sm.category, place + 1, pts))


def _finish(w, r: int, ev: list) -> None:
    su = w.setup
    w.status = _set(w.status, r, FIN)
    w._occupied_cache = None
    w.finish_order = w.finish_order + (r,)
    if w.first_arrival_turn < 0:
        w.first_arrival_turn = w.turns
    gap = 60 * (w.turns - w.first_arrival_turn)  # "ajouter 1 minute au temps du 1er arrivé à chaque fois qu'un joueur joue"
    w.finish_time = _set(w.finish_time, r, su.nominal_s + gap)
    ev.append(RiderFinished(su.controller[r], r, su.roles[r], len(w.finish_order), su.nominal_s + gap, gap))


def _skill_roll(w, r: int, cell: int) -> tuple[int, bool]:
    v, w.rng = die(w.rng, 20)
    return v, v > w.setup.level.skill_crash


def _crash(w, r: int, cell: int, ev: list) -> None:
    su = w.setup
    seat = su.controller[r]
    w.status = _set(w.status, r, SIDE)
    w._occupied_cache = None
    misses = su.level.crash_misses
    # ``miss`` counts the ends of its own team's turns it must still wait. Falling in its own team's
    # turn after its die (or its move), it also lies there for the rest of this turn: one more. Falling
    # in the entraide that opens its own turn, before any die, the rest of this turn is the one turn it
    # misses ("passe 1 fois son tour"), not one more.
    own_turn = seat == w.seat
    before_its_die = own_turn and w.move_context == CTX_ENTRAIDE and r in su.phase_riders[w.round_phase][seat]
    w.miss = _set(w.miss, r, misses + (1 if own_turn and not before_its_die else 0))
    ev.append(Crash(seat, r, su.roles[r], cell, misses, before_its_die))


def _skill(w, r: int, cell: int, ev: list) -> bool:
    """The skill roll on a danger cell the rider stands on: True if it stays up, else it crashes."""
    su = w.setup
    v, ok = _skill_roll(w, r, cell)
    ev.append(SkillRoll(su.controller[r], r, su.roles[r], v, cell, ok))
    if not ok:
        _crash(w, r, cell, ev)
    return ok


def _power(w, r: int, slope: int, kind: int, ev: list) -> bool:
    su = w.setup
    v, w.rng = die(w.rng, 20)
    ok = v > slope
    ev.append(PowerRoll(su.controller[r], r, su.roles[r], v, slope, ok, KIND_NAMES[kind]))
    return ok


def _step(w, r: int, to: int, kind: int, label: str, ev: list) -> str | None:
    """One cell of a die move or the descent cell: power roll (leaving a climb cell diagonally or
    sideways), the move, then the skill roll on a danger cell. Returns why the move ends, or None."""
    g = w.setup.geo
    here = w.pos[r]
    if kind != K_FORWARD and g.slope[here] and not _power(w, r, g.slope[here], kind, ev):
        return "power"
    if _move_to(w, r, to, label, ev):
        return "finish"
    if g.danger[to] and not _skill(w, r, to, ev):
        return "crash"
    return None


# ---------------------------------------------------------------------------- the start


def _order_roll(w, seat: int, ev: list) -> None:
    v, w.rng = die(w.rng, 20)
    d20 = list(w.d20)
    d20[seat] = d20[seat] + (v,)
    w.d20 = tuple(d20)
    ev.append(OrderRoll(seat, v, len(d20[seat]) - 1))
    w.pending_rolls = w.pending_rolls[1:]
    if w.pending_rolls:
        w.actor = w.pending_rolls[0]
        return
    n = w.setup.players
    tied = sorted(s for s in range(n) if any(o != s and w.d20[o] == w.d20[s] for o in range(n)))
    if tied:  # the tied seats roll again among themselves (a roll-off)
        w.pending_rolls = tuple(tied)
        w.actor = w.pending_rolls[0]
        return
    w.order = tuple(sorted(range(n), key=lambda s: w.d20[s], reverse=True))
    su = w.setup
    for rank, s in enumerate(w.order):
        for r in su.seat_riders[s]:
            w.arrival = _set(w.arrival, r, rank)  # riders still in the start area follow the start order
    ev.append(TurnOrder(w.order[0], w.order, "start", 0))
    w.wave, w.launch_index, w.move_context = 1, 0, CTX_START
    _launch_turn(w, ev)


def _launch_candidates(w, seat: int) -> tuple[int, ...]:
    return tuple(r for r in w.setup.seat_riders[seat] if not w.launched >> r & 1)


def _launch_turn(w, ev: list) -> None:
    su = w.setup
    while True:
        if w.wave > su.per_team:
            _start_race(w, ev)
            return
        seat = w.order[w.launch_index]
        if _launch_candidates(w, seat):
            w.seat = seat
            w.phase, w.actor = P_LROLL, seat
            ev.append(TurnStarted(seat, 0, w.wave))
            return
        _next_launcher(w)


def _next_launcher(w) -> None:
    w.launch_index += 1
    if w.launch_index >= w.setup.players:
        w.launch_index = 0
        w.wave += 1


def _end_launch_turn(w, ev: list) -> None:
    _tick_misses(w, w.setup.seat_riders[w.seat])
    _next_launcher(w)
    _launch_turn(w, ev)


def _after_launch_roll(w, ev: list) -> None:
    opts = launch_options(w)
    if len(opts) == 1:
        _launch(w, opts[0].rider, opts[0].die, ev)
    else:
        w.phase, w.actor = P_LAUNCH, w.seat


def launch_options(s) -> tuple[Launch, ...]:
    dice = sorted(set(s.dice_left))
    return tuple([cached(Launch, r, d) for r in _launch_candidates(s, s.seat) for d in dice])


def _launch(w, r: int, d: int, ev: list) -> None:
    su = w.setup
    w.launched |= 1 << r
    left = list(w.dice_left)
    left.remove(d)
    w.dice_left = tuple(left)
    ev.append(DieAssigned(su.controller[r], r, su.roles[r], d, True))
    _start_move(w, r, d, ev)


# ---------------------------------------------------------------------------- die moves


def _start_move(w, r: int, d: int, ev: list) -> None:
    w.moving_rider, w.move_die, w.move_used, w.move_path = r, d, 0, (w.pos[r],)
    _continue_move(w, ev)


def _continue_move(w, ev: list) -> None:
    if w.move_used >= w.move_die:
        _end_move(w, "used", ev)
    else:
        targets = move_targets(w)
        if not targets:
            _end_move(w, "blocked", ev)
            return
        r = w.moving_rider
        w.phase, w.actor = P_MOVE, w.setup.controller[r]
        steps = step_actions(r)
        w._legal_cache = tuple([steps[c] for c, _ in targets] + [stop_action(r)])


def _end_move(w, reason: str, ev: list) -> None:
    su = w.setup
    r = w.moving_rider
    ev.append(MoveEnded(su.controller[r], r, su.roles[r], w.pos[r], w.move_used, w.move_die, reason))
    moved = w.move_used > 0
    w.moving_rider, w.move_die, w.move_used, w.move_path = -1, 0, 0, ()
    if moved and reason != "crash" and reason != "finish":
        w.descents = (r,)
    _process_descents(w, ev)


def _process_descents(w, ev: list) -> None:
    g = w.setup.geo
    while w.descents:
        r = w.descents[0]
        if (w.status[r] == ROAD and w.miss[r] == 0 and w.pos[r] and g.descent[w.pos[r]]
                and w.setup.level.descent_cells and descent_targets(w, r)):
            w.phase, w.actor = P_DESCENT, w.setup.controller[r]
            return
        w.descents = w.descents[1:]
    if w.move_context == CTX_START:
        _end_launch_turn(w, ev)
    elif w.move_context == CTX_RACE:
        _next_assign(w, ev)
    else:
        _next_pair(w, ev)


# ---------------------------------------------------------------------------- the race


def _tick_misses(w, riders: tuple[int, ...]) -> None:
    """The end of a turn those riders were due to play: one less turn to miss after a crash."""
    for r in riders:
        if w.miss[r] > 0:
            w.miss = _set(w.miss, r, w.miss[r] - 1)


def _start_race(w, ev: list) -> None:
    w.round, w.played, w.helped, w.move_context = 1, (), 0, CTX_RACE
    order = round_order(w)
    ev.append(TurnOrder(order[0], order, "round", 1))
    _begin_turn(w, next_seat(w), ev)


def _begin_turn(w, seat: int, ev: list) -> None:
    su = w.setup
    w.seat = seat
    w.turns += 1
    w.move_context = CTX_RACE
    ev.append(TurnStarted(seat, w.round, 0))
    for r in su.phase_riders[w.round_phase][seat]:
        if w.status[r] == FIN:
            continue
        if w.miss[r] > 0:
            ev.append(MissedTurn(seat, r, su.roles[r]))
        elif w.status[r] == SIDE:
            if w.pos[r] not in occupied(w):
                w.status = _set(w.status, r, ROAD)
                w._occupied_cache = None
                ev.append(Remounted(seat, r, su.roles[r], w.pos[r], True))
    w.pairs = entraide_pairs(w, seat) if su.level.phases[w.round_phase].entraide else ()
    _next_pair(w, ev)


def _next_pair(w, ev: list) -> None:
    su = w.setup
    if w.pairs:
        rear, front = w.pairs[0]
        w.pairs = w.pairs[1:]
        w.entraide = (rear, front, 0, 0)
        w.move_context = CTX_ENTRAIDE
        ev.append(EntraideOffered(w.seat, rear, front, su.controller[rear], su.controller[front], row_of(w, front),
                                   su.roles[rear], su.roles[front]))
        _offer_entraide(w, ev)
        return
    w.move_context = CTX_RACE
    if any(able(w, r) for r in su.phase_riders[w.round_phase][w.seat]):
        w.phase, w.actor = P_ROLL, w.seat
    else:
        _end_turn(w, ev)


def _offer_entraide(w, ev: list) -> None:
    su = w.setup
    while True:
        r, over = entraide_mover(w)
        if w.helped >> r & 1:  # it played its entraide this round: it only gives the other bike its half
            ev.append(EntraideRefused(su.controller[r], r, su.roles[r], "helped"))
        elif w.status[r] == ROAD and w.miss[r] == 0:
            if over and entraide_targets(w):
                w.phase, w.actor = P_ENTRAIDE, su.controller[r]
                return
            ev.append(EntraideRefused(su.controller[r], r, su.roles[r], "no room"))
        if not _advance_entraide(w, ev):
            return


def _advance_entraide(w, ev: list) -> bool:
    """Next bike of the pair (True: offer it), or the pair is done: descents, then the next pair."""
    rear, front, stage, jumped = w.entraide
    if stage == 0:
        w.entraide = (rear, front, 1, jumped)
        return True
    g = w.setup.geo
    movers = [r for bit, r in ((1, rear), (2, front)) if jumped & bit]
    movers.sort(key=lambda r: (-g.row[w.pos[r]], w.arrival[r]))
    w.entraide = ()
    w.descents = tuple(movers)
    _process_descents(w, ev)
    return False


def _entraide(w, r: int, to: int, ev: list) -> None:
    su = w.setup
    g = su.geo
    _, over = entraide_mover(w)
    rear, front, stage, jumped = w.entraide
    w.helped |= 1 << r
    kind = g.kind[over][to]
    # Rolls in the order they happen: the cell jumped over (danger), leaving it as if the rider stood
    # there (a power roll only for a diagonal or side step off a climb cell), the cell reached (danger).
    ok = True
    if g.danger[over]:
        v, ok = _skill_roll(w, r, over)
        if not ok:  # it falls where it jumps: at the roadside by the cell jumped over
            finished = _move_to(w, r, over, "entraide", ev)
            ev.append(SkillRoll(su.controller[r], r, su.roles[r], v, over, False))
            if not finished:
                _crash(w, r, over, ev)
        else:
            ev.append(SkillRoll(su.controller[r], r, su.roles[r], v, over, True))
    if ok and kind != K_FORWARD and g.slope[over]:
        ok = _power(w, r, g.slope[over], kind, ev)
    if ok and not _move_to(w, r, to, "entraide", ev, over):
        if g.danger[to]:
            _skill(w, r, to, ev)
        if w.status[r] == ROAD:
            jumped |= 1 if stage == 0 else 2
    w.entraide = (rear, front, stage, jumped)
    if _advance_entraide(w, ev):
        _offer_entraide(w, ev)


def _next_assign(w, ev: list) -> None:
    opts = assign_options(w)
    if not opts:
        _end_turn(w, ev)
    elif len(opts) == 1:
        _assign(w, opts[0].rider, opts[0].die, ev)
    else:
        w.phase, w.actor = P_ASSIGN, w.seat
        w._legal_cache = opts


def assign_options(s) -> tuple[Assign, ...]:
    if not s.dice_left:
        return ()
    dice = sorted(set(s.dice_left))
    st, miss = s.status, s.miss
    return tuple([cached(Assign, r, d) for r in s.movers if st[r] != FIN and not miss[r] for d in dice])


def _assign(w, r: int, d: int, ev: list) -> None:
    su = w.setup
    w.movers = tuple([x for x in w.movers if x != r])
    left = list(w.dice_left)
    left.remove(d)
    w.dice_left = tuple(left)
    ev.append(DieAssigned(su.controller[r], r, su.roles[r], d, False))
    _start_move(w, r, d, ev)


def _end_turn(w, ev: list) -> None:
    su = w.setup
    seat = w.seat
    _tick_misses(w, su.phase_riders[w.round_phase][seat])
    w.played = w.played + (seat,)
    w.dice, w.dice_left, w.movers = (), (), ()
    if w.finish_order:
        st = w.status
        if all(st[r] == FIN for r in su.leaders):
            _race_over(w, "leaders", ev)
            return
        if any(all(st[r] == FIN for r in team) for team in su.teams):
            _race_over(w, "team", ev)
            return
    nxt = next_seat(w)
    if nxt < 0 and w.round_phase + 1 < len(su.level.phases):  # the round's next phase
        w.round_phase += 1
        w.played = ()
        order = round_order(w)
        ev.append(TurnOrder(order[0], order, "phase", w.round, su.level.phases[w.round_phase].name))
        nxt = order[0]
    elif nxt < 0:
        w.round += 1
        if w.round_phase:
            w.round_phase = 0
        w.played, w.helped = (), 0
        if w.round > MAX_ROUNDS:
            _race_over(w, "limit", ev)
            return
        order = round_order(w)
        ev.append(TurnOrder(order[0], order, "round", w.round))
        nxt = order[0]
    _begin_turn(w, nxt, ev)


def _race_over(w, reason: str, ev: list) -> None:
    w.over = True
    w.reason = reason
    w.phase, w.actor = P_OVER, -1
    champion, red = jerseys(w)
    su = w.setup
    seat = su.controller[champion] if champion >= 0 else su.controller[min(range(su.riders), key=lambda r: rider_key(w, r))]
    ev.append(RaceOver(seat, champion, red, reason, champion_jersey(w)))


# ---------------------------------------------------------------------------- actions


def apply_action(s, seat: int, action):
    """The new state and the events; ``action`` is known to be legal for ``seat``."""
    w = s._work()
    ev: list = []
    t = type(action)
    phase = w.phase
    if t is Step:
        kind = w.setup.geo.kind[w.pos[action.rider]][action.cell]
        end = _step(w, action.rider, action.cell, kind, KIND_NAMES[kind], ev)
        if end != "power":
            w.move_used += 1
            w.move_path = w.move_path + (action.cell,)
        if end is None:
            _continue_move(w, ev)
        else:
            _end_move(w, end, ev)
    elif t is Roll:
        if phase == P_ORDER:
            _order_roll(w, seat, ev)
        else:
            n = w.setup.level.start_dice if phase == P_LROLL else w.setup.level.phases[w.round_phase].dice
            dice = []
            for _ in range(n):
                v, w.rng = die(w.rng, 6)
                dice.append(v)
            w.dice = w.dice_left = tuple(dice)
            if phase == P_LROLL:
                ev.append(DiceRolled(seat, w.dice, "launch"))
                _after_launch_roll(w, ev)
            else:
                ev.append(DiceRolled(seat, w.dice, "race"))
                w.movers = tuple(r for r in w.setup.phase_riders[w.round_phase][seat] if able(w, r))
                _next_assign(w, ev)
    elif t is Stop:
        _end_move(w, "stop", ev)
    elif t is Assign:
        _assign(w, action.rider, action.die, ev)
    elif t is Launch:
        _launch(w, action.rider, action.die, ev)
    elif t is Descend:
        r = action.rider
        kind = w.setup.geo.kind[w.pos[r]][action.cell]
        _step(w, r, action.cell, kind, "descent", ev)
        w.descents = w.descents[1:]
        _process_descents(w, ev)
    elif t is NoDescend:
        w.descents = w.descents[1:]
        _process_descents(w, ev)
    elif t is Entraide:
        _entraide(w, action.rider, action.cell, ev)
    elif t is Refuse:
        su = w.setup
        ev.append(EntraideRefused(su.controller[action.rider], action.rider, su.roles[action.rider]))
        if _advance_entraide(w, ev):
            _offer_entraide(w, ev)
    return w._freeze(), tuple(ev)
