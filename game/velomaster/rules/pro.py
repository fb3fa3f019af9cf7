"""Which of the Pro rules a race plays (pure): "rien n'oblige à toutes les mettre en place !".

The level says whether the Pro rules exist (:attr:`.levels.Level.pro_rules`); each one is then a setup
toggle (variants.PRO_OPTIONS, all on by default). :class:`ProRules` is what the rules read
(``setup.pro.attacks``), never the configuration. At Débutant and Expert every flag is off. The doping
control needs the physical condition (without it nobody is ever over 100 %).
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from ...engine.protocol import Config


@dataclass(frozen=True, slots=True)
class ProRules:
    feed: bool = False  # "CASES RAVITAILLEMENT" at Pro: a stop inside one's own entraide counts only at the turn's end
    descents: bool = False  # a 6 across or onto a descent cell: a skill roll
    braking: bool = False  # not playing all of a 6, or refusing the extra descent cell: a skill roll
    collective_crashes: bool = False  # the riders behind a crash, on touching cells, roll skill (chained)
    condition: bool = False  # physical condition per rider, its bands, the stage-start picks
    attacks: bool = False  # "LANCER UNE ATTAQUE": 2 d6 summed, 20 %
    doping_control: bool = False  # the winner + 5 drawn by d20 at the end; over 100 % is exclusion
    team_classification: bool = False  # the three best riders' stage times per team

    @property
    def any(self) -> bool:
        return any(getattr(self, f.name) for f in fields(self))


NO_PRO = ProRules()
OPTION_KEYS = {f.name: f"pro_{f.name}" for f in fields(ProRules)}


def pro_rules(config: Config, level_has_pro: bool) -> ProRules:
    """The Pro rules this configuration plays (none below Pro; each toggle defaults to on)."""
    if not level_has_pro:
        return NO_PRO
    on = {name: bool(config.get(key, True)) for name, key in OPTION_KEYS.items()}
    on["doping_control"] = on["doping_control"] and on["condition"]
    return ProRules(**on)
