"""What dealing the next hand is worth to a bot's prices.

The engine states it (``speculation.worth``: the winner of a hand deals the next, and the dealer
is likelier than anyone to take the next pot), exactly; the bots price in floats. Every level
below the expert prices a card at its share of the pot and nothing more; the expert counts the
deal as well, as the engine's fair value does (``TraderBot`` for a level that models the table).

>>> from speculation.rules import Rules
>>> round(deal_edge(Rules(), 4), 3), round(deal_value(Rules(), 1, (96, 96, 96, 96)), 2)
(0.304, 4.86)
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import worth
from ..observation import Observation
from ..rules import Rules


def deal_edge(rules: Rules, players: int) -> float:
    """``worth.deal_edge`` in chips' floats: the dealer's lead at a fresh deal."""
    return float(worth.deal_edge(rules, players))


def deal_chances(rules: Rules, players: int) -> tuple[float, float]:
    """``worth.deal_chances`` as floats: (the dealer's chance of the pot, another player's)."""
    mine, other = worth.deal_chances(rules, players)
    return float(mine), float(other)


def deal_value(rules: Rules, hand: int, chips: Sequence[int]) -> float:
    """``worth.deal_value`` as a float: what dealing the next hand adds to taking this pot."""
    return float(worth.deal_value(rules, hand, chips))


def prize(obs: Observation, counts_deal: bool) -> float:
    """What taking this hand's pot is worth to a player who sees ``obs``: the pot, and for one
    that ``counts_deal`` (``Level.counts_deal``: the expert) also dealing the next hand. A named
    seat's prices are worked out with the same rule (``table``), so the expert models another
    expert as counting the deal too."""
    return obs.pot + (deal_value(obs.rules, obs.hand, obs.chips) if counts_deal else 0.0)
