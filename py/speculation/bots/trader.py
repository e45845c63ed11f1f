"""The trading bot behind every level and personality.

Each decision starts from the exact fair value of what is at stake (see ``pricing``), turns it
into a reservation price through the personality's risk attitude and the level's margin, and
then picks the legal action that fits: keep or sell (and how), accept or decline, bid or pass,
offer, counter or accept in a haggle, make or answer an offer for a face-down card.

>>> from speculation.game import Game
>>> from speculation.actions import Action
>>> from speculation.observation import observe
>>> from speculation.bots.history import public_history
>>> from speculation.bots.levels import LEVELS
>>> from speculation.bots.personalities import PERSONALITIES
>>> g = Game(["A", "B", "C", "D"], seed=3)
>>> _ = g.apply(Action(0, "deal"))
>>> bot = TraderBot(LEVELS["skilled"], PERSONALITIES["edmund"], seed=1, seat=g.to_act)
>>> d = bot.decide(observe(g, g.to_act), public_history(g))
>>> g.is_legal(d.action), bool(d.reason)
(True, True)
"""

from __future__ import annotations

import math
from dataclasses import replace
from random import Random
from statistics import NormalDist

from ..actions import Action
from ..observation import Observation, PendingAuction, PendingFirm, PendingHaggle
from ..text import capitalised
from . import buying, selling
from .decision import Decision, clamp, forced, rng_for, template
from .history import History
from .levels import Level
from .model import FAIR, NAIVE, Pair, Read, merge, read_table
from .personalities import Personality
from .pricing import Stake, describe, naive_value, sell_floor, stake_of
from .sale import SaleSearch, expert_sale
from .table import (
    Profile,
    Roster,
    holdout_counter,
    holdout_opening,
    known_sell_floor,
    label,
    profile,
)
from .valuation import (
    CLOSE,
    Curve,
    Limits,
    concede,
    curve,
    limits_at,
    position,
    reply,
    stake_chances,
    worth_to,
)

# The expert's search budget, counted in nodes: one node is one plan (a firm price, an auction
# reserve or a haggle) scored on one simulated table. Never time: a budget in seconds would make
# a move depend on how busy the machine is, and a bot must be a pure function of what it sees
# and its seed. The same number holds in CPython and in the browser; the largest search (six
# players, 60 prices, every method) needs about 50,000 nodes, so the budget is a safety cap that
# an ordinary search never reaches (see benchmarks/bots.py for what it costs in milliseconds).
BUDGET = 60_000
_NORMAL = NormalDist()  # the standard normal
# A face-down offer the owner can be expected to refuse is not made: the chance that the owner's
# least price is within the buyer's limit, read from the table (a stranger sells at about its
# yardstick; one that refused a price will refuse it again), must be at least LIKELY.
LIKELY = 0.15
SD_OWNER = 0.2  # log-normal spread of an owner's least price around that read


class TraderBot:
    """A bot of one level and personality for one seat."""

    # The expert buys a face-down card from a bot below it the table names by holding down
    # for its last counter (``buying``), and sells one to such a buyer by holding out for its
    # last counter; False only to measure what that is worth (benchmarks).
    holds_down = True

    def __init__(self, level: Level, personality: Personality, seed: int, seat: int,
                 budget: int = BUDGET, roster: Roster = (), sale_only: frozenset[str] = frozenset()
                 ) -> None:
        self.level, self.persona, self.seed, self.seat = level, personality, seed, seat
        self.budget, self.roster = budget, tuple(roster)  # roster: who the table says sits where
        self.sale_only = sale_only  # a yardstick's restriction of the sale search (sale.py)
        self.budget_hits = 0
        self._cache: tuple[int, object, tuple[Read, ...]] = (0, None, ())

    # ------------------------------------------------------------------ entry point

    def decide(self, obs: Observation, history: History) -> Decision:
        """The decision for ``obs`` (which must be this seat's, with legal templates)."""
        d = forced(obs)
        if d is not None:
            return d
        rng = rng_for(self.seed, self.seat, len(history))
        stake = stake_of(obs)
        lim = self.limits(obs, stake)
        reads = self._reads(history, len(obs.names)) if self.level.reads_table else None
        d = self._choose(obs, stake, lim, rng, reads, history)
        return replace(d, private=(lim.buy, lim.sell, *d.private))

    def _choose(self, obs: Observation, stake: Stake, lim: Limits, rng: Random,
                reads: tuple[Read, ...] | None, history: History) -> Decision:
        phase = obs.phase
        if phase == "sale":
            return self._sell(obs, stake, lim, rng, reads)
        if phase == "firm":
            return self._firm(obs, stake, lim)
        if phase == "auction":
            return self._bid(obs, stake, lim)
        if phase == "auction_confirm":
            return self._confirm(obs, stake, lim)
        if phase == "negotiation":
            return self._haggle(obs, stake, lim, reads)
        if phase == "market":
            return self._market(obs, stake, lim, rng, reads, history)
        t = obs.legal[0]
        return Decision(t.example(), f"Only {t.kind} makes sense here.")

    def _reads(self, history: History, seats: int) -> tuple[Read, ...]:
        """``read_table(history)``, updated incrementally when ``history`` extends the last one
        seen (the result is the same either way, so decisions stay pure)."""
        n, last, reads = self._cache
        if n and n <= len(history) and history[n - 1] is last and len(reads) == seats:
            new = read_table(history[n:], seats)
            reads = tuple(merge(a, b) for a, b in zip(reads, new, strict=True))
        else:
            reads = read_table(history, seats)
        self._cache = (len(history), history[-1] if history else None, reads)
        return reads

    # ------------------------------------------------------------------ valuation

    def error(self, obs: Observation, stake: Stake) -> float:
        """This bot's random error in valuing ``stake``, in standard deviations: drawn from its
        seed once for each state of the table (0 for a level without noise)."""
        if not self.level.noise:
            return 0.0
        key = f"{obs.hand}:{len(obs.seen)}:{sum(obs.stacks)}:{stake.kind}"
        return rng_for(self.seed, self.seat, 0, key).gauss(0, 1)

    def perceived(self, obs: Observation, stake: Stake) -> tuple[float, float]:
        """(my chance without the stake, the stake's chance) as this level sees them."""
        mine, share = stake_chances(self.level, obs, self.seat, stake)
        return position(self.level, mine, share, _owns(obs, self.seat, stake),
                        self.error(obs, stake))

    def prize(self, obs: Observation, stake: Stake) -> float:
        """What taking this hand's pot is worth to this bot: the pot, and dealing the next hand
        too for a level that counts the deal (``valuation.worth_to``; 0 on the last hand)."""
        return worth_to(self.level, obs)

    def limits(self, obs: Observation, stake: Stake) -> Limits:
        """Most this bot pays and least it takes for ``stake``, margin included
        (``valuation.limits_at``, the formula the expert's models of named bots use too)."""
        mine, share = stake_chances(self.level, obs, self.seat, stake)
        return limits_at(self.level, self.persona, mine, share, _owns(obs, self.seat, stake),
                         self.prize(obs, stake), self.error(obs, stake))

    # ------------------------------------------------------------------ selling a face-up card

    def _sell(self, obs: Observation, stake: Stake, lim: Limits, rng: Random,
              reads: tuple[Read, ...] | None) -> Decision:
        why = describe(obs, stake)
        floor = max(1, math.ceil(lim.sell))
        if self.persona.passive and rng.random() < self.persona.passive:
            return Decision(Action(self.seat, "keep"), f"{capitalised(why)}; I'm content to keep it.")
        if reads is not None:
            base, share = self.perceived(obs, stake)
            prize = self.prize(obs, stake)
            worth = sell_floor(base + share, share, prize, self.persona.rho)
            # one of its face-down cards, to it once the trump is gone (what a later sale of
            # one to the trump's buyer must beat)
            per_card = float(obs.odds.per_card)
            card = (sell_floor(base, per_card, prize, self.persona.rho)
                    if obs.stacks[self.seat] else None)
            search = SaleSearch(self.seat, self.persona.methods, self.budget, self.roster,
                                self.sale_only, card)
            plan, hit = expert_sale(search, obs, stake, worth, floor, reads, rng)
            self.budget_hits += hit
            if plan is not None:
                return plan
            return Decision(Action(self.seat, "keep"), f"{capitalised(why)}; I don't expect anyone "
                            f"here to pay what it is worth, so I keep it.")
        for method in self.persona.methods:
            d = self._sale_by(method, obs, floor, why)
            if d is not None:
                return d
        return Decision(Action(self.seat, "keep"), f"{capitalised(why)}; nobody here can pay what it "
                        f"is worth to me, so I keep it.")

    def _sale_by(self, method: str, obs: Observation, floor: int, why: str) -> Decision | None:
        ask = math.ceil(floor * (1 + self.persona.opening))
        if method == "auction":
            t = template(obs, "sell_auction")
            if t is not None and floor <= t.bounds()[1]:
                return Decision(Action(self.seat, "sell_auction", floor),
                                f"{capitalised(why)}; auctioning it with a reserve of {floor}.")
        elif method == "firm":
            t = template(obs, "sell_firm")
            if t is not None and floor <= t.bounds()[1]:
                price = clamp(ask, floor, t.bounds()[1])
                return Decision(Action(self.seat, "sell_firm", price),
                                f"{capitalised(why)}; asking {price} firm.")
        elif method == "negotiation":
            ts = [t for t in obs.legal if t.kind == "sell_negotiate" and t.bounds()[1] >= floor]
            if ts:
                t = max(ts, key=lambda x: x.bounds()[1])
                price = clamp(ask, floor, t.bounds()[1])
                buyer = t.targets[0]
                return Decision(Action(self.seat, "sell_negotiate", price, buyer),
                                f"{capitalised(why)}; offering it to {obs.names[buyer]} at {price}.")
        return None

    # ------------------------------------------------------------------ buying a face-up card

    def _firm(self, obs: Observation, stake: Stake, lim: Limits) -> Decision:
        p = obs.pending
        price = p.price if isinstance(p, PendingFirm) else 0
        why = describe(obs, stake)
        if price <= lim.buy:
            return Decision(Action(self.seat, "accept"), f"{capitalised(why)}; {price} is a fair price "
                            f"to me, so I accept.")
        return Decision(Action(self.seat, "decline"), f"{capitalised(why)}; {price} is too dear for "
                        f"me, so I decline.")

    def _bid(self, obs: Observation, stake: Stake, lim: Limits) -> Decision:
        t = template(obs, "bid")
        why = describe(obs, stake)
        top = math.floor(lim.buy)
        if t is not None and t.bounds()[0] <= top:
            return Decision(Action(self.seat, "bid", t.price_min),
                            f"{capitalised(why)}; bidding {t.price_min}.")
        at = f" at {t.price_min}" if t is not None else ""
        return Decision(Action(self.seat, "pass"), f"{capitalised(why)}; passing{at}: the bidding is "
                        f"too rich for me.")

    def _confirm(self, obs: Observation, stake: Stake, lim: Limits) -> Decision:
        p = obs.pending
        high = (p.high_bid if isinstance(p, PendingAuction) else None) or 0
        why = describe(obs, stake)
        if high >= lim.sell:
            return Decision(Action(self.seat, "accept"), f"{capitalised(why)}; {high} is enough, sold.")
        return Decision(Action(self.seat, "decline"), f"{capitalised(why)}; {high} is too little, "
                        f"I keep it.")

    # ------------------------------------------------------------------ haggling

    def _haggle(self, obs: Observation, stake: Stake, lim: Limits,
                reads: tuple[Read, ...] | None) -> Decision:
        p = obs.pending
        assert isinstance(p, PendingHaggle)  # only called in the negotiation phase
        why = describe(obs, stake)
        rounds = p.rounds
        seller = p.seller == self.seat
        other = p.buyer if seller else p.seller
        counter = template(obs, "counter")
        if seller:
            mine_made, theirs = p.asks, p.bid
            limit = lim.sell
            start = curve(self.persona, limit, seller).start
            if reads is not None and other is not None:
                # The expert opens at what it has read this buyer will pay (fair value for a
                # stranger), not at a fixed mark-up that a fair-value judge would refuse.
                top = reads[other].value("ceiling", stake.fair, naive_value(obs, stake))
                start = max(limit, min(top, obs.chips[other]))
        else:
            mine_made, theirs = p.bids, p.ask
            limit = lim.buy
            start = curve(self.persona, limit, seller).start
            if reads is not None and other is not None and reads[other].n:
                start = min(start, reads[other].value("floor", stake.fair, naive_value(obs, stake)))
        # Selling to a bot the table names: the trump (the sale search chose to haggle with it
        # because its last counter is its limit), or a face-down card to a bot below the expert
        # buyer, which concedes the same way: hold out for that counter.
        named = profile(self.roster, other) if seller and other is not None else None
        if reads is not None and named is not None and holds_out(named, p.context,
                                                                 self.holds_down):
            if p.context == "market":
                return self._hold_out_card(obs, stake, lim, named)
            return self._hold_out(obs, stake, lim, named)
        # Buying a face-down card from a bot the table names: it comes down to the least it
        # takes by its last counter, so stay below its curve and take the counter worth most.
        sells = (profile(self.roster, other) if not seller and other is not None
                 and p.context == "market" and self.holds_down else None)
        if reads is not None and sells is not None and not sells.level.reads_table:
            return self._hold_down(obs, stake, lim, sells)
        bounds = counter.bounds() if counter is not None else None
        kind, price = reply(Curve(limit, start, self.persona.concession), seller, mine_made,
                            rounds, theirs, bounds, close=reads is not None)
        if kind == "accept":
            return Decision(Action(self.seat, "accept"), f"{capitalised(why)}; {theirs} suits me, "
                            f"I accept.")
        if kind == "counter":
            word = "asking" if seller else "offering"
            planned = concede(start, limit, mine_made, rounds, self.persona.concession)
            return Decision(Action(self.seat, "counter", price),
                            f"{capitalised(why)}; {word} {price} instead.", (planned,))
        who = obs.names[other] if other is not None else "them"
        return Decision(Action(self.seat, "decline"), f"{capitalised(why)}; no price I'd take is "
                        f"acceptable to {who}, so I break off.")

    def _hold_out(self, obs: Observation, stake: Stake, lim: Limits, named: Profile) -> Decision:
        """The expert selling to a bot the table names: every trading bot concedes to its limit
        by its last counter, so ask high, come down a chip at a time and take that counter if it
        is worth taking (``table.holdout_yield`` scores this plan in the sale search)."""
        p = obs.pending
        assert isinstance(p, PendingHaggle) and p.buyer is not None
        why = capitalised(describe(obs, stake))
        who = label(self.roster, obs.names, p.buyer)
        rounds = p.rounds
        opening = holdout_opening(named, obs, p.buyer, stake, rounds)
        price = holdout_counter(p.ask, p.bid, p.asks, p.bids, rounds, obs.chips[p.buyer], opening,
                                max(1, math.ceil(lim.sell)))
        counter = template(obs, "counter")
        if price is not None and counter is not None:
            return Decision(Action(self.seat, "counter", counter.clamp(price)),
                            f"{why}; {who} gives way as the haggle goes on, so I hold out.")
        if p.bid is not None and p.bid >= lim.sell:
            return Decision(Action(self.seat, "accept"), f"{why}; {p.bid} is {who}'s best offer "
                            f"and it suits me, I accept.")
        return Decision(Action(self.seat, "decline"), f"{why}; {who}'s best offer is too little "
                        f"for me, so I break off.")

    def _hold_out_card(self, obs: Observation, stake: Stake, lim: Limits, named: Profile
                       ) -> Decision:
        """The expert asked for one of its face-down cards by a bot below the expert the table
        names (``selling``): hold out for its last counter, or take the standing bid when that
        is worth more over what its bids so far say of its private error."""
        p = obs.pending
        assert isinstance(p, PendingHaggle) and p.buyer is not None and p.bid is not None
        why = capitalised(describe(obs, stake))
        who = label(self.roster, obs.names, p.buyer)
        rounds, chips = p.rounds, obs.chips[p.buyer]
        cs = selling.consistent(selling.buyer_curves(named, obs, p.buyer, stake), rounds, chips,
                                self.seat, p.offers)
        kind, price = selling.hold_or_take(cs, rounds, chips, lim.sell, p.bid, p.bids, p.asks,
                                           p.ask, holdout_opening(named, obs, p.buyer, stake,
                                                                  rounds))
        counter = template(obs, "counter")
        if kind == "counter" and counter is not None:
            return Decision(Action(self.seat, "counter", counter.clamp(price)),
                            f"{why}; {who} gives way as the haggle goes on, so I hold out.")
        if kind == "accept":
            return Decision(Action(self.seat, "accept"), f"{why}; {p.bid} is as much as {who} "
                            f"is likely to pay, and it suits me, I accept.")
        return Decision(Action(self.seat, "decline"), f"{why}; {who}'s best offer is too little "
                        f"for me, so I break off.")

    def _hold_down(self, obs: Observation, stake: Stake, lim: Limits, named: Profile) -> Decision:
        """The expert buying a face-down card from a bot the table names (``buying``): accept
        the standing ask, or rise a chip, whichever is worth more over what the asks so far
        say of the seller's private error."""
        p = obs.pending
        assert isinstance(p, PendingHaggle) and p.ask is not None and p.bid is not None
        why = capitalised(describe(obs, stake))
        who = label(self.roster, obs.names, p.seller)
        chips = obs.chips[self.seat]
        cs = buying.consistent(buying.curves(named, obs, p.seller), p.rounds, chips, self.seat,
                               p.offers)
        choice = buying.answer(cs, lim.buy, p.rounds, chips, p.asks, p.bids, p.bid, p.ask)
        counter = template(obs, "counter")
        if choice == "counter" and counter is not None:
            return Decision(Action(self.seat, "counter", counter.clamp(p.bid + 1)),
                            f"{why}; {who} comes down as the haggle goes on, so I hold back.")
        if choice != "decline" and p.ask <= lim.buy:
            return Decision(Action(self.seat, "accept"), f"{why}; {p.ask} suits me, I accept.")
        return Decision(Action(self.seat, "decline"), f"{why}; {who} asks more than the card is "
                        f"worth to me, so I break off.")

    # ------------------------------------------------------------------ face-down purchases

    def _hold_down_offer(self, obs: Observation, stake: Stake, lim: Limits, owners: list[int],
                         most: int, history: History) -> Decision | None:
        """The best offer for a face-down card of a bot the table names, or None if no such
        offer is worth making. A casual or beginner owner: the haggle worth most to hold down
        (``buying``), whenever its expected gain is positive (unlike the other levels' ``LIKELY``
        rule: a long shot at a chip is worth a try, and at the weak table the expert still
        makes fewer offers than before it held down). An expert owner has
        no random error and takes a price near the least it takes at once (``_haggle``'s
        ``close``), so that price, rounded up. Never a price the owner has refused since the
        last card was turned up (issue 26; a noisy owner's error is drawn afresh for each state
        of the table, so an older refusal says nothing of what it takes now)."""
        rounds, chips = obs.rules.negotiation_rounds, obs.chips[self.seat]
        refused = refusals(since_reveal(history), len(obs.names), obs.hand)
        naive = naive_value(obs, stake)
        best: tuple[float, int, int, Profile] | None = None
        for o in owners:
            named = profile(self.roster, o)
            if named is None:
                continue
            # only this state's refusals: the read's memory of the whole match is not for it
            low = above_refused(Read(), refused[o], stake.fair, naive)
            if named.level.reads_table:
                least = known_sell_floor(named, obs, o, 0.0)
                first = max(low, math.ceil(least))
                close = first - least <= CLOSE * least + 0.5
                value, chance = lim.buy - first, 1.0 if close else 0.0
            else:
                cs = buying.curves(named, obs, o)
                first = max(low, buying.opening(cs, rounds))
                value, chance = buying.offer_value(cs, lim.buy, rounds, chips, first)
            if first > most or chance <= 0 or value <= 0:
                continue
            if best is None or value > best[0]:
                best = (value, o, first, named)
        if best is None:
            return None
        _, owner, price, seller = best
        who = label(self.roster, obs.names, owner)
        why = capitalised(describe(obs, stake))
        if not seller.level.reads_table:
            return Decision(Action(self.seat, "offer", price, owner, 0),
                            f"{why}; offering {who} {price} for their top card: they come down to "
                            f"the least they will take by their last counter, so I start low.")
        return Decision(Action(self.seat, "offer", price, owner, 0),
                        f"{why}; offering {who} {price} for their top card, a price an expert "
                        f"who judges the odds as I do should take.")

    def _market(self, obs: Observation, stake: Stake, lim: Limits, rng: Random,
                reads: tuple[Read, ...] | None, history: History) -> Decision:
        t = template(obs, "offer")
        why = describe(obs, stake)
        top = math.floor(lim.buy)
        if t is None or top < 1 or not t.cards:
            return Decision(Action(self.seat, "pass"), f"{capitalised(why)}; nothing worth buying, "
                            f"I pass.")
        owners = sorted({o for o, _ in t.cards}, key=lambda o: (-obs.stacks[o], o))
        if reads is not None and self.holds_down:
            d = self._hold_down_offer(obs, stake, lim, owners, min(top, t.price_max or top),
                                      history)
            if d is not None:
                return d
            # a seat the table names is priced above; only the others are read from the log
            owners = [o for o in owners if profile(self.roster, o) is None]
            if not owners:
                return Decision(Action(self.seat, "pass"), f"{capitalised(why)}; nobody here "
                                f"would sell one for what it is worth to me, I pass.")
        opening = math.floor(lim.buy * (1 - self.persona.opening))
        owner, price, eager = owners[0], opening, rng.random() < self.persona.appetite
        if reads is not None:
            naive = naive_value(obs, stake)
            floors = {o: reads[o].value("floor", stake.fair, naive) for o in owners}
            owner = min(owners, key=lambda o: (floors[o], -obs.stacks[o], o))
            if reads[owner].n and floors[owner] < lim.buy:
                price, eager = math.floor(floors[owner] * 0.9), True
            elif 1 <= naive < lim.buy:
                # A rank-only judge undervalues a face-down card while a high trump shows: ask
                # the owner likeliest to judge that way for one at its rank-only value.
                owner = max(owners, key=lambda o: (reads[o].naive_chance(), obs.stacks[o], -o))
                price, eager = math.floor(naive), True
        elif not self.level.exact:
            owner = owners[rng.randrange(len(owners))]
        price = clamp(price, 1, min(top, t.price_max or top))
        if not eager or price > top:
            return Decision(Action(self.seat, "pass"), f"{capitalised(why)}; I'll not buy blind this "
                            f"time.")
        if reads is not None:
            # never again a price this owner refused while the table stood as it does now (a
            # person's standing answer refuses the same offer every time: the experts offered
            # a player 1, 2 and 3 chips over and over, issue 45, item 3)
            naive = naive_value(obs, stake)
            now = refusals(since_reveal(history), len(obs.names), obs.hand)[owner]
            price = max(price, above_refused(Read(), now, stake.fair, naive))
            if price > min(top, t.price_max or top):
                return Decision(Action(self.seat, "pass"), f"{capitalised(why)}; "
                                f"{obs.names[owner]} has refused as much as the card is worth to "
                                f"me, I pass.")
        if reads is None:  # (the expert's offers come from its reads of each owner, above)
            table = self._reads(history, len(obs.names))
            refused = refusals(history, len(obs.names), obs.hand)
            # the card's worth by this bot's own lights: a rank-only judge knows no other
            naive = naive_value(obs, stake)
            fair = stake.fair if self.level.exact else naive
            hope = [o for o in owners
                    if _acceptance(table[o], refused[o], top, fair, naive) >= LIKELY]
            if not hope:
                return Decision(Action(self.seat, "pass"), f"{capitalised(why)}; nobody here would "
                                f"sell one for what it is worth to me, I pass.")
            owner = owner if owner in hope else hope[0]
            # never again a price this owner has refused, for the card's worth, this hand
            price = max(price, above_refused(table[owner], refused[owner], fair, naive))
            if price > min(top, t.price_max or top):
                return Decision(Action(self.seat, "pass"), f"{capitalised(why)}; nobody here would "
                                f"sell one for what it is worth to me, I pass.")
        return Decision(Action(self.seat, "offer", price, owner, 0),
                        f"{capitalised(why)}; offering {obs.names[owner]} {price} for their top card.")


def holds_out(buyer: Profile, context: str, face_down: bool = True) -> bool:
    """Whether the expert selling to the named ``buyer`` in a haggle of ``context`` holds out
    for its last counter: always for the trump (the sale search chose the haggle), and for a
    face-down card (``face_down``) when the buyer concedes along its curve without reading the
    table (a beginner, casual or skilled bot; an expert buyer opens at its reads).

    >>> from speculation.bots.table import profile
    >>> holds_out(profile(("casual/mary",), 0), "market"), holds_out(profile(("expert/mary",), 0), "market")
    (True, False)
    """
    return context == "sale" or (face_down and not buyer.level.reads_table)


def since_reveal(history: History) -> History:
    """The part of ``history`` since the last card was turned up (or dealt): while no card is
    turned up, a noisy bot's random error stays the same (``TraderBot.perceived`` draws it for
    each state of the table), so a price it refused then it refuses again."""
    last = max((i for i, e in enumerate(history) if e.action.kind in ("reveal", "deal")),
               default=-1)
    return history[last + 1:]


def refusals(history: History, seats: int, hand: int) -> tuple[Pair, ...]:
    """Per seat, the highest price (as multiples of the fair and of the rank-only value) it has
    been offered for one of its face-down cards and did not take, refusing or countering, in
    hand number ``hand``: all public, from the log.

    >>> from speculation.bots.history import Entry
    >>> offer = Entry(Action(1, "offer", 1, 0, 0), 1, "market", 16, 1.25, 1, "buyer", 1.0)
    >>> ask = Entry(Action(0, "counter", 2), 1, "negotiation", 16, 1.25, 2, "seller", 1.0)
    >>> refusals((offer, ask), 2, 1), refusals((offer, ask), 2, 2)
    (((0.8, 1.0), (None, None)), ((None, None), (None, None)))
    """
    out: list[Pair] = [(None, None)] * seats
    bid: int | None = None  # the standing bid in a haggle for a face-down card, if one is on
    for e in history:
        k = e.action.kind
        if e.hand != hand:
            continue
        if k == "offer":
            bid = e.price
        elif bid is not None and e.phase == "negotiation":
            if e.role == "buyer" and k == "counter":
                bid = e.price
            elif e.role == "seller" and k in ("counter", "decline") and 0 <= e.action.seat < seats:
                f, n = out[e.action.seat]
                out[e.action.seat] = (_top(f, _ratio(bid, e.fair)), _top(n, _ratio(bid, e.naive)))
            if k in ("accept", "decline"):
                bid = None
        else:
            bid = None
    return tuple(out)


def _ratio(price: int, value: float) -> float | None:
    return price / value if value >= 0.5 else None


def _top(a: float | None, b: float | None) -> float | None:
    return b if a is None else a if b is None else max(a, b)


def _acceptance(r: Read, refused: Pair, top: int, fair: float, naive: float) -> float:
    """The chance, as the table has shown it, that a seat read as ``r`` sells one face-down card
    (worth ``fair``, ``naive`` to a rank-only judge) for at most ``top``: its least price is its
    read floor on each yardstick (a stranger's: the yardstick itself), weighted by the chance
    that it judges that way, with a log-normal spread; none at all if by either yardstick it
    has already refused as much as ``top`` (a price it refused it will refuse again).

    >>> none = (None, None)
    >>> round(_acceptance(Read(), none, 1, 1.5, 1.5), 3), round(_acceptance(Read(), none, 2, 1.5, 1.5), 2)
    (0.021, 0.92)
    >>> _acceptance(Read(), (1.4, 1.4), 2, 1.5, 1.5)  # it refused 2.1 for a card worth 1.5
    0.0
    """
    if top < 1:
        return 0.0
    yardsticks = ((FAIR, fair), (NAIVE, naive))
    for basis, value in yardsticks:
        held = _top(r.held[basis], refused[basis])
        if held is not None and value > 0 and top <= held * value:
            return 0.0  # it has refused this much, for the card's worth, before
    p = r.naive_chance() if naive >= 0.5 else 0.0
    out = 0.0
    for weight, (basis, value) in zip((1.0 - p, p), yardsticks, strict=True):
        least = r.floor(basis) * value
        if weight > 0:
            out += weight * (1.0 if least <= 0 else _NORMAL.cdf(math.log(top / least) / SD_OWNER))
    return out


def above_refused(r: Read, refused: Pair, fair: float, naive: float) -> int:
    """The least whole price above every price the owner read as ``r`` has refused for a card
    like this (as multiples of its worth, ``fair`` and, to a rank-only judge, ``naive``): an
    offer at or below it would be refused again, so it is not made (issue 26: a casual buyer
    offered 1 chip five times in one hand to an owner who refused 1 chip each time).
    0 when it has refused nothing.

    >>> none = (None, None)
    >>> above_refused(Read(), none, 1.5, 1.5)
    0
    >>> above_refused(Read(), (0.72, 0.75), 1.51, 1.51)   # it refused 1 for a card worth 1.39
    2
    """
    least = 0
    for basis, value in ((FAIR, fair), (NAIVE, naive)):
        held = _top(r.held[basis], refused[basis])
        if held is not None and value > 0:
            # (a refused 1 chip for a card worth 0.838 is held as 1.1927×: times 0.838 that is
            # 0.99999…, and the floor must not make it 0 and offer the same chip again)
            least = max(least, math.floor(held * value + 1e-9) + 1)
    return least


def _owns(obs: Observation, seat: int, stake: Stake) -> bool:
    """Whether ``seat`` owns the stake (the trump it holds, or its own card being haggled):
    the engine's ``DecisionContext.owner``."""
    ctx = obs.context
    return ctx is not None and ctx.owner == seat
