"""Selling a face-down card to a bot the table names: ask high, come down a chip at a time,
take its last counter (issue 23's hold-out idea for face-down cards; ``buying`` is the buyer's
side).

A buyer below the expert (beginner, casual or skilled) haggles over a face-down card along a
fixed curve, from its opening
offer up to the most it pays (``TraderBot._haggle``), and it accepts an ask only once the ask is
down to the point its curve has come to. So its last counter *is* the most it pays, and a
seller who stays above that curve collects it. But a buyer already at its most cannot rise a
chip, and it breaks off at an ask above its limit: then the standing bid was the best there was.

The table shows the buyer's level and personality, so all of its curve is known but its private
random error (``table.known_buy_limit``). As in ``buying``, this module keeps the points of a
fixed grid of that error which would have made the buyer's counters seen so far, and compares
taking the standing bid with holding out (``table.holdout_yield`` replays the rest of the
haggle at each point): no sampling, so the same observation always gives the same answer.

A buyer who pays 7.4 at most and opens a fifth below it offers 5; a seller who takes 4 and
holds out from 10 hears 6 (above its last bid, below the ask) and then 7, its last counter. A
buyer who pays 6.2 at most and has bid 6 cannot rise a chip, so the seller takes the 6:

>>> c = Curve(limit=7.4, start=5.92, beta=1.0)
>>> hold_or_take([c], rounds=3, chips=50, worth=4.0, bid=5, bids=1, asks=0, ask=None, opening=10)
('counter', 10)
>>> buyer_counter(c, 3, 1, 5, 10, 50), buyer_counter(c, 3, 2, 6, 9, 50)
(6, 7)
>>> hold_or_take([Curve(6.2, 4.96, 1.0)], rounds=3, chips=50, worth=4.0, bid=6, bids=2,
...              asks=1, ask=10, opening=10)
('accept', 6)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..actions import counter_bounds
from ..observation import Observation
from .buying import Z, nearest
from .pricing import Stake
from .table import Profile, holdout_counter, known_buy_limit
from .valuation import Curve, curve, reply


def buyer_curves(p: Profile, obs: Observation, seat: int, stake: Stake) -> tuple[Curve, ...]:
    """The named bot in ``seat``'s haggle for ``stake`` (a face-down card it does not own) at
    each point of the grid of its private error."""
    return tuple(curve(p.persona, known_buy_limit(p, obs, seat, stake, z), seller=False)
                 for z in (Z if p.level.noise else (0.0,)))


def buyer_reply(c: Curve, rounds: int, made: int, bid: int, ask: int, chips: int
                ) -> tuple[str, int]:
    """What a trading bot buying on ``c`` answers to ``ask`` after ``made`` bids of its own
    (the last ``bid``), as every trading bot answers (``valuation.reply``; a buyer without
    reads)."""
    return reply(c, False, made, rounds, ask, counter_bounds(made, rounds, bid, ask, chips))


def buyer_counter(c: Curve, rounds: int, made: int, bid: int, ask: int, chips: int
                  ) -> int | None:
    """The counter a trading bot buying on ``c`` names to ``ask`` (``buyer_reply``), or None
    when it accepts or breaks off instead."""
    kind, price = buyer_reply(c, rounds, made, bid, ask, chips)
    return price if kind == "counter" else None


def consistent(cs: Sequence[Curve], rounds: int, chips: int, seller: int,
               offers: Sequence[tuple[int, int]]) -> list[Curve]:
    """The points of the grid whose buyer would have made the bids in ``offers`` (every price of
    the haggle so far, ``(seat, price)``, the seller's asks among them): no bid above its limit,
    and each counter after an ask the one its curve names. If none would, those that come
    nearest. The first offer is not matched to the curve: a bot's opening offer also answers
    earlier refusals this hand, which the table's log shows but this grid does not model."""
    scored: list[tuple[float, Curve]] = []
    for c in cs:
        miss, made, bid, ask = 0.0, 0, 0, None
        for seat, price in offers:
            if seat == seller:
                ask = price
                continue
            if ask is not None:
                said = buyer_counter(c, rounds, made, bid, ask, chips)
                miss += abs(said - price) if said is not None else abs(price - ask) + 1
            miss += max(0.0, price - c.limit)
            made, bid = made + 1, price
        scored.append((miss, c))
    return nearest(scored)


def _after_ask(c: Curve, rounds: int, chips: int, worth: float, opening: int,
               bid: int, bids: int, asks: int, ask: int) -> float:
    """The seller's gain (the price less ``worth``; 0 with no sale) once it has asked ``ask``,
    knowing the buyer's curve: the buyer accepts, breaks off or counters, and the seller then
    plays on at its best (``_facing``)."""
    kind, counter = buyer_reply(c, rounds, bids, bid, ask, chips)
    if kind != "counter":  # accepts, or breaks off (an ask above its limit it cannot answer)
        return ask - worth if kind == "accept" else 0.0
    return _facing(c, rounds, chips, worth, opening, counter, bids + 1, asks, ask)


def _facing(c: Curve, rounds: int, chips: int, worth: float, opening: int, bid: int,
            bids: int, asks: int, ask: int | None) -> float:
    """The seller's best gain facing ``bid``, knowing the buyer's curve: take it, or hold out
    (``table.holdout_counter``) and play on."""
    floor = max(1, math.ceil(worth))
    best = bid - worth if bid >= floor else 0.0
    price = holdout_counter(ask, bid, asks, bids, rounds, chips, opening, floor)
    if price is not None:
        best = max(best, _after_ask(c, rounds, chips, worth, opening, bid, bids, asks + 1, price))
    return best


def hold_or_take(cs: Sequence[Curve], rounds: int, chips: int, worth: float, bid: int,
                 bids: int, asks: int, ask: int | None, opening: int) -> tuple[str, int]:
    """``("counter", price)`` to hold out, ``("accept", bid)`` or ``("decline", 0)``, facing
    ``bid`` after ``bids`` bids and ``asks`` asks (the last ``ask``, or None), for a card worth
    ``worth`` to the seller: hold out when its expected gain over ``cs`` (the buyer's curves
    still possible, each played on at its best once known; no sale gains nothing) beats taking
    the bid. ``opening``: the seller's first ask; ``chips``: the buyer's."""
    floor = max(1, math.ceil(worth))
    take = bid - worth if bid >= floor else 0.0
    price = holdout_counter(ask, bid, asks, bids, rounds, chips, opening, floor)
    if price is not None:
        hold = sum(_after_ask(c, rounds, chips, worth, opening, bid, bids, asks + 1, price)
                   for c in cs) / len(cs)
        if hold > max(0.0, take):
            return "counter", price
    return ("accept", bid) if bid >= floor else ("decline", 0)
