"""Three learning yardsticks (issue 23, deliverable 2), each the expert with one idea added.

* ``AdaptiveBot`` (``yard/adaptive``): an adaptive cross-hand opponent modeller. From the public
  log of the whole match it keeps, for every other seat, a posterior over the most it pays and
  the least it sells for, each as a multiple of a yardstick (the exact fair value, or the value a
  rank-only judge puts on the card), with the yardstick itself weighed by how well it explains
  that seat's prices (``SeatModel``). A price a seat accepted says its limit reaches that far; a
  price it refused says it does not. It prices its face-down offers, its answers in a haggle and
  (for seats the table does not name) the buyers in its sale search from those posteriors, by
  the expected gain of each price.
* ``HedgeBot`` (``yard/hedge``): a no-regret pricer. When the expert would sell the trump by a
  firm price, or offer for a face-down card, it names instead a multiple of fair value, drawn
  by EXP3 from a small grid (``ASKS``, ``OFFERS``); the weights are replayed from
  the public log, crediting each of its own asks and offers with the luck-adjusted gain it
  earned (nothing when refused). Its draws come from ``rng_for``, so it is deterministic given
  its seed and the log.
* ``UndercutBot`` (``yard/undercut``): a one-chip undercutter. In a haggle it answers one chip
  inside the other side's last price (when that is within its own limit); in the market it
  offers one chip more than the best price anyone has offered this hand for a face-down card of
  that owner; an auction it already bids a chip at a time, as the expert does. Otherwise it is
  the expert.

Every one of them is a pure function of the observation, the public log, the roster and its
seed, and no reason it gives states its own limit.

>>> from speculation.game import Game
>>> from speculation.actions import Action
>>> from speculation.observation import observe
>>> from speculation.bots.history import public_history
>>> g = Game(["A", "B", "C"], seed=3)
>>> _ = g.apply(Action(0, "deal"))
>>> for cls in (AdaptiveBot, HedgeBot, UndercutBot):
...     bot = cls(seed=1, seat=g.to_act, roster=("casual/edmund", "beginner/edmund", None))
...     d = bot.decide(observe(g, g.to_act), public_history(g))
...     assert g.is_legal(d.action) and d.reason
>>> m = SeatModel().saw("buy", 1.2, None, True).saw("buy", 1.5, None, False)
>>> 1.2 < m.mean("buy", 0) < 1.5
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from random import Random

from speculation.actions import Action
from speculation.bots.decision import Decision, clamp, rng_for, template
from speculation.bots.history import Entry, History
from speculation.bots.levels import LEVELS
from speculation.bots.model import FAIR, NAIVE, Read, refusals
from speculation.bots.personalities import PERSONALITIES
from speculation.bots.pricing import describe, naive_value
from speculation.bots.table import Roster, profile
from speculation.bots.trader import TraderBot, Turn
from speculation.observation import Observation, PendingHaggle
from speculation.text import capitalised

EXPERT = (LEVELS["expert"], PERSONALITIES["edmund"])

# ---------------------------------------------------------------------- the adaptive modeller

STEPS = 41  # grid points of the log-multiplier
LO, HI = math.log(0.4), math.log(2.5)
GRID = tuple(LO + (HI - LO) * k / (STEPS - 1) for k in range(STEPS))
PRIOR_SD = 0.3  # prior spread of a stranger's multiplier around 1 (in log units)
NOISE = 0.15  # how far a seat's own price may stray from its multiplier in one decision
SIDES = ("buy", "sell")
MIN_GAIN = 0.05  # chips of expected gain below which an offer is not worth making
RETRY = 0.5  # chance that a buyer or seller who refuses a counter still answers with another


def _cdf(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def _prior(centre: float = 0.0) -> tuple[float, ...]:
    return tuple(-((g - centre) ** 2) / (2 * PRIOR_SD ** 2) for g in GRID)


@dataclass(frozen=True, slots=True)
class SeatModel:
    """What the log has shown about one seat: per side (``"buy"``: the most it pays,
    ``"sell"``: the least it takes) and per yardstick (``FAIR``, ``NAIVE``) a log-posterior over
    ``GRID`` (multiples of that yardstick, in logs), and per yardstick the log of how well it
    has predicted the seat's choices so far (its evidence).

    >>> m = SeatModel()
    >>> round(m.mean("buy", FAIR), 2), round(m.naive_weight(), 2)
    (1.05, 0.5)
    >>> m.saw("sell", None, None, False) is m  # a price with no yardstick says nothing
    True
    """

    post: tuple[tuple[tuple[float, ...], ...], ...] = ((_prior(), _prior()), (_prior(), _prior()))
    evidence: tuple[float, float] = (0.0, 0.0)

    @staticmethod
    def named(bot_id: str | None) -> SeatModel:
        """The prior for a seat the table names: a beginner judges by rank, every other level by
        the odds; a skilled bot asks its margin on each side."""
        p = profile((bot_id,), 0)
        if p is None:
            return SeatModel()
        m = math.log(1 + p.level.margin) if p.level.margin else 0.0
        post = ((_prior(-m), _prior(-m)), (_prior(m), _prior(m)))
        ev = (-3.0, 0.0) if not p.level.exact else (0.0, -3.0)
        return SeatModel(post, ev)

    def naive_weight(self) -> float:
        """Chance that this seat judges by rank alone."""
        a, b = self.evidence[NAIVE], self.evidence[FAIR]
        top = max(a, b)
        return math.exp(a - top) / (math.exp(a - top) + math.exp(b - top))

    def _weights(self, side: str, basis: int) -> list[float]:
        lp = self.post[SIDES.index(side)][basis]
        top = max(lp)
        w = [math.exp(x - top) for x in lp]
        s = sum(w)
        return [x / s for x in w]

    def mean(self, side: str, basis: int) -> float:
        """The posterior mean multiplier on one side and yardstick."""
        return sum(w * math.exp(g) for w, g in zip(self._weights(side, basis), GRID, strict=True))

    def saw(self, side: str, fair: float | None, naive: float | None, reaches: bool) -> SeatModel:
        """Updated with one choice: at a price ``fair`` (``naive``) times the yardstick, the
        seat's limit on ``side`` reached the price (``reaches``: it bid, paid or would sell
        there) or did not (it refused)."""
        if fair is None and naive is None:
            return self
        i = SIDES.index(side)
        post: list[list[tuple[float, ...]]] = [list(p) for p in self.post]
        ev = list(self.evidence)
        for basis, r in ((FAIR, fair), (NAIVE, naive)):
            if r is None or r <= 0:
                continue
            x = math.log(r)
            w = self._weights(side, basis)
            like = []
            for g in GRID:
                # a buyer's limit reaches x when g >= x; a seller's floor when g <= x
                d = (g - x) if side == "buy" else (x - g)
                p = _cdf(d / NOISE) if reaches else _cdf(-d / NOISE)
                like.append(min(max(p, 1e-9), 1.0))
            ev[basis] += math.log(max(1e-12, sum(a * b for a, b in zip(w, like, strict=True))))
            post[i][basis] = tuple(lp + math.log(q)
                                   for lp, q in zip(post[i][basis], like, strict=True))
        return SeatModel((tuple(post[0]), tuple(post[1])), (ev[0], ev[1]))

    def chance(self, side: str, price: float, fair: float, naive: float,
               given: float | None = None) -> float:
        """The chance that this seat's limit on ``side`` reaches ``price`` for a stake worth
        ``fair`` (``naive`` to a rank-only judge): a buyer pays at least ``price``, a seller
        takes at most it; ``given``, a price the seat has already met in this haggle."""
        pn = self.naive_weight() if naive >= 0.5 else 0.0
        out = 0.0
        for basis, value, weight in ((FAIR, fair, 1 - pn), (NAIVE, naive, pn)):
            if weight <= 0 or value < 0.5:
                continue
            x = math.log(max(price, 0.01) / value)
            y = None if given is None else math.log(max(given, 0.01) / value)
            num = den = 0.0
            for w, g in zip(self._weights(side, basis), GRID, strict=True):
                d = (g - x) if side == "buy" else (x - g)
                p = _cdf(d / NOISE)
                if y is not None:
                    q = _cdf(((g - y) if side == "buy" else (y - g)) / NOISE)
                    num, den = num + w * p * q, den + w * q
                else:
                    num, den = num + w * p, den + w
            out += weight * (num / den if den > 0 else 0.0)
        return out


def _ratios(price: int | None, e: Entry) -> tuple[float | None, float | None]:
    if price is None:
        return None, None
    return (price / e.fair if e.fair >= 0.5 else None,
            price / e.naive if e.naive >= 0.5 else None)


def learn(models: list[SeatModel], history: History, state: list[int | None]) -> None:
    """Update ``models`` (one per seat) with every choice in ``history``. ``state`` carries the
    standing bid of a haggle across calls (one element)."""
    seats = len(models)
    for e in history:
        s, k = e.action.seat, e.action.kind
        if not 0 <= s < seats or not e.role:
            if e.phase != "negotiation":
                state[0] = None
            continue
        m = models[s]
        if e.phase != "negotiation" and k != "offer":
            state[0] = None
        fair, naive = _ratios(e.price, e)
        if e.role == "buyer":
            if k in ("bid", "offer", "counter", "accept"):
                m = m.saw("buy", fair, naive, True)
            elif k in ("decline", "pass") and e.phase != "market":
                m = m.saw("buy", fair, naive, False)
            if k in ("offer", "counter"):
                state[0] = e.price
        elif e.role == "seller":
            if k in ("sell_firm", "sell_auction", "sell_negotiate", "counter", "accept"):
                m = m.saw("sell", fair, naive, True)
            if k == "decline":  # the bid it refused (or, after an auction, the top bid)
                m = m.saw("sell", *_ratios(e.price if state[0] is None else state[0], e), False)
        if k in ("accept", "decline") and e.phase == "negotiation":
            state[0] = None
        models[s] = m


class AdaptiveBot(TraderBot):
    """``yard/adaptive``: the expert, pricing every counterparty by its ``SeatModel``."""

    def __init__(self, seed: int, seat: int, roster: Roster = ()) -> None:
        super().__init__(*EXPERT, seed, seat, roster=roster)
        self._history: History = ()
        self._models: tuple[int, object, list[SeatModel], list[int | None]] = (0, None, [], [None])

    def models(self, history: History, seats: int) -> list[SeatModel]:
        """One ``SeatModel`` per seat from the whole log (extended incrementally when the log
        extends the last one seen: the result is the same either way)."""
        n, last, models, state = self._models
        if not (n and n <= len(history) and history[n - 1] is last and len(models) == seats):
            names = tuple(self.roster) + (None,) * seats
            models, state, n = [SeatModel.named(names[s]) for s in range(seats)], [None], 0
        models = list(models)
        state = list(state)
        learn(models, history[n:], state)
        self._models = (len(history), history[-1] if history else None, models, state)
        return models

    def decide(self, obs: Observation, history: History) -> Decision:
        self._history = history
        return super().decide(obs, history)

    def market(self, turn: Turn) -> Decision:
        obs, stake, lim, history = turn.obs, turn.stake, turn.lim, turn.history
        t = template(obs, "offer")
        why = capitalised(describe(obs, stake))
        top = math.floor(lim.buy)
        if t is None or top < 1 or not t.cards:
            return Decision(Action(self.seat, "pass"), f"{why}; nothing worth buying, I pass.")
        models = self.models(history, len(obs.names))
        naive = naive_value(obs, stake)
        best: tuple[float, int, int] | None = None
        for owner in sorted({o for o, _ in t.cards}):
            for price in range(1, min(top, t.price_max or top) + 1):
                gain = models[owner].chance("sell", price, stake.fair, naive) * (lim.buy - price)
                if best is None or gain > best[0]:
                    best = (gain, owner, price)
        if best is None or best[0] < MIN_GAIN:
            return Decision(Action(self.seat, "pass"), f"{why}; nobody here looks likely to sell "
                            f"one for what it is worth to me, I pass.")
        _, owner, price = best
        return Decision(Action(self.seat, "offer", price, owner, 0),
                        f"{why}; offering {obs.names[owner]} {price} for their top card: that is "
                        f"the kind of price they have taken.")

    def haggle(self, turn: Turn) -> Decision:
        obs, stake, lim = turn.obs, turn.stake, turn.lim
        p = obs.pending
        assert isinstance(p, PendingHaggle)
        seller = p.seller == self.seat
        other = p.buyer if seller else p.seller
        if _selling_trump_to_named(self, p):
            return super().haggle(turn)  # the expert's hold-out
        why = capitalised(describe(obs, stake))
        model = self.models(self._history, len(obs.names))[other]
        naive = naive_value(obs, stake)
        counter = template(obs, "counter")
        theirs = p.bid if seller else p.ask
        side = "buy" if seller else "sell"
        # what each answer is worth: taking their price, or a counter they take with the chance
        # their posterior (given what they have already offered) gives, else maybe another round
        take = None if theirs is None else (theirs - lim.sell if seller else lim.buy - theirs)
        best: tuple[float, int | None] = (take if take is not None and take >= 0 else -1.0, None)
        if counter is not None:
            lo, hi = counter.bounds()
            rng = range(max(lo, math.ceil(lim.sell)), hi + 1) if seller else \
                range(lo, min(hi, math.floor(lim.buy)) + 1)
            for x in rng:
                gain = x - lim.sell if seller else lim.buy - x
                pc = model.chance(side, x, stake.fair, naive, theirs)
                v = pc * gain + (1 - pc) * RETRY * max(0.0, take or 0.0)
                if v > best[0] + 1e-9:
                    best = (v, x)
        if best[1] is not None:
            word = "asking" if seller else "offering"
            return Decision(Action(self.seat, "counter", best[1]),
                            f"{why}; {word} {best[1]} instead.")
        if take is not None and take >= 0:
            return Decision(Action(self.seat, "accept"), f"{why}; {theirs} suits me, I accept.")
        return Decision(Action(self.seat, "decline"), f"{why}; no price I'd take is acceptable "
                        f"to {obs.names[other]}, so I break off.")

    def sell(self, turn: Turn) -> Decision:
        if turn.reads is not None:
            models = self.models(self._history, len(turn.obs.names))
            reads = tuple(_as_read(m) if profile(self.roster, s) is None else r
                          for s, (m, r) in enumerate(zip(models, turn.reads, strict=True)))
            turn = replace(turn, reads=reads)
        return super().sell(turn)


def _selling_trump_to_named(bot: TraderBot, p: PendingHaggle) -> bool:
    """Whether ``bot`` is selling the trump to a bot the table names: the expert's hold-out
    (``exploits``), which every learner keeps."""
    return p.seller == bot.seat and p.context == "sale" and profile(bot.roster, p.buyer) is not None


def _as_read(m: SeatModel) -> Read:
    """A ``Read`` for the sale search whose ceiling on each yardstick is the posterior mean and
    whose rank-only chance is the posterior's (through ``fit``: a squared log-ratio gap that
    ``Read.naive_chance`` turns back into that chance)."""
    pn = min(max(m.naive_weight(), 1e-6), 1 - 1e-6)
    gap = 2 * 0.3 ** 2 * math.log(pn / (1 - pn))  # fit[FAIR] - fit[NAIVE]
    fit = (max(gap, 0.0), max(-gap, 0.0))
    paid = (m.mean("buy", FAIR), m.mean("buy", NAIVE))
    return Read(paid=paid, refused=(paid[0] * 1.0001, paid[1] * 1.0001), fit=fit, n=1)


# ---------------------------------------------------------------------- the no-regret pricer

ASKS = (1.0, 1.1, 1.2, 1.35, 1.5)  # a firm ask for the trump, as multiples of its fair value
OFFERS = (0.5, 0.65, 0.8, 0.9, 1.0)  # an offer for a face-down card, as multiples of its value
ETA = 4.0  # EXP3's learning rate (rewards are gains as a fraction of the pot)
GAMMA = 0.1  # its share of uniform exploration


def _nearest(grid: tuple[float, ...], ratio: float) -> int:
    return min(range(len(grid)), key=lambda i: (abs(math.log(grid[i] / ratio)), i))


@dataclass(frozen=True, slots=True)
class Exp3:
    """EXP3 over one grid: the estimated total reward of each arm.

    >>> e = Exp3((0.0, 0.0, 0.0))
    >>> [round(p, 3) for p in e.probs()]
    [0.333, 0.333, 0.333]
    >>> e2 = e.credit(1, 0.2)
    >>> e2.probs()[1] > e.probs()[1]
    True
    """

    total: tuple[float, ...]

    def probs(self) -> list[float]:
        top = max(self.total)
        w = [math.exp(ETA * (x - top)) for x in self.total]
        s, k = sum(w), len(w)
        return [(1 - GAMMA) * x / s + GAMMA / k for x in w]

    def credit(self, arm: int, reward: float) -> Exp3:
        """Credited with ``reward`` for ``arm``, importance-weighted by its current chance."""
        p = self.probs()[arm]
        return Exp3(tuple(x + (reward / p if i == arm else 0.0) for i, x in enumerate(self.total)))

    def draw(self, rng: Random) -> int:
        u, acc = rng.random(), 0.0
        ps = self.probs()
        for i, p in enumerate(ps):
            acc += p
            if u < acc:
                return i
        return len(ps) - 1


def hedge_state(history: History, seat: int) -> tuple[Exp3, Exp3]:
    """The ask and offer learners of ``seat`` replayed from the public log: each of its firm
    asks and face-down offers is matched to the nearest grid margin and credited, once the
    outcome is public, with its luck-adjusted gain as a fraction of the pot (0 if refused).

    >>> from speculation.bots.history import Entry
    >>> ask = Entry(Action(0, "sell_firm", 12), 1, "sale", 20, 10.0, 12, "seller", 10.0)
    >>> yes = Entry(Action(1, "accept"), 1, "firm", 20, 10.0, 12, "buyer", 10.0)
    >>> asks, _ = hedge_state((ask, yes), 0)
    >>> max(range(len(ASKS)), key=lambda i: asks.total[i]) == ASKS.index(1.2)
    True
    """
    asks, offers = Exp3((0.0,) * len(ASKS)), Exp3((0.0,) * len(OFFERS))
    open_ask: tuple[int, float] | None = None  # (arm, luck-adjusted gain if sold / pot)
    open_offer: tuple[int, float, float] | None = None  # (arm, fair, pot)
    for e in history:
        k = e.action.kind
        if open_ask is not None and e.phase != "firm":
            asks, open_ask = asks.credit(open_ask[0], 0.0), None
        if open_ask is not None and k == "accept":
            asks, open_ask = asks.credit(open_ask[0], open_ask[1]), None
        if open_offer is not None:
            arm, fair, pot = open_offer
            if e.phase != "negotiation":
                offers, open_offer = offers.credit(arm, 0.0), None
            elif k == "accept" and e.price is not None:
                offers, open_offer = offers.credit(arm, max(0.0, (fair - e.price) / pot)), None
            elif k == "decline":
                offers, open_offer = offers.credit(arm, 0.0), None
        if e.action.seat != seat or e.price is None or e.fair < 0.5 or e.pot <= 0:
            continue
        if k == "sell_firm":
            open_ask = (_nearest(ASKS, e.price / e.fair), max(0.0, (e.price - e.fair) / e.pot))
        elif k == "offer":
            open_offer = (_nearest(OFFERS, e.price / e.fair), e.fair, float(e.pot))
    return asks, offers


class HedgeBot(TraderBot):
    """``yard/hedge``: the expert, but its firm asks and face-down offers are priced by EXP3."""

    def __init__(self, seed: int, seat: int, roster: Roster = ()) -> None:
        super().__init__(*EXPERT, seed, seat, roster=roster)
        self._history: History = ()

    def decide(self, obs: Observation, history: History) -> Decision:
        self._history = history
        return super().decide(obs, history)

    # The expert chooses whether to sell and how (and whom to offer for a face-down card); EXP3
    # sets the price of a firm ask and of an offer. False: EXP3 prices every sale as a firm ask
    # and every offer (to the owner with most cards), which measured far weaker (docs).
    guided = True

    def sell(self, turn: Turn) -> Decision:
        obs, stake, lim = turn.obs, turn.stake, turn.lim
        t = template(obs, "sell_firm")
        floor = max(1, math.ceil(lim.sell))
        cap = min(t.bounds()[1], obs.pot) if t is not None else 0
        if t is None or stake.fair < 0.5 or floor > cap:
            return super().sell(turn)
        if self.guided:
            d = super().sell(turn)
            if d.action.kind != "sell_firm":
                return d
        asks, _ = hedge_state(self._history, self.seat)
        arm = asks.draw(rng_for(self.seed, self.seat, len(self._history), "hedge"))
        price = clamp(round(ASKS[arm] * stake.fair), floor, cap)
        return Decision(Action(self.seat, "sell_firm", price),
                        f"{capitalised(describe(obs, stake))}; asking {price} firm, a price that "
                        f"has worked for me before.")

    def market(self, turn: Turn) -> Decision:
        obs, stake, lim, history = turn.obs, turn.stake, turn.lim, turn.history
        t = template(obs, "offer")
        why = capitalised(describe(obs, stake))
        top = math.floor(lim.buy)
        if t is None or top < 1 or not t.cards or stake.fair < 0.5:
            return Decision(Action(self.seat, "pass"), f"{why}; nothing worth buying, I pass.")
        _, offers = hedge_state(history, self.seat)
        arm = offers.draw(rng_for(self.seed, self.seat, len(history), "hedge"))
        price = clamp(math.floor(OFFERS[arm] * stake.fair), 1, min(top, t.price_max or top))
        if self.guided:
            d = super().market(turn)
            if d.action.kind != "offer" or d.action.target is None:
                return d
            owners = [d.action.target]
        else:
            refused = refusals(history, len(obs.names), obs.hand)
            owners = [o for o in sorted({o for o, _ in t.cards},
                                        key=lambda o: (-obs.stacks[o], o))
                      if (r := refused[o][FAIR]) is None or price > r * stake.fair]
        if not owners or price > lim.buy:
            return Decision(Action(self.seat, "pass"), f"{why}; I'll not buy blind this time.")
        return Decision(Action(self.seat, "offer", price, owners[0], 0),
                        f"{why}; offering {obs.names[owners[0]]} {price} for their top card.")


# ---------------------------------------------------------------------- the undercutter

class UndercutBot(TraderBot):
    """``yard/undercut``: the expert, but one chip better than the best price it can see."""

    def __init__(self, seed: int, seat: int, roster: Roster = ()) -> None:
        super().__init__(*EXPERT, seed, seat, roster=roster)

    def haggle(self, turn: Turn) -> Decision:
        obs, stake, lim = turn.obs, turn.stake, turn.lim
        p = obs.pending
        assert isinstance(p, PendingHaggle)
        seller = p.seller == self.seat
        other = p.buyer if seller else p.seller
        if _selling_trump_to_named(self, p):
            return super().haggle(turn)  # the expert's hold-out plan
        theirs = p.bid if seller else p.ask
        counter = template(obs, "counter")
        why = capitalised(describe(obs, stake))
        if theirs is not None:
            inside = theirs + 1 if seller else theirs - 1
            ok = inside >= lim.sell if seller else inside <= lim.buy
            if ok and counter is not None and counter.bounds()[0] <= inside <= counter.bounds()[1]:
                word = "asking" if seller else "offering"
                return Decision(Action(self.seat, "counter", inside),
                                f"{why}; {word} {inside}, a chip from {obs.names[other]}'s price.")
            fine = theirs >= lim.sell if seller else theirs <= lim.buy
            if fine:
                return Decision(Action(self.seat, "accept"), f"{why}; {theirs} suits me, I accept.")
        return super().haggle(turn)

    def market(self, turn: Turn) -> Decision:
        obs, stake, lim, history = turn.obs, turn.stake, turn.lim, turn.history
        t = template(obs, "offer")
        top = math.floor(lim.buy)
        if t is not None and t.cards and top >= 1:
            best = standing_offers(history, len(obs.names), obs.hand, stake.fair)
            cap = min(top, t.price_max or top)
            cands = [(b + 1, o) for o in sorted({o for o, _ in t.cards})
                     if (b := best[o]) is not None and b + 1 <= cap]
            if cands:
                price, owner = min(cands)
                return Decision(Action(self.seat, "offer", price, owner, 0),
                                f"{capitalised(describe(obs, stake))}; offering "
                                f"{obs.names[owner]} {price}, a chip more than they were offered.")
        return super().market(turn)


def standing_offers(history: History, seats: int, hand: int, fair: float) -> list[int | None]:
    """Per owner, the best price (in chips, scaled to a card now worth ``fair``) anyone has
    offered this hand for one of its face-down cards, or None.

    >>> from speculation.bots.history import Entry
    >>> offer = Entry(Action(1, "offer", 3, 0, 0), 1, "market", 16, 4.0, 3, "buyer", 4.0)
    >>> standing_offers((offer,), 2, 1, 4.0), standing_offers((offer,), 2, 2, 4.0)
    ([3, None], [None, None])
    """
    out: list[int | None] = [None] * seats
    owner: int | None = None
    for e in history:
        if e.hand != hand:
            continue
        if e.action.kind == "offer" and e.action.target is not None:
            owner = e.action.target
        elif e.phase != "negotiation":
            owner = None
        if owner is None or e.role != "buyer" or e.price is None or e.fair < 0.5:
            continue
        if e.action.kind in ("offer", "counter") and 0 <= owner < seats:
            x = math.floor(e.price * fair / e.fair)
            cur = out[owner]
            out[owner] = x if cur is None else max(cur, x)
    return out


LEARNERS: dict[str, type[AdaptiveBot] | type[HedgeBot] | type[UndercutBot]] = {
    "adaptive": AdaptiveBot, "hedge": HedgeBot, "undercut": UndercutBot}
"""The learners by ``Variant.kind``."""
