"""How the Velonimo table shows each engine event: cards flying to the centre, steals and gifts
between hands, the deal, banners. A mixin of :class:`~game.velonimo.scene.VelonimoScene`: each
method marked ``@animates`` is run by the table's :class:`~game.ui.table_animation.EventAnimator`
(``self.anim``) for its event type and returns the beat where the next event starts.

It relies on the table for places (``anchor``, ``centre_slots``, ``revealed_pos``, ``plaques``),
who sees what (``bottom``, ``viewer``, ``showing_hand``), the cards still flying (``hidden``), the
hand's card positions before the step (``_old_pos``) and the view after it (``_step_view``).
"""

from __future__ import annotations

from ..i18n import _, fill
from ..ui import privacy, theme
from ..ui.layout import TABLE
from ..ui.table_animation import animates
from ..ui.tween import ease_in_out, ease_out_cubic
from . import card_art, table_parts
from .rules import (
    AttackWon,
    CardDrawn,
    CardGiven,
    CardRevealed,
    CardsPlayed,
    CardStolen,
    JerseyAwarded,
    Passed,
    PlayerOut,
    RevealedCardTaken,
    RoundScored,
    RoundStarted,
)
from .table_parts import CARD, CENTRE, HAND_Y, PILE_POS, SMALL


def _held_then_gathered(x: float) -> float:
    """Still for the first third (the cards are seen where they lie), then eased to their end."""
    return 0.0 if x < 0.35 else ease_in_out((x - 0.35) / 0.65)


class VelonimoEventAnimations:
    """The Velonimo table's event handlers (see the module's docstring for what they rely on)."""

    deal_waiting: RoundStarted | None = None  # a new round's deal waiting for the last round's summary to close
    _table_before: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())  # the attack shown: (last play, all its cards)

    def _fly_card(self, card: int, image, start, end, t: float, duration: float, fade: bool = False,
                  ease=ease_out_cubic) -> None:
        """``card`` flies to its place, where it is not drawn (``hidden``) until it lands."""
        self.hidden.add(card)
        self.anim.fly(image, start, end, t, duration, fade=fade, ease=ease,
                      on_land=lambda: self.hidden.discard(card))

    def _card_image(self, card: int, viewer_may_see: bool, size=SMALL):
        return card_art.face(card, size) if viewer_may_see else card_art.back(size)

    @animates(CardsPlayed)
    def _cards_played(self, ev: CardsPlayed, t: float) -> float:
        self._table_before = (ev.cards, (() if ev.leading else self._table_before[1]) + ev.cards)
        slots = self.centre_slots(len(ev.cards))
        for i, card in enumerate(ev.cards):
            start = self._old_pos.get(card, self.anchor(ev.seat))
            self._fly_card(card, card_art.face(card, CARD), start, slots[i], t + 0.05 * i, 0.38)
        if ev.jersey:
            start = self.anchor(ev.seat)
            self.anim.fly(card_art.jersey_card(SMALL), start, (slots[-1][0] + 60, slots[-1][1] - 20), t, 0.38,
                          fade=True)
        self.anim.sound("card", t)
        return t + 0.42

    @animates(Passed)
    def _passed(self, ev: Passed, t: float) -> float:
        self.anim.sound("click", t)
        return t + 0.05

    @animates(AttackWon)
    def _attack_won(self, ev: AttackWon, t: float) -> float:
        """The attack's cards stay where they lie a moment (the view after the step has them gone), then are
        gathered to the winner: the last play face up from the centre, the earlier ones from behind it."""
        last, played = self._table_before
        last = [c for c in last if c in ev.cards]
        earlier = [c for c in sorted(played) if c in ev.cards and c not in last]  # drawn in the view's order
        end = self.anchor(ev.seat)
        pieces = [(img, pos) for _card, img, pos in table_parts.older_cards(earlier)]
        pieces += [(card_art.face(c, CARD), pos) for c, pos in zip(last, self.centre_slots(len(last)), strict=True)]
        for i, (img, start) in enumerate(pieces):
            self.anim.fly(img, start, end, t, 0.7 + 0.02 * i, fade=True, ease=_held_then_gathered)
        self._table_before = ((), ())
        self.anim.banner(_("{player} wins the attack").format(player=self.match.names[ev.seat]), (CENTRE[0], CENTRE[1] - 110),
                         self.seat_colour(ev.seat), t, 1.3)
        return t + 0.8

    @animates(PlayerOut)
    def _player_out(self, ev: PlayerOut, t: float) -> float:
        self.anim.banner(fill(_("{player} is out! +{points}"), player=self.match.names[ev.seat], points=ev.points),
                         self._banner_pos(ev.seat),
                         theme.GREEN, t, 1.8)
        self.anim.sound("ding", t)
        return t + 0.5

    @animates(CardRevealed)
    def _card_revealed(self, ev: CardRevealed, t: float) -> float:
        self._fly_card(ev.card, card_art.face(ev.card, SMALL), PILE_POS, self.revealed_pos(), t, 0.35)
        return t + 0.35

    def round_summary(self, ev: RoundScored, view) -> dict:
        """The round's summary, from its scoring and the view after it."""
        return {"round": ev.round, "points": ev.points, "totals": ev.totals, "jersey": view.jersey,
                "last": self.match.is_over()}

    @animates(RoundScored)
    def _round_scored(self, ev: RoundScored, t: float) -> float:
        data = self.round_summary(ev, self._step_view)
        self.anim.at(t, lambda: self._open_summary(data))
        return t + 0.1

    @animates(JerseyAwarded)
    def _jersey_awarded(self, ev: JerseyAwarded, t: float) -> float:
        start = self.anchor(ev.previous) if ev.previous >= 0 else (CENTRE[0] - 40, CENTRE[1] - 60)
        self.anim.fly(card_art.jersey_card(SMALL, bonus=self.view().jersey_bonus), start, self.anchor(ev.seat), t,
                      0.7, fade=True)  # no "+10" in the Duel, where it gives no bonus
        return t + 0.7

    @animates(RoundStarted)
    def _round_started(self, ev: RoundStarted, t: float) -> float:
        """The new hands are dealt once the last round's summary is closed (under it nobody would see the deal
        nor read who attacks first)."""
        self.hide_hand = True

        def deal() -> None:
            if self.summary:
                self.deal_waiting = ev
            else:
                self._deal(ev, 0.0)

        self.anim.at(t, deal)
        return t

    def deal_waited(self) -> None:
        """The summary closed: the deal that waited for it now."""
        ev, self.deal_waiting = self.deal_waiting, None
        if ev is not None:
            self._deal(ev, 0.0)

    def _deal(self, ev: RoundStarted, t: float) -> float:
        deck = (CENTRE[0] - SMALL[0] / 2, CENTRE[1] - SMALL[1] / 2)
        n = self.match.config.players
        for k in range(6):
            for s in range(n):
                seat = (ev.starter + s) % n
                self.anim.fly(card_art.back(SMALL), deck, self.anchor(seat), t + 0.04 * (k * n + s), 0.3, fade=True)
        t += 0.04 * 6 * n + 0.3
        self.anim.at(t, self._reveal_hand)
        self.anim.banner(_("Round {round}: {player} attacks first").format(round=ev.round,
                                                                            player=self.match.names[ev.starter]),
                         (CENTRE[0], CENTRE[1] - 110), theme.ACCENT, t, 1.6)
        return t

    @animates(CardStolen, CardGiven, CardDrawn, RevealedCardTaken)
    def _card_transfer(self, ev, t: float) -> float:
        if isinstance(ev, CardStolen):
            moves = [(c, ev.victim, ev.thief) for c in ev.cards]
            private = ev.private_to
        elif isinstance(ev, CardGiven):
            moves = [(ev.card, ev.thief, ev.victim)]
            private = ev.private_to
        elif isinstance(ev, CardDrawn):
            moves = [(c, -1, ev.seat) for c in ev.cards]
            private = ev.private_to
        else:
            moves = [(ev.card, -2, ev.to_seat)]
            private = None
        for i, (card, src, dst) in enumerate(moves):
            see = private is None or (self.viewer in private and self.viewer == self.bottom
                                      and privacy.check(self, self.viewer, "card"))
            if src == -1:
                start = PILE_POS
            elif src == -2:
                start = self.revealed_pos()
            else:
                start = self._old_pos.get(card, self.anchor(src))
            end = self.anchor(dst)
            image = self._card_image(card, see)
            if dst == self.bottom and self.showing_hand():  # into my hand: the card lands there
                self._fly_card(card, image, start, end, t + 0.08 * i, 0.5)
            else:
                self.anim.fly(image, start, end, t + 0.08 * i, 0.5, fade=True)
        self.anim.sound("card", t)
        return t + 0.55 + 0.08 * len(moves)

    def _banner_pos(self, seat: int):
        if seat == self.bottom:
            return (TABLE.centerx, HAND_Y - 40)
        r = self.plaques()[seat]
        return (r.centerx, r.bottom + 30)
