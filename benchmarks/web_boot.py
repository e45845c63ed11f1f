#!/usr/bin/env python3
"""Time-to-playable of the static site in headless Chromium, beside a bare Pyodide boot.

    .venv/bin/python benchmarks/web_boot.py [--runs 3] [--site DIR]

Builds the site (or uses --site DIR), adds a bare page (bench/bare.html: a
module worker that only runs loadPyodide, under the same CSP) and serves it on
127.0.0.1.  For each page, each run starts a fresh persistent Chromium profile
(a plain new_context keeps no wasm in its cache): the first load is cold, the
next one, in the same profile, warm.  Pages measured:

  bare    bench/bare.html      loadPyodide() answered in a module worker
  engine  test-harness/boot.html  bootEngine() + a {"op": "hello"} answer
  page    index.html           until #boot gets the class is-ready; its warm
                               visit waits for the service worker to take
                               control first, so it is served by the worker

and the repeat visit that matters for an installed game, offline:

  offline index.html again in the same profile after a first (cold) visit, with
          the service worker in control, the site's server shut down and the
          context set offline: everything comes from the worker's cache.  The
          first such visit is the figure; the 4th shows the steady state, once
          Chromium has cached the compiled wasm (each run has a fresh origin)

Times are ms from navigation start, median and min over the runs.  The last
column is the longest PerformanceObserver "longtask" on the page's main thread
during the load (tasks under 50 ms are not reported, so 0 means none).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
# The same flags as tests/conftest.py.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
CSP = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; img-src 'self' data:; "
       "connect-src 'self'; worker-src 'self'")

BARE_HTML = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{CSP}">
<link rel="icon" href="data:,"><title>bare Pyodide boot</title>
<script type="module" src="bare.js"></script></head><body><p>bare Pyodide boot</p></body></html>
"""
BARE_JS = """const worker = new Worker(new URL("./bare-worker.js", import.meta.url), { type: "module" });
worker.onmessage = (e) => { window.__benchDoneAt = performance.now(); window.__benchResult = e.data; };
"""
BARE_WORKER = """import { loadPyodide } from "../pyodide/pyodide.mjs";
const py = await loadPyodide({ indexURL: new URL("../pyodide/", import.meta.url).href });
postMessage(py.runPython("import sys; sys.version.split()[0]"));
"""
# Runs before any page script (add_init_script is not subject to the page's CSP).
INIT = """(() => {
  window.__longest = 0;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longest = Math.max(window.__longest, e.duration);
    }).observe({ type: "longtask", buffered: true });
  } catch {}
  const watch = () => {
    const boot = document.getElementById("boot");
    if (!boot) return;
    new MutationObserver(() => {
      if (boot.classList.contains("is-ready") && !window.__benchDoneAt) window.__benchDoneAt = performance.now();
    }).observe(boot, { attributes: true, attributeFilter: ["class"] });
  };
  document.addEventListener("DOMContentLoaded", watch);
})();"""
PROBE = """() => {
  const h = window.harness;
  if (h && h.status === "failed") return { error: h.error };
  const at = window.__benchDoneAt || (h && h.playableAt);
  return at ? { ms: at, longest: window.__longest, timings: h && h.info && h.info.timings } : null;
}"""
PAGES = {"bare": "bench/bare.html", "engine": "test-harness/boot.html", "page": "index.html"}


def load_module(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def prepare(site: Path) -> None:
    bench = site / "bench"
    bench.mkdir(exist_ok=True)
    (bench / "bare.html").write_text(BARE_HTML)
    (bench / "bare.js").write_text(BARE_JS)
    (bench / "bare-worker.js").write_text(BARE_WORKER)
    harness = site / "test-harness"
    if harness.exists():
        shutil.rmtree(harness)
    shutil.copytree(ROOT / "tests" / "browser" / "harness", harness)


def measure(page, url: str, timeout_s: float = 120) -> dict:
    page.goto(url)
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        result = page.evaluate(PROBE)
        if result:
            if "error" in result:
                raise RuntimeError(f"{url}: {result['error']}")
            return result
        page.wait_for_timeout(50)
    raise RuntimeError(f"{url}: not ready after {timeout_s} s")


WAIT_CONTROLLED = """async () => {
  for (let i = 0; i < 600 && !navigator.serviceWorker.controller; i++) await new Promise((r) => setTimeout(r, 100));
  return !!navigator.serviceWorker.controller;
}"""


def launch(pw, profile: str):
    return pw.chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)


OFFLINE_VISITS = 4  # the first is the figure; the last shows Chromium's code cache at work


def run_offline(site_build, site: Path, runs: int) -> dict:
    """Cold visit online, then the server is stopped and the context set offline: a reload."""
    from playwright.sync_api import sync_playwright

    results = {"cold": [], "offline": []}
    with sync_playwright() as pw:
        for i in range(runs):
            server, base = site_build.serve_in_thread(site)  # a fresh origin each run
            with tempfile.TemporaryDirectory(prefix="spec-bench-profile-") as profile:
                ctx = launch(pw, profile)
                try:
                    ctx.add_init_script(INIT)
                    page = ctx.pages[0] if ctx.pages else ctx.new_page()
                    try:
                        results["cold"].append(measure(page, base + PAGES["page"]))
                        if not page.evaluate(WAIT_CONTROLLED):
                            raise RuntimeError("the service worker never took control")
                    finally:
                        server.shutdown()
                        server.server_close()
                    ctx.set_offline(True)
                    for visit in range(OFFLINE_VISITS):
                        page.goto("about:blank")
                        key = "offline" if visit == 0 else "offline-later"
                        results.setdefault(key, []).append(measure(page, base + PAGES["page"]))
                finally:
                    ctx.close()
            print(f"offline run {i + 1}/{runs} done", file=sys.stderr, flush=True)
    return results


BOT_LEVELS = ("beginner", "casual", "skilled", "expert")
# In the page: for each level, four bots of that level play on; each decision is timed from the
# page's request to its answer (worker round trip, Python decision, JSON), without applying it.
BOT_PROBE = """async ([levels, decisions]) => {
  const h = window.harness;
  const out = {};
  for (const level of levels) {
    const times = [];
    let seed = 1;
    const start = async () => h.request({op: "new_match", settings: {
      players: ["Fanny", "Edmund", "Mary", "Henry"].map((name, i) => ({name, kind: "bot",
        bot: `${level}/${["fanny", "edmund", "mary", "henry"][i]}`})), seed: seed++,
      rules: {max_hands: 50}}});
    let view = (await start()).view;
    while (times.length < decisions) {
      if (view.match_over) { view = (await start()).view; continue; }
      const t0 = performance.now();
      const r = await h.request({op: "bot", seat: view.to_act, apply: false});
      times.push(performance.now() - t0);
      if (!r.ok) return {error: JSON.stringify(r.error)};
      view = (await h.request({op: "act", action: r.action})).view;
    }
    out[level] = times;
  }
  return out;
}"""


def bot_latency(base: str, decisions: int) -> dict:
    """Bot decision latency inside Chromium, per level, measured through the real worker."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw, tempfile.TemporaryDirectory(prefix="spec-bench-profile-") as profile:
        ctx = launch(pw, profile)
        try:
            page = ctx.pages[0] if ctx.pages else ctx.new_page()
            measure(page, base + PAGES["engine"])
            result = page.evaluate(BOT_PROBE, [list(BOT_LEVELS), decisions])
        finally:
            ctx.close()
    if "error" in result:
        raise RuntimeError(f"bot benchmark failed: {result['error']}")
    return result


def run(base: str, runs: int) -> dict:
    from playwright.sync_api import sync_playwright

    results: dict = {(kind, temp): [] for kind in PAGES for temp in ("cold", "warm")}
    with sync_playwright() as pw:
        for i in range(runs):
            order = list(PAGES) if i % 2 == 0 else list(reversed(PAGES))
            for kind in order:
                with tempfile.TemporaryDirectory(prefix="spec-bench-profile-") as profile:
                    ctx = launch(pw, profile)
                    try:
                        ctx.add_init_script(INIT)
                        page = ctx.pages[0] if ctx.pages else ctx.new_page()
                        results[(kind, "cold")].append(measure(page, base + PAGES[kind]))
                        if kind == "page" and not page.evaluate(WAIT_CONTROLLED):
                            raise RuntimeError("the service worker never took control")
                        page.goto("about:blank")
                        results[(kind, "warm")].append(measure(page, base + PAGES[kind]))
                    finally:
                        ctx.close()
            print(f"run {i + 1}/{runs} done", file=sys.stderr, flush=True)
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--site", type=Path, help="an existing build (default: build one)")
    parser.add_argument("--bot-decisions", type=int, default=300,
                        help="bot decisions timed per level in the browser (0: skip)")
    args = parser.parse_args()
    if not Path(CHROMIUM).exists():
        print(f"{CHROMIUM} is missing: bash scripts/setup.sh --browser", file=sys.stderr)
        return 1
    site_build = load_module("speculation_site_build", ROOT / "build.py")
    with tempfile.TemporaryDirectory(prefix="spec-bench-site-") as tmp:
        site = args.site.resolve() if args.site else Path(tmp) / "site"
        if not args.site:
            site_build.build(site)
        prepare(site)
        server, base = site_build.serve_in_thread(site)
        try:
            results = run(base, args.runs)
            bots = bot_latency(base, args.bot_decisions) if args.bot_decisions else {}
        finally:
            server.shutdown()
            server.server_close()
        offline = run_offline(site_build, site, args.runs)

    med = {k: statistics.median(r["ms"] for r in v) for k, v in results.items()}
    low = {k: min(r["ms"] for r in v) for k, v in results.items()}
    block = {k: max(r["longest"] for r in v) for k, v in results.items()}
    print(f"\nheadless Chromium, 127.0.0.1, {args.runs} run(s); ms from navigation start, "
          f"median (min); load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"{'':8}{'cold':>16}{'warm':>16}   longest main-thread long task, cold/warm "
          "(page warm: served by the service worker)")
    for kind in PAGES:
        cold, warm = (kind, "cold"), (kind, "warm")
        print(f"{kind:8}{med[cold]:9.0f} ({low[cold]:4.0f}){med[warm]:9.0f} ({low[warm]:4.0f})   "
              f"{block[cold]:.0f} / {block[warm]:.0f} ms (0 = no task over 50 ms)")
    off = {k: [r["ms"] for r in v] for k, v in offline.items()}
    later = off["offline-later"][OFFLINE_VISITS - 2::OFFLINE_VISITS - 1]  # each run's last visit
    print(f"page offline (service worker; server stopped, context offline), {args.runs} run(s):\n"
          f"  cold first visit (online)   {statistics.median(off['cold']):6.0f} ({min(off['cold']):4.0f})\n"
          f"  first repeat visit, offline {statistics.median(off['offline']):6.0f} ({min(off['offline']):4.0f})\n"
          f"  {OFFLINE_VISITS}th visit, offline          {statistics.median(later):6.0f} ({min(later):4.0f})"
          f"   (Chromium caches the compiled wasm after the first runs)\n"
          f"  longest long task offline {max(r['longest'] for r in offline['offline']):.0f} ms")
    for temp in ("cold", "warm"):
        steps = results[("engine", temp)][0]["timings"] or {}
        parts = {k: statistics.median(r["timings"][k] for r in results[("engine", temp)]) for k in steps}
        print(f"engine worker, {temp} (ms since worker start): "
              + ", ".join(f"{k} {v:.0f}" for k, v in parts.items()))
    for kind in ("engine", "page"):
        print(f"ratio {kind}/bare (medians): cold {med[(kind, 'cold')] / med[('bare', 'cold')]:.2f}, "
              f"warm {med[(kind, 'warm')] / med[('bare', 'warm')]:.2f}")
    if bots:
        print(f"bot decisions in Chromium (page request -> answer through the worker), "
              f"{args.bot_decisions} per level, ms:")
        for level, times in bots.items():
            q = statistics.quantiles(times, n=20)
            print(f"  {level:9} p50 {statistics.median(times):6.2f}   p95 {q[-1]:6.2f}   "
                  f"max {max(times):6.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
