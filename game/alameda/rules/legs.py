"""How each move changes a Tour of Alameda state: picks, the reveal with its Monkey Wrenches, the end
of a leg (distances, Mountaineer, Endurance, Time Trial, drawing back up, the Breakaway), the end of
a stage (points, jersey, Rest) and the start of the next.

Every function works on a fresh copy made by its caller (never on a state someone holds) and
trusts it: ``State.apply`` has checked the move. Chance (blind draws, shuffles) comes from the
copy's own int RNG, so config + seed + moves replay exactly. See docs/rules/alameda.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import rng as rnglib
from .events import (
    PICKED,
    REST_DECIDED,
    REVEALED,
    BlindDraw,
    CardTaken,
    EnduranceScored,
    HandsRefilled,
    JerseyAwarded,
    LegPlayed,
    MountaineerScored,
    OutOfCards,
    RestRevealed,
    StageScored,
    StageStarted,
    TimeTrialCalled,
    TourOver,
    WrenchClash,
    WrenchWasted,
)
from .scoring import jersey_after, stage_award, winners_of
from .setup import NO_CARD, NOBODY, OVER, PICK, REST, WRENCH, WRENCH_CARD

if TYPE_CHECKING:
    from .state import AlamedaState


def holding(hands: tuple, wrenches: int, players: int) -> int:
    """The seats holding at least one card (speed card or Monkey Wrench), as a mask."""
    mask = wrenches
    for s in range(players):
        if hands[s]:
            mask |= 1 << s
    return mask


# --------------------------------------------------------------------------- picks and the reveal


def pick(state: AlamedaState, seat: int, card: int):
    """``seat`` plays ``card`` face down; the last pick of the leg reveals the cards."""
    n = state._copy()
    if card == WRENCH_CARD:
        n.wrenches = state.wrenches & ~(1 << seat)
    else:
        hands = list(state.hands)
        hand = hands[seat]
        i = hand.index(card)
        hands[seat] = hand[:i] + hand[i + 1:]
        n.hands = tuple(hands)
    picks = list(state.picks)
    picks[seat] = card
    n.picks = tuple(picks)
    n.waiting = state.waiting & ~(1 << seat)
    if n.waiting:
        return n, (PICKED[seat],)
    events: list = [PICKED[seat]]
    reveal(n, events)
    return n, tuple(events)


def reveal(n: AlamedaState, events: list) -> None:
    """Turn the cards face up one at a time from the jersey holder to the left (from ``n.reveal_at``).
    A Monkey Wrench stops the reveal for its Monkey to choose the Wrenched (phase WRENCH); when no
    other player has a card this leg it takes nothing. After the last card, the leg ends."""
    cfg = n.cfg
    order = cfg.orders[n.jersey]
    picks = n.picks
    faceup = n.faceup
    i = n.reveal_at
    players = cfg.players
    while i < players:
        seat = order[i]
        i += 1
        card = picks[seat]
        if card < 0 or faceup >> seat & 1:
            continue
        faceup |= 1 << seat
        events.append(REVEALED[seat][card])
        if card == WRENCH_CARD:
            if any(picks[t] >= 0 for t in cfg.others[seat]):
                n.phase = WRENCH
                n.monkey = seat
                n.waiting = 1 << seat
                n.faceup = faceup
                n.reveal_at = i
                return
            events.append(WrenchWasted(seat))
            picks = picks[:seat] + (NO_CARD,) + picks[seat + 1:]
    n.picks = picks
    n.faceup = faceup
    n.reveal_at = i
    end_leg(n, events)


def _blind_draw(hand: tuple, r: int) -> tuple[int, tuple, int]:
    """A random card of ``hand`` (NO_CARD if empty), the hand without it, and the next RNG state."""
    if not hand:
        return NO_CARD, hand, r
    i, r = rnglib.below(r, len(hand))
    return hand[i], hand[:i] + hand[i + 1:], r


def wrench(state: AlamedaState, target: int):
    """The Monkey takes the Wrenched's card for this leg; the Wrenched draws blindly from the Monkey's
    hand and plays that card face up. A face-down Monkey Wrench in front of the Wrenched: both draw
    from each other's hand (that Wrench is resolved by this). Then the reveal goes on."""
    n = state._copy()
    monkey = state.monkey
    picks = list(state.picks)
    hands = list(state.hands)
    r = state.rng
    events: list = []
    if picks[target] == WRENCH_CARD and not state.faceup >> target & 1:
        events.append(WrenchClash(monkey, target))
        for_monkey, hands[target], r = _blind_draw(hands[target], r)
        for_target, hands[monkey], r = _blind_draw(hands[monkey], r)
        picks[monkey] = for_monkey
        picks[target] = for_target
        events.append(BlindDraw(monkey, target, for_monkey))
        events.append(BlindDraw(target, monkey, for_target))
    else:
        taken = picks[target]
        events.append(CardTaken(monkey, target, taken))
        picks[monkey] = taken
        drawn, hands[monkey], r = _blind_draw(hands[monkey], r)
        picks[target] = drawn
        events.append(BlindDraw(target, monkey, drawn))
    n.picks = tuple(picks)
    n.hands = tuple(hands)
    n.rng = r
    n.faceup = state.faceup | 1 << target
    n.monkey = NOBODY
    n.phase = PICK
    n.waiting = 0
    reveal(n, events)
    return n, tuple(events)


# --------------------------------------------------------------------------- the end of a leg


def end_leg(n: AlamedaState, events: list) -> None:
    """Every card is face up: add the distances, score Mountaineer and Endurance, then end the stage
    or draw back up (the Breakaway leader excepted) and open the next leg."""
    cfg = n.cfg
    players = cfg.players
    cards = n.picks
    values = [c if c > 0 else 0 for c in cards]
    distances = tuple(d + v for d, v in zip(n.distances, values, strict=True))
    n.distances = distances
    n.last_leg = cards
    n.picks = (NO_CARD,) * players
    n.faceup = 0
    n.reveal_at = 0
    leg = n.leg
    events.append(LegPlayed(n.stage, leg, cards, distances))
    if cfg.mountaineer:
        top = max(values)
        if 1 <= top <= 4:
            seats = tuple(s for s in range(players) if values[s] == top)
            _score(n, seats)
            events.append(MountaineerScored(seats, top))
    if cfg.endurance and leg >= 5 and leg % 2 == 1:
        leader = sole_leader(distances)
        if leader >= 0:
            _score(n, (leader,))
        events.append(EnduranceScored(leader, leg))
    played = players - n.wrenches.bit_count()
    over = n.final_leg or 2 * played > players
    why = "time-trial" if n.final_leg else "wrenches"
    if over and leg == 1 and cfg.time_trial and not n.final_leg:
        over = False
        n.final_leg = True
        events.append(TimeTrialCalled(n.stage))
    if not over:
        _draw_up(n, events)
        n.waiting = holding(n.hands, n.wrenches, players)
        if not n.waiting:
            events.append(OutOfCards(n.stage))
            over, why = True, "out-of-cards"
    if over:
        end_stage(n, events, played, why)
    else:
        n.leg = leg + 1
        n.phase = PICK


def sole_leader(distances) -> int:
    """The seat strictly ahead of every other in ``distances``, else -1."""
    best = max(distances)
    leader = distances.index(best)
    return leader if distances.count(best) == 1 else -1


def _score(n: AlamedaState, seats) -> None:
    points = list(n.points)
    stage_points = list(n.stage_points)
    for s in seats:
        points[s] += 1
        stage_points[s] += 1
    n.points = tuple(points)
    n.stage_points = tuple(stage_points)


def _draw_up(n: AlamedaState, events: list) -> None:
    """Everyone draws back up to the hand size (fewer when their deck runs out), except a Breakaway
    leader: alone in the lead of the stage and still holding their Monkey Wrench."""
    cfg = n.cfg
    size = cfg.hand_size
    breakaway = -1
    if cfg.breakaway:
        leader = sole_leader(n.distances)
        if leader >= 0 and n.wrenches >> leader & 1:
            breakaway = leader
    hands = list(n.hands)
    decks = list(n.decks)
    drawn = [0] * cfg.players
    for s in range(cfg.players):
        if s == breakaway:
            continue
        need = size - len(hands[s])
        deck = decks[s]
        if need > 0 and deck:
            taken = deck[:need]
            hands[s] = tuple(sorted(hands[s] + taken))
            decks[s] = deck[need:]
            drawn[s] = len(taken)
    n.hands = tuple(hands)
    n.decks = tuple(decks)
    if any(drawn) or breakaway >= 0:
        events.append(HandsRefilled(tuple(drawn), breakaway))


# --------------------------------------------------------------------------- stages


def end_stage(n: AlamedaState, events: list, wrenches: int = 0, why: str = "wrenches") -> None:
    """Stage points, the jersey, then: the tour ends if someone cannot hold a full hand; else the Rest
    choice (when that rule is on and someone holds speed cards) or the next stage."""
    cfg = n.cfg
    award = stage_award(n.distances)
    events.append(StageScored(n.stage, n.distances, award, wrenches, why))
    n.points = tuple(p + a for p, a in zip(n.points, award, strict=True))
    n.stage_points = tuple(p + a for p, a in zip(n.stage_points, award, strict=True))
    holder, tied = jersey_after(n.points, n.jersey)
    events.append(JerseyAwarded(holder, n.jersey, tied))
    n.jersey = holder
    n.history = n.history + (n.stage_points,)
    n.stage_points = (0,) * cfg.players
    n.final_leg = False
    n.monkey = NOBODY
    if any(len(h) + len(d) < cfg.hand_size for h, d in zip(n.hands, n.decks, strict=True)):
        n.phase = OVER
        n.waiting = 0
        winners, by_hand = winners_of(n.points, n.hands)
        n.winners = winners
        events.append(TourOver(winners, n.points, by_hand))
        return
    if cfg.rest:
        askable = 0
        for s in range(cfg.players):
            if n.hands[s]:
                askable |= 1 << s
        if askable:
            n.phase = REST
            n.waiting = askable
            n.rests = (NO_CARD,) * cfg.players
            return
    start_stage(n, events, ())


def rest_choice(state: AlamedaState, seat: int, rest: bool):
    """``seat`` decides face down whether to rest; the last choice reveals them all and starts the stage."""
    n = state._copy()
    rests = list(state.rests)
    rests[seat] = 1 if rest else 0
    n.rests = tuple(rests)
    n.waiting = state.waiting & ~(1 << seat)
    events: list = [REST_DECIDED[seat]]
    if not n.waiting:
        resting = tuple(s for s in range(state.cfg.players) if rests[s] == 1)
        keeping = tuple(s for s in range(state.cfg.players) if rests[s] == 0)
        events.append(RestRevealed(resting, keeping))
        start_stage(n, events, resting)
    return n, tuple(events)


def start_stage(n: AlamedaState, events: list, resting: tuple[int, ...]) -> None:
    """A new stage: resting players put their speed cards under their deck (in an order drawn from the
    engine's RNG); everyone draws up to the hand size and takes their Monkey Wrench back."""
    cfg = n.cfg
    hands = list(n.hands)
    decks = list(n.decks)
    r = n.rng
    for s in resting:
        bottom, r = rnglib.shuffled(r, hands[s])
        decks[s] = decks[s] + bottom
        hands[s] = ()
    for s in range(cfg.players):
        need = cfg.hand_size - len(hands[s])
        if need > 0:
            hands[s] = tuple(sorted(hands[s] + decks[s][:need]))
            decks[s] = decks[s][need:]
    n.rng = r
    n.hands = tuple(hands)
    n.decks = tuple(decks)
    n.wrenches = cfg.all_seats
    n.distances = (0,) * cfg.players
    n.rests = (NO_CARD,) * cfg.players
    n.stage += 1
    n.leg = 1
    n.phase = PICK
    n.waiting = cfg.all_seats
    events.append(StageStarted(n.stage, n.jersey))
