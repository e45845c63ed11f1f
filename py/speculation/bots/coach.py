"""Advice for a human player, from the same pricing code the bots use.

``coach_advice`` says what the card or cards at stake are worth (pot × exact chance), a sensible
range of prices, and what the expert bot would do in the same seat, in one sentence. Its
promises:

* the range always contains the price of the move it suggests (when that price lies outside the
  usual band around fair value, the range is widened to it and the sentence says why);
* where nothing is at stake (the deal, turning up a card, no face-down card that can still win)
  it prices nothing and explains the phase instead;
* it says whose play it describes: the expert bot's;
* it prices for this table: the expert it speaks for knows the levels and personalities the
  table shows ("Mary (casual)", the ``roster``) and what each seat did this match, so a price
  it suggests is one a player here would plausibly pay or take, and the sentence says why in
  those public terms, never with a number private to a bot;
* it is a pure function of the observation, the public log and the roster (no clock, no
  hidden card).

``speculation_lab.follower.CoachBot`` (``baseline/coach`` in the tournament) is a player that
always does what the coach says: the yardstick for "advice that works at this table"
(``benchmarks/yardsticks.py --coach``).

>>> from speculation.game import Game
>>> from speculation.actions import Action
>>> from speculation.observation import observe
>>> g = Game(["Fanny", "Edmund", "Mary"], seed=3)
>>> coach_advice(observe(g, 0), ())["range"] is None   # at the deal nothing is priced
True
>>> _ = g.apply(Action(0, "deal"))
>>> a = coach_advice(observe(g, g.to_act), ())
>>> a["suggestion"].startswith("The expert bot would"), a["range"][0] <= a["range"][1]
(True, True)
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Sequence
from typing import Any

from ..observation import Observation
from .dealing import deal_value
from .decision import forced
from .exploits import holds_out
from .history import History
from .levels import LEVELS
from .model import read_table
from .personalities import PERSONALITIES
from .pricing import describe, percent, plural, stake_of
from .sale import LONG_SHOT_ASK, RANK_ONLY_ASK
from .table import Roster, label, profile
from .trader import TraderBot

COACH_LEVEL, COACH_PERSONA = "expert", "edmund"
BAND = LEVELS["skilled"].margin  # half-width of the usual band around fair value
PHASES = {
    "deal": "Deal the cards: nothing is at stake until the trump card is turned up.",
    "reveal": "Turn up your top card: it is your turn to reveal, and there is nothing to price.",
    "match_over": "The match is over: nothing is left to decide.",
}


def coach_advice(obs: Observation, history: History, roster: Roster = ()) -> dict[str, Any]:
    """JSON-ready advice for ``obs.seat``: ``fair_value`` and ``range`` [lo, hi] (both None when
    nothing is at stake), ``suggestion`` (one sentence), ``summary`` (the fair value and range in
    words, with the suggestion), ``action`` (the expert's action or None), ``stake``, ``chance``,
    ``equity``, ``why``. ``roster``: who the table shows in each seat (a bot id such as
    ``"casual/mary"``, or None for a person)."""
    seat = obs.seat if obs.seat is not None else 0
    stake = stake_of(obs)
    equity = float(obs.odds.seat[seat]) * obs.pot
    out: dict[str, Any] = {
        "seat": seat, "stake": stake.kind, "fair_value": None, "range": None,
        "chance": round(stake.share, 6), "equity": round(equity, 2),
        "why": describe(obs, stake), "action": None, "reason": None,
    }
    if obs.to_act != seat or not obs.legal:
        who = "nobody" if obs.to_act is None else obs.names[obs.to_act]
        if obs.pot and obs.phase not in ("deal", "match_over"):
            worth = (f"your cards give you a {percent(float(obs.odds.seat[seat]))} chance of the "
                     f"{obs.pot}-chip pot, worth {plural(equity, 'chip')}")
        else:
            worth = "nothing is at stake for you just now"
        return _done(out, f"Nothing to decide: it is {who}'s move; {worth}.")
    if forced(obs) is not None or obs.phase in PHASES:
        return _done(out, PHASES.get(obs.phase, f"Only one move is possible: "
                                                f"{obs.legal[0].kind}."))
    bot = TraderBot(LEVELS[COACH_LEVEL], PERSONALITIES[COACH_PERSONA], seed=public_seed(obs),
                    seat=seat, roster=roster)
    d = bot.decide(obs, history)
    act = d.action.to_dict()
    out["action"], out["reason"] = act, d.reason
    verb = _verb(act, obs)
    if stake.share <= 0 or stake.pot == 0:
        gain = "any sale is a gain" if _selling(obs, seat) else "there is nothing to pay for"
        return _done(out, f"The expert bot would {verb} here: {out['why']}, so {gain}.")
    rank_only = d.plan == RANK_ONLY_ASK
    table = _table_note(obs, seat, act, roster, history, rank_only)
    holdout = bool(table) and act["type"] in ("sell_negotiate", "counter", "offer")
    # the engine's one value (``DecisionContext.fair``): the pot and, before the last hand,
    # dealing the next; the trading score counts a trade against the same number
    deal = deal_value(obs.rules, obs.hand, obs.chips)
    fair = stake.share * (obs.pot + deal)
    lo, hi, note = _range(obs, seat, fair, d.private, act.get("price"), holdout, rank_only,
                          d.plan == LONG_SHOT_ASK)
    out["fair_value"], out["range"] = round(fair, 2), [lo, hi]
    why_deal = (f"; whoever takes this pot also deals the next hand, worth about "
                f"{plural(round(deal, 1), 'chip')} more" if deal > 0 else "")
    return _done(out, f"The expert bot would {verb} here{note}: {out['why']}{table}{why_deal}.",
                 fair, deal > 0)


def public_seed(obs: Observation) -> int:
    """The coach's seed: a number made from what the whole table sees of this hand (its
    number, the dealer, the chips, the cards turned up), so its random draws differ from deal
    to deal as a bot's do, while the same table state always gets the same advice. (A fixed
    seed repeated its simulated tables wherever two deals' logs had the same length.)

    >>> from speculation.game import Game
    >>> from speculation.actions import Action
    >>> from speculation.observation import observe
    >>> a, b = Game(["A", "B", "C"], seed=1), Game(["A", "B", "C"], seed=2)
    >>> _ = a.apply(Action(0, "deal")), b.apply(Action(0, "deal"))
    >>> public_seed(observe(a, 0)) == public_seed(observe(a, 1))   # the same for every seat
    True
    >>> public_seed(observe(a, 0)) != public_seed(observe(b, 0))   # other upcards, other seed
    True
    """
    shown = ",".join(str(c) for c in sorted(obs.seen))
    text = f"{obs.hand}:{obs.dealer}:{obs.chips}:{obs.pot}:{shown}"
    return zlib.crc32(text.encode())


def _table_note(obs: Observation, seat: int, act: dict[str, Any], roster: Roster,
                history: History, rank_only: bool = False) -> str:
    """Why the price suits this table, in public terms (levels, personalities, what a seat did
    this match), starting with "; " — or "" when the table names none of the other side. For a
    hold-out haggle: the buyer gives way to its limit by its last counter; for a sale by firm
    price or auction: how the named buyers judge a card."""
    ctx = obs.context
    p = obs.pending.to_dict() if obs.pending is not None else {}
    if ctx is not None and ctx.role == "buyer" and ctx.stake == "card" and ctx.seat == seat:
        return _holding_down(obs, act, roster, p)
    if ctx is None or ctx.role != "seller" or ctx.seat != seat:
        return ""
    buyer = act.get("target") if act["type"] == "sell_negotiate" else p.get("buyer")
    named = profile(roster, buyer) if isinstance(buyer, int) and buyer != seat else None
    # the expert holds out when selling the trump to a named bot, or a face-down card to a
    # named bot below the expert (``trader.holds_out``)
    trump = ctx.stake == "trump"
    if isinstance(buyer, int) and named is not None and holds_out(named, "sale" if trump
                                                                  else "market"):
        who = label(roster, obs.names, buyer)
        # selling the trump, the expert answers only the last counter; a face-down card's
        # buyer may be at its most sooner (``selling``)
        more = "has no better offer to come" if trump else "is unlikely to offer more"
        if act["type"] == "accept":
            return f"; {who} {more}, and this one is worth taking"
        if act["type"] == "decline":
            return f"; {who} {more}, and this one is too little for the card"
        return f"; {who} comes down to the most they will pay by their last counter, so hold out"
    if act["type"] not in ("sell_firm", "sell_auction", "keep"):
        return ""
    seen = [(b, q) for b in (ctx.buyers or ()) if (q := profile(roster, b)) is not None]
    if not seen:
        return ""
    reads = read_table(history, len(obs.names))
    by_level: dict[str, list[int]] = {}
    for b, q in seen:
        by_level.setdefault(q.level.id, []).append(b)
    judges = {**JUDGES, **(DEAL_JUDGES if deal_value(obs.rules, obs.hand, obs.chips) > 0 else {})}
    parts = [f"{_join([obs.names[b] for b in seats])} ({LEVELS[level].name.lower()}) "
             f"{judges[level][0 if len(seats) == 1 else 1]}" for level, seats in by_level.items()]
    for b, q in seen:
        if q.persona.rho < 0:
            parts.append(f"{obs.names[b]}, bold, pays over the odds for a strong card")
        elif q.persona.rho > 0:
            parts.append(f"{obs.names[b]}, cautious, pays less for a risky one")
        if reads[b].n and reads[b].ceiling(0) < 1.0:
            parts.append(f"{obs.names[b]} has refused prices near fair value this match")
    end = ", so nobody here is likely to pay more than it is worth to you" if (
        act["type"] == "keep" or rank_only) else ""
    return "; at this table " + _join(parts) + end


def _holding_down(obs: Observation, act: dict[str, Any], roster: Roster, p: dict[str, Any]
                  ) -> str:
    """Why a low offer or a chip's rise for a face-down card suits a seller the table names
    below the expert (``buying``): it comes down to the least it takes by its last counter."""
    owner = act.get("target") if act["type"] == "offer" else p.get("seller")
    if not isinstance(owner, int) or act["type"] not in ("offer", "counter"):
        return ""
    named = profile(roster, owner)
    if named is None or named.level.reads_table:
        return ""
    return (f"; {label(roster, obs.names, owner)} comes down to the least they will take by "
            f"their last counter, so start low and rise a chip at a time")


# How a level judges a card as a buyer, in the singular and the plural (public: the level's
# description on the set-up screen says as much).
JUDGES = {"beginner": ("judges the trump by its rank alone", "judge the trump by its rank alone"),
          "casual": ("prices loosely around fair value", "price loosely around fair value"),
          "skilled": ("pays only below fair value", "pay only below fair value"),
          "expert": ("pays no more than fair value", "pay no more than fair value")}
# ... and before the last hand of a match, when the fair value counts the next deal, which the
# levels below the expert leave out of their prices (``dealing``)
DEAL_JUDGES = {"casual": ("prices loosely around its share of the pot, leaving out the next deal",
                          "price loosely around its share of the pot, leaving out the next deal"),
               "skilled": ("pays only below its share of the pot, leaving out the next deal",
                           "pay only below its share of the pot, leaving out the next deal")}


def _join(parts: Sequence[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _range(obs: Observation, seat: int, fair: float, private: tuple[float, ...],
           price: int | None, holdout: bool = False, rank_only: bool = False,
           long_shot: bool = False) -> tuple[int, int, str]:
    """The sensible prices for this decision and a note when the suggested price is unusual.

    A buyer should pay at most what the expert would (``hi``), a seller take no less (``lo``);
    the other end is the usual band around fair value, stretched to the suggested price. So an
    accepted price is always inside the range, a refused one outside it, and a price the
    suggestion names is inside it."""
    buy, sell = private[0], private[1]
    band_lo, band_hi = math.floor(fair * (1 - BAND)), math.ceil(fair * (1 + BAND))
    note = ""
    if _selling(obs, seat):
        lo = max(0, math.ceil(sell))
        hi = max(lo, band_hi)
        if price is not None and price > hi:
            hi = price
            note = (", asking high to come down slowly" if holdout else
                    ", asking what its rank alone would make it worth and keeping it if nobody "
                    "bids" if rank_only else
                    ", a long shot above fair value: someone who has not yet shown how they "
                    "judge a card might pay it, and if nobody bids you keep it" if long_shot else
                    ", above fair value because it expects a buyer to pay that")
    else:
        hi = max(0, math.floor(buy))
        lo = min(band_lo, hi)
        if price is not None and price < lo:
            lo, note = price, ("" if holdout else
                               ", below fair value in the hope that the owner takes it")
    bounds = _bounds(obs)
    if bounds is not None:  # a price the control would not take is no advice (issue 45)
        lo, hi = (min(max(x, bounds[0]), bounds[1]) for x in (lo, hi))
    return lo, hi, note


def _bounds(obs: Observation) -> tuple[int, int] | None:
    """The least and the most price this decision can settle at: what any priced move allows
    and the price an ``accept`` would take (None when only a price answered can be, as in a
    firm sale, where the range says what the card is worth paying)."""
    priced = [(t.price_min, t.price_max) for t in obs.legal
              if t.price_min is not None and t.price_max is not None]
    if not priced:
        return None
    ctx = obs.context
    if ctx is not None and ctx.price is not None and any(t.kind == "accept" for t in obs.legal):
        priced.append((ctx.price, ctx.price))
    return min(lo for lo, _ in priced), max(hi for _, hi in priced)


def _done(out: dict[str, Any], suggestion: str, fair: float = 0.0,
          counts_deal: bool = False) -> dict[str, Any]:
    """Fill in ``suggestion`` and ``summary``. ``counts_deal``: the fair value counts dealing
    the next hand (before the last hand of a match), and the summary says so."""
    out["suggestion"] = suggestion
    if out["fair_value"] is None:
        out["summary"] = suggestion
    else:
        lo, hi = out["range"]
        span = plural(lo, "chip") if lo == hi else f"{lo}–{plural(hi, 'chip')}"
        deal = ", counting the next deal" if counts_deal else ""
        out["summary"] = (f"Fair value about {plural(fair, 'chip')}{deal} (a sensible "
                          f"price: {span}). {suggestion}")
    return out


def _selling(obs: Observation, seat: int) -> bool:
    """Whether ``seat`` is on the selling side of its decision (the engine's role)."""
    ctx = obs.context
    return ctx is not None and ctx.seat == seat and ctx.role == "seller"


def _verb(a: dict[str, Any], obs: Observation) -> str:
    kind, price = a["type"], a.get("price")
    target = obs.names[a["target"]] if "target" in a else ""
    verbs: dict[str, str] = {
        "keep": "keep the card", "deal": "deal", "reveal": "turn up the top card",
        "sell_firm": f"offer it at {price} firm", "sell_auction": f"auction it (reserve {price})",
        "sell_negotiate": f"offer it to {target} asking {price}", "accept": "accept",
        "decline": "decline", "counter": f"counter with {price}", "bid": f"bid {price}",
        "pass": "pass", "offer": f"offer {target} {price} for a face-down card",
    }
    return verbs.get(str(kind), str(kind))
