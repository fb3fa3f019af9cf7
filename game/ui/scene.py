"""Scenes and the scene stack (push/pop/replace with enter/pause/resume/exit)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:  # pragma: no cover
    from ..app import App


class Scene:
    """One screen. ``overlay`` scenes draw on top of the scene below them (dialogs, pause)."""

    overlay = False
    name = "scene"

    def __init__(self, app: "App"):
        self.app = app

    # lifecycle
    def enter(self) -> None: ...
    def exit(self) -> None: ...
    def pause(self) -> None: ...
    def resume(self) -> None: ...

    # frame
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Return True when the event was consumed."""
        return False

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...

    def keep_visible(self) -> list[pygame.Rect]:
        """Rects a tooltip or a toast must not cover (see UIScene)."""
        return []

    def animating(self) -> bool:
        """True while something moves (bench measures frame times during animation)."""
        return False


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()

    def clear_to(self, scene: Scene) -> None:
        """Pop everything and show ``scene`` alone (e.g. back to the main menu)."""
        while self.scenes:
            self.scenes.pop().exit()
        self.push(scene)

    def remove(self, scene: Scene) -> None:
        if scene is self.top:
            self.pop()
        elif scene in self.scenes:
            self.scenes.remove(scene)
            scene.exit()

    def handle_event(self, event: pygame.event.Event) -> bool:
        top = self.top
        return bool(top and top.handle_event(event))

    def update(self, dt: float) -> None:
        top = self.top
        if top:
            top.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.scenes:
            return
        start = len(self.scenes) - 1
        while start > 0 and self.scenes[start].overlay:
            start -= 1
        for scene in self.scenes[start:]:
            scene.draw(surface)
