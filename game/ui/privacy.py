"""The hot-seat privacy check every table calls before drawing a seat's private cards.

``check(scene, seat)`` is True when ``scene.may_show_private(seat)``: the seat is the viewer, who
took the screen through the hand-off. A table draws a hand, a pending pick or a privately drawn
card face up only when it returns True. Where it returns False the table must draw backs instead;
tests set :data:`strict` so that any such attempt fails loudly (an assertion hook, not a
screenshot diff), and :data:`violations` keeps a record either way.
"""

from __future__ import annotations

strict = False
violations: list[str] = []


class PrivacyError(AssertionError):
    """A table tried to draw a seat's private cards to someone else."""


def check(scene, seat: int | None, what: str = "hand") -> bool:
    if scene.may_show_private(seat):
        return True
    message = (f"{type(scene).__name__} tried to draw seat {seat}'s {what} while the screen belongs to "
               f"{'nobody (hand-off)' if scene.viewer is None or scene.handoff_open else f'seat {scene.viewer}'}")
    violations.append(message)
    if strict:
        raise PrivacyError(message)
    return False


def hand_title(scene) -> str:
    """The words over the hand the screen shows: "YOUR HAND"; with several humans taking turns at the screen
    "ANN'S HAND", so whoever took it sees at a glance that the hand is theirs (French "MAIN D'ANN")."""
    from ..i18n import _, fill

    if scene.hot_seat and scene.viewer is not None:
        return fill(_("{player}'s hand"), player=scene.seat_name(scene.viewer)).upper()
    return _("YOUR HAND")
