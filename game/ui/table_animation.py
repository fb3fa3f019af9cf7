"""What every table does to animate an engine step, once: the :class:`EventAnimator`.

An engine step returns events (cards played, dice rolled, a rider moved…). A table shows the new
state at once and animates the events over it: each event type has a handler on the table, marked
with :func:`animates`, that schedules what the event looks like and returns when the next event
may start::

    class MyTable(MatchScene):
        def __init__(self, app, match, entry):
            super().__init__(app, match, entry)
            self.anim = EventAnimator(self)

        def on_step(self, seat, action, events):
            self.anim.play(events)

        def busy(self):
            return self.anim.busy

        @animates(CardsPlayed)
        def _cards_played(self, ev, t):
            self.anim.fly(card_image, start, end, t, 0.38)
            self.anim.sound("card", t)
            return t + 0.42

Times given to the animator (``t``, ``duration``) are in beats at normal speed: it scales them by the
table's pace (the animation-speed setting; 0 = instant). The table is ``busy`` (bots wait, clicks
are held) while anything is scheduled, flying or moving; banners and pops are read while play goes on.

The animator holds the pieces the tables share: the :class:`~game.ui.timeline.Timeline` of scheduled
callbacks, banners (a line of news over the table), pops (a short word floating over a piece),
flights (an image travelling from A to B: a card to the centre) and motions (a piece the table moves
itself, keyed by the piece: a rider sliding along the track). The table keeps its own drawing of the
board and pieces, and calls :meth:`EventAnimator.draw_overlays` where overlays belong in its layers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Protocol

import pygame

from ..i18n import language
from . import theme
from .timeline import Banner, Timeline
from .tween import Tween, ease_out_cubic
from .widgets.base import play_sound

Point = tuple[float, float]
Handler = Callable[[Any, float], float]


def animates(*event_types: type) -> Callable:
    """Mark a table method as the animation of ``event_types``: ``(self, event, t) -> t`` where the
    next event starts. A subclass's event type uses its nearest marked ancestor's handler. The marked
    function itself is the handler, whatever its name; another method taking that name on the table
    (a button's handler) is refused when the table's :class:`EventAnimator` is made."""

    def mark(fn: Callable) -> Callable:
        fn.animates_events = event_types  # type: ignore[attr-defined]
        return fn

    return mark


def event_handlers(table: object) -> dict[type, Handler]:
    """The table's :func:`animates` methods, bound, by event type (a subclass's marks win).

    Each marked function is bound itself (not looked up again by its name), so a method of the same
    name elsewhere in the table's classes can never be called as an animation; such a name clash raises
    a TypeError that names both."""
    table_cls = type(table)
    handlers: dict[type, Handler] = {}
    for cls in reversed(table_cls.__mro__):
        for name, fn in vars(cls).items():
            events = getattr(fn, "animates_events", ())
            if not events:
                continue
            found = getattr(table_cls, name, None)
            if not getattr(found, "animates_events", ()):
                owner = next(c for c in table_cls.__mro__ if name in vars(c))
                raise TypeError(
                    f"{owner.__name__}.{name} shadows the animation {cls.__name__}.{name} "
                    f"(@animates({', '.join(e.__name__ for e in events)})) on {table_cls.__name__}: "
                    "rename one of them")
            for event_type in events:
                handlers[event_type] = fn.__get__(table, table_cls)
    return handlers


class Motion(Protocol):
    """A piece the table moves itself (read by its drawing), advanced each frame."""

    def update(self, dt: float) -> None: ...


@dataclass
class Flight:
    """An image travelling from one point to another (a card from a hand to the centre)."""

    image: pygame.Surface
    tween: Tween
    fade: bool = False  # fades out over the last 30 % of the way (it lands somewhere hidden)

    @property
    def pos(self) -> Point:
        return self.tween.value

    def draw(self, surface: pygame.Surface) -> None:
        if not self.tween.started:
            return
        img = self.image
        if self.fade and self.tween.t > 0.7:
            img = img.copy()
            img.set_alpha(int(255 * (1 - (self.tween.t - 0.7) / 0.3)))
        surface.blit(img, self.pos)


@dataclass
class Pop:
    """A short word floating up over a piece ("+2 pts", "CRASH") and fading."""

    text: str
    pos: Point  # in the coordinates the table gives draw_overlays a ``to_screen`` for (screen by default)
    life: float  # seconds of (fading) life left, at normal speed
    colour: tuple[int, int, int] = theme.INK


@dataclass(frozen=True)
class PopStyle:
    """How a table's pops look: text size, the backing plate, how they rise and fade."""

    size: int = 17
    backing: tuple[int, int, int] = (20, 20, 30)
    backing_alpha: int = 170
    pad: tuple[int, int] = (12, 6)
    border: int = 0  # a frame in the pop's colour this many pixels wide (0: none)
    rise: float = 20.0  # pixels risen per second of life spent…
    rise_from: float = 1.0  # …counted from this much life left
    above: int | None = None  # None: centred on the point; else its bottom this many pixels above it
    fade_per_s: float = 0.8  # life lost per second


@dataclass(frozen=True)
class BannerStack:
    """Banners shown at one place, the newest on top and ``keep - 1`` older ones below it."""

    pos: Point
    step: int = 46
    keep: int = 2


class EventAnimator:
    """The timeline, banners, pops, flights and motions of one table, and its event handlers.

    ``table`` gives the pace (``table.pace``) and the handlers (methods marked :func:`animates`)."""

    def __init__(self, table: Any, *, banner_size: int = 22, banner_stack: BannerStack | None = None,
                 pop_style: PopStyle = PopStyle()):
        self._table = table
        self.handlers: dict[type, Handler] = event_handlers(table)
        self._resolved: dict[type, Handler | None] = {}
        self.timeline = Timeline()
        self.banners: list[Banner] = []
        self.pops: list[Pop] = []
        self.flights: list[Flight] = []
        self.motions: dict[Any, Motion] = {}
        self.banner_size = banner_size
        self.banner_stack = banner_stack
        self.pop_style = pop_style
        self._language = language()  # the language of the banners' and pops' words on the table

    # ------------------------------------------------------------------ state
    @property
    def pace(self) -> float:
        return self._table.pace

    @property
    def clock(self) -> float:
        """Seconds this table has been updated (for pulsing highlights)."""
        return self.timeline.clock

    @property
    def busy(self) -> bool:
        """Something scheduled, flying or moving: bots wait and clicks are held."""
        return bool(self.timeline.busy or self.flights or self.motions)

    def clear(self) -> None:
        """Drop every animation (the table shows the current state as it is: sync, undo, hand-off)."""
        self.timeline.clear()
        self.banners.clear()
        self.pops.clear()
        self.flights.clear()
        self.motions.clear()

    # ------------------------------------------------------------------ events
    def handler(self, event_type: type) -> Handler | None:
        """The table's handler for ``event_type`` or its nearest marked ancestor, else None."""
        try:
            return self._resolved[event_type]
        except KeyError:
            found = next((self.handlers[k] for k in event_type.__mro__ if k in self.handlers), None)
            self._resolved[event_type] = found
            return found

    def play(self, events: Iterable[Any], t: float = 0.0, then: Callable[[], None] | None = None) -> float:
        """Animate ``events`` one after another from beat ``t``; an event without a handler takes no
        time. ``then`` runs just after the last one. Returns the beat where they end."""
        for event in events:
            handler = self.handler(type(event))
            if handler is not None:
                t = handler(event, t)
        if then is not None:
            self.timeline.at(t * self.pace + 0.01, then)
        return t

    # ------------------------------------------------------------------ scheduling (beats at normal speed)
    def at(self, t: float, fn: Callable[[], None]) -> None:
        """Run ``fn`` at beat ``t`` from now. Its words were composed now: if the language changes meanwhile (the
        settings, from the pause menu), the banners and pops it shows are left unsaid (the move log tells the
        same in the new language); what it does besides (a summary opening, a card landing) still happens."""
        composed = language()

        def run() -> None:
            if composed == language():
                fn()
                return
            pops, banners = {id(p) for p in self.pops}, {id(b) for b in self.banners}
            fn()
            self.pops = [p for p in self.pops if id(p) in pops]
            self.banners = [b for b in self.banners if id(b) in banners]

        self.timeline.at(t * self.pace, run)

    def sound(self, name: str, t: float) -> None:
        self.at(t, lambda: play_sound(name))

    def banner(self, text: str, pos: Point, colour, t: float = 0.0, duration: float = 1.4) -> None:
        """A banner from beat ``t``, read for ``duration`` beats (never shorter than half of them)."""
        self.at(t, lambda: self.show_banner(text, pos, colour, duration))

    def show_banner(self, text: str, pos: Point, colour, duration: float = 1.4) -> None:
        self.banners.append(Banner(text, pos, colour, duration * max(self.pace, 0.5)))

    def pop(self, text: str, where: Point | Callable[[], Point], t: float, life: float = 1.0,
            colour=theme.INK) -> None:
        """A pop from beat ``t`` at ``where`` (or where the callable says then: a piece that moved)."""
        self.at(t, lambda: self.show_pop(text, where() if callable(where) else where, life, colour))

    def show_pop(self, text: str, pos: Point, life: float = 1.0, colour=theme.INK) -> None:
        self.pops.append(Pop(text, pos, life, colour))

    def fly(self, image: pygame.Surface, start: Point, end: Point, t: float, duration: float, *,
            fade: bool = False, ease: Callable[[float], float] = ease_out_cubic,
            on_land: Callable[[], None] | None = None) -> None:
        """``image`` travels from ``start`` to ``end`` from beat ``t`` for ``duration`` beats."""

        def launch() -> None:
            tween = Tween(start, end, duration * self.pace, ease, on_done=on_land)
            self.flights.append(Flight(image, tween, fade))

        self.at(t, launch)

    # ------------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        if self._language != language():  # the language changed: the words on the table now are in the old one
            self._language = language()
            self.banners.clear()
            self.pops.clear()
        self.timeline.update(dt)
        if self.flights:
            for flight in self.flights:
                flight.tween.update(dt)
            self.flights = [f for f in self.flights if not f.tween.finished]
        for motion in list(self.motions.values()):
            motion.update(dt)
        if self.banners:
            self.banners = [b for b in self.banners if b.update(dt)]
        if self.pops:
            fade = dt * self.pop_style.fade_per_s
            for p in self.pops:
                p.life -= fade
            self.pops = [p for p in self.pops if p.life > 0]

    def draw_overlays(self, surface: pygame.Surface, to_screen: Callable[[Point], Point] | None = None,
                      clip: pygame.Rect | None = None) -> None:
        """Flights, then pops (placed by ``to_screen``, shown only inside ``clip`` if given), then banners."""
        for flight in self.flights:
            flight.draw(surface)
        placed: list[pygame.Rect] = []
        for p in self.pops:
            x, y = to_screen(p.pos) if to_screen is not None else p.pos
            if clip is None or clip.collidepoint(x, y):
                self._draw_pop(surface, p, x, y, placed)
        self.draw_banners(surface)

    def draw_banners(self, surface: pygame.Surface) -> None:
        stack = self.banner_stack
        if stack is None:
            for b in self.banners:
                b.draw(surface, self.banner_size)
            return
        shown = self.banners[-stack.keep:]
        for i, b in enumerate(shown):
            b.pos = (stack.pos[0], stack.pos[1] + stack.step * (len(shown) - 1 - i))
            b.draw(surface, self.banner_size)

    def _draw_pop(self, surface: pygame.Surface, p: Pop, x: float, y: float, placed: list[pygame.Rect]) -> None:
        """One pop; pops that would land on each other this frame (two words for one piece) stack upwards."""
        style = self.pop_style
        k = min(1.0, p.life * 2)
        img = theme.text_copy(p.text, style.size, theme.INK, "black")
        img.set_alpha(int(255 * k))
        plate = pygame.Surface(img.get_rect().inflate(*style.pad).size, pygame.SRCALPHA)
        plate.fill((*style.backing, int(style.backing_alpha * k)))
        if style.border:
            frame = (*p.colour, int(255 * k))
            pygame.draw.rect(plate, frame, plate.get_rect(), style.border, border_radius=8)
        lift = (style.rise_from - p.life) * style.rise
        if style.above is None:
            rect = plate.get_rect(center=(x, y - lift))
        else:
            rect = plate.get_rect(midbottom=(x, y - style.above - lift))
        for _ in range(6):
            hit = rect.collidelist(placed)
            if hit < 0:
                break
            rect.bottom = placed[hit].top - 2
        placed.append(rect)
        surface.blit(plate, rect)
        surface.blit(img, img.get_rect(center=rect.center))
