"""Repeat visits from a Pyodide memory snapshot (web/js/snapshot-store.js, worker.js).

After a normal boot the page makes a snapshot of the ready engine in a background worker
and stores it in Cache Storage ("speculation@<path>#<build>~snapshot").  The next visit
restores it; a damaged, stale or failing snapshot falls back to the normal boot and is
made again; a site update drops the old build's snapshot with its caches.  The worker
says which path it took: engine.bootInfo on the harness, a performance mark
"speculation:engine-ready" on index.html.

Every test here requests the `background_snapshot` fixture (support.py): the other browser
tests switch the background snapshot worker off, these need the players' behaviour.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from support import (
    Server,
    build_v2,
    cache_names,
    continue_match,
    first_page,
    one_move,
    page_build,
    point,
    set_pace,
    site_hash,
    table,
    wait_controlled,
    wait_for_prompt,
    wait_ready,
)

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("background_snapshot")]

BOOT_S = 120  # two shared cores; a normal boot takes 2–6 s, a snapshot's background boot as long
HARNESS = "test-harness/boot.html"
MATCH = "?p=human:You&p=bot:casual/mary:Mary&seed=19&rule.max_hands=3"
SEEDED = {"op": "new_match", "settings": {"seed": 41, "rules": {"max_hands": 2}, "players": [
    {"name": "Fanny", "kind": "bot", "bot": "casual/fanny"},
    {"name": "Edmund", "kind": "bot", "bot": "skilled/edmund"},
    {"name": "Mary", "kind": "bot", "bot": "beginner/mary"}]}}
# A seeded bots-only match played through the engine: every response, as text.
PLAY = """async ([start, steps]) => {
  const h = window.harness, out = [];
  let r = await h.request(start);
  out.push(JSON.stringify(r));
  for (let i = 0; i < steps && !r.view.match_over; i++) {
    const b = await h.request({op: "bot", seat: r.view.to_act, apply: false});
    out.push(JSON.stringify(b));
    r = await h.request({op: "act", action: b.action});
    out.push(JSON.stringify(r));
  }
  return out;
}"""
ENGINE_MARK = """() => { const m = performance.getEntriesByName("speculation:engine-ready").pop();
                     return m ? m.detail : null; }"""
SNAPSHOT_MARK = """() => { const m = performance.getEntriesByName("speculation:snapshot").pop();
                       return m ? m.detail : null; }"""


@pytest.fixture(scope="module")
def two_builds(site_build, site_dir: Path, tmp_path_factory) -> tuple[Path, Path]:
    """(v1, v2): the session's build, and one with a visible line added (support.build_v2)."""
    v2 = build_v2(site_build, tmp_path_factory.mktemp("update"))
    assert site_hash(v2) != site_hash(site_dir)
    return site_dir, v2


def harness_boot(page: Page) -> dict:
    """Load the harness, wait for hello; → {hello, boot (engine.bootInfo)}."""
    page.goto(HARNESS)
    deadline = time.monotonic() + BOOT_S
    while True:
        state = page.evaluate("""() => { const h = window.harness;
            return h && {status: h.status, error: h.error, hello: h.hello,
                         boot: h.engine && h.engine.bootInfo}; }""")
        if state and state["status"] in ("ready", "failed"):
            assert state["status"] == "ready", state["error"]
            return state
        assert time.monotonic() < deadline, f"boot did not finish: {state}"
        page.wait_for_timeout(100)


def snapshot_stored(page: Page) -> dict:
    """Wait for the background snapshot of this page's boot (harness)."""
    result = page.evaluate("window.harness.engine.snapshot")
    assert result["stored"] is True, result
    return result


def wait_mark(page: Page, script: str, timeout_s: float = BOOT_S) -> dict:
    deadline = time.monotonic() + timeout_s
    while (detail := page.evaluate(script)) is None:
        assert time.monotonic() < deadline, f"no performance mark after {timeout_s} s"
        page.wait_for_timeout(100)
    return detail


def snapshot_caches(page: Page) -> list[str]:
    return [n for n in cache_names(page) if n.endswith("~snapshot")]


def test_second_visit_restores_and_answers_like_a_normal_boot(page: Page):
    first = harness_boot(page)
    assert first["boot"]["path"] == "normal" and first["boot"]["fallback"] is None
    # the build ships the boot's standard modules as bytecode (tools/stdlib_bytecode.py), and
    # only those and the bridge's (issue 47): neither boot nor the snapshot's needed the rest
    assert first["boot"]["sourced"] == [] and first["boot"]["rest"] == []
    normal_match = page.evaluate(PLAY, [SEEDED, 40])
    stored = snapshot_stored(page)
    assert stored["compressed"] < stored["raw"]
    assert stored["rest"] == []
    assert snapshot_caches(page) == [f"speculation@/#{page_build_of_harness(page)}~snapshot"]

    second = harness_boot(page)
    assert second["boot"]["path"] == "snapshot", second["boot"]
    assert second["boot"]["sourced"] == [] and second["boot"]["rest"] == []
    assert {"snapshot_decoded", "runtime", "imported"} <= set(second["boot"]["stages"])
    assert second["hello"] == first["hello"]
    assert page.evaluate(PLAY, [SEEDED, 40]) == normal_match
    # a restored visit makes no new snapshot
    assert page.evaluate("window.harness.engine.snapshot")["stored"] is False


def page_build_of_harness(page: Page) -> str:
    return page.evaluate("window.harness.info.build")


def break_snapshot(page: Page, how: str) -> None:
    """Replace the stored snapshot, its headers claiming this build: with bytes that are no gzip,
    or a valid snapshot of another build."""
    page.evaluate("""async (how) => {
        const store = await import(new URL("../js/snapshot-store.js", location.href).href);
        const scope = new URL("../", location.href).href, build = window.harness.info.build;
        const cache = await caches.open(store.snapshotCacheName(scope, build));
        let body, raw;
        if (how === "corrupt") [body, raw] = [new Uint8Array(4096).fill(7), 32 << 20];
        else ({compressed: body, raw} = await store.encodeSnapshot({meta: {build: "0123456789abcdef",
                 pyodide: store.SNAPSHOT_PYODIDE, version: "0"}, memory: new Uint8Array(64), files: []}));
        // the entry's own headers say this build: only the body tells the truth
        const headers = store.snapshotHeaders(build, store.SNAPSHOT_PYODIDE, raw, body.length);
        await cache.put(new URL("__engine-snapshot__", scope).href, new Response(body, {headers}));
    }""", how)


@pytest.mark.parametrize(("how", "reason"), [("corrupt", "decompress"), ("stale", "snapshot of build")])
def test_bad_snapshot_falls_back_and_is_rebuilt(page: Page, how: str, reason: str):
    first = harness_boot(page)
    snapshot_stored(page)
    break_snapshot(page, how)

    fallen = harness_boot(page)
    assert fallen["boot"]["path"] == "normal"
    assert reason in fallen["boot"]["fallback"]
    assert fallen["hello"] == first["hello"]
    snapshot_stored(page)  # made again

    again = harness_boot(page)
    assert again["boot"]["path"] == "snapshot" and again["boot"]["fallback"] is None
    assert again["hello"] == first["hello"]


def test_offline_repeat_visit_and_save_resume_on_both_paths(sw_browser, site_build, site_dir):
    server = Server(site_build, site_dir)
    url = server.start()
    ctx = sw_browser(background_snapshot=True)
    page = first_page(ctx)
    try:
        page.goto(url + "index.html")
        wait_ready(page)
        set_pace(page, "instant")
        page.goto(url + "index.html" + MATCH)
        wait_ready(page)
        assert wait_mark(page, ENGINE_MARK)["path"] == "normal"
        for _ in range(3):
            one_move(page)
        saved = shown(page)
        assert saved["save"]
        wait_controlled(page)
        made = wait_mark(page, SNAPSHOT_MARK)
        assert made["stored"] is True, made

        # online repeat visit: from the snapshot, the match resumes as saved
        page.reload()
        wait_ready(page)
        assert wait_mark(page, ENGINE_MARK)["path"] == "snapshot"
        resumed(page)
        assert shown(page) == saved
        live(page)

        # offline (server stopped too): still the snapshot, still the same match
        server.stop()
        ctx.set_offline(True)
        page.reload()
        wait_ready(page)
        assert wait_mark(page, ENGINE_MARK)["path"] == "snapshot"
        resumed(page)
        assert shown(page) == saved
        one_move(page)
        assert page.evaluate("document.body.dataset.state") == "idle"
        moved = shown(page)

        # without the snapshot (deleted), the normal boot resumes the same save the same way
        page.evaluate("""async () => Promise.all((await caches.keys())
            .filter((n) => n.endsWith("~snapshot")).map((n) => caches.delete(n)))""")
        page.reload()
        wait_ready(page)
        assert wait_mark(page, ENGINE_MARK)["path"] == "normal"
        resumed(page)
        assert shown(page) == moved
        live(page)
    finally:
        ctx.set_offline(False)
        server.stop()


def shown(page: Page) -> dict:
    """support.table once the last move's chip badges (a 1.7 s animation, not the table's
    state) have gone."""
    expect(page.locator("#seats .chip-delta")).to_have_count(0, timeout=10000)
    return table(page)


def resumed(page: Page) -> None:
    """A reloaded page offers its saved match on the first screen ("Continue the match") with
    the saved table drawn under it; the table is compared before the match plays on."""
    expect(page.get_by_role("button", name="Continue the match")).to_be_visible(timeout=30000)


def live(page: Page) -> None:
    """Continue the saved match: its controls come up."""
    continue_match(page)
    expect(page.locator("#controls, #hand-result").get_by_role("button").first).to_be_visible(timeout=30000)


def test_update_replaces_the_snapshot(sw_browser, site_build, two_builds, tmp_path):
    v1, v2 = two_builds
    h1, h2 = site_hash(v1), site_hash(v2)
    live = tmp_path / "live"
    point(live, v1)
    server = Server(site_build, live)
    url = server.start()
    ctx = sw_browser(background_snapshot=True)
    page = first_page(ctx)
    try:
        page.goto(url + "index.html" + MATCH)
        wait_ready(page)
        wait_controlled(page)
        made = wait_mark(page, SNAPSHOT_MARK)
        assert made["stored"] is True, made
        assert snapshot_caches(page) == [f"speculation@/#{h1}~snapshot"]

        point(live, v2)
        page.reload()
        wait_ready(page)
        assert wait_mark(page, ENGINE_MARK)["path"] == "snapshot"  # still v1, from its snapshot
        wait_for_prompt(page)
        with page.expect_navigation(timeout=60000):
            page.locator("#update-reload").click()
        wait_ready(page)
        assert page_build(page) == h2
        # v2 booted normally: v1's snapshot went with v1's cache, and v2 makes its own
        assert wait_mark(page, ENGINE_MARK)["path"] == "normal"
        made = wait_mark(page, SNAPSHOT_MARK)
        assert made["stored"] is True, made
        assert snapshot_caches(page) == [f"speculation@/#{h2}~snapshot"]
        page.reload()
        wait_ready(page)
        assert wait_mark(page, ENGINE_MARK)["path"] == "snapshot"
        assert page_build(page) == h2
    finally:
        server.stop()
