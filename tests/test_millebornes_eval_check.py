"""The measurement tool of issue 28 (tools/millebornes_eval_check.py): the racing sense it changes is a private copy,
so the Normal it plays against stays Normal, and a copy with nothing changed plays exactly as Normal does."""

from __future__ import annotations

import pytest

from game.millebornes.rules import policy
from tools import millebornes_eval_check as check


def test_millebornes_eval_check_changes_a_copy_of_the_racing_sense_never_normal_itself():
    copy = check._policy_copy(["HOLD_SAFETY=0", "DRIVE_BASE=30"])
    assert (copy.HOLD_SAFETY, copy.DRIVE_BASE) == (0, 30)
    assert (policy.HOLD_SAFETY, policy.DRIVE_BASE) == (-14, 50)


def test_millebornes_eval_check_unchanged_copy_wins_exactly_as_normal_does(capsys):
    check.duel(False, 12, 1, [])
    line = capsys.readouterr().out
    changed = line.split(":")[1].split(" of ")[0].strip()
    normal = line.rsplit(":", 1)[1].strip(" )\n")
    assert changed == normal, line


def test_millebornes_eval_check_refuses_a_constant_the_racing_sense_does_not_have():
    with pytest.raises(SystemExit, match="NO_SUCH_THING"):
        check._policy_copy(["NO_SUCH_THING=1"])
