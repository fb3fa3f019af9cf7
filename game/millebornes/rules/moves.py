"""How each move changes a Mille Bornes state: drawing (with the reshuffles), playing, discarding,
exchanging, the Coup Fourré question, the extension, the end of a hand (the trip completed, or a
stalled hand) and the next deal.

Every function takes a fresh copy ``n`` of the state (see ``MilleBornesState._copy``), changes it
in place and appends events to ``ev``; the caller returns ``n``. Legality is checked before
(``why_illegal``): these functions trust their move.
"""

from __future__ import annotations

from random import Random
from typing import Any

from ...engine import rng as rnglib
from ...engine.words import Words
from .cards import (
    COPIES,
    EMERGENCY_VEHICLE,
    END_OF_LIMIT,
    FAMILY,
    KINDS,
    SAFETY_FOR,
    SPEED_LIMIT,
)
from .events import (
    CardsDrawn,
    CardsExchanged,
    CoupFourrePlayed,
    Declined,
    Discarded,
    DiscardTaken,
    DistancePlayed,
    DrawingOver,
    DrawPileReshuffled,
    ExtensionDecided,
    ExtensionOffered,
    FastRemedyPlayed,
    HandScored,
    HandStarted,
    HazardPlayed,
    MatchOver,
    RemedyPlayed,
    SafetyPlayed,
    TurnPassed,
)
from .scoring import hand_lines, match_over, winners_of
from .setup import ASKED, DRAW, EXTEND, GOAL, HAND_SIZE, IDLE_TURNS, MAX_HANDS, OVER, PLAY, SHORT_GOAL
from .zone import Zone, empty_zone, make_zone

FULL_DECK = tuple(kind for kind in range(KINDS) for _ in range(COPIES[kind]))
IS_DISTANCE = tuple(f == "distance" for f in FAMILY)
IS_HAZARD = tuple(f == "hazard" for f in FAMILY)
IS_REMEDY = tuple(f == "remedy" for f in FAMILY)


# interned events of the hot path: EVENT[seat][card]
_SEATS = range(8)
DREW_ONE = tuple(tuple(CardsDrawn(s, (c,), (s,)) for c in range(KINDS)) for s in _SEATS)
DISCARDED = tuple(tuple(Discarded(s, c) for c in range(KINDS)) for s in _SEATS)
TAKEN = tuple(tuple(DiscardTaken(s, c) for c in range(KINDS)) for s in _SEATS)
DECLINED = tuple(tuple(Declined(s, c) for c in range(KINDS)) for s in _SEATS)


def shuffle(state: int, cards: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
    """``cards`` in a random order drawn from the int RNG ``state``, and the next state. One 64-bit
    value seeds a Mersenne Twister whose floats sort the cards (about 7x faster than a Fisher-Yates
    shuffle drawing each index from the int RNG; every order equally likely, the same on every machine)."""
    seed, state = rnglib.next_u64(state)
    draw = Random(seed).random
    keyed = sorted([(draw(), card) for card in cards])
    return tuple(card for _, card in keyed), state


def without(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    """``hand`` (sorted) with one ``card`` fewer."""
    i = hand.index(card)
    return hand[:i] + hand[i + 1:]


def with_cards(hand: tuple[int, ...], cards: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    return tuple(sorted(hand + tuple(cards)))


def _set_hand(n: Any, seat: int, hand: tuple[int, ...]) -> None:
    hands = list(n.hands)
    hands[seat] = hand
    n.hands = tuple(hands)


def _set_zone(n: Any, index: int, zone: Zone) -> None:
    zones = list(n.zones)
    zones[index] = zone
    n.zones = tuple(zones)


def _rebuilt(n: Any, zone: Zone, **parts: Any) -> Zone:
    cfg = n.cfg
    return zone.with_(cfg.go_after_remedy, cfg.coup_fourre_points, cfg.safety_miles, **parts)


def _progress(n: Any) -> None:
    """A card was played on a driving zone: the hand is not stalled."""
    n.idle = 0
    n.pass_played = True


# --------------------------------------------------------------------------- the draw pile


def stalled(n: Any) -> bool:
    """Has a whole pass of the draw pile gone by with no card played on a zone? (The pile is empty: no
    card was played on a zone since it was made, nor in the last round, so every player had a turn.)"""
    return not n.pass_played and n.idle >= n.cfg.players


def refill(n: Any, ev: list) -> None:
    """The draw pile is empty and a card is wanted: the discard pile becomes a new draw pile (2014
    rules, as often as needed), or (classic no-reshuffle option) drawing is over for this hand. The
    caller has checked the hand is not :func:`stalled`."""
    if not n.cfg.reshuffle:
        if not n.drawing_over:
            n.drawing_over = True
            ev.append(DrawingOver())
        return
    if n.discard:
        n.deck, n.rng = shuffle(n.rng, n.discard)
        n.discard = ()
        n.reshuffles += 1
        n.pass_played = False
        ev.append(DrawPileReshuffled(n.reshuffles, len(n.deck)))


def draw_cards(n: Any, seat: int, count: int, ev: list) -> None:
    """``seat`` draws ``count`` cards from the top of the draw pile (fewer if it runs short). An empty
    pile is remade first (a player refilling their hand after a Coup Fourré or a fast remedy, which
    are cards played on a zone, so the hand is not stalled)."""
    if not n.deck and not n.drawing_over:
        refill(n, ev)
    deck = n.deck
    if count == 1 and deck:
        card = deck[-1]
        n.deck = deck[:-1]
        hands = list(n.hands)
        hands[seat] = tuple(sorted(hands[seat] + (card,)))
        n.hands = tuple(hands)
        ev.append(DREW_ONE[seat][card])
        return
    take = min(count, len(deck))
    if take:
        drawn = deck[len(deck) - take:][::-1]  # the top card first
        n.deck = deck[:len(deck) - take]
        hands = list(n.hands)
        hands[seat] = tuple(sorted(hands[seat] + drawn))
        n.hands = tuple(hands)
        ev.append(CardsDrawn(seat, drawn, (seat,)))


# --------------------------------------------------------------------------- turns


def start_turn(n: Any, seat: int, ev: list) -> None:
    """``seat`` begins a turn: it draws first (an empty draw pile is remade from the discard pile, 2014
    rules); with the classic no-reshuffle option, once the pile is empty it plays from its hand, and a
    seat with no card left passes. A stalled hand ends, scored as it stands: a whole pass of the draw
    pile with no card played on a zone, or ``IDLE_TURNS`` turns in a row without one; so does a hand
    whose every card is played (no reshuffle)."""
    cfg = n.cfg
    n.asked = -1
    for _ in range(cfg.players + 1):
        if n.idle >= IDLE_TURNS:
            end_hand(n, Words("no card played for {n} turns", n=IDLE_TURNS), -1, ev)
            return
        if not n.deck and not n.drawing_over:
            if cfg.reshuffle and stalled(n):
                end_hand(n, Words("a whole pass of the draw pile without a card played"), -1, ev)
                return
            refill(n, ev)
        n.turns += 1
        n.idle += 1
        n.turn = seat
        if n.deck:
            n.phase = DRAW
            return
        if n.hands[seat]:
            n.phase = PLAY
            return
        if not any(n.hands):
            end_hand(n, Words("every card played"), -1, ev)
            return
        ev.append(TurnPassed(seat))
        seat = cfg.next_seat[seat]
    raise AssertionError("no seat could take a turn")  # pragma: no cover - some hand holds a card


def draw(n: Any, seat: int, from_discard: bool, ev: list) -> None:
    if from_discard:
        card = n.discard[-1]
        n.discard = n.discard[:-1]
        _set_hand(n, seat, with_cards(n.hands[seat], (card,)))
        ev.append(TAKEN[seat][card])
    else:
        draw_cards(n, seat, 1, ev)
    n.phase = PLAY


def discard(n: Any, seat: int, card: int, ev: list) -> None:
    _set_hand(n, seat, without(n.hands[seat], card))
    n.discard = n.discard + (card,)
    ev.append(DISCARDED[seat][card])
    start_turn(n, n.cfg.next_seat[seat], ev)


def exchange(n: Any, seat: int, cards: tuple[int, ...], ev: list) -> None:
    """2014 rule: pass the turn, discard ``cards`` face up and draw as many."""
    hand = list(n.hands[seat])
    for card in cards:
        hand.remove(card)
    _set_hand(n, seat, tuple(hand))
    n.discard = n.discard + cards
    ev.append(CardsExchanged(seat, cards))
    draw_cards(n, seat, len(cards), ev)
    start_turn(n, n.cfg.next_seat[seat], ev)


def _lift(n: Any, zone: Zone, safety: int, keep: bool = False) -> tuple[Zone, int]:
    """A safety coming into play (``zone`` already holds it) lifts the hazards it covers, to the discard
    pile: the one on top of the drive pile, and (the Emergency Vehicle) a Speed Limit. ``keep``: the
    drive pile's hazard stays there, lifted, waiting for a Go (the classic "a Go after every remedy",
    for a safety played in turn). Without ``keep`` a hazard lifted earlier and waiting for a Go goes
    too (the Emergency Vehicle now lets the car roll). Returns the zone and the hazard lifted."""
    lifted = -1
    drive, speed = zone.drive, zone.speed
    if zone.lifted >= 0 and (SAFETY_FOR[zone.lifted] == safety or not keep):  # (the zone holds the safety)
        if SAFETY_FOR[zone.lifted] == safety:
            lifted = zone.lifted
        if not keep:
            n.discard = n.discard + (zone.lifted,)
            drive = drive[:-1]
    if safety == EMERGENCY_VEHICLE and zone.limited:
        lifted = SPEED_LIMIT if lifted < 0 else lifted
        n.discard = n.discard + (SPEED_LIMIT,)
        speed = speed[:-1]
    if drive is zone.drive and speed is zone.speed:
        return zone, lifted
    return _rebuilt(n, zone, drive=drive, speed=speed), lifted


def _trip_reached(n: Any, seat: int, zone_index: int, ev: list) -> bool:
    """Has zone ``zone_index`` reached the trip (its miles, and 100 a safety under the 2014 rules)? Then
    the classic extension is offered to ``seat`` at 700, or the hand ends. Returns whether it has."""
    trip = n.zones[zone_index].trip
    if trip < n.goal:
        return False
    if n.goal == SHORT_GOAL and not n.extended and n.cfg.extension:
        n.phase = EXTEND
        n.turn = seat
        ev.append(ExtensionOffered(seat, trip))
    else:
        end_hand(n, Words("trip completed"), zone_index, ev)
    return True


def play(n: Any, seat: int, card: int, zone_index: int, ev: list) -> None:
    cfg = n.cfg
    _set_hand(n, seat, without(n.hands[seat], card))
    _progress(n)
    zone = n.zones[zone_index]
    if IS_DISTANCE[card]:
        counts = list(zone.counts)
        counts[card] += 1
        zone = _rebuilt(n, zone, counts=tuple(counts))
        _set_zone(n, zone_index, zone)
        ev.append(DistancePlayed(seat, card, zone_index, zone.miles))
        if not _trip_reached(n, seat, zone_index, ev):
            start_turn(n, cfg.next_seat[seat], ev)
        return
    if IS_HAZARD[card]:
        if card == SPEED_LIMIT:
            zone = _rebuilt(n, zone, speed=zone.speed + (card,))
        else:
            zone = _rebuilt(n, zone, drive=zone.drive + (card,))
        _set_zone(n, zone_index, zone)
        ev.append(HazardPlayed(seat, card, zone_index, zone.seats))
        n.phase = ASKED
        n.attacker = seat
        n.attack_card = card
        n.attack_zone = zone_index
        n.asked = cfg.ask_order[seat][zone_index][0]
        return
    if IS_REMEDY[card]:
        zone = _put_remedy(n, zone, card)
        _set_zone(n, zone_index, zone)
        ev.append(RemedyPlayed(seat, card, zone_index))
        start_turn(n, cfg.next_seat[seat], ev)
        return
    # a safety: +100, protection for the rest of the hand, lifts what it covers, and an extra turn (unless
    # it completes the trip: 2014 rules, 100 toward it)
    zone = _rebuilt(n, zone, safeties=zone.safeties + ((card, False),))
    keep = cfg.go_after_remedy and not zone.has_safety(EMERGENCY_VEHICLE)  # classic: a Go is needed again
    zone, lifted = _lift(n, zone, card, keep)
    _set_zone(n, zone_index, zone)
    completes = zone.trip >= n.goal
    ev.append(SafetyPlayed(seat, card, zone_index, lifted, keep and lifted >= 0, completes))
    if not _trip_reached(n, seat, zone_index, ev):
        start_turn(n, seat, ev)


def _put_remedy(n: Any, zone: Zone, card: int) -> Zone:
    if card == END_OF_LIMIT:  # it goes on the speed pile
        return _rebuilt(n, zone, speed=zone.speed + (card,))
    return _rebuilt(n, zone, drive=zone.drive + (card,))


def _close_question(n: Any) -> int:
    attacker = n.attacker
    n.attacker = n.attack_card = n.attack_zone = -1
    n.asked = -1
    return attacker


def decline(n: Any, seat: int, ev: list) -> None:
    ev.append(DECLINED[seat][n.attack_card])
    order = n.cfg.ask_order[n.attacker][n.attack_zone]
    i = order.index(seat)
    if i + 1 < len(order):
        n.asked = order[i + 1]
        return
    attacker = _close_question(n)
    start_turn(n, n.cfg.next_seat[attacker], ev)


def coup_fourre(n: Any, seat: int, ev: list) -> None:
    """The hazard is discarded, the safety goes into play sideways (+100, +200), the player draws to
    refill their hand, then takes their turn (draws again and plays); players between lose theirs."""
    hazard, zone_index, attacker = n.attack_card, n.attack_zone, n.attacker
    safety = SAFETY_FOR[hazard]
    _set_hand(n, seat, without(n.hands[seat], safety))
    _progress(n)
    zone = n.zones[zone_index]
    if hazard == SPEED_LIMIT:
        zone = _rebuilt(n, zone, speed=zone.speed[:-1], safeties=zone.safeties + ((safety, True),))
    else:
        zone = _rebuilt(n, zone, drive=zone.drive[:-1], safeties=zone.safeties + ((safety, True),))
    n.discard = n.discard + (hazard,)
    zone, _ = _lift(n, zone, safety)
    _set_zone(n, zone_index, zone)
    ev.append(CoupFourrePlayed(seat, safety, zone_index, hazard, attacker))
    _close_question(n)
    if _trip_reached(n, seat, zone_index, ev):  # 2014 rules: the safety's 100 completes the trip
        return
    draw_cards(n, seat, 1, ev)
    start_turn(n, seat, ev)


def fast_remedy(n: Any, seat: int, card: int, ev: list) -> None:
    """Fast play: the remedy goes on at once, the player draws to refill, and play goes on after the attacker."""
    hazard, zone_index = n.attack_card, n.attack_zone
    _set_hand(n, seat, without(n.hands[seat], card))
    _progress(n)
    _set_zone(n, zone_index, _put_remedy(n, n.zones[zone_index], card))
    ev.append(FastRemedyPlayed(seat, card, zone_index, hazard))
    attacker = _close_question(n)
    draw_cards(n, seat, 1, ev)
    start_turn(n, n.cfg.next_seat[attacker], ev)


def extend(n: Any, seat: int, yes: bool, ev: list) -> None:
    ev.append(ExtensionDecided(seat, yes))
    if yes:
        n.goal = GOAL
        n.extended = True
        start_turn(n, n.cfg.next_seat[seat], ev)
    else:
        end_hand(n, Words("trip completed"), n.cfg.zone_of[seat], ev)


# --------------------------------------------------------------------------- hands


def end_hand(n: Any, why: str, finisher: int, ev: list) -> None:
    """Score the hand; then the game is over or the next hand is dealt."""
    cfg = n.cfg
    lines = hand_lines(cfg, n.zones, finisher, n.drawing_over or n.reshuffles > 0, n.extended)
    points = tuple(sum(v for _, v in z) for z in lines)
    n.totals = tuple(t + p for t, p in zip(n.totals, points, strict=True))
    n.history = n.history + (points,)
    n.last_hand = lines
    ev.append(HandScored(n.hand_number, why, cfg.zone_seats, points, n.totals, lines))
    n.attacker = n.attack_card = n.attack_zone = n.asked = -1
    if match_over(cfg, n.totals, n.hand_number, MAX_HANDS):
        n.phase = OVER
        n.winners = winners_of(cfg, n.totals)
        ev.append(MatchOver(n.winners, max(n.totals), n.hand_number))
        return
    deal(n, n.hand_number + 1, ev)


def deal(n: Any, hand_number: int, ev: list) -> None:
    """A new hand: the whole deck shuffled, six cards each, the zones cleared; its starter begins."""
    cfg = n.cfg
    deck, n.rng = shuffle(n.rng, FULL_DECK)
    hands = []
    for s in range(cfg.players):
        hands.append(tuple(sorted(deck[len(deck) - HAND_SIZE * (s + 1):len(deck) - HAND_SIZE * s])))
    n.hands = tuple(hands)
    n.deck = deck[:len(deck) - HAND_SIZE * cfg.players]
    n.discard = ()
    n.zones = tuple(empty_zone(seats, cfg.go_after_remedy, cfg.coup_fourre_points, cfg.safety_miles)
                    for seats in cfg.zone_seats)
    n.reshuffles = 0
    n.drawing_over = False
    n.turns = 0
    n.idle = 0
    n.pass_played = False
    n.hand_number = hand_number
    n.goal = cfg.first_goal
    n.extended = False
    n.attacker = n.attack_card = n.attack_zone = n.asked = -1
    starter = cfg.starter(hand_number)
    ev.append(HandStarted(hand_number, starter, n.goal))
    start_turn(n, starter, ev)


__all__ = ["FULL_DECK", "coup_fourre", "deal", "decline", "discard", "draw", "end_hand", "exchange", "extend",
           "fast_remedy", "make_zone", "play", "refill", "start_turn", "with_cards", "without"]
