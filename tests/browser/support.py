"""What every browser test shares: Chromium, the test server, waiting for the page, catching its
errors, axe, and what a failure leaves behind.

    from support import BOOT_S, settle, state, wait_ready, errors_in, assert_no_axe_violations

Chromium      CHROMIUM, CHROMIUM_ARGS (conftest.py launches pytest-playwright's browser with
              them); persistent_context() for a real profile (service workers, caches);
              NETNS_CHROMIUM_ARGS for the peer-connection tests of tests/netns/.
The server    Server(site_build, directory): start() / stop() / start() again on the same port.
Waiting       wait_ready(page) until #boot is-ready; state(page) is (body[data-state],
              body[data-tick]); settle(page, after) until the page is idle at a tick after
              `after`; one_move(page) makes the first plain move and settles;
              wait_until(fn) polls anything. (The CSP forbids string predicates in
              wait_for_function, so waits poll page.evaluate.)
Errors        capture(page_or_context, lines) appends "type: text" lines for console messages,
              uncaught errors and crashes; errors_in(lines) keeps the errors; record_requests()
              and foreign() check that nothing leaves the origin.
axe           axe_violations(page_or_frame) and assert_no_axe_violations(page_or_frame, where)
              (axe-playwright-python).
Failures      save_artifacts(folder, pages, lines): a screenshot of each page and console.log.
              conftest.py does it for `page`; the sw_browser fixture for its own contexts.
Fixtures      sw_browser (persistent contexts) and watched (a page whose origin and console are
              checked at the end), registered for every browser test by tests/browser/conftest.py.
Snapshots     Every context these helpers and fixtures make sets the test-only switch
              NO_BACKGROUND_SNAPSHOT (engine.js: no background worker makes a memory snapshot
              after the boot), so the other tests do not pay for a second Python boot on two
              shared cores. A test that requests the `background_snapshot` fixture (the
              snapshot tests) gets the players' behaviour: sw_browser(background_snapshot=True)
              for its persistent contexts, and `page` without the switch.
Seeded boots  Every `page` starts with the engine's memory snapshot of this build already in
              its Cache Storage (as on a player's second visit), so its boots restore the
              engine instead of installing it: about half the boot's time, on every navigation.
              The snapshot is made once per run by the page itself (engine_snapshot, shared by
              the xdist workers) and put in place by _seeded_snapshot. Not for the tests about
              the boot: a module or test marked `cold_boot`, or one that requests
              `background_snapshot`, boots from cold as a first visit does.
Deploys       point(link, target) swaps the served build; build_v2(...) makes a second build;
              table(page) is what the player sees and what is saved; wait_for_prompt(page).
Firefox       FIREFOX; require_firefox() fails a test when Firefox ESR, node or puppeteer-core is
              missing; run_puppeteer(script, args) runs a Node script of puppeteer/ (which
              drives Firefox, and Chromium beside it for the cross-browser friends' tests) and
              answers what it asks on the way.
WebKit        webkit.py (its own module: plain W3C WebDriver over HTTP, no Playwright): WebKit()
              runs Xvfb, WebKitWebDriver and one MiniBrowser session; require_webkit() skips a
              test outside CI, and fails it in CI, when WebKitGTK is missing.
"""

from __future__ import annotations

import base64
import fcntl
import json
import os
import re
import shutil
import subprocess
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, BrowserType, Frame, Locator, Page, expect

T = TypeVar("T")

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
# The tests that open peer connections (tests/netns/, inside a network namespace with only
# loopback): Chromium gathers 127.0.0.1 candidates only with this flag *and* camera and
# microphone permission granted to the origin (tests/netns/conftest.py grants both).
NETNS_CHROMIUM_ARGS = [*CHROMIUM_ARGS, "--allow-loopback-in-peer-connection"]
BOOT_S = 90  # generous: two shared cores; a normal boot takes 2–3 s
STEP_S = 30
READY = re.compile(r"\bis-ready\b")
ERROR_PREFIXES = ("error:", "pageerror:", "crash:")
# Runs in every page before its scripts: records CSP violations in window.__csp.
# engine.js's test-only switch: no background snapshot worker after the boot (see the docstring).
NO_BACKGROUND_SNAPSHOT = "globalThis.speculationNoBackgroundSnapshot = true;"
WATCH_CSP = """(() => {
  window.__csp = [];
  document.addEventListener("securitypolicyviolation",
    (e) => window.__csp.push(`${e.effectiveDirective} ${e.blockedURI}`));
})();"""


# ----------------------------------------------------------------------------- the server


class Server:
    """The test server for one directory; stop() really closes the socket; start() reopens
    it on the same port, so the origin (and the service worker's registration) stays."""

    def __init__(self, site_build: Any, directory: Path, handler: Any = None):
        self.build, self.directory, self.port, self.server = site_build, directory, 0, None
        self.handler = handler or site_build.SiteHandler  # a subclass, to misbehave on purpose
        self.url = ""

    def start(self) -> str:
        self.server, url = self.build.serve_in_thread(self.directory, port=self.port,
                                                      handler=self.handler)
        self.port = self.server.server_address[1]
        self.url = url
        return url

    def stop(self) -> None:
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
            self.server = None
        # nothing answers any more
        with pytest.raises((urllib.error.URLError, ConnectionError)):
            urllib.request.urlopen(self.url, timeout=2)


# ----------------------------------------------------------------------------- waiting


def wait_until(fn: Callable[[], T], what: str, timeout_s: float = 30, page: Page | None = None) -> T:
    """Poll fn() until it returns something true, and return that; fail naming `what`."""
    deadline = time.monotonic() + timeout_s
    while True:
        value = fn()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout_s} s waiting for {what}")
        if page is not None:
            page.wait_for_timeout(50)
        else:
            time.sleep(0.05)


def wait_ready(page: Page, timeout_s: float = BOOT_S) -> None:
    """Until the engine has booted (#boot gets the class is-ready)."""
    expect(page.locator("#boot")).to_have_class(READY, timeout=timeout_s * 1000)


def state(page: Page | Frame) -> tuple[str, int]:
    """The table's (document.body.dataset.state, Number(dataset.tick)): the page says "idle"
    when it has finished the work started at that tick."""
    st, tick = page.evaluate("[document.body.dataset.state || '', Number(document.body.dataset.tick || 0)]")
    return st, tick


def settle(page: Page, after: int, timeout_s: float = STEP_S) -> None:
    """Wait until the UI has finished the work started after tick `after`."""
    deadline = time.monotonic() + timeout_s
    while True:
        st, tk = state(page)
        if st == "idle" and tk > after:
            return
        if st == "failed":
            raise AssertionError(page.inner_text("#boot-error"))
        if time.monotonic() > deadline:
            raise AssertionError(f"the table did not settle (state {st}, tick {tk}); status: "
                                 f"{page.inner_text('#status')}")
        page.wait_for_timeout(50)


def open_match(page: Page, url: str) -> None:
    """Go to a page that boots the engine and starts (or resumes) a match; wait for it."""
    page.goto(url)
    settle(page, 0, BOOT_S)


def header_button(page: Page, selector: str) -> Locator:
    """A header button, opening the header's Menu first when a narrow screen folds it away."""
    button = page.locator(selector)
    menu = page.locator("#btn-menu")
    if not button.is_visible() and menu.is_visible():
        menu.click()
        expect(button).to_be_visible()
    return button


def set_pace(page: Page, pace: str) -> None:
    """Choose the computer players' pace in the Settings dialog (kept in localStorage)."""
    header_button(page, "#btn-settings").click()
    page.get_by_label("Pace of the computer players").select_option(pace)
    page.keyboard.press("Escape")  # the settings close back to the table


MOVES = re.compile(r"^(Deal the hand|Turn up my top card|Next hand|Keep .*|Pass.*|Decline.*|Refuse.*"
                   r"|Break off)$")


def continue_match(page: Page) -> None:
    """A reloaded page shows the saved match with "Continue the match": press it."""
    go = page.get_by_role("button", name="Continue the match")
    if go.is_visible():
        before = state(page)[1]
        go.click()
        settle(page, before, 60)


def one_move(page: Page) -> None:
    """Make the first plain move the controls offer (confirming it if asked) and settle; on a
    reloaded page, continue the saved match first."""
    continue_match(page)
    before = state(page)[1]
    buttons = page.locator("#controls, #hand-result").get_by_role("button", name=MOVES)
    expect(buttons.first).to_be_visible(timeout=30000)
    buttons.first.click()
    if page.locator("#confirm").is_visible():
        page.locator("#confirm-ok").click()
    settle(page, before, 60)


# ----------------------------------------------------------------------------- errors


def capture(target: Page | BrowserContext, lines: list[str]) -> list[str]:
    """Append the console, uncaught errors and crashes of a page (or of every page of a
    context) to `lines`, as "type: text"."""
    target.on("console", lambda msg: lines.append(f"{msg.type}: {msg.text}"))
    if isinstance(target, Page):
        target.on("pageerror", lambda err: lines.append(f"pageerror: {err}"))
        target.on("crash", lambda _: lines.append("crash: the page crashed"))
    else:
        target.on("weberror", lambda err: lines.append(f"pageerror: {err.error}"))
    return lines


def errors_in(lines: list[str]) -> list[str]:
    """The console errors, uncaught errors and crashes among captured lines."""
    return [line for line in lines if line.startswith(ERROR_PREFIXES)]


def record_requests(target: Page | BrowserContext) -> list[str]:
    """Every URL the page (or context; workers included) requests from now on."""
    urls: list[str] = []
    target.on("request", lambda req: urls.append(req.url))
    return urls


def foreign(urls: list[str], site_url: str) -> list[str]:
    """The network requests that left the site's origin (data: and blob: URLs are local)."""
    origin = urlsplit(site_url).netloc
    return [u for u in urls if urlsplit(u).scheme in ("http", "https", "ws", "wss")
            and urlsplit(u).netloc != origin]


def csp_violations(page: Page) -> list[str]:
    """The CSP violations WATCH_CSP recorded in this page."""
    return page.evaluate("window.__csp || []")


# ----------------------------------------------------------------------------- axe


def axe_violations(target: Page | Frame) -> list[dict[str, Any]]:
    """axe-core's violations in a page or frame (axe-playwright-python injects axe itself)."""
    from axe_playwright_python.sync_playwright import Axe

    # A banner fading in is half transparent for a third of a second: axe would measure the
    # contrast of that passing frame. Check the state the player reads, once motion has settled.
    target.evaluate("""() => Promise.all(document.getAnimations()
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
        .map((a) => a.finished.catch(() => null)))""")
    return Axe().run(target).response.get("violations", [])


def assert_no_axe_violations(target: Page | Frame, where: str) -> None:
    violations = axe_violations(target)
    summary = [f"{v['id']}: {v['help']} ({len(v['nodes'])}× e.g. {v['nodes'][0]['target']})"
               for v in violations]
    assert not violations, f"axe violations in {where}:\n" + "\n".join(summary)


# ----------------------------------------------------------------------------- the site's build


def site_hash(site: Path) -> str:
    return json.loads((site / "build.json").read_text())["hash"]


def page_build(page: Page) -> str | None:
    return page.locator('meta[name="build"]').get_attribute("content")


def wait_controlled(page: Page, timeout_s: float = 60) -> None:
    """Until a service worker controls the page (clients.claim after the precache). On a
    timeout the failure says where the registration got to (installing, waiting, active).

    One race is Chromium's, not the site's: a document whose navigation began while the worker
    was installing and committed just after its ``clients.claim()`` is never claimed, though the
    worker is active (seen once in a CI run). A player's next visit is controlled, so when the
    worker is active and the page still is not after half the time, the page is reloaded once,
    as that visit would be (the match is saved; the tests check nothing is lost on a reload);
    a worker still installing is simply waited for."""
    controlled = "!!navigator.serviceWorker.controller"
    try:
        try:
            wait_until(lambda: page.evaluate(controlled),
                       "a service worker to take control of the page", timeout_s / 2, page)
        except AssertionError:
            active = page.evaluate("""async () => {
                const r = await navigator.serviceWorker.getRegistration();
                return !!(r && r.active && r.active.state === "activated");
            }""")
            if active:  # still installing: keep waiting, as before
                page.reload()
                wait_ready(page)
        wait_until(lambda: page.evaluate(controlled),
                   "a service worker to take control of the page", timeout_s / 2, page)
    except AssertionError as e:
        where = page.evaluate("""async () => {
            const r = await navigator.serviceWorker.getRegistration();
            if (!r) return "no registration";
            const s = (w) => (w ? w.state : "none");
            return `installing: ${s(r.installing)}, waiting: ${s(r.waiting)}, active: ${s(r.active)}`;
        }""")
        raise AssertionError(f"{e} ({where})") from None


def sw_version(page: Page) -> dict[str, str]:
    """Ask the controlling worker its build and cache name."""
    return page.evaluate("""() => new Promise((resolve, reject) => {
        const ch = new MessageChannel();
        ch.port1.onmessage = (e) => resolve(e.data);
        navigator.serviceWorker.controller.postMessage({type: "version"}, [ch.port2]);
        setTimeout(() => reject(new Error("no answer from the service worker")), 5000);
    })""")


def cache_names(page: Page) -> list[str]:
    return page.evaluate("caches.keys()")


# ----------------------------------------------------------------------------- contexts, failures


def persistent_context(browser_type: BrowserType, profile: Path,
                       background_snapshot: bool = False) -> BrowserContext:
    """Chromium with a real profile in `profile` (service workers and caches persist), with the
    CSP watch installed in every page, and the background snapshot switched off unless asked."""
    ctx = browser_type.launch_persistent_context(str(profile), executable_path=CHROMIUM,
                                                 args=CHROMIUM_ARGS, headless=True)
    ctx.add_init_script(WATCH_CSP)
    if not background_snapshot:
        ctx.add_init_script(NO_BACKGROUND_SNAPSHOT)
    return ctx


def first_page(ctx: BrowserContext) -> Page:
    return ctx.pages[0] if ctx.pages else ctx.new_page()


def failed(request: pytest.FixtureRequest) -> bool:
    """Whether the test's call failed (or never reported: setup failed)."""
    report = getattr(request.node, "rep_call", None)
    return report is None or report.failed


def save_artifacts(folder: Path, pages: list[Page], lines: list[str]) -> None:
    """A screenshot of each page that can still take one, and the console lines."""
    folder.mkdir(parents=True, exist_ok=True)
    shots = 0
    for page in pages:
        try:
            page.screenshot(path=str(folder / f"page-{shots}.png"), full_page=True, timeout=5000)
            shots += 1
        except Exception as err:  # a closed or crashed page
            lines.append(f"(no screenshot: {err})")
    (folder / "console.log").write_text("\n".join(lines) + "\n", encoding="utf-8")


# ----------------------------------------------------------------------------- fixtures


@pytest.fixture
def sw_browser(request: pytest.FixtureRequest, browser_type: BrowserType, tmp_path: Path,
               output_path: str) -> Iterator[Callable[..., BrowserContext]]:
    """open(background_snapshot=False) -> a persistent Chromium context in a fresh profile
    (closed at the end); background_snapshot=True lets the page make its memory snapshot.

    On failure, every open page's screenshot and the contexts' console go to test-artifacts/.
    """
    contexts: list[BrowserContext] = []
    lines: list[str] = []

    def open_context(background_snapshot: bool = False) -> BrowserContext:
        ctx = persistent_context(browser_type, tmp_path / f"profile-{len(contexts)}", background_snapshot)
        contexts.append(ctx)
        capture(ctx, lines)
        return ctx

    yield open_context
    try:
        if failed(request):
            save_artifacts(Path(output_path), [p for ctx in contexts for p in ctx.pages], lines)
    finally:
        for ctx in contexts:
            ctx.close()


@pytest.fixture
def watched(page: Page, site_url: str, console_log: list[str]) -> Iterator[Page]:
    """The page, with a list of every request it makes; checks origin and console at the end."""
    urls = record_requests(page)
    yield page
    local = [u for u in urls if not u.startswith(("data:", "blob:"))]
    outside = [u for u in local if not u.startswith(site_url)]
    assert not outside, f"requests left the origin: {outside[:5]}"
    errors = errors_in(console_log)
    assert not errors, errors


@pytest.fixture
def background_snapshot() -> bool:
    """Requested by a test that needs the background snapshot worker (the players' default):
    its `page` is left without the NO_BACKGROUND_SNAPSHOT switch."""
    return True


@pytest.fixture(autouse=True)
def _no_background_snapshot(request: pytest.FixtureRequest) -> None:
    """Give `page`'s context the NO_BACKGROUND_SNAPSHOT switch, unless the test asked for
    `background_snapshot`."""
    if "page" in request.fixturenames and "background_snapshot" not in request.fixturenames:
        request.getfixturevalue("context").add_init_script(NO_BACKGROUND_SNAPSHOT)


# ----------------------------------------------------------------------------- seeded boots


SEED_FILE = "test-harness/engine-snapshot.bin"  # under the site, beside the harness
# The stored entry of a harness boot's background snapshot: its cache, headers and body.
READ_SNAPSHOT = """async () => {
    const name = (await caches.keys()).find((n) => n.endsWith("~snapshot"));
    const url = new URL("../__engine-snapshot__", location.href).href;
    const entry = name && await (await caches.open(name)).match(url);
    if (!entry) return null;
    const bytes = new Uint8Array(await entry.arrayBuffer());
    let text = "";
    for (let i = 0; i < bytes.length; i += 0x8000) {
        text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    }
    return {name, headers: [...entry.headers], body: btoa(text)};
}"""
# Put it in a fresh context's Cache Storage where worker.js looks (snapshot-store.js).
PUT_SNAPSHOT = """async ([file, name, headers]) => {
    const body = await (await fetch(file)).arrayBuffer();
    const cache = await caches.open(name);
    await cache.put(new URL("__engine-snapshot__", location.href).href, new Response(body, {headers}));
}"""


def _make_engine_snapshot(browser: Browser, site_url: str, body: Path) -> dict[str, Any]:
    """Boot the harness once with the players' background snapshot and read what it stored."""
    ctx = browser.new_context(base_url=site_url)
    try:
        page = ctx.new_page()
        page.goto("test-harness/boot.html")
        status = wait_until(lambda: page.evaluate(
            "() => ['ready', 'failed'].includes(window.harness?.status) && window.harness.status"),
            "the harness to boot", BOOT_S, page)
        assert status == "ready", page.evaluate("window.harness.error")
        outcome = page.evaluate("window.harness.engine.snapshot")
        assert outcome["stored"] is True, f"the page made no snapshot to seed the tests: {outcome}"
        entry = page.evaluate(READ_SNAPSHOT)
        assert entry, "the snapshot was stored but is not in Cache Storage"
        body.write_bytes(base64.b64decode(entry.pop("body")))
        return entry
    finally:
        ctx.close()


@pytest.fixture(scope="session")
def engine_snapshot(browser: Browser, site_dir: Path, site_url: str) -> dict[str, Any]:
    """{name, headers} of this build's engine snapshot, whose body the site serves at
    SEED_FILE: made by the first worker that needs it (the others wait on a file lock)."""
    harness = site_dir / "test-harness"
    meta = harness / "engine-snapshot.json"
    with open(harness / "engine-snapshot.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            if not meta.exists():
                entry = _make_engine_snapshot(browser, site_url, site_dir / SEED_FILE)
                meta.with_suffix(".tmp").write_text(json.dumps(entry))
                meta.with_suffix(".tmp").replace(meta)
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    return json.loads(meta.read_text())


@pytest.fixture(autouse=True)
def _seeded_snapshot(request: pytest.FixtureRequest) -> None:
    """Put engine_snapshot into the Cache Storage of `page`'s context on the site's origin,
    from a helper page closed again before the test starts; not for `cold_boot` tests nor
    those that request `background_snapshot`."""
    if ("page" not in request.fixturenames or "background_snapshot" in request.fixturenames
            or request.node.get_closest_marker("cold_boot")):
        return
    entry = request.getfixturevalue("engine_snapshot")
    site_url = request.getfixturevalue("site_url")
    helper = request.getfixturevalue("context").new_page()
    try:
        helper.goto(site_url + "build.json")
        helper.evaluate(PUT_SNAPSHOT, [SEED_FILE, entry["name"], entry["headers"]])
    finally:
        helper.close()


# ----------------------------------------------------------------------------- Firefox

FIREFOX = "/usr/bin/firefox-esr"
ROOT = Path(__file__).resolve().parents[2]
PUPPETEER = Path(__file__).resolve().parent / "puppeteer"  # the Node scripts (puppeteer-core)


def require_firefox() -> None:
    """Fail, not skip, when what the Firefox tests need is missing (the browser tier's setup has
    already skipped them, or failed them in CI, when Chromium itself is missing)."""
    absent = []
    if not os.access(FIREFOX, os.X_OK):
        absent.append(f"{FIREFOX} (Debian's firefox-esr)")
    if shutil.which("node") is None:
        absent.append("node")
    if not (ROOT / "node_modules" / "puppeteer-core" / "package.json").exists():
        absent.append("node_modules/puppeteer-core (npm ci)")
    if absent:
        pytest.fail(f"missing: {', '.join(absent)}; run scripts/setup.sh --browser", pytrace=False)


def run_puppeteer(script: str, args: list[str], timeout_s: float,
                  answer: Callable[[dict[str, Any]], str] | None = None) -> list[dict[str, Any]]:
    """Run `node puppeteer/<script> ARGS...` and return the JSON messages of its "@@ " lines.
    A message with "ask" is passed to `answer`, whose line goes back on the script's standard
    input. The script's whole output is printed (pytest shows it with -s or on failure); a
    non-zero exit or a run over `timeout_s` fails the test with the output's end."""
    proc = subprocess.Popen(["node", str(PUPPETEER / script), *args], cwd=ROOT, text=True,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    late = threading.Event()

    def stop() -> None:
        late.set()
        proc.kill()

    timer = threading.Timer(timeout_s, stop)
    timer.start()
    output: list[str] = []
    messages: list[dict[str, Any]] = []
    try:
        assert proc.stdout is not None and proc.stdin is not None
        for line in proc.stdout:
            output.append(line)
            if not line.startswith("@@ "):
                continue
            message = json.loads(line[3:])
            messages.append(message)
            if "ask" in message:
                if answer is None:
                    raise AssertionError(f"{script} asked {message} and nobody answers")
                proc.stdin.write(answer(message) + "\n")
                proc.stdin.flush()
        code = proc.wait()
    finally:
        timer.cancel()
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    said = "".join(output)
    print(said)
    if late.is_set():
        pytest.fail(f"{script} ran over {timeout_s} s; it had printed:\n{said[-6000:]}", pytrace=False)
    if code != 0:
        pytest.fail(f"{script} failed (exit {code}):\n{said[-6000:]}", pytrace=False)
    return messages


# ----------------------------------------------------------------------------- deploys


V2_LINE = "This is version two of the card table."


def build_v2(site_build: Any, tmp: Path) -> Path:
    """A second build of the site: web/ plus a visible line (#v2-line) on the page."""
    web2 = tmp / "web2"
    shutil.copytree(site_build.WEB, web2)
    index = web2 / "index.html"
    html = index.read_text(encoding="utf-8")
    assert html.count("</body>") == 1
    index.write_text(html.replace("</body>", f'<p id="v2-line">{V2_LINE}</p>\n</body>'), encoding="utf-8")
    v2 = tmp / "v2"
    site_build.build(v2, web=web2)
    return v2


def point(link: Path, target: Path) -> None:
    """Deploy: the served directory now shows target (an atomic swap of a symlink)."""
    new = link.with_name(link.name + ".new")
    if new.is_symlink():
        new.unlink()
    os.symlink(target, new)
    os.replace(new, link)


def table(page: Page) -> dict[str, Any]:
    """What the player sees of the match, and what is saved of it."""
    return page.evaluate("""() => ({
        hand: document.getElementById("info-hand").textContent,
        pot: document.getElementById("info-pot").textContent,
        // the seats' text, without the chip changes that float up for a moment (aria-hidden)
        seats: [...document.querySelectorAll("#seats .seat")].map((s) => {
            const c = s.cloneNode(true);
            c.querySelectorAll(".chip-delta").forEach((d) => d.remove());
            return c.textContent.replace(/\\s+/g, " ").trim();
        }),
        save: Object.keys(localStorage).filter((k) => k.includes("save")).map((k) => localStorage.getItem(k)),
    })""")


def wait_for_prompt(page: Page) -> None:
    """Until the page offers the new version (its worker precaches about 14 MB first)."""
    prompt = page.locator("#update-prompt")
    expect(prompt).to_be_visible(timeout=90000)
    expect(prompt).to_contain_text("A new version is ready — reload")
    expect(prompt).to_contain_text("Your match is saved")
# ----------------------------------------------------------------------------- playing by clicking


def scenario_url(players: list[str], *, seed: int = 1, decks: Any = (), rules: dict[str, Any] | None = None,
                 preset: str | None = None) -> str:
    """A link that starts a match at once: ``players`` as "Name" (a person) or "bot:ID:Name";
    ``decks`` fixes the deals (cards go one at a time from the dealer's left, three rounds,
    then the upcard; a player's first card dealt is the top of their stack)."""
    from urllib.parse import quote

    parts = ["p=" + quote(p if ":" in p else f"human:{p}", safe=":") for p in players]
    if preset:
        parts.append(f"preset={preset}")
    parts.append(f"seed={seed}")
    for k, v in (rules or {}).items():
        parts.append(f"rule.{k}={quote(str(v).lower() if isinstance(v, bool) else str(v), safe=',')}")
    for d in decks:
        parts.append("deck=" + ",".join(d))
    return "index.html?" + "&".join(parts)


def set_settings(page: Page, **values: Any) -> None:
    """Store the page's own settings (pace, autoReveal, offers, handover, confirmTrades...)
    before a match is opened; the page reads them when it starts."""
    page.goto("index.html")
    page.evaluate("(v) => localStorage.setItem('speculation:settings:v1', JSON.stringify(v))", values)


def take_screen(page: Page, name: str) -> None:
    """Pass-and-play: accept the hand-over screen if it is up (an option), then check that it
    is `name`'s decision: the banner names them."""
    if page.locator("#handover").is_visible():
        expect(page.locator("#handover-title")).to_contain_text(name)
        before = state(page)[1]
        page.get_by_role("button", name=re.compile(f"I am {re.escape(name)}")).click()
        settle(page, before)
    expect(page.locator("#seats .seat.is-turn .seat-name")).to_have_text(name)
    expect(page.locator("#status")).to_contain_text(re.compile(rf"^(Your turn|{re.escape(name)}'s turn):"))


def press(page: Page, name: str, button: str | re.Pattern[str], confirm: bool = False) -> None:
    """`name` presses a button of the controls (and confirms it when the setting asks)."""
    take_screen(page, name)
    before = state(page)[1]
    page.locator("#controls").get_by_role("button", name=button).click()
    if confirm or page.locator("#confirm").is_visible():
        expect(page.locator("#confirm")).to_be_visible()
        page.locator("#confirm-ok").click()
    settle(page, before)


METHOD = {"Offer for sale": "Fixed price", "Start the auction": "Auction", "Start haggling": "Haggle"}


def priced(page: Page, name: str, field: str, price: int, button: str, *, buyer: str | None = None) -> None:
    """`name` fills a bounded price box (choosing the way to sell first) and presses its button."""
    take_screen(page, name)
    controls = page.locator("#controls")
    method = METHOD.get(button)
    if method and controls.get_by_role("radio", name=method).count():
        controls.get_by_role("radio", name=method).check()
    if buyer:
        controls.get_by_label("Buyer", exact=True).select_option(label=buyer)
    controls.get_by_label(field, exact=True).fill(str(price))
    before = state(page)[1]
    controls.get_by_role("button", name=button, exact=True).click()
    if page.locator("#confirm").is_visible():
        page.locator("#confirm-ok").click()
        expect(page.locator("#confirm")).to_be_hidden()
    settle(page, before)


def buy_order(page: Page, owner: str, price: int, buyer: str | None = None) -> None:
    """Place a standing order for one of `owner`'s face-down cards (sent at the next window)."""
    page.get_by_role("button", name="Buy a face-down card…").click()
    dialog = page.locator("#buy-dialog")
    expect(dialog).to_be_visible()
    if buyer:
        dialog.get_by_label("Who is buying").select_option(label=buyer)
    whose = dialog.get_by_label("Whose card")
    options = whose.locator("option").all_inner_texts()
    whose.select_option(label=next(t for t in options if t.startswith(f"{owner} (")))
    dialog.get_by_label("Your offer", exact=True).fill(str(price))
    worth = re.search(r"Fair value ((?:about )?\d+(?:\.\d)? chips?)", dialog.inner_text())
    dialog.get_by_role("button", name="Place the order").click()
    expect(dialog).to_be_hidden()
    expect(page.locator("#order-note")).to_contain_text(f"one of {owner}'s face-down cards")
    # the dialog and the order's note word the same fair value (issue 45, item 7)
    assert worth, "the buy dialog shows no fair value"
    expect(page.locator("#order-note")).to_contain_text(f"(fair value {worth.group(1)})")


PLAIN = re.compile(r"^(Turn up my top card|Pass \(no offer\)|Pass|Deal the hand|Next hand)$")


def play_on(page: Page, until: Callable[[Page], bool], limit: int = 300) -> None:
    """Make the plain moves left to a person (Next hand; a reveal when that is not automatic)
    until `until(page)` is true."""
    for _ in range(limit):
        if until(page):
            return
        if page.locator("#handover").is_visible():
            before = state(page)[1]
            page.locator("#handover-go").click()
            settle(page, before)
            continue
        buttons = page.locator("#controls, #hand-result").get_by_role("button", name=PLAIN)
        if buttons.count() == 0:
            raise AssertionError(f"no plain move to make; status: {page.inner_text('#status')}")
        before = state(page)[1]
        buttons.first.click()
        settle(page, before)
    raise AssertionError("the game did not reach the expected point")


def log_text(page: Page) -> str:
    """The log's text (the log is a dialog: its text is read without opening it)."""
    return page.locator("#log").text_content() or ""


def chips_of(page: Page, name: str) -> str:
    seat = page.locator("#seats .seat").filter(
        has=page.locator(".seat-name", has_text=re.compile(f"^{re.escape(name)}$")))
    return seat.locator(".seat-chips").inner_text()
