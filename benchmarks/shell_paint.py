#!/usr/bin/env python3
"""How soon a returning player sees the page and their table, in headless Chromium.

    .venv/bin/python benchmarks/shell_paint.py [--runs 3] [--visits 3] [--site DIR]

Builds the site (or uses --site DIR) and serves it on 127.0.0.1. Each run starts a fresh
persistent Chromium profile (the flags of tests/browser/support.py) and makes a first visit
that starts a match from a link (so there is a save and a stored last table), waits for the
service worker to take control, then makes --visits repeat visits. For every visit it reads,
in ms from navigation start:

  fcp       the browser's first contentful paint (the HTML and CSS, before any script)
  shell     performance.mark "speculation:shell" (the frame that paints the page's shell)
  preview   "speculation:preview" (the frame that paints the stored table; repeat visits only)
  playable  body[data-state] first "idle": the live table accepts input (watched here, so a
            build without the marks is measured the same way)
  longest   the longest main-thread task reported by a PerformanceObserver for "longtask"
            from navigation start until playable (0: no task over 50 ms)

and prints the median and the minimum of each over all runs.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
from buildpy import load_build  # noqa: E402  (build.py, loaded once)

sys.path.insert(0, str(ROOT / "tests" / "browser"))
from support import CHROMIUM, CHROMIUM_ARGS  # noqa: E402  (the test suite's Chromium and flags)

MATCH = "index.html?p=human:Fanny&p=bot:casual/mary:Mary&p=bot:casual/henry:Henry&seed=19"
# Runs before the page's scripts in every navigation (add_init_script is not under the CSP).
INIT = """(() => {
  window.__longest = 0;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (!window.__idleAt) window.__longest = Math.max(window.__longest, e.duration);
      }
    }).observe({ type: "longtask", buffered: true });
  } catch {}
  document.addEventListener("DOMContentLoaded", () => {
    new MutationObserver(() => {
      if (document.body.dataset.state === "idle" && !window.__idleAt) window.__idleAt = performance.now();
    }).observe(document.body, { attributes: true, attributeFilter: ["data-state"] });
  });
})();"""
PROBE = """() => {
  if (!window.__idleAt) {
    return document.body && document.body.dataset.state === "failed" ? { failed: true } : null;
  }
  const at = (name) => {
    const e = performance.getEntriesByName(name)[0];
    return e ? e.startTime : null;
  };
  const fcp = performance.getEntriesByName("first-contentful-paint")[0];
  return { fcp: fcp ? fcp.startTime : null, shell: at("speculation:shell"),
           preview: at("speculation:preview"), playable: window.__idleAt, longest: window.__longest };
}"""
WAIT_CONTROLLED = """async () => {
  for (let i = 0; i < 600 && !navigator.serviceWorker.controller; i++) {
    await new Promise((r) => setTimeout(r, 100));
  }
  return !!navigator.serviceWorker.controller;
}"""
COLUMNS = ("fcp", "shell", "preview", "playable", "longest")


def visit(page, url: str, timeout_s: float = 120) -> dict:
    page.goto(url)
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        got = page.evaluate(PROBE)
        if got:
            if got.get("failed"):
                raise RuntimeError(f"{url}: the engine failed to start")
            return got
        page.wait_for_timeout(20)
    raise RuntimeError(f"{url}: not playable after {timeout_s} s")


def run(base: str, runs: int, visits: int) -> dict[str, list[dict]]:
    from playwright.sync_api import sync_playwright

    out: dict[str, list[dict]] = {"first": [], "repeat": []}
    with sync_playwright() as pw:
        for i in range(runs):
            with tempfile.TemporaryDirectory(prefix="spec-shell-profile-") as profile:
                ctx = pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM,
                                                            args=CHROMIUM_ARGS, headless=True)
                try:
                    ctx.add_init_script(INIT)
                    page = ctx.pages[0] if ctx.pages else ctx.new_page()
                    out["first"].append(visit(page, base + MATCH))
                    if not page.evaluate(WAIT_CONTROLLED):
                        raise RuntimeError("the service worker never took control")
                    for _ in range(visits):
                        page.goto("about:blank")
                        out["repeat"].append(visit(page, base + "index.html"))
                finally:
                    ctx.close()
            print(f"run {i + 1}/{runs} done", file=sys.stderr, flush=True)
    return out


def summary(rows: list[dict], column: str) -> str:
    values = [r[column] for r in rows if r[column] is not None]
    if not values:
        return f"{'—':>16}"
    return f"{statistics.median(values):9.0f} ({min(values):4.0f})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="fresh profiles")
    parser.add_argument("--visits", type=int, default=3, help="repeat visits per profile")
    parser.add_argument("--site", type=Path, help="an existing build (default: build one)")
    args = parser.parse_args()
    if not Path(CHROMIUM).exists():
        print(f"{CHROMIUM} is missing: bash scripts/setup.sh --browser", file=sys.stderr)
        return 1
    site_build = load_build()
    with site_build.served_site(args.site, prefix="spec-shell-site-") as base:
        results = run(base, args.runs, args.visits)
    print(f"\nheadless Chromium, 127.0.0.1, {args.runs} profile(s) × {args.visits} repeat visit(s); "
          f"ms from navigation start, median (min); load average {os.getloadavg()[0]:.1f} on "
          f"{os.cpu_count()} cores")
    print(f"{'':24}" + "".join(f"{c:>16}" for c in COLUMNS))
    labels = {"first": "first visit (a link)", "repeat": "returning (sw, save)"}
    for kind, rows in results.items():
        print(f"{labels[kind]:24}" + "".join(summary(rows, c) for c in COLUMNS))
    print("longest: the longest main-thread task until playable (0 = none over 50 ms); "
          "— = the build sets no such mark")
    return 0


if __name__ == "__main__":
    sys.exit(main())
