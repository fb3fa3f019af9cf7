"""The Mille Bornes table's animations, one per engine event (a mixin of the scene): cards fly from
a hand to a zone, a hazard lands on its victim's pile, a safety slams down sideways for a Coup Fourré,
draws come off the pile face down (face up only to their drawer), reshuffles and the hand's score.
Only what a seat may see is shown: another seat's drawn card stays a back."""

from __future__ import annotations

from ..i18n import _, ngettext, number, tr
from ..ui import theme
from ..ui.table_animation import animates
from . import card_art
from . import table_parts as parts
from .rules.cards import MILES, NAMES
from .rules.events import (
    CardsDrawn,
    CardsExchanged,
    CoupFourrePlayed,
    Discarded,
    DiscardTaken,
    DistancePlayed,
    DrawingOver,
    DrawPileReshuffled,
    ExtensionDecided,
    ExtensionOffered,
    FastRemedyPlayed,
    HandScored,
    HandStarted,
    HazardPlayed,
    RemedyPlayed,
    SafetyPlayed,
    TurnPassed,
)
from .rules.setup import CLASSIC_COUP_FOURRE_POINTS, COUP_FOURRE_POINTS, SAFETY_POINTS


class TableShow:
    """Event animations for :class:`~game.millebornes.scene.MilleBornesScene` (needs its ``anim``,
    ``zone_rects``, ``seat_origin``, ``may_show_private`` and ``open_summary``)."""

    def _card_origin(self, seat: int) -> tuple[float, float]:
        x, y = self.seat_origin(seat)
        return (x - parts.ZONE_CARD[0] / 2, y)

    def _slot(self, zone: int, card: int) -> tuple[float, float]:
        return parts.card_slot(self.zone_rects()[zone], card).topleft

    def _banner_pos(self) -> tuple[float, float]:
        return parts.banner_point(parts.road_rect(self.zone_rects(), self.own_zone()), self.road_labels())

    def _zone_news(self, zone: int, text: str, t: float, life: float, colour) -> None:
        """A zone's news from beat ``t``, in its identity column; it replaces the zone's older news (at
        instant speed a zone's turns come faster than its news fades)."""

        def show() -> None:
            point = self.news_point(zone)
            self.anim.pops = [p for p in self.anim.pops if p.pos != point]
            self.anim.show_pop(text, point, life, colour)

        self.anim.at(t, show)

    def _drawn_news(self, seat: int, text: str, t: float) -> None:
        """What the player at the screen drew, beside YOUR HAND (the newest only), while that hand shows."""

        def show() -> None:
            self._drop_drawn_news()
            if self.may_show_private(seat):
                self.anim.show_pop(text, parts.DRAWN_NEWS, 1.3, theme.ACCENT)

        self.anim.at(t, show)

    def _drop_drawn_news(self) -> None:
        """Take "you draw …" off the table: it names a card of a hand, and goes when that hand is hidden (hot-seat:
        once its player has moved, the table is nobody's until the next player takes the screen)."""
        self.anim.pops = [p for p in self.anim.pops if p.pos != parts.DRAWN_NEWS]

    def _play_flight(self, seat: int, card: int, zone: int, t: float, duration: float = 0.45) -> None:
        self.anim.fly(card_art.face(card, parts.ZONE_CARD), self._card_origin(seat), self._slot(zone, card), t,
                      duration)
        self.anim.sound("card", t)

    # ------------------------------------------------------------------ a hand begins, cards are drawn
    @animates(HandStarted)
    def _hand_started(self, ev: HandStarted, t: float) -> float:
        text = _("Hand {hand}: a trip of {goal} miles · {player} starts").format(
            hand=ev.hand, goal=number(ev.goal), player=self.seat_name(ev.starter))

        def show() -> None:  # under the last hand's summary nobody would read it: it waits for the summary to close
            if self.summary is not None:
                self.next_hand_banner = text
            else:
                self.anim.show_banner(text, self._banner_pos(), theme.ACCENT, 1.6)

        self.anim.at(t, show)
        for k, seat in enumerate(range(len(self.match.seats))):
            self.anim.fly(card_art.back(parts.ZONE_CARD), parts.DRAW_RECT.topleft, self._card_origin(seat),
                          t + 0.08 * k, 0.4, fade=True)
        self.anim.sound("shuffle", t)
        return t + 0.5 + 0.08 * len(self.match.seats)

    @animates(CardsDrawn)
    def _drawn(self, ev: CardsDrawn, t: float) -> float:
        mine = ev.seat == self.viewer and self.may_show_private(ev.seat)
        for k, card in enumerate(ev.cards):
            image = card_art.face(card, parts.ZONE_CARD) if mine else card_art.back(parts.ZONE_CARD)
            self.anim.fly(image, parts.DRAW_RECT.topleft, self._card_origin(ev.seat), t + 0.1 * k, 0.4)
        if mine and len(ev.cards) == 1:
            self._drawn_news(ev.seat, _("you draw {card}").format(card=tr(NAMES[ev.cards[0]])), t + 0.4)
        self.anim.sound("card", t)
        return t + 0.3 + 0.1 * len(ev.cards)

    @animates(DiscardTaken)
    def _discard_taken(self, ev: DiscardTaken, t: float) -> float:
        self.anim.fly(card_art.face(ev.card, parts.ZONE_CARD), parts.DISCARD_RECT.topleft,
                      self._card_origin(ev.seat), t, 0.45)
        self.anim.sound("card", t)
        return t + 0.45

    @animates(DrawPileReshuffled)
    def _reshuffled(self, ev: DrawPileReshuffled, t: float) -> float:
        words = ngettext("The discard pile becomes a new draw pile ({n} card)",
                         "The discard pile becomes a new draw pile ({n} cards)", ev.cards).format(n=ev.cards)
        self.anim.banner(words, self._banner_pos(), theme.INK, t, 1.6)
        self.anim.sound("shuffle", t)
        return t + 0.8

    @animates(DrawingOver)
    def _drawing_over(self, ev: DrawingOver, t: float) -> float:
        self.anim.banner(_("The draw pile has run out: nobody draws any more"), self._banner_pos(), theme.INK, t,
                         1.8)
        return t + 0.8

    # ------------------------------------------------------------------ cards played
    @animates(DistancePlayed)
    def _distance(self, ev: DistancePlayed, t: float) -> float:
        self._play_flight(ev.seat, ev.card, ev.zone, t)
        self._zone_news(ev.zone, _("+{miles} mi").format(miles=MILES[ev.card]), t + 0.45, 1.0, theme.GREEN)
        return t + 0.5

    @animates(RemedyPlayed)
    def _remedy(self, ev: RemedyPlayed, t: float) -> float:
        self._play_flight(ev.seat, ev.card, ev.zone, t)
        return t + 0.5

    @animates(HazardPlayed)
    def _hazard(self, ev: HazardPlayed, t: float) -> float:
        self._play_flight(ev.seat, ev.card, ev.zone, t, 0.55)
        self._zone_news(ev.zone, _("{card}!").format(card=tr(NAMES[ev.card])), t + 0.55, 1.2, theme.RED)
        self.anim.sound("error", t + 0.5)
        return t + 0.7

    @animates(SafetyPlayed)
    def _safety(self, ev: SafetyPlayed, t: float) -> float:
        self._play_flight(ev.seat, ev.card, ev.zone, t)
        # (a safety that completes the trip ends the hand: no turn again)
        news = _("+100 · trip completed") if ev.completes else _("+100 · play again")
        self._zone_news(ev.zone, news, t + 0.45, 1.4, theme.BLUE)
        self.anim.sound("ding", t + 0.4)
        return t + 0.6

    @animates(CoupFourrePlayed)
    def _coup_fourre(self, ev: CoupFourrePlayed, t: float) -> float:
        zone_rect = self.zone_rects()[ev.zone]
        slot = parts.card_slot(zone_rect, ev.card)
        drive = parts.card_slot(zone_rect, ev.hazard)
        image = card_art.sideways(ev.card, parts.ZONE_CARD)
        start = self._card_origin(ev.seat)
        self.anim.banner(_("Coup Fourré! {player} reveals {safety}").format(player=self.seat_name(ev.seat),
                                                                            safety=tr(NAMES[ev.card])),
                         self._banner_pos(), theme.ACCENT, t, 2.0)
        self.anim.fly(image, (start[0], start[1] - 60), image.get_rect(center=slot.center).topleft, t + 0.2, 0.3)
        self.anim.fly(card_art.face(ev.hazard, parts.ZONE_CARD), drive.topleft, parts.DISCARD_RECT.topleft,
                      t + 0.6, 0.5)
        # (the safety's 100 and the Coup Fourré's points, from the rules in play: a Coup Fourré that completes the
        # trip of a hand in a match deals the next hand in the same step, whose zones hold nothing yet)
        classic = self.v.option("classic_coup_fourre", False)
        gained = SAFETY_POINTS + (CLASSIC_COUP_FOURRE_POINTS if classic else COUP_FOURRE_POINTS)
        news = _("Coup Fourré! +{points}").format(points=number(gained))
        self._zone_news(ev.zone, news, t + 0.55, 2.0, theme.ACCENT)
        self.anim.sound("win", t + 0.45)
        return t + 1.4

    @animates(FastRemedyPlayed)
    def _animate_fast_remedy(self, ev: FastRemedyPlayed, t: float) -> float:
        self._play_flight(ev.seat, ev.card, ev.zone, t)
        self._zone_news(ev.zone, _("fixed at once"), t + 0.45, 1.2, theme.GREEN)
        return t + 0.5

    @animates(Discarded)
    def _discarded(self, ev: Discarded, t: float) -> float:
        self.anim.fly(card_art.face(ev.card, parts.ZONE_CARD), self._card_origin(ev.seat),
                      parts.DISCARD_RECT.topleft, t, 0.4)
        self.anim.sound("card", t)
        return t + 0.45

    @animates(CardsExchanged)
    def _exchanged(self, ev: CardsExchanged, t: float) -> float:
        for k, card in enumerate(ev.cards):
            self.anim.fly(card_art.face(card, parts.ZONE_CARD), self._card_origin(ev.seat),
                          parts.DISCARD_RECT.topleft, t + 0.08 * k, 0.35)
        n = len(ev.cards)
        self._zone_news(self.v.zone_of[ev.seat], ngettext("swaps {n} card", "swaps {n} cards", n).format(n=n), t, 1.2,
                        theme.INK)
        return t + 0.4 + 0.08 * len(ev.cards)

    @animates(TurnPassed)
    def _turn_passed(self, ev: TurnPassed, t: float) -> float:
        self._zone_news(self.v.zone_of[ev.seat], _("no card: passes"), t, 1.0, theme.MUTED)
        return t + 0.3

    @animates(ExtensionOffered)
    def _extension_offered(self, ev: ExtensionOffered, t: float) -> float:
        self.anim.banner(_("{player} reaches {miles} miles: extend to 1,000?").format(player=self.seat_name(ev.seat),
                                                                                      miles=ev.miles),
                         self._banner_pos(), theme.ACCENT, t, 1.6)
        return t + 0.6

    @animates(ExtensionDecided)
    def _extension_decided(self, ev: ExtensionDecided, t: float) -> float:
        text = _("The trip goes on to 1,000 miles!") if ev.extended else _("The trip stops at 700 miles")
        self.anim.banner(text, self._banner_pos(), theme.ACCENT, t, 1.6)
        return t + 0.6

    @animates(HandScored)
    def _hand_scored(self, ev: HandScored, t: float) -> float:
        data = hand_summary(ev)
        self.anim.at(t + 0.4, lambda: self.open_summary(data))
        return t + 0.5


def hand_summary(ev: HandScored) -> dict:
    """The hand's summary, from its scoring."""
    return {"hand": ev.hand, "why": ev.why, "seats": ev.seats, "points": ev.points, "totals": ev.totals,
            "lines": ev.lines}
