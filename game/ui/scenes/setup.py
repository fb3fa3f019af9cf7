"""New-match setup, generated from the game's option schema: variant, seats (name, colour, Human or
Bot Easy/Normal/Hard), the variant's options and a seed (blank = random)."""

from __future__ import annotations

import gettext
import random

import pygame

from ... import i18n, setup_memory
from ...engine.match import CONTROLLER_LABELS, Match, Seat
from ...engine.protocol import Config, ConfigError, Option
from ...i18n import N_, _, tr
from .. import theme
from ..scenes_registry import GameUI
from ..widgets import Button, Choice, Stepper, TextInput, Toggle
from ..widgets.base import Widget, play_sound
from ..widgets.controls import ChipChoice
from .base import UIScene

BOT_NAMES = ("Eddy", "Jeannie", "Fausto", "Marianne", "Bernard", "Annemiek", "Miguel", "Pauline", "Gino", "Nicole",
             "Jacques", "Leontien")
CONTROLLER_CHOICES = tuple((c, CONTROLLER_LABELS[c]) for c in ("human", "easy", "normal", "hard"))
SHORT_CHOICES = (("human", N_("Human")), ("easy", N_("Easy")), ("normal", N_("Normal")), ("hard", N_("Hard")))
OPTIONS_BOTTOM = 564  # the options end above the seed field (y 572)
PANEL_TOP, PANEL_BOTTOM = 556, 628  # a game's own panel: at least this strip above the buttons


def default_player_names(n: int) -> set[str]:
    """"Player {n}" in each language the app speaks."""
    names = {"Player {n}".format(n=n)}
    for code in i18n.LANGUAGES:
        catalogue = gettext.translation(i18n.DOMAIN, i18n.locale_dir(), [code], fallback=True)
        names.add(catalogue.gettext("Player {n}").format(n=n))
    return names


class SeatName:
    """A player's name as a choice's label: drawn as typed, never looked up in the catalogue (``tr`` translates
    strings; a player called "Normal" stays "Normal")."""

    def __init__(self, name: str):
        self.name = name

    def __str__(self) -> str:
        return self.name


class Swatch(Widget):
    """A seat's colour: click for the next colour nobody else uses."""

    def __init__(self, rect, index: int, taken):
        super().__init__(rect, N_("Click to change colour"))
        self.index = index
        self.taken = taken

    @property
    def colour(self):
        return theme.SEAT_COLOURS[self.index]

    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3) and self.contains(event.pos):
            step = 1 if event.button == 1 else -1
            n = len(theme.SEAT_COLOURS)
            for k in range(1, n):
                cand = (self.index + step * k) % n
                if cand not in self.taken(self):
                    self.index = cand
                    break
            play_sound("click")
            return True
        return False

    def draw(self, surface) -> None:
        pygame.draw.circle(surface, theme.darken(self.colour, 0.4), self.rect.center, self.rect.h // 2)
        pygame.draw.circle(surface, self.colour, self.rect.center, self.rect.h // 2 - 3)
        if self.hovered:
            pygame.draw.circle(surface, theme.INK, self.rect.center, self.rect.h // 2 + 2, 2)


class SeatRow:
    def __init__(self, scene: "SetupScene", i: int):
        self.scene = scene
        self.i = i
        self.name_edited = False
        controller = "human" if i == 0 else "normal"
        self.swatch = Swatch((0, 0, 34, 34), i % len(theme.SEAT_COLOURS), scene.taken_colours)
        self.name = TextInput((0, 0, 180, 36), self.default_name(controller), N_("Name"), 14,
                              on_change=self._edited)
        self.controller = Choice((0, 0, 170, 36), CONTROLLER_CHOICES, controller, self._controller, size=16)
        self.widgets = [self.swatch, self.name, self.controller]

    def default_name(self, controller: str) -> str:
        if controller == "human":
            return _("Player {n}").format(n=self.i + 1)
        return BOT_NAMES[self.i % len(BOT_NAMES)]

    def is_default_name(self, name: str) -> bool:
        """Is ``name`` one this seat is given when nobody types one: its bot's name, or "Player 2" in any of the
        app's languages (a set-up remembered in English opens in French with "Joueur 2", not "Player 2")."""
        return name == BOT_NAMES[self.i % len(BOT_NAMES)] or name in default_player_names(self.i + 1)

    def _edited(self, _value: str) -> None:
        self.name_edited = True

    def _controller(self, value: str) -> None:
        if not self.name_edited:
            self.name.value = self.default_name(value)

    def place(self, x: int, y: int, compact: bool) -> None:
        # two columns (past six seats): a row ends 28 px short of the next column, whose seat numbers ("12") sit there
        name_w, gap, ctrl_w = (110, 8, 138) if compact else (220, 10, 190)
        self.controller.options = list(SHORT_CHOICES if compact else CONTROLLER_CHOICES)
        self.controller.tooltip = N_("Human, or a computer player: Easy, Normal or Hard") if compact else None
        self.swatch.rect.topleft = (x, y + 1)
        self.name.rect = pygame.Rect(x + 46, y, name_w, 36)
        self.controller.rect = pygame.Rect(x + 46 + name_w + gap, y, ctrl_w, 36)

    def seat(self) -> Seat:
        name = self.name.value.strip() or self.default_name(self.controller.value)
        return Seat(name, self.controller.value, self.swatch.colour)


class SetupScene(UIScene):
    name = "setup"

    def __init__(self, app, entry: GameUI):
        super().__init__(app)
        self.entry = entry
        self.spec = entry.spec
        self.variant = self.spec.variants[0]
        self.rows: list[SeatRow] = []
        self.option_widgets: dict[str, Widget] = {}
        self.static: list[Widget] = []
        self.seed = TextInput((930, 572, 200, 40), "", N_("random"), 9, allowed=str.isdigit,
                              tooltip=_("Same seed + same moves = same game. Leave blank for {what}.").format(
                                  what=tr(self.spec.restart_words)))
        self.back = Button((40, 648, 180, 52), N_("Back"), self.app.pop, size=20)
        self.rules = Button((236, 648, 150, 52), N_("Rules"), self._open_rules, size=20,
                            tooltip=_("How to play {game}, and every reading of its rulebook").format(
                                game=self.spec.name))
        self.start = Button((theme.W - 300, 648, 260, 52), self.spec.start_words, self._start, "primary", size=22,
                            hotkey=pygame.K_RETURN)
        self.variant_choice = Choice((170, 104, 380, 40), [(v.id, v.label) for v in self.spec.variants],
                                     self.variant.id, self._variant)
        self.variant_choice.visible = len(self.spec.variants) > 1
        self.players = Stepper((170, 160, 160, 40), self.variant.default_players, self.variant.min_players,
                               self.variant.max_players, self._players, allowed=self.variant.player_counts)
        self._rebuild(self.variant.default_players)
        self._restore()

    # -- the last set-up of this game, remembered
    def _restore(self) -> None:
        """The variant, players and options chosen the last time this game was started (checked against the
        game's schema; what does not fit keeps its default)."""
        plan = setup_memory.plan_for(self.spec, setup_memory.remembered(self.spec.id), len(theme.SEAT_COLOURS))
        if plan is None:
            return
        if plan.variant != self.variant.id:
            self.variant_choice.set_value(plan.variant)
            self._variant(plan.variant)
        self.players.value = plan.players
        self._rebuild(plan.players, dict(plan.options))
        for row, seat in zip(self.rows, plan.seats, strict=False):
            row.controller.set_value(seat.controller)
            # a name nobody typed stays the seat's default: in the language in use, and a bot's name once a bot sits
            # there (a Hard bot is never left called "Player 1")
            row.name_edited = not row.is_default_name(seat.name)
            row.name.value = seat.name if row.name_edited else row.default_name(seat.controller)
            row.swatch.index = seat.colour
        for row in self.rows[len(plan.seats):]:  # seats added since keep clear of the restored colours
            taken = self.taken_colours(row.swatch)
            if row.swatch.index in taken:
                row.swatch.index = next(c for c in range(len(theme.SEAT_COLOURS)) if c not in taken)

    def _remember(self) -> None:
        seats = tuple(setup_memory.SeatPlan(r.seat().name, r.controller.value, r.swatch.index) for r in self.rows)
        setup_memory.remember(self.spec.id, setup_memory.SetupPlan(self.variant.id, len(self.rows), seats,
                                                                   self._options()))

    # -- structure
    def taken_colours(self, me) -> set[int]:
        return {r.swatch.index for r in self.rows if r.swatch is not me}

    def _variant(self, variant_id: str) -> None:
        self.variant = self.spec.variant(variant_id)
        self.players.minimum, self.players.maximum = self.variant.min_players, self.variant.max_players
        self.players.allowed = self.variant.player_counts
        n = self.nearest_allowed(len(self.rows))
        self.players.value = n
        self._rebuild(n)

    def nearest_allowed(self, count: int) -> int:
        """The allowed player count nearest to ``count`` (the larger one on a tie): switching to a
        variant keeps as many seats as it can."""
        return min(self.variant.allowed_players(), key=lambda n: (abs(n - count), -n))

    def teams(self) -> tuple[int, ...] | None:
        try:
            config = self.spec.validate_config(Config(self.variant.id, len(self.rows), self._options()))
        except ConfigError:
            return None
        return self.spec.teams(config)

    def summary(self) -> str:
        """What the game says about the chosen variant and options (VeloMaster: the level and course)."""
        try:
            return tr(self.spec.config_summary(Config(self.variant.id, len(self.rows), self._options())))
        except ConfigError:
            return tr(self.variant.summary)

    def _players(self, n: int) -> None:
        self._rebuild(n)

    def _rebuild(self, n: int, preset: dict | None = None) -> None:
        while len(self.rows) < n:
            row = SeatRow(self, len(self.rows))
            taken = self.taken_colours(row.swatch)
            if row.swatch.index in taken:
                row.swatch.index = next(c for c in range(len(theme.SEAT_COLOURS)) if c not in taken)
            self.rows.append(row)
        del self.rows[n:]
        compact = n > 6
        for row in self.rows:
            col, r = (row.i // 6, row.i % 6) if compact else (0, row.i)
            row.place(40 + col * 330, 250 + r * 48, compact)
        # options from the schema; a seat more or less keeps what was set (VeloMaster's course, say)
        kept = {key: w.value for key, w in self.option_widgets.items()}  # type: ignore[attr-defined]
        kept.update(preset or {})
        self.option_widgets = {}
        for opt in self.variant.options:  # a widget for every option; those whose condition fails are hidden
            widget = self._option_widget(opt, pygame.Rect(0, 0, 10, 10), self._kept_value(opt, kept, n), n)
            widget.on_change = self._option_changed  # type: ignore[attr-defined]
            self.option_widgets[opt.key] = widget
        self.widgets = [self.variant_choice, self.players, self.back, self.rules, self.start, self.seed]
        for row in self.rows:
            self.widgets += row.widgets
        self.widgets += list(self.option_widgets.values())
        self._place_options()

    # -- options shown on a condition (Option.when): the Pro rules once the level is Pro, …
    def _values(self) -> dict[str, object]:
        """Each option's value as the game gets it: the widget's, or the default for an option whose
        condition does not hold (a hidden option keeps its widget's value for when it shows again)."""
        values = {key: w.value for key, w in self.option_widgets.items()}  # type: ignore[attr-defined]
        defaults = {o.key: o.default for o in self.variant.options}
        for _pass in range(len(self.variant.options)):  # an option may hang on one that is itself hidden
            hidden = [o.key for o in self.variant.options
                      if o.key in values and not o.shown(values) and values[o.key] != defaults[o.key]]
            if not hidden:
                break
            for key in hidden:
                values[key] = defaults[key]
        return values

    def shown_keys(self) -> tuple[str, ...]:
        """The options the setup shows now, in the schema's order."""
        values = self._values()
        return tuple(o.key for o in self.variant.options if o.key in self.option_widgets and o.shown(values))

    def _option_changed(self, _value) -> None:
        if self.shown_keys() != self.laid_out:  # Level → Pro shows the Pro rules, Stages the stage courses
            self._place_options()

    def _place_options(self) -> None:
        self.laid_out = self.shown_keys()
        self.option_layout = self._layout_options()
        placed = {opt.key for opt, _rect, _label in self.option_layout}
        for opt, rect, _label in self.option_layout:
            self.option_widgets[opt.key].rect = pygame.Rect(rect)
        for key, widget in self.option_widgets.items():
            widget.visible = key in placed

    def _layout_options(self) -> list[tuple[Option, pygame.Rect, tuple[int, int] | None]]:
        """Each shown option's widget rect and label position: one row per option; options of a group as a
        compact grid under the group's title: small steppers four to a row, yes/no switches two to a row or
        choices three to a row, these two with their short label inside (no separate label: ``None``).
        Rows tighten when the options could be many (VeloMaster at Pro with six stages) so that all end above
        the seed; the spacing is chosen for every option shown, so a control never moves under the mouse when
        a click on it shows or hides others."""
        everything = list(self.variant.options)
        plain = sum(1 for o in everything if not o.group)
        tiers = ((54 if plain <= 6 else 42, 40, 34, 24), (44, 38, 32, 22), (40, 36, 32, 20))
        tier = next((t for t in tiers if self._grid(everything, *t)[2] <= OPTIONS_BOTTOM), tiers[-1])
        shown = set(self.laid_out)
        out, self.group_titles, self.options_bottom = self._grid([o for o in everything if o.key in shown], *tier)
        return out

    @staticmethod
    def _grid(options: list[Option], row_h: int, widget_h: int, grid_h: int, title_h: int):
        out: list[tuple[Option, pygame.Rect, tuple[int, int] | None]] = []
        y = 112
        for opt in options:
            if not opt.group:
                out.append((opt, pygame.Rect(930, y, 310, widget_h), (720, y + widget_h // 2)))
                y += row_h
        groups: dict[str, list[Option]] = {}
        for opt in options:
            if opt.group:
                groups.setdefault(opt.group, []).append(opt)
        titles: list[tuple[str, int]] = []
        for title, opts in groups.items():
            titles.append((title, y + 2))
            y += title_h
            if all(o.kind == "bool" for o in opts):  # yes/no rules: two switches to a row, captioned
                for i, opt in enumerate(opts):
                    col, r = i % 2, i // 2
                    out.append((opt, pygame.Rect(720 + col * 262, y + r * grid_h, 252, grid_h - 4), None))
                y += grid_h * ((len(opts) + 1) // 2) + 4
                continue
            if all(o.kind == "choice" for o in opts):  # choices (stage courses): three chips to a row
                for i, opt in enumerate(opts):
                    col, r = i % 3, i // 3
                    out.append((opt, pygame.Rect(720 + col * 174, y + r * grid_h, 166, grid_h - 4), None))
                y += grid_h * ((len(opts) + 2) // 3) + 4
                continue
            for i, opt in enumerate(opts):
                col, r = i % 4, i // 4
                rect = pygame.Rect(760 + col * 126, y + r * (grid_h + 2), 84, 30)
                out.append((opt, rect, (rect.x - 6, rect.centery)))
            y += (grid_h + 2) * ((len(opts) + 3) // 4) + 4
        return out, titles, y

    @staticmethod
    def _kept_value(opt: Option, kept: dict, players: int):
        """The value an option had before the seats changed, if this variant's option accepts it with ``players``
        players (a seat choice: a seat still in play); else its default."""
        if opt.key in kept and (opt.kind != "choice" or kept[opt.key] in dict(opt.choices_for(players))):
            try:
                return opt.validate(kept[opt.key])
            except ConfigError:
                pass
        return opt.default

    def _option_widget(self, opt: Option, rect, value, players: int) -> Widget:
        words = _("{option}: {help}").format(option=tr(opt.label), help=tr(opt.help)) if opt.help else opt.label
        if opt.group and opt.kind == "bool":
            w: Widget = Toggle(rect, bool(value), caption=opt.short or opt.label)
            w.tooltip = words
            return w
        if opt.group and opt.kind == "choice":
            return ChipChoice(rect, opt.choices, value, tooltip=opt.help or None, caption=opt.short or opt.label)
        if opt.group:
            w = Stepper(rect, int(value), opt.minimum, opt.maximum)
            w.tooltip = words
            return w
        if opt.kind == "bool":
            w = Toggle(rect, bool(value))
        elif opt.kind == "choice":
            w = Choice(rect, opt.choices_for(players), value, size=16)
        else:
            w = Stepper(rect, int(value), opt.minimum, opt.maximum)
        w.tooltip = opt.help or None
        return w

    def _options(self) -> tuple[tuple[str, object], ...]:
        """Every option's value for the config; an option hidden by its condition goes as its default."""
        return tuple(sorted(self._values().items()))

    # -- start
    def _start(self) -> None:
        seats = [r.seat() for r in self.rows]
        names = [s.name for s in seats]
        if len(set(names)) != len(names):
            self.app.toasts.show(_("Two players have the same name: please make them different."), "warn")
            return
        seed_text = self.seed.value.strip()
        seed = int(seed_text) if seed_text else random.randrange(1, 10**9)
        try:
            config = self.spec.validate_config(Config(self.variant.id, len(seats), self._options()))
            match = Match(self.spec, config, seed, seats)
        except ConfigError as exc:
            self.app.toasts.show(tr(exc.args[0]) if exc.args else str(exc), "warn")
            return
        except (ValueError, OSError) as exc:  # e.g. a damaged course map: say so, stay on the setup
            self.app.toasts.show(_("Cannot start this game: {problem}").format(problem=exc), "error", 8)
            return
        try:
            scene = self.entry.scene(self.app, match, self.entry)
        except (ValueError, OSError) as exc:
            self.app.toasts.show(_("Cannot show this game: {problem}").format(problem=exc), "error", 8)
            return
        self._remember()
        self.app.stack.clear_to(scene)
        scene._autosave()  # a slot of its own: a new match never replaces another (the menu lists them all)

    def _open_rules(self) -> None:
        from .rules_viewer import RulesScene

        self.app.push(RulesScene(self.app, self.spec.name, self.entry.rules_doc))

    def on_escape(self) -> bool:
        self.app.pop()
        return True

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.shown_keys() != self.laid_out:  # a value set from outside a widget's click (set_value)
            self._place_options()
        self.start.set_enabled(bool(self.rows), N_("Add players first."))
        self._name_seat_choices()

    def _name_seat_choices(self) -> None:
        """A seat choice (who is youngest, who starts) offers the seats by the names typed above, as they are
        typed: "Jeannie", not "Player 2" (no seat is called that once a bot sits there or a name is typed)."""
        for opt in self.variant.options:
            widget = self.option_widgets.get(opt.key)
            if not opt.seat_choice or not isinstance(widget, Choice):
                continue
            widget.options = [(v, SeatName(self.rows[v].seat().name) if type(v) is int and 0 <= v < len(self.rows)
                               else label) for v, label in opt.choices_for(len(self.rows))]

    def _draw_teams(self, surface) -> None:
        """Partnerships: a team letter on each seat and one line naming the teams (partners sit apart)."""
        teams = self.teams()
        if not teams:
            return
        names = [r.seat().name for r in self.rows]
        for row, team in zip(self.rows, teams, strict=False):
            letter = chr(ord("A") + team)
            compact = len(self.rows) > 6
            centre = ((row.swatch.rect.x - 26) if compact else (row.controller.rect.right + 22),
                      row.swatch.rect.centery)
            pygame.draw.circle(surface, theme.TEAM_COLOURS[team % len(theme.TEAM_COLOURS)], centre, 10)
            theme.blit_text(surface, letter, centre, 13, theme.PAPER_INK, "bold", anchor="center")
        groups: dict[int, list[str]] = {}
        for seat, team in enumerate(teams):
            groups.setdefault(team, []).append(names[seat])
        # TRANSLATORS: a team's letter and its players in the setup's teams line ("A: Ann & Carl")
        line = "   ".join(_("{team}: {players}").format(team=chr(ord("A") + t), players=" & ".join(g))
                           for t, g in sorted(groups.items()))
        bottom = max(r.name.rect.bottom for r in self.rows) + 10
        theme.blit_text(surface, theme.fit(_("Teams — {teams}").format(teams=line), 640, 15, "bold"), (40, bottom), 15,
                        theme.ACCENT, "bold")
        theme.blit_text(surface, _("Partners sit apart and play in turn round the table."), (40, bottom + 20), 13,
                        theme.MUTED, "italic")

    def _draw_summary(self, surface, summary: str, x: int, y: int, width: int, bottom: int) -> None:
        """"ABOUT THIS GAME" and the game's words on the options chosen, wrapped to ``width``, down to ``bottom``."""
        theme.blit_text(surface, _("ABOUT THIS GAME"), (x, y), 12, theme.MUTED, "bold")
        lines = theme.wrap(summary, width, 16)
        room = max(1, (bottom - (y + 24)) // 21)
        if len(lines) > room:  # cut short: say so rather than stop mid-sentence
            lines = lines[:room - 1] + [theme.fit(lines[room - 1] + " …", width, 16, "italic")]
        for i, line in enumerate(lines):
            theme.blit_text(surface, line, (x, y + 24 + 21 * i), 16, theme.MUTED, "italic")

    def _seats_bottom(self) -> int:
        """Where the seats end (and the teams' line and the note under it, when there are teams)."""
        bottom = max((r.name.rect.bottom for r in self.rows), default=250)
        return bottom + 46 if self.teams() else bottom

    def panel_rect(self) -> pygame.Rect:
        """The room a game's own panel (``GameUI.setup_panel``) may use: under the seats (and the teams' line) down
        to the buttons, never less than the 72 px above them; the panel draws what it needs at its bottom."""
        top = min(PANEL_TOP, self._seats_bottom() + 12)
        return pygame.Rect(40, top, 640, PANEL_BOTTOM - top)

    def draw(self, surface) -> None:
        theme.backdrop(surface)
        theme.blit_text(surface, _("New match — {game}").format(game=self.spec.name), (40, 30), 36, theme.ACCENT, "title")
        if self.variant_choice.visible:
            theme.blit_text(surface, _("Variant"), (40, 124), 20, theme.INK, "bold", anchor="midleft")
        theme.blit_text(surface, _("Players"), (40, 180), 20, theme.INK, "bold", anchor="midleft")
        theme.blit_text(surface, tr(self.variant.players_text()), (345, 180), 16, theme.MUTED, anchor="midleft")
        theme.blit_text(surface, _("SEATS · colour, name, who plays"), (40, 222), 13, theme.MUTED, "bold")
        for row in self.rows:
            theme.blit_text(surface, str(row.i + 1), (row.swatch.rect.x - 8, row.swatch.rect.centery), 13,
                            theme.FAINT, anchor="midright")
        self._draw_teams(surface)
        side = pygame.Rect(700, 96, 556, 530)
        theme.panel(surface, side, theme.PANEL_LO, shadow=False)
        for opt, _rect, label_at in self.option_layout:
            if label_at is None:  # a captioned switch draws its own label
                continue
            lx, ly = label_at
            if opt.group:
                theme.blit_text(surface, tr(opt.short or opt.label), (lx, ly), 15, theme.INK, "bold", anchor="midright")
                continue
            lines = theme.wrap(tr(opt.label), 200, 16, "bold")
            for k, line in enumerate(lines[:2]):
                theme.blit_text(surface, line, (lx, ly + (k - (len(lines[:2]) - 1) / 2) * 19), 16, theme.INK,
                                "bold", anchor="midleft")
        for title, ty in self.group_titles:
            theme.blit_text(surface, tr(title).upper(), (720, ty), 12, theme.MUTED, "bold")
        y = self.options_bottom - 10
        summary = self.summary()
        if summary and y < 480:
            y += 14
            if self.option_layout:  # a rule under the options; nothing to set apart when there are none
                pygame.draw.line(surface, theme.LINE, (720, y), (side.right - 20, y))
            self._draw_summary(surface, summary, 720, y + 14, 516, 548)
        elif summary and not self.entry.setup_panel:  # the options fill their side: the words go under the seats
            top = self._seats_bottom() + 20
            if PANEL_BOTTOM - top >= 24 + 2 * 21:  # (six seats in teams leave no room: the rules say it all)
                self._draw_summary(surface, summary, 40, top, 600, PANEL_BOTTOM)
        theme.blit_text(surface, _("Seed"), (720, 592), 16, theme.INK, "bold", anchor="midleft")
        if self.entry.setup_panel:
            self.entry.setup_panel(self, surface, self.panel_rect())
        self.draw_widgets(surface)
