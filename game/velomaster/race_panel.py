"""Panels of the VeloMaster race table: turn order, climbers' ranking and race clock (the points sheet
is points_sheet.py). Drawing only: every figure comes from the view."""

from __future__ import annotations

import pygame

from ..i18n import C_, N_, _, ngettext, tr
from ..ui import theme
from .condition_bar import BAND_COLOURS, band_of
from .expert_table import NEUTRAL, OUT_GREY, draw_seat_riders, several_phases
from .rider_art import BIB_GREEN, BIB_GREY, BIB_LEADER, BIB_VIOLET
from .rules import events
from .rules.view import VelomasterView

BIBS = {"yellow": BIB_LEADER, "grey": BIB_GREY, "green": BIB_GREEN, "violet": BIB_VIOLET}
ROLE_NAMES = {"leader": "leader", "equipier": "team-mate"}
NO_SUMMIT = N_("No summit before this race's finish line.")


def clock(seconds: int) -> str:
    """A time as the race writes it ("1h02'03", "33'00"; rules.events.clock); "–" for none."""
    return "–" if seconds < 0 else events.clock(seconds)


def rider_name(view: VelomasterView, rider: int, names) -> str:
    """A rider as the rest of the table names it: "Ann's leader", "Bob's violet team-mate", "neutral grey bike"
    (never "Bob team-mate" for a neutral bike Bob moved, nor for which of his three team-mates)."""
    from .table_words import rider_words

    return rider_words(view, rider, names)


def bib_dot(surface, centre, team, bib, r: int = 7) -> None:
    pygame.draw.circle(surface, team, centre, r)
    pygame.draw.circle(surface, BIBS.get(bib, BIB_GREY), centre, max(2, r - 4))


def team_of_seat(view: VelomasterView, seat: int) -> int:
    """The team a seat races for (its own riders'; from 5 players two seats share one)."""
    return next((r.team for r in view.riders if r.seat == seat and r.team < view.players), seat)


CHIP_W = 42  # one rider's condition in the order panel: its bib and its figure


def fit_name(name: str, width: int, size: int = 15, style: str = "body") -> str:
    """``name`` cut to the letters that fit ``width`` px (a name is never given an ellipsis: it is a name)."""
    font = theme.font(size, style)
    while name and font.size(name)[0] > width:
        name = name[:-1]
    return name


def order_lines(view: VelomasterView, condition: bool) -> int:
    """The order panel's lines: a seat each, and with the condition shown a line for the neutral bikes (2 players
    at Expert or Pro)."""
    neutral = condition and any(r.team >= view.players for r in view.riders)
    return view.players + (1 if neutral else 0)


def acting_seat(view: VelomasterView) -> int:
    """The seat the order panel marks: while the d20s are rolled for the start order the turn is nobody's yet (it
    stays on the first seat), so the seat rolling its d20; else whose turn it is."""
    if view.phase == "order" and view.to_act:
        return view.to_act[0]
    return view.turn_seat


def draw_order(surface, rect: pygame.Rect, view: VelomasterView, names, colours,
               condition: VelomasterView | None = None, seat_colours=None) -> None:
    """The order of play, a line a seat; ``colours`` by team (``seat_colours``: each player's own colour, shown in
    the team's dot when they differ, a team shared by two players). Teams of four (Expert): the seat's riders as
    small bibs (out of the race greyed, down marked). ``condition`` (Pro, the condition played): the view whose
    figures the table shows (a seat's own riders exact to it, the others' public figures): each seat's riders
    with their condition in place of the bibs and the leader's row, and the neutral bikes on a line of their own."""
    theme.panel(surface, rect, theme.PANEL_LO, shadow=False)
    four = several_phases(view)
    if condition is not None:
        title = _("START ORDER") if view.round == 0 else _("ROUND {n} · ORDER").format(n=view.round)
        theme.blit_text(surface, _("CONDITION %"), (rect.right - 12, rect.y + 8), 12, theme.MUTED, "bold",
                        anchor="topright")
    else:
        title = _("START ORDER") if view.round == 0 else _("ROUND {n} · ORDER BY LEADERS").format(n=view.round)
    theme.blit_text(surface, title, (rect.x + 12, rect.y + 8), 12, theme.MUTED, "bold")
    order = view.turn_order or view.start_order or tuple(range(view.players))
    # a seat without a leader to move (from 5 players, the outsider of a shared team) is not in a leaders' turn's
    # order: it is listed after it, faded, so every player is in the panel
    idle = tuple(s for s in range(view.players) if s not in order)
    lines = order_lines(view, condition is not None)
    marked = acting_seat(view)
    y = rect.y + 28
    step = min(22, (rect.h - 34) // max(1, lines))
    for seat in order + idle:
        leader = next((r for r in view.riders if r.seat == seat and r.role == "leader"), None)
        done = seat in view.played or seat in idle
        ink = theme.FAINT if done else theme.INK
        if seat == marked and not view.over:
            pygame.draw.rect(surface, theme.darken(theme.ACCENT, 0.6), (rect.x + 6, y - 2, rect.w - 12, step),
                             border_radius=6)
            ink = theme.INK
        jersey = colours[team_of_seat(view, seat)]
        pygame.draw.circle(surface, jersey, (rect.x + 18, y + step // 2 - 2), 6)
        own = seat_colours[seat] if seat_colours is not None and seat < len(seat_colours) else jersey
        if tuple(own[:3]) != tuple(jersey[:3]):  # a shared team: the player's own colour in its jersey's (the disc
            pygame.draw.circle(surface, own, (rect.x + 18, y + step // 2 - 2), 3)  # on its bikes on the map)
        style = "bold" if seat == marked else "body"
        if condition is not None:
            riders = [r for r in condition.riders if r.seat == seat and r.team < view.players]
            left = draw_condition_chips(surface, riders, colours, rect.right - 8, y + step // 2 - 2)
            theme.blit_text(surface, fit_name(names[seat], left - rect.x - 36, 15, style), (rect.x + 30, y), 15, ink,
                            style)
            y += step
            continue
        theme.blit_text(surface, names[seat][:11 if four else 13], (rect.x + 30, y), 15, ink, style)
        right = rect.right - 56  # where the seat's bibs end: left of where its leader is ("row 118", "finished")
        if leader is not None:
            words = theme.blit_text(surface, where_words(leader), (rect.right - 12, y), 14, theme.MUTED,
                                    anchor="topright", tag=("where", seat))
            right = min(right, words.x - 6)
        elif four:  # the outsider of a shared team, idle in a leaders' turn or playing its team-mates' turn
            words = theme.blit_text(surface, _("no leader"), (rect.right - 8, y + 1), 12, theme.FAINT, anchor="topright")
            right = min(right, words.x - 6)
        if four:
            draw_seat_riders(surface, view, seat, colours, right, y + step // 2 - 2)
        y += step
    if condition is not None and lines > len(order) + len(idle):  # the neutral bikes' line (2 players)
        neutral = [r for r in condition.riders if r.team >= view.players]
        pygame.draw.circle(surface, NEUTRAL, (rect.x + 18, y + step // 2 - 2), 6)
        draw_condition_chips(surface, neutral, colours, rect.right - 8, y + step // 2 - 2)
        theme.blit_text(surface, _("Neutral"), (rect.x + 30, y), 15, theme.MUTED)


def points_words(points: int) -> str:
    """A climber's points: "1 pt", "12 pts"."""
    return ngettext("{n} pt", "{n} pts", points).format(n=points)


def where_words(leader) -> str:
    """Where a seat's leader is, for the order panel: "row 4", "start", "finished", "out"."""
    return (_("finished") if leader.status == "finished" else tr(C_("rider", "out")) if leader.status == "abandoned"
            else _("start") if leader.cell is None else _("row {n}").format(n=leader.row))


def draw_condition_chips(surface, riders, colours, right: int, cy: int) -> int:
    """Each rider's bib and condition figure, right-aligned at ``right`` (the figure in its band's colour; "out"
    once it left the race, a red dot while down or at the roadside); returns the left edge used."""
    x = right - CHIP_W * len(riders)
    for k, r in enumerate(riders):
        cx = x + CHIP_W * k + 8
        team = colours[r.team] if r.team < len(colours) else NEUTRAL
        if r.status == "abandoned":
            pygame.draw.circle(surface, OUT_GREY, (cx, cy), 6)
            # TRANSLATORS: a rider out of the race in a 42-px chip of the order panel: three or four letters
            word = theme.fit(tr(C_("condition chip", "out")), CHIP_W - 12, 13, "bold")
            theme.blit_text(surface, word, (cx + 9, cy), 13, theme.FAINT, "bold", anchor="midleft")
            continue
        pygame.draw.circle(surface, team, (cx, cy), 6)
        pygame.draw.circle(surface, BIBS.get(r.bib, BIB_GREY), (cx, cy), 3)
        if r.status in ("down", "roadside") or r.punctured:
            pygame.draw.circle(surface, theme.RED, (cx + 4, cy - 4), 3)
        colour = theme.lighten(BAND_COLOURS[band_of(r.condition)], 0.3)
        theme.blit_text(surface, str(r.condition), (cx + 9, cy), 13, colour, "bold", anchor="midleft",
                        tag=("condition", r.id))
    return x


def draw_standings(surface, rect: pygame.Rect, view: VelomasterView, names, colours) -> None:
    theme.panel(surface, rect, theme.PANEL_LO, shadow=False)
    x, y = rect.x + 12, rect.y + 8
    if view.race_clock >= 0:
        theme.blit_text(surface, _("RACE TIME {time}").format(time=clock(view.race_clock)), (x, y), 12, theme.ACCENT, "bold")
    else:
        theme.blit_text(surface, _("CLIMBERS · MAILLOT ROUGE"), (x, y), 12, theme.MUTED, "bold")
    y += 22
    room = max(1, (rect.bottom - 4 - y) // 19)  # lines that fit
    shown = 0
    if view.finish_order:
        for place, rid in enumerate(view.finish_order[:min(2 if view.climbers else 3, room)]):
            r = view.riders[rid]
            bib_dot(surface, (x + 7, y + 8), colours[r.team], r.bib)
            time = theme.blit_text(surface, clock(r.time), (rect.right - 12, y), 14, theme.MUTED, anchor="topright",
                                   tag=("time", rid))
            theme.blit_text(surface, theme.fit(f"{place + 1}. {rider_name(view, rid, names)}", time.x - 8 - x - 20, 14),
                            (x + 20, y), 14, theme.INK)
            y += 19
            shown += 1
    for rid in view.climbers[: max(0, room - shown)]:
        r = view.riders[rid]
        bib_dot(surface, (x + 7, y + 8), colours[r.team], r.bib)
        points = sum(r.points)
        figure = theme.blit_text(surface, points_words(points), (rect.right - 12, y),
                                 14, (230, 90, 80), "bold", anchor="topright", tag=("points", rid))
        theme.blit_text(surface, theme.fit(rider_name(view, rid, names), figure.x - 8 - x - 20, 14), (x + 20, y), 14,
                        theme.INK)
        y += 19
    if not view.climbers and not view.finish_order:
        nxt = next((s for s in view.summits if s.crossed < len(s.points)), None)
        if nxt is not None:
            theme.blit_text(surface, _("Next summit: {summit} ({category})").format(summit=nxt.name, category=category_name(nxt.category)), (x, y), 14,
                            theme.MUTED)
        elif not view.summits:  # the engine counts no summit up to this race's line (a shortened finish)
            for line in theme.wrap(_(NO_SUMMIT), rect.w - 24, 14)[:room]:
                theme.blit_text(surface, line, (x, y), 14, theme.MUTED)
                y += 19


def category_name(cat: str) -> str:
    return "HC" if cat == "HC" else _("cat. {n}").format(n=cat)


def incidents_text(r) -> str:
    """The sheet's incidents of a rider: "2 crashes · flat", "" when none."""
    parts = []
    if r.crashes:
        parts.append(_("crash") if r.crashes == 1 else ngettext("{n} crash", "{n} crashes", r.crashes).format(n=r.crashes))
    if r.flats:
        parts.append(_("flat") if r.flats == 1 else ngettext("{n} flat", "{n} flats", r.flats).format(n=r.flats))
    return " · ".join(parts)
