"""The player's standing answers (``speculation.standing``, the bridge's ``standing`` op): each
is one of the legal actions, built from the engine's templates and decision context, compared
with the engine's exact fair value, and asking changes nothing. Real decisions are left to the
player. The rules involved are docs/rules-decisions.md's D10 (the market window and the haggle
over a face-down card it opens), D5 (nobody buys their own card) and D20 (bad input is refused
and changes nothing).
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from speculation.actions import Action
from speculation.bridge import Session
from speculation.game import Game, Phase
from speculation.records import rules_from
from speculation.rules import Rules
from speculation.standing import (
    DEFAULT_STANDING,
    BuyOrder,
    OfferRule,
    StandingPrefs,
    standing_answer,
)

from .helpers import call, state_json
from .strategies import Config, configs, random_action, random_config

NAMES = ["Julia", "Mary", "Henry"]
# whole fair values: no next deal to count (the dealer passes to the left)
SHORT = rules_from("parlett", {"pack_ranks": 5, "ante": 12, "dealer_ante": 12, "next_dealer": "left"})


def plain(game: Game) -> None:
    """The plainest legal move: keep, decline, pass, reveal or deal."""
    kinds = [t.kind for t in game.legal_actions()]
    kind = next(k for k in ("keep", "decline", "pass", "reveal", "deal") if k in kinds)
    game.apply(Action(game.to_act or 0, kind))


def window_where(ok: Callable[[Game], bool], rules: Rules | None = None) -> Game:
    """The first market window (played plainly, over seeds 0, 1, ...) where ``ok(game)``."""
    for seed in range(60):
        game = Game(NAMES, rules, seed=seed)
        for _ in range(200):
            if game.is_over:
                break
            if game.phase is Phase.MARKET and ok(game):
                return game
            plain(game)
    raise AssertionError("no such market window")


def fair_of(game: Game) -> Fraction:
    ctx = game.decision()
    assert ctx is not None and ctx.fair is not None
    return ctx.fair


def offered(game: Game, price: int) -> tuple[Game, int, int]:
    """A copy of the market window ``game`` where the seat polled has offered ``price`` for the
    top face-down card of the next owner; the owner (the seller) is to answer. Returns the copy,
    the seller and the buyer."""
    g = copy.deepcopy(game)
    buyer = g.to_act
    assert buyer is not None
    offer = next(t for t in g.legal_actions() if t.kind == "offer")
    owner, position = offer.cards[0]
    g.apply(Action(buyer, "offer", price, owner, position))
    assert g.phase is Phase.NEGOTIATION and g.to_act == owner
    return g, owner, buyer


def answer(game: Game, prefs: StandingPrefs = DEFAULT_STANDING, order: BuyOrder | None = None,
           seat: int | None = None) -> Any:
    seat = game.to_act if seat is None else seat
    assert seat is not None
    return standing_answer(game, seat, prefs, order)


# ------------------------------------------------------------------ the deal and a lone reveal


def test_dealing_and_turning_up_your_only_card_are_answered_a_choice_is_not() -> None:
    game = Game(NAMES, seed=1)
    dealt = answer(game)
    assert dealt.action == Action(0, "deal") and dealt.note is None and not dealt.used_order
    assert answer(game, seat=1) is None  # not this seat's decision: nothing
    game.apply(dealt.action)
    assert game.phase is Phase.SALE and answer(game) is None  # keep or sell: a real choice
    while game.phase is not Phase.REVEAL:
        plain(game)
    revealer = game.to_act
    assert answer(game).action == Action(revealer or 0, "reveal")
    assert answer(game, replace(DEFAULT_STANDING, auto_reveal=False)) is None


# ------------------------------------------------------------------ market windows (D10)


def test_a_market_window_passes_unless_a_buy_order_is_placed_which_is_sent_within_bounds() -> None:
    """D10: each player in turn may offer for another player's face-down card, or pass."""
    game = window_where(lambda g: True)
    seat = game.to_act
    assert seat is not None
    before = state_json(game)
    passed = answer(game)
    assert passed.action == Action(seat, "pass") and passed.note is None and not passed.used_order
    offer = next(t for t in game.legal_actions() if t.kind == "offer")
    owner = next(o for o, _ in offer.cards if o != offer.cards[0][0])  # not the first listed
    position = next(p for o, p in offer.cards if o == owner)
    sent = answer(game, order=BuyOrder(owner, 5))
    assert sent.action == Action(seat, "offer", 5, owner, position) and game.is_legal(sent.action)
    assert sent.used_order
    assert sent.note == f"Your buy order: you offer 5 chips for one of {NAMES[owner]}'s face-down cards."
    huge = answer(game, order=BuyOrder(owner, 10**6))
    assert huge.action.price == offer.price_max == game.chips[seat]  # within the bounds
    assert state_json(game) == before  # asking changes nothing


def test_an_order_for_a_card_nobody_may_buy_is_dropped() -> None:
    """D5/D10: nobody buys their own card, so an order naming the buyer's own stack names no
    card it may buy: the window passes and the order is used up, with a note."""
    game = window_where(lambda g: True)
    seat = game.to_act
    assert seat is not None
    gone = answer(game, order=BuyOrder(seat, 5))
    assert gone.action == Action(seat, "pass") and gone.used_order
    assert gone.note == f"{NAMES[seat]} has no face-down card you may buy: your buy order is dropped."


# ------------------------------------------------------------------ offers for your face-down card


def test_offers_are_refused_at_or_below_the_exact_fair_value_and_asked_above_it() -> None:
    """D10: the owner of a face-down card may take an offer for it, turn it down or name a
    price; the default rule refuses an offer at or below the fair value and asks above it."""
    window = window_where(lambda g: fair_of(g) in (2, 3), SHORT)
    fair = fair_of(window)
    assert fair.denominator == 1
    f = int(fair)
    low, seller, buyer = offered(window, f - 1)
    refused = answer(low)
    assert refused.action == Action(seller, "decline") and not refused.used_order
    assert refused.note == (f"Your standing answer refused {NAMES[buyer]}'s offer of "
                            f"{'1 chip' if f == 2 else '2 chips'} for your face-down card "
                            f"(below its fair value, {f} chips).")
    even = answer(offered(window, f)[0])
    assert even.action == Action(seller, "decline")
    assert even.note == (f"Your standing answer refused {NAMES[buyer]}'s offer of {f} chips for "
                         f"your face-down card (exactly its fair value).")
    assert answer(offered(window, f + 1)[0]) is None

    accept_fair = replace(DEFAULT_STANDING, offers=OfferRule.ACCEPT_FAIR)
    at = answer(offered(window, f)[0], accept_fair)
    assert at.action == Action(seller, "accept")
    assert at.note == (f"Your standing answer accepted {NAMES[buyer]}'s offer of {f} chips for "
                       f"your face-down card (exactly its fair value).")
    assert answer(offered(window, f + 1)[0], accept_fair).action == Action(seller, "accept")
    assert answer(low, accept_fair).action == Action(seller, "decline")

    assert answer(low, replace(DEFAULT_STANDING, offers=OfferRule.ASK)) is None
    every = answer(offered(window, f + 6)[0], replace(DEFAULT_STANDING, offers=OfferRule.REFUSE_ALL))
    assert every.action == Action(seller, "decline")
    assert every.note == f"Your standing answer refused {NAMES[buyer]}'s offer for your face-down card."


def test_an_offer_just_above_an_unrounded_fair_value_is_asked_not_refused() -> None:
    """The comparison is with the exact fair value: an offer of 1 chip for a card worth 0.94
    beats it (so the player is asked), though the fair value rounds to 1."""
    window = window_where(lambda g: 1 > fair_of(g) >= Fraction(1, 2))
    fair = fair_of(window)
    assert round(fair) == 1 and fair < 1
    above, seller, _ = offered(window, 1)
    assert answer(above) is None
    accepted = answer(above, replace(DEFAULT_STANDING, offers=OfferRule.ACCEPT_FAIR))
    assert accepted.action == Action(seller, "accept")
    assert accepted.note is not None and accepted.note.endswith(
        f"(at or above its fair value, about {float(fair):.1f} chips).")

    over_one = window_where(lambda g: 2 > fair_of(g) >= Fraction(11, 10))  # 1 is below it
    low, seller, _ = offered(over_one, 1)
    refused = answer(low)
    assert refused.action == Action(seller, "decline")
    assert refused.note is not None and "(below its fair value, about 1." in refused.note


def test_a_two_chip_offer_for_a_card_worth_1_9_is_never_refused_as_its_fair_value() -> None:
    """Issue 26: the default rule refused 2 chips for a card worth 1.9 "at its fair value" (a
    rounded comparison). With the exact Fraction, 2 beats 1.9: the player is asked; a rule that
    accepts says it is above the fair value; 2 against 2.01 is below it and says 2.01, not a
    fair value that reads as the price."""
    window = window_where(lambda g: 2 > fair_of(g) > Fraction(3, 2))
    fair = fair_of(window)
    above, seller, _ = offered(window, 2)
    assert answer(above) is None  # REFUSE_BELOW_FAIR asks above the exact fair value
    took = answer(above, replace(DEFAULT_STANDING, offers=OfferRule.ACCEPT_FAIR))
    assert took.action == Action(seller, "accept")
    assert took.note is not None and "exactly its fair value" not in took.note
    said = re.search(r"\(at or above its fair value, about (\d\.\d\d?) chips\)\.$", took.note)
    assert said and abs(float(said[1]) - float(fair)) < 0.051 and float(said[1]) < 2, took.note
    from speculation.text import offer_answer_sentence
    assert offer_answer_sentence("refused", "Mary", 2, Fraction(201, 100)).endswith(
        "(below its fair value, about 2.01 chips).")
    assert offer_answer_sentence("accepted", "Mary", 2, Fraction(199, 100)).endswith(
        "(at or above its fair value, about 1.99 chips).")


def test_pass_and_play_notes_name_whose_answer_it_was() -> None:
    """Several people at one screen: the note says whose standing answer it was (the bridge's
    ``named``), for an offer refused and for a buy order."""
    window = window_where(lambda g: fair_of(g) >= 2, SHORT)
    low, seller, buyer = offered(window, 1)
    named = standing_answer(low, seller, DEFAULT_STANDING, named=True)
    assert named is not None and named.note is not None
    owner = NAMES[seller]
    assert named.note.startswith(f"{owner}'s standing answer refused {NAMES[buyer]}'s offer of 1 chip for "
                                 f"{owner}'s face-down card"), named.note
    s = Session()
    players = [{"name": n} for n in NAMES]
    s.handle(json.dumps({"op": "new_match", "settings": {"players": players, "seed": 1}}))
    res = json.loads(s.handle(json.dumps({"op": "standing", "seat": 0, "named": "yes"})))
    assert not res["ok"] and res["error"]["code"] == "bad_request"


def test_the_buyers_side_of_a_haggle_is_always_a_real_decision() -> None:
    """D10: the haggle runs as in D7; a counter from the owner is answered by the buyer, who is
    always asked."""
    window = window_where(lambda g: True, SHORT)
    g, seller, buyer = offered(window, 1)
    counter = next(t for t in g.legal_actions() if t.kind == "counter")
    g.apply(Action(seller, "counter", counter.price_max))
    assert g.to_act == buyer
    for rule in OfferRule:
        assert answer(g, StandingPrefs(True, rule)) is None


def test_a_sale_of_the_face_up_card_is_never_answered() -> None:
    game = Game(NAMES, seed=1)
    game.apply(Action(0, "deal"))
    for rule in OfferRule:
        assert answer(game, StandingPrefs(True, rule), BuyOrder(1, 3)) is None


# ------------------------------------------------------------------ properties


@given(cfg=configs(max_players=5), play_seed=st.integers(0, 2**32 - 1),
       steps=st.integers(0, 150), rule=st.sampled_from(list(OfferRule)),
       auto_reveal=st.booleans(), order=st.none() | st.tuples(st.integers(0, 4), st.integers(1, 200)))
def test_a_standing_answer_is_always_legal_and_asking_changes_nothing(
        cfg: Config, play_seed: int, steps: int, rule: OfferRule, auto_reveal: bool,
        order: tuple[int, int] | None) -> None:
    rng = random.Random(play_seed)
    game = cfg.new_game()
    prefs = StandingPrefs(auto_reveal, rule)
    buy = None if order is None else BuyOrder(order[0] % cfg.players, order[1])
    for _ in range(steps):
        if game.is_over:
            break
        before = state_json(game)
        for seat in game.seats:
            a = standing_answer(game, seat, prefs, buy)
            if a is not None:
                assert seat == game.to_act and game.is_legal(a.action), (a, game.legal_actions())
                assert a.used_order == (buy is not None and game.phase is Phase.MARKET)
        assert state_json(game) == before
        game.apply(random_action(game, rng))


# ------------------------------------------------------------------ the bridge's op


def session_at(game: Game) -> Session:
    """A session holding ``game`` (three people)."""
    s = Session()
    r = call(s, op="new_match", settings={"players": [{"name": n} for n in NAMES], "seed": 1})
    assert r["ok"], r
    s.game = game
    return s


def test_the_standing_op_answers_what_the_policy_says_and_changes_nothing() -> None:
    window = window_where(lambda g: True)
    seat = window.to_act
    s = session_at(window)
    before = call(s, op="save")["snapshot"]
    r = call(s, op="standing", seat=seat, prefs={"auto_reveal": True, "offers": "ask"},
             order={"owner": (seat or 0) + 1, "price": 4})
    assert r["ok"] and r["op"] == "standing", r
    expected = standing_answer(window, seat or 0, StandingPrefs(True, OfferRule.ASK),
                               BuyOrder((seat or 0) + 1, 4))
    assert expected is not None and r["answer"] == expected.to_dict()
    assert r["answer"]["used_order"] is True and r["answer"]["action"]["type"] == "offer"
    assert call(s, op="standing", seat=seat, prefs={}, order=None)["answer"] == {
        "action": {"seat": seat, "type": "pass"}, "note": None, "used_order": False}
    assert call(s, op="save")["snapshot"] == before
    # the page then sends the action through act, like a click
    assert call(s, op="act", action=r["answer"]["action"])["ok"]


def test_a_real_decision_answers_null() -> None:
    game = Game(NAMES, seed=1)
    game.apply(Action(0, "deal"))
    r = call(session_at(game), op="standing", seat=0, prefs={"auto_reveal": True,
                                                             "offers": "refuse_below_fair"})
    assert r["ok"] and r["answer"] is None


@pytest.mark.parametrize(("req", "code", "words"), [
    ({"seat": 0, "prefs": {"auto_reveal": True, "offers": "sell_cheap"}}, "bad_request",
     "unknown offer rule 'sell_cheap'"),
    ({"seat": 0, "prefs": {"auto_reveal": "yes", "offers": "ask"}}, "bad_request", "auto_reveal"),
    ({"seat": 0, "prefs": {"autoReveal": True}}, "bad_request", "unknown standing preference"),
    ({"seat": 0, "prefs": "ask"}, "bad_request", "'prefs' must be an object"),
    ({"seat": 7, "prefs": {}}, "bad_seat", "seat must be a number from 0 to 2"),
    ({"seat": True, "prefs": {}}, "bad_seat", "seat must be a number"),
    ({"seat": 0, "prefs": {}, "order": {"owner": 1}}, "bad_request", "'owner' and 'price'"),
    ({"seat": 0, "prefs": {}, "order": {"owner": 1, "price": 0}}, "bad_request", "from 1"),
    ({"seat": 0, "prefs": {}, "order": {"owner": 1, "price": 2.5}}, "bad_request", "whole number"),
    ({"seat": 0, "prefs": {}, "order": {"owner": 9, "price": 2}}, "bad_seat", "'owner'"),
    ({"seat": 0, "prefs": {}, "order": [1, 2]}, "bad_request", "buy order"),
    ({"seat": 2, "prefs": {}}, "not_your_turn", "not seat 2's"),
])
def test_bad_standing_requests_are_refused_by_code_and_change_nothing(
        req: dict[str, Any], code: str, words: str) -> None:
    """D20: bad input is refused with a reason; nothing changes."""
    s = session_at(Game(NAMES, seed=1))
    before = call(s, op="save")["snapshot"]
    r = call(s, op="standing", **req)
    assert not r["ok"] and r["error"]["code"] == code, r
    assert words in r["error"]["message"], r["error"]["message"]
    assert call(s, op="save")["snapshot"] == before


def test_standing_needs_a_match_and_refuses_a_finished_one() -> None:
    assert call(Session(), op="standing", seat=0, prefs={})["error"]["code"] == "no_match"
    game = Game(NAMES, rules_from("parlett", {"max_hands": 1}), seed=1)
    while not game.is_over:
        plain(game)
    r = call(session_at(game), op="standing", seat=0, prefs={})
    assert r["error"]["code"] == "match_over"


def test_random_play_meets_every_kind_of_standing_answer_each_legal() -> None:
    """Over seeded random matches every kind of answer turns up (deal, reveal, pass, a buy
    order's offer, a refusal, an acceptance), and each one is legal."""
    rng = random.Random(21)
    kinds: set[str] = set()
    for _ in range(25):
        game = random_config(rng).new_game()
        for _ in range(250):
            if game.is_over:
                break
            seat = game.to_act
            assert seat is not None
            prefs = StandingPrefs(True, rng.choice(list(OfferRule)))
            a = standing_answer(game, seat, prefs, BuyOrder(rng.randrange(len(game.names)), 3))
            if a is not None:
                assert game.is_legal(a.action)
                kinds.add(a.action.kind)
            game.apply(random_action(game, rng))
    assert kinds == {"deal", "reveal", "pass", "offer", "decline", "accept"}


def test_the_pages_settings_name_the_engines_rules() -> None:
    """web/js/standing.js's OFFER_RULES (the settings' choices) and protocol.js's OfferRule list
    exactly the engine's rules."""
    root = Path(__file__).resolve().parent.parent.parent / "web" / "js"
    settings = re.findall(r'^\s*\["(\w+)", "', (root / "standing.js").read_text(encoding="utf-8"), re.M)
    union = re.search(r'@typedef \{([^}]*)\} OfferRule', (root / "protocol.js").read_text(encoding="utf-8"))
    assert union is not None
    assert sorted(settings) == sorted(re.findall(r'"(\w+)"', union.group(1))) == sorted(OfferRule)
