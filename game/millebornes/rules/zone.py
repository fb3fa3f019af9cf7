"""A driving zone (immutable) and the rules of what may be played on it, with the reasons in plain words.

A zone holds a drive pile (the first card a Go, then hazards and remedies), a speed pile (Speed
Limit / End of Limit), the distance cards (counted per value), and the safeties in play order, each
marked when it came as a Coup Fourré. Everything a rule asks (the hazard on top, rolling, limited,
protected, miles, the trip so far, 200s, points) is worked out once when the zone is built.

A hazard on top of the drive pile that a safety in play covers is *lifted*: it stops nobody. Only the
classic option "a Go after every remedy" leaves one there (a safety played in turn lifts its hazard,
and the car still needs a Go on it); otherwise a lifted hazard goes to the discard pile.
"""

from __future__ import annotations

from ...engine.words import Words
from .actions import card_name, card_words, the_hazard
from .cards import (
    ACCIDENT,
    D50,
    D200,
    EMERGENCY_VEHICLE,
    END_OF_LIMIT,
    FAMILY,
    FLAT_TIRE,
    GO,
    HAZARD_FOR_REMEDY,
    MILES,
    NAMES,
    OUT_OF_GAS,
    REMEDY_FOR,
    SAFETY_FOR,
    SPEED_LIMIT,
    STOP,
)
from .setup import LIMITED_MILES, MAX_TWOS, SAFETY_POINTS
from .view import ZoneView

HAZARD_KIND = tuple(f == "hazard" for f in FAMILY)
SAFETY_BITS = 0b1111 << 15
GO_BIT = 1 << GO
END_OF_LIMIT_BIT = 1 << END_OF_LIMIT
SPEED_LIMIT_BIT = 1 << SPEED_LIMIT
STOPPING_HAZARDS = (ACCIDENT, OUT_OF_GAS, FLAT_TIRE, STOP)
EV_BIT = 1 << (EMERGENCY_VEHICLE - 15)


def safety_bit(safety: int) -> int:
    return 1 << (safety - 15)


class Zone:
    """One driving zone. Build with :func:`make_zone` (or :meth:`with_`); never mutate."""

    __slots__ = ("seats", "drive", "speed", "counts", "safeties", "safety_mask", "miles", "trip", "twos", "hazard",
                 "lifted", "limited", "rolling", "started", "coups", "points", "own_mask", "hazard_mask", "_view")

    seats: tuple[int, ...]
    drive: tuple[int, ...]
    speed: tuple[int, ...]
    counts: tuple[int, ...]
    safeties: tuple[tuple[int, bool], ...]
    safety_mask: int
    miles: int  # the distance cards' miles
    trip: int  # toward the goal: the miles, and (2014 rules) 100 a safety
    twos: int
    hazard: int  # the hazard stopping the car (on top of the drive pile, not lifted); -1: none
    lifted: int  # a hazard on top of the drive pile that a safety lifted (classic: waiting for a Go); -1: none
    limited: bool
    rolling: bool
    started: bool
    coups: int
    points: int
    own_mask: int  # bit per kind: a distance, remedy or safety its drivers may play on it now (exact finish aside)
    hazard_mask: int  # bit per kind: a hazard an opponent may play on it now

    def protected(self, hazard: int) -> bool:
        """Is this zone protected from ``hazard`` by a safety in play?"""
        return bool(self.safety_mask & safety_bit(SAFETY_FOR[hazard]))

    def has_safety(self, safety: int) -> bool:
        return bool(self.safety_mask & safety_bit(safety))

    def view(self) -> ZoneView:
        found = self._view
        if found is None:
            found = self._view = ZoneView(
                seats=self.seats, drive=self.drive, speed=self.speed, distance_counts=self.counts,
                safeties=self.safeties, miles=self.miles, rolling=self.rolling, limited=self.limited, twos=self.twos,
                points=self.points, hazard=self.hazard, trip=self.trip)
        return found

    def with_(self, go_after_remedy: bool, coup_fourre_points: int, safety_miles: int, *,
              drive: tuple[int, ...] | None = None, speed: tuple[int, ...] | None = None,
              counts: tuple[int, ...] | None = None, safeties: tuple[tuple[int, bool], ...] | None = None) -> Zone:
        return make_zone(self.seats, self.drive if drive is None else drive, self.speed if speed is None else speed,
                         self.counts if counts is None else counts,
                         self.safeties if safeties is None else safeties, go_after_remedy, coup_fourre_points,
                         safety_miles)


def make_zone(seats: tuple[int, ...], drive: tuple[int, ...], speed: tuple[int, ...], counts: tuple[int, ...],
              safeties: tuple[tuple[int, bool], ...], go_after_remedy: bool, coup_fourre_points: int,
              safety_miles: int) -> Zone:
    """A zone with everything the rules ask worked out. ``go_after_remedy``: the classic rule (only a
    Go on top, or the Emergency Vehicle with no hazard on top, lets you drive). ``safety_miles``: what
    each safety counts toward the trip (100 under the 2014 rules, 0 with the classic trip options)."""
    z = object.__new__(Zone)
    z.seats = seats
    z.drive = drive
    z.speed = speed
    z.counts = counts
    z.safeties = safeties
    mask = 0
    coups = 0
    for kind, coup in safeties:
        mask |= safety_bit(kind)
        coups += coup
    z.safety_mask = mask
    z.coups = coups
    z.miles = 25 * counts[0] + 50 * counts[1] + 75 * counts[2] + 100 * counts[3] + 200 * counts[4]
    z.trip = z.miles + safety_miles * len(safeties)
    z.twos = counts[4]
    top = drive[-1] if drive else -1
    z.hazard = z.lifted = -1
    if top >= 0 and HAZARD_KIND[top]:
        if mask & safety_bit(SAFETY_FOR[top]):
            z.lifted = top
        else:
            z.hazard = top
    z.limited = bool(speed) and speed[-1] == SPEED_LIMIT
    ev = bool(mask & EV_BIT)
    z.started = bool(drive) or ev
    if z.hazard >= 0:
        z.rolling = False
    elif go_after_remedy:
        z.rolling = top == GO or ev
    else:
        z.rolling = z.started
    z.points = z.miles + SAFETY_POINTS * len(safeties) + coup_fourre_points * coups
    # what may be played on it now, as bits per kind (the same answers as distance_ok, remedy_ok, hazard_ok)
    own = SAFETY_BITS
    hazard = z.hazard
    if z.rolling:
        own |= 0b00011 if z.limited else 0b01111 if z.twos >= MAX_TWOS else 0b11111
    elif hazard < 0 or hazard == STOP:
        if not ev:
            own |= GO_BIT
    if hazard >= 0 and hazard != STOP:
        own |= 1 << REMEDY_FOR[hazard]
    if z.limited:
        own |= END_OF_LIMIT_BIT
    z.own_mask = own
    hazards = 0
    if z.rolling:
        for card in STOPPING_HAZARDS:
            if not mask & 1 << (SAFETY_FOR[card] - 15):
                hazards |= 1 << card
    if not ev and not z.limited:
        hazards |= SPEED_LIMIT_BIT
    z.hazard_mask = hazards
    z._view = None
    return z


def empty_zone(seats: tuple[int, ...], go_after_remedy: bool, coup_fourre_points: int, safety_miles: int) -> Zone:
    return make_zone(seats, (), (), (0, 0, 0, 0, 0), (), go_after_remedy, coup_fourre_points, safety_miles)


# --------------------------------------------------------------------------- what may go on a zone


def distance_problem(zone: Zone, card: int, goal: int, exact: bool, teams: bool) -> str | None:
    """Why distance ``card`` may not go on ``zone`` now (``None``: it may)."""
    if not zone.rolling:
        return not_rolling_words(zone)
    if zone.limited and MILES[card] > LIMITED_MILES:
        return Words("Speed Limit: 50 miles at most until End of Limit")
    if card == D200 and zone.twos >= MAX_TWOS:
        return Words("Only two 200s per team") if teams else Words("Only two 200s per player")
    if exact and zone.trip + MILES[card] > goal:
        return Words("That would take you past {goal} miles: the trip must end exactly at {goal}", goal=goal)
    return None


def not_rolling_words(zone: Zone) -> str:
    """Why a zone that is not rolling may not drive."""
    if zone.hazard == STOP:
        return Words("You are stopped: play a Go first")
    if zone.hazard >= 0:
        return Words("Fix {hazard} first: play {remedy}", hazard=the_hazard(zone.hazard),
                     remedy=card_words(REMEDY_FOR[zone.hazard]))
    if not zone.drive:
        return Words("You need a Go first")
    if zone.lifted >= 0:
        return Words("You need a Go first: {safety} lifted {hazard}, and a Go is needed again after it (classic rule)",
                     safety=NAMES[SAFETY_FOR[zone.lifted]], hazard=the_hazard(zone.lifted))
    return Words("You need a Go first: a Go is needed again after each remedy (classic rule)")


def remedy_problem(zone: Zone, card: int) -> str | None:
    """Why remedy ``card`` may not go on ``zone`` now (``None``: it may)."""
    if card == GO:
        if zone.has_safety(EMERGENCY_VEHICLE):
            return Words("The Emergency Vehicle already lets you drive: no Go is needed")
        if zone.hazard >= 0 and zone.hazard != STOP:
            return Words("A Go does not fix {hazard}: play {remedy}", hazard=the_hazard(zone.hazard),
                         remedy=card_words(REMEDY_FOR[zone.hazard]))
        if zone.rolling:
            return Words("You are already rolling")
        return None
    hazard = HAZARD_FOR_REMEDY[card]
    if hazard == SPEED_LIMIT:
        return None if zone.limited else Words("You have no Speed Limit to end")
    if zone.hazard == hazard:
        return None
    if zone.hazard >= 0:
        return Words("{card} does not fix {hazard}: play {remedy}", card=card_name(card),
                     hazard=the_hazard(zone.hazard), remedy=card_words(REMEDY_FOR[zone.hazard]))
    return Words("There is no {hazard} to fix", hazard=card_name(hazard))


def hazard_problem(zone: Zone, card: int, who: str) -> str | None:
    """Why hazard ``card`` may not go on ``zone`` (driven by ``who``: "That player", "Bob") now."""
    if zone.protected(card):
        return Words("{who} is protected by {safety}", who=who, safety=NAMES[SAFETY_FOR[card]])
    if card == SPEED_LIMIT:
        return Words("{who} already has a Speed Limit", who=who) if zone.limited else None
    if zone.hazard >= 0:
        return Words("{who} already has a hazard on the drive pile", who=who)
    if not zone.rolling:
        return Words("{who} is not rolling: a hazard can only stop a car that has a Go", who=who)
    return None


def distance_ok(zone: Zone, card: int, goal: int, exact: bool) -> bool:
    """The fast form of :func:`distance_problem` (legal-action lists)."""
    return (zone.rolling and (not zone.limited or card <= D50) and (card != D200 or zone.twos < MAX_TWOS)
            and (not exact or zone.trip + MILES[card] <= goal))


def hazard_ok(zone: Zone, card: int) -> bool:
    if zone.safety_mask & safety_bit(SAFETY_FOR[card]):
        return False
    if card == SPEED_LIMIT:
        return not zone.limited
    return zone.rolling


def remedy_ok(zone: Zone, card: int) -> bool:
    if card == GO:
        return not zone.rolling and (zone.hazard < 0 or zone.hazard == STOP) and not zone.safety_mask & EV_BIT
    hazard = HAZARD_FOR_REMEDY[card]
    if hazard == SPEED_LIMIT:
        return zone.limited
    return zone.hazard == hazard
