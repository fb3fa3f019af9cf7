"""``python -m game.bench [--quick]``: performance figures as JSON lines.

* startup to menu (ms), cold, from source;
* frame time p50/p99 (ms) per scene while animating (menu, setup, rules, each game's table);
* bot decision time p50/p95 (ms) per game and level;
* engine speed: full random games per second per game variant, on one core;
* game-specific figures (e.g. loading a VeloMaster course).

Targets (see the issues): menu p99 <= 8 ms; cold start <= 1 s; Velonimo >= 200 random 4-player
games/s; Veldiv >= 500 Course Individuelle races/s; VeloMaster >= 20 Débutant races/s; Tour of Alameda
>= 500 random 4-player tours/s; Mille Bornes >= 300 random 2-player games/s; Normal bots p95 <= 150 ms,
Hard (Velonimo, Tour of Alameda, Mille Bornes) <= 1 s.
Engines whose table is not built yet (``registry.ENGINES_IN_PROGRESS``) get engine and bot lines too.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def emit(**data) -> None:
    print(json.dumps(data), flush=True)


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    return round(s[min(len(s) - 1, int(q * (len(s) - 1) + 0.5))], 3)


def bench_startup(runs: int) -> None:
    root = Path(__file__).resolve().parent.parent
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               VELOTHEQUE_HOME=tempfile.mkdtemp(prefix="velotheque-bench-"))
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        out = subprocess.run([sys.executable, "-c", "import game.bench as b; b._first_menu_frame()"], cwd=root,
                             env=env, capture_output=True, text=True, timeout=60)
        if out.returncode != 0:
            emit(metric="startup_to_menu_ms", error=out.stderr[-400:])
            return
        times.append((time.perf_counter() - t0) * 1000)
    emit(metric="startup_to_menu_ms", p50=pct(times, 0.5), max=round(max(times), 1), runs=runs, target_ms=400)


def packaged_executable() -> Path | None:
    """The one-folder build's launcher, if one was built (dist/velotheque/velotheque[.exe])."""
    root = Path(__file__).resolve().parent.parent / "dist" / "velotheque"
    for name in ("velotheque", "velotheque.exe"):
        if (root / name).is_file():
            return root / name
    return None


def bench_packaged_startup(runs: int) -> None:
    """The packaged app, launched as a double-click would: time until its window opens, its first
    frame (the loading splash) and the menu are on screen (start-up trace marks, see
    game/startup_trace.py). Skipped, and said so, when no build is present."""
    exe = packaged_executable()
    if exe is None:
        emit(metric="packaged_startup_ms", note="no build in dist/velotheque/: build it first (README)")
        return
    marks: dict[str, list[float]] = {"window": [], "splash": [], "menu": []}
    for _ in range(runs):
        trace = Path(tempfile.mkdtemp(prefix="velotheque-bench-")) / "trace.txt"
        env = dict(os.environ, SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"), SDL_AUDIODRIVER="dummy",
                   VELOTHEQUE_HOME=str(trace.parent), VELOTHEQUE_STARTUP_TRACE=str(trace))
        t0 = time.time()
        proc = subprocess.Popen([str(exe)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        seen: dict[str, float] = {}
        try:
            while time.time() - t0 < 30 and "menu" not in seen:
                if trace.exists():
                    for line in trace.read_text().splitlines():
                        label, _, stamp = line.partition(" ")
                        seen[label] = float(stamp)
                time.sleep(0.003)
        finally:
            proc.kill()
            proc.wait()
        for label in marks:
            if label in seen:
                marks[label].append((seen[label] - t0) * 1000)
    emit(metric="packaged_startup_ms", executable=str(exe.relative_to(exe.parents[2])), runs=runs,
         window_p50=pct(marks["window"], 0.5), splash_p50=pct(marks["splash"], 0.5),
         menu_p50=pct(marks["menu"], 0.5), menu_max=round(max(marks["menu"]), 1) if marks["menu"] else None,
         target_splash_ms=300, target_menu_ms=1000,
         note="from the launch to the first frame on screen (splash) and to the menu")


def memory_cases(quick: bool) -> list[tuple[str, str, int]]:
    """(game, variant, players) per table measured for memory: every variant (and every set-up an old id
    still names, ``GameSpec.named_configs``), at most players (the heaviest), or only each game's first
    variant when quick. ("menu", "", 0) is the menu alone."""
    from .registry import GAMES

    cases = [("menu", "", 0)]
    for game in GAMES.values():
        named = game.named_configs()
        for name, config in named[:1] if quick else named:
            cases.append((game.id, name, game.variant(config.variant).allowed_players()[-1]))
    return cases


def bench_memory(quick: bool) -> None:
    """Resident memory per scene, each in a fresh process (so one table's peak is not another's):
    menu, then for each table the way a player gets there (menu, setup, the table with bots at every
    seat playing for a while). Reports the resident set at the end and the peak (VmHWM)."""
    root = Path(__file__).resolve().parent.parent
    frames = 300 if quick else 1200
    for game_id, variant, players in memory_cases(quick):
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
                   VELOTHEQUE_HOME=tempfile.mkdtemp(prefix="velotheque-bench-"))
        code = f"import game.bench as b; b._memory_probe({game_id!r}, {variant!r}, {players}, {frames})"
        out = subprocess.run([sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True,
                             timeout=600)
        scene = "menu" if game_id == "menu" else f"table/{game_id}/{variant}/{players}p"
        if out.returncode != 0 or not out.stdout.strip():
            emit(metric="rss_mb", scene=scene, error=out.stderr[-400:])
            continue
        data = json.loads(out.stdout.strip().splitlines()[-1])
        emit(metric="rss_mb", scene=scene, resident=data["resident"], peak=data["peak"], frames=frames,
             target_mb=100)


def _memory_probe(game_id: str, variant: str, players: int, frames: int) -> None:
    """Child process of bench_memory: drive the app to one scene, print its resident and peak MB."""
    from . import memory
    from .app import App
    from .engine.match import Match, Seat
    from .ui import theme
    from .ui.scenes.setup import SetupScene
    from .ui.scenes_registry import TABLES

    app = App(headless=True)
    app.settings.animation_speed = "fast"
    app.home()
    for _ in range(30):
        app.step(1 / 60, [])
    if game_id != "menu":
        entry = TABLES[game_id]
        setup = SetupScene(app, entry)
        app.stack.push(setup)
        for _ in range(30):
            app.step(1 / 60, [])
        config = entry.spec.default_config(variant, players)
        seats = [Seat(f"Bot {i}", "easy", theme.SEAT_COLOURS[i % len(theme.SEAT_COLOURS)])
                 for i in range(config.players)]
        app.stack.clear_to(entry.scene(app, Match(entry.spec, config, 99, seats), entry))
        del setup
        for _ in range(frames):
            app.step(1 / 60, [])
    print(json.dumps({"resident": round(memory.resident_mb() or 0, 1), "peak": round(memory.peak_resident_mb() or 0,
                                                                                        1)}))


IDLE_SCENES = ("menu", "setup", "table")


def bench_idle(seconds: float) -> None:
    """CPU used while nobody plays (the app's own loop, as it runs for a player): the menu, a setup screen,
    a table waiting for a human. Each in a fresh process for ``seconds``; user + system CPU time over
    wall time. Target: at most 3 % of a core."""
    root = Path(__file__).resolve().parent.parent
    for scene in IDLE_SCENES:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
                   VELOTHEQUE_HOME=tempfile.mkdtemp(prefix="velotheque-bench-"))
        code = f"import game.bench as b; b._idle_probe({scene!r}, {seconds})"
        out = subprocess.run([sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True,
                             timeout=120 + seconds)
        if out.returncode != 0 or not out.stdout.strip():
            emit(metric="idle_cpu_percent", scene=scene, error=out.stderr[-400:])
            continue
        data = json.loads(out.stdout.strip().splitlines()[-1])
        emit(metric="idle_cpu_percent", scene=scene, cpu_percent=data["cpu_percent"], seconds=seconds,
             frames=data["frames"], target=3)


def _idle_probe(scene: str, seconds: float) -> None:
    """Child process of bench_idle: open ``scene``, let the app's own loop run untouched, print its CPU use."""
    import pygame

    from .app import App
    from .engine.match import Match, Seat
    from .ui import theme
    from .ui.scenes.setup import SetupScene
    from .ui.scenes_registry import TABLES

    app = App()
    app.home()
    entry = TABLES["velonimo"]
    if scene == "setup":
        app.stack.push(SetupScene(app, entry))
    elif scene == "table":
        config = entry.spec.default_config(None, 3)
        seats = [Seat("Ann", "human", theme.SEAT_COLOURS[0])] + [
            Seat(f"Bot {i}", "easy", theme.SEAT_COLOURS[i]) for i in (1, 2)]
        match = Match(entry.spec, config, 99, seats)
        table = entry.scene(app, match, entry)
        app.stack.clear_to(table)
        for _ in range(2000):  # until the human is asked (bots may play first), then it is all idle
            app.step(1 / 60, [])
            if table.my_turn():
                break
    frames = [0]
    real_step = app.step

    def counted(dt, events=None):
        frames[0] += 1
        real_step(dt, events)

    app.step = counted
    settle = 2.0  # the app's first second after the last input runs at full rate (hover effects): not idle yet
    marks: list[tuple[float, float, int]] = []

    def sample() -> None:  # CPU time of the whole process, taken from a thread that sleeps otherwise
        for wait in (settle, seconds):
            time.sleep(wait)
            t = os.times()
            marks.append((time.perf_counter(), t.user + t.system, frames[0]))

    import threading

    threading.Thread(target=sample, daemon=True).start()
    pygame.time.set_timer(pygame.event.Event(pygame.QUIT), int((settle + seconds) * 1000 + 300), loops=1)
    app.run()
    (t0, cpu0, f0), (t1, cpu1, f1) = marks
    print(json.dumps({"cpu_percent": round(100 * (cpu1 - cpu0) / (t1 - t0), 2), "frames": f1 - f0}))


def _first_menu_frame() -> None:
    """Child process of bench_startup: import, open the window, draw the menu once, exit."""
    from .app import App

    app = App(headless=True)
    app.home()
    app.step(1 / 60, [])


def _frame_times(app, frames: int) -> list[float]:
    times = []
    for _ in range(frames):
        t0 = time.perf_counter()
        app.step(1 / 60, [])
        times.append((time.perf_counter() - t0) * 1000)
    return times


def bench_frames(frames: int) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("VELOTHEQUE_HOME", tempfile.mkdtemp(prefix="velotheque-bench-"))
    from .app import App
    from .engine.match import Match, Seat
    from .ui import theme
    from .ui.scenes.menu import MenuScene
    from .ui.scenes.rules_viewer import RulesScene
    from .ui.scenes.setup import SetupScene
    from .ui.scenes_registry import playable

    app = App(headless=True)
    app.settings.animation_speed = "normal"
    app.stack.clear_to(MenuScene(app))
    _frame_times(app, 30)
    t = _frame_times(app, frames)
    emit(metric="frame_ms", scene="menu", p50=pct(t, 0.5), p99=pct(t, 0.99), frames=frames, target_p99_ms=8)
    for entry in playable():
        app.stack.clear_to(SetupScene(app, entry))
        _frame_times(app, 10)
        t = _frame_times(app, frames // 2)
        emit(metric="frame_ms", scene=f"setup/{entry.spec.id}", p50=pct(t, 0.5), p99=pct(t, 0.99))
        app.stack.clear_to(RulesScene(app, entry.spec.name, entry.rules_doc))
        _frame_times(app, 10)
        t = _frame_times(app, frames // 2)
        emit(metric="frame_ms", scene=f"rules/{entry.spec.id}", p50=pct(t, 0.5), p99=pct(t, 0.99))
        config = entry.spec.default_config()
        seats = [Seat(f"Bot {i}", "easy", theme.SEAT_COLOURS[i]) for i in range(config.players)]
        scene = entry.scene(app, Match(entry.spec, config, 99, seats), entry)
        app.stack.clear_to(scene)
        _frame_times(app, 30)
        t = _frame_times(app, frames * 2)
        emit(metric="frame_ms", scene=f"table/{entry.spec.id}", p50=pct(t, 0.5), p99=pct(t, 0.99),
             moves=len(scene.match.steps), note="bots playing, animations at normal speed")


def bench_bots(decisions: int, max_games: int = 40) -> None:
    """Decision time per game, variant and level, sampled where a seat has a real choice."""
    from .engine.bots import make_bot
    from .engine.protocol import LEVELS
    from .registry import ENGINES

    for game in ENGINES.values():
        for name, config in game.named_configs():
            for level in LEVELS:
                times: list[float] = []
                for seed in range(1, max_games + 1):
                    if len(times) >= decisions:
                        break
                    state = game.new_state(config, seed)
                    rnd = random.Random(seed)
                    step = 0
                    while not state.is_over() and len(times) < decisions:
                        seat = state.to_act()[0]
                        legal = state.legal_actions(seat)
                        if len(legal) > 1 and step % 3 == 0:
                            bot = make_bot(game, seat, level)
                            t0 = time.perf_counter()
                            action = bot.start(state.view(seat), legal, seed * 1000 + step).run()
                            times.append((time.perf_counter() - t0) * 1000)
                        else:
                            action = rnd.choice(legal)
                        state, _ = state.apply(seat, action)
                        step += 1
                if not times:
                    emit(metric="bot_decision_ms", game=game.id, variant=name, level=level, decisions=0,
                         note="no seat ever has more than one legal move here")
                    continue
                emit(metric="bot_decision_ms", game=game.id, variant=name, level=level,
                     p50=pct(times, 0.5), p95=pct(times, 0.95), decisions=len(times))


def bench_engine(seconds: float, windows: int = 3) -> None:
    """Full random games per second, per variant (and per set-up an old id names). The time is split into
    ``windows`` equal windows and the median window is reported with the slowest and fastest (this shared
    VM's speed drifts by +-20 % from one moment to the next, and one window would hide that)."""
    from .registry import ENGINES

    for game in ENGINES.values():
        for name, config in game.named_configs():
            games = actions = 0
            rates: list[float] = []
            rnd = random.Random(1)
            t_start = time.perf_counter()
            for _ in range(windows):
                t0 = time.perf_counter()
                done = 0
                while time.perf_counter() - t0 < seconds / windows or done == 0:
                    state = game.new_state(config, games + 1)
                    while not state.is_over():
                        seat = state.to_act()[0]
                        state, _ = state.apply(seat, rnd.choice(state.legal_actions(seat)))
                        actions += 1
                    games += 1
                    done += 1
                rates.append(done / (time.perf_counter() - t0))
            elapsed = time.perf_counter() - t_start
            rates.sort()
            emit(metric="engine_random_games_per_s", game=game.id, variant=name, players=config.players,
                 games_per_s=round(rates[len(rates) // 2], 1), slowest_window=round(rates[0], 1),
                 fastest_window=round(rates[-1], 1), actions_per_s=round(actions / elapsed),
                 games=games, seconds=round(elapsed, 2))


def bench_extras(quick: bool) -> None:
    from .registry import GAMES

    for game in GAMES.values():
        extra = getattr(game, "bench_extra", None)
        if extra is not None:
            for line in extra(quick):
                emit(**line)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.bench", description="Performance figures (JSON lines).")
    parser.add_argument("--quick", action="store_true", help="fewer samples (for CI)")
    parser.add_argument("--only", help="comma-separated sections to run: " + ", ".join(SECTIONS))
    args = parser.parse_args(argv)
    q = args.quick
    chosen = [s.strip() for s in args.only.split(",")] if args.only else list(SECTIONS)
    unknown = [s for s in chosen if s not in SECTIONS]
    if unknown:
        parser.error(f"unknown section(s) {', '.join(unknown)} (known: {', '.join(SECTIONS)})")
    for name in chosen:
        SECTIONS[name](q)
    return 0


SECTIONS = {
    "startup": lambda q: bench_startup(2 if q else 5),
    "packaged": lambda q: bench_packaged_startup(3 if q else 10),
    "memory": bench_memory,
    "idle": lambda q: bench_idle(5 if q else 20),
    "frames": lambda q: bench_frames(60 if q else 600),
    "engine": lambda q: bench_engine(0.15 if q else 3.0),
    "bots": lambda q: bench_bots(3 if q else 40),
    "extras": bench_extras,
    "courses": lambda q: bench_courses(q),
}



def bench_courses(quick: bool) -> None:
    """VeloMaster courses: loading a map (parse + validate + build) and drawing the course view.

    The frame figure draws a full-screen CourseView (1280x720) with its profile strip, 16 riders near the
    camera, a few highlighted cells with odds and a path, while the camera pans along the course.
    """
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("VELOTHEQUE_HOME", tempfile.mkdtemp(prefix="velotheque-bench-"))
    from .velomaster.tiled import bundled_course_files, forget_read_maps, load_course

    files = bundled_course_files()
    runs = 5 if quick else 20
    for path in files:
        load_course(path)  # warm the imports and the file cache
        times = []
        for _ in range(runs):
            forget_read_maps()  # each run reads and parses the map file, as the first table of a run does
            t0 = time.perf_counter()
            load_course(path)
            times.append((time.perf_counter() - t0) * 1000)
        emit(metric="course_load_ms", course=path.stem, p50=pct(times, 0.5), max=round(max(times), 1), runs=runs,
             target_ms=150)

    from .app import App
    from .ui import theme
    from .ui.scenes.base import UIScene
    from .velomaster.course_overlays import RiderMark
    from .velomaster.course_view import CourseView
    from .velomaster.profile_strip import ProfileStrip
    from .velomaster.rider_art import BIB_COLOURS

    class CourseBenchScene(UIScene):
        def __init__(self, app, course, path):
            super().__init__(app)
            self.course = course
            self.view = self.add(CourseView((0, 0, theme.W, theme.H), course, path))
            self.strip = self.add(ProfileStrip((16, theme.H - 126, theme.W - 32, 110), course, self.view))
            self.row = 0.0
            self.frame = 0

        def update(self, dt):
            self.frame += 1
            self.row = (self.row + 0.25) % max(1, self.course.finish_row - 8)
            if self.frame % 4 == 0:
                self.view.focus_row(self.row)  # eased: the camera is always moving
            base = int(self.row)
            cells = [c for r in range(base, base + 8) for c in self.course.row_cells(r)]
            self.view.riders = [RiderMark(c, theme.SEAT_COLOURS[i % 4], BIB_COLOURS[i // 4 % 4], crashed=(i == 9),
                                          selected=(i == 0)) for i, c in enumerate(cells[:16])]
            ahead = [c for r in range(base + 8, base + 10) for c in self.course.row_cells(r)]
            self.view.clear_highlights()
            self.view.highlight(ahead, theme.ACCENT, {c.id: f"{40 + 7 * c.lane}%" for c in ahead})
            if cells and ahead:
                self.view.set_path([cells[0], ahead[0]])
            super().update(dt)

        def draw(self, surface):
            self.draw_widgets(surface)

    app = App(headless=True)
    app.settings.animation_speed = "normal"
    frames = 120 if quick else 600
    for path in files:
        course = load_course(path)
        scene = CourseBenchScene(app, course, path)
        app.stack.clear_to(scene)
        _frame_times(app, 20)
        scene.view.art.wait_idle()
        _frame_times(app, 20)
        t = _frame_times(app, frames)
        emit(metric="frame_ms", scene=f"course/{path.stem}", p50=pct(t, 0.5), p99=pct(t, 0.99), frames=frames,
             zoom=scene.view.zoom, target_p99_ms=8, note="1280x720 map + profile, 16 riders, odds, path, panning")


if __name__ == "__main__":
    sys.exit(main())
