"""The VeloMaster race table (pygame): the course map with its camera and profile, the riders,
the dice, and every decision of Niveau Débutant as clicks.

The engine decides every rule (legal steps, rolls, entraide, descents, summits, times); the scene
shows where a rider can go with the odds of its rolls (:func:`rules.reachable`), submits the chosen
path one :class:`Step` at a time (rolls happen on the way) and animates the events.
"""

from __future__ import annotations

import pygame

from ..i18n import N_, _, fill, language, tr
from ..ui import layout, theme
from ..ui.layout import SIDE_X, TOP_H
from ..ui.match_scene import MatchScene
from ..ui.table_animation import BannerStack, PopStyle
from ..ui.top_bar import SUBTITLE_ROOM
from ..ui.widgets import Button, Die
from ..ui.widgets.base import play_sound
from ..ui.widgets.tooltip import tooltips
from . import expert_table, points_sheet, prompts, race_panel, table_help
from .course_style import FEED_MISS_COLOUR
from .course_view import BIB_LEADER, CourseView, RiderMark, clear_map_art
from .dice_tray import DiceTray
from .expert_controls import ExpertControls
from .expert_events import ExpertAnimations
from .map_callouts import MapCallouts
from .pro_animations import ProAnimations
from .pro_controls import ProControls
from .profile_strip import ProfileStrip
from .race_drawing import KEY_BAR, MAP_RECT, RaceDrawing
from .race_events import RaceAnimations
from .rules import choice_reach, entraide_options, lines, reachable
from .rules.actions import (
    Assign,
    Descend,
    Entraide,
    Launch,
    NoDescend,
    Refuse,
    Roll,
    Step,
    Stop,
    TakeNeutral,
)
from .rules.levels import LEVELS
from .rules.variants import level_name, race_title
from .rules.view import RiderView, VelomasterView
from .table_words import bib_name, bib_rider, neutral_bike, role_name, whose

CHOICE_ROW_H = 46  # one row of die choices per rider, under the dice
STRIP_RECT = pygame.Rect(0, TOP_H + 570, layout.TABLE_W, theme.H - TOP_H - 572)
# Roll results float over the riders on the map; banners stack at the top of the map.
POP_STYLE = PopStyle(size=16, backing=theme.BG_DEEP, backing_alpha=200, pad=(14, 8), border=2, rise=16,
                     rise_from=1.3, above=18, fade_per_s=0.7)
BANNERS = BannerStack((MAP_RECT.centerx, MAP_RECT.y + 40), step=46, keep=2)
# Expert: the phase banner holds the map's top-left corner, the event banners are centred right of it
EXPERT_BANNERS = BannerStack((MAP_RECT.centerx + 130, MAP_RECT.y + 40), step=46, keep=2)
ROLE = race_panel.ROLE_NAMES
LEGEND_TIP = N_("Every rider's condition gauge shows on the map while the pointer rests here; otherwise the gauges "
                "of the riders in play and of the rider or cell you point at.")


class VelomasterScene(RaceDrawing, ProControls, ProAnimations, ExpertControls, ExpertAnimations, RaceAnimations, MatchScene):
    bot_beat = 0.8
    human_beat = 0.15

    def __init__(self, app, match, entry):
        super().__init__(app, match, entry)
        from .tiled import maps_dir

        view = self.v
        self.course = match.game.course(view.course)
        self.cv = CourseView(MAP_RECT, self.course, maps_dir() / f"{view.course}.tmx",
                             on_cell_click=self._cell_clicked, zoom=1.0)
        self.cv.pace = self.pace
        self.strip = ProfileStrip(STRIP_RECT, self.course, self.cv, finish_row=view.finish_row)
        self.cv.finish_row = view.finish_row  # the cell card names the race's finish (a shortened race's too)
        level = LEVELS.get(view.level)
        self.cv.feeds_rule = level is None or level.feeds  # Débutant: a feed cell has no rule (its card says so)
        self.widgets.insert(0, self.strip)
        self.widgets.insert(0, self.cv)
        # pops are placed on the map (map points); motions are riders' Tweens between map points
        self.banners = EXPERT_BANNERS if expert_table.several_phases(view) else BANNERS
        self.anim = MapCallouts(self, MAP_RECT, self._callout_boxes, banner_size=19, banner_stack=self.banners,
                                pop_style=POP_STYLE)
        self.overlay_boxes: list[pygame.Rect] = []  # what the table drew over the map this frame (badge, jerseys…)
        self.panel_boxes: list[pygame.Rect] = []  # of those, the panels (the phase badge, the vote question)
        self.key_rect = pygame.Rect(KEY_BAR.x, KEY_BAR.y, 0, 0)
        self.key_hint = ""
        self.display: dict[int, object] | None = None  # rider -> where, while animating
        self.plan: list[int] = []
        self.plan_rider = -1
        self._called: tuple | None = None  # the out-of-turn decision last called out
        y = layout.SIDE_TOP
        # Expert: a leaders' turn and a team-mates' turn, 1 to 5 dice, accélérations and their votes
        self.expert = expert_table.several_phases(view)
        self.colours = expert_table.team_colours(view, [s.colour for s in match.seats])
        self.tray = DiceTray(self, y, None if self.expert else 2)
        self.drag_from: tuple[int, int] | None = None  # where a die drag started (the picked die is dragged)
        self.picked_rider = -1  # the rider picked first, to take the die clicked next
        d20 = (SIDE_X + 228, y + 20, 52, 52) if self.expert else (SIDE_X + 140, y + 22, 56, 56)
        self.d20 = self.add(Die(d20, sides=20, colour=(236, 90, 70), pip=(255, 255, 255)))
        roll = (SIDE_X + 140, y + 26, 80, 40) if self.expert else (SIDE_X + 206, y + 30, 76, 40)
        self.roll_btn = self.add(Button(roll, N_("Roll"), self._roll, "primary", size=18, hotkey=pygame.K_SPACE))
        self.stop_btn = self.add(Button((SIDE_X + 10, y + 88, 130, 38), N_("Stop here"), self._stop, size=16,
                                        hotkey=pygame.K_s, tooltip=N_("End the move: a die may be used in part")))
        self.no_btn = self.add(Button((SIDE_X + 150, y + 88, 130, 38), N_("Stay"), self._decline, size=16))
        self.accel_btn = self.add(Button((SIDE_X + 10, y + 88, 130, 38), N_("Accélérer"), self._accelerate, "primary",
                                         size=16, tooltip=N_("Propose the accélération of the highlighted line")))
        self.letgo_btn = self.add(Button((SIDE_X + 150, y + 88, 130, 38), N_("Let it go"), self._let_go, size=16,
                                         tooltip=N_("No accélération of this line")))
        box = expert_table.vote_box(MAP_RECT)
        self.agree_btn = self.add(Button((box.right - 160, box.y + 24, 144, 40), N_("Agree"), lambda: self._vote(True),
                                         "primary", size=17, tooltip=N_("Your bikes in the line ride up with it")))
        self.refuse_btn = self.add(Button((box.right - 160, box.y + 74, 144, 40), N_("Refuse"),
                                          lambda: self._vote(False), size=17))
        for b in (self.accel_btn, self.letgo_btn, self.agree_btn, self.refuse_btn):
            b.visible = False
        self._vote_handoff: tuple | None = None  # the vote a human was handed the screen for
        self.last_hand: int | None = None  # the human who acted last (has the screen)
        self.sheet_btn = self.add(Button((SIDE_X + 150, 720 - 44, 120, 36), N_("Points sheet"), self._sheet, "ghost",
                                         size=15))
        self.choice_btns: list[table_help.DieChoiceButton] = []
        self.choice_rows: list[tuple[table_help.ChoiceRow, pygame.Rect]] = []
        self._choices_key: tuple = ()
        self.hover_choice: Launch | Assign | None = None  # the die choice under the pointer (previewed)
        self._hover_key: tuple | None = None
        self._hover_die = False  # the pointer is on a die (cells shown), not only on the rider's row
        self.shown_targets: dict = {}  # cell -> ReachInfo highlighted on the map now
        self.cv.card_sections = self._card_sections
        self.cv.on_rider_click = self._bike_clicked
        self.cv.decorate = self._draw_over_map
        # the column: dice (with a row of die choices per rider), the order of play (one line a player,
        # 8 players included), climbers, then the move log in what is left
        lines = race_panel.order_lines(view, "condition" in view.pro)
        order_h = max(80, 32 + 20 * lines) if self.expert else max(142, 32 + 19 * lines)
        self.row_h = 36 if self.expert else CHOICE_ROW_H
        self.rows_top = 72 if self.expert else 84
        # rows of die choices: the most riders a seat moves at once (Expert: a team of four at the start; with
        # 2 players 3 team-mates and 2 neutral bikes; a seat sharing a team colour runs two riders)
        self.max_rows = expert_table.most_riders_a_seat_moves(view) if self.expert else 2
        self.dice_rect = layout.side_panel(y, self.rows_top + self.row_h * self.max_rows + 6 if self.expert else 178)
        self.order_rect = layout.side_panel(self.dice_rect.bottom + 10, order_h)
        self.stand_rect = layout.side_panel(self.order_rect.bottom + 8, 102)
        self.log.rect = layout.side_panel_to_bottom(self.stand_rect.bottom + 8, theme.H - 50)
        self.prev: VelomasterView = view
        self._init_pro(MAP_RECT)  # Pro: attack buttons, the stage start's secret picks, condition gauges

    # ------------------------------------------------------------------ views & positions
    @property
    def v(self) -> VelomasterView:
        return self.view_of(None)

    @property
    def race_state(self):
        """The race on the table, for the engine's helpers (reach, lines): the match's state, or in a tour the
        stage's race (tour_table.TourRaceScene)."""
        return self.state

    @property
    def dice(self) -> list[Die]:
        """The dice of the turn shown in the tray (Débutant: two; Expert: as many as rolled)."""
        return self.tray.dice

    def where_of(self, r: RiderView):
        if r.cell is not None:
            return r.cell
        slots = self.course.start_slots
        return slots[r.id % len(slots)] if slots else 0

    def release_resources(self) -> None:
        clear_map_art()  # the course's art (about 20 MB and its zoomed copies) goes with the table

    def sync(self) -> None:
        self.anim.clear()
        self.display = None
        self.plan.clear()
        self.prev = self.v
        view = self.v
        self.tray.show(view.dice)
        self.tray.picked, self.picked_rider, self.drag_from = -1, -1, None
        self._focus_action(animate=False, centre=True)

    def busy(self) -> bool:
        return self.anim.busy or any(d.is_rolling for d in (*self.dice, self.d20))

    def animating(self) -> bool:
        """The map's camera easing to a rider counts too (the app draws nothing while nothing moves)."""
        return super().animating() or self.cv.animating

    def beat_after(self, action) -> float:
        if isinstance(action, (Step, Stop, Descend, NoDescend, Entraide, Refuse)):
            return 0.2
        return self.bot_beat

    # ------------------------------------------------------------------ animation
    def on_step(self, seat, action, events) -> None:
        self.tray.picked, self.picked_rider, self.drag_from = -1, -1, None
        if self.is_human(seat):
            self.last_hand = seat
        prev = self.prev
        self.display = {r.id: self.where_of(r) for r in prev.riders}
        self.anim.play(events, then=self._settle)
        self.prev = self.v

    def _settle(self) -> None:
        self.display = None
        self._focus_action()

    def _focus_action(self, animate: bool = True, centre: bool = False) -> None:
        """Bring the rider the table waits for into view (with the cells it may reach, while a human chooses one),
        moving the map only when they near its edge or are out of sight, so the view does not jump from one rider
        to the next; ``centre``: on it (the table opens)."""
        view = self.v
        rider = -1
        if view.moving >= 0:
            rider = view.moving
        elif view.descents:
            rider = view.descents[0]
        elif view.entraide:
            rider = self._entraide_rider(view)
            rider = rider if rider >= 0 else view.entraide[0]
        elif self.expert and view.round_phase == 1 and (view.movers or expert_table.seat_mate(view) >= 0):
            rider = view.movers[0] if view.movers else expert_table.seat_mate(view)  # the team-mates' turn's first
        elif 0 <= view.turn_seat < view.players:
            leader = next((r for r in view.riders if r.seat == view.turn_seat and r.role == "leader"), None)
            if leader is not None and leader.status != "finished":
                rider = leader.id
        if rider < 0:
            return
        where = self.where_of(view.riders[rider])
        if centre:
            self.cv.focus(where, animate)
            return
        me = self.acting_human()
        cells = list(self._targets(me)) if me is not None else []
        self.cv.follow(where, *cells, animate=animate)

    # ------------------------------------------------------------------ decisions
    def _me(self) -> int | None:
        """The human whose clicks the table takes now: once the moves have played out, or meanwhile for a vote
        already asked of them that the moves animating (the others' votes) leave standing."""
        seat = self.acting_human()
        if seat is None or (self.busy() and not self._may_vote_meanwhile(seat)):
            return None
        return seat

    def _targets(self, me: int) -> dict:
        """Cells the human may click now, with their ReachInfo (move, descent or entraide)."""
        view = self.v
        try:
            if view.phase == "move" and view.moving >= 0:
                return reachable(self.race_state)
            if view.phase == "descent":
                return reachable(self.race_state)
            if view.phase == "entraide":
                return entraide_options(self.race_state)
        except (ValueError, KeyError, IndexError):
            return {}
        return {}

    def _cell_clicked(self, cell) -> None:
        me = self._me()
        if me is None:
            return
        view = self.v
        info = self._targets(me).get(cell.id)
        if info is None and self._rider_clicked(me, cell.id):
            return
        if info is None:
            play_sound("error")
            self.app.toasts.show(_("That cell is out of reach now. Highlighted cells show where you can go."),
                                 "warn", 2.5)
            return
        legal = self.legal(me)
        if view.phase == "move":
            self.plan = list(info.path)
            self.plan_rider = view.moving
            self._advance_plan()
        elif view.phase == "descent":
            self.submit(next(a for a in legal if isinstance(a, Descend) and a.cell == cell.id))
        elif view.phase == "entraide":
            action = next((a for a in legal if isinstance(a, Entraide) and a.cell == cell.id), None)
            if action is not None:
                self.submit(action)

    def _advance_plan(self) -> None:
        me = self._me()
        view = self.v
        if me is None or not self.plan:
            return
        if view.phase != "move" or view.moving != self.plan_rider:
            self.plan.clear()
            return
        step = Step(self.plan_rider, self.plan.pop(0))
        if self.state.why_illegal(me, step) is not None:
            self.plan.clear()
            return
        self.submit(step)

    def _roll(self) -> None:
        self.submit(Roll())

    def _stop(self) -> None:
        self.plan.clear()
        me = self._me()
        if me is not None and self.v.moving >= 0:
            self.submit(Stop(self.v.moving))

    def _decline(self) -> None:
        me = self._me()
        if me is None:
            return
        for action in self.legal(me):
            if isinstance(action, (NoDescend, Refuse)):
                self.submit(action)
                return

    def _sheet(self) -> None:
        self.app.push(points_sheet.PointsSheetScene(self.app, self.condition_view(), self.match.names, self.colours,
                                                    len(self.course.feed_zones), self.titles()))

    def _rebuild_choices(self, me: int | None) -> None:
        """One row per rider that may take a die ("Leader first", "Launch team-mate"), with a button per
        die it may take: the row names the rider, the button shows the die."""
        view = self.v
        legal = [a for a in self.legal(me) if isinstance(a, (Launch, Assign, TakeNeutral))] if me is not None else []
        key = (*legal, language())  # the rows' words are in the language in use: made again on a change
        if key == self._choices_key:
            return
        self._choices_key = key
        for b in self.choice_btns:
            self.widgets.remove(b)
        self.choice_btns = []
        self.choice_rows = []
        roles = [r.role for r in view.riders]
        takes = [a for a in legal if isinstance(a, TakeNeutral)]
        rows = [table_help.ChoiceRow(a.rider, _("Neutral {bib}").format(bib=bib_name(view.riders[a.rider].bib)), (a,)) for a in takes] if takes \
            else table_help.choice_rows(legal, roles)
        if self.expert and not takes:  # four riders a team: the row names the bib
            rows = [table_help.ChoiceRow(row.rider, self._row_words(view.riders[row.rider]), row.actions)
                    for row in rows]
        pitch = self._die_pitch(rows[:self.max_rows]) if self.expert else 40
        for i, row in enumerate(rows[:self.max_rows]):
            rect = pygame.Rect(SIDE_X + 4, self.dice_rect.y + self.rows_top + i * self.row_h, self.dice_rect.w - 8,
                               self.row_h - 4)
            rider = view.riders[row.rider]
            self.choice_rows.append((row, rect))
            if takes:
                btn = Button((rect.right - 86, rect.y + 2, 80, rect.h - 4), N_("Take"), (lambda a=row.actions[0]:
                             self.submit(a)), size=15, tooltip=N_("Move this neutral bike in this team-mates' turn"))
                btn.action = row.actions[0]  # type: ignore[attr-defined]
                self.choice_btns.append(self.add(btn))
                continue
            # Débutant: the other rider takes the other die; Expert: each rider its own die, nobody "then"
            mate = None if self.expert else next((r for r in view.riders if r.seat == rider.seat and r.id != rider.id),
                                                 None)
            for k, action in enumerate(row.actions):
                x = rect.right - 6 - (len(row.actions) - k) * 48
                role = role_name(rider.role)
                if self.expert and rider.role != "leader":  # which team-mate, or a neutral bike
                    role = neutral_bike(rider.bib) if expert_table.is_neutral(view, rider) else \
                        bib_rider(rider.bib, rider.role)
                tip = table_help.choice_tooltip(action, role, role_name(mate.role) if mate else None,
                                                view.dice_left)
                if self.expert:
                    x = rect.right - 4 - (len(row.actions) - k) * pitch
                btn = table_help.DieChoiceButton((x + 4, rect.y + 2, rect.h - 4, rect.h - 4), action,
                                                 (lambda a=action: self.submit(a)), tip)
                self.choice_btns.append(self.add(btn))

    def _die_pitch(self, rows) -> int:
        """How far apart the dice of the Expert rows stand (40 px, closer when a row offers many dice): the row's
        words keep room beside them, on one line or two."""
        rect = pygame.Rect(SIDE_X + 4, 0, self.dice_rect.w - 8, self.row_h - 4)
        words_x = table_help.row_words_x(rect)
        pitch = 40
        for row in rows:
            n = len(row.actions)
            if not n or theme.font(15, "bold").size(row.words)[0] <= rect.right - n * pitch - 6 - words_x:
                continue
            pitch = min(pitch, (rect.right - words_x - table_help.row_words_width(row.words) - 6) // n)
        return max(rect.h - 2, pitch)

    def choice_row_right(self, row) -> int:
        """Where a row's words must end: before its first die button."""
        xs = [b.rect.x for b in self.choice_btns if getattr(getattr(b, "action", None), "rider", None) == row.rider]
        return min(xs) - 6 if xs else self.dice_rect.right - 8

    # ------------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        self.cv.pace = self.pace
        self.anim.update(dt)
        me = self._me()
        if me is not None and self.plan:
            self._advance_plan()
            me = self._me()
        self._call_out_of_turn(me)
        if self._hand_over_vote():
            return
        self._update_controls(me)
        self._update_pro(me)
        self._update_hover_choice()
        self._update_marks(me)
        if self.condition_played() and self.legend_rect.collidepoint(self.app.mouse):
            tooltips.request(LEGEND_TIP, LEGEND_TIP, self.legend_rect, dt)
        super().update(dt)

    def _update_hover_choice(self) -> None:
        """The die choice under the pointer (its row or its die): shown on the map, the camera brought to
        its rider when the rider is out of sight."""
        mouse = self.app.mouse
        hovered = next((getattr(b, "action", None) for b in self.choice_btns if b.visible and
                        b.rect.collidepoint(mouse)), None)
        if hovered is None:
            row = next((row for row, rect in self.choice_rows if rect.collidepoint(mouse)), None)
            hovered = row.actions[0] if row is not None and self.choice_btns else None
            self._hover_die = False
        else:
            self._hover_die = isinstance(hovered, (Launch, Assign))
        if self.picked_rider >= 0 and hovered is None:  # the rider picked first, waiting for its die
            hovered = next((a for row, _ in self.choice_rows for a in row.actions if a.rider == self.picked_rider),
                           None)
        self.hover_choice = hovered
        key = (hovered.rider,) if hovered is not None else None
        if key != self._hover_key:
            self._hover_key = key
            if hovered is not None:
                spot = self.cv.map_to_screen(self._point(self._shown(hovered.rider)))
                if not MAP_RECT.inflate(-80, -80).collidepoint(spot):
                    self.cv.focus(self._shown(hovered.rider))

    def _call_out_of_turn(self, me: int | None) -> None:
        """At one screen, say loudly when a human decides on another player's turn (entraide)."""
        view = self.v
        key = (me, view.turn_seat, view.entraide[:3], view.phase) if me is not None and me != view.turn_seat \
            else None
        if key is None or key == self._called:
            return
        self._called = key
        # a vote and the stage start's picks are handed over (_hand_over_vote, …); the start order's d20s are
        # rolled in turn by each seat before anyone's turn (the turn stays on the first seat): nobody's turn
        if len(self.humans) >= 2 and view.phase not in ("vote", "prepare", "order"):
            names = [s.name for s in self.match.seats]
            self.anim.show_banner(fill(_("{player}, your turn to choose — on {other}'s turn"),
                player=names[me], other=names[view.turn_seat]),
                                  self.banners.pos, self.seat_colour(me), 1.8)

    def _update_controls(self, me: int | None) -> None:
        view = self.v
        phase = view.phase if me is not None else ""
        legal = self.legal(me) if me is not None else ()
        rolling = phase in ("order", "launch_roll", "roll") and any(isinstance(a, Roll) for a in legal)
        self.roll_btn.visible = rolling
        for d in self.dice:
            d.clickable = rolling and phase != "order"
        self.d20.clickable = rolling and phase == "order"
        self.stop_btn.visible = phase == "move" and view.moving >= 0 and not self.plan
        self.no_btn.visible = phase in ("descent", "entraide")
        self.no_btn.label = "Stay" if phase == "descent" or view.context == "acceleration" else "Refuse"
        self.accel_btn.visible = self.letgo_btn.visible = phase == "propose"
        self.agree_btn.visible = self.refuse_btn.visible = phase == "vote"  # (meanwhile too: _me)
        self._rebuild_choices(me if phase in ("launch", "assign", "neutral") else None)
        if not self.busy():
            # a roll awaited: the tray is empty (the dice of the turn before are not this player's)
            dice = () if view.phase in ("order", "launch_roll", "roll") else view.dice
            if self.expert:
                self.tray.settle(dice, view.dice_left, phase != "launch", self._shared_index(view))
                return
            for i, d in enumerate(self.dice):
                if not d.is_rolling:
                    d.value = dice[i] if i < len(dice) else None
                    d.dimmed = d.value is not None and d.value not in view.dice_left and phase != "launch"

    def _update_marks(self, me: int | None) -> None:
        view = self.v
        marks = []
        attacker = self.hovered_attack() if self.attack_btns else view.attacker  # Pro: who attacks, or would
        seat_colours = [s.colour for s in self.match.seats]
        for r in view.riders:
            if r.status == "finished" and (self.display is None or r.id not in self.display):
                continue
            motion = self.anim.motions.get(r.id)
            if motion is not None:
                where = motion.value
            else:
                where = self._shown(r.id)
            team = expert_table.rider_colour(view, r, self.colours)
            bib = race_panel.BIBS.get(r.bib, BIB_LEADER) if r.status != "abandoned" else expert_table.OUT_GREY
            aside = r.status in ("down", "roadside", "abandoned") or r.punctured  # drawn beside the road
            marks.append(RiderMark(where, team, bib, crashed=aside,
                                   selected=r.id in (view.moving, attacker) or bool(view.descents and r.id == view.descents[0]),
                                   key=r.id, leader=r.role == "leader", label=self._rider_label(r),
                                   mover=expert_table.mover_colour(view, r, seat_colours, self.colours)))
        self.cv.riders = marks
        self.cv.clear_highlights()
        self.cv.clear_paths()
        self.shown_targets = {}
        if view.phase in ("propose", "vote", "neutral") and not self.busy():
            self._highlight_choice(view)
            return
        if me is None or self.busy():
            return
        targets = self._targets(me)
        if not targets and self.hover_choice is not None:
            for m in marks:
                m.selected = m.key == self.hover_choice.rider
            if self._hover_die:
                targets = choice_reach(self.race_state, self.hover_choice)
        self.shown_targets = targets
        if not targets:
            return
        for cid, info in targets.items():
            p = info.probability
            colour = theme.GREEN if p >= 0.999 else (theme.ACCENT if p >= 0.85 else (240, 140, 50) if p >= 0.6
                                                     else theme.RED)
            label = None if p >= 0.999 else table_help.odds_label(p)
            self.cv.highlight([cid], colour, {cid: label} if label else None, alpha=110,
                              hatch=FEED_MISS_COLOUR if info.feed_miss is not None else None)
        hover = self.cv.hover_cell
        if hover is not None and hover.id in targets:
            info = targets[hover.id]
            start = self._start_where(view)
            self.cv.set_path([start, *info.path], theme.ACCENT)

    def _rider_label(self, r: RiderView) -> str:
        """The name tag of a rider on the map: whose, which role and bib, and what holds it."""
        words = _("{rider} · {bib} bib").format(rider=whose(self.match.names[r.seat], role_name(r.role), mate=r.role != "leader"),
                                               bib=bib_name(r.bib))
        if self.expert:
            words = expert_table.role_words(self.v, r, self.match.names)
            if r.role == "leader":
                words += " · " + _("{bib} bib").format(bib=bib_name(r.bib))
            pro = self._pro_rider_words(r)
            if pro:
                words += f" · {pro}"
            extra = expert_table.rider_state_words(r)
            if extra:
                return f"{words} · {extra}"
        if r.status == "down":
            words += " · " + _("down, misses a turn")
        elif r.status == "start":
            words += " · " + _("on the start grid")
        return words

    def _card_sections(self, cell) -> list[tuple[str, str]]:
        """The hover card of a highlighted cell says what getting there takes, and the odds in words."""
        info = self.shown_targets.get(cell.id)
        if info is None:
            return self._condition_card(cell)
        title = _("Your move") if self.hover_choice is None or self.v.phase not in ("launch", "assign") else \
            _("With this die")
        return [(title, table_help.odds_words(info)), *table_help.feed_card(info), *self._condition_card(cell)]

    def _entraide_rider(self, view: VelomasterView) -> int:
        """The bike whose entraide (or accélération) jump is being decided (the rear one first), or -1."""
        if not view.entraide:
            return -1
        if view.phase == "entraide" and view is self.v:  # a line of any length (Expert): the engine says who
            rider = lines.entraide_mover(self.race_state)[0]
            if 0 <= rider < len(view.riders):
                return rider
        if len(view.entraide) >= 3 and view.entraide[2] in (0, 1):
            return view.entraide[view.entraide[2]]
        return view.entraide[0]

    def _start_where(self, view: VelomasterView):
        rid = view.moving if view.moving >= 0 else (view.descents[0] if view.descents else -1)
        if view.entraide:
            rid = self._entraide_rider(view)
        return self.where_of(view.riders[rid]) if rid >= 0 else 0

    def handle_table_event(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if any(d.clickable and d.rect.collidepoint(event.pos) for d in (*self.dice, self.d20)):
                self._roll()
                return True
            if self._assign_press(event.pos):
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag_from is not None:
            self._assign_release(event.pos)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            self._sheet()
            return True
        return False

    # ------------------------------------------------------------------ drawing
    def status(self) -> str:
        words = prompts.race_status(self)
        return super().status() if words is None else words

    def titles(self) -> tuple[str, ...]:
        """What the race is, the longest first: "Débutant · Championnat du Monde 2006 · Salzburg", then
        "Débutant · Salzburg"."""
        view = self.v
        level = LEVELS.get(view.level)
        return tr(race_title(view.level, view.course)), \
            f"{tr(level_name(level)) if level is not None else view.level} · {view.course.capitalize()}"

    def subtitle(self) -> str:
        """The top bar's line under the game's name: the longest title that ends before the prompt."""
        titles = self.titles()
        return next((t for t in titles if theme.font(14).size(t)[0] <= SUBTITLE_ROOM), titles[-1])
