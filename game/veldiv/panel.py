"""The Veldiv standings panel: laps, tokens, points, eliminations and the kitty, per race type."""

from __future__ import annotations

import pygame

from ..i18n import C_, N_, _, ngettext, tr
from ..ui import theme
from .rules.view import RiderView, VeldivView

RIDER_STATUS = {"racing": N_("racing"), "finished": N_("finished"), "waiting": N_("waiting"),
                "eliminated": N_("eliminated")}
TOKEN_COLOURS = {"premier": (236, 196, 60), "tour": (88, 170, 200), "points": (230, 120, 80)}


def _token(surface, centre, colour, label: str, size: int = 10) -> None:
    pygame.draw.circle(surface, theme.darken(colour, 0.35), (centre[0], centre[1] + 1), size)
    pygame.draw.circle(surface, colour, centre, size)
    theme.blit_text(surface, label, centre, 12, theme.PAPER_INK, "black", anchor="center")


COLUMN_W = {"tour": 46, "premier": 46, "points": 34, "laps": 36, "paid": 40, "state": 50}  # header and values


def columns(view: VeldivView) -> list[tuple[str, str]]:
    """(key, header) of the columns this race shows."""
    race = view.variant
    if race in ("individuelle", "americaine"):
        return [("tour", N_("Un Tour")), ("premier", N_("Premier")), ("points", N_("Pts")), ("laps", N_("Laps"))]
    if race in ("poursuite", "poursuite-equipe"):
        return [("laps", N_("Laps")), ("state", "")]
    if race == "eliminatoire":
        return [("laps", N_("Laps")), ("state", "")]
    return [("paid", N_("Paid")), ("laps", N_("Laps")), ("state", "")]


STATES = {"out": C_("eliminated", "out"), "across": N_("across")}  # the state column's words (cell() gives the key)


def _laps(view: VeldivView, seat: int) -> int:
    laps = [r.laps for r in view.riders if r.seat == seat]
    return min(laps) if laps else 0


def draw_panel(surface, rect: pygame.Rect, view: VeldivView, names, colours, t: float,
               six_counts_twelve: bool = True) -> None:
    """``six_counts_twelve``: the setup's rule (False in a four-player pursuit, where a six counts only six)."""
    theme.panel(surface, rect, theme.PANEL_LO, shadow=False)
    x, y = rect.x + 14, rect.y + 10
    theme.blit_text(surface, _(view.race).upper(), (x, y), 13, theme.MUTED, "bold")
    y += 20
    room = rect.right - 14 - x
    if view.variant == "cagnotte":
        words = _("Kitty {kitty}/{total}").format(kitty=view.kitty, total=view.total)
        w = max(92, theme.font(16, "black").size(words)[0] + 16)  # "Cagnotte 200/200" is wider than "Kitty"
        kitty = pygame.Rect(rect.right - 12 - w, rect.y + 10, w, 40)
        pygame.draw.rect(surface, (92, 70, 40), kitty, border_radius=8)
        theme.blit_text(surface, words, kitty.center, 16, (250, 230, 170), "black", anchor="center")
        room = kitty.x - 8 - x
    lines = theme.wrap(subtitle(view, six_counts_twelve), room, 14)
    for line in lines[:2]:
        theme.blit_text(surface, line, (x, y), 14, theme.ACCENT)
        y += 18
    y += 6
    cols = columns(view)
    col_x = []  # each column's right edge, the last against the panel's
    right = rect.right - 14
    for key, _header in reversed(cols):
        col_x.insert(0, right)
        right -= COLUMN_W.get(key, 40)
    name_room = col_x[0] - 28 - (x + 22)  # a row's name ends before its first value (a token, two digits)
    for (_key, header), cx in zip(cols, col_x, strict=False):
        theme.blit_text(surface, _(header) if header else "", (cx, y), 12, theme.MUTED, "bold", anchor="topright")
    y += 18
    order = ranking_order(view)
    row_h = max(18, min(26, (rect.bottom - 4 - y) // max(1, view.players)))  # everyone fits, up to 12
    for seat in order:
        if y > rect.bottom - row_h:
            break
        out = seat in view.eliminated
        ink = theme.FAINT if out else theme.INK
        pygame.draw.circle(surface, colours[seat], (x + 7, y + row_h // 2 - 1), 7)
        if view.turn == seat and not view.over:
            pygame.draw.circle(surface, theme.ACCENT, (x + 7, y + row_h // 2 - 1), 10, 2)
        style = "bold" if view.turn == seat else "body"
        theme.blit_text(surface, theme.fit(names[seat], name_room, 16, style), (x + 22, y + 1), 16, ink, style)
        for (key, _header), cx in zip(cols, col_x, strict=False):
            value = cell(view, seat, key)
            if key in ("premier", "tour") and value:
                _token(surface, (cx - 10, y + row_h // 2 - 1), TOKEN_COLOURS[key], str(value))
            else:
                colour = ink if key != "state" else theme.RED if value == "out" else theme.MUTED
                shown = tr(STATES[value]) if key == "state" and value else str(value)
                theme.blit_text(surface, shown, (cx, y + 1), 16 if key != "state" else 14, colour, "bold",
                                anchor="topright", tag=(key, seat))
        y += row_h


def cell(view: VeldivView, seat: int, key: str):
    if key == "tour":
        return view.un_tour[seat]
    if key == "premier":
        return view.premiers[seat]
    if key == "points":
        return view.points[seat]
    if key == "laps":
        return _laps(view, seat)
    if key == "paid":
        return view.paid[seat]
    if key == "state":
        if seat in view.eliminated:
            return "out"
        if not view.over and any(r.status == "waiting" for r in view.riders if r.seat == seat):
            return "across"  # Éliminatoire / La Cagnotte: across the line, waiting for the lap to end
        return ""
    return ""


def ranking_order(view: VeldivView) -> list[int]:
    seats = list(range(view.players))
    if view.variant in ("individuelle", "americaine"):
        return sorted(seats, key=lambda s: (-view.un_tour[s], -view.premiers[s], -view.points[s], s))
    if view.variant == "cagnotte":
        return sorted(seats, key=lambda s: (view.paid[s], s))
    return sorted(seats, key=lambda s: (s in view.eliminated, -sum(r.distance for r in view.riders if r.seat == s)))


def subtitle(view: VeldivView, six_counts_twelve: bool = True) -> str:
    """The race's standing rule in a line; ``six_counts_twelve`` is the setup's (a four-player pursuit: False)."""
    if view.variant in ("individuelle", "americaine"):
        if view.final_lap:
            if view.over:
                return _("The race ended on lap {lap}").format(lap=view.final_lap)
            return _("Final lap {lap} · each rider finishes at the line").format(lap=view.final_lap)
        n = view.premiers_to_end
        end = ngettext("{n} Premier token ends the race", "{n} Premier tokens end the race", n).format(n=n)
        return _("Lap {lap} · {end}").format(lap=view.lap, end=end) if view.lap else end
    if view.variant in ("poursuite", "poursuite-equipe"):
        if not six_counts_twelve:  # Art. 2: "le nombre six amené par le dé ne comptera que pour six cases"
            return _("3 laps · caught and passed is out · a six counts only six")
        return _("3 laps · caught and passed is out")
    if view.variant == "eliminatoire":
        return _("Lap {lap} · last across the line is out").format(lap=view.lap)
    if view.variant == "cagnotte":
        return _("Lap {lap} · stake {stake} a lap").format(lap=view.lap, stake=view.stake)
    return ""


def rider_tip(view: VeldivView, r: RiderView, name: str) -> str:
    """What hovering a rider says: whose it is (``name``; which of the team, by its shorts), where, its laps, and
    how many laps it is down in the points races (its crossings then count a lap behind)."""
    team = any(x.index == 1 for x in view.riders)
    who = name
    if team:
        who = (_("{player} · rider 2 (black shorts)") if r.index == 1 else
               _("{player} · rider 1 (white shorts)")).format(player=who)
    laps = ngettext("{n} lap", "{n} laps", r.laps).format(n=r.laps)
    tip = _("{who}: space {space}, {laps} · {status}").format(who=who, space=r.space, laps=laps,
                                                             status=_(RIDER_STATUS.get(r.status, r.status)))
    down = view.laps_down[r.seat]
    if down and r.status == "racing":
        tip = _("{tip} · {down}").format(tip=tip, down=ngettext("{n} lap down", "{n} laps down", down).format(n=down))
    return tip
