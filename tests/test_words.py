"""Shared text helpers used by every engine's log and results."""

from game.engine.words import join_names, ordinal, seat_ref


def test_ordinals_follow_english_including_the_teens():
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st", "111th"]


def test_names_join_with_commas_and_a_final_and():
    assert join_names(["Ann"]) == "Ann"
    assert join_names(["Ann", "Bob"]) == "Ann and Bob"
    assert join_names(["Ann", "Bob", "Cleo"]) == "Ann, Bob and Cleo"


def test_seat_ref_is_filled_by_format_with_the_seat_names():
    assert f"{seat_ref(1)} wins".format("Ann", "Bob") == "Bob wins"
