"""The engine states the stage of the match and the context of every decision (``Game.stage``,
``Game.decision``, ``view.stage``, ``view.decision``, ``view.orders``), and a hand's deciding
card (``HandResult.deciding``). Each is checked here against the rules it follows, recomputed
from the public table the way the page and the bots used to work them out, over random play of
random rule sets (docs/rules-decisions.md: who sells, who buys, the market window).
"""

from __future__ import annotations

import random
from fractions import Fraction

from speculation.cards import pack, parse_card, rank_of, suit_of
from speculation.game import Game, HandReason, Stage
from speculation.observation import PendingAuction, PendingFirm, PendingHaggle, observe
from speculation.rules import Rules
from speculation.worth import deal_value

from .strategies import random_action, random_config

TRUMP_PHASES = ("sale", "firm", "auction", "auction_confirm")


def expected_stage(game: Game) -> str:
    """A hand has just ended when the phase is ``deal`` and the last result is this hand's."""
    if game.phase == "match_over":
        return "match_over"
    if game.phase == "deal" and game.hands and game.hands[-1].number == game.hand_no:
        return "hand_over"
    return "playing"


def unseen_above(game: Game) -> int:
    best = game.best
    assert best is not None
    return sum(1 for c in pack(game.rules.pack_ranks) if c not in game.seen
               and suit_of(c) == suit_of(best) and rank_of(c) > rank_of(best))


def check_context(game: Game) -> None:
    ctx = game.decision()
    if game.to_act is None:
        assert ctx is None
        return
    assert ctx is not None and ctx.seat == game.to_act
    obs = observe(game, game.to_act)
    p, seat, odds = obs.pending, game.to_act, game.odds()
    if game.phase in ("deal", "reveal"):
        assert ctx.role == ("dealer" if game.phase == "deal" else "revealer")
        assert ctx.stake is None and ctx.fair is None and ctx.chance is None
        return
    on_trump = game.phase in TRUMP_PHASES or (isinstance(p, PendingHaggle) and p.context == "sale")
    assert ctx.stake == ("trump" if on_trump else "card")
    if on_trump:
        holder = game.holder
        survives = Fraction(0) if holder is None else (
            odds.seat[holder] - odds.per_card * len(game.stacks[holder]))
        assert ctx.chance == survives and ctx.owner == holder
        assert ctx.card is not None and ctx.card == game.best
    else:
        assert ctx.chance == odds.per_card and ctx.card is None
    # the pot and, before the match's last hand, dealing the next (worth.py)
    assert ctx.deal == deal_value(game.rules, game.hand_no, game.chips)
    assert ctx.fair == (ctx.chance or 0) * (game.pot + ctx.deal)
    assert ctx.above == unseen_above(game)
    # The seller owns the stake: the owner of the face-up card choosing or answering the top
    # bid, or the owner in a haggle; everyone else buys.
    selling = game.phase in ("sale", "auction_confirm") or (
        isinstance(p, PendingHaggle) and p.seller == seat)
    assert ctx.role == ("seller" if selling else "buyer")
    if isinstance(p, PendingHaggle):
        theirs = p.bid if selling else p.ask
        assert ctx.price == theirs
        assert ctx.answering == (None if theirs is None else p.buyer if selling else p.seller)
        if p.context == "market":
            assert ctx.owner == p.seller and ctx.position == p.to_dict()["position"]
    elif isinstance(p, PendingFirm):
        assert (ctx.price, ctx.answering) == (p.price, p.seller)
    elif isinstance(p, PendingAuction):
        assert (ctx.price, ctx.answering) == (p.high_bid, p.high_bidder)
    elif game.phase == "sale":
        n = len(game.names)
        left = [(seat + i) % n for i in range(1, n)]
        assert ctx.buyers == tuple(s for s in left if not game.busted[s] and game.chips[s] > 0)
        assert ctx.answering is None and ctx.price is None
    else:  # a market window
        assert game.phase == "market" and ctx.owner is None and ctx.answering is None


def check_view(game: Game) -> None:
    for viewer in {None, game.to_act, 0}:
        view = observe(game, viewer).to_dict()
        assert view["stage"] == expected_stage(game)
        decision = view["decision"]
        if viewer is None or viewer != game.to_act:
            assert decision is None
        else:
            assert decision is not None and decision["seat"] == viewer
    view = observe(game, None).to_dict()
    orders = view["orders"]
    in_hand = game.phase != "deal" and not game.is_over and any(game.stacks)
    if not in_hand or game.rules.offers_per_window == 0:
        assert orders is None
        return
    assert [o["buyer"] for o in orders] == [s for s in game.seats if not game.busted[s]]
    for o in orders:
        b = o["buyer"]
        if game.chips[b] < 1:
            assert o["owners"] == [] and o["price"] is None
            continue
        assert o["owners"] == [s for s in game.seats if s != b and game.stacks[s]]
        assert o["price"] == {"min": 1, "max": game.chips[b]}
        if game.phase == "market" and game.to_act == b:  # the engine's own offer template
            offer = next(t for t in game.legal_actions() if t.kind == "offer")
            assert sorted({owner for owner, _ in offer.cards}) == o["owners"]
            assert offer.bounds() == (1, game.chips[b])


def check_hand_result(game: Game) -> None:
    """The deciding card: the holder's best trump, or the dead hand's top trump when it won."""
    h = game.hands[-1]
    card = parse_card(h.card) if h.card is not None else None
    if h.reason == HandReason.DEAD_HAND and card is not None:
        card = max((parse_card(c) for c in h.dead_hand if suit_of(parse_card(c)) == suit_of(card)),
                   key=rank_of)
    assert (parse_card(h.deciding) if h.deciding else None) == card
    assert isinstance(h.reason, HandReason)
    outcome = observe(game, None).to_dict()["last_hand"]["outcome"]
    assert outcome["card"] == h.deciding


def test_context_stage_orders_and_deciding_card_over_random_play() -> None:
    rng = random.Random(21)
    seen_roles: set[tuple[str, str | None]] = set()
    hands = 0
    for _ in range(30):
        game = random_config(rng).new_game()
        for _ in range(300):
            check_context(game)
            check_view(game)
            ctx = game.decision()
            if ctx is not None:
                seen_roles.add((ctx.role, ctx.stake))
            if game.is_over:
                break
            before = len(game.hands)
            game.apply(random_action(game, rng))
            if len(game.hands) > before:
                hands += 1
                assert game.stage in (Stage.HAND_OVER, Stage.MATCH_OVER)
                check_hand_result(game)
    assert hands >= 30
    assert {("dealer", None), ("revealer", None), ("seller", "trump"), ("buyer", "trump"),
            ("seller", "card"), ("buyer", "card")} <= seen_roles


def test_a_dead_hand_win_names_the_dead_hands_trump() -> None:
    """Peel 1891's dead hand: it takes the pot over to the next hand with the best trump of the
    deal, and the hand's deciding card is that trump, not the holder's (rules-decisions.md)."""
    rng = random.Random(5)
    found = 0
    for seed in range(400):
        game = Game(["Fanny", "Edmund", "Mary"], Rules(dead_hand=True), seed=seed)
        while not game.hands and not game.is_over:
            game.apply(random_action(game, rng))
        h = game.hands[0]
        if h.reason == HandReason.DEAD_HAND:
            found += 1
            assert h.deciding in h.dead_hand and h.deciding != h.card
            assert h.winner is None
    assert found >= 3
