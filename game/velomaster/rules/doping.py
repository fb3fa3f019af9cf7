"""The end of a Pro race (pure): the condition gains of the stage's end, then the anti-doping control.

* "Le vainqueur d'une étape ou pour l'obtention d'un maillot": the winner (the champion) +20 %, each jersey
  taken (the champion's, the Maillot Rouge) +10 %. These gains come BEFORE the control: a winner whose team
  does not ride clean is over 100 % when it is controlled (that is what riding clean is for).
* "CONTRÔLE ANTI-DOPAGE … concerne chaque vainqueur d'étape + 5 cyclistes au hasard … lancer le D20 après
  l'arrivée, et de tomber sur un chiffre qui correspond à une position d'arrivée": the winner, then five
  riders drawn by d20 on the places across the line (a place nobody holds, or a rider already drawn: the d20
  is rolled again); with six arrivals or fewer every arrived rider is controlled, without a draw.
* "Si la condition physique de ces coureurs est supérieure à 100 %, ils sont convaincus de dopage : c'est
  l'exclusion de la course": an excluded rider leaves the rankings and cannot hold a jersey; the next rider
  of the time ranking becomes champion (the jerseys are worked out again after the control).
"""

from __future__ import annotations

from ...engine.rng import die
from .condition import JERSEY, STAGE_WIN, gain
from .pro_events import DopingDraw, DopingVerdict
from .standings import jerseys

CONTROLLED = 6  # the winner + 5 drawn


def race_end(w, ev: list) -> None:
    su = w.setup
    if su.pro.condition:
        champion, red = jerseys(w)
        if champion >= 0:
            gain(w, champion, STAGE_WIN, "stage winner", ev)
            gain(w, champion, JERSEY, "champion's jersey", ev)
        if red >= 0:
            gain(w, red, JERSEY, "Maillot Rouge", ev)
    if su.pro.doping_control and w.finish_order:
        control(w, ev)


def control(w, ev: list) -> None:
    fin = w.finish_order
    champion, _ = jerseys(w)
    if len(fin) <= CONTROLLED:
        drawn = list(fin)
        if champion in drawn:
            drawn.remove(champion)
            drawn.insert(0, champion)
    else:
        drawn = [champion] if champion >= 0 else []
        while len(drawn) < CONTROLLED:
            v, w.rng = die(w.rng, 20)
            r = fin[v - 1] if v <= len(fin) else -1
            if r in drawn:
                r = -1
            ev.append(DopingDraw(w.seats.controller[r] if r >= 0 else w.seats.controller[fin[0]], v, r))
            if r >= 0:
                drawn.append(r)
    w.controlled = tuple(drawn)
    su = w.setup
    for r in drawn:
        out = w.condition[r] > 100
        if out:
            w.excluded |= 1 << r
        seat = w.seats.controller[r]
        ev.append(DopingVerdict(seat, r, su.roles[r], w.condition[r], out, (seat,)))  # the figure: its seat's
