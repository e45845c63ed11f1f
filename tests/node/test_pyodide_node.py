"""The built wheel, installed by micropip under Pyodide in Node (tests/node/smoke.mjs)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from node_report import run_report

pytestmark = pytest.mark.node

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def smoke(site_dir):
    return run_report("smoke.mjs", site_dir)


def test_runtime_is_the_pinned_pyodide(smoke):
    assert smoke["pyodide"] == "314.0.7"
    assert smoke["python"].startswith("3.14.")


def test_engine_comes_from_the_built_wheel(smoke, site_dir):
    manifest = json.loads((site_dir / "build.json").read_text())
    assert smoke["build"]["wheel"] == manifest["wheel"]
    assert "/site-packages/speculation/" in smoke["module_file"]


def test_the_wheels_bring_their_bytecode(smoke):
    """build.py compiles the engine's and micropip's modules with Pyodide's Python (issue 13:
    the first visit compiles nothing); every module the smoke loaded came from that bytecode."""
    origins = smoke["bytecode"]
    assert {"speculation.bridge", "speculation.game", "micropip"} <= set(origins)
    assert {n: o for n, o in origins.items() if o != "bytecode"} == {}


def test_the_standard_library_of_the_boot_is_bytecode(smoke):
    """build.py replaces, in the site's python_stdlib.zip, the source of each standard module the
    engine's boot imports by its bytecode (tools/stdlib_bytecode.py; issue 13: Pyodide ships
    sources only, and compiling them was most of the start-up). Booted on that zip and played,
    the engine loaded over a hundred standard modules as bytecode and compiled none."""
    assert smoke["stdlib"]["sourced"] == []
    assert smoke["stdlib"]["bytecode"] > 100


def test_hello(smoke):
    hello = smoke["calls"][0]
    assert hello["op"] == "hello" and hello["ok"], hello
    assert smoke["hello"]["protocol"] == 1, "docs/protocol.md describes protocol 1"
    assert smoke["errors"] == []


def test_a_few_legal_actions(smoke):
    assert smoke["new_match"]["ok"], smoke["new_match"]
    assert smoke["actions"], "no seat had a legal action after new_match"
    assert all(a["ok"] for a in smoke["actions"]), smoke["actions"]
    assert smoke["bogus_rejected"], "an unknown action type must come back ok:false with an error code"
    assert smoke["save_ok"] and smoke["load_same_view"], "save then load must give the same view"
