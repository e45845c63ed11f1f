"""Buying a face-down card from a bot the table names (issue 23, the hold-out idea from the
buyer's side, ``bots/buying.py``): every trading bot below the expert comes down to the least it
takes by its last counter, so the expert bids low, rises a chip at a time and takes the counter
worth most. RULES: "any player may offer to buy one of another player's face-down cards" and
haggle over it, each side naming at most ``negotiation_rounds`` prices."""

from __future__ import annotations

import copy
import math

import pytest
from botplay import coached, market_points

from speculation.actions import Action
from speculation.bots import public_history
from speculation.bots.buying import Curve, consistent, curves, opening, seller_reply
from speculation.bots.exploits import Exploits
from speculation.bots.pricing import stake_of
from speculation.bots.table import known_sell_floor, profile
from speculation.bots.trader import TraderBot
from speculation.game import Game
from speculation.observation import observe

LINEUP = ["expert/edmund", "casual/mary", "beginner/henry", "casual/fanny"]


def haggle(game: Game, bots: list, owner: int, price: int, buyer=None
           ) -> tuple[int | None, float, list[tuple[str, int]], list[tuple[str, int]],
                      list[tuple[tuple[int, int], ...]]]:
    """Seat 0 offers ``price`` for ``owner``'s top card in a copy of ``game``, then seat 0
    (``buyer``, default its own bot) and the owner's bot haggle it out. Returns the price paid
    (None: no trade), the owner's least price (its private limit, read from its decision), and
    the owner's replies as made and as ``seller_reply`` predicts them on that limit, and every
    price named so far at each of the buyer's turns."""
    g = copy.deepcopy(game)
    g.apply(Action(0, "offer", price, owner, 0))
    me = buyer or bots[0]
    chips_before, limit = g.chips[0], None
    made: list[tuple[str, int]] = []
    said: list[tuple[str, int]] = []
    p = profile(tuple(LINEUP), owner)
    asks, bid, ask = 0, price, None
    turns: list[tuple[tuple[int, int], ...]] = []
    while g.phase == "negotiation":
        s = g.to_act
        obs = observe(g, s)
        if s == 0:
            turns.append(obs.pending.offers)
        d = (me if s == 0 else bots[s]).decide(obs, public_history(g))
        if s == owner:
            limit = d.private[1] if limit is None else limit
            c = Curve(limit, limit * (1 + p.persona.opening), p.persona.concession)
            said.append(seller_reply(c, g.rules.negotiation_rounds, asks, bid, ask, g.chips[0]))
            kind = d.action.kind
            made.append((kind, d.action.price if kind == "counter" else
                         bid if kind == "accept" else 0))
            if kind == "counter":
                asks, ask = asks + 1, d.action.price
        elif d.action.kind == "counter":
            bid = d.action.price
        g.apply(d.action)
    paid = chips_before - g.chips[0]
    assert limit is not None
    return (paid if paid else None), limit, made, said, turns


def test_a_named_seller_answers_exactly_as_the_replica_predicts():
    """``seller_reply`` replays a trading bot's haggle as the seller of a face-down card: in the
    real engine, against the expert's bids, every answer of a named casual or beginner owner
    (counter, accept or break off, and the price) is the one it predicts from the owner's own
    private least price."""
    checked = 0
    for game, bots, _ in market_points(LINEUP, range(30)):
        obs = observe(game, 0)
        for owner in sorted({o for t in obs.legal if t.kind == "offer" for o, _ in t.cards}):
            p = profile(tuple(LINEUP), owner)
            first = opening(curves(p, obs, owner), game.rules.negotiation_rounds)
            _, _, made, said, _ = haggle(game, bots, owner, first)
            assert made == said, (made, said)
            checked += len(made)
        if checked > 150:
            break
    assert checked > 150


@pytest.mark.parametrize("seller", ["skilled/fanny", "skilled/william"])
def test_a_named_seller_without_noise_takes_exactly_what_its_formula_says(seller: str):
    """Skilled bots have no random error, so ``known_sell_floor`` is the owner's own
    ``limits(...).sell`` for its face-down card, to the last decimal."""
    lineup = ["expert/edmund", seller, seller]
    checked = 0
    for game, _, _ in market_points(lineup, range(6)):
        for owner in (1, 2):
            if not game.stacks[owner]:
                continue
            g = copy.deepcopy(game)
            g.apply(Action(0, "offer", 1, owner, 0))
            mine = observe(g, owner)
            p = profile(tuple(lineup), owner)
            bot = TraderBot(p.level, p.persona, seed=1, seat=owner)
            own = bot.limits(mine, stake_of(mine)).sell
            assert math.isclose(known_sell_floor(p, observe(game, 0), owner, 0.0), own,
                                abs_tol=1e-9)
            checked += 1
    assert checked >= 6


def test_holding_down_buys_cheaper_than_conceding_along_a_curve():
    """The same offers, haggled out by the expert holding down and by the expert as it was
    (conceding along its own curve from its read of the owner): holding down gains more in
    total (its limit less the price, over every haggle), never pays more than the owner's last
    counter could be, and the grid of the owner's private error always keeps a point within a
    chip of the owner's true least price."""
    held = conceded = 0.0
    trades = differ = 0
    for game, bots, _ in market_points(LINEUP, range(120), hands=4):
        obs = observe(game, 0)
        top = bots[0].limits(obs, stake_of(obs)).buy
        if top < 2.5:  # a card worth a chip or two: every way of haggling pays the same
            continue
        old = TraderBot(bots[0].level, bots[0].persona, bots[0].seed, 0, roster=tuple(LINEUP))
        old.exploits = Exploits(0, tuple(LINEUP), holds_down=False)
        for owner in sorted({o for t in obs.legal if t.kind == "offer" for o, _ in t.cards}):
            p = profile(tuple(LINEUP), owner)
            cs = curves(p, obs, owner)
            first = opening(cs, game.rules.negotiation_rounds)
            a, limit, made, _, turns = haggle(game, bots, owner, first)
            b, _, _, _, _ = haggle(game, bots, owner, first, buyer=old)
            held += top - a if a is not None else 0.0
            conceded += top - b if b is not None else 0.0
            trades += a is not None
            differ += a != b
            if a is not None:
                assert a <= max(math.ceil(limit), first + len(made)), (a, limit)
            for offers in turns:
                near = consistent(cs, game.rules.negotiation_rounds, game.chips[0], 0, offers)
                assert min(abs(c.limit - limit) for c in near) < 1.0, (offers, limit)
    assert trades >= 10 and differ >= 2 and held > conceded, (trades, differ, held, conceded)


def test_the_coach_says_why_a_low_offer_suits_a_named_owner():
    """A person at a table of named casual and beginner bots: when the coach suggests a low
    offer for a face-down card, or a chip's rise in the haggle, it says in public terms why
    (the owner comes down to the least it takes by its last counter), and its sensible range
    contains the price it names."""
    roster = (None, "casual/mary", "beginner/henry", "casual/edmund")
    seen: set[str] = set()
    for seed in range(40):
        for obs, a, act in coached(roster, seed):
            if act["type"] in ("offer", "counter") and obs.context.role == "buyer":
                assert "comes down to the least they will take by their last counter" in a["summary"]
                lo, hi = a["range"]
                assert lo <= act["price"] <= hi
                seen.add(act["type"])
        if seen == {"offer", "counter"}:
            break
    assert seen == {"offer", "counter"}


def test_an_expert_owner_is_offered_its_least_price_and_takes_it_at_once():
    """An expert has no random error, so the table knows the least it takes for one of its
    face-down cards exactly (``known_sell_floor``), and it takes a bid just above that at once.
    At a table of four experts of different personalities, every offer the expert makes for a
    face-down card is that least price rounded up, and the owner accepts it without a haggle."""
    lineup = ["expert/edmund", "expert/mary", "expert/fanny", "expert/william"]
    offers = 0
    for game, bots, _ in market_points(lineup, range(30)):
        obs = observe(game, 0)
        d = bots[0].decide(obs, public_history(game))
        if d.action.kind != "offer":
            continue
        owner = d.action.target
        least = known_sell_floor(profile(tuple(lineup), owner), obs, owner, 0.0)
        assert d.action.price == math.ceil(least)
        g = copy.deepcopy(game)
        g.apply(d.action)
        assert bots[owner].decide(observe(g, owner), public_history(g)).action.kind == "accept"
        offers += 1
    assert offers >= 10
