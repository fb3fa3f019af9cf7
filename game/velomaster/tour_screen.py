"""The standings screen of a VeloMaster stage race ("Course à étapes"), shown when a stage ends: stage k of N
with its courses, the jersey holders (Maillot Or, Maillot Rouge, the champion's white jersey), the four
classifications (general time with gaps, climbers, teams, the stage's arrival order), the points sheet with
its "Cumulé" figures and its PNG export, and the decisions of the tour between stages: the Repêchage vote
(each director: a rider or nobody; a human at a shared screen is handed it, votes shown once all are in)
and the leader choice. "Start stage k+1" once nothing is pending; after the last stage, the results.

A :class:`~game.ui.match_scene.MatchScene`: its turn loop runs while the tour waits for decisions (bots
answer, humans click), and stops once the engine has moved on: the screen stays until it is clicked."""

from __future__ import annotations

import functools
import random
from typing import Callable

import pygame

from ..engine.match import Match
from ..i18n import N_, _, fill, language, ngettext, tr
from ..ui import theme
from ..ui.layout import TOP_H
from ..ui.match_scene import MatchScene
from ..ui.widgets import Button
from . import expert_table, points_sheet, tour_art
from .race_panel import BIBS
from .rules.levels import LEVELS
from .rules.tour_actions import Reinstate
from .rules.tour_events import LeaderNamed, RepechageDecided, StageOver, StageStarted, TourOver
from .rules.variants import level_name
from .rules.view import VelomasterView
from .tour_standings import JERSEY_NAMES, Standings, rider_words, standings_of

PANEL_Y = TOP_H + 96
PANEL_H = 366
PANEL_W = 305
DECISIONS = pygame.Rect(10, PANEL_Y + PANEL_H + 10, 860, theme.H - (PANEL_Y + PANEL_H + 10) - 10)
BUTTONS_X = DECISIONS.right + 10


class TourStandingsScene(MatchScene):
    name = "tour-standings"
    bot_beat = 0.8

    def __init__(self, app, match: Match, entry, news: tuple[Callable[[], str], ...] = ()):
        self._standings_of: object = None
        self._standings: Standings | None = None
        self._board_of: Standings | None = None  # the standings drawn on _board
        self._board: pygame.Surface | None = None
        super().__init__(app, match, entry)
        view = self.v
        self.news = list(news)  # what happened since the stage ended (leaders named, the repêchage decided…)
        self._news_after = [len(match.steps)] * len(self.news)  # the number of steps each piece of news follows
        self._finished: dict = {}  # the stage just run's race view, per seat it is seen by (finished_stage)
        self._shown_stage = self.standings().stage
        self._back_to_race = False
        self.colours = expert_table.team_colours(view, [s.colour for s in match.seats])
        self.log.visible = False  # the decisions panel tells what happens
        w = theme.W - BUTTONS_X - 10
        y = DECISIONS.y
        self.sheet_btn = self.add(Button((BUTTONS_X, y, w // 2 - 4, 40), N_("Points sheet"), self._sheet, size=16,
                                         hotkey=pygame.K_TAB, tooltip=N_("The stage's sheet with its Cumulé figures")))
        self.export_btn = self.add(Button((BUTTONS_X + w // 2 + 4, y, w // 2 - 4, 40), N_("Export PNG"), self._export,
                                          size=16, tooltip=N_("Save the points sheet as a picture")))
        self.start_btn = self.add(Button((BUTTONS_X, DECISIONS.bottom - 64, w, 64), N_("Start stage"), self._start_next,
                                         "primary", size=22, hotkey=pygame.K_RETURN))
        self.decision_btns: list[Button] = []
        self._decisions_key: tuple | None = None
        self._handed: set[tuple] = set()  # (stage, decision, seat) a human was handed the screen for
        if match.is_over():  # the tour's end: the standings first, the results on a click
            self.results_shown = True
            self.results_btn.visible = True
        self._refresh_buttons()

    # ------------------------------------------------------------------ what is shown
    def news_lines(self) -> list[str]:
        """What happened since the stage ended, in the language in use."""
        return [words() for words in self.news]

    @property
    def v(self) -> VelomasterView:
        return self.view_of(None)

    def standings(self) -> Standings:
        view = self.v  # cached per state by view_of: the lines are built once per move (and language)
        if self._standings_of != (view, language()):
            self._standings_of, self._standings = (view, language()), standings_of(view, self.match.names)
        return self._standings

    def waiting(self) -> bool:
        """The tour waits for decisions between stages (the turn loop runs); otherwise the screen only waits
        for its button."""
        return not self.match.is_over() and self.standings().between

    def subtitle(self) -> str:
        st = self.standings()
        if st.over:
            return _("Tour of {n} stages · final standings").format(n=st.stages)
        return _("Tour · after stage {stage} of {n} ({course})").format(
            n=st.stages, stage=st.stage, course=st.course_of(st.stage).capitalize())

    def status(self) -> str:
        st = self.standings()
        if self.match.is_over():
            return _("The tour is over: the final standings.")
        if not st.between:
            nxt = st.next_stage
            return _("Stage {n} ({course}) is ready: start it when you are.").format(
                n=nxt, course=st.course_of(nxt).capitalize())
        return super().status()

    def go_on_button(self):
        """"Start stage k+1" (or "See the results") once nothing is asked of anyone: a player clicks it to go on."""
        button = self.start_btn
        return button if button.visible and button.enabled and not self.waiting() else None

    def sync(self) -> None:
        """After an undo that takes the tour back into the stage's race (its last move), the race table."""
        self._decisions_key = None
        self._back_to_race = self.standings().stage < self._shown_stage  # done in update, once on top
        steps = len(self.match.steps)  # an undo: the news of the steps taken back is no news
        kept = [(n, words) for n, words in zip(self._news_after, self.news, strict=True) if n <= steps]
        self._news_after, self.news = [n for n, _w in kept], [words for _n, words in kept]

    # ------------------------------------------------------------------ turn loop
    def update(self, dt: float) -> None:
        if self._back_to_race and self.app.stack.top is self:
            from .tour_table import velomaster_table

            self.app.stack.replace(velomaster_table(self.app, self.match, self.entry))
            return
        self._refresh_buttons()
        if self.waiting() and self._hand_over():
            return
        self._rebuild_decisions()
        if self.waiting():
            super().update(dt)  # bots answer; the human at the screen clicks
            return
        for widget in self.widgets:
            if widget.visible:
                widget.update(dt, self.app.mouse)
        self._refresh_chrome()

    def _refresh_buttons(self) -> None:
        st = self.standings()
        self.start_btn.visible = not st.between
        if self.match.is_over():
            self.start_btn.label = _("See the results")
        else:
            nxt = st.next_stage
            self.start_btn.label = _("Start stage {n} · {course}").format(n=nxt, course=st.course_of(nxt).capitalize()) \
                if nxt else _("Start")

    def _hand_over(self) -> bool:
        """Two humans or more at one screen: each voting human is handed the screen with the question, once per
        repêchage, so a secret vote stays secret until all are in (as the race table's accélération vote)."""
        tour = self.v.tour
        if self.hot_seat:  # hidden information (Pro's condition): the match scene hands over before each decision
            return False
        if len(self.humans) < 2 or self.handoff_open or tour.step != "repechage":
            return False  # a leader's choice is public: the question names who answers
        deciders = [s for s in self.match.to_act() if self.is_human(s)]
        if not deciders:
            return False
        key = (len(tour.stage_times), tour.step, deciders[0])
        if key in self._handed:
            return False
        self._handed.add(key)
        self._open_handoff(deciders[0])
        return True

    def undo(self) -> None:
        """A vote taken back is asked again: each director it awaits now is handed the screen for it again."""
        steps = len(self.match.steps)
        super().undo()
        if len(self.match.steps) < steps:
            self._handed = {key for key in self._handed if key[2] not in self.match.to_act()}

    def on_step(self, seat, action, events) -> None:
        self._decisions_key = None
        news = news_of(events, self.v, self.match.names)
        self.news.extend(news)
        self._news_after.extend([len(self.match.steps)] * len(news))

    def beat_after(self, action) -> float:
        return self.bot_beat

    def draw_table(self, surface) -> None:
        st = self.standings()
        if self._board_of is not st:  # the standings change with a move only: drawn once, then blitted
            self._board_of = st
            self._board = pygame.Surface((theme.W, theme.H))
            self._draw_board(self._board, st)
        surface.blit(self._board, (0, 0))
        self._draw_decisions(surface, st)

    def _draw_board(self, surface, st: Standings) -> None:
        """The backdrop, the stages, the jerseys and the four classifications."""
        theme.backdrop(surface)
        view = self.v
        tour_art.draw_stages(surface, pygame.Rect(10, TOP_H + 10, 560, 78), st.stage, st.stages, st.courses,
                             st.between, st.over)
        self._draw_jerseys(surface, pygame.Rect(580, TOP_H + 10, theme.W - 590, 78), st)
        champion = stage_champion_kind(st, view)
        panels = [(_("GENERAL · MAILLOT OR"), st.general, "or"), (_("CLIMBERS · MAILLOT ROUGE"), st.climbers, "rouge"),
                  (_("TEAMS"), st.teams, ""), (_("STAGE {n} · ARRIVALS").format(n=st.stage), st.arrival, "")]
        for i, (title, lines, kind) in enumerate(panels):
            rect = pygame.Rect(10 + i * (PANEL_W + 10), PANEL_Y, PANEL_W, PANEL_H)
            held = st.arrival_jerseys if lines is st.arrival else st.jerseys  # (the stage's riders as they rode it)
            tour_art.draw_classification(surface, rect, title, lines, self.colours, BIBS, view, held, kind,
                                         champion, _("No points yet.") if kind == "rouge" else _("Nobody yet."))

    def _draw_jerseys(self, surface, rect: pygame.Rect, st: Standings) -> None:
        theme.panel(surface, rect, theme.PANEL_LO, shadow=False)
        theme.blit_text(surface, _("JERSEYS"), (rect.x + 12, rect.y + 8), 12, theme.MUTED, "bold")
        champion = stage_champion_kind(st, self.v)
        holders = [(k, st.jerseys.get(k, -1)) for k in ("or", "rouge", "champion")]
        holders = [(k, s) for k, s in holders if s is not None and s >= 0]
        if not holders:
            theme.blit_text(surface, _("No jersey yet."), (rect.x + 12, rect.y + 34), 15, theme.FAINT)
            return
        w = (rect.w - 24) // len(holders)
        for i, (kind, slot) in enumerate(holders):
            x = rect.x + 12 + i * w
            surface.blit(tour_art.jersey(kind, 40, champion), (x, rect.y + 28))
            name = _(JERSEY_NAMES[kind]) if kind != "champion" else _("Stage {n} winner").format(n=st.stage)
            theme.blit_text(surface, name, (x + 46, rect.y + 30), 13, theme.MUTED, "bold")
            who = rider_words(self.v, st.winner if kind == "champion" else slot, self.match.names)  # (as it rode)
            note = st.winner_note if kind == "champion" else ""
            whole = f"{who} {note}" if note else who
            size = 16 if theme.font(16, "bold").size(whole)[0] <= w - 52 else 14  # three jerseys: narrower columns
            short = st.winner_short_note if kind == "champion" else ""
            theme.blit_text(surface, tour_art.fit_noted(who, note, w - 52, size, "bold", short), (x + 46, rect.y + 48),
                            size, theme.INK, "bold")

    def _draw_decisions(self, surface, st: Standings) -> None:
        rect = DECISIONS
        theme.panel(surface, rect, theme.PANEL, shadow=False)
        nxt = st.next_stage
        title = _("THE TOUR IS OVER") if st.over else _("BEFORE STAGE {n}").format(n=nxt) if nxt else \
            _("BETWEEN STAGES")
        theme.blit_text(surface, title, (rect.x + 14, rect.y + 10), 12, theme.MUTED, "bold")
        y = rect.y + 30
        names = self.match.names
        asked = self._ask_lines(rect.w - 28)  # the question over the buttons
        bottom = self.decision_btns[0].rect.y - 7 - 19 * len(asked) if self.decision_btns else rect.bottom - 8
        for words in self.news_lines()[-3:]:
            for row in theme.wrap(words, rect.w - 28, 15)[:2]:
                if y + 18 > bottom:
                    break
                theme.blit_text(surface, row, (rect.x + 14, y), 15, theme.INK)
                y += 19
        if self.news:
            y += 4
        if not st.decisions and not self.news:
            words = (_("Final standings: the results rank the directors by their best rider.") if st.over else
                     _("Nothing to decide: every team starts the next stage with its riders as they are."))
            theme.blit_text(surface, words, (rect.x + 14, y), 16, theme.INK)
        for d in st.decisions:
            if y + 22 > bottom:
                break
            theme.blit_text(surface, _(d.title), (rect.x + 14, y), 16, theme.ACCENT, "bold")
            waiting = [names[s] for s in d.seats if s not in d.answered]
            done = [names[s] for s in d.answered]
            room = rect.w // 2 - 20
            right = d.outcome or votes_progress(done, waiting, room)
            theme.blit_text(surface, theme.fit(right, room, 14), (rect.right - 14, y + 2), 14,
                            theme.MUTED, anchor="topright")
            y += 22
            for row in theme.wrap(d.text, rect.w - 28, 14)[:2]:
                if y + 18 > bottom:
                    break
                theme.blit_text(surface, row, (rect.x + 14, y), 14, theme.INK)
                y += 18
            y += 4
        for i, row in enumerate(asked):
            theme.blit_text(surface, row, (rect.x + 14, bottom + 4 + 19 * i), 15, theme.ACCENT, "bold")

    def _ask_lines(self, width: int) -> list[str]:
        """The question of the human at the screen, over its buttons, on one line of ``width`` px at 15 px: with its
        reason, or where that does not fit (French, a long name) its title alone ("Marie-Hélène : Repêchage ?"), the
        decision's own lines above saying what is voted; never cut in the middle of the reason."""
        me = self.acting_human()
        if me is None or not self.decision_btns:
            return []
        names = self.match.names
        question = self.question(me)
        ask = _("{player}: {question} {reason}").format(player=names[me], question=tr(question.title),
                                                         reason=tr(question.reason)) if question is not None else \
            _("{player}, your choice:").format(player=names[me])
        if question is not None and theme.font(15, "bold").size(ask)[0] > width:  # (the panel above says the rest)
            ask = _("{player}: {question} {reason}").format(player=names[me], question=tr(question.title),
                                                             reason="").strip()
        return [theme.fit(ask, width, 15, "bold")]

    # ------------------------------------------------------------------ decisions
    def _rebuild_decisions(self) -> None:
        """A button per legal decision of the human at the screen ("Reinstate Bob's leader", "Nobody")."""
        me = self.acting_human() if self.waiting() and not self.busy() else None
        legal = self.legal(me) if me is not None else ()
        key = (me, legal)
        if key == self._decisions_key:
            return
        self._decisions_key = key
        for b in self.decision_btns:
            self.widgets.remove(b)
        self.decision_btns = []
        if not legal:
            return
        labels = [decision_words(action, self.v, self.match.names) for action in legal]
        widest = max(theme.font(15, "bold").size(label)[0] for label in labels)  # as the buttons write them
        per_row = next((n for n in (3, 2) if widest <= (DECISIONS.w - 28 - 8 * (n - 1)) // n - 16), 1)
        w = (DECISIONS.w - 28 - 8 * (per_row - 1)) // per_row
        rows = (len(legal) + per_row - 1) // per_row
        top = DECISIONS.bottom - 10 - rows * 42
        for i, (action, label) in enumerate(zip(legal, labels, strict=True)):
            x = DECISIONS.x + 14 + (i % per_row) * (w + 8)
            y = top + (i // per_row) * 42
            b = Button((x, y, w, 36), theme.fit(label, w - 16, 15, "bold"), lambda a=action: self.submit(a),
                       size=15, tooltip=label)
            self.decision_btns.append(self.add(b))

    # ------------------------------------------------------------------ buttons
    def _sheet(self) -> None:
        self.app.push(self._sheet_scene())

    def _sheet_scene(self) -> points_sheet.PointsSheetScene:
        """The points sheet of the stage just run, its riders' "Cumulé" figures after it."""
        st = self.standings()
        view, slots = self.finished_stage(self.private_seat())  # its owner's exact figures (Pro's condition)
        tour = self.v.tour
        cumulated = [(-1, 0)] * len(view.riders)
        for r, slot in enumerate(slots):
            if 0 <= slot < len(cumulated):
                cumulated[slot] = (tour.cum_time[r] if tour.status[r] == "in" else -1, tour.cum_points[r])
        course = self.match.game.course(view.course)
        stage = _("Stage {stage}/{stages}").format(stage=st.stage, stages=st.stages)
        level = LEVELS.get(view.level)
        titles = (f"{stage} · {expert_table_title(view)}",
                  f"{stage} · {view.course.capitalize()} · {tr(level_name(level)) if level is not None else view.level}")
        return points_sheet.PointsSheetScene(self.app, view, self.match.names, self.colours, len(course.feed_zones),
                                             titles, tuple(cumulated))

    def private_seat(self) -> int | None:
        """The seat whose secrets (Pro: its riders' exact condition) may be shown now: the one human among bots,
        or the human holding a shared screen; None while nobody does (see MatchScene.may_show_private)."""
        seat = self.viewer
        return seat if seat is not None and self.may_show_private(seat) else None

    def finished_stage(self, seat: int | None = None) -> tuple[VelomasterView, tuple[int, ...]]:
        """The race view of the stage just run, as ``seat`` sees it (None: the public view), and its tour riders'
        slots in it. Between stages and at the end it is the view on the table; once the engine has started the
        next stage, the last move of the stage is played again from the state before it (the match keeps every
        state) to see the finished race."""
        view = self.view_of(seat)
        if view.over or self.match.is_over():
            return view, view.tour.slots
        if seat not in self._finished:
            self._finished[seat] = (view, view.tour.slots)
            for i in range(len(self.match.steps) - 1, -1, -1):
                step = self.match.steps[i]
                if any(isinstance(e, StageOver) for e in step.events):
                    before = self.match.states[i]
                    race, _ = before.race.apply(step.seat, step.action)
                    self._finished[seat] = (race.view(seat), before.view(None).tour.slots)
                    break
        return self._finished[seat]

    def _export(self) -> None:
        self._sheet_scene().export()

    def _start_next(self) -> None:
        if self.match.is_over():
            self.show_results()
            return
        if self.waiting():
            return
        from .tour_table import TourRaceScene

        self.app.stack.replace(TourRaceScene(self.app, self.match, self.entry))

    def restart(self) -> None:
        from .tour_table import velomaster_table

        match = Match(self.match.game, self.match.config, random.randrange(1, 10**9), self.match.seats)
        match.slot = self.match.slot  # the new tour takes this one's place (its players asked for it)
        scene = velomaster_table(self.app, match, self.entry)
        self.app.stack.clear_to(scene)
        scene._autosave()


def champion_kind(view: VelomasterView) -> str:
    """The champion's jersey of the stage's course: "France" (Aurillac) or "World" (Salzburg)."""
    return "France" if view.course == "aurillac" else "World"


def stage_champion_kind(st: Standings, view: VelomasterView) -> str:
    """The champion's jersey of the stage the standings show (the last one ridden), not of the race view's course:
    once the next stage has started, the view is already on that stage's course."""
    if 1 <= st.stage <= len(st.courses):
        return "France" if st.courses[st.stage - 1] == "aurillac" else "World"
    return champion_kind(view)


def expert_table_title(view: VelomasterView) -> str:
    from .rules.variants import race_title

    return tr(race_title(view.level, view.course))


def decision_words(action, view: VelomasterView, names) -> str:
    """The words of a between-stages decision's button: "Bring back Bob's grey team-mate", "Nobody", "Make
    Ann's violet team-mate leader", "Keep Ann's leader"."""
    slots = view.tour.slots
    rider = action.rider
    who = rider_words(view, slots[rider], names) if 0 <= rider < len(slots) else _("nobody")
    if isinstance(action, Reinstate):
        return _("Nobody") if rider < 0 else _("Bring back {rider}").format(rider=who)
    r = view.riders[slots[rider]] if 0 <= rider < len(slots) else None
    if r is not None and r.role == "leader" and r.status != "abandoned":
        return _("Keep {rider}").format(rider=who)
    return fill(_("Make {rider} leader"), rider=who)


def news_of(events, view: VelomasterView, names) -> list[Callable[[], str]]:
    """What the decisions between stages did: for each, a function giving its words in the language in use when
    it is drawn (a change of language on the standings screen changes them too), the riders named as ``view``
    (the race as it was then) names them; a vote itself stays secret until all are in."""
    news: list[Callable[[], str]] = []
    for event in events:
        if isinstance(event, RepechageDecided):
            news.append(functools.partial(votes_words, event, view, names))
        elif isinstance(event, (LeaderNamed, StageStarted, TourOver)):
            news.append(functools.partial(event_words, event, names))
    return news


def votes_progress(done: list[str], waiting: list[str], room: int) -> str:
    """Who has answered a decision and who is awaited, by name, in ``room`` px at 14 px: with many directors the
    answered counted, then the awaited too ("answered: Ann · waiting for Bob", "3 answered · waiting for Bob",
    "3 answered · waiting for 5 directors")."""
    said = _("answered: {names}").format(names=", ".join(done)) if done else ""
    if not waiting:
        return said
    awaited = _("waiting for {names}").format(names=", ".join(waiting))
    counted = ngettext("{n} answered", "{n} answered", len(done)).format(n=len(done)) if done else ""
    many = ngettext("waiting for {n} director", "waiting for {n} directors", len(waiting)).format(n=len(waiting))
    for left, right in ((said, awaited), (counted, awaited), (counted, many)):
        words = f"{left} · {right}" if left else right
        if theme.font(14).size(words)[0] <= room:
            return words
    return words


def event_words(event, names) -> str:
    return tr(event.text(names))


def votes_words(event: RepechageDecided, view: VelomasterView, names) -> str:
    """The repêchage's votes once all are in, and what they decided."""
    slots = view.tour.slots

    def who(r: int) -> str:
        return rider_words(view, slots[r], names) if 0 <= r < len(slots) else "?"

    votes = " · ".join(_("{player}: {vote}").format(player=names[s], vote=_("nobody") if v < 0 else who(v))
                       for s, v in enumerate(event.votes) if v >= -1)
    outcome = _("nobody is brought back") if event.rider < 0 else \
        _("{rider} is back in the race").format(rider=who(event.rider))
    if event.tie_broken:
        outcome = _("{outcome} (the stage winner's vote broke the tie)").format(outcome=outcome)
    return _("Votes — {votes}: {outcome}.").format(votes=votes, outcome=outcome)
