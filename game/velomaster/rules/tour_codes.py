"""Small codes of a VeloMaster tour's state (pure), shared by :mod:`.tour` and its view and saves."""

T_RACE, T_REPECHAGE, T_LEADERS, T_OVER = range(4)  # the tour's phase: a stage raced, the decisions, the end
TOUR_PHASES = ("race", "repechage", "leaders", "over")
WAITING, NOT_ASKED = -2, -3  # a seat's entry in ``votes`` / ``answers`` (else the tour rider chosen, -1 nobody)
END_REASONS = ("", "stages", "riders")  # why a tour ended: every stage run, fewer than two teams left

__all__ = ["END_REASONS", "NOT_ASKED", "TOUR_PHASES", "T_LEADERS", "T_OVER", "T_RACE", "T_REPECHAGE", "WAITING"]
