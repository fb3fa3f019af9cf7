"""How the VeloMaster table animates the Niveau Pro events: condition gained or lost ("+10 %" / "−20 %" floating
over the rider), exhaustion, an attack announced, the skill rolls the Pro rules call (descents, braking, the
collective crash), the stage start's picks (surmotivé told to all, the secret picks to their own seat only), and
the anti-doping control (the d20 naming arrival places, then each verdict).

A mixin of :class:`~game.velomaster.scene.VelomasterScene` (``_banner``, ``_pop``, ``_roll_d20``, ``anim``) with
:class:`~.pro_controls.ProControls` (``private_seat``): an event ``private_to`` some seats is shown in detail only
to the seat that may see secrets now (the seat at the screen); everyone else sees what the public figure shows (a
change nobody else can count floats nothing and takes no time, so not even the table's pace gives it away). The
move log takes every event's public ``text()``.
"""

from __future__ import annotations

from ..i18n import N_, _, tr
from ..ui import theme
from ..ui.table_animation import animates
from . import expert_table
from .condition_bar import AMBER, percent
from .rules.pro_events import (
    AttackAnnounced,
    ConditionChanged,
    DopingDraw,
    DopingVerdict,
    Exhausted,
    Motivated,
    Prepared,
    SecretPicks,
    SkillCalled,
    why_words,
)
from .rules.words import place

SKILL_WORDS = {"descent": N_("a 6 downhill: skill roll"), "braking": N_("braking: skill roll"),
               "collective": N_("crash ahead: skill roll")}
CONTROL = (120, 170, 240)


class ProAnimations:
    def _may_see(self, ev) -> bool:
        """May the screen show this event's details now (its ``private_to`` holds the private seat)?"""
        private = getattr(ev, "private_to", None)
        return private is None or self.private_seat() in private

    @animates(ConditionChanged)
    def _condition_changed(self, ev: ConditionChanged, t: float) -> float:
        if not self._may_see(ev):  # the public change only (a gain counted up to 100 %, a loss exactly)
            if ev.public_value < 0 or (ev.delta > 0 and not ev.public_delta):
                return t  # nothing the others can count (the doping, a gain above 100 %): nothing at all
            sign = "+" if ev.public_delta > 0 else "−"
            self._pop(f"{sign}{percent(abs(ev.public_delta))} {tr(why_words(ev.why))}", ev.rider, t,
                      theme.GREEN if ev.public_delta > 0 else AMBER)
            return t + 0.3
        if ev.refused:
            self._pop(_("refuses {delta}\u202f% (clean)").format(delta=f"{ev.delta:+d}"), ev.rider, t, theme.MUTED)
            return t + 0.25
        sign = "+" if ev.delta > 0 else "−"
        self._pop(f"{sign}{percent(abs(ev.delta))} {tr(why_words(ev.why))}", ev.rider, t,
                  theme.GREEN if ev.delta > 0 else AMBER)
        return t + 0.3

    @animates(Exhausted)
    def _exhausted(self, ev: Exhausted, t: float) -> float:
        value = ev.value if self._may_see(ev) or ev.public_value < 0 else ev.public_value
        self._banner(_("{rider} is exhausted ({value}) and abandons").format(rider=self._rider_who(ev),
                                                                              value=percent(value)), t, 2.2,
                     theme.RED)
        self._pop(_("exhausted: abandons"), ev.rider, t, theme.RED)
        self.anim.sound("error", t)
        return t + 0.6

    @animates(AttackAnnounced)
    def _attack_announced(self, ev: AttackAnnounced, t: float) -> float:
        words = _("ATTACK! {rider}: two dice added up, in one move (−20\u202f%)") if ev.value >= 0 else \
            _("ATTACK! {rider}: two dice added up, in one move")
        self._banner(words.format(rider=self._rider_who(ev)), t, 2.0,
                     theme.RED)
        self._pop(_("attack!"), ev.rider, t, theme.RED)
        self.anim.sound("ding", t)
        return t + 0.5

    @animates(SkillCalled)
    def _skill_called(self, ev: SkillCalled, t: float) -> float:
        if ev.why == "collective":
            self._banner(_("Collective crash: {rider} is right behind — skill roll").format(rider=self._rider_who(ev)),
                         t, 1.8,
                         theme.RED)
        self._pop(_(SKILL_WORDS.get(ev.why, N_("skill roll"))), ev.rider, t, AMBER)
        return t + 0.35

    @animates(Prepared)
    def _prepared(self, ev: Prepared, t: float) -> float:
        self._banner(_("{player} is ready for the stage").format(player=self.match.names[ev.seat]), t, 1.0,
                     self.seat_colour(ev.seat))
        return t + 0.15

    @animates(Motivated)
    def _motivated(self, ev: Motivated, t: float) -> float:
        self._banner(_("{rider} is surmotivé (+10\u202f%)").format(rider=self._rider_who(ev)), t, 1.8, theme.ACCENT)
        self._pop(_("surmotivé!"), ev.rider, t, theme.ACCENT)
        return t + 0.4

    @animates(SecretPicks)
    def _secret_picks(self, ev: SecretPicks, t: float) -> float:
        seat = self.private_seat()
        if seat is None or not self._may_see(ev):
            return t
        self._banner(tr(ev.text(self.match.names, seat)), t, 2.0, self.seat_colour(ev.seat))
        return t + 0.3

    @animates(DopingDraw)
    def _doping_draw(self, ev: DopingDraw, t: float) -> float:
        if ev.rider < 0:  # a place nobody holds (or drawn already): a quick roll again
            self._roll_d20(ev.value, t, 0.25)
            self._banner(_("Anti-doping draw: {value} — nobody new at that place, roll again").format(value=ev.value),
                         t + 0.25, 0.8,
                         theme.MUTED)
            return t + 0.4
        self._roll_d20(ev.value, t, 0.4)
        r = self.v.riders[ev.rider]
        whose = expert_table.role_words(self.v, r, self.match.names)
        self._banner(_("Anti-doping draw: {value} — {rider}, {place} across the line, is controlled").format(
            value=ev.value, rider=whose, place=tr(place(ev.value))), t + 0.4, 1.6, CONTROL)
        self.anim.at(t + 0.4, lambda: self.cv.follow(self._shown(ev.rider)))
        self._pop(_("controlled"), ev.rider, t + 0.45, CONTROL)
        return t + 0.8

    @animates(DopingVerdict)
    def _doping_verdict(self, ev: DopingVerdict, t: float) -> float:
        who = self._rider_who(ev)
        exact = self._may_see(ev)  # the verdict is public, the figure its own seat's
        if ev.excluded:
            figure = percent(ev.value) if exact else _("above 100\u202f%")
            self._banner(_("Control: {rider} at {figure} — doping! Excluded from the race").format(
                rider=who, figure=figure), t, 2.4, theme.RED)
            self._pop(_("{figure}: excluded").format(figure=figure), ev.rider, t, theme.RED)
            self.anim.sound("error", t)
        else:
            figure = percent(ev.value) if exact else _("100\u202f% or less")
            self._banner(_("Control: {rider} is clean ({figure})").format(rider=who, figure=figure), t, 1.6, theme.GREEN)
            self._pop(_("clean"), ev.rider, t, theme.GREEN)
        return t + 0.5
