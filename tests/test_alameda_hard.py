"""Tour of Alameda's reading search (``alameda-hard``, tried for Hard and not yet its level): it imagines
its rivals as the racing sense itself (a face-down card is the one the racing sense would put down; a
raced card caps the cards kept), from its own view only, and it answers at once when told to stop."""

from __future__ import annotations

from random import Random

from game.alameda import SPEC
from game.alameda.rules import Pick, Wrench
from game.alameda.rules import hard as H
from game.engine.bots import BOT_KINDS, make_bot
from game.engine.protocol import BotLevel

from .alameda_support import W, build, pick_all

READER = BotLevel("alameda-hard", iterations=600)  # the search that reads its rivals (not the Hard level)


def reader(seat):
    return BOT_KINDS[READER.kind](SPEC, seat, READER)


def decide(state, seat, level, seed=1):
    bot = reader(seat) if level == "reader" else make_bot(SPEC, seat, level)
    return bot.start(state.view(seat), state.legal_actions(seat), seed).run()


def _bob_races_behind_a_face_down_card():
    """4 players, Cleo wears the jersey (reveal order Cleo, Dora, Ann, Bob). Bob and Dora have played
    their Wrenches: Ann's ends the stage. Cleo shows a 7, Dora a 2; Bob's card is still face down.
    Bob's unseen cards are mostly 1s, but the racing sense races its best card, and 5 cards of 16
    hold a 9 or a 10 four times in five. Taking Bob's card wins the stage; taking Cleo's 7 lets Bob
    win it with his best card."""
    state = build(4, hands=[(1, 1, 1, 1), (1, 9, 9, 10, 10), (1, 7), (2, 2)],
                  decks=[(), (1,) * 11, (), ()], wrenches=[True, False, True, False],
                  distances=(20, 24, 10, 12), jersey=2, leg=3)
    state, _ = pick_all(state, {0: W, 1: 10, 2: 7, 3: 2})
    assert state.to_act() == (0,) and state.view(0).face_down[1]
    return state


def test_alameda_reader_wrenches_the_face_down_card_a_racing_rival_is_sure_to_have_played():
    state = _bob_races_behind_a_face_down_card()
    assert decide(state, 0, "normal") == Wrench(2), "Normal values Bob's face-down card at his 1s' average"
    for seed in range(3):
        assert decide(state, 0, "reader", seed) == Wrench(1)


def test_alameda_reader_imagines_a_face_down_card_as_the_racing_sense_would_have_put_it_down():
    state = _bob_races_behind_a_face_down_card()
    for seed in range(20):
        world = SPEC.determinize_leg(state.view(0), seed)
        replayed = H.replay_face_down(world, 0)
        bob = world.hands[1] + (world.picks[1],)
        assert replayed.picks[1] == max(bob), "an open stage: Bob races his best card"
        assert sorted(replayed.hands[1] + (replayed.picks[1],)) == sorted(bob)
        assert replayed.picks[2] == 7 and replayed.picks[3] == 2, "face-up cards stay"


def _a_leg_raced():
    """Stage 1, leg 1, everyone races: Bob his 6, Cleo her 8, Dora plays her Monkey Wrench. Returns the
    position of leg 1 and of leg 2."""
    first = build(4, hands=[(2, 4, 5, 9, 10), (2, 3, 4, 5, 6), (1, 2, 3, 7, 8), (5, 6, 7, 8, 9)],
                  decks=[(1, 2, 3, 9, 10, 10)] * 4, jersey=0)
    state, _ = pick_all(first, {0: 10, 1: 6, 2: 8, 3: W})
    if state.to_act() == (3,):
        state, _ = state.apply(3, Wrench(0))
    return first, state


def test_alameda_reader_reads_a_raced_card_as_a_cap_on_the_cards_kept_but_not_a_monkeys_card():
    first, state = _a_leg_raced()
    before, now = first.view(0), state.view(0)
    assert now.stage == 1 and now.leg == 2
    read = H.read_rivals(before, now)
    assert read[1] == (6, True, 4), "Bob raced his 6: the four cards he kept are at most 6"
    assert 3 not in read, "Dora played her Monkey Wrench: her card says nothing of her hand"
    assert H.read_rivals(None, now) == {}, "no earlier pick remembered: nothing read"


def test_alameda_reader_deals_a_read_rival_a_hand_that_agrees_with_its_raced_card():
    first, state = _a_leg_raced()
    now = state.view(0)
    read = H.read_rivals(first.view(0), now)
    for seed in range(30):
        world = H.constrain(SPEC.determinize_leg(now, seed), read, Random(seed))
        bob = world.hands[1]
        assert sum(c <= 6 for c in bob) >= 4, bob
        assert sorted(bob + world.decks[1]) == sorted(state.hands[1] + state.decks[1]), "Bob's unseen cards"
        assert world.hands[0] == state.hands[0], "Ann's own hand is known"


def test_alameda_reader_sees_only_its_own_view_after_reading_the_rivals():
    first, state = _a_leg_raced()
    other = state._copy()  # Bob's unseen cards split otherwise between his hand and his deck
    pool = sorted(state.hands[1] + state.decks[1])
    hands, decks = list(other.hands), list(other.decks)
    hands[1], decks[1] = tuple(pool[-len(state.hands[1]):]), tuple(pool[:-len(state.hands[1])])
    other.hands, other.decks = tuple(hands), tuple(decks)
    assert other.hands[1] != state.hands[1] and other.view(0) == state.view(0)
    moves = []
    for position in (state, other):
        bot = reader(0)
        bot.start(first.view(0), first.legal_actions(0), 3).run()  # it remembers the leg raced
        moves.append(bot.start(position.view(0), position.legal_actions(0), 7).run())
    assert moves[0] == moves[1]


def test_alameda_reader_answers_at_once_with_a_legal_move_when_told_to_stop():
    state = SPEC.new_state(SPEC.default_config("standard", 4), 5)
    thinking = reader(0).start(state.view(0), state.legal_actions(0), 1)
    thinking.step(10)
    action = thinking.finish()
    assert state.why_illegal(0, action) is None


def test_alameda_reader_races_a_card_it_holds():
    state = build(4, hands=[(2, 4, 6, 8, 9), (1, 3, 5, 7, 10), (1, 2, 3, 4, 5), (5, 6, 7, 8, 9)],
                  decks=[(1, 2, 3, 6, 6)] * 4, distances=(12, 14, 9, 11), leg=3)
    action = decide(state, 0, "reader")
    assert action in state.legal_actions(0) and isinstance(action, Pick)
