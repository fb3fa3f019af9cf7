"""The race result says truly why a race ended on its leaders ("La course se termine lorsque tous les leaders …
ont franchi la ligne d'arrivée"): at Expert and Pro a leader may have abandoned or been excluded first."""

from types import SimpleNamespace

from game.velomaster.rules.codes import FIN, OUT, ROAD
from game.velomaster.rules.result import _leaders_in


def race(*leader_status: int) -> SimpleNamespace:
    leaders = tuple(range(0, 4 * len(leader_status), 4))
    status = [ROAD] * (4 * len(leader_status))
    for r, st in zip(leaders, leader_status, strict=True):
        status[r] = st
    return SimpleNamespace(setup=SimpleNamespace(leaders=leaders), status=tuple(status))


def test_velomaster_race_over_on_leaders_names_all_leaders_across_the_line():
    assert _leaders_in(race(FIN, FIN, FIN)) == "all the leaders crossed the line"


def test_velomaster_race_over_on_leaders_with_one_out_says_those_still_racing_crossed():
    assert _leaders_in(race(FIN, OUT, FIN)) == "every leader still racing crossed the line"


def test_velomaster_race_over_when_every_leader_left_does_not_claim_they_crossed():
    assert _leaders_in(race(OUT, OUT)) == "no leader was left racing"
