"""The text audit: where every text is drawn, and what went wrong with it (tests and the table run).

Off by default (nothing is tracked and drawing costs nothing more). :func:`enable` makes every surface
created afterwards an :class:`AuditedSurface` that remembers the texts blitted on it (text surfaces come
from :func:`game.ui.theme.text`, which registers them), carries them along when it is itself blitted on
another surface, and reports, on the frame being drawn:

* **overlap**: a text whose ink touches the ink of another text already on that surface (a shadow, the same
  text drawn again within 4 px, is not an overlap); a filled rectangle or a ``fill`` covers the texts under
  it (a panel drawn over the table hides the table's texts: nothing overlaps then);
* **cut**: a text whose ink leaves the surface's clip area (the canvas, a panel, a subsurface) or the part
  of its surface that was blitted, except inside a :func:`viewport` (a map that scrolls may cut a label
  at its edge, as any window onto a bigger picture does);
* **shortened**: :func:`game.ui.theme.fit` had to cut a string and add an ellipsis;
* **missing glyph**: a character the bundled font cannot draw (it would show as a box).

Texts drawn with a ``tag`` (``theme.blit_text(..., tag=("score", 2))``) can be read back from the canvas
with :func:`tagged` so a test compares the numbers drawn with the engine's.
"""

from __future__ import annotations

import weakref
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Iterator

import pygame

enabled = False
problems: list[str] = []
_texts: dict[int, str] = {}  # id(text surface) -> its string, for surfaces theme.text rendered and caches
_ink: dict[int, pygame.Rect] = {}  # id(text surface) -> the box of its inked pixels
_marks: "weakref.WeakKeyDictionary[pygame.Surface, list[Mark]]" = weakref.WeakKeyDictionary()
_pending_tag: Any = None
_viewports = 0
_glyphs: dict[tuple[str, str], bool] = {}
_original_surface = pygame.Surface
_original_draw_rect = pygame.draw.rect
MAX_PROBLEMS = 200


@dataclass
class Mark:
    rect: pygame.Rect  # the ink of the text, in the surface's coordinates
    text: str
    tag: Any = None


# ---------------------------------------------------------------------------- switching on and off


def enable() -> None:
    """Track texts on every surface created from now on (call before the App makes its canvas)."""
    global enabled
    if enabled:
        return
    enabled = True
    pygame.Surface = AuditedSurface  # type: ignore[misc]
    pygame.draw.rect = _draw_rect  # type: ignore[assignment]
    problems.clear()


def disable() -> None:
    global enabled
    enabled = False
    pygame.Surface = _original_surface  # type: ignore[misc]
    pygame.draw.rect = _original_draw_rect  # type: ignore[assignment]
    problems.clear()


def take_problems() -> list[str]:
    """The problems noted since the last call (and forget them)."""
    found = list(problems)
    problems.clear()
    return found


def _problem(text: str) -> None:
    if len(problems) < MAX_PROBLEMS and text not in problems:
        problems.append(text)


# ---------------------------------------------------------------------------- what theme tells us


def register_text(surface: pygame.Surface, text: str) -> None:
    """``theme.text`` rendered ``surface`` for ``text`` (kept while it is cached)."""
    _texts[id(surface)] = text
    _ink.pop(id(surface), None)
    if enabled:
        _check_glyphs(text)


def register_copy(surface: pygame.Surface, text: str) -> None:
    """A copy of a text surface, made to be faded: a text while it lives (forgotten with it)."""
    if enabled:
        _texts[id(surface)] = text
        weakref.finalize(surface, forget_text_id, id(surface))


def forget_text_id(key: int) -> None:
    _texts.pop(key, None)
    _ink.pop(key, None)


def forget_text(surface: pygame.Surface) -> None:
    _texts.pop(id(surface), None)
    _ink.pop(id(surface), None)


def note_shortened(original: str, shown: str) -> None:
    if enabled:
        _problem(f"shortened: {original!r} is drawn as {shown!r}")


def tag_next(tag: Any) -> None:
    """The next text blitted carries ``tag`` (``theme.blit_text(..., tag=…)``)."""
    global _pending_tag
    _pending_tag = tag


@contextmanager
def viewport() -> Iterator[None]:
    """Texts drawn inside may be cut by the clip area: a window onto a picture bigger than the screen."""
    global _viewports
    _viewports += 1
    try:
        yield
    finally:
        _viewports -= 1


_NOTDEF: dict[str, bytes] = {}


def _check_glyphs(text: str) -> None:
    from . import theme  # the fonts the app bundles

    for ch in set(text):
        if ord(ch) < 128 or ch.isspace():
            continue
        for style in ("body", "bold"):
            key = (style, ch)
            found = _glyphs.get(key)
            if found is None:
                font = theme.font(20, style)
                if style not in _NOTDEF:
                    _NOTDEF[style] = pygame.image.tobytes(font.render("\ue000", False, (255, 255, 255)), "RGB")
                drawn = pygame.image.tobytes(font.render(ch, False, (255, 255, 255)), "RGB")
                found = _glyphs[key] = drawn != _NOTDEF[style]
            if not found:
                _problem(f"missing glyph: {ch!r} (U+{ord(ch):04X}) in {text!r} is not in the {style} font")
                break


# ---------------------------------------------------------------------------- reading the canvas


def begin_frame(canvas: pygame.Surface) -> None:
    """A new frame is drawn on ``canvas`` from scratch."""
    global _pending_tag
    _marks.pop(canvas, None)
    _pending_tag = None


def marks(surface: pygame.Surface) -> list[Mark]:
    return list(_marks.get(surface, ()))


def tagged(surface: pygame.Surface) -> dict[Any, list[str]]:
    """Tag -> the texts drawn with it and still visible on ``surface`` this frame."""
    found: dict[Any, list[str]] = {}
    for mark in _marks.get(surface, ()):
        if mark.tag is not None:
            found.setdefault(mark.tag, []).append(mark.text)
    return found


def texts(surface: pygame.Surface) -> list[str]:
    return [m.text for m in _marks.get(surface, ())]


# ---------------------------------------------------------------------------- the tracking


def _ink_rect(source: pygame.Surface) -> pygame.Rect:
    rect = _ink.get(id(source))
    if rect is None:
        rect = _ink[id(source)] = source.get_bounding_rect()
    return rect


def _root(surface: pygame.Surface) -> tuple[pygame.Surface, tuple[int, int], pygame.Rect]:
    """The surface texts really land on (a subsurface's parent), the offset into it, and the area allowed."""
    parent = surface.get_abs_parent()
    if parent is surface or parent is None:
        return surface, (0, 0), surface.get_clip()
    ox, oy = surface.get_abs_offset()
    return parent, (ox, oy), surface.get_clip().move(ox, oy)


def _record(target: pygame.Surface, mark: Mark, allowed: pygame.Rect, where: str) -> None:
    root, (ox, oy), allowed_root = _root(target)
    rect = mark.rect.move(ox, oy)
    allowed = allowed.move(ox, oy).clip(allowed_root)
    if rect.w and rect.h and not allowed.contains(rect) and not _viewports:
        _problem(f"cut: {mark.text!r} at {tuple(rect)} leaves {where} {tuple(allowed)}")
    existing = _marks.setdefault(root, [])
    if _viewports:
        rect = rect.clip(allowed)  # the part of a label a viewport shows is what may overlap
        if not rect.w or not rect.h:
            return
    for other in existing:
        if other.rect.colliderect(rect):
            overlap = other.rect.clip(rect)
            if overlap.w <= 1 or overlap.h <= 1:
                continue
            if other.text == mark.text and abs(other.rect.x - rect.x) <= 4 and abs(other.rect.y - rect.y) <= 4:
                continue  # a shadow or a halo
            _problem(f"overlap: {mark.text!r} at {tuple(rect)} is drawn over {other.text!r} at {tuple(other.rect)}")
    visible = rect.clip(allowed) if _viewports else rect
    if visible.w and visible.h:
        existing.append(Mark(visible, mark.text, mark.tag))


def _after_blit(target: pygame.Surface, source: pygame.Surface, dest: Any, area: Any) -> None:
    global _pending_tag
    if isinstance(dest, pygame.Rect):
        x, y = dest.topleft
    else:
        x, y = int(dest[0]), int(dest[1])
    area_rect = pygame.Rect(area) if area is not None else source.get_rect()
    shown = pygame.Rect(x, y, area_rect.w, area_rect.h)  # where the blitted part lands
    text = _texts.get(id(source))
    if text is not None:
        tag, _pending_tag = _pending_tag, None
        ink = _ink_rect(source).move(x - area_rect.x, y - area_rect.y)
        _record(target, Mark(ink, text, tag), shown.clip(target.get_clip()), "its box")
        return
    if _opaque(source):
        _cover(target, shown.inflate(-4, -4))  # a card or a panel laid over what was there hides it
    inner = _marks.get(source)
    if inner:
        dx, dy = x - area_rect.x, y - area_rect.y
        for mark in inner:
            _record(target, Mark(mark.rect.move(dx, dy), mark.text, mark.tag), shown.clip(target.get_clip()),
                    "the panel it is drawn on")


_opacity: "weakref.WeakKeyDictionary[pygame.Surface, bool]" = weakref.WeakKeyDictionary()


def _opaque(source: pygame.Surface) -> bool:
    """Does ``source`` hide what it is drawn over (no transparency, or opaque at its centre and around it)?"""
    found = _opacity.get(source)
    if found is None:
        w, h = source.get_size()
        if w < 8 or h < 8:
            found = False
        elif not source.get_flags() & pygame.SRCALPHA and source.get_colorkey() is None and source.get_alpha() is None:
            found = True
        else:
            points = [(w // 2, h // 2), (w // 4, h // 4), (3 * w // 4, h // 4), (w // 4, 3 * h // 4),
                      (3 * w // 4, 3 * h // 4)]
            found = all(source.get_at(p)[3] >= 230 for p in points) if source.get_flags() & pygame.SRCALPHA \
                else False
        _opacity[source] = found
    return found


def _cover(surface: pygame.Surface, rect: Any) -> None:
    root, (ox, oy), _ = _root(surface)
    existing = _marks.get(root)
    if not existing:
        return
    area = (pygame.Rect(rect) if rect is not None else surface.get_rect()).move(ox, oy)
    area = area.clip(surface.get_clip().move(ox, oy))
    _marks[root] = [m for m in existing if not area.colliderect(m.rect)]


class AuditedSurface(pygame.Surface):
    """A surface that remembers the texts drawn on it (see the module)."""

    def blit(self, source, dest=(0, 0), area=None, special_flags=0):  # type: ignore[override]
        rect = super().blit(source, dest, area, special_flags)
        if enabled:
            _after_blit(self, source, dest, area)
        return rect

    def blits(self, blit_sequence, doreturn=1):  # type: ignore[override]
        out = [self.blit(*item) for item in blit_sequence]
        return out if doreturn else None

    def fblits(self, blit_sequence, special_flags=0):  # type: ignore[override]
        for source, dest in blit_sequence:
            self.blit(source, dest, None, special_flags)

    def fill(self, color, rect=None, special_flags=0):  # type: ignore[override]
        out = super().fill(color, rect, special_flags)
        if enabled and not special_flags:
            if rect is None:
                _marks.pop(self, None)
            else:
                _cover(self, rect)
        return out


def _draw_rect(surface, color, rect, width=0, *args, **kwargs):
    out = _original_draw_rect(surface, color, rect, width, *args, **kwargs)
    if enabled and width == 0 and (len(color) < 4 if isinstance(color, tuple | list) else True):
        _cover(surface, rect)
    elif enabled and width == 0 and isinstance(color, tuple | list) and len(color) == 4 and color[3] >= 200:
        _cover(surface, rect)
    return out
