"""The history page's scenario records (web/scenarios/*.json): the committed files are exactly
what tools/make_scenarios.py writes, each replays through the bridge step by step (as the embed
replays them), and each tells the story its page promises."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "web" / "scenarios"
sys.path.insert(0, str(ROOT / "py"))

from speculation.bridge import Session  # noqa: E402
from speculation.records import game_from_record  # noqa: E402
from speculation.review import trades  # noqa: E402


def load_tool():
    spec = importlib.util.spec_from_file_location("make_scenarios", ROOT / "tools" / "make_scenarios.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


TOOL = load_tool()
GENERATED = TOOL.scenarios()


def ask(session: Session, **req):
    out = json.loads(session.handle(json.dumps(req)))
    assert out["ok"], out
    return out


def test_committed_files_equal_the_generator():
    committed = sorted(p.stem for p in SCENARIOS.glob("*.json"))
    assert committed == sorted(GENERATED), "web/scenarios/ and tools/make_scenarios.py disagree"
    for name, rec in GENERATED.items():
        text = (SCENARIOS / f"{name}.json").read_text(encoding="utf-8")
        assert text == TOOL.render(rec), f"{name}.json is stale: run tools/make_scenarios.py"
    assert TOOL.main(["--check"]) == 0


@pytest.mark.parametrize("name", sorted(GENERATED))
def test_each_step_replays_and_matches_acting(name):
    """`replay upto=k` then `act` with action k gives the same view as `replay upto=k+1`,
    which is how the embed steps forward (replaying for jumps, acting for the log)."""
    rec = json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))
    meta = rec["meta"]
    assert {"title", "summary", "source", "start"} <= set(meta)
    steps = len(rec["actions"])
    assert 0 <= meta["start"] <= steps
    s = Session()
    first = ask(s, op="replay", record=rec, upto=0)
    assert first["steps"] == steps and first["last_action"] is None
    for k, action in enumerate(rec["actions"]):
        acted = ask(s, op="act", action=action)
        assert isinstance(acted["events"], list)  # a quiet pass may have none
        replayed = ask(Session(), op="replay", record=rec, upto=k + 1)
        assert replayed["view"] == acted["view"]
        assert replayed["last_action"] == action
    assert ask(s, op="view", seat=None)["view"]["to_act"] is None or name == "hoyle-carry-over"


def final(name):
    rec = json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))
    return ask(Session(), op="replay", record=rec)["view"]


def test_ace_upcard_story():
    v = final("ace-upcard")
    assert v["upcard"] == "AS" and v["match_over"]
    assert v["last_hand"]["reason"] == "ace_upcard" and v["last_hand"]["winner"] == 0


def test_upcard_auction_story():
    rec = json.loads((SCENARIOS / "upcard-auction.json").read_text(encoding="utf-8"))
    kinds = [a["type"] for a in rec["actions"][:5]]
    assert kinds == ["deal", "sell_auction", "bid", "bid", "pass"]
    at_start = ask(Session(), op="replay", record=rec, upto=rec["meta"]["start"])["view"]
    assert at_start["phase"] == "sale" and at_start["upcard"] == "QH"
    v = final("upcard-auction")
    assert v["last_hand"]["winner"] == 2 and v["last_hand"]["card"] == "QH"


def test_holder_buys_story():
    rec = json.loads((SCENARIOS / "holder-buys.json").read_text(encoding="utf-8"))
    offers = [a for a in rec["actions"] if a["type"] == "offer"]
    assert len(offers) == 3 and all(a["seat"] == 0 for a in offers)
    v = final("holder-buys")
    h = v["last_hand"]
    assert h["winner"] == 0 and h["reason"] == "last_card"
    assert {"JH", "TH"} <= set(h["cards"][0])  # the hearts he bought would have beaten his nine


def test_hoyle_carry_over_story():
    rec = json.loads((SCENARIOS / "hoyle-carry-over.json").read_text(encoding="utf-8"))
    assert rec["preset"] == "hoyle1847"
    v = final("hoyle-carry-over")
    assert v["hands"][0]["winner"] is None and v["hands"][0]["reason"] == "no_trump"
    assert v["hands"][0]["pot"] == 18 and v["hand"] == 2 and v["pot"] == 36


def test_tutorial_story_shows_an_auction_and_asks_for_no_losing_trade():
    """The guided first hand (web/js/tutorial.js, issue 26): the newcomer auctions the upcard
    and the others bid; every trade the notes ask for is at or better than the card's exact
    fair value then (the engine's review: a buyer gains fair − price, a seller price − fair);
    the moves the notes name are the ones played, and the hand ends."""
    rec = json.loads((SCENARIOS / "tutorial.json").read_text(encoding="utf-8"))
    plan = rec["meta"]["tutorial"]
    acts = rec["actions"]
    sale = next(a for a in acts if a["type"].startswith("sell_"))
    assert sale == {"seat": 0, "type": "sell_auction", "price": plan["reserve"]}
    bidders = [a["seat"] for a in acts if a["type"] == "bid"]
    assert bidders and 0 not in bidders
    offer = next(a for a in acts if a["type"] == "offer" and a["seat"] == 0)
    assert {k: offer[k] for k in ("target", "card", "price")} == plan["offer"]
    s = Session()
    ask(s, op="replay", record=rec)
    review = ask(s, op="review", seat=0)["review"]
    kinds = sorted((t["type"], t["role"], t.get("method")) for t in review["trades"])
    assert kinds == [("bought_facedown", "buyer", None), ("sold", "seller", "auction")], review["trades"]
    exact = [t.gain(0) for t in trades(game_from_record(rec)) if 0 in (t.buyer, t.seller)]
    assert len(exact) == 2 and min(exact) >= 0, [t["you"] for t in review["trades"]]
    assert review["score"] > 0
    v = ask(s, op="view", seat=0)["view"]
    assert v["match_over"] and v["last_hand"]["winner"] == 0
