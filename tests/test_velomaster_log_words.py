"""The VeloMaster move log as first-time players read it ("Polish, as first-time players meet the five games"):
an accélération's jumps are not called entraides, each team-mate is named by its bib, a neutral bike is nobody's
team-mate, dice are listed as a sentence lists them, one voter "votes", and a row of die choices says "first" only
while another rider waits for the other die."""

from __future__ import annotations

from game.velomaster.rules import LEVELS, Entraide
from game.velomaster.rules.actions import AGREE, Accelerate, Assign, Launch
from game.velomaster.rules.events import (
    AccelerationProposed,
    DiceRolled,
    DieAssigned,
    NeutralShared,
    RiderStepped,
    who,
)
from game.velomaster.table_help import choice_rows

from .velomaster_support import act, cid, make_course, make_spec, of, race

NAMES = ["Ann", "Bob", "Cat"]
EXPERT = LEVELS["expert"]
SPEC = make_spec(make_course(rows=60, finish=55))


def test_dice_are_listed_as_a_sentence_lists_them_and_nothing_dangles_before_the_full_stop():
    assert DiceRolled(0, (1, 4, 4, 6, 4), "team-mates").text(NAMES) == "Ann rolls 1, 4, 4, 6 and 4 for the team-mates."
    assert DiceRolled(1, (6, 5), "launch").text(NAMES) == "Bob rolls 6 and 5 to launch a rider."
    assert DiceRolled(1, (3,), "leader").text(NAMES) == "Bob rolls 3 for the leader."
    assert DiceRolled(1, (6, 5), "attack").text(NAMES) == "Bob rolls 6 and 5 for the attack (the first two added up)."
    assert DiceRolled(1, (6, 5), "something new").text(NAMES) == "Bob rolls 6 and 5."


def test_one_voter_votes_several_vote():
    one = AccelerationProposed(0, (5, 9, 0), 2, (1,)).text(NAMES)
    assert one.endswith("2 bikes must agree; Bob votes.")
    two = AccelerationProposed(0, (5, 9, 0, 4), 2, (1, 2)).text(NAMES)
    assert two.endswith("2 bikes must agree; Bob and Cat vote.")


def test_riders_are_named_by_their_bib_and_a_neutral_bike_is_nobody_s_team_mate():
    assert who(NAMES, 0, "leader") == "Ann's leader"
    assert who(NAMES, 0, "equipier") == "Ann's team-mate"  # Débutant: one team-mate, no bib needed
    assert who(NAMES, 1, "equipier", "violet team-mate") == "Bob's violet team-mate"
    assert who(NAMES, 0, "equipier", "neutral grey bike") == "the neutral grey bike"
    assert DieAssigned(0, 9, "equipier", 4, bike="neutral grey bike").text(NAMES) == "The neutral grey bike takes the 4."
    shared = NeutralShared(0, (8, 9), 1, (10, 11), ("yellow", "grey"), ("violet", "green")).text(NAMES)
    assert shared == "Ann takes the neutral yellow and grey bikes; Bob moves the neutral violet and green bikes."
    assert NeutralShared(1, (9,), 0, ()).text(NAMES) == "Bob takes 1 neutral bike."


def test_an_expert_race_names_each_team_mate_by_its_bib_in_the_log():
    s, _ = race(SPEC, 3, {0: cid(5, 0), 1: cid(5, 1), 2: cid(5, 2), 3: cid(4, 0), 4: cid(8, 0), 8: cid(2, 0)},
                level=EXPERT, round_phase=1)
    assert s.setup.bikes[:4] == ("", "grey team-mate", "violet team-mate", "green team-mate")
    seen = []
    for _ in range(40):
        if s.is_over() or not s.to_act():
            break
        seat = s.to_act()[0]
        legal = s.legal_actions(seat)
        s, ev = act(s, legal[0])
        seen += [e.text(NAMES) for e in ev if isinstance(e, DieAssigned)]
    assert any(t.startswith("Ann's grey team-mate takes the") for t in seen), seen
    assert not any("Ann's team-mate" in t for t in seen)


def test_an_acceleration_jump_is_logged_as_an_acceleration():
    far = {8: cid(2, 0)}
    line = {5: cid(35, 1), 9: cid(36, 1), 0: cid(37, 1), 4: cid(38, 1), **far}  # a line of four in lane 1
    s, _ = race(SPEC, 3, line, level=EXPERT)
    s, _ = act(s, Accelerate(4))
    s, _ = s.apply(1, AGREE)
    s, _ = s.apply(2, AGREE)
    seat = s.to_act()[0]
    jump = next(a for a in s.legal_actions(seat) if isinstance(a, Entraide))
    s, ev = s.apply(seat, jump)
    [stepped] = [e for e in of(ev, RiderStepped) if e.rider == jump.rider]
    assert stepped.kind == "acceleration"
    assert stepped.text(NAMES).startswith("Accélération: Bob's grey team-mate jumps up the line to row ")
    # (an entraide's jump stays "entraide": test_velomaster_rules, two bikes in line)


def test_a_row_of_die_choices_says_first_only_while_another_rider_waits_for_the_other_die():
    both = choice_rows([Assign(0, 3), Assign(0, 5), Assign(1, 3), Assign(1, 5)], ["leader", "equipier"])
    assert [row.words for row in both] == ["Leader first", "Team-mate first"]
    alone = choice_rows([Assign(1, 3), Assign(1, 5)], ["leader", "equipier"])
    assert [row.words for row in alone] == ["Team-mate: pick a die"]
    launch = choice_rows([Launch(1, 3)], ["leader", "equipier"])
    assert [row.words for row in launch] == ["Launch team-mate"]
