"""The expert's sale search: how to sell the trump it holds, to whom and at what price.

Each buyer's most it will pay is drawn ``SAMPLES`` times (the same draws for every plan). A seat
the table names as a trading bot ("Mary (casual)", see ``table``) is priced with that bot's own
formulas, its private random error drawn from its level's spread; any other seat (a person, a
yardstick) from a mixture read from the log (``model``): a rank-only judge with the chance its
read gives, else a judge of the exact odds, each spread around what the log has shown about it.
Every plan is scored by its mean gain over the card's worth to the seller (no margin: a sale that
does not happen costs nothing, so the search itself finds how much edge to ask for):

* a firm price ``x``: sold when some buyer's limit reaches ``x``;
* an auction with reserve ``x``: the bidding stops a chip above the runner-up's limit, or at the
  winner's own, never below the reserve;
* a haggle with a named bot: ask high, come down a chip a time and take its last counter, which
  *is* its limit (``table.holdout_yield`` replays its concession curve), so the plan is worth
  about E[max(0, ⌊limit⌋ − worth)];
* a haggle with anyone else at ask ``x``: as a firm price to that buyer alone, discounted.

The search counts nodes (one plan scored on one simulated table) and stops at the budget.

>>> round(_second([3.0, 9.0, 5.0]), 1), _second([4.0])
(5.0, 0.0)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from random import Random
from statistics import NormalDist

from ..actions import Action
from ..cards import rank_of
from ..observation import Observation
from ..text import capitalised
from .decision import Decision, template
from .model import FAIR, NAIVE, Read
from .pricing import Stake, describe, facedown_total, naive_shares, naive_value
from .table import (
    Profile,
    Roster,
    haggle_start,
    holdout_opening,
    holdout_yield,
    known_buy_limit,
    label,
    profile,
)

SAMPLES = 120  # simulated tables per sale decision
MAX_PRICE_STEPS = 60  # prices tried above the floor
FAIR_SHRINK = 1.0  # an unknown judge of the exact odds, read as paying fair value
SD_FAIR, SD_NAIVE = 0.15, 0.25  # spread of an unknown buyer's price around its yardstick
OVERPAY = 1.4  # paying this multiple of both yardsticks marks a buyer who ignores the odds
TASTE = 0.02  # chips of bonus for a personality's favourite way of selling (a tie-break)
HAGGLE_DISCOUNT = 0.9  # a haggle with an unnamed buyer, scored as a firm price to it alone
_NORMAL = NormalDist()  # the standard normal, for the stratified samples of buyers


@dataclass(frozen=True, slots=True)
class SaleSearch:
    """What the search needs to know about the seller: its seat, its favourite ways of selling
    (a tie-break), its node budget and the table's roster."""

    seat: int
    methods: tuple[str, ...]
    budget: int
    roster: Roster = ()
    only: frozenset[str] = frozenset()  # a yardstick's plans ("holdout", "firm", ...), if any

    def taste(self, method: str) -> float:
        """A small bonus (in chips) for the favourite ways of selling: enough to break a tie,
        never enough to give up a measurable gain."""
        m = self.methods
        return TASTE if m[:1] == (method,) else TASTE / 2 if m[1:2] == (method,) else 0.0


def expert_sale(s: SaleSearch, obs: Observation, stake: Stake, worth: float, floor: int,
                reads: tuple[Read, ...], rng: Random) -> tuple[Decision | None, bool]:
    """The best sale plan for ``obs`` (None: keep the card) and whether the budget stopped the
    search. ``worth``: the card's value to the seller; ``floor``: the least it takes."""
    why = capitalised(describe(obs, stake))
    buyers = list(obs.context.buyers) if obs.context is not None else []
    if not buyers:
        return None, False
    named = [profile(s.roster, b) for b in buyers]
    draws = simulated_ceilings(obs, stake, buyers, named, reads, rng)
    plans: list[tuple[float, Decision, str]] = []
    nodes, hit = 0, False
    rounds = obs.rules.negotiation_rounds
    for t in obs.legal:  # a haggle with a named bot: hold out for its last counter
        if t.kind != "sell_negotiate" or t.targets[0] not in buyers:
            continue
        b = t.targets[0]
        i = buyers.index(b)
        p = named[i]
        if p is None:
            continue
        nodes += SAMPLES
        ask = min(t.bounds()[1], holdout_opening(p, obs, b, stake, rounds))
        total = 0.0
        for row in draws:
            got = holdout_yield(row[i], haggle_start(p, row[i]), p.persona.concession, rounds,
                                obs.chips[b], ask, p.level.models, floor)
            if got is not None and got >= floor:
                total += got - worth
        who = label(s.roster, obs.names, b)
        plans.append((total / SAMPLES + s.taste("negotiation"), Decision(
            Action(s.seat, "sell_negotiate", ask, b),
            f"{why}; {who} gives way to the most they will pay by their last counter, so I ask "
            f"{ask}, come down slowly and hold out for it."), "holdout"))
    firm, auction = template(obs, "sell_firm"), template(obs, "sell_auction")
    top = max(max(d) for d in draws)
    seconds = [_second(d) for d in draws]
    highs = [max(d) for d in draws]
    # Never ask more than the whole pot: nobody pays more for a share of it than all of it.
    prices = range(floor, min(int(top) + 2, MAX_PRICE_STEPS + floor, obs.pot + 1))
    unnamed = [t for t in obs.legal if t.kind == "sell_negotiate" and t.targets[0] in buyers
               and named[buyers.index(t.targets[0])] is None]
    per_price = SAMPLES * (2 + len(unnamed))
    for x in prices:
        if nodes + per_price > s.budget:
            hit = True
            break
        nodes += per_price
        if firm is not None and x <= firm.bounds()[1]:
            gain = sum(x - worth for h in highs if h >= x) / SAMPLES
            plans.append((gain + s.taste("firm"), Decision(
                Action(s.seat, "sell_firm", x),
                f"{why}; I expect someone here to pay {x}, so I ask that firm."), "firm"))
        if auction is not None and x <= auction.bounds()[1]:
            gain = sum(max(min(math.floor(s2) + 1, math.floor(h)), x) - worth
                       for h, s2 in zip(highs, seconds, strict=True) if h >= x) / SAMPLES
            plans.append((gain + s.taste("auction"), Decision(
                Action(s.seat, "sell_auction", x),
                f"{why}; auctioning it with a reserve of {x}: the bidding should go higher."),
                "auction"))
        for t in unnamed:
            if x <= t.bounds()[1]:
                i = buyers.index(t.targets[0])
                gain = HAGGLE_DISCOUNT * sum(x - worth for d in draws if d[i] >= x) / SAMPLES
                plans.append((gain + s.taste("negotiation"), Decision(
                    Action(s.seat, "sell_negotiate", x, t.targets[0]),
                    f"{why}; {obs.names[t.targets[0]]} looks keenest, so I offer it to them at "
                    f"{x}."), "haggle"))
    if s.only and any(p[2] in s.only for p in plans):
        plans = [p for p in plans if p[2] in s.only]
    if not plans:
        return None, hit
    best = max(plans, key=lambda p: p[0])
    return (best[1] if best[0] > TASTE else None), hit


def simulated_ceilings(obs: Observation, stake: Stake, buyers: list[int],
                       named: list[Profile | None], reads: tuple[Read, ...], rng: Random
                       ) -> list[list[float]]:
    """``SAMPLES`` draws (rows) of the most each buyer (columns) would pay. A named bot: its own
    formula with its private error drawn from its level's spread, within its chips. Anyone else:
    a rank-only judge with the chance its read gives, else a judge of the exact odds; its price
    is that yardstick times what it has been seen to pay, with a log-normal spread that narrows
    with evidence."""
    naive = naive_value(obs, stake)
    rank = rank_of(obs.best) if obs.best is not None and obs.holder is not None else None
    naive_card = naive_shares(rank, facedown_total(obs))[1]
    columns = []
    for b, p in zip(buyers, named, strict=True):
        # Stratified draws (one per SAMPLES-quantile of the type and of the spread, in a seeded
        # random order for each buyer): the plans' scores are far less noisy than with
        # independent draws, so a price a chip too low no longer wins by luck of the sample.
        types, zs = _strata(rng), _strata(rng)
        if p is not None:
            columns.append([min(float(obs.chips[b]),
                                known_buy_limit(p, obs, b, stake, _NORMAL.inv_cdf(v)))
                            for v in zs])
            continue
        r = reads[b]
        # Nobody pays more than the part of the pot it does not already expect to win.
        room_fair = obs.pot * (1.0 - obs.odds.per_card * obs.stacks[b])
        room_naive = obs.pot * (1.0 - naive_card * obs.stacks[b])
        if _overpays(r):  # ... unless it has already been seen paying far over the odds
            room_fair = room_naive = float(obs.pot)
        p_naive, on_naive = r.naive_chance(), r.ceiling(NAIVE) * naive
        on_fair = r.ceiling(FAIR) * stake.fair * (1.0 if r.n else FAIR_SHRINK)
        sd_fair, sd_naive = (0.12, 0.15) if r.n else (SD_FAIR, SD_NAIVE)
        cap_fair, cap_naive = min(obs.chips[b], room_fair), min(obs.chips[b], room_naive)
        col = []
        for u, v in zip(types, zs, strict=True):
            z = _NORMAL.inv_cdf(v)
            if naive >= 0.5 and u < p_naive:
                col.append(min(cap_naive, on_naive * math.exp(sd_naive * z)))
            else:
                col.append(min(cap_fair, on_fair * math.exp(sd_fair * z)))
        columns.append(col)
    return [list(row) for row in zip(*columns, strict=True)]


def _strata(rng: Random) -> list[float]:
    """``SAMPLES`` uniform draws, one in each of ``SAMPLES`` equal slices of (0, 1), shuffled."""
    xs = [(k + rng.random()) / SAMPLES for k in range(SAMPLES)]
    rng.shuffle(xs)
    return [min(max(x, 1e-9), 1 - 1e-9) for x in xs]


def _overpays(r: Read) -> bool:
    """Whether a seat has committed to pay far more than both yardsticks put on a card (an
    overbidder): what it pays is no sign of what it expects the card to win."""
    fair, naive = r.paid
    return fair is not None and fair >= OVERPAY and (naive is None or naive >= OVERPAY)


def _second(xs: list[float]) -> float:
    """The second-highest of ``xs`` (0 if there is only one)."""
    return sorted(xs)[-2] if len(xs) > 1 else 0.0
