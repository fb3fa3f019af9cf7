"""The Tour of Alameda table (pygame): a road with each rider's distance this stage, a plaque per
seat with this leg's card, and your hand at the bottom.

The engine decides everything (which cards may be played, the reveal order, Monkey Wrenches,
scores); this scene animates its events (the handlers are in event_animations.py) — face-down cards
arriving, cards flipping one by one from the jersey holder, a taken card sliding to the Monkey, the blind
draw — and turns clicks into the three decisions a player makes: a card to play face down, whom to
wrench, rest or keep. While events animate, the table shows a lagging copy of what is on it (``shown``) so nothing is
revealed before its flip.

Words never sit on a name: a rider's "+6" lies in its own lane just behind the bike, a seat's words ("takes
the 6", "Mountaineer +1") in the first free row under its plaque, and the news (banners) on one line between
the plaques and the hand.
"""

from __future__ import annotations

import pygame

from ..i18n import N_, _, ngettext, tr
from ..ui import layout, privacy, theme
from ..ui.hand_choice import chosen_slot
from ..ui.match_scene import MatchScene
from ..ui.table_animation import BannerStack, EventAnimator, Pop
from ..ui.widgets import Button
from ..ui.widgets.base import play_sound
from . import card_art
from . import table_parts as parts
from .event_animations import POP_STYLE, WRENCH, AlamedaEventAnimations, RidersSlide, SeatPop
from .rules.actions import PICKS, REST_CHOICES, Wrench
from .rules.events import (
    Picked,
    StageScored,
)
from .rules.setup import ADVANCED
from .rules.view import AlamedaView

HAND_AREA = pygame.Rect(16, parts.HAND_Y - 30, layout.TABLE_W - 230, 720 - parts.HAND_Y + 20)


class Shown:
    """What the table shows while events animate: it catches up with the state event by event."""

    def __init__(self, view: AlamedaView):
        self.table = list(view.table)
        self.down = list(view.face_down)
        self.distances = [float(d) for d in view.distances]
        self.jersey = view.jersey
        self.stage = view.stage
        self.leg = view.leg


class AlamedaScene(AlamedaEventAnimations, MatchScene):
    bot_beat = 0.5
    human_beat = 0.2

    def __init__(self, app, match, entry):
        super().__init__(app, match, entry)
        self.anim = EventAnimator(self, banner_size=19, banner_stack=BannerStack(parts.NEWS, keep=1),
                                  pop_style=POP_STYLE)
        self.seat_pops: list[SeatPop] = []
        self.road_pops: list[Pop] = []
        self.shown: Shown | None = None
        self.prev: AlamedaView = self.state.view(None)
        self.bottom: int | None = self.humans[0] if self.humans else None
        self.selected: int | None = None  # a card value in the viewer's hand (0 = the Wrench)
        self.selected_slot: int | None = None  # which card of that value was clicked (drawn lifted)
        self.hand_tips = parts.HandTips()
        self.summary: dict | None = None
        self.flips: dict[int, float] = {}  # seat -> clock when its card started flipping
        self.arriving: set[int] = set()  # seats whose face-down card is still flying to its slot
        self.stage_ends = False  # the step being animated ends the stage
        self.log.rect = pygame.Rect(layout.SIDE_X, layout.SIDE_TOP, layout.SIDE_W, 330)
        self.standings_rect = layout.side_panel_to_bottom(self.log.rect.bottom + layout.GAP)
        bx = HAND_AREA.right + 16
        self.play_btn = self.add(Button((bx, parts.HAND_Y + 4, 190, 50), N_("Play face down"), self._play,
                                        "primary", size=19, hotkey=pygame.K_RETURN))
        self.rest_btn = self.add(Button((bx, parts.HAND_Y + 4, 190, 48), N_("Rest: new hand"), self._rest, size=17,
                                        tooltip=N_("Put your speed cards under your deck and draw a new hand")))
        self.keep_btn = self.add(Button((bx, parts.HAND_Y + 62, 190, 48), N_("Keep my hand"), self._keep, "primary",
                                        size=17))
        self.continue_btn = self.add(Button((0, 0, 200, 48), N_("Continue"), self._close_summary, "primary",
                                            size=19))
        self.continue_btn.visible = False

    # ------------------------------------------------------------------ views
    @property
    def v(self) -> AlamedaView:
        return self.view()

    def sync(self) -> None:
        if self.viewer is not None:
            self.bottom = self.viewer
        self.anim.clear()
        self.shown = None
        self.summary = None
        self.continue_btn.visible = False
        self.flips.clear()
        self.arriving.clear()
        self.selected = None
        self.prev = self.view_of(None)

    def busy(self) -> bool:
        return self.anim.busy or self.summary is not None

    def _shown(self) -> Shown:
        if self.shown is None:
            self.shown = Shown(self.prev)
        return self.shown

    def on_step(self, seat, action, events) -> None:
        self.stage_ends = any(isinstance(e, StageScored) for e in events)
        if not any(type(e) is not Picked for e in events) and self.shown is None:
            # a face-down pick: only its card arrives
            self.anim.play(events)
            self.prev = self.view_of(None)
            return
        self._shown()
        self.anim.play(events, then=self._settle)
        self.prev = self.view_of(None)

    def _settle(self) -> None:
        self.shown = None
        self.flips.clear()

    # ------------------------------------------------------------------ geometry
    def plaques(self) -> list[pygame.Rect]:
        return parts.plaque_rects(self.match.config.players)

    def slot_pos(self, seat: int) -> tuple[float, float]:
        return parts.slot_rect(self.plaques()[seat]).topleft

    def _hand_origin(self, seat: int) -> tuple[float, float]:
        if seat == self.bottom and self.may_show_private(seat):
            return (HAND_AREA.centerx - parts.SLOT[0] / 2, parts.HAND_Y)
        r = self.plaques()[seat]
        return (r.centerx - parts.SLOT[0] / 2, r.y + 20)

    # ------------------------------------------------------------------ stage summary
    def _open_summary(self, data: dict) -> None:
        data["auto"] = None if self.humans else 3.0
        self.summary = data
        self.continue_btn.visible = bool(self.humans)
        play_sound("win")

    def _close_summary(self) -> None:
        self.summary = None
        self.continue_btn.visible = False
        self.summary_closed()

    def reopen_summary(self, step) -> None:
        scored = next((e for e in step.events if isinstance(e, StageScored)), None)
        if scored is not None:
            self._open_summary(self.stage_summary(scored))

    # ------------------------------------------------------------------ controls
    def _me(self) -> int | None:
        seat = self.acting_human()
        if seat is None or (self.busy() and not self._may_pick_meanwhile(seat)):
            return None
        if self.bottom is not None and seat != self.bottom:
            return None
        return seat

    def _may_pick_meanwhile(self, seat: int) -> bool:
        """While other players' cards go face down, the pick already asked of ``seat`` may be made (not during a
        reveal, the Monkey's move or a summary)."""
        return (self.summary is None and self.shown is None and self.v.phase == "pick"
                and self.question_stands(seat))

    def _hand(self) -> list[int]:
        """The viewer's hand as card values (the Wrench first), if it may be shown."""
        view = self.v
        if self.bottom is None or view.hand is None or not privacy.check(self, self.bottom):
            return []
        return ([WRENCH] if view.wrench_in_hand else []) + list(view.hand)

    def _play(self) -> None:
        if self.selected is not None:
            if self.submit(PICKS[self.selected]):
                self.selected = None

    def _rest(self) -> None:
        self.submit(REST_CHOICES[1])

    def _keep(self) -> None:
        self.submit(REST_CHOICES[0])

    def _hand_rects(self) -> list[tuple[int, pygame.Rect]]:
        cards = self._hand() if self.showing_hand() else []
        return [(card, pygame.Rect(pos, parts.HAND_CARD)) for card, pos in
                zip(cards, parts.hand_positions(len(cards), HAND_AREA), strict=True)]

    def showing_hand(self) -> bool:
        return self.bottom is not None and self.may_show_private(self.bottom) and self.v.hand is not None

    def _selected_index(self, rects: list[tuple[int, pygame.Rect]]) -> int | None:
        """Where in the hand drawn the chosen card is (lifted and outlined): the card clicked, not every card of
        its value."""
        return chosen_slot([card for card, _rect in rects], self.selected, self.selected_slot)

    def handle_table_event(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            me = self._me()
            if me is None:
                return False
            view = self.v
            if view.phase == "pick":
                rects = self._hand_rects()
                for slot, (card, rect) in reversed(list(enumerate(rects))):
                    if rect.collidepoint(event.pos):
                        if PICKS[card] not in self.legal(me):
                            reason = self.state.why_illegal(me, PICKS[card])
                            self.app.toasts.show(tr(reason) if reason else _("Not now."), "warn", 2)
                            return True
                        if slot == self._selected_index(rects):
                            self._play()  # a second click on the chosen card plays it
                        else:  # (another card of the same value is chosen instead: drawn where clicked)
                            self.selected, self.selected_slot = card, slot
                            play_sound("click")
                        return True
            if view.phase == "wrench":
                for seat, rect in enumerate(self.plaques()):
                    if rect.collidepoint(event.pos):  # a player who cannot be wrenched: the engine's reason
                        self.submit(Wrench(seat))
                        return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and self.selected is not None:
            self.selected = None
            return True
        return False

    def update(self, dt: float) -> None:
        self.anim.update(dt)
        if self.viewer is not None and self.viewer != self.bottom:
            self.bottom = self.viewer
            self.selected = None
        if self.summary and self.summary.get("auto") is not None:
            self.summary["auto"] -= dt / max(self.pace, 0.05) if self.pace else 10
            if self.summary["auto"] <= 0:
                self._close_summary()
        me = self._me()
        phase = self.v.phase
        hand = self._hand() if me is not None else []
        if self.selected is not None and self.selected not in hand:
            self.selected = None
        self.play_btn.visible = me is not None and phase == "pick"
        self.play_btn.set_enabled(self.selected is not None, N_("Click a card of your hand first."))
        self.rest_btn.visible = self.keep_btn.visible = me is not None and phase == "rest"
        super().update(dt)
        rects = self._hand_rects()
        self.hand_tips.request(rects, self._selected_index(rects), self.app.mouse, dt)
        parts.request_standings_tip(self.standings_rect, self.v, self.match.names, self.app.mouse, dt)

    # ------------------------------------------------------------------ prompts
    def status(self) -> str:
        if self.match.is_over():
            return _("The tour is over.")
        if self.summary:
            return _("Stage {stage} is over.").format(stage=self.summary["stage"])
        me = self._me()
        view = self.v
        if me is not None:
            if view.phase == "pick":
                return _("Pick a card to play face down (click it, then Play — or click it twice).")
            if view.phase == "wrench":
                return _("Your Monkey Wrench: click the player whose card you take.")
            if view.phase == "rest":
                return _("Rest (a new hand) or keep your hand? Nobody sees your choice until all have chosen.")
        if view.phase == "wrench" and view.monkey >= 0:
            if view.monkey == self.viewer:
                return _("Your Monkey Wrench is revealed!")
            return _("{player} chooses whom to wrench…").format(player=self.seat_name(view.monkey))
        return super().status()

    def intro_line(self) -> str:
        """The move log's first line, with the advanced rules in play: nothing else on the table says them."""
        line = super().intro_line()
        rules = [tr(label) for key, label, _help in ADVANCED if self.match.config.get(key, False)]
        if not rules:
            return line
        return line + " " + ngettext("Advanced rule: {rules}.", "Advanced rules: {rules}.", len(rules)).format(
            rules=" · ".join(rules))

    def subtitle(self) -> str:
        view = self.v
        variant = tr(self.match.game.variant(self.match.config.variant).label)
        return _("{variant} · stage {stage}, leg {leg}").format(variant=variant, stage=view.stage, leg=view.leg)

    def keep_visible(self) -> list[pygame.Rect]:
        return super().keep_visible() + [r for _card, r in self._hand_rects()]

    # ------------------------------------------------------------------ drawing
    def draw_table(self, surface) -> None:
        theme.backdrop(surface, (36, 50, 44), (20, 30, 28))
        view = self.v
        shown = self.shown
        names = self.match.names
        colours = [s.colour for s in self.match.seats]
        distances = shown.distances if shown else list(view.distances)
        slide = self.anim.motions.get("riders")
        if isinstance(slide, RidersSlide):
            distances = slide.distances()
        jersey = shown.jersey if shown else view.jersey
        stage, leg = (shown.stage, shown.leg) if shown else (view.stage, view.leg)
        parts.draw_road(surface, names, colours, distances, jersey, stage, leg, self.anim.clock)
        self._draw_plaques(surface, view, jersey)
        self._draw_hand(surface, view)
        self._draw_standings(surface, view)
        self._draw_overlays(surface)
        if self.summary:
            self._draw_summary(surface, view)

    def _draw_overlays(self, surface) -> None:
        """Pops and the news line, then the cards in flight: a card played from the hand crosses the row of
        words under the plaques and passes over them, as a card held above the table would."""
        flights, self.anim.flights = self.anim.flights, []
        try:
            self.anim.draw_overlays(surface)
        finally:
            self.anim.flights = flights
        for flight in flights:
            flight.draw(surface)

    def _draw_plaques(self, surface, view: AlamedaView, jersey: int) -> None:
        shown = self.shown
        me = self._me()
        targets = {a.target for a in self.legal(me) if isinstance(a, Wrench)} if me is not None else set()
        awaited = set(self.match.to_act()) if not self.busy() else set()
        for seat, rect in enumerate(self.plaques()):
            card = shown.table[seat] if shown else view.table[seat]
            down = (shown.down[seat] if shown else view.face_down[seat]) and seat not in self.arriving
            peek = None
            if down and seat == self.bottom and view.my_card >= 0 and privacy.check(self, seat, "face-down card"):
                peek = view.my_card
            thinking = self.thinking.progress if self.thinking_seat == seat and self.thinking else None
            look = parts.SeatLook(self.seat_name(seat), self.seat_colour(seat), view.points[seat],
                                  view.held[seat], view.deck_counts[seat], view.wrench_unseen[seat], card, down,
                                  seat == jersey, highlight=seat in targets, acting=seat in awaited,
                                  thinking=thinking, peek=peek)
            flip_started = self.flips.get(seat)
            if flip_started is not None and card >= 0:
                self._draw_flipping(surface, rect, look, flip_started)
            else:
                parts.draw_plaque(surface, rect, look, self.anim.clock, rect.collidepoint(self.app.mouse))

    def _draw_flipping(self, surface, rect, look: parts.SeatLook, started: float) -> None:
        k = (self.anim.clock - started) / max(0.05, 0.3 * max(self.pace, 0.2))
        card = look.card
        if k >= 1:
            self.flips.pop(next(s for s, v in self.flips.items() if v == started), None)
            parts.draw_plaque(surface, rect, look, self.anim.clock, False)
            return
        look.card, look.face_down = -1, False
        parts.draw_plaque(surface, rect, look, self.anim.clock, False)
        slot = parts.slot_rect(rect)
        image = card_art.back(parts.SLOT) if k < 0.5 else card_art.face(card, parts.SLOT)
        width = max(2, int(parts.SLOT[0] * abs(1 - 2 * k)))
        squeezed = pygame.transform.smoothscale(image, (width, parts.SLOT[1]))
        surface.blit(squeezed, squeezed.get_rect(center=slot.center))

    def _draw_hand(self, surface, view: AlamedaView) -> None:
        rects = self._hand_rects()
        me = self._me()
        legal = set(self.legal(me)) if me is not None and view.phase == "pick" else set()
        if not rects:
            if self.bottom is None or not self.humans:
                theme.blit_text(surface, _("Computer players are racing: watch the road."), (HAND_AREA.centerx,
                                parts.HAND_Y + 50), 18, theme.MUTED, "italic", anchor="center")
            elif self.viewer is None:
                theme.blit_text(surface, _("Hands are hidden until the next player takes the screen."),
                                (HAND_AREA.centerx, parts.HAND_Y + 50), 18, theme.MUTED, "italic", anchor="center")
            elif view.hand is not None and not view.hand and not view.wrench_in_hand:
                theme.blit_text(surface, _("Your hand is empty: you sit this leg out."), (HAND_AREA.centerx,
                                parts.HAND_Y + 50), 18, theme.MUTED, "italic", anchor="center")
            return
        theme.blit_text(surface, privacy.hand_title(self), (HAND_AREA.x + 4, parts.HAND_Y - 26), 13, theme.MUTED, "bold")
        chosen = self._selected_index(rects)
        for slot, (card, rect) in enumerate(rects):
            lifted = rect.move(0, -18) if slot == chosen else rect
            if legal and PICKS[card] in legal and rect.collidepoint(self.app.mouse) and slot != chosen:
                lifted = rect.move(0, -6)
            surface.blit(card_art.face(card, parts.HAND_CARD), lifted)
            if slot == chosen:
                pygame.draw.rect(surface, theme.ACCENT, lifted.inflate(6, 6), 3, border_radius=12)

    def _draw_standings(self, surface, view: AlamedaView) -> None:
        rect = self.standings_rect
        theme.panel(surface, rect, theme.PANEL_LO)
        theme.blit_text(surface, _("THE TOUR"), (rect.x + 14, rect.y + 10), 12, theme.MUTED, "bold")
        stages = len(view.history)
        theme.blit_text(surface, ngettext("{n} stage run", "{n} stages run", stages).format(n=stages),
                        (rect.right - 14, rect.y + 10), 12, theme.MUTED, anchor="topright")
        for seat, row in parts.standings_rows(rect, view.points, view.players):
            y = row.y
            pygame.draw.circle(surface, self.seat_colour(seat), (rect.x + 20, y + 10), 7)
            theme.blit_text(surface, theme.fit(self.seat_name(seat), 120, 15, "bold"), (rect.x + 34, y + 10), 15,
                            theme.INK, "bold", anchor="midleft")
            if seat == view.jersey:
                surface.blit(card_art.jersey(16), (rect.x + 158, y + 2))
            marks = [h[seat] for h in view.history][-8:]
            for k, pts in enumerate(marks):
                colour = theme.ACCENT if pts >= 2 else theme.GREEN if pts == 1 else theme.LINE
                pygame.draw.circle(surface, colour, (rect.x + 186 + 8 * k, y + 10), 3)
            theme.blit_text(surface, str(view.points[seat]), (rect.right - 14, y + 10), 17, theme.ACCENT, "black",
                            anchor="midright", tag=("points", seat))

    def _draw_summary(self, surface, view: AlamedaView) -> None:
        data = self.summary
        names, config = self.match.names, self.match.config
        n = len(names)
        box = pygame.Rect(0, 0, parts.SUMMARY_W, parts.summary_height(n))
        box.center = (layout.TABLE.centerx, layout.TABLE.centery + 10)
        self.continue_btn.rect.midbottom = (box.centerx, box.bottom - 14)
        parts.draw_stage_summary(surface, box, data["stage"], names, [s.colour for s in self.match.seats],
                                 data["distances"], data["award"], data["extras"], view.points, view.jersey,
                                 self.match.is_over(), data.get("why", ""),
                                 (bool(config.get("mountaineer", False)), bool(config.get("endurance", False))))


def tile_art(size: tuple[int, int]) -> pygame.Surface:
    """Menu tile: a fan of speed cards and the Monkey Wrench on a road."""
    w, h = size
    img = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(img, (46, 70, 52), img.get_rect(), border_radius=10)
    pygame.draw.rect(img, (70, 74, 82), (0, h * 0.68, w, h * 0.22))
    for x in range(6, w, 26):
        pygame.draw.line(img, theme.PAPER, (x, h * 0.79), (x + 12, h * 0.79), 2)
    for i, card in enumerate((3, 7, WRENCH, 10)):
        face = card_art.face(card, (62, 86))
        rot = pygame.transform.rotate(face, 18 - i * 12)
        img.blit(rot, rot.get_rect(center=(w / 2 - 60 + i * 40, h * 0.4 + abs(i - 1.5) * 5)))
    return img

