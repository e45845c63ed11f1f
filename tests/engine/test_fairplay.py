"""The host's commitment to the deal and a guest's audit of the finished record (issue 22,
playing with friends): the bridge's ``commitment`` and ``verify`` ops, the salt in records and
saves (docs/protocol.md "Fair play at a shared table", docs/record-format.md)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from speculation import fairplay, records
from speculation.bridge import Session
from speculation.game import Game
from speculation.records import saved_state

from .helpers import call

ROOT = Path(__file__).resolve().parents[2]
V1_SAVE = ROOT / "tests" / "fixtures" / "v1-save.json"
BOTS = [{"name": "Fanny", "kind": "bot", "bot": "beginner/fanny"},
        {"name": "Edmund", "kind": "bot", "bot": "casual/edmund"},
        {"name": "Mary", "kind": "bot", "bot": "skilled/mary"}]


def started(seed: int = 11, salt: str | None = None, **settings) -> Session:
    s = Session() if salt is None else Session(new_salt=lambda: salt)
    r = call(s, op="new_match", settings={"players": BOTS, "seed": seed,
                                          "rules": {"max_hands": 1}, **settings})
    assert r["ok"], r
    return s


def play_out(s: Session, steps: int | None = None) -> list[dict]:
    """Bots play every seat (to the end, or ``steps`` moves); the events a guest would see."""
    seen: list[dict] = []
    while steps is None or steps > 0:
        to_act = call(s, op="view", seat=None)["view"]["to_act"]
        if to_act is None:
            break
        r = call(s, op="bot", seat=to_act)
        assert r["ok"], r
        seen += r["events"]
        if steps is not None:
            steps -= 1
    return seen


# ----------------------------------------------------------------------- the commitment


def test_the_commitment_is_the_documented_hash_of_seed_and_salt():
    s = started(seed=11, salt="0f" * 16)
    r = call(s, op="commitment")
    expected = hashlib.sha256(b"11:" + b"0f" * 16).hexdigest()
    assert r == {"ok": True, "op": "commitment", "commitment": expected,
                 "scheme": fairplay.SCHEME}


def test_the_commitment_names_neither_seed_nor_salt_and_the_record_withholds_the_salt():
    s = started(seed=424242)
    text = s.handle('{"op": "commitment"}')
    assert "424242" not in text and s.salt not in text
    assert set(json.loads(text)) == {"ok", "op", "commitment", "scheme"}
    play_out(s, steps=5)
    rec = call(s, op="record")["record"]
    assert "salt" not in rec and "seed" not in rec and rec["withheld"] == ["seed", "decks"]


def test_each_match_has_its_own_salt_from_outside_the_game_rng():
    """Two matches of the same seed commit differently, but deal and play alike: the salt
    comes from ``secrets``, so no deal and no bot decision changes."""
    a, b = started(seed=11), started(seed=11)
    assert fairplay.is_salt(a.salt) and a.salt != b.salt
    assert call(a, op="commitment")["commitment"] != call(b, op="commitment")["commitment"]
    assert play_out(a) == play_out(b)
    assert a.game is not None and b.game is not None
    assert saved_state(a.game) == saved_state(b.game)


def test_the_finished_record_carries_the_salt_so_anyone_can_recompute_the_commitment():
    s = started(seed=11)
    promised = call(s, op="commitment")["commitment"]
    play_out(s)
    rec = call(s, op="record")["record"]
    assert rec["seed"] == 11 and rec["salt"] == s.salt
    assert hashlib.sha256(f"{rec['seed']}:{rec['salt']}".encode("ascii")).hexdigest() == promised


def test_deck_orders_are_committed_too():
    deck = ["AS", "KS", "QS", "JS", "TS", "9S", "8S"]
    s = started(seed=11, salt="ab" * 16, decks=[deck])
    expected = hashlib.sha256(("11:" + "ab" * 16 + ":" + ",".join(deck)).encode()).hexdigest()
    assert call(s, op="commitment")["commitment"] == expected


def test_commitment_without_a_match_is_no_match():
    assert call(Session(), op="commitment")["error"]["code"] == "no_match"


# ----------------------------------------------------------------------- saves keep it


def test_a_reloaded_save_keeps_the_commitment():
    s = started(seed=11)
    play_out(s, steps=4)
    promised = call(s, op="commitment")["commitment"]
    snap = call(s, op="save")["snapshot"]
    assert json.loads(snap)["record"]["salt"] == s.salt
    t = Session()
    assert call(t, op="load", snapshot=snap)["ok"]
    assert call(t, op="commitment")["commitment"] == promised


def test_saves_written_before_salts_still_load_and_get_one():
    """A version-2 save without a salt and the released site's version-1 save both load; the
    match then has a salt of its own, which the next save keeps."""
    g = Game(["Fanny", "Edmund"], seed=4)
    v1 = json.loads(V1_SAVE.read_text(encoding="utf-8"))["snapshot"]
    for old in (records.snapshot(g), v1):
        assert "salt" not in json.loads(old)["record"]
        s = Session()
        assert call(s, op="load", snapshot=old)["ok"]
        assert fairplay.is_salt(s.salt)
        assert json.loads(call(s, op="save")["snapshot"])["record"]["salt"] == s.salt


@pytest.mark.parametrize("salt", ["AB" * 16, "ab" * 15, 7, ""])
def test_a_save_with_a_malformed_salt_is_corrupt(salt):
    g = Game(["Fanny", "Edmund"], seed=4)
    data = json.loads(records.snapshot(g, salt="ab" * 16))
    data["record"]["salt"] = salt
    data["check"] = records.integrity_check(data["record"], data["state"])
    s = started()
    before = call(s, op="save")["snapshot"]
    assert call(s, op="load", snapshot=json.dumps(data))["error"]["code"] == "corrupt_snapshot"
    assert call(s, op="save")["snapshot"] == before


def test_an_edited_salt_breaks_the_integrity_check():
    data = json.loads(records.snapshot(Game(["Fanny", "Edmund"], seed=4), salt="ab" * 16))
    data["record"]["salt"] = "cd" * 16
    assert call(Session(), op="load", snapshot=json.dumps(data))["error"]["code"] == \
        "corrupt_snapshot"


def test_replaying_a_record_installs_its_salt():
    s = started(seed=11)
    promised = call(s, op="commitment")["commitment"]
    play_out(s)
    rec = call(s, op="record")["record"]
    t = Session()
    assert call(t, op="replay", record=rec, upto=3)["ok"]
    assert call(t, op="commitment")["commitment"] == promised
    assert call(s, op="replay", current=True, upto=0)["ok"]
    assert call(s, op="commitment")["commitment"] == promised


# ----------------------------------------------------------------------- verify


def finished(seed: int = 11) -> tuple[Session, str, list[dict], dict]:
    s = started(seed=seed)
    promised = call(s, op="commitment")["commitment"]
    seen = play_out(s)
    return s, promised, seen, call(s, op="record")["record"]


def verify(**req):
    r = call(Session(), op="verify", **req)
    assert r["ok"], r
    return r


def test_verify_accepts_an_honest_host():
    _, promised, seen, rec = finished()
    r = verify(record=rec, commitment=promised,
               seen=[{"index": e["index"], "text": e["text"], "cls": "log"} for e in seen])
    assert r == {"ok": True, "op": "verify", "commitment_ok": True, "replay_ok": True,
                 "log_ok": True, "first_difference": None, "reason": None,
                 "checked": len(seen), "entries": len(seen)}


def test_verify_needs_no_match_and_leaves_the_sessions_match_alone():
    _, promised, seen, rec = finished()
    other = started(seed=3)
    before = call(other, op="save")["snapshot"]
    assert call(other, op="verify", record=rec, commitment=promised, seen=seen)["log_ok"]
    assert call(other, op="save")["snapshot"] == before


def test_verify_finds_a_changed_deal():
    """A host that deals other cards than it committed to: the record's seed no longer
    matches the commitment, or (same seed, other cards) the log differs from the replay."""
    _, promised, seen, rec = finished(seed=11)
    _, _, _, other = finished(seed=12)
    r = verify(record=other, commitment=promised, seen=seen)
    assert not r["commitment_ok"] and r["replay_ok"]
    assert "commitment" in r["reason"]
    swapped = {**other, "salt": rec["salt"], "seed": rec["seed"]}
    r = verify(record=swapped, commitment=promised, seen=seen)
    assert r["commitment_ok"] and not (r["replay_ok"] and r["log_ok"])


def test_verify_names_the_first_entry_that_differs():
    _, promised, seen, rec = finished()
    changed = [dict(e) for e in seen]
    changed[5]["text"] = "Fanny takes the pot."
    changed[9]["amount"] = 999
    r = verify(record=rec, commitment=promised, seen=list(reversed(changed)))
    assert r["commitment_ok"] and r["replay_ok"] and not r["log_ok"]
    assert r["first_difference"] == {"index": 5, "field": "text", "expected": seen[5]["text"],
                                     "seen": "Fanny takes the pot."}
    beyond = [*seen, {"index": len(seen) + 3, "text": "Mary wins."}]
    r = verify(record=rec, commitment=promised, seen=beyond)
    assert r["first_difference"] == {"index": len(seen) + 3, "field": "entry", "expected": None,
                                     "seen": "Mary wins."}


def test_verify_does_not_hold_a_fair_value_worked_out_another_way_against_the_host():
    """A log entry's ``fair`` is worked out from the public table, and the way may change
    between versions of the site (issue 45 counted the next deal in it): a guest whose page
    is older than the host's must not see a difference there. A changed amount still shows."""
    _, promised, seen, rec = finished()
    older = [{**e, "fair": (e.get("fair") or 0) + 3} for e in seen]
    assert verify(record=rec, commitment=promised, seen=older)["log_ok"]
    older[9]["amount"] = 999
    assert verify(record=rec, commitment=promised, seen=older)["first_difference"]["field"] == "amount"


def test_verify_of_a_record_that_does_not_replay_says_why():
    _, promised, seen, rec = finished()
    broken = {**rec, "actions": [*rec["actions"][:4], {"seat": 0, "type": "fly"}]}
    r = verify(record=broken, commitment=promised, seen=seen)
    assert r["commitment_ok"] and not r["replay_ok"] and not r["log_ok"]
    assert "action 4" in r["reason"] and r["first_difference"] is None
    short = {**rec, "actions": rec["actions"][:4]}
    r = verify(record=short, commitment=promised, seen=seen[:3])
    assert not r["replay_ok"] and r["log_ok"] and "before the end" in r["reason"]
    for junk in ({}, {"players": "x"}, {**rec, "seed": "eleven"}, {**rec, "version": 9},
                 {**rec, "withheld": ["seed", "decks"]}, {**rec, "salt": None}):
        r = verify(record=junk, commitment=promised, seen=seen)
        assert not (r["commitment_ok"] and r["replay_ok"]), junk
        assert isinstance(r["reason"], str)


@pytest.mark.parametrize("req,words", [
    ({"commitment": "0" * 64, "seen": []}, "record"),
    ({"record": [], "commitment": "0" * 64, "seen": []}, "record"),
    ({"record": {}, "commitment": "0" * 63, "seen": []}, "commitment"),
    ({"record": {}, "commitment": "A" * 64, "seen": []}, "commitment"),
    ({"record": {}, "commitment": "0" * 64}, "seen"),
    ({"record": {}, "commitment": "0" * 64, "seen": [{"index": True, "text": "x"}]}, "seen[0]"),
    ({"record": {}, "commitment": "0" * 64, "seen": [{"index": 0}]}, "seen[0]"),
    ({"record": {}, "commitment": "0" * 64, "seen": ["x"]}, "seen[0]"),
])
def test_verify_refuses_malformed_requests(req, words):
    r = call(Session(), op="verify", **req)
    assert r["error"]["code"] == "bad_request" and words in r["error"]["message"]


def test_replay_of_a_record_with_a_malformed_salt_is_bad_record():
    _, _, _, rec = finished()
    s = started(seed=3)
    before = call(s, op="save")["snapshot"]
    for install in (True, False):
        r = call(s, op="replay", record={**rec, "salt": "xyz"}, install=install)
        assert r["error"]["code"] == "bad_record" and "salt" in r["error"]["message"]
    assert call(s, op="save")["snapshot"] == before
