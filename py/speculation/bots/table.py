"""What the table shows about who sits where, and what a player may work out from it.

The set-up screen and every seat show each computer player's level and personality
("computer, Mary (casual)"), so anyone at the table, a person or the expert bot, may use them.
A ``Roster`` holds, per seat, the bot id the table shows (``"casual/mary"``) or None for a
person (or anything the table does not name). From a named seat's level and personality this
module computes what that seat will pay with the very formulas it uses (``pricing.buy_limit``,
the level's margin and, for the beginner, the rank-only guess); the only thing the table does not
show is the seat's own random error (its seed is private), which the caller draws.

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

from ..cards import rank_of
from ..observation import Observation
from .dealing import prize
from .levels import LEVELS, Level
from .personalities import PERSONALITIES, Personality
from .pricing import Stake, buy_limit, facedown_total, naive_shares, sell_floor

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


def rank_guess(obs: Observation, seat: int, kind: str) -> tuple[float, float]:
    """A rank-only judge's (own chance, the stake's chance): a trump is worth its rank, the rest
    is shared by the face-down cards, cards seen are forgotten (the beginner's view)."""
    rank = rank_of(obs.best) if obs.best is not None and obs.holder is not None else None
    trump, card = naive_shares(rank, facedown_total(obs))
    mine = (trump if obs.holder == seat else 0.0) + card * obs.stacks[seat]
    return mine, trump if kind == "trump" else card


def known_buy_limit(p: Profile, obs: Observation, seat: int, stake: Stake, z: float) -> float:
    """The most the named bot in ``seat`` pays for ``stake`` (which it does not own), with its
    private random error drawn as ``z`` standard deviations (the same formula as
    ``TraderBot.limits``; only ``z`` is unknown to the table)."""
    lv = p.level
    if lv.exact:
        mine, share = float(obs.odds.seat[seat]), stake.share
    else:
        mine, share = rank_guess(obs, seat, stake.kind)
    if lv.noise:
        share *= math.exp(lv.noise * z)
    share = min(share, 1.0 - mine)
    return buy_limit(mine, share, prize(obs, lv.models), p.persona.rho) * (1 - lv.margin) - lv.slack


def card_buy_limit(p: Profile, obs: Observation, seat: int, with_trump: bool) -> float:
    """The most the named bot in ``seat`` pays for one face-down card, as it stands or
    (``with_trump``) once it has bought the trump on sale: its own formula, at no random error.
    A risk-neutral buyer pays the same either way; a bold one pays less once it holds more (its
    certainty equivalent is concave in its chance), a cautious one more."""
    lv = p.level
    if lv.exact:
        mine, share = float(obs.odds.seat[seat]), float(obs.odds.per_card)
        trump = float(obs.context.chance or 0) if obs.context is not None else 0.0
    else:
        mine, share = rank_guess(obs, seat, "card")
        trump = rank_guess(obs, seat, "trump")[1]
    if with_trump:
        mine = min(1.0, mine + trump)
    share = max(0.0, min(share, 1.0 - mine))
    return buy_limit(mine, share, prize(obs, lv.models), p.persona.rho) * (1 - lv.margin) - lv.slack


def known_sell_floor(p: Profile, obs: Observation, seat: int, z: float) -> float:
    """The least the named bot in ``seat`` takes for one of its own face-down cards, with its
    private random error drawn as ``z`` standard deviations (``TraderBot.limits`` for a card it
    owns: its chance without the card, the card's share, its margin; only ``z`` is unknown)."""
    lv = p.level
    if lv.exact:
        mine, share = float(obs.odds.seat[seat]), float(obs.odds.per_card)
    else:
        mine, share = rank_guess(obs, seat, "card")
    base = max(0.0, mine - share)
    if lv.noise:
        share *= math.exp(lv.noise * z)
    share = min(share, 1.0 - base)
    floor = sell_floor(base + share, share, prize(obs, lv.models), p.persona.rho)
    return floor * (1 + lv.margin) + lv.slack


def concede(start: float, limit: float, made: int, rounds: int, beta: float) -> float:
    """A trading bot's next price in a haggle: from ``start`` to ``limit`` along a curve of
    shape ``beta`` (the personality's concession), reaching ``limit`` at its last offer.

    >>> concede(20, 10, 0, 3, 1.0), concede(20, 10, 2, 3, 1.0)
    (20.0, 10.0)
    """
    t = min(1.0, made / max(1, rounds - 1))
    return float(start + (limit - start) * t ** (1 / beta))


def holdout_yield(limit: float, start: float, beta: float, rounds: int, chips: int, ask: int,
                  close: bool, floor: int = 0, bid: int | None = None, bids: int = 0,
                  asks: int = 1) -> int | None:
    """The price a seller collects from a trading bot buyer of limit ``limit`` by asking ``ask``,
    countering a chip lower each time and taking the buyer's last counter; None if the buyer
    breaks off. The buyer's side replays ``TraderBot._haggle``: it accepts an ask no higher than
    its next counter (or, with ``close``, an expert's, one near its limit), else counters
    ``floor`` of its curve, within the engine's bounds (above its last bid, below the ask,
    within its chips), and breaks off when no such counter is within its limit. The seller never
    counters below ``floor`` (it answers the last bid instead). By default the haggle starts at
    the seller's first ask; mid-haggle, pass the buyer's standing ``bid``, the ``bids`` it has
    made and the ``asks`` made counting ``ask``."""
    while True:
        planned = concede(start, limit, bids, rounds, beta)
        if ask <= planned or (close and ask <= limit and limit - ask <= 0.15 * limit + 0.5):
            return ask
        lo, hi = (bid or 0) + 1, min(chips, ask - 1)
        price = min(math.floor(planned), math.floor(limit))
        if bids < rounds and lo <= hi:
            price = max(lo, min(hi, price))
            if price <= limit:
                bid, bids = price, bids + 1
            elif ask <= limit:
                return ask
            else:
                return None
        else:
            return ask if ask <= limit else None
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
    return limit * (1 - p.persona.opening)
