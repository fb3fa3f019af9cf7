"""VeloMaster's table words in the language in use: a role, a bib, a rider of a team (composed at draw time)."""

from __future__ import annotations

from ..i18n import _, fill
from .rules.words import BIB_WORDS, ROLE_WORDS


def role_name(role: str) -> str:
    """"leader", "team-mate" ("équipier")."""
    return _(ROLE_WORDS[role]) if role in ROLE_WORDS else role


def bib_name(bib: str) -> str:
    """"grey" ("gris")."""
    return _(BIB_WORDS[bib]) if bib in BIB_WORDS else bib


def bib_rider(bib: str, role: str) -> str:
    """"grey team-mate" ("équipier gris")."""
    return _("{bib} {role}").format(bib=bib_name(bib), role=role_name(role))


def neutral_bike(bib: str) -> str:
    """"neutral grey bike" ("vélo neutre gris")."""
    return _("neutral {bib} bike").format(bib=bib_name(bib))


def whose(name: str, rider: str, mate: bool = False, start: bool = False) -> str:
    """"Ann's leader" ("le leader d'Ann"); ``mate``: a team-mate ("l'équipier gris d'Ann"); ``start``: at the start
    of a sentence ("L'équipier gris d'Ann : …")."""
    if start:
        if mate:
            return fill(_("{owner}'s {mate}"), owner=name, mate=rider)
        return fill(_("{owner}'s {rider}"), owner=name, rider=rider)
    if mate:
        return fill(_("{player}'s {mate}"), player=name, mate=rider)
    return fill(_("{player}'s {rider}"), player=name, rider=rider)


def rider_words(view, slot: int, names) -> str:
    """A rider of the race view as the table names it: "Ann's leader", "Bob's grey team-mate" (teams of four),
    "Ann's team-mate" (Débutant), "neutral green bike" (Expert, 2 players: nobody's rider)."""
    if not 0 <= slot < len(view.riders):
        return "?"
    r = view.riders[slot]
    if r.team >= view.players:
        return neutral_bike(r.bib)
    who = names[r.seat] if 0 <= r.seat < len(names) else "?"
    return whose(who, role_words(view, slot), mate=r.role != "leader")


def role_words(view, slot: int) -> str:
    """A team's rider without its owner: "leader", "grey team-mate" (teams of four), "team-mate" (Débutant)."""
    r = view.riders[slot]
    if r.role == "leader":
        return role_name("leader")
    team_of_four = sum(1 for o in view.riders if o.team == r.team) > 2
    return bib_rider(r.bib, r.role) if team_of_four else role_name(r.role)
