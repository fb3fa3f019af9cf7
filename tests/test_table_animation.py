"""The event animation every table shares (game/ui/table_animation.py): handlers per event type,
beats scaled by the animation-speed setting, banners, pops, flights and motions, and "busy" while
anything is under way."""

from dataclasses import dataclass

import pygame
import pytest

from game.ui import theme
from game.ui.table_animation import BannerStack, EventAnimator, PopStyle, animates
from game.ui.tween import Tween


@dataclass(frozen=True)
class Played:
    card: int


@dataclass(frozen=True)
class Doubled(Played):
    """A subclass of an event the table animates: it gets the parent's animation."""


@dataclass(frozen=True)
class Shuffled:
    """An event the table does not animate."""


class Table:
    """A stand-in for a table: a pace and handlers marked with @animates."""

    def __init__(self, pace: float = 1.0):
        self.pace = pace
        self.log: list[tuple[str, float]] = []
        self.anim = EventAnimator(self)

    @animates(Played)
    def _played(self, ev, t):
        self.anim.at(t, lambda: self.log.append(("played", ev.card)))
        return t + 0.5


class LoudTable(Table):
    @animates(Played)
    def _loud(self, ev, t):
        self.anim.banner(f"played {ev.card}", (0, 0), theme.ACCENT, t)
        return t + 1.0


def run(anim: EventAnimator, seconds: float, dt: float = 0.01) -> None:
    for _ in range(round(seconds / dt)):
        anim.update(dt)


def test_each_event_type_plays_its_own_handler_one_after_another():
    table = Table()
    end = table.anim.play([Played(1), Played(2)])
    assert end == 1.0, "the second event starts where the first ended"
    run(table.anim, 0.2)
    assert table.log == [("played", 1)], "the second card waits for its beat"
    run(table.anim, 0.4)
    assert table.log == [("played", 1), ("played", 2)]


def test_an_event_without_a_handler_takes_no_time_and_a_subclass_uses_its_parents_handler():
    table = Table()
    assert table.anim.play([Shuffled(), Doubled(7)]) == 0.5
    run(table.anim, 0.05)
    assert table.log == [("played", 7)]


def test_a_table_subclass_replaces_the_animation_of_an_event_type():
    table = LoudTable()
    assert table.anim.play([Played(3)]) == 1.0
    run(table.anim, 0.05)
    assert table.log == [] and [b.text for b in table.anim.banners] == ["played 3"]


class ShowMixin:
    """A mixin of animations, as a table keeps them in its own module (Mille Bornes' table_show)."""

    @animates(Played)
    def _on_played(self, ev, t):
        self.log.append(("animated", ev.card))
        return t + 0.5


class ShadowingTable(ShowMixin):
    """A table whose button handler happens to take the mixin's animation's name."""

    def __init__(self):
        self.pace = 1.0
        self.log: list[tuple[str, float]] = []

    def _on_played(self):  # a button's handler, not an animation
        self.log.append(("clicked", 0))


def test_a_method_shadowing_an_animation_by_name_is_refused_when_the_animator_is_made():
    """The Mille Bornes crash ("_fast_remedy() takes 1 positional argument but 3 were given"): an
    animation found by its name got the scene's button handler of the same name."""
    with pytest.raises(TypeError, match=r"ShadowingTable\._on_played.*ShowMixin.*Played"):
        EventAnimator(ShadowingTable())


class TwoMarks(Table):
    """A subclass reusing a marked name for another event: each marked function plays its own events."""

    @animates(Doubled)
    def _played(self, ev, t):
        self.log.append(("doubled", ev.card))
        return t + 2.0


def test_each_marked_function_animates_the_events_it_names_whatever_its_name():
    table = TwoMarks()
    assert table.anim.handler(Doubled)(Doubled(4), 0.0) == 2.0
    assert table.anim.handler(Played)(Played(5), 0.0) == 0.5, "Played keeps the parent's own animation"
    run(table.anim, 0.05)
    assert table.log == [("doubled", 4), ("played", 5)]


def test_beats_are_scaled_by_the_animation_speed_setting():
    table = Table(pace=1.6)  # "slow"
    table.anim.play([Played(1), Played(2)])  # the second at beat 0.5 = 0.8 s
    run(table.anim, 0.75)
    assert table.log == [("played", 1)]
    assert table.anim.busy, "bots wait while a step is still being shown"
    run(table.anim, 0.1)
    assert table.log == [("played", 1), ("played", 2)]
    assert not table.anim.busy


def test_at_instant_speed_everything_shows_on_the_next_frame_in_event_order():
    table = Table(pace=0.0)
    done = []
    table.anim.play([Played(1), Played(2), Played(3)], then=lambda: done.append(True))
    table.anim.update(1 / 60)
    assert table.log == [("played", 1), ("played", 2), ("played", 3)] and done == [True]
    assert not table.anim.busy


def test_then_runs_just_after_the_last_event():
    table = Table()
    order = []
    table.anim.play([Played(1)], then=lambda: order.append(list(table.log)))
    run(table.anim, 0.45)
    assert order == [], "the last event's beat (0.5) is not over"
    run(table.anim, 0.1)
    assert order == [[("played", 1)]]


def test_a_flight_keeps_the_table_busy_until_it_lands_where_on_land_runs():
    table = Table()
    landed = []
    image = pygame.Surface((10, 10))
    table.anim.fly(image, (0, 0), (100, 50), 0.2, 0.3, on_land=lambda: landed.append(True))
    assert table.anim.busy
    run(table.anim, 0.3)
    assert table.anim.flights and not landed, "in the air"
    x, y = table.anim.flights[0].pos
    assert 0 < x < 100 and 0 < y < 50
    run(table.anim, 0.25)
    assert landed == [True] and not table.anim.flights and not table.anim.busy


def test_a_fading_flight_fades_over_the_end_of_its_way():
    table = Table()
    image = pygame.Surface((10, 10))
    image.fill((255, 255, 255))
    table.anim.fly(image, (0, 0), (0, 0), 0.0, 1.0, fade=True, ease=lambda k: k)
    run(table.anim, 0.9)
    surface = pygame.Surface((20, 20))
    table.anim.draw_overlays(surface)
    assert 0 < surface.get_at((5, 5)).r < 255, "a third of the way faded"


def test_banners_are_read_for_at_least_half_their_length_at_fast_speed():
    table = Table(pace=0.2)
    table.anim.banner("Round 2", (100, 100), theme.ACCENT, 0.0, 2.0)
    run(table.anim, 0.9)
    assert [b.text for b in table.anim.banners] == ["Round 2"], "still there after 0.9 s (0.5 x 2 s)"
    run(table.anim, 0.2)
    assert not table.anim.banners
    assert not table.anim.busy, "banners never hold play up"


def test_a_banner_stack_shows_the_newest_on_top_and_one_older_below():
    table = Table()
    table.anim.banner_stack = BannerStack((400, 100), step=46, keep=2)
    for text in ("first", "second", "third"):
        table.anim.show_banner(text, (0, 0), theme.ACCENT, 3.0)
    table.anim.draw_banners(pygame.Surface((800, 400)))
    placed = {b.text: b.pos for b in table.anim.banners}
    assert placed["third"] == (400, 100) and placed["second"] == (400, 146)
    assert placed["first"] == (0, 0), "the oldest is not drawn"


def test_a_pop_over_a_piece_shows_where_the_piece_is_when_it_appears():
    table = Table()
    piece = {"at": (10.0, 10.0)}
    table.anim.pop("+2 pts", lambda: piece["at"], 0.5, life=1.2)
    piece["at"] = (300.0, 40.0)  # the piece moves before the pop's beat
    run(table.anim, 0.55)
    assert [(p.text, p.pos) for p in table.anim.pops] == [("+2 pts", (300.0, 40.0))]


def test_pops_fade_at_their_styles_rate_and_go():
    table = Table()
    table.anim.pop_style = PopStyle(fade_per_s=0.5)
    table.anim.show_pop("lap 2", (50, 50), life=1.0)
    run(table.anim, 1.9)
    assert len(table.anim.pops) == 1 and table.anim.pops[0].life == pytest.approx(0.05)
    run(table.anim, 0.2)
    assert not table.anim.pops


def test_pops_outside_the_clip_are_not_drawn():
    table = Table()
    table.anim.show_pop("CRASH", (500, 500), colour=theme.RED)
    surface = pygame.Surface((200, 200), pygame.SRCALPHA)
    table.anim.draw_overlays(surface, clip=pygame.Rect(0, 0, 200, 200))
    assert surface.get_bounding_rect().w == 0, "nothing drawn"
    table.anim.draw_overlays(surface, to_screen=lambda p: (p[0] / 5, p[1] / 5), clip=pygame.Rect(0, 0, 200, 200))
    assert surface.get_bounding_rect().w > 0, "placed on screen through to_screen"


def test_a_motion_is_advanced_every_frame_and_holds_play_until_the_table_lands_it():
    table = Table()
    table.anim.motions["rider"] = Tween((0, 0), (10, 0), 0.2)
    run(table.anim, 0.1)
    assert table.anim.motions["rider"].value[0] > 0 and table.anim.busy
    run(table.anim, 0.2)
    assert table.anim.busy, "a finished motion stays until the table lands the piece"
    del table.anim.motions["rider"]
    assert not table.anim.busy


def test_clear_drops_every_animation_so_the_table_shows_the_state_as_it_is():
    table = Table()
    table.anim.play([Played(1)], t=0.5)
    table.anim.fly(pygame.Surface((4, 4)), (0, 0), (5, 5), 0.0, 1.0)
    table.anim.show_banner("news", (0, 0), theme.ACCENT)
    table.anim.show_pop("+1", (0, 0))
    table.anim.motions[0] = Tween(0.0, 1.0, 1.0)
    run(table.anim, 0.05)
    table.anim.clear()
    assert not (table.anim.busy or table.anim.banners or table.anim.pops)
    run(table.anim, 1.0)
    assert table.log == [], "nothing scheduled before the clear runs after it"
