"""Every file crosses the network once on a first visit (issue 47, item 1).

The page asks for a few files with the build's hash in the query (``worker.js?v=HASH``...), so
that a copy of another deploy in the HTTP cache is never used. The service worker must precache
those at the same address, or the HTTP cache the boot just filled cannot answer it and the file
is downloaded a second time. build.py's VERSIONED names them and build.json hands the list to
the service worker ("versioned"); the check here ties that list to the queries written in web/.
The second standard-library archive is "lazy": never precached, so a first visit never
downloads it (tests/browser/test_offline.py counts the server's answers of a first visit).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# How the sources name a file they ask for with a version query. Two names are not written
# out: the wheel's comes from build.json (``m.wheel`` in worker.js), and the second standard-
# library archive's from the index compiled into the first (``_speculation_stdlib_rest.install``
# gets the query and adds the name).
NAMED = re.compile(r"[\w-]+\.(?:js|json|zip|whl)\b")
UNWRITTEN = {"m.wheel": "(the wheel)", "_speculation_stdlib_rest.install": "python_stdlib_rest.zip"}


def versioned_in_sources() -> dict[str, set[str]]:
    """{file: sources} for every line of web/**/*.js (not sw.js, not comments) with ``?v=``."""
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / "web").rglob("*.js")):
        if path.name == "sw.js":
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            code = line.split("//", 1)[0] if not line.lstrip().startswith("*") else ""
            if "?v=" not in code:
                continue
            names = [v for k, v in UNWRITTEN.items() if k in code] or NAMED.findall(code.split("?v=")[0])
            assert names, f"{path.relative_to(ROOT)}: a ?v= query on an unnamed file: {line.strip()}"
            found.setdefault(names[-1], set()).add(path.relative_to(ROOT).as_posix())
    return found


def test_every_versioned_request_is_in_build_versioned(site_build):
    found = versioned_in_sources()
    short = {name.rsplit("/", 1)[-1]: name for name in site_build.VERSIONED}
    unknown = sorted(set(found) - set(short) - {"(the wheel)"})
    assert not unknown, (f"{unknown} requested with ?v= in {[found[n] for n in unknown]}: add them to "
                         "build.py's VERSIONED, or the service worker downloads them a second time")
    assert "(the wheel)" in found, "worker.js no longer fetches the wheel with ?v=: update build.py"
    assert set(short) - {"build.json"} <= set(found), "VERSIONED names a file no source versions"


def test_the_rest_archive_is_named_alike_everywhere(site_build):
    """build.py, the build's split (the index the finder reads its file name from) and the
    worker's finder agree on the second archive's name."""
    sys.path.insert(0, str(ROOT / "tools"))
    import stdlib_bytecode

    assert {site_build.STDLIB_REST, stdlib_bytecode.REST_FILE} == {"python_stdlib_rest.zip"}
    assert f"pyodide/{site_build.STDLIB_REST}" in site_build.VERSIONED
    assert list(site_build.LAZY) == [f"pyodide/{site_build.STDLIB_REST}"]


def test_build_json_lists_the_versioned_and_lazy_files(site_dir: Path, site_build):
    manifest = json.loads((site_dir / "build.json").read_text())
    assert manifest["versioned"] == sorted({*site_build.VERSIONED, manifest["wheel"]})
    for name in manifest["versioned"]:
        assert name == "build.json" or name in manifest["files"], name
    assert manifest["lazy"] == [f"pyodide/{site_build.STDLIB_REST}"]
    assert all(name in manifest["files"] for name in manifest["lazy"])
