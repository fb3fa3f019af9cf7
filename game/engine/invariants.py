"""Invariant checks over any game speaking the protocol (pure; used by simulate and the tests).

Each check raises :class:`InvariantError` with a message naming the game, step and rule broken.
"""

from __future__ import annotations

import json
import re
from dataclasses import fields
from typing import Any, Iterable

from .protocol import Action, GameSpec, State, View, encode_action


class InvariantError(AssertionError):
    pass


def _walk_strings(value: Any) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            yield from _walk_strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _walk_strings(v)


_BY_NUMBER = re.compile(r"\b(Player|Team) \d")


def check_state(game: GameSpec, state: State, where: str) -> None:
    """Checks that need only one state: something to do until over, JSON round trip, views."""
    if state.is_over():
        result = state.result()
        if sorted(result.ranking) != list(range(state.players)):
            raise InvariantError(f"{where}: ranking {result.ranking} is not a permutation of the seats")
        if len(result.scores) != state.players or not result.winners:
            raise InvariantError(f"{where}: result has {len(result.scores)} scores and winners {result.winners}")
        if result.team_ranking and sorted(result.team_ranking) != list(range(len(result.team_scores))):
            raise InvariantError(f"{where}: team ranking {result.team_ranking} is not a permutation of the teams")
        if result.score_texts and len(result.score_texts) != state.players:
            raise InvariantError(f"{where}: {len(result.score_texts)} score texts for {state.players} seats")
        names = [f"<seat {i}>" for i in range(state.players)]
        for line in result.details:
            try:
                shown = line.format(*names)
            except (IndexError, KeyError, ValueError) as exc:
                raise InvariantError(f"{where}: result line {line!r} does not take the seats' names: {exc}") from None
            if _BY_NUMBER.search(shown):  # "Player 2", "Team 1" (a "Team classification" is words, not a seat)
                raise InvariantError(f"{where}: result line {line!r} names seats by number, not by name")
        return
    seats = state.to_act()
    if not seats:
        raise InvariantError(f"{where}: nobody is to act but the game is not over")
    for seat in seats:
        if not 0 <= seat < state.players:
            raise InvariantError(f"{where}: to_act names seat {seat} of {state.players}")
        legal = state.legal_actions(seat)
        if not legal:
            raise InvariantError(f"{where}: seat {seat} must act but has no legal action")
        if len(set(legal)) != len(legal):
            raise InvariantError(f"{where}: seat {seat} has duplicate legal actions")
        for action in legal:
            if state.why_illegal(seat, action) is not None:
                raise InvariantError(f"{where}: legal action {action} is refused: {state.why_illegal(seat, action)}")
            hash(action)
            json.dumps(encode_action(action))


def check_round_trip(game: GameSpec, state: State, where: str) -> None:
    data = state.to_dict()
    text = json.dumps(data, sort_keys=True)
    back = game.state_from_dict(json.loads(text))
    if json.dumps(back.to_dict(), sort_keys=True) != text:
        raise InvariantError(f"{where}: to_dict/from_dict round trip changed the state")
    if back.to_act() != state.to_act() or back.is_over() != state.is_over():
        raise InvariantError(f"{where}: the restored state disagrees on who acts")


def check_views(game: GameSpec, state: State, where: str) -> None:
    """No view shows another seat's secrets; a determinization from a view reproduces that view."""
    secrets = [state.secrets(s) for s in range(state.players)]
    for viewer in [None, *range(state.players)]:
        view = state.view(viewer)
        if not isinstance(view, View) or view.seat != viewer:
            raise InvariantError(f"{where}: view({viewer}) is not a View for that seat")
        shown = set(_walk_strings(view.to_dict()))
        for other in range(state.players):
            if other == viewer:
                continue
            leaked = shown & secrets[other]
            if leaked:
                raise InvariantError(f"{where}: view({viewer}) shows seat {other}'s secret {sorted(leaked)[:3]}")
        if viewer is not None and not state.is_over():
            imagined = game.determinize(view, 12345)
            if imagined.view(viewer) != view:
                raise InvariantError(f"{where}: a determinization from view({viewer}) does not reproduce that view")
            if imagined.to_act() != state.to_act():
                raise InvariantError(f"{where}: who is asked depends on what seat {viewer} cannot see: to_act is "
                                     f"{state.to_act()} but {imagined.to_act()} in a world imagined from its view")
            if viewer in state.to_act() and set(imagined.legal_actions(viewer)) != set(state.legal_actions(viewer)):
                raise InvariantError(f"{where}: seat {viewer}'s legal actions depend on what it cannot see")
            question = state.question(viewer)
            if imagined.question(viewer) != question:
                raise InvariantError(f"{where}: the question put to seat {viewer} depends on what it cannot see")


def check_any_order(game: GameSpec, state: State, choose, where: str) -> None:
    """Several seats awaited at once: submitting their decisions in any order gives the same state.

    ``choose(seat, legal)`` picks one action per seat (from the state before anyone acts); they are
    applied in ``to_act`` order and in reverse order, each seat still awaited and its action still legal."""
    seats = state.to_act()
    if len(seats) < 2:
        return
    picks = {seat: choose(seat, state.legal_actions(seat)) for seat in seats}
    finals = []
    for order in (seats, tuple(reversed(seats))):
        current = state
        for seat in order:
            if seat not in current.to_act():
                raise InvariantError(f"{where}: seat {seat} was awaited with {seats} but is no longer asked after "
                                     f"the others answered in the order {order}")
            reason = current.why_illegal(seat, picks[seat])
            if reason is not None:
                raise InvariantError(f"{where}: seat {seat}'s choice {picks[seat]} became illegal after another "
                                     f"seat's answer ({reason})")
            current, _ = current.apply(seat, picks[seat])
        finals.append(json.dumps(current.to_dict(), sort_keys=True))
    if finals[0] != finals[1]:
        raise InvariantError(f"{where}: the simultaneous decisions of seats {seats} give a different state "
                             f"depending on the order they are submitted in")


def checked_apply(game: GameSpec, state: State, seat: int, action: Action, where: str):
    """``state.apply`` plus the no-mutation check."""
    before = json.dumps(state.to_dict(), sort_keys=True)
    new_state, events = state.apply(seat, action)
    if json.dumps(state.to_dict(), sort_keys=True) != before:
        raise InvariantError(f"{where}: apply mutated its input state")
    if new_state is state:
        raise InvariantError(f"{where}: apply returned the same object")
    return new_state, events


def check_replay(game: GameSpec, config, seed: int, actions: list[tuple[int, Action]], final: State, where: str):
    state = game.new_state(config, seed)
    for seat, action in actions:
        state, _ = state.apply(seat, action)
    if json.dumps(state.to_dict(), sort_keys=True) != json.dumps(final.to_dict(), sort_keys=True):
        raise InvariantError(f"{where}: replaying seed + actions did not reproduce the final state")


def _public_face(state: State, viewer: int | None, events, names) -> tuple:
    """What ``viewer`` can tell of a position and the step that led to it."""
    return (json.dumps(state.view(viewer).to_dict(), sort_keys=True), state.to_act(),
            state.question(viewer) if viewer is not None and viewer in state.to_act() else None,
            # a reveal's text tells what it shows; an empty text tells nothing (the log skips it)
            tuple(t for e in events if not e.reveals and (t := e.text(names, viewer))))


def check_secret_choices(game: GameSpec, state: State, choose, where: str, follow: int = 12) -> int:
    """Secrets stay secret by construction: for each awaited seat with a choice whose ``secret_fields`` are
    secret (a card face down, a doping pick, a vote), two legal choices that differ only there give every
    other seat outside ``state.secret_audience`` (and the spectator) the same view, the same ``to_act`` and
    questions, and the same event texts; so do the positions that follow when both worlds go on with the same
    moves (the same seed: the same dice), for ``follow`` moves or until a step that reveals something
    (``Event.reveals``: a reveal, a die, a draw) makes what a seat sees differ (the rules brought the secret to
    light); a difference at any other step is a leak; a seat told something in private
    by an event (``private_to``: a card stolen from it) is no longer compared from then on. ``choose(seq)``
    picks from a sequence. Returns how many pairs were compared."""
    compared = 0
    names = [f"<seat {i}>" for i in range(state.players)]
    for seat in state.to_act():
        groups: dict[tuple, list[Action]] = {}
        for action in state.legal_actions(seat):
            secret = type(action).secret_fields
            if not secret:
                continue
            public = tuple((f.name, getattr(action, f.name)) for f in fields(action) if f.name not in secret)
            groups.setdefault((type(action).__name__, public), []).append(action)
        pairs = [g for g in groups.values() if len(g) >= 2]
        if not pairs:
            continue
        first, second = _two(choose(pairs), choose)
        audience = set(state.secret_audience(seat, first)) | set(state.secret_audience(seat, second))
        watchers = [None, *(s for s in range(state.players) if s not in audience)]
        worlds = [state.apply(seat, first), state.apply(seat, second)]
        what = f"{where}: seat {seat}'s secret choice {first} or {second}"
        for k in range(follow + 1):
            (a, events_a), (b, events_b) = worlds
            revealing = any(e.reveals for e in (*events_a, *events_b))
            for event in (*events_a, *events_b):  # told something in private: theirs to know from now on
                watchers = [v for v in watchers if v is None or v not in (getattr(event, "private_to", None) or ())]
            faces = [(v, _public_face(a, v, events_a, names), _public_face(b, v, events_b, names)) for v in watchers]
            if revealing and any(fa[:3] != fb[:3] for _, fa, fb in faces):
                break  # chance or a reveal brought it to light (the rules tell, or the dice fell otherwise)
            for viewer, face_a, face_b in faces:
                for part, label in enumerate(("view", "seats asked", "question", "event texts")):
                    if face_a[part] != face_b[part]:
                        raise InvariantError(f"{what}: {k} moves later, seat {viewer}'s {label} differ "
                                             f"({_first_difference(face_a[part], face_b[part])})")
            if a.is_over() or b.is_over() or a.to_act() != b.to_act():
                break
            mover = choose(a.to_act())
            legal_b = set(b.legal_actions(mover))
            options = [x for x in a.legal_actions(mover) if x in legal_b]
            if not options:
                break
            move = choose(options)
            worlds = [a.apply(mover, move), b.apply(mover, move)]
        compared += 1
    return compared


def _two(group: list[Action], choose) -> tuple[Action, Action]:
    first = choose(group)
    second = choose([a for a in group if a != first])
    return first, second


def _first_difference(a: Any, b: Any) -> str:
    text_a, text_b = str(a), str(b)
    i = next((i for i, (x, y) in enumerate(zip(text_a, text_b, strict=False)) if x != y), min(len(text_a),
                                                                                            len(text_b)))
    return f"…{text_a[max(0, i - 40):i + 60]}… vs …{text_b[max(0, i - 40):i + 60]}…"
