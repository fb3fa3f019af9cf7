"""Small integer codes used in the state (pure)."""

# rider status
ROAD, SIDE, FIN = 0, 1, 2  # on the course (or the start area when its cell is 0) / at the roadside / finished
STATUS_NAMES = ("road", "roadside", "finished")

# phases
P_ORDER, P_LROLL, P_LAUNCH, P_MOVE, P_DESCENT, P_ENTRAIDE, P_ROLL, P_ASSIGN, P_OVER = range(9)
PHASE_NAMES = ("order", "launch_roll", "launch", "move", "descent", "entraide", "roll", "assign", "over")

# what a finished move leads back to
CTX_START, CTX_RACE, CTX_ENTRAIDE = 0, 1, 2
CTX_NAMES = ("start", "race", "entraide")
