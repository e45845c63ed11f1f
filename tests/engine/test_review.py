"""The review of a match (speculation.review and the bridge's ``review`` op): every trade of a
seat valued against the engine's own fair values, the trading score equal to the tournament's
luck-adjusted measure, and the bots' private limits shown only once the match is over."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from speculation.bots import make_bot, public_history
from speculation.bots.dealing import deal_chances
from speculation.bridge import Session
from speculation.game import Game
from speculation.observation import observe
from speculation.records import game_from_record
from speculation.review import review, trades, trading_score
from speculation.rules import Rules
from speculation_lab import tournament

from .helpers import call

ROOT = Path(__file__).resolve().parents[2]
BOTS = [{"name": "Fanny", "kind": "bot", "bot": "skilled/edmund"},
        {"name": "Mary", "kind": "bot", "bot": "expert/mary"},
        {"name": "Henry", "kind": "bot", "bot": "casual/henry"},
        {"name": "Tom", "kind": "bot", "bot": "beginner/edmund"}]


def scenario(name: str) -> Game:
    return game_from_record(json.loads((ROOT / "web/scenarios" / f"{name}.json").read_text()))


def auction_and_purchase() -> dict:
    """The documented record "An upcard auction and a purchase sight unseen"."""
    from .test_records import doc_examples

    return next(rec for rec, name, _ in doc_examples() if name == "auction-and-purchase.json")


def bot_match(seed: int = 1, hands: int = 2, human: int | None = None) -> Session:
    """A new match between four bots (or three and a person in seat ``human``)."""
    s = Session()
    players = [dict(p) for p in BOTS]
    if human is not None:
        players[human] = {"name": players[human]["name"], "kind": "human"}
    r = call(s, op="new_match", settings={"players": players, "seed": seed,
                                          "rules": {"max_hands": hands}})
    assert r["ok"], r
    return s


def play_out(s: Session, stop=lambda v: False) -> dict:
    while True:
        v = call(s, op="view", seat=None)["view"]
        if v["match_over"] or stop(v):
            return v
        assert call(s, op="bot", seat=v["to_act"])["ok"]


def test_documented_trades_match_the_log_and_the_exact_odds():
    """docs/record-format.md's auction-and-purchase: Mary buys the QH at auction for 5 from
    Fanny (RULES D8), then Edmund's top face-down card for 4 after a counter (D10, D11). Each trade's fair
    value is the log entry's ``fair`` and pot × the exact chance the engine computed just before
    the action that completed it."""
    rec = auction_and_purchase()
    g = game_from_record(rec)
    got = trades(g)
    assert [(t.kind, t.buyer, t.seller, t.price, t.card, t.position) for t in got] == [
        ("sold", 2, 0, 5, "QH", None), ("bought_facedown", 2, 1, 4, None, 0)]
    for t in got:
        entry = next(e for e in g.log if e.step == t.step and e.event.kind == t.kind)
        assert entry.fair == round(t.fair)
        before = game_from_record(rec, upto=t.step)
        odds = before.odds()
        exact = (odds.best if t.kind == "sold" else odds.per_card) * before.pot
        assert t.fair == pytest.approx(float(exact)) and t.pot == before.pot
    r = review(g, 2)
    assert [x["gain"] for x in r["trades"]] == [round(t.fair - t.price, 2) for t in got]
    assert r["score"] == round(sum(t.fair - t.price for t in got), 2)
    seller = review(g, 0)
    assert [x["gain"] for x in seller["trades"]] == [round(got[0].price - got[0].fair, 2)]
    assert review(g, 1)["trades"][0]["role"] == "seller"


def test_review_numbers_equal_the_bridge_log_fair_values():
    s = bot_match(seed=2)
    play_out(s)
    log = call(s, op="log")["entries"]
    by_step = {(e["step"], e["type"]): e for e in log}
    seen = 0
    for seat in range(4):
        r = call(s, op="review", seat=seat)["review"]
        total = 0.0
        for t in r["trades"]:
            e = by_step[(t["step"], t["type"])]
            assert t["fair_chips"] == e["fair"] and t["price"] == e["amount"]
            assert abs(t["fair"] - e["fair"]) <= 0.5
            mine_buy = t["role"] == "buyer"
            buyer, seller = ((e["other"], e["seat"]) if t["type"] == "sold"
                             else (e["seat"], e["other"]))
            assert (buyer if mine_buy else seller) == seat
            assert t["other"] == (seller if mine_buy else buyer)
            assert t["gain"] == pytest.approx((t["fair"] - t["price"]) * (1 if mine_buy else -1),
                                              abs=0.011)
            # the fair value is the chance of the pot and of dealing the next hand (worth.py)
            assert t["chance"] == pytest.approx(t["fair"] / (t["pot"] + t["deal"]), abs=1e-3)
            total += t["gain"]
            seen += 1
        assert r["score"] == pytest.approx(total, abs=0.05)
        if r["trades"]:
            gains = {t["step"]: t["gain"] for t in r["trades"]}
            assert gains[r["best"]] == max(gains.values())
            assert gains[r["worst"]] == min(gains.values())
    assert seen, "the match should have had trades"


def test_score_is_the_tournament_luck_adjusted_measure():
    """The tournament's per-entry edge for a deal equals review.trading_score of each seat of
    the same deal played the same way (one shared definition, review.trade_of), over deals
    with trades and without, plus what the seat was worth when the hand was dealt (its exact
    chance then, the dealer's higher by the deal's edge, times the pot, less its ante)."""
    lineup = ["skilled/edmund", "casual/mary", "beginner/henry"]
    rules = Rules.from_dict({"max_hands": 1})
    seat_of = (0, 1, 2)
    traded = 0
    for index in range(6):
        _, edge, _ = tournament.play_hand(lineup, rules, seed=3, index=index, seat_of=seat_of)
        g = Game([f"{b}#{e}"[:40] for e, b in enumerate(lineup)], rules,
                 seed=tournament.deal_seed(3, index))
        bots = {s: make_bot(lineup[s], tournament.bot_seed(3, index, s), s) for s in range(3)}
        while not g.is_over:
            seat = g.to_act
            g.apply(bots[seat].decide(observe(g, seat), public_history(g)).action)
        traded += bool(trades(g))
        mine, other = deal_chances(rules, 3)
        antes = [rules.ante_for(s == 0) for s in range(3)]  # seat 0 deals hand 1
        dealt = [(mine if s == 0 else other) * sum(antes) - antes[s] for s in range(3)]
        assert [trading_score(g, s) + dealt[s] for s in range(3)] == pytest.approx(edge), index
    assert traded >= 2, "some of these deals have trades"


def test_one_hand_only():
    s = bot_match(seed=2, hands=3)
    play_out(s)
    whole = call(s, op="review", seat=3)["review"]
    parts = [call(s, op="review", seat=3, hand=h)["review"] for h in (1, 2, 3)]
    assert sum(len(p["trades"]) for p in parts) == len(whole["trades"])
    for h, p in enumerate(parts, 1):
        assert all(t["hand"] == h for t in p["trades"]) and p["hand"] == h
    assert sum(p["score"] for p in parts) == pytest.approx(whole["score"], abs=0.05)
    assert {x["hand"]: x["score"] for x in whole["hands"]} == {
        p["hand"]: p["score"] for p in parts if p["trades"]}


def test_private_limits_only_after_the_match():
    s = bot_match(seed=2, hands=2)
    mid = play_out(s, stop=lambda v: v["hand"] == 2 and v["phase"] != "deal")
    assert not mid["match_over"]
    during = call(s, op="review", seat=3)
    assert during["ok"] and during["review"]["trades"]
    assert during["review"]["limits_shown"] is False
    assert "limits" not in json.dumps(during["review"]["trades"])
    assert "would have" not in json.dumps(during)
    play_out(s)
    after = call(s, op="review", seat=3)["review"]
    assert after["limits_shown"] is True
    shown = [lim for t in after["trades"] for lim in t["limits"]]
    assert shown, "bots traded, so their limits are shown"
    for t in after["trades"]:
        for lim in t["limits"]:
            assert lim["seat"] in (3, t["other"]) and "would have" in lim["text"]


def test_private_limits_are_the_bots_own_numbers():
    """Each limit shown is what that bot's decision carried (Decision.private) at its last
    priced move before the trade, replayed from the record."""
    s = bot_match(seed=2, hands=1)
    play_out(s)
    rec = call(s, op="record")["record"]
    g = s.game
    assert g is not None
    checked = 0
    for t in [t for seat in range(4) for t in call(s, op="review", seat=seat)["review"]["trades"]]:
        for lim in t["limits"]:
            k = max(st.index for st in g.steps[:t["step"] + 1]
                    if st.action.seat == lim["seat"] and st.stake and st.hand == t["hand"])
            before = game_from_record(rec, upto=k)
            bot = make_bot(BOTS[lim["seat"]]["bot"], seed=g.seed * 16 + lim["seat"],
                           seat=lim["seat"], roster=s.roster())
            d = bot.decide(observe(before, lim["seat"]), public_history(before))
            assert (lim["buy"], lim["sell"]) == (round(d.private[0], 2), round(d.private[1], 2))
            checked += 1
    assert checked


def test_human_seats_show_no_limits():
    s = bot_match(seed=2, hands=1, human=3)
    while True:  # the human (seat 3) always takes the first legal template's example
        v = call(s, op="view", seat=3)["view"]
        if v["match_over"]:
            break
        if v["to_act"] == 3:
            t = v["legal"][0]
            a = {"seat": 3, "type": t["type"]}
            if "price" in t:
                a["price"] = t["price"]["min"]
            if "targets" in t:
                a["target"] = t["targets"][0]
            if "cards" in t:
                a["target"], a["card"] = t["cards"][0]
            assert call(s, op="act", action=a)["ok"]
        else:
            assert call(s, op="bot", seat=v["to_act"])["ok"]
    for seat in range(3):
        for t in call(s, op="review", seat=seat)["review"]["trades"]:
            assert all(lim["seat"] != 3 for lim in t["limits"])


def test_sentences():
    g = game_from_record(auction_and_purchase())
    r = review(g, 2)
    first = r["trades"][0]
    assert first["you"].startswith("Hand 1: You bought the queen of hearts from Fanny for 5 "
                                   "chips. It was worth ")
    assert "Mary bought the queen of hearts" in first["text"]
    second = r["trades"][1]
    assert "bought Edmund's top face-down card, sight unseen, for 4 chips" in second["you"]
    assert r["you"].startswith("Your trading score for the match: ")
    assert review(g, 1, hand=1)["text"].startswith("Edmund's trading score for hand 1")
    none = review(scenario("ace-upcard"), 0)
    assert none["trades"] == [] and none["score"] == 0 and none["best"] is None
    assert "no trades" in none["you"]


def test_one_rounding_for_the_score_and_gains():
    """Issue 26: the trading score read -0.5, -0.4 and -0.45 in three places. The engine states
    each figure once as text (score_text, gain_text, and the same number in its sentences),
    rounded from its hundredths with a half away from zero (the page's text.js tenths does the
    same integer steps)."""
    from speculation.text import signed_tenths, tenths
    assert [signed_tenths(x) for x in (-0.45, -0.44, 0.45, 0.05, -0.05, 0.04, 12.25)] == \
        ["−0.5", "−0.4", "+0.5", "+0.1", "−0.1", "0", "+12.3"]
    assert tenths(-0.04) == "0"  # no "-0"
    seen = 0
    for seed in range(3):
        game = Game(["A", "B", "C"], Rules(max_hands=3), seed=seed)
        bots = {s: make_bot("casual/henry", seed, s) for s in range(3)}
        while not game.is_over:
            seat = game.to_act
            game.apply(bots[seat].decide(observe(game, seat), public_history(game)).action)
        for seat in range(3):
            r = review(game, seat)
            assert r["score_text"] == signed_tenths(r["score"])
            for t in r["trades"]:
                seen += 1
                assert t["gain_text"] == signed_tenths(t["gain"])
            for h in r["hands"]:
                assert h["score_text"] == signed_tenths(h["score"])
            if r["trades"]:
                sign = "" if r["score_text"] == "0" else r["score_text"][0]
                assert f": {sign}{r['score_text'].lstrip('+−')} chip" in r["you"], (r["you"], r["score_text"])
    assert seen > 0


@pytest.mark.parametrize(("req", "code"), [
    ({"seat": 9}, "bad_seat"), ({"seat": None}, "bad_seat"), ({"seat": True}, "bad_seat"),
    ({"seat": 0, "hand": 0}, "bad_request"), ({"seat": 0, "hand": 7}, "bad_request"),
    ({"seat": 0, "hand": "1"}, "bad_request"), ({"seat": 0, "hand": True}, "bad_request"),
])
def test_bridge_refuses_bad_review_requests(req, code):
    s = bot_match(seed=2, hands=1)
    play_out(s)
    before = call(s, op="save")["snapshot"]
    r = call(s, op="review", **req)
    assert not r["ok"] and r["error"]["code"] == code
    assert call(s, op="save")["snapshot"] == before


def test_review_needs_a_match():
    assert call(Session(), op="review", seat=0)["error"]["code"] == "no_match"


def test_replay_without_install_leaves_the_match_alone():
    """The review steps through the match in progress with replay's ``current: true`` and
    ``install: false`` (its record withholds the seed until the match is over): the view at that
    step comes back and the match in progress is untouched."""
    s = bot_match(seed=2, hands=2)
    play_out(s, stop=lambda v: v["hand"] == 2)
    rec = call(s, op="record")["record"]
    before = call(s, op="save")["snapshot"]
    r = call(s, op="replay", current=True, upto=3, seat=0, install=False)
    assert r["ok"] and r["steps"] == len(rec["actions"]) and r["view"]["hand"] == 1
    assert r["view"]["seats"][1]["kind"] == "bot"
    assert call(s, op="save")["snapshot"] == before
    assert call(s, op="replay", current=True, install="no")["error"]["code"] == "bad_request"
    assert call(s, op="save")["snapshot"] == before
