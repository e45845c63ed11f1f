"""Take back (issue 24): the bridge's ``take_back`` puts the match back at the moment before
the person's last decision against computer players; the bots, seeded and pure, then play on
exactly as before; the record keeps only what was finally played (docs/protocol.md,
"Take back")."""

from __future__ import annotations

import json
from typing import Any

from speculation.bridge import Session

BOTS = [{"name": n, "kind": "bot", "bot": f"skilled/{n.lower()}"} for n in ("Mary", "Henry", "Edmund")]


def ask(s: Session, **req: Any) -> dict[str, Any]:
    return json.loads(s.handle(json.dumps(req)))


def started(players: list[dict[str, Any]] | None = None, seed: int = 11) -> Session:
    s = Session(new_salt=lambda: "00" * 16)
    r = ask(s, op="new_match", settings={"players": players or [{"name": "Ann"}, *BOTS], "seed": seed,
                                          "rules": {"max_hands": 3}}, seat=0)
    assert r["ok"], r
    return s


def choice(template: dict[str, Any]) -> dict[str, Any]:
    """A concrete action from a template: its dearest price, its first target or card."""
    a: dict[str, Any] = {"seat": template["seat"], "type": template["type"]}
    if "price" in template:
        a["price"] = template["price"]["max"]
    if "targets" in template:
        a["target"] = template["targets"][0]
    if "cards" in template:
        a["target"], a["card"] = template["cards"][0]
    return a


def to_decision(s: Session) -> dict[str, Any] | None:
    """Play the bots and seat 0's standing answers until seat 0 is asked; its view, or None
    at the end of the match."""
    while True:
        v = ask(s, op="view", seat=0)["view"]
        if v["match_over"]:
            return None
        seat = v["to_act"]
        if seat != 0:
            assert ask(s, op="bot", seat=seat)["ok"]
            continue
        answer = ask(s, op="standing", seat=0)["answer"]
        if answer is None:
            return v
        assert ask(s, op="act", action=answer["action"])["ok"]


def test_take_back_restores_the_exact_earlier_view_and_play_goes_on_the_same():
    s = started()
    for _ in range(3):  # three decisions in
        v = to_decision(s)
        assert v is not None
        assert ask(s, op="act", action=choice(v["legal"][-1]))["ok"]
    before = to_decision(s)
    assert before is not None
    mine = choice(before["legal"][-1])
    assert ask(s, op="act", action=mine)["ok"]
    after = to_decision(s)  # the bots have moved since
    assert after is not None
    actions_then = ask(s, op="record")["record"]["actions"]

    tb = ask(s, op="take_back", seat=0)
    assert tb["ok"], tb
    assert tb["view"] == before, "the view is exactly the one the decision was taken from"
    assert tb["take_backs"] == 1 and tb["taken_back"] >= 1
    record = ask(s, op="record")["record"]
    assert len(record["actions"]) == len(actions_then) - tb["taken_back"]
    assert record["meta"] == {"take_backs": 1}

    # the same decision again: the bots answer exactly as they did
    assert ask(s, op="act", action=mine)["ok"]
    assert to_decision(s) == after
    assert ask(s, op="record")["record"]["actions"] == actions_then
    # another decision this time: play goes on from it
    tb = ask(s, op="take_back", seat=0)
    assert tb["view"] == before and tb["take_backs"] == 2
    other = choice(before["legal"][0])
    assert ask(s, op="act", action=other)["ok"]
    assert ask(s, op="record")["record"]["actions"][-1] == other


def test_take_backs_survive_a_save_and_load():
    s = started()
    v = to_decision(s)
    assert v is not None
    assert ask(s, op="act", action=choice(v["legal"][-1]))["ok"]
    assert ask(s, op="take_back", seat=0)["ok"]
    snap = ask(s, op="save")["snapshot"]
    t = Session()
    assert ask(t, op="load", snapshot=snap, seat=0)["view"] == ask(s, op="view", seat=0)["view"]
    assert ask(t, op="record")["record"]["meta"] == {"take_backs": 1}


def test_nothing_to_take_back_changes_nothing():
    s = started()
    first = ask(s, op="view", seat=0)["view"]  # the deal is a standing answer, not a decision
    err = ask(s, op="take_back", seat=0)["error"]
    assert err["code"] == "nothing_to_take_back"
    assert ask(s, op="view", seat=0)["view"] == first
    assert ask(s, op="take_back", seat=1)["error"]["code"] == "bad_seat"  # a computer's seat
    assert ask(Session(), op="take_back", seat=0)["error"]["code"] == "no_match"


def test_not_offered_with_another_person_at_the_table():
    s = started([{"name": "Ann"}, {"name": "Bea"}, *BOTS[:1]])
    v = to_decision(s)
    assert v is not None
    assert ask(s, op="act", action=choice(v["legal"][-1]))["ok"]
    before = ask(s, op="save")["snapshot"]
    assert ask(s, op="take_back", seat=0)["error"]["code"] == "take_back_not_offered"
    assert ask(s, op="save")["snapshot"] == before
