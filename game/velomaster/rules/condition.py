"""Physical condition, Niveau Pro ("CONDITION PHYSIQUE", pages 20-21) (pure): the table of gains and losses,
the bands and what they forbid, and the two functions that move a rider's condition (with their events).

The printed rules show the gains as pictures the text lost: the numbers below are our reading (the same
table is in docs/rules/velomaster.md and drawn by the race table). Condition is a percentage per rider,
from 100 % at the start ("Chaque cycliste débute la course … 100%"); it may go above 100 % ("Il est possible
de dépasser les 100%"). A team that rides clean refuses every gain that would take an undoped rider above
100 % ("On peut aussi refuser de prendre les % gagnés en prévision du contrôle antidopage"); a doped rider
always takes its gains ("Un coureur dopé devra toujours prendre les % … qu'il gagne").

Two figures per rider (docs/rules/velomaster.md, "What the others know"): ``condition``, the exact one its own
player keeps, and ``public``, what an attentive player at the table could follow: from 100 %, every public gain
capped at 100 %, every loss exactly; the doping's +20 and whatever a rider holds above 100 % never show in it.
:func:`gain` and :func:`lose` move both, so the public figure is derived in one place; ``public <= condition``
always holds (the difference, the *surplus*, is the rider's own player's secret).
"""

from __future__ import annotations

from .board import replaced
from .codes import OUT
from .pro_events import ConditionChanged, Exhausted

START = 100
FULL = 100  # "dans la limite de 100%"; above it a rider risks the anti-doping control
# Gains ("Gagner en condition physique")
TRIPLE_ONE = 20  # "Triple « 1 » (pour chaque vélo si tour des équipiers)"
DOUBLE_ONE = 10  # "Double « 1 » (pour les jets à 2 dés uniquement)": any roll of two dice (the start's, an attack's, a
# leader's with one protector or after a missed feed, two team-mates' or neutral bikes')
POWER_18_20 = 10  # "Pour chaque « 20 », « 19 » ou « 18 » lors d'un jet de puissance"
LEADER_ONE = 10  # "Pour le leader uniquement: à chaque « 1 »"
LEADER_IN_LINE = 10  # "quand deux équipiers viennent se placer en ligne juste devant lui" (once per phase)
MOTIVATED = 10  # "« surmotivé »", named at the stage start
DOPING = 20  # "une substance dopante +20%"
STAGE_WIN = 20  # "Le vainqueur d'une étape"
JERSEY = 10  # "… ou pour l'obtention d'un maillot" (each jersey taken at the stage's end)
BETWEEN_STAGES = 20  # "Entre deux étapes tous les cyclistes récupèrent +20% dans la limite de 100%"
# Losses ("Perdre en condition physique")
ATTACK = 20  # "pour chaque attaque individuelle portée 20%"
MISSED_FEED = 30  # "pour le vélo ayant raté un ravitaillement 30%"
CRASH_LOSS = ((3, 50), (9, 30), (17, 10))  # gravity d20 up to: "(2-3) grave 50%, (4-9) sérieuse 30%, (10-17) égratignure 10%"
MOUNTAIN_FAILURE = 10  # "Pour chaque défaillance en montagne": each failed power roll (all are on climbs)

# Bands ("Conditions de déplacement selon la condition physique")
NORMAL, TIRED, WEAK, SPENT = "normal", "tired", "weak", "abandon"
TIRED_BELOW = 90  # "100 à 90%: Normal"
WEAK_BELOW = 60  # "80 à 60%": tired; "50 à 40%": weak
ABANDON_AT = 30  # "30% Abandon" (and anything lower)


def band(value: int) -> str:
    """normal (90 % and more, over 100 % included), tired (60-89), weak (31-59), abandon (30 or less)."""
    if value >= TIRED_BELOW:
        return NORMAL
    if value >= WEAK_BELOW:
        return TIRED
    if value > ABANDON_AT:
        return WEAK
    return SPENT


def crash_loss(gravity_d20: int) -> int:
    """The condition a crash costs by its gravity d20 (1 is abandon anyway; 18-20 nothing)."""
    for top, loss in CRASH_LOSS:
        if gravity_d20 <= top:
            return loss if gravity_d20 >= 2 else 0
    return 0


def _on(s) -> bool:
    return s.setup.pro.condition


def tired(s, r: int) -> bool:
    """60-80 % or lower: a leader loses its climb protection and climbs a line like a team-mate; a
    team-mate leaves the accélérations."""
    return _on(s) and s.condition[r] < TIRED_BELOW


def weak(s, r: int) -> bool:
    """50-40 %: also no entraide (and a leader no accélération either)."""
    return _on(s) and s.condition[r] < WEAK_BELOW


def may_accelerate(s, r: int) -> bool:
    """May this bike ride up an accélération? A team-mate not from 80 %, a leader not from 50 %."""
    if not _on(s):
        return True
    return not weak(s, r) if s.setup.roles[r] == "leader" else not tired(s, r)


def may_entraide(s, r: int) -> bool:
    return not weak(s, r)


def gained(now: int, amount: int, clean: bool = False, doped: bool = False) -> int:
    """The exact condition after a gain of ``amount`` from ``now``: a clean team's undoped rider takes nothing
    above 100 % (it stays at 100, or at what it had if already above); a doped rider takes every gain."""
    new = now + amount
    if clean and not doped and new > FULL:
        return max(now, FULL)
    return new


def public_gained(public: int, amount: int) -> int:
    """The public figure after a public gain: every gain counts, up to 100 % (what rides above 100 % is the
    rider's own player's secret, and so is whether the team refuses it)."""
    return min(FULL, public + amount)


def lost(value: int, amount: int) -> int:
    """Either figure after a loss (losses are public and exact; never below 0 %)."""
    return max(0, value - amount)


def recovered(value: int) -> int:
    """Either figure at the next stage's start: +20 up to 100; a value above 100 is kept (the rule limits the
    recovery, it takes nothing away). The public figure is never above 100, so it simply recovers."""
    return value if value >= FULL else min(FULL, value + BETWEEN_STAGES)


def gain(w, r: int, amount: int, why: str, ev: list, public: bool = True) -> None:
    """Rider ``r`` gains ``amount`` % (nothing when condition is not played or the rider is out). ``public``:
    the gain is seen at the table (every gain but the doping's), so the public figure moves too (up to 100 %)."""
    if not _on(w) or w.status[r] == OUT:
        return
    now, pub = w.condition[r], w.public[r]
    seat = w.seats.controller[r]
    doped = bool(w.doped >> r & 1)
    new = gained(now, amount, bool(w.clean >> r & 1), doped)
    refused = new < now + amount
    new_pub = public_gained(pub, amount) if public else pub
    if new != now:
        w.condition = replaced(w.condition, r, new)
    if new_pub != pub:
        w.public = replaced(w.public, r, new_pub)
    ev.append(ConditionChanged(seat, r, w.setup.roles[r], amount, new, why, refused, (seat,), new_pub - pub, new_pub, bike=w.setup.bikes[r]))


def lose(w, r: int, amount: int, why: str, ev: list) -> None:
    """Rider ``r`` loses ``amount`` % (both figures: a loss is public); at 30 % or less it abandons at once
    ("30% Abandon")."""
    if not _on(w) or w.status[r] == OUT:
        return
    new, new_pub = lost(w.condition[r], amount), lost(w.public[r], amount)
    w.condition = replaced(w.condition, r, new)
    w.public = replaced(w.public, r, new_pub)
    seat = w.seats.controller[r]
    ev.append(ConditionChanged(seat, r, w.setup.roles[r], -amount, new, why, False, (seat,), -amount, new_pub, bike=w.setup.bikes[r]))
    if new <= ABANDON_AT:
        abandon(w, r, ev)


def abandon(w, r: int, ev: list) -> None:
    w.status = replaced(w.status, r, OUT)
    if w.miss[r]:
        w.miss = replaced(w.miss, r, 0)
    w._occupied_cache = None
    seat = w.seats.controller[r]
    ev.append(Exhausted(seat, r, w.setup.roles[r], w.condition[r], w.public[r], (seat,), bike=w.setup.bikes[r]))


def owns(s, r: int, seat: int | None) -> bool:
    """Does ``seat`` see rider ``r``'s exact condition (the seat that moves it)?"""
    return seat is not None and s.seats.controller[r] == seat


def shown(s, r: int, seat: int | None) -> int:
    """The condition ``seat`` sees for rider ``r``: exact for its own riders, the public figure for the others
    (and for the spectator view, ``seat`` None)."""
    return s.condition[r] if owns(s, r, seat) else s.public[r]


def surplus(s, r: int) -> int:
    """What rider ``r`` holds that the others cannot count (doping, gains above 100 %): its own player's secret."""
    return s.condition[r] - s.public[r]
