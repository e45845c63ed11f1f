#!/usr/bin/env python3
"""How old may a friend's reply be and still connect? (issue 44, item 4)

A reply code carries the guest's half of a WebRTC connection. Its lifetime in the codec
(web/js/net/link/codec.js, REPLY_LIFETIME_S) should be as long as a connection can still be
made with it, and no longer. This measures that, in headless Chromium, on loopback only:

    .venv/bin/python benchmarks/reply_age.py [--ages 60,150,300,480,720] [--site DIR]

For each age, two fresh pages (each a browser context of its own) load the site's own
web/js/net/link/peer.js and codec.js, as tests/netns/test_peer.py does: the host makes an
invitation, the guest answers it at once (its wait for the channel set far beyond any age, so
the page's own give-up time is not what is measured); the script then waits `age` seconds, as a
reply travelling slowly through a chat app would, and the host takes the reply (the codec's age
check skipped) and waits for the channel. Per age it prints whether the channel opened at both
ends, and in how long.

It runs itself inside a network namespace that holds only loopback (`unshare -n`, then
`ip link set lo up`; needs root). A benchmark: it prints, it asserts nothing. The ages are
tried one after another (the run lasts about the sum of the ages plus a few seconds each).
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

SETUP = """async () => {
  const peer = await import("/js/net/link/peer.js");
  const codec = await import("/js/net/link/codec.js");
  window.t = { peer, codec };
}"""

GUEST_REPLY = """async (link) => {
  const { peer, codec } = window.t;
  const invite = codec.decodeInvite(link);
  window.t.guest = peer.guestPeer(invite.ice, { connectTimeoutMs: 3600000 });
  window.t.guestOpen = null;
  window.t.guest.channel.then(() => { window.t.guestOpen = performance.now(); },
    (e) => { window.t.guestOpen = String(e); });
  const ice = await window.t.guest.reply;
  const created = Math.floor(Date.now() / 1000);
  return codec.encodeReply({ table: invite.table, seat: invite.seat, created, ice });
}"""

HOST_ACCEPT = """async (text) => {
  const { codec } = window.t;
  const reply = codec.decodeReply(text, { now: null });
  const t0 = performance.now();
  try {
    await window.t.host.accept(reply.ice);
    await window.t.host.channel;
    return { ok: true, ms: performance.now() - t0 };
  } catch (e) {
    return { ok: false, ms: performance.now() - t0, why: String(e && e.message || e) };
  }
}"""


import friends as bench_friends  # noqa: E402 (benchmarks/friends.py: the namespace and loading helpers)

load = bench_friends.load
PEER_TEST = load("peer_test", ROOT / "tests" / "netns" / "test_peer.py")


def one_age(browser: Any, url: str, age: float) -> dict[str, Any]:
    """An invitation answered at once, its reply taken `age` s later: did a channel open?"""
    contexts, pages = [], []
    for _ in range(2):
        ctx = browser.new_context()
        ctx.grant_permissions(["camera", "microphone"], origin=url.rstrip("/"))
        # a bare page of the site's origin, from which the site's own modules are imported
        ctx.route(url + "reply-age.html", lambda route: route.fulfill(
            status=200, content_type="text/html", body="<!doctype html><title>reply age</title>"))
        contexts.append(ctx)
        page = ctx.new_page()
        page.goto(url + "reply-age.html")
        page.evaluate(SETUP)
        pages.append(page)
    host, guest = pages
    out: dict[str, Any] = {"age": age}
    try:
        link = host.evaluate(PEER_TEST.HOST_INVITE)  # as tests/netns/test_peer.py makes it
        code = guest.evaluate(GUEST_REPLY, link)
        time.sleep(age)
        r = host.evaluate(HOST_ACCEPT, code)
        end = time.monotonic() + 30
        while guest.evaluate("window.t.guestOpen") is None and time.monotonic() < end:
            time.sleep(0.1)
        opened = guest.evaluate("window.t.guestOpen")
        out.update(seated=bool(r["ok"]) and isinstance(opened, (int, float)), ms=r["ms"],
                   said=r.get("why") or (None if isinstance(opened, (int, float)) else f"guest: {opened}"))
    except Exception as e:  # a benchmark: say why and carry on
        out["why"] = f"{type(e).__name__}: {str(e).splitlines()[0][:200]}"
    finally:
        for ctx in contexts:
            ctx.close()
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ages", default="60,150,300,480,720",
                        help="seconds between the reply and the host taking it, comma-separated")
    parser.add_argument("--site", type=Path, help="an existing build (default: build one)")
    args = parser.parse_args()
    friends = bench_friends
    if not friends.in_loopback_namespace():
        if os.environ.get(friends.INSIDE):
            print("not in a loopback-only namespace", file=sys.stderr)
            return 1
        return int(friends.reexec_inside())
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT / "tests" / "browser"))
    support = load("support", ROOT / "tests" / "browser" / "support.py")
    site_build = load("speculation_site_build", ROOT / "build.py")
    ages = [float(a) for a in args.ages.split(",") if a.strip()]
    results = []
    with site_build.served_site(args.site, prefix="spec-bench-reply-") as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=support.CHROMIUM, args=support.NETNS_CHROMIUM_ARGS)
        for age in ages:
            r = one_age(browser, url, age)
            results.append(r)
            said = (f"the channel opened in {r['ms']:.0f} ms" if r.get("seated")
                    else f"no channel ({r.get('said')})")
            print(f"  reply {age:5.0f} s old: {r.get('why') or said}", flush=True)
        browser.close()
    ok = [r["age"] for r in results if r.get("seated")]
    print(f"\nheadless Chromium on loopback: the oldest reply that still connected was "
          f"{max(ok):.0f} s old" if ok else "\nno reply connected")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
