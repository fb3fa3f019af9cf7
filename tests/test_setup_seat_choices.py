"""The setup screen offers a seat choice (who starts, who is oldest) among the seats in play only: with 3 players
"Player 5" used to be offered and was refused only at Start, in a pop-up."""

from __future__ import annotations

import pygame
import pytest

from game.engine.protocol import Config, ConfigError
from game.ui.scenes.setup import SetupScene
from game.ui.scenes_registry import TABLES

from .ui_helpers import frames, make_app

SEAT_CHOICES = [("alameda", "oldest"), ("millebornes", "youngest"), ("velonimo", "first_player")]


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    return make_app("instant")


def open_setup(app, game_id: str) -> SetupScene:
    setup = SetupScene(app, TABLES[game_id])
    app.stack.clear_to(setup)
    frames(app, 2)
    return setup


def offered_seats(widget) -> list[int]:
    return [value for value, _label in widget.options if value >= 0]


@pytest.mark.parametrize(("game_id", "key"), SEAT_CHOICES)
def test_a_seat_choice_offers_exactly_the_seats_in_play_as_the_player_count_changes(app, game_id, key):
    setup = open_setup(app, game_id)
    low, high = setup.variant.min_players, setup.variant.max_players
    assert high > low
    for n in (high, low):
        setup.players.value = n
        setup._players(n)
        frames(app, 1)
        widget = setup.option_widgets[key]
        assert offered_seats(widget) == list(range(n)), (n, widget.options)
        for _ in range(len(widget.options)):  # every value a click reaches starts a valid match
            widget.shift(1)
            setup.spec.validate_config(Config(setup.variant.id, len(setup.rows), setup._options()))


@pytest.mark.parametrize(("game_id", "key"), SEAT_CHOICES)
def test_the_last_seat_chosen_falls_back_to_the_default_when_that_seat_leaves(app, game_id, key):
    setup = open_setup(app, game_id)
    high, low = setup.variant.max_players, setup.variant.min_players
    setup._players(high)
    widget = setup.option_widgets[key]
    widget.set_value(high - 1)
    assert widget.value == high - 1
    setup._players(low)
    assert setup.option_widgets[key].value == next(o.default for o in setup.variant.options if o.key == key)
    with pytest.raises(ConfigError):  # what the setup now keeps out of reach is what the game refuses
        config = setup.spec.default_config(setup.variant.id, low)
        setup.spec.validate_config(type(config)(config.variant, low, tuple(sorted({**dict(config.options),
                                                                                   key: high - 1}.items()))))


def test_every_seat_keeps_its_number_in_sight_when_the_seats_run_in_two_columns(tmp_path, monkeypatch):
    """Past six players the seats run in two columns; the numbers of the second column (7 to 12) were drawn under
    the first column's Human/Bot choice and nobody could see them."""
    from game.ui import text_audit

    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    text_audit.enable()  # before the app makes its canvas
    try:
        app = make_app("instant")
        setup = SetupScene(app, TABLES["veldiv"])  # Jeu du Veldiv: up to 12 players
        app.stack.clear_to(setup)
        setup.players.value = setup.variant.max_players
        setup._players(setup.variant.max_players)
        frames(app, 2)
        numbers = [str(row.i + 1) for row in setup.rows]
        seats = pygame.Rect(0, setup.rows[0].name.rect.top, setup.rows[-1].swatch.rect.x, 6 * 48)
        seen = [m.text for m in text_audit.marks(app.canvas) if seats.contains(m.rect) and m.text in numbers]
        assert len(numbers) == 12 and sorted(seen, key=int) == numbers, seen
    finally:
        text_audit.disable()


@pytest.mark.parametrize(("game_id", "key"), SEAT_CHOICES)
def test_a_seat_choice_names_the_seats_as_their_players_are_named(app, game_id, key):
    """"Youngest player: Player 2" while seat 2 was the bot Jeannie, or a player who had typed her name: the
    choice said a name no seat had. It offers the names typed above, as they change."""
    from game.i18n import tr

    setup = open_setup(app, game_id)
    widget = setup.option_widgets[key]
    setup.rows[1].name.value = "Zoé"
    frames(app, 1)
    labels = {value: tr(label) for value, label in widget.options}
    assert labels[0] == setup.rows[0].seat().name and labels[1] == "Zoé", labels
    setup.rows[0].name.value = "Normal"  # a name that is also a word of the catalogue stays as it was typed
    from game import i18n

    i18n.set_language("fr")
    frames(app, 1)
    assert tr(dict(widget.options)[0]) == "Normal"
