"""The golden answers in tests/fixtures/golden/ are what the engine sends today: rebuilt from
their scripts (``make_golden.py``), they must match the files byte for byte, so the JavaScript
checks that read them (``tests/test_typecheck_js.py``, ``tests/js/``) test the real protocol.
After a deliberate change to the protocol, rewrite them:

    .venv/bin/python tests/fixtures/golden/make_golden.py
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

from speculation.errors import ErrorCode

GOLDEN = Path(__file__).resolve().parent.parent / "fixtures" / "golden"


def _maker():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("make_golden", GOLDEN / "make_golden.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_golden_files_are_current() -> None:
    built = _maker().build()
    on_disk = {p.name: p.read_text(encoding="utf-8") for p in GOLDEN.glob("*.json")}
    assert sorted(on_disk) == sorted(built), "rerun tests/fixtures/golden/make_golden.py"
    stale = [name for name, text in built.items() if on_disk[name] != text]
    assert not stale, f"stale golden files {stale}: rerun tests/fixtures/golden/make_golden.py"


def test_the_golden_files_cover_the_stages_roles_and_errors() -> None:
    """The scenarios reach what the JavaScript types must describe: every stage, both stakes
    and both roles of a decision, and refused requests."""
    stages, decisions, codes = set(), set(), set()
    for path in GOLDEN.glob("*.json"):
        for ex in json.loads(path.read_text(encoding="utf-8"))["exchanges"]:
            r = ex["response"]
            if r is None:
                continue
            if not r["ok"]:
                codes.add(r["error"]["code"])
            view = r.get("view")
            if view:
                stages.add(view["stage"])
                d = view["decision"]
                if d:
                    decisions.add((d["role"], d["stake"]))
    assert stages == {"playing", "hand_over", "match_over"}
    assert {("seller", "trump"), ("buyer", "trump"), ("seller", "card"), ("buyer", "card"),
            ("dealer", None)} <= decisions
    assert codes <= set(ErrorCode) and {"not_your_turn", "invisible_name",
                                        "unexpected_price"} <= codes


def test_every_op_has_a_golden_answer() -> None:
    """Each op's answer is typed against protocol.js (``tests/test_typecheck_js.py``) only if a
    golden file holds one: so every op the bridge answers has at least one (issue 46, item 3:
    eleven had none, so their answers could drift from the page's types unseen)."""
    from speculation.requests import REQUESTS

    answered = {ex["request"]["op"] for path in GOLDEN.glob("*.json")
                for ex in json.loads(path.read_text(encoding="utf-8"))["exchanges"]
                if ex["response"] is not None and ex["response"]["ok"]}
    assert sorted(set(REQUESTS) - answered) == []


def test_the_golden_files_hold_standing_answers_given_and_not() -> None:
    """The ``standing`` op's answer in both forms (an action with its note, and null: ask the
    player), so protocol.js's types for it are checked against the engine."""
    answers = [ex["response"]["answer"] for path in GOLDEN.glob("*.json")
               for ex in json.loads(path.read_text(encoding="utf-8"))["exchanges"]
               if ex["request"]["op"] == "standing" and ex["response"] and ex["response"]["ok"]]
    assert None in answers
    assert any(a and a["note"] and a["used_order"] for a in answers)
    assert any(a and a["note"] and not a["used_order"] for a in answers)
