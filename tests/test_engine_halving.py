"""The sequential halving shared by the Hard searches (game/engine/halving.py)."""

from game.engine.bots import EnoughThinking
from game.engine.halving import sequential_halving


def run(gen):
    """Drive the generator to its end; (progress values yielded, the index returned)."""
    seen = []
    try:
        while True:
            seen.append(next(gen))
    except StopIteration as stop:
        return seen, stop.value


def test_halving_keeps_the_better_half_each_round_and_returns_the_best_candidate():
    values = [0.2, 0.9, 0.5, 0.1, 0.7]
    tries: list[tuple[int, int]] = []

    def try_one(i, j):
        tries.append((i, j))
        return values[i], 1

    progress, best = run(sequential_halving(len(values), 60, try_one))
    assert best == 1
    counts = [sum(1 for i, _ in tries if i == c) for c in range(len(values))]
    assert counts[1] == max(counts) and counts[3] == min(counts)  # the best tried most, the worst least
    assert counts[1] > counts[3]
    assert progress == sorted(progress) and progress[-1] <= 1.0 and len(progress) == len(tries)


def test_halving_tries_every_candidate_in_the_same_worlds_in_order():
    tries: dict[int, list[int]] = {}

    def try_one(i, j):
        tries.setdefault(i, []).append(j)
        return 0.0, 1

    run(sequential_halving(4, 40, try_one))
    for worlds in tries.values():
        assert worlds == list(range(len(worlds)))  # world 0, 1, 2… for each candidate: common random numbers


def test_halving_told_to_stop_answers_the_best_of_the_most_tried_candidates():
    values = [0.5, 0.4, 0.95]

    def try_one(i, j):
        return values[i], 1

    gen = sequential_halving(3, 300, try_one)
    for _ in range(4):  # candidates 0, 1, 2 once, then candidate 0 a second time
        next(gen)
    try:
        gen.throw(EnoughThinking())
    except StopIteration as stop:
        best = stop.value
    else:
        raise AssertionError("the search went on after being told to stop")
    assert best == 0  # candidate 2 is better so far, but tried once where candidate 0 was tried twice


def test_halving_with_no_pass_each_round_skips_a_round_whose_share_is_spent():
    calls = []

    def try_one(i, j):
        calls.append(i)
        return float(i), 100  # one try costs more than the whole budget

    _, best = run(sequential_halving(4, 10, try_one, pass_each_round=False))
    assert len(calls) == 4 and best == 3  # the first round's one pass, then nothing left to spend
    calls.clear()
    _, best = run(sequential_halving(4, 10, try_one))
    assert len(calls) == 6 and best == 3  # a pass in each of the two rounds: 4 then the better 2
