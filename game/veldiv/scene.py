"""The Jeu du Veldiv table (pygame): the velodrome, dice to click, riders sliding space by space.

The engine moves riders (articles 1–10) and scores; this scene animates the events it returns
and turns clicks into the three decisions a player ever makes: throw, which rider moves first
(Art. 5), which rider takes the extra advance (Art. 7/9).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable

import pygame

from ..i18n import N_, _, ngettext, tr
from ..ui import layout, theme
from ..ui.layout import TOP_H
from ..ui.match_scene import MatchScene
from ..ui.table_animation import BannerStack, EventAnimator, Pop, animates
from ..ui.widgets import Button, Die
from ..ui.widgets.base import play_sound
from . import panel as panel_mod
from . import track_art
from .rules.actions import ChooseRider, Roll, TakeBonus
from .rules.events import (
    AFTER,
    BUMP,
    DiceAssigned,
    DiceRolled,
    FinalLap,
    LineCrossed,
    NewLap,
    PointsScored,
    RaceOver,
    RiderEliminated,
    RiderFinished,
    RiderLapped,
    RiderMoved,
    RiderPlaced,
    StakePaid,
    TokenAwarded,
)
from .rules.play import mate_article
from .rules.track import SPACES
from .rules.view import RiderView, VeldivView

_TRACK_CACHE: dict[str, pygame.Surface] = {}
TOKEN_CHEERS = {"Premier": N_("Premier!"), "Un Tour": N_("Un Tour!")}  # the pop when a token is taken


class Motion:
    """A rider sliding forward ``n`` spaces from ``start``, one hop every ``hop`` seconds;
    ``on_done`` runs once it has made every hop."""

    def __init__(self, start: float, n: int, hop: float, on_done: Callable[[], None] | None = None):
        self.start, self.n, self.hop = start, n, max(hop, 1e-6)
        self.elapsed = 0.0
        self.on_done = on_done

    def update(self, dt: float) -> None:
        self.elapsed += dt
        if self.done and self.on_done is not None:
            self.on_done()

    @property
    def pos(self) -> float:
        return self.start + min(self.n, self.elapsed / self.hop)

    @property
    def done(self) -> bool:
        return self.elapsed >= self.n * self.hop


@dataclass
class KeyedPop(Pop):
    """A pop that belongs to something (a rider, the line): a newer step's pop for it takes its place."""

    key: Any = None
    step: int = 0


PASSED_POP_LIFE = 0.3  # what is left of a step's pops when the next step starts (at normal speed): they make room


class VeldivScene(MatchScene):
    bot_beat = 0.6
    human_beat = 0.2
    auto_throw_beat = 0.7  # seconds (× animation pace) before the table throws for a human (auto-throw)

    def __init__(self, app, match, entry):
        super().__init__(app, match, entry)
        self.geo = track_art.TrackGeometry()
        if "track" not in _TRACK_CACHE:
            _TRACK_CACHE["track"] = track_art.render_track(self.geo)
        self.track_img = _TRACK_CACHE["track"]
        self.geo_banner = (self.geo.cx, self.geo.cy - 60)
        self.anim = EventAnimator(self, banner_size=20, banner_stack=BannerStack(self.geo_banner, step=42))
        self.steps_shown = 0  # steps animated so far: a pop knows the step it tells about
        self.told_rider: dict[int, int] = {}  # seat -> its rider (0, 1) the events of a step last told about
        self.display: dict[int, float] | None = None  # rider -> shown space while animating
        self.gone: set[int] = set()  # riders shown as removed during an animation
        cx, cy = self.geo.cx, self.geo.cy
        self.dice = [Die((cx - 78, cy + 10, 64, 64)), Die((cx + 14, cy + 10, 64, 64))]
        for d in self.dice:
            d.blank_until_thrown = True
            self.add(d)
        self.throw_btn = self.add(Button((cx - 90, cy + 96, 180, 46), N_("Throw"), self._throw, "primary", size=20,
                                         hotkey=pygame.K_SPACE))
        self.rider_btns = [self.add(Button((cx - 200 + 210 * i, cy + 96, 190, 46), f"Rider {i + 1}",
                                           (lambda i=i: self._choose(i)), size=17,
                                           words=lambda i=i: self.rider_button_words(i))) for i in range(2)]
        self.log.rect = layout.side_panel(layout.SIDE_TOP, 292)
        self.panel_rect = layout.side_panel_to_bottom(self.log.rect.bottom + layout.GAP)
        self.prev: VeldivView = self.state.view(None)
        self.crowded: set[int] = set()  # riders drawn in the start-line grid (no team mark: no room)
        self.side_by_side: set[int] = set()  # two riders abreast on one space (Art. 7's choice)…
        self.outer_of_two: set[int] = set()  # …and the outer of the two (its mark on the outer side)
        self.auto_throw_left: float | None = None  # seconds until the table throws for a human (auto-throw)
        # while a step animates: who made it and the race as it was before it (whose turn, the scores): the panel,
        # the turn ring and the prompt tell about the throw being shown until its riders have landed
        self.step_shown: tuple[int, Any, VeldivView] | None = None

    # ------------------------------------------------------------------ state → visuals
    @property
    def v(self) -> VeldivView:
        return self.view_of(None)

    @property
    def shown(self) -> VeldivView:
        """The race the panel and the turn ring show: as it was before the step animating, else as it is."""
        return self.step_shown[2] if self.step_shown is not None else self.v

    def sync(self) -> None:
        self.anim.clear()
        self.step_shown = None
        self.display = None
        self.gone.clear()
        self.prev = self.v
        view = self.v
        for i, d in enumerate(self.dice):
            d.show(view.dice[i] if i < len(view.dice) else None)

    def busy(self) -> bool:
        return self.anim.busy or any(d.is_rolling for d in self.dice)

    def on_step(self, seat, action, events) -> None:
        self.steps_shown += 1
        self.told_rider.clear()
        passed = PASSED_POP_LIFE * self.pace  # instant: the next step's news replaces them at once
        self.anim.pops = [p for p in self.anim.pops if passed > 0]
        for pop in self.anim.pops:
            pop.life = min(pop.life, passed)
        prev = self.prev
        self.display = {r.rider: float(r.space) for r in prev.riders}
        self.gone = {r.rider for r in prev.riders if r.status == "eliminated"}
        self.step_shown = (seat, action, prev) if self.pace > 0 else None
        self.anim.play(events, then=self._settle)
        self.prev = self.v

    def _settle(self) -> None:
        self.step_shown = None
        self.display = None
        self.gone.clear()

    def _rider_pos(self, rider: int) -> tuple[float, float]:
        space = self._shown_space(rider)
        x, y, _heading = self.geo.space_point(space)
        return (x, y)

    def _shown_space(self, rider: int) -> float:
        motion = self.anim.motions.get(rider)
        if motion is not None:
            return motion.pos
        if self.display is not None and rider in self.display:
            return self.display[rider]
        return float(self.v.riders[rider].space)

    # ------------------------------------------------------------------ event animations
    @property
    def _banner_pos(self) -> tuple[float, float]:
        return self.geo_banner

    def _pop(self, key: Any, text: str, where: tuple[float, float] | Callable[[], tuple[float, float]], t: float,
             life: float = 1.2) -> None:
        """A pop from beat ``t`` for ``key`` (a rider, the line): it replaces that key's pops of earlier steps
        (at instant speed the next step comes before they fade); the same step's stack up."""
        step = self.steps_shown

        def show() -> None:
            pos = where() if callable(where) else where
            self.anim.pops = [p for p in self.anim.pops
                              if not (isinstance(p, KeyedPop) and p.key == key and p.step != step)]
            self.anim.pops.append(KeyedPop(text, pos, life, theme.INK, key=key, step=step))

        self.anim.at(t, show)

    @animates(DiceRolled)
    def _dice_rolled(self, ev: DiceRolled, t: float) -> float:
        pace = self.pace

        def roll():
            for i, d in enumerate(self.dice):
                if i < len(ev.dice):
                    d.visible = True
                    d.roll(ev.dice[i], 0.55 * pace)
                else:
                    d.value = None
            play_sound("dice")

        self.anim.at(t, roll)
        return t + 0.65

    @animates(DiceAssigned)
    def _dice_assigned(self, ev: DiceAssigned, t: float) -> float:
        if len(ev.moves) == 2:
            (behind, high), (ahead, low) = ev.moves
            text = _("{article}: {high} to rider {behind} (behind), {low} to rider {ahead}").format(
                article=_(ev.article), high=high, behind=behind + 1, low=low, ahead=ahead + 1)
        else:
            rider, die = ev.moves[0]
            text = _("{article}: {die} to rider {rider}").format(article=_(ev.article), die=die, rider=rider + 1)
        self.anim.banner(text, self._banner_pos, self.seat_colour(ev.seat), t, 1.4)
        return t + 0.3

    @animates(RiderMoved)
    def _rider_moved(self, ev: RiderMoved, t: float) -> float:
        self.told_rider[ev.seat] = ev.rider
        rid = self._rider_id(ev.seat, ev.rider)
        hop = 0.075
        start = self._display_space(rid, ev.start)
        steps = len(ev.path)
        pace = self.pace

        def begin():
            motion = Motion(start, steps, hop * pace)
            motion.on_done = lambda: self._land(rid, int(round(motion.start + motion.n - 1)) % SPACES + 1)
            self.anim.motions[rid] = motion

        self.anim.at(t, begin)
        # the bumps of a move in one pop, where the last happened, when the rider gets there
        k = 0
        bumps: list[tuple[str, int, float]] = []
        for art, _n, frm, to, kind in ev.legs:
            leg_steps = (to - frm) % SPACES or SPACES
            k += leg_steps
            if kind in (BUMP, AFTER):
                bumps.append((art, frm, t + (k - leg_steps) * hop))
        if bumps:
            arts = list(dict.fromkeys(art for art, _frm, _when in bumps))
            if len(bumps) == 1:
                text = _("{article}: taken!").format(article=_(arts[0]))
            else:
                text = ngettext("{articles}: {n} space taken", "{articles}: {n} spaces taken", len(bumps)).format(
                    articles=" & ".join(_(a) for a in arts), n=len(bumps))
            _art, frm, when = bumps[-1]
            self._pop(("taken", rid), text, self._infield_point(frm, text), when, life=1.0)
        end_t = t + len(ev.path) * hop
        self.anim.at(end_t, lambda: self._land(rid, ev.end))
        return end_t + 0.12

    @animates(LineCrossed)
    def _line_crossed(self, ev: LineCrossed, t: float) -> float:
        self.told_rider[ev.seat] = ev.rider
        if ev.lap:
            text = _("lap {n}").format(n=ev.lap)
            line = self.v.riders[self._rider_id(ev.seat, ev.rider)].line  # a pursuit's: the rider's start space
            self._pop(("line", line), text, self._infield_point(line, text), t, life=1.0)
        self.anim.sound("move", t)
        return t

    @animates(PointsScored)
    def _points_scored(self, ev: PointsScored, t: float) -> float:
        self.told_rider[ev.seat] = ev.rider
        self._rider_pop(ev.seat, ev.rider, ngettext("+{n} pt", "+{n} pts", ev.points).format(n=ev.points), t)
        return t + 0.15

    @animates(TokenAwarded)
    def _token_awarded(self, ev: TokenAwarded, t: float) -> float:
        # beside the rider whose crossing (or move) earned it: a team's Premier goes to its first rider across
        rider = self.told_rider.get(ev.seat, 0)
        self._rider_pop(ev.seat, rider, _(TOKEN_CHEERS.get(ev.token, ev.token)), t + 0.1)
        self.anim.sound("ding", t)
        return t + 0.35

    @animates(RiderLapped)
    def _rider_lapped(self, ev: RiderLapped, t: float) -> float:
        names = self.match.names
        self.anim.banner(_("{by} laps {player}!").format(by=names[ev.by], player=names[ev.seat]), self._banner_pos,
                         self.seat_colour(ev.by), t, 1.6)
        return t + 0.5

    @animates(RiderEliminated)
    def _rider_eliminated(self, ev: RiderEliminated, t: float) -> float:
        if ev.reason == "caught":
            text = _("{player} is out (caught and passed)").format(player=self.match.names[ev.seat])
        else:
            text = _("{player} is out (last across the line)").format(player=self.match.names[ev.seat])
        self.anim.banner(text, self._banner_pos, theme.RED, t, 1.8)
        for r in self.v.riders:
            if r.seat == ev.seat:
                self.anim.at(t + 0.4, lambda rid=r.rider: self.gone.add(rid))
        return t + 0.6

    @animates(StakePaid)
    def _stake_paid(self, ev: StakePaid, t: float) -> float:
        self.anim.banner(_("{player} pays {amount} into the kitty ({kitty})").format(
                         player=self.match.names[ev.seat], amount=ev.amount, kitty=ev.kitty),
                         self._banner_pos, (200, 160, 60), t, 1.8)
        return t + 0.6

    @animates(RiderPlaced)
    def _rider_placed(self, ev: RiderPlaced, t: float) -> float:
        rid = self._rider_id(ev.seat, ev.rider)
        self.anim.at(t, lambda: self._place(rid, ev.space))
        self._rider_pop(ev.seat, ev.rider, _("restarts on {space}").format(space=ev.space), t + 0.05)
        return t + 0.4

    @animates(NewLap, FinalLap)
    def _lap_news(self, ev: NewLap | FinalLap, t: float) -> float:
        if isinstance(ev, NewLap):
            text = tr(ev.text(self.match.names))
        elif ev.reason == "premiers":
            text = _("{player} has the Premier tokens: lap {lap} is the last").format(
                player=self.match.names[ev.seat], lap=ev.race_lap)
        else:
            text = _("The lap limit: lap {lap} is the last").format(lap=ev.race_lap)
        room = 2 * (self.geo.a + self.geo.r - self.geo.w / 2) - 60 - 28  # the infield's width, less the plate's
        self.anim.banner(theme.fit(text, int(room), self.anim.banner_size, "bold"), self._banner_pos, theme.ACCENT,
                         t, 1.8)
        return t + 0.4

    @animates(RiderFinished)
    def _rider_finished(self, ev: RiderFinished, t: float) -> float:
        self._rider_pop(ev.seat, ev.rider, _("finished"), t)
        return t + 0.2

    @animates(RaceOver)
    def _race_over(self, ev: RaceOver, t: float) -> float:
        self.anim.sound("win", t)
        return t

    def _rider_id(self, seat: int, index: int) -> int:
        for r in self.v.riders:
            if r.seat == seat and r.index == index:
                return r.rider
        return seat

    def _display_space(self, rid: int, fallback: int) -> float:
        if self.display is not None and rid in self.display:
            return self.display[rid]
        return float(fallback)

    def _land(self, rid: int, end: int) -> None:
        self.anim.motions.pop(rid, None)
        if self.display is not None:
            self.display[rid] = float(end)

    def _place(self, rid: int, space: int) -> None:
        if self.display is not None:
            self.display[rid] = float(space)

    def _rider_pop(self, seat: int, index: int, text: str, t: float) -> None:
        """A pop beside a rider, where the rider is when it shows (on the infield side)."""
        rid = self._rider_id(seat, index)
        self._pop(rid, text, lambda: self._infield_point(self._shown_space(rid), text), t)

    def _infield_point(self, space: float, text: str) -> tuple[float, float]:
        """Where a pop about ``space`` shows: just inside the track, its plate against the track's inner edge, so
        it hides neither the riders nor the spaces' numbers (along the outer edge)."""
        style = self.anim.pop_style
        w, h = theme.text(text, style.size, theme.INK, "black").get_rect().inflate(*style.pad).size
        heading = math.radians(self.geo.space_point(space)[2])
        extent = w / 2 * abs(math.sin(heading)) + h / 2 * abs(math.cos(heading))  # its half-size across the track
        x, y, _heading = self.geo.space_point(space, -(self.geo.w / 2 + 4 + extent))
        return (x, y)

    # ------------------------------------------------------------------ update & input
    def update(self, dt: float) -> None:
        self.anim.update(dt)
        self._update_controls()
        super().update(dt)
        self._auto_throw(dt)

    def _auto_throw(self, dt: float) -> None:
        """The auto-throw setting: when throwing is a human's only move, the table throws for them after
        a short beat (they may still click first). Choices (Art. 5, Art. 7/9) are always left to them."""
        me = self._me()
        if (not self.app.settings.auto_throw or me is None or self.v.phase != "roll"
                or self.state.legal_actions(me) != (Roll(),)):
            self.auto_throw_left = None
            return
        if self.auto_throw_left is None:
            self.auto_throw_left = self.auto_throw_beat * self.pace
        self.auto_throw_left -= dt
        if self.auto_throw_left <= 0:
            self.auto_throw_left = None
            self.submit(Roll(), me)

    def _me(self) -> int | None:
        seat = self.acting_human()
        return seat if seat is not None and not self.busy() else None

    def _update_controls(self) -> None:
        me = self._me()
        view = self.v
        phase = view.phase if me is not None else None
        self.throw_btn.visible = phase == "roll"
        for d in self.dice:
            d.clickable = phase == "roll"
        choosing = phase in ("choose_rider", "bonus")
        for i, b in enumerate(self.rider_btns):
            b.visible = choosing
            if choosing:
                shorts = "white" if i == 0 else "black"
                verb = "Move" if phase == "choose_rider" else "Double"
                b.label = f"{verb} rider {i + 1} ({shorts})"  # English: what tests and the table run find
                action = ChooseRider(i) if phase == "choose_rider" else TakeBonus(i)
                reason = self.state.why_illegal(me, action)
                b.set_enabled(reason is None, reason or "")
        if not self.busy() and self.display is None:
            # the dice wait, unthrown, for a player who is to throw; else they show the last throw
            fresh = phase == "roll"
            for i, d in enumerate(self.dice):
                if fresh:
                    if d.value is not None:
                        d.show(None)
                elif d.value is None and i < len(view.dice):
                    d.show(view.dice[i])
            need = self._dice_count(view)
            for i, d in enumerate(self.dice):
                d.visible = i < need or (d.value is not None and i < len(view.dice))

    def _dice_count(self, view: VeldivView) -> int:
        team = any(r.index == 1 for r in view.riders)
        if not team or view.turn < 0:
            return 1
        mine = [r for r in view.riders if r.seat == view.turn and r.status == "racing"]
        first_turn = all(r.distance == 0 for r in view.riders if r.seat == view.turn)
        return 1 if first_turn or len(mine) < 2 else 2

    def _throw(self) -> None:
        self.submit(Roll())

    def _choose(self, index: int) -> None:
        phase = self.v.phase
        self.submit(ChooseRider(index) if phase == "choose_rider" else TakeBonus(index))

    def handle_table_event(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            me = self._me()
            if me is None:
                return False
            view = self.v
            if view.phase == "roll" and any(d.rect.collidepoint(event.pos) for d in self.dice if d.visible):
                self._throw()
                return True
            if view.phase in ("choose_rider", "bonus"):
                rid = self._rider_at(event.pos)
                if rid is not None:
                    r = view.riders[rid]
                    if r.seat == me:
                        self._choose(r.index)
                        return True
                    self.app.toasts.show(_("That rider is {owner}'s: choose one of yours, rider 1 (white) or rider 2 "
                                           "(black).").format(owner=self.seat_name(r.seat)), "warn", 3)
                    return True
        return False

    def _rider_at(self, pos) -> int | None:
        best, best_d = None, 22.0
        for r in self.v.riders:
            if r.rider in self.gone or r.status == "eliminated":
                continue
            x, y = self._draw_positions().get(r.rider, (None, None))
            if x is None:
                continue
            d = ((x - pos[0]) ** 2 + (y - pos[1]) ** 2) ** 0.5
            if d < best_d:
                best, best_d = r.rider, d
        return best

    # ------------------------------------------------------------------ drawing
    def status(self) -> str:
        me = self.acting_human()
        view = self.v
        if self.match.is_over():
            return _("The race is over.")
        if me is None:
            return super().status()
        name = self.seat_name(me)
        if view.phase == "roll":
            if self.app.settings.auto_throw and self.state.legal_actions(me) == (Roll(),):
                return _("{player}: throwing for you… (auto-throw is on in the settings)").format(player=name)
            if self._dice_count(view) == 1:
                return _("{player}: click the die to throw.").format(player=name)
            return _("{player}: click the dice to throw.").format(player=name)
        if view.phase == "choose_rider":
            return _("{player}: first turn (Art. 5): which rider does the die move?").format(player=name)
        if view.phase == "bonus":
            if len(view.bonus) > 2 and mate_article(self.state.setup, view.bonus[2]) == "Art. 9":  # twelve cells
                return _("{player}: a lucky six onto your team-mate (Art. 9): which rider doubles?").format(player=name)
            return _("{player}: a lucky throw onto your team-mate (Art. 7): which rider doubles?").format(player=name)
        return super().status()

    def shown_prompt(self) -> tuple[str, str | None]:
        """While a throw animates, the top bar names its thrower (not the next player, whose turn it is already)."""
        if self.step_shown is None or self.match.is_over():
            return super().shown_prompt()
        seat, action, _before = self.step_shown
        if isinstance(action, Roll):
            return _("{player} throws…").format(player=self.seat_name(seat)), None
        return _("{player} moves…").format(player=self.seat_name(seat)), None

    def rider_button_words(self, index: int) -> str:
        """A rider button's label in the language in use (its English label is what tests find)."""
        if self.v.phase == "choose_rider":
            return _("Move rider 1 (white)") if index == 0 else _("Move rider 2 (black)")
        return _("Double rider 1 (white)") if index == 0 else _("Double rider 2 (black)")

    def subtitle(self) -> str:
        n = self.v.players
        return ngettext("{race} · {n} player", "{race} · {n} players", n).format(race=_(self.v.race), n=n)

    def _rider_button_hovered(self) -> int | None:
        """Which rider's button the pointer is on (0 or 1) while a rider is chosen, else None."""
        mouse = self.app.mouse
        return next((i for i, b in enumerate(self.rider_btns) if b.visible and b.rect.collidepoint(mouse)), None)

    def _draw_positions(self) -> dict[int, tuple[float, float]]:
        """Screen positions of riders; riders sharing a space (the start line) stand in a grid, three
        abreast across the track, rows a space apart (``self.crowded``: the riders in such a grid)."""
        view = self.v
        self.crowded = set()
        self.side_by_side, self.outer_of_two = set(), set()
        groups: dict[int, list[RiderView]] = {}
        for r in view.riders:
            if r.status == "eliminated" and r.rider not in (self.display or {}):
                continue
            space = self._shown_space(r.rider)
            groups.setdefault(int(round(space * 4)), []).append(r)
        out = {}
        for _key, riders in groups.items():
            n = len(riders)
            for i, r in enumerate(sorted(riders, key=lambda r: r.rider)):
                space = self._shown_space(r.rider)
                if n == 1:
                    offset, back = 0.0, 0.0
                else:
                    self.crowded.add(r.rider)
                    per_row = 3
                    col, row = i % per_row, i // per_row
                    cols = min(n, per_row)
                    offset = (col - (cols - 1) / 2) * 27
                    back = float(row)
                    if n == 2:  # marks on either side: a team-mate's space reached, "which rider doubles?"
                        self.side_by_side.add(r.rider)
                        if col:
                            self.outer_of_two.add(r.rider)
                x, y, _heading = self.geo.space_point(space - back, offset)
                out[r.rider] = (x, y)
        return out

    def rider_tip(self, r: RiderView) -> str:
        """What hovering a rider says (see :func:`panel.rider_tip`)."""
        return panel_mod.rider_tip(self.v, r, self.seat_name(r.seat))

    def draw_table(self, surface) -> None:
        surface.blit(self.track_img, (0, TOP_H))
        view = self.v
        shown = self.shown  # whose turn and the scores: the step animating is told before the next is
        if any(r.line != SPACES for r in view.riders):  # a pursuit: each rider's laps end at its start space
            for seat, line in {r.seat: r.line for r in view.riders if r.status != "eliminated"}.items():
                track_art.draw_rider_line(surface, self.geo, line, self.seat_colour(seat))
        positions = self._draw_positions()
        me = self._me()
        choosing = view.phase in ("choose_rider", "bonus") and me is not None
        team = any(r.index == 1 for r in view.riders)
        for r in view.riders:
            if r.rider not in positions or r.rider in self.gone:
                continue
            x, y = positions[r.rider]
            _x, _y, heading = self.geo.space_point(self._shown_space(r.rider))
            colour = self.seat_colour(r.seat)
            waiting = r.status in ("waiting", "finished") and not view.over  # once over, every rider in full
            if choosing and r.seat == me:
                pulse = 16 + 3 * abs(((self.anim.clock * 2) % 2) - 1)
                pygame.draw.circle(surface, theme.ACCENT, (x, y), pulse, 3)
            if shown.turn == r.seat and not shown.over and not choosing:
                pygame.draw.circle(surface, (*theme.ACCENT,), (x, y), 15, 1)
            sprite = track_art.rider_sprite(colour, r.index == 1, heading, ghost=waiting)
            surface.blit(sprite, sprite.get_rect(center=(x, y)))
            pointed = choosing and r.seat == me and self._rider_button_hovered() == r.index
            if pointed:  # the button pointed at names this rider: ringed in full, its mark beside it even in the grid
                pygame.draw.circle(surface, theme.ACCENT, (x, y), 17, 5)
            beside = r.rider not in self.crowded or r.rider in self.side_by_side  # two abreast: each its side
            if team and (beside or pointed):
                badge = track_art.rider_badge(r.index)
                spot = track_art.badge_point(x, y, heading, r.rider in self.outer_of_two) if beside else (x + 15, y - 15)
                surface.blit(badge, badge.get_rect(center=spot))
        self.anim.draw_overlays(surface)
        hovered = self._rider_at(self.app.mouse)
        if hovered is not None:  # over everything on the track, pops included
            x, y = positions.get(hovered, (0, 0))
            img = theme.text(self.rider_tip(view.riders[hovered]), 15, theme.PAPER_INK, "bold")
            box = img.get_rect().inflate(16, 10)
            box.midbottom = (x, y - 18)
            box.clamp_ip(layout.TABLE)
            pygame.draw.rect(surface, theme.PAPER, box, border_radius=8)
            surface.blit(img, img.get_rect(center=box.center))
        panel_mod.draw_panel(surface, self.panel_rect, shown, self.match.names,
                             [s.colour for s in self.match.seats], self.anim.clock, self.state.setup.six12)
        if self.thinking_seat is not None:
            theme.blit_text(surface, f"{self.seat_name(self.thinking_seat)}…",
                            (self.geo.cx, self.geo.cy + 80), 16, theme.MUTED, "italic", anchor="center")


tile_art = track_art.tile_art
