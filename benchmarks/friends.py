#!/usr/bin/env python3
"""A friends' table on loopback: how long joining takes, how fast a move reaches a guest, and
how big the codes and messages are (issue 22; docs/multiplayer.md).

    .venv/bin/python benchmarks/friends.py [--runs 3] [--hands 3] [--site DIR]

It runs itself inside a network namespace that holds only loopback (`unshare -n`, then
`ip link set lo up`; needs root), so no peer connection can use another interface. It builds
the site (or uses --site DIR), serves it on 127.0.0.1 and, in one headless Chromium, opens a
host and two guests in their own contexts, as tests/netns/test_friends.py does: the host opens
a table of `--hands` hands, each guest joins through the invite link and its reply code, and
everyone plays to the end by clicking, at the instant pace. Per run it prints:

  add->seat    ms from pressing "Add player" to the host listing the friend at the table
               (the channel opened and the hello answered)
  start->table ms from "Start the match" to the guest's table showing its own seat
  host->guest  one-way latency of the host's messages (the moment the host's page sends a
               frame to the moment the guest's page receives it; one machine's clock), p50/p95
  sizes        the invitation code, the invite link, the reply code (characters), and the
               largest message a guest received (bytes of JSON, before framing)

Numbers are medians over the runs where several are taken. A benchmark, not a test: it prints,
it asserts nothing.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
INSIDE = "SPECULATION_BENCH_NETNS"


def load(name: str, path: Path) -> Any:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def in_loopback_namespace() -> bool:
    return sorted(n for _, n in socket.if_nameindex()) == ["lo"]


def reexec_inside() -> int:
    """Run this script again in a namespace of its own that has only loopback."""
    if shutil.which("unshare") is None:
        print("unshare (util-linux) is missing", file=sys.stderr)
        return 1
    env = {**os.environ, INSIDE: "1"}
    cmd = ["unshare", "-n", "sh", "-c", 'ip link set lo up && exec "$@"', "sh", sys.executable, *sys.argv]
    return subprocess.run(cmd, env=env, check=False).returncode


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, round(q * (len(s) - 1)))] if s else float("nan")


def one_run(browser: Any, url: str, hands: int, tf: Any) -> dict[str, Any]:
    from playwright.sync_api import expect

    origin = url.rstrip("/")
    contexts = []
    pages = []
    for _ in range(3):
        ctx = browser.new_context(viewport={"width": 1280, "height": 800})
        ctx.grant_permissions(["camera", "microphone"], origin=origin)
        ctx.add_init_script(tf.RECORD_CHANNEL)
        ctx.add_init_script("localStorage.setItem('speculation:settings:v1', JSON.stringify({pace: 'instant'}));")
        contexts.append(ctx)
        pages.append(ctx.new_page())
    host, ann, bo = pages
    out: dict[str, Any] = {"add": [], "start": 0.0}
    tf.open_table(host, url, hands=hands)
    out["invite"] = len(host.get_by_label("Invite link").input_value().split("#join=", 1)[1])
    out["link"] = len(host.get_by_label("Invite link").input_value())
    for guest, name in ((ann, "Ann"), (bo, "Bo")):
        expect(host.get_by_label("Invite link")).to_have_value(tf.re.compile("#join="), timeout=20_000)
        link = host.get_by_label("Invite link").input_value()
        guest.goto(link)
        guest.get_by_label("Your name").fill(name)
        guest.get_by_role("button", name="Join").click()
        reply = guest.get_by_label("Your reply code")
        expect(reply).to_have_value(tf.re.compile(r"\S{20,}"), timeout=20_000)
        out["reply"] = len(reply.input_value())
        host.get_by_label("Reply code", exact=True).fill(reply.input_value())
        t0 = time.perf_counter()
        host.get_by_role("button", name="Add player").click()
        expect(host.locator("#lobby-seats")).to_contain_text(f"{name}: at the table", timeout=20_000)
        out["add"].append((time.perf_counter() - t0) * 1000)
        expect(host.get_by_label("Invite link")).not_to_have_value(link, timeout=20_000)
    t0 = time.perf_counter()
    host.get_by_role("button", name="Start the match").click()
    for g, name in ((ann, "Ann"), (bo, "Bo")):
        expect(g.locator("#seats .is-bottom .seat-name")).to_have_text(name, timeout=30_000)
    out["start"] = (time.perf_counter() - t0) * 1000
    tf.play_to_the_end(pages)
    sent = host.evaluate("window.__channelSentAt")
    sent_at: dict[str, float] = {}
    for t, frame in sent:
        if not frame.startswith("~"):
            sent_at.setdefault(frame, t)
    lat: list[float] = []
    largest = 0
    for g in (ann, bo):
        for t, frame in g.evaluate("window.__channelGotAt"):
            if frame in sent_at:
                lat.append(t - sent_at[frame])
        for msg in tf.messages(g.evaluate("window.__channelGot")):
            largest = max(largest, len(json.dumps(msg, separators=(",", ":")).encode()))
    out["latency"] = lat
    out["largest"] = largest
    for ctx in contexts:
        ctx.close()
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--site", type=Path, help="an existing build (default: build one)")
    args = parser.parse_args()
    if not in_loopback_namespace():
        if os.environ.get(INSIDE):
            print("not in a loopback-only namespace", file=sys.stderr)
            return 1
        return reexec_inside()
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT / "tests" / "browser"))
    support = load("support", ROOT / "tests" / "browser" / "support.py")
    tf = load("friends_test", ROOT / "tests" / "netns" / "test_friends.py")
    site_build = load("speculation_site_build", ROOT / "build.py")
    with tempfile.TemporaryDirectory(prefix="spec-bench-friends-") as tmp:
        site = args.site.resolve() if args.site else Path(tmp) / "site"
        if not args.site:
            site_build.build(site)
        server, url = site_build.serve_in_thread(site)
        runs = []
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=support.CHROMIUM, args=support.NETNS_CHROMIUM_ARGS)
                for _ in range(args.runs):
                    runs.append(one_run(browser, url, args.hands, tf))
                browser.close()
        finally:
            server.shutdown()
            server.server_close()
    adds = [a for r in runs for a in r["add"]]
    lat = [x for r in runs for x in r["latency"]]
    print(f"\nfriends' table on loopback, headless Chromium, host + 2 guests, {args.hands} hand(s), "
          f"{args.runs} run(s); load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"  add->seat      median {statistics.median(adds):7.0f} ms   max {max(adds):7.0f} ms   ({len(adds)} joins)")
    print(f"  start->table   median {statistics.median(r['start'] for r in runs):7.0f} ms")
    print(f"  host->guest    p50 {pct(lat, .5):6.1f} ms   p95 {pct(lat, .95):6.1f} ms   max {max(lat):6.1f} ms   ({len(lat)} frames)")
    print(f"  invitation     {runs[0]['invite']} characters (the invite link: {runs[0]['link']})")
    print(f"  reply code     {runs[-1]['reply']} characters")
    print(f"  largest message to a guest  {max(r['largest'] for r in runs)} bytes of JSON (frames are at most 16,000)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
