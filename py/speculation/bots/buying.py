"""Buying a face-down card from a bot the table names: bid low, rise a chip at a time, take its
last counter (the buyer's side of issue 23's hold-out idea).

A trading bot below the expert answers an offer for one of its face-down cards by haggling
along a fixed curve, from an opening ask down to the least it takes (``TraderBot._haggle``), and
it accepts a bid only once the bid reaches the point its curve has come to. So its last counter
*is* the least it takes, and a buyer who stays below that curve collects it. A buyer who
concedes along a curve of its own meets the seller part-way instead and pays more.

The table shows the seat's level and personality, so everything about that curve is known but
the bot's private random error (``table.known_sell_floor``). This module integrates over that
error on a fixed grid of quantiles: no sampling, so the same observation always gives the same
decision. At each turn of the haggle it keeps the points of the grid that would have produced
the asks seen so far (a Bayesian update on a grid), and compares accepting the standing ask
with rising a chip, valuing each by the best play once the seller's error is known.

A seller who takes 6.2 at least and opens a quarter above it asks 8, then 7; at 7 it can come
no lower (its next counter, 6, is below what it takes), so a buyer rising to 4 is refused and
the best play is to take the 7:

>>> curve = Curve(limit=6.2, start=7.75, beta=1.0)
>>> [seller_reply(curve, 3, made, bid, ask, 50) for made, bid, ask in ((0, 2, None), (1, 3, 8), (2, 4, 7))]
[('counter', 8), ('counter', 7), ('decline', 0)]
>>> best_gain(curve, top=9.0, rounds=3, chips=50, opening=2)
2.0
>>> answer([curve], top=9.0, rounds=3, chips=50, asks=2, bids=2, bid=3, ask=7)
'accept'
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import NormalDist

from ..actions import counter_bounds
from ..observation import Observation
from .table import Profile, known_sell_floor
from .valuation import Curve, curve, reply

GRID = 100  # quantiles of the seller's private error
Z = tuple(NormalDist().inv_cdf((k + 0.5) / GRID) for k in range(GRID))


def curves(p: Profile, obs: Observation, seat: int) -> tuple[Curve, ...]:
    """The named bot in ``seat``'s haggle for its top face-down card at each point of the grid of
    its private error."""
    return tuple(curve(p.persona, known_sell_floor(p, obs, seat, z), seller=True)
                 for z in (Z if p.level.noise else (0.0,)))


def seller_reply(c: Curve, rounds: int, made: int, bid: int, ask: int | None,
                 chips: int) -> tuple[str, int]:
    """What a trading bot selling on ``c`` answers to ``bid`` after ``made`` asks of its own
    (the last ``ask``): ``("accept", bid)``, ``("counter", price)`` or ``("decline", 0)``, as
    every trading bot answers (``valuation.reply``; a seller without reads). ``chips`` are the
    buyer's, which bound a counter as the engine does."""
    return reply(c, True, made, rounds, bid, counter_bounds(made, rounds, bid, ask, chips))


def _after_ask(c: Curve, top: float, rounds: int, chips: int, asks: int, bids: int, bid: int,
               ask: int) -> float:
    """The buyer's best gain (``top`` less the price; 0 with no trade) facing ``ask``, knowing
    the seller's curve: accept it, or rise a chip and play on."""
    best = max(0.0, top - ask)
    rise = bid + 1
    if bids < rounds and rise <= min(chips, ask - 1) and rise <= top:
        best = max(best, _after_bid(c, top, rounds, chips, asks, bids + 1, rise, ask))
    return best


def _after_bid(c: Curve, top: float, rounds: int, chips: int, asks: int, bids: int, bid: int,
               ask: int | None) -> float:
    kind, price = seller_reply(c, rounds, asks, bid, ask, chips)
    if kind == "accept":
        return top - bid
    if kind == "counter":
        return _after_ask(c, top, rounds, chips, asks + 1, bids, bid, price)
    return 0.0


def best_gain(c: Curve, top: float, rounds: int, chips: int, opening: int) -> float:
    """The buyer's gain from offering ``opening`` to a seller on ``c`` and holding out."""
    return _after_bid(c, top, rounds, chips, 0, 1, opening, None)


def opening(cs: Sequence[Curve], rounds: int) -> int:
    """The first offer: so far below the least any point of the grid takes that no bid of the
    haggle (a chip more each time) is accepted before the seller's last counter."""
    return max(1, math.floor(min(c.limit for c in cs)) - rounds)


def offer_value(cs: Sequence[Curve], top: float, rounds: int, chips: int,
                first: int) -> tuple[float, float]:
    """The buyer's expected gain from offering ``first`` and holding out, and the chance that
    the haggle ends in a trade, over the grid."""
    gains = [best_gain(c, top, rounds, chips, first) for c in cs]
    return sum(gains) / len(gains), sum(g > 0 for g in gains) / len(gains)


def consistent(cs: Sequence[Curve], rounds: int, chips: int, buyer: int,
               offers: Sequence[tuple[int, int]]) -> list[Curve]:
    """The points of the grid whose seller would have named the asks in ``offers`` (every price
    of the haggle so far, ``(seat, price)``, the buyer's bids among them); if none would, those
    that come nearest (a seller's price can fall between two points of the grid)."""
    scored: list[tuple[float, Curve]] = []
    for c in cs:
        miss, made, bid, ask = 0.0, 0, 0, None
        for seat, price in offers:
            if seat == buyer:
                bid = price
                continue
            kind, said = seller_reply(c, rounds, made, bid, ask, chips)
            miss += abs(said - price) if kind == "counter" else abs(price - bid) + 1
            made, ask = made + 1, price
        scored.append((miss, c))
    return nearest(scored)


def nearest(scored: Sequence[tuple[float, Curve]]) -> list[Curve]:
    """The curves that miss the prices seen by least (scored as ``(miss, curve)``)."""
    least = min(m for m, _ in scored)
    return [c for m, c in scored if m == least]


def answer(cs: Sequence[Curve], top: float, rounds: int, chips: int, asks: int, bids: int,
           bid: int, ask: int) -> str:
    """``"accept"``, ``"counter"`` (a chip above ``bid``) or ``"decline"``, facing ``ask``: the
    larger of accepting it and the expected gain of rising a chip (over ``cs``, the seller's
    curves still possible), each valued by the best play once the seller's error is known."""
    take = top - ask
    rise = bid + 1
    if bids < rounds and rise <= min(chips, ask - 1) and rise <= top:
        play_on = sum(_after_bid(c, top, rounds, chips, asks, bids + 1, rise, ask)
                      for c in cs) / len(cs)
        if play_on > max(0.0, take):
            return "counter"
    return "accept" if take >= 0 else "decline"
