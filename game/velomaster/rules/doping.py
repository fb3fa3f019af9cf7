"""The end of a Pro race (pure): the anti-doping control, then the condition gains of the stage's end.

* "CONTRÔLE ANTI-DOPAGE … concerne chaque vainqueur d'étape + 5 cyclistes au hasard … lancer le D20 après
  l'arrivée, et de tomber sur un chiffre qui correspond à une position d'arrivée": the winner, then five
  riders drawn by d20 on the places across the line (a place nobody holds, or a rider already drawn: the d20
  is rolled again); with six arrivals or fewer every arrived rider is controlled, without a draw.
* "Si la condition physique de ces coureurs est supérieure à 100 %, ils sont convaincus de dopage : c'est
  l'exclusion de la course": an excluded rider leaves the rankings and cannot hold a jersey; the next rider
  of the time ranking becomes champion (the jerseys are worked out again after the control).
* "En fin d'étape: Le vainqueur d'une étape ou pour l'obtention d'un maillot": the text orders neither the gains
  before the control nor after it ("Le contrôle antidopage a lieu en fin de course"). They come AFTER it: the
  control judges the condition the riders raced with (a doped one is above 100 %), not a prize every winner
  gets, which would exclude any winner whose team does not ride clean. The winner (the champion, after the
  control) gains +20 % once: its win is its champion's jersey, not a second prize. The jerseys: in a single race
  the Maillot Rouge +10 %; in a tour the jerseys are the general classification's, Or and Rouge ("Lorsqu'à
  l'issue d'une étape, un équipier est porteur du maillot « Or » ou « Rouge »"), given by the tour once the stage
  is recorded (:func:`.tour.jersey_gains`), not the stage's own.
"""

from __future__ import annotations

from ...engine.rng import die
from .condition import JERSEY, STAGE_WIN, gain
from .pro_events import DopingDraw, DopingVerdict
from .standings import jerseys
from .variants import stage_count

CONTROLLED = 6  # the winner + 5 drawn


def race_end(w, ev: list) -> None:
    su = w.setup
    if su.pro.doping_control and w.finish_order:
        control(w, ev)
    if su.pro.condition:
        champion, red = jerseys(w)  # after the control: an excluded rider wins nothing
        if champion >= 0:
            gain(w, champion, STAGE_WIN, "stage winner", ev)
        if red >= 0 and stage_count(su.config) == 1:  # a tour's jerseys are its general classification's
            gain(w, red, JERSEY, "Maillot Rouge", ev)


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
        ev.append(DopingVerdict(seat, r, su.roles[r], w.condition[r], out, (seat,), bike=su.bikes[r]))  # the figure: its seat's
