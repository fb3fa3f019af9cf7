"""How the VeloMaster table animates a race's events (every level): the dice and the d20 rolling, riders
riding cell by cell, power and skill rolls over the riders, crashes, summits, arrivals, as banners over the
map and pops over the riders. A mixin of :class:`~game.velomaster.scene.VelomasterScene` (its ``anim``,
map, tray and d20); the Expert events are :mod:`.expert_events`.
"""

from __future__ import annotations

from ..i18n import _, ngettext, tr
from ..ui import theme
from ..ui.table_animation import animates
from ..ui.tween import Tween, ease_in_out
from ..ui.widgets.base import play_sound
from . import race_panel
from .rules.events import (
    Crash,
    DiceRolled,
    EntraideOffered,
    MissedTurn,
    MoveEnded,
    OrderRoll,
    PowerRoll,
    RaceOver,
    Remounted,
    RiderFinished,
    RiderStepped,
    SkillRoll,
    SummitPoints,
    who,
)
from .rules.words import place

STEP_TIME = 0.16


class RaceAnimations:
    def _rider_who(self, ev) -> str:
        """A rider event's rider in words, as the log names it: "Ann's grey team-mate", "The neutral grey bike"."""
        return tr(who(self.match.names, ev.seat, ev.role, getattr(ev, "bike", ""), start=True))

    def _point(self, where) -> tuple[float, float]:
        return self.cv.resolve(where)[0]

    def _roll_d20(self, value: int, t: float, duration: float) -> None:
        pace = self.pace

        def roll():
            self.d20.roll(value, duration * pace)
            play_sound("dice")

        self.anim.at(t, roll)

    @animates(DiceRolled)
    def _dice_rolled(self, ev: DiceRolled, t: float) -> float:
        pace = self.pace

        def roll():
            self.tray.roll(ev.dice, 0.5 * pace)
            play_sound("dice")

        self.anim.at(t, roll)
        return t + 0.55

    @animates(OrderRoll)
    def _order_roll(self, ev: OrderRoll, t: float) -> float:
        self._roll_d20(ev.value, t, 0.5)
        what = _("{player} rolls {value} in the roll-off") if ev.rolloff else \
            _("{player} rolls {value} for the start order")
        self._banner(what.format(player=self.match.names[ev.seat], value=ev.value), t + 0.5, 1.2,
                     self.seat_colour(ev.seat))
        return t + 0.6

    @animates(RiderStepped)
    def _rider_stepped(self, ev: RiderStepped, t: float) -> float:
        start = self._point(self._shown(ev.rider) if ev.frm else self.display.get(ev.rider, ev.to))
        end = self._point(ev.to)
        pace = self.pace

        def go():
            self.anim.motions[ev.rider] = Tween(start, end, STEP_TIME * pace, ease_in_out)
            self.cv.follow(end)
            play_sound("move")

        self.anim.at(t, go)
        self.anim.at(t + STEP_TIME, lambda: self._land(ev.rider, ev.to))
        return t + STEP_TIME + 0.02

    @animates(PowerRoll, SkillRoll)
    def _power_or_skill_roll(self, ev: PowerRoll | SkillRoll, t: float) -> float:
        self._roll_d20(ev.roll, t, 0.4)
        if isinstance(ev, PowerRoll):
            text = _("Power {roll} {sign} {slope} %").format(roll=ev.roll, sign=">" if ev.success else "≤",
                                                              slope=ev.slope)
        else:
            text = (_("Skill {roll}: safe") if ev.success else _("Skill {roll}: CRASH")).format(roll=ev.roll)
        self._pop(text, ev.rider, t + 0.4, theme.GREEN if ev.success else theme.RED)
        return t + 0.75

    @animates(Crash)
    def _crash(self, ev: Crash, t: float) -> float:
        whose = _("{rider} crashes!").format(rider=self._rider_who(ev))
        if self.expert:  # the gravity roll that follows says what it costs
            self._banner(_("{crash} Gravity roll…").format(crash=whose), t, 1.4, theme.RED)
        else:
            self._banner(ngettext("{crash} Misses {n} turn", "{crash} Misses {n} turns", ev.turns).format(
                crash=whose, n=ev.turns), t, 1.8, theme.RED)
        self.anim.sound("error", t)
        return t + 0.5

    @animates(MissedTurn, Remounted)
    def _missed_or_remounted(self, ev: MissedTurn | Remounted, t: float) -> float:
        self._pop(_("misses the turn") if isinstance(ev, MissedTurn) else _("back in the saddle"), ev.rider, t,
                  theme.MUTED)
        return t + 0.3

    @animates(MoveEnded)
    def _move_ended(self, ev: MoveEnded, t: float) -> float:
        """A blocked rider says so on the map (its move lost, or cut short), the dice rolled for it still showing:
        a computer player's roll that ends in nothing is not over before one has seen it."""
        if ev.reason != "blocked":
            return t
        self.anim.at(t, lambda: self.cv.follow(self._shown(ev.rider)))
        self._banner(tr(ev.text(self.match.names)), t, 2.0, theme.MUTED)
        return t + 0.9

    @animates(EntraideOffered)
    def _entraide_offered(self, ev: EntraideOffered, t: float) -> float:
        self._banner(_("Entraide! Two bikes in line may each jump 2 cells"), t, 1.6, theme.TEAL)
        return t + 0.3

    @animates(SummitPoints)
    def _summit_points(self, ev: SummitPoints, t: float) -> float:
        self._banner(_("{summit}: {rider} {place}, +{points} pts").format(
            summit=ev.name, rider=self._rider_who(ev), place=tr(place(ev.place)), points=ev.points), t, 2.0, (230, 90, 80))
        self.anim.sound("ding", t)
        return t + 0.4

    @animates(RiderFinished)
    def _rider_finished(self, ev: RiderFinished, t: float) -> float:
        self._banner(_("{rider} crosses the line {place} in {time}").format(
            rider=self._rider_who(ev), place=tr(place(ev.place)), time=race_panel.clock(ev.time)), t, 2.2, theme.ACCENT)
        self.anim.sound("win", t)
        return t + 0.5

    @animates(RaceOver)
    def _race_over(self, ev: RaceOver, t: float) -> float:
        return t + 0.3

    def _shown(self, rid: int):
        if self.display is not None and rid in self.display:
            return self.display[rid]
        return self.where_of(self.v.riders[rid])

    def _land(self, rid: int, cell: int) -> None:
        self.anim.motions.pop(rid, None)
        if self.display is not None:
            self.display[rid] = cell

    def _banner(self, text: str, t: float, duration: float, colour) -> None:
        self.anim.banner(text, self.banners.pos, colour, t, duration)

    def _pop(self, text: str, rid: int, t: float, colour) -> None:
        """A pop over a rider on the map, where the rider is when it shows."""
        self.anim.pop(text, lambda: self._point(self._shown(rid)), t, life=1.3, colour=colour)
