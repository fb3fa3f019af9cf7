"""The Pro rules inside a race's turns (pure), called by :mod:`.play` at the moments they apply; each one
does nothing unless its toggle is on (Setup.pro). Readings (docs/rules/velomaster.md, "Niveau Pro"):

* Feeds ("CASES RAVITAILLEMENT"): "Un arrêt pendant une entraide et/ou une accélération durant son tour de
  jeu ne peut être compté comme un arrêt repas (sauf si on reste sur une case repas, à la fin de son tour).
  Mais si l'entraide et/ou une accélération a lieu sur le tour d'un adversaire, le ravitaillement est
  valable": a rider whose entraide or accélération jump (or its extra descent cell) stops on a feed cell in
  its own seat's turn is only marked; the stop counts if it is still there when that turn ends.
* Descents: "Si l'on joue un « 6 » et qu'on traverse ou s'arrête sur une case descente … jet d'habileté":
  a die move of 6 or more (an attack's sum included) calls one skill roll, on the first descent cell it
  enters; a fall there is a crash on that cell.
* Braking: "Si on décide de ne pas jouer la totalité d'un « 6 »" (a Stop before the end of a move of 6 or
  more) and "Si on décide de ne pas prendre la case supplémentaire en descente" (NoDescend): a skill roll on
  the rider's cell.
* Condition gains on the dice (:mod:`.condition`): the leaders' turn, each 1 the leader rolls; three 1s on
  a three-dice roll or two 1s on a two-dice roll, each rider the roll moves; the start's two dice showing 1 and
  1, the rider launched; at the end of each of its team's turns, a leader with two team-mates on the two cells straight in
  front of it, once per phase of the round.
* Bands: a tired team-mate (below 90 %) and a weak leader (below 60 %) do not ride up an accélération; a weak
  rider plays no entraide; a tired leader on a climb gets no protection and climbs a line like a team-mate.
"""

from __future__ import annotations

from . import incidents
from .codes import CTX_LINE, ROAD
from .condition import DOUBLE_ONE, LEADER_IN_LINE, LEADER_ONE, TRIPLE_ONE, gain, may_accelerate, may_entraide
from .levels import LEADER
from .moves import skill
from .pro_events import SkillCalled

# ---------------------------------------------------------------------------- descents and braking


def descent_roll(w, r: int, to: int, ev: list) -> bool:
    """After a step onto ``to``: a move of 6 or more entering its first descent cell rolls skill. False: it fell."""
    su = w.setup
    g = su.geo
    if not su.pro.descents or w.move_die < 6 or not g.descent[to] or w.status[r] != ROAD:
        return True
    if any(g.descent[c] for c in w.move_path[1:]):
        return True  # one roll per move
    ev.append(SkillCalled(w.seats.controller[r], r, su.roles[r], to, "descent", bike=su.bikes[r]))
    return skill(w, r, to, ev)


def braking_roll(w, r: int, ev: list) -> bool:
    """The rider brakes (a move of 6 or more stopped short, or the extra descent cell refused). False: it fell."""
    su = w.setup
    if not su.pro.braking or not w.pos[r] or w.status[r] != ROAD:
        return True
    ev.append(SkillCalled(w.seats.controller[r], r, su.roles[r], w.pos[r], "braking", bike=su.bikes[r]))
    return skill(w, r, w.pos[r], ev)


def brakes_on_stop(w) -> bool:
    return w.setup.pro.braking and w.move_die >= 6 and w.move_used < w.move_die


# ---------------------------------------------------------------------------- condition on the dice


def roll_gains(w, seat: int, leaders_turn: bool, ev: list, dice: tuple[int, ...] | None = None) -> None:
    """The race dice of a turn are on the table (``dice``: the roll, by default the turn's; an attack's own two
    are :mod:`.attacks`'): three 1s on three dice are a triple, two 1s on two dice a double ("Double « 1 » (pour
    les jets à 2 dés uniquement)": any roll of two dice, the leader's with one protector or after a missed feed
    included), each for every rider the roll moves ("pour chaque vélo si tour des équipiers"); the leader also
    gains for each 1 it rolls."""
    if not w.setup.pro.condition:
        return
    dice = w.dice if dice is None else dice
    ones = dice.count(1)
    combo = (TRIPLE_ONE, "triple 1") if len(dice) == 3 and ones == 3 else \
        (DOUBLE_ONE, "double 1") if len(dice) == 2 and ones == 2 else None
    for r in w.movers:
        if leaders_turn and w.setup.roles[r] != LEADER:
            continue
        if combo is not None:
            gain(w, r, combo[0], combo[1], ev)
        if leaders_turn:
            for _ in range(ones):
                gain(w, r, LEADER_ONE, "the leader rolled a 1", ev)


def launch_gains(w, r: int, ev: list) -> None:
    """The start's two dice ("jets à 2 dés"): double 1 for the rider launched."""
    if w.setup.pro.condition and len(w.dice) == 2 and w.dice == (1, 1):
        gain(w, r, DOUBLE_ONE, "double 1 at the start", ev)


def _line_in_front(w, seat: int, ev: list) -> None:
    su = w.setup
    team = su.seat_team[seat]
    if team < 0 or team >= su.team_count or team == su.neutral_team:
        return
    leader = su.team_leader[team]
    if w.line_bonus >> leader & 1 or w.status[leader] != ROAD or not w.pos[leader]:
        return
    g = su.geo
    f1 = g.fwd[w.pos[leader]]
    f2 = g.fwd[f1] if f1 else 0
    if not f2:
        return
    mates = {w.pos[r] for r in su.teams[team] if r != leader and w.status[r] == ROAD}
    if f1 in mates and f2 in mates:
        w.line_bonus |= 1 << leader
        gain(w, leader, LEADER_IN_LINE, "two team-mates in line in front of the leader", ev)


# ---------------------------------------------------------------------------- the turn's end


def end_of_turn(w, seat: int, ev: list) -> None:
    su = w.setup
    if w.attacker >= 0:
        w.attacker = -1
    if su.pro.feed and w.feed_pending:
        incidents.settle_feeds(w, ev)
    if su.pro.condition:
        _line_in_front(w, seat, ev)


def new_phase(w) -> None:
    """A new phase of the round (a leaders' or a team-mates' turn): the in-line gain may come again."""
    if w.line_bonus:
        w.line_bonus = 0


# ---------------------------------------------------------------------------- bands


def kept_out(w, r: int) -> bool:
    """Does the rider's condition keep it out of this jump (an accélération, or an entraide)?"""
    if not w.setup.pro.condition:
        return False
    if w.move_context == CTX_LINE:  # a line of three bikes or more: an accélération
        return not may_accelerate(w, r)
    return not may_entraide(w, r)

