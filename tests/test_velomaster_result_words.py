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


def test_velomaster_results_say_how_two_players_on_the_same_time_were_ordered():
    """Equal times go to the better climber, then to the team whose two best riders scored more, then to who crossed
    first (the time ranking). Two players whose best riders crossed on the same time were ranked one after the other
    with nothing said why."""
    import random

    from game.engine.protocol import Config
    from game.registry import GAMES

    spec = GAMES["velomaster"]
    base = spec.default_config("debutant-salzburg", 4)
    state = spec.new_state(spec.validate_config(Config(base.variant, 4, tuple({**dict(base.options),
                                                                               "finish": 33}.items()))), 12)
    rng = random.Random(12)
    while not state.is_over():
        seat = state.to_act()[0]
        state, _ = state.apply(seat, rng.choice(state.legal_actions(seat)))
    result = state.result()
    assert result.ranking[:3] == (0, 2, 1) and result.score_texts[0] == result.score_texts[2], "seats 0 and 2 level"
    said = [str(line) for line in result.details if "on the same time" in str(line)]
    assert said == ["{0} and {2} on the same time: equal times go to the better climber, then to the team whose two "
                    "best riders scored more points, then to who crossed the line first."]
