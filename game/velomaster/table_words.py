"""VeloMaster's table words in the language in use: a role, a bib, a rider of a team (composed at draw time)."""

from __future__ import annotations

from ..i18n import _
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


def whose(name: str, rider: str, mate: bool = False) -> str:
    """"Ann's leader" ("le leader de Ann"); ``mate``: a team-mate ("l'équipier gris de Ann")."""
    if mate:
        return _("{player}'s {mate}").format(player=name, mate=rider)
    return _("{player}'s {rider}").format(player=name, rider=rider)
