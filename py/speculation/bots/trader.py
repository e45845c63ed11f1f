"""The trading bot behind every level and personality.

Each decision starts from what is at stake and this bot's limits for it (``valuation``: the
level's view of the odds, the personality's risk attitude, the level's margin) and picks the
legal action that fits: keep or sell (and how), accept or decline, bid or pass, offer, counter or
accept in a haggle, make or answer an offer for a face-down card.

The expert is the same trader with parts the lower levels lack, each switched on by a capability
its ``Level`` states: it counts the next deal in its prices (``valuation.worth_to``), reads every
seat from the log and prices by those reads (``model``), chooses how to sell the trump by
searching every way (``sale``), and exploits the bots the table names (``exploits``). A lab bot
changes one of the decisions by overriding its hook (``sell``, ``haggle``, ``market``), each
given the whole ``Turn``.

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
from dataclasses import dataclass, replace
from random import Random

from ..actions import Action
from ..observation import Observation, PendingAuction, PendingFirm, PendingHaggle
from ..text import capitalised
from .decision import Decision, clamp, forced, rng_for, template
from .exploits import Exploits
from .history import History
from .levels import Level
from .model import LIKELY, Read, TableReader, above_refused, acceptance, refusals, since_reveal
from .personalities import Personality
from .pricing import Stake, describe, naive_value, sell_floor, stake_of
from .sale import SAMPLES, SaleSearch, expert_sale
from .table import Roster
from .valuation import (
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


@dataclass(frozen=True, slots=True)
class Turn:
    """What one decision starts from: the seat's view (``obs``), the ``stake``, this bot's limits
    for it (``lim``), the bot's random draws for this turn (``rng``), the public log
    (``history``) and, for a level that reads the table, its ``reads`` of every seat (else
    None)."""

    obs: Observation
    stake: Stake
    lim: Limits
    rng: Random
    history: History
    reads: tuple[Read, ...] | None

    @property
    def why(self) -> str:
        """Why the stake is worth what it is, as a reason's opening words."""
        return capitalised(describe(self.obs, self.stake))


class TraderBot:
    """A bot of one level and personality for one seat. ``roster``: who the table says sits
    where; ``budget`` and ``sale_only``: the sale search's node budget and a yardstick's
    restriction of its plans (``sale``). ``sale_samples`` and ``exact_auction``: how many
    simulated tables the sale search scores and whether it plays an auction out bid by bid (a
    lab bot changes them to measure the search)."""

    sale_samples = SAMPLES
    exact_auction = True

    def __init__(self, level: Level, personality: Personality, seed: int, seat: int,
                 budget: int = BUDGET, roster: Roster = (), sale_only: frozenset[str] = frozenset()
                 ) -> None:
        self.level, self.persona, self.seed, self.seat = level, personality, seed, seat
        self.budget, self.roster = budget, tuple(roster)
        self.sale_only = sale_only
        self.budget_hits = 0
        self.reader = TableReader()
        self.exploits = Exploits(seat, self.roster) if level.exploits_named else None

    # ------------------------------------------------------------------ entry point

    def decide(self, obs: Observation, history: History) -> Decision:
        """The decision for ``obs`` (which must be this seat's, with legal templates)."""
        d = forced(obs)
        if d is not None:
            return d
        stake = stake_of(obs)
        lim = self.limits(obs, stake)
        reads = self.reader.reads(history, len(obs.names)) if self.level.reads_table else None
        turn = Turn(obs, stake, lim, rng_for(self.seed, self.seat, len(history)), history, reads)
        d = self.choose(turn)
        return replace(d, private=(lim.buy, lim.sell, *d.private))

    def choose(self, turn: Turn) -> Decision:
        """The hook for ``turn``'s phase."""
        phase = turn.obs.phase
        if phase == "sale":
            return self.sell(turn)
        if phase == "firm":
            return self._firm(turn.obs, turn.stake, turn.lim)
        if phase == "auction":
            return self._bid(turn.obs, turn.stake, turn.lim)
        if phase == "auction_confirm":
            return self._confirm(turn.obs, turn.stake, turn.lim)
        if phase == "negotiation":
            return self.haggle(turn)
        if phase == "market":
            return self.market(turn)
        t = turn.obs.legal[0]
        return Decision(t.example(), f"Only {t.kind} makes sense here.")

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

    def prize(self, obs: Observation) -> float:
        """What taking this hand's pot is worth to this bot: the pot, and dealing the next hand
        too for a level that counts the deal (``valuation.worth_to``; 0 on the last hand)."""
        return worth_to(self.level, obs)

    def limits(self, obs: Observation, stake: Stake) -> Limits:
        """Most this bot pays and least it takes for ``stake``, margin included
        (``valuation.limits_at``, the formula the expert's models of named bots use too)."""
        mine, share = stake_chances(self.level, obs, self.seat, stake)
        return limits_at(self.level, self.persona, mine, share, _owns(obs, self.seat, stake),
                         self.prize(obs), self.error(obs, stake))

    # ------------------------------------------------------------------ selling a face-up card

    def sell(self, turn: Turn) -> Decision:
        """Keep the trump or sell it, and how: by the sale search for a level that searches,
        else by the personality's favourite way that can reach its floor."""
        obs, stake, lim, rng = turn.obs, turn.stake, turn.lim, turn.rng
        why = describe(obs, stake)
        floor = max(1, math.ceil(lim.sell))
        if self.persona.passive and rng.random() < self.persona.passive:
            return Decision(Action(self.seat, "keep"), f"{capitalised(why)}; I'm content to keep it.")
        if self.level.searches_sales:
            return self._searched_sale(turn, floor)
        for method in self.persona.methods:
            d = self._sale_by(method, obs, floor, why)
            if d is not None:
                return d
        return Decision(Action(self.seat, "keep"), f"{capitalised(why)}; nobody here can pay what it "
                        f"is worth to me, so I keep it.")

    def _searched_sale(self, turn: Turn, floor: int) -> Decision:
        """The sale search's plan (``sale.expert_sale``), or keep the card."""
        obs, stake = turn.obs, turn.stake
        reads = turn.reads or self.reader.reads(turn.history, len(obs.names))
        base, share = self.perceived(obs, stake)
        prize = self.prize(obs)
        worth = sell_floor(base + share, share, prize, self.persona.rho)
        # one of its face-down cards, to it once the trump is gone (what a later sale of one to
        # the trump's buyer must beat)
        per_card = float(obs.odds.per_card)
        card = (sell_floor(base, per_card, prize, self.persona.rho)
                if obs.stacks[self.seat] else None)
        search = SaleSearch(self.seat, self.persona.methods, self.budget, self.roster,
                            self.sale_only, card, self.sale_samples, self.exact_auction)
        plan, hit = expert_sale(search, obs, stake, worth, floor, reads, turn.rng)
        self.budget_hits += hit
        if plan is not None:
            return plan
        return Decision(Action(self.seat, "keep"), f"{turn.why}; I don't expect anyone here to "
                        f"pay what it is worth, so I keep it.")

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

    def haggle(self, turn: Turn) -> Decision:
        """A move in a haggle: the exploits' against a named bot they apply to, else the reply
        every trading bot makes on its curve (``valuation.reply``), which a reader of the table
        opens at its read of the other side and closes near its limit."""
        obs, stake, lim, reads = turn.obs, turn.stake, turn.lim, turn.reads
        p = obs.pending
        assert isinstance(p, PendingHaggle)  # only called in the negotiation phase
        if self.exploits is not None:
            d = self.exploits.haggle(obs, stake, lim)
            if d is not None:
                return d
        why = describe(obs, stake)
        seller = p.seller == self.seat
        other = p.buyer if seller else p.seller
        counter = template(obs, "counter")
        if seller:
            mine_made, theirs = p.asks, p.bid
            limit = lim.sell
            start = curve(self.persona, limit, seller).start
            if reads is not None and other is not None:
                # A reader opens at what it has read this buyer will pay (fair value for a
                # stranger), not at a fixed mark-up that a fair-value judge would refuse.
                top = reads[other].value("ceiling", stake.fair, naive_value(obs, stake))
                start = max(limit, min(top, obs.chips[other]))
        else:
            mine_made, theirs = p.bids, p.ask
            limit = lim.buy
            start = curve(self.persona, limit, seller).start
            if reads is not None and other is not None and reads[other].n:
                start = min(start, reads[other].value("floor", stake.fair, naive_value(obs, stake)))
        bounds = counter.bounds() if counter is not None else None
        kind, price = reply(Curve(limit, start, self.persona.concession), seller, mine_made,
                            p.rounds, theirs, bounds, close=reads is not None)
        if kind == "accept":
            return Decision(Action(self.seat, "accept"), f"{capitalised(why)}; {theirs} suits me, "
                            f"I accept.")
        if kind == "counter":
            word = "asking" if seller else "offering"
            planned = concede(start, limit, mine_made, p.rounds, self.persona.concession)
            return Decision(Action(self.seat, "counter", price),
                            f"{capitalised(why)}; {word} {price} instead.", (planned,))
        who = obs.names[other] if other is not None else "them"
        return Decision(Action(self.seat, "decline"), f"{capitalised(why)}; no price I'd take is "
                        f"acceptable to {who}, so I break off.")

    # ------------------------------------------------------------------ face-down purchases

    def market(self, turn: Turn) -> Decision:
        """Offer for a face-down card, or pass: the exploits' offer to a named bot first, then
        a reader's offer by its reads, else an offer the owner is likely enough to take."""
        obs, stake, lim, rng, reads, history = (turn.obs, turn.stake, turn.lim, turn.rng,
                                                turn.reads, turn.history)
        t = template(obs, "offer")
        why = describe(obs, stake)
        top = math.floor(lim.buy)
        if t is None or top < 1 or not t.cards:
            return Decision(Action(self.seat, "pass"), f"{capitalised(why)}; nothing worth buying, "
                            f"I pass.")
        owners = sorted({o for o, _ in t.cards}, key=lambda o: (-obs.stacks[o], o))
        if self.exploits is not None and self.exploits.holds_down:
            d = self.exploits.hold_down_offer(obs, stake, lim, owners,
                                              min(top, t.price_max or top), history)
            if d is not None:
                return d
            # a seat the table names is priced above; only the others are read from the log
            owners = self.exploits.unnamed(owners)
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
            table = self.reader.reads(history, len(obs.names))
            refused = refusals(history, len(obs.names), obs.hand)
            # the card's worth by this bot's own lights: a rank-only judge knows no other
            naive = naive_value(obs, stake)
            fair = stake.fair if self.level.exact else naive
            hope = [o for o in owners
                    if acceptance(table[o], refused[o], top, fair, naive) >= LIKELY]
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


def _owns(obs: Observation, seat: int, stake: Stake) -> bool:
    """Whether ``seat`` owns the stake (the trump it holds, or its own card being haggled):
    the engine's ``DecisionContext.owner``."""
    ctx = obs.context
    return ctx is not None and ctx.owner == seat
