"""A new deploy while a match is in progress: offered, never forced, and the match survives.

Two builds share one origin: v1 from web/ (the session's site_dir), v2 from a copy of web/
with a visible line added to the page.  The test server serves a symlink that the test
points at v1, then at v2, as a deploy replaces the files behind a URL.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from support import (
    MOVES,
    V2_LINE,
    Server,
    build_v2,
    cache_names,
    continue_match,
    first_page,
    one_move,
    page_build,
    point,
    set_pace,
    settle,
    site_hash,
    sw_version,
    table,
    wait_controlled,
    wait_for_prompt,
    wait_ready,
)

pytestmark = pytest.mark.browser

MATCH = "?p=human:You&p=bot:casual/mary:Mary&seed=19&rule.max_hands=3"
FOREIGN = ["another-site-cache", "speculation@/another-copy/#0123456789abcdef"]


@pytest.fixture(scope="module")
def two_builds(site_build, site_dir: Path, tmp_path_factory):
    """(v1, v2): the session's build, and one from web/ plus a visible line."""
    v2 = build_v2(site_build, tmp_path_factory.mktemp("update"))
    assert site_hash(v2) != site_hash(site_dir)
    return site_dir, v2


def test_update_is_offered_declined_then_accepted(sw_browser, site_build, two_builds, tmp_path):
    v1, v2 = two_builds
    h1, h2 = site_hash(v1), site_hash(v2)
    live = tmp_path / "live"
    point(live, v1)
    server = Server(site_build, live)
    url = server.start()
    ctx = sw_browser()
    page = first_page(ctx)
    try:
        # ---- first visit (v1): start a match and make a few moves
        page.goto(url + "index.html")
        wait_ready(page)
        set_pace(page, "instant")
        page.goto(url + "index.html" + MATCH)
        wait_ready(page)
        for _ in range(3):
            one_move(page)
        wait_controlled(page)
        assert sw_version(page)["build"] == h1
        page.evaluate("""(names) => Promise.all(names.map((n) => caches.open(n)))""", FOREIGN)
        before = table(page)
        assert before["save"] and before["seats"]
        expect(page.locator("#update-prompt")).to_have_count(0)

        # ---- deploy v2; the player comes back to the page
        point(live, v2)
        page.reload()
        wait_ready(page)
        wait_for_prompt(page)
        # still v1 until the player says yes, and the match resumed as it was
        assert page_build(page) == h1 and sw_version(page)["build"] == h1
        expect(page.locator("#v2-line")).to_have_count(0)
        assert table(page) == before

        # ---- "Not now": v1 keeps running, without a reload, and the match goes on
        page.evaluate("window.__sameDocument = true")
        page.locator("#update-later").click()
        expect(page.locator("#update-prompt")).to_be_hidden()
        one_move(page)
        assert page.evaluate("window.__sameDocument === true")
        assert page_build(page) == h1 and sw_version(page)["build"] == h1
        expect(page.locator("#v2-line")).to_have_count(0)
        # a reload alone does not swap versions either: the offer comes back
        page.reload()
        wait_ready(page)
        assert page_build(page) == h1
        wait_for_prompt(page)
        before = table(page)

        # ---- "Reload": v2, with the same match
        with page.expect_navigation(timeout=60000):
            page.locator("#update-reload").click()
        wait_ready(page)
        assert page_build(page) == h2
        expect(page.locator("#v2-line")).to_have_text(V2_LINE)
        wait_controlled(page)
        assert sw_version(page)["build"] == h2
        expect(page.locator("#update-prompt")).to_have_count(0)
        settle(page, 0, 60)
        continue_match(page)  # the saved match comes back with "Continue the match"
        # the player's next step is there: a decision's controls, or the hand's "Next hand"
        expect(page.locator("#controls, #hand-result").get_by_role("button", name=MOVES).first).to_be_visible(timeout=30000)
        assert table(page) == before
        expect(page.locator("#log")).to_contain_text("The match was resumed")
        # only this site's old cache went; the other sites' caches on the origin stay
        names = cache_names(page)
        assert f"speculation@/#{h2}" in names and f"speculation@/#{h1}" not in names
        assert all(name in names for name in FOREIGN), names
        # and v2 plays on
        one_move(page)
        assert page.evaluate("document.body.dataset.state") == "idle"
    finally:
        server.stop()


def test_unreadable_save_is_explained_and_kept_for_download(page: Page):
    """A save the new version cannot resume (another format) is never dropped silently."""
    page.goto("index.html")
    wait_ready(page)
    settle(page, 0, 60)  # the page has read its (empty) save: the one set below is for the reload
    old = '{"v": 0, "snapshot": "{\\"format\\": \\"from-the-future\\"}", "ui": {}}'
    page.evaluate("""async (old) => {
        const { SAVE_KEY } = await import(new URL("js/storage.js", location.href).href);
        localStorage.setItem(SAVE_KEY, old);
    }""", old)
    page.reload()
    wait_ready(page)
    notice = page.locator("#notice")
    expect(notice).to_be_visible(timeout=30000)
    expect(notice).to_contain_text("could not be resumed")
    link = page.locator("#notice-download")
    expect(link).to_be_visible()
    with page.expect_download() as download:
        link.click()
    kept = Path(download.value.path()).read_text(encoding="utf-8")
    assert json.loads(kept) == {"saved_game": old}  # the very text that was stored
