"""Private news: what an event told one seat only (the card a Tortoise took from you, the card given back),
kept until that human holds the screen, then shown to them alone in a note on the table.

A step's events with ``private_to`` name the seats that may read their details (``event.text(names, seat)``).
For every human in it but the one who acted (who saw it happen), the line waits here; the table draws the note
only through :func:`privacy.check` while that human is the viewer (after their hand-off in hot-seat; at once
for the one human among computer players), under every overlay and never on a hand-off screen. A click on the
note, or the next move, puts it away.
"""

from __future__ import annotations

import pygame

from ..i18n import _, tr
from . import layout, privacy, theme

NOTE_W = 560


class PrivateNotes:
    def __init__(self) -> None:
        self.waiting: dict[int, list[tuple[int, str]]] = {}  # seat -> (the step that told it, the words)
        self.rect: pygame.Rect | None = None  # where the note was drawn last frame (clicks)

    def collect(self, actor: int, events, names, humans, step: int) -> None:
        """Keep what step number ``step``'s events told each human but the actor."""
        for event in events:
            private = getattr(event, "private_to", None) or ()
            for seat in private:
                if seat != actor and seat in humans:
                    text = event.text(names, seat)
                    if text:
                        self.waiting.setdefault(seat, []).append((step, text))

    def recall(self, steps, names, humans) -> None:
        """A match resumed from its save: each human's news since their last move waits for them again."""
        for number, step in enumerate(steps):
            if step.seat in humans:
                self.seen(step.seat)
            self.collect(step.seat, step.events, names, humans, number)

    def clear(self) -> None:
        self.waiting.clear()
        self.rect = None

    def taken_back(self, steps_left: int) -> None:
        """An undo left ``steps_left`` steps: the news of the steps taken back goes, the rest still waits (another
        human's note from an earlier move is still theirs to read)."""
        for seat in list(self.waiting):
            kept = [(step, text) for step, text in self.waiting[seat] if step < steps_left]
            if kept:
                self.waiting[seat] = kept
            else:
                del self.waiting[seat]
        self.rect = None

    def seen(self, seat: int) -> None:
        self.waiting.pop(seat, None)
        self.rect = None

    def draw(self, surface: pygame.Surface, scene) -> None:
        """The note for the viewer, if it has news and may be shown its secrets now."""
        seat = scene.viewer
        self.rect = None
        lines = self.waiting.get(seat) if seat is not None else None
        if not lines or scene.busy() or not privacy.check(scene, seat, "private news"):
            return
        body = []
        for _step, line in lines[-4:]:
            body += theme.wrap(tr(line) + ".", NOTE_W - 32, 16)
        rect = pygame.Rect(0, 0, NOTE_W, 48 + 20 * len(body) + 22)
        rect.midtop = (layout.TABLE.centerx, layout.TOP_H + 10)
        theme.panel(surface, rect, theme.PAPER, radius=10, border=theme.ACCENT)
        theme.blit_text(surface, _("ONLY {player} SEES THIS").format(player=scene.seat_name(seat).upper()),
                        (rect.x + 16, rect.y + 12), 13,
                        theme.PAPER_INK, "bold")
        for i, line in enumerate(body):
            theme.blit_text(surface, line, (rect.x + 16, rect.y + 36 + 20 * i), 16, theme.PAPER_INK)
        theme.blit_text(surface, _("click to put it away"), (rect.right - 16, rect.bottom - 22), 12, theme.FAINT,
                        "italic", anchor="topright")
        self.rect = rect

    def handle_click(self, pos, scene) -> bool:
        if self.rect is not None and self.rect.collidepoint(pos) and scene.viewer is not None:
            self.seen(scene.viewer)
            return True
        return False
