"""Applying an action: the throw, Art. 5's dice, movement (Art. 1–4, 6–9), whose turn it is (pure).

``apply_action`` copies the state into a mutable :class:`~.work.Work`, runs the rules on it and
freezes it back into a new state: the old state is never touched. What each race does after a move
(laps, points, eliminations) is in :mod:`.races`; the fast path for plain throws in :mod:`.quick`.
"""

from __future__ import annotations

from ...engine.rng import die
from . import events as E
from .actions import ChooseRider, Roll
from .codes import BONUS_CHOICE, CHOOSING, RACING, ROLLING
from .races import after_motion
from .result import podium
from .track import SPACES, wrap
from .work import Work


def apply_action(state, seat: int, action):
    """The full path (``state.apply`` tries :func:`quick_roll` first)."""
    kind = type(action)
    w = Work(state)
    if kind is Roll:
        roll(w, seat)
    elif kind is ChooseRider:
        choose_rider(w, seat, action.rider)
    else:
        take_bonus(w, seat, action.rider)
    new = w.freeze()
    if new.over:
        w.ev.append(E.RaceOver(*podium(new)))
    return new, tuple(w.ev)


# ---------------------------------------------------------------------------------------- throws


def roll(w: Work, seat: int) -> None:
    su = w.setup
    w.throws += 1
    if not su.team:
        d, w.rng = die(w.rng, 6)
        w.dice = (d,)
        w.ev.append(E.DiceRolled(seat, w.dice))
        w.queue = [(seat, d)]
        run_queue(w)
        return
    a = seat * 2
    b = a + 1
    st, x = w.st, w.x
    if st[a] == RACING and st[b] == RACING and x[a] == 0 and x[b] == 0:
        # Art. 5: "chaque joueur ne lance d'abord qu'un dé et n'avance qu'un coureur"
        d, w.rng = die(w.rng, 6)
        w.dice = (d,)
        w.ev.append(E.DiceRolled(seat, w.dice))
        w.phase = CHOOSING
        return
    if st[a] == RACING and st[b] == RACING:
        d1, w.rng = die(w.rng, 6)
        d2, w.rng = die(w.rng, 6)
        w.dice = (d1, d2)
        w.ev.append(E.DiceRolled(seat, w.dice))
        behind, ahead = (a, b) if x[a] < x[b] else (b, a)
        high, low = max(d1, d2), min(d1, d2)
        w.queue = [(behind, high), (ahead, low)]
        w.ev.append(E.DiceAssigned(seat, ((behind - a, high), (ahead - a, low)), "Art. 5"))
    else:
        # Art. 10: one rider has finished, one die for the other.
        r = a if st[a] == RACING else b
        d, w.rng = die(w.rng, 6)
        w.dice = (d,)
        w.ev.append(E.DiceRolled(seat, w.dice))
        w.queue = [(r, d)]
        w.ev.append(E.DiceAssigned(seat, ((r - a, d),), "Art. 10"))
    run_queue(w)


def choose_rider(w: Work, seat: int, index: int) -> None:
    d = w.dice[0]
    w.phase = ROLLING
    w.queue = [(seat * 2 + index, d)]
    w.ev.append(E.DiceAssigned(seat, ((index, d),), "Art. 5 (first turn)"))
    run_queue(w)


def run_queue(w: Work) -> None:
    while w.queue and not w.over:
        r, d = w.queue.pop(0)
        if w.st[r] != RACING:
            continue
        if move(w, r, d):
            return  # a TakeBonus choice is open
    end_turn(w)


def end_turn(w: Work) -> None:
    if w.over:
        return
    w.phase = ROLLING
    if w.next_turn >= 0:
        w.turn = w.next_turn
        return
    n = w.setup.players
    per = w.setup.per_seat
    st = w.st
    t = w.turn
    for k in range(1, n + 1):
        c = (t + k) % n
        if st[c * per] == RACING or (per == 2 and st[c * per + 1] == RACING):
            w.turn = c
            return
    w.over = True  # nobody left to move (cannot happen in a well-formed race)


# ---------------------------------------------------------------------------------------- movement


def move(w: Work, r: int, d: int) -> bool:
    """Move rider ``r`` by a die of ``d`` (Art. 1–4, 6–9). True when a TakeBonus choice is opened."""
    su = w.setup
    sp, team = w.sp, su.team
    seat = su.seat_of[r]
    s0 = sp[r]
    x0 = w.x[r]
    big = d == 6 and su.six12
    if big:
        first, step = 12, 6
        legs = [("Art. 1" if team else "Art. 4", 12, s0, wrap(s0 + 12), E.SIX)]
        bump_art = "Art. 8" if team else "Art. 4"
    else:
        first = step = d
        legs = [("Art. 1", d, s0, wrap(s0 + d), E.SIX_AS_SIX if d == 6 else E.THROW)]
        bump_art = "Art. 6" if team else "Art. 3"
    sp[r] = 0
    s = legs[0][3]
    moved = first
    bonus_left = team
    after_art = ""
    guard = 0
    while s in sp:
        occ = sp.index(s)
        guard += 1
        if guard > SPACES:
            step = 1  # every space of the cycle taken (never seen in play): move on one space at a time
        if bonus_left and su.seat_of[occ] == seat:
            bonus_left = False
            if w.st[occ] == RACING:
                # Art. 7 / Art. 9: "avancera un de ses coureurs": the player chooses which one.
                sp[r] = s
                w.x[r] = x0 + moved
                w.bonus = (r, occ, d, x0)
                w.phase = BONUS_CHOICE
                w.ev.append(E.RiderMoved(seat, r - seat * 2, d, s0, tuple(legs), True, True))
                return True
            n = 12 if big else 2 * d
            after_art = mate_article(su, d)
            s2 = wrap(s + n)
            legs.append((after_art, n, s, s2, E.MATE))
            s = s2
            moved += n
            continue
        s2 = wrap(s + step)
        legs.append((after_art, step, s, s2, E.AFTER) if after_art else (bump_art, step, s, s2, E.BUMP))
        s = s2
        moved += step
    sp[r] = s
    w.x[r] = x0 + moved
    w.ev.append(E.RiderMoved(seat, r - seat * su.per_seat, d, s0, tuple(legs), team))
    after_motion(w, r, x0)
    return False


def mate_article(su, die: int) -> str:
    """The article of a throw that lands on the team-mate: Art. 9 for a six that counts twelve, else Art. 7 (the
    die doubled; a four-team pursuit's six counts only six, so it is Art. 7 too). The table cites it."""
    return "Art. 9" if die == 6 and su.six12 else "Art. 7"


def take_bonus(w: Work, seat: int, index: int) -> None:
    """Resolve an open Art. 7 / Art. 9 choice: rider ``index`` takes the extra advance."""
    su = w.setup
    r, m, d, x0 = w.bonus
    taker = seat * 2 + index
    sp = w.sp
    q = sp[r]
    art = mate_article(su, d)
    n, step = (12, 6) if art == "Art. 9" else (2 * d, d)
    xt0 = w.x[taker]
    sp[taker] = 0
    s = wrap(q + n)
    legs = [(art, n, q, s, E.MATE)]
    moved = n
    guard = 0
    while s in sp:
        guard += 1
        if guard > SPACES:
            step = 1  # every space of the cycle taken (never seen in play): move on one space at a time
        s2 = wrap(s + step)
        legs.append((art, step, s, s2, E.AFTER))
        s = s2
        moved += step
    sp[taker] = s
    w.x[taker] = xt0 + moved
    w.bonus = ()
    w.phase = ROLLING
    w.ev.append(E.RiderMoved(seat, index, d, q, tuple(legs), True))
    after_motion(w, r, x0)
    if taker != r and not w.over:
        after_motion(w, m, xt0)
    run_queue(w)
