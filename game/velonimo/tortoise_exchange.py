"""The Tortoise exchange at the Velonimo table: choosing whom to take cards from and how many, then
choosing the cards to give back. A mixin of :class:`~game.velonimo.scene.VelonimoScene`.

Giving back works like selecting cards to play: each click toggles a card, a counter says "1 of 2
selected", and Give back gives them all. The engine takes one :class:`GiveBack` per card, so the
click submits one per selected card, after asking the engine about each in turn (on the states
they lead to), so a refusal leaves nothing half given. Giving a card back reveals it to the
opponent, so those steps are never undone (the match's undo policy says so in plain words).

It relies on the table for ``state``, ``v`` (the view), ``selected``, ``steal_target``,
``count_btns``, ``plaques``, ``seat_name``, ``submit``, ``legal``, ``_me`` and the widget list.
"""

from __future__ import annotations

from ..i18n import _, ngettext, tr
from ..ui import theme
from ..ui.widgets import Button
from ..ui.widgets.base import play_sound
from .rules import GiveBack, NoSteal, Steal, VelonimoView

HINT_X, HINT_SIZE = 196, 17  # where the table draws these lines (left of the action bar), and their size


def cards_word(n: int) -> str:
    """"1 card", "3 cards" in the language in use."""
    return ngettext("{n} card", "{n} cards", n).format(n=n)


class TortoiseExchange:
    """The table's steal and give-back controls (see the module's docstring)."""

    # ------------------------------------------------------------------ words
    def tortoise_prompt(self, view: VelonimoView) -> str:
        """The top bar's prompt while taking or giving back cards: always says a card taken is a card
        given back."""
        if view.phase == "steal":
            n = view.steal_max
            if self.steal_target is not None:
                return _("How many cards from {player}? You give back as many.").format(
                    player=self.seat_name(self.steal_target))
            return ngettext("Tortoise: take a random card from an opponent, then give one back",
                            "Tortoise: take up to {n} random cards from an opponent, give as many back", n).format(n=n)
        n = view.steal_left
        who = self.seat_name(view.steal_victim)
        return ngettext("Choose a card to give back to {player}, then Give back.",
                        "Choose {n} cards to give back to {player}, then Give back.", n).format(n=n, player=who)

    def give_count_text(self) -> str:
        """The counter shown while choosing cards to give back: "1 of 2 selected"."""
        return _("{k} of {n} selected").format(k=len(self.selected), n=self.v.steal_left)

    def tortoise_lines(self, view: VelonimoView) -> list[tuple[str, int, int, tuple, str]]:
        """The lines left of the action bar: ``(text, dy, size, colour, style)``."""
        if view.phase == "give":
            need = view.steal_left
            colour = theme.GREEN if len(self.selected) == need else theme.INK
            note = _("It may be the card marked \"taken\"") if need == 1 else \
                _("Cards marked \"taken\" may go back too")
            return [(self.give_count_text(), 0, 20, colour, "bold"), (note, 23, 15, theme.MUTED, "body")]
        lines = (_("Click an opponent, then how many to take at random."), _("You give back as many. Or Take none."))
        if view.steal_max == 1:
            lines = (_("Click an opponent to take a random card,"), _("then give one back (any). Or Take none."))
        if self.steal_target is not None:
            lines = (self._how_many_line(self.seat_name(self.steal_target)), _("or another opponent, or Take none."))
        return [(line, 20 * i, HINT_SIZE, theme.MUTED, "italic") for i, line in enumerate(lines)]

    def _how_many_line(self, name: str) -> str:
        """"Click how many under Bob,": the victim's name in full when the line fits left of the Take none button
        (it was cut to twelve letters however much room there was), else shortened with an ellipsis."""
        words = _("Click how many under {player},")
        room = self.no_steal_btn.rect.x - 8 - HINT_X
        line = words.format(player=name)
        if theme.font(HINT_SIZE, "italic").size(line)[0] <= room:
            return line
        rest = theme.font(HINT_SIZE, "italic").size(words.format(player=""))[0]
        return words.format(player=theme.fit(name, max(0, room - rest), HINT_SIZE, "italic"))

    # ------------------------------------------------------------------ taking
    def _no_steal(self) -> None:
        self._clear_count_buttons()
        self.submit(NoSteal())

    def _choose_steal_target(self, seat: int) -> None:
        """An opponent's plaque was clicked: one card to take is taken at once; for more, buttons
        "Take 1", "Take 2"… appear right under that plaque."""
        me = self._me()
        legal = [a for a in self.legal(me) if isinstance(a, Steal) and a.victim == seat]
        if not legal:
            self.app.toasts.show(_("{player} has no card to take.").format(player=self.seat_name(seat)), "warn", 2)
            return
        if len(legal) == 1:
            self.submit(legal[0])
            return
        self._clear_count_buttons()
        self.steal_target = seat
        r = self.plaques()[seat]
        counts = sorted(legal, key=lambda a: a.count)
        w = min(84, (r.w + 60) // len(counts) - 6)
        x0 = r.centerx - (len(counts) * (w + 6) - 6) // 2
        for i, action in enumerate(counts):
            # right under the plaque (its status pill hangs 10 px below it)
            label = f"Take {action.count}" if w >= 70 else str(action.count)  # English: tests find it by it
            btn = Button((x0 + i * (w + 6), r.bottom + 14, w, 40), label, (lambda a=action: self._do_steal(a)),
                         "primary", size=17, words=self._count_words(action.count, w))
            btn.steal = (action.count, seat)  # its tooltip is worded anew each frame (_update_controls)
            self.count_btns.append(self.add(btn))

    @staticmethod
    def _count_words(n: int, w: int):
        """A count button's words, in the language in use: "Take 2", or "2" on a button too narrow for them even
        in the smaller size a button falls back to."""
        def words() -> str:
            text = _("Take {n}").format(n=n)
            return text if w >= 70 and theme.font(13, "bold").size(text)[0] <= w - 12 else str(n)
        return words

    def _count_tip(self, n: int, seat: int) -> str:
        return ngettext("Take {n} card at random from {player}, then give back {n} card of your choice",
                        "Take {n} cards at random from {player}, then give back {n} cards of your choice",
                        n).format(n=n, player=self.seat_name(seat))

    def _do_steal(self, action: Steal) -> None:
        self._clear_count_buttons()
        self.submit(action)

    def _clear_count_buttons(self) -> None:
        self.steal_target = None
        for b in self.count_btns:
            self.widgets.remove(b)
        self.count_btns = []

    # ------------------------------------------------------------------ giving back
    def _toggle_give_card(self, card: int) -> None:
        """A click on a card while giving back: toggles it; when the count is reached a further card is
        refused in words (with one card to give, the new card simply replaces the old)."""
        need = self.v.steal_left
        if card in self.selected:
            self.selected.discard(card)
        elif len(self.selected) < need:
            self.selected.add(card)
        elif need == 1:
            self.selected = {card}
        else:
            play_sound("error")
            self.app.toasts.show(_("You give back {n} cards: click a selected card to put it back first.").format(
                n=need), "warn", 3)
            return
        play_sound("click")

    def _give_actions(self) -> list[GiveBack]:
        return [GiveBack(card) for card in sorted(self.selected)]

    def _give_problem(self, me: int) -> str | None:
        """Why the selected cards cannot be given back, asking the engine card by card (it takes one
        GiveBack at a time), or ``None``."""
        state = self.state
        for action in self._give_actions():
            reason = state.why_illegal(me, action)
            if reason is not None:
                return reason
            state, _ = state.apply(me, action)
        return None

    def _give(self) -> None:
        """Give back every selected card: one GiveBack per card, in one click."""
        me = self._me()
        if me is None or len(self.selected) != self.v.steal_left:
            return
        reason = self._give_problem(me)
        if reason is not None:
            self.app.toasts.show(tr(reason), "warn", 3)
            return
        actions = self._give_actions()
        self.selected.clear()
        for action in actions:
            if not self.submit(action):
                break
