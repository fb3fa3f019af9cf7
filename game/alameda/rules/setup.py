"""The fixed parameters of a Tour of Alameda game: phases, card values, the option schema, the two
variants (standard and the younger players' preset) and :class:`Rules` (one per config, shared by
every state of a game, with the tables the engine reads on its hot path)."""

from __future__ import annotations

from ...engine.protocol import Config, ConfigError, Option, Variant
from ...engine.words import N_, Words

STATE_VERSION = 1

# phases
PICK, WRENCH, REST, OVER = range(4)
PHASE_NAMES = ("pick", "wrench", "rest", "over")

# cards: speed cards are their value 1..10; the Monkey Wrench is 0; -1 = no card
WRENCH_CARD = 0
NO_CARD = -1
NOBODY = -1  # no seat
TOP_VALUE = 10
VALUES = tuple(range(1, TOP_VALUE + 1))

MIN_PLAYERS, MAX_PLAYERS = 2, 8
MAX_COPIES = 4  # of one value in a deck
MIN_HAND, MAX_HAND = 1, 8

STANDARD_COPIES = (3, 3, 3, 3, 3, 3, 2, 2, 2, 1)  # values 1..10: the rulebook's deck of 25
YOUNGER_COPIES = (3, 3, 3, 2, 2, 1, 0, 0, 0, 0)  # the rulebook's example for very early players: 14 cards
STANDARD_HAND, YOUNGER_HAND = 5, 3

ADVANCED = (
    ("breakaway", N_("The Breakaway"),
     N_("A player alone in the lead of the stage who still holds their Monkey Wrench draws no card after a leg.")),
    ("endurance", N_("Endurance Stages"),
     N_("After legs 5, 7, 9… of a stage, the player alone in the lead of the stage scores 1 point.")),
    ("mountaineer", N_("Mountaineer"),
     N_("A player whose card is a 4 or lower and the highest card of the leg scores 1 point.")),
    ("rest", N_("Rest"),
     N_("After each stage, each player may secretly choose to put their hand under their deck and draw a new one.")),
    ("time_trial", N_("Time Trial Stages"),
     N_("If the first leg brings enough Monkey Wrenches to end the stage, one more leg is played, then it ends.")),
)


def _oldest_option() -> Option:
    choices = tuple((s, Words("Player {n}", n=s + 1)) for s in range(MAX_PLAYERS))
    return Option("oldest", N_("Oldest player (first jersey)"), 0, kind="choice", choices=choices,
                  help=N_("The leader jersey starts with the oldest player, who reveals first."), seat_choice=True)


def _options(copies: tuple[int, ...], hand: int) -> tuple[Option, ...]:
    opts = [
        _oldest_option(),
        Option("hand_size", N_("Speed cards in hand"), hand, kind="int", minimum=MIN_HAND, maximum=MAX_HAND,
               help=N_("How many speed cards each player holds (plus the Monkey Wrench).")),
    ]
    opts += [Option(key, label, False, kind="bool", help=text) for key, label, text in ADVANCED]
    opts += [Option(f"copies_{v}", Words("{v}s in each deck", v=v), copies[v - 1], kind="int", minimum=0,
                    maximum=MAX_COPIES, help=Words("How many speed cards of value {v} each player's deck holds.", v=v),
                    group=N_("Each player's deck: cards of each speed"), short=Words("{v}s", v=v)) for v in VALUES]
    return tuple(opts)


STANDARD = Variant(
    id="standard",
    label=N_("Standard"),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    default_players=4,
    options=_options(STANDARD_COPIES, STANDARD_HAND),
    summary=N_("Each player races their own deck of 25 speed cards and a Monkey Wrench; 2 points per stage won, "
               "most points at the end of the tour wins."),
)

YOUNGER = Variant(
    id="younger",
    label=N_("Younger players"),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    default_players=3,
    options=_options(YOUNGER_COPIES, YOUNGER_HAND),
    summary=N_("A shorter tour: three each of 1, 2 and 3, two each of 4 and 5, one 6, and a hand of 3 speed cards."),
)

VARIANTS = (STANDARD, YOUNGER)


def _seat_table(players: int) -> tuple[tuple[int, ...], ...]:
    """SEATS[mask]: the seats in ``mask``, in seat order."""
    return tuple(tuple(s for s in range(players) if mask >> s & 1) for mask in range(1 << players))


SEATS = {p: _seat_table(p) for p in range(MIN_PLAYERS, MAX_PLAYERS + 1)}


def check_config(config: Config) -> None:
    """The checks across options (each option's own range is checked by its schema)."""
    if config.get("oldest", 0) >= config.players:
        raise ConfigError(Words("The oldest player must be one of the {n} players.", n=config.players))
    deck = sum(config.get(f"copies_{v}", 0) for v in VALUES)
    hand = config.get("hand_size", STANDARD_HAND)
    if deck < hand:
        raise ConfigError(Words.plural("Each deck holds {n} speed card, fewer than a hand of {hand}: add cards to the "
                                       "deck or lower the hand size.",
                                       "Each deck holds {n} speed cards, fewer than a hand of {hand}: add cards to the "
                                       "deck or lower the hand size.", deck, hand=hand))


class Rules:
    """The fixed parameters of one game (shared by all its states) and the engine's tables."""

    __slots__ = ("config", "variant", "players", "hand_size", "copies", "deck", "deck_total", "oldest",
                 "breakaway", "endurance", "mountaineer", "rest", "time_trial", "seats", "orders", "others",
                 "all_seats")

    def __init__(self, config: Config):
        check_config(config)
        self.config = config
        self.variant = config.variant
        self.players = n = config.players
        self.hand_size = int(config.get("hand_size", STANDARD_HAND))
        self.copies = tuple(int(config.get(f"copies_{v}", 0)) for v in VALUES)
        self.deck = tuple(v for v in VALUES for _ in range(self.copies[v - 1]))
        self.deck_total = sum(self.deck)
        self.oldest = int(config.get("oldest", 0))
        self.breakaway = bool(config.get("breakaway", False))
        self.endurance = bool(config.get("endurance", False))
        self.mountaineer = bool(config.get("mountaineer", False))
        self.rest = bool(config.get("rest", False))
        self.time_trial = bool(config.get("time_trial", False))
        self.seats = SEATS[n]
        self.all_seats = (1 << n) - 1
        # the reveal order from each jersey holder: to the left, i.e. increasing seat numbers, wrapping
        self.orders = tuple(tuple((j + i) % n for i in range(n)) for j in range(n))
        self.others = tuple(tuple(t for t in range(n) if t != s) for s in range(n))

    def wrenches_to_end(self) -> int:
        """How many Monkey Wrenches end a stage: more than half of the players."""
        return self.players // 2 + 1
