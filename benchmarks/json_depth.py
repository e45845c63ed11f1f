#!/usr/bin/env python3
"""How deep a JSON value each browser's engine can read, beside the guards (issue 49, item 5).

    .venv/bin/python benchmarks/json_depth.py [--site DIR]

Builds the site (or takes --site), copies it to a temporary folder with one more file,
``json-depth-worker.mjs`` (``benchmarks/json_depth/worker.mjs``), serves it on 127.0.0.1 and
opens it in Debian's Chromium and Firefox ESR (puppeteer-core, ``benchmarks/json_depth/run.mjs``)
and in Debian's WebKitGTK (MiniBrowser over W3C WebDriver, ``tests/browser/webkit.py``).
In a module worker of each it reads ever deeper arrays (``[[[…]]]``) with the page's
``JSON.parse`` and with Pyodide's ``json.loads``, and prints the deepest each read and how the
next failed. The guards must stay below the smallest: the bridge refuses deeper than
``jsonguard.Limits.max_depth`` before parsing, and a friend's message deeper than
``messages.js``'s ``MAX_DEPTH`` / ``MAX_HOST_DEPTH``. WebKit (Safari's engine) has the smallest
stack of the three, so its figures set the bound. ``--no-webkit`` leaves it out (it needs
``scripts/setup.sh --browser``: webkit2gtk-driver and xvfb).
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from buildpy import load_build  # noqa: E402

from speculation.jsonguard import Limits  # noqa: E402


def guards() -> dict[str, int]:
    text = (ROOT / "web/js/net/messages.js").read_text(encoding="utf-8")
    found = dict(re.findall(r"export const (MAX_DEPTH|MAX_HOST_DEPTH) = (\d+);", text))
    return {"bridge (jsonguard)": Limits().max_depth, "guest message (messages.js)": int(found["MAX_DEPTH"]),
            "host message (messages.js)": int(found["MAX_HOST_DEPTH"])}


# In the page (WebKit): the same worker as run.mjs starts in Chromium and Firefox.
IN_WORKER = """return new Promise((resolve) => {
  const w = new Worker("json-depth-worker.mjs", { type: "module" });
  w.onmessage = (e) => resolve(e.data);
  w.onerror = (e) => resolve({ error: e.message || "worker error" });
});"""


def webkit_row(url: str) -> dict:
    """The measurement in WebKitGTK's MiniBrowser (tests/browser/webkit.py)."""
    from webkit import WebKit

    with WebKit() as wk:
        wk.get(url + "index.html")
        out = wk.js(IN_WORKER)
        if "error" in out:
            raise RuntimeError(f"WebKit: {out['error']}")
        return {"browser": "webkit (WebKitGTK MiniBrowser)", "version": wk.version, **out}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", type=Path, default=None, help="a built site (default: build one)")
    ap.add_argument("--no-webkit", action="store_true", help="Chromium and Firefox only")
    args = ap.parse_args(argv)
    build = load_build()
    with tempfile.TemporaryDirectory(prefix="json-depth-") as tmp:
        site = Path(tmp) / "site"
        if args.site is None:
            build.build(site)
        else:
            shutil.copytree(args.site, site)
        shutil.copy(ROOT / "benchmarks/json_depth/worker.mjs", site / "json-depth-worker.mjs")
        with build.served_site(site) as url:
            done = subprocess.run(["node", str(ROOT / "benchmarks/json_depth/run.mjs"), url], cwd=ROOT,
                                  capture_output=True, text=True, timeout=900)
            if done.returncode != 0:
                print(done.stdout + done.stderr, file=sys.stderr)
                return 1
            rows = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
            if not args.no_webkit:
                rows.append(webkit_row(url))
    print("| browser | JSON.parse reads | fails at | Pyodide json.loads reads | fails at (why) | "
          "Python recursion limit |")
    print("|---|---:|---:|---:|---|---:|")
    for r in rows:
        js, py = r["js"], r["py"]
        print(f"| {r['browser']} {r['version']} | {js['ok']} | {js['failed'] or '–'} | {py['ok']} | "
              f"{py['failed'] or '–'} ({py['error'] or 'none'}) | {r['recursionlimit']} |")
    least = min(min(r["js"]["ok"], r["py"]["ok"]) for r in rows)
    print()
    for name, depth in guards().items():
        verdict = "below" if depth < least else "NOT below"
        print(f"guard {name}: {depth} ({verdict} the smallest read, {least})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
