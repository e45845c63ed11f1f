"""What dealing the next hand is worth, and so what winning this one is worth beyond its pot.

The winner of a hand deals the next one (``Rules.next_dealer == "winner"``, the default) and the
upcard belongs to the dealer: a free trump on top of the three face-down cards everyone gets,
and an ace there takes the pot at once. So the dealer is far likelier than anyone else to take
the next pot, and whoever wins this hand wins that edge too. A card's worth over a match is
therefore its chance times (the pot + the next deal's value), not the pot alone, until the last
hand. Every level below the expert prices a card at its share of the pot and nothing more; the
expert counts the deal as well (``TraderBot`` for a level that models the table).

The edge is exact for a fresh pack: the dealer's chance of taking the pot at the deal, averaged
over the upcard's rank, minus another player's (``odds.compute_odds`` with nothing turned up
yet; no trading, which at fair prices moves no expectation). Four and three players, Parlett's
rules (a simulation of 1,500 one-hand deals of casual bots measured 0.31 and 0.37):

>>> from speculation.rules import Rules
>>> round(deal_edge(Rules(), 4), 3), round(deal_edge(Rules(), 3), 3)
(0.304, 0.384)
>>> round(deal_value(Rules(), hand=1, chips=(96, 96, 96, 96)), 2)
4.86
>>> deal_value(Rules(max_hands=1), hand=1, chips=(96, 96, 96, 96))  # no next hand to deal
0.0
>>> deal_value(Rules(next_dealer="left"), hand=1, chips=(96, 96, 96, 96))
0.0
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ..observation import Observation
from ..odds import compute_odds
from ..rules import Rules


@lru_cache(maxsize=64)
def deal_edge(rules: Rules, players: int) -> float:
    """The dealer's chance of taking the pot at a fresh deal of ``players`` minus another
    player's (0 when the pool, not the dealer, owns the upcard)."""
    if rules.pool_owns_upcard or players < 2:
        return 0.0
    ranks = rules.pack_ranks
    total = 1.0  # the ace: the dealer takes the pot at once
    for k in range(ranks - 1):  # every other rank of upcard, the two lowest first
        o = compute_odds(unseen=rules.pack_size - 1, above=ranks - 1 - k, below=k,
                         seat_facedown=(3,) * players, holder=0,
                         dead=3 if rules.dead_hand else 0,
                         no_trump_carries=rules.no_trump == "carry_over")
        total += float(o.seat[0] - o.seat[1])
    return total / ranks


def deal_chances(rules: Rules, players: int) -> tuple[float, float]:
    """(the dealer's chance of taking the pot, another player's) at a fresh deal of
    ``players``, before the upcard is turned: the dealer's lead is ``deal_edge`` and, as the
    pot always goes to someone under the default rules, the chances add up to one.

    >>> d, o = deal_chances(Rules(), 3)
    >>> round(d, 3), round(o, 3), round(d + 2 * o, 9)
    (0.589, 0.205, 1.0)
    """
    e = deal_edge(rules, players)
    return (1 + (players - 1) * e) / players, (1 - e) / players


def deal_value(rules: Rules, hand: int, chips: Sequence[int]) -> float:
    """Chips that winning hand ``hand`` is worth beyond its pot: dealing the next hand (the next
    pot times the dealer's edge, less any extra the dealer antes). 0 on the last hand, when the
    winner does not deal next, and when fewer than two players could ante again."""
    if rules.next_dealer != "winner" or (rules.max_hands and hand >= rules.max_hands):
        return 0.0
    players = sum(1 for c in chips if c >= rules.ante)
    if players < 2:
        return 0.0
    extra = rules.ante_for(True) - rules.ante
    pot = rules.ante * (players - 1) + rules.ante_for(True)
    return max(0.0, pot * deal_edge(rules, players) - extra)


def prize(obs: Observation, counts_deal: bool) -> float:
    """What taking this hand's pot is worth to a player who sees ``obs``: the pot, and for one
    that ``counts_deal`` (the expert, ``Level.models``) also dealing the next hand. A named
    seat's prices are worked out with the same rule (``table``), so the expert models another
    expert as counting the deal too."""
    return obs.pot + (deal_value(obs.rules, obs.hand, obs.chips) if counts_deal else 0.0)
