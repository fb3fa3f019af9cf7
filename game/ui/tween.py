"""Tweens: move a value or a point from A to B over time with easing; a Tweener runs many."""

from __future__ import annotations

import math
from typing import Callable

Point = tuple[float, float]


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    return 0.5 - 0.5 * math.cos(math.pi * t)


def ease_out_back(t: float) -> float:
    c = 1.70158
    return 1 + (c + 1) * (t - 1) ** 3 + c * (t - 1) ** 2


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def lerp_point(a: Point, b: Point, t: float) -> Point:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


class Tween:
    """From ``start`` to ``end`` (floats or points) over ``duration`` s after ``delay`` s."""

    def __init__(self, start, end, duration: float, ease: Callable[[float], float] = ease_out_cubic,
                 delay: float = 0.0, on_done: Callable[[], None] | None = None, payload=None):
        self.start, self.end = start, end
        self.duration = max(0.0, duration)
        self.delay = max(0.0, delay)
        self.ease = ease
        self.elapsed = 0.0
        self.on_done = on_done
        self.payload = payload
        self.finished = False

    @property
    def t(self) -> float:
        if self.duration == 0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        return max(0.0, min(1.0, (self.elapsed - self.delay) / self.duration))

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay

    @property
    def value(self):
        k = self.ease(self.t)
        if isinstance(self.start, tuple):
            return lerp_point(self.start, self.end, k)
        return lerp(self.start, self.end, k)

    def update(self, dt: float) -> None:
        if self.finished:
            return
        self.elapsed += dt
        if self.elapsed >= self.delay + self.duration:
            self.finished = True
            if self.on_done:
                self.on_done()


class Tweener:
    def __init__(self) -> None:
        self.tweens: list[Tween] = []

    def add(self, tween: Tween) -> Tween:
        self.tweens.append(tween)
        return tween

    def update(self, dt: float) -> None:
        for tw in list(self.tweens):
            tw.update(dt)
        self.tweens = [tw for tw in self.tweens if not tw.finished]

    @property
    def busy(self) -> bool:
        return bool(self.tweens)

    def clear(self) -> None:
        self.tweens.clear()
