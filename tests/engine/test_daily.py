"""The daily deal (issue 24): its seed is a function of the UTC date alone, the same for every
player (two fresh sessions), different the next day; the match is short; the share line names
no card, face-down or not (docs/protocol.md, "The daily deal")."""

from __future__ import annotations

import json
import re
from typing import Any

from speculation import daily
from speculation.bridge import Session
from speculation.cards import card_name

CARD = re.compile(r"\b(?:10|[2-9TJQKA])[SHDC]\b")


def ask(s: Session, **req: Any) -> dict[str, Any]:
    return json.loads(s.handle(json.dumps(req)))


def play_out(s: Session) -> None:
    """Seat 0 played by the casual computer player as a stand-in, to the end."""
    while True:
        v = ask(s, op="view")["view"]
        if v["match_over"]:
            return
        seat = v["to_act"]
        r = ask(s, op="bot", seat=seat, **({"stand_in": "casual/fanny"} if seat == 0 else {}))
        assert r["ok"], r


def test_the_same_daily_for_two_fresh_profiles_and_another_the_next_day():
    a, b = Session(), Session()
    va = ask(a, op="daily", date="2026-12-02", name="Ann", counts=True)
    vb = ask(b, op="daily", date="2026-12-02", name="Bo", counts=True)
    assert va["ok"] and vb["ok"]
    play_out(a), play_out(b)
    ra, rb = ask(a, op="record")["record"], ask(b, op="record")["record"]
    assert ra["seed"] == rb["seed"] == daily.daily_seed("2026-12-02")
    assert ra["seats"][1:] == rb["seats"][1:], "the same computer players"
    assert ra["actions"] == rb["actions"], "the same deals, played the same by the same players"
    assert ra["rules"]["max_hands"] == daily.HANDS == 5
    assert daily.daily_seed("2026-12-03") != daily.daily_seed("2026-12-02")
    c = Session()
    assert ask(c, op="daily", date="2026-12-03", counts=False)["ok"]
    play_out(c)
    assert ask(c, op="record")["record"]["seed"] == daily.daily_seed("2026-12-03")


def test_the_result_compares_with_the_expert_and_its_share_line_names_no_card():
    s = Session()
    assert ask(s, op="daily", date="2026-12-02", counts=True)["ok"]
    assert ask(s, op="daily_result")["error"]["code"] == "bad_request"  # not over yet
    play_out(s)
    r = ask(s, op="daily_result")["result"]
    assert r["date"] == "2026-12-02" and r["counts"] is True
    par = daily.expert_par("2026-12-02")
    assert r["expert"] == {"score": par.score, "chips": par.chips}
    assert r["share"] == daily.share_text("2026-12-02", r["score"], r["chips"])
    assert r["share"].startswith("Speculation daily 2026-12-02: trading ")
    assert not CARD.search(r["share"]), r["share"]
    # every card the match dealt, face-down ones included, is absent from the line
    for c in range(52):
        assert card_name(c) not in r["share"]


def test_a_counted_daily_takes_nothing_back_and_a_bad_date_is_refused():
    s = Session()
    assert ask(s, op="daily", date="2026-12-02", counts=True)["ok"]
    assert ask(s, op="take_back", seat=0)["error"]["code"] == "take_back_not_offered"
    for bad in ["2026-02-30", "2026-12-2", 20261202, None]:
        assert ask(Session(), op="daily", date=bad, counts=True)["error"]["code"] == "bad_request"


def test_the_table_says_it_is_the_daily_deal_and_which_hand_of_how_many():
    """Issue 45, item 6: "Daily deal · hand 2 of 5" above the table, in the engine's words (the
    view's hand_line); another match says "Hand" and counts its hands the same way."""
    s = Session()
    v = ask(s, op="daily", date="2026-12-02", counts=False)["view"]
    assert v["hand_line"] == {"label": "Daily deal · hand", "value": f"1 of {daily.HANDS}"}
    seen = set()
    while not v["match_over"]:
        seen.add(v["hand_line"]["value"])
        seat = v["to_act"]
        r = ask(s, op="bot", seat=seat, **({"stand_in": "casual/fanny"} if seat == 0 else {}))
        v = r["view"] if "view" in r else ask(s, op="view")["view"]
    assert seen == {f"{n} of {daily.HANDS}" for n in range(1, daily.HANDS + 1)}
    assert v["hand_line"]["label"] == "Daily deal · hand"
    players = [{"name": "Ann"}, {"name": "Bo", "kind": "bot", "bot": "casual/fanny"}]
    for hands, value in ((3, "1 of 3"), (0, "1")):
        settings = {"players": players, "seed": 3, "rules": {"max_hands": hands}}
        w = ask(Session(), op="new_match", settings=settings)["view"]
        assert w["hand_line"] == {"label": "Hand", "value": value}
