"""Velonimo's engine caches (interned plays, actions and events) are shared by every game in the
process: only a legal action may write to them (issue 13), and the rules package sets them up
without patching another module at import time."""

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine.protocol import IllegalAction
from game.velonimo import CardsPlayed, PlayCards
from game.velonimo.rules import moves as M
from game.velonimo.rules import plays as P

from .test_velonimo_rules import build, ids

ROOT = Path(__file__).resolve().parent.parent
JERSEY_REASON = "Say whether the Jersey is used with true or false"


def _bob_leads_with_the_jersey(seed: int):
    """Round 2, Bob (seat 1, odd) holds the unused Jersey and leads."""
    return build(hands={0: "red-6 green-7", 1: "blue-3 blue-5 green-2", 2: "pink-4", 3: "yellow-1"},
                 turn=1, round_no=2, jersey=1, seed=seed)


def test_velonimo_saved_play_with_jersey_2_is_refused_and_a_later_game_keeps_its_centre_value():
    """Issue 13: a saved action {"jersey": 2} was accepted (2 is truthy) and its CardsPlayed event,
    worth 33, was interned under the key of Bob's plain play of the same cards; a later, unrelated
    game then showed 33 in the centre for a play worth 23."""
    poisoned = PlayCards(ids("blue-3 blue-5"), 2)  # what the save decoded to (apply must refuse it on its own)
    game_a = _bob_leads_with_the_jersey(seed=1)
    assert game_a.why_illegal(1, poisoned) == JERSEY_REASON
    with pytest.raises(IllegalAction, match=JERSEY_REASON):
        game_a.apply(1, poisoned)

    game_b = build(hands={0: "red-6", 1: "blue-3 blue-5 green-2", 2: "pink-4", 3: "yellow-1"}, turn=1,
                   round_no=1, seed=2)
    after, events = game_b.apply(1, PlayCards(ids("blue-3 blue-5")))
    assert events[0] == CardsPlayed(1, ids("blue-3 blue-5"), 23, False, True)
    assert after.current_value == 23 and after.view(0).centre_value == 23
    assert after.to_dict()["centre_jersey"] is False


@pytest.mark.parametrize("jersey", [2, 1, 0, None, "yes", 1.0])
def test_velonimo_play_refuses_a_jersey_that_is_not_exactly_true_or_false(jersey):
    s = _bob_leads_with_the_jersey(seed=3)
    action = PlayCards(ids("blue-3 blue-5"), jersey)
    assert s.why_illegal(1, action) == JERSEY_REASON
    with pytest.raises(IllegalAction, match=JERSEY_REASON):
        s.apply(1, action)


def test_velonimo_play_refuses_cards_that_are_not_a_plain_tuple_of_card_numbers():
    class FancyTuple(tuple):
        pass

    s = _bob_leads_with_the_jersey(seed=4)
    blue = ids("blue-3 blue-5")
    cases = [
        (PlayCards(FancyTuple(blue)), "Choose the cards to play"),
        (PlayCards((True, blue[1])), "List distinct cards in increasing order"),
        (PlayCards((blue[0], blue[0])), "List distinct cards in increasing order"),
        (PlayCards((-1, blue[0])), "List distinct cards in increasing order"),
        (PlayCards((blue[0], 55)), "List distinct cards in increasing order"),
        (PlayCards((float(blue[0]),)), "List distinct cards in increasing order"),
    ]
    for action, reason in cases:
        assert s.why_illegal(1, action) == reason
        with pytest.raises(IllegalAction, match=reason):
            s.apply(1, action)


def test_velonimo_play_by_a_seat_given_as_true_interns_an_event_with_the_plain_seat_number():
    """apply(True, …) passes the turn check for seat 1 (True == 1); the shared CardsPlayed must
    still name seat 1 as an int, or every later game would narrate and save ``true``."""
    cards = ids("orange-3 orange-6")
    key = (P.play_of(sum(1 << c for c in cards)).mask << 5) | (1 << 2) | 1  # seat 1, no Jersey, leading
    M._PLAYED_EVENTS.pop(key, None)  # a cold cache for these cards, as in a fresh process
    s = build(hands={0: "red-6", 1: "orange-3 orange-6 green-2", 2: "pink-4", 3: "yellow-1"}, turn=1, seed=5)
    s.apply(True, PlayCards(cards))
    t = build(hands={0: "red-6", 1: "orange-3 orange-6 green-2", 2: "pink-4", 3: "yellow-1"}, turn=1, seed=6)
    _, (played,) = t.apply(1, PlayCards(ids("orange-3 orange-6")))
    assert type(played.seat) is int and json.dumps(played.seat) == "1"


def test_velonimo_play_index_builds_its_actions_without_help_from_another_module():
    """The Play index lives next to PlayCards: importing it alone gives plays with their interned
    actions (cards.py used to be patched by rules.py at import time to make them)."""
    code = ("from game.velonimo.rules.plays import play_of\n"
            "p = play_of(0b11)\n"
            "print(type(p.action).__name__, p.action.cards, p.jersey_action.jersey)\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["PlayCards", "(0,", "1)", "True"]


def test_no_game_module_patches_another_module_at_import_time():
    """No module-level ``other_module.name = …`` in game/: a module is set up by its own code."""
    problems = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        imported = set()
        for node in tree.body:
            if isinstance(node, ast.Import):
                imported |= {(a.asname or a.name).split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom):
                imported |= {a.asname or a.name for a in node.names}
        for node in tree.body:
            targets = node.targets if isinstance(node, ast.Assign) else (
                [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else [])
            for target in targets:
                if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) \
                        and target.value.id in imported:
                    problems.append(f"{path.relative_to(ROOT)}:{node.lineno} sets {target.value.id}.{target.attr}")
    assert not problems, "\n".join(problems)
