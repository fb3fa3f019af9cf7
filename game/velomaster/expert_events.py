"""How the VeloMaster table animates the Expert events: the phase changes, crash gravity with its d20,
feeds taken and missed, punctures, accélérations proposed, voted and decided, a blocked leader riding on,
the neutral bikes shared out, the directors drawn and a player's turn skipped.

A mixin of :class:`~game.velomaster.scene.VelomasterScene` (it uses the scene's ``_banner``, ``_pop``,
``_roll_d20``, ``anim`` and ``match``); drawing only, the engine decided every rule.
"""

from __future__ import annotations

from ..i18n import N_, _, join_names, ngettext
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
PHASE_BANNERS = {"leaders": N_("Leaders' turn: each leader rolls 1 die"),
                 "team-mates": N_("Team-mates' turn: 3 dice, one to each team-mate")}


class ExpertAnimations:
    @animates(TurnOrder)
    def _turn_order(self, ev: TurnOrder, t: float) -> float:
        if ev.kind in ("phase", "round") and ev.phase in PHASE_BANNERS:
            self._banner(_("Round {n} · {phase}").format(n=ev.round, phase=_(PHASE_BANNERS[ev.phase])), t, 1.8,
                         theme.ACCENT if ev.phase == "leaders" else theme.TEAL)
            return t + 0.4
        return t

    @animates(CrashGravity)
    def _crash_gravity(self, ev: CrashGravity, t: float) -> float:
        self._roll_d20(ev.roll, t, 0.5)
        if ev.abandon:
            words, colour = _("abandons the race"), theme.RED
        elif ev.misses:
            words, colour = ngettext("misses {n} turn", "misses {n} turns", ev.misses).format(n=ev.misses), theme.RED
        elif ev.worst_die:
            words, colour = _("a scratch: worst die next turn"), (240, 140, 50)
        else:
            words, colour = _("no harm"), theme.GREEN
        self._banner(_("Gravity d20 {roll}: {rider} {words}").format(roll=ev.roll, rider=self._rider_who(ev),
                                                                      words=words), t + 0.5, 2.2, colour)
        self._pop(_("Gravity {roll}").format(roll=ev.roll), ev.rider, t + 0.5, colour)
        if ev.abandon:
            self.anim.sound("error", t + 0.5)
        return t + 0.9

    @animates(FeedTaken)
    def _feed_taken(self, ev: FeedTaken, t: float) -> float:
        self._pop(_("feed bag taken"), ev.rider, t, FEED)
        self.anim.sound("ding", t)
        return t + 0.3

    @animates(FeedMissed)
    def _feed_missed(self, ev: FeedMissed, t: float) -> float:
        words = _("{rider} missed the feed: smallest die to the finish, no protection") if ev.role == "leader" else \
            _("{rider} missed the feed: smallest die to the finish")
        self._banner(words.format(rider=self._rider_who(ev)), t, 2.2,
                     theme.RED)
        self._pop(_("missed the feed"), ev.rider, t, theme.RED)
        return t + 0.5

    @animates(Puncture)
    def _puncture(self, ev: Puncture, t: float) -> float:
        dice = "-".join(str(d) for d in ev.dice)
        self._banner(_("Puncture ({dice})! {rider} waits at the roadside").format(dice=dice, rider=self._rider_who(ev)),
                     t, 2.2, theme.RED)
        self._pop(_("puncture!"), ev.rider, t, theme.RED)
        self.anim.sound("error", t)
        return t + 0.6

    @animates(AccelerationProposed)
    def _acceleration_proposed(self, ev: AccelerationProposed, t: float) -> float:
        names = self.match.names
        if ev.asked:
            words = ngettext("{player} proposes an accélération of {line} bikes, {need} must agree: {voters} votes",
                             "{player} proposes an accélération of {line} bikes, {need} must agree: {voters} vote",
                             len(ev.asked)).format(player=names[ev.seat], line=len(ev.line), need=ev.need,
                                                   voters=join_names([names[s] for s in ev.asked]))
        else:
            words = _("{player} proposes an accélération of {line} bikes, {need} must agree").format(
                player=names[ev.seat], line=len(ev.line), need=ev.need)
        self._banner(words, t, 2.2, theme.TEAL)
        return t + 1.0  # read before the answer (the bots' votes and the decision, in the same move) shows above it

    @animates(AccelerationVote)
    def _acceleration_vote(self, ev: AccelerationVote, t: float) -> float:
        line = self.v.lines[0] if self.v.lines else ()
        rid = next((r for r in line if self.v.riders[r].seat == ev.seat), -1)
        words = (_("{player} agrees") if ev.agree else _("{player} refuses")).format(player=self.match.names[ev.seat])
        if rid >= 0:
            self._pop(words, rid, t, theme.GREEN if ev.agree else theme.RED)
        else:
            self._banner(words, t, 1.2, theme.GREEN if ev.agree else theme.RED)
        return t + 0.3

    @animates(AccelerationDecided)
    def _acceleration_decided(self, ev: AccelerationDecided, t: float) -> float:
        if ev.accepted:
            text = _("Accélération! {n} of {line} agree: the last bike goes up the line first").format(
                n=ev.agree, line=len(ev.line))
        else:
            text = _("No accélération: {n} of {line} agree, {need} needed").format(n=ev.agree, line=len(ev.line),
                                                                                    need=ev.need)
        self._banner(text, t, 2.2, theme.TEAL if ev.accepted else theme.MUTED)
        return t + 0.5

    @animates(LeaderResumes)
    def _leader_resumes(self, ev: LeaderResumes, t: float) -> float:
        self._banner(_("The road opens: {player}'s leader may ride its {n} cells left").format(
            player=self.match.names[ev.seat], n=ev.cells),
                     t, 2.0, theme.ACCENT)
        self._pop(_("the road opens"), ev.rider, t, theme.ACCENT)
        return t + 0.4

    @animates(NeutralShared)
    def _neutral_shared(self, ev: NeutralShared, t: float) -> float:
        names = self.match.names
        self._banner(_("Neutral bikes: {player} moves {n}, {other} {m}").format(
            player=names[ev.seat], n=len(ev.first), other=names[ev.other_seat], m=len(ev.second)), t, 1.8, theme.MUTED)
        return t + 0.3

    @animates(DirectorsDrawn)
    def _directors_drawn(self, ev: DirectorsDrawn, t: float) -> float:
        names = self.match.names
        self._banner(_("{player} directs leader + violet, {other} grey + green").format(
            player=names[ev.seat], other=names[ev.outsider]), t, 2.0,
                     self.seat_colour(ev.seat))
        return t + 0.3

    @animates(SeatSkips)
    def _seat_skips(self, ev: SeatSkips, t: float) -> float:
        name = self.match.names[ev.seat]
        text = (_("A neutral bike fell: {player} will miss the next turn") if ev.pending
                else _("{player} misses this turn (a neutral bike fell)")).format(player=name)
        self._banner(text, t, 2.0, theme.RED)
        return t + 0.4
