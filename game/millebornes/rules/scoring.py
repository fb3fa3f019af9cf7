"""Scoring a hand (the 2014 points and the classic extras, as options) and the match's :class:`Result`."""

from __future__ import annotations

from typing import Any

from ...engine.protocol import Result
from ...engine.words import seat_ref
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


def _plural(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


def hand_lines(rules: Rules, zones: tuple[Any, ...], finisher: int, drawing_over: bool,
               extended: bool) -> tuple[tuple[tuple[str, int], ...], ...]:
    """Per zone, the score lines (label, points) of a hand just ended. ``finisher``: the zone that
    completed the trip (-1: none); ``drawing_over``: it did so after the draw pile ran out (the classic
    delayed action: reshuffled since or not)."""
    out = []
    for z, zone in enumerate(zones):
        lines: list[tuple[str, int]] = [("Miles", zone.miles)]
        safeties = len(zone.safeties)
        if safeties:
            lines.append((_plural(safeties, "safety", "safeties"), SAFETY_POINTS * safeties))
        if zone.coups:
            lines.append((_plural(zone.coups, "Coup Fourré", "Coups Fourrés"), rules.coup_fourre_points * zone.coups))
        if rules.bonus_all_safeties and safeties == 4:
            lines.append(("All four safeties", ALL_SAFETIES_POINTS))
        if z == finisher:
            if rules.bonus_trip:
                lines.append(("Trip completed", TRIP_POINTS))
            if rules.bonus_delayed and drawing_over:
                lines.append(("Delayed action", DELAYED_POINTS))
            if rules.bonus_safe_trip and zone.twos == 0:
                lines.append(("Safe trip (no 200)", SAFE_TRIP_POINTS))
            if rules.bonus_shutout and all(zones[o].miles == 0 for o in rules.opponents[z]):
                lines.append(("Shut-out", SHUTOUT_POINTS))
            if extended:
                lines.append(("Extension", EXTENSION_POINTS))
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
    labels = tuple(f"Hand {h + 1}" for h in range(len(state.history)))
    running = [0] * rules.zone_count
    series_by_zone: list[list[float]] = [[] for _ in range(rules.zone_count)]
    for points in state.history:
        for z in range(rules.zone_count):
            running[z] += points[z]
            series_by_zone[z].append(float(running[z]))
    series = tuple(tuple(series_by_zone[zone_of[s]]) for s in range(rules.players))
    details = []
    for h, points in enumerate(state.history):
        parts = ", ".join(f"{_zone_ref(rules, z)} {points[z]:,}" for z in range(rules.zone_count))
        details.append(f"Hand {h + 1}: {parts}")
    if state.last_hand:
        for z, lines in enumerate(state.last_hand):
            text = ", ".join(f"{label} {value:,}" for label, value in lines)
            details.append(f"Last hand, {_zone_ref(rules, z)}: {text}")
    team_fields: dict[str, Any] = {}
    if rules.teams:
        team_fields = {"team_ranking": zone_rank, "team_scores": tuple(float(t) for t in totals)}
    return Result(scores=scores, ranking=ranking, winners=state.winners, score_label="Points",
                  chart_labels=labels, chart_series=series, details=tuple(details), chart_label="Points in all",
                  **team_fields)


def _zone_ref(rules: Rules, zone: int) -> str:
    return " & ".join(seat_ref(s) for s in rules.zone_seats[zone])
