"""The Mille Bornes table (pygame): every driving zone as the rulebook lays it out, the draw and
discard piles, and your hand at the bottom.

The engine decides everything (what may be played where and why not, Coup Fourré, scores); this
scene animates its events (cards flying from a hand to a zone, a hazard landing, the Coup Fourré
slam, draws and reshuffles) and turns the mouse into the decisions a player makes: where to draw
from, a card dragged (or clicked, then its target clicked) onto a zone or the discard pile, the cards
to swap when passing, and the answer to "Coup Fourré?". While a step animates, the table shows the
view from before it (``display``) so nothing lands before its flight.
"""

from __future__ import annotations

import pygame

from ..engine.words import Words
from ..i18n import N_, _, ngettext, number, tr
from ..ui import layout, privacy, theme
from ..ui.hand_choice import chosen_slot
from ..ui.match_scene import MatchScene
from ..ui.table_animation import BannerStack, EventAnimator, PopStyle
from ..ui.widgets import Button
from ..ui.widgets.base import play_sound
from . import card_art
from . import table_parts as parts
from .rules.actions import CoupFourre, Decline, Discard, Draw, Exchange, Extend, FastRemedy, Play
from .rules.cards import HAZARDS, NAMES, REMEDY_FOR, SAFETY_FOR, SPEED_LIMIT
from .rules.events import HandScored
from .rules.view import MilleBornesView
from .table_show import TableShow, hand_summary

DRAG_START = 6  # pixels the mouse moves, button held, before a click on a card becomes a drag


def swap_words(n: int) -> Words:
    """The swap button's label: "Swap 2 cards" (English; the button composes it in the language in use)."""
    return Words.plural("Swap {n} card", "Swap {n} cards", n)


class MilleBornesScene(TableShow, MatchScene):
    bot_beat = 0.6
    human_beat = 0.2

    def __init__(self, app, match, entry):
        super().__init__(app, match, entry)
        # news of a zone fades where it shows (in its identity column, between the names and the mileage
        # bar): it does not float up over the names; one banner at a time, on the road (placed each frame)
        self.anim = EventAnimator(self, banner_size=22, pop_style=PopStyle(size=16, rise=0.0, border=2),
                                  banner_stack=BannerStack((0, 0), keep=1))
        self.display: MilleBornesView | None = None  # the view drawn while a step animates
        self.bottom: int | None = self.humans[0] if self.humans else None
        self.selected: int | None = None  # a card kind of the viewer's hand
        self.selected_slot: int | None = None  # which card of that kind in the hand was picked up (drawn lifted)
        self.press: tuple[int, tuple[int, int]] | None = None  # (card, where the button went down)
        self.press_slot: int | None = None  # its place in the hand
        self.dragging = False
        self.swap: list[int] | None = None  # cards chosen to swap while passing (None: not passing)
        self.summary: dict | None = None
        self.next_hand_banner = ""  # the next hand's banner, shown once the summary closes
        self.log.rect = pygame.Rect(layout.SIDE_X, layout.SIDE_TOP, layout.SIDE_W, 360)
        self.scores_rect = layout.side_panel_to_bottom(self.log.rect.bottom + layout.GAP)
        bx, bw = parts.BUTTONS_X, layout.TABLE_W - parts.BUTTONS_X - 12
        y = parts.HAND_Y - 8
        self.pass_btn = self.add(Button((bx, y, bw, 44), N_("Pass: swap cards"), self._start_swap, size=16,
                                        tooltip=N_("Instead of drawing, discard up to 6 cards and draw as many")))
        self.swap_btn = self.add(Button((bx, y, bw, 44), swap_words(0), self._confirm_swap, "primary", size=16))
        self.swap_cancel = self.add(Button((bx, y + 52, bw, 40), N_("Cancel"), self._cancel_swap, size=15))
        qx, qy = parts.QUESTION.right - 250, parts.QUESTION.y + 50
        self.cf_btn = self.add(Button((qx, qy, 232, 46), N_("Coup Fourré!"), self._answer_coup_fourre, "primary",
                                      size=16))
        self.remedy_btn = self.add(Button((qx, qy + 52, 232, 40), N_("Remedy now"), self._on_remedy_now_clicked,
                                          size=15))
        self.decline_btn = self.add(Button((qx, qy + 98, 232, 40), N_("Take the hit"), self._decline, size=15))
        self.extend_btn = self.add(Button((qx, qy, 232, 46), N_("Extend to 1,000"), self._extend, "primary",
                                          size=16))
        self.stop_btn = self.add(Button((qx, qy + 52, 232, 40), N_("Stop at 700"), self._stop, size=15))
        self.continue_btn = self.add(Button((0, 0, 200, 48), N_("Continue"), self._close_summary, "primary",
                                            size=19))
        for button in self._answer_buttons() + [self.swap_btn, self.swap_cancel, self.continue_btn]:
            button.visible = False

    def _answer_buttons(self) -> list[Button]:
        return [self.cf_btn, self.remedy_btn, self.decline_btn, self.extend_btn, self.stop_btn]

    # ------------------------------------------------------------------ views
    @property
    def v(self) -> MilleBornesView:
        """The view drawn now: the one from before the animating step, else the current one."""
        return self.display if self.display is not None else self.view()

    def sync(self) -> None:
        if self.viewer is not None:
            self.bottom = self.viewer
        self.anim.clear()
        self.display = None
        self.summary = None
        self.next_hand_banner = ""  # the next hand's banner, shown once the summary closes
        self.continue_btn.visible = False
        self.selected = None
        self.press = None
        self.dragging = False
        self.swap = None

    def busy(self) -> bool:
        return self.anim.busy or self.summary is not None

    def on_step(self, seat, action, events) -> None:
        before = self.display if self.display is not None else self._previous_view
        self.display = before
        self.selected = None
        self.swap = None
        if not self.may_show_private(self.bottom):
            self._drop_drawn_news()  # hot-seat: the hand that drew is hidden now, so is what it drew
        self.anim.play(events, then=self._settle)

    def _settle(self) -> None:
        self.display = None

    @property
    def _previous_view(self) -> MilleBornesView | None:
        """The viewer's view before the last step (the match keeps the states)."""
        states = self.match.states
        return states[-2].view(self.viewer) if len(states) >= 2 else None

    # ------------------------------------------------------------------ geometry
    def own_zone(self) -> int | None:
        """The zone drawn right above the hand: the bottom seat's."""
        if self.bottom is None:
            return None
        return self.v.zone_of[self.bottom]

    def zone_rects(self) -> list[pygame.Rect]:
        return parts.zone_rects(len(self.v.zones), self.own_zone(), parts.zone_height(self._drivers()))

    def _drivers(self) -> int:
        """Drivers per zone (two in teams)."""
        return max((len(z.seats) for z in self.v.zones), default=1)

    def road_labels(self) -> list[str]:
        """Each lane of the road named by its zone's drivers."""
        return [" & ".join(self.seat_name(s) for s in z.seats) for z in self.v.zones]

    def news_point(self, zone: int) -> tuple[float, float]:
        return parts.news_point(self.zone_rects()[zone], self._drivers())

    def zone_at(self, pos) -> int | None:
        for zone, rect in enumerate(self.zone_rects()):
            if rect.collidepoint(pos):
                return zone
        return None

    def seat_origin(self, seat: int) -> tuple[float, float]:
        """Where a seat's hand is on screen: the hand area for the viewer, else its zone's name."""
        if seat == self.bottom and self.may_show_private(seat):
            return (parts.HAND_AREA.centerx, parts.HAND_Y + 20)
        view = self.v
        rect = self.zone_rects()[view.zone_of[seat]]
        k = view.zones[view.zone_of[seat]].seats.index(seat)
        return (rect.x + 130, rect.y + 10 + 20 * k)

    # ------------------------------------------------------------------ controls
    def _me(self) -> int | None:
        seat = self.acting_human()
        if seat is None or self.busy() or (self.bottom is not None and seat != self.bottom):
            return None
        return seat

    def _hand(self) -> list[int]:
        view = self.v
        if self.bottom is None or view.hand is None or not self.may_show_private(self.bottom):
            return []
        if not privacy.check(self, self.bottom):
            return []
        return list(view.hand)

    def _hand_rects(self) -> list[tuple[int, pygame.Rect]]:
        cards = self._hand()
        return list(zip(cards, parts.hand_rects(len(cards)), strict=True))

    def _hand_index_at(self, pos) -> int | None:
        for i, (_card, rect) in reversed(list(enumerate(self._hand_rects()))):
            if rect.collidepoint(pos):
                return i
        return None

    def _start_swap(self) -> None:
        self.swap = []
        self.selected = None

    def _cancel_swap(self) -> None:
        self.swap = None

    def _confirm_swap(self) -> None:
        if self.swap:
            hand = self._hand()
            self.submit(Exchange(tuple(sorted(hand[i] for i in self.swap))))

    def _answer_coup_fourre(self) -> None:
        self.submit(CoupFourre())

    def _on_remedy_now_clicked(self) -> None:
        remedies = [a for a in self.legal() if isinstance(a, FastRemedy)]
        if remedies:
            self.submit(remedies[0])

    def _decline(self) -> None:
        self.submit(Decline())

    def _extend(self) -> None:
        self.submit(Extend(True))

    def _stop(self) -> None:
        self.submit(Extend(False))

    def _drop(self, card: int, pos) -> bool:
        """A chosen card let go (or a target clicked) at ``pos``: play it there, or say why not."""
        me = self._me()
        if me is None:
            return False
        if parts.DISCARD_RECT.inflate(12, 12).collidepoint(pos):
            return self.submit(Discard(card))
        zone = self.zone_at(pos)
        if zone is None:
            return False
        return self.submit(Play(card, zone))

    def target_state(self, card: int | None, zone: int) -> str:
        """"legal" when the chosen card may be played on ``zone`` now, "illegal" otherwise."""
        me = self._me()
        if card is None or me is None:
            return ""
        return "legal" if Play(card, zone) in self.legal(me) else "illegal"

    def handle_table_event(self, event) -> bool:
        me = self._me()
        view = self.v
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            if self.selected is not None or self.swap is not None:
                self.selected, self.swap = None, None
                return True
            return False
        if me is None:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self._hand_index_at(event.pos)
            if view.phase == "draw":
                if self.swap is not None and index is not None:
                    self._toggle_swap(index)
                    return True
                if parts.DRAW_RECT.collidepoint(event.pos):
                    return self.submit(Draw(False)) or True
                if parts.DISCARD_RECT.collidepoint(event.pos):
                    return self.submit(Draw(True)) or True
                if index is not None:
                    self.app.toasts.show(_("Draw first: click the draw pile (or the discard pile's top card).")
                                         if Draw(True) in self.legal(me) else _("Draw first: click the draw pile."),
                                         "info", 2.5)
                    return True
                return False
            if view.phase != "play":
                return False
            if index is not None:
                card = self._hand()[index]
                self.press, self.press_slot = (card, event.pos), index
                return True
            if self.selected is not None:
                if self._drop(self.selected, event.pos):
                    self.selected = None
                return True
            return False
        if event.type == pygame.MOUSEMOTION and self.press is not None and not self.dragging:
            _card, start = self.press
            if abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1]) > DRAG_START:
                self.dragging = True
                self.selected, self.selected_slot = self.press[0], self.press_slot
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.press is not None:
            card, _start = self.press
            self.press = None
            if self.dragging:
                self.dragging = False
                if self._hand_index_at(event.pos) is None and self._drop(card, event.pos):
                    self.selected = None
                return True
            if self.selected == card and self._selected_index(self._hand()) == self.press_slot:
                self.selected = None
            else:  # (another card of the same kind is picked up instead: the same play, drawn where clicked)
                self.selected, self.selected_slot = card, self.press_slot
                play_sound("click")
            return True
        return False

    def _selected_index(self, hand: list[int]) -> int | None:
        """Where in ``hand`` the selected card is drawn (lifted and outlined): the card picked up, not every card
        of its kind."""
        return chosen_slot(hand, self.selected, self.selected_slot)

    def _toggle_swap(self, index: int) -> None:
        assert self.swap is not None
        if index in self.swap:
            self.swap.remove(index)
        else:
            me = self._me()
            reason = self._swap_refusal(me, self.swap + [index]) if me is not None else None
            if reason:  # six cards at most, and no more than the draw pile holds
                play_sound("error")
                self.app.toasts.show(tr(reason), "warn", 2.5)
                return
            self.swap.append(index)
        play_sound("click")

    def _swap_refusal(self, me: int, indices: list[int]) -> str | None:
        """The engine's reason against ``me`` swapping these cards of the hand now (None: it takes them)."""
        hand = self._hand()
        return self.state.why_illegal(me, Exchange(tuple(sorted(hand[i] for i in indices))))

    def _swap_limit(self) -> int:
        """The most cards the engine lets the player at the screen swap now: six, fewer when the draw pile
        holds fewer (0: no swap)."""
        me = self._me()
        if me is None:
            return 0
        count = len(self._hand())
        while count and self._swap_refusal(me, list(range(count))) is not None:
            count -= 1
        return count

    def update(self, dt: float) -> None:
        self.anim.update(dt)
        if self.viewer is not None and self.viewer != self.bottom:
            self.bottom = self.viewer
            self.selected, self.swap = None, None
            self.anim.pops.clear()  # the zones move: their news would show over another zone
        if self.summary and self.summary.get("auto") is not None:
            self.summary["auto"] -= dt / max(self.pace, 0.05) if self.pace else 10
            if self.summary["auto"] <= 0:
                self._close_summary()
        super().update(dt)  # the turn loop first (an automatic answer, a bot's move): controls follow it
        if not self.may_show_private(self.bottom):
            self._drop_drawn_news()
        self._place_controls()

    def _place_controls(self) -> None:
        me = self._me()
        view = self.v
        hand = self._hand() if me is not None else []
        if self.selected is not None and self.selected not in hand:
            self.selected = None
        legal = self.legal(me) if me is not None else ()
        drawing = me is not None and view.phase == "draw"
        exchanges = not view.option("no_exchange", False)  # the classic rule has none
        self.pass_btn.visible = drawing and self.swap is None and exchanges
        # (the engine lists one exchange, the whole hand; with fewer cards left to draw a smaller one is allowed)
        self.pass_btn.set_enabled(drawing and self._swap_limit() > 0, N_("You may not pass now."))
        self.swap_btn.visible = self.swap_cancel.visible = drawing and self.swap is not None
        if self.swap is not None:
            n = len(self.swap)
            self.swap_btn.label = swap_words(n)
            limit = self._swap_limit()
            self.swap_btn.set_enabled(n > 0, N_("Click the cards to give up (up to 6).") if limit >= 6 else Words(
                "Click the cards to give up (up to {n}).", n=limit))
        asked = me is not None and view.phase == "asked"
        self.cf_btn.visible = self.decline_btn.visible = asked
        # (fast play answers a hazard on the drive pile: against a Speed Limit the rules never allow it)
        self.remedy_btn.visible = (asked and bool(view.option("fast_play")) and view.attack is not None
                                   and view.attack[1] != SPEED_LIMIT)
        if asked:
            cf = CoupFourre() in legal
            safety = self._safety_asked(view)
            # (labels as Words: English here, composed in the language in use where the button draws)
            self.cf_btn.label = (Words("Coup Fourré! {safety}", safety=NAMES[safety]) if safety is not None
                                 else N_("Coup Fourré!"))
            self.cf_btn.set_enabled(cf, Words("You do not hold {safety}.", safety=NAMES[safety]) if safety is not None
                                    else N_("You do not hold the safety."))
            remedies = [a for a in legal if isinstance(a, FastRemedy)]
            self.remedy_btn.label = (Words("Remedy now: {card}", card=NAMES[remedies[0].card]) if remedies
                                     else N_("Remedy now"))
            self.remedy_btn.set_enabled(bool(remedies), self._no_fast_remedy(view, me))
        extending = me is not None and view.phase == "extend"
        self.extend_btn.visible = self.stop_btn.visible = extending

    def _no_fast_remedy(self, view: MilleBornesView, me: int) -> str:
        """Why the "Remedy now" button is off, in the engine's words."""
        if view.attack is None:
            return N_("There is no hazard to answer.")
        reason = self.state.why_illegal(me, FastRemedy(REMEDY_FOR[view.attack[1]]))
        return Words("{reason}.", reason=reason) if reason else N_("You may not play a remedy now.")

    def _safety_asked(self, view: MilleBornesView) -> int | None:
        if view.attack is None:
            return None
        return SAFETY_FOR[view.attack[1]]

    # ------------------------------------------------------------------ hand summary
    def open_summary(self, data: dict) -> None:
        data["auto"] = None if self.humans else 3.0
        self.summary = data
        self.display = None  # the hand is scored: the table (and its score panel) shows the engine's view now
        self.continue_btn.visible = bool(self.humans)
        play_sound("win")

    def _close_summary(self) -> None:
        self.summary = None
        self.continue_btn.visible = False
        if self.next_hand_banner:  # "Hand 2: … Bob starts", kept while the summary was open
            self.anim.show_banner(self.next_hand_banner, self._banner_pos(), theme.ACCENT, 1.6)
            self.next_hand_banner = ""
        self.summary_closed()

    def reopen_summary(self, step) -> None:
        scored = next((e for e in step.events if isinstance(e, HandScored)), None)
        if scored is not None:
            self.open_summary(hand_summary(scored))

    # ------------------------------------------------------------------ prompts
    def status(self) -> str:
        if self.match.is_over():
            return _("The match is over.")
        if self.summary:
            return _("Hand {n} is over.").format(n=self.summary["hand"])
        me = self._me()
        view = self.v
        if me is not None:
            if view.phase == "draw":
                if self.swap is not None:
                    limit = self._swap_limit()
                    if limit >= 6:
                        return _("Click up to 6 cards to give up, then Swap (your turn ends).")
                    return ngettext("Only {n} card left to draw: click one, then Swap (your turn ends).",
                                    "Only {n} cards left to draw: click up to {n}, then Swap (your turn ends).",
                                    limit).format(n=limit)
                if Draw(True) in self.legal(me):
                    return _("Draw: click the draw pile, or take the discard pile's top card.")
                return _("Draw: click the draw pile.")  # the discard pile is empty, or the rules forbid it
            if view.phase == "play":
                if self.selected is not None:
                    return self._selected_prompt(me, view, self.selected)
                if view.drawing_over:  # (classic no reshuffle: the turn began without a draw, said here each turn)
                    return _("No more drawing (the draw pile is empty for good): play a card on a zone or onto the "
                             "discard pile.")
                return _("Play a card: drag it to a zone (or click it, then the zone), or onto the discard pile.")
            if view.phase == "asked" and view.attack is not None:
                attacker, hazard, zone = view.attack
                words = _("{player} played {card} on your team. Coup Fourré?") if len(view.zones[zone].seats) > 1 \
                    else _("{player} played {card} on you. Coup Fourré?")
                return words.format(player=self.seat_name(attacker), card=tr(NAMES[hazard]))
            if view.phase == "extend":
                return _("Your team reached 700: extend the trip to 1,000 miles, or stop now?") if self._team_zone(me) \
                    else _("You reached 700: extend the trip to 1,000 miles, or stop now?")
        if view.phase == "asked" and view.attack is not None:  # (also while an automatic answer is coming)
            attacker, hazard, zone = view.attack
            victims = " & ".join(self.seat_name(s) for s in view.zones[zone].seats)
            return _("{player} played {card} on {victims}.").format(player=self.seat_name(attacker),
                                                                     card=tr(NAMES[hazard]), victims=victims)
        return super().status()

    def _team_zone(self, seat: int) -> bool:
        """Does ``seat`` drive a zone shared with a partner (teams of two: "your team", not "you")?"""
        view = self.v
        return len(view.zones[view.zone_of[seat]].seats) > 1

    def _selected_prompt(self, me: int, view: MilleBornesView, card: int) -> str:
        """What the chosen card can do now: where to drop it, or (when it fits no zone) the engine's
        reason for the zone it would go on, and the discard pile."""
        legal = self.legal(me)
        if any(isinstance(a, Play) and a.card == card for a in legal):
            return _("{card}: click (or drop it on) a zone framed in yellow, or the discard pile.").format(
                card=tr(NAMES[card]))
        own = view.zone_of[me]
        zones = [own] if Play(card, own) in legal or card not in HAZARDS else [
            z for z in range(len(view.zones)) if z != own]
        reason = self.state.why_illegal(me, Play(card, zones[0])) if zones else None
        said = tr(reason) if reason else _("it cannot be played now.")
        if not said.endswith((".", "!", "?", "…")):
            said += "."  # the engine's reasons are written without a full stop
        return _("{card}: {reason} Discard it, or choose another card.").format(card=tr(NAMES[card]), reason=said)

    def subtitle(self) -> str:
        view = self.v
        variant = tr(self.match.game.variant(self.match.config.variant).label)
        if view.target:
            return _("{variant} · {goal} miles · hand {n}").format(variant=variant, goal=number(view.goal),
                                                                   n=view.hand_number)
        return _("{variant} · {goal} miles").format(variant=variant, goal=number(view.goal))

    def keep_visible(self) -> list[pygame.Rect]:
        return super().keep_visible() + [r for _card, r in self._hand_rects()] + [parts.DRAW_RECT, parts.DISCARD_RECT]

    # ------------------------------------------------------------------ drawing
    def draw_table(self, surface) -> None:
        theme.backdrop(surface, (40, 52, 48), (22, 30, 30))
        view = self.v
        me = self._me()
        awaited = set(self.match.to_act()) if not self.busy() else set()
        mouse = self.app.mouse
        card = self.selected
        scored = view.history[-1] if view.phase == "over" and view.history else None  # the bonuses in, as summed up
        for zone, rect in enumerate(self.zone_rects()):
            z = view.zones[zone]
            thinking = None
            if self.thinking_seat in z.seats and self.thinking:
                thinking = self.thinking.progress
            look = parts.ZoneLook(
                names=[self.seat_name(s) for s in z.seats], colours=[self.seat_colour(s) for s in z.seats],
                held=[view.hand_counts[s] for s in z.seats], drive=z.drive, speed=z.speed,
                distance_counts=z.distance_counts, safeties=z.safeties, miles=z.trip, goal=view.goal,
                points=scored[zone] if scored else z.points, total=view.totals[zone] if view.totals else 0,
                rolling=z.rolling, limited=z.limited, own=zone == self.own_zone(), acting=bool(awaited & set(z.seats)),
                target=self.target_state(card, zone) if me is not None and view.phase == "play" else "",
                hovered=rect.collidepoint(mouse), thinking=thinking, hazard=z.hazard)
            parts.draw_zone(surface, rect, look, self.anim.clock)
        road = parts.road_rect(self.zone_rects(), self.own_zone())
        if road is not None:
            labels = self.road_labels()
            colours = [self.seat_colour(z.seats[0]) for z in view.zones]
            parts.draw_road(surface, road, [z.trip for z in view.zones], view.goal, colours, labels)
        drawing = me is not None and view.phase == "draw" and self.swap is None
        legal = set(self.legal(me)) if me is not None else set()
        discard_target = "legal" if card is not None and Discard(card) in legal else ""
        hovered = "discard" if parts.DISCARD_RECT.collidepoint(mouse) else ""
        parts.draw_piles(surface, view.deck_count, view.discard_top, view.discard_count,
                         drawing and Draw(False) in legal, drawing and Draw(True) in legal, discard_target, hovered,
                         self.anim.clock)
        self._draw_hand(surface, view)
        self._draw_scores(surface, view)
        self._draw_overlays(surface)
        self._draw_question(surface, view, me)
        if self.dragging and self.selected is not None:
            image = card_art.face(self.selected, parts.HAND_CARD)
            surface.blit(image, image.get_rect(center=mouse))
        if self.summary:
            self._draw_summary(surface, view)

    def _draw_overlays(self, surface) -> None:
        """The zones' news, then the cards in flight (a card travels over the table and what is written on it,
        news included), then the banner, on the road."""
        anim = self.anim
        flights, banners = anim.flights, anim.banners
        anim.flights, anim.banners = [], []
        try:
            anim.draw_overlays(surface)
        finally:
            anim.flights, anim.banners = flights, banners
        for flight in flights:
            flight.draw(surface)
        anim.banner_stack = BannerStack(self._banner_pos(), keep=1)
        anim.draw_banners(surface)

    def _draw_question(self, surface, view: MilleBornesView, me: int | None) -> None:
        """The question asked out of turn ("Coup Fourré?") or the extension, as a panel over the table."""
        if me is None or view.phase not in ("asked", "extend"):
            return
        if view.phase == "asked" and view.attack is not None:
            attacker, hazard, zone = view.attack
            safety = self._safety_asked(view)
            hit = _("{player} played {card} on your team.") if len(view.zones[zone].seats) > 1 \
                else _("{player} played {card} on you.")  # (in teams of two the partners share the zone)
            if view.option("fast_play") and hazard != SPEED_LIMIT:  # (a public rule: the same words for all)
                answer = _("Reveal {safety} if you hold it (Coup Fourré), or play {remedy} at once (fast play). "
                           "Otherwise take the hit.").format(safety=tr(NAMES[safety]),
                                                             remedy=tr(NAMES[REMEDY_FOR[hazard]]))
            else:
                answer = _("If you hold {safety}, reveal it now: the hazard is discarded, the Coup Fourré scores and "
                           "you play next. Otherwise take the hit.").format(safety=tr(NAMES[safety]))
            lines = [hit.format(player=self.seat_name(attacker), card=tr(NAMES[hazard])), answer]
            parts.draw_question(surface, _("Coup Fourré?"), hazard, lines)
        else:
            lines = [_("Your team reached 700 miles. Extend the trip to 1,000 (worth more if you make it), or stop "
                       "now and end the hand.") if self._team_zone(me) else
                     _("You reached 700 miles. Extend the trip to 1,000 (worth more if you make it), "
                       "or stop now and end the hand.")]
            parts.draw_question(surface, _("Extend the trip?"), -1, lines)

    def _draw_summary(self, surface, view: MilleBornesView) -> None:
        data = self.summary
        over = self.match.is_over()
        names = [[self.seat_name(s) for s in seats] for seats in data["seats"]]
        colours = [[self.seat_colour(s) for s in seats] for seats in data["seats"]]
        box, button, row_h = parts.hand_summary_layout(data, names, over)
        self.continue_btn.rect.midbottom = button.midbottom
        parts.draw_hand_summary(surface, box, data, names, colours, over, row_h)

    def _draw_hand(self, surface, view: MilleBornesView) -> None:
        rects = self._hand_rects()
        area = parts.HAND_AREA
        if not rects:
            if self.bottom is None or not self.humans:
                text = _("Computer players are driving: watch the road.")
            elif self.viewer is None and self.match.is_over():  # (nobody takes the screen any more)
                text = _("The match is over.")
            elif self.viewer is None:
                text = _("Hands are hidden until the next player takes the screen.")
            else:
                text = _("Your hand is empty.")
            theme.blit_text(surface, text, (area.centerx, parts.HAND_Y + 46), 17, theme.MUTED, "italic",
                            anchor="center")
            return
        theme.blit_text(surface, privacy.hand_title(self), (area.x + 4, area.y), 13, theme.MUTED, "bold")
        me = self._me()
        playable = set()
        if me is not None and view.phase == "play":
            playable = {a.card for a in self.legal(me) if isinstance(a, Play)}
        chosen = self._selected_index([card for card, _rect in rects])
        for i, (card, rect) in enumerate(rects):
            lifted = rect
            if self.swap is not None and i in self.swap:
                lifted = rect.move(0, -20)
            elif i == chosen and (not self.dragging):
                lifted = rect.move(0, -12)
            elif card in playable and rect.collidepoint(self.app.mouse):
                lifted = rect.move(0, -6)
            if self.dragging and i == chosen:
                pygame.draw.rect(surface, theme.LINE, rect, 2, border_radius=8)
                continue
            surface.blit(card_art.face(card, parts.HAND_CARD), lifted)
            if (i == chosen and not self.dragging) or (self.swap is not None and i in self.swap):
                pygame.draw.rect(surface, theme.ACCENT, lifted.inflate(6, 6), 3, border_radius=10)

    def _draw_scores(self, surface, view: MilleBornesView) -> None:
        parts.draw_scores(surface, self.scores_rect, view.target, self._score_rows(view))

    def _score_rows(self, view: MilleBornesView) -> list[parts.ScoreRow]:
        """The score panel's rows, one per driving zone, as ``view`` says them: the match total is the
        view's own (during a hand, the points before it: the hand's running points are shown apart; once
        the hand is scored, they are in it and must not be added again); the match over, the last hand's
        points are the ones scored (with any bonus)."""
        over = view.phase == "over" and bool(view.history)
        rows = []
        for zone, z in enumerate(view.zones):
            total = view.totals[zone] if view.totals else 0
            points = view.history[-1][zone] if over else z.points
            rows.append(parts.ScoreRow([self.seat_name(s) for s in z.seats],
                                       [self.seat_colour(s) for s in z.seats], total, z.miles, points))
        return rows
