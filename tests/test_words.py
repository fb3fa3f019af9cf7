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


def test_counts_are_said_with_the_noun_in_its_form():
    from game.engine.words import count_words

    assert count_words(1, "Premier token") == "1 Premier token"
    assert count_words(3, "Premier token") == "3 Premier tokens"
    assert count_words(0, "point") == "0 points"
    assert count_words(2, "die", "dice") == "2 dice"


def test_the_veldiv_panel_says_one_premier_token_ends_the_race():
    from game.registry import GAMES
    from game.veldiv.panel import subtitle

    spec = GAMES["veldiv"]
    config = spec.validate_config(spec.default_config("individuelle", 2).__class__(
        "individuelle", 2, (("max_laps", 30), ("premiers", 1))))
    assert "1 Premier token ends the race" in subtitle(spec.new_state(config, 1).view(None))
