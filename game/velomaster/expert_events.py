"""How the VeloMaster table animates the Expert events: the phase changes, crash gravity with its d20,
feeds taken and missed, punctures, accélérations proposed, voted and decided, a blocked leader riding on,
the neutral bikes shared out, the directors drawn and a player's turn skipped.

A mixin of :class:`~game.velomaster.scene.VelomasterScene` (it uses the scene's ``_banner``, ``_pop``,
``_roll_d20``, ``anim`` and ``match``); drawing only, the engine decided every rule.
"""

from __future__ import annotations

from ..ui import theme
from ..ui.table_animation import animates
from .rules.events import (
    AccelerationDecided,
    AccelerationProposed,
    AccelerationVote,
    CrashGravity,
    DirectorsDrawn,
    FeedMissed,
    FeedTaken,
    LeaderResumes,
    NeutralShared,
    Puncture,
    SeatSkips,
    TurnOrder,
)

FEED = (120, 200, 120)
PHASE_BANNERS = {"leaders": "Leaders' turn: each leader rolls 1 die",
                 "team-mates": "Team-mates' turn: 3 dice, one to each team-mate"}


class ExpertAnimations:
    @animates(TurnOrder)
    def _turn_order(self, ev: TurnOrder, t: float) -> float:
        if ev.kind in ("phase", "round") and ev.phase in PHASE_BANNERS:
            self._banner(f"Round {ev.round} · {PHASE_BANNERS[ev.phase]}", t, 1.8,
                         theme.ACCENT if ev.phase == "leaders" else theme.TEAL)
            return t + 0.4
        return t

    @animates(CrashGravity)
    def _crash_gravity(self, ev: CrashGravity, t: float) -> float:
        self._roll_d20(ev.roll, t, 0.5)
        if ev.abandon:
            words, colour = "abandons the race", theme.RED
        elif ev.misses:
            words, colour = f"misses {ev.misses} turn{'s' if ev.misses > 1 else ''}", theme.RED
        elif ev.worst_die:
            words, colour = "a scratch: worst die next turn", (240, 140, 50)
        else:
            words, colour = "no harm", theme.GREEN
        self._banner(f"Gravity d20 {ev.roll}: {self._rider_who(ev)} {words}", t + 0.5, 2.2, colour)
        self._pop(f"Gravity {ev.roll}", ev.rider, t + 0.5, colour)
        if ev.abandon:
            self.anim.sound("error", t + 0.5)
        return t + 0.9

    @animates(FeedTaken)
    def _feed_taken(self, ev: FeedTaken, t: float) -> float:
        self._pop("feed bag taken", ev.rider, t, FEED)
        self.anim.sound("ding", t)
        return t + 0.3

    @animates(FeedMissed)
    def _feed_missed(self, ev: FeedMissed, t: float) -> float:
        extra = ", no protection" if ev.role == "leader" else ""
        self._banner(f"{self._rider_who(ev)} missed the feed: smallest die to the finish{extra}", t, 2.2,
                     theme.RED)
        self._pop("missed the feed", ev.rider, t, theme.RED)
        return t + 0.5

    @animates(Puncture)
    def _puncture(self, ev: Puncture, t: float) -> float:
        dice = "-".join(str(d) for d in ev.dice)
        self._banner(f"Puncture ({dice})! {self._rider_who(ev)} waits at the roadside", t, 2.2, theme.RED)
        self._pop("puncture!", ev.rider, t, theme.RED)
        self.anim.sound("error", t)
        return t + 0.6

    @animates(AccelerationProposed)
    def _acceleration_proposed(self, ev: AccelerationProposed, t: float) -> float:
        names = self.match.names
        ask = f": {', '.join(names[s] for s in ev.asked)} vote" if ev.asked else ""
        self._banner(f"{names[ev.seat]} proposes an accélération of {len(ev.line)} bikes, {ev.need} must "
                     f"agree{ask}", t, 2.2, theme.TEAL)
        return t + 0.4

    @animates(AccelerationVote)
    def _acceleration_vote(self, ev: AccelerationVote, t: float) -> float:
        line = self.v.lines[0] if self.v.lines else ()
        rid = next((r for r in line if self.v.riders[r].seat == ev.seat), -1)
        words = f"{self.match.names[ev.seat]} {'agrees' if ev.agree else 'refuses'}"
        if rid >= 0:
            self._pop(words, rid, t, theme.GREEN if ev.agree else theme.RED)
        else:
            self._banner(words, t, 1.2, theme.GREEN if ev.agree else theme.RED)
        return t + 0.3

    @animates(AccelerationDecided)
    def _acceleration_decided(self, ev: AccelerationDecided, t: float) -> float:
        if ev.accepted:
            text = f"Accélération! {ev.agree} of {len(ev.line)} agree: the last bike goes up the line first"
        else:
            text = f"No accélération: {ev.agree} of {len(ev.line)} agree, {ev.need} needed"
        self._banner(text, t, 2.2, theme.TEAL if ev.accepted else theme.MUTED)
        return t + 0.5

    @animates(LeaderResumes)
    def _leader_resumes(self, ev: LeaderResumes, t: float) -> float:
        self._banner(f"The road opens: {self.match.names[ev.seat]}'s leader may ride its {ev.cells} cells left",
                     t, 2.0, theme.ACCENT)
        self._pop("the road opens", ev.rider, t, theme.ACCENT)
        return t + 0.4

    @animates(NeutralShared)
    def _neutral_shared(self, ev: NeutralShared, t: float) -> float:
        names = self.match.names
        self._banner(f"Neutral bikes: {names[ev.seat]} moves {len(ev.first)}, {names[ev.other_seat]} "
                     f"{len(ev.second)}", t, 1.8, theme.MUTED)
        return t + 0.3

    @animates(DirectorsDrawn)
    def _directors_drawn(self, ev: DirectorsDrawn, t: float) -> float:
        names = self.match.names
        self._banner(f"{names[ev.seat]} directs leader + violet, {names[ev.outsider]} grey + green", t, 2.0,
                     self.seat_colour(ev.seat))
        return t + 0.3

    @animates(SeatSkips)
    def _seat_skips(self, ev: SeatSkips, t: float) -> float:
        name = self.match.names[ev.seat]
        text = (f"A neutral bike fell: {name} will miss the next turn" if ev.pending
                else f"{name} misses this turn (a neutral bike fell)")
        self._banner(text, t, 2.0, theme.RED)
        return t + 0.4
