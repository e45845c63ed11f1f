#!/usr/bin/env python3
"""Clicks per hand through the real page, as a person plays it (issue 10).

    .venv/bin/python benchmarks/ux_clicks.py [--hands 10] [--seed 7] [--site DIR] [--policy NAME]
                                             [--size 390x844]

Builds the site (or serves --site DIR), opens it in headless Chromium with the computer players
at the "instant" pace and the default settings otherwise, and plays one seeded match of
``--hands`` hands per policy, you (seat 0) against three computer players, clicking by
accessible names only:

  keep     keep every card you hold; never buy, sell or bid (refuse, decline, break off)
  auction  sell every best trump you hold by auction (the default reserve), else as keep
  buy      place one order per hand for a face-down card (one click on the first other
           player's stack: an order at the engine's fair value), else as keep

It prints, per policy, the clicks per hand (every click and every choice in a menu), the real
decisions per hand (each time the page asked you something, and each buy order), and the forced
clicks: clicks on a decision whose only choices were to turn up your card, to deal or to pass a
market window, which the page's standing answers exist to take. Targets with the defaults:
forced clicks 0 per hand; median clicks per hand ≤ real decisions + 1 (the +1 is "Next hand").
"""

from __future__ import annotations

import argparse
import importlib.util
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
STACK = re.compile(r"^Buy one of .* face-down cards at the fair value")
FORCED = re.compile(r"^(Turn up my top card|Deal the hand|Pass \(no offer\))$")
REFUSE = re.compile(r"^(Decline to buy|Pass \(drop out\)|Break off|Refuse to sell"
                    r"|Refuse the bid and keep the card)$")


def load_build():
    spec = importlib.util.spec_from_file_location("site_build", ROOT / "build.py")
    mod = importlib.util.module_from_spec(spec)
    assert spec.loader
    spec.loader.exec_module(mod)
    return mod


def state(page: Page) -> tuple[str, int]:
    st, tick = page.evaluate("[document.body.dataset.state || '', Number(document.body.dataset.tick || 0)]")
    return st, tick


def settle(page: Page, after: int, timeout_s: float = 120) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        st, tk = state(page)
        if st == "idle" and tk > after:
            return
        if st == "failed":
            raise SystemExit("the page failed: " + page.inner_text("#status"))
        page.wait_for_timeout(30)
    raise SystemExit("the page did not settle: " + page.inner_text("#status"))


class Counter:
    """Clicks, decisions and forced clicks, per hand."""

    def __init__(self) -> None:
        self.hands: dict[int, list[int]] = {}  # hand -> [clicks, decisions, forced]

    def add(self, hand: int, clicks: int = 0, decisions: int = 0, forced: int = 0) -> None:
        row = self.hands.setdefault(hand, [0, 0, 0])
        row[0] += clicks
        row[1] += decisions
        row[2] += forced


def click(page: Page, locator, counter: Counter, hand: int, **kind: int) -> None:
    before = state(page)[1]
    locator.click()
    counter.add(hand, clicks=1, **kind)
    settle(page, before)


def names(page: Page) -> list[str]:
    return [b.inner_text().strip() for b in page.locator("#controls button").all() if b.is_visible()]


def play(page: Page, url: str, policy: str, hands: int) -> Counter:
    counter = Counter()
    page.goto(url)
    settle(page, 0)
    bought: set[int] = set()
    for _ in range(5000):
        if page.locator("#match-summary").is_visible():
            break
        hand = int(page.inner_text("#info-hand") or 0)
        controls = page.locator("#controls")
        shown = names(page)
        stacks = page.get_by_role("button", name=STACK)
        if policy == "buy" and hand not in bought and stacks.count():
            bought.add(hand)
            stacks.first.click()  # one click: an order at the engine's fair value
            counter.add(hand, clicks=1, decisions=1)
            continue
        if shown == ["Next hand"]:
            click(page, controls.get_by_role("button", name="Next hand"), counter, hand)
            continue
        if not shown:
            raise SystemExit(f"nothing to click: {page.inner_text('#status')}")
        plain = [n for n in shown if n != "What is it worth?"]
        only_forced = all(FORCED.match(n) or REFUSE.match(n) for n in plain)
        forced = int(only_forced and any(FORCED.match(n) for n in plain))
        keep = controls.get_by_role("button", name=re.compile(r"^Keep "))
        if keep.count():
            if policy == "auction":
                radio = controls.get_by_role("radio", name="Auction")
                if radio.count() and not radio.is_checked():
                    radio.check()
                    counter.add(hand, clicks=1)
                start = controls.get_by_role("button", name="Start the auction")
                click(page, start, counter, hand, decisions=1)
            else:
                click(page, keep, counter, hand, decisions=1, forced=forced)
            continue
        refuse = controls.get_by_role("button", name=REFUSE)
        if refuse.count():
            click(page, refuse.first, counter, hand, decisions=1, forced=forced)
            continue
        first = controls.get_by_role("button", name=FORCED)
        if first.count():
            click(page, first.first, counter, hand, decisions=1, forced=1)
            continue
        raise SystemExit(f"no move for the policy {policy!r}: {shown}; {page.inner_text('#status')}")
    return counter


def report(policy: str, counter: Counter) -> tuple[float, float, int]:
    rows = [counter.hands[h] for h in sorted(counter.hands) if h > 0]
    clicks = [r[0] for r in rows]
    decisions = [r[1] for r in rows]
    forced = sum(r[2] for r in rows)
    med_c, med_d = statistics.median(clicks), statistics.median(decisions)
    ok = "yes" if forced == 0 and med_c <= med_d + 1 else "NO"
    print(f"{policy:8} hands {len(rows):3}  clicks/hand median {med_c:4.1f} "
          f"(min {min(clicks)}, max {max(clicks)})  "
          f"decisions/hand median {med_d:4.1f}  forced clicks {forced}  target met: {ok}")
    print(f"{'':8} per hand (clicks/decisions): " + " ".join(f"{c}/{d}" for c, d, _ in rows))
    return med_c, med_d, forced


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=10)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--site", type=Path)
    ap.add_argument("--policy", choices=["keep", "auction", "buy"], action="append")
    ap.add_argument("--size", default="1280x800", help="the viewport, WIDTHxHEIGHT (390x844: a phone)")
    args = ap.parse_args()
    build = load_build()
    with tempfile.TemporaryDirectory() as tmp:
        site = args.site
        if site is None:
            site = Path(tmp) / "site"
            build.build(site)
        server, url = build.serve_in_thread(site)
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
                for policy in args.policy or ["keep", "auction", "buy"]:
                    w, h = (int(x) for x in args.size.split("x"))
                    page = browser.new_page(viewport={"width": w, "height": h}, has_touch=w < 600)
                    page.goto(url + "index.html")
                    page.evaluate("localStorage.setItem('speculation:settings:v1', "
                                  "JSON.stringify({pace: 'instant'}))")
                    players = "&".join(["p=human:Julia", "p=bot:casual/mary:Mary", "p=bot:casual/henry:Henry",
                                        "p=bot:casual/edmund:Edmund"])
                    match = f"{url}index.html?{players}&seed={args.seed}&rule.max_hands={args.hands}"
                    report(policy, play(page, match, policy, args.hands))
                    page.close()
                browser.close()
        finally:
            server.shutdown()
            server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
