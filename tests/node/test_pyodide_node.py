"""The built wheel, installed by micropip under Pyodide in Node (tests/node/smoke.mjs)."""

from __future__ import annotations

import json
import re
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
    the first visit compiles nothing) and ships each module once, as that bytecode alone
    (issue 47); every module the smoke loaded came from it."""
    origins = smoke["bytecode"]
    assert {"speculation.bridge", "speculation.game", "micropip"} <= set(origins)
    assert {n: o for n, o in origins.items() if o != "bytecode"} == {}


def test_a_traceback_names_the_engines_file_and_line(smoke):
    """With no source shipped, a frame of the engine still says which file of py/speculation/
    and which line."""
    frame = smoke["traceback"]
    assert re.fullmatch(r'File "speculation/jsonguard\.py", line \d+, in \w+', frame), frame


def test_the_standard_library_of_the_boot_is_bytecode(smoke):
    """build.py replaces, in the site's python_stdlib.zip, the source of each standard module the
    engine's boot imports by its bytecode (tools/stdlib_bytecode.py; issue 13: Pyodide ships
    sources only, and compiling them was most of the start-up). Booted on that zip and played,
    the engine loaded over a hundred standard modules as bytecode and compiled none."""
    assert smoke["stdlib"]["sourced"] == []
    assert smoke["stdlib"]["bytecode"] > 100


def test_the_trimmed_standard_library_is_enough_for_the_smoke(smoke):
    """Issue 47: the site's python_stdlib.zip holds only what the boot and the bridge import
    (tools/stdlib_bytecode.py); booted on it with the second archive's finder installed, the
    smoke's match, saves and errors never fetched that archive."""
    assert smoke["rest"]["before"] == {"split": True, "fetched": False, "modules": [],
                                       "archive": "/lib/python_stdlib_rest.zip"}
    assert smoke["rest"]["fetches_before"] == 0


def test_a_module_of_the_rest_is_fetched_once_on_first_use(smoke):
    """A module outside the first archive still imports: the finder downloads the second one
    (once), for a top-level module as for a submodule of a package of the first; a name that is
    nowhere fails as ever, and costs no download by itself."""
    rest, imports = smoke["rest"], smoke["rest"]["imports"]
    archive = "/lib/python_stdlib_rest.zip/"
    assert imports["no_such_module_anywhere"].startswith("ModuleNotFoundError")
    assert imports["_winapi"].startswith("ModuleNotFoundError")
    assert imports["csv"] == archive + "csv.py"
    assert imports["json.tool"] == archive + "json/tool.py"
    assert imports["email.mime.text"] == archive + "email/mime/text.py"
    assert rest["fetches"] == [f"python_stdlib_rest.zip?v={smoke['build']['hash']}"]
    assert rest["after"]["fetched"] is True
    # and it says so on stderr (the browser's console), once
    assert len(rest["output"]) == 1, rest["output"]
    assert "csv is not in the trimmed standard library: fetching" in rest["output"][0]
    assert {"csv", "json.tool", "email.mime", "email.mime.text", "argparse"} <= set(rest["after"]["modules"])


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
