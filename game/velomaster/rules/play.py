"""How a VeloMaster race moves on (pure): every transition, applied to a fresh working copy.

``apply_action(state, seat, action)`` makes a new state (``state._work()``: same field values, the
rarely written "book" shared until written), runs the action on it, then the ``_continue_*`` /
``_next_*`` helpers advance through everything nobody has to decide (a die used up, a blocked rider,
a missed turn, the next seat...) until someone must choose. Per-rider tuples are replaced, never
mutated (:func:`replaced`), so the input state is never touched.

Conventions: ``w`` is the working copy; ``g`` its course tables (:class:`~.geo.Geo`); ``su`` its
:class:`~.setup.Setup`; ``ev`` the list of events being built. See docs/rules/velomaster.md.
"""

from __future__ import annotations

from ...engine.rng import die
from . import attacks, doping, incidents, pro_play, pro_start
from .actions import (
    Accelerate,
    Assign,
    Attack,
    Decline,
    Descend,
    Entraide,
    Launch,
    NoDescend,
    Prepare,
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
from .board import descent_targets, move_targets, occupied, replaced, row_of
from .codes import (
    CTX_ENTRAIDE,
    CTX_LINE,
    CTX_RACE,
    CTX_START,
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
    P_PROPOSE,
    P_ROLL,
    P_VOTE,
    ROAD,
    SIDE,
    VOTE_NO,
    VOTE_NONE,
    VOTE_WAITING,
    VOTE_YES,
)
from .dice import able, dice_count, penalised, set_aside_shared_die
from .events import (
    AccelerationDecided,
    AccelerationProposed,
    AccelerationVote,
    DiceRolled,
    DieAssigned,
    DirectorsDrawn,
    EntraideOffered,
    EntraideRefused,
    LeaderResumes,
    MissedTurn,
    MoveEnded,
    NeutralShared,
    OrderRoll,
    RaceOver,
    Remounted,
    SeatSkips,
    TurnOrder,
    TurnStarted,
)
from .geo import KIND_NAMES
from .levels import EQUIPIER, LEADER
from .lines import (
    agreeing_bikes,
    entraide_mover,
    entraide_pairs,
    entraide_targets,
    line_riders,
    line_stage,
    offered_lines,
    still_offered,
    votes_needed,
)
from .moves import jump, step
from .setup import MAX_ROUNDS
from .standings import champion_jersey, jerseys, next_seat, rider_key, round_order

# ---------------------------------------------------------------------------- queries (work on any state)


# ---------------------------------------------------------------------------- moving riders


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
    rolled = [s for s in range(w.setup.players) if w.d20[s]]  # a seat sitting a tour's stage out rolls nothing
    tied = sorted(s for s in rolled if any(o != s and w.d20[o] == w.d20[s] for o in rolled))
    if tied:  # the tied seats roll again among themselves (a roll-off)
        w.pending_rolls = tuple(tied)
        w.actor = w.pending_rolls[0]
        return
    w.order = tuple(sorted(rolled, key=lambda s: w.d20[s], reverse=True))
    if w.setup.shared_pairs:
        _draw_directors(w, ev)
    for rank, s in enumerate(w.order):
        for r in w.seats.seat_riders[s]:
            w.arrival = replaced(w.arrival, r, rank)  # riders still in the start area follow the start order
    ev.append(TurnOrder(w.order[0], w.order, "start", 0))
    w.wave, w.launch_index, w.move_context = 1, 0, CTX_START
    _launch_turn(w, ev)


def _draw_directors(w, ev: list) -> None:
    """"On détermine au D20 qui gère le leader + équipier violet et qui sera l'outsider": of the two players
    sharing a team, the higher start-order d20 (ties were rolled off) runs the leader and the violet."""
    su = w.setup
    ctrl = list(w.seats.controller)
    for director, outsider in su.shared_pairs:
        if w.d20[outsider] > w.d20[director]:
            director, outsider = outsider, director
            team = su.seat_team[director]
            for r in su.teams[team]:
                ctrl[r] = director if r % su.per_team in su.level.director_riders else outsider
        ev.append(DirectorsDrawn(director, outsider, su.seat_team[director]))
    w.seats = su.seats(tuple(ctrl))


def _launch_candidates(w, seat: int) -> tuple[int, ...]:
    neutral = w.setup.neutral_team  # the neutral team is played in the team-mates' turns only
    return tuple(r for r in w.seats.seat_riders[seat]
                 if not w.launched >> r & 1 and w.setup.rider_team[r] != neutral and w.status[r] != OUT)


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
    if w.launch_index >= len(w.order):  # every seat in the start order (a tour's stage: those with riders)
        w.launch_index = 0
        w.wave += 1


def _end_launch_turn(w, ev: list) -> None:
    _tick_misses(w, w.seats.seat_riders[w.seat])
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
    ev.append(DieAssigned(w.seats.controller[r], r, su.roles[r], d, True, bike=su.bikes[r]))
    if su.pro.condition:
        pro_play.launch_gains(w, r, ev)
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
            r = w.moving_rider
            if (w.setup.level.blocked_leader_waits and w.setup.roles[r] == LEADER and w.status[r] == ROAD
                    and w.move_context != CTX_START):
                w.waiting = (r, w.move_die - w.move_used)  # "ROUTE BLOQUÉE": it may ride on when the road opens
            _end_move(w, "blocked", ev)
            return
        r = w.moving_rider
        w.phase, w.actor = P_MOVE, w.seats.controller[r]
        steps = step_actions(r)
        w._legal_cache = tuple([steps[c] for c, _ in targets] + [stop_action(r)])


def _end_move(w, reason: str, ev: list) -> None:
    su = w.setup
    r = w.moving_rider
    ev.append(MoveEnded(w.seats.controller[r], r, su.roles[r], w.pos[r], w.move_used, w.move_die, reason, bike=su.bikes[r]))
    moved = w.move_used > 0
    if reason == "power" and w.status[r] != ROAD:
        reason = "abandon"  # Pro: the failed climbing roll's 10 % were its last
    if su.level.feeds and reason != "crash" and reason != "finish" and reason != "abandon":
        incidents.stopped(w, r, ev)
    w.moving_rider, w.move_die, w.move_used, w.move_path = -1, 0, 0, ()
    if moved and reason != "crash" and reason != "finish" and reason != "abandon":
        w.descents = (r,)
    _process_descents(w, ev)


def _process_descents(w, ev: list) -> None:
    g = w.setup.geo
    while w.descents:
        r = w.descents[0]
        if (w.status[r] == ROAD and w.miss[r] == 0 and w.pos[r] and g.descent[w.pos[r]]
                and w.setup.level.descent_cells and descent_targets(w, r)):
            w.phase, w.actor = P_DESCENT, w.seats.controller[r]
            return
        w.descents = w.descents[1:]
    if w.setup.incidents and w.waiting and w.move_context != CTX_START and _resume_leader(w, ev):
        return
    if w.move_context == CTX_START:
        _end_launch_turn(w, ev)
    elif w.move_context == CTX_RACE:
        _next_assign(w, ev)
    elif w.move_context == CTX_LINE:
        _next_line(w, ev)
    else:
        _next_pair(w, ev)


def _resume_leader(w, ev: list) -> bool:
    """"Si la route est bloquée, le leader … pourra avancer dès que le chemin se libère, mais à condition
    d'en profiter avant son prochain tour de jeu": a blocked leader whose road opened rides its cells left
    now, in whoever's turn it is (Stop: it lets the chance go). True if it is offered."""
    r, cells = w.waiting
    if w.status[r] != ROAD or w.miss[r] or not any(c not in occupied(w) for c, _ in w.setup.geo.nxt[w.pos[r]]):
        return False
    w.waiting = ()
    ev.append(LeaderResumes(w.seats.controller[r], r, cells))
    _start_move(w, r, cells, ev)
    return True


# ---------------------------------------------------------------------------- the race


def _tick_misses(w, riders: tuple[int, ...]) -> None:
    """The end of a turn those riders were due to play: one less turn to miss after a crash."""
    for r in riders:
        if w.miss[r] > 0:
            w.miss = replaced(w.miss, r, w.miss[r] - 1)


def _start_race(w, ev: list) -> None:
    w.round, w.played, w.helped, w.move_context = 1, (), 0, CTX_RACE
    su = w.setup
    if su.neutral_team >= 0:  # the neutral bikes wait on the start grid and enter in the team-mates' turns
        for r in su.teams[su.neutral_team]:
            w.launched |= 1 << r
    order = round_order(w)
    ev.append(TurnOrder(order[0], order, "round", 1))
    _begin_turn(w, next_seat(w), ev)


def _begin_turn(w, seat: int, ev: list) -> None:
    su = w.setup
    w.seat = seat
    w.turns += 1
    w.move_context = CTX_RACE
    ev.append(TurnStarted(seat, w.round, 0))
    if su.incidents and w.seat_skips[seat]:  # a neutral bike it moved fell: "le joueur responsable passera le prochain tour"
        w.seat_skips = replaced(w.seat_skips, seat, w.seat_skips[seat] - 1)
        ev.append(SeatSkips(seat))
        _end_turn(w, ev)
        return
    if su.neutral_team >= 0 and not w.played and su.level.phases[w.round_phase].roles == (EQUIPIER,):
        if _share_neutral(w, ev):
            return
    _turn_opens(w, ev)


def neutral_options(s) -> tuple[TakeNeutral, ...]:
    """The neutral bikes the first player may still take this team-mates' turn."""
    su = s.setup
    mine = s.seats.seat_riders[s.seat]
    return tuple(cached(TakeNeutral, r) for r in su.teams[su.neutral_team] if s.status[r] < FIN and r not in mine)


def _racing_neutral(w) -> list[int]:
    su = w.setup
    return [r for r in su.teams[su.neutral_team] if w.status[r] < FIN]


def _share_neutral(w, ev: list) -> bool:
    """"Le joueur ayant le leader le mieux placé fera avancer les 2 vélos neutres de son choix. Le second joueur
    fait avancer sur le même tour, les 2 vélos restants." The first player picks (``TakeNeutral``) while more
    than two are racing; True while it must choose."""
    su = w.setup
    racing = _racing_neutral(w)
    other = 1 - w.seat
    ctrl = list(w.seats.controller)
    for r in su.teams[su.neutral_team]:
        ctrl[r] = other  # until taken
    if len(racing) <= 2:
        for r in racing:
            ctrl[r] = w.seat
        w.seats = su.seats(tuple(ctrl))
        ev.append(NeutralShared(w.seat, tuple(racing), other, (), tuple(su.bibs[r] for r in racing)))
        return False
    w.seats = su.seats(tuple(ctrl))
    w.phase, w.actor = P_NEUTRAL, w.seat
    return True


def _take_neutral(w, r: int, ev: list) -> None:
    su = w.setup
    ctrl = list(w.seats.controller)
    ctrl[r] = w.seat
    w.seats = su.seats(tuple(ctrl))
    taken = tuple(x for x in _racing_neutral(w) if ctrl[x] == w.seat)
    if len(taken) < 2:
        return  # one more to choose
    rest = tuple(x for x in _racing_neutral(w) if ctrl[x] != w.seat)
    ev.append(NeutralShared(w.seat, taken, 1 - w.seat, rest, tuple(su.bibs[r] for r in taken),
                            tuple(su.bibs[r] for r in rest)))
    _turn_opens(w, ev)


def _turn_opens(w, ev: list) -> None:
    """The turn proper: remounts, then the accélérations and entraides (which are played first)."""
    su = w.setup
    seat = w.seat
    if su.incidents and w.waiting and w.waiting[0] in w.seats.phase_riders[w.round_phase][seat]:
        w.waiting = ()  # its next turn has come: the chance is gone
    for r in w.seats.phase_riders[w.round_phase][seat]:
        if w.status[r] >= FIN:
            continue
        if w.miss[r] > 0:
            ev.append(MissedTurn(seat, r, su.roles[r], bike=su.bikes[r]))
        elif w.status[r] == SIDE:
            if w.pos[r] not in occupied(w):
                w.status = replaced(w.status, r, ROAD)
                w._occupied_cache = None
                ev.append(Remounted(seat, r, su.roles[r], w.pos[r], True, bike=su.bikes[r]))
    phase = su.level.phases[w.round_phase]
    if su.level.accelerations and phase.entraide:  # "S'il est en position d'entraide ou d'accélération … immédiatement"
        w.lines = offered_lines(w, seat)
        _next_line(w, ev)
        return
    w.pairs = entraide_pairs(w, seat) if phase.entraide else ()
    _next_pair(w, ev)


def _next_pair(w, ev: list) -> None:
    su = w.setup
    if w.pairs:
        rear, front = w.pairs[0]
        w.pairs = w.pairs[1:]
        w.entraide = (rear, front, 0, 0)
        w.move_context = CTX_ENTRAIDE
        ev.append(EntraideOffered(w.seat, rear, front, w.seats.controller[rear], w.seats.controller[front], row_of(w, front),
                                   su.roles[rear], su.roles[front], su.bikes[rear], su.bikes[front]))
        _offer_entraide(w, ev)
        return
    w.move_context = CTX_RACE
    if any(able(w, r) for r in w.seats.phase_riders[w.round_phase][w.seat]):
        w.phase, w.actor = P_ROLL, w.seat
    else:
        _end_turn(w, ev)


def _offer_entraide(w, ev: list) -> None:
    su = w.setup
    while True:
        r, over = entraide_mover(w)
        if w.helped >> r & 1:  # it played its entraide this round: it only gives the other bike its half
            ev.append(EntraideRefused(w.seats.controller[r], r, su.roles[r], "helped", bike=su.bikes[r]))
        elif su.pro.condition and w.status[r] == ROAD and pro_play.kept_out(w, r):
            ev.append(EntraideRefused(w.seats.controller[r], r, su.roles[r], "condition", bike=su.bikes[r]))
        elif w.status[r] == ROAD and w.miss[r] == 0:
            if over and entraide_targets(w):
                w.phase, w.actor = P_ENTRAIDE, w.seats.controller[r]
                return
            ev.append(EntraideRefused(w.seats.controller[r], r, su.roles[r], "no room", bike=su.bikes[r]))
        if not _advance_entraide(w, ev):
            return


def _advance_entraide(w, ev: list) -> bool:
    """Next bike of the line (True: offer it), or the line move is done: descents, then what follows."""
    riders = line_riders(w.entraide)
    stage, jumped = line_stage(w.entraide)
    if stage + 1 < len(riders):
        w.entraide = riders + (stage + 1, jumped)
        return True
    g = w.setup.geo
    movers = [r for j, r in enumerate(riders) if jumped >> j & 1]
    movers.sort(key=lambda r: (-g.row[w.pos[r]], w.arrival[r]))
    w.entraide = ()
    w.descents = tuple(movers)
    _process_descents(w, ev)
    return False


def _entraide(w, r: int, to: int, ev: list) -> None:
    jump(w, r, to, ev)
    if _advance_entraide(w, ev):
        _offer_entraide(w, ev)


# ---------------------------------------------------------------------------- accélérations (Expert)


def _next_line(w, ev: list) -> None:
    """Offer the seat whose turn it is the next line it may accelerate; with none left, the entraides."""
    seat = w.seat
    while w.lines and not still_offered(w, seat, w.lines[0]):
        w.lines = w.lines[1:]
    if w.lines:
        w.move_context = CTX_RACE
        w.phase, w.actor = P_PROPOSE, seat
        return
    w.pairs = entraide_pairs(w, seat)
    _next_pair(w, ev)


def _propose(w, seat: int, ev: list) -> None:
    su = w.setup
    line = w.lines[0]
    need = votes_needed(line)
    asked = tuple(sorted({w.seats.controller[r] for r in line} - {seat}))  # (a neutral bike: who moves it)
    ev.append(AccelerationProposed(seat, line, need, asked))
    if agreeing_bikes(w, line, seat) >= need:
        _settle_vote(w, seat, ev)
        return
    w.votes = tuple(VOTE_WAITING if x in asked else VOTE_NONE for x in range(su.players))
    w.phase, w.actor = P_VOTE, seat  # the seats asked are in ``votes``; the proposer waits


def _vote(w, seat: int, agree: bool, ev: list) -> None:
    w.votes = replaced(w.votes, seat, VOTE_YES if agree else VOTE_NO)
    ev.append(AccelerationVote(seat, agree))
    if VOTE_WAITING not in w.votes:
        _settle_vote(w, w.seat, ev)


def _settle_vote(w, proposer: int, ev: list) -> None:
    line = w.lines[0]
    agree, need = agreeing_bikes(w, line, proposer), votes_needed(line)
    w.lines = w.lines[1:]
    w.votes = (VOTE_NONE,) * w.setup.players
    ev.append(AccelerationDecided(proposer, line, agree, need, agree >= need))
    if agree < need:
        _next_line(w, ev)
        return
    w.entraide = line + (0, 0)
    w.move_context = CTX_LINE
    _offer_entraide(w, ev)


def _own_movers(w, seat: int) -> tuple[int, ...]:
    """The riders the seat's roll of this phase is for, able to take a die: its riders of the phase, but the
    neutral bikes (2 players), which get a roll of their own (:func:`_neutral_roll`)."""
    neutral = w.setup.neutral_team
    team = w.setup.rider_team
    return tuple(r for r in w.seats.phase_riders[w.round_phase][seat] if team[r] != neutral and able(w, r))


def _neutral_bikes(w, seat: int) -> tuple[int, ...]:
    """The neutral bikes ``seat`` moves in this phase and that may take a die now (2 players)."""
    neutral = w.setup.neutral_team
    if neutral < 0:
        return ()
    team = w.setup.rider_team
    return tuple(r for r in w.seats.phase_riders[w.round_phase][seat] if team[r] == neutral and able(w, r))


def _neutral_due(w) -> bool:
    """Does the seat still roll for its neutral bikes this turn (2 players, their roll not made yet)?"""
    return not w.neutral_rolled and bool(_neutral_bikes(w, w.seat))


def _neutral_roll(w, seat: int, ev: list) -> None:
    """2 players: the neutral bikes the seat moves get a roll of their own, one d6 each, once its team-mates have
    their dice ("Les joueurs lancent 3 Dés 6 faces pour avancer leurs 3 équipiers": the team-mates' roll is
    theirs; "4.2.1." is read on each roll, :func:`_assign`)."""
    riders = _neutral_bikes(w, seat)
    dice = []
    for _ in riders:
        v, w.rng = die(w.rng, 6)
        dice.append(v)
    w.dice = w.dice_left = tuple(dice)
    w.neutral_rolled = 1
    ev.append(DiceRolled(seat, w.dice, "neutral bikes"))
    w.movers = riders
    if w.setup.pro.condition:
        pro_play.roll_gains(w, seat, False, ev)
        w.movers = tuple(r for r in w.movers if able(w, r))
    set_aside_shared_die(w, w.movers)
    _next_assign(w, ev)


def _next_assign(w, ev: list) -> None:
    opts = assign_options(w)
    if not opts and w.setup.neutral_team >= 0 and _neutral_due(w):
        _neutral_roll(w, w.seat, ev)
        return
    if not opts:
        _end_turn(w, ev)
    elif len(opts) == 1:
        _assign(w, opts[0].rider, opts[0].die, ev)
    else:
        w.phase, w.actor = P_ASSIGN, w.seat
        w._legal_cache = opts


def assign_options(s) -> tuple[Assign, ...]:
    """(rider, die) choices: a penalised rider takes the die set aside for it (:mod:`.dice`), the others
    any die left."""
    dice = sorted(set(s.dice_left))
    shared = s.shared_die if s.setup.incidents else 0
    opts = []
    for r in s.movers:
        if s.status[r] >= FIN or s.miss[r]:
            continue
        if shared and penalised(s, r):
            opts.append(cached(Assign, r, shared))
        else:
            opts.extend(cached(Assign, r, d) for d in dice)
    return tuple(opts)


def _assign(w, r: int, d: int, ev: list) -> None:
    su = w.setup
    w.movers = tuple([x for x in w.movers if x != r])
    expert = su.incidents
    if not (expert and w.shared_die and penalised(w, r)):  # penalised riders share the die set aside for them
        left = list(w.dice_left)
        left.remove(d)
        w.dice_left = tuple(left)
    if expert and w.worst_die[r]:
        w.worst_die = replaced(w.worst_die, r, 0)  # "jouer au prochain tour le moins bon dé": this turn's
    ev.append(DieAssigned(w.seats.controller[r], r, su.roles[r], d, False, bike=su.bikes[r]))
    if d == 1 and su.level.punctures and su.roles[r] != LEADER:
        shown = incidents.team_mate_puncture(w, w.seat, ev)  # "si « 4.2.1. » c'est la crevaison pour le vélo à qui
        if shown:  # on attribue le « 1 »"
            incidents.puncture(w, r, shown, ev)
            _next_assign(w, ev)
            return
    _start_move(w, r, d, ev)


def _end_turn(w, ev: list) -> None:
    su = w.setup
    seat = w.seat
    _tick_misses(w, w.seats.phase_riders[w.round_phase][seat])
    if su.pro.any:
        pro_play.end_of_turn(w, seat, ev)
    w.played = w.played + (seat,)
    w.dice, w.dice_left, w.movers = (), (), ()
    if su.incidents and w.shared_die:
        w.shared_die = 0
    if w.neutral_rolled:
        w.neutral_rolled = 0
    st = w.status
    if all(x >= FIN for x in st):
        _race_over(w, "leaders" if all(st[r] >= FIN for r in su.leaders) else "team", ev)
        return
    if w.finish_order:
        if all(st[r] >= FIN for r in su.leaders):
            _race_over(w, "leaders", ev)
            return
        if any(all(st[r] == FIN for r in team) for team in su.teams):
            _race_over(w, "team", ev)
            return
    nxt = next_seat(w)
    if nxt < 0:
        incidents.end_of_phase(w, ev)
    while nxt < 0:  # (Pro: a phase where nobody moves, every leader or every team-mate gone, is passed over)
        if w.round_phase + 1 < len(su.level.phases):  # the round's next phase
            w.round_phase += 1
            w.played, w.helped = (), 0  # "on ne peut pas cumuler plusieurs entraides … sur le même tour": per phase
            pro_play.new_phase(w)
            order = round_order(w)
            if order:
                ev.append(TurnOrder(order[0], order, "phase", w.round, su.level.phases[w.round_phase].name))
        else:
            w.round += 1
            if w.round_phase:
                w.round_phase = 0
            w.played, w.helped = (), 0
            pro_play.new_phase(w)
            if w.round > MAX_ROUNDS:
                _race_over(w, "limit", ev)
                return
            order = round_order(w)
            if order:
                ev.append(TurnOrder(order[0], order, "round", w.round))
        if order:
            nxt = order[0]
    _begin_turn(w, nxt, ev)


def _race_roll(w, seat: int, ev: list) -> None:
    """The dice of a turn in the race are on the table: who may take which, a leader's puncture check."""
    su = w.setup
    level = su.level
    roles = level.phases[w.round_phase].roles
    purpose = "race" if len(roles) > 1 else "leader" if roles == (LEADER,) else "team-mates"
    ev.append(DiceRolled(seat, w.dice, purpose))
    w.movers = _own_movers(w, seat)
    if su.pro.condition:
        pro_play.roll_gains(w, seat, roles == (LEADER,), ev)
        w.movers = tuple(r for r in w.movers if able(w, r))
    if level.punctures and roles == (LEADER,):
        for r in w.movers:
            if incidents.check_leader_puncture(w, seat, r, ev):
                w.movers = tuple(x for x in w.movers if x != r)
    set_aside_shared_die(w, w.movers)
    _next_assign(w, ev)


def _attack_roll(w, seat: int, ev: list) -> None:
    """Pro: an announced attack's dice: the attacker moves their sum at once, the seat's others then take
    the other dice as usual (:mod:`.attacks`)."""
    su = w.setup
    attacks.roll(w, seat, ev)
    r = w.attacker
    w.movers = tuple(x for x in _own_movers(w, seat) if x != r)
    if su.pro.condition and su.roles[r] != LEADER:  # "Les équipiers joueront 2 dés": a roll of their own
        pro_play.roll_gains(w, seat, False, ev, w.dice[2:])
        w.movers = tuple(x for x in w.movers if able(w, x))
    if su.level.punctures and su.roles[r] == LEADER and incidents.check_leader_puncture(w, seat, r, ev):
        w.dice_left = tuple(w.dice[2:])
        set_aside_shared_die(w, w.movers)
        _next_assign(w, ev)
        return
    set_aside_shared_die(w, w.movers)
    if not able(w, r):  # a gain cannot stop it; only the puncture above
        _next_assign(w, ev)
        return
    ev.append(DieAssigned(w.seats.controller[r], r, su.roles[r], attacks.total(w), False, bike=su.bikes[r]))
    _start_move(w, r, attacks.total(w), ev)


def _race_over(w, reason: str, ev: list) -> None:
    w.over = True
    w.reason = reason
    w.phase, w.actor = P_OVER, -1
    if w.setup.pro.any:
        doping.race_end(w, ev)  # Pro: the stage's end gains, then the anti-doping control
    champion, red = jerseys(w)
    su = w.setup
    seat = w.seats.controller[champion] if champion >= 0 else w.seats.controller[min(range(su.riders), key=lambda r: rider_key(w, r))]
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
        end = step(w, action.rider, action.cell, kind, KIND_NAMES[kind], ev)
        if end is None and w.status[action.rider] != ROAD:
            end = "abandon"  # Pro: a missed feed's 30 % were its last
        elif end is None and w.setup.pro.descents and not pro_play.descent_roll(w, action.rider, action.cell, ev):
            end = "crash"
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
        elif phase == P_ROLL and w.attacker >= 0:
            _attack_roll(w, seat, ev)
        elif phase == P_ROLL and not _own_movers(w, seat) and _neutral_due(w):
            _neutral_roll(w, seat, ev)  # (2 players) no team-mate of its own to roll for: the neutral bikes' roll
        else:
            n = w.setup.level.start_dice if phase == P_LROLL else dice_count(w, seat)
            dice = []
            for _ in range(n):
                v, w.rng = die(w.rng, 6)
                dice.append(v)
            w.dice = w.dice_left = tuple(dice)
            if phase == P_LROLL:
                ev.append(DiceRolled(seat, w.dice, "launch"))
                _after_launch_roll(w, ev)
            else:
                _race_roll(w, seat, ev)
    elif t is Stop:
        if pro_play.brakes_on_stop(w) and not pro_play.braking_roll(w, action.rider, ev):
            _end_move(w, "crash", ev)
        else:
            _end_move(w, "stop", ev)
    elif t is Assign:
        _assign(w, action.rider, action.die, ev)
    elif t is Launch:
        _launch(w, action.rider, action.die, ev)
    elif t is Descend:
        r = action.rider
        kind = w.setup.geo.kind[w.pos[r]][action.cell]
        step(w, r, action.cell, kind, "descent", ev)
        if w.setup.level.feeds:
            incidents.jump_stopped(w, r, ev)
        w.descents = w.descents[1:]
        _process_descents(w, ev)
    elif t is NoDescend:
        pro_play.braking_roll(w, action.rider, ev)  # Pro: "ne pas prendre la case supplémentaire en descente"
        w.descents = w.descents[1:]
        _process_descents(w, ev)
    elif t is Entraide:
        _entraide(w, action.rider, action.cell, ev)
    elif t is TakeNeutral:
        _take_neutral(w, action.rider, ev)
    elif t is Accelerate:
        _propose(w, seat, ev)
    elif t is Decline:
        w.lines = w.lines[1:]
        _next_line(w, ev)
    elif t is Vote:
        _vote(w, seat, action.agree, ev)
    elif t is Attack:
        attacks.announce(w, action.rider, ev)
    elif t is Prepare:
        pro_start.pick(w, seat, action, ev)
    elif t is Refuse:
        su = w.setup
        ev.append(EntraideRefused(w.seats.controller[action.rider], action.rider, su.roles[action.rider],
                                   bike=su.bikes[action.rider]))
        if _advance_entraide(w, ev):
            _offer_entraide(w, ev)
    return w._freeze(), tuple(ev)
