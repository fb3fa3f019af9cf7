"""Loading a saved Mille Bornes state: every field's type and range, then the game's consistency rules
(each kind's copies add up to the deck over hands, piles and zones; a drive pile starts with a Go and
never carries two hazards; who is asked can be asked; points add up…), each problem named in a
ValueError. Not on the engine's hot path."""

from __future__ import annotations

from typing import Any, Mapping

from ...engine.rng import MASK64
from ...engine.saved_fields import SavedFields, check_int, check_list, shown
from .cards import COPIES, EMERGENCY_VEHICLE, END_OF_LIMIT, FAMILY, GO, KINDS, NAMES, SAFETIES, SPEED_LIMIT
from .scoring import line_words, winners_of
from .setup import (
    ASKED,
    EXTEND,
    GOAL,
    HAND_SIZE,
    IDLE_TURNS,
    MAX_HANDS,
    MAX_TURNS,
    MAX_TWOS,
    OVER,
    SHORT_GOAL,
    Rules,
)
from .state import MilleBornesState
from .view import PHASES
from .zone import Zone, make_zone

_MAX_POINTS = 10_000_000


def state_from_dict(data: Mapping[str, Any], rules: Rules) -> MilleBornesState:
    """The state saved as ``data`` (see :meth:`MilleBornesState.to_dict`), or ValueError naming what is wrong."""
    f = SavedFields(data, "the saved Mille Bornes state")
    n = rules.players
    last_seat = n - 1
    s = object.__new__(MilleBornesState)
    s.cfg = rules
    s.rng = f.number("rng", 0, MASK64)
    s.phase = f.choice("phase", PHASES)
    s.turn = f.number("turn", 0, last_seat)
    s.asked = f.number("asked", -1, last_seat)
    s.attacker = f.number("attacker", -1, last_seat)
    s.attack_card = f.number("attack_card", -1, KINDS - 1)
    s.attack_zone = f.number("attack_zone", -1, rules.zone_count - 1)
    s.hands = tuple(tuple(sorted(h)) for h in f.rows("hands", 0, KINDS - 1, length=n))
    s.deck = f.numbers("deck", 0, KINDS - 1)
    s.discard = f.numbers("discard", 0, KINDS - 1)
    s.zones = _zones(f, rules)
    s.reshuffles = f.number("reshuffles", 0, MAX_TURNS)
    s.drawing_over = f.flag("drawing_over")
    s.turns = f.number("turns", 0, MAX_TURNS)
    s.idle = f.number("idle", 0, IDLE_TURNS)
    s.pass_played = f.flag("pass_played")
    s.hand_number = f.number("hand_number", 1, MAX_HANDS)
    s.goal = f.number("goal", SHORT_GOAL, GOAL)
    s.extended = f.flag("extended")
    s.totals = f.numbers("totals", 0, _MAX_POINTS, length=rules.zone_count)
    s.history = f.rows("history", 0, _MAX_POINTS, row_length=rules.zone_count)
    s.last_hand = _last_hand(f, rules)
    s.winners = f.numbers("winners", 0, last_seat)
    _check_cards(s)
    _check_zones(s)
    _check_turn(s)
    _check_points(s)
    return s


def _zones(f: SavedFields, rules: Rules) -> tuple[Zone, ...]:
    items = check_list(f.get("zones"), "'zones'", rules.zone_count)
    zones = []
    for z, item in enumerate(items):
        where = f"driving zone {z + 1}"
        part = SavedFields(item, where)
        drive = part.numbers("drive", 0, KINDS - 1)
        speed = part.numbers("speed", 0, KINDS - 1)
        counts = part.numbers("distances", 0, 20, length=5)
        safeties = []
        for i, pair in enumerate(check_list(part.get("safeties"), f"{where} 'safeties'")):
            pair = check_list(pair, f"{where} safety {i + 1}", 2)
            kind = check_int(pair[0], f"{where} safety {i + 1}", SAFETIES[0], SAFETIES[-1])
            if type(pair[1]) is not bool:
                raise ValueError(f"{where} safety {i + 1}: 'Coup Fourré' must be true or false, not {shown(pair[1])}")
            safeties.append((kind, pair[1]))
        zones.append(make_zone(rules.zone_seats[z], drive, speed, counts, tuple(safeties), rules.go_after_remedy,
                               rules.coup_fourre_points, rules.safety_miles))
    return tuple(zones)


def _last_hand(f: SavedFields, rules: Rules) -> tuple[tuple[tuple[str, int], ...], ...]:
    items = check_list(f.get("last_hand"), "'last_hand'")
    if items and len(items) != rules.zone_count:
        raise ValueError(f"'last_hand' must have {rules.zone_count} items (one per driving zone), not {len(items)}")
    out = []
    for z, lines in enumerate(items):
        row = []
        for i, line in enumerate(check_list(lines, f"'last_hand' zone {z + 1}")):
            line = check_list(line, f"'last_hand' zone {z + 1} line {i + 1}", 2)
            if type(line[0]) is not str or len(line[0]) > 60:
                raise ValueError(f"'last_hand' zone {z + 1} line {i + 1} must start with a short text")
            row.append((line_words(line[0]), check_int(line[1], f"'last_hand' zone {z + 1} line {i + 1}", 0, _MAX_POINTS)))
        out.append(tuple(row))
    return tuple(out)


def _check_cards(s: MilleBornesState) -> None:
    counts = [0] * KINDS
    for hand in s.hands:
        for card in hand:
            counts[card] += 1
    for card in s.deck + s.discard:
        counts[card] += 1
    for zone in s.zones:
        for card in zone.drive + zone.speed:
            counts[card] += 1
        for value, count in enumerate(zone.counts):
            counts[value] += count
        for kind, _ in zone.safeties:
            counts[kind] += 1
    for kind in range(KINDS):
        if counts[kind] != COPIES[kind]:
            raise ValueError(f"the game has {counts[kind]} cards of {NAMES[kind]} in hands, piles and zones, "
                             f"but the deck holds {COPIES[kind]}")
    for seat, hand in enumerate(s.hands):
        if len(hand) > HAND_SIZE + 1:
            raise ValueError(f"player {seat + 1} holds {len(hand)} cards; a hand holds at most {HAND_SIZE + 1}")


def _check_zones(s: MilleBornesState) -> None:
    for z, zone in enumerate(s.zones):
        where = f"driving zone {z + 1}"
        kinds = [k for k, _ in zone.safeties]
        if len(set(kinds)) != len(kinds):
            raise ValueError(f"{where} holds the same safety twice")
        ev = EMERGENCY_VEHICLE in kinds
        previous = -1
        for i, card in enumerate(zone.drive):
            family = FAMILY[card]
            if family not in ("hazard", "remedy") or card in (SPEED_LIMIT, END_OF_LIMIT):
                raise ValueError(f"{where}: {NAMES[card]} cannot be on a drive pile")
            if i == 0 and card != GO and not ev:
                raise ValueError(f"{where}: the first card of a drive pile must be a Go, not {NAMES[card]}")
            if family == "hazard" and previous >= 0 and FAMILY[previous] == "hazard":
                raise ValueError(f"{where}: two hazards on the drive pile at once")
            if family == "hazard" and zone.protected(card) and i == len(zone.drive) - 1 and (
                    not s.cfg.go_after_remedy or ev):  # (classic: a safety played in turn leaves it, lifted)
                raise ValueError(f"{where}: a {NAMES[card]} on top of the drive pile despite its safety")
            previous = card
        for i, card in enumerate(zone.speed):
            expected = SPEED_LIMIT if i % 2 == 0 else END_OF_LIMIT
            if card != expected:
                raise ValueError(f"{where}: the speed pile must alternate Speed Limit and End of Limit")
        if zone.twos > MAX_TWOS:
            raise ValueError(f"{where} has {zone.twos} cards of 200 miles; at most {MAX_TWOS}")
        if zone.miles > GOAL + 200:
            raise ValueError(f"{where} has {zone.miles} miles, more than a trip can reach")


def _check_turn(s: MilleBornesState) -> None:
    cfg = s.cfg
    if s.reshuffles and not cfg.reshuffle:
        raise ValueError(f"the draw pile was remade {s.reshuffles} times, but reshuffling is off in this game")
    if s.drawing_over and cfg.reshuffle:
        raise ValueError("drawing is over for this hand, but this game reshuffles the discard pile")
    if s.goal not in (SHORT_GOAL, GOAL) or (s.goal == SHORT_GOAL and (not cfg.extension or s.extended)):
        raise ValueError(f"the trip of {s.goal} miles does not match the game's options")
    if s.extended and not cfg.extension:
        raise ValueError("the trip was extended but the extension rule is off")
    asking = (s.asked, s.attacker, s.attack_card, s.attack_zone)
    if s.phase == ASKED:
        if min(asking) < 0 or FAMILY[s.attack_card] != "hazard":
            raise ValueError("a Coup Fourré question is open but its hazard, attacker or asked player is missing")
        if cfg.zone_of[s.asked] != s.attack_zone or cfg.zone_of[s.attacker] == s.attack_zone:
            raise ValueError("the player asked about a Coup Fourré does not drive in the zone that was hit")
        zone = s.zones[s.attack_zone]
        pile = zone.speed if s.attack_card == SPEED_LIMIT else zone.drive
        if not pile or pile[-1] != s.attack_card:
            raise ValueError("the hazard of the open Coup Fourré question is not on the zone it hit")
        if s.turn != s.attacker:
            raise ValueError("while a Coup Fourré question is open, the turn must be the attacker's")
    elif asking != (-1, -1, -1, -1):
        raise ValueError("a Coup Fourré question is recorded but the game is not asking one")
    if s.phase == OVER:
        if not s.winners:
            raise ValueError("the game is over but names no winner")
        return
    if s.winners:
        raise ValueError("the game names winners but is not over")
    if s.phase == EXTEND and (not cfg.extension or s.extended
                              or s.zones[cfg.zone_of[s.turn]].trip < SHORT_GOAL):
        raise ValueError("the game asks about an extension that its state does not allow")
    if s.phase != EXTEND and any(zone.trip >= s.goal for zone in s.zones):
        raise ValueError(f"a driving zone has reached the trip of {s.goal} but the hand goes on")
    if s.phase == PHASES.index("draw") and not s.deck:
        raise ValueError("a player is to draw but the draw pile is empty")
    if s.phase == PHASES.index("play") and not s.hands[s.turn]:
        raise ValueError("a player is to play but holds no card")
    if s.drawing_over and s.deck:
        raise ValueError("drawing is over for this hand but the draw pile still holds cards")


def _check_points(s: MilleBornesState) -> None:
    cfg = s.cfg
    if len(s.history) != s.hand_number - (0 if s.phase == OVER else 1):
        raise ValueError(f"{len(s.history)} hands are scored but this is hand {s.hand_number}")
    for z in range(cfg.zone_count):
        if sum(h[z] for h in s.history) != s.totals[z]:
            raise ValueError(f"driving zone {z + 1}'s total does not add up from its hands")
    if s.history and not s.last_hand:
        raise ValueError("hands are scored but the last hand's score lines are missing")
    if s.last_hand:
        if tuple(sum(v for _, v in lines) for lines in s.last_hand) != s.history[-1]:
            raise ValueError("the last hand's score lines do not add up to its points")
    if s.phase == OVER:
        if tuple(s.winners) != winners_of(cfg, s.totals):
            raise ValueError("the winners are not the players with the most points")
