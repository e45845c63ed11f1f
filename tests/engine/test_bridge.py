"""The JSON bridge: every op works as docs/protocol.md says, and no face-down card ever
appears in what it sends to the page."""

from __future__ import annotations

import json
import re

import pytest

from speculation.bridge import Session, handle
from speculation.cards import card_str

PLAYERS = [{"name": "Fanny"}, {"name": "Edmund"}, {"name": "Mary"}]


def call(s: Session, **req):
    return json.loads(s.handle(json.dumps(req)))


def started(seed: int = 5, **settings) -> Session:
    s = Session()
    r = call(s, op="new_match", settings={"players": PLAYERS, "seed": seed, **settings})
    assert r["ok"], r
    return s


def test_hello_lists_presets_options_and_protocol():
    r = json.loads(handle('{"op": "hello"}'))
    assert r["ok"] and r["protocol"] == 1
    assert {p["id"] for p in r["presets"]} == {"parlett", "hoyle1847", "victorian"}
    assert any(o["name"] == "ante" and o["default"] == 4 for o in r["options"])


def test_new_match_view_act_cycle():
    s = started()
    r = call(s, op="act", action={"seat": 0, "type": "deal"}, seat=0)
    assert r["ok"] and r["events"][0]["type"] == "ante"
    view = r["view"]
    assert view["pot"] == 12 and [x["stack"] for x in view["seats"]] == [3, 3, 3]
    assert view["seat"] == 0
    if view["to_act"] == 0:
        assert view["legal"], "the acting seat sees its legal templates"
    other = call(s, op="view", seat=1)["view"]
    assert other["legal"] == []


def test_act_with_illegal_action_returns_templates_and_changes_nothing():
    s = started()
    before = call(s, op="save")["snapshot"]
    r = call(s, op="act", action={"seat": 2, "type": "deal"})
    assert not r["ok"] and r["error"]["code"] == "not_your_turn"
    assert r["error"]["legal"] == [{"type": "deal", "seat": 0}]
    assert call(s, op="save")["snapshot"] == before


def test_views_never_name_a_face_down_card():
    s = started(seed=8)
    call(s, op="act", action={"seat": 0, "type": "deal"})
    game = s.game
    hidden = {card_str(c) for st in game.stacks for c in st} | {card_str(c) for c in game.stub}
    for seat in (None, 0, 1, 2):
        text = json.dumps(call(s, op="view", seat=seat))
        named = set(re.findall(r'"([2-9TJQKA][SHDC])"', text))
        assert not named & hidden, (seat, named & hidden)


def test_save_and_load_resume_the_same_state():
    s = started()
    call(s, op="act", action={"seat": 0, "type": "deal"})
    snap = call(s, op="save")["snapshot"]
    view = call(s, op="view", seat=0)["view"]
    t = Session()
    r = call(t, op="load", snapshot=snap, seat=0)
    assert r["ok"] and r["view"] == view


def test_load_of_a_corrupted_save_is_refused_and_keeps_the_current_match():
    s = started()
    snap = call(s, op="save")["snapshot"]
    r = call(s, op="load", snapshot=snap.replace('"chips":[100', '"chips":[101'))
    assert r["error"]["code"] == "corrupt_snapshot"
    assert call(s, op="save")["snapshot"] == snap


def test_record_and_replay_upto():
    s = started()
    for _ in range(3):
        v = call(s, op="view")["view"]
        legal = call(s, op="legal", seat=v["to_act"])["legal"]
        kinds = {t["type"]: t for t in legal}
        kind = next(k for k in ("deal", "keep", "pass", "reveal") if k in kinds)
        assert call(s, op="act", action={"seat": v["to_act"], "type": kind})["ok"]
    rec = call(s, op="record")["record"]
    assert len(rec["actions"]) == 3
    t = Session()
    r = call(t, op="replay", record=rec, upto=1, seat=None)
    assert r["ok"] and r["steps"] == 3 and r["last_action"] == {"seat": 0, "type": "deal"}
    assert r["view"]["pot"] == 12


@pytest.mark.parametrize("settings,code", [
    ({"players": [{"name": "A"}]}, "bad_settings"),
    ({"players": PLAYERS, "preset": "whist"}, "unknown_preset"),
    ({"players": PLAYERS, "rules": {"ante": 0}}, "bad_option"),
    ({"players": PLAYERS, "seed": -1}, "bad_seed"),
    ({"players": PLAYERS, "seed": 2**60}, "bad_seed"),
    ({"players": [{"name": "A", "kind": "bot", "bot": "nobody"}, {"name": "B"}]}, "bad_settings"),
    ({"players": PLAYERS, "decks": [["QH", "QH"]]}, "bad_deck"),
    ({"players": PLAYERS, "colour": "red"}, "bad_settings"),
])
def test_bad_settings_get_specific_errors(settings, code):
    r = call(Session(), op="new_match", settings=settings)
    assert not r["ok"] and r["error"]["code"] == code and r["error"]["message"]


def test_ops_before_a_match_say_so():
    for op in ("view", "act", "save", "record"):
        r = call(Session(), op=op)
        assert r["error"]["code"] == "no_match"
