"""The six races of the Veldiv rulebook as variants, and the per-configuration constants (pure)."""

from __future__ import annotations

from ...engine.protocol import Config, Option, Variant
from ...engine.words import N_
from .track import SPACES, pursuit_starts

IND, AME, PUR, PEQ, ELI, CAG = "individuelle", "americaine", "poursuite", "poursuite-equipe", "eliminatoire", "cagnotte"

RACE_NAMES = {
    IND: N_("Course Individuelle"),
    AME: N_("Américaine (Course par Équipe)"),
    PUR: N_("Poursuite Individuelle"),
    PEQ: N_("Poursuite par Équipe"),
    ELI: N_("Course Éliminatoire"),
    CAG: N_("La Cagnotte"),
}

_PREMIERS = Option("premiers", N_("Premier tokens to end the race"), 3, minimum=1, maximum=9,
                   help=N_("The race ends when a player totals this many Premier tokens (the rulebook says three)."))
_MAX_LAPS = Option("max_laps", N_("Lap limit"), 30, minimum=3, maximum=99,
                   help=N_("Safety cap: the race also ends once a rider crosses the line to end this lap of the "
                           "race."))

VARIANTS: tuple[Variant, ...] = (
    Variant(IND, RACE_NAMES[IND], 2, 12, 4, (_PREMIERS, _MAX_LAPS),
            N_("One rider each. Points and a Premier token every lap; take a lap on an opponent for an Un Tour "
               "token. Three Premier tokens end the race.")),
    Variant(AME, RACE_NAMES[AME], 2, 6, 3, (_PREMIERS, _MAX_LAPS),
            N_("Two riders each, two dice a turn: the high die to the rider behind (Art. 5–10). "
               "3-2-1 points a lap, Premier to the first team across."), seat_noun=N_("Team")),
    Variant(PUR, RACE_NAMES[PUR], 2, 4, 2, (),
            N_("Riders start spread around the oval (two players on 24 and 48; three on 16, 32, 48; four on "
               "12, 24, 36, 48). A rider caught and passed is out. The first past its own start space after "
               "three laps wins, or the last rider left. With four players a six counts only six."),),
    Variant(PEQ, RACE_NAMES[PEQ], 2, 4, 2, (),
            N_("Teams of two start spread around the oval, two dice a turn (Art. 5–10). A team is out when "
               "both its riders are caught and passed by both riders of another team. The first team with "
               "both riders past its start space after three laps wins. With four teams a six counts only "
               "six."), seat_noun=N_("Team")),
    Variant(ELI, RACE_NAMES[ELI], 2, 12, 4, (),
            N_("A rider across the line stops and waits; the last rider left on each lap is eliminated. "
               "The next lap starts with the rearmost rider. The last one standing wins.")),
    Variant(CAG, RACE_NAMES[CAG], 2, 12, 4, (
        Option("stake", N_("Stake per lap"), 1, minimum=1, maximum=20,
               help=N_("What the last rider of each lap pays into the kitty.")),
        Option("total", N_("Kitty to reach"), 10, minimum=1, maximum=200,
               help=N_("The race stops once the kitty holds at least this much.")),
    ), N_("The last rider of each lap pays the stake into the kitty and restarts from space 38; "
          "the race stops when the kitty is full. Who paid least wins.")),
)


class Setup:
    """Everything fixed by a configuration, shared by all states of a match."""

    __slots__ = ("config", "kind", "players", "per_seat", "riders", "team", "lapping", "pursuit", "waiting",
                 "six12", "starts", "line", "seat_of", "places", "premiers", "max_laps", "stake", "total",
                 "race_name", "all_seats", "quick")

    def __init__(self, config: Config):
        kind = config.variant
        n = config.players
        self.config = config
        self.kind = kind
        self.players = n
        self.team = kind in (AME, PEQ)
        self.per_seat = 2 if self.team else 1
        self.riders = n * self.per_seat
        self.lapping = kind in (IND, AME)
        self.pursuit = kind in (PUR, PEQ)
        self.waiting = kind in (ELI, CAG)
        # Poursuite à quatre: "le nombre six amené par le dé ne comptera que pour six cases".
        self.six12 = not (self.pursuit and n == 4)
        self.starts = pursuit_starts(n) if self.pursuit else (SPACES,) * n  # per seat
        self.line = tuple(self.starts[r // self.per_seat] for r in range(self.riders))  # per rider
        self.seat_of = tuple(r // self.per_seat for r in range(self.riders))
        if kind == IND:
            self.places = (1,) if n == 2 else (2, 1) if n == 3 else (3, 2, 1)
        elif kind == AME:
            self.places = (3, 2, 1)
        else:
            self.places = ()
        self.premiers = int(config.get("premiers", 3))
        self.max_laps = int(config.get("max_laps", 30))
        self.stake = int(config.get("stake", 1))
        self.total = int(config.get("total", 10))
        self.race_name = RACE_NAMES[kind]
        self.all_seats = tuple(range(n))
        self.quick = not self.team and not self.pursuit  # one rider each, plain Art. 1–4: a fast path


_CACHE: dict[Config, Setup] = {}


def setup_for(config: Config) -> Setup:
    """The (cached) Setup of an already validated configuration."""
    found = _CACHE.get(config)
    if found is None:
        if len(_CACHE) > 256:
            _CACHE.clear()
        found = _CACHE[config] = Setup(config)
    return found
