"""MatchScene: what every game's table shares. It never decides a rule: the engine does.

It runs the turn loop over a :class:`~game.engine.match.Match`: humans act by clicks (the game's
subclass turns them into actions and calls :meth:`submit`), bots think in time slices so frames
keep flowing, each move stays on screen for a readable beat, hot-seat hand-off hides hands,
every step is autosaved, undo follows the match's policy, and the end leads to the results.

A game's scene subclasses this and implements ``sync`` (rebuild visuals from the state),
``on_step`` (animate a step's events), ``busy`` (animations running), ``draw_table`` and
``handle_table_event``.
"""

from __future__ import annotations

import math
import random
import time

import pygame

from .. import storage
from ..engine.bots import Thinking, make_bot
from ..engine.match import Match
from ..engine.protocol import Action, Event, IllegalAction, State, View
from ..engine.words import join_names
from . import theme
from .scenes.base import UIScene
from .widgets import Button, MoveLog
from .widgets.base import play_sound

TOP_H = 56
THINK_SLICE_S = 0.007  # bot thinking per frame, so the UI keeps ~60 fps


class MatchScene(UIScene):
    name = "match"
    hidden_info = False  # games with hidden hands set True: hand-off between humans
    bot_beat = 1.0  # seconds a bot's move stays readable before the next (× settings pace)
    human_beat = 0.35  # pause after a human's move before a bot answers
    log_rect = pygame.Rect(980, TOP_H + 10, 290, 400)

    def __init__(self, app, match: Match, entry):
        super().__init__(app)
        self.match = match
        self.entry = entry  # the GameUI registry entry (rules doc, names…)
        self.humans = [i for i, s in enumerate(match.seats) if s.is_human]
        self.viewer: int | None = None
        if self.humans and (len(self.humans) == 1 or not self.hidden_info):
            self.viewer = self.humans[0]
        self.bots = {i: make_bot(match.game, i, s.controller) for i, s in enumerate(match.seats) if not s.is_human}
        self.thinking: Thinking | None = None
        self.thinking_seat: int | None = None
        self.wait = 0.3
        self.handoff_open = False
        self.results_shown = match.is_over()
        self.over_delay = 1.2
        self.error: str | None = None
        self.log = self.add(MoveLog(self.log_rect))
        bw = 104
        self.menu_btn = self.add(Button((theme.W - bw - 10, 8, bw, 40), "Menu", self.open_pause, size=18,
                                        hotkey=None, tooltip="Pause: undo, rules, settings, save & quit (Esc)"))
        self.rules_btn = self.add(Button((theme.W - 2 * bw - 20, 8, bw, 40), "Rules", self.open_rules, size=18))
        self.undo_btn = self.add(Button((theme.W - 3 * bw - 30, 8, bw, 40), "Undo", self.undo, size=18))
        self.results_btn = self.add(Button((theme.W - 4 * bw - 70, 8, bw + 30, 40), "Results", self.show_results,
                                           "primary", size=18))
        self.results_btn.visible = self.results_shown
        self._log_len = -1
        self._views_state: State | None = None
        self._views: dict[int | None, View] = {}

    # ------------------------------------------------------------------ helpers for subclasses
    @property
    def state(self) -> State:
        return self.match.state

    @property
    def pace(self) -> float:
        return self.app.settings.pace

    def view(self) -> View:
        """The view to draw: the current viewer's (None = spectator: no hand shown)."""
        return self.view_of(self.viewer)

    def view_of(self, seat: int | None) -> View:
        """``state.view(seat)``, cached for the current state (states are immutable)."""
        state = self.state
        if self._views_state is not state:
            self._views_state, self._views = state, {}
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = state.view(seat)
        return view

    def seat_colour(self, seat: int):
        return self.match.seats[seat].colour

    def seat_name(self, seat: int) -> str:
        return self.match.seats[seat].name

    def acting_human(self) -> int | None:
        """The human seat whose clicks are accepted now (hand-off done, nothing animating)."""
        if self.match.is_over() or self.handoff_open:
            return None
        for seat in self.match.to_act():
            if self.match.seats[seat].is_human and (not self.hidden_info or seat == self.viewer
                                                    or len(self.humans) < 2):
                return seat
        return None

    def my_turn(self) -> bool:
        return self.acting_human() is not None and not self.busy()

    def submit(self, action: Action, seat: int | None = None) -> bool:
        """A human's decision. Returns False (and says why) if the engine refuses it."""
        seat = self.acting_human() if seat is None else seat
        if seat is None:
            self.app.toasts.show("Wait for your turn.", "warn", 2)
            return False
        reason = self.state.why_illegal(seat, action)
        if reason:
            play_sound("error")
            self.app.toasts.show(reason, "warn", 3)
            return False
        self.perform(seat, action)
        self.wait = self.human_beat * self.pace
        return True

    def legal(self, seat: int | None = None) -> tuple[Action, ...]:
        seat = self.acting_human() if seat is None else seat
        if seat is None or seat not in self.match.to_act():
            return ()
        return self.state.legal_actions(seat)

    # ------------------------------------------------------------------ to implement per game
    def sync(self) -> None:
        """Rebuild every visual from the current state (start, resume, undo, hand-off)."""

    def on_step(self, seat: int, action: Action, events: tuple[Event, ...]) -> None:
        """Animate what just happened (default: nothing; the log narrates it)."""

    def busy(self) -> bool:
        return False

    def draw_table(self, surface: pygame.Surface) -> None:
        raise NotImplementedError

    def handle_table_event(self, event: pygame.event.Event) -> bool:
        return False

    def status(self) -> str:
        """The prompt line in the top bar."""
        if self.match.is_over():
            return "The match is over."
        seat = self.acting_human()
        if seat is not None:
            return f"{self.seat_name(seat)}, your move."
        if self.thinking_seat is not None:
            return f"{self.seat_name(self.thinking_seat)} is thinking…"
        waiting = self.match.to_act()
        if waiting:
            return f"{self.seat_name(waiting[0])} to play…"
        return ""

    # ------------------------------------------------------------------ turn loop
    def enter(self) -> None:
        self.sync()

    def resume(self) -> None:
        self.sync()

    def perform(self, seat: int, action: Action) -> None:
        try:
            events = self.match.act(seat, action)
        except IllegalAction as exc:  # a bot or a stale click: never crash, say it
            self.app.toasts.show(f"Move refused: {exc}", "error")
            return
        self.thinking, self.thinking_seat = None, None
        if self.hidden_info and len(self.humans) >= 2 and self.viewer is not None:
            if self.viewer not in self.match.to_act():
                self.viewer = None  # hide the hand until the next human is handed the screen
        elif not self.hidden_info:
            nxt = [s for s in self.match.to_act() if self.match.seats[s].is_human]
            if nxt:
                self.viewer = nxt[0]
        self._autosave()
        self.on_step(seat, action, events)
        if self.match.is_over():
            self.over_delay = 1.2 * max(self.pace, 0.2)

    def _autosave(self) -> None:
        if self.match.is_over():
            storage.autosaver.clear()
        else:
            storage.autosaver.save(self.match.to_save())
        problem = storage.autosaver.take_problem()
        if problem and self.error is None:
            self.error = problem
            self.app.toasts.show(f"Autosave failed ({problem}); the match goes on.", "error")

    def _need_handoff(self, seat: int) -> bool:
        return self.hidden_info and len(self.humans) >= 2 and seat != self.viewer

    def _open_handoff(self, seat: int) -> None:
        from .scenes.handoff import HandoffScene

        self.handoff_open = True

        def ready() -> None:
            self.handoff_open = False
            self.viewer = seat
            self.sync()

        play_sound("ding")
        self.app.push(HandoffScene(self.app, self.seat_name(seat), self.seat_colour(seat), ready))

    def update(self, dt: float) -> None:
        super().update(dt)
        self._refresh_chrome()
        if self.match.is_over():
            if not self.results_shown and not self.busy():
                self.over_delay -= dt
                if self.over_delay <= 0:
                    self.results_shown = True
                    self.results_btn.visible = True
                    self.show_results()
            return
        if self.busy() or self.handoff_open:
            return
        to_act = self.match.to_act()
        humans = [s for s in to_act if self.match.seats[s].is_human]
        if humans and self._need_handoff(humans[0]) and not any(s == self.viewer for s in humans):
            self._open_handoff(humans[0])
            return
        bots = [s for s in to_act if not self.match.seats[s].is_human]
        if not bots:
            return
        if self.wait > 0:
            self.wait -= dt
            return
        self._think(bots[0])

    def _think(self, seat: int) -> None:
        if self.thinking is None or self.thinking_seat != seat:
            view = self.state.view(seat)
            legal = self.state.legal_actions(seat)
            seed = (self.match.seed * 7919 + len(self.match.steps) * 31 + seat) & 0xFFFFFFFF
            self.thinking = self.bots[seat].start(view, legal, seed)
            self.thinking_seat = seat
        if self.app.headless and self.pace == 0:
            self.thinking.step()
        else:
            end = time.perf_counter() + THINK_SLICE_S
            while not self.thinking.step(8) and time.perf_counter() < end:
                pass
        if self.thinking.done and self.thinking.action is not None:
            action = self.thinking.action
            self.perform(seat, action)
            self.wait = self.beat_after(action) * self.pace

    def beat_after(self, action: Action) -> float:
        """Seconds a bot's move stays readable before the next move (at normal speed)."""
        return self.bot_beat

    def _refresh_chrome(self) -> None:
        if len(self.match.log) != self._log_len:
            self._log_len = len(self.match.log)
            colours = self.match.seats
            lines = self.match.log
            intro = [(self.intro_line(), None)] if len(lines) <= 300 else []
            self.log.set_entries(intro + [(line.text, colours[line.seat].colour if line.seat is not None else None)
                                          for line in lines[-300:]])
        reason = self.undo_blocker()
        self.undo_btn.set_enabled(reason is None, reason or "")

    # ------------------------------------------------------------------ commands
    def undo_blocker(self) -> str | None:
        seat = self.match.steps[-1].seat if self.match.steps else None
        if seat is None:
            return "Nothing to undo yet."
        if self.busy():
            return "Wait for the animation to finish."
        return self.match.undo_blocker(seat)

    def undo(self) -> None:
        if self.undo_blocker() is not None:
            play_sound("error")
            return
        seat = self.match.steps[-1].seat
        self.match.undo(seat)
        self.thinking, self.thinking_seat = None, None
        self.wait = 0.6
        if self.hidden_info and len(self.humans) >= 2:
            self.viewer = seat
        self._autosave()
        self.app.toasts.show(f"{self.seat_name(seat)} took back a move.", "info", 2)
        self.sync()

    def open_pause(self) -> None:
        from .scenes.pause import PauseScene

        self.app.push(PauseScene(self.app, self))

    def open_rules(self) -> None:
        from .scenes.rules_viewer import RulesScene

        self.app.push(RulesScene(self.app, self.match.game.name, self.entry.rules_doc))

    def show_results(self) -> None:
        from .scenes.results import ResultsScene

        self.app.push(ResultsScene(self.app, self.match, self.play_again, self.app.pop))

    def play_again(self) -> None:
        self.restart()

    def restart(self) -> None:
        match = Match(self.match.game, self.match.config, random.randrange(1, 10**9), self.match.seats)
        scene = type(self)(self.app, match, self.entry)
        self.app.stack.clear_to(scene)
        scene._autosave()

    def save_and_quit(self) -> None:
        self._autosave()
        self.app.home()

    def on_escape(self) -> bool:
        self.open_pause()
        return True

    # ------------------------------------------------------------------ events and drawing
    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):
            return True
        if self.handle_table_event(event):
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG_DEEP)
        self.draw_table(surface)
        self.draw_top_bar(surface)
        self.draw_widgets(surface)

    def draw_top_bar(self, surface: pygame.Surface) -> None:
        bar = pygame.Rect(0, 0, theme.W, TOP_H)
        pygame.draw.rect(surface, theme.BG_DEEP, bar)
        pygame.draw.line(surface, theme.LINE, (0, TOP_H - 1), (theme.W, TOP_H - 1))
        theme.blit_text(surface, self.match.game.name, (18, 8), 22, theme.ACCENT, "title")
        theme.blit_text(surface, self.subtitle(), (18, 34), 14, theme.MUTED)
        status = self.status()
        if status:
            x = 300
            if self.thinking_seat is not None:
                t = self.app.time
                for i in range(3):
                    r = 3 + 2 * max(0.0, math.sin(t * 6 - i * 0.7))
                    pygame.draw.circle(surface, self.seat_colour(self.thinking_seat), (x + 8 + 14 * i, 28), r)
                x += 52
            limit = self.results_btn.rect.x - 20 if self.results_btn.visible else self.undo_btn.rect.x - 20
            img = theme.text(status, 19, theme.INK, "bold")
            if x + img.get_width() > limit:
                img = theme.text(status, 16, theme.INK, "bold")
            surface.blit(img, img.get_rect(midleft=(x, 28)))

    def intro_line(self) -> str:
        """The move log's first line: what is being played and by whom (never empty at the start)."""
        game = self.match.game
        return f"{game.name} · {game.variant(self.match.config.variant).label}: {join_names(self.match.names)}."

    def subtitle(self) -> str:
        return self.match.game.variant(self.match.config.variant).label
