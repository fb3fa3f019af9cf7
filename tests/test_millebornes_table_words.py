"""Mille Bornes writes a number the same way everywhere at the table: the move log's new hand says the trip as
the top bar and the mileage bars do ("1,000 miles", in French "1 000 bornes" with a narrow no-break space)."""

from __future__ import annotations

from game import i18n
from game.i18n import tr
from game.millebornes.rules.events import HandStarted

NAMES = ("Ann", "Bob", "Cleo", "Dora")


def test_millebornes_a_new_hand_writes_its_trip_as_the_table_does():
    assert tr(HandStarted(2, 1, 1000).text(NAMES)) == "Hand 2: six cards each, a trip of 1,000 miles; Bob starts"
    assert tr(HandStarted(1, 0, 700).text(NAMES)) == "Hand 1: six cards each, a trip of 700 miles; Ann starts"


def test_millebornes_a_new_hand_writes_its_trip_as_the_table_does_in_french(french):
    text = tr(HandStarted(2, 1, 1000).text(NAMES))
    assert "un parcours de 1\u202f000 bornes" in text and i18n.number(1000) == "1\u202f000"
