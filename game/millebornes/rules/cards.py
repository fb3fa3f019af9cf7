"""Mille Bornes cards as small ints (a card's kind; copies of a kind are interchangeable), their
names, families and the classic 106-card deck (the 2014 box's 110 cards are 106 playing cards and 4
quick reference cards; its text gives no count per kind: see docs/rules/millebornes.md). Pure data, shared by the engine, the bots and the table."""

from __future__ import annotations

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

NAMES = (
    "25 miles", "50 miles", "75 miles", "100 miles", "200 miles",
    "Accident", "Out of Gas", "Flat Tire", "Speed Limit", "Stop",
    "Repairs", "Gasoline", "Spare Tire", "End of Limit", "Go",
    "Driving Ace", "Extra Tank", "Puncture-Proof", "Emergency Vehicle",
)

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
