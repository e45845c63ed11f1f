#!/usr/bin/env python3
"""Lighthouse's mobile audit of the built site's first visit, in Debian's headless Chromium.

    .venv/bin/python benchmarks/lighthouse.py [--runs 3] [--site DIR] [--json DIR] [--http1]

Lighthouse is large and only this benchmark needs it, so it is not part of scripts/setup.sh
(nor of CI): on first use the benchmark installs it, pinned at LIGHTHOUSE_VERSION (13 needs
Node 22), with npm into a folder of its own, benchmarks/.lighthouse/ (git-ignored), and reuses
it afterwards. The site is built (or --site DIR is used) and served on 127.0.0.1 over HTTP/2
with a throwaway self-signed certificate (benchmarks/h2serve.mjs, Node's own http2; the
certificate is made with openssl and Chromium is told to accept it), because GitHub Pages serves
HTTP/2 and Lighthouse's simulation replays the requests over the connections it saw: over
HTTP/1.1 it allows six at a time, and the site's few dozen small modules then cost round trips
no visitor of Pages pays. Text files go gzip-compressed, as Pages sends them: the simulation
times each download by the bytes it saw (the page's modules are about 470 KB as they are, about
140 KB compressed). --http1 serves it with build.py's HTTP/1.1 server instead. Each run is a
fresh Lighthouse run of index.html with its default mobile preset (a mid-range phone, simulated
4G and a 4× slower CPU) in /usr/bin/chromium, headless, with the flags that keep Chromium off
the network (no background networking, component updates, sync or first-run fetches). For each
run it prints the performance score, first and largest contentful paint, cumulative layout shift,
total blocking time and the longest main-thread tasks with the script they ran in; then the
median of each. --json DIR keeps each run's full report.

Targets (issue 26): performance ≥ 0.95, CLS ≤ 0.05, TBT ≤ 100 ms. On a shared 2-core machine
the runs vary a lot (a run's first paint can wait a second for the machine); read the median of
five or more, and the load average printed with it.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
from buildpy import load_build  # noqa: E402  (build.py, loaded once)

LIGHTHOUSE_VERSION = "12.2.3"
HOME = ROOT / "benchmarks" / ".lighthouse"
CLI = HOME / "node_modules" / "lighthouse" / "cli" / "index.js"
CHROME = "/usr/bin/chromium"
CHROME_FLAGS = ("--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage "
                "--disable-background-networking --disable-component-update --disable-sync "
                "--no-first-run --no-default-browser-check --disable-default-apps "
                "--disable-extensions --metrics-recording-only")
TARGETS = {"performance": 0.95, "cls": 0.05, "tbt": 100.0}
H2_SERVER = ROOT / "benchmarks" / "h2serve.mjs"


def ensure_lighthouse() -> Path:
    """The pinned Lighthouse CLI, installed into benchmarks/.lighthouse/ on first use."""
    package = HOME / "node_modules" / "lighthouse" / "package.json"
    if package.exists() and json.loads(package.read_text())["version"] == LIGHTHOUSE_VERSION:
        return CLI
    HOME.mkdir(parents=True, exist_ok=True)
    (HOME / "package.json").write_text(json.dumps(
        {"name": "speculation-lighthouse", "private": True,
         "description": "benchmarks/lighthouse.py's own Lighthouse (not the site's)"}) + "\n")
    print(f"installing lighthouse@{LIGHTHOUSE_VERSION} into {HOME.relative_to(ROOT)} (once)…",
          file=sys.stderr, flush=True)
    subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--save-exact",
                    f"lighthouse@{LIGHTHOUSE_VERSION}"], cwd=HOME, check=True)
    return CLI


@contextmanager
def serve_h2(site: Path, build: Any) -> Iterator[str]:
    """The site over HTTP/2 on 127.0.0.1 (h2serve.mjs), with a certificate made for this run;
    yields its base URL."""
    if shutil.which("openssl") is None:
        raise SystemExit("lighthouse.py: openssl makes the HTTP/2 server's certificate and is "
                         "missing (apt-get install openssl), or serve HTTP/1.1 with --http1")
    with tempfile.TemporaryDirectory(prefix="spec-lighthouse-tls-") as tmp:
        key, cert = Path(tmp) / "key.pem", Path(tmp) / "cert.pem"
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                        "-keyout", str(key), "-out", str(cert), "-subj", "/CN=127.0.0.1",
                        "-addext", "subjectAltName=IP:127.0.0.1"], check=True, capture_output=True)
        types = json.dumps(build.MIME_TYPES)  # the types build.py's own server sends
        proc = subprocess.Popen(["node", str(H2_SERVER), str(site), str(key), str(cert), types],
                                stdout=subprocess.PIPE, text=True)
        try:
            assert proc.stdout is not None
            base = proc.stdout.readline().strip()
            if not base.startswith("https://127.0.0.1:"):
                raise RuntimeError(f"h2serve.mjs did not start (said {base!r})")
            yield base
        finally:
            proc.terminate()
            proc.wait(timeout=10)


@contextmanager
def serve_http1(site: Path, build: Any) -> Iterator[str]:
    """The site over HTTP/1.1 on 127.0.0.1 (build.py's server); yields its base URL."""
    server, base = build.serve_in_thread(site)
    try:
        yield base
    finally:
        server.shutdown()
        server.server_close()


def audit(cli: Path, url: str, keep: Path | None, n: int) -> dict[str, Any]:
    """One Lighthouse run of `url`: its report (JSON)."""
    flags = CHROME_FLAGS + (" --ignore-certificate-errors" if url.startswith("https:") else "")
    with tempfile.TemporaryDirectory(prefix="spec-lighthouse-") as tmp:
        out = Path(tmp) / "report.json"
        env = {**os.environ, "CHROME_PATH": CHROME, "TMPDIR": tmp}
        proc = subprocess.run(
            ["node", str(cli), url, "--output=json", f"--output-path={out}", "--quiet",
             "--only-categories=performance", f"--chrome-flags={flags}",
             "--max-wait-for-load=60000"],
            env=env, capture_output=True, text=True, timeout=300)
        if proc.returncode != 0 or not out.exists():
            raise RuntimeError(f"lighthouse failed ({proc.returncode}): {proc.stderr[-2000:]}")
        if keep:
            keep.mkdir(parents=True, exist_ok=True)
            shutil.copy(out, keep / f"run-{n}.json")
        return json.loads(out.read_text())


def figures(report: dict[str, Any]) -> dict[str, Any]:
    """The numbers this benchmark prints, from one report."""
    audits = report["audits"]

    def value(name: str) -> float | None:
        got = audits.get(name, {}).get("numericValue")
        return None if got is None else float(got)

    tasks = []
    for item in (audits.get("long-tasks", {}).get("details") or {}).get("items", []):
        where = str(item.get("url", ""))
        tasks.append((float(item.get("duration", 0)), where.rsplit("/", 1)[-1] or where))
    tasks.sort(reverse=True)
    runtime = report.get("runtimeError")
    requests = (audits.get("network-requests", {}).get("details") or {}).get("items", [])
    # a run whose engine never loaded (a server fault) would look faster than any real one
    wheel = any(".whl" in str(q.get("url")) and q.get("statusCode") == 200 for q in requests)
    return {"wheel": wheel, "performance": report["categories"]["performance"]["score"],
            "fcp": value("first-contentful-paint"), "lcp": value("largest-contentful-paint"),
            "cls": value("cumulative-layout-shift"), "tbt": value("total-blocking-time"),
            "tasks": tasks[:4], "error": runtime.get("message") if runtime else None}


def show(row: dict[str, Any]) -> str:
    perf = "—" if row["performance"] is None else f"{row['performance']:.2f}"
    tasks = ", ".join(f"{d:.0f} ms {where}" for d, where in row["tasks"]) or "none"
    return (f"performance {perf}  FCP {row['fcp'] or 0:.0f} ms  LCP {row['lcp'] or 0:.0f} ms  "
            f"CLS {row['cls'] or 0:.3f}  TBT {row['tbt'] or 0:.0f} ms  longest tasks: {tasks}"
            + ("" if row["wheel"] else "  THE ENGINE'S WHEEL DID NOT LOAD: not a real visit")
            + (f"  ERROR {row['error']}" if row["error"] else ""))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="Lighthouse runs (each a fresh profile)")
    parser.add_argument("--site", type=Path, help="an existing build (default: build one)")
    parser.add_argument("--json", type=Path, help="keep each run's report in this folder")
    parser.add_argument("--page", default="index.html", help="the page audited")
    parser.add_argument("--http1", action="store_true",
                        help="serve over HTTP/1.1 (build.py's server) instead of HTTP/2")
    args = parser.parse_args(argv)
    if not Path(CHROME).exists():
        print(f"{CHROME} is missing: bash scripts/setup.sh --browser", file=sys.stderr)
        return 1
    cli = ensure_lighthouse()
    site_build = load_build()
    rows = []
    with tempfile.TemporaryDirectory(prefix="spec-lighthouse-site-") as tmp:
        site = args.site.resolve() if args.site else Path(tmp) / "site"
        if not args.site:
            site_build.build(site)
        serve = serve_http1 if args.http1 else serve_h2
        with serve(site, site_build) as base:
            for n in range(1, args.runs + 1):
                row = figures(audit(cli, base + args.page, args.json, n))
                rows.append(row)
                print(f"run {n}: {show(row)}", flush=True)
    print(f"\nLighthouse {LIGHTHOUSE_VERSION}, mobile preset, {CHROME} headless, 127.0.0.1 over "
          f"{'HTTP/1.1' if args.http1 else 'HTTP/2'}, "
          f"{args.runs} run(s); load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for key, unit in (("performance", ""), ("fcp", " ms"), ("lcp", " ms"), ("cls", ""), ("tbt", " ms")):
        values = [r[key] for r in rows if r[key] is not None]
        if not values:
            continue
        med = statistics.median(values)
        target = TARGETS.get(key)
        verdict = ""
        if target is not None:
            ok = med >= target if key == "performance" else med <= target
            sign = "≥" if key == "performance" else "≤"
            verdict = f"   target {sign} {target:g}: {'met' if ok else 'MISSED'}"
        shown = f"{med:.3f}" if key in ("performance", "cls") else f"{med:.0f}"
        print(f"{key:12} median {shown}{unit} (min {min(values):.3g}, max {max(values):.3g}){verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
