"""What a seat sees of a Pro race's secrets, and a world imagined from what it sees (pure).

A rider's exact condition, whether it is doped, whether its team rides clean and the stage-start picks not yet
revealed belong to the seat that moves it (:func:`.condition.owns`); every other seat, and the spectator view,
sees the rider's public figure (:mod:`.condition`: from 100 %, the public gains up to 100 %, every loss
exactly). :func:`rider_fields` and :func:`view_fields` fill a view's Pro fields accordingly.

:func:`imagine` is the other way round, for a bot's determinization (``VelomasterSpec.determinize``): the
viewer's own secrets are copied from its view and every other seat's are drawn, plausible and consistent with
the public facts: some riders doped or none (+20 % each), the team riding clean or not, each exact condition
the public figure plus that surplus, a racing rider above 30 % (else it would have abandoned), a rider
excluded by the control above 100 % and one found clean at 100 % or less. So no bot ever reads a secret, and
the imagined world shows the viewer exactly its own view. ``view(None)`` (a spectator) has every seat drawn.
"""

from __future__ import annotations

from ...engine.rng import below, split
from . import pro_start
from .condition import ABANDON_AT, DOPING, FULL, NORMAL, band, owns, shown

PRO_FIELDS = ("feed", "descents", "braking", "collective_crashes", "condition", "attacks", "doping_control",
              "team_classification")
SALT = 0x5EC2E7  # the draw of the others' secrets: a stream of its own, the race's dice stay fresh
DOPED_IN = 4  # an imagined rival rider is doped one time in four
CLEAN_IN = 2  # an imagined rival team rides clean one time in two


def rider_fields(s, r: int, seat: int | None) -> tuple:
    """RiderView's Pro fields in order: condition (exact for ``seat``'s own riders, else public), its band,
    attacking, motivated, doped (own only), controlled, excluded, the public figure."""
    if not s.setup.pro.any:
        return (100, NORMAL, False, False, False, False, False, 100)
    value = shown(s, r, seat)
    own = owns(s, r, seat)
    return (value, band(value) if s.setup.pro.condition else NORMAL, r == s.attacker, bool(s.motivated >> r & 1),
            own and bool(s.doped >> r & 1), r in s.controlled, bool(s.excluded >> r & 1), s.public[r])


def view_fields(s, seat: int | None, team_times) -> dict:
    """VelomasterView's Pro fields (none below Pro): the rules played, who has picked, the viewer's own pick
    and whether its team rides clean, the attacker, the control, the team classification."""
    pro = s.setup.pro
    if not pro.any:
        return {}
    own = () if seat is None or not 0 <= seat < s.setup.players else s.seats.own_riders[seat]
    return {"pro": tuple(f for f in PRO_FIELDS if getattr(pro, f)),
            "prepared": tuple(bool(p) for p in s.picks),
            "own_pick": tuple(s.picks[seat]) if own and s.picks[seat] else (),
            "clean": bool(own) and any(s.clean >> r & 1 for r in own),
            "attacker": s.attacker, "controlled": s.controlled,
            "team_times": tuple((t, -1 if v is None else v) for t, v in team_times)}


def imagine(s, view, rng: int) -> None:
    """Fill the Pro fields of ``s`` (a state being built from ``view``: seats and statuses set) with the viewer's
    own secrets and the others' drawn (see the module)."""
    seat = view.seat
    su = s.setup
    rs = view.riders
    s.attacker = view.attacker
    s.motivated = sum(1 << r.id for r in rs if r.motivated)
    s.excluded = sum(1 << r.id for r in rs if r.excluded)
    s.controlled = view.controlled
    s.line_bonus = s.feed_pending = 0
    n = su.players
    stream = split(rng, SALT)
    secret = su.pro.condition
    resolved = secret and view.phase != "prepare"  # the stage start's picks applied (doped and clean bits set)
    clean_seat = []
    for x in range(n):
        if x == seat:
            clean_seat.append(view.clean)
        elif resolved:
            v, stream = below(stream, CLEAN_IN)
            clean_seat.append(v == 0)
        else:
            clean_seat.append(False)
    condition, doped, clean = [], 0, 0
    for r in rs:
        team_rider = su.rider_team[r.id] != su.neutral_team
        if clean_seat[r.seat] and team_rider:
            clean |= 1 << r.id
        if not secret or owns(s, r.id, seat):
            condition.append(r.condition)
            doped |= int(r.doped) << r.id
            continue
        dope = False
        if resolved and team_rider and r.status != "abandoned":
            v, stream = below(stream, DOPED_IN)
            dope = v == 0
        true = r.public + (DOPING if dope else 0)
        if r.status not in ("abandoned", "finished") and true <= ABANDON_AT:  # still racing: above 30 %
            true = ABANDON_AT + 10
        if r.excluded:  # the control found it above 100 %
            true = max(true, FULL + 10)
        elif r.controlled:  # … or at 100 % or less
            true = min(true, max(FULL, r.public))
        if true > r.public and resolved and team_rider:
            dope = dope or true - r.public >= DOPING
        doped |= int(dope) << r.id
        condition.append(true)
    s.condition = tuple(condition)
    s.public = tuple(r.public for r in rs)
    s.doped, s.clean = doped, clean
    prepared = view.prepared or (False,) * n
    picks = []
    for x in range(n):
        if x == seat and view.own_pick:
            picks.append(tuple(view.own_pick))
        elif not prepared[x]:
            picks.append(())
        else:
            pick, stream = _drawn_pick(s, x, stream)
            picks.append(pick)
    s.picks = tuple(picks)


def _drawn_pick(s, seat: int, stream: int) -> tuple[tuple[int, int, int], int]:
    """A rival's stage-start pick made but not revealed: a surmotivé or none, some riders doped, clean or not."""
    starters = pro_start.starters(s, seat)
    if not starters:
        return pro_start.NO_PICK, stream
    per = s.setup.per_team
    slots = [r % per for r in starters]
    k, stream = below(stream, len(slots) + 1)
    bits = 0
    for slot in slots:
        v, stream = below(stream, DOPED_IN)
        bits |= int(v == 0) << slot
    c, stream = below(stream, CLEAN_IN)
    return (slots[k - 1] if k else -1, bits, int(c == 0)), stream
