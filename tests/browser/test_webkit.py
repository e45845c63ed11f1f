"""The site in Debian's WebKitGTK (issue 49), driven over plain W3C WebDriver (tests/browser/webkit.py).

One MiniBrowser session (an ephemeral profile) goes through a player's visit in order:
the first visit boots from cold and offers Play; the Settings dialog opens, keeps the pace
chosen in it and closes on Escape; Play and plain moves, each clicked through the driver's own
pointer, reach the end-of-hand panel; the page's background worker stores the engine snapshot,
the page reads it back once that worker has ended (engine.js), and a reload restores it (the
"speculation:engine-ready" mark names the path "snapshot"; otherwise the failure names the
path taken and the fallback's reason); Enter on the focused "Continue the match" resumes the
match; with the server stopped, a reload is served by the service worker and a move plays;
history.html's auction example boots in its frame on a click and its Play button steps it;
and no console error. A failure leaves a screenshot and console.log (with WebKitWebDriver's own
log) under test-artifacts/, as support.save_artifacts does for Chromium.

What the console check covers: WebKitWebDriver 2.50 has no WebDriver BiDi, so there is no
console to listen to. After each navigation a recorder (webkit.CONSOLE_HOOK) wraps the page's
console.error and console.warn, listens for uncaught errors and unhandled rejections, and for
the "error" event of every Worker the page starts; it misses what was logged before it ran and
anything a worker logs on its own console (worker failures that matter reach the page: the
boot's fallback and fatal messages, checked here through the engine's marks).

Friends across browsers is not tried: Debian's WebKitGTK is built without WebRTC.
Missing WebKitGTK skips this test outside CI and fails it in CI (webkit.require_webkit).
"""

from __future__ import annotations

import contextlib
import time
from pathlib import Path

import pytest
from support import Server
from webkit import CONSOLE_HOOK, KEYS, WebKit, console_lines, require_webkit, save_artifacts

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.cold_boot]

BOOT_S = 120  # a cold boot alone is 3-6 s here; the whole suite beside it slows it a lot
STEP_S = 45

# In the page: the first visible button (or field) whose name matches, under `within`; null if none.
FIND = """
const [kind, source, within] = arguments;
const re = new RegExp(source);
const visible = (el) => el.getClientRects().length > 0
  && (typeof el.checkVisibility !== "function" || el.checkVisibility({ visibilityProperty: true }));
const squash = (s) => (s || "").replace(/\\s+/g, " ").trim();
for (const root of within ? [...document.querySelectorAll(within)] : [document.body]) {
  if (kind === "button") {
    for (const el of root.querySelectorAll("button, [role=button], summary")) {
      const name = squash(el.getAttribute("aria-label")) || squash(el.textContent);
      if (re.test(name) && visible(el)) return el;
    }
  } else {
    for (const el of root.querySelectorAll("input, textarea, select")) {
      const names = [...(el.labels || [])].map((l) => squash(l.textContent));
      if (el.getAttribute("aria-label")) names.push(squash(el.getAttribute("aria-label")));
      if (names.some((n) => re.test(n)) && visible(el)) return el;
    }
  }
}
return null;
"""
MARK = "const m = performance.getEntriesByName(arguments[0]).pop(); return m ? (m.detail || {}) : null;"
STATE = "return [document.body.dataset.state || '', Number(document.body.dataset.tick || 0)];"
READY = """const boot = document.getElementById("boot");
if (document.body.dataset.state === "failed") return "failed: " + (document.getElementById("boot-error")?.textContent || "");
return boot && boot.classList.contains("is-ready") ? "ready" : "";"""
VISIBLE = """const el = document.querySelector(arguments[0]);
return !!el && el.getClientRects().length > 0
  && (typeof el.checkVisibility !== "function" || el.checkVisibility({ visibilityProperty: true }));"""
TEXT = "return (document.querySelector(arguments[0])?.textContent || '').replace(/\\s+/g, ' ').trim();"
MOVES = r"^(Deal the hand|Turn up my top card|Next hand|Keep .*|Pass.*|Decline.*|Refuse.*|Break off)$"


class Visit:
    """The helpers of one session, each a few WebDriver commands."""

    def __init__(self, wk: WebKit):
        self.wk = wk
        self.lines: list[str] = []

    def go(self, url: str) -> None:
        self.keep_console()
        self.wk.get(url)
        self.wk.js(CONSOLE_HOOK)

    def reload(self) -> None:
        self.keep_console()
        self.wk.refresh()
        self.wk.js(CONSOLE_HOOK)

    def keep_console(self) -> None:
        """The lines the recorder kept in this document, before it goes."""
        with contextlib.suppress(Exception):  # no document yet
            self.lines += console_lines(self.wk)
        self.wk.js("if (window.__wkConsole) window.__wkConsole.length = 0; return 1;")

    def all_lines(self) -> list[str]:
        self.keep_console()
        return self.lines

    def ready(self, timeout_s: float = BOOT_S) -> dict:
        said = self.wk.wait(lambda: self.wk.js(READY), "the engine to boot (#boot.is-ready)", timeout_s)
        assert said == "ready", said
        return self.wk.wait(lambda: self.wk.js(MARK, "speculation:engine-ready"), "the engine-ready mark", STEP_S)

    def state(self) -> tuple[str, int]:
        st, tick = self.wk.js(STATE)
        return st, tick

    def idle(self) -> None:
        self.wk.wait(lambda: self.state()[0] == "idle", "the page to be idle", STEP_S)

    def settle(self, after: int, timeout_s: float = 60) -> None:
        deadline = time.monotonic() + timeout_s
        while True:
            st, tick = self.state()
            if st == "idle" and tick > after:
                return
            assert st != "failed", self.text("#boot-error")
            if time.monotonic() > deadline:
                raise AssertionError(f"the table did not settle (state {st}, tick {tick}); status: {self.text('#status')}")
            time.sleep(0.05)

    def button(self, pattern: str, within: str | None = None) -> dict | None:
        return self.wk.js(FIND, "button", pattern, within)

    def click(self, name: str, within: str | None = None) -> None:
        import re

        button = self.wk.wait(lambda: self.button(f"^{re.escape(name)}$", within), f"a button named {name}", STEP_S)
        self.wk.click(button)

    def text(self, selector: str) -> str:
        return self.wk.js(TEXT, selector)

    def visible(self, selector: str) -> bool:
        return self.wk.js(VISIBLE, selector)

    def plain_move(self) -> str | None:
        """Click the first plain move the controls or the end-of-hand panel offer (and confirm)."""
        button = self.button(MOVES, "#controls, #hand-result")
        if not button:
            return None
        name = self.wk.js("return arguments[0].textContent.trim()", button)
        self.wk.click(button)
        if self.visible("#confirm"):
            self.wk.click(self.wk.find("#confirm-ok"))
        return name

    def play_the_hand(self) -> list[str]:
        moves: list[str] = []
        for _ in range(200):
            if self.visible("#hand-result"):
                return moves
            st, tick = self.state()
            if st != "idle":
                time.sleep(0.05)
                continue
            move = self.wk.wait(lambda: "end" if self.visible("#hand-result") else self.plain_move(),
                                f"a plain move or the end of the hand; status: {self.text('#status')}", STEP_S)
            if move == "end":
                return moves
            moves.append(move)
            self.settle(tick)
        raise AssertionError(f"the hand did not end; status: {self.text('#status')}")


def test_webkit_visit_hand_settings_reload_offline_embed(site_build, site_dir: Path, output_path: str):
    require_webkit()
    server = Server(site_build, site_dir)
    url = server.start()
    steps: dict[str, float] = {}
    t0 = time.monotonic()

    def step(name: str) -> None:
        steps[name] = round(time.monotonic() - t0, 1)
        print(f"{steps[name]:6.1f} s  {name}", flush=True)

    wk = WebKit()
    visit = Visit(wk)
    try:
        step(f"launched WebKitGTK {wk.version}")

        # 1. a first visit, from cold
        visit.go(url + "index.html")
        first = visit.ready()
        assert first["path"] == "normal" and first["fallback"] is None, first
        wk.wait(lambda: wk.js("const b = document.getElementById('btn-play'); "
                              "return !!b && !b.disabled && document.body.dataset.state === 'idle';"),
                "Play to be offered on the first screen", STEP_S)
        step(f"first visit (engine ready in {first['bootMs']} ms)")

        # 2. Settings: a dialog; the pace chosen in it is kept; Escape closes it
        visit.click("Settings")
        wk.wait(lambda: wk.js("return document.getElementById('settings-dialog').open"), "the Settings dialog to open")
        pace = wk.wait(lambda: wk.js(FIND, "field", "^Pace of the computer players$", None), "the Pace field")
        wk.select(pace, "instant")
        wk.keys(KEYS["Escape"])
        wk.wait(lambda: not wk.js("return document.getElementById('settings-dialog').open"),
                "Escape to close the Settings dialog", 5)
        kept = wk.js("return JSON.parse(localStorage.getItem('speculation:settings:v1') || '{}').pace")
        assert kept == "instant", f"the pace chosen in Settings was not kept: {kept}"
        step("settings")

        # 3. Play, and a whole hand by plain moves
        before = visit.state()[1]
        visit.click("Play")
        visit.settle(before)
        moves = visit.play_the_hand()
        step(f"hand ({len(moves)} moves: {', '.join(moves)}; {visit.text('#hand-result')[:80]})")

        # 4. the engine snapshot made after the first visit, read back, then restored by a reload
        made = wk.wait(lambda: wk.js(MARK, "speculation:snapshot"), "the snapshot's outcome", 240)
        assert made.get("stored") is True, f"WebKit stored no engine snapshot: {made}"
        wk.wait(lambda: wk.js("return !!navigator.serviceWorker.controller"),
                "the service worker to control the page", 60)
        step(f"snapshot stored ({made['compressed'] / 1e6:.1f} MB, read back)")
        visit.reload()
        restored = visit.ready()
        assert restored["path"] == "snapshot", (
            f"the reload did not restore the engine snapshot: path {restored['path']}, "
            f"fallback {restored['fallback']} ({restored})")
        visit.idle()
        # the keyboard: Enter on the focused button resumes the match
        go = wk.wait(lambda: visit.button("^Continue the match$"), "Continue the match", STEP_S)
        wk.js("arguments[0].focus(); return 1", go)
        resumed = visit.state()[1]
        wk.keys(KEYS["Enter"])
        visit.settle(resumed)
        step(f"reload (path snapshot, engine ready in {restored['bootMs']} ms; Enter continued the match)")

        # 5. offline: the server is stopped, the service worker answers the reload
        server.stop()
        visit.reload()
        offline = visit.ready()
        visit.idle()
        resumed = visit.state()[1]
        visit.click("Continue the match")
        visit.settle(resumed)
        tick = visit.state()[1]
        move = wk.wait(visit.plain_move, "a plain move offline", STEP_S)
        visit.settle(tick)
        step(f"offline (path {offline['path']}, {offline['bootMs']} ms; played {move})")

        # 6. an example of history.html (still offline): a click boots it, its Play steps it
        visit.go(url + "history.html")
        example = "#ex-auction speculation-game"
        wk.click(wk.wait(lambda: wk.find(f"{example} .spec-embed__play"), "the example's play button", STEP_S))
        wk.wait(lambda: wk.js("return document.querySelector(arguments[0]).dataset.state === 'ready'", example),
                "the example to be ready", BOOT_S)
        frame = wk.find(f"{example} iframe")
        wk.cmd("POST", "/frame", {"id": frame})
        try:
            wk.js(CONSOLE_HOOK)
            play = wk.find("#embed-play")
            assert wk.js("return arguments[0].textContent.trim()", play) == "Play"
            wk.click(play)
            wk.wait(lambda: int(wk.js("return document.body.dataset.embedStep || 0")) > 1,
                    "one click on Play to step the example", 30)
            visit.lines += console_lines(wk)
        finally:
            wk.cmd("POST", "/frame/parent")
        step("embed (history.html's example played)")

        # 7. the console
        lines = visit.all_lines()
        errors = [line for line in lines if line.startswith(("error:", "pageerror:"))]
        assert not errors, "console errors:\n" + "\n".join(errors)
        step(f"no console error ({len(lines)} lines recorded)")
    except BaseException:
        try:
            lines = visit.all_lines()
        except Exception:
            lines = visit.lines
        save_artifacts(wk, Path(output_path), [f"steps: {steps}", *lines])
        raise
    finally:
        wk.close()
        if server.server is not None:
            server.stop()
