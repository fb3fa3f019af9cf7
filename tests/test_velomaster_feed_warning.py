"""A move that misses the feed is marked before it is played ("Polish, as first-time players meet the five games":
"Nothing warns before a rider rides through a feed zone without stopping"). The engine answers
(:func:`rules.incidents.feed_miss`, carried by every :class:`ReachInfo`); the table stripes those cells, says the
cost on the cell card and in the key."""

from __future__ import annotations

import random

import pytest

from game.engine.match import Match, Seat
from game.engine.protocol import Config
from game.ui import theme
from game.ui.scenes_registry import TABLES
from game.velomaster import table_help
from game.velomaster.course_style import FEED_MISS_COLOUR
from game.velomaster.rules import LEVELS, Roll, Step, reachable
from game.velomaster.rules.condition import MISSED_FEED
from game.velomaster.rules.events import FeedMissed, FeedTaken
from game.velomaster.rules.incidents import feed_miss

from .ui_helpers import frames, make_app
from .velomaster_support import act, cid, make_course, make_spec, of, race, rigged

EXPERT = LEVELS["expert"]
FEED_ROW = 30
SPEC = make_spec(make_course(rows=60, finish=50, feed={(FEED_ROW, 0), (FEED_ROW, 1), (FEED_ROW, 2)}))
ENTRY = TABLES["velomaster"]


def leader_rolled(die: int, **kw):
    """Seat 0's leader two rows before the feed zone, its die rolled."""
    s, _ = race(SPEC, 3, {0: cid(28, 0), 4: cid(5, 0), 8: cid(5, 2)}, level=EXPERT, rng=rigged((6, die)), **kw)
    s, _ = act(s, Roll())
    assert s.moving_rider == 0
    return s


def test_every_reachable_cell_says_whether_the_move_misses_the_feed_as_the_engine_then_decides():
    s = leader_rolled(4)
    targets = reachable(s)
    g = s.setup.geo
    assert {g.row[c] for c, info in targets.items() if info.feed_miss is not None} == {31, 32}
    assert all(info.feeds for c, info in targets.items() if g.row[c] == FEED_ROW)
    assert not any(info.feeds for c, info in targets.items() if g.row[c] != FEED_ROW)
    for cell, info in targets.items():
        moved, events = s, []
        for c in info.path:
            moved, ev = act(moved, Step(0, c))
            events += ev
        assert bool(of(events, FeedMissed)) == (info.feed_miss is not None), (cell, info)
    miss = next(info.feed_miss for info in targets.values() if info.feed_miss is not None)
    assert miss.protection and miss.condition == 0  # a leader at Expert: its protection, no condition
    assert "smallest die" in miss.words() and "protection" in miss.words()


def test_a_stop_on_a_feed_cell_takes_the_bag_and_nothing_warns_once_fed_or_once_missed():
    s = leader_rolled(2)
    [feed] = [c for c, info in reachable(s).items() if info.feeds and s.setup.geo.lane[c] == 0]
    for c in reachable(s)[feed].path:
        s, ev = act(s, Step(0, c))
    assert of(ev, FeedTaken)
    assert feed_miss(s, 0, cid(40, 0)) is None, "fed: the zone is behind it for good"
    missed = leader_rolled(4)
    for c in (cid(29, 0), cid(30, 0), cid(31, 0)):
        missed, _ = act(missed, Step(0, c))
    assert missed.missed_feed[0] and feed_miss(missed, 0, cid(40, 0)) is None, "the penalty is paid once"


def test_at_pro_a_missed_feed_also_costs_condition_and_a_team_mate_has_no_protection_to_lose():
    s, _ = race(SPEC, 3, {1: cid(28, 0), 0: cid(20, 1), 4: cid(5, 0), 8: cid(5, 2)}, variant="pro-salzburg")
    miss = feed_miss(s, 1, cid(31, 0))
    assert miss is not None and not miss.protection and miss.condition == MISSED_FEED
    assert f"{MISSED_FEED} % condition" in miss.words()


# ============================================================================================ the table


def position_before_a_miss(seed: int, limit: int = 6000):
    """An Expert race on Salzburg played at random until a human's rider may move to cells that miss the feed and
    to cells that do not: (the seed, the configuration, the moves)."""
    config = ENTRY.spec.validate_config(Config("race", 2, (("course", "salzburg"), ("level", "expert"))))
    match = Match(ENTRY.spec, config, seed, [Seat(n, "human", (0, 0, 0)) for n in ("Ann", "Bob")])
    rnd = random.Random(seed)
    moves = []
    for _ in range(limit):
        if match.is_over():
            return None
        seat = match.to_act()[0]
        if match.state.phase == 3:  # P_MOVE
            targets = reachable(match.state)
            if any(i.feed_miss for i in targets.values()) and any(not i.feed_miss for i in targets.values()):
                return seed, config, moves
        action = rnd.choice(match.state.legal_actions(seat))
        moves.append((seat, action))
        match.act(seat, action)
    return None


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    return make_app("instant")


def test_the_table_stripes_the_cells_that_miss_the_feed_and_the_card_and_key_say_what_it_costs(app):
    seed, config, moves = next(filter(None, (position_before_a_miss(seed) for seed in range(1, 8))))
    match = Match(ENTRY.spec, config, seed, [Seat(n, "human", theme.SEAT_COLOURS[i]) for i, n in enumerate(("Ann", "Bob"))])
    for s, a in moves:
        match.act(s, a)
    scene = ENTRY.scene(app, match, ENTRY)
    app.stack.clear_to(scene)
    frames(app, 3)
    targets = scene.shown_targets
    assert targets
    for cid_, info in targets.items():
        hl = scene.cv.highlights[cid_]
        assert (hl.hatch == FEED_MISS_COLOUR) == (info.feed_miss is not None)
        titles = [title for title, _ in scene._card_sections(scene.course.cell(cid_))]
        assert (table_help.FEED_MISS_TITLE in titles) == (info.feed_miss is not None)
    assert any(hl.hatch for hl in scene.cv.highlights.values())
    assert table_help.feed_hint(900) == table_help.FEED_WORDS[0]
    assert table_help.feed_hint(160) == table_help.FEED_WORDS[-1]

