"""Small procedural sound effects (no audio files to license); silent if there is no audio device."""

from __future__ import annotations

import math
import random
from array import array

import pygame

_RECIPES = {
    # name: list of (start_s, duration_s, freq_hz or 0 for noise, volume)
    "click": [(0.0, 0.025, 1800, 0.35)],
    "card": [(0.0, 0.07, 0, 0.25)],
    "dice": [(0.0, 0.03, 0, 0.5), (0.07, 0.03, 0, 0.45), (0.13, 0.025, 0, 0.4), (0.2, 0.02, 0, 0.3)],
    "ding": [(0.0, 0.35, 1320, 0.3), (0.0, 0.35, 1980, 0.12)],
    "win": [(0.0, 0.14, 523, 0.3), (0.12, 0.14, 659, 0.3), (0.24, 0.14, 784, 0.3), (0.36, 0.4, 1046, 0.3)],
    "error": [(0.0, 0.16, 140, 0.35)],
    "move": [(0.0, 0.04, 620, 0.2)],
}


class Sound:
    def __init__(self, enabled: bool = True):
        self.enabled = enabled
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._ok = False
        if not enabled:
            return
        try:
            pygame.mixer.init()
            init = pygame.mixer.get_init()
            self._ok = init is not None
        except pygame.error:
            self._ok = False
        if self._ok:
            freq, _size, channels = pygame.mixer.get_init()
            rnd = random.Random(7)
            for name, parts in _RECIPES.items():
                self._sounds[name] = pygame.mixer.Sound(buffer=_synth(parts, freq, channels, rnd))

    def play(self, name: str) -> None:
        if self.enabled and self._ok and name in self._sounds:
            self._sounds[name].play()


def _synth(parts, freq: int, channels: int, rnd: random.Random) -> bytes:
    length = max(int((s + d) * freq) for s, d, _, _ in parts) + 1
    mix = [0.0] * length
    for start, dur, hz, vol in parts:
        n = int(dur * freq)
        off = int(start * freq)
        for i in range(n):
            env = (1 - i / n) ** 2 * min(1.0, i / (0.004 * freq + 1))
            v = rnd.uniform(-1, 1) if hz == 0 else math.sin(2 * math.pi * hz * i / freq)
            mix[off + i] += v * vol * env
    samples = array("h", (max(-32767, min(32767, int(v * 32767))) for v in mix for _ in range(channels)))
    return samples.tobytes()
