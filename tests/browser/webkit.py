"""Debian's WebKitGTK, driven over plain W3C WebDriver (HTTP and JSON, the standard library only).

    from webkit import WebKit, require_webkit
    with WebKit() as wk:                  # Xvfb, WebKitWebDriver, one MiniBrowser session
        wk.get(url)
        wk.js("return document.title")    # the body of a function; arguments[0]...
        wk.click(wk.find("#btn-play"))    # the driver's own pointer click
        wk.keys("\\ue00c")                # Escape, through the driver's own keyboard

WebKitGTK's MiniBrowser has no headless mode, so a private Xvfb server (its display number
chosen by Xvfb itself, -displayfd) runs beside it; WebKitWebDriver listens on a free port of
127.0.0.1 and starts MiniBrowser with --automation, which browses in an ephemeral session: every
WebKit() starts with empty storage, and nothing is left on disk. WebKitWebDriver 2.50 has no
WebDriver BiDi, so no console: console_hook() puts a recorder into the page (see there).
Used by tests/browser/test_webkit.py and by benchmarks/web_boot.py and benchmarks/json_depth.py.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

WEBDRIVER = "/usr/bin/WebKitWebDriver"
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
XVFB = "/usr/bin/Xvfb"
ELEMENT = "element-6066-11e4-a52e-4f735466cecf"  # the W3C key of an element reference
KEYS = {"Escape": "\ue00c", "Enter": "\ue007", "Tab": "\ue004"}
VIEWPORT = (1280, 800)


def missing() -> list[str]:
    """What of WebKitGTK's tools is not installed (empty when everything is)."""
    return [f"{path} ({pkg})" for path, pkg in ((WEBDRIVER, "Debian's webkit2gtk-driver"),
                                                (MINIBROWSER, "libwebkit2gtk-4.1-0"),
                                                (XVFB, "Debian's xvfb")) if not os.access(path, os.X_OK)]


def require_webkit() -> None:
    """In CI (CI set), fail when WebKitGTK is missing; elsewhere skip, saying what is missing
    and how to install it (as the Firefox tests fail, but WebKitGTK is a large install)."""
    import pytest

    absent = missing()
    if not absent:
        return
    why = f"missing: {', '.join(absent)}; run scripts/setup.sh --browser"
    if os.environ.get("CI"):
        pytest.fail(why, pytrace=False)
    pytest.skip(why)


class WebDriverError(RuntimeError):
    def __init__(self, status: int, error: str, message: str):
        super().__init__(f"WebDriver {status} {error}: {message}")
        self.error = error


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class WebKit:
    """One Xvfb, one WebKitWebDriver and one MiniBrowser session; close() ends all three."""

    def __init__(self, boot_timeout_s: float = 30):
        self.xvfb: subprocess.Popen[bytes] | None = None
        self.driver: subprocess.Popen[bytes] | None = None
        self.session = ""
        self.base = ""
        self.version = ""
        self._log = tempfile.NamedTemporaryFile(  # noqa: SIM115 - closed by close()
            prefix="webkitwebdriver-", suffix=".log", delete=False)
        try:
            self._start(boot_timeout_s)
        except BaseException:
            self.close()
            raise

    # ------------------------------------------------------------------ processes

    def _start(self, timeout_s: float) -> None:
        absent = missing()
        if absent:
            raise RuntimeError(f"missing: {', '.join(absent)}; run scripts/setup.sh --browser")
        read, write = os.pipe()
        self.xvfb = subprocess.Popen([XVFB, "-displayfd", str(write), "-screen", "0", "1600x1000x24",
                                      "-nolisten", "tcp"],
                                     pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as f:
            display = f.readline().strip()
        if not display:
            raise RuntimeError("Xvfb did not start")
        port = _free_port()
        env = {**os.environ, "DISPLAY": f":{display}", "GDK_BACKEND": "x11",
               "NO_AT_BRIDGE": "1"}  # no accessibility bus in a bare X server
        self.driver = subprocess.Popen([WEBDRIVER, f"--port={port}", "--host=127.0.0.1"], env=env,
                                       stdout=self._log, stderr=subprocess.STDOUT)
        self.base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + timeout_s
        while True:
            try:
                self._call("GET", "/status", timeout=2)
                break
            except (urllib.error.URLError, ConnectionError, OSError):
                if self.driver.poll() is not None or time.monotonic() > deadline:
                    log = self.driver_log()[-2000:]
                    raise RuntimeError(f"WebKitWebDriver did not start: {log}") from None
                time.sleep(0.1)
        caps = {"capabilities": {"alwaysMatch": {
            "browserName": "MiniBrowser",
            "webkitgtk:browserOptions": {"binary": MINIBROWSER, "args": ["--automation"]},
            "pageLoadStrategy": "normal",
            "timeouts": {"script": 240_000, "pageLoad": 120_000, "implicit": 0},
        }}}
        value = self._call("POST", "/session", caps, timeout=timeout_s)
        self.session = value["sessionId"]
        self.version = value.get("capabilities", {}).get("browserVersion", "")
        self.set_viewport(*VIEWPORT)

    def driver_log(self) -> str:
        try:
            return Path(self._log.name).read_text(errors="replace")
        except OSError:
            return ""

    def close(self) -> None:
        if self.session:
            with contextlib.suppress(Exception):  # the processes are ended below anyway
                self._call("DELETE", f"/session/{self.session}", timeout=20)
            self.session = ""
        for proc in (self.driver, self.xvfb):
            if proc is not None and proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(10)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
        self.driver = self.xvfb = None
        self._log.close()
        Path(self._log.name).unlink(missing_ok=True)

    def __enter__(self) -> WebKit:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ the protocol

    def _call(self, method: str, path: str, body: Any = None, timeout: float = 300) -> Any:
        data = json.dumps(body if body is not None else {}).encode() if method == "POST" else None
        req = urllib.request.Request(self.base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json; charset=utf-8"})
        try:
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                return json.loads(resp.read() or b"{}").get("value")
        except urllib.error.HTTPError as e:
            try:
                value = json.loads(e.read()).get("value", {})
            except ValueError:
                value = {}
            raise WebDriverError(e.code, value.get("error", "?"), value.get("message", "")) from None

    def cmd(self, method: str, path: str, body: Any = None, timeout: float = 300) -> Any:
        return self._call(method, f"/session/{self.session}{path}", body, timeout)

    # ------------------------------------------------------------------ the page

    def get(self, url: str) -> None:
        self.cmd("POST", "/url", {"url": url})

    def refresh(self) -> None:
        self.cmd("POST", "/refresh")

    def url(self) -> str:
        return self.cmd("GET", "/url")

    def js(self, body: str, *args: Any) -> Any:
        """Run `body` as a function's body in the page (no eval: the site's CSP refuses it; a
        returned Promise is awaited)."""
        return self.cmd("POST", "/execute/sync", {"script": body, "args": list(args)})

    def set_viewport(self, width: int, height: int) -> None:
        """The window at a size whose viewport is width x height (the frame's size measured)."""
        self.cmd("POST", "/window/rect", {"width": width, "height": height})
        inner = self.js("return [innerWidth, innerHeight]")
        self.cmd("POST", "/window/rect", {"width": 2 * width - inner[0], "height": 2 * height - inner[1]})

    def find(self, selector: str) -> dict[str, str] | None:
        """The first element matching a CSS selector (an element reference), or None."""
        found = self.cmd("POST", "/elements", {"using": "css selector", "value": selector})
        return found[0] if found else None

    def click(self, element: dict[str, str]) -> None:
        """The driver's own click: scrolled into view, hit-tested at its centre, real events."""
        self.cmd("POST", f"/element/{element[ELEMENT]}/click")

    def select(self, element: dict[str, str], value: str) -> None:
        """Choose an option of a <select> by clicking it (the W3C way: the option itself)."""
        option = self.cmd("POST", f"/element/{element[ELEMENT]}/elements",
                          {"using": "css selector", "value": f'option[value="{value}"]'})
        if not option:
            raise AssertionError(f"no option {value!r}")
        self.cmd("POST", f"/element/{option[0][ELEMENT]}/click")

    def keys(self, text: str) -> None:
        """Key presses to whatever has the focus, through the driver's keyboard."""
        actions = []
        for ch in text:
            actions += [{"type": "keyDown", "value": ch}, {"type": "keyUp", "value": ch}]
        self.cmd("POST", "/actions", {"actions": [{"type": "key", "id": "keyboard", "actions": actions}]})
        self.cmd("DELETE", "/actions")

    def screenshot(self, path: Path) -> None:
        path.write_bytes(base64.b64decode(self.cmd("GET", "/screenshot", timeout=30)))

    def wait(self, fn: Callable[[], T], what: str, timeout_s: float = 30) -> T:
        """Poll fn() until it returns something true, and return that; fail naming `what`
        (support.wait_until, as the Chromium tests wait)."""
        from support import wait_until

        return wait_until(fn, what, timeout_s)


# The page's console, as far as a page script can see it: console.error and console.warn, uncaught
# errors and unhandled rejections of the page, and the "error" events of every Worker the page
# starts (a worker's uncaught error reaches its Worker object). Run after each navigation, it
# misses what was logged before it ran, and a worker's own console.
CONSOLE_HOOK = """
if (!window.__wkConsole) {
  const lines = window.__wkConsole = [];
  const json = (x) => { try { return JSON.stringify(x); } catch { return String(x); } };
  const one = (x) => (x instanceof Error ? `${x.name}: ${x.message}` : typeof x === "string" ? x : json(x));
  const text = (a) => a.map(one).join(" ");
  for (const type of ["error", "warn"]) {
    const original = console[type].bind(console);
    console[type] = (...a) => { lines.push(`${type}: ${text(a)}`); original(...a); };
  }
  addEventListener("error", (e) => lines.push(`pageerror: ${e.message} (${e.filename}:${e.lineno})`));
  addEventListener("unhandledrejection",
    (e) => lines.push(`pageerror: unhandled rejection: ${text([e.reason])}`));
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(...a) {
      super(...a);
      this.addEventListener("error", (e) => lines.push(`error: worker ${a[0]}: ${e.message || "failed"}`));
    }
  };
}
return true;
"""


def console_lines(wk: WebKit) -> list[str]:
    return wk.js("return window.__wkConsole ? window.__wkConsole.slice() : []") or []


def save_artifacts(wk: WebKit, folder: Path, lines: list[str]) -> None:
    """A failure leaves a screenshot and console.log (with the driver's log) under `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    log = folder / "console.log"
    log.write_text("\n".join(lines) + "\n\n--- WebKitWebDriver ---\n" + wk.driver_log(), encoding="utf-8")
    try:
        wk.screenshot(folder / "page.png")
    except Exception as e:  # the console is kept either way
        with log.open("a", encoding="utf-8") as f:
            f.write(f"\n(no screenshot: {e})\n")
