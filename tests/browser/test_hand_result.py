"""The end of a hand over the table (issue 11, item 4): the panel is inside the viewport with
"Next hand" inside it, its sentence is the engine's outcome, and the card that decided the hand
is highlighted there and on the felt, even when it is one of the holder's unturned cards shown
at the end (Edmund holds the two of hearts, bought from Fanny; his unturned three of hearts
wins: the table must show and mark the three, not the two)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from support import assert_no_axe_violations
from test_announce import play_the_sale

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("size", [(1280, 800), (390, 844), (360, 560)])
def test_end_of_hand_panel_is_over_the_table_with_next_hand_inside(page: Page, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    play_the_sale(page)
    panel = page.locator("#hand-result")
    expect(panel).to_be_visible()
    box = panel.bounding_box()
    assert box and box["y"] >= 0 and box["x"] >= 0
    assert box["y"] + box["height"] <= size[1] and box["x"] + box["width"] <= size[0]
    # never over the site header: its buttons (Menu on a phone) stay within reach
    head = page.locator(".site-header").bounding_box()
    assert head and box["y"] >= head["y"] + head["height"], (box, head)
    nxt = panel.get_by_role("button", name="See the match summary")  # max_hands 1: the last hand
    expect(nxt).to_be_visible()
    expect(nxt).to_be_focused()
    expect(panel).to_contain_text("Edmund takes the pot of 8 chips with the three of hearts")
    # the deciding card is marked in the panel and on the felt, and the centre names it
    expect(panel.locator('.result-table [data-card="3H"].is-winner')).to_have_count(1)
    expect(page.locator('#seats [data-seat="1"] [data-card="3H"]')).to_have_class(re.compile(r"\bis-winner\b"))
    expect(page.locator("#best-caption")).to_have_text("Decided the hand: the three of hearts")
    assert page.locator("#controls button").count() == 0, "the panel holds the one way on"
    assert_no_axe_violations(page, "the end-of-hand panel")
    nxt.click()
    expect(panel).to_be_hidden()
    # the result's banner goes with its panel: nothing sits over the summary
    expect(page.locator("#announce-banner")).to_be_hidden()
    expect(page.locator("#match-summary-title")).to_be_focused()
    summary = page.locator("#match-summary")
    # one "Play again" (issue 26: "Rematch" beside it did the same thing)
    expect(summary.get_by_role("button", name="Play again")).to_have_count(1)
    expect(summary.get_by_role("button", name="Play again")).to_be_visible()
    expect(summary.get_by_role("button", name="Rematch")).to_have_count(0)
    # the chart in words for screen readers
    expect(summary.locator("figcaption.chart-description")).to_contain_text("Chips after each hand, over 1 hand.")
    assert_no_axe_violations(page, "the match summary")
