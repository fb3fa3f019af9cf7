"""MatchScene: what every game's table shares. It never decides a rule: the engine does.

It runs the turn loop over a :class:`~game.engine.match.Match`: humans act by clicks (the game's
subclass turns them into actions and calls :meth:`submit`), bots think in time slices so frames
keep flowing, each move stays on screen for a readable beat, hot-seat hand-off hides hands,
every step is autosaved, undo follows the match's policy, and the end leads to the results.

Who is at the screen (hot-seat with hidden information, two or more humans):

* ``viewer``        the seat whose private view is drawn; set only when that human clicks
                    through the hand-off screen ("Pass to Ann"); ``None`` = nothing private shown;
* ``screen_holder`` the human who last had the screen (their hand is hidden once they moved,
                    until the next human takes the screen); undo is theirs to ask for.

Several seats may be awaited at once (``to_act()``: secret picks, votes): each human is handed the
screen in turn, bots think meanwhile from their own view. A seat asked out of turn (an interrupt)
is named on the hand-off screen with the question ("Coup Fourré? Pass to Ann"), or answered at
once by the setting the player chose for that kind of question.

A game's scene subclasses this and implements ``sync`` (rebuild visuals from the state),
``on_step`` (animate a step's events), ``busy`` (animations running), ``draw_table`` and
``handle_table_event``; it draws a seat's private cards only if :meth:`may_show_private` says so
(``privacy.check``).
"""

from __future__ import annotations

import random
import time

import pygame

from .. import memory, storage
from ..engine.bots import Thinking, make_bot
from ..engine.match import Match
from ..engine.protocol import Action, Event, IllegalAction, Question, State, View
from ..i18n import C_, N_, _, fill, join_names, language, tr
from . import layout, theme
from .bot_worker import THINK_SECONDS, BotWorker
from .private_notes import PrivateNotes
from .scenes.base import UIScene
from .top_bar import TopBar
from .undo_control import UndoControl
from .widgets import Button, MoveLog
from .widgets.base import play_sound

THINK_SLICE_S = 0.007  # bot thinking per frame, so the UI keeps ~60 fps


class MatchScene(UndoControl, TopBar, UIScene):
    name = "match"
    bot_beat = 1.0  # seconds a bot's move stays readable before the next (× settings pace)
    human_beat = 0.35  # pause after a human's move before a bot answers, when it cannot be undone
    log_rect = layout.LOG_RECT

    def __init__(self, app, match: Match, entry):
        super().__init__(app)
        self.match = match
        self.entry = entry  # the GameUI registry entry (rules doc, names…)
        self.hidden_info = match.game.has_hidden_information(match.config)
        self.humans = [i for i, s in enumerate(match.seats) if s.is_human]
        self.viewer: int | None = None
        if self.humans and (len(self.humans) == 1 or not self.hidden_info):
            self.viewer = self.humans[0]
        self.screen_holder: int | None = self.viewer
        saved_holder = match.table_notes.pop(storage.SCREEN_HOLDER, -1)  # read from its save: the first table only
        if self.hot_seat:  # a match resumed: whoever had the screen when it was saved (the hand-off offers their undo
            # only if they are not the one it is handed to); a save that does not say: the last human who moved
            self.screen_holder = saved_holder if saved_holder != -1 else next(
                (s.seat for s in reversed(match.steps) if match.seats[s.seat].is_human), None)
        # a resumed match: the summary of the round its last move ended opens again, unless it was closed since
        self._summary_closed_at: int | None = match.table_notes.pop(storage.SUMMARY_CLOSED, None)
        self._resumed = bool(match.steps)
        self.bots = {i: make_bot(match.game, i, s.controller) for i, s in enumerate(match.seats) if not s.is_human}
        self.thinking: Thinking | None = None
        self.thinking_seat: int | None = None
        self._worker: BotWorker | None = None  # the bot's decision on its own thread (a real window)
        self.wait = 0.3
        self.undo_grace = 0.0  # the length of the current wait that offers Undo (for its countdown bar)
        self._undo_held_at = -1  # the moves made when a computer player last waited so the human might undo
        self.handoff_open = False
        self._handoff = None
        self.results_shown = match.is_over()
        self.over_delay = 1.2
        self.error: str | None = None
        self.log = self.add(MoveLog(self.log_rect))
        self.menu_btn = self.add(Button(layout.top_button(1), N_("Menu"), self.open_pause, size=18,
                                        hotkey=None, tooltip=N_("Pause: undo, rules, settings, save & quit (Esc)")))
        self.rules_btn = self.add(Button(layout.top_button(2), N_("Rules"), self.open_rules, size=18))
        self.undo_btn = self.add(Button(layout.top_button(3), N_("Undo"), self.undo, size=18))
        self.results_btn = self.add(Button(layout.top_button(4, extra_w=30), N_("Results"), self.show_results,
                                           "primary", size=18))
        self.results_btn.visible = self.results_shown
        self.notes = PrivateNotes()  # what an event told one human only, shown when the screen is theirs
        self.notes.recall(match.steps, match.names, self.humans)  # a resumed match: news not yet read waits again
        self.skipping = False  # no human has a decision left: the bots play on at once, to the round's end
        skip_words = match.game.skip_words
        self.skip_btn = self.add(Button(layout.top_button(4, extra_w=theme.font(16, "bold").size(tr(skip_words))[0] + 32
                                                          - layout.TOP_BUTTON_W),
                                        skip_words, self.skip, "primary", size=16,
                                        tooltip=N_("Nobody at the screen has a decision left: see the end now")))
        self.skip_btn.visible = False
        self._log_len: tuple[int, str] | None = None  # the log's length and language when its lines were set
        # the last prompt drawn: its language, the human it asked (if any), its text and short form
        self._prompt_shown: tuple[str, int | None, str, str | None] | None = None
        # the question last put, once the table was still: the human asked (if any) and the last step then
        self._standing: tuple[int | None, object] | None = None
        self._views_state: State | None = None
        self._views: dict[int | None, View] = {}

    # ------------------------------------------------------------------ helpers for subclasses
    @property
    def state(self) -> State:
        return self.match.state

    @property
    def pace(self) -> float:
        """Animation durations and bot beats multiplier (the settings' speed; 0 while skipping to the end)."""
        return 0.0 if self.skipping else self.app.settings.pace

    @property
    def hot_seat(self) -> bool:
        """Hidden information and two or more humans: the screen is handed over between them."""
        return self.hidden_info and len(self.humans) >= 2

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

    def may_show_private(self, seat: int | None) -> bool:
        """May ``seat``'s hand, pending pick or any card only it knows be drawn now?

        Only the viewer's, never during a hand-off, and in hot-seat only once that human has
        taken the screen (``viewer`` is set by the hand-off and nothing else)."""
        if seat is None or self.handoff_open or seat != self.viewer:
            return False
        return self.match.seats[seat].is_human or not self.humans

    def seat_colour(self, seat: int):
        return self.match.seats[seat].colour

    def seat_name(self, seat: int) -> str:
        return self.match.seats[seat].name

    def is_human(self, seat: int) -> bool:
        return self.match.seats[seat].is_human

    def acting_human(self) -> int | None:
        """The human seat whose clicks are accepted now (hand-off done, nothing animating)."""
        if self.match.is_over() or self.handoff_open:
            return None
        to_act = self.match.to_act()
        if self.viewer is not None and self.viewer in to_act and self.is_human(self.viewer):
            return self.viewer
        if self.hot_seat:
            return None
        for seat in to_act:
            if self.is_human(seat):
                return seat
        return None

    def question_stands(self, seat: int) -> bool:
        """Was ``seat``'s question put to it while the table was still, and have the moves made since (animating
        now) left it standing, none of them its own? Secret picks: the others' cards going face down leave it to
        pick, and it may while they animate."""
        if self._standing is None or self._standing[0] != seat:
            return False
        steps, last = self.match.steps, self._standing[1]
        since = next((i + 1 for i in range(len(steps) - 1, -1, -1) if steps[i] is last), 0 if last is None else None)
        return since is not None and all(step.seat != seat for step in steps[since:])

    def my_turn(self) -> bool:
        return self.acting_human() is not None and not self.busy()

    def submit(self, action: Action, seat: int | None = None) -> bool:
        """A human's decision. Returns False (and says why) if the engine refuses it."""
        seat = self.acting_human() if seat is None else seat
        if seat is None:
            self.app.toasts.show(_("Wait for your turn."), "warn", 2)
            return False
        reason = self.state.why_illegal(seat, action)
        if reason:
            play_sound("error")
            self.app.toasts.show(tr(reason), "warn", 3)
            return False
        self.perform(seat, action)
        return True

    def legal(self, seat: int | None = None) -> tuple[Action, ...]:
        seat = self.acting_human() if seat is None else seat
        if seat is None or seat not in self.match.to_act():
            return ()
        return self.state.legal_actions(seat)

    def question(self, seat: int | None) -> Question | None:
        """What ``seat`` is asked out of turn, if it is (for prompts and the hand-off)."""
        if seat is None or seat not in self.match.to_act():
            return None
        return self.state.question(seat)

    # ------------------------------------------------------------------ to implement per game
    def sync(self) -> None:
        """Rebuild every visual from the current state (start, resume, undo, hand-off)."""

    def on_step(self, seat: int, action: Action, events: tuple[Event, ...]) -> None:
        """Animate what just happened (default: nothing; the log narrates it)."""

    def busy(self) -> bool:
        return False

    def animating(self) -> bool:
        """Does the table need frames (the app otherwise waits for input)? While events animate, a bot thinks or
        is about to play, Undo's countdown runs, or the results are about to open."""
        if self.busy() or self.thinking is not None:
            return True
        if self.match.is_over():
            return not self.results_shown
        if self.wait > 0 and self.undo_grace > 0:
            return True
        return any(not self.is_human(seat) for seat in self.match.to_act())

    # ------------------------------------------------------------------ skipping to the end
    def can_skip(self) -> bool:
        """Every human is out of play (their decisions are over until the round's or race's end) while bots play."""
        if self.skipping or not self.humans or self.match.is_over():
            return False
        game, state = self.match.game, self.state
        return all(game.out_of_play(state, seat) for seat in self.humans)

    def skip(self) -> None:
        """Play the rest of the round at once (the bots decide as they would), then show its summary."""
        if self.can_skip():
            self.skipping = True
            self.wait = 0.0

    def _stop_skipping(self, events: tuple[Event, ...]) -> None:
        if self.skipping and (self.match.is_over() or any(e.public_moment for e in events)
                              or any(self.is_human(s) for s in self.match.to_act())):
            self.skipping = False

    def go_on_button(self) -> Button | None:
        """The button a player clicks to go on when nothing is asked of anyone (a summary's Continue), if one
        is showing; the table run clicks it."""
        button = getattr(self, "continue_btn", None)
        if isinstance(button, Button) and button.visible and button.enabled:
            return button
        return None

    def draw_table(self, surface: pygame.Surface) -> None:
        raise NotImplementedError

    def handle_table_event(self, event: pygame.event.Event) -> bool:
        return False

    # ------------------------------------------------------------------ turn loop
    def enter(self) -> None:
        self.sync()
        if self._resumed:
            self._resumed = False
            if not self.match.is_over() and self._summary_closed_at != len(self.match.steps):
                self.reopen_summary(self.match.steps[-1])

    def reopen_summary(self, step) -> None:
        """A resumed match whose last move ended a round (a stage, a hand): open that round's summary again, as it
        was on screen when the match was left (a game with such a summary implements it; it calls
        :meth:`summary_closed` when the summary closes)."""

    def summary_closed(self) -> None:
        """A round's summary was closed: saved, so that a match resumed before the next move does not open it again."""
        self._summary_closed_at = len(self.match.steps)
        self._autosave()

    def exit(self) -> None:
        """Leaving the table (menu, restart): drop what only it needed and give the memory back."""
        self._drop_thinking()
        self.release_resources()
        memory.release()

    def release_resources(self) -> None:
        """Tables holding big surfaces (maps) let them go here."""

    def pause(self) -> None:
        self._covered = (self.state, self.viewer)

    def resume(self) -> None:
        """Back from what covered the table (the pause menu, the rules, the settings, a hand-off): rebuilt only if
        the match or the viewer changed meanwhile; else a round's summary, the cards picked or an animation on
        screen stays where it was. A change of language needs no rebuild: every word is composed as it is drawn
        (the caches of drawn words key on the language)."""
        covered = getattr(self, "_covered", None)
        if covered is None or covered[0] is not self.state or covered[1] != self.viewer:
            self.sync()

    def perform(self, seat: int, action: Action) -> None:
        try:
            events = self.match.act(seat, action)
        except IllegalAction as exc:  # a bot or a stale click: never crash, say it
            self.app.toasts.show(_("Move refused: {reason}").format(reason=tr(exc.args[0]) if exc.args else exc), "error")
            return
        self._drop_thinking()
        to_act = self.match.to_act()
        if self.hot_seat:
            if self.viewer is not None and (self.viewer not in to_act or any(e.public_moment for e in events)):
                # hide the hand until the next human is handed the screen; after something everyone watches
                # (a round's end, a reveal) even the same human takes the screen again through the hand-off
                self.viewer = None
        elif not self.hidden_info:
            nxt = [s for s in to_act if self.is_human(s)]
            if nxt:
                self.viewer = self.screen_holder = nxt[0]
        self._autosave()
        self._stop_skipping(events)
        if self.is_human(seat):
            self.notes.seen(seat)  # the next move puts a note away
        self.notes.collect(seat, events, self.match.names, self.humans, len(self.match.steps) - 1)
        self.on_step(seat, action, events)
        if self.is_human(seat):
            self._after_human_step(seat)
        if self.match.is_over():
            self.over_delay = 1.2 * max(self.pace, 0.2)

    def _autosave(self) -> None:
        slot = storage.slot_of(self.match)
        if self.match.is_over():
            storage.autosaver.clear(slot)
        else:
            data = self.match.to_save()
            if self.hot_seat:
                data[storage.SCREEN_HOLDER] = self.screen_holder
            if self._summary_closed_at == len(self.match.steps):
                data[storage.SUMMARY_CLOSED] = self._summary_closed_at
            storage.autosaver.save(data, slot)
        problem = storage.autosaver.take_problem()
        if problem and self.error is None:
            self.error = problem
            self.app.toasts.show(_("Autosave failed ({problem}); the match goes on.").format(problem=problem), "error")

    def _open_handoff(self, seat: int) -> None:
        from .scenes.handoff import HandoffScene

        self.handoff_open = True
        question = self.question(seat)  # a table may word it with the players' names

        def ready() -> None:
            self.handoff_open = False
            self._handoff = None
            self.viewer = self.screen_holder = seat
            self._autosave()  # the screen changed hands: the last mover's undo is over, resumed or not
            self.sync()

        undo = None
        holder = self.undo_seat()  # the player who just moved (a shared open screen: the last human who did)
        if holder is not None and holder != seat and self.undo_blocker() is None:
            name = self.seat_name(holder)
            undo = (f"Undo {name}'s move", self.undo, lambda: fill(_("Undo {player}'s move"), player=name))
        play_sound("ding")
        self.app.toasts.drop("warn")  # the last player's refusals ("You cannot play …") may name a card of theirs
        def answered() -> bool:  # an auto-answer setting turned on from this screen's pause menu
            if self._auto_answer(seat) is None:
                return False
            self.handoff_open = False
            self._handoff = None
            self.viewer = None  # the screen was handed on: nobody's hand shows until the next hand-off
            return True

        self._handoff = HandoffScene(self.app, self.seat_name(seat), self.seat_colour(seat), ready,
                                     question=question, undo=undo, on_pause=self.open_pause, seat=seat,
                                     answered=answered)
        self.app.push(self._handoff)

    def _close_handoff(self) -> None:
        if self._handoff is not None:
            self.app.stack.remove(self._handoff)
        self._handoff = None
        self.handoff_open = False

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
        for seat in to_act:
            if self.is_human(seat):
                action = self._auto_answer(seat)
                if action is not None:  # answered by the player's own setting: nothing waits
                    self.perform(seat, action)
                    return
        humans = [s for s in to_act if self.is_human(s)]
        if self.hot_seat and humans and self.viewer not in humans:
            self._open_handoff(humans[0])
            return
        self._standing = (self.acting_human(), self.match.steps[-1] if self.match.steps else None)
        bots = [s for s in to_act if not self.is_human(s)]
        if not bots:
            return
        if self.wait > 0:
            self.wait -= dt
            return
        self.undo_grace = 0.0
        self._think(bots[0])

    def _think(self, seat: int) -> None:
        """A bot decides: on a thread of its own with a deadline in a real window (the table keeps drawing and
        answering Esc and Undo); in slices of this frame headless (tests and the smoke play the same moves
        for the same frames)."""
        if self.thinking is None or self.thinking_seat != seat:
            view = self.state.view(seat)
            legal = self.state.legal_actions(seat)
            seed = (self.match.seed * 7919 + len(self.match.steps) * 31 + seat) & 0xFFFFFFFF
            self.thinking = self.bots[seat].start(view, legal, seed)
            self.thinking_seat = seat
            if self.app.bot_threads and not self.thinking.done:
                level = self.match.seats[seat].controller
                self._worker = BotWorker(self.thinking, THINK_SECONDS.get(level, 2.5))
        if self._worker is not None:
            if not self._worker.done:
                return
            if self._worker.error is not None:
                raise self._worker.error
        elif self.app.headless and self.pace == 0:
            self.thinking.step()
        else:
            end = time.perf_counter() + THINK_SLICE_S
            while not self.thinking.step(8) and time.perf_counter() < end:
                pass
        if self.thinking.done and self.thinking.action is not None:
            action = self.thinking.action
            if self._holds_for_undo(seat, action):
                return
            self.perform(seat, action)
            self.wait = self.beat_after(action) * self.pace

    def _drop_thinking(self) -> None:
        """Forget a decision in progress (a move was made, a step taken back, the table left)."""
        if self._worker is not None:
            self._worker.cancel()
            self._worker = None
        self.thinking, self.thinking_seat = None, None

    def beat_after(self, action: Action) -> float:
        """Seconds a bot's move stays readable before the next move (at normal speed)."""
        return self.bot_beat

    def _refresh_chrome(self) -> None:
        now = (len(self.match.log), language())
        # a move, or the language changed at the settings; a move's lines once it has been shown (they told "Bob
        # throws 6" under a die still rolling, every card of a reveal while they still turned one by one)
        held = self.busy() and self._log_len is not None and now[1] == self._log_len[1] and now[0] > self._log_len[0]
        if now != self._log_len and not held:
            self._log_len = now  # (the first line is composed here, in words of now)
            colours = self.match.seats
            lines = self.match.log
            intro = [(self.intro_line(), None)] if len(lines) <= 300 else []
            self.log.set_entries(intro + [(line.text, colours[line.seat].colour if line.seat is not None else None)
                                          for line in lines[-300:]])
        self.skip_btn.visible = not self.results_btn.visible and self.can_skip()
        reason = self.undo_blocker()
        self.undo_btn.set_enabled(reason is None, reason or "")
        # several humans at the screen: whose move Undo takes back (as the pause menu says it)
        holder = self.undo_seat() if reason is None and len(self.humans) >= 2 else None
        self.undo_btn.tooltip = None if holder is None else fill(_("Undo {player}'s move"), player=self.seat_name(holder))
        self.undo_btn.glow = 1.0 if reason is None and self.wait > 0 and self.undo_grace > 0 else 0.0

    # ------------------------------------------------------------------ commands
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
        match.slot = self.match.slot  # the new match takes this one's place (its players asked for it)
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
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.notes.handle_click(event.pos, self):
            return True
        if self.handle_table_event(event):
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG_DEEP)
        self.draw_table(surface)
        self.notes.draw(surface, self)
        self.draw_top_bar(surface)
        self.draw_widgets(surface)
        self.draw_undo_countdown(surface)

    def keep_visible(self) -> list[pygame.Rect]:
        """The controls, and the turn prompt in the top bar."""
        return super().keep_visible() + [self.prompt_rect()]

    def intro_line(self) -> str:
        """The move log's first line: what is being played and by whom (never empty at the start)."""
        game = self.match.game
        names = self.match.names
        teams = game.teams(self.match.config)
        if teams:
            groups = {}
            for seat, team in enumerate(teams):
                groups.setdefault(team, []).append(names[seat])
            # TRANSLATORS: between two teams in the move log's first line ("Ann & Cleo; Bob & Dan"); French " ; "
            who = tr(C_("between teams", "; ")).join(" & ".join(g) for _, g in sorted(groups.items()))
            return _("{game} · {setup}: {players}.").format(game=game.name, setup=tr(game.config_label(self.match.config)),
                                                            players=who)
        return _("{game} · {setup}: {players}.").format(game=game.name, setup=tr(game.config_label(self.match.config)),
                                                        players=join_names(names))


