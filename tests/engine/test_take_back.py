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


# ----------------------------------------------------------------- only within the hand under way
# Face-down cards are unknown to everyone (RULES.md §1, Deal), and at the end of a hand every card
# still face down is turned up (RULES.md §3, D15). A take-back that went back into a hand after
# that would let the person replay it knowing every card (issue 45): it is offered only for a
# decision of the hand being played, and only until that hand ends.


def hand_of(s: Session, hand: int) -> list[dict[str, Any]]:
    """Play on (seat 0 as ``to_decision``, its decisions the dearest) until hand ``hand`` is
    over; the views of seat 0's own decisions in it, each taken just before it decided."""
    mine = []
    while True:
        v = ask(s, op="view", seat=0)["view"]
        assert not v["match_over"]
        if v["stage"] == "hand_over" and v["hand"] == hand:
            return mine
        if v["to_act"] != 0:
            assert ask(s, op="bot", seat=v["to_act"])["ok"]
            continue
        answer = ask(s, op="standing", seat=0)["answer"]
        if answer is None:
            if v["hand"] == hand:
                mine.append(v)
            answer = {"action": choice(v["legal"][-1])}
        assert ask(s, op="act", action=answer["action"])["ok"]


def refused(s: Session, code: str = "take_back_not_offered") -> str:
    """The take-back is refused with ``code``, changing nothing; its reason."""
    snap, view = ask(s, op="save")["snapshot"], ask(s, op="view", seat=0)["view"]
    r = ask(s, op="take_back", seat=0)
    assert not r["ok"] and r["error"]["code"] == code, r
    assert ask(s, op="save")["snapshot"] == snap and ask(s, op="view", seat=0)["view"] == view
    return str(r["error"]["message"])


def test_no_take_back_once_the_hand_is_over_and_its_cards_are_shown():
    s = started()
    assert hand_of(s, 1), "seat 0 decided something in hand 1"
    v = ask(s, op="view", seat=0)["view"]
    assert v["stage"] == "hand_over" and v["last_hand"]["number"] == 1
    reason = refused(s)
    assert "hand 1 is over" in reason and "finished hand" in reason
    assert v["take_back"] == {"offered": False, "reason": reason}


def test_no_take_back_into_a_finished_hand_from_the_next_one():
    s = started()
    assert hand_of(s, 1)
    first = to_decision(s)  # hand 2 dealt, the bots have moved, seat 0 is asked
    assert first is not None and first["hand"] == 2 and first["stage"] == "playing"
    reason = refused(s)
    assert "hand 1, which is over" in reason and "finished hand" in reason
    assert first["take_back"]["offered"] is False


def test_a_second_take_back_stops_at_the_start_of_the_hand():
    s = started()
    assert hand_of(s, 1)
    first = to_decision(s)
    assert first is not None and first["hand"] == 2
    assert ask(s, op="act", action=choice(first["legal"][-1]))["ok"]
    decided = ask(s, op="view", seat=0)["view"]
    tb = ask(s, op="take_back", seat=0)
    assert tb["ok"] and tb["view"] == first  # the hand's first decision: taken back
    refused(s)  # the one before it was in hand 1
    assert ask(s, op="record")["record"]["meta"] == {"take_backs": 1}
    assert decided["take_back"] == {"offered": True, "reason": None}


def test_the_view_says_when_take_back_is_offered():
    """Through a whole match: whenever the view offers a take-back the engine makes it, and
    whenever it does not the engine refuses it."""
    s = started()
    seen = set()

    def check(view: dict[str, Any]) -> None:
        offer = view["take_back"]
        seen.add(offer["offered"])
        t = Session()  # a copy of the match, so this one goes on untouched
        assert ask(t, op="load", snapshot=ask(s, op="save")["snapshot"], seat=0)["ok"]
        r = ask(t, op="take_back", seat=0)
        if offer["offered"]:
            assert r["ok"], r
            assert r["view"]["hand"] == view["hand"] and r["view"]["stage"] == "playing"
        else:
            assert r["error"]["code"] in ("take_back_not_offered", "nothing_to_take_back"), r

    while (v := to_decision(s)) is not None:
        check(v)
        after = ask(s, op="act", action=choice(v["legal"][-1]), viewer=0)["view"]
        if not after["match_over"]:
            check(after)
    assert seen == {True, False}
    over = ask(s, op="view", seat=0)["view"]
    assert over["take_back"]["offered"] is False
    assert ask(s, op="take_back", seat=0)["error"]["code"] == "match_over"


def test_the_view_has_no_take_back_where_it_is_never_offered():
    s = started([{"name": "Ann"}, {"name": "Bea"}, *BOTS[:1]])
    assert "take_back" not in ask(s, op="view", seat=0)["view"]
    solo = started()
    assert "take_back" not in ask(solo, op="view", seat=None)["view"]  # a spectator's
    assert "take_back" not in ask(solo, op="view", seat=1)["view"]  # a computer player's
