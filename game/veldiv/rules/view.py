"""What the UI panel (and a bot) sees of a Veldiv race: everything, nothing is hidden (pure)."""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.protocol import View


@dataclass(frozen=True)
class RiderView:
    rider: int  # index among all riders (seat * riders_per_seat + index)
    seat: int  # the player owning it
    index: int  # 0 or 1 within its team (always 0 with one rider each)
    space: int  # 1..48, 0 = off the track (eliminated)
    laps: int  # laps completed (line passed after a full lap)
    distance: int  # spaces covered since it was placed on its line
    line: int  # the space whose passing completes its laps (48, or its start space in a pursuit)
    status: str  # "racing" | "finished" | "waiting" | "eliminated"


@dataclass(frozen=True)
class VeldivView(View):
    variant: str
    race: str  # the French race name
    players: int
    options: tuple[tuple[str, int], ...]
    riders: tuple[RiderView, ...]
    turn: int  # the seat to act (the last one to act once the race is over)
    phase: str  # "roll" | "choose_rider" | "bonus" | "over"
    dice: tuple[int, ...]  # the last throw
    pending: tuple[tuple[int, int], ...]  # (rider, die) still to move this turn, in order
    bonus: tuple[int, ...]  # while choosing (Art. 7/9): (rider, team-mate, die, distance before the move)
    points: tuple[int, ...]  # per seat
    premiers: tuple[int, ...]  # Premier tokens per seat
    un_tour: tuple[int, ...]  # Un Tour tokens per seat (laps gained; laps completed in a pursuit)
    laps_down: tuple[int, ...]  # per seat, full laps behind the field now (Individuelle, Américaine)
    race_laps: tuple[int, ...]  # per rider, the lap of the race its last scoring crossing counted for
    paid: tuple[int, ...]  # La Cagnotte: each player's payments
    kitty: int
    stake: int
    total: int
    places: tuple[int, ...]  # points for the 1st, 2nd, 3rd across each lap
    premiers_to_end: int
    lap_limit: int
    lap: int  # the lap being raced (Éliminatoire, La Cagnotte) / the leading lap of the race
    final_lap: int  # the race lap that ends the race, 0 until it is known
    arrivals: tuple[int, ...]  # riders in order of arrival (this lap's crossers in Éliminatoire / Cagnotte)
    eliminated: tuple[int, ...]  # seats in order of elimination
    lap_crossings: tuple[int, ...]  # crossings counted so far for each lap of the race (index = lap)
    laps_gained: tuple[int, ...]  # players*players: laps seat a has gained on seat b at [a*players+b]
    chart: tuple[tuple[int, ...], ...]
    throws: int
    over: bool
