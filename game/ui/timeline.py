"""A timeline of scheduled callbacks for a scene's animations: ``at(delay, fn)``, ``update(dt)``, ``busy``.

Scenes schedule what an engine step's events should look like (a card flies at 0.1 s, a banner at
0.5 s…); the scene is ``busy`` (bots wait, clicks are held) until everything has run.
"""

from __future__ import annotations

from typing import Callable


class Timeline:
    def __init__(self) -> None:
        self.clock = 0.0
        self.items: list[tuple[float, int, Callable[[], None]]] = []
        self._n = 0

    def at(self, delay: float, fn: Callable[[], None]) -> None:
        self._n += 1
        self.items.append((self.clock + max(0.0, delay), self._n, fn))

    def update(self, dt: float) -> None:
        self.clock += dt
        due = [item for item in self.items if item[0] <= self.clock]
        if due:
            self.items = [item for item in self.items if item[0] > self.clock]
            for _, _, fn in sorted(due):
                fn()

    @property
    def busy(self) -> bool:
        return bool(self.items)

    def clear(self) -> None:
        self.items.clear()


class Banner:
    """A floating message that fades in and out (e.g. "Bob wins the attack")."""

    def __init__(self, text: str, pos, colour, duration: float):
        self.text, self.pos, self.colour = text, pos, colour
        self.life = self.duration = max(0.6, duration)

    def update(self, dt: float) -> bool:
        self.life -= dt
        return self.life > 0

    def draw(self, surface, size: int = 22) -> None:
        import pygame

        from . import theme

        k = min(1.0, self.life / 0.3, (self.duration - self.life) / 0.2 + 0.2)
        img = theme.text(self.text, size, theme.INK, "bold")
        rect = img.get_rect().inflate(28, 14)
        rect.center = (self.pos[0], self.pos[1] - (1 - k) * 10)
        panel = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (*theme.BG_DEEP, int(220 * k)), panel.get_rect(), border_radius=12)
        pygame.draw.rect(panel, (*self.colour, int(255 * k)), panel.get_rect(), width=3, border_radius=12)
        surface.blit(panel, rect)
        img = img.copy()
        img.set_alpha(int(255 * k))
        surface.blit(img, img.get_rect(center=rect.center))
