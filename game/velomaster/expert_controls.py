"""The decisions of the VeloMaster table at the levels with teams of four (Niveau Expert): giving the dice
of the tray by clicks or drag (die then rider, rider then die), proposing an accélération and voting on it
(the voting human handed the screen when another human had it), taking the neutral bikes, and the words of
the status line for those phases.

A mixin of :class:`~game.velomaster.scene.VelomasterScene` (its tray, rows, map and match); every action
goes to the engine through ``submit``, which refuses an illegal one in plain words.
"""

from __future__ import annotations

from ..i18n import _, capital, fill, tr
from ..ui import theme
from ..ui.widgets.base import play_sound
from . import expert_table, prompts
from .rules.actions import AGREE, DISAGREE, Accelerate, Assign, Decline, TakeNeutral
from .rules.events import AccelerationProposed
from .rules.view import RiderView, VelomasterView
from .table_words import bib_name, role_name


class ExpertControls:
    def _rider_clicked(self, me: int, cell_id: int) -> bool:
        """A click on a rider's cell: take a neutral bike, give it the picked die, or pick it to take the die
        clicked next. True when the click meant that."""
        view = self.v
        rider = next((r.id for r in view.riders if r.cell == cell_id and r.status in ("road", "roadside")), -1)
        if rider < 0:
            return False
        legal = self.legal(me)
        take = next((a for a in legal if isinstance(a, TakeNeutral) and a.rider == rider), None)
        if take is not None:
            return self.submit(take)
        if view.phase != "assign" or not any(isinstance(a, Assign) and a.rider == rider for a in legal):
            return False
        return self._give(me, rider)

    def _bike_clicked(self, mark) -> bool:
        """A click on a bike drawn on the map (on the start grid too, where it stands on no cell): take it when it
        is a neutral bike one may take, give it the picked die (or pick it) in the assignment. True when the
        click meant that."""
        me = self._me()
        rider = mark.key
        if me is None or not isinstance(rider, int):
            return False
        take = next((a for a in self.legal(me) if isinstance(a, TakeNeutral) and a.rider == rider), None)
        if take is not None:
            return self.submit(take)
        if self.v.phase == "assign" and any(isinstance(a, Assign) and a.rider == rider for a in self.legal(me)):
            return self._give(me, rider)
        return False

    def _give(self, me: int, rider: int) -> bool:
        """Give the picked die to ``rider`` (die then rider), or pick the rider for the next die clicked."""
        legal = [a for a in self.legal(me) if isinstance(a, Assign) and a.rider == rider]
        if not legal:
            return False
        dice = self.tray.dice
        if 0 <= self.tray.picked < len(dice):
            value = dice[self.tray.picked].value
            action = next((a for a in legal if a.die == value), None)
            if action is None:
                play_sound("error")
                self.app.toasts.show(self._die_refused(rider, value), "warn", 3)
                return True
            return self.submit(action)
        if len(legal) == 1:  # one die it may take (a penalised rider's shared die): nothing to choose
            return self.submit(legal[0])
        self.picked_rider = rider
        return True

    def _die_clicked(self, me: int, index: int) -> None:
        """A die of the tray clicked in the assignment: to the rider picked first, else picked itself."""
        die = self.tray.dice[index]
        if not self._die_free(index):
            self.app.toasts.show("That die is already given: pick one of the bright dice.", "warn", 2.5)
            return
        if self.picked_rider >= 0:
            action = next((a for a in self.legal(me) if isinstance(a, Assign) and a.rider == self.picked_rider
                           and a.die == die.value), None)
            if action is not None:
                self.submit(action)
                return
            self.app.toasts.show(self._die_refused(self.picked_rider, die.value), "warn", 3)
            return
        self.tray.picked = -1 if self.tray.picked == index else index

    def _die_free(self, index: int) -> bool:
        """May this die of the tray still be given: not given yet, or the smallest die set aside for the
        penalised riders (dimmed among the others' dice, but theirs to take)."""
        view = self.v
        die = self.tray.dice[index]
        if die.value is None:
            return False
        return not die.dimmed or index == self._shared_index(view)

    def question(self, seat: int | None):
        """The vote asked out of turn, naming who proposes (for the panel and the hand-off screen)."""
        if seat is None or seat not in self.match.to_act():
            return None
        return self.state.question(seat, self.match.names)

    def _shared_index(self, view: VelomasterView) -> int:
        """The tray's die set aside for the penalised riders while one of them still has to take it, else -1."""
        if not any(view.riders[r].missed_feed or view.riders[r].worst_die for r in view.movers):  # the penalised
            return -1
        return self.tray.shared_index(view.dice, view.dice_left, view.shared_die)

    def _die_refused(self, rider: int, value) -> str:
        r = self.v.riders[rider]
        if r.missed_feed or r.worst_die:
            words = _("The {rider} must take the shared smallest die, not the {value}.") if r.missed_feed else \
                _("The {rider} must take the worst die, not the {value}.")
            return words.format(rider=role_name(r.role), value=value)
        return _("The {rider} cannot take the {value} now.").format(rider=role_name(r.role), value=value)

    def _accelerate(self) -> None:
        me = self._me()
        action = next((a for a in self.legal(me) if isinstance(a, Accelerate)), None) if me is not None else None
        if action is not None:
            self.submit(action)

    def _let_go(self) -> None:
        me = self._me()
        action = next((a for a in self.legal(me) if isinstance(a, Decline)), None) if me is not None else None
        if action is not None:
            self.submit(action)

    def _vote(self, agree: bool) -> None:
        if self._me() is not None:
            self.submit(AGREE if agree else DISAGREE)

    def _may_vote_meanwhile(self, seat: int) -> bool:
        """While the others' votes animate, the vote already asked of ``seat`` (its question and buttons shown)
        may be given: as the prompt still asks it."""
        return self.v.phase == "vote" and self.question_stands(seat)

    def _row_words(self, r: RiderView) -> str:
        """A rider's row in the dice panel (Expert): its bib, and "neutral" for a bike of the neutral team."""
        if expert_table.is_neutral(self.v, r):
            return _("Neutral {bib}").format(bib=bib_name(r.bib))
        return _("Leader") if r.role == "leader" else capital(bib_name(r.bib))

    def _hand_over_vote(self) -> bool:
        """Two humans or more at one screen: each voting human is handed the screen with the question
        (« Accélération? »), as Mille Bornes hands over a Coup Fourré; bots answer through their turn. With hidden
        information (Pro's condition) the match scene hands the screen over before every human decision already."""
        if self.hot_seat or len(self.humans) < 2 or self.handoff_open or self.busy() or self.match.is_over():
            return False
        view = self.v
        if view.phase != "vote":
            self._vote_handoff = None
            return False
        voters = [s for s in self.match.to_act() if self.is_human(s)]
        if not voters or voters[0] == self.last_hand:  # the screen is already before that voter
            return False
        key = (self._proposal_step(), voters[0])  # once per vote and voter (bots' votes come in meanwhile)
        if key == self._vote_handoff:
            return False
        self._vote_handoff = key
        self.last_hand = voters[0]  # the screen is that voter's from the hand-off on (a bot's vote meanwhile
        self._open_handoff(voters[0])  # does not hand it over again)
        return True

    def _proposal_step(self) -> int:
        """The index of the step that opened the vote under way (its AccelerationProposed)."""
        for i in range(len(self.match.steps) - 1, -1, -1):
            if any(isinstance(e, AccelerationProposed) for e in self.match.steps[i].events):
                return i
        return -1

    def _highlight_choice(self, view: VelomasterView) -> None:
        """The line of the accélération proposed (its front marked), or the neutral bikes one may take."""
        if view.phase == "neutral":  # the bikes one may take (on the start grid too: their marks are ringed)
            cells = [view.riders[row.rider].cell for row, _ in self.choice_rows]
            self.cv.highlight([c for c in cells if c is not None], theme.ACCENT, alpha=120)
            takes = {row.rider for row, _ in self.choice_rows}
            for mark in self.cv.riders:
                if mark.key in takes:
                    mark.selected = True
            return
        if not view.lines:
            return
        line = view.lines[0]
        cells = [view.riders[rid].cell for rid in line]
        self.cv.highlight([c for c in cells if c is not None], theme.TEAL, alpha=140)

    def _assign_press(self, pos) -> bool:
        """In the dice assignment: a press on a die picks it (and may start a drag), a press on a rider's row
        gives it the picked die or picks the rider."""
        me = self._me()
        if me is None or self.v.phase != "assign":
            return False
        index = self.tray.index_at(pos)
        if index >= 0:
            if self.picked_rider < 0 and self._die_free(index):
                self.tray.picked = index
                self.drag_from = tuple(pos)
                return True
            self._die_clicked(me, index)
            return True
        row = next((row for row, rect in self.choice_rows if rect.collidepoint(pos)), None)
        if row is not None:
            self._give(me, row.rider)
            return True
        return False

    def _assign_release(self, pos) -> None:
        """The end of a die's drag: dropped on a rider's row or on the rider on the map, the rider takes it;
        dropped where it was, the die stays picked (a click)."""
        start, self.drag_from = self.drag_from, None
        me = self._me()
        if me is None or start is None:
            return
        if abs(pos[0] - start[0]) + abs(pos[1] - start[1]) < 6:
            return  # a click: the die stays picked, a rider's click gives it
        row = next((row for row, rect in self.choice_rows if rect.collidepoint(pos)), None)
        rider = row.rider if row is not None else -1
        if rider < 0 and self.cv.rect.collidepoint(pos):
            mark = self.cv.rider_at(pos)
            rider = mark.key if mark is not None else -1
        if rider < 0 or not self._give(me, rider):
            self.tray.picked = -1

    def _expert_status(self, me: int, name: str) -> str:
        """What to do now in the Expert phases (:func:`.prompts.expert_status`)."""
        words = prompts.expert_status(self, name)
        return super().status() if words is None else words

    def _draw_expert_overlays(self, surface) -> None:
        """Over the map, under the buttons: the phase banner, and the vote question while one is asked."""
        view = self.v
        badge = expert_table.draw_phase_badge(surface, view, (self.cv.rect.x + 8, self.cv.rect.y + 8))
        if badge is not None:
            self.overlay_boxes.append(badge)
            self.panel_boxes.append(badge)
        # the vote asked of the human at the screen stays while the others' votes animate (_may_vote_meanwhile)
        if view.phase != "vote" or (self.busy() and self._me() is None):
            return
        me = self.acting_human()
        question = self.question(me)
        names = self.match.names
        if question is not None:
            title, reason, colour = (_("{player}: {question}").format(player=names[me], question=tr(question.title)),
                                     tr(question.reason), self.seat_colour(me))
        else:
            waiting = [names[s] for s in self.match.to_act() if 0 <= s < len(names)]
            title, reason, colour = _("Accélération?"), fill(_("Waiting for {names} to vote."),
                names=", ".join(waiting)), theme.TEAL
        box = expert_table.vote_box(self.cv.rect)
        expert_table.draw_vote_panel(surface, box, title, reason, expert_table.vote_lines(view, names), colour)
        self.overlay_boxes.append(box.inflate(12, 12))
        self.panel_boxes.append(box.inflate(12, 12))
