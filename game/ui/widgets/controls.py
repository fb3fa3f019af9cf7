"""Value controls: Toggle (on/off), Stepper (- n +), Choice (< option >). Each reports changes."""

from __future__ import annotations

from typing import Any, Callable, Sequence

import pygame

from ...i18n import tr as _  # labels: marked English or engine Words
from .. import theme
from .base import Widget, play_sound


def _arrow_button(surface, rect: pygame.Rect, glyph: str, enabled: bool, hovered: bool) -> None:
    fill = theme.PANEL_HI if enabled else theme.PANEL_LO
    if hovered and enabled:
        fill = theme.lighten(fill, 0.2)
    pygame.draw.rect(surface, fill, rect, border_radius=8)
    ink = theme.INK if enabled else theme.FAINT
    theme.blit_text(surface, glyph, rect.center, 20, ink, "bold", anchor="center")


class Toggle(Widget):
    control = True

    def __init__(self, rect, value: bool, on_change: Callable[[bool], None] | None = None, tooltip=None,
                 caption: str = ""):
        super().__init__(rect, tooltip)
        self.value = value
        self.on_change = on_change
        self.knob = 1.0 if value else 0.0
        self.caption = caption  # drawn beside the switch instead of On/Off (a compact grid of toggles)

    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.contains(event.pos):
            self.value = not self.value
            play_sound("click")
            if self.on_change:
                self.on_change(self.value)
            return True
        return False

    def update(self, dt, mouse) -> None:
        super().update(dt, mouse)
        target = 1.0 if self.value else 0.0
        self.knob += (target - self.knob) * min(1.0, dt * 14)

    def draw(self, surface) -> None:
        track = pygame.Rect(0, 0, 56, 28)
        track.midleft = (self.rect.x, self.rect.centery)
        colour = theme.mix(theme.PANEL_HI, theme.GREEN, self.knob)
        if self.hovered:
            colour = theme.lighten(colour, 0.15)
        pygame.draw.rect(surface, colour, track, border_radius=14)
        x = track.x + 14 + self.knob * 28
        pygame.draw.circle(surface, theme.PAPER, (round(x), track.centery), 11)
        if self.caption:
            room = self.rect.right - track.right - 10
            theme.blit_text(surface, theme.fit(_(self.caption), room, 15, "bold"), (track.right + 10, track.centery), 15,
                            theme.INK if self.value else theme.MUTED, "bold", anchor="midleft")
            return
        theme.blit_text(surface, _("On") if self.value else _("Off"), (track.right + 12, track.centery), 18,
                        theme.INK, anchor="midleft")


class Stepper(Widget):
    control = True

    def __init__(self, rect, value: int, minimum: int, maximum: int,
                 on_change: Callable[[int], None] | None = None, fmt: Callable[[int], str] = str, tooltip=None,
                 allowed: tuple[int, ...] = ()):
        super().__init__(rect, tooltip)
        self.value, self.minimum, self.maximum = value, minimum, maximum
        self.on_change = on_change
        self.fmt = fmt
        self.allowed = allowed  # when set, only these values (e.g. 2, 3, 4 or 6 players)
        self._hover_side = 0

    def step(self, direction: int) -> None:
        """One click of - or +: the next value, or the next allowed one."""
        if not self.allowed:
            self.set(self.value + direction)
            return
        ahead = [v for v in self.allowed if (v > self.value if direction > 0 else v < self.value)]
        if ahead:
            self.set(min(ahead) if direction > 0 else max(ahead))

    def _parts(self):
        minus = pygame.Rect(self.rect.x, self.rect.y, self.rect.h, self.rect.h)
        plus = pygame.Rect(self.rect.right - self.rect.h, self.rect.y, self.rect.h, self.rect.h)
        return minus, plus

    def set(self, value: int) -> None:
        value = max(self.minimum, min(self.maximum, value))
        if value != self.value:
            self.value = value
            play_sound("click")
            if self.on_change:
                self.on_change(value)

    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.contains(event.pos):
            minus, plus = self._parts()
            if minus.collidepoint(event.pos):
                self.step(-1)
            elif plus.collidepoint(event.pos):
                self.step(+1)
            return True
        if event.type == pygame.MOUSEWHEEL and self.hovered:
            self.step(1 if event.y > 0 else -1)
            return True
        return False

    def update(self, dt, mouse) -> None:
        super().update(dt, mouse)
        minus, plus = self._parts()
        self._hover_side = -1 if minus.collidepoint(mouse) else 1 if plus.collidepoint(mouse) else 0

    def draw(self, surface) -> None:
        minus, plus = self._parts()
        pygame.draw.rect(surface, theme.PANEL_LO, self.rect, border_radius=8)
        _arrow_button(surface, minus, "−", self.value > self.minimum, self._hover_side == -1)
        _arrow_button(surface, plus, "+", self.value < self.maximum, self._hover_side == 1)
        theme.blit_text(surface, self.fmt(self.value), self.rect.center, 19, theme.INK, "bold", anchor="center")


class Choice(Widget):
    """Cycle through labelled options with arrows or a click on the label."""

    control = True

    def __init__(self, rect, options: Sequence[tuple[Any, str]], value: Any,
                 on_change: Callable[[Any], None] | None = None, tooltip=None, size: int = 18):
        super().__init__(rect, tooltip)
        self.options = list(options)
        self.index = next((i for i, (v, _) in enumerate(self.options) if v == value), 0)
        self.on_change = on_change
        self.size = size
        self._hover_side = 0

    @property
    def value(self) -> Any:
        return self.options[self.index][0]

    def set_value(self, value: Any) -> None:
        for i, (v, _label) in enumerate(self.options):
            if v == value:
                self.index = i

    def _parts(self):
        h = self.rect.h
        return pygame.Rect(self.rect.x, self.rect.y, h, h), pygame.Rect(self.rect.right - h, self.rect.y, h, h)

    def shift(self, delta: int) -> None:
        self.index = (self.index + delta) % len(self.options)
        play_sound("click")
        if self.on_change:
            self.on_change(self.value)

    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3) and self.contains(event.pos):
            left, _ = self._parts()
            self.shift(-1 if left.collidepoint(event.pos) or event.button == 3 else 1)
            return True
        if event.type == pygame.MOUSEWHEEL and self.hovered:
            self.shift(-1 if event.y > 0 else 1)
            return True
        return False

    def update(self, dt, mouse) -> None:
        super().update(dt, mouse)
        left, right = self._parts()
        self._hover_side = -1 if left.collidepoint(mouse) else 1 if right.collidepoint(mouse) else 0

    def draw(self, surface) -> None:
        left, right = self._parts()
        body = self.rect.inflate(-2 * self.rect.h - 8, 0)
        fill = theme.PANEL_LO if not self.hovered or self._hover_side else theme.PANEL
        pygame.draw.rect(surface, fill, self.rect, border_radius=8)
        _arrow_button(surface, left, "‹", len(self.options) > 1, self._hover_side == -1)
        _arrow_button(surface, right, "›", len(self.options) > 1, self._hover_side == 1)
        label = _(self.options[self.index][1])
        img = theme.text(label, self.size, theme.INK, "bold")
        if img.get_width() > body.w:
            img = theme.text(label, self.size - 3, theme.INK, "bold")
        while img.get_width() > body.w and len(label) > 4:
            label = label[:-2].rstrip() + "…" if not label.endswith("…") else label[:-2].rstrip() + "…"
            img = theme.text(label, self.size - 3, theme.INK, "bold")
        surface.blit(img, img.get_rect(center=body.center))

    def current_tooltip(self) -> str | None:
        full = _(self.options[self.index][1])
        body_w = self.rect.w - 2 * self.rect.h - 8
        if theme.font(self.size - 3, "bold").size(full)[0] > body_w:
            return full + (f"\n{_(self.tooltip)}" if self.tooltip else "")
        return self.tooltip


class ChipChoice(Choice):
    """A compact Choice for a grid of options: its caption ("Stage 2") and the chosen label in one chip;
    a click picks the next value, a right-click or the wheel the previous."""

    def __init__(self, rect, options: Sequence[tuple[Any, str]], value: Any,
                 on_change: Callable[[Any], None] | None = None, tooltip=None, caption: str = "", size: int = 15):
        super().__init__(rect, options, value, on_change, tooltip, size)
        self.caption = caption

    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3) and self.contains(event.pos):
            self.shift(1 if event.button == 1 else -1)
            return True
        return super().handle_event(event)

    def shown_label(self, width: int) -> tuple[str, int]:
        """The chosen value's label and its size to fit ``width`` px: whole, smaller, else its part before
        " · " ("Salzburg" for "Salzburg · Worlds 2006"), else cut with "…"."""
        label = _(self.options[self.index][1])
        for candidate in (label, label.split(" · ")[0]):
            for size in (self.size, self.size - 2):
                if theme.font(size, "bold").size(candidate)[0] <= width:
                    return candidate, size
        return theme.fit(label.split(" · ")[0], width, self.size - 2, "bold"), self.size - 2

    def draw(self, surface) -> None:
        fill = theme.PANEL_HI if self.hovered else theme.PANEL_LO
        pygame.draw.rect(surface, fill, self.rect, border_radius=8)
        pygame.draw.rect(surface, theme.LINE, self.rect, 1, border_radius=8)
        x, cy = self.rect.x + 8, self.rect.centery
        if self.caption:
            img = theme.text(_(self.caption), 12, theme.MUTED, "bold")
            surface.blit(img, img.get_rect(midleft=(x, cy)))
            x += img.get_width() + 6
        theme.blit_text(surface, "›", (self.rect.right - 9, cy), 17, theme.MUTED, "bold", anchor="center")
        label, size = self.shown_label(self.rect.right - 18 - x)
        theme.blit_text(surface, label, (self.rect.right - 18, cy), size, theme.INK, "bold", anchor="midright")

    def current_tooltip(self) -> str | None:
        full = _(self.options[self.index][1])
        head = f"{_(self.caption)}: {full}" if self.caption else full
        return head + (f"\n{_(self.tooltip)}" if self.tooltip else "")
