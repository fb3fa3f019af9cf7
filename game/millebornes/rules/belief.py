"""Where the cards a Mille Bornes seat has not seen probably are (pure): the worlds Hard imagines.

``determinize`` deals every unseen card at random, as if each were as likely to be in another hand as in the
draw pile. Safeties are not: players keep them for a Coup Fourré and never discard them, so a safety nobody
has laid yet is in the hand of whoever drew it, and the more cards a player has drawn this hand, the likelier
it holds it. :class:`Worlds` deals worlds from the view: each unseen safety goes to another seat's hand or
to the draw pile with chances in proportion to the cards each has drawn this hand (six dealt, one a turn;
weighed by ``KEPT``) and to the cards left in the draw pile; the other unseen cards are dealt at random.
After a reshuffle the draw pile holds only cards that were discarded, seen by everyone, so an unseen safety
is in a hand.

Only public facts are used: how many turns each seat has had, the pile sizes, the cards in play and in the
discard pile; never another seat's hand.
"""

from __future__ import annotations

from typing import Any

from .cards import SAFETIES
from .moves import shuffle
from .setup import HAND_SIZE

# A card drawn into a hand weighs this much against one still in the draw pile: a safety held is also laid
# when its hazard stops its holder, or as a Coup Fourré, and then it is seen (fitted on Normal's hands)
KEPT = 0.45


def drawn_this_hand(view: Any, seat: int) -> int:
    """About how many cards ``seat`` has taken into its hand this hand: six dealt, and one a turn begun
    (the turns go round from the hand's starter)."""
    players = view.players
    starter = (dict(view.options).get("youngest", 0) + view.hand_number - 1) % players
    turns = view.turns
    mine = turns // players + (1 if (seat - starter) % players < turns % players else 0)
    return HAND_SIZE + mine


class Worlds:
    """Worlds consistent with one view, as the module says: the public part (zones, discard pile, the viewer's
    hand) is built once by ``game.determinize``; each :meth:`draw` deals the unseen cards anew."""

    def __init__(self, game: Any, view: Any) -> None:
        self.template = game.determinize(view, 0)
        self.me = me = view.seat
        template = self.template
        self.others = others = [s for s in range(view.players) if s != me]
        unseen = [card for s in others for card in template.hands[s]] + list(template.deck)
        self.safeties = [card for card in unseen if card in SAFETIES]
        self.rest = tuple(card for card in unseen if card not in SAFETIES)
        self.counts = [len(template.hands[s]) for s in others]
        weights = [KEPT * drawn_this_hand(view, s) for s in others]
        weights.append(float(len(template.deck)) if not view.reshuffles else 0.0)
        self.weights = weights
        self.total = sum(weights) or 1.0

    def draw(self, rng: Any) -> Any:
        """A new world (``rng``: a ``random.Random``)."""
        world = self.template._copy()
        others = self.others
        placed: list[list[int]] = [[] for _ in others]
        to_deck: list[int] = []
        for safety in self.safeties:
            pick = rng.random() * self.total
            i = 0  # the seat (among ``others``) or, past them, the draw pile
            for w in self.weights:
                if pick < w:
                    break
                pick -= w
                i += 1
            if i < len(others) and len(placed[i]) < self.counts[i]:
                placed[i].append(safety)
            else:
                to_deck.append(safety)
        cards, world.rng = shuffle(rng.getrandbits(64), self.rest)
        hands = list(world.hands)
        at = 0
        for i, seat in enumerate(others):
            take = self.counts[i] - len(placed[i])
            hands[seat] = tuple(sorted(placed[i] + list(cards[at:at + take])))
            at += take
        deck = list(cards[at:])
        for safety in to_deck:
            deck.insert(int(rng.random() * (len(deck) + 1)), safety)
        world.hands = tuple(hands)
        world.deck = tuple(deck)
        return world


__all__ = ["KEPT", "Worlds", "drawn_this_hand"]
