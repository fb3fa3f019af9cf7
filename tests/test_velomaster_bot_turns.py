"""VeloMaster at normal speed, a computer player's turn as a human at the table watches it: a roll that ends in a
blocked rider says so on the map with its die still showing, the dice tray's "no dice yet" note never lies under a
die rolling, and an accélération's proposal names its voter in good English and is on screen before the answer."""

from __future__ import annotations

import random

import pytest

from game.engine.match import Match, Seat
from game.engine.protocol import Config
from game.ui import theme
from game.ui.scenes_registry import TABLES
from game.velomaster.rules.actions import Roll
from game.velomaster.rules.events import AccelerationDecided, AccelerationProposed, MoveEnded

from .ui_helpers import frames, make_app

ENTRY = TABLES["velomaster"]
NAMES = ["Ann", "Bob", "Cleo"]


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    return make_app("normal")


def expert_config(players: int = 3) -> Config:
    return ENTRY.spec.validate_config(Config("race", players, (("course", "salzburg"), ("finish", 100),
                                                               ("level", "expert"))))


def moves_before(found):
    """Random legal moves of an Expert race of three until a move's events satisfy ``found``: (seed, the moves up
    to that one, its seat)."""
    for seed in range(1, 12):
        match = Match(ENTRY.spec, expert_config(), seed, [Seat(n, "human", (0, 0, 0)) for n in NAMES])
        rnd = random.Random(seed)
        moves = []
        for _ in range(3000):
            if match.is_over():
                break
            seat = match.to_act()[0]
            action = rnd.choice(match.state.legal_actions(seat))
            match.act(seat, action)
            moves.append((seat, action))
            if found(action, match.steps[-1].events):
                return seed, moves, seat
    raise AssertionError("no such move found in the seeds tried")


def watched(app, seed, moves, *bots: int):
    """The table of that race after ``moves``, ``bots`` computer players, the others humans."""
    seats = [Seat(n, "easy" if i in bots else "human", theme.SEAT_COLOURS[i]) for i, n in enumerate(NAMES)]
    match = Match(ENTRY.spec, expert_config(), seed, seats)
    for seat, action in moves:
        match.act(seat, action)
    scene = ENTRY.scene(app, match, ENTRY)
    app.stack.clear_to(scene)
    return scene, match


def lost_move(action, events) -> bool:
    return isinstance(action, Roll) and any(isinstance(e, MoveEnded) and e.reason == "blocked" and e.used == 0
                                            for e in events)


def test_a_bots_roll_that_leaves_its_rider_blocked_says_so_on_the_map_with_the_die_still_showing(app):
    seed, moves, bot = moves_before(lost_move)
    scene, match = watched(app, seed, moves[:-1], bot)
    steps = len(match.steps)
    banners: set[str] = set()
    landed = 0.0  # seconds the rolled die showed its value, still, before the human was asked
    for _ in range(1200):
        frames(app, 1, dt=1 / 30)
        if len(match.steps) > steps:
            banners |= {b.text for b in scene.anim.banners}
            if any(d.value is not None and not d.is_rolling for d in scene.dice):
                landed += 1 / 30
            if not scene.busy():
                break
    assert len(match.steps) == steps + 1 and lost_move(match.steps[-1].action, match.steps[-1].events)
    assert any("is blocked: the move is lost" in text for text in banners), banners
    assert landed >= 0.6, f"the die landed then vanished after {landed:.2f} s"


def test_the_no_dice_yet_note_is_not_drawn_under_a_die_rolling(app, monkeypatch):
    from game.velomaster import race_drawing

    seed, moves, bot = moves_before(lost_move)
    scene, match = watched(app, seed, moves[:-1], bot)
    steps = len(match.steps)
    noted_under_die = []
    drawn = []
    real = race_drawing.theme.blit_text

    def blit_text(surface, text, *args, **kwargs):
        drawn.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(race_drawing.theme, "blit_text", blit_text)
    for _ in range(1200):
        drawn.clear()
        frames(app, 1, dt=1 / 30)
        if any(d.is_rolling for d in scene.dice) and "no dice yet this turn" in drawn:
            noted_under_die.append(len(match.steps) - steps)
        if len(match.steps) > steps and not scene.busy():
            break
    assert not noted_under_die


def proposed_to_one_voter(action, events) -> bool:
    """An accélération put to one other player, decided in the same move (the proposer's bikes are enough)."""
    return (any(isinstance(e, AccelerationProposed) and len(e.asked) == 1 for e in events)
            and any(isinstance(e, AccelerationDecided) for e in events))


def proposal_watched(app):
    """The banners of each frame of the first two seconds of such a proposal, and the voter's name."""
    seed, moves, seat = moves_before(proposed_to_one_voter)
    scene, match = watched(app, seed, moves[:-1])
    steps = len(match.steps)
    frames(app, 1, dt=1 / 30)
    assert scene.submit(moves[-1][1], seat)
    ev = next(e for e in match.steps[steps].events if isinstance(e, AccelerationProposed))
    seen = []
    for _ in range(60):
        frames(app, 1, dt=1 / 30)
        seen.append([b.text for b in scene.anim.banners])
    return seen, NAMES[ev.asked[0]]


def test_an_acceleration_put_to_one_voter_says_the_voter_votes_in_good_english(app):
    seen, voter = proposal_watched(app)
    assert any(text.endswith(f": {voter} votes") for frame in seen for text in frame), seen[:3]


def test_the_answer_to_an_acceleration_comes_after_a_second_to_read_the_proposal(app):
    seen, _voter = proposal_watched(app)
    answers = [i for i, frame in enumerate(seen) if any(t.startswith(("Accélération!", "No accélération"))
                                                        for t in frame)]
    assert answers, "the answer is part of the move"
    assert answers[0] >= 27, f"the answer showed {answers[0] / 30:.2f} s after the proposal"
