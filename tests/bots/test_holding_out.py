"""Selling a face-down card to a bot the table names (issue 23, the hold-out idea for face-down
cards): a buyer below the expert (beginner, casual or skilled) concedes along its curve to the
most it pays by its last counter, so the expert, asked for one of its face-down cards, asks
high, comes down a chip at a time and takes that counter. RULES: "any player may offer to buy
one of another player's face-down cards" and haggle over it, each side naming at most
``negotiation_rounds`` prices."""

from __future__ import annotations

import copy
import math

from botplay import coached, market_points

from speculation.actions import Action
from speculation.bots import public_history
from speculation.bots.pricing import stake_of
from speculation.bots.trader import TraderBot
from speculation.game import Game
from speculation.observation import observe

LINEUP = ["expert/edmund", "casual/mary", "beginner/henry", "casual/fanny"]


def offers_to_seat_0(obs) -> bool:
    """A named bot other than seat 0 may offer for one of seat 0's face-down cards."""
    return obs.seat != 0 and any(o == 0 for t in obs.legal if t.kind == "offer"
                                 for o, _ in t.cards)


def sell(game: Game, bots: list, buyer: int, seller: TraderBot
         ) -> tuple[int | None, float | None]:
    """``buyer`` offers its opening price for seat 0's top face-down card in a copy of
    ``game``, and ``seller`` (in seat 0) and the buyer's own bot haggle it out. Returns the
    price seat 0 received (None: no sale) and the buyer's private limit (from its first
    decision in the haggle; None if seat 0 took the offer at once)."""
    g = copy.deepcopy(game)
    obs = observe(g, buyer)
    top = bots[buyer].limits(obs, stake_of(obs)).buy
    first = max(1, math.floor(top * (1 - bots[buyer].persona.opening)))
    g.apply(Action(buyer, "offer", first, 0, 0))
    before, limit = g.chips[0], None
    while g.phase == "negotiation":
        s = g.to_act
        d = (seller if s == 0 else bots[s]).decide(observe(g, s), public_history(g))
        if s == buyer and limit is None:
            limit = d.private[0]
        g.apply(d.action)
    return (g.chips[0] - before or None), limit


def test_holding_out_sells_face_down_cards_for_more_than_conceding():
    """Against the same opening offers, the expert holding out gains more in total (the price
    less what the card is worth to it, over every haggle) than the expert conceding along its
    own curve from its read of the buyer (the table's names hidden from it); where the two
    differ, holding out mostly gets more; and it never sells a card below its worth."""
    held = conceded = 0.0
    more = less = 0
    for game, bots, buyer in market_points(LINEUP, range(40), 4, offers_to_seat_0):
        mine = observe(game, buyer)
        if bots[buyer].limits(mine, stake_of(mine)).buy < 2.5:
            continue  # a card worth a chip or two to the buyer: every way of haggling is alike
        roster = [None if s == buyer else b for s, b in enumerate(LINEUP)]
        old = TraderBot(bots[0].level, bots[0].persona, bots[0].seed, 0, roster=tuple(roster))
        obs = observe(game, 0)
        worth = bots[0].limits(obs, stake_of(obs)).sell
        a, limit = sell(game, bots, buyer, bots[0])
        b, _ = sell(game, bots, buyer, old)
        if a is not None:
            assert a >= worth and (limit is None or a <= limit), (a, worth, limit)
        held += a - worth if a is not None else 0.0
        conceded += b - worth if b is not None else 0.0
        more += (a or 0) > (b or 0)
        less += (a or 0) < (b or 0)
    assert held > conceded and more >= 10 and more > 2 * less, (held, conceded, more, less)


def test_the_coach_says_why_it_holds_out_for_a_named_buyer():
    """A person owning face-down cards at a table of named casual and beginner bots: when one
    of them offers for a card and the coach suggests a counter, it says in public terms why (the
    buyer comes down to the most it pays by its last counter), and its sensible range contains
    the price it names."""
    roster = (None, "casual/mary", "beginner/henry", "casual/edmund")
    seen = 0
    for seed in range(60):
        for obs, a, act in coached(roster, seed, hands=2):
            ctx = obs.context
            if (act["type"] == "counter" and ctx is not None and ctx.role == "seller"
                    and ctx.stake == "card"):
                assert "comes down to the most they will pay by their last counter" in a["summary"]
                lo, hi = a["range"]
                assert lo <= act["price"] <= hi
                seen += 1
        if seen >= 3:
            break
    assert seen >= 3
