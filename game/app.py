"""The App: one window, a 1280x720 logical canvas scaled to it, the clock, the scene stack, settings."""

from __future__ import annotations

import os
import time

import pygame

from . import i18n, memory, startup_trace, storage
from .ui import text_audit, theme
from .ui.scene import Scene, SceneStack
from .ui.sound import Sound
from .ui.toast import Toasts
from .ui.widgets.tooltip import tooltips

FPS = 60
IDLE_POLL_S = 0.02  # nothing moving and nobody touching: look for input 50 times a second, draw nothing
# (SDL's own event.wait polls and costs ~2.5 % of a core on this machine; sleeping here costs ~0.3 %)
AWAKE_AFTER_INPUT_S = 1.0  # full frame rate this long after any input (hover effects, tooltips appearing)
MIN_WINDOW = (960, 540)  # the smallest window: the 1280x720 table scaled to 3/4 stays readable
MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


class NoDisplayError(RuntimeError):
    """No window can be opened (no display): said on stderr by main.py, never run invisibly."""


def _check_display(headless: bool) -> None:
    """SDL falls back to an invisible driver (offscreen) when there is no display: refuse that unless an
    invisible driver was asked for (tests, --smoke, the benchmark set SDL_VIDEODRIVER=dummy)."""
    driver = pygame.display.get_driver()
    asked = [d.strip().lower() for d in os.environ.get("SDL_VIDEODRIVER", "").split(",") if d.strip()]
    if not headless and driver in ("offscreen", "dummy", "evdev") and driver not in asked:
        raise NoDisplayError(f"no display was found (SDL could only start its {driver!r} driver)")


class App:
    def __init__(self, headless: bool = False):
        memory.tune_allocator()
        self.headless = headless
        self.bot_threads = not headless  # bots think on a thread of their own in a real window (tests may ask)
        try:
            pygame.display.init()
        except pygame.error as exc:
            raise NoDisplayError(f"no display was found (SDL says: {exc or 'no video driver'})") from None
        _check_display(headless)
        pygame.font.init()
        pygame.display.set_caption("Vélothèque")
        storage.clean_start_up()
        self.settings, settings_notice = storage.load_settings()
        i18n.set_language(self.settings.language or i18n.system_language())
        if headless:
            self.settings.fullscreen = False
        self.canvas = pygame.Surface((theme.W, theme.H))
        self.window = self._open_window()
        startup_trace.mark("window")
        self._set_icon()
        self._view = self._view_rect()
        if not headless:
            self._draw_splash()
        self.stack = SceneStack()
        self.clock = pygame.time.Clock()
        self.sound = Sound(enabled=self.settings.sound and not headless)
        self.toasts = Toasts()
        self.mouse = (0, 0)
        self.running = True
        self.time = 0.0
        # problems with outside files, shown on the menu until dismissed (keys of those dismissed)
        self.notices: list[storage.Notice] = [settings_notice] if settings_notice else []
        self.dismissed_notices: set[str] = set()

    # -- window
    def _draw_splash(self) -> None:
        """Something on screen at once, while the menu and the game tables load."""
        theme.backdrop(self.canvas)
        theme.blit_text(self.canvas, "Vélothèque", (theme.W // 2, theme.H // 2 - 20), 78, theme.ACCENT, "title",
                        anchor="center")
        theme.blit_text(self.canvas, i18n._("loading the games…"), (theme.W // 2, theme.H // 2 + 50), 20, theme.MUTED,
                        "italic", anchor="center")
        self.present()
        pygame.event.pump()
        startup_trace.mark("splash")

    def _open_window(self) -> pygame.Surface:
        if self.settings.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        w, h = self.settings.window_size
        w, h = max(MIN_WINDOW[0], int(w)), max(MIN_WINDOW[1], int(h))
        try:
            window = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        except pygame.error:  # a saved size this screen cannot give: the default size
            window = pygame.display.set_mode((theme.W, theme.H), pygame.RESIZABLE)
        self._set_minimum_size()
        return window

    def _set_minimum_size(self) -> None:
        """Ask the window system not to let the window shrink below MIN_WINDOW."""
        import warnings

        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                pygame.Window.from_display_module().minimum_size = MIN_WINDOW
        except (AttributeError, pygame.error):  # pragma: no cover - older pygame or a driver without windows
            pass

    def _set_icon(self) -> None:
        try:
            from .ui.art import app_icon

            pygame.display.set_icon(app_icon())
        except pygame.error:  # pragma: no cover - some drivers refuse icons
            pass

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.settings.fullscreen
        self.window = self._open_window()
        storage.save_settings(self.settings)

    def apply_settings(self) -> None:
        self.sound.enabled = self.settings.sound and not self.headless
        if self.settings.language and self.settings.language != i18n.language():
            i18n.set_language(self.settings.language)  # every scene draws its words anew: no restart
        storage.save_settings(self.settings)

    def _view_rect(self) -> pygame.Rect:
        ww, wh = self.window.get_size()
        scale = min(ww / theme.W, wh / theme.H)
        w, h = round(theme.W * scale), round(theme.H * scale)
        return pygame.Rect((ww - w) // 2, (wh - h) // 2, w, h)

    def to_canvas(self, pos: tuple[int, int]) -> tuple[int, int]:
        v = self._view
        if v.w == theme.W and v.h == theme.H:
            return (pos[0] - v.x, pos[1] - v.y)
        return (int((pos[0] - v.x) * theme.W / v.w), int((pos[1] - v.y) * theme.H / v.h))

    # -- scenes
    def push(self, scene: Scene) -> None:
        self.stack.push(scene)

    def pop(self) -> None:
        self.stack.pop()

    def replace(self, scene: Scene) -> None:
        self.stack.replace(scene)

    def home(self) -> None:
        from .ui.scenes.menu import MenuScene

        self.stack.clear_to(MenuScene(self))

    def quit(self) -> None:
        self.running = False

    # -- frame
    def translate(self, event: pygame.event.Event) -> pygame.event.Event:
        if event.type in MOUSE_EVENTS:
            data = dict(event.dict)
            data["pos"] = self.to_canvas(event.pos)
            event = pygame.event.Event(event.type, data)
            self.mouse = event.pos
        return event

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE and not self.settings.fullscreen:
            self.settings.window_size = (max(MIN_WINDOW[0], event.w), max(MIN_WINDOW[1], event.h))
            self.window = pygame.display.get_surface()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        event = self.translate(event)
        if self.toasts.handle_event(event):
            return
        self.stack.handle_event(event)

    def step(self, dt: float, events: list[pygame.event.Event] | None = None) -> None:
        """One frame: events, update, draw (used by run, smoke, bench and tests)."""
        self._view = self._view_rect()
        for event in events if events is not None else pygame.event.get():
            self.handle(event)
            if not self.running:
                return
        self.time += dt
        tooltips.begin_frame()
        self.stack.update(dt)
        tooltips.end_frame()
        self.toasts.update(dt)
        self.draw()

    def draw(self) -> None:
        if text_audit.enabled:
            text_audit.begin_frame(self.canvas)
        self.stack.draw(self.canvas)
        top = self.stack.top
        keep = top.keep_visible() if top is not None else []
        tooltips.draw(self.canvas, keep)
        shown = tooltips.shown_rect()
        self.toasts.draw(self.canvas, keep + ([shown] if shown is not None else []))  # never over a tooltip
        self.present()

    def present(self) -> None:
        v = self._view
        if v.size == (theme.W, theme.H):
            if v.topleft != (0, 0):
                self.window.fill(theme.BG_DEEP)
            self.window.blit(self.canvas, v)
        else:
            self.window.fill(theme.BG_DEEP)
            self.window.blit(pygame.transform.smoothscale(self.canvas, v.size), v)
        pygame.display.flip()
        top = self.stack.top if hasattr(self, "stack") else None
        if top is not None and top.name == "menu":
            startup_trace.mark("menu")

    def wants_frames(self) -> bool:
        """Is anything moving (an animation, a bot thinking, a toast fading)? Otherwise the app waits for input."""
        return bool(self.toasts.items) or any(scene.animating() for scene in self.stack.scenes)

    def run(self) -> None:
        """Frames at up to 60 per second while something moves or a player is busy; when nothing moves the app
        sleeps until input and draws nothing (the screen already shows the last frame), so it burns no CPU
        while nobody plays."""
        last = time.perf_counter()
        last_input = last
        while self.running and self.stack.top is not None:
            events = pygame.event.get()
            now = time.perf_counter()
            if events:
                last_input = now
            elif now - last_input > AWAKE_AFTER_INPUT_S and not self.wants_frames():
                time.sleep(IDLE_POLL_S)
                last = time.perf_counter()  # nothing happened: no frame, and no time jump after
                continue
            dt = min(0.1, now - last)
            last = now
            self.step(dt, events)
            self.clock.tick(FPS)
        pygame.display.quit()  # the window goes at once; the last save and the settings are written after
        storage.autosaver.flush()
        if not self.settings.fullscreen:
            try:
                storage.save_settings(self.settings)
            except OSError:
                pass
        pygame.quit()
