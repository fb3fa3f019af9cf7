"""Hot-seat privacy: "Pass to <name> — click when ready". Opaque: nothing secret shows behind it.

For a seat asked out of turn it names the question first ("Coup Fourré? Pass to Ann"). The player
who just moved may still take their move back from here ("Undo Bob's move"); the hand-off to them
then comes first. Esc opens the pause menu over this screen, so nothing is revealed.
"""

from __future__ import annotations

import math
from typing import Callable

import pygame

from ...engine.protocol import Question
from ...i18n import N_, _, tr
from .. import theme
from ..widgets import Button
from ..widgets.base import play_sound
from .base import UIScene

# Game-neutral: a hand of cards, a secret pick, a vote… whatever only this player may see.
HIDDEN_UNTIL_CLICK = N_("Nothing secret shows until you click.")


class HandoffScene(UIScene):
    name = "handoff"

    def __init__(self, app, player: str, colour, on_ready, subtitle: str = "", question: Question | None = None,
                 undo: tuple[str, Callable[[], None]] | tuple[str, Callable[[], None], Callable[[], str]] | None = None, on_pause: Callable[[], None] | None = None,
                 seat: int | None = None, answered: Callable[[], bool] | None = None):
        super().__init__(app)
        self.answered = answered  # true once the question is answered without the player (a setting changed)
        self.player = player
        self.seat = seat  # the seat the screen is handed to
        self.colour = colour
        self.on_ready = on_ready
        self.question = question
        self.on_pause = on_pause
        self.subtitle = subtitle or (question.reason if question is not None else "") or HIDDEN_UNTIL_CLICK
        self.t = 0.0
        self.pressed_here = False  # the left button went down on this screen (its release shows the view)
        self.gone = False
        self.ready = self.add(Button((theme.W // 2 - 150, 470, 300, 60), f"I am {player}: show", self._go,
                                     "primary", size=22, hotkey=pygame.K_RETURN,
                                     words=lambda: _("I am {player}: show").format(player=player)))
        self.undo_btn = None
        if undo is not None:
            label, callback, *words = undo  # words: the label composed in the language in use
            self.undo_btn = self.add(Button((theme.W // 2 - 150, 600, 300, 44), label, callback, "ghost", size=17,
                                            tooltip=N_("Take your move back before passing the screen"),
                                            words=words[0] if words else None))

    @property
    def title(self) -> str:
        """"Pass to Ann", or the question first: "Coup Fourré? Pass to Ann" (in the language in use)."""
        pass_to = _("Pass to {player}").format(player=self.player)
        return f"{tr(self.question.title)} {pass_to}" if self.question is not None else pass_to

    def _go(self) -> None:
        if self.gone:  # a click counts once
            return
        self.gone = True
        self.app.stack.remove(self)
        self.on_ready()

    def _near_undo(self, pos) -> bool:
        return self.undo_btn is not None and self.undo_btn.rect.inflate(20, 20).collidepoint(pos)

    def handle_event(self, event) -> bool:
        """A press and release on this screen shows the player's view once, wherever the press falls (its button
        or anywhere else but near Undo), whatever the frames between them, and however fast the click: the press
        is noted here, not left to the button (whose release must fall on it) nor to the frame that draws it. A
        release whose press began before this screen was there (a click on the table that handed the screen over)
        shows nothing: the next player has not clicked yet."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self._near_undo(event.pos):
                self.pressed_here = False
                return super().handle_event(event)
            self.pressed_here = True
            self.ready.pressed = self.ready.rect.collidepoint(event.pos)  # the button looks pressed
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            pressed, self.pressed_here = self.pressed_here, False
            self.ready.pressed = False
            if pressed and not self._near_undo(event.pos):
                play_sound(self.ready.sound)
                self._go()
                return True
            return super().handle_event(event) or True  # Undo's own click, or a release from elsewhere: nothing
        return super().handle_event(event)

    def on_escape(self) -> bool:
        if self.on_pause is not None:
            self.on_pause()
        return True

    def update(self, dt: float) -> None:
        super().update(dt)
        self.t += dt
        if self.answered is not None and not self.gone and self.answered():
            self.gone = True  # nothing for this player to see or click: the table gives the answer itself
            self.app.stack.remove(self)

    def draw(self, surface) -> None:
        theme.backdrop(surface, theme.BG_DEEP, (10, 12, 18))
        r = 80 + 6 * math.sin(self.t * 2.4)
        pygame.draw.circle(surface, theme.darken(self.colour, 0.5), (theme.W // 2, 250), int(r + 14))
        pygame.draw.circle(surface, self.colour, (theme.W // 2, 250), int(r))
        initial = theme.badge_letters(self.player)
        theme.blit_text(surface, initial, (theme.W // 2, 250), 72, theme.contrast_ink(self.colour), "title",
                        anchor="center")
        size = 44 if theme.font(44, "title").size(self.title)[0] < theme.W - 80 else 32
        theme.blit_text(surface, theme.fit(self.title, theme.W - 60, size, "title"), (theme.W // 2, 370), size,
                        theme.INK, "title", anchor="center")
        theme.blit_text(surface, _("— click when ready —"), (theme.W // 2, 418), 20, theme.MUTED, anchor="center")
        theme.blit_text(surface, theme.fit(tr(self.subtitle), theme.W - 80, 16, "italic"), (theme.W // 2, 560), 16,
                        theme.FAINT, "italic", anchor="center")
        self.draw_widgets(surface)
