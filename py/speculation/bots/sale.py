"""The expert's sale search: how to sell the trump it holds, to whom and at what price.

Each buyer's most it will pay is drawn ``SAMPLES`` times (the same draws for every plan). A seat
the table names as a trading bot ("Mary (casual)", see ``table``) is priced with that bot's own
formulas, its private random error drawn from its level's spread; any other seat (a person, a
yardstick) from a mixture read from the log (``model``): a rank-only judge with the chance its
read gives, else a judge of the exact odds, each spread around what the log has shown about it.
Every plan is scored by its mean gain over the card's worth to the seller (no margin: a sale that
does not happen costs nothing, so the search itself finds how much edge to ask for):

* a firm price ``x``: sold when some buyer's limit reaches ``x``;
* an auction with reserve ``x``: played bid by bid as the engine runs it, the buyers in its order
  of bidding, each bidding the least allowed while that is within its limit
  (``auction_outcome``): the price stops at the runner-up's top whole bid or a chip above it,
  by who bids first (issue 48: the estimate before, always a chip above, was a chip too high
  about half the time), never below the reserve (an auction nobody bids in costs nothing, so where no
  buyer who goes by the odds can pay the floor, a reserve above it is still worth a try against
  a stranger who may not: ``ODDS_BLIND``);
* a haggle with a named bot: ask high, come down a chip a time and take its last counter, which
  *is* its limit (``table.holdout_yield`` replays its concession curve), so the plan is worth
  about E[max(0, ⌊limit⌋ − worth)];
* a haggle with anyone else at ask ``x``: as a firm price to that buyer alone, discounted.

A sale to a named buyer also costs what it takes from the seller's later sales of face-down
cards to that buyer (``appetite_costs``: a bold buyer pays less for one once it holds the trump).
When no plan gains, the expert does not keep the card in silence: it asks the rank-only value at
auction (``rank_only_ask``), which almost never sells but tells readers of the log something that
brings it offers for its face-down cards.

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
from .model import FAIR, NAIVE, NONE, Read
from .pricing import Stake, describe, facedown_total, naive_shares, naive_value
from .table import (
    Profile,
    Roster,
    card_buy_limit,
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
ODDS_BLIND = 0.05  # an unread stranger's chance of paying without regard to the odds
LONG_SHOT = 0.1  # an auction that sells on fewer simulated tables than this is a long shot
HAGGLE_DISCOUNT = 0.9  # a haggle with an unnamed buyer, scored as a firm price to it alone
RANK_ONLY_ASK = "rank-only ask"  # the plan: no sale is likely, so ask the rank-only value
LONG_SHOT_ASK = "long shot"  # the plan: an auction few would bid in (costs nothing if none do)
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
    card_worth: float | None = None  # one of its own face-down cards, to it (None: not counted)
    samples: int = SAMPLES  # simulated tables of buyers
    # issue 48's search: an auction played bid by bid, and the spread of an unnamed buyer's price
    # narrowing as it shows more (False: the search before, to measure the change)
    exact: bool = True

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
    n = s.samples
    draws = simulated_ceilings(obs, stake, buyers, named, reads, rng, n, s.exact)
    cost = appetite_costs(s, obs, buyers, named)
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
        nodes += n
        ask = min(t.bounds()[1], holdout_opening(p, obs, b, stake, rounds))
        total = 0.0
        for row in draws:
            got = holdout_yield(row[i], haggle_start(p, row[i]), p.persona.concession, rounds,
                                obs.chips[b], ask, p.level.reads_table, floor)
            if got is not None and got >= floor:
                total += got - worth - cost[i]
        who = label(s.roster, obs.names, b)
        plans.append((total / n + s.taste("negotiation"), Decision(
            Action(s.seat, "sell_negotiate", ask, b),
            f"{why}; {who} gives way to the most they will pay by their last counter, so I ask "
            f"{ask}, come down slowly and hold out for it."), "holdout"))
    firm, auction = template(obs, "sell_firm"), template(obs, "sell_auction")
    top = max(max(d) for d in draws)
    seconds = [_second(d) for d in draws]
    # each buyer's highest whole bid on each table, in the engine's order of bidding
    tops = [[math.floor(v) for v in d] for d in draws]
    highs = [max(d) for d in draws]
    costly = any(cost)
    # who buys on each simulated table: the highest limit at auction, the first in the queue
    # whose limit reaches the price for a firm price (only needed when some sale costs more)
    top_cost = [cost[d.index(h)] for d, h in zip(draws, highs, strict=True)] if costly else []
    # Never ask more than the whole pot: nobody pays more for a share of it than all of it.
    prices = range(floor, min(int(top) + 2, MAX_PRICE_STEPS + floor, obs.pot + 1))
    unnamed = [t for t in obs.legal if t.kind == "sell_negotiate" and t.targets[0] in buyers
               and named[buyers.index(t.targets[0])] is None]
    per_price = n * (2 + len(unnamed))
    for x in prices:
        if nodes + per_price > s.budget:
            hit = True
            break
        nodes += per_price
        if firm is not None and x <= firm.bounds()[1]:
            if costly:
                gain = sum(x - worth - next(c for v, c in zip(d, cost, strict=True) if v >= x)
                           for d, h in zip(draws, highs, strict=True) if h >= x) / n
            else:
                gain = sum(x - worth for h in highs if h >= x) / n
            plans.append((gain + s.taste("firm"), Decision(
                Action(s.seat, "sell_firm", x),
                f"{why}; I expect someone here to pay {x}, so I ask that firm."), "firm"))
        if auction is not None and x <= auction.bounds()[1]:
            if s.exact:
                won = [auction_outcome(t, x) for t in tops]
                gain = sum(price - worth - cost[i] for o in won if o is not None
                           for i, price in (o,)) / n
                sold = sum(o is not None for o in won)
            else:
                gain = sum(max(min(math.floor(s2) + 1, math.floor(h)), x) - worth
                           for h, s2 in zip(highs, seconds, strict=True) if h >= x) / n
                if costly:
                    gain -= sum(c for h, c in zip(highs, top_cost, strict=True) if h >= x) / n
                sold = sum(h >= x for h in highs)
            long_shot = sold / n < LONG_SHOT
            hope = ("few would pay that much, but if nobody bids I simply keep it" if long_shot
                    else "the bidding should go higher")
            plans.append((gain + s.taste("auction"), Decision(
                Action(s.seat, "sell_auction", x),
                f"{why}; auctioning it with a reserve of {x}: {hope}.",
                plan=LONG_SHOT_ASK if long_shot else ""), "auction"))
        for t in unnamed:
            if x <= t.bounds()[1]:
                i = buyers.index(t.targets[0])
                gain = HAGGLE_DISCOUNT * sum(x - worth for d in draws if d[i] >= x) / n
                plans.append((gain + s.taste("negotiation"), Decision(
                    Action(s.seat, "sell_negotiate", x, t.targets[0]),
                    f"{why}; {obs.names[t.targets[0]]} looks keenest, so I offer it to them at "
                    f"{x}."), "haggle"))
    # each auction reserve's score without the tie-break, for the rank-only ask below
    reserves = {p[1].action.price: p[0] - s.taste("auction") for p in plans if p[2] == "auction"}
    if s.only and any(p[2] in s.only for p in plans):
        plans = [p for p in plans if p[2] in s.only]
    best = max(plans, key=lambda p: p[0]) if plans else None
    if best is not None and best[0] > TASTE:
        return best[1], hit
    quiet = rank_only_ask(s, obs, stake, floor, why)
    if quiet is not None and reserves.get(quiet.action.price, 0.0) < 0:
        return None, hit  # a bold buyer might pay it, at a cost to later sales above the gain
    return quiet, hit


def rank_only_ask(s: SaleSearch, obs: Observation, stake: Stake, floor: int, why: str
                  ) -> Decision | None:
    """What the expert does when no plan gains: instead of keeping the trump without a word, it
    puts it up for auction at its rank-only value (the price a judge of rank alone would name),
    when that is at least its floor; None (keep it) otherwise. A sale there can only gain, and
    the search has found none likely, so the card almost always stays; what changes is the log.
    A keep names no price, so the others learn nothing of the seller; a reserve at the rank-only
    value reads, to anyone who judges sellers by their prices (as the expert itself does,
    ``model``), as a rank-only judge, who undervalues face-down cards while a high trump shows.
    Such readers then offer it that value for its face-down cards (``TraderBot._market``), and a
    seller who knows the odds haggles those offers up to what a bold buyer will pay (issue 23:
    at the experts' table, yardsticks whose failed asks read this way sold more face-down cards
    to Mary and out-earned the silent keep). Only where the table names an expert among the
    others, the one level that reads sellers that way: at a table of casual players nobody pays
    that reserve and nobody reads it, and the coach would be naming a price no one there takes
    (issue 26: a reserve of 12 for a jack worth 7.5)."""
    t = template(obs, "sell_auction")
    if stake.kind != "trump" or t is None or not _readers(s, len(obs.names)):
        return None
    x = round(naive_value(obs, stake))
    if x < max(1, floor) or x > min(t.bounds()[1], obs.pot):
        return None
    return Decision(Action(s.seat, "sell_auction", x),
                    f"{why}; nobody here is likely to pay its worth to me, so I put it up at {x}, "
                    f"its value by rank alone, and keep it if nobody bids.",
                    plan=RANK_ONLY_ASK)


def _readers(s: SaleSearch, seats: int) -> bool:
    """Whether the table names, among the other seats, a bot that reads sellers from their asks
    (an expert)."""
    return any((p := profile(s.roster, b)) is not None and p.level.reads_table
               for b in range(seats) if b != s.seat)


def appetite_costs(s: SaleSearch, obs: Observation, buyers: list[int],
                   named: list[Profile | None]) -> list[float]:
    """Per buyer, what selling it the trump costs the seller later: how much less it could then
    gain selling that buyer one of its face-down cards (the most the buyer pays over the card's
    worth to the seller). A bold buyer pays less for a face-down card once
    it holds the trump (``table.card_buy_limit``), so a sale to it for a fraction of a chip over
    the trump's worth can cost more than it gains. The premium is counted as it stands, not in
    whole chips: a face-down card is worth more as the hand goes on and the whole-chip price it
    fetches later cannot be told now (issue 23: at the experts' table the
    expert sold Mary the trump for about 0.1 over its worth, and then sold her fewer face-down
    cards than yardsticks that kept it). Zero for a seat the table does not name, for a
    risk-neutral buyer, and when the seller has no face-down card; negative (a gain) for a
    cautious buyer, who pays more once it holds more."""
    if s.card_worth is None or not obs.stacks[s.seat]:
        return [0.0] * len(buyers)
    out = []
    for b, p in zip(buyers, named, strict=True):
        if p is None:
            out.append(0.0)
            continue
        gains = [max(0.0, min(float(obs.chips[b]), card_buy_limit(p, obs, b, after))
                     - s.card_worth) for after in (False, True)]
        out.append(gains[0] - gains[1])
    return out


def simulated_ceilings(obs: Observation, stake: Stake, buyers: list[int],
                       named: list[Profile | None], reads: tuple[Read, ...], rng: Random,
                       n: int = 0, converge: bool = True) -> list[list[float]]:
    """``n`` (default ``SAMPLES``) draws (rows) of the most each buyer (columns) would pay. A
    named bot: its own formula with its private error drawn from its level's spread, within its
    chips. Anyone else: a rank-only judge with the chance its read gives, else a judge of the
    exact odds; its price is that yardstick times what it has been seen to pay, with a
    log-normal spread that narrows as 1/√(1 + prices shown) (``Read.spread``: named, accepted
    or refused; issue 48, so that the read of a person converges on what the person does). A
    stranger that has named no price and refused none may also be one who pays
    without regard to the odds (an overbidder, a gambler), with chance ``ODDS_BLIND``: its most
    is then anywhere up to the pot. Before this the expert kept a trump no judge of the odds
    would pay its floor for, and an overbidder it had not yet seen bid took the skilled player's
    auctions instead (issue 23: −0.07 chips a deal luck-adjusted against skilled, one-hand
    deals; +0.44 after, 600 deals, seed 8)."""
    naive = naive_value(obs, stake)
    rank = rank_of(obs.best) if obs.best is not None and obs.holder is not None else None
    naive_card = naive_shares(rank, facedown_total(obs))[1]
    columns = []
    for b, p in zip(buyers, named, strict=True):
        # Stratified draws (one per SAMPLES-quantile of the type and of the spread, in a seeded
        # random order for each buyer): the plans' scores are far less noisy than with
        # independent draws, so a price a chip too low no longer wins by luck of the sample.
        types, zs = _strata(rng, n or SAMPLES), _strata(rng, n or SAMPLES)
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
        if converge:
            sd_fair, sd_naive = r.spread(SD_FAIR), r.spread(SD_NAIVE)
        else:
            sd_fair, sd_naive = (0.12, 0.15) if r.n else (SD_FAIR, SD_NAIVE)
        cap_fair, cap_naive = min(obs.chips[b], room_fair), min(obs.chips[b], room_naive)
        blind = ODDS_BLIND if (r.shown == 0 if converge else _unread(r)) else 0.0
        col = []
        for u, v in zip(types, zs, strict=True):
            z = _NORMAL.inv_cdf(v)
            if u >= 1.0 - blind:
                col.append(min(float(obs.chips[b]), v * obs.pot))
            elif naive >= 0.5 and u < p_naive:
                col.append(min(cap_naive, on_naive * math.exp(sd_naive * z)))
            else:
                col.append(min(cap_fair, on_fair * math.exp(sd_fair * z)))
        columns.append(col)
    return [list(row) for row in zip(*columns, strict=True)]


def _strata(rng: Random, n: int) -> list[float]:
    """``n`` uniform draws, one in each of ``n`` equal slices of (0, 1), shuffled."""
    xs = [(k + rng.random()) / n for k in range(n)]
    rng.shuffle(xs)
    return [min(max(x, 1e-9), 1 - 1e-9) for x in xs]


def _unread(r: Read) -> bool:
    """Whether a seat has shown nothing of what it pays: no price named, none refused."""
    return not r.n and r.refused == NONE


def _overpays(r: Read) -> bool:
    """Whether a seat has committed to pay far more than both yardsticks put on a card (an
    overbidder): what it pays is no sign of what it expects the card to win."""
    fair, naive = r.paid
    return fair is not None and fair >= OVERPAY and (naive is None or naive >= OVERPAY)


def auction_outcome(tops: list[int], reserve: int) -> tuple[int, int] | None:
    """(the winner's place in ``tops``, its price) of an auction with ``reserve`` among buyers
    whose highest whole bids are ``tops``, in the engine's order of bidding (``game``: each in
    turn bids the least allowed while that is within its top, or passes and is out); None if
    nobody bids. Every trading bot bids this way (``TraderBot._bid``). Whole rounds in which
    every bidder still in can bid are skipped at once.

    >>> auction_outcome([9, 5], 3), auction_outcome([5, 9], 3), auction_outcome([2, 1], 3)
    ((0, 5), (1, 6), None)
    >>> auction_outcome([7, 7, 4], 1), auction_outcome([4], 4)
    ((1, 7), (0, 4))

    (The runner-up's top, or a chip more, by who bids first: issue 12's estimate, a chip above
    the runner-up's top, was a chip too high half the time.)
    """
    queue = [i for i, t in enumerate(tops) if t >= reserve]  # the rest pass at their first turn
    high, bidder, turn = 0, -1, 0
    while len(queue) > 1 or (queue and bidder < 0):
        k = len(queue)
        if bidder >= 0 and k > 1:
            # a whole round of k bids, each a chip higher, while everyone can pay its bid
            rounds = (min(tops[i] for i in queue) - high) // k - 1
            if rounds > 0:
                high += rounds * k
        turn %= k
        i = queue[turn]
        if i == bidder:
            turn += 1
            continue
        least = max(high + 1, reserve)
        if tops[i] >= least:
            high, bidder, turn = least, i, turn + 1
        else:
            queue.pop(turn)
    return (bidder, high) if bidder >= 0 else None


def _second(xs: list[float]) -> float:
    """The second-highest of ``xs`` (0 if there is only one)."""
    return sorted(xs)[-2] if len(xs) > 1 else 0.0
