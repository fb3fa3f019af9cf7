"""Undo at the table: whose move an Undo click takes back, why it cannot now, the taking back itself, and what the
table does meanwhile so that it can be clicked (the computer players' wait after a human's move; answers given
automatically, which undo goes through). A mixin of :class:`~game.ui.match_scene.MatchScene`, whose state it reads:
``match``, ``humans``, ``hot_seat``, ``viewer``, ``screen_holder``, ``app``, ``wait``, ``undo_grace``,
``_undo_held_at``, ``notes``; and its ``is_human``, ``acting_human``, ``seat_name``, ``busy``, ``state``, ``sync``,
``_autosave``, ``_close_handoff`` and ``_drop_thinking``.

The policy (docs/architecture.md): Undo is asked for by the person at the screen, for their own last step only;
one human among computer players takes back the computer moves after theirs too, until one brought a die or a card
to light for them.
"""

from __future__ import annotations

from ..engine.match import seen_by
from ..engine.protocol import Action
from ..i18n import N_, _, fill, ngettext
from .widgets.base import play_sound


class UndoControl:
    """What MatchScene does for Undo (see the module)."""

    @property
    def undo_through_bots(self) -> bool:
        """One human among computer players: Undo takes back the human's last move with the computer moves that
        followed it (as chess programs do), so nobody races a timer. Several humans: only one's own last step."""
        return len(self.humans) == 1

    def _after_human_step(self, seat: int) -> None:
        """Bots wait a visible beat after a human's move; with several humans, while the move can be undone, a
        longer one (the bots' moves after it would stop its undo)."""
        undoable = self.undo_seat() == seat and self.match.undo_blocker(seat, replayed=self._replayed) is None
        bot_next = any(not self.is_human(s) for s in self.match.to_act())
        if undoable and bot_next and not self.undo_through_bots:
            self.wait = self.undo_grace = float(self.app.settings.undo_window)
        else:
            self.wait, self.undo_grace = self.human_beat * self.pace, 0.0

    def _auto_answer(self, seat: int, state=None) -> Action | None:
        """The answer a human chose in the settings to give automatically to this kind of question; or, for the
        one human among computer players, the only answer there is (a Coup Fourré question with no Coup Fourré
        in hand is asked of everyone so that asking reveals nothing to another human: with none at the screen,
        there is nobody to hide it from, and nothing to click). ``state``: in that position (default: now)."""
        state = self.state if state is None else state
        question = state.question(seat)
        if question is None:
            return None
        if len(self.humans) == 1:
            legal = state.legal_actions(seat)
            if len(legal) == 1:
                return legal[0]
        if not self.app.settings.auto_answers.get(question.kind, False):
            return None
        action = self.match.game.auto_answer(state.view(seat), seat, question.kind)
        return action if action is not None and state.why_illegal(seat, action) is None else None

    def _replayed(self, index: int) -> bool:
        """Would this table make step ``index`` again at once by itself (an answer it gives automatically)? Undo
        goes through such a step to the human's last decision: taking back only the answer would see it given
        again, and the computer moves after it played once more, with nothing of the human's undone."""
        step = self.match.steps[index]
        return self.is_human(step.seat) and self._auto_answer(step.seat, self.match.states[index]) == step.action

    def _holds_for_undo(self, seat: int, action: Action) -> bool:
        """One human among computer players: Undo takes back the computer moves after the human's with it, but not
        one that brings a die or a card to light for the human (Jeu du Veldiv's and VeloMaster's throws). Before such
        a move, while the human's last move can still be taken back, the computer player waits the undo time of the
        settings, its countdown under Undo, once (it went on at once, and the human had a third of a second)."""
        steps = len(self.match.steps)
        if not self.undo_through_bots or self._undo_held_at == steps or self.undo_blocker() is not None:
            return False
        _after, events = self.state.apply(seat, action)
        if not any(seen_by(event, self.humans[0]) for event in events):
            return False
        self._undo_held_at = steps
        self.wait = self.undo_grace = float(self.app.settings.undo_window)
        return self.wait > 0

    def undo_seat(self) -> int | None:
        """Whose last step an Undo click takes back: the person at the screen's own."""
        if not self.humans:
            return None
        if self.hot_seat:
            return self.viewer if self.viewer is not None else self.screen_holder
        if len(self.humans) == 1:
            return self.humans[0]
        # several humans, nothing hidden: the screen is the human's whose decision is awaited, else the last
        # human who acted (while bots play); never another human's step
        acting = self.acting_human()
        if acting is not None:
            return acting
        for step in reversed(self.match.steps):
            if self.is_human(step.seat):
                return step.seat
        return None

    def undo_blocker(self) -> str | None:
        """``None`` if Undo works now, else the true reason (the disabled button's tooltip)."""
        if not self.humans:
            return N_("Only a human player can undo: every seat here is a computer player.")
        if self.match.is_over():
            return N_("The match is over.")
        if not self.match.steps:
            return N_("Nothing to undo yet.")
        if self.busy():
            return N_("Wait for the animation to finish.")
        seat = self.undo_seat()
        if seat is None:
            return N_("Nothing to undo yet.")
        last = self.match.steps[-1].seat
        if self.hot_seat and last != seat and self.is_human(last):
            other = self.seat_name(last)
            return fill(_("The last move is {player}'s: only {player} can take it back, before passing the screen."),
                player=other)
        return self.match.undo_blocker(seat, self.undo_through_bots, self._replayed)

    def undo(self) -> None:
        if self.undo_blocker() is not None:
            play_sound("error")
            return
        seat = self.undo_seat()
        before = list(self.match.steps)
        self.match.undo(seat, self.undo_through_bots, self._replayed)
        self.notes.taken_back(len(self.match.steps))  # news of steps taken back is no news; the rest still waits
        others = sum(1 for step in before[len(self.match.steps):] if step.seat != seat)  # (not its own answers)
        self._close_handoff()
        self._drop_thinking()
        self.wait, self.undo_grace = 0.6, 0.0
        self._undo_held_at = -1  # the move made again is as undoable as the first: the computer player waits again
        if self.hot_seat and self.viewer != seat:
            self.viewer = None  # the hand-off to whoever must act comes first
        self._autosave()
        who = self.seat_name(seat)
        words = (ngettext("{player} took back a move and the computer move after it.",
                          "{player} took back a move and the {n} computer moves after it.", others).format(
                     player=who, n=others) if others else _("{player} took back a move.").format(player=who))
        self.app.toasts.show(words, "info", 2)
        self.sync()
