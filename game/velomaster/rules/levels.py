"""What changes from one VeloMaster level to the next, as data (pure).

A level says who is in a team (roles and bibs), how the start and each phase of a round are played
(which roles move, how many six-sided dice the seat rolls) and which of the rules it plays (crash
gravity, feeds, punctures, the leader's protection on climbs…). Débutant and Expert ("tour des
leaders" then "tour des équipiers") are rows of these tables; Pro (physical condition) will add rows
and rules, not rewrites. ``PLAYABLE_LEVELS`` lists the levels offered in setup and on the command line.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

LEADER, EQUIPIER = "leader", "equipier"
ROLE_NAMES = {LEADER: "leader", EQUIPIER: "team-mate"}

# Bibs ("dossards"): the first team of a colour, then the second team sharing it (from 5 players).
YELLOW, GREY, GREEN, VIOLET = "yellow", "grey", "green", "violet"


@dataclass(frozen=True)
class Phase:
    """One phase of a round: each seat in turn (best-placed leader first) moves these riders."""

    name: str
    roles: tuple[str, ...]  # the roles that move in this phase
    dice: int  # six-sided dice rolled, before the situational ones (dice.dice_count); one per moving rider
    entraide: bool = True  # entraides are offered at the start of each seat's turn


@dataclass(frozen=True)
class Level:
    id: str
    label: str
    team: tuple[str, ...]  # roles, in rider order within a team (index 0 = the leader)
    bibs: tuple[str, ...]  # bib per rider of the first team of a colour
    shared_bibs: tuple[str, ...]  # bib per rider of the second team of a colour (5+ players)
    colours: int  # team colours in the box: from colours+1 players a colour is shared
    start_dice: int  # dice rolled to launch one rider ("n'en choisira qu'1")
    phases: tuple[Phase, ...]
    skill_crash: int = 2  # skill roll (d20): crash on this value or less ("On chute en faisant 1 ou 2")
    crash_misses: int = 1  # own turns missed after a crash ("passe 1 fois son tour")
    entraide_cells: int = 2  # "avancer chacun de 2 cases supplémentaires"
    descent_cells: int = 1  # "on peut avancer … d'une case supplémentaire"
    # Expert rules (page 13 onwards), off at Débutant
    crash_gravity: bool = False  # "GRAVITE des CHUTES": a second d20 after a crash (CRASH_GRAVITY)
    feeds: bool = False  # "RAVITAILLEMENT": stop on a feed cell, or play the smallest die to the finish
    punctures: bool = False  # "CREVAISON : 4.2.1."
    protection: tuple[int, ...] = ()  # leader's dice on a climb by team-mates touching it (index = count)
    accelerations: bool = False  # lines of 3+ bikes ("LES ACCÉLÉRATIONS")
    dangerous_diagonal: bool = False  # "Chaque déplacement en diagonale entre 2 vélos … jet d'habileté"
    blocked_leader_waits: bool = False  # "ROUTE BLOQUÉE": the leader may move when the road opens
    neutral_team: bool = False  # 2 players: "On ajoute une équipe neutre qui sera jouée au tour des équipiers"
    shared_teams: bool = False  # 5+ players: "Une même couleur d'équipe sera partagée entre 2 joueurs"
    director_riders: tuple[int, ...] = (0,)  # a shared team's director moves these (leader + violet)
    # Pro ("III. NIVEAU PRO"): the level offers the Pro rules, each a setup toggle (:mod:`.pro`, Setup.pro)
    pro_rules: bool = False

    @property
    def incidents(self) -> bool:
        """Does this level keep per-rider incident records (feeds, punctures, crash after-effects)?"""
        return self.crash_gravity or self.feeds or self.punctures


# "GRAVITE des CHUTES" (page 17): the second d20 after a crash -> (missed turns, plays its worst die
# next turn, abandons), by the highest value of each band.
CRASH_GRAVITY: tuple[tuple[int, int, bool, bool], ...] = (
    (1, 0, False, True),  # 1: abandon
    (3, 2, False, False),  # 2-3: "blessure grave", passer 2 fois son tour
    (9, 1, False, False),  # 4-9: "blessure sérieuse", passer 1 fois son tour
    (17, 0, True, False),  # 10-17: "égratignure", jouer au prochain tour le moins bon dé
    (20, 0, False, False),  # 18-20: "chute sans gravité"
)


def crash_gravity(value: int) -> tuple[int, bool, bool]:
    """(turns missed, worst die next turn, abandon) for the gravity d20 ``value``."""
    for top, misses, worst, out in CRASH_GRAVITY:
        if value <= top:
            return misses, worst, out
    raise ValueError(f"a d20 shows 1 to 20, not {value}")


DEBUTANT = Level(
    id="debutant",
    label="Niveau Débutant",
    team=(LEADER, EQUIPIER),
    bibs=(YELLOW, GREY),
    shared_bibs=(GREEN, VIOLET),
    colours=4,
    start_dice=2,
    phases=(Phase("team", (LEADER, EQUIPIER), 2),),
)

EXPERT = Level(
    id="expert",
    label="Niveau Expert",
    team=(LEADER, EQUIPIER, EQUIPIER, EQUIPIER),
    bibs=(YELLOW, GREY, VIOLET, GREEN),  # "Le Leader = Dossard Jaune + 3 Équipiers = Dossards Gris, Violet et Vert"
    shared_bibs=(YELLOW, GREY, VIOLET, GREEN),  # from 5 players two players share one team (page 18)
    colours=4,
    start_dice=2,
    # "Le « Tour des leaders »": 1 d6 (more with the protection on a climb); "Le « Tour des Équipiers »":
    # 3 d6, "Un dé est obligatoirement attribué à chaque équipier (pas de cumul possible)"
    phases=(Phase("leaders", (LEADER,), 1), Phase("team-mates", (EQUIPIER,), 3)),
    crash_misses=1,
    crash_gravity=True,
    feeds=True,
    punctures=True,
    protection=(1, 2, 3, 3),  # the table's numbers are lost in the text: 0 -> 1, 1 -> 2, 2 or 3 -> 3 d6
    accelerations=True,
    dangerous_diagonal=True,
    blocked_leader_waits=True,
    neutral_team=True,
    shared_teams=True,
    director_riders=(0, 2),  # "qui gère le leader + équipier violet et qui sera l'outsider (vert + gris)"
)

# "Le Niveau « Pro »": Expert's race plus the Pro rules (feeds, descents, braking, collective crashes, physical
# condition, attacks, the anti-doping control, the team classification), each one a toggle of the setup
PRO = dataclasses.replace(EXPERT, id="pro", label="Niveau Pro", pro_rules=True)

LEVELS: dict[str, Level] = {DEBUTANT.id: DEBUTANT, EXPERT.id: EXPERT, PRO.id: PRO}
# offered in setup and on the command line (a level joins once all of its rules play from the app)
PLAYABLE_LEVELS: tuple[str, ...] = (DEBUTANT.id, EXPERT.id, PRO.id)
