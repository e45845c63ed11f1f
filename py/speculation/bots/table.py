"""What the table shows about who sits where, and what a player may work out from it.

The set-up screen and every seat show each computer player's level and personality
("computer, Mary (casual)"), so anyone at the table, a person or the expert bot, may use them.
A ``Roster`` holds, per seat, the bot id the table shows (``"casual/mary"``) or None for a
person (or anything the table does not name). From a named seat's level and personality this
module computes what that seat will pay with the very formulas it uses (``valuation``: the
level's view of the odds, its margin, the personality's risk attitude); the only thing the table
does not show is the seat's own random error (its seed is private), which the caller draws.

It also knows how such a seat haggles: every trading bot concedes along a fixed curve from an
opening price to its limit, so its last counter *is* the most it will pay (``last_counter``).
A seller who asks high, comes down a chip at a time and takes that last counter collects it.

>>> from speculation.bots.levels import LEVELS
>>> p = profile(("casual/mary", None, "baseline/fair"), 0)
>>> (p.level.id, p.persona.id), profile(("casual/mary", None), 1), label(("casual/mary",), ["Mary"], 0)
(('casual', 'mary'), None, 'Mary (casual)')
>>> holdout_yield(10.4, start=6.0, beta=1.0, rounds=3, chips=50, ask=20, close=False)
10
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..actions import counter_bounds
from ..observation import Observation
from .levels import LEVELS, Level
from .personalities import PERSONALITIES, Personality
from .pricing import Stake
from .valuation import (
    Curve,
    card_chances,
    chances,
    curve,
    least_at,
    most_at,
    reply,
    stake_chances,
    worth_to,
)

Roster = tuple[str | None, ...]
"""Per seat, the bot id the table shows, or None for a person."""


@dataclass(frozen=True, slots=True)
class Profile:
    """A named seat's level and personality, as the table shows them."""

    level: Level
    persona: Personality


def profile(roster: Sequence[str | None], seat: int) -> Profile | None:
    """The level and personality of ``seat`` if the table names a trading bot there, else None
    (a person, a yardstick, or a seat beyond the roster)."""
    if not 0 <= seat < len(roster) or roster[seat] is None:
        return None
    level, _, persona = str(roster[seat]).partition("/")
    if level not in LEVELS or persona not in PERSONALITIES:
        return None
    return Profile(LEVELS[level], PERSONALITIES[persona])


def label(roster: Sequence[str | None], names: Sequence[str], seat: int) -> str:
    """How the table shows ``seat``: "Mary (casual)" for a named bot, else just the name."""
    p = profile(roster, seat)
    return names[seat] if p is None else f"{names[seat]} ({p.level.name.lower()})"


def known_buy_limit(p: Profile, obs: Observation, seat: int, stake: Stake, z: float) -> float:
    """The most the named bot in ``seat`` pays for ``stake`` (which it does not own), with its
    private random error drawn as ``z`` standard deviations (``valuation``, as the bot itself
    prices; only ``z`` is unknown to the table)."""
    mine, share = stake_chances(p.level, obs, seat, stake)
    return most_at(p.level, p.persona, mine, share, False, worth_to(p.level, obs), z)


def card_buy_limit(p: Profile, obs: Observation, seat: int, with_trump: bool) -> float:
    """The most the named bot in ``seat`` pays for one face-down card, as it stands or
    (``with_trump``) once it has bought the trump on sale: its own formula, at no random error.
    A risk-neutral buyer pays the same either way; a bold one pays less once it holds more (its
    certainty equivalent is concave in its chance), a cautious one more."""
    lv = p.level
    mine, share = card_chances(lv, obs, seat)
    if with_trump:
        exact = float(obs.context.chance or 0) if obs.context is not None else 0.0
        mine = min(1.0, mine + chances(lv, obs, seat, "trump", exact)[1])
    return most_at(lv, p.persona, mine, share, False, worth_to(lv, obs))


def known_sell_floor(p: Profile, obs: Observation, seat: int, z: float) -> float:
    """The least the named bot in ``seat`` takes for one of its own face-down cards, with its
    private random error drawn as ``z`` standard deviations (``valuation``, as the bot itself
    prices a card it owns; only ``z`` is unknown)."""
    mine, share = card_chances(p.level, obs, seat)
    return least_at(p.level, p.persona, mine, share, True, worth_to(p.level, obs), z)


def holdout_yield(limit: float, start: float, beta: float, rounds: int, chips: int, ask: int,
                  close: bool, floor: int = 0, bid: int | None = None, bids: int = 0,
                  asks: int = 1) -> int | None:
    """The price a seller collects from a trading bot buyer of limit ``limit`` by asking ``ask``,
    countering a chip lower each time and taking the buyer's last counter; None if the buyer
    breaks off. The buyer answers as every trading bot does (``valuation.reply`` on its curve
    from ``start``, of shape ``beta``; ``close`` for a reader of the table), within the engine's
    bounds (``actions.counter_bounds``). The seller never counters below ``floor`` (it answers
    the last bid instead). By default the haggle starts at the seller's first ask; mid-haggle,
    pass the buyer's standing ``bid``, the ``bids`` it has made and the ``asks`` made counting
    ``ask``."""
    c = Curve(limit, start, beta)
    while True:
        kind, price = reply(c, False, bids, rounds, ask, counter_bounds(bids, rounds, bid, ask,
                                                                        chips), close)
        if kind == "accept":
            return ask
        if kind == "decline":
            return None
        bid, bids = price, bids + 1
        # the seller: a chip lower while it may counter and the buyer may answer, else take it
        if asks >= rounds or bids >= rounds or bid + 1 > ask - 1 or ask - 1 < floor:
            return bid
        ask, asks = ask - 1, asks + 1


def holdout_counter(ask: int | None, bid: int | None, asks: int, bids: int, rounds: int,
                    chips: int, opening: int, floor: int = 0) -> int | None:
    """The hold-out seller's counter (the standing ask less one chip, or ``opening`` before it
    has asked), or None when it should answer the last bid instead: it has no counter left, the
    buyer has none left to answer with, or no price lies between the bid and the ask and at
    or above ``floor``."""
    if asks >= rounds or bids >= rounds:
        return None
    price = min(chips, opening if ask is None else ask - 1)
    return price if price >= max((bid or 0) + 1, floor) else None


def holdout_opening(p: Profile, obs: Observation, seat: int, stake: Stake, rounds: int) -> int:
    """A hold-out seller's first ask to the named bot in ``seat``: above anything it would
    plausibly pay (its limit with an error of three standard deviations) by a chip for each
    round, so no counter before its last is accepted; never above the pot or its chips."""
    high = known_buy_limit(p, obs, seat, stake, 3.0)
    return max(1, min(obs.chips[seat], obs.pot, math.floor(high) + rounds + 1))


def haggle_start(p: Profile, limit: float) -> float:
    """The named bot's first counter as a buyer (its personality's opening below its limit)."""
    return curve(p.persona, limit, seller=False).start
