"""The requests ``protocol.js`` declares are the requests the bridge reads (issue 46, item 3).

The golden files check the bridge's answers against the page's types; nothing checked the
requests, and two keys the bridge reads had never been declared (``standing``'s ``named``,
``load``'s and ``replay``'s ``replace_unknown_bots``). This reads both sides: every key each
``Session.op_*`` reads from its request (``req.get("k")``, ``req["k"]``, ``"k" in req``,
``_flag(req, "k")``, and in the session's own helpers it hands ``req`` to), and every key of
each ``…Request`` typedef in ``web/js/protocol.js``. Any key on one side only fails the test.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

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
    return {name[3:]: _keys_read(fn, methods, {name}) - {"op"} - REFUSED.get(name[3:], set())
            for name, fn in methods.items() if name.startswith("op_")}


TYPEDEF = re.compile(r"@typedef \{(\{op: \"(\w+)\".*?\})\} \w+Request", re.S)
KEY = re.compile(r"(\w+)\??:")
# A key the bridge looks for only to refuse it with a clear error (act names its actor in
# ``action.seat`` and the view's seat in ``viewer``): never part of a request.
REFUSED = {"act": {"seat"}}


def top_level_keys(body: str) -> set[str]:
    """The keys of each object at depth one of ``body`` (``{op: "x", a: T} | {op: "x", b?: T}``),
    not those of an object type nested in a value."""
    keys, depth, start = set(), 0, 0
    for i, ch in enumerate(body):
        if ch == "{":
            depth += 1
            if depth == 1:
                start = i + 1
        elif ch == "}":
            depth -= 1
        elif depth == 1 and (ch == "," or i == start):
            m = KEY.match(body, i + 1 if ch == "," else i)
            if m is None and ch == ",":
                m = KEY.match(body, i + 2)
            if m is not None:
                keys.add(m.group(1))
    return keys


def declared_requests() -> dict[str, set[str]]:
    """op -> the keys its ``…Request`` typedef in protocol.js names (every branch of a union)."""
    text = PROTOCOL.read_text(encoding="utf-8")
    out: dict[str, set[str]] = {}
    for body, op in TYPEDEF.findall(text):
        flat = re.sub(r"\s*\*\s*", " ", body)
        out.setdefault(op, set()).update(top_level_keys(flat) - {"op"})
    return out


def test_every_request_key_the_bridge_reads_is_declared_and_no_other() -> None:
    read, declared = bridge_requests(), declared_requests()
    assert len(read) >= 20 and "standing" in read and "seat" in read["standing"]
    assert sorted(read) == sorted(declared), "an op on one side only"
    drift = {op: {"read, not declared": sorted(read[op] - declared[op]),
                  "declared, not read": sorted(declared[op] - read[op])}
             for op in read if read[op] != declared[op]}
    assert drift == {}


def test_the_reader_sees_a_key_by_every_way_the_bridge_reads_one() -> None:
    """Not blind: ``replay`` reads a flag (``current``), a plain ``get`` (``upto``), and
    ``seat`` through ``_view``; ``bot`` tests ``"stand_in" in req``."""
    read = bridge_requests()
    assert {"current", "upto", "record", "install", "replace_unknown_bots"} <= read["replay"]
    assert {"seat", "viewer", "apply", "stand_in"} <= read["bot"]
    assert read["view"] == {"seat"}
    assert top_level_keys('{op: "level", matches: {score: number, hands: number}[]}') == \
        {"op", "matches"}
