"""Pro's stage start (pure): each rider's condition at the start, and the secret picks every seat makes at
once before the start-order d20 ("En début d'étape seulement"):

* "« surmotivé »… Il faut alors désigner un vélo de son équipe": one of the riders the seat runs, +10 %,
  public once revealed;
* "On peut aussi choisir de prendre une substance dopante +20%": any of its riders, secret; "Un coureur
  dopé devra toujours prendre les % … qu'il gagne durant toute la course";
* riding clean ("On peut aussi refuser de prendre les % gagnés en prévision du contrôle antidopage"):
  secret; the seat's undoped riders then take no gain above 100 %.

The picks are kept per seat until the last one is in, then applied in seat order: whatever order the seats
answer in, the race is the same. Played only when the physical condition is (Setup.pro.condition).
"""

from __future__ import annotations

from itertools import combinations

from .actions import Prepare
from .codes import OUT, P_ORDER, P_PREPARE
from .condition import DOPING, FULL, MOTIVATED, START, gain, gained, surplus
from .pro_events import Motivated, Prepared, SecretPicks
from .view import clean_token, doped_token, pick_token, surplus_token

NO_PICK = (-1, 0, 0)  # (motivated slot, doped slot bits, clean): a seat with nobody at the start picks nothing


def begin(s, carried, carried_public=None) -> None:
    """Fill the Pro fields of a new race ``s``; with the condition played, open the stage start's picks.
    ``carried``: each rider's condition from the stage before (a tour), else everyone starts at 100 %;
    ``carried_public``: its public figure (:mod:`.condition`; by default the condition up to 100 %)."""
    su = s.setup
    nr, n = su.riders, su.players
    if carried is None:
        s.condition = s.public = (START,) * nr
    else:
        carried = tuple(carried)
        if len(carried) != nr or any(type(v) is not int or not 0 <= v <= 999 for v in carried):
            raise ValueError(f"a stage's carried condition is a percentage (0 to 999) for each of the {nr} riders")
        s.condition = carried
        public = tuple(min(v, FULL) for v in carried) if carried_public is None else tuple(carried_public)
        if len(public) != nr or any(type(v) is not int or not 0 <= v <= min(FULL, c)
                                    for v, c in zip(public, carried, strict=True)):
            raise ValueError(f"a stage's carried public condition is a percentage (0 to 100, never above the "
                             f"exact one) for each of the {nr} riders")
        s.public = public
    s.attacker = -1
    s.picks = ((),) * n
    s.motivated = s.doped = s.clean = s.excluded = s.line_bonus = s.feed_pending = 0
    s.controlled = ()
    if su.pro.condition:
        s.picks = tuple(() if starters(s, x) else NO_PICK for x in range(n))
        s.phase = P_PREPARE


def starters(s, seat: int) -> tuple[int, ...]:
    """The riders ``seat`` runs that start this race (its own team's, never a neutral bike)."""
    return tuple(r for r in s.seats.own_riders[seat] if s.status[r] != OUT)


def waiting(s) -> tuple[int, ...]:
    """Seats still to make their picks."""
    return tuple(x for x, p in enumerate(s.picks) if not p)


_OPTIONS: dict[tuple[int, ...], tuple[Prepare, ...]] = {}


def options(s, seat: int) -> tuple[Prepare, ...]:
    """Every legal pick of ``seat``: a slot it runs (or -1) surmotivé × any set of its slots doped × clean or not."""
    per = s.setup.per_team
    slots = tuple(r % per for r in starters(s, seat))
    opts = _OPTIONS.get(slots)
    if opts is None:
        dopes = [c for k in range(len(slots) + 1) for c in combinations(slots, k)]
        opts = _OPTIONS[slots] = tuple(Prepare(m, d, c) for m in (-1,) + slots for d in dopes for c in (False, True))
    return opts


def picked(now: int, doped: bool, motivated: bool, clean: bool) -> int:
    """The condition a rider at ``now`` starts the stage with after its seat's picks, as :func:`_resolve` applies
    them: the doping's +20 first, then the surmotivé's +10 (a clean team's undoped rider takes nothing above 100 %,
    a doped one takes every gain)."""
    value = gained(now, DOPING, clean, True) if doped else now
    return gained(value, MOTIVATED, clean, doped) if motivated else value


def pick(w, seat: int, action: Prepare, ev: list) -> None:
    bits = sum(1 << k for k in action.doped)
    w.picks = tuple((action.motivated, bits, int(action.clean)) if x == seat else p for x, p in enumerate(w.picks))
    ev.append(Prepared(seat))
    if not waiting(w):
        _resolve(w, ev)


def _resolve(w, ev: list) -> None:
    su = w.setup
    per = su.per_team
    picks = w.picks
    doped = clean = motivated = 0
    for seat, (m, bits, is_clean) in enumerate(picks):
        for r in starters(w, seat):
            k = r % per
            if bits >> k & 1:
                doped |= 1 << r
            if is_clean:
                clean |= 1 << r
            if k == m:
                motivated |= 1 << r
    w.doped, w.clean, w.motivated = doped, clean, motivated
    for seat, (_m, _bits, is_clean) in enumerate(picks):
        mine = starters(w, seat)
        if not mine:
            continue
        ev.append(SecretPicks(seat, tuple(r for r in mine if doped >> r & 1), bool(is_clean), (seat,)))
        for r in mine:
            if doped >> r & 1:
                gain(w, r, DOPING, "doping", ev, public=False)  # nobody else counts it
        for r in mine:
            if motivated >> r & 1:
                ev.append(Motivated(seat, r, su.roles[r], bike=su.bikes[r]))
                gain(w, r, MOTIVATED, "surmotivé", ev)
    w.picks = ((),) * su.players
    w.phase = P_ORDER
    w.actor = w.pending_rolls[0] if w.pending_rolls else 0


def secret_tokens(s, seat: int) -> frozenset[str]:
    """What only ``seat`` knows (never in another seat's view): which of its riders are doped, whether it rides
    clean, what each rider it moves holds above its public figure, its stage-start picks until all are in."""
    mine = s.seats.own_riders[seat]
    tokens = {doped_token(r) for r in mine if s.doped >> r & 1}
    if any(s.clean >> r & 1 for r in mine):
        tokens.add(clean_token(seat))
    tokens.update(surplus_token(r, surplus(s, r)) for r in s.seats.seat_riders[seat] if surplus(s, r))
    if s.picks[seat]:
        tokens.add(pick_token(seat, s.picks[seat]))
    return frozenset(tokens)
