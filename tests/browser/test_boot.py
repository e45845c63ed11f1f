"""Browser tests of the engine boot only (worker, Pyodide, micropip, wheel).

Two pages: test-harness/boot.html (a bare client of js/engine.js, copied into
the test build by conftest.py) and the real index.html, whose boot UI follows
the DOM contract: #boot, progress#boot-progress, #boot-stage, #boot-error,
button#boot-retry; #boot gets the class is-ready once the engine runs.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, Route, expect
from support import BOOT_S, READY, errors_in, foreign, record_requests, wait_until

pytestmark = [pytest.mark.browser, pytest.mark.cold_boot]  # the boot itself: no seeded snapshot

STAGES = ["runtime", "micropip", "engine", "ready"]
HARNESS_STATE = """() => {
  const h = window.harness;
  return h && {status: h.status, error: h.error, hello: h.hello, info: h.info,
               progress: h.progress, bootMs: h.bootMs};
}"""


def wait_harness(page: Page, timeout_s: float = BOOT_S) -> dict:
    """Until the harness reports the boot ready or failed; its state."""
    def finished():
        state = page.evaluate(HARNESS_STATE)
        return state if state and state["status"] in ("ready", "failed") else None

    return wait_until(finished, "the boot to finish", timeout_s, page)


def test_engine_boots_same_origin_under_csp(page: Page, site_url: str, console_log: list[str]):
    requests = record_requests(page)
    page.goto("test-harness/boot.html")
    state = wait_harness(page)
    assert state["status"] == "ready", state["error"]
    assert state["hello"]["ok"] is True

    stages = [p["stage"] for p in state["progress"]]
    assert [s for i, s in enumerate(stages) if s not in stages[:i]] == STAGES
    fractions = [p["fraction"] for p in state["progress"]]
    assert fractions == sorted(fractions) and fractions[-1] == 1
    assert set(state["info"]["timings"]) >= {"runtime", "micropip", "installed", "imported"}

    assert errors_in(console_log) == []
    assert foreign(requests, site_url) == []
    # The worker's fetches are seen too, so the check above covers Pyodide's own.
    names = {urlsplit(u).path.rsplit("/", 1)[-1] for u in requests}
    assert {"worker.js", "pyodide.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
            "pyodide-lock.json", "micropip-0.11.1-py3-none-any.whl", "build.json"} <= names
    assert any(n.startswith("speculation-") and n.endswith(".whl") for n in names)


def test_requests_answered_in_order(page: Page):
    page.goto("test-harness/boot.html")
    assert wait_harness(page)["status"] == "ready"
    replies = page.evaluate("""async () => {
        const all = await Promise.all(Array.from({length: 20}, () => window.harness.request({op: "hello"})));
        return all.map((r) => r.ok);
    }""")
    assert replies == [True] * 20


@pytest.mark.parametrize(
    ("pattern", "fulfil", "expected"),
    [
        ("**/pyodide/pyodide.asm.wasm", {"status": 404, "body": "gone"}, "pyodide.asm.wasm (HTTP 404)"),
        ("**/pyodide/pyodide.asm.wasm", {"status": 200, "body": "x", "content_type": "text/plain"},
         "application/wasm"),
        ("**/pyodide/pyodide.mjs", {"status": 404, "body": "gone"}, "pyodide.mjs"),
        (re.compile(r"/js/worker\.js(\?|$)"), {"status": 404, "body": "gone"}, "could not be loaded"),
        (re.compile(r"/py/speculation-[^/]*\.whl(\?|$)"), {"status": 200, "body": "not a zip", "content_type": "application/zip"},
         "Installing the game engine failed"),
        ("**/build.json*", {"status": 404, "body": "gone"}, "build.json"),
    ],
    ids=["wasm-404", "wasm-wrong-mime", "pyodide-mjs-404", "worker-404", "bad-wheel", "manifest-404"],
)
def test_boot_failure_is_reported(page: Page, pattern: str, fulfil: dict, expected: str):
    page.route(pattern, lambda route: route.fulfill(**fulfil))
    page.goto("test-harness/boot.html?timeout=30000")
    state = wait_harness(page)
    assert state["status"] == "failed"
    assert expected in state["error"]


def test_python_exception_is_reported(page: Page):
    # A manifest naming a wheel without the engine: micropip installs it, then
    # the import of speculation.bridge raises in Python.
    manifest = {"hash": "test", "version": "0", "wheel": "pyodide/micropip-0.11.1-py3-none-any.whl",
                "files": {}}
    page.route("**/build.json*", lambda route: route.fulfill(json=manifest))
    page.goto("test-harness/boot.html?timeout=30000")
    state = wait_harness(page)
    assert state["status"] == "failed"
    assert state["error"].startswith("Importing the game engine failed: ModuleNotFoundError"), state["error"]


def test_boot_timeout(page: Page):
    # The runtime's wasm never arrives: only the timeout can end the boot.
    page.route("**/pyodide/pyodide.asm.wasm", lambda route: None)
    page.goto("test-harness/boot.html?timeout=1500")
    state = wait_harness(page, timeout_s=20)
    assert state["status"] == "failed"
    assert "did not start within" in state["error"]


def test_index_boot_reaches_ready(page: Page, console_log: list[str]):
    page.goto("index.html")
    csp = page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content")
    assert "script-src 'self' 'wasm-unsafe-eval'" in csp
    assert page.locator("script:not([src])").count() == 0, "no inline scripts"
    expect(page.locator("#boot")).to_have_class(READY, timeout=BOOT_S * 1000)
    expect(page.locator("#boot-progress")).to_have_attribute("value", "1")
    expect(page.locator("#boot-error")).to_be_hidden()
    assert errors_in(console_log) == []
    # Issue 13: the site's stdlib zip carries the boot's modules as bytecode, so this boot, as the
    # browser runs it (not only as Node does), compiled no standard module from its source; and
    # (issue 47) that zip, trimmed to what Node recorded, held every module the browser's boot
    # imported: nothing came from the second archive.
    boot = page.evaluate("() => performance.getEntriesByName('speculation:engine-ready').pop().detail")
    assert boot["path"] == "normal" and boot["sourced"] == [] and boot["rest"] == []


def test_index_boot_failure_shows_error_and_retry_works(page: Page):
    broken = {"on": True}

    def wasm(route: Route):
        if broken["on"]:
            route.fulfill(status=404, body="gone")
        else:
            route.fallback()

    page.route("**/pyodide/pyodide.asm.wasm", wasm)
    page.goto("index.html")
    error = page.locator("#boot-error")
    expect(error).to_be_visible(timeout=BOOT_S * 1000)
    expect(error).to_contain_text("pyodide.asm.wasm")
    expect(page.locator("#boot")).not_to_have_class(READY)

    broken["on"] = False
    page.locator("button#boot-retry").click()
    expect(page.locator("#boot")).to_have_class(READY, timeout=BOOT_S * 1000)
    expect(error).to_be_hidden()


@pytest.fixture(scope="module")
def subpath_url(site_build, site_dir):
    """The same site served one level down (/<dir>/), as GitHub Pages serves a project."""
    server, url = site_build.serve_in_thread(site_dir.parent)
    try:
        yield f"{url}{site_dir.name}/"
    finally:
        server.shutdown()
        server.server_close()


def test_boot_under_a_sub_path(page: Page, subpath_url: str, console_log: list[str]):
    requests = record_requests(page)
    page.goto(subpath_url + "index.html")
    expect(page.locator("#boot")).to_have_class(READY, timeout=BOOT_S * 1000)
    prefix = urlsplit(subpath_url).path
    outside = [u for u in requests if urlsplit(u).scheme.startswith("http")
               and not urlsplit(u).path.startswith(prefix)]
    assert outside == []
    assert errors_in(console_log) == []
