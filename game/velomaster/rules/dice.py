"""The dice model of a VeloMaster turn (pure): how many six-sided dice a seat rolls, which die each rider may
take, and the smallest die that penalised riders share.

* Débutant: 2 d6, one per rider. Expert's "tour des leaders": 1 d6; on a climb the leader's protection
  gives more dice, keep one ("Nombre d'Équipier en protection 0 / 1 / 2-3": the table's numbers are lost in
  the text, :attr:`.levels.Level.protection` holds our reading 1 / 2 / 3); a leader who missed a feed rolls 2
  and keeps the smaller ("chaque lancer à 1 Dé6 se transformera en lancer à 2Dé6") and loses the protection;
  after a crash's "égratignure" it rolls 3 and keeps the worst. Expert's "tour des équipiers": 3 d6 whatever
  the number of team-mates still racing, one die each, no adding; a team shared by two players (5+) rolls its
  3 d6 as 1 (the director's violet) + 2 (the outsider's grey and green); with 2 players the neutral bikes a
  player moves get a roll of their own, one d6 each (:func:`.play._neutral_roll`).
* Penalised riders (a missed feed, an égratignure) must take the smallest die of the roll; several of them
  share the same die ("on choisit pour les vélos concernés par cette pénalité, la valeur du même plus petit
  dé"): at the roll one die of the smallest value is set aside as ``shared_die`` for them, the others choose
  among the rest.
"""

from __future__ import annotations

from .codes import FIN, ROAD
from .condition import TIRED_BELOW
from .levels import EQUIPIER, LEADER


def able(s, r: int) -> bool:
    """May this rider take a die now (racing, not down after a crash, not punctured)?"""
    return s.status[r] < FIN and s.miss[r] == 0 and not (s.setup.incidents and s.punctured[r])


def penalised(s, r: int) -> bool:
    """Must this rider play the smallest die (a missed feed, or a crash's égratignure this turn)?"""
    return s.setup.incidents and bool(s.missed_feed[r] or s.worst_die[r])


def protectors(s, leader: int) -> int:
    """Team-mates on cells touching the leader's, on a climb only ("en montée exclusivement")."""
    su = s.setup
    g = su.geo
    cell = s.pos[leader]
    if not cell or not g.slope[cell]:
        return 0
    near = g.touch[cell]
    return sum(1 for r in su.teams[su.rider_team[leader]]
               if r != leader and s.status[r] == ROAD and s.pos[r] in near)


def protection_dice(s, leader: int) -> int:
    """The dice the leader's protection gives (1 without protection; a missed feed loses it)."""
    table = s.setup.level.protection
    if not table or s.missed_feed[leader]:
        return 1
    if s.setup.pro.condition and s.condition[leader] < TIRED_BELOW:
        return 1  # Pro, "80 à 60%: En montagne: perte de la protection"
    return table[min(protectors(s, leader), len(table) - 1)]


def dice_count(s, seat: int) -> int:
    """The six-sided dice ``seat`` rolls for the phase being played."""
    su = s.setup
    phase = su.level.phases[s.round_phase]
    n = phase.dice
    if su.shared_pairs and phase.roles == (EQUIPIER,):
        n = team_share(s, seat)
    if phase.roles == (LEADER,):
        for r in s.seats.phase_riders[s.round_phase][seat]:
            if not able(s, r):
                continue
            n = max(n, protection_dice(s, r))
            if s.missed_feed[r]:
                n = max(n, 2)
            if s.worst_die[r]:
                n = max(n, 3)
    return n


def team_share(s, seat: int) -> int:
    """The team-mates' dice a seat rolls: its team's 3 d6 ("Les joueurs lancent 3 Dés 6 faces pour avancer leurs 3
    équipiers"); from 5 players, of two players sharing a team, each rolls the dice of the team-mates it moves
    ("Le déroulement du jeu est inchangé … les 3 autres vélos avancent au « tour des équipiers »": the team's 3 d6,
    one to each team-mate; the director 1 for the violet, the outsider 2 for the grey and the green)."""
    su = s.setup
    phase = su.level.phases[s.round_phase]
    team = su.seat_team[seat]
    mates = [r for r in su.teams[team] if su.roles[r] in phase.roles] if 0 <= team < su.team_count else []
    mine = sum(1 for r in mates if s.seats.controller[r] == seat)
    if not mates or mine == len(mates):
        return phase.dice
    return phase.dice * mine // len(mates)


def set_aside_shared_die(w, movers: tuple[int, ...]) -> None:
    """After the roll: one die of the smallest value goes to the penalised movers, if any."""
    if w.setup.incidents and w.dice_left and any(penalised(w, r) for r in movers):
        low = min(w.dice_left)  # (the dice still on the table: an attack's two are its own)
        left = list(w.dice_left)
        left.remove(low)
        w.dice_left, w.shared_die = tuple(left), low
    elif w.shared_die:
        w.shared_die = 0


def is_puncture_roll(dice: tuple[int, ...]) -> bool:
    """"4.2.1.": the dice show a 4, a 2 and a 1 (a roll of three dice, or a shorter roll completed by its check)."""
    return 1 in dice and 2 in dice and 4 in dice


def leader_check_dice(dice: tuple[int, ...]) -> int:
    """How many more dice a leader's roll calls to check a puncture ("CREVAISON : 4.2.1."): after a single 1
    the two other dice; after 1+2, 2+4 or 4+1 on two dice the third; else none."""
    if len(dice) == 1:
        return 2 if dice[0] == 1 else 0
    if len(dice) == 2:
        return 1 if sorted(dice) in ([1, 2], [2, 4], [1, 4]) else 0
    return 0
