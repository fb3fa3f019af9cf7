"""What changes from one VeloMaster level to the next, as data (pure).

A level says who is in a team (roles and bibs), how the start and each phase of a round are played
(which roles move, how many six-sided dice the seat rolls) and the penalties. Débutant is the only
level played today; Expert ("tour des leaders" then "tour des équipiers", accélérations) and Pro
(physical condition) add rows to these tables and rules to the engine, not rewrites.
"""

from __future__ import annotations

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
    dice: int  # six-sided dice rolled; each moving rider takes one of them
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

LEVELS: dict[str, Level] = {DEBUTANT.id: DEBUTANT}
# offered in setup and on the command line (a level joins once all of its rules play from the app)
PLAYABLE_LEVELS: tuple[str, ...] = (DEBUTANT.id,)

# The dice a seat rolls, keyed by (level, phase name); "start" is the launch of one rider.
DICE_POOLS: dict[tuple[str, str], int] = {(lv.id, ph.name): ph.dice for lv in LEVELS.values() for ph in lv.phases}
DICE_POOLS.update({(lv.id, "start"): lv.start_dice for lv in LEVELS.values()})


def dice_pool(level: str, phase: str) -> int:
    return DICE_POOLS[(level, phase)]
