"""The Velonimo table (pygame). Draws the view, animates events, turns clicks into engine actions.

The engine decides everything: which plays are legal (and why not), steals, scores, jerseys.
The scene shows the *current* view at once and hides cards that are still flying to their
place (``hidden``), so every event is animated without a lagging copy of the state. How each
event is shown lives in :mod:`.event_animations`; the pieces of the table are drawn by
:mod:`.table_parts`; the Tortoise exchange's controls and words are in :mod:`.tortoise_exchange`.
With the playable-cards setting on, the cards of the engine's legal plays lift while the player
counter-attacks (``HINT_LIFT``).
"""

from __future__ import annotations

import pygame

from ..i18n import C_, N_, _, language, ngettext, tr
from ..ui import layout, privacy, theme
from ..ui.layout import TABLE, TOP_H
from ..ui.match_scene import MatchScene
from ..ui.table_animation import EventAnimator
from ..ui.widgets import Button, CardFrame
from ..ui.widgets.base import play_sound
from . import card_art, table_parts
from .cards import card_name, combination_value, describe_play
from .event_animations import VelonimoEventAnimations
from .rules import (
    ChooseStarter,
    DuelReward,
    Pass,
    PlayCards,
    RoundScored,
    Steal,
    VelonimoView,
    cards_in_plays,
    points_per_opponent,
)
from .table_parts import CARD, CENTRE, CENTRE_HALF_W, HAND_Y, PILE_POS, REVEALED_X, SMALL
from .tortoise_exchange import HINT_X, TortoiseExchange, cards_word

ACTION_Y = 488  # the action bar: Play, Pass, Jersey… (its foot above the top of a raised selected card)
HINT_LIFT = 9  # pixels a card that can beat the centre sits raised (the playable-cards setting)


class VelonimoScene(VelonimoEventAnimations, TortoiseExchange, MatchScene):
    bot_beat = 1.1

    def __init__(self, app, match, entry):
        super().__init__(app, match, entry)
        self.bottom = self.humans[0] if self.humans else 0
        self.sort_mode = "colour"
        self.selected: set[int] = set()
        self.use_jersey = False
        self.hand: dict[int, CardFrame] = {}
        self.anim = EventAnimator(self)
        self.hidden: set[int] = set()  # cards still flying to their place: not drawn there yet
        self.hide_hand = False
        self.summary: dict | None = None
        self.steal_target: int | None = None
        self.prev_view: VelonimoView | None = None
        self.hint_rect: pygame.Rect | None = None  # the line under the hand's prompt (kept visible)
        self._playable: tuple[object, frozenset[int]] = (None, frozenset())  # (state, cards that beat the centre)
        self._old_pos: dict[int, tuple[float, float]] = {}  # the hand's card positions before this step
        self._step_view: VelonimoView | None = None  # the view after the step being animated
        self._faces_language = language()  # the hand's card faces name their animal in this language
        # action bar
        y, h = ACTION_Y, layout.ACTION_H
        # labels in English (tests find buttons by them); the words drawn are composed in the language in use
        self.play_btn = self.add(Button((780, y, 170, h), N_("Play"), self._play, "primary", size=21,
                                        hotkey=pygame.K_RETURN, words=self._play_words))
        self.pass_btn = self.add(Button((600, y, 160, h), C_("button", "Pass"), self._pass, size=20, hotkey=pygame.K_p))
        self.jersey_btn = self.add(Button((440, y, 140, h), N_("Jersey +10"), self._toggle_jersey, size=17,
                                          tooltip=N_("Add the Leader of the Pack Jersey: +10, once per round")))
        self.sort_btn = self.add(Button((18, 676, 150, 34), N_("Sort: colour"), self._toggle_sort, "ghost", size=15,
                                        tooltip=N_("Sort your hand by colour or by number")))
        self.no_steal_btn = self.add(Button((600, y, 160, h), N_("Take none"), self._no_steal, size=19))
        self.give_btn = self.add(Button((780, y, 170, h), N_("Give back"), self._give, "primary", size=20))
        self.keep_btn = self.add(Button((560, y, 190, h), N_("Keep it"), lambda: self._reward(True), "primary",
                                        size=19))
        self.force_btn = self.add(Button((760, y, 190, h), N_("Give it"), lambda: self._reward(False), size=19,
                                         words=self._force_words))
        self.count_btns: list[Button] = []
        self.continue_btn = self.add(Button((CENTRE[0] - 100, y, 200, h), N_("Continue"), self._close_summary,
                                            "primary", size=20))
        self.continue_btn.visible = False
        self.log.rect = layout.LOG_RECT.copy()
        self.score_rect = layout.side_panel(self.log.rect.bottom + layout.GAP, 236)

    # ------------------------------------------------------------------ derived layout
    @property
    def v(self) -> VelonimoView:
        return self.view()

    def opponents(self) -> list[int]:
        n = self.match.config.players
        return [(self.bottom + k) % n for k in range(1, n)]

    def plaques(self) -> dict[int, pygame.Rect]:
        return table_parts.plaque_rects(self.opponents(), pygame.Rect(0, TOP_H, TABLE.w, 150))

    def anchor(self, seat: int) -> tuple[float, float]:
        if seat == self.bottom:
            return (TABLE.centerx - CARD[0] / 2, HAND_Y)
        r = self.plaques()[seat]
        return (r.centerx - SMALL[0] / 2, r.centery - SMALL[1] / 2)

    def centre_slots(self, n: int) -> list[tuple[float, float]]:
        step = 58 if n > 4 else 70
        if n > 1:  # six or seven cards close up, clear of the Duel's revealed card on the left
            step = min(step, (2 * CENTRE_HALF_W - CARD[0]) / (n - 1))
        w = CARD[0] + step * (n - 1)
        x0 = CENTRE[0] - w / 2
        return [(x0 + i * step, CENTRE[1] - CARD[1] / 2 + (i % 2) * 4) for i in range(n)]

    def revealed_pos(self) -> tuple[float, float]:
        return (REVEALED_X, PILE_POS[1])

    def showing_hand(self) -> bool:
        return self.viewer == self.bottom and self.v.hand is not None

    # ------------------------------------------------------------------ sync / hand
    def sync(self) -> None:
        if self.viewer is not None:
            self.bottom = self.viewer
        self.anim.clear()
        self.hidden.clear()
        self.summary = self.deal_waiting = None
        self.hide_hand = False
        self.continue_btn.visible = False
        self.selected.clear()
        self._clear_count_buttons()
        self.hand.clear()
        self._layout_hand(animate=False)
        self.prev_view = self.v

    def _sorted_hand(self, cards_: tuple[int, ...]) -> list[int]:
        from .cards import card_colour, card_number

        if self.sort_mode == "colour":
            return sorted(cards_, key=lambda c: (card_colour(c) if card_colour(c) >= 0 else 9, card_number(c)))
        return sorted(cards_, key=lambda c: (card_number(c), card_colour(c)))

    def _layout_hand(self, animate: bool = True) -> None:
        view = self.v
        cards_ = list(view.hand or ()) if self.showing_hand() else []
        order = self._sorted_hand(tuple(cards_))
        for card in list(self.hand):
            if card not in order:
                del self.hand[card]
        self.selected &= set(order)
        n = len(order)
        area_w = TABLE.w - 260
        step = min(CARD[0] + 6, (area_w - CARD[0]) / max(1, n - 1)) if n > 1 else 0
        x0 = TABLE.x + 190 + (area_w - (CARD[0] + step * (n - 1))) / 2
        for i, card in enumerate(order):
            pos = (x0 + i * step, HAND_Y)
            frame = self.hand.get(card)
            if frame is None:
                frame = CardFrame(card_art.face(card, CARD), card_art.back(CARD), pos, key=card)
                self.hand[card] = frame
            else:
                frame.move_to(pos, 0.25 * self.pace if animate else 0)
        # z-order follows the fan
        self.hand = {c: self.hand[c] for c in order}

    # ------------------------------------------------------------------ animation
    def busy(self) -> bool:
        return bool(self.anim.busy or self.summary)

    def on_step(self, seat, action, events) -> None:
        self._old_pos = {c: f.rect.topleft for c, f in self.hand.items()}
        self._step_view = view = self.v
        self._table_before = ((self.prev_view or view).centre, (self.prev_view or view).pile)  # the attack shown
        self.anim.play(events)
        self._layout_hand()
        self.prev_view = view
        if isinstance(action, PlayCards):
            self.selected.clear()
            self.use_jersey = False

    def _reveal_hand(self) -> None:
        self.hide_hand = False

    def _open_summary(self, data: dict) -> None:
        self.summary = data
        self.summary["auto"] = 2.8 if not self.humans else None
        self.continue_btn.visible = bool(self.humans)
        play_sound("win")

    def _close_summary(self) -> None:
        self.summary = None
        self.continue_btn.visible = False
        self.summary_closed()
        self.deal_waited()

    def reopen_summary(self, step) -> None:
        scored = next((e for e in step.events if isinstance(e, RoundScored)), None)
        if scored is not None:
            self._open_summary(self.round_summary(scored, self.v))

    def update(self, dt: float) -> None:
        self.anim.update(dt)
        if not self.anim.busy:
            self.hidden.clear()
        if self.summary and self.summary.get("auto") is not None:
            self.summary["auto"] -= dt / max(self.pace, 0.05) if self.pace else 10
            if self.summary["auto"] <= 0:
                self._close_summary()
        if (self.viewer is not None and self.viewer != self.bottom) or self._faces_language != language():
            self.bottom = self.viewer if self.viewer is not None else self.bottom
            self._faces_language = language()  # a change of language: faces named anew
            self.hand.clear()
            self._layout_hand(animate=False)
        if self.showing_hand() and set(self.hand) != set(self.v.hand or ()):
            self._layout_hand()
        for frame in self.hand.values():
            frame.update(dt, self.app.mouse)
        self._update_controls()
        super().update(dt)
        table_parts.request_score_tip(self.score_rect, self.v, self.match.names, self.app.mouse, dt)

    # ------------------------------------------------------------------ controls
    def _me(self) -> int | None:
        seat = self.acting_human()
        return seat if seat is not None and seat == self.bottom and not self.busy() else None

    def _selection_action(self) -> PlayCards | None:
        if not self.selected:
            return None
        return PlayCards(tuple(sorted(self.selected)), self.use_jersey)

    def _update_controls(self) -> None:
        me = self._me()
        view = self.v
        phase = view.phase if me is not None else None
        for b in (self.play_btn, self.pass_btn, self.jersey_btn, self.no_steal_btn, self.give_btn, self.keep_btn,
                  self.force_btn):
            b.visible = False
        self.sort_btn.visible = self.showing_hand() and bool(self.hand)
        self.sort_btn.label = N_("Sort: colour") if self.sort_mode == "colour" else N_("Sort: value")
        for b in self.count_btns:
            b.visible = phase == "steal" and self.steal_target is not None
            b.tooltip = self._count_tip(*b.steal)
        if phase == "play":
            self.play_btn.visible = self.pass_btn.visible = True
            action = self._selection_action()
            if action is None:
                self.play_btn.label = "Play"
                self.play_btn.set_enabled(False, N_("Select a card or a combination first."))
            else:
                reason = self.state.why_illegal(me, action)
                self.play_btn.set_enabled(reason is None, tr(reason or ""))
                value = combination_value(action.cards, action.jersey)
                self.play_btn.label = f"Play {value}" if value is not None else "Play"
            reason = self.state.why_illegal(me, Pass())
            self.pass_btn.set_enabled(reason is None, tr(reason or ""))
            self.jersey_btn.visible = view.jersey == me and view.jersey_bonus
            if self.jersey_btn.visible:
                can = view.can_use_jersey
                self.jersey_btn.set_enabled(can, N_("You already used the Jersey this round.") if view.jersey_used
                                            else N_("Not now."))
                self.jersey_btn.style = "good" if self.use_jersey else "secondary"
                self.jersey_btn.label = N_("Jersey: on") if self.use_jersey else N_("Jersey +10")
        elif phase == "steal":
            self.no_steal_btn.visible = True
        elif phase == "give":
            self.give_btn.visible = True
            need = view.steal_left
            if len(self.selected) == need:
                reason = self._give_problem(me)
                self.give_btn.set_enabled(reason is None, tr(reason or ""))
            else:
                self.give_btn.set_enabled(False, ngettext(
                    "Select {n} card of your hand to give back ({k} of {n} selected).",
                    "Select {n} cards of your hand to give back ({k} of {n} selected).", need).format(
                    n=need, k=len(self.selected)))
        elif phase == "reward":
            self.keep_btn.visible = self.force_btn.visible = True
            opp = (me + 1) % view.players
            self.force_btn.label = f"Give it to {self.seat_name(opp)}"[:22]  # English, as tests read it
        if phase != "play":
            self.use_jersey = False
        if phase not in ("play", "give"):
            self.selected.clear()
        lifted = self._playable_cards(me) if phase == "play" else frozenset()
        duel = view.variant == "duel"
        for card, frame in self.hand.items():
            frame.tooltip = card_tip(card, duel)  # in the language in use
            frame.selected = card in self.selected
            frame.clickable = phase in ("play", "give")
            frame.rest_lift = HINT_LIFT if card in lifted else 0.0

    def _play_words(self) -> str:
        """The Play button's words: "Play 32" while a valid selection is made."""
        action = self._selection_action()
        value = combination_value(action.cards, action.jersey) if action is not None else None
        return _("Play {value}").format(value=value) if value is not None else _("Play")

    def _force_words(self) -> str:
        """"Give it to Bob" (the opponent in the Duel), shortened to the button's width."""
        me = self._me()
        if me is None:
            return _("Give it")
        name = self.seat_name((me + 1) % self.v.players)
        words = _("Give it to {player}").format(player=name)
        return words if theme.font(19, "bold").size(words)[0] <= self.force_btn.rect.w - 16 else _("Give it")

    def _playable_cards(self, me: int) -> frozenset[int]:
        """The playable-cards hint: while ``me`` counter-attacks and the setting is on, the cards of some
        legal play (the engine's legal actions: each beats the centre). Nothing when leading an attack:
        every card can lead, so there is nothing to point out."""
        if not self.app.settings.playable_hints or self.v.centre_value == 0:
            return frozenset()
        state = self.state
        if self._playable[0] is not state:
            self._playable = (state, cards_in_plays(state.legal_actions(me)))
        return self._playable[1]

    def _play(self) -> None:
        action = self._selection_action()
        if action is not None:
            self.submit(action)

    def _pass(self) -> None:
        self.submit(Pass())

    def _toggle_jersey(self) -> None:
        self.use_jersey = not self.use_jersey

    def _toggle_sort(self) -> None:
        self.sort_mode = "value" if self.sort_mode == "colour" else "colour"
        self._layout_hand()

    def _reward(self, keep: bool) -> None:
        self.submit(DuelReward(keep))

    def handle_table_event(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.busy():
                return False
            me = self._me()
            view = self.v
            if me is not None and view.phase in ("play", "give"):
                for card in reversed(list(self.hand)):
                    frame = self.hand[card]
                    if frame.rect.collidepoint(event.pos):
                        if view.phase == "give":
                            self._toggle_give_card(card)
                            return True
                        if card in self.selected:
                            self.selected.discard(card)
                        else:
                            self.selected.add(card)
                        play_sound("click")
                        return True
            if me is not None and view.phase in ("steal", "choose"):
                for seat, rect in self.plaques().items():
                    if rect.collidepoint(event.pos) and self._plaque_clickable(seat):
                        if view.phase == "steal":
                            self._choose_steal_target(seat)
                        else:
                            self.submit(ChooseStarter(seat))
                        return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and self.selected:
            self.selected.clear()
            return True
        return False

    def _plaque_clickable(self, seat: int) -> bool:
        me = self._me()
        if me is None:
            return False
        view = self.v
        if view.phase == "steal":
            return any(isinstance(a, Steal) and a.victim == seat for a in self.legal(me))
        if view.phase == "choose":
            return ChooseStarter(seat) in self.legal(me)
        return False

    # ------------------------------------------------------------------ drawing
    def status(self) -> str:
        view = self.v
        me = self.acting_human()
        if self.match.is_over():
            return _("The race is over.")
        if self.summary:
            return _("Round {round} is over.").format(round=self.summary["round"])
        if me is None or me != self.bottom:
            return super().status()
        if view.phase == "play":
            if view.centre_value == 0:
                return _("You lead: attack with a card or a combination.")
            return _("Beat {value} with a counter-attack, or pass.").format(value=view.centre_value)
        if view.phase in ("steal", "give"):
            return self.tortoise_prompt(view)
        if view.phase == "choose":
            return _("You went out and everyone passed: choose who launches the next attack.")
        if view.phase == "reward":
            return _("You won the attack: keep the revealed card or force it on your opponent.")
        return super().status()

    def shown_prompt(self) -> tuple[str, str | None]:
        if self.summary:  # the round is over (not the line of the computer player who ended it)
            return self.status(), None
        return super().shown_prompt()

    def subtitle(self) -> str:
        view = self.v
        if view.variant == "duel":
            return _("Duel · round {round} of {rounds}").format(round=view.round, rounds=view.rounds)
        return _("{n} players · round {round} of {rounds}").format(n=view.players, round=view.round,
                                                                   rounds=view.rounds)

    def draw_table(self, surface) -> None:
        view = self.v
        self._draw_felt(surface)
        names = self.match.names
        acting = set(self.match.to_act()) if not self.busy() else set()
        for seat, rect in self.plaques().items():
            thinking = self.thinking.progress if self.thinking_seat == seat and self.thinking else None
            clickable = self._plaque_clickable(seat)
            table_parts.draw_plaque(surface, rect, view, seat, names[seat], self.seat_colour(seat),
                                    acting=seat in acting, thinking=thinking, highlight=clickable,
                                    hovered=rect.collidepoint(self.app.mouse) or seat == self.steal_target,
                                    t=self.anim.clock)
        self._draw_centre(surface, view)
        if view.variant == "duel":
            self._draw_duel_pile(surface, view)
        self._draw_bottom(surface, view, acting)
        table_parts.draw_score_panel(surface, self.score_rect, view, names, [s.colour for s in self.match.seats],
                                     points_per_opponent(view.scoring, view.round))
        self.anim.draw_overlays(surface)
        if self.summary:
            box = pygame.Rect(0, 0, 520, 120 + 36 * view.players + 110)
            box.center = (CENTRE[0], CENTRE[1] + 10)
            self.continue_btn.rect.midbottom = (box.centerx, box.bottom - 16)
            table_parts.draw_round_summary(surface, box, self.summary["round"], self.summary["points"],
                                           self.summary["totals"], names, [s.colour for s in self.match.seats],
                                           self.summary["jersey"], self.summary["last"], view.jersey_bonus)

    def _draw_felt(self, surface) -> None:
        theme.backdrop(surface, (30, 52, 48), (18, 32, 30))
        felt = pygame.Rect(20, TOP_H + 160, TABLE.w - 40, 300)
        pygame.draw.ellipse(surface, (36, 64, 58), felt)
        pygame.draw.ellipse(surface, (52, 86, 76), felt, 3)

    def _draw_centre(self, surface, view: VelonimoView) -> None:
        for _card, img, pos in table_parts.older_cards([c for c in view.pile if c not in view.centre
                                                        and c not in self.hidden]):
            surface.blit(img, pos)
        shown = [c for c in view.centre if c not in self.hidden]
        slots = self.centre_slots(len(view.centre))
        for card, pos in zip(view.centre, slots, strict=False):
            if card in shown:
                surface.blit(card_art.face(card, CARD), pos)
        if view.centre and len(shown) == len(view.centre):
            if view.centre_jersey:
                surface.blit(card_art.jersey_card(SMALL), (slots[-1][0] + CARD[0] - 20, slots[-1][1] + 10))
            label = _("{player}: {play}").format(player=self.seat_name(view.centre_seat),
                                                  play=tr(describe_play(view.centre)))
            table_parts.draw_value_badge(surface, (int(slots[-1][0] + CARD[0] + 70), CENTRE[1] - 20),
                                         view.centre_value, self.seat_colour(view.centre_seat),
                                         _("to beat") if not self.match.is_over() else "")
            theme.blit_text(surface, label, (CENTRE[0], CENTRE[1] + CARD[1] / 2 + 14), 15, theme.INK,
                            anchor="midtop")
        elif not view.centre and not self.busy() and view.phase == "play" and view.turn >= 0:
            # (not while a Duel's winner keeps or gives the revealed card, the next attacker is named, cards fly)
            who = self.seat_name(view.turn)
            theme.blit_text(surface, _("{player} launches a new attack").format(player=who), CENTRE, 20, theme.MUTED,
                            "italic", anchor="center")

    def _draw_duel_pile(self, surface, view: VelonimoView) -> None:
        if view.draw_count:
            for i in range(min(5, view.draw_count)):
                surface.blit(card_art.back(SMALL), (PILE_POS[0] - i * 2, PILE_POS[1] - i * 2))
            theme.blit_text(surface, _("{n} in pile").format(n=view.draw_count),
                            (PILE_POS[0] + SMALL[0] / 2, PILE_POS[1] + SMALL[1] + 6), 14, theme.MUTED,
                            anchor="midtop")
        if view.revealed >= 0 and view.revealed not in self.hidden:
            surface.blit(card_art.face(view.revealed, SMALL), self.revealed_pos())
            theme.blit_text(surface, _("to the winner"), (self.revealed_pos()[0] + SMALL[0] / 2,
                                                       PILE_POS[1] + SMALL[1] + 6), 14, theme.MUTED,
                            anchor="midtop")

    def _draw_bottom(self, surface, view: VelonimoView, acting: set[int]) -> None:
        self.hint_rect = None
        seat = self.bottom
        colour = self.seat_colour(seat)
        box = pygame.Rect(14, 552, 160, 112)
        theme.panel(surface, box, theme.PANEL, border=theme.ACCENT if seat in acting else theme.LINE)
        pygame.draw.circle(surface, colour, (box.x + 22, box.y + 22), 12)
        theme.blit_text(surface, theme.fit(self.seat_name(seat), box.right - 10 - (box.x + 40), 18, "bold"),
                        (box.x + 40, box.y + 11), 18, theme.INK, "bold")
        theme.blit_text(surface, _points(view.totals[seat]), (box.x + 14, box.y + 44), 17, theme.ACCENT, "bold")
        count = view.hand_counts[seat]
        if not view.active[seat] and view.round_points:  # out: where the card count was (the Jersey is right)
            theme.blit_text(surface, _("Out +{points}").format(points=view.round_points[seat]), (box.x + 14, box.y + 70),
                            15, theme.GREEN, "bold")
        else:
            theme.blit_text(surface, cards_word(count), (box.x + 14, box.y + 70), 15, theme.MUTED)
        if view.jersey == seat:
            surface.blit(card_art.jersey_card((34, 50), used=view.jersey_used, bonus=view.jersey_bonus),
                         (box.right - 44, box.y + 48))
        if self.showing_hand() and not self.hide_hand and privacy.check(self, seat):
            received = set(view.steal_received) if view.phase == "give" and view.steal_thief == seat else set()
            for card, frame in self.hand.items():
                if card not in self.hidden:
                    frame.draw(surface)
            for card in received:  # after the whole hand, so a raised neighbour cannot hide the word
                frame = self.hand.get(card)
                if frame is not None and card not in self.hidden:
                    _draw_taken_tag(surface, frame.rect)
            self._draw_selection_info(surface, view)
        elif not self.showing_hand() and count:
            back = card_art.back(SMALL)
            step = min(40, 600 / max(1, count))
            x0 = TABLE.centerx - (SMALL[0] + step * (count - 1)) / 2
            for i in range(count):
                surface.blit(back, (x0 + i * step, HAND_Y + 10))
            theme.blit_text(surface, _("hand hidden"), (TABLE.centerx, HAND_Y - 16), 15, theme.FAINT, "italic",
                            anchor="center")

    def _draw_selection_info(self, surface, view: VelonimoView) -> None:
        """The line left of the action bar: what the selection is worth, how many cards are chosen to
        give back, or what a Tortoise does. Its rect is kept visible (tooltips and toasts avoid it)."""
        self.hint_rect = None
        me = self._me()
        if me is None:
            return
        # left of the action bar, above the top a selected card rises to (HAND_Y - 28)
        x, y = HINT_X, ACTION_Y - 3
        rects: list[pygame.Rect] = []
        if view.phase in ("steal", "give"):
            for line, dy, size, colour, style in self.tortoise_lines(view):
                rects.append(theme.blit_text(surface, line, (x, y + dy), size, colour, style))
        elif view.phase == "play":
            rects.extend(self._draw_play_info(surface, view, me, x, y))
        if rects:
            self.hint_rect = rects[0].unionall(rects[1:])

    def _draw_play_info(self, surface, view: VelonimoView, me: int, x: int, y: int) -> list[pygame.Rect]:
        if not self.selected:
            hint = _("Click cards to select them") if view.centre_value == 0 else \
                _("Select cards worth more than {value}").format(value=view.centre_value)
            return [theme.blit_text(surface, hint, (x, y + 27), 17, theme.MUTED, "italic", anchor="midleft")]
        cards_ = tuple(sorted(self.selected))
        plain = combination_value(cards_, False)
        if plain is None:
            return [theme.blit_text(surface, _("Not a combination"), (x, y + 27), 18, theme.RED, "bold",
                                    anchor="midleft")]
        text = _("{play} = {value}").format(play=tr(describe_play(cards_)), value=plain)
        rects = [theme.blit_text(surface, text, (x, y), 18, theme.INK, "bold")]
        if view.jersey == me and view.jersey_bonus and not view.jersey_used:
            with_j = combination_value(cards_, True)
            extra = _("{value} with the Jersey").format(value=with_j) if with_j is not None else \
                _("no Jersey with a Hare")
            rects.append(theme.blit_text(surface, extra, (x, y + 23), 14, theme.MUTED))
        return rects

    def keep_visible(self) -> list[pygame.Rect]:
        """The controls and the prompt, and the line that says what the selection is worth."""
        keep = super().keep_visible()
        return keep + [self.hint_rect] if self.hint_rect is not None else keep


def _draw_taken_tag(surface, card: pygame.Rect) -> None:
    """A "taken" tag astride the top edge of a card just taken with a Tortoise (below the action bar)."""
    img = theme.text(_("taken"), 13, theme.BG_DEEP, "bold")
    pill = img.get_rect().inflate(12, 4)
    pill.center = (card.centerx + 12, card.y)
    pygame.draw.rect(surface, theme.ACCENT, pill, border_radius=8)
    surface.blit(img, img.get_rect(center=pill.center))


def card_tip(card: int, duel: bool) -> str:
    """A card's tooltip in the hand, in the language in use: its name, and what it does when it does something."""
    from .cards import card_number, is_hare

    name = tr(card_name(card))
    name = name[0].upper() + name[1:]
    if is_hare(card):
        return _("{card}: always played alone").format(card=name)
    if card_number(card) == 1:
        return _("{card}: play it to take a random card from an opponent, then give one back").format(card=name)
    if card_number(card) == 2 and duel:
        return _("{card}: in the Duel, playing it makes you draw a card").format(card=name)
    return name


def _points(n: int) -> str:
    return ngettext("{n} pt", "{n} pts", n).format(n=n)


def tile_art(size: tuple[int, int]) -> pygame.Surface:
    """Menu tile: a fan of animal cards."""
    w, h = size
    img = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(img, (36, 64, 58), img.get_rect(), border_radius=10)
    from .cards import card_id, hare_id

    picks = [card_id(0, 1), card_id(4, 3), card_id(3, 5), card_id(1, 7), hare_id(40)]
    for i, card in enumerate(picks):
        face = card_art.face(card, (74, 108), named=False)  # a picture for every language
        rot = pygame.transform.rotate(face, 24 - i * 12)
        img.blit(rot, rot.get_rect(center=(w / 2 - 64 + i * 32, h / 2 + 6 + abs(i - 2) * 6)))
    return img
