"""Small integer codes used in the state (pure)."""

# rider status
# on the course (or the start area when its cell is 0) / at the roadside / finished / abandoned (Expert crash)
ROAD, SIDE, FIN, OUT = 0, 1, 2, 3
STATUS_NAMES = ("road", "roadside", "finished", "abandoned")

# phases
P_ORDER, P_LROLL, P_LAUNCH, P_MOVE, P_DESCENT, P_ENTRAIDE, P_ROLL, P_ASSIGN, P_OVER, P_PROPOSE, P_VOTE, P_NEUTRAL, \
    P_PREPARE = range(13)
PHASE_NAMES = ("order", "launch_roll", "launch", "move", "descent", "entraide", "roll", "assign", "over", "propose",
               "vote", "neutral", "prepare")  # prepare: Pro's stage start, every seat's secret picks at once

# a seat's answer about a proposed accélération (``votes``, by seat)
VOTE_NONE, VOTE_WAITING, VOTE_YES, VOTE_NO = 0, 1, 2, 3

# what a finished move leads back to
CTX_START, CTX_RACE, CTX_ENTRAIDE, CTX_LINE = 0, 1, 2, 3
CTX_NAMES = ("start", "race", "entraide", "acceleration")
