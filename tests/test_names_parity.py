"""The page judges a name before the engine sees it (a friend's hello at the host's lobby, a host's
name in an invitation, a name in a link: web/js/names.js) and the engine judges it again
(py/speculation/names.py). Both must say the same of every name, or a name the lobby let through
would stop "Start the match" (issue 43: zero-width spaces did): this runs both over one corpus."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from speculation.errors import SpeculationError
from speculation.names import clean_name

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.node

CORPUS = [
    "Ann", "  Fanny Price ", "", " ", "\u200b", "\u200b\u2063\u3164", "Ann\u200b", "\u202eecirP ynnaF",
    "\u2067Bo\u2069", "\u200e\u200f", "a\nb", "tab\there", "\x00", "\u0301", "e\u0301", "\u3164x",
    "\u2800", "Émile", "王小明", "🂡", "x" * 40, "x" * 41, "é" * 40, "🂡" * 40, "🂡" * 41, "\ufeff",
    "\u00a0Ann\u00a0", "\u2028", "Mary\u0085", "\U000e0041", "\ue000", "\ufeffAnn", "\x1fBo\x1c",
    "A\u061cB", "  \u202e  ",
]

SCRIPT = """
import { cleanName } from "./web/js/names.js";
const corpus = JSON.parse(process.argv[1]);
const verdict = (n) => { const r = cleanName(n); return r.ok ? ["ok", r.name] : [r.code, null]; };
console.log(JSON.stringify(corpus.map(verdict)));
"""


def engine_says(name: str) -> list[str | None]:
    try:
        return ["ok", clean_name(name)]
    except SpeculationError as e:
        return [e.code, None]


def test_the_page_and_the_engine_judge_every_name_alike():
    done = subprocess.run(["node", "--input-type=module", "-e", SCRIPT, json.dumps(CORPUS)], cwd=ROOT,
                          capture_output=True, text=True, timeout=60, check=True)
    page = json.loads(done.stdout)
    engine = [engine_says(n) for n in CORPUS]
    differ = [(n, p, e) for n, p, e in zip(CORPUS, page, engine, strict=True) if p != e]
    assert not differ, differ
    assert {e[0] for e in engine} == {"ok", "bad_name", "invisible_name"}, "the corpus covers every verdict"


def test_the_limits_the_page_restates_are_the_engines():
    """The page judges a name's length and a stored table's seats before any engine sees them
    (names.js NAME_MAX, last-view.js MAX_SEATS); each must be the engine's own limit (hello's
    ``limits``), or a name or a table one side takes the other refuses (issue 46, item 3)."""
    from speculation.rules import MAX_PLAYERS, NAME_MAX

    def constant(path: str, name: str) -> int:
        m = re.search(rf"^(?:export )?const {name} = (\d+);", (ROOT / path).read_text(encoding="utf-8"), re.M)
        assert m is not None, (path, name)
        return int(m.group(1))

    assert constant("web/js/names.js", "NAME_MAX") == NAME_MAX
    assert constant("web/js/last-view.js", "MAX_SEATS") == MAX_PLAYERS
    assert constant("web/js/net/messages.js", "MAX_SEATS") >= MAX_PLAYERS  # a code's seat byte
