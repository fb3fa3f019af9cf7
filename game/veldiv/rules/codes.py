"""Small integer codes shared by the Veldiv state and its rules (pure)."""

ROLLING, CHOOSING, BONUS_CHOICE = 0, 1, 2  # state phases: throw / choose a rider (Art. 5) / bonus (Art. 7, 9)
PHASE_NAMES = ("roll", "choose_rider", "bonus")
RACING, DONE, OUT = 0, 1, 2  # rider status: racing / finished or waiting for the lap / eliminated
