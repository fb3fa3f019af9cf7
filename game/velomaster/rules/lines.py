"""Lines of bikes (pure): the entraide (2 bikes) and the accélération (3 bikes or more, Expert) are one
"line move". Queries here; a bike's jump is :func:`.moves.jump`, what follows it is :mod:`.play`'s.

A line move in progress is ``state.entraide = (rider_1, …, rider_n, stage, jumped)``: the riders from the
rear of the line to its front, the stage (the index of the rider deciding now: the last bike goes first,
"c'est toujours le dernier vélo qui « saute » le premier") and the bits of the riders who jumped. With two
riders that is the entraide record of every save since state version 1.

* A rider jumps over the bikes ahead of it in the line to a free cell one step beyond the front-most of
  them (forward or diagonally, as a normal step from that cell); the front-most rider with nobody of the
  line ahead of it plays "comme si" the bike behind had jumped: from the cell right ahead of it.
* Accélération ("LES ACCÉLÉRATIONS", page 15): a straight line of 3 bikes or more; a bike whose turn it
  is among the first 3; at least half of the line's bikes agree. Bikes caught ahead of the line in its
  lane, up to 3, are "avalés": a rider may pass them as if they were part of the line, they gain nothing.
"""

from __future__ import annotations

from .board import occupied
from .codes import ROAD, VOTE_YES


def line_riders(entraide: tuple[int, ...]) -> tuple[int, ...]:
    return entraide[:-2]


def line_stage(entraide: tuple[int, ...]) -> tuple[int, int]:
    """(stage, jumped bits) of the line move in progress."""
    return entraide[-2], entraide[-1]


def straight_lines(s) -> list[tuple[int, ...]]:
    """Every straight line of 3 bikes or more on the road, one right behind the other in one lane, as
    riders from the rear to the front (bikes down or punctured are at the roadside: they break a line)."""
    g = s.setup.geo
    at = {p: r for r, p in enumerate(s.pos) if p and s.status[r] == ROAD}
    found = []
    for p, r in at.items():
        if g.back[p] in at:
            continue  # not the rear of its line
        run, c = [r], p
        while g.fwd[c] in at:
            c = g.fwd[c]
            run.append(at[c])
        if len(run) >= 3:
            found.append(tuple(run))
    found.sort(key=lambda line: (-g.row[s.pos[line[-1]]], g.lane[s.pos[line[-1]]]))
    return found


def may_launch(s, seat: int, line: tuple[int, ...]) -> bool:
    """"Avoir 1 vélo dont c'est le tour de jeu dans les 3 premiers de la ligne": a rider of ``seat`` moving in
    this phase, not down, that has not played an entraide or accélération this phase, among the front three."""
    movers = s.seats.phase_riders[s.round_phase][seat]
    return any(r in movers and s.miss[r] == 0 and not s.helped >> r & 1 for r in line[-3:])


def offered_lines(s, seat: int) -> tuple[tuple[int, ...], ...]:
    """The lines ``seat`` may propose an accélération of, the front-most first."""
    return tuple(line for line in straight_lines(s) if may_launch(s, seat, line))


def still_offered(s, seat: int, line: tuple[int, ...]) -> bool:
    return line in straight_lines(s) and may_launch(s, seat, line)


def votes_needed(line: tuple[int, ...]) -> int:
    """"Au moins la moitié des vélos de la ligne doivent être d'accord" (6 bikes: 3; 7 bikes: 4)."""
    return (len(line) + 1) // 2


def agreeing_bikes(s, line: tuple[int, ...], proposer: int) -> int:
    """Bikes that agree: the proposer's, and those of every seat that voted yes. A neutral bike (2 players) is
    the player's who moves it ("Chaque vélo constituant une ligne est joué par chacun des joueurs qui sont libres
    d'avancer ou pas"): it agrees as that player does."""
    ctrl = s.seats.controller
    return sum(1 for r in line if ctrl[r] == proposer or s.votes[ctrl[r]] == VOTE_YES)


def line_mover(s, occ) -> tuple[int, int, tuple[int, ...]]:
    """(rider deciding now, the cell it plays from, the cells of the bikes it passes) for the line move in
    progress; the cell is 0 when it has no room.

    The front of the group is the last rider who jumped (it went over everyone) if it is still on the road,
    else the line's front bike if it has not moved yet; with neither, the rider plays "comme si" the bike
    behind had jumped, from the cell right ahead of it."""
    g = s.setup.geo
    riders = line_riders(s.entraide)
    stage, jumped = line_stage(s.entraide)
    r = riders[stage]
    jumpers = [riders[j] for j in range(stage) if jumped >> j & 1 and s.status[riders[j]] == ROAD]
    waiting = [x for x in riders[stage + 1:] if s.status[x] == ROAD]
    if jumpers:
        front = jumpers[-1]
    elif waiting:
        front = waiting[-1]
    else:
        over = g.fwd[s.pos[r]]
        return (r, 0, ()) if not over or over in occ else (r, over, (over,))
    over = s.pos[front]
    passed = [s.pos[x] for x in waiting + jumpers]
    if len(riders) >= 3:  # "avalés": up to 3 bikes caught right ahead of the line
        for _ in range(3):
            nxt = g.fwd[over]
            if not nxt or nxt not in occ:
                break
            over = nxt
            passed.append(nxt)
    passed.sort(key=lambda c: g.row[c])
    return r, over, tuple(passed)


def line_targets(s, occ) -> list[tuple[int, int]]:
    """(cell, kind) where the deciding rider may land."""
    _, over, _ = line_mover(s, occ)
    if not over:
        return []
    return [(c, k) for c, k in s.setup.geo.nxt[over] if c not in occ]


def entraide_mover(s) -> tuple[int, int]:
    """(rider, the cell it plays from) for the line move in progress (:func:`.lines.line_mover`); 0 = no room."""
    r, over, _ = line_mover(s, occupied(s))
    return r, over


def entraide_targets(s, occ=None) -> list[tuple[int, int]]:
    return line_targets(s, occupied(s) if occ is None else occ)


def entraide_pairs(s, seat: int) -> tuple[tuple[int, int], ...]:
    """(rear, front) pairs offered at the start of ``seat``'s turn: exactly two bikes one behind the other
    in the same lane (no bike right in front of the front one nor right behind the rear one), at least
    one of them a rider ``seat`` moves in this phase (Expert: its leader in the leaders' turn, "S'il est en
    position d'entraide … il doit la jouer immédiatement. Puis, le leader lance 1Dé"; its team-mates in the
    team-mates' turn, "Si une entraide … est réalisable pour l'un ou plusieurs des équipiers, elle se joue en
    premier"; the other bike of the pair may be anyone's), neither down, not both already helped this round (a
    bike that has played its entraide still gives the other bike its half). Front-most pair first."""
    su = s.setup
    g = su.geo
    pos, st = s.pos, s.status
    at = {p: r for r, p in enumerate(pos) if p and st[r] == ROAD}
    fwd, back = g.fwd, g.back
    found = set()
    for x in s.seats.phase_riders[s.round_phase][seat]:
        p = pos[x]
        if not p or st[x] != ROAD:
            continue
        a = at.get(fwd[p]) if fwd[p] else None  # x as the rear bike
        if a is not None:
            found.add((x, a))
        b = at.get(back[p]) if back[p] else None  # x as the front bike
        if b is not None:
            found.add((b, x))
    pairs = []
    helped, miss = s.helped, s.miss
    for b, a in found:
        if miss[a] or miss[b] or (helped >> a & 1 and helped >> b & 1):
            continue
        pa = pos[a]
        if fwd[pa] in at or back[pos[b]] in at:
            continue  # three or more in line: "aucune entraide n'est possible"
        pairs.append((b, a))
    if len(pairs) > 1:
        pairs.sort(key=lambda p: (-g.row[pos[p[1]]], s.arrival[p[1]]))
    return tuple(pairs)
