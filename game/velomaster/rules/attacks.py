"""Pro attacks, "LANCER UNE ATTAQUE" (page 22) (pure).

* "Il faut toujours annoncer son attaque avant de la jouer": :class:`~.actions.Attack` is offered in the
  seat's roll phase, before its Roll; announced is announced (it cannot be taken back: the 20 % are spent at
  once). One attack per seat per turn (a leaders' turn or a team-mates' turn).
* "pour chaque attaque individuelle portée 20%": the attack costs 20 % of condition (when it is played); a
  rider whom the attack would leave at 30 % or less (abandon) is not offered it, nor a rider who must play the
  smallest die (a missed feed, an égratignure).
* "Le cycliste qui lance une attaque pourra choisir le cumul de 2 Dés 6 faces": it moves the sum of two d6 as
  one move, before the seat's other riders take their dice. "Si c'est un équipier, il jouera ses 2 Dés 6 faces
  séparément de ses équipiers. Les équipiers joueront 2 dés": the team-mates' turn rolls the attacker's two
  dice plus two for the other team-mates (one each, as always), instead of three.
* "Un leader ne pourra pas cumuler sur le même tour une attaque et une protection en montagne": an attacking
  leader rolls its two dice, never the protection's.
* Descents and braking read a move of 6 or more as "a 6": an attack of 6 to 12 across a descent cell calls
  the skill roll, and stopping short of it is braking.
"""

from __future__ import annotations

from ...engine.rng import die
from .actions import Attack, cached
from .codes import ROAD
from .condition import ABANDON_AT, ATTACK, DOUBLE_ONE, LEADER_ONE, gain, lose, lost
from .dice import able, dice_count, penalised
from .events import DiceRolled
from .levels import LEADER
from .pro_events import AttackAnnounced


def options(s) -> tuple[Attack, ...]:
    """The attacks the seat whose turn it is may announce now (before its roll)."""
    su = s.setup
    if not su.pro.attacks or s.attacker >= 0:
        return ()
    cond = su.pro.condition
    return tuple(cached(Attack, r) for r in s.seats.phase_riders[s.round_phase][s.seat]
                 if able(s, r) and s.status[r] == ROAD and s.pos[r] and not penalised(s, r)
                 and su.rider_team[r] != su.neutral_team
                 and (not cond or s.condition[r] - ATTACK > ABANDON_AT))


def announce(w, r: int, ev: list) -> None:
    w.attacker = r
    su = w.setup
    seat = w.seats.controller[r]
    if su.pro.condition:  # the exact figure after the 20 % for its own seat, the public one for the others
        ev.append(AttackAnnounced(seat, r, su.roles[r], lost(w.condition[r], ATTACK), lost(w.public[r], ATTACK),
                                  (seat,), bike=su.bikes[r]))
    else:
        ev.append(AttackAnnounced(seat, r, su.roles[r], -1, bike=su.bikes[r]))
    lose(w, r, ATTACK, "attack", ev)


def dice_to_roll(w, seat: int) -> int:
    """The attack's two dice, and in a team-mates' turn two more for the other team-mates (plus the neutral
    bikes' own dice, 2 players)."""
    if w.setup.roles[w.attacker] == LEADER:
        return 2
    return 2 + dice_count(w, seat) - 1


def roll(w, seat: int, ev: list) -> None:
    """Roll the attack's dice (the attacker's two first); the gains they bring."""
    n = dice_to_roll(w, seat)
    dice = []
    for _ in range(n):
        v, w.rng = die(w.rng, 6)
        dice.append(v)
    w.dice = tuple(dice)
    w.dice_left = tuple(dice[2:])
    ev.append(DiceRolled(seat, w.dice, "attack"))
    r = w.attacker
    pair = dice[:2]
    if pair == [1, 1]:
        gain(w, r, DOUBLE_ONE, "double 1 on the attack's dice", ev)
    if w.setup.roles[r] == LEADER:
        for v in pair:
            if v == 1:
                gain(w, r, LEADER_ONE, "the leader rolled a 1", ev)


def total(w) -> int:
    return w.dice[0] + w.dice[1]
