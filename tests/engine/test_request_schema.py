"""One schema for the bridge's requests (issue 46, item 3): ``speculation.requests`` declares
them, the bridge reads exactly those fields and refuses any other, and ``protocol.js`` declares
the same ones, required and optional alike.

The golden files check the bridge's answers against the page's types; nothing checked the
requests, and two keys the bridge reads had never been declared (``standing``'s ``named``,
``load``'s and ``replay``'s ``replace_unknown_bots``). This reads three sides: the declaration
(``requests.REQUESTS``), every key each ``Session.op_*`` reads from its request
(``req.get("k")``, ``req["k"]``, ``"k" in req``, ``_flag(req, "k")``, and in the session's own
helpers it hands ``req`` to), and every key of each ``…Request`` typedef in
``web/js/protocol.js`` (a key is required there when no branch of its union marks it ``?`` or
leaves it out). Any key on one side only, or required on one side only, fails the test.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

from speculation.bridge import Session
from speculation.requests import REQUESTS

ROOT = Path(__file__).resolve().parents[2]
BRIDGE = ROOT / "py" / "speculation" / "bridge.py"
PROTOCOL = ROOT / "web" / "js" / "protocol.js"


def _keys_read(fn: ast.FunctionDef, methods: dict[str, ast.FunctionDef], seen: set[str]) -> set[str]:
    """The request keys ``fn`` reads from its ``req``, following ``self._x(req)`` helpers."""
    keys: set[str] = set()
    for node in ast.walk(fn):
        if isinstance(node, ast.Call):
            f = node.func
            args = [a for a in node.args if isinstance(a, ast.Name) and a.id == "req"]
            literal = [a.value for a in node.args if isinstance(a, ast.Constant)
                       and isinstance(a.value, str)]
            got = isinstance(f, ast.Attribute) and f.attr == "get" \
                and isinstance(f.value, ast.Name) and f.value.id == "req"
            if literal and (got or (args and isinstance(f, ast.Name))):  # or _flag(req, "x")
                keys.add(literal[0])
            elif args and isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) \
                    and f.value.id == "self" and f.attr in methods and f.attr not in seen:
                keys |= _keys_read(methods[f.attr], methods, seen | {f.attr})
        elif isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) \
                and node.value.id == "req" and isinstance(node.slice, ast.Constant):
            keys.add(str(node.slice.value))
        elif isinstance(node, ast.Compare) and len(node.comparators) == 1 \
                and isinstance(node.ops[0], ast.In) and isinstance(node.left, ast.Constant) \
                and isinstance(node.comparators[0], ast.Name) and node.comparators[0].id == "req":
            keys.add(str(node.left.value))
    return keys


def bridge_requests() -> dict[str, set[str]]:
    """op -> the keys its handler reads (``op`` itself left out)."""
    tree = ast.parse(BRIDGE.read_text(encoding="utf-8"))
    session = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Session")
    methods = {f.name: f for f in session.body if isinstance(f, ast.FunctionDef)}
    return {name[3:]: _keys_read(fn, methods, {name}) - {"op"}
            for name, fn in methods.items() if name.startswith("op_")}


TYPEDEF = re.compile(r"@typedef \{(\{op: \"(\w+)\".*?\})\} \w+Request", re.S)
KEY = re.compile(r"(\w+)(\??):")


def branches(body: str) -> list[dict[str, bool]]:
    """Per object at depth one of ``body`` (``{op: "x", a: T} | {op: "x", b?: T}``), its keys,
    each True when optional (``?``); not the keys of an object type nested in a value."""
    out: list[dict[str, bool]] = []
    depth, start = 0, 0
    for i, ch in enumerate(body):
        if ch == "{":
            depth += 1
            if depth == 1:
                start = i + 1
                out.append({})
        elif ch == "}":
            depth -= 1
        elif depth == 1 and (ch == "," or i == start):
            m = KEY.match(body, i + 1 if ch == "," else i)
            if m is None and ch == ",":
                m = KEY.match(body, i + 2)
            if m is not None:
                out[-1][m.group(1)] = m.group(2) == "?"
    return out


def top_level_keys(body: str) -> set[str]:
    """Every key of every branch of ``body`` (``branches``)."""
    return {k for b in branches(body) for k in b}


def _typedefs() -> dict[str, list[dict[str, bool]]]:
    """op -> the branches of its ``…Request`` typedef in protocol.js."""
    text = PROTOCOL.read_text(encoding="utf-8")
    out: dict[str, list[dict[str, bool]]] = {}
    for body, op in TYPEDEF.findall(text):
        out.setdefault(op, []).extend(branches(re.sub(r"\s*\*\s*", " ", body)))
    return out


def declared_requests() -> dict[str, set[str]]:
    """op -> the keys its ``…Request`` typedef in protocol.js names (every branch of a union)."""
    return {op: {k for b in bs for k in b} - {"op"} for op, bs in _typedefs().items()}


def required_in_protocol() -> dict[str, set[str]]:
    """op -> the keys every branch of its typedef names without ``?``."""
    return {op: set.intersection(*({k for k, opt in b.items() if not opt} for b in bs)) - {"op"}
            for op, bs in _typedefs().items()}


def test_every_request_key_the_bridge_reads_is_declared_and_no_other() -> None:
    read, declared = bridge_requests(), declared_requests()
    assert len(read) >= 20 and "standing" in read and "seat" in read["standing"]
    assert sorted(read) == sorted(declared), "an op on one side only"
    drift = {op: {"read, not declared": sorted(read[op] - declared[op]),
                  "declared, not read": sorted(declared[op] - read[op])}
             for op in read if read[op] != declared[op]}
    assert drift == {}


def test_python_declares_the_requests_protocol_js_declares_required_and_optional() -> None:
    """``speculation.requests`` and ``protocol.js`` name the same ops and fields, and the same
    fields as required; the bridge reads every declared field and no other."""
    declared, required, read = declared_requests(), required_in_protocol(), bridge_requests()
    assert sorted(REQUESTS) == sorted(declared) == sorted(read)
    py = {op: set(t.__required_keys__ | t.__optional_keys__) for op, t in REQUESTS.items()}
    assert {op: sorted(py[op] ^ declared[op]) for op in py if py[op] != declared[op]} == {}
    assert {op: sorted(py[op] ^ read[op]) for op in py if py[op] != read[op]} == {}
    py_required = {op: set(t.__required_keys__) for op, t in REQUESTS.items()}
    assert {op: sorted(py_required[op] ^ required[op]) for op in py
            if py_required[op] != required[op]} == {}


def test_the_protocol_reader_tells_required_from_optional_in_a_union() -> None:
    """Not blind: ``replay``'s ``record`` is required in one branch only, so not required."""
    required = required_in_protocol()
    assert required["act"] == {"action"} and required["daily"] == {"date", "counts"}
    assert "record" not in required["replay"] and "seat" in required["legal"]
    assert branches('{op: "x", a?: T} | {op: "x", b: {c: U}}') == [
        {"op": False, "a": True}, {"op": False, "b": False}]


def test_a_request_with_a_field_its_op_does_not_take_is_refused_and_changes_nothing() -> None:
    """A misspelt field is a clear error, not a silent default (a ``seet`` would have shown a
    spectator's view); the match is as it was."""
    s = Session(new_salt=lambda: "00" * 16)
    players = [{"name": "Ann"}, {"name": "Bo", "kind": "bot", "bot": "casual/mary"}]
    s.handle(json.dumps({"op": "new_match", "settings": {"players": players, "seed": 3}}))
    before = s.handle('{"op": "save"}')
    r = json.loads(s.handle('{"op": "view", "seet": 0}'))
    assert r["ok"] is False and r["error"]["code"] == "bad_request"
    assert "'seet'" in r["error"]["message"] and "seat" in r["error"]["message"]
    r = json.loads(s.handle('{"op": "act", "action": {"seat": 0, "type": "deal"}, "seat": 0}'))
    assert r["error"]["message"].startswith("act takes 'viewer'")
    assert s.handle('{"op": "save"}') == before


def test_the_reader_sees_a_key_by_every_way_the_bridge_reads_one() -> None:
    """Not blind: ``replay`` reads a flag (``current``), a plain ``get`` (``upto``), and
    ``seat`` through ``_view``; ``bot`` tests ``"stand_in" in req``."""
    read = bridge_requests()
    assert {"current", "upto", "record", "install", "replace_unknown_bots"} <= read["replay"]
    assert {"seat", "viewer", "apply", "stand_in"} <= read["bot"]
    assert read["view"] == {"seat"}
    assert top_level_keys('{op: "level", matches: {score: number, hands: number}[]}') == \
        {"op", "matches"}
