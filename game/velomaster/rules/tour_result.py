"""The result of a VeloMaster tour (pure), from its general classification (:mod:`.tour_standings`):

* seats ranked by their best rider in the general classification (riders out of the tour do not count; a seat
  with none left comes last); the winner is the Maillot Or's seat (a neutral Or, Expert with 2 players, belongs
  to nobody: the best-placed seat wins);
* the score shown per seat is its best rider's cumulative time (the leader's in full, the others' gap);
  the number behind it, as for a single race, the team's climbers' points (the chart: after each stage);
* detail lines: the Maillot Or, the Maillot Rouge, the team classification, each stage's winner, each seat's
  riders with their places, gaps and points ("{1}: grey team-mate 1st 1h07'30 (71 pts) · leader 7th +1h36'00
  (33 pts)"), riders named as the race table names them in the last stage.
"""

from __future__ import annotations

from ...engine.protocol import Result
from ...engine.words import N_, Words, seat_ref
from .events import clock, gap
from .words import bib_word, role_word
from .words import place as place_words


def _role(t, r: int, stage: int = -1) -> str:
    """What the race table calls a rider in the last stage (or in ``stage``, 0-based): "leader", "grey team-mate"
    (teams of four), "team-mate" (Débutant's teams of two)."""
    setup = t.race.setup
    slot = t.rider_slot(r) if stage < 0 else t.stage_slot(r, stage)
    if setup.roles[slot] == "leader":
        return role_word("leader")
    return role_word("equipier") if setup.per_team <= 2 else Words("{bib} team-mate", bib=bib_word(setup.bibs[slot]))


def _rider(t, r: int, stage: int = -1) -> str:
    """"{0}'s leader", "{1}'s grey team-mate" (the table's words), "the neutral grey bike"; ``stage`` (0-based): as
    the rider rode that stage (its slot then, whatever a change of leader gave it since)."""
    seat = t.rider_seat(r)
    if seat < 0:
        return Words("the neutral {bib} bike", bib=bib_word(t.rider_bib(r)))
    slot = t.rider_slot(r) if stage < 0 else t.stage_slot(r, stage)
    if t.race.setup.roles[slot] == "leader":
        return Words("{player}'s {rider}", player=seat_ref(seat), rider=_role(t, r, stage))
    return Words("{player}'s {mate}", player=seat_ref(seat), mate=_role(t, r, stage))  # (French: "l'équipier")


def _pts(points: int) -> str:
    return Words.plural("{n} pt", "{n} pts", points)


def _seat_riders(t, seat: int) -> tuple[int, ...]:
    """The tour riders ``seat`` raced in the last stage (its own riders, never neutral bikes)."""
    return tuple(t.slot_rider[slot] for slot in t.race.seats.own_riders[seat])


def tour_result(t) -> Result:
    plan = t.plan
    n = plan.players
    st = t.standings()
    place = {r: i for i, r in enumerate(st.general)}
    big = len(place) + 1
    best_place = [min((place.get(r, big) for r in _seat_riders(t, seat)), default=big) for seat in range(n)]
    ranking = tuple(sorted(range(n), key=lambda seat: (best_place[seat], seat)))
    or_seat = t.rider_seat(st.or_jersey) if st.or_jersey >= 0 else -1
    winners = (or_seat,) if or_seat >= 0 else (ranking[0],)
    cum_pts = st.cumulative_points
    scores = tuple(float(sum(cum_pts[r] for r in _seat_riders(t, seat))) for seat in range(n))
    labels = (N_("Start"),) + tuple(Words("Stage {n}", n=k + 1) for k in range(len(t.points)))
    series = tuple(tuple(float(sum(sum(p[r] for r in _seat_riders(t, seat)) for p in t.points[:k]))
                         for k in range(len(labels))) for seat in range(n))
    details = []
    if st.or_jersey >= 0:
        details.append(Words("Maillot Or (general time): {rider} in {time}.", rider=_rider(t, st.or_jersey),
                             time=clock(st.cumulative_time[st.or_jersey])))
    else:
        details.append(N_("Nobody is left to wear the Maillot Or."))
    if st.rouge_jersey >= 0:
        details.append(Words("Maillot Rouge (climbers): {rider}, {points}.", rider=_rider(t, st.rouge_jersey),
                             points=_pts(cum_pts[st.rouge_jersey])))
    classified = [team for team in st.teams if st.team_times[team] >= 0]
    if classified:
        best = classified[0]
        seats = sorted({s for s in range(n) if plan.setups[0].seat_team[s] == best})
        details.append(Words("Best team (the team classification): {players} in {time}.",
                             players=" & ".join(seat_ref(s) for s in seats), time=clock(st.team_times[best])))
    for k, winner in enumerate(t.winners):
        if winner >= 0:
            details.append(Words("Stage {n} ({course}): won by {rider}.", n=k + 1, course=plan.courses[k].capitalize(),
                                 rider=_rider(t, winner, k)))
    if t.end_reason == "riders":
        details.append(Words("The tour ended after stage {n}: fewer than two teams had riders left.",
                             n=len(t.winners)))
    lead = st.cumulative_time[st.general[0]] if st.general else 0
    texts = []
    for seat in ranking:
        parts = []
        for r in sorted(_seat_riders(t, seat), key=lambda r: place.get(r, big)):
            if r in place:
                when = _time_or_gap(st.cumulative_time[r], lead, place[r] == 0)
                parts.append(Words("{role} {place} {when} ({points})", role=_role(t, r), place=place_words(place[r] + 1),
                                   when=when, points=_pts(cum_pts[r])))
            else:
                parts.append(Words("{role} out (stage {n})", role=_role(t, r), n=t.out_stage[r] + 1))
        text = parts[0] if parts else ""
        for part in parts[1:]:
            text = Words("{parts} · {part}", parts=text, part=part)
        details.append(Words("{player}: {parts}", player=seat_ref(seat), parts=text))
    for seat in range(n):
        best = min((r for r in _seat_riders(t, seat) if r in place), key=lambda r: place[r], default=-1)
        if best < 0:
            texts.append(Words("out"))
        else:
            time = st.cumulative_time[best]
            texts.append(_time_or_gap(time, lead, place[best] == 0))
    return Result(scores=scores, ranking=ranking, winners=winners, score_label=N_("Best time"),
                  chart_labels=labels, chart_series=series, details=tuple(details), score_texts=tuple(texts),
                  chart_label=N_("Climber pts (team)"))


def _time_or_gap(time: int, lead: int, first: bool) -> str:
    """The first's time, another's gap on it, or "same time" for a rider ranked behind on the same time (a gap of
    none used to read "–", which looked like a time missing)."""
    if first:
        return clock(time)
    return gap(time - lead) if time > lead else Words("same time")


__all__ = ["tour_result"]
