#!/usr/bin/env python3
"""A friends' table on loopback: joining, move latency, message sizes, a flooding guest's cost.

How long joining takes, how fast a move reaches a guest, how big the codes and messages are,
and what a guest flooding the host with messages costs the others (issue 22;
docs/multiplayer.md).

    .venv/bin/python benchmarks/friends.py [--runs 3] [--hands 3] [--devices 3,8] [--no-evening]
        [--site DIR] [--no-flood] [--flood-at both|others|ann] [--flood-rate 1000]
        [--flood-seconds 6] [--flood-kinds coach,prefs] [--flood-moves 3] [--drain-timeout 120]

It runs itself inside a network namespace that holds only loopback (`unshare -n`, then
`ip link set lo up`; needs root), so no peer connection can use another interface. It builds
the site (or uses --site DIR), serves it on 127.0.0.1 and, in one headless Chromium, opens each
table of `--devices` (the host and n - 1 friends, each device a browser context of its own, as
tests/netns/test_friends.py does): the host opens a table of `--hands` hands, each friend joins
as the page asks (opens the invite link, types a name, presses Join, sends the reply link) and
the host opens the reply link; everyone plays to the end by clicking, at the instant pace; then
(unless --no-evening) the host presses Play again and, in the new match, the first friend
reloads and comes back through the host's standing rejoin invitation. Every action of a person
is counted as it is made. Per table it prints:

  reply->seat  ms from the host opening a friend's reply link to the friend listed at the table
  start->table ms from "Start the match" to every friend's table showing their own seat
  play again   ms from the host's "Play again" to every friend's new table
  reload       ms from a friend's reload to their seat drawn again (rejoin)
  actions      per join, start, rematch and rejoin: the friend's and the host's (links opened,
               fields filled, buttons pressed, a reply link sent)
  host->guest  one-way latency of the host's messages (the moment the host's page sends a
               frame to the moment the guest's page receives it; one machine's clock), p50/p95
  moves        from a click on a move (the click event's own time stamp, in the clicking page)
               to the first new line of that page's log (its own table showing the result),
               and to the first new line of the host's log; guests' and host's clicks apart
  bytes        a move's state message (p50/p95), the state messages' size hand by hand (they
               must not grow with the hands played), the total a guest receives in a match, the
               codes' lengths, the largest message, and per kind of message (`t`): count per
               guest and match, median, max and total bytes of the JSON text as sent

The flood (on by default; --no-flood skips it), in further matches per run with new devices:
once the match has started and the table is still, guest Ann's page sends raw frames over its
data channel, `--flood-rate` messages a second for `--flood-seconds` s, valid {"t":"coach"} and
{"t":"prefs","prefs":{}} messages in turn (--flood-kinds), each with a new, increasing message
id. `--flood-at others`: the table waits on Bo's or the host's decision (Ann makes her own
decisions until then), so each coach request of Ann's is the coach's cheap "nothing to decide"
answer, and the moves of Bo or the host are clicked and timed during the flood; `--flood-at
ann`: it waits on Ann's decision (the host and Bo move until then), so every coach request runs
the coach's own decision, and nobody else can move: Bo sends a coach request 1 s into the
flood instead; `both` (the default): one match of each. Meanwhile:

  host main thread   the longest task on the host page's main thread (a PerformanceObserver
                     of 'longtask', installed before the flood) and the worst lateness of a
                     50 ms setInterval heartbeat there (both are printed, each named)
  other's move       moves of Bo or the host clicked during the flood: ms from the click to
                     the move's line in the host's log and in Bo's log (the same figure
                     without a flood is the "moves" line of the first match)
  other's request    (at Ann's decision) how long Bo's coach request 1 s into the flood waits
  drain              after the flood stops: how many coach requests were answered or
                     refused and when the last answer reached Ann; when the host's main
                     thread had its last long task; how long a coach request Bo sends the
                     moment the flood stops waits for its answer (and, for comparison, one of
                     Ann's before the flood and one of Bo's once it is all answered)

Numbers are medians over the runs where several are taken. A benchmark, not a test: it prints,
it asserts nothing; a figure that cannot be taken in a run says why and the run carries on.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
INSIDE = "SPECULATION_BENCH_NETNS"

# Every page: each click on a button ([time stamp of the input event, time the handler ran,
# label], ms on the timeOrigin clock) and each change to the log's list ([ms, items, added]).
BENCH_INIT = """(() => {
  const now = () => performance.timeOrigin + performance.now();
  const clicks = [];
  const log = [];
  Object.defineProperty(window, "__benchClicks", { value: clicks });
  Object.defineProperty(window, "__benchLog", { value: log });
  window.addEventListener("click", (e) => {
    const b = e.target && e.target.closest ? e.target.closest("button") : null;
    if (b) clicks.push([performance.timeOrigin + e.timeStamp, now(), (b.textContent || "").trim().slice(0, 60)]);
  }, true);
  const arm = () => {
    const list = document.getElementById("log-list");
    if (!list) return;
    new MutationObserver((records) => {
      let added = 0;
      for (const r of records) added += r.addedNodes.length;
      log.push([now(), list.childElementCount, added]);
    }).observe(list, { childList: true });
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", arm);
  else arm();
})();"""

# The next message id a page's channel has not used (ids must increase).
NEXT_ID = r"""() => {
  let m = -1;
  for (const [, f] of window.__channelSentAt) { const r = /^(\d{1,9})\./.exec(f); if (r) m = Math.max(m, +r[1]); }
  return m + 1;
}"""

# Ann's flood: raw frames at `rate` a second for `seconds` s, never awaited (window.__flood).
FLOOD = r"""([rate, seconds, kinds, firstId]) => {
  const ch = window.__channels.at(-1);
  const now = () => performance.timeOrigin + performance.now();
  const texts = { coach: '{"t":"coach"}', prefs: '{"t":"prefs","prefs":{}}' };
  const st = { start: now(), end: null, sent: 0, coach: 0, prefs: 0, stopped: null, firstId, maxBuffered: 0, lateMax: 0 };
  window.__flood = st;
  let id = firstId;
  const total = Math.round(rate * seconds);
  const tick = () => {
    const t = now();
    const due = Math.min(total, Math.floor((t - st.start) * rate / 1000) + 1);
    st.lateMax = Math.max(st.lateMax, (due - st.sent) * 1000 / rate);
    while (st.sent < due) {
      if (ch.readyState !== "open") { st.stopped = "the channel is " + ch.readyState; break; }
      const k = kinds[st.sent % kinds.length];
      try { ch.send(id + ".0/1:" + texts[k]); } catch (e) { st.stopped = "send failed: " + e; break; }
      id += 1; st[k] += 1; st.sent += 1;
    }
    st.maxBuffered = Math.max(st.maxBuffered, ch.readyState === "open" ? ch.bufferedAmount : 0);
    if (st.stopped || st.sent >= total) { st.end = now(); return; }
    setTimeout(tick, 1);
  };
  tick();
  return { start: st.start, state: ch.readyState };
}"""

# A coach request from this page's channel, sent at `at` (ms, timeOrigin clock; now if past)
# with the next message id unused at that moment, answered when a "coach" or "refused" message
# arrives (window.__probes[name]). (A page whose own code sends again afterwards would reuse that id:
# only Ann before her flood, and Bo once his moves are made, send these.)
PROBE = r"""([name, at, timeoutMs]) => {
  const now = () => performance.timeOrigin + performance.now();
  const p = { sent: null, got: null, kind: null, why: null };
  window.__probes = window.__probes || {};
  window.__probes[name] = p;
  setTimeout(() => {
    const ch = window.__channels.at(-1);
    if (!ch || ch.readyState !== "open") { p.why = "the channel is " + (ch ? ch.readyState : "missing"); return; }
    let id = 0;
    for (const [, f] of window.__channelSentAt) { const r = /^(\d{1,9})\./.exec(f); if (r) id = Math.max(id, +r[1] + 1); }
    let i = window.__channelGotAt.length;
    p.sent = now();
    ch.send(id + '.0/1:{"t":"coach"}');
    const poll = setInterval(() => {
      const got = window.__channelGotAt;
      for (; i < got.length; i += 1) {
        const m = /^\d+\.\d+\/\d+:\{"t":"(coach|refused)"/.exec(got[i][1]);
        if (m) { p.got = got[i][0]; p.kind = m[1]; clearInterval(poll); return; }
      }
      if (now() - p.sent > timeoutMs) { p.why = "no answer in " + timeoutMs + " ms"; clearInterval(poll); }
    }, 2);
  }, Math.max(0, at - now()));
}"""


def probe(page: Any, name: str, seconds: float) -> dict[str, Any]:
    """A coach request from `page` now, and its answer (at most `seconds`)."""
    page.evaluate(PROBE, [name, 0, seconds * 1000])
    p: dict[str, Any] = {}
    for _ in range(int(seconds * 10) + 20):
        p = page.evaluate("(n) => window.__probes[n]", name)
        if p["got"] or p["why"]:
            break
        page.wait_for_timeout(100)
    return p


# The host page's main thread: long tasks and a 50 ms heartbeat (window.__watch).
WATCH = r"""() => {
  const w = { lt: [], beats: [], supported: false, visibility: document.visibilityState };
  window.__watch = w;
  try {
    w.supported = PerformanceObserver.supportedEntryTypes.includes("longtask");
    if (w.supported) {
      w.obs = new PerformanceObserver((l) => { for (const e of l.getEntries()) w.lt.push([performance.timeOrigin + e.startTime, e.duration]); });
      w.obs.observe({ type: "longtask" });
    }
  } catch (e) { w.supported = false; w.error = String(e); }
  let last = performance.now();
  w.timer = setInterval(() => {
    const t = performance.now();
    const late = t - last - 50;
    if (late > 5) w.beats.push([performance.timeOrigin + t, late]);
    last = t;
  }, 50);
  return w.supported;
}"""

WATCH_READ = """() => { const w = window.__watch; if (!w) return null;
  clearInterval(w.timer); if (w.obs) w.obs.disconnect();
  return { lt: w.lt, beats: w.beats, supported: w.supported, visibility: w.visibility, error: w.error || null }; }"""

# What reached Ann from `since` on: counts per kind, refusal codes, last answer, bytes.
ANSWERS = r"""(since) => {
  const c = { coach: 0, refused: 0, other: 0, codes: {}, last: 0, lastAny: 0, bytes: 0, now: performance.timeOrigin + performance.now() };
  for (const [t, f] of window.__channelGotAt) {
    if (t < since || f[0] === "~") continue;
    c.lastAny = Math.max(c.lastAny, t);
    c.bytes += f.length;
    const m = /^\d+\.\d+\/\d+:\{"t":"([a-z_]+)"/.exec(f);
    const k = m ? m[1] : "other";
    if (k === "coach") { c.coach += 1; c.last = t; }
    else if (k === "refused") {
      c.refused += 1; c.last = t;
      const cm = /"code":"([^"]*)"/.exec(f);
      const code = cm ? cm[1] : "?";
      c.codes[code] = (c.codes[code] || 0) + 1;
    } else c.other += 1;
  }
  return c;
}"""


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


def med(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def why_of(e: BaseException) -> str:
    return f"{type(e).__name__}: {str(e).strip().splitlines()[0] if str(e).strip() else ''}"[:300]


def devices(browser: Any, url: str, tf: Any, n: int = 3) -> tuple[list[Any], list[Any]]:
    """n pages, each in a browser context of its own, recorded and at the instant pace."""
    origin = url.rstrip("/")
    contexts, pages = [], []
    for _ in range(n):
        ctx = browser.new_context(viewport={"width": 1280, "height": 800})
        ctx.grant_permissions(["camera", "microphone"], origin=origin)
        ctx.add_init_script(tf.RECORD_CHANNEL)
        ctx.add_init_script(BENCH_INIT)
        ctx.add_init_script("localStorage.setItem('speculation:settings:v1', JSON.stringify({pace: 'instant'}));")
        contexts.append(ctx)
        pages.append(ctx.new_page())
    return contexts, pages


def wire_messages(got_at: list[list[Any]], frame: re.Pattern[str]) -> list[tuple[float, str, str]]:
    """Whole messages from a page's [ms, frame] list: (ms of the last frame, kind, JSON text)."""
    out: list[tuple[float, str, str]] = []
    parts: list[str] = []
    for t, f in got_at:
        m = frame.match(f)
        if not m:
            continue  # the heartbeat
        parts.append(f[m.end():])
        if int(m.group(2)) == int(m.group(3)) - 1:
            text = "".join(parts)
            parts = []
            try:
                kind = str(json.loads(text).get("t", "?"))
            except (ValueError, AttributeError):
                kind = "?"
            out.append((t, kind, text))
    return out


def decider(pages: list[Any], tf: Any) -> int | None:
    """The first page that is idle with a plain move on offer."""
    for i, p in enumerate(pages):
        if not tf.idle(p):
            continue
        buttons = p.locator("#controls, #hand-result").get_by_role("button", name=tf.MOVES)
        if buttons.count() and buttons.first.is_visible():
            return i
    return None


def click_move(p: Any, tf: Any) -> dict[str, Any] | None:
    """Click the page's first plain move (and its confirmation): the click as the page saw it."""
    from playwright.sync_api import Error as PlaywrightError

    n = p.evaluate("window.__benchClicks.length")
    buttons = p.locator("#controls, #hand-result").get_by_role("button", name=tf.MOVES)
    try:
        buttons.first.click(timeout=5_000)
        if p.locator("#confirm").is_visible():
            p.locator("#confirm-ok").click(timeout=5_000)
    except PlaywrightError:
        return None  # redrawn under the pointer by the host's next message
    clicks = p.evaluate("(n) => window.__benchClicks.slice(n)", n)
    if not clicks:
        return None
    stamp, handled, label = clicks[-1]
    return {"input": stamp, "handled": handled, "label": label}


def first_log_after(log: list[list[float]], t: float, until: float = float("inf")) -> float | None:
    for when, _, added in log:
        if t < when < until and added > 0:
            return when
    return None


def wait_log(p: Any, t: float, seconds: float) -> bool:
    """Until the page's log gains a line after `t` (ms), polling; at most `seconds`."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if p.evaluate("(t) => window.__benchLog.some((e) => e[0] > t && e[2] > 0)", t):
            return True
        time.sleep(0.02)
    return False


def sent_act(p: Any, since: float, seconds: float = 1.5) -> bool:
    """Whether the (guest's) page sent a move to the host after `since` (ms), polling a moment: a
    guest's "Next hand" only moves its own table on unless that guest deals."""
    end = time.monotonic() + seconds
    while True:
        if p.evaluate("(t) => window.__channelSentAt.some(([w, f]) => w >= t && f.includes('{\"t\":\"act\"'))", since - 1):
            return True
        if time.monotonic() >= end:
            return False
        time.sleep(0.02)


def play_timed(pages: list[Any], tf: Any, limit: int = 400) -> tuple[list[dict[str, Any]], str | None]:
    """tests/netns/test_friends.py's play_to_the_end, each click timed: whoever has a plain move
    makes it and the loop waits (at most 10 s) for that page's log to show it."""
    moves: list[dict[str, Any]] = []
    missed = 0
    for _ in range(limit):
        if all(p.locator("#match-summary").is_visible() for p in pages):
            return moves, None
        who = decider(pages, tf)
        if who is not None:
            click = click_move(pages[who], tf)
            if click is None:
                missed += 1
                if missed >= 5:
                    return moves, "clicks kept missing"
            else:
                click["who"] = who
                click["act"] = who == 0 or sent_act(pages[who], click["handled"])
                if click["act"]:
                    click["shown"] = wait_log(pages[who], click["input"], 10)
                moves.append(click)
        pages[0].wait_for_timeout(50 if who is not None else 150)
    return moves, f"the match did not end in {limit} rounds"


def move_figures(moves: list[dict[str, Any]], logs: list[list[list[float]]]) -> dict[str, list[float]]:
    """ms from each click to its page's next log line and to the host's (pages[0]) next log line."""
    out: dict[str, list[float]] = {"guest_own": [], "guest_host": [], "host_own": [], "other_host": [], "queued": []}
    for i, m in enumerate(moves):
        until = moves[i + 1]["input"] if i + 1 < len(moves) else float("inf")
        own = first_log_after(logs[m["who"]], m["input"], until)
        at_host = first_log_after(logs[0], m["input"], until)
        out["queued"].append(m["handled"] - m["input"])
        if not m["act"]:
            continue  # a guest's "Next hand" that only moved its own table on
        if m["who"] == 0:
            if own is not None:
                out["host_own"].append(own - m["input"])
                out["other_host"].append(own - m["input"])
        else:
            if own is not None:
                out["guest_own"].append(own - m["input"])
            if at_host is not None:
                out["guest_host"].append(at_host - m["input"])
                if m["who"] == 2:  # Bo: "another friend" of the flood's figures
                    out["other_host"].append(at_host - m["input"])
    return out


NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus")


class Actions:
    """What the people at the table do, counted as they do it: each link opened, each field
    filled, each button pressed, by the friend or by the host, per step of the evening."""

    def __init__(self) -> None:
        self.counts: dict[str, dict[str, int]] = {}

    def did(self, step: str, who: str, n: int = 1) -> None:
        by = self.counts.setdefault(step, {})
        by[who] = by.get(who, 0) + n


def join_by_link(host: Any, guest: Any, name: str, tf: Any, acts: Actions) -> float:
    """A friend joins as the page asks: opens the invite link, types a name, presses Join and
    sends the reply link; the host opens the reply link. ms from the host opening it to the
    friend listed at the table."""
    from playwright.sync_api import expect

    field = host.get_by_label("Invite link")
    expect(field).to_have_value(tf.re.compile("#join="), timeout=20_000)
    link = field.input_value()
    guest.goto(link)
    acts.did("join", "friend")                       # opens the link (or scans the QR code)
    guest.get_by_label("Your name").fill(name)
    acts.did("join", "friend")
    guest.get_by_role("button", name="Join").click()
    acts.did("join", "friend")
    reply = guest.get_by_label("Your reply link")
    expect(reply).to_have_value(tf.re.compile(r"#reply=\S{20,}"), timeout=20_000)
    acts.did("join", "friend")                       # sends the reply link (Send…, or the chat app)
    t0 = time.perf_counter()
    tab = host.context.new_page()
    tab.goto(reply.input_value())
    acts.did("join", "host")                         # opens it
    expect(host.locator("#lobby-seats")).to_contain_text(f"{name}: at the table", timeout=30_000)
    ms = (time.perf_counter() - t0) * 1000
    tab.close()
    expect(host.get_by_label("Invite link")).not_to_have_value(link, timeout=20_000)
    return ms


def rejoin_after_reload(host: Any, guest: Any, name: str, tf: Any, acts: Actions) -> float:
    """The friend reloads mid-match: the host's Friends dialog shows the standing rejoin
    invitation; the friend opens it (scans it) and sends the reply link its page shows at once;
    the host opens that. ms from the reload to the friend's own seat drawn again."""
    from playwright.sync_api import expect

    t0 = time.perf_counter()
    guest.reload()
    expect(host.locator("#friends-status")).to_contain_text(f"{name} is reconnecting", timeout=15_000)
    host.get_by_role("button", name="Friends", exact=True).click()
    expect(host.locator("#lobby-dialog")).to_contain_text(f"rejoin link for {name}", timeout=20_000)
    rejoin = host.get_by_label("Invite link").input_value()
    guest.goto("about:blank")
    guest.goto(rejoin)
    acts.did("rejoin", "friend")                     # scans the QR code on the host's screen
    reply = guest.get_by_label("Your reply link")
    expect(reply).to_have_value(tf.re.compile(r"#reply="), timeout=20_000)
    acts.did("rejoin", "friend")                     # sends the reply link
    tab = host.context.new_page()
    tab.goto(reply.input_value())
    acts.did("rejoin", "host")                       # opens it
    expect(guest.locator("#seats .is-bottom .seat-name")).to_have_text(name, timeout=30_000)
    ms = (time.perf_counter() - t0) * 1000
    tab.close()
    host.keyboard.press("Escape")
    return ms


def one_run(browser: Any, url: str, hands: int, tf: Any, n: int = 3, evening: bool = True) -> dict[str, Any]:
    """Host and n - 1 friends: join by links, a whole match timed move by move, then (with
    `evening`) Play again and a friend's reload mid-match, each step's actions counted."""
    from playwright.sync_api import expect

    contexts, pages = devices(browser, url, tf, n)
    host, guests = pages[0], pages[1:]
    names = NAMES[:n - 1]
    acts = Actions()
    out: dict[str, Any] = {"add": [], "start": 0.0, "n": n}
    try:
        tf.open_table(host, url, friends=n - 1, hands=hands, seats=max(4, n))
        out["invite"] = len(host.get_by_label("Invite link").input_value().split("#join=", 1)[1])
        out["link"] = len(host.get_by_label("Invite link").input_value())
        for guest, name in zip(guests, names, strict=True):
            out["add"].append(join_by_link(host, guest, name, tf, acts))
            out["reply"] = len(guest.get_by_label("Your reply link").input_value())
        t0 = time.perf_counter()
        host.get_by_role("button", name="Start the match").click()
        acts.did("start", "host")
        for g, name in zip(guests, names, strict=True):
            expect(g.locator("#seats .is-bottom .seat-name")).to_have_text(name, timeout=60_000)
        out["start"] = (time.perf_counter() - t0) * 1000
        moves, why = play_timed(pages, tf, limit=400 * max(1, n // 3))
        if why:
            out["why"] = why
        out["moves"] = move_figures(moves, [p.evaluate("window.__benchLog") for p in pages])
        wire_figures(host, guests, tf, out)
        if evening and not why:
            t0 = time.perf_counter()
            host.locator("#match-summary").get_by_role("button", name="Play again").click()
            acts.did("rematch", "host")
            for g, name in zip(guests, names, strict=True):
                expect(g.locator("#match-summary")).to_be_hidden(timeout=60_000)
                expect(g.locator("#seats .is-bottom .seat-name")).to_have_text(name, timeout=60_000)
            out["rematch"] = (time.perf_counter() - t0) * 1000
            out["rejoin"] = rejoin_after_reload(host, guests[0], names[0], tf, acts)
    except Exception as e:  # a benchmark: say why and carry on
        out["why"] = why_of(e)
    finally:
        out["actions"] = acts.counts
        for ctx in contexts:
            ctx.close()
    return out


def wire_figures(host: Any, guests: list[Any], tf: Any, out: dict[str, Any]) -> None:
    """One-way latency of the host's frames to the guests, the largest message, bytes per kind,
    and the state messages' bytes by hand (they must not grow with the hands played)."""
    sent = host.evaluate("window.__channelSentAt")
    sent_at: dict[str, float] = {}
    for t, frame in sent:
        if not frame.startswith("~"):
            sent_at.setdefault(frame, t)
    lat: list[float] = []
    largest = 0
    kinds: dict[str, list[int]] = {}
    by_hand: dict[int, list[int]] = {}
    for g in guests:
        got_at = g.evaluate("window.__channelGotAt")
        for t, frame in got_at:
            if frame in sent_at:
                lat.append(t - sent_at[frame])
        for _, kind, text in wire_messages(got_at, tf.FRAME):
            size = len(text.encode())
            largest = max(largest, size)
            kinds.setdefault(kind, []).append(size)
            if kind == "state":
                by_hand.setdefault(int(json.loads(text)["view"].get("hand", 0)), []).append(size)
    out["latency"] = lat
    out["largest"] = largest
    out["kinds"] = kinds
    out["by_hand"] = by_hand


def still_at(pages: list[Any], tf: Any, want: tuple[int, ...], movers: tuple[int, ...],
             seconds: float = 60) -> tuple[int | None, str]:
    """Until one of `want` has a decision waiting; the `movers`' decisions are made meanwhile."""
    end = time.monotonic() + seconds
    moved = 0
    while time.monotonic() < end and moved < 40:
        if pages[0].locator("#match-summary").is_visible():
            return None, "the match ended before the flood"
        who = decider(pages, tf)
        if who in want:
            return who, ""
        if who in movers:
            click_move(pages[who], tf)
            moved += 1
        pages[2].wait_for_timeout(100)
    names = ", ".join(("the host", "Ann", "Bo")[i] for i in want)
    return None, f"no decision of {names} came in {seconds:.0f} s ({moved} other moves made)"


def flood_run(browser: Any, url: str, hands: int, tf: Any, args: argparse.Namespace, at: str) -> dict[str, Any]:
    """Another match: Ann floods the host at a still table; what it costs (see the docstring).
    `at` "others": the table waits on Bo or the host, whose moves are timed during the flood;
    "ann": it waits on Ann, so each coach request runs the coach's own decision."""
    from playwright.sync_api import expect

    out: dict[str, Any] = {"notes": [], "at": at}
    contexts, pages = devices(browser, url, tf)
    host, ann, bo = pages
    kinds = [k.strip() for k in args.flood_kinds.split(",") if k.strip() in ("coach", "prefs")] or ["coach", "prefs"]
    seconds, rate = args.flood_seconds, args.flood_rate
    try:
        tf.open_table(host, url, hands=hands)
        tf.join(host, ann, "Ann")
        tf.join(host, bo, "Bo")
        host.get_by_role("button", name="Start the match").click()
        for g, name in ((ann, "Ann"), (bo, "Bo")):
            expect(g.locator("#seats .is-bottom .seat-name")).to_have_text(name, timeout=30_000)
        who, why = still_at(pages, tf, (0, 2) if at == "others" else (1,), (1,) if at == "others" else (0, 2))
        if who is None:
            out["why"] = why
            return out
        out["decider"] = ("the host", "Ann", "Bo")[who]

        # before the flood: a coach request (Ann's: Bo's own code sends moves later, with ids
        # of its own that a raw request of Bo's would have taken), answered at a quiet table
        p = probe(ann, "before", 10)
        out["probe_before"] = (p["got"] - p["sent"]) if p["got"] else None
        if p["why"]:
            out["notes"].append(f"Ann's coach request before the flood: {p['why']}")

        out["longtask"] = host.evaluate(WATCH)
        ann_id = ann.evaluate(NEXT_ID)
        ann_log_at_start = ann.evaluate("performance.timeOrigin + performance.now()")
        started = ann.evaluate(FLOOD, [rate, seconds, kinds, ann_id])
        if started["state"] != "open":
            out["notes"].append(f"Ann's channel was {started['state']} when the flood began")
        planned_end = started["start"] + seconds * 1000
        bo.evaluate(PROBE, ["end", planned_end, args.drain_timeout * 1000])
        if at == "ann":  # nobody else can move: another friend's request in the middle of the flood
            bo.evaluate(PROBE, ["mid", started["start"] + min(1000, seconds * 500), args.drain_timeout * 1000])
        py_end = time.monotonic() + seconds - 0.3  # no click of Bo's after his request at the end

        # during the flood: the moves of Bo or the host, from the click to the host's log
        bo.wait_for_timeout(min(1000, seconds * 500))
        moves: list[dict[str, Any]] = []
        for _ in range(args.flood_moves if at == "others" else 0):
            who = None
            while time.monotonic() < py_end:
                who = decider([host, bo], tf)
                if who is not None:
                    break
                bo.wait_for_timeout(50)
            if who is None:
                break
            page = (host, bo)[who]
            click = click_move(page, tf)
            if click is None:
                continue
            click["who"] = "the host" if who == 0 else "Bo"
            click["act"] = who == 0 or sent_act(bo, click["handled"])
            if not click["act"]:
                out["notes"].append(f"Bo's \"{click['label']}\" only moved his own table on (no move was sent)")
            elif not wait_log(host, click["input"], args.drain_timeout):
                out["notes"].append(f"{click['who']}'s \"{click['label']}\" never showed in the host's log "
                                    f"within {args.drain_timeout:.0f} s")
            if click["act"]:
                moves.append(click)
        if not moves and at == "others":
            out["notes"].append("no move of Bo or the host could be clicked during the flood "
                                "(the next decision was Ann's, or came after the flood)")

        # the flood's end, then the drain
        for _ in range(int(seconds * 10) + 300):
            flood = ann.evaluate("window.__flood")
            if flood["end"]:
                break
            bo.wait_for_timeout(100)
        out["flood"] = flood
        if not flood["end"]:
            out["notes"].append("Ann's flood had not finished 30 s after its planned end")
            flood["end"] = ann.evaluate("performance.timeOrigin + performance.now()")
        end_at = flood["end"]
        drained = None
        deadline = time.monotonic() + args.drain_timeout
        last: dict[str, Any] = {}
        answers: dict[str, Any] = {}
        while time.monotonic() < deadline:
            answers = ann.evaluate(ANSWERS, started["start"])
            last = bo.evaluate("window.__probes.end")
            done_probe = last["got"] or last["why"]
            if answers["coach"] + answers["refused"] >= flood["coach"] and done_probe:
                drained = "all answered"
                break
            if answers["now"] - max(answers["lastAny"], end_at) > 5000 and done_probe:
                drained = "quiet for 5 s"
                break
            bo.wait_for_timeout(250)
        out["answers"] = answers
        out["drained"] = drained or f"still answering after {args.drain_timeout:.0f} s"
        out["probe_after"] = (last["got"] - last["sent"]) if last.get("got") else None
        out["probe_sent_after_end"] = (last["sent"] - end_at) if last.get("sent") else None
        if last.get("why"):
            out["notes"].append(f"Bo's coach request at the flood's end: {last['why']}")
        mid = bo.evaluate("window.__probes.mid || null")
        if mid:
            out["probe_mid"] = (mid["got"] - mid["sent"]) if mid["got"] else None
            if mid["why"]:
                out["notes"].append(f"Bo's coach request during the flood: {mid['why']}")
        if drained:
            p = probe(bo, "drained", 30)
            out["probe_drained"] = (p["got"] - p["sent"]) if p["got"] else None
            if p["why"]:
                out["notes"].append(f"Bo's coach request once drained: {p['why']}")
        watch = host.evaluate(WATCH_READ)
        out["watch"] = watch

        logs = {"host": host.evaluate("window.__benchLog"), "Bo": bo.evaluate("window.__benchLog")}
        for i, m in enumerate(moves):
            until = moves[i + 1]["input"] if i + 1 < len(moves) else float("inf")
            h = first_log_after(logs["host"], m["input"], until)
            b = first_log_after(logs["Bo"], m["input"], until)
            m["to_host"] = None if h is None else h - m["input"]
            m["to_bo"] = None if b is None else b - m["input"]
            m["since_start"] = m["input"] - started["start"]
        out["moves"] = moves

        # who the host thought was away meanwhile (a busy page misses heartbeats)
        away = set()
        for t, kind, text in wire_messages(bo.evaluate("window.__channelGotAt"), tf.FRAME):
            if kind == "seats" and t >= ann_log_at_start:
                for s in json.loads(text).get("seats", []):
                    if s.get("status") not in ("here", None):
                        away.add(f"{s.get('name')}: {s.get('status')}")
        if away:
            out["notes"].append("Bo was told during the flood or drain: " + ", ".join(sorted(away)))
        out["ann_channel"] = ann.evaluate("window.__channels.at(-1).readyState")
        shown = host.locator("#friends-status").is_visible()
        out["host_status"] = host.inner_text("#friends-text") if shown else "(none shown)"
    except Exception as e:  # a benchmark: say why and carry on
        out["why"] = why_of(e)
        if os.environ.get("BENCH_DEBUG"):
            traceback.print_exc()
    finally:
        for ctx in contexts:
            ctx.close()
    return out


def flood_summary(f: dict[str, Any]) -> dict[str, Any]:
    """The flood's figures, ms after its start/end, from one flood_run."""
    s: dict[str, Any] = {}
    flood, watch = f.get("flood"), f.get("watch")
    if not flood:
        return s
    start, end = flood["start"], flood["end"]
    s["duration"] = end - start
    if watch:
        lt = [(t, d) for t, d in watch["lt"] if t + d >= start]
        s["lt_supported"] = watch["supported"]
        s["lt_max"] = max((d for _, d in lt), default=0.0)
        s["lt_count"] = len(lt)
        s["lt_total"] = sum(d for _, d in lt)
        s["lt_during"] = sum(min(t + d, end) - max(t, start) for t, d in lt if t < end)
        s["lt_last_after_end"] = max(0.0, max((t + d - end for t, d in lt), default=0.0))  # 0: none after
        beats = [(t, late) for t, late in watch["beats"] if t >= start]
        s["beat_max"] = max((late for _, late in beats), default=0.0)
        slow = [t for t, late in beats if late > 50]
        s["beat_last_after_end"] = max(0.0, max(slow) - end) if slow else 0.0
        s["visibility"] = watch["visibility"]
    a = f.get("answers") or {}
    if a:
        s["answered_after_end"] = max(0.0, a["last"] - end) if a.get("last") else None  # 0: it kept pace
    return s


def fmt(v: float | None, unit: str = " ms", width: int = 7) -> str:
    return "    n/a" if v is None or v != v else f"{v:{width}.0f}{unit}"


def report_flood(floods: list[dict[str, Any]], args: argparse.Namespace, baseline: list[float]) -> None:
    kinds = ",".join(k.strip() for k in args.flood_kinds.split(","))
    for at, title in (("others", "waiting on Bo's or the host's decision (their moves are timed)"),
                      ("ann", "waiting on Ann's own decision (each coach request is a real one)")):
        group = [f for f in floods if f.get("at") == at]
        if group:
            report_flood_group(group, title, kinds, args)
            if at == "others" and baseline:
                print(f"   without a flood (the first match): Bo's or the host's click -> host's log p50 "
                      f"{pct(baseline, .5):.0f} ms, p95 {pct(baseline, .95):.0f} ms ({len(baseline)} moves)")


def report_flood_group(floods: list[dict[str, Any]], title: str, kinds: str, args: argparse.Namespace) -> None:
    print(f"\n  flood: Ann sends {args.flood_rate} messages a second for {args.flood_seconds:g} s ({kinds}, "
          f"in turn), {title}; {len(floods)} run(s)")
    for n, f in enumerate(floods, 1):
        print(f"   run {n}:")
        if "flood" not in f:
            print(f"    not measured: {f.get('why', '?')}")
            for note in f.get("notes", []):
                print(f"    note: {note}")
            continue
        s = flood_summary(f)
        fl = f["flood"]
        print(f"    waiting on            {f.get('decider', '?')}'s decision when the flood began")
        print(f"    sent                  {fl['sent']} frames ({fl['coach']} coach, {fl['prefs']} prefs) in "
              f"{s['duration']:.0f} ms; the sender fell behind by at most {fl['lateMax']:.0f} ms; "
              f"most buffered {fl['maxBuffered']} bytes"
              + (f"; stopped: {fl['stopped']}" if fl["stopped"] else ""))
        if "lt_max" in s:
            how = "PerformanceObserver 'longtask'" if s["lt_supported"] else "longtask not available"
            print(f"    host longest task     {fmt(s['lt_max'])}  ({how}; {s['lt_count']} long tasks, "
                  f"{s['lt_total']:.0f} ms in all, {s['lt_during']:.0f} ms of it during the flood)")
            print(f"    host heartbeat        {fmt(s['beat_max'])}  worst lateness of a 50 ms setInterval on the "
                  f"host's main thread (page {s['visibility']})")
        for m in f.get("moves", []):
            late = " (after it ended: not counted)" if m["since_start"] > s["duration"] else ""
            print(f"    other's move          {m['who']}'s \"{m['label']}\" clicked {m['since_start']:.0f} ms into the "
                  f"flood{late}: -> host's log {fmt(m['to_host']).strip()}, -> Bo's log {fmt(m['to_bo']).strip()}"
                  f"  (the click reached the page's handler {m['handled'] - m['input']:.0f} ms after the input)")
        if "probe_mid" in f:
            print(f"    other's request       Bo's coach request 1 s into the flood answered in "
                  f"{fmt(f['probe_mid']).strip()}")
        a = f.get("answers") or {}
        if a:
            codes = ", ".join(f"{k} {v}" for k, v in sorted(a["codes"].items()))
            print(f"    coach answers         {a['coach']} of {fl['coach']} coach requests answered, "
                  f"{a['refused']} refused{' (' + codes + ')' if codes else ''}; "
                  f"{a['bytes'] / 1e6:.2f} MB of frames to Ann since the flood began; {f['drained']}")
            if a["coach"] + a["refused"] >= fl["coach"]:
                print(f"    queue drained         {fmt(s.get('answered_after_end'))}  after the flood stopped "
                      f"(the last answer reached Ann; 0: it kept pace)")
            else:
                print(f"    queue drained         {fmt(s.get('answered_after_end'))}  after the flood stopped, the last "
                      f"answer or refusal reached Ann; {fl['coach'] - a['coach'] - a['refused']} coach requests "
                      f"got neither")
        if "lt_last_after_end" in s:
            print(f"    host responsive       {fmt(s['lt_last_after_end'])}  after the flood stopped, its last long "
                  f"task ended (0: none after it; the heartbeat's last lateness over 50 ms: "
                  f"{fmt(s['beat_last_after_end']).strip()} after)")
        print(f"    a coach request       before the flood (Ann's) answered in {fmt(f.get('probe_before')).strip()}; "
              f"Bo's, sent at the flood's planned end ({fmt(f.get('probe_sent_after_end')).strip()} after its "
              f"last frame), in "
              f"{fmt(f.get('probe_after')).strip()}; Bo's once drained, in {fmt(f.get('probe_drained')).strip()}")
        print(f"    afterwards            Ann's channel {f.get('ann_channel', '?')}; the host's friends' status: "
              f"{' '.join((f.get('host_status') or '-').split())[:120]!r}")
        if f.get("why"):
            print(f"    cut short: {f['why']}")
        for note in f.get("notes", []):
            print(f"    note: {note}")
    sums = [flood_summary(f) for f in floods if f.get("flood")]
    if len(sums) > 1:

        def pick(k: str) -> list[float]:
            return [x[k] for x in sums if x.get(k) is not None]

        def got(k: str) -> list[float]:
            return [f[k] for f in floods if f.get(k) is not None]

        delays = [m["to_host"] for f in floods for m in f.get("moves", [])
                  if m.get("to_host") is not None and m["since_start"] <= f["flood"]["end"] - f["flood"]["start"]]
        print(f"   median over runs: longest task {fmt(med(pick('lt_max'))).strip()}, heartbeat "
              f"{fmt(med(pick('beat_max'))).strip()}, "
              + (f"other's move -> host's log {fmt(med(delays)).strip()} ({len(delays)} moves), " if delays else "")
              + (f"Bo's request mid-flood {fmt(med(got('probe_mid'))).strip()}, " if got("probe_mid") else "")
              + f"queue drained {fmt(med(pick('answered_after_end'))).strip()} after the flood, "
              f"Bo's request at its end {fmt(med(got('probe_after'))).strip()}, "
              f"host's last long task {fmt(med(pick('lt_last_after_end'))).strip()} after")


def report_table(runs: list[dict[str, Any]], n: int) -> None:
    """The figures of the runs at a table of n devices (host included)."""
    print(f"\n  {n} devices (the host and {n - 1} friends), {len(runs)} run(s)")
    for i, r in enumerate(runs, 1):
        if r.get("why"):
            print(f"    run {i}: {r['why']}")
    adds = [a for r in runs for a in r["add"]]
    lat = [x for r in runs for x in r.get("latency", [])]
    starts = [r["start"] for r in runs if r.get("start")]
    ok = [r for r in runs if "invite" in r]
    if adds:
        print(f"    reply->seat    median {statistics.median(adds):7.0f} ms   max {max(adds):7.0f} ms   ({len(adds)} joins: "
              f"from the host opening the reply link to the friend listed at the table)")
    if starts:
        print(f"    start->table   median {statistics.median(starts):7.0f} ms   (every friend's table drawn)")
    for key, label in (("rematch", "play again->table"), ("rejoin", "reload->seat again")):
        v = [r[key] for r in runs if key in r]
        if v:
            print(f"    {label:18} median {statistics.median(v):7.0f} ms")
    for step in ("join", "start", "rematch", "rejoin"):
        counts = [r["actions"].get(step) for r in runs if r.get("actions", {}).get(step)]
        if counts:
            c = counts[0]
            per = {"join": n - 1}.get(step, 1)
            print(f"    actions per {step:8} friend {c.get('friend', 0) / per:g}, host {c.get('host', 0) / per:g}")
    if lat:
        print(f"    host->guest    p50 {pct(lat, .5):6.1f} ms   p95 {pct(lat, .95):6.1f} ms   max {max(lat):6.1f} ms   ({len(lat)} frames)")
    mv: dict[str, list[float]] = {}
    for r in runs:
        for k, v in (r.get("moves") or {}).items():
            mv.setdefault(k, []).extend(v)
    for key, label in (("guest_own", "guest's click -> own table"), ("guest_host", "guest's click -> host's log"),
                       ("host_own", "host's click -> own table")):
        v = mv.get(key, [])
        if v:
            print(f"    move, {label:28} p50 {pct(v, .5):6.1f} ms   p95 {pct(v, .95):6.1f} ms   max {max(v):6.1f} ms   ({len(v)} moves)")
    if mv.get("queued"):
        print(f"    (a click reached its page's handler at most {max(mv['queued']):.1f} ms after the input event)")
    if ok:
        print(f"    invitation     {ok[0]['invite']} characters (the invite link: {ok[0]['link']})")
        if "reply" in ok[-1]:
            print(f"    reply link     {ok[-1]['reply']} characters")
        if any("largest" in r for r in ok):
            print(f"    largest message to a guest  {max(r.get('largest', 0) for r in ok)} bytes of JSON (frames are at most 16,000)")
    kinds: dict[str, list[int]] = {}
    by_hand: dict[int, list[int]] = {}
    for r in runs:
        for k, v in (r.get("kinds") or {}).items():
            kinds.setdefault(k, []).extend(v)
        for h, v in (r.get("by_hand") or {}).items():
            by_hand.setdefault(h, []).extend(v)
    matches = (n - 1) * sum(1 for r in runs if r.get("kinds"))
    if kinds:
        total = sum(sum(v) for v in kinds.values())
        states = [float(x) for x in kinds.get("state", [])]
        if states:
            print(f"    bytes a move   p50 {pct(states, .5):6.0f}   p95 {pct(states, .95):6.0f}   (each move, or run of "
                  f"computer players' moves, is one state message to each guest)")
        print(f"    bytes a match  {total / matches / 1000:6.1f} KB to each guest, every kind of message")
        print("    state messages by hand (bytes of JSON: median, max; they must not grow with the hands played)")
        for h in sorted(by_hand):
            v = by_hand[h]
            print(f"      hand {h:2}  median {statistics.median(v):7.0f}   max {max(v):7d}   ({len(v)} messages)")
        print(f"    messages to a guest by kind (bytes of the JSON text as sent; per guest and match: "
              f"{matches} guests' matches)")
        print(f"      {'kind':10} {'count':>7} {'median':>8} {'max':>8} {'total':>9}")
        for k in sorted(kinds, key=lambda k: -sum(kinds[k])):
            v = kinds[k]
            print(f"      {k:10} {len(v) / matches:7.1f} {statistics.median(v):8.0f} {max(v):8d} {sum(v) / matches:9.0f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--site", type=Path, help="an existing build (default: build one)")
    parser.add_argument("--devices", type=lambda v: [int(x) for x in v.split(",")], default=[3, 8],
                        help="tables to time, as numbers of devices, host included (default 3,8; 2 to 8 each)")
    parser.add_argument("--evening", action=argparse.BooleanOptionalAction, default=True,
                        help="after each timed match: Play again, and a friend's reload mid-match (default on)")
    parser.add_argument("--flood", action=argparse.BooleanOptionalAction, default=True,
                        help="measure a guest flooding the host, in further matches per run (default: on)")
    parser.add_argument("--flood-rate", type=int, default=1000, help="messages a second (default 1000)")
    parser.add_argument("--flood-seconds", type=float, default=6.0, help="how long the flood lasts (default 6)")
    parser.add_argument("--flood-kinds", default="coach,prefs",
                        help="the messages sent, in turn: coach,prefs (default), coach or prefs")
    parser.add_argument("--flood-at", choices=("others", "ann", "both"), default="both",
                        help="the decision the table waits on when the flood begins: Bo's or the host's "
                             "(their moves are timed), Ann's (each coach request is a real one), or "
                             "both, a match each (default)")
    parser.add_argument("--flood-moves", type=int, default=3, help="at most this many moves timed during the flood")
    parser.add_argument("--drain-timeout", type=float, default=120.0,
                        help="seconds to wait for the host to catch up after the flood (default 120)")
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
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="spec-bench-friends-") as tmp:
        site = args.site.resolve() if args.site else Path(tmp) / "site"
        if not args.site:
            site_build.build(site)
        server, url = site_build.serve_in_thread(site)
        runs: list[dict[str, Any]] = []
        floods: list[dict[str, Any]] = []
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=support.CHROMIUM, args=support.NETNS_CHROMIUM_ARGS)
                for _ in range(args.runs):
                    for n in args.devices:
                        runs.append(one_run(browser, url, args.hands, tf, n, evening=args.evening))
                    for at in ("others", "ann") if args.flood_at == "both" else (args.flood_at,):
                        if args.flood:
                            floods.append(flood_run(browser, url, args.hands, tf, args, at))
                browser.close()
        finally:
            server.shutdown()
            server.server_close()
    load_after = os.getloadavg()
    print(f"\nfriends' table on loopback, headless Chromium, {args.hands} hand(s), {args.runs} run(s) "
          f"of each table; load average {load_before[0]:.1f} before, {load_after[0]:.1f} after (1 min), "
          f"on {os.cpu_count()} cores")
    other_host: list[float] = []
    for n in args.devices:
        group = [r for r in runs if r.get("n") == n]
        report_table(group, n)
        for r in group:
            other_host.extend((r.get("moves") or {}).get("other_host", []))
    if args.flood:
        report_flood(floods, args, other_host)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
