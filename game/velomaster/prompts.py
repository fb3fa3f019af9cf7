"""The VeloMaster table's prompt (the top bar's line: what the player acting must do now), composed in the
language in use at draw time."""

from __future__ import annotations

from ..i18n import _, fill, join_names, ngettext
from . import expert_table
from .rules.actions import Assign
from .table_words import bib_rider, neutral_bike, role_name, whose


def race_status(scene) -> str | None:
    """The prompt for ``scene``'s acting human, None where the shared table's own words apply."""
    view = scene.v
    me = scene.acting_human()
    if scene.match.is_over():
        return _("The race is over.")
    if view.phase == "prepare":
        if me is not None:
            return _("{name}: secret picks for the stage (surmotivé, doping, clean), then Ready.").format(
                name=scene.seat_name(me))
        return prepare_waiting(scene) or None
    if me is None:
        return None
    name = scene.seat_name(me)
    phase = view.phase
    if phase == "order":
        rolls = view.d20[me] if me < len(view.d20) else ()
        if rolls:  # a roll-off: name who tied on what
            tied = [scene.seat_name(s) for s in range(len(view.d20)) if s != me and view.d20[s] == rolls]
            if tied:
                return _("{name}: tie on {value} with {others}: roll the d20 again.").format(
                    name=name, value=rolls[-1], others=join_names(tied))
            return _("{name}: tied, roll the d20 again.").format(name=name)
        return _("{name}: roll the d20 for the start order.").format(name=name)
    if scene.expert and phase in ("roll", "assign", "propose", "vote", "neutral"):
        words = expert_status(scene, name)
        if words is None:
            return None
        if phase == "roll" and any(b.enabled for b in scene.attack_btns):
            words = _("{prompt}, or announce an attack first.").format(prompt=words[:-1])
        return words
    if phase in ("launch_roll", "roll"):
        return _("{name}: roll the two dice.").format(name=name)
    if phase == "launch":
        return _("{name}: launch a rider with one of the dice. Hover a die to see its move.").format(name=name)
    if phase == "assign":
        riders = {a.rider for a in scene.legal(me) if isinstance(a, Assign)}
        if len(riders) == 1:  # the other rider is across the line, out or down: no "first"
            r = view.riders[riders.pop()]
            return _("{name}: which die for your {rider}? Hover a die to see its move.").format(
                name=name, rider=role_name(r.role))
        return _("{name}: which rider moves first, with which die? Hover a die to see its move.").format(name=name)
    if phase == "move" and view.moving >= 0:
        left = view.moving_die - view.moving_used
        return ngettext("{rider}: click a highlighted cell ({n} left), or Stop here.",
                        "{rider}: click a highlighted cell ({n} left), or Stop here.", left).format(
            rider=named_rider(scene, view.riders[view.moving], name), n=left)
    if phase == "descent":
        return _("{name}: stopped on a descent: take one more cell, or stay.").format(name=name)
    if phase == "entraide":
        rid = scene._entraide_rider(view)
        who = named_rider(scene, view.riders[rid], name) if rid >= 0 else name
        if me != view.turn_seat:
            who = fill(_("{rider} ({player}'s turn)"), rider=who, player=scene.seat_name(view.turn_seat))
        if view.context == "acceleration":  # (short: a neutral bike's name, its bib and whose turn on one line)
            return _("{rider}: accélération! Click up the line, or Stay.").format(rider=who)
        return _("{rider}: entraide! Click where it jumps, or Refuse.").format(rider=who)
    return None


def named_rider(scene, r, name: str) -> str:
    """The rider a prompt is about, at the start of its sentence: "Ann's leader"; from Expert (four riders a team)
    which team-mate, by its bib ("Ann's grey team-mate"), or the neutral bike ("Neutral grey bike")."""
    view = scene.v
    rider = role_name(r.role)
    if scene.expert and r.role != "leader":
        rider = neutral_bike(r.bib) if expert_table.is_neutral(view, r) else bib_rider(r.bib, r.role)
    return whose(name, rider, mate=r.role != "leader" and not expert_table.is_neutral(view, r), start=True)


def expert_status(scene, name: str) -> str | None:
    """What to do now in the Expert phases: roll, give the dice, propose or vote an accélération, take the
    neutral bikes."""
    from .rules.lines import votes_needed

    view = scene.v
    phase = view.phase
    if phase == "roll":  # the phase badge says how many dice
        if view.round_phase == 0:
            return _("{name}: roll for your leader.").format(name=name)
        return _("{name}: roll the dice for your team-mates.").format(name=name)
    if phase == "assign":
        if view.round_phase == 0:
            leader = view.riders[view.movers[0]] if view.movers else None
            if leader is not None and leader.missed_feed:
                return _("{name}: your leader missed a feed and takes the smaller die.").format(name=name)
            if leader is not None and leader.worst_die:
                return _("{name}: your leader's scratch: it takes the worst die.").format(name=name)
            if len(view.dice) > 1:
                return _("{name}: team-mates in protection: keep one of the {n} dice for your leader.").format(
                    name=name, n=len(view.dice))
            return _("{name}: your leader's die. Hover it to see the move.").format(name=name)
        if view.neutral_rolled:
            return _("{name}: give each neutral bike a die: click (or drag) a die, then a bike.").format(name=name)
        return _("{name}: give each team-mate a die: click (or drag) a die, then a rider.").format(name=name)
    if phase == "propose" and view.lines:
        return _("{name}: accélération of the highlighted line of {line}? {n} bikes must agree.").format(
            name=name, line=len(view.lines[0]), n=votes_needed(view.lines[0]))
    if phase == "vote":
        return _("{name}: accélération? Agree or refuse (the question on the map).").format(name=name)
    if phase == "neutral":
        return _("{name}: take a neutral bike to move this turn (click it on the map or Take).").format(name=name)
    return None


def prepare_waiting(scene) -> str:
    view = scene.v
    names = scene.match.names
    waiting = [names[s] for s, ready in enumerate(view.prepared) if not ready and s < len(names)]
    if not waiting:
        return ""
    if len(waiting) > 3:
        return _("Stage start: {n} players are preparing in secret…").format(n=len(waiting))
    return ngettext("Stage start: {names} is preparing in secret…", "Stage start: {names} are preparing in secret…",
                    len(waiting)).format(names=join_names(waiting))
