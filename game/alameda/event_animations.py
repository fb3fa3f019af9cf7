"""How the Tour of Alameda table shows each engine event: face-down cards arriving, cards flipping one by one from
the jersey holder, a taken card sliding to the Monkey, the blind draw, the riders riding a leg, words under the
plaques, banners. A mixin of :class:`~game.alameda.scene.AlamedaScene`: each method marked ``@animates`` is run by
the table's :class:`~game.ui.table_animation.EventAnimator` (``self.anim``) for its event type and returns the beat
where the next event starts.

It relies on the table for places (``plaques``, ``slot_pos``, ``_hand_origin``), the lagging copy of what is on the
table (``shown``, ``_shown``), the cards still flipping or flying (``flips``, ``arriving``), the pops on screen
(``seat_pops``, ``road_pops``), whether this step ends the stage (``stage_ends``) and the stage's summary
(``_open_summary``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..i18n import _, ngettext, tr
from ..ui import layout, theme
from ..ui.table_animation import Pop, PopStyle, animates
from ..ui.tween import ease_out_cubic
from ..ui.widgets.base import play_sound
from . import card_art
from . import table_parts as parts
from .rules.actions import card_words
from .rules.events import (
    BlindDraw,
    CardRevealed,
    CardTaken,
    EnduranceScored,
    HandsRefilled,
    JerseyAwarded,
    LegPlayed,
    MountaineerScored,
    OutOfCards,
    Picked,
    RestRevealed,
    StageScored,
    StageStarted,
    TimeTrialCalled,
    WrenchClash,
    WrenchWasted,
)

if TYPE_CHECKING:
    from .scene import AlamedaScene

WRENCH = card_art.WRENCH
# pops are one lane of the road high at 8 players (20 px plates), fade almost in place, and never sit on a
# name: "+6" behind the rider on the road, a seat's words in the rows under its plaque
POP_STYLE = PopStyle(size=15, pad=(12, 2), rise=3.0, border=2)
SLIDE = 0.45  # beats the riders take to ride a leg's distance


@dataclass(eq=False)
class SeatPop:
    """A pop under a plaque: its row and the span it takes, so the next one finds a free place."""

    pop: Pop
    row: int
    left: float
    right: float


class RidersSlide:
    """The riders riding a leg: the road is drawn from ``start`` to ``end`` as the slide goes."""

    def __init__(self, scene: AlamedaScene, start: list[float], end: list[float], duration: float):
        self.scene, self.start, self.end, self.duration, self.t = scene, start, end, duration, 0.0

    def update(self, dt: float) -> None:
        self.t += dt
        if self.t >= self.duration:
            self.scene.anim.motions.pop("riders", None)

    def distances(self) -> list[float]:
        k = ease_out_cubic(min(1.0, self.t / self.duration))
        return [a + (b - a) * k for a, b in zip(self.start, self.end, strict=True)]


class AlamedaEventAnimations:
    """The Tour of Alameda table's event handlers (see the module's docstring for what they rely on)."""

    @animates(StageStarted)
    def _stage_started(self, ev: StageStarted, t: float) -> float:
        def reset() -> None:
            s = self._shown()
            s.distances = [0.0] * len(s.distances)
            s.table = [-1] * len(s.table)
            s.down = [False] * len(s.down)
            s.stage, s.leg, s.jersey = ev.stage, 1, ev.jersey
            self._drop_pops(self.road_pops)
            self.anim.motions.pop("riders", None)

        self.anim.at(t, reset)
        self.anim.banner(_("Stage {stage}: {player} wears the jersey and reveals first").format(
            stage=ev.stage, player=self.seat_name(ev.jersey)), self._banner_pos(), theme.ACCENT, t, 1.6)
        self.anim.sound("ding", t)
        return t + 0.9

    @animates(Picked)
    def _picked(self, ev: Picked, t: float) -> float:
        end = self.slot_pos(ev.seat)

        def leave(seat=ev.seat) -> None:
            self.arriving.add(seat)  # the slot stays empty until the card lands there
            if self.shown is not None:
                self.shown.down[seat] = False

        def land(seat=ev.seat) -> None:
            self.arriving.discard(seat)
            if self.shown is not None:
                self.shown.down[seat] = True

        self.anim.at(t, leave)
        self.anim.fly(card_art.back(parts.SLOT), self._hand_origin(ev.seat), end, t, 0.3, on_land=land)
        self.anim.sound("card", t)
        return t + 0.32

    @animates(CardRevealed)
    def _revealed(self, ev: CardRevealed, t: float) -> float:
        def flip(seat=ev.seat, card=ev.card) -> None:
            s = self._shown()
            s.down[seat], s.table[seat] = False, card
            self.flips[seat] = self.anim.clock
            play_sound("card")

        self.anim.at(t, flip)
        if ev.card == WRENCH:
            self.anim.banner(_("{player} reveals a Monkey Wrench!").format(player=self.seat_name(ev.seat)),
                             self._banner_pos(), self.seat_colour(ev.seat), t + 0.2, 1.4)
            return t + 0.9
        return t + 0.45

    @animates(CardTaken)
    def _taken(self, ev: CardTaken, t: float) -> float:
        start, end = self.slot_pos(ev.target), self.slot_pos(ev.monkey)

        def lift(target=ev.target, monkey=ev.monkey) -> None:
            s = self._shown()
            s.table[target], s.down[target] = -1, False
            s.table[monkey] = -1

        def land(monkey=ev.monkey, card=ev.card) -> None:
            if self.shown is not None:
                self.shown.table[monkey] = card

        self.anim.at(t, lift)
        self.anim.fly(card_art.face(ev.card, parts.SLOT), start, end, t, 0.55, on_land=land)
        self._seat_pop(ev.monkey, _("takes the {card}").format(card=ev.card), t + 0.1, 1.2, self.seat_colour(ev.monkey))
        self.anim.sound("card", t)
        return t + 0.65

    @animates(WrenchClash)
    def _clash(self, ev: WrenchClash, t: float) -> float:
        def show(target=ev.target) -> None:
            s = self._shown()
            s.down[target], s.table[target] = False, WRENCH
            self.flips[target] = self.anim.clock

        self.anim.at(t, show)
        self.anim.banner(_("Wrench against Wrench! {a} and {b} draw from each other").format(
            a=self.seat_name(ev.monkey), b=self.seat_name(ev.target)), self._banner_pos(), theme.ACCENT, t, 1.8)
        return t + 1.0

    @animates(BlindDraw)
    def _blind(self, ev: BlindDraw, t: float) -> float:
        start = self._hand_origin(ev.source)
        end = self.slot_pos(ev.seat)

        def clear(seat=ev.seat) -> None:
            s = self._shown()
            s.table[seat], s.down[seat] = -1, False

        def land(seat=ev.seat, card=ev.card) -> None:
            if self.shown is not None:
                self.shown.table[seat] = card
                self.flips[seat] = self.anim.clock

        self.anim.at(t, clear)
        self.anim.fly(card_art.back(parts.SLOT), start, end, t, 0.5, on_land=land)
        words = _("draws {card} blind").format(card=tr(card_words(ev.card))) if ev.card > 0 else _("nothing to draw")
        self._seat_pop(ev.seat, words, t + 0.5, 1.2)
        self.anim.sound("card", t)
        return t + 0.8

    @animates(WrenchWasted)
    def _wasted(self, ev: WrenchWasted, t: float) -> float:
        self._seat_pop(ev.seat, _("nothing to take"), t, 1.2, theme.MUTED)
        return t + 0.5

    @animates(LegPlayed)
    def _leg(self, ev: LegPlayed, t: float) -> float:
        end = [float(d) for d in ev.distances]

        def move() -> None:
            s = self._shown()
            start, s.distances = s.distances, list(end)
            self._drop_pops(self.road_pops)
            if self.pace > 0 and start != end:
                self.anim.motions["riders"] = RidersSlide(self, start, end, SLIDE * self.pace)
            play_sound("move")

        def gains() -> None:  # each rider's "+6" on the road just behind it, once it has ridden there
            s = self._shown()
            scale = parts.road_scale(end)
            for seat, card in enumerate(ev.cards):
                if card > 0:
                    text = f"+{card}"
                    w = theme.text(text, POP_STYLE.size, theme.INK, "black").get_width() + POP_STYLE.pad[0]
                    right = parts.behind_rider(seat, len(end), end[seat], scale, seat == s.jersey)
                    _x, y = parts.rider_point(seat, len(end), end[seat], scale)
                    x = max(parts.ROAD.x + 2 + w / 2, right - w / 2)
                    self.anim.show_pop(text, (x, y + 1.5), 0.9, self.seat_colour(seat))
                    self.road_pops.append(self.anim.pops[-1])

        last = self.stage_ends  # the stage ends with this leg: the road keeps its number

        def clear_leg() -> None:
            s = self._shown()
            s.table = [-1] * len(s.table)
            s.down = [False] * len(s.down)
            s.leg = ev.leg if last else ev.leg + 1

        self.anim.at(t + 0.15, move)
        self.anim.at(t + 0.15 + SLIDE, gains)
        self.anim.at(t + 1.1, clear_leg)
        return t + 1.2

    @animates(MountaineerScored)
    def _mountaineer(self, ev: MountaineerScored, t: float) -> float:
        for seat in ev.seats:
            self._seat_pop(seat, _("Mountaineer +1"), t, 1.4, theme.GREEN)
        return t + 0.4

    @animates(EnduranceScored)
    def _endurance(self, ev: EnduranceScored, t: float) -> float:
        if ev.seat >= 0:
            self._seat_pop(ev.seat, _("Endurance +1"), t, 1.4, theme.GREEN)
        return t + 0.4

    @animates(TimeTrialCalled)
    def _time_trial(self, ev, t: float) -> float:
        self.anim.banner(_("Time trial: one more leg, then the stage ends"), self._banner_pos(), theme.ACCENT, t,
                         1.6)
        return t + 0.8

    @animates(OutOfCards)
    def _out_of_cards(self, ev, t: float) -> float:
        self.anim.banner(_("Everyone is out of cards: the stage ends"), self._banner_pos(), theme.ACCENT, t, 1.6)
        return t + 0.8

    @animates(HandsRefilled)
    def _refilled(self, ev: HandsRefilled, t: float) -> float:
        if ev.breakaway >= 0:
            self._seat_pop(ev.breakaway, _("breakaway: no draw"), t, 1.4, theme.ACCENT)
        return t + 0.1

    def stage_summary(self, ev: StageScored) -> dict:
        """The stage's summary: its scoring, and the stage's points as the engine recorded them less the award (the
        Mountaineer and Endurance points of every leg, the last one, scored in the same step, included)."""
        history = self.view_of(None).history
        if len(history) >= ev.stage:
            extras = [total - award for total, award in zip(history[ev.stage - 1], ev.award, strict=True)]
        else:
            extras = list(self.prev.stage_points) if self.prev.stage_points else [0] * len(ev.award)
        return {"stage": ev.stage, "distances": ev.distances, "award": ev.award, "extras": extras,
                "why": ev.why_words()}

    @animates(StageScored)
    def _stage_scored(self, ev: StageScored, t: float) -> float:
        data = self.stage_summary(ev)
        self.anim.at(t + 0.3, lambda: self._open_summary(data))
        return t + 0.4

    @animates(JerseyAwarded)
    def _jersey(self, ev: JerseyAwarded, t: float) -> float:
        if ev.previous != ev.seat and ev.previous >= 0:
            start, end = self._plaque_top(ev.previous), self._plaque_top(ev.seat)
            self.anim.fly(card_art.jersey(28), (start[0] - 14, start[1]), (end[0] - 14, end[1]), t, 0.7)

        def wear(seat=ev.seat) -> None:
            self._shown().jersey = seat

        self.anim.at(t + 0.7, wear)
        return t + 0.7

    @animates(RestRevealed)
    def _rest_revealed(self, ev: RestRevealed, t: float) -> float:
        if not ev.resting:
            text = _("Nobody rests")
        else:
            n = len(ev.resting)
            text = ngettext("{players} rests: a new hand", "{players} rest: a new hand", n).format(
                players=", ".join(self.seat_name(s) for s in ev.resting))
            if theme.text(text, self.anim.banner_size, theme.INK, "bold").get_width() > layout.TABLE_W - 80:
                text = ngettext("{n} rider rests: a new hand", "{n} riders rest: a new hand", n).format(n=n)
        self.anim.banner(text, self._banner_pos(), theme.ACCENT, t, 1.6)
        return t + 0.6

    def _banner_pos(self) -> tuple[float, float]:
        return parts.NEWS  # the news line between the plaques and the hand (the banner stack puts them all there)

    def _plaque_top(self, seat: int) -> tuple[float, float]:
        r = self.plaques()[seat]
        return (r.centerx, r.y + 8)

    # ------------------------------------------------------------------ pops placed in free space
    def _live(self, pop: Pop) -> bool:
        return any(p is pop for p in self.anim.pops)

    def _drop_pops(self, pops: list[Pop]) -> None:
        self.anim.pops = [p for p in self.anim.pops if not any(p is q for q in pops)]
        pops.clear()

    def _seat_pop(self, seat: int, text: str, t: float, life: float, colour=theme.INK) -> None:
        self.anim.at(t, lambda: self._show_seat_pop(seat, text, life, colour))

    def _show_seat_pop(self, seat: int, text: str, life: float, colour) -> None:
        """Words about a seat under its plaque, in the first row free there (the oldest words give way)."""
        w = theme.text(text, POP_STYLE.size, theme.INK, "black").get_width() + POP_STYLE.pad[0]
        plaque = self.plaques()[seat]
        x = min(max(plaque.centerx, parts.PLAQUES.x + w / 2), parts.PLAQUES.right - w / 2)
        left, right = x - w / 2 - 4, x + w / 2 + 4
        self.seat_pops = [p for p in self.seat_pops if self._live(p.pop)]

        def clashes(row: int) -> list[SeatPop]:
            return [p for p in self.seat_pops if p.row == row and p.left < right and left < p.right]

        row = next((r for r in range(len(parts.POP_ROWS)) if not clashes(r)), None)
        if row is None:
            row = min(range(len(parts.POP_ROWS)), key=lambda r: min(self.seat_pops.index(p) for p in clashes(r)))
            gone = clashes(row)
            self._drop_pops([p.pop for p in gone])
            self.seat_pops = [p for p in self.seat_pops if all(p is not g for g in gone)]
        self.anim.show_pop(text, (x, parts.POP_ROWS[row]), life, colour)
        self.seat_pops.append(SeatPop(self.anim.pops[-1], row, left, right))
