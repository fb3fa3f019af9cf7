"""VeloMaster's race and tour times read as cycling results write them, as the gaps already are ("+1h14'00"):
"1h33'30" and "30'00", in every language, on every screen that writes a time (the race's clock, the side
panel, the points sheet, the results, the tour's standings), never "1:33:30" next to a gap "+3'00"."""

from __future__ import annotations

import random
import re

import pytest

from game import i18n
from game.engine.match import Match, Seat
from game.engine.protocol import Config
from game.i18n import tr
from game.ui.scenes_registry import TABLES
from game.velomaster import points_sheet, race_panel
from game.velomaster.rules.events import RiderFinished, clock, gap
from game.velomaster.tour_standings import clock_or_gap

ENTRY = TABLES["velomaster"]
NAMES = ["Ann", "Bob", "Cleo", "Dan"]
COLON_TIME = re.compile(r"\d:\d\d")  # "1:33:30", "30:00", "+3:00"


@pytest.fixture(params=["en", "fr"])
def language(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def test_velomaster_race_times_are_written_as_the_gaps_are(language):
    assert [clock(s) for s in (5610, 1800, 3723, 59, 0)] == ["1h33'30", "30'00", "1h02'03", "0'59", "0'00"]
    assert [race_panel.clock(s) for s in (5610, 1800, -1)] == ["1h33'30", "30'00", "–"]
    assert gap(4440) == "+1h14'00" and gap(180) == "+3'00"
    assert clock_or_gap(4000, 4000, True) == "1h06'40" and clock_or_gap(4080, 4000, False) == "+1'20"


def test_velomaster_the_winner_s_time_in_the_log_reads_as_the_gaps(language):
    text = tr(RiderFinished(0, 0, "leader", 1, 3700, 0).text(NAMES))
    assert "1h01'40" in text and not COLON_TIME.search(text)


def _finished_pro_race(players=4, seed=1) -> Match:
    options = {"course": "salzburg", "finish": 33, "level": "pro"}
    config = ENTRY.spec.validate_config(Config("race", players, tuple(sorted(options.items()))))
    match = Match(ENTRY.spec, config, seed, [Seat(NAMES[i], "human", (0, 0, 0)) for i in range(players)])
    rnd = random.Random(seed)
    while not match.is_over():
        seat = match.to_act()[0]
        match.act(seat, rnd.choice(match.state.legal_actions(seat)))
    return match


def test_velomaster_results_and_points_sheet_write_no_time_with_colons(language):
    match = _finished_pro_race()
    result = match.state.result()
    texts = [tr(d) for d in result.details] + [tr(t) for t in result.score_texts]
    team = next(t for t in texts if "(3 best times)" in t or "(3 meilleurs" in t or "équipe" in t)
    assert re.search(r" \+(\d+h)?\d\d?'\d\d", team), team  # the team behind the first: a gap as every gap
    assert not [t for t in texts if COLON_TIME.search(t)]
    assert not COLON_TIME.search(points_sheet.team_line(match.state.view(None), NAMES))


def test_velomaster_profile_strip_writes_slopes_as_the_map_does(language, monkeypatch):
    import pygame

    from game.velomaster import profile_strip
    from game.velomaster.courses import bundled

    course = bundled("aurillac")
    written: list[str] = []
    real = profile_strip.halo_text
    monkeypatch.setattr(profile_strip, "halo_text", lambda text, *a, **k: (written.append(text), real(text, *a, **k))[1])
    profile_strip.ProfileStrip(pygame.Rect(0, 0, 900, 90), course).draw(pygame.Surface((900, 90)))
    slopes = [t for t in written if t.endswith("%")]
    assert slopes, written
    sign = "\u202f%" if language == "fr" else "%"  # French: a narrow no-break space before %, as the odds and the map
    assert all(t.endswith(sign) and t[: -len(sign)].isdigit() for t in slopes), slopes
