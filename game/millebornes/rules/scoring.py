"""Scoring a hand (the 2014 points and the classic extras, as options) and the match's :class:`Result`."""

from __future__ import annotations

from typing import Any

from ...engine.protocol import Result
from ...engine.words import N_, Words, seat_ref
from .setup import (
    ALL_SAFETIES_POINTS,
    DELAYED_POINTS,
    EXTENSION_POINTS,
    SAFE_TRIP_POINTS,
    SAFETY_POINTS,
    SHUTOUT_POINTS,
    TRIP_POINTS,
    Rules,
)
from .talk import amount, listing

# the score lines' labels (Words: a saved state's English labels are read back into them by line_words)
MILES_LINE = Words("Miles")
ALL_SAFETIES_LINE = Words("All four safeties")
TRIP_LINE = Words("Trip completed")
DELAYED_LINE = Words("Delayed action")
SAFE_TRIP_LINE = Words("Safe trip (no 200)")
SHUTOUT_LINE = Words("Shut-out")
EXTENSION_LINE = Words("Extension")
_LINES = {str(w): w for w in (MILES_LINE, ALL_SAFETIES_LINE, TRIP_LINE, DELAYED_LINE, SAFE_TRIP_LINE,
                              SHUTOUT_LINE, EXTENSION_LINE)}


def safeties_line(count: int) -> Words:
    return Words.plural("{n} safety", "{n} safeties", count)


def coups_line(count: int) -> Words:
    return Words.plural("{n} Coup Fourré", "{n} Coups Fourrés", count)


def line_words(label: str) -> str:
    """A score line's label read from a save (English) as the Words it was made as, so it is shown in the
    language in use; an unknown label as it is."""
    if label in _LINES:
        return _LINES[label]
    count, _, rest = label.partition(" ")
    if count.isdigit() and len(count) < 4:
        for make in (safeties_line, coups_line):
            words = make(int(count))
            if words == label:
                return words
    return label


def hand_lines(rules: Rules, zones: tuple[Any, ...], finisher: int, drawing_over: bool,
               extended: bool) -> tuple[tuple[tuple[str, int], ...], ...]:
    """Per zone, the score lines (label, points) of a hand just ended. ``finisher``: the zone that
    completed the trip (-1: none); ``drawing_over``: it did so after the draw pile ran out (the classic
    delayed action: reshuffled since or not)."""
    out = []
    for z, zone in enumerate(zones):
        lines: list[tuple[str, int]] = [(MILES_LINE, zone.miles)]
        safeties = len(zone.safeties)
        if safeties:
            lines.append((safeties_line(safeties), SAFETY_POINTS * safeties))
        if zone.coups:
            lines.append((coups_line(zone.coups), rules.coup_fourre_points * zone.coups))
        if rules.bonus_all_safeties and safeties == 4:
            lines.append((ALL_SAFETIES_LINE, ALL_SAFETIES_POINTS))
        if z == finisher:
            if rules.bonus_trip:
                lines.append((TRIP_LINE, TRIP_POINTS))
            if rules.bonus_delayed and drawing_over:
                lines.append((DELAYED_LINE, DELAYED_POINTS))
            if rules.bonus_safe_trip and zone.twos == 0:
                lines.append((SAFE_TRIP_LINE, SAFE_TRIP_POINTS))
            if rules.bonus_shutout and all(zones[o].miles == 0 for o in rules.opponents[z]):
                lines.append((SHUTOUT_LINE, SHUTOUT_POINTS))
            if extended:
                lines.append((EXTENSION_LINE, EXTENSION_POINTS))
        out.append(tuple(lines))
    return tuple(out)


def match_over(rules: Rules, totals: tuple[int, ...], hand_number: int, max_hands: int) -> bool:
    """One hand, or the hand after which a total reaches the target (or the last hand allowed)."""
    return rules.target == 0 or max(totals) >= rules.target or hand_number >= max_hands


def winners_of(rules: Rules, totals: tuple[int, ...]) -> tuple[int, ...]:
    """The seats of every zone with the most points (partners share their zone's)."""
    best = max(totals)
    return tuple(s for s in range(rules.players) if totals[rules.zone_of[s]] == best)


def result_of(state: Any) -> Result:
    rules: Rules = state.cfg
    zone_of = rules.zone_of
    totals = state.totals
    zone_rank = tuple(sorted(range(rules.zone_count), key=lambda z: (-totals[z], z)))
    ranking = tuple(s for z in zone_rank for s in rules.zone_seats[z])
    scores = tuple(float(totals[zone_of[s]]) for s in range(rules.players))
    labels = tuple(Words("Hand {n}", n=h + 1) for h in range(len(state.history)))
    running = [0] * rules.zone_count
    series_by_zone: list[list[float]] = [[] for _ in range(rules.zone_count)]
    for points in state.history:
        for z in range(rules.zone_count):
            running[z] += points[z]
            series_by_zone[z].append(float(running[z]))
    series = tuple(tuple(series_by_zone[zone_of[s]]) for s in range(rules.players))
    details: list[str] = []
    for h, points in enumerate(state.history):
        parts = listing([Words("{names} {points}", names=_zone_ref(rules, z), points=amount(points[z]))
                         for z in range(rules.zone_count)])
        details.append(Words("Hand {n}: {scores}", n=h + 1, scores=parts))
    if state.last_hand:
        for z, lines in enumerate(state.last_hand):
            text = listing([Words("{label} {points}", label=label, points=amount(value)) for label, value in lines])
            # (a one-hand match has no "last" hand: its hand's lines are named as the hand's)
            details.append(Words("Last hand, {names}: {lines}", names=_zone_ref(rules, z), lines=text)
                           if len(state.history) > 1 else
                           Words("The hand, {names}: {lines}", names=_zone_ref(rules, z), lines=text))
    team_fields: dict[str, Any] = {}
    if rules.teams:
        team_fields = {"team_ranking": zone_rank, "team_scores": tuple(float(t) for t in totals)}
    # "Most points wins. A tie is shared": zones level on points share their place, below the first too (1, 2, 2, 4)
    places = tuple(1 + sum(t > totals[zone_of[s]] for t in totals) for s in ranking)
    return Result(scores=scores, ranking=ranking, winners=state.winners, score_label=N_("Points"),
                  chart_labels=labels, chart_series=series, details=tuple(details), chart_label=N_("Points in all"),
                  places=places, **team_fields)


def _zone_ref(rules: Rules, zone: int) -> str:
    return " & ".join(seat_ref(s) for s in rules.zone_seats[zone])
