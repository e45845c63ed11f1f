"""The table before Python (web/js/preview.js, web/js/last-view.js): a returning player sees the
last table of the saved match before the engine has started, read-only and marked as resuming;
the live table replaces it once the engine answers.

One first visit (module fixture) plays a move and keeps the page's localStorage; each test then
opens a fresh context holding that storage. The worker's request for the runtime's wasm is held
by a Playwright route while the test looks at the page, so the engine cannot be ready yet; the
route is released to let the boot finish.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect
from support import (
    BOOT_S,
    READY,
    WATCH_CSP,
    assert_no_axe_violations,
    capture,
    continue_match,
    errors_in,
    open_match,
    set_pace,
    settle,
    wait_until,
)

from speculation.bridge import Session
from speculation.cards import card_str

pytestmark = [pytest.mark.browser, pytest.mark.cold_boot]  # what shows before the engine: a first visit's boot

LAST_VIEW_KEY = "speculation:last-view:v1"
SAVE_KEY = "speculation:save:v1"
WASM = "**/pyodide/pyodide.asm.wasm"
MATCH = "index.html?p=human:Fanny&p=bot:casual/mary:Mary&p=bot:casual/henry:Henry&seed=19"
CARD = re.compile(r"^(?:[2-9TJQKA])[SHDC]$")
MARKS = "['speculation:shell', 'speculation:preview', 'speculation:playable'].filter((n) => performance.getEntriesByName(n).length)"


def origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def new_context(browser: Browser, site_url: str, storage: dict[str, str] | None = None) -> BrowserContext:
    """A context on the site with `storage` in its localStorage; service workers are blocked so
    that every request passes Playwright's routes."""
    state_: dict[str, Any] = {"cookies": [], "origins": []}
    if storage:
        state_["origins"] = [{"origin": origin(site_url),
                              "localStorage": [{"name": k, "value": v} for k, v in storage.items()]}]
    ctx = browser.new_context(base_url=site_url, service_workers="block", storage_state=state_)
    ctx.add_init_script(WATCH_CSP)
    return ctx


class Held:
    """Holds the worker's wasm request until release()."""

    def __init__(self, page: Page):
        self.routes: list[Route] = []
        self.page = page
        page.route(WASM, self._hold)

    def _hold(self, route: Route) -> None:
        self.routes.append(route)

    def wait(self) -> None:
        wait_until(lambda: self.routes, "the worker to ask for the wasm", BOOT_S, self.page)

    def release(self) -> None:
        for route in self.routes:
            route.continue_()


@pytest.fixture(scope="module")
def first_visit(browser: Browser, site_url: str) -> dict[str, str]:
    """A match started from a link with the pace set to instant, stopped at Fanny's first
    decision (the deal is made by itself: she keeps or sells the upcard, everyone's three
    cards still face down): the page's localStorage then (the save and the last view among it).
    A later stop could be the end of the hand, with no card face down left to look for."""
    ctx = new_context(browser, site_url)
    try:
        page = ctx.new_page()
        open_match(page, MATCH)
        set_pace(page, "instant")
        expect(page.locator("#status")).to_contain_text("Your turn: Keep or sell")
        storage = page.evaluate("Object.fromEntries(Object.entries(localStorage))")
    finally:
        ctx.close()
    assert SAVE_KEY in storage and LAST_VIEW_KEY in storage, sorted(storage)
    return storage


@pytest.fixture
def context(browser: Browser, site_url: str) -> Iterator[list[BrowserContext]]:
    made: list[BrowserContext] = []
    yield made
    for ctx in made:
        ctx.close()


def open_page(context: list[BrowserContext], browser: Browser, site_url: str,
              storage: dict[str, str] | None) -> tuple[Page, list[str], Held]:
    ctx = new_context(browser, site_url, storage)
    context.append(ctx)
    page = ctx.new_page()
    lines = capture(page, [])
    return page, lines, Held(page)


def seat_names(page: Page) -> list[str]:
    """The names of the seats drawn, in seat order (the table draws yours at the bottom and the
    others round from your left, so its document order is not the seat order)."""
    return by_seat(page, ".seat-name")


def drawn_order(page: Page) -> list[str]:
    """The seats in the order the table draws them (document order)."""
    return page.locator("#seats .seat[data-seat]").evaluate_all("(els) => els.map((e) => e.dataset.seat)")


def by_seat(page: Page, part: str) -> list[str]:
    """The text of `part` in each seat drawn, in seat order (data-seat)."""
    return page.evaluate("""(part) => [...document.querySelectorAll("#seats .seat[data-seat]")]
        .sort((a, b) => Number(a.dataset.seat) - Number(b.dataset.seat))
        .map((s) => s.querySelector(part)?.innerText ?? null)""", part)


def test_returning_player_sees_the_stored_table_before_the_engine(
        first_visit: dict[str, str], context: list[BrowserContext], browser: Browser, site_url: str):
    stored = json.loads(first_visit[LAST_VIEW_KEY])["view"]
    page, lines, held = open_page(context, browser, site_url, first_visit)
    page.goto("index.html")
    held.wait()  # the engine cannot start: its runtime has not arrived

    banner = page.locator("#preview-banner")
    expect(banner).to_contain_text("Resuming your match")
    table = page.locator("#table")
    expect(table).to_have_class(re.compile(r"\bis-preview\b"))
    expect(table).to_have_attribute("aria-busy", "true")
    assert seat_names(page) == [s["name"] for s in stored["seats"]]
    assert page.locator("#seats .seat-placeholder").count() == 0
    # drawn as the live table draws it: your seat at the bottom, the others round from your left
    you = next(s["seat"] for s in stored["seats"] if s["kind"] == "human")
    assert page.locator("#seats .seats-you [data-seat]").get_attribute("data-seat") == str(you)
    preview_order = drawn_order(page)
    expect(page.locator("#pot-num")).to_have_text(str(stored["pot"]))
    counts = by_seat(page, ".stack-count")
    assert counts == [f"{s['stack']} face-down" if s["stack"] else "no face-down cards" for s in stored["seats"]]
    expect(page.locator("#boot")).not_to_have_class(READY)
    # read-only: nothing on the table or in the controls takes input, and the table is busy
    assert page.locator("#controls > *").count() == 0
    live = page.locator("#table :is(button, input, select):enabled:visible")
    assert live.count() == 0, live.evaluate_all("(els) => els.map((e) => e.id || e.outerHTML)")
    expect(page.locator("#btn-new")).to_be_disabled()
    # busy once the site's modules (imported after the preview is painted) are wired
    expect(page.locator("body")).to_have_attribute("data-state", "busy")
    assert page.evaluate(MARKS) == ["speculation:shell", "speculation:preview"]
    assert_no_axe_violations(page, "the stored table before the engine runs")

    held.release()
    settle(page, 0, BOOT_S)
    expect(banner).to_have_count(0)
    expect(table).not_to_have_class(re.compile(r"\bis-preview\b"))
    assert seat_names(page) == [s["name"] for s in stored["seats"]]
    assert drawn_order(page) == preview_order, "the seats do not move when the table comes to life"
    expect(page.get_by_role("button", name="Continue the match")).to_be_visible()
    continue_match(page)  # the first screen waits for the player; the saved match plays on
    assert page.locator("#controls button:enabled, #hand-result button:enabled").count() > 0, \
        "the resumed table is live"
    assert page.evaluate(MARKS) == ["speculation:shell", "speculation:preview", "speculation:playable"]
    assert errors_in(lines) == []


def test_the_stored_view_names_no_face_down_card(first_visit: dict[str, str]):
    """The engine's own state, restored from the same save, says which cards are face down;
    none of them appears anywhere in the stored view."""
    session = Session()
    loaded = json.loads(session.handle(json.dumps({"op": "load", "snapshot": json.loads(first_visit[SAVE_KEY])["snapshot"]})))
    assert loaded["ok"], loaded
    game = session.game
    assert game is not None
    hidden = {card_str(c) for stack in game.stacks for c in stack} | {card_str(c) for c in game.dead}
    assert hidden, "the first visit must stop with face-down cards on the table"

    raw = first_visit[LAST_VIEW_KEY]
    shown: set[str] = set()

    def walk(x: Any) -> None:
        if isinstance(x, str) and CARD.match(x):
            shown.add(x)
        elif isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(json.loads(raw))
    assert shown, "the stored view shows the face-up cards (the upcard at least)"
    assert not shown & hidden
    assert not [c for c in hidden if f'"{c}"' in raw]
    # and the counts agree with the engine's
    stored = json.loads(raw)["view"]
    assert [s["stack"] for s in stored["seats"]] == [len(s) for s in game.stacks]


@pytest.mark.parametrize("corrupt", [
    "{not json",
    json.dumps({"v": 1, "holder": 0, "view": {"phase": "market", "seats": [
        {"seat": 0, "name": "Fanny", "kind": "human", "chips": 40, "stack": "lots", "revealed": ["ZZ"]},
        {"seat": 1, "name": "Mary", "kind": "bot", "chips": 40, "stack": 3, "revealed": []}]}}),
], ids=["not-json", "bad-fields"])
def test_a_corrupt_stored_view_is_ignored(corrupt: str, first_visit: dict[str, str],
                                          context: list[BrowserContext], browser: Browser, site_url: str):
    page, lines, held = open_page(context, browser, site_url, {**first_visit, LAST_VIEW_KEY: corrupt})
    page.goto("index.html")
    held.wait()
    page.wait_for_timeout(300)  # the preview, had there been one, is drawn by now
    expect(page.locator("#preview-banner")).to_have_count(0)
    expect(page.locator("#table")).not_to_have_class(re.compile(r"\bis-preview\b"))
    assert page.locator("#seats [data-seat]").count() == 0, "the empty table as the page has it"
    assert page.evaluate(MARKS) == ["speculation:shell"]

    held.release()
    settle(page, 0, BOOT_S)  # the save itself is fine: the match resumes as usual
    assert seat_names(page) == ["Fanny", "Mary", "Henry"]
    fresh = page.evaluate(f"localStorage.getItem({LAST_VIEW_KEY!r})")
    assert json.loads(fresh)["view"]["seats"][0]["name"] == "Fanny", "the live table is stored again"
    assert errors_in(lines) == []


@pytest.mark.parametrize("where", ["index.html?embed=1", "no-save"])
def test_no_preview_in_an_embed_or_without_a_save(where: str, first_visit: dict[str, str],
                                                  context: list[BrowserContext], browser: Browser,
                                                  site_url: str):
    storage = {k: v for k, v in first_visit.items() if where != "no-save" or k != SAVE_KEY}
    page, lines, held = open_page(context, browser, site_url, storage)
    page.goto(where if where.endswith("=1") else "index.html")
    held.wait()
    page.wait_for_timeout(300)
    expect(page.locator("#preview-banner")).to_have_count(0)
    assert "speculation:preview" not in page.evaluate(MARKS)
    held.release()
    assert errors_in(lines) == []
