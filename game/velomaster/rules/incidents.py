"""Expert's incidents (pure): crash gravity, feeds, punctures. Each works on the working copy ``w`` of
:mod:`.play` and appends its events to ``ev``; a level that does not play a rule never calls it.

* "GRAVITE des CHUTES": after a crash a second d20 (:data:`.levels.CRASH_GRAVITY`): 1 abandon; 2-3 two
  turns missed; 4-9 one; 10-17 the worst die next turn; 18-20 no harm. The rider lies at the roadside and
  "repartira juste avant de jouer son prochain tour".
* "RAVITAILLEMENT": a rider stopping on a feed cell ticks the zone; leaving the zone's last row without
  having stopped in it is a missed feed: the smallest die to the finish (:mod:`.dice`).
* "CREVAISON : 4.2.1.": read on each roll apart (:func:`team_mate_puncture`); the punctured rider stands at the
  roadside and gets back in the saddle when the phase ("tour des leaders" / "tour des équipiers") ends.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.rng import die
from ...engine.words import Words
from . import condition
from .board import replaced
from .codes import CTX_ENTRAIDE, CTX_LINE, OUT, ROAD, SIDE
from .dice import is_puncture_roll, leader_check_dice
from .events import CrashGravity, DiceRolled, FeedMissed, FeedTaken, Puncture, Remounted
from .levels import LEADER, crash_gravity


def gravity(w, r: int, ev: list) -> tuple[int, bool]:
    """Roll the crash's gravity: returns (turns to miss, abandoned); records the worst die next turn."""
    su = w.setup
    v, w.rng = die(w.rng, 20)
    misses, worst, out = crash_gravity(v)
    w.crashes = replaced(w.crashes, r, w.crashes[r] + 1)
    ev.append(CrashGravity(w.seats.controller[r], r, su.roles[r], v, misses, worst, out, bike=su.bikes[r]))
    if out:
        w.status = replaced(w.status, r, OUT)
        w._occupied_cache = None
    elif su.pro.condition and condition.crash_loss(v):  # Pro: "(2-3) grave 50%, (4-9) sérieuse 30%, (10-17) 10%"
        condition.lose(w, r, condition.crash_loss(v), "crash", ev)
        out = w.status[r] == OUT
    if worst:
        w.worst_die = replaced(w.worst_die, r, 1)
    return misses, out


def stopped(w, r: int, ev: list) -> None:
    """The rider ends a move on its cell: a feed cell ticks its zone."""
    zone = w.setup.geo.feed_zone[w.pos[r]]
    if zone >= 0 and w.status[r] == ROAD and not w.fed_zones[r] >> zone & 1:
        w.fed_zones = replaced(w.fed_zones, r, w.fed_zones[r] | 1 << zone)
        su = w.setup
        ev.append(FeedTaken(w.seats.controller[r], r, su.roles[r], w.pos[r], zone, bike=su.bikes[r]))


def jump_stopped(w, r: int, ev: list) -> None:
    """An entraide / accélération jump (or the descent cell after one) ends on ``r``'s cell. Pro feeds: "Un
    arrêt pendant une entraide et/ou une accélération durant son tour de jeu ne peut être compté comme un arrêt
    repas (sauf si on reste sur une case repas, à la fin de son tour). Mais si l'entraide et/ou une
    accélération a lieu sur le tour d'un adversaire, le ravitaillement est valable": in the rider's own seat's
    turn the stop is only marked (``feed_pending``); it counts if the rider is still there at the turn's end."""
    su = w.setup
    if (su.pro.feed and w.move_context in (CTX_ENTRAIDE, CTX_LINE) and w.seats.controller[r] == w.seat
            and su.geo.feed_zone[w.pos[r]] >= 0 and w.status[r] == ROAD):
        w.feed_pending |= 1 << r
        return
    stopped(w, r, ev)


def settle_feeds(w, ev: list) -> None:
    """The turn ends: a marked stop counts if the rider stayed on its feed cell."""
    pending = w.feed_pending
    w.feed_pending = 0
    for r in range(w.setup.riders):
        if pending >> r & 1 and w.status[r] == ROAD:
            stopped(w, r, ev)


def rows_crossed(w, r: int, row_from: int, row_to: int, ev: list) -> None:
    """The rider went from ``row_from`` to ``row_to``: a feed zone left behind unticked is missed."""
    if w.missed_feed[r]:
        return
    for zone, last in enumerate(w.setup.geo.feed_last_row):
        if row_from <= last < row_to and not w.fed_zones[r] >> zone & 1:
            w.missed_feed = replaced(w.missed_feed, r, 1)
            su = w.setup
            ev.append(FeedMissed(w.seats.controller[r], r, su.roles[r], zone, bike=su.bikes[r]))
            if su.pro.condition:
                condition.lose(w, r, condition.MISSED_FEED, "missed feed", ev)
            return


@dataclass(frozen=True)
class FeedMiss:
    """What a move that leaves a feed zone without a stop on one of its feed cells costs (:func:`feed_miss`)."""

    zone: int  # the feed zone missed (the course's order)
    protection: bool  # a leader loses its protection on climbs ("et perd sa protection")
    condition: int  # points of condition lost (Pro, the condition played; 0 otherwise)

    def words(self) -> str:
        """The cost in words, for the cell card: "the smallest die to the finish, no protection, −30 %"."""
        text = Words("the smallest die of every roll to the finish")
        if self.protection:
            text = Words("{cost}, the leader loses its protection on climbs", cost=text)
        if self.condition:
            text = Words("{cost}, \u2212{n} % condition", cost=text, n=self.condition)
        return text


def feed_miss(s, r: int, to: int) -> FeedMiss | None:
    """Would rider ``r``, going from where it stands to cell ``to`` (a move, the descent cell, a jump up a line),
    miss a feed? The question :func:`rows_crossed` answers once it goes there: a feed zone whose last row it
    leaves behind without having stopped on one of the zone's feed cells. Rows never go back, so any path to
    ``to`` gives the same answer. None when the level plays no feeds, the rider has missed one already (the
    penalty is paid once) or the move misses nothing."""
    su = s.setup
    if not su.level.feeds or s.missed_feed[r]:
        return None
    g = su.geo
    row_from, row_to = g.row[s.pos[r]], g.row[to]
    for zone, last in enumerate(g.feed_last_row):
        if row_from <= last < row_to and not s.fed_zones[r] >> zone & 1:
            return FeedMiss(zone, su.roles[r] == LEADER and bool(su.level.protection),
                            condition.MISSED_FEED if su.pro.condition else 0)
    return None


def feed_stop(s, r: int, to: int) -> bool:
    """Would rider ``r`` take a feed bag by stopping on ``to`` (a feed cell of a zone it has not fed in)?"""
    su = s.setup
    zone = su.geo.feed_zone[to] if su.level.feeds else -1
    return zone >= 0 and not s.fed_zones[r] >> zone & 1


def puncture(w, r: int, dice: tuple[int, ...], ev: list) -> None:
    """The rider punctures: at the roadside (its cell free) until the phase ends."""
    su = w.setup
    w.status = replaced(w.status, r, SIDE)
    w.punctured = replaced(w.punctured, r, 1)
    w.flats = replaced(w.flats, r, w.flats[r] + 1)
    w._occupied_cache = None
    ev.append(Puncture(w.seats.controller[r], r, su.roles[r], w.pos[r], tuple(dice), bike=su.bikes[r]))


def team_mate_puncture(w, seat: int, ev: list) -> tuple[int, ...]:
    """A team-mate (or a neutral bike) is given a 1: the dice of its roll if they make "4.2.1.", else ().

    "4.2.1." is read on the roll the die comes from, never on two rolls together: the team-mates' 3 d6; in an
    attack's turn the other team-mates' 2 ("Si c'est un équipier, il jouera ses 2 Dés 6 faces séparément");
    from 5 players a shared team's share (1 or 2 dice); with 2 players the neutral bikes' own roll. A roll of
    fewer than three dice is completed as the leader's is ("si le vélo fait « 1 », alors on jette les 2 autres
    dés … En cas de jet à 2 dés, si le vélo fait « 1+2 » ou « 2+4 » ou « 4+1 » alors on lance le troisième dé"),
    so each bike's odds of a puncture are those of the printed three-dice roll (1 in 108)."""
    roll = tuple(w.dice[2:] if w.attacker >= 0 and not w.neutral_rolled else w.dice)
    if len(roll) < 3:
        extra = leader_check_dice(roll)
        if not extra:
            return ()
        more = []
        for _ in range(extra):
            v, w.rng = die(w.rng, 6)
            more.append(v)
        ev.append(DiceRolled(seat, tuple(more), "puncture check"))
        roll += tuple(more)
    return roll if len(roll) == 3 and is_puncture_roll(roll) else ()


def check_leader_puncture(w, seat: int, leader: int, ev: list) -> bool:
    """"Leader : si le vélo fait « 1 », alors on jette les 2 autres dés pour vérifier si crevaison (4 + 2). En
    cas de jet à 2 dés, si le vélo fait « 1+2 » ou « 2+4 » ou « 4+1 » alors on lance le troisième dé"; three
    dice (protection, égratignure) showing 4, 2, 1 puncture at once. True if the leader punctured."""
    shown = tuple(w.dice)
    extra = leader_check_dice(shown)
    if extra:
        more = []
        for _ in range(extra):
            v, w.rng = die(w.rng, 6)
            more.append(v)
        ev.append(DiceRolled(seat, tuple(more), "puncture check"))
        shown = shown + tuple(more)
    if len(shown) == 3 and is_puncture_roll(shown):
        puncture(w, leader, shown, ev)
        return True
    return False


def end_of_phase(w, ev: list) -> None:
    """The phase is over: punctured riders get back in the saddle (at the roadside if their cell is taken)."""
    if not any(w.punctured):
        return
    su = w.setup
    taken = {p for p, st in zip(w.pos, w.status, strict=True) if p and st == ROAD}
    for r, flat in enumerate(w.punctured):
        if not flat:
            continue
        w.punctured = replaced(w.punctured, r, 0)
        on_road = w.pos[r] not in taken
        if on_road:
            w.status = replaced(w.status, r, ROAD)
            taken.add(w.pos[r])
            w._occupied_cache = None
        ev.append(Remounted(w.seats.controller[r], r, su.roles[r], w.pos[r], on_road, bike=su.bikes[r]))
