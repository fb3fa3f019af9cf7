"""Mille Bornes cards as small ints (a card's kind; copies of a kind are interchangeable), their
names, families and the classic 106-card deck (the 2014 box's 110 cards are 106 playing cards and 4
quick reference cards; its text gives no count per kind: see docs/rules/millebornes.md). Pure data, shared by the engine, the bots and the table."""

from __future__ import annotations

from ...engine.words import Words

# distance cards (their value in miles is MILES[card])
D25, D50, D75, D100, D200 = range(5)
# hazards (red)
ACCIDENT, OUT_OF_GAS, FLAT_TIRE, SPEED_LIMIT, STOP = range(5, 10)
# remedies (green)
REPAIRS, GASOLINE, SPARE_TIRE, END_OF_LIMIT, GO = range(10, 15)
# safeties (blue)
DRIVING_ACE, EXTRA_TANK, PUNCTURE_PROOF, EMERGENCY_VEHICLE = range(15, 19)

KINDS = 19
DISTANCES = (D25, D50, D75, D100, D200)
HAZARDS = (ACCIDENT, OUT_OF_GAS, FLAT_TIRE, SPEED_LIMIT, STOP)
REMEDIES = (REPAIRS, GASOLINE, SPARE_TIRE, END_OF_LIMIT, GO)
SAFETIES = (DRIVING_ACE, EXTRA_TANK, PUNCTURE_PROOF, EMERGENCY_VEHICLE)

MILES = (25, 50, 75, 100, 200) + (0,) * 14

# each kind's name (Words: English here, composed in the language in use where shown)
NAMES = (
    Words("25 miles"), Words("50 miles"), Words("75 miles"), Words("100 miles"), Words("200 miles"),
    Words("Accident"), Words("Out of Gas"), Words("Flat Tire"), Words("Speed Limit"), Words("Stop"),
    Words("Repairs"), Words("Gasoline"), Words("Spare Tire"), Words("End of Limit"), Words("Go"),
    Words("Driving Ace"), Words("Extra Tank"), Words("Puncture-Proof"), Words("Emergency Vehicle"),
)

# a card in a sentence ("Ann plays a Go"): hazards and remedies with their article, distances as they are,
# Repairs and the safeties with none in English (their own templates, so a language may give them one)
A_NAMES = NAMES[:5] + (
    Words("an Accident"), Words("an Out of Gas"), Words("a Flat Tire"), Words("a Speed Limit"), Words("a Stop"),
    # TRANSLATORS: the Repairs card in a sentence ("Ann plays Repairs")
    Words("{repairs}", repairs=NAMES[10]),
    Words("a Gasoline"), Words("a Spare Tire"), Words("an End of Limit"), Words("a Go"),
) + tuple(
    # TRANSLATORS: a safety card in a sentence ("Ann discards Driving Ace"; French: "la botte As du Volant")
    Words("{safety}", safety=name) for name in NAMES[15:])
# a hazard at the start of a sentence ("A Flat Tire was played on you.")
CAP_A_NAMES = (Words("An Accident"), Words("An Out of Gas"), Words("A Flat Tire"), Words("A Speed Limit"),
               Words("A Stop"))
# a hazard named again ("the Flat Tire")
THE_NAMES = (Words("the Accident"), Words("the Out of Gas"), Words("the Flat Tire"), Words("the Speed Limit"),
             Words("the Stop"))

# family of each kind: "distance", "hazard", "remedy", "safety"
FAMILY = ("distance",) * 5 + ("hazard",) * 5 + ("remedy",) * 5 + ("safety",) * 4

# the remedy that covers each hazard, and the safety that protects from it
REMEDY_FOR = {ACCIDENT: REPAIRS, OUT_OF_GAS: GASOLINE, FLAT_TIRE: SPARE_TIRE, SPEED_LIMIT: END_OF_LIMIT, STOP: GO}
SAFETY_FOR = {ACCIDENT: DRIVING_ACE, OUT_OF_GAS: EXTRA_TANK, FLAT_TIRE: PUNCTURE_PROOF,
              SPEED_LIMIT: EMERGENCY_VEHICLE, STOP: EMERGENCY_VEHICLE}
HAZARD_FOR_REMEDY = {remedy: hazard for hazard, remedy in REMEDY_FOR.items()}

# the classic 106 game cards (issue 15): copies of each kind, indexed by kind
COPIES = (10, 10, 10, 12, 4,  3, 3, 3, 4, 5,  6, 6, 6, 6, 14,  1, 1, 1, 1)
DECK_SIZE = sum(COPIES)  # 106

assert len(NAMES) == len(FAMILY) == len(COPIES) == len(MILES) == KINDS and DECK_SIZE == 106
