"""One model of value for every bot: what a level and personality pays and takes, and how it haggles.

Every trading bot prices its own decisions with these functions, and the expert models a bot the
table names (``table``, ``buying``, ``selling``, ``sale``) with the very same ones, so a change
to how a casual bot values a card or haggles changes the expert's model of it too.

* **Limits.** A level sees a stake's chance exactly or by rank alone (``chances``), with its own
  random error (``z`` standard deviations of its ``noise``); a personality turns chances into
  prices through its risk attitude (``pricing``), and the level adds its margin and slack.
  ``most_paid`` is the most it pays for a stake it does not own, ``least_taken`` the least it
  takes for one it owns (``limits`` gives both).
* **Haggling.** A trading bot concedes along a ``Curve`` from an opening price to its limit,
  reaching the limit at its last counter (``concede``); ``reply`` is its answer to the other
  side's price, within the engine's bounds for a counter (``actions.counter_bounds``).

A casual bot that holds nothing and is offered a card worth a quarter of a 20-chip pot pays at
most 5 chips; as a seller opening at 8 with a limit of 5, it asks 8, then 7, then 5:

>>> from speculation.bots.levels import LEVELS
>>> from speculation.bots.personalities import PERSONALITIES
>>> edmund, casual = PERSONALITIES["edmund"], LEVELS["casual"]
>>> round(limits_at(casual, edmund, 0.0, 0.25, owns=False, prize=20.0).buy, 6)
5.0
>>> c = Curve(limit=5.0, start=8.0, beta=1.0)
>>> [reply(c, True, made, 3, theirs=4, bounds=(5, 9 - made)) for made in range(3)]
[('counter', 8), ('counter', 7), ('counter', 5)]
>>> reply(c, True, 2, 3, theirs=5, bounds=None)
('accept', 5)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..cards import rank_of
from ..observation import Observation
from .dealing import prize
from .levels import Level
from .personalities import Personality
from .pricing import Stake, buy_limit, facedown_total, naive_shares, sell_floor

CLOSE = 0.15  # a profitable price within this fraction of a reader's limit is taken at once


@dataclass(frozen=True, slots=True)
class Limits:
    """A bot's prices for one stake: pay at most ``buy``, sell for no less than ``sell``."""

    buy: float
    sell: float


@dataclass(frozen=True, slots=True)
class Curve:
    """A trading bot's haggle: its limit (the most it pays as the buyer, the least it takes as
    the seller), its first price (``start``) and the shape of its concession (``beta``)."""

    limit: float
    start: float
    beta: float


def rank_guess(obs: Observation, seat: int, kind: str) -> tuple[float, float]:
    """A rank-only judge's (own chance, the stake's chance): a trump is worth its rank, the rest
    is shared by the face-down cards, cards seen are forgotten (the beginner's view)."""
    rank = rank_of(obs.best) if obs.best is not None and obs.holder is not None else None
    trump, card = naive_shares(rank, facedown_total(obs))
    mine = (trump if obs.holder == seat else 0.0) + card * obs.stacks[seat]
    return mine, trump if kind == "trump" else card


def chances(level: Level, obs: Observation, seat: int, kind: str, exact: float
            ) -> tuple[float, float]:
    """(``seat``'s chance of the pot, the stake's chance) as ``level`` sees them: the engine's
    exact odds (``exact`` is the stake's exact chance), or a rank-only guess."""
    if level.exact:
        return float(obs.odds.seat[seat]), exact
    return rank_guess(obs, seat, kind)


def stake_chances(level: Level, obs: Observation, seat: int, stake: Stake
                  ) -> tuple[float, float]:
    """``chances`` for ``stake`` (the trump on sale, or one face-down card)."""
    return chances(level, obs, seat, stake.kind, stake.share)


def card_chances(level: Level, obs: Observation, seat: int) -> tuple[float, float]:
    """``chances`` for one face-down card, whatever the decision under way is about."""
    return chances(level, obs, seat, "card", float(obs.odds.per_card))


def position(level: Level, mine: float, share: float, owns: bool, z: float
             ) -> tuple[float, float]:
    """(the chance held without the stake, the stake's chance with the level's random error of
    ``z`` standard deviations), the stake's chance kept within what is left to win."""
    base = max(0.0, mine - share) if owns else mine
    if level.noise:
        share *= math.exp(level.noise * z)
    return base, min(share, 1.0 - base)


def limits_at(level: Level, persona: Personality, mine: float, share: float, owns: bool,
              prize: float, z: float = 0.0) -> Limits:
    """Both limits for a stake of chance ``share`` to a seat of chance ``mine`` (which counts
    the stake if it ``owns`` it), when taking the pot is worth ``prize`` chips."""
    return Limits(most_at(level, persona, mine, share, owns, prize, z),
                  least_at(level, persona, mine, share, owns, prize, z))


def most_at(level: Level, persona: Personality, mine: float, share: float, owns: bool,
            prize: float, z: float = 0.0) -> float:
    """The buy side of ``limits_at``, alone (the expert's models need only one side)."""
    base, share = position(level, mine, share, owns, z)
    return buy_limit(base, share, prize, persona.rho) * (1 - level.margin) - level.slack


def least_at(level: Level, persona: Personality, mine: float, share: float, owns: bool,
             prize: float, z: float = 0.0) -> float:
    """The sell side of ``limits_at``, alone."""
    base, share = position(level, mine, share, owns, z)
    return sell_floor(base + share, share, prize, persona.rho) * (1 + level.margin) + level.slack


def worth_to(level: Level, obs: Observation) -> float:
    """What taking this hand's pot is worth to a bot of ``level``: the pot, and dealing the
    next hand too for a level that counts the deal (``dealing.prize``)."""
    return prize(obs, level.counts_deal)


def takes_at_once(limit: float, price: float) -> bool:
    """Whether a reader of the table takes ``price`` at once rather than haggle on: it is within
    ``CLOSE`` of its ``limit`` (the other side judges much as it does, so holding out risks the
    trade, and the next one, for little; a price far on the right side is worth haggling over).

    >>> takes_at_once(10.0, 11), takes_at_once(10.0, 13)
    (True, False)
    """
    return abs(price - limit) <= CLOSE * limit + 0.5


def concede(start: float, limit: float, made: int, rounds: int, beta: float) -> float:
    """A trading bot's next price in a haggle: from ``start`` to ``limit`` along a curve of
    shape ``beta`` (the personality's concession), reaching ``limit`` at its last offer.

    >>> concede(20, 10, 0, 3, 1.0), concede(20, 10, 2, 3, 1.0)
    (20.0, 10.0)
    """
    t = min(1.0, made / max(1, rounds - 1))
    return float(start + (limit - start) * t ** (1 / beta))


def curve(persona: Personality, limit: float, seller: bool) -> Curve:
    """A trading bot's haggle from its personality: it opens ``opening`` above its limit as the
    seller, below it as the buyer, and concedes at the pace of its ``concession``."""
    start = limit * (1 + persona.opening) if seller else limit * (1 - persona.opening)
    return Curve(limit, start, persona.concession)


def reply(c: Curve, seller: bool, made: int, rounds: int, theirs: int | None,
          bounds: tuple[int, int] | None, close: bool = False) -> tuple[str, int]:
    """A trading bot's answer in a haggle, on ``c``, after ``made`` prices of its own, to the
    other side's standing price ``theirs`` (None before it has named one): ``("accept",
    theirs)``, ``("counter", price)`` or ``("decline", 0)``. ``bounds``: the counter the engine
    allows, or None. It takes a price at or past the point its curve has come to, or an
    acceptable price it cannot counter; it counters at that point when the point is within its
    limit; else it takes an acceptable price, or breaks off. A reader of the table (``close``)
    also takes at once an acceptable price near its limit."""
    planned = concede(c.start, c.limit, made, rounds, c.beta)
    limit = c.limit
    fine = theirs is not None and (theirs >= limit if seller else theirs <= limit)
    if theirs is not None:
        good = theirs >= planned if seller else theirs <= planned
        near = close and fine and takes_at_once(limit, theirs)
        if good or near or (fine and bounds is None):
            return "accept", theirs
    if bounds is not None:
        price = math.ceil(planned) if seller else math.floor(planned)
        if not seller and price > limit:
            price = math.floor(limit)
        price = max(bounds[0], min(bounds[1], price))
        if price >= limit if seller else price <= limit:
            return "counter", price
    if fine:
        assert theirs is not None
        return "accept", theirs
    return "decline", 0
