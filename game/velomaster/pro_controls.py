"""The decisions and marks of the VeloMaster table at Niveau Pro: the attack buttons before the roll, the
stage start's secret picks, and each rider's physical condition on the map (a gauge under the bike, its number
in the name tag and the cell card).

A mixin of :class:`~game.velomaster.scene.VelomasterScene` (its map, dice panel, match and ``submit``); every
action goes to the engine, which refuses an illegal one in plain words.

Who may see exact values: the seat at the screen (:meth:`ProControls.private_seat`), that is the match scene's
``viewer`` when :meth:`may_show_private` allows it: the one human at a table of bots, or, with several humans at
one screen, the human handed the screen for its decision ("Pass to Ann": at Pro with the condition played the
spec says the game has hidden information, so MatchScene hands the screen over before every human decision).
That seat's riders show their exact condition; every other rider, and everything while nobody holds the
screen, shows its public figure (what the others can count: the engine's view).
"""

from __future__ import annotations

import pygame

from ..engine.protocol import Question
from ..i18n import N_, _
from ..ui.layout import SIDE_X
from ..ui.widgets import Button
from . import condition_bar, expert_table, prompts
from .pro_prepare import PreparePanel, own_starters, rider_words
from .rules.actions import Attack, NoDescend, Stop
from .rules.condition import ATTACK
from .rules.pro_events import SkillCalled
from .rules.view import RiderView, VelomasterView

ON_ROAD = ("road", "roadside", "start")
# Pro's braking: « jet d'habileté … si on décide de ne pas jouer la totalité d'un « 6 » » and « de ne pas prendre la
# case supplémentaire en descente »: the stop button and the descent's Stay say so while the engine would roll
BRAKE_STOP_TIP = N_("Braking: stopping short of a 6 is a skill roll on this cell (a d20 of 1 or 2 is a crash)")
BRAKE_STAY_TIP = N_("Braking: refusing the extra descent cell is a skill roll (a d20 of 1 or 2 is a crash)")


class ProControls:
    def _init_pro(self, map_rect: pygame.Rect) -> None:
        """Called once the scene's panels are placed."""
        self.attack_btns: list[Button] = []
        self._attack_key: tuple | None = None
        self._attack_hover = -1
        self.prepare_panel = PreparePanel(self, map_rect)
        self.legend_rect = pygame.Rect(0, 0, 0, 0)  # the condition gauges' key under the map (hover: every gauge)
        self._braking_key: tuple | None = None
        self._braking: tuple[bool, bool] = (False, False)  # (a stop now brakes, staying on the descent brakes)
        self._stop_tip = self.stop_btn.tooltip

    # ------------------------------------------------------------------ who sees what
    def pro_rules(self, view: VelomasterView | None = None) -> tuple[str, ...]:
        return (view or self.v).pro

    def condition_played(self) -> bool:
        return "condition" in self.pro_rules()

    def private_seat(self) -> int | None:
        """The seat whose secrets (exact condition, doping) may be drawn now, or None (see the module)."""
        seat = self.viewer
        return seat if seat is not None and self.may_show_private(seat) else None

    def condition_view(self) -> VelomasterView:
        """The view the condition gauges, name tags, cards and the points sheet read: the private seat's (its own
        riders exact, the others public), else the public one."""
        seat = self.private_seat()
        return self.v if seat is None else self.view_of(seat)

    # ------------------------------------------------------------------ the stage start
    def question(self, seat: int | None):
        """The stage start's picks, named on the hand-off screen ("Stage start! Pass to Ann"); other questions as
        the Expert table asks them."""
        if seat is not None and self.v.phase == "prepare" and seat in self.match.to_act():
            return Question("stage-start", N_("Stage start!"),
                            N_("Your secret picks: a surmotivé rider, doping or not, riding clean. Nobody else looks."))
        return super().question(seat)

    def _update_prepare(self, me: int | None) -> None:
        """The panel is open while the seat that may see its secrets has its picks to make (animations of the
        others getting ready meanwhile do not close it: what was ticked stays)."""
        panel = self.prepare_panel
        seat = self.private_seat() if self.v.phase == "prepare" else None
        if seat is not None and (seat not in self.match.to_act() or not self.is_human(seat)):
            seat = None
        if seat is None:
            if panel.is_open:
                panel.close()
            return
        if panel.seat != seat:
            panel.open(seat, self.view_of(seat))

    def _prepare_status(self, me: int, name: str) -> str:
        return _("{name}: secret picks for the stage (surmotivé, doping, clean), then Ready.").format(name=name)

    def _prepare_waiting_words(self) -> str:
        return prompts.prepare_waiting(self)

    # ------------------------------------------------------------------ attacks
    def _attack_candidates(self, me: int) -> list[RiderView]:
        """The riders ``me`` moves in this turn (leaders' or team-mates'), on the road: each gets a button."""
        view = self.v
        role = "leader" if view.round_phase == 0 else None
        return [r for r in view.riders if r.seat == me and r.status in ON_ROAD and r.cell is not None
                and not expert_table.is_neutral(view, r) and (r.role == "leader") == (role == "leader")]

    def _update_attacks(self, me: int | None) -> None:
        """Before the roll, one Attack button per rider of the turn: disabled ones say why (the engine's words)."""
        view = self.v
        show = (me is not None and not self.busy() and view.phase == "roll" and "attacks" in self.pro_rules(view)
                and view.attacker < 0)
        riders = self._attack_candidates(me) if show else []
        key = (tuple(r.id for r in riders), len(self.match.steps), me)
        if key == self._attack_key:
            return
        self._attack_key = key
        self._attack_hover = -1
        for b in self.attack_btns:
            if b in self.widgets:
                self.widgets.remove(b)
        self.attack_btns = []
        legal = set(self.legal(me)) if show else set()
        for i, r in enumerate(riders[:self.max_rows]):
            rect = (SIDE_X + 4, self.dice_rect.y + self.rows_top + i * self.row_h, self.dice_rect.w - 8,
                    self.row_h - 4)
            action = Attack(r.id)
            # the cost only where the condition is played (without it an attack costs nothing)
            label = _("Attack: {rider} (2 d6 added, −{n} %)").format(rider=rider_words(r).lower(), n=ATTACK) \
                if self.condition_played() else _("Attack: {rider} (2 d6 added)").format(rider=rider_words(r).lower())
            btn = Button(rect, label, (lambda a=action: self.submit(a)), "danger", size=15,
                         tooltip=N_("Announced before the roll: this rider moves the sum of two dice in one move"))
            btn.rider = r.id  # type: ignore[attr-defined]
            if action not in legal:
                btn.set_enabled(False, self.state.why_illegal(me, action) or N_("This rider cannot attack now."))
            self.attack_btns.append(self.add(btn))

    def brakes(self, me: int) -> tuple[bool, bool]:
        """Would a stop now, or staying on the descent, call Pro's braking roll? The engine's own answer: the
        decision played on a copy of the race (nothing is rolled on the table; only whether a roll comes)."""
        key = self._braking_key
        if key is None or key[0] is not self.state or key[1] != me:  # (states are immutable: one answer each)
            self._braking_key = (self.state, me)
            view = self.v
            stop = Stop(view.moving) if view.phase == "move" and view.moving >= 0 else None
            stay = next((a for a in self.legal(me) if isinstance(a, NoDescend)), None) if view.phase == "descent" \
                else None
            self._braking = tuple(action is not None and self.state.why_illegal(me, action) is None and any(
                isinstance(e, SkillCalled) and e.why == "braking" for e in self.state.apply(me, action)[1])
                for action in (stop, stay))
        return self._braking

    def _update_braking(self, me: int | None) -> None:
        """The stop and Stay buttons turn red, their tooltip saying why, while choosing them brakes (Pro)."""
        stop, stay = self.brakes(me) if me is not None and "braking" in self.pro_rules() and not self.busy() \
            else (False, False)
        self.stop_btn.style = "danger" if stop else "secondary"
        self.stop_btn.tooltip = BRAKE_STOP_TIP if stop else self._stop_tip
        self.no_btn.style = "danger" if stay else "secondary"
        self.no_btn.tooltip = BRAKE_STAY_TIP if stay else None

    def _update_pro(self, me: int | None) -> None:
        """Each frame: the attack buttons, the braking warnings, the stage start's panel, the attacker brought into
        view."""
        self._update_attacks(me)
        self._update_braking(me)
        self._update_prepare(me)
        self._show_hovered_attacker()

    def hovered_attack(self) -> int:
        """The rider of the attack button under the pointer, or -1."""
        mouse = self.app.mouse
        return next((b.rider for b in self.attack_btns if b.visible and b.rect.collidepoint(mouse)), -1)

    def _show_hovered_attacker(self) -> None:
        """The rider of the attack button under the pointer is brought into view (once per hover)."""
        rider = self.hovered_attack() if self.attack_btns else -1
        if rider == getattr(self, "_attack_hover", -1):
            return
        self._attack_hover = rider
        if rider >= 0:
            spot = self.cv.map_to_screen(self._point(self._shown(rider)))
            if not self.cv.rect.inflate(-80, -80).collidepoint(spot):
                self.cv.focus(self._shown(rider))

    # ------------------------------------------------------------------ the map
    def _pro_rider_words(self, r: RiderView) -> str:
        """What the name tag adds at Pro: the condition (exact for the private seat's own riders, and which of them
        are doped), attacking, surmotivé, controlled, excluded."""
        words = []
        if self.condition_played() and r.status != "abandoned":
            shown = self.condition_view().riders[r.id]
            words.append(condition_bar.condition_words(shown.condition))
            if shown.doped:  # (only in its own seat's view)
                words.append(_("doped"))
        if r.attacking or self.v.attacker == r.id:
            words.append(_("attacking"))
        if r.motivated:
            words.append(_("surmotivé"))
        if r.excluded:
            words.append(_("excluded (doping)"))
        elif r.controlled:
            words.append(_("controlled"))
        return " · ".join(words)

    def gauge_riders(self) -> set[int] | None:
        """The riders whose condition gauge shows on the map: the one moving or deciding (the moving rider, the
        attacker, the rider of a die choice or an attack button under the pointer, the rider picked for a die, the
        one offered a descent or a jump), the rider under the pointer and those on the cell under it; every rider
        (None) while the pointer rests on the gauges' key under the map. Sixteen gauges at once hid the pack."""
        if self.legend_rect.collidepoint(self.app.mouse):
            return None
        view = self.v
        shown = {view.moving, view.attacker, self.hovered_attack(), self.picked_rider}
        if self.hover_choice is not None:
            shown.add(self.hover_choice.rider)
        if view.descents:
            shown.add(view.descents[0])
        if view.entraide:
            shown.add(self._entraide_rider(view))
        mark = self.cv.hover_rider
        if mark is not None and isinstance(mark.key, int):
            shown.add(mark.key)
        cell = self.cv.hover_cell
        if cell is not None:
            shown |= {r.id for r in view.riders if r.cell == cell.id}
        shown.discard(-1)
        return shown

    def _draw_condition_gauges(self, surface: pygame.Surface) -> None:
        """A gauge under the riders that matter now (:meth:`gauge_riders`; the key to them is in the bar under the
        map, and hovering it shows them all)."""
        if not self.condition_played():
            return
        view = self.condition_view()
        shown = self.gauge_riders()
        for box, mark in getattr(self.cv, "_rider_boxes", ()):
            rid = mark.key
            if not isinstance(rid, int) or not 0 <= rid < len(view.riders):
                continue
            if shown is not None and rid not in shown:
                continue
            r = view.riders[rid]
            if r.status not in ("road", "roadside") or r.cell is None or box.w < 10:  # not the start's crowd
                continue
            condition_bar.draw_rider_gauge(surface, box, r.condition)

    def _condition_card(self, cell) -> list[tuple[str, str]]:
        """The hover card of a cell with riders on it: each one's condition and what its band means."""
        if not self.condition_played():
            return []
        view = self.condition_view()
        names = self.match.names
        lines = []
        for r in view.riders:
            if r.cell == cell.id and r.status in ON_ROAD:
                who = expert_table.role_words(view, r, names)
                if r.doped:  # (its own seat's)
                    who = _("{rider} (doped)").format(rider=who)
                lines.append(f"{who}: {condition_bar.condition_words(r.condition, long=True)}")
        return [(_("Condition"), "\n".join(lines))] if lines else []

    def _own_riders_line(self) -> str:
        """The private seat's riders and their exact condition (for the stage start's waiting line)."""
        seat = self.private_seat()
        if seat is None:
            return ""
        view = self.view_of(seat)
        return " · ".join(f"{rider_words(r)} {condition_bar.percent(r.condition)}" for r in own_starters(view, seat))
