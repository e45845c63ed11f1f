"""What taking a hand's pot is worth: the pot itself and, before a match's last hand, the deal.

Under the default rules the winner of a hand deals the next one (``Rules.next_dealer ==
"winner"``), and the dealer owns the upcard: a trump on top of the three face-down cards every
player gets, and an ace there takes the pot at once. So the dealer is likelier than anyone else
to take the next pot, and whoever takes this pot wins that lead as well. The engine's fair value
of a card (``game.DecisionContext.fair``) is its chance times the pot *and* that lead, the one
value the coach, the standing answers, the trading score and Review all use.

The lead is exact for a fresh pack: the dealer's chance of taking the pot at the deal, averaged
over the upcard's rank, less another player's (``odds.compute_odds`` with nothing turned up yet;
trading at fair prices moves no expectation). Four and three players, Parlett's rules:

>>> from speculation.rules import Rules
>>> round(float(deal_edge(Rules(), 4)), 3), round(float(deal_edge(Rules(), 3)), 3)
(0.304, 0.384)
>>> round(float(deal_value(Rules(), hand=1, chips=(96, 96, 96, 96))), 2)
4.86
>>> deal_value(Rules(max_hands=1), hand=1, chips=(96, 96, 96, 96))  # no next hand to deal
Fraction(0, 1)
>>> deal_value(Rules(next_dealer="left"), hand=1, chips=(96, 96, 96, 96))
Fraction(0, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache

from .odds import compute_odds
from .rules import Rules

ZERO = Fraction(0)


@lru_cache(maxsize=64)
def deal_edge(rules: Rules, players: int) -> Fraction:
    """The dealer's chance of taking the pot at a fresh deal of ``players`` less another
    player's, exactly (0 when the pool, not the dealer, owns the upcard)."""
    if rules.pool_owns_upcard or players < 2:
        return ZERO
    ranks = rules.pack_ranks
    total = Fraction(1)  # the ace: the dealer takes the pot at once
    for k in range(ranks - 1):  # every other rank of upcard, the two lowest first
        o = compute_odds(unseen=rules.pack_size - 1, above=ranks - 1 - k, below=k,
                         seat_facedown=(3,) * players, holder=0,
                         dead=3 if rules.dead_hand else 0,
                         no_trump_carries=rules.no_trump == "carry_over")
        total += o.seat[0] - o.seat[1]
    return total / ranks


def deal_chances(rules: Rules, players: int) -> tuple[Fraction, Fraction]:
    """(the dealer's chance of taking the pot, another player's) at a fresh deal of
    ``players``, before the upcard is turned: the dealer's lead is ``deal_edge`` and, as the
    pot always goes to someone under the default rules, the chances add up to one.

    >>> d, o = deal_chances(Rules(), 3)
    >>> round(float(d), 3), round(float(o), 3), d + 2 * o
    (0.589, 0.205, Fraction(1, 1))
    """
    e = deal_edge(rules, players)
    return (1 + (players - 1) * e) / players, (1 - e) / players


def deal_value(rules: Rules, hand: int, chips: Sequence[int]) -> Fraction:
    """Chips that taking the pot of hand ``hand`` is worth beyond the pot, exactly: dealing the
    next hand (the next pot times the dealer's lead, less any extra the dealer antes). 0 on the
    match's last hand, when the winner does not deal next, and when fewer than two players could
    ante again (``chips``: every seat's chips, the pot apart)."""
    if rules.next_dealer != "winner" or (rules.max_hands and hand >= rules.max_hands):
        return ZERO
    players = sum(1 for c in chips if c >= rules.ante)
    if players < 2:
        return ZERO
    extra = rules.ante_for(True) - rules.ante
    pot = rules.ante * (players - 1) + rules.ante_for(True)
    return max(ZERO, pot * deal_edge(rules, players) - extra)
