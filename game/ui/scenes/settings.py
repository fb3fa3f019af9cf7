"""Settings: window or fullscreen, animation speed (also how long a bot's move stays readable), sound,
the time to undo before a computer player answers, hints on playable cards, dice thrown for you when
throwing is your only move, and questions answered automatically."""

from __future__ import annotations

from typing import Callable

import pygame

from ... import i18n
from ...i18n import C_, N_, _
from .. import theme
from ..widgets import Button, Choice, Toggle
from .base import UIScene

SPEED_LABELS = (("slow", C_("speed", "Slow")), ("normal", C_("speed", "Normal")), ("fast", C_("speed", "Fast")),
                ("instant", C_("speed", "Instant")))
UNDO_LABELS = ((0.0, N_("None")), (1.0, N_("1 s")), (1.5, N_("1.5 s")), (3.0, N_("3 s")))
LANGUAGE_LABELS = tuple(i18n.LANGUAGES.items())  # each language in its own name, never translated
ROW_TOP, ROW = 178, 54  # the first row's top and the step between rows: every setting and Done fit in 720


def auto_answer_kinds():
    """Every kind of out-of-turn question a registered game lets a player have answered automatically."""
    from ...registry import GAMES

    seen, out = set(), []
    for game in GAMES.values():
        for answer in game.auto_answers:
            if answer.kind not in seen:
                seen.add(answer.kind)
                out.append((game.name, answer))
    return out


def name_of_game(game_id: str) -> str:
    """A registered game's name (the menu's words: no engine is loaded)."""
    from ...registry import REGISTRY

    return next((g.name for g in REGISTRY if g.id == game_id), "")


class SettingsScene(UIScene):
    name = "settings"

    def __init__(self, app):
        super().__init__(app)
        s = app.settings
        x = 680
        self.rows: list[tuple[int, str | Callable[[], str]]] = []  # a label's middle and its words (English)
        # a setting that only one game uses says so ("Velonimo: Lift playable cards"), as its questions do: turned
        # on, it does nothing at the other tables
        self.games: dict[int, str] = {}
        y = ROW_TOP
        self.language = self.add(Choice((x, y, 260, 44), LANGUAGE_LABELS, i18n.language(), self._language,
                                        tooltip=N_("The language of the whole app; it changes at once.")))
        self.rows.append((y + 22, N_("Language")))
        y += ROW
        self.full = self.add(Toggle((x, y, 200, 40), s.fullscreen, self._fullscreen,
                                    tooltip=N_("F11 switches at any time.")))
        self.rows.append((y + 20, N_("Fullscreen")))
        y += ROW
        self.speed = self.add(Choice((x, y, 260, 44), SPEED_LABELS, s.animation_speed, self._speed,
                                     tooltip=N_("How fast pieces move, and how long a computer player's move "
                                                "stays on screen before the next one.")))
        self.rows.append((y + 22, N_("Animation speed")))
        y += ROW
        self.sound = self.add(Toggle((x, y, 200, 40), s.sound, self._sound))
        self.rows.append((y + 20, N_("Sound")))
        y += ROW
        current = min(UNDO_LABELS, key=lambda item: abs(item[0] - s.undo_window))[0]
        self.undo = self.add(Choice((x, y, 260, 44), UNDO_LABELS, current, self._undo,
                                    tooltip=N_("After your move, computer players wait this long before they "
                                               "answer, so a misclick can still be undone.")))
        self.rows.append((y + 22, N_("Time to undo")))
        y += ROW
        self.hints = self.add(Toggle((x, y, 200, 40), s.playable_hints, self._hints,
                                     tooltip=N_("In Velonimo, the cards of your hand that can beat the centre "
                                                "sit a little higher when it is your turn to counter-attack.")))
        self.rows.append((y + 20, N_("Lift playable cards")))
        self.games[y + 20] = name_of_game("velonimo")
        y += ROW
        self.throw = self.add(Toggle((x, y, 200, 40), s.auto_throw, self._auto_throw,
                                     tooltip=N_("In the Jeu du Veldiv, when throwing the dice is your only move, "
                                                "the table throws for you after a short pause (you may still click "
                                                "first). Choices are always left to you.")))
        self.rows.append((y + 20, N_("Throw the dice for me")))
        self.games[y + 20] = name_of_game("veldiv")
        y += ROW
        self.auto: list[tuple[str, Toggle]] = []
        for game_name, answer in auto_answer_kinds():
            toggle = self.add(Toggle((x, y, 200, 40), bool(s.auto_answers.get(answer.kind, False)),
                                     (lambda value, kind=answer.kind: self._auto(kind, value)),
                                     tooltip=answer.help or None))
            self.auto.append((answer.kind, toggle))
            self.rows.append((y + 20, lambda game=game_name, label=answer.label: _("{game}: {label}").format(
                game=game, label=_(label))))
            y += ROW
        self.box = pygame.Rect(300, ROW_TOP - 30, 680, y - ROW_TOP + 40)
        self.add(Button((theme.W // 2 - 130, self.box.bottom + 18, 260, 54), N_("Done"), self.app.pop,
                        "primary", size=22, hotkey=pygame.K_RETURN))

    def _language(self, code: str) -> None:
        self.app.settings.language = code
        self.app.apply_settings()

    def _fullscreen(self, value: bool) -> None:
        if value != self.app.settings.fullscreen:
            self.app.toggle_fullscreen()

    def _speed(self, value: str) -> None:
        self.app.settings.animation_speed = value
        self.app.apply_settings()

    def _sound(self, value: bool) -> None:
        self.app.settings.sound = value
        self.app.apply_settings()
        self.app.sound.play("ding")

    def _undo(self, value: float) -> None:
        self.app.settings.undo_window = float(value)
        self.app.apply_settings()

    def _hints(self, value: bool) -> None:
        self.app.settings.playable_hints = bool(value)
        self.app.apply_settings()

    def _auto_throw(self, value: bool) -> None:
        self.app.settings.auto_throw = bool(value)
        self.app.apply_settings()

    def _auto(self, kind: str, value: bool) -> None:
        answers = dict(self.app.settings.auto_answers)
        answers[kind] = bool(value)
        self.app.settings.auto_answers = answers
        self.app.apply_settings()

    def on_escape(self) -> bool:
        self.app.pop()
        return True

    def update(self, dt: float) -> None:
        self.full.value = self.app.settings.fullscreen
        super().update(dt)

    def draw(self, surface) -> None:
        theme.backdrop(surface)
        theme.blit_text(surface, _("Settings"), (theme.W // 2, 90), 46, theme.ACCENT, "title", anchor="center")
        theme.panel(surface, self.box, theme.PANEL)
        for y, words in self.rows:
            label = words() if callable(words) else _(words)
            if self.games.get(y):
                label = _("{game}: {label}").format(game=self.games[y], label=label)
            if theme.font(22, "bold").size(label)[0] <= 320:
                theme.blit_text(surface, label, (340, y), 22, theme.INK, "bold", anchor="midleft")
                continue
            lines = theme.wrap(label, 320, 17, "bold")[:2]  # a long label (a game's question): two lines
            for k, line in enumerate(lines):
                theme.blit_text(surface, line, (340, y + (k - (len(lines) - 1) / 2) * 20), 17, theme.INK, "bold",
                                anchor="midleft")
        self.draw_widgets(surface)
