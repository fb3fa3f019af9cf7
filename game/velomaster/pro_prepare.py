"""The stage start's secret picks at the VeloMaster table (Niveau Pro, "En début d'étape seulement"): a panel
over the map for ONE seat, shown only to that seat (after the hand-off when several humans share the screen):
name the « surmotivé » rider (+10 %, public once everyone is ready), tick the riders who take a doping substance
(+20 %, secret; a plain warning about the control) and choose to ride clean (the undoped riders refuse any gain
above 100 %). Each rider's row shows its exact condition now and what the picks ticked will make of it at the
start (the engine's own arithmetic, :func:`~.rules.pro_start.picked`). "Ready" submits
:class:`~.rules.actions.Prepare`; the engine checks it.

The panel is a widget (it draws its box and swallows clicks inside it, so nothing reaches the map below); its
buttons and switches are widgets of the scene, added above it while it is open.
"""

from __future__ import annotations

import pygame

from ..i18n import N_, _, capital
from ..ui import privacy, theme
from ..ui.widgets import Button, Toggle
from ..ui.widgets.base import Widget
from . import condition_bar, expert_table
from .race_panel import bib_dot
from .rules.actions import Prepare
from .rules.condition import DOPING, MOTIVATED
from .rules.pro_start import picked
from .rules.view import RiderView, VelomasterView

ROW_H = 40
WIDTH = 700
WARNING = N_("Doping: +{n} % at once, and a doped rider takes every gain. After the stage the winner and 5 "
             "riders drawn by d20 are controlled: anyone above 100 % is excluded from the race.")
# the Pro rule "Anti-doping control" off: doping still gives its +20 % and binds the rider to every gain, unchecked
WARNING_NO_CONTROL = N_("Doping: +{n} % at once, and a doped rider takes every gain. No anti-doping control in this "
                        "race.")
CLEAN_WORDS = N_("Ride clean: my undoped riders refuse any gain above 100 %")


def team_slots(view: VelomasterView) -> int:
    """Riders per team (the slot of rider r is r % this): 2 at Débutant, 4 from Expert."""
    teams = len({r.team for r in view.riders}) or 1
    return max(1, len(view.riders) // teams)


def own_starters(view: VelomasterView, seat: int) -> list[RiderView]:
    """The riders ``seat`` prepares: its own team's riders at the start (never a neutral bike)."""
    return [r for r in view.riders if r.seat == seat and not expert_table.is_neutral(view, r)
            and r.status != "abandoned"]


def rider_words(r: RiderView) -> str:
    """"Leader" / "Grey team-mate"."""
    from .table_words import bib_rider

    return _("Leader") if r.role == "leader" else capital(bib_rider(r.bib, r.role))


class PreparePanel(Widget):
    """One seat's secret stage-start picks (see the module). ``scene`` is the race table."""

    control = True

    def __init__(self, scene, map_rect: pygame.Rect):
        super().__init__(pygame.Rect(0, 0, WIDTH, 200))
        self.scene = scene
        self.map_rect = pygame.Rect(map_rect)
        self.seat: int | None = None
        self.riders: list[RiderView] = []
        self.per = 4
        self.motivated = -1  # the slot named surmotivé, -1 none
        self.doped: set[int] = set()  # slots
        self.clean = False
        self.parts: list[Widget] = []
        self.motivate_btns: list[Button] = []
        self.dope_toggles: list[Toggle] = []
        self.clean_toggle: Toggle | None = None
        self.ready_btn: Button | None = None
        self.visible = False

    # ------------------------------------------------------------------ opening and closing
    def open(self, seat: int, view: VelomasterView) -> None:
        """Show the panel for ``seat`` (its picks start empty: nobody surmotivé, nobody doped, not clean)."""
        self.close()
        self.seat = seat
        self.riders = own_starters(view, seat)
        self.per = team_slots(view)
        self.motivated, self.doped, self.clean = -1, set(), False
        n = len(self.riders)
        self.rect = pygame.Rect(0, 0, WIDTH, 112 + ROW_H * n + 44 + 48 + 58)
        self.rect.center = self.map_rect.center
        self.rect.clamp_ip(self.map_rect)
        x, y = self.rect.x + 16, self.rect.y + 104
        for k, r in enumerate(self.riders):
            slot = r.id % self.per
            btn = Button((self.rect.right - 340, y + k * ROW_H + 3, 150, ROW_H - 8), N_("Surmotivé"),
                         (lambda s=slot: self._motivate(s)), size=15,
                         tooltip=_("Name this rider « surmotivé »: +{n} %, told to everyone once all are "
                                   "ready (a team riding clean refuses it above 100 % unless the rider is doped)").format(
                             n=MOTIVATED))
            dope_tip = _("Secret: +{n} % now; it must take every gain; controlled above 100 % means exclusion") \
                if self.controlled() else _("Secret: +{n} % now; it must take every gain")
            dope = Toggle((self.rect.right - 186, y + k * ROW_H + 5, 170, ROW_H - 10), False,
                          (lambda on, s=slot: self._dope(s, on)), caption=N_("Doped"),
                          tooltip=dope_tip.format(n=DOPING))
            self.motivate_btns.append(btn)
            self.dope_toggles.append(dope)
        y += ROW_H * n + 8
        self.clean_toggle = Toggle((x, y, self.rect.w - 32, 32), False, self._clean, caption=CLEAN_WORDS)
        self.ready_btn = Button((self.rect.right - 196, self.rect.bottom - 54, 180, 42), N_("Ready"), self._ready,
                                "primary", size=18, tooltip=N_("Your picks stay secret; the stage starts once all "
                                                               "teams are ready"))
        self.parts = [*self.motivate_btns, *self.dope_toggles, self.clean_toggle, self.ready_btn]
        self.visible = True
        widgets = self.scene.widgets
        if self not in widgets:
            widgets.append(self)
        widgets.extend(self.parts)
        self._restyle()

    def close(self) -> None:
        for w in self.parts:
            if w in self.scene.widgets:
                self.scene.widgets.remove(w)
        self.parts, self.motivate_btns, self.dope_toggles = [], [], []
        self.clean_toggle = self.ready_btn = None
        self.visible = False
        self.seat = None

    def controlled(self) -> bool:
        """Is the anti-doping control played in this race (the Pro rule, as the engine's view says)?"""
        return "doping_control" in self.scene.pro_rules()

    def warning(self) -> str:
        """The plain words about doping under the picks: with the control when it is played, without otherwise."""
        return (_(WARNING) if self.controlled() else _(WARNING_NO_CONTROL)).format(n=DOPING)

    @property
    def is_open(self) -> bool:
        return self.visible and self.seat is not None

    # ------------------------------------------------------------------ picks
    def _motivate(self, slot: int) -> None:
        self.motivated = -1 if self.motivated == slot else slot
        self._restyle()

    def _dope(self, slot: int, on: bool) -> None:
        if on:
            self.doped.add(slot)
        else:
            self.doped.discard(slot)
        self._restyle()

    def _clean(self, on: bool) -> None:
        self.clean = on
        self._restyle()

    def gains(self, r: RiderView) -> tuple[int, int]:
        """What naming rider ``r`` surmotivé and what doping it give it at the start, the other picks as ticked
        (the engine's arithmetic: +10 and +20, less what a clean team refuses above 100 %)."""
        slot, now = r.id % self.per, r.condition
        doped, motivated = slot in self.doped, slot == self.motivated
        return (picked(now, doped, True, self.clean) - picked(now, doped, False, self.clean),
                picked(now, True, motivated, self.clean) - picked(now, False, motivated, self.clean))

    def _restyle(self) -> None:
        for btn, dope, r in zip(self.motivate_btns, self.dope_toggles, self.riders, strict=False):
            chosen = r.id % self.per == self.motivated
            motivate, doping = self.gains(r)
            btn.style = "good" if chosen else "secondary"
            btn.label = ("● " if chosen else "") + _("Surmotivé +{gain}").format(gain=condition_bar.percent(motivate))
            dope.caption = _("Doped +{gain}").format(gain=condition_bar.percent(doping))

    def action(self) -> Prepare:
        return Prepare(self.motivated, tuple(sorted(self.doped)), self.clean)

    def start_value(self, r: RiderView, now: int) -> int:
        """Rider ``r``'s condition at the start with the picks ticked now (``now``: its exact condition)."""
        slot = r.id % self.per
        return picked(now, slot in self.doped, slot == self.motivated, self.clean)

    def _ready(self) -> None:
        if self.seat is None:
            return
        action = self.action()
        if self.scene.submit(action, self.seat):
            self.close()

    # ------------------------------------------------------------------ widget
    def handle_event(self, event) -> bool:
        if not self.is_open:
            return False
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL):
            pos = getattr(event, "pos", None) or self.scene.app.mouse
            return self.rect.collidepoint(pos)  # nothing under the panel takes the click
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.is_open or not privacy.check(self.scene, self.seat, "stage-start picks"):
            return
        box = self.rect
        shade = pygame.Surface(box.inflate(12, 12).size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 120))
        surface.blit(shade, box.inflate(12, 12).move(3, 5))
        colour = self.scene.seat_colour(self.seat)
        theme.panel(surface, box, theme.BG_DEEP, border=colour)
        x, y = box.x + 16, box.y + 12
        theme.blit_text(surface, _("{player}: prepare the stage").format(player=self.scene.seat_name(self.seat)), (x, y),
                        22, colour, "black")
        theme.blit_text(surface, _("SECRET · the others see only who is surmotivé, once everyone is ready"),
                        (x, y + 32), 12, theme.MUTED, "bold")
        theme.blit_text(surface, _("Each rider's condition now → at the start, with these picks"), (x, y + 62), 12, theme.MUTED,
                        "bold")
        view = self.scene.view_of(self.seat)
        for k, r in enumerate(self.riders):
            cy = box.y + 104 + k * ROW_H + ROW_H // 2
            now = view.riders[r.id] if r.id < len(view.riders) else r
            team = expert_table.rider_colour(view, now, self.scene.colours)
            bib_dot(surface, (x + 10, cy), team, now.bib, 9)
            theme.blit_text(surface, rider_words(now), (x + 28, cy), 17, theme.INK, "bold", anchor="midleft")
            after = self.start_value(now, now.condition)
            condition_bar.draw_gauge(surface, pygame.Rect(x + 170, cy - 4, 36, 8), after)
            words = condition_bar.percent(now.condition)
            if after != now.condition:
                words += f" → {condition_bar.percent(after)}"
            theme.blit_text(surface, words, (x + 214, cy), 14, theme.INK if after == now.condition else theme.ACCENT,
                            "bold", anchor="midleft")
        y = box.bottom - 58 - 44
        for row in theme.wrap(self.warning(), box.w - 240, 13)[:3]:
            theme.blit_text(surface, row, (x, y + 6), 13, (240, 190, 120))
            y += 16
