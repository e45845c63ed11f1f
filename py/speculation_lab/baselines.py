"""Yardsticks and exploiters for the tournament (hidden from the set-up screen).

* ``baseline/random``: a uniformly random legal action, prices drawn up to one pot above the
  minimum.
* ``baseline/never``: never trades: keeps, declines, passes.
* ``baseline/fair``: trades at fair value rounded to the nearest chip: sells by firm price at
  that, pays up to fair value, offers that for face-down cards.
* ``exploit/overbid``: in every auction, tops the last bid by one for as long as it can; never
  trades otherwise.
* ``exploit/accept``: accepts whatever it is offered; never trades otherwise.
* ``exploit/ask150``: asks one and a half times fair value for whatever it sells and never comes
  down; pays no more than fair value.
* ``margin/0``, ``margin/10``, ``margin/20``, ``margin/30``: fair-value traders with a fixed
  margin m (0 to 30 %): ask fair × (1 + m) firm, bid and offer up to fair × (1 − m), accept any
  price on the right side of fair (issue 12's yardsticks, written apart from the trading bots).
* ``exploit/rankonly``: assumes every opponent judges a trump by its rank alone: sells at the
  higher of fair value and a rank-only judge's value, buys face-down cards where a rank-only
  owner undervalues them, and otherwise trades like ``margin/0``.

>>> sorted(BASELINES)[:3]
['baseline/fair', 'baseline/never', 'baseline/random']
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from speculation.actions import Action
from speculation.bots.decision import Decision, forced, rng_for, template
from speculation.bots.history import History
from speculation.bots.pricing import describe, naive_value, stake_of
from speculation.observation import Observation, PendingAuction, PendingFirm, PendingHaggle


@dataclass(frozen=True, slots=True)
class Baseline:
    """A fixed rule: ``rule(bot, obs, history) -> Decision``."""

    id: str
    name: str
    description: str
    rule: Callable[[FixedBot, Observation, History], Decision]


class FixedBot:
    """A bot that follows one ``Baseline`` rule."""

    def __init__(self, baseline: Baseline, seed: int, seat: int) -> None:
        self.baseline, self.seed, self.seat = baseline, seed, seat

    def decide(self, obs: Observation, history: History) -> Decision:
        d = forced(obs)
        return d if d is not None else self.baseline.rule(self, obs, history)


def _quiet(obs: Observation, why: str) -> Decision:
    """Keep, pass or decline: whichever the phase allows."""
    for kind in ("keep", "pass", "decline"):
        t = template(obs, kind)
        if t is not None:
            return Decision(t.example(), why)
    return Decision(obs.legal[0].example(), why)


def _random(bot: FixedBot, obs: Observation, history: History) -> Decision:
    rng = rng_for(bot.seed, bot.seat, len(history))
    t = obs.legal[rng.randrange(len(obs.legal))]
    return Decision(t.sample(rng, spread=obs.pot), "A random legal move.")


def _firm_price(obs: Observation) -> int:
    """The firm price asked (0 outside the firm phase)."""
    p = obs.pending
    return p.price if isinstance(p, PendingFirm) else 0


def _high_bid(obs: Observation) -> int:
    """The top bid of the auction under way (0 before the first or outside an auction)."""
    p = obs.pending
    return (p.high_bid if isinstance(p, PendingAuction) else None) or 0


def _never(bot: FixedBot, obs: Observation, history: History) -> Decision:
    return _quiet(obs, "I never trade.")


def _fair(bot: FixedBot, obs: Observation, history: History) -> Decision:
    s = stake_of(obs)
    why = describe(obs, s)
    fair = s.fair
    p = obs.pending
    phase = obs.phase
    if phase == "sale":
        t = template(obs, "sell_firm")
        price = max(1, round(fair))
        if t is not None and price <= t.bounds()[1]:
            return Decision(Action(bot.seat, "sell_firm", price), f"{why}; asking fair value.")
        return _quiet(obs, why)
    if phase == "firm":
        ok = _firm_price(obs) <= fair
        return Decision(Action(bot.seat, "accept" if ok else "decline"), why)
    if phase == "auction":
        t = template(obs, "bid")
        if t is not None and t.bounds()[0] <= fair:
            return Decision(Action(bot.seat, "bid", t.price_min), why)
        return _quiet(obs, why)
    if phase == "auction_confirm":
        return Decision(Action(bot.seat, "accept" if _high_bid(obs) >= fair
                               else "decline"), why)
    if isinstance(p, PendingHaggle):
        seller = p.seller == bot.seat
        theirs = p.bid if seller else p.ask
        if theirs is not None and (theirs >= fair if seller else theirs <= fair):
            return Decision(Action(bot.seat, "accept"), why)
        t = template(obs, "counter")
        price = round(fair)
        if t is not None and t.clamp(price) == price:
            return Decision(Action(bot.seat, "counter", price), why)
        return Decision(Action(bot.seat, "decline"), why)
    if phase == "market":
        t = template(obs, "offer")
        price = round(fair)
        if t is not None and t.cards and 1 <= price <= t.bounds()[1]:
            owner, pos = t.cards[0]
            return Decision(Action(bot.seat, "offer", price, owner, pos), why)
    return _quiet(obs, why)


def _overbid(bot: FixedBot, obs: Observation, history: History) -> Decision:
    t = template(obs, "bid")
    if t is not None:
        return Decision(Action(bot.seat, "bid", t.price_min), "I always top the last bid by one.")
    return _quiet(obs, "I only ever bid.")


def _accept(bot: FixedBot, obs: Observation, history: History) -> Decision:
    t = template(obs, "accept")
    if t is not None:
        return Decision(t.example(), "I accept every offer.")
    return _quiet(obs, "I only ever accept.")


def _ask150(bot: FixedBot, obs: Observation, history: History) -> Decision:
    s = stake_of(obs)
    ask = max(1, math.ceil(1.5 * s.fair))
    p = obs.pending
    why = f"I always ask {ask}, one and a half times fair value."
    if obs.phase == "sale":
        t = template(obs, "sell_firm")
        if t is not None and ask <= t.bounds()[1]:
            return Decision(Action(bot.seat, "sell_firm", ask), why)
        return _quiet(obs, why)
    if isinstance(p, PendingHaggle) and p.seller == bot.seat:
        if (p.bid or 0) >= ask:
            return Decision(Action(bot.seat, "accept"), why)
        t = template(obs, "counter")
        if t is not None and t.clamp(ask) == ask:
            return Decision(Action(bot.seat, "counter", ask), why)
        return Decision(Action(bot.seat, "decline"), why)
    if obs.phase == "auction_confirm":
        ok = _high_bid(obs) >= ask
        return Decision(Action(bot.seat, "accept" if ok else "decline"), why)
    if obs.phase == "market":
        return _quiet(obs, why)
    return _fair(bot, obs, history)


def _margin_rule(m: float, exploit: bool = False
                 ) -> Callable[[FixedBot, Observation, History], Decision]:
    """A fair-value trader with margin ``m``; with ``exploit``, one that prices against rank-only
    judges."""

    def rule(bot: FixedBot, obs: Observation, history: History) -> Decision:
        s = stake_of(obs)
        fair, p, phase = s.fair, obs.pending, obs.phase
        naive = naive_value(obs, s) if exploit else fair
        why = f"{describe(obs, s)}; I trade at fair value with a {round(100 * m)} % margin."
        ask = max(1, math.ceil(max(fair, naive) * (1 + m)))
        top = math.floor(fair * (1 - m))
        if phase == "sale":
            t = template(obs, "sell_firm")
            if t is not None and ask <= t.bounds()[1]:
                return Decision(Action(bot.seat, "sell_firm", ask), why)
            return _quiet(obs, why)
        if phase == "firm":
            return Decision(Action(bot.seat, "accept" if _firm_price(obs) <= fair
                                   else "decline"), why)
        if phase == "auction":
            t = template(obs, "bid")
            if t is not None and t.bounds()[0] <= top:
                return Decision(Action(bot.seat, "bid", t.price_min), why)
            return _quiet(obs, why)
        if phase == "auction_confirm":
            return Decision(Action(bot.seat, "accept" if _high_bid(obs) >= fair
                                   else "decline"), why)
        if isinstance(p, PendingHaggle):
            seller = p.seller == bot.seat
            theirs = p.bid if seller else p.ask
            if theirs is not None and (theirs >= fair if seller else theirs <= fair):
                return Decision(Action(bot.seat, "accept"), why)
            t = template(obs, "counter")
            price = ask if seller else top
            if t is not None and t.clamp(price) == price:
                return Decision(Action(bot.seat, "counter", price), why)
            return Decision(Action(bot.seat, "decline"), why)
        if phase == "market":
            t = template(obs, "offer")
            # A rank-only owner values a face-down card at the naive share: offer that when it
            # is below fair value (an exploiter), else fair value less the margin.
            price = math.floor(naive) if exploit and naive < fair else top
            if t is not None and t.cards and 1 <= price <= t.bounds()[1]:
                owner, pos = t.cards[0]
                return Decision(Action(bot.seat, "offer", price, owner, pos), why)
        return _quiet(obs, why)

    return rule


BASELINES: dict[str, Baseline] = {b.id: b for b in (
    Baseline("baseline/random", "Random", "Plays a random legal move.", _random),
    Baseline("baseline/never", "Never trades", "Keeps, declines and passes, always.", _never),
    Baseline("baseline/fair", "Fair-price trader", "Buys and sells at exactly fair value.", _fair),
    Baseline("exploit/overbid", "Overbidder", "Tops every auction bid by one.", _overbid),
    Baseline("exploit/accept", "Pushover", "Accepts every offer.", _accept),
    Baseline("exploit/ask150", "Greedy seller", "Always asks one and a half times fair value.",
             _ask150),
    *(Baseline(f"margin/{m}", f"Fair value, {m} % margin", f"Trades at exact fair value with a "
               f"fixed {m} % margin.", _margin_rule(m / 100)) for m in (0, 10, 20, 30)),
    Baseline("exploit/rankonly", "Rank-only exploiter", "Prices as if every opponent judged a "
             "trump by its rank alone.", _margin_rule(0.0, exploit=True)),
)}
