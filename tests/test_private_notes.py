"""Private news waits for its human: an undo takes back the news of the steps it takes back, and only those (it used
to clear every waiting note, so another human's news from an earlier move was lost before they read it)."""

from __future__ import annotations

from dataclasses import dataclass

from game.ui.private_notes import PrivateNotes


@dataclass(frozen=True)
class Told:
    private_to: tuple[int, ...]
    words: str

    def text(self, names, viewer):
        return f"{self.words} ({names[viewer]})"


def test_an_undo_takes_back_the_news_of_the_steps_it_takes_back_and_keeps_the_rest():
    names, humans = ["Ann", "Bob", "Cleo"], {0, 1, 2}
    notes = PrivateNotes()
    notes.collect(2, [Told((1, 2), "Cleo takes a card from Bob")], names, humans, 3)  # Bob's news, step 3
    notes.collect(1, [Told((0, 1), "Bob takes a card from Ann")], names, humans, 5)  # Ann's news, step 5
    assert set(notes.waiting) == {0, 1}
    notes.taken_back(5)  # Bob takes back his step 5
    assert set(notes.waiting) == {1}, "Ann's news of the step taken back is gone"
    assert [text for _step, text in notes.waiting[1]] == ["Cleo takes a card from Bob (Bob)"], "Bob's still waits"
    notes.taken_back(3)
    assert notes.waiting == {}
