"""The table run: every game through its REAL table scene, headless, as ``simulate`` runs the engines.

``run_table`` opens a game's table in a headless App at instant animation speed, with humans and bots, and
plays it to the end (or a bound on steps): humans decide through the table (``submit`` of a legal action
drawn at random, the hand-off screen's button clicked, summaries' Continue clicked, Undo pressed now and
then), bots think as in the app. At every frame it checks what players would see:

* no exception, ever;
* **the screen's owner** is tracked by the run, not by the scene: with hidden information and two humans or
  more, the screen belongs to the human who last clicked through a hand-off; to nobody while a hand-off is
  shown, and to nobody from a step that ends with something everyone watches (``Event.public_moment``: the
  end of a stage, round or hand, a new deal, a public reveal) until the next hand-off. Each frame is drawn
  again with the state replaced by a world imagined from the owner's view (``spec.determinize``: every
  other seat's secrets dealt afresh, the public facts kept), and must give the same pixels;
* **undo is yours alone**: when Undo takes a step back, that step is the screen holder's own;
* **text** (:mod:`game.ui.text_audit`): nothing drawn over other text, cut at an edge, shortened with an
  ellipsis, or missing from the font;
* **numbers**: where a table tags the numbers it draws (``theme.blit_text(..., tag=…)``), each equals what
  the game's view says (:mod:`game.table_numbers`).

``table_configs`` lists set-ups that give every value of every option at least once (choices and yes/no
all, whole numbers at their minimum, default and maximum), at the smallest and largest player counts;
``count_configs`` each variant at every player count. ``python -m game.simulate GAME --tables`` runs them all
from the command line (``--sample N``: N of the first kind).
"""

from __future__ import annotations

import random
import traceback
from dataclasses import dataclass, field
from typing import Any

import pygame

from .engine.match import Match, Seat
from .engine.protocol import Config, ConfigError, GameSpec, Option, Variant

NAMES = ("Ann", "Bob", "Jeannie", "Dmitri", "Eddy", "Fausto", "Gino", "Hélène", "Ines", "Jacques", "Kim",
         "Lucien")
BOT_LEVELS = ("easy", "random")


# ---------------------------------------------------------------------------- which set-ups


def option_values(option: Option) -> list[Any]:
    """The values a table run gives ``option``: every choice, yes and no, or a number's ends and default."""
    if option.kind == "choice":
        return [value for value, _ in option.choices]
    if option.kind == "bool":
        return [False, True]
    return sorted({option.minimum, option.default, option.maximum})


def _variant_configs(spec: GameSpec, variant: Variant) -> list[Config]:
    """Configs of ``variant`` that cover each (option, value) with the option shown, at the variant's smallest
    and largest player counts (alternately). A combination the game refuses (an empty deck) is repaired by
    putting options back to their defaults one at a time; what is left out is covered by a later config."""
    counts = variant.allowed_players()
    sizes = [counts[0], counts[-1]] if counts[0] != counts[-1] else [counts[0]]
    uncovered = {(o.key, v) for o in variant.options for v in option_values(o)}
    configs: list[Config] = []
    while True:
        values = {o.key: o.default for o in variant.options}
        for o in variant.options:  # options that others depend on first: show an uncovered dependant
            wanted = [v for v in option_values(o) if (o.key, v) in uncovered]
            dependants = [(d, allowed) for d in variant.options for key, allowed in d.conditions if key == o.key
                          and any((d.key, v) in uncovered for v in option_values(d))]
            if dependants:
                showing = [v for v in option_values(o) if v in dependants[0][1]]
                wanted = [v for v in wanted if v in showing] or showing
            if o.shown(values) and wanted:
                values[o.key] = wanted[0]
        players = sizes[len(configs) % len(sizes)]
        config = _valid(spec, variant, players, values, counts)
        for o in reversed(variant.options):
            if config is not None:
                break
            values[o.key] = o.default
            config = _valid(spec, variant, players, values, counts)
        if config is None:
            return configs
        given = dict(config.options)
        newly = {(o.key, given.get(o.key)) for o in variant.options if o.shown(given)} & uncovered
        if not newly and len(configs) >= len(sizes):
            return configs  # what is left cannot be shown in any config the game accepts
        configs.append(config)
        uncovered -= newly
        if not uncovered and len(configs) >= len(sizes):
            return configs


def _valid(spec: GameSpec, variant: Variant, players: int, values: dict, counts) -> Config | None:
    for n in (players, *reversed(counts), *counts):
        try:
            return spec.validate_config(Config(variant.id, n, tuple(sorted(values.items()))))
        except ConfigError:
            continue
    return None


def table_configs(spec: GameSpec, sample: int | None = None, seed: int = 1) -> list[Config]:
    """Set-ups covering every option value of every variant (see the module); ``sample``: that many of them,
    always including each variant's first, chosen by ``seed``."""
    configs: list[Config] = []
    for variant in spec.variants:
        configs.extend(_variant_configs(spec, variant))
    if sample is None or sample >= len(configs):
        return configs
    rnd = random.Random(seed)
    firsts = {c.variant: c for c in reversed(configs)}
    chosen = list(firsts.values())
    rest = [c for c in configs if c not in chosen]
    rnd.shuffle(rest)
    return chosen + rest[:max(0, sample - len(chosen))]


def count_configs(spec: GameSpec) -> list[Config]:
    """Each variant's default set-up at every player count it allows (the layout of every count is checked)."""
    configs = []
    for variant in spec.variants:
        for players in variant.allowed_players():
            try:
                configs.append(spec.default_config(variant.id, players))
            except ConfigError:
                continue
    return configs


def controllers_for(config: Config, humans: int, seed: int) -> tuple[str, ...]:
    """``humans`` human seats (spread round the table), bots (Easy and Random) in the others."""
    n = config.players
    humans = max(0, min(humans, n))
    human_seats = {round(i * n / humans) % n for i in range(humans)} if humans else set()
    rnd = random.Random(seed)
    return tuple("human" if s in human_seats else rnd.choice(BOT_LEVELS) for s in range(n))


# ---------------------------------------------------------------------------- one run


@dataclass
class TableRunReport:
    game: str
    config: Config
    controllers: tuple[str, ...]
    seed: int
    steps: int = 0
    frames: int = 0
    finished: bool = False
    undos: int = 0
    handoffs: int = 0
    privacy_frames: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def title(self) -> str:
        from .registry import ENGINES

        spec = ENGINES[self.game]
        defaults = dict(spec.default_config(self.config.variant, self.config.players).options)
        options = ", ".join(f"{k}={v}" for k, v in self.config.options if defaults.get(k) != v) or "defaults"
        return (f"{self.game} {self.config.variant} {self.config.players}p [{options}] "
                f"seats={','.join(self.controllers)} seed={self.seed}")

    def summary(self) -> str:
        state = "finished" if self.finished else "stopped"
        return (f"{self.title()}: {state} after {self.steps} steps / {self.frames} frames, {self.handoffs} hand-offs, "
                f"{self.undos} undos, {self.privacy_frames} frames redrawn for privacy, "
                f"{len(self.problems)} problems")


class ScreenOwner:
    """Who may see private things now, as the run (not the scene) knows it (see the module)."""

    def __init__(self, match: Match, hot_seat: bool):
        self.match = match
        self.hot_seat = hot_seat
        humans = [i for i, s in enumerate(match.seats) if s.is_human]
        self.owner: int | None = humans[0] if len(humans) == 1 else None
        self.holder: int | None = self.owner  # the human who last took the screen (undo is theirs)

    def handoff_shown(self) -> None:
        self.owner = None

    def took_screen(self, seat: int) -> None:
        self.owner = self.holder = seat

    def stepped(self, events) -> None:
        if self.hot_seat and any(getattr(e, "public_moment", False) for e in events):
            self.owner = None


def _table_of(app) -> Any:
    from .ui.match_scene import MatchScene

    for scene in reversed(app.stack.scenes):
        if isinstance(scene, MatchScene):
            return scene
    return None


class TableRun:
    """One game's real table driven to the end with checks at every frame (see the module)."""

    def __init__(self, app, entry, config: Config, controllers: tuple[str, ...], seed: int, max_steps: int = 300,
                 undo_rate: float = 0.08, click_rate: float = 0.15, pixels: bool = True, numbers=None,
                 dt: float = 1 / 60, english_left: bool = False, frames_dir: str | None = None):
        from .ui import theme

        self.app = app
        self.entry = entry
        self.spec: GameSpec = entry.spec
        self.rnd = random.Random(seed)
        seats = [Seat(NAMES[i % len(NAMES)], controllers[i], theme.SEAT_COLOURS[i % len(theme.SEAT_COLOURS)])
                 for i in range(config.players)]
        self.match = Match(self.spec, config, seed, seats)
        self.report = TableRunReport(self.spec.id, self.match.config, tuple(controllers), seed)
        self.max_steps = max_steps
        self.undo_rate = undo_rate
        self.click_rate = click_rate
        self.dt = dt
        self.humans = [i for i, s in enumerate(seats) if s.is_human]
        self.hidden = self.spec.has_hidden_information(self.match.config)
        self.tracker = ScreenOwner(self.match, self.hidden and len(self.humans) >= 2)
        self.pixels = pixels and len(self.humans) >= 2
        self.numbers = numbers
        self.english_left = english_left  # the pseudo-language is on: report plain English drawn
        self.frames_dir = frames_dir  # a picture of the screen at every human decision and hand-off, to look at
        self._pictures = 0
        self._english_seen: set[str] = set()
        self._seen_steps = 0
        self._idle = 0
        self.match.listeners.append(self._on_change)
        self._last_len = 0

    # -- bookkeeping
    def _on_change(self, match: Match) -> None:
        n = len(match.steps)
        if n > self._last_len:
            self.tracker.stepped(match.steps[-1].events)
        self._last_len = n

    def problem(self, text: str) -> None:
        where = f"step {len(self.match.steps)}, frame {self.report.frames}"
        if len(self.report.problems) < 50:
            self.report.problems.append(f"{where}: {text}")

    # -- the loop
    def run(self) -> TableRunReport:
        from .ui import text_audit

        scene = self.entry.scene(self.app, self.match, self.entry)
        self.app.stack.clear_to(scene)
        text_audit.take_problems()
        try:
            self._loop()
        except Exception:  # the run reports it with the set-up that made it
            self.problem("exception:\n" + traceback.format_exc())
        self.report.steps = len(self.match.steps)
        self.report.finished = self.match.is_over()
        self.match.listeners.remove(self._on_change)
        return self.report

    def _loop(self) -> None:
        from .ui.scenes.handoff import HandoffScene
        from .ui.scenes.results import ResultsScene

        frames_left = 200 * self.max_steps + 2000
        while frames_left > 0 and len(self.report.problems) < 50:
            frames_left -= 1
            top = self.app.stack.top
            if top is None or isinstance(top, ResultsScene) or len(self.match.steps) >= self.max_steps:
                return
            if isinstance(top, HandoffScene):
                self._at_handoff(top)
                continue
            table = _table_of(self.app)
            if table is None or top is not table:
                self._close_overlay(top)  # a sheet or a dialog a click opened: look, then close it
                continue
            if self._maybe_undo(table):
                continue
            if table.my_turn():
                if self.rnd.random() < self.click_rate:
                    self._random_click()  # a click anywhere on the table: its own controls, or a refusal
                else:
                    self._human_decides(table)
                continue
            button = table.go_on_button() if hasattr(table, "go_on_button") else None
            if button is not None:
                self._idle += 1
                if self._idle > 3:
                    self._idle = 0
                    self._click_through(button.rect)
                    continue
            self._frame([])
        self.problem(f"no end after {200 * self.max_steps + 2000} frames (stuck?)")

    def _frame(self, events) -> None:
        self.app.step(self.dt, events)
        self.report.frames += 1
        self._check_frame()

    def _window_pos(self, pos: tuple[int, int]) -> tuple[int, int]:
        """Where a point of the 1280x720 canvas is in the window (the smallest window scales it down)."""
        from .ui import theme

        view = self.app._view_rect()
        return (view.x + round(pos[0] * view.w / theme.W), view.y + round(pos[1] * view.h / theme.H))

    def _click_through(self, rect: pygame.Rect) -> None:
        pos = self._window_pos(rect.center)
        self._frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
        self._frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                     pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])

    def _picture(self, what: str) -> None:
        """The canvas as players see it now, saved under ``frames_dir`` (numbered in the order of the run)."""
        if self.frames_dir is None:
            return
        import os

        self._pictures += 1
        name = f"{self.spec.id}-{self.report.seed}-{self._pictures:04d}-step{len(self.match.steps)}-{what}.png"
        pygame.image.save(self.app.canvas, os.path.join(self.frames_dir, name))

    def _at_handoff(self, handoff) -> None:
        self.tracker.handoff_shown()
        self.report.handoffs += 1
        self._frame([])
        if self.app.stack.top is not handoff:
            return
        self._picture("handoff")
        undo = handoff.undo_btn
        if undo is not None and undo.visible and self.rnd.random() < self.undo_rate:
            self._undo_with(lambda: self._click_through(undo.rect))
            return
        seat, ready = handoff.seat, handoff.on_ready

        def taken() -> None:  # the screen is the seat's from the click on, in the very frame the hand shows
            if seat is not None:
                self.tracker.took_screen(seat)
            ready()

        handoff.on_ready = taken
        self._click_through(handoff.ready.rect)

    def _close_overlay(self, top) -> None:
        self._frame([])
        if self.app.stack.top is not top or self.rnd.random() < 0.7:
            return
        self._frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)])
        if self.app.stack.top is top and _table_of(self.app) is not None:
            self.app.stack.remove(top)  # an overlay Esc does not close: as if its Close button were clicked

    def _random_click(self) -> None:
        from .ui import theme
        from .ui.layout import TOP_H

        pos = self._window_pos((self.rnd.randrange(theme.W), self.rnd.randrange(TOP_H + 4, theme.H)))
        button = 3 if self.rnd.random() < 0.1 else 1
        self._frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
        self._frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
                     pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)])

    def _human_decides(self, table) -> None:
        seat = table.acting_human()
        legal = table.legal(seat)
        if not legal:
            self.problem(f"{self.match.seats[seat].name} must act but the table offers no legal move")
            self._frame([])
            return
        self._picture(f"seat{seat}")
        action = self.rnd.choice(legal)
        if not table.submit(action, seat):
            self.problem(f"the table refused a legal move {action!r}")
        if not self.tracker.hot_seat and seat is not None:
            self.tracker.holder = seat
        self._frame([])

    def _maybe_undo(self, table) -> bool:
        if not self.humans or self.rnd.random() >= self.undo_rate / 4 or not table.undo_btn.visible:
            return False
        if table.undo_blocker() is not None:
            return False
        self._undo_with(lambda: self._click_through(table.undo_btn.rect))
        return True

    def _undo_with(self, press) -> None:
        before = list(self.match.steps)
        holder = self._screen_holder()
        press()
        if len(self.match.steps) < len(before):
            self.report.undos += 1
            undone = before[len(self.match.steps):]
            # the holder's own step, and (one human among bots, as chess programs do) the bots' steps after it, with
            # the holder's answers the table gave by itself on the way
            for k, step in enumerate(undone):
                mine = step.seat == holder or (k > 0 and len(self.humans) == 1 and
                                               not self.match.seats[step.seat].is_human)
                if not mine:
                    self.problem(f"undo took back {self.match.seats[step.seat].name}'s step while the screen was "
                                 f"{self.match.seats[holder].name if holder is not None else 'nobody'}'s")
            table = _table_of(self.app)
            if undone and table is not None and table._auto_answer(undone[0].seat) == undone[0].action:
                self.problem(f"undo took back only an answer the table gives again by itself ({undone[0].action!r}): "
                             "nothing the player decided was undone")
            self._last_len = len(self.match.steps)

    def _screen_holder(self) -> int | None:
        if self.tracker.hot_seat or len(self.humans) == 1:
            return self.tracker.holder
        table = _table_of(self.app)
        acting = table.acting_human() if table is not None else None
        return acting if acting is not None else self.tracker.holder

    # -- the checks of each frame
    def _check_frame(self) -> None:
        from .ui import text_audit

        for text in text_audit.take_problems():
            self.problem(f"text {text}")
        if self.english_left:
            from .i18n_pseudo import english_left

            names = (*self.match.names, *self.spec.proper_names(self.match.config))
            for text in english_left(text_audit.texts(self.app.canvas), names):
                if text not in self._english_seen:
                    self._english_seen.add(text)
                    self.problem(f"English left on screen: {text!r}")
        table = _table_of(self.app)
        if table is None or self.app.stack.top is not table:
            return
        if self.numbers is not None:
            for complaint in self.numbers(table, text_audit.tagged(self.app.canvas)):
                self.problem(f"numbers: {complaint}")
        if self.pixels and self.tracker.hot_seat:
            self._check_pixels(table)

    def _check_pixels(self, table) -> None:
        match = self.match
        if match.is_over():
            return
        owner = self.tracker.owner
        real = match.states[-1]
        try:
            imagined = self.spec.determinize(real.view(owner), self.rnd.getrandbits(63))
        except Exception as exc:  # a game that cannot imagine a world from this view
            self.problem(f"determinize(view({owner})) failed: {exc!r}")
            self.pixels = False
            return
        before = pygame.image.tobytes(self.app.canvas, "RGB")
        match.states[-1] = imagined
        try:
            self.app.draw()
            after = pygame.image.tobytes(self.app.canvas, "RGB")
        finally:
            match.states[-1] = real
            self.app.draw()
        self.report.privacy_frames += 1
        if after != before:
            who = match.seats[owner].name if owner is not None else "nobody"
            self.problem(f"privacy: the frame changes when the secrets {who} may not see are dealt differently "
                         f"(screen: {who}'s; {_diff_box(before, after)})")


def _diff_box(before: bytes, after: bytes) -> str:
    from .ui import theme

    a = pygame.image.frombytes(before, (theme.W, theme.H), "RGB")
    b = pygame.image.frombytes(after, (theme.W, theme.H), "RGB")
    mask = pygame.mask.from_threshold(a, (0, 0, 0), (1, 1, 1, 255), b, 1)
    mask.invert()
    rects = mask.get_bounding_rects()
    if not rects:
        return "pixels differ"
    box = rects[0].unionall(rects[1:])
    return f"pixels differ in {tuple(box)}"


def run_configs(entry, configs, humans_cycle=(2, 1), max_steps: int = 300, seed: int = 1, window=None,
                numbers=None, on_report=None, speed: str = "instant", language: str = "en",
                frames_dir: str | None = None) -> list[TableRunReport]:
    """Each config through the real table (a fresh headless App each time): the reports. ``language``: "en",
    "fr", or "pseudo" (the pseudo-language: every plain-English word drawn is a problem); ``frames_dir``: save
    the screen at each human decision and hand-off there (PNGs, to look at)."""
    from . import i18n
    from .app import App
    from .ui import text_audit

    text_audit.enable()
    reports = []
    try:
        for k, config in enumerate(configs):
            app = App(headless=True)
            if language == "pseudo":
                from .i18n_pseudo import use_pseudo

                use_pseudo()
            else:
                i18n.set_language(language)
            app.settings.animation_speed = speed
            app.settings.undo_window = 0.0
            if window is not None:
                app.settings.window_size = window
                app.window = app._open_window()
            humans = humans_cycle[k % len(humans_cycle)]
            run_seed = seed * 1000 + k
            controllers = controllers_for(config, humans, run_seed)
            dt = 1 / 60 if speed == "instant" else 1 / 20  # animations sampled every 50 ms: each is still drawn
            report = TableRun(app, entry, config, controllers, run_seed, max_steps=max_steps, numbers=numbers,
                              dt=dt, english_left=language == "pseudo", frames_dir=frames_dir).run()
            reports.append(report)
            if on_report is not None:
                on_report(report)
    finally:
        text_audit.disable()
        i18n.set_language(i18n.DEFAULT)
    return reports


def main_tables(game_id: str, sample: int | None, steps: int, seed: int, speed: str, quiet: bool,
                language: str = "en", frames_dir: str | None = None) -> int:
    """``python -m game.simulate GAME --tables``: every set-up (or a sample) through the real table; a JSON
    summary last; exit 1 on any problem."""
    import json
    import os
    import sys
    import tempfile
    import time

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if not os.environ.get("VELOTHEQUE_HOME"):
        os.environ["VELOTHEQUE_HOME"] = tempfile.mkdtemp(prefix="velotheque-tables-")
    from .table_numbers import checker
    from .ui.scenes_registry import TABLES

    entry = TABLES.get(game_id)
    if entry is None:
        print(f"{game_id} has no table yet", file=sys.stderr)
        return 1
    configs = table_configs(entry.spec, sample, seed)
    if sample is None:
        configs += [c for c in count_configs(entry.spec) if c not in configs]
    t0 = time.perf_counter()

    def said(report: TableRunReport) -> None:
        if not quiet or report.problems:
            print(report.summary(), file=sys.stderr)
        for text in report.problems:
            print(f"  PROBLEM {text}", file=sys.stderr)

    reports = run_configs(entry, configs, seed=seed, max_steps=steps, speed=speed, numbers=checker(game_id),
                          on_report=said, language=language, frames_dir=frames_dir)
    bad = [r for r in reports if r.problems]
    print(json.dumps({"game": game_id, "tables": len(reports), "with_problems": len(bad),
                      "finished": sum(r.finished for r in reports), "steps": sum(r.steps for r in reports),
                      "frames": sum(r.frames for r in reports), "hand_offs": sum(r.handoffs for r in reports),
                      "undos": sum(r.undos for r in reports),
                      "privacy_frames": sum(r.privacy_frames for r in reports),
                      "seconds": round(time.perf_counter() - t0, 1)}))
    return 1 if bad else 0
