"""The fixed parameters of a Mille Bornes game: phases, the option schema, the two variants (players
alone; teams of two) and :class:`Rules` (one per config, shared by every state of a game, with the
tables the engine reads on its hot path)."""

from __future__ import annotations

from ...engine.protocol import Config, ConfigError, Option, Variant
from ...engine.words import N_, Words

STATE_VERSION = 2  # 2: the hand's idle turns and whether this pass of the draw pile saw a card played

# phases (the view says them as words: PHASES)
DRAW, PLAY, ASKED, EXTEND, OVER = range(5)

HAND_SIZE = 6
GOAL = 1000
SHORT_GOAL = 700  # the classic trip before an extension
MAX_TWOS = 2  # 200s per driving zone
LIMITED_MILES = 50  # the largest distance card under a Speed Limit
SAFETY_MILES = 100  # what a safety counts toward the trip (2014: "1000 Miles ... with their Distance and Safety cards")
IDLE_TURNS = 106  # a hand also ends after this many turns in a row with no card played on a zone (see the rules doc)
MAX_TURNS = 1_000_000  # a bound for saves only: a hand has far fewer turns (a card reaches a zone every IDLE_TURNS)
MAX_HANDS = 25  # a match also ends after this many hands
MIN_PLAYERS, MAX_PLAYERS = 2, 6
PLAYER_COUNTS = Words("Mille Bornes is for 2, 3, 4 or 6 players")
TEAMS_NEED = Words("Teams of two need 4 or 6 players")
SIX_IN_TEAMS = Words("Six players play in teams of two (choose Teams of two)")
TARGETS = ((0, N_("One hand")), (2500, N_("2,500 points")), (5000, N_("5,000 points (classic)")))

# 2014 scoring, and the classic extras
MILE_POINT = 1
SAFETY_POINTS = 100
COUP_FOURRE_POINTS = 200
CLASSIC_COUP_FOURRE_POINTS = 300
TRIP_POINTS = 400
DELAYED_POINTS = 300
SAFE_TRIP_POINTS = 300
SHUTOUT_POINTS = 500
ALL_SAFETIES_POINTS = 300
EXTENSION_POINTS = 200

# (key, label, help) of every yes/no option, all off by default: the 2014 text's own optional rule
# (fast play), then the classic rules where the 2014 text differs, then the classic scoring extras.
TOGGLES = (
    ("fast_play", N_("Fast play (2014)"),
     N_("When a hazard hits you, you may play its remedy at once, out of turn (no points for it).")),
    ("go_after_remedy", N_("A Go after every remedy (classic)"),
     N_("After Repairs, Gasoline or a Spare Tire, or a safety played in turn that lifts its hazard, you need a Go "
        "again before driving; only the Emergency Vehicle lets you drive without one (the 2014 rules say no).")),
    ("no_discard_draw", N_("No drawing from the discard pile (classic)"),
     N_("You always draw from the draw pile (the 2014 rules let you take the top of the discard pile).")),
    ("no_reshuffle", N_("No reshuffle (classic)"),
     N_("When the draw pile runs out, nobody draws any more: play the cards you hold until they are gone "
        "(the 2014 rules reshuffle the discard pile into a new draw pile).")),
    ("no_exchange", N_("No exchanging cards (classic)"),
     N_("Players may not pass their turn to exchange cards (a 2014 rule).")),
    ("classic_coup_fourre", N_("Coup Fourré worth 300 (classic)"),
     N_("A Coup Fourré scores 300 on top of the safety's 100 (the 2014 rules say 200).")),
    ("exact_finish", N_("Exactly 1000 miles (classic)"),
     N_("A distance card may not take you past the trip: it must end exactly at 1000 (or 700). The trip is then "
        "counted in distance cards only, as in the classic rules (the 2014 rules count 100 a safety).")),
    ("extension", N_("Trip of 700, extendable to 1000 (classic)"),
     N_("The trip is 700 miles; who reaches it may extend it to 1000 (+200 for completing an extended trip). The "
        "trip is then counted in distance cards only, as in the classic rules (the 2014 rules count 100 a safety).")),
    ("bonus_trip", N_("Trip completed +400 (classic)"), N_("Completing the trip scores 400 more.")),
    ("bonus_delayed", N_("Delayed action +300 (classic)"),
     N_("Completing the trip after the draw pile has run out (reshuffled or not) scores 300 more.")),
    ("bonus_safe_trip", N_("Safe trip +300 (classic)"), N_("Completing the trip without a 200 scores 300 more.")),
    ("bonus_shutout", N_("Shut-out +500 (classic)"),
     N_("Completing the trip before any opponent has played a distance card scores 500 more.")),
    ("bonus_all_safeties", N_("All four safeties +300 (classic)"), N_("Playing all four safeties scores 300 more.")),
)

# each toggle's label on the setup screen's chips (the group's heading says "classic" or "2014")
_SHORT = {
    "fast_play": N_("Fast play"), "go_after_remedy": N_("A Go after every remedy"),
    "no_discard_draw": N_("No taking the discard"), "no_reshuffle": N_("No reshuffle"),
    "no_exchange": N_("No exchanging cards"), "classic_coup_fourre": N_("Coup Fourré worth 300"),
    "exact_finish": N_("Exactly 1000 miles"), "extension": N_("700, extendable to 1000"),
    "bonus_trip": N_("Trip completed +400"), "bonus_delayed": N_("Delayed action +300"),
    "bonus_safe_trip": N_("Safe trip +300"), "bonus_shutout": N_("Shut-out +500"),
    "bonus_all_safeties": N_("All four safeties +300"),
}


def _options(players: int) -> tuple[Option, ...]:
    youngest = Option("youngest", N_("Youngest player (starts)"), 0, kind="choice",
                      choices=tuple((s, Words("Player {n}", n=s + 1)) for s in range(players)),
                      help=N_("The youngest player starts the first hand; the next hands start one seat further."),
                      seat_choice=True)
    target = Option("target", N_("Play to"), 0, kind="choice", choices=TARGETS,
                    help=N_("One hand, or hands until a player (or team) reaches the target score."))
    return (youngest, target) + tuple(Option(k, label, False, kind="bool", help=text, group=_toggle_group(k),
                                             short=_SHORT[k])
                                      for k, label, text in TOGGLES)


def _toggle_group(key: str) -> str:
    """The setup screen's heading for a yes/no option: the 2014 text's optional rule, the classic rules
    that replace 2014 ones, the classic scoring."""
    if key == "fast_play":
        return N_("Optional rule of the 2014 edition")
    if key.startswith("bonus_") or key in ("classic_coup_fourre", "extension", "exact_finish"):
        return N_("Classic scoring and trip")
    return N_("Classic rules instead of the 2014 ones")


SOLO = Variant(
    id="solo",
    label=N_("Each for themselves"),
    min_players=2,
    max_players=4,
    default_players=2,
    options=_options(4),
    summary=N_("2, 3 or 4 players, each with their own driving zone. First to 1000 (miles, and 100 a safety) ends "
               "the hand; most points wins (1 a mile, 100 a safety, 200 a Coup Fourré)."),
    player_counts=(2, 3, 4),
)

TEAMS = Variant(
    id="teams",
    label=N_("Teams of two"),
    min_players=4,
    max_players=6,
    default_players=4,
    options=_options(6),
    summary=N_("4 or 6 players in teams of two: partners sit apart, share one driving zone and take turns "
               "for it. First team to 1000 (miles, and 100 a safety) ends the hand; most points wins."),
    player_counts=(4, 6),
)

VARIANTS = (SOLO, TEAMS)


def check_config(config: Config) -> None:
    """The checks across options and players (each option's own range is checked by its schema)."""
    if config.players not in (2, 3, 4, 6):
        raise ConfigError(PLAYER_COUNTS)
    if config.variant == "teams" and config.players not in (4, 6):
        raise ConfigError(TEAMS_NEED)
    if config.variant == "solo" and config.players == 6:
        raise ConfigError(SIX_IN_TEAMS)
    if config.get("youngest", 0) >= config.players:
        raise ConfigError(Words("The youngest player must be one of the {n} players.", n=config.players))


def zone_table(variant: str, players: int) -> tuple[int, ...]:
    """Each seat's driving zone: alone, its own; in teams of two, its team's (partners seated apart:
    4 players 0 & 2 / 1 & 3; 6 players 0 & 3 / 1 & 4 / 2 & 5), so play goes round the teams in turn."""
    if variant == "teams":
        zones = players // 2
        return tuple(s % zones for s in range(players))
    return tuple(range(players))


class Rules:
    """The fixed parameters of one game (shared by all its states) and the engine's tables."""

    __slots__ = ("config", "variant", "players", "teams", "zone_of", "zone_count", "zone_seats", "opponents",
                 "ask_order", "youngest", "target", "fast_play", "go_after_remedy", "discard_draw", "reshuffle",
                 "exchange", "safety_miles", "coup_fourre_points", "exact", "extension", "bonus_trip", "bonus_delayed",
                 "bonus_safe_trip", "bonus_shutout", "bonus_all_safeties", "first_goal", "next_seat")

    def __init__(self, config: Config):
        check_config(config)
        self.config = config
        self.variant = config.variant
        self.players = n = config.players
        self.teams = config.variant == "teams"
        self.zone_of = zone_table(config.variant, n)
        self.zone_count = zc = max(self.zone_of) + 1
        self.zone_seats = tuple(tuple(s for s in range(n) if self.zone_of[s] == z) for z in range(zc))
        self.opponents = tuple(tuple(o for o in range(zc) if o != z) for z in range(zc))
        # ask_order[attacker][zone]: the zone's seats in the order their turns come after the attacker's
        self.ask_order = tuple(tuple(tuple(sorted(self.zone_seats[z], key=lambda s, a=a: (s - a) % n))
                                     for z in range(zc)) for a in range(n))
        self.next_seat = tuple((s + 1) % n for s in range(n))
        self.youngest = int(config.get("youngest", 0))
        self.target = int(config.get("target", 0))
        self.fast_play = bool(config.get("fast_play", False))
        self.go_after_remedy = bool(config.get("go_after_remedy", False))
        self.discard_draw = not config.get("no_discard_draw", False)
        self.reshuffle = not config.get("no_reshuffle", False)
        self.exchange = not config.get("no_exchange", False)
        classic_cf = bool(config.get("classic_coup_fourre", False))
        self.coup_fourre_points = CLASSIC_COUP_FOURRE_POINTS if classic_cf else COUP_FOURRE_POINTS
        self.exact = bool(config.get("exact_finish", False))
        self.extension = bool(config.get("extension", False))
        self.first_goal = SHORT_GOAL if self.extension else GOAL
        # the 2014 trip counts each safety as 100; the classic trip (exact finish, or 700 extendable) counts miles only
        self.safety_miles = 0 if self.exact or self.extension else SAFETY_MILES
        self.bonus_trip = bool(config.get("bonus_trip", False))
        self.bonus_delayed = bool(config.get("bonus_delayed", False))
        self.bonus_safe_trip = bool(config.get("bonus_safe_trip", False))
        self.bonus_shutout = bool(config.get("bonus_shutout", False))
        self.bonus_all_safeties = bool(config.get("bonus_all_safeties", False))

    def starter(self, hand_number: int) -> int:
        """Who starts hand ``hand_number`` (1, 2, …): the youngest, then one seat further each hand."""
        return (self.youngest + hand_number - 1) % self.players
