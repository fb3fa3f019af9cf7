"""What the VeloMaster table shows of the levels with several phases and teams of four (Niveau Expert):
the team colours (a neutral team in white-grey), the phase title, the accélération's line and its vote,
and each seat's riders in the order panel. Drawing and words only: every figure comes from the view.
"""

from __future__ import annotations

from collections import Counter

import pygame

from ..i18n import N_, _, join_names, ngettext
from ..ui import theme
from .rider_art import BIB_GREEN, BIB_GREY, BIB_LEADER, BIB_VIOLET
from .rules.levels import LEVELS
from .rules.lines import votes_needed
from .rules.view import RiderView, VelomasterView

BIBS = {"yellow": BIB_LEADER, "grey": BIB_GREY, "green": BIB_GREEN, "violet": BIB_VIOLET}
NEUTRAL = (214, 214, 222)  # the neutral team's jerseys (2 players): nobody's colour
OUT_GREY = (92, 92, 98)  # an abandoned rider
PHASE_TITLES = {"leaders": N_("Leaders' turn"), "team-mates": N_("Team-mates' turn"), "team": N_("Your team's turn")}
VOTE_WORDS = {1: N_("deciding…"), 2: N_("agrees"), 3: N_("refuses")}
BADGE_TEXT_W = 290  # the phase badge's words wrap at this width (the badge keeps clear of the toasts' place)


def several_phases(view: VelomasterView) -> bool:
    """Does a round of this level have a leaders' turn and a team-mates' turn (Expert)?"""
    level = LEVELS.get(view.level)
    return level is not None and len(level.phases) > 1


def is_neutral(view: VelomasterView, r: RiderView) -> bool:
    """A bike of the neutral team (Expert, 2 players): its team is nobody's seat."""
    return r.team >= view.players


def seat_mate(view: VelomasterView) -> int:
    """The first team-mate of the seat whose turn it is that is still in the race (the rider a team-mates' turn
    shows before its dice are rolled: a seat sharing a team as its outsider has no leader), or -1."""
    return next((r.id for r in view.riders if r.seat == view.turn_seat and r.role != "leader"
                 and not is_neutral(view, r) and r.status not in ("finished", "abandoned")), -1)


def most_riders_a_seat_moves(view: VelomasterView) -> int:
    """The most riders one seat may be asked to give dice to or launch at once: its own riders (four, or two
    when it shares a team colour); with 2 players the two neutral bikes it moves get a roll of their own."""
    own = Counter(r.seat for r in view.riders if not is_neutral(view, r))
    return max(own.values(), default=1)


def team_colours(view: VelomasterView, seat_colours) -> list:
    """The jersey colour of each team: the colour of the seat of the same number (the team's first
    director; from 5 players two seats share it), the neutral team white-grey."""
    teams = 1 + max((r.team for r in view.riders), default=0)
    return [seat_colours[t] if t < view.players else NEUTRAL for t in range(teams)]


def rider_colour(view: VelomasterView, r: RiderView, colours) -> tuple[int, int, int]:
    if r.status == "abandoned":
        return OUT_GREY
    return colours[r.team] if r.team < len(colours) else NEUTRAL


def mover_colour(view: VelomasterView, r: RiderView, seat_colours, colours) -> tuple[int, int, int] | None:
    """The colour of the player moving ``r`` when its jersey does not say it: a team shared by two players (from 5
    players, the director's or the outsider's bikes, whichever wear the other's colour), a neutral bike in the
    team-mates' turn once the bikes are shared out. None when the jersey is the mover's own colour."""
    if r.status in ("finished", "abandoned") or not 0 <= r.seat < len(seat_colours):
        return None
    mine = tuple(seat_colours[r.seat][:3])
    if is_neutral(view, r):
        return mine if view.round_phase == 1 and view.phase not in ("neutral", "over") and several_phases(view) \
            else None
    shared = any(x.team == r.team and x.seat != r.seat for x in view.riders)
    jersey = tuple(colours[r.team][:3]) if r.team < len(colours) else NEUTRAL
    return mine if shared and mine != jersey else None


def phase_title(view: VelomasterView) -> str:
    """"Round 3 · Team-mates' turn" (levels with several phases), "The start" during the start."""
    if not several_phases(view):
        return ""
    if view.over:
        return _("Race over")
    if view.round == 0:
        return _("The start")
    level = LEVELS[view.level]
    name = level.phases[view.round_phase].name if view.round_phase < len(level.phases) else ""
    return _("Round {n} · {phase}").format(n=view.round, phase=_(PHASE_TITLES[name]) if name in PHASE_TITLES else name)


def phase_hint(view: VelomasterView) -> str:
    """What the phase is, in a few words under its title."""
    if view.round == 0 or not several_phases(view):
        return _("one rider at a time, 2 dice keep 1")
    if view.round_phase == 0:
        return _("each leader rolls 1 die (more with team-mates in protection on a climb)")
    if view.players == 2:
        return _("3 dice, one to each team-mate; then a die for each neutral bike")
    if view.players > 4:
        return _("3 dice, one to each team-mate (a shared team: 1 for the violet, 2 for the grey and the green)")
    return _("3 dice, one to each team-mate")


def draw_phase_badge(surface: pygame.Surface, view: VelomasterView, top_left: tuple[int, int]) -> pygame.Rect | None:
    """The phase banner on the map's top-left corner: the round and whose turn (leaders / team-mates)."""
    title = phase_title(view)
    if not title:
        return None
    hints = theme.wrap(phase_hint(view), BADGE_TEXT_W, 13) if not view.over else []
    colour = theme.ACCENT if view.round_phase == 0 or view.round == 0 else theme.TEAL
    w = max([theme.text(title, 17, colour, "bold").get_width()]
            + [theme.text(hint, 13, theme.MUTED).get_width() for hint in hints]) + 24
    rect = pygame.Rect(top_left[0], top_left[1], w, 28 + 16 * len(hints))
    theme.panel(surface, rect, theme.BG_DEEP, border=colour, shadow=False)
    theme.blit_text(surface, title, (rect.x + 12, rect.y + 5), 17, colour, "bold")
    for k, hint in enumerate(hints):
        theme.blit_text(surface, hint, (rect.x + 12, rect.y + 25 + 16 * k), 13, theme.MUTED)
    return rect


# ============================================================================================ accélération


def line_seats(view: VelomasterView, line: tuple[int, ...]) -> list[int]:
    """The seats moving bikes in the line (a neutral bike votes with the player who moves it)."""
    seats: list[int] = []
    for rid in line:
        r = view.riders[rid]
        if r.seat not in seats:
            seats.append(r.seat)
    return seats


def proposal_words(view: VelomasterView, line: tuple[int, ...], seat: int, names) -> str:
    """What the proposer decides: the line, whose bikes are in it, the count needed and who would vote."""
    mine = sum(1 for rid in line if view.riders[rid].seat == seat)
    need = votes_needed(line)
    others = [names[s] for s in line_seats(view, line) if s != seat]
    vote = (_("your bikes are enough") if mine >= need or not others
            else ngettext("{names} votes", "{names} vote", len(others)).format(names=join_names(others)))
    return _("Line of {line} bikes, {mine} yours: {need} must agree ({vote}). It rides up last bike first.").format(
        line=len(line), mine=mine, need=need, vote=vote)


def vote_lines(view: VelomasterView, names) -> list[str]:
    """Each voting seat's answer so far, in words (the answers are public)."""
    out = []
    for seat, vote in enumerate(view.votes):
        if vote and seat < len(names):
            out.append(_("{player}: {vote}").format(player=names[seat], vote=_(VOTE_WORDS[vote]) if vote in VOTE_WORDS
                                                   else ""))
    return out


VOTE_BOX = pygame.Rect(0, 0, 600, 132)


def vote_box(map_rect: pygame.Rect) -> pygame.Rect:
    box = VOTE_BOX.copy()
    box.midbottom = (map_rect.centerx, map_rect.bottom - 14)
    return box


def draw_vote_panel(surface: pygame.Surface, box: pygame.Rect, title: str, reason: str, votes: list[str],
                    colour) -> None:
    """The vote question over the map: who asks what, the count, each seat's answer; the scene places the
    Agree / Refuse buttons on the right."""
    shade = pygame.Surface(box.inflate(12, 12).size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 110))
    surface.blit(shade, box.inflate(12, 12).move(3, 5))
    theme.panel(surface, box, theme.BG_DEEP, border=colour)
    x, y = box.x + 16, box.y + 10
    theme.blit_text(surface, title, (x, y), 22, colour, "black")
    y += 32
    answers = vote_rows(votes, box.w - 190)
    for row in theme.wrap(reason, box.w - 190, 15)[:4 - max(1, len(answers))]:
        theme.blit_text(surface, row, (x, y), 15, theme.INK)
        y += 19
    for k, row in enumerate(answers):
        theme.blit_text(surface, row, (x, box.bottom - 22 - 18 * (len(answers) - 1 - k)), 14, theme.MUTED)


def vote_rows(votes: list[str], width: int) -> list[str]:
    """The answers so far on at most two lines of ``width`` px: each seat's ("Ann: agrees · Bob: deciding…"), or
    when that is too long, how many said what ("3 agree · 1 refuses · 2 deciding…")."""
    if not votes:
        return []
    rows = theme.wrap(" · ".join(votes), width, 14)
    if len(rows) <= 2:
        return rows
    said = [v.rsplit(" ", 1)[-1] for v in votes]
    counts = [(said.count(_(w)), w) for w in VOTE_WORDS.values() if _(w) in said]
    plural = {"agrees": N_("{n} agree"), "refuses": N_("{n} refuse")}
    one = {"agrees": N_("{n} agrees"), "refuses": N_("{n} refuses"), "deciding…": N_("{n} deciding…")}
    return theme.wrap(" · ".join(_(plural.get(w, one[w]) if n > 1 else one[w]).format(n=n) for n, w in counts),
                      width, 14)


# ============================================================================================ order panel


def draw_seat_riders(surface: pygame.Surface, view: VelomasterView, seat: int, colours, right: int, cy: int) -> int:
    """The riders a seat runs, as small bibs left of ``right`` (greyed when out of the race, a red dot when
    down or at the roadside, a tick when across the line); returns the left edge used."""
    riders = [r for r in view.riders if r.seat == seat and not is_neutral(view, r)]
    x = right - 14 * len(riders)
    for k, r in enumerate(riders):
        cx = x + 14 * k + 7
        team = rider_colour(view, r, colours)
        bib = BIBS.get(r.bib, BIB_GREY) if r.status != "abandoned" else OUT_GREY
        pygame.draw.circle(surface, team, (cx, cy), 6)
        pygame.draw.circle(surface, bib, (cx, cy), 3)
        if r.status in ("down", "roadside") or r.punctured:
            pygame.draw.circle(surface, theme.RED, (cx + 4, cy - 4), 3)
        elif r.status == "finished":
            pygame.draw.line(surface, theme.GREEN, (cx - 3, cy + 6), (cx + 3, cy + 6), 2)
        elif r.status == "abandoned":
            pygame.draw.line(surface, theme.RED, (cx - 5, cy - 5), (cx + 5, cy + 5), 2)
    return x


def rider_state_words(r: RiderView) -> str:
    """What holds a rider, for its name tag (Expert incidents)."""
    words = []
    if r.status == "abandoned":
        words.append(_("abandoned, out of the race"))
    elif r.punctured:
        words.append(_("punctured, at the roadside"))
    elif r.status == "roadside":
        words.append(_("at the roadside (its cell was taken)"))
    if r.missed_feed:
        words.append(_("missed a feed: smallest die to the finish"))
    if r.worst_die:
        words.append(_("a scratch: plays its worst die"))
    return " · ".join(words)


def role_words(view: VelomasterView, r: RiderView, names) -> str:
    """"Ann's leader" / "Ann's grey team-mate" / "neutral grey bike (Bob moves it)"."""
    from .table_words import bib_rider, neutral_bike, role_name, whose

    if is_neutral(view, r):
        if view.round_phase == 1:
            return _("{bike} ({player} moves it)").format(bike=neutral_bike(r.bib), player=names[r.seat])
        return neutral_bike(r.bib)
    return whose(names[r.seat], role_name(r.role) if r.role == "leader" else bib_rider(r.bib, r.role),
                 mate=r.role != "leader")
