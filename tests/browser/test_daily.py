"""The daily deal on the table (issue 45, item 6): the table says it is one and which hand of
five; at the end its result is the first thing under the panel's title, above the last hand's
table; the line to share carries a link that opens the same day's deal, and a link to a day not
out yet gets a specific message; after the match the first screen, with its Play and choice of
opponents, is one click away."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from support import BOOT_S, MOVES, settle, state

pytestmark = pytest.mark.browser

DAY = "2026-12-01"  # a past day: practice, the same deals on every run


def finish(page: Page) -> None:
    """Every decision of the player's answered plainly (keep each card, refuse each offer, pass)
    until the match summary shows."""
    summary = page.locator("#match-summary")
    buttons = page.locator("#controls, #hand-result").get_by_role("button", name=MOVES)
    for _ in range(400):
        if summary.is_visible():
            return
        before = state(page)[1]
        if buttons.count() == 0:
            page.wait_for_timeout(100)
            continue
        buttons.first.click()
        if page.locator("#confirm").is_visible():
            page.locator("#confirm-ok").click()
        settle(page, before)
    raise AssertionError("the daily deal did not end")


def test_a_shared_daily_link_plays_that_day_says_so_and_shares_itself(watched: Page, site_url: str):
    page = watched
    page.context.add_init_script("localStorage.setItem('speculation:settings:v1', JSON.stringify({pace: 'instant'}));")
    page.goto(f"index.html?daily={DAY}")
    settle(page, 0, BOOT_S)
    expect(page.locator("#info-hand-label")).to_have_text("Daily deal · hand")
    expect(page.locator("#info-hand")).to_have_text("1 of 5")
    assert "daily=" not in page.url, "the link's parameter is taken off the address once read"
    finish(page)
    result = page.locator("#daily-result")
    expect(result).to_contain_text(f"Daily deal {DAY} (practice", timeout=60_000)
    expect(page.locator("#info-hand")).to_have_text("5 of 5")
    # first under the title, above the last hand's table
    order = page.evaluate("""() => [...document.getElementById('match-summary').children]
        .filter((e) => !e.hidden).map((e) => e.id || e.tagName)""")
    assert order[:3] == ["match-summary-title", "daily-result", "hand-result"], order
    shared = page.locator("#daily-share").input_value()
    link = re.search(r"https?://\S+", shared)
    assert shared.startswith(f"Speculation daily {DAY}: ") and link, shared
    assert link.group(0) == f"{site_url.rstrip('/')}/index.html?daily={DAY}"
    # one click to the first screen, whose Play has the choice of opponents
    page.locator("#match-summary").get_by_role("button", name="Choose opponents").click()
    expect(page.locator("#welcome")).to_be_visible()
    expect(page.locator("#play-opponents")).to_be_visible()
    expect(page.get_by_role("button", name="Play", exact=True)).to_be_visible()
    # the shared link opens the same day's deal (after asking about nothing: the match is over)
    page.goto(link.group(0))
    settle(page, 0, BOOT_S)
    expect(page.locator("#info-hand-label")).to_have_text("Daily deal · hand")
    expect(page.locator("#daily-result")).to_have_count(0)
    # a day not out yet: a specific message, and the first screen
    page.goto("index.html?daily=2999-01-01")
    settle(page, 0, BOOT_S)
    expect(page.locator("#notice-text")).to_contain_text("The daily deal of 2999-01-01 is not out yet")
