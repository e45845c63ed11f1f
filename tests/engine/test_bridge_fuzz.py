"""Fuzzing the JSON bridge: hostile and malformed requests always come back as valid JSON with
``ok: false`` and an ``error`` {code, message} (never an exception, never ``internal_error``),
and never change the match in progress (compared through the ``save`` op)."""

from __future__ import annotations

import json
import random
from typing import Any
from unittest import mock

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from speculation import records
from speculation.actions import KINDS
from speculation.bridge import _OPS, MAX_REQUEST, Session
from speculation.jsonguard import measure
from speculation.records import integrity_check, saved_state

from .strategies import random_action

OPS = sorted(_OPS)
CHANGING_OPS = {"new_match", "act", "load", "replay", "bot"}


def request(session: Session, req: Any) -> dict[str, Any]:
    text = req if isinstance(req, str) else json.dumps(req)
    return answer(session.handle(text))


def answer(out: Any) -> dict[str, Any]:
    assert isinstance(out, str)
    resp = json.loads(out, parse_constant=lambda c: pytest.fail(f"{c} in a response"))
    assert isinstance(resp, dict) and isinstance(resp.get("ok"), bool)
    if not resp["ok"]:
        err = resp.get("error")
        assert isinstance(err, dict), resp
        assert isinstance(err.get("code"), str) and err["code"], resp
        assert isinstance(err.get("message"), str) and err["message"], resp
        assert err["code"] != "internal_error", err["message"]
    return resp


def saved(session: Session) -> str:
    resp = request(session, {"op": "save"})
    assert resp["ok"], resp
    return resp["snapshot"]


def session_mid_match(seed: int = 3, steps: int = 40, players: int = 4) -> Session:
    s = Session()
    resp = request(s, {"op": "new_match", "settings": {
        "players": [{"name": n} for n in ("Fanny", "Edmund", "Mary", "Henry")[:players]],
        "preset": "victorian", "seed": seed}})
    assert resp["ok"], resp
    game = s.game
    assert game is not None
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        resp = request(s, {"op": "act", "action": random_action(game, rng).to_dict()})
        assert resp["ok"], resp
    return s


def expect_refused(session: Session, req: Any, *codes: str) -> dict[str, Any]:
    """``req`` is refused (with one of ``codes`` if given) and changes nothing."""
    before = saved(session) if session.game is not None else None
    resp = request(session, req)
    assert resp["ok"] is False, (str(req)[:200], resp)
    if codes:
        assert resp["error"]["code"] in codes, resp["error"]
    if before is not None:
        assert saved(session) == before
    return resp


# ----------------------------------------------------------------------- strategies

json_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(-2**70, 2**70),
    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=30),
    st.sampled_from(["deal", "bid", "QH", "parlett", "hoyle1847", "", " ", "\x00", "\ud7ff"]),
)
json_values = st.recursive(json_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=5),
    st.dictionaries(st.one_of(st.text(max_size=10),
                              st.sampled_from(["op", "seat", "type", "price", "action", "record",
                                               "snapshot", "settings", "players", "name",
                                               "target", "card", "upto", "rules", "seed"])),
                    inner, max_size=6)), max_leaves=25)

hostile_seat = st.one_of(st.integers(-10**30, 10**30), st.sampled_from([-1, 4, 8, 99, 2**63]),
                         st.floats(allow_nan=False), st.text(max_size=5), st.booleans(),
                         st.lists(st.integers(0, 3), max_size=2),
                         st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))
small_or_hostile = st.one_of(st.integers(-3, 120), st.integers(0, 3), json_scalars,
                             st.integers(-2**80, 2**80))
hostile_action = st.fixed_dictionaries(
    {"seat": st.one_of(st.integers(0, 3), hostile_seat),
     "type": st.one_of(st.sampled_from(KINDS), st.sampled_from(["fly", "", "DEAL", "__init__",
                                                                "_do_deal", "apply"]),
                       json_values)},
    optional={"price": small_or_hostile, "target": small_or_hostile, "card": small_or_hostile,
              "extra": json_values})


@st.composite
def hostile_requests(draw: Any) -> Any:
    kind = draw(st.sampled_from(("any", "op", "act", "legal", "view")))
    if kind == "any":
        return draw(json_values)
    if kind == "op":
        req = draw(st.dictionaries(st.text(max_size=10), json_values, max_size=4))
        req["op"] = draw(st.one_of(st.sampled_from(OPS), json_values))
        return req
    if kind == "act":
        return {"op": "act", "action": draw(st.one_of(hostile_action, json_values)),
                **draw(st.dictionaries(st.sampled_from(["viewer", "seat", "x"]), json_values,
                                       max_size=2))}
    return {"op": kind, "seat": draw(hostile_seat)}


SHARED = session_mid_match()


@given(req=hostile_requests())
def test_hostile_json_requests(req: Any) -> None:
    before = saved(SHARED)
    resp = request(SHARED, req)
    op = req.get("op") if isinstance(req, dict) else None
    if resp["ok"]:
        assert op in OPS
        if op in CHANGING_OPS:
            # a request that happened to be valid: put the shared match back
            assert request(SHARED, {"op": "load", "snapshot": before})["ok"]
            return
    assert saved(SHARED) == before


@given(text=st.one_of(st.text(max_size=200), st.binary(max_size=100).map(
    lambda b: b.decode("latin-1"))))
def test_non_json_text(text: str) -> None:
    try:
        value = json.loads(text)
    except ValueError:
        value = None
    assume(not (isinstance(value, dict) and value.get("op") in OPS))
    expect_refused(SHARED, text)


@pytest.mark.parametrize("raw", [
    None, 42, 3.5, b'{"op": "hello"}', ["op", "hello"], {"op": "hello"}, object(),
])
def test_request_that_is_not_a_string(raw: Any) -> None:
    before = saved(SHARED)
    resp = answer(SHARED.handle(raw))  # type: ignore[arg-type]
    assert resp["ok"] is False and resp["error"]["code"] == "bad_json"
    assert saved(SHARED) == before


@pytest.mark.parametrize("text", [
    "NaN", "Infinity", "-Infinity", '{"op": "view", "seat": NaN}',
    '{"op": "act", "action": {"seat": 0, "type": "bid", "price": Infinity}}',
    '{"op": "act", "action": {"seat": -Infinity, "type": "deal"}}',
    '{"op": "new_match", "settings": {"players": [{"name": "a"}, {"name": "b"}], "seed": NaN}}',
])
def test_nan_and_infinity_literals(text: str) -> None:
    expect_refused(SHARED, text, "bad_json")


@pytest.mark.parametrize("depth", [65, 100, 990, 1500, 1600, 3000, 5000, 100_000])
@pytest.mark.parametrize("shape", ["array", "object", "in_action", "in_settings",
                                   "snapshot_string"])
def test_deep_nesting(depth: int, shape: str) -> None:
    """Deeper than the 64 levels docs/protocol.md allows: ``too_complex``, decided by the scanner
    before json.loads (whose recursion kills Pyodide from ~1,600 levels)."""
    if shape == "array":
        text = "[" * depth + "]" * depth
    elif shape == "object":
        text = '{"a":' * depth + "1" + "}" * depth
    elif shape == "in_action":
        text = '{"op": "act", "action": ' + "[" * depth + "]" * depth + "}"
    elif shape == "in_settings":
        text = ('{"op": "new_match", "settings": {"players": ' + "[" * depth + "]" * depth
                + "}}")
    else:  # a save string nested deep: the request is flat, the save parser must refuse it
        text = json.dumps({"op": "load", "snapshot": "[" * depth + "]" * depth})
    real_loads = json.loads

    def shallow_only(text: str, **kw: Any) -> Any:
        assert measure(text).depth <= 64, "json.loads was called on a deep text"
        return real_loads(text, **kw)

    with mock.patch("json.loads", side_effect=shallow_only) as loads:
        out = SHARED.handle(text)
    assert loads.call_count <= 1  # the flat request of a load, at most
    resp = answer(out)
    assert resp["ok"] is False and resp["error"]["code"] == "too_complex", resp


def test_the_depth_limit_leaves_room_for_every_request() -> None:
    """64 levels are accepted (then judged on their content), 65 are not."""
    inner = "[" * 60 + "]" * 60
    resp = expect_refused(SHARED, '{"op": "act", "action": {"seat": 0, "type": ' + inner + "}}")
    assert resp["error"]["code"] == "bad_action"
    inner = "[" * 63 + "]" * 63
    resp = expect_refused(SHARED, '{"op": "act", "action": {"seat": 0, "type": ' + inner + "}}")
    assert resp["error"]["code"] == "too_complex"


def test_huge_and_negative_numbers() -> None:
    for value in ("1" * 5000, "-" + "9" * 4000, "1e400", "-1e400", "1e-400", "2.5", "-0.0",
                  str(2**63), str(2**64), str(-(2**63)), "9007199254740993"):
        for template in ('{{"op": "view", "seat": {v}}}', '{{"op": "legal", "seat": {v}}}',
                         '{{"op": "act", "action": {{"seat": {v}, "type": "deal"}}}}',
                         '{{"op": "act", "action": {{"seat": 0, "type": "bid", "price": {v}}}}}',
                         '{{"op": "replay", "record": {{"players": ["a", "b"], "seed": {v}}}}}',
                         '{{"op": "new_match", "settings": {{"players": [{{"name": "a"}}, '
                         '{{"name": "b"}}], "seed": {v}}}}}',
                         '{{"op": "replay", "record": {{"players": ["a", "b"], "actions": [], '
                         '"upto": 0}}, "upto": {v}}}'):
            expect_refused(SHARED, template.format(v=value))


def test_megabyte_strings() -> None:
    mb = "x" * (1 << 20)
    expect_refused(SHARED, {"op": "new_match", "settings": {"players": [{"name": mb},
                                                                         {"name": "b"}]}},
                   "bad_name")
    expect_refused(SHARED, {"op": "load", "snapshot": mb}, "corrupt_snapshot")
    expect_refused(SHARED, {"op": "load", "snapshot": "{" + mb}, "corrupt_snapshot")
    expect_refused(SHARED, {"op": mb})
    expect_refused(SHARED, {"op": "act", "action": {"seat": 0, "type": mb}}, "bad_action")
    expect_refused(SHARED, {"op": "act", "action": {"seat": 0, "type": "deal", mb: 1}},
                   "bad_action")
    expect_refused(SHARED, {"op": "replay", "record": {"players": [mb, "b"]}})
    expect_refused(SHARED, {"op": "replay", "record": {"players": ["a", "b"], "format": mb}})
    expect_refused(SHARED, {"op": "new_match", "settings": {"players": [{"name": "a"},
                                                                         {"name": "b"}],
                                                             "preset": mb}})
    resp = expect_refused(SHARED, "x" * (MAX_REQUEST + 1), "too_large")
    assert len(json.dumps(resp)) < 2000


def test_unknown_ops_seats_types_and_extra_fields() -> None:
    for req in ({"op": "fly"}, {"op": ""}, {"op": None}, {"op": ["view"]}, {"op": {"op": "view"}},
                {"op": "op_view"}, {"op": "__init__"}, {"op": "_view"}, {"op": "VIEW"}, {},
                {"seat": 0}):
        expect_refused(SHARED, req, "unknown_op")
    game = SHARED.game
    assert game is not None
    n = len(game.names)
    for seat in (-1, n, 99, 1.0, "0", True, [0], {"seat": 0}):
        expect_refused(SHARED, {"op": "view", "seat": seat}, "bad_seat")
        expect_refused(SHARED, {"op": "legal", "seat": seat}, "bad_seat")
        expect_refused(SHARED, {"op": "act", "action": {"seat": seat, "type": "reveal"}})
    for kind in ("fly", "", None, 3, ["deal"], "Deal"):
        expect_refused(SHARED, {"op": "act", "action": {"seat": 0, "type": kind}}, "bad_action")
    legal = request(SHARED, {"op": "legal", "seat": game.to_act})["legal"]
    assert legal
    t = legal[0]
    action = {"seat": t["seat"], "type": t["type"]}
    if "price" in t:
        action["price"] = t["price"]["min"]
    if "cards" in t:
        action["target"], action["card"] = t["cards"][0]
    elif "targets" in t:
        action["target"] = t["targets"][0]
    expect_refused(SHARED, {"op": "act", "action": {**action, "note": "hi"}}, "bad_action")
    expect_refused(SHARED, {"op": "act", "action": {**action, "seat": (t["seat"] + 1) % n}},
                   "not_your_turn")
    expect_refused(SHARED, {"op": "act", "action": {**action, "price": 10**12}})
    expect_refused(SHARED, {"op": "act", "action": {**action, "price": -1}})
    expect_refused(SHARED, {"op": "act", "action": {**action, "price": 1.5}}, "bad_action")
    expect_refused(SHARED, {"op": "new_match", "settings": {
        "players": [{"name": "a"}, {"name": "b"}], "colour": "red"}}, "bad_settings")
    expect_refused(SHARED, {"op": "new_match", "settings": {
        "players": [{"name": "a", "age": 3}, {"name": "b"}]}}, "bad_settings")
    expect_refused(SHARED, {"op": "new_match", "settings": {
        "players": [{"name": "a"}, {"name": "b"}], "rules": {"ante": 0}}}, "bad_option")
    expect_refused(SHARED, {"op": "new_match", "settings": {
        "players": [{"name": "a"}, {"name": "b"}], "rules": {"wild": 1}}}, "unknown_option")
    expect_refused(SHARED, {"op": "new_match", "settings": {
        "players": [{"name": "a"}] * 9}}, "bad_settings")
    # the intended action itself still works afterwards
    assert request(SHARED, {"op": "act", "action": action})["ok"]


def test_every_op_without_a_match_is_a_clean_refusal_or_answer() -> None:
    for op in OPS:
        s = Session()
        resp = request(s, {"op": op})
        if op == "hello":
            assert resp["ok"]
        else:
            assert resp["ok"] is False
        for seat in (0, None, -1):
            request(s, {"op": op, "seat": seat})


@pytest.mark.parametrize("op", OPS)
def test_every_op_with_any_seat_mid_match(op: str) -> None:
    """Valid-looking requests of every op for every seat: whatever comes back is clean JSON;
    ops that do not change the match leave it as it was."""
    s = session_mid_match(seed=8, steps=25)
    for seat in (None, 0, 1, 2, 3):
        before = saved(s)
        resp = request(s, {"op": op, "seat": seat})
        if not resp["ok"] or op not in CHANGING_OPS:
            assert saved(s) == before


# ----------------------------------------------------------------------- load and replay


def _mutate_text(text: str, rng: random.Random) -> str:
    how = rng.randrange(5)
    i = rng.randrange(len(text))
    if how == 0:
        return text[:i]
    if how == 1:
        return text[:i] + text[i + 1:]
    if how == 2:
        return text[:i] + rng.choice('{}[]",:0123456789xQHSDC ') + text[i + 1:]
    if how == 3:
        return text[:i] + rng.choice(['"', "\\", "\x00", "]]", "NaN", "1e999"]) + text[i:]
    return text[:i] + text[i:][::-1]


def _leaves(value: Any, path: tuple = ()) -> list[tuple]:
    if isinstance(value, dict):
        out = [path] if path else []
        for k, v in value.items():
            out += _leaves(v, (*path, k))
        return out
    if isinstance(value, list):
        out = [path]
        for i, v in enumerate(value):
            out += _leaves(v, (*path, i))
        return out
    return [path]


def _replace(value: Any, path: tuple, new: Any) -> Any:
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {**value, head: _replace(value[head], rest, new)}
    return [*value[:head], _replace(value[head], rest, new), *value[head + 1:]]


@pytest.fixture(scope="module")
def saved_match() -> tuple[Session, str, dict[str, Any]]:
    s = session_mid_match(seed=21, steps=60, players=3)
    # The whole record, seed included (the one inside the save): the ``record`` op withholds
    # the seed until the match is over.
    record = json.loads(saved(s))["record"]
    return s, saved(s), record


@given(mut_seed=st.integers(0, 2**32 - 1), byte_level=st.booleans(), new=json_values)
def test_load_corrupted_snapshots(saved_match: Any, mut_seed: int, byte_level: bool,
                                  new: Any) -> None:
    _s, text, _ = saved_match
    rng = random.Random(mut_seed)
    target = session_mid_match(seed=2, steps=10, players=2)
    if byte_level:
        bad = _mutate_text(text, rng)
    else:
        data = json.loads(text)
        path = rng.choice(_leaves(data))
        bad = json.dumps(_replace(data, path, new))
    assume(bad != text)
    before = saved(target)
    resp = request(target, {"op": "load", "snapshot": bad})
    if resp["ok"]:
        # harmless damage (a name, a seat description...): the game itself is consistent
        game = target.game
        assert game is not None
        assert saved_state(records.restore(records.snapshot(game))[0]) == saved_state(game)
    else:
        assert resp["error"]["code"] in ("corrupt_snapshot", "incompatible_snapshot",
                                         "bad_settings", "too_complex"), resp["error"]
        assert saved(target) == before


@given(mut_seed=st.integers(0, 2**32 - 1), new=json_values, upto=st.one_of(
    st.none(), st.integers(-5, 100), json_scalars))
def test_replay_corrupted_records(saved_match: Any, mut_seed: int, new: Any, upto: Any) -> None:
    _, _, record = saved_match
    rng = random.Random(mut_seed)
    path = rng.choice(_leaves(record))
    bad = _replace(record, path, new)
    target = session_mid_match(seed=5, steps=10, players=2)
    before = saved(target)
    req: dict[str, Any] = {"op": "replay", "record": bad}
    if upto is not None:
        req["upto"] = upto
    resp = request(target, req)
    if resp["ok"]:
        assert target.game is not None
        assert resp["view"]["phase"] == target.game.phase
    else:
        assert saved(target) == before


def test_replay_record_text_mutations(saved_match: Any) -> None:
    _, _, record = saved_match
    text = json.dumps(record)
    rng = random.Random(99)
    target = session_mid_match(seed=6, steps=5, players=2)
    refused = 0
    for _ in range(150):
        bad = _mutate_text(text, rng)
        before = saved(target)
        resp = request(target, '{"op": "replay", "record": ' + bad + "}")
        if not resp["ok"]:
            refused += 1
            assert saved(target) == before
    assert refused > 50


@pytest.mark.parametrize("deck", [{"QH": 1, "AS": 2}, "QHAS", 7, None, [["QH"]], ["QH", "QH"],
                                  ["QH", 1.0], ["ZZ"], ["QH"] * 60])
def test_decks_of_the_wrong_shape_are_refused(deck: Any) -> None:
    """A deck must be a list of distinct card names: an object's keys are not a deck."""
    s = session_mid_match(seed=4, steps=3, players=2)
    settings = {"players": [{"name": "a"}, {"name": "b"}], "seed": 1, "decks": [deck]}
    resp = expect_refused(s, {"op": "new_match", "settings": settings})
    assert resp["error"]["code"] in ("bad_deck", "bad_card"), resp["error"]
    record = {"players": ["a", "b"], "seed": 1, "decks": [deck], "actions": []}
    expect_refused(s, {"op": "replay", "record": record}, "bad_record")


@pytest.fixture(scope="module")
def bot_session() -> Session:
    hello = request(Session(), {"op": "hello"})
    assert hello["ok"] and hello["bots"]
    bot = hello["bots"][0]["id"]
    s = Session()
    resp = request(s, {"op": "new_match", "settings": {
        "players": [{"name": "Fanny"}, {"name": "Sir Thomas", "kind": "bot", "bot": bot},
                    {"name": "Mrs Norris", "kind": "bot", "bot": bot}], "seed": 12}})
    assert resp["ok"], resp
    game, rng = s.game, random.Random(12)
    assert game is not None
    while game.to_act == 0 or game.phase == "deal":  # until a bot is to decide
        assert request(s, {"op": "act", "action": random_action(game, rng).to_dict()})["ok"]
    return s


@given(seat=st.one_of(st.integers(0, 3), hostile_seat), apply=st.one_of(st.just("if_pass"), json_values),
       extra=st.dictionaries(st.sampled_from(["x", "seat2", "action"]), json_values, max_size=2))
def test_bot_and_coach_ops_with_hostile_fields(bot_session: Session, seat: Any, apply: Any,
                                               extra: dict[str, Any]) -> None:
    game = bot_session.game
    assert game is not None
    for op in ("bot", "coach"):
        before = saved(bot_session)
        req = {**extra, "op": op, "seat": seat}
        if op == "bot":
            req["apply"] = apply
        resp = request(bot_session, req)
        if extra:  # a field its op does not take (speculation.requests): refused, whatever else
            assert not resp["ok"] and resp["error"]["code"] == "bad_request"
            assert repr(sorted(extra)[0]) in resp["error"]["message"]
        if resp["ok"]:
            assert isinstance(seat, int) and 0 <= seat < 3
            assert op == "coach" or isinstance(apply, bool) or apply == "if_pass"
            if op == "bot" and apply is not False:
                assert request(bot_session, {"op": "load", "snapshot": before})["ok"]
        else:
            assert saved(bot_session) == before
            if op == "bot" and not extra and isinstance(seat, int) and not isinstance(seat, bool) \
                    and 0 <= seat < 3:
                codes = ("not_a_bot", "not_your_turn") if isinstance(apply, bool) or apply == "if_pass" else \
                    ("bad_request",)
                assert resp["error"]["code"] in codes


@given(seat=st.integers(0, 3), kind=st.sampled_from(KINDS),
       fields=st.dictionaries(st.sampled_from(["price", "target", "card"]),
                              st.one_of(st.integers(-2, 110), st.none()), max_size=3))
def test_act_with_well_formed_but_mostly_illegal_actions(seat: int, kind: str,
                                                         fields: dict[str, Any]) -> None:
    """Well-formed actions reach the engine: a refusal carries one of its stable codes and
    changes nothing; an accepted one really was legal."""
    game = SHARED.game
    assert game is not None
    action = {"seat": seat, "type": kind, **{k: v for k, v in fields.items() if v is not None}}
    legal = [t.to_dict() for t in game.legal_actions()]
    before = saved(SHARED)
    resp = request(SHARED, {"op": "act", "action": action})
    if resp["ok"]:
        assert any(t["type"] == kind and t["seat"] == seat for t in legal)
        assert request(SHARED, {"op": "load", "snapshot": before})["ok"]
    else:
        assert resp["error"]["code"] in ("not_your_turn", "wrong_action", "bad_price",
                                         "bad_target", "unexpected_price", "bad_action"), resp["error"]
        if resp["error"]["code"] != "bad_action":
            assert resp["error"]["legal"] == legal
        assert saved(SHARED) == before


@pytest.mark.parametrize("viewer", [99, -1, 2, "0", 1.5, True, [0]])
def test_a_bad_viewer_seat_refuses_the_whole_request(viewer: Any) -> None:
    """The ``seat`` that picks the returned view is checked before anything changes: a
    request that comes back ``ok: false`` has not dealt, loaded, replayed or started a match."""
    s = session_mid_match(seed=31, steps=0, players=2)
    game = s.game
    assert game is not None
    snapshot_text = saved(s)
    record = request(s, {"op": "record"})["record"]
    other = session_mid_match(seed=32, steps=4, players=2)
    other_save = saved(other)
    other_record = json.loads(other_save)["record"]  # whole: the record op withholds the seed
    bad = [  # (request, the field naming the viewer)
        ({"op": "act", "action": {"seat": game.to_act, "type": "deal"}}, "viewer"),
        ({"op": "new_match", "settings": {"players": [{"name": "x"}, {"name": "y"}],
                                          "seed": 1}}, "seat"),
        ({"op": "load", "snapshot": other_save}, "seat"),
        ({"op": "replay", "record": other_record}, "seat"),
        ({"op": "replay", "current": True, "upto": 0}, "seat"),
    ]
    for req, key in bad:
        expect_refused(s, {**req, key: viewer}, "bad_seat")
        assert saved(s) == snapshot_text
    assert request(s, {"op": "record"})["record"] == record
    # with a good viewer seat the same requests work
    for req, key in bad:
        assert request(s, {**req, key: 1})["ok"], req


# ----------------------------------------------------------------------- names and bots (issue 14)

INVISIBLE = ["\u200b", "\u2063", "\u3164", "\u00ad\u200d", " \u2800 ", "\u202e\u202c",
             "\u2066 \u2069", "\u200e\u200f"]


@pytest.mark.parametrize("name", INVISIBLE)
def test_names_made_only_of_invisible_characters_are_refused(name: str) -> None:
    resp = expect_refused(SHARED, {"op": "new_match", "settings": {
        "players": [{"name": "Fanny"}, {"name": name}], "seed": 1}}, "invisible_name")
    assert resp["error"]["player"] == 1 and "visible" in resp["error"]["message"]


@pytest.mark.parametrize("name", ["", "a\nb", "tab\there", "nul\x00", "x" * 41, 7, None])
def test_other_bad_names_are_bad_name(name: Any) -> None:
    expect_refused(SHARED, {"op": "new_match", "settings": {
        "players": [{"name": name}, {"name": "Edmund"}], "seed": 1}}, "bad_name")


def test_bidi_controls_cannot_flip_log_sentences() -> None:
    """A right-to-left override (or an isolate, or an RLM) in a name would reorder the rest of
    the sentence it appears in: they are removed before the name is used anywhere."""
    s = Session()
    names = ["\u202eFanny", "Ed\u2067mund\u2069", "\u200fMary\u202c"]
    resp = request(s, {"op": "new_match", "settings": {
        "players": [{"name": n} for n in names], "seed": 3}, "seat": 0})
    assert resp["ok"], resp
    assert [p["name"] for p in resp["view"]["seats"]] == ["Fanny", "Edmund", "Mary"]
    resp = request(s, {"op": "act", "action": {"seat": 0, "type": "deal"}})
    texts = " ".join(e["text"] for e in resp["events"])
    assert "Fanny deals" in texts
    controls = set("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
    assert not controls & set(texts)
    assert not controls & set(saved(s)) and not controls & set(json.dumps(
        request(s, {"op": "record"})))


def _save_with_bots(bots: list[str]) -> tuple[str, Any]:
    """A genuine save (integrity check included) whose bot seats name ``bots`` — what a later
    version with other bots would write."""
    from speculation.game import Game

    names = ["Fanny"] + [f"Bot {i}" for i in range(1, len(bots) + 1)]
    g = Game(names, seed=9)
    seats = [{"name": "Fanny", "kind": "human"}] + [
        {"name": n, "kind": "bot", "bot": b} for n, b in zip(names[1:], bots, strict=True)]
    return records.snapshot(g, seats), g


@pytest.mark.parametrize("bot,nearest", [("master/mary", "expert/mary"),
                                         ("expert/tom", "expert/edmund"),
                                         ("casual/mary", "casual/mary")])
def test_a_save_naming_a_missing_bot_is_incompatible_with_a_suggestion(bot: str,
                                                                      nearest: str) -> None:
    text, g = _save_with_bots([bot, "skilled/henry"])
    target = session_mid_match(seed=2, steps=6, players=2)
    if bot == nearest:  # a bot this version has: loads as it is
        assert request(target, {"op": "load", "snapshot": text})["ok"]
        return
    resp = expect_refused(target, {"op": "load", "snapshot": text}, "incompatible_snapshot")
    err = resp["error"]
    assert err["nearest_bot"] == nearest and err["player"] == 1 and err["bot"] == bot
    assert len(err["message"]) < 160 and nearest in err["message"]
    # on request, the nearest bot takes the seat; everything else is the saved match
    resp = request(target, {"op": "load", "snapshot": text, "replace_unknown_bots": True,
                            "seat": 0})
    assert resp["ok"], resp
    assert resp["replaced_bots"] == [{"seat": 1, "bot": bot, "with": nearest}]
    assert [s.get("bot") for s in resp["view"]["seats"]] == [None, nearest, "skilled/henry"]
    assert target.game is not None and saved_state(target.game) == saved_state(g)
    assert json.loads(saved(target))["record"]["seats"][1]["bot"] == nearest


@pytest.mark.parametrize("flag", [1, "true", None, [True], {"x": 1}])
def test_replace_unknown_bots_must_be_a_boolean(flag: Any) -> None:
    text, _ = _save_with_bots(["master/mary"])
    target = session_mid_match(seed=2, steps=6, players=2)
    expect_refused(target, {"op": "load", "snapshot": text, "replace_unknown_bots": flag},
                   "bad_request")


def test_unknown_bot_in_new_match_has_a_short_message_and_the_nearest_bot() -> None:
    resp = expect_refused(SHARED, {"op": "new_match", "settings": {"players": [
        {"name": "Fanny"}, {"name": "Tom", "kind": "bot", "bot": "grandmaster/william"}]}},
        "bad_settings")
    assert resp["error"]["nearest_bot"] == "expert/william"
    assert len(resp["error"]["message"]) < 160


def test_a_resealed_seat_edit_still_needs_a_valid_seat() -> None:
    """Even with a recomputed integrity check, the seats are read as strictly as new_match's."""
    text, _ = _save_with_bots(["skilled/mary"])
    data = json.loads(text)
    data["record"]["seats"][1] = {"name": "\u200b", "kind": "bot", "bot": "skilled/mary"}
    data["check"] = integrity_check(data["record"], data["state"])
    target = session_mid_match(seed=2, steps=6, players=2)
    resp = expect_refused(target, {"op": "load", "snapshot": json.dumps(data)}, "corrupt_snapshot")
    assert "visible" in resp["error"]["message"]


def test_replay_of_a_record_with_a_missing_bot_can_take_the_nearest() -> None:
    text, _ = _save_with_bots(["master/henry"])
    record = json.loads(text)["record"]
    target = session_mid_match(seed=2, steps=6, players=2)
    resp = expect_refused(target, {"op": "replay", "record": record}, "bad_settings")
    assert resp["error"]["nearest_bot"] == "expert/henry"
    # the page names the missing bot in its question (issue 25): the refusal carries its id
    assert resp["error"]["bot"] == "master/henry" and resp["error"]["player"] == 1
    resp = request(target, {"op": "replay", "record": record, "replace_unknown_bots": True})
    assert resp["ok"] and resp["replaced_bots"] == [{"seat": 1, "bot": "master/henry",
                                                     "with": "expert/henry"}]
