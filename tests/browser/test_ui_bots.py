"""Browser tests against the computer players: a whole match played by clicking, with trades in
every direction, the bots' reasons in the log and their visible pace.

The human's plan is fixed (keep the upcard, buy a card offered at 16 chips or less, bid the
minimum up to 14, accept every haggle, offer 15 for Mary's top card once, otherwise pass), and the
bots are seeded by the match seed, so seed 19 always tells the same story: the human buys a card
from Mary at auction, buys Mary's face-down card, and a bot buys one of the human's.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from test_ui_play import BOOT_S, log_text, scenario_url, settle, state, watched  # noqa: F401

pytestmark = pytest.mark.browser

BOTS = ["human:You", "bot:casual/mary:Mary", "bot:casual/henry:Henry"]


def set_pace(page: Page, pace: str) -> None:
    page.goto("index.html")
    page.get_by_role("button", name="Settings").click()
    page.get_by_label("Pace of the computer players").select_option(pace)


def click_and_settle(page: Page, locator, confirm: bool = False) -> None:
    before = state(page)[1]
    locator.click()
    if confirm:
        expect(page.locator("#confirm")).to_be_visible()
        page.locator("#confirm-ok").click()
    settle(page, before, 60)


def human_turn(page: Page, offered: list[bool]) -> None:
    controls = page.locator("#controls")
    button = lambda name: controls.get_by_role("button", name=name)  # noqa: E731
    # the end of a hand: its panel over the table holds "Next hand"
    if page.locator("#hand-result").get_by_role("button", name="Next hand").count():
        return click_and_settle(page, page.locator("#hand-result").get_by_role("button", name="Next hand"))
    for name in ("Deal the hand", "Turn up my top card", "Next hand"):
        if button(name).count():
            return click_and_settle(page, button(name))
    keep = button(re.compile(r"^Keep "))
    if keep.count():
        return click_and_settle(page, keep)
    buy = button(re.compile(r"^Buy .* for (\d+) chips?$"))
    if buy.count():
        price = int(re.search(r"for (\d+) chip", buy.inner_text()).group(1))
        if price <= 16:
            return click_and_settle(page, buy, confirm=True)
        return click_and_settle(page, button("Decline to buy"))
    bid = controls.get_by_label("Your bid", exact=True)
    if bid.count():
        low = int(bid.get_attribute("min"))
        if low <= 14:
            bid.fill(str(low))
            return click_and_settle(page, button("Bid"), confirm=True)
        return click_and_settle(page, button("Pass (drop out)"))
    accept = button(re.compile(r"^(Accept|Sell to the top bid)"))
    if accept.count():
        return click_and_settle(page, accept.first, confirm=True)
    mary = page.get_by_role("button", name=re.compile(r"Offer to buy Mary's face-down card 1 of"))
    if not offered[0] and mary.count():
        offered[0] = True
        mary.click()
        page.locator("#confirm-price").fill("15")
        before = state(page)[1]
        page.locator("#confirm-ok").click()
        return settle(page, before, 60)
    passing = button(re.compile(r"^Pass"))
    if passing.count():
        return click_and_settle(page, passing.first)
    raise AssertionError(f"no move for the plan; status: {page.inner_text('#status')}")


def test_match_against_bots_with_trades_both_ways(watched: Page):
    page = watched
    set_pace(page, "instant")
    page.goto(scenario_url(BOTS, seed=19, rules={"max_hands": 1}))
    settle(page, 0, BOOT_S)
    offered = [False]
    for _ in range(200):
        if page.locator("#match-summary").is_visible():
            break
        human_turn(page, offered)
    expect(page.locator("#match-summary")).to_be_visible()
    text = log_text(page)
    assert re.search(r"Mary sells the .+ to You for \d+", text), text
    assert "You buys Mary's" in text, text
    assert re.search(r"(Mary|Henry) buys You's", text), text
    # the bots' reasons are in the log
    assert page.locator("#log li.reason").count() > 0
    expect(page.locator("#hand-result")).to_be_visible()
    expect(page.locator("#match-summary .chart")).to_be_visible()


def test_bots_think_visibly_at_a_slow_pace(watched: Page):
    page = watched
    set_pace(page, "slow")
    page.goto(scenario_url(BOTS, seed=19, rules={"max_hands": 1}))
    settle(page, 0, BOOT_S)
    page.locator("#controls").get_by_role("button", name="Deal the hand").click()
    # the engine's coach prices the decision on request
    page.locator("#controls").get_by_role("button", name="What is it worth?").click()
    expect(page.locator("#controls .advice-text")).to_contain_text("Fair value about")
    page.locator("#controls").get_by_role("button", name=re.compile(r"^Keep ")).click()
    # after the human keeps the upcard, a market window polls everyone; the bots take their time
    expect(page.locator("#seats .thinking")).to_be_visible(timeout=20000)
    expect(page.locator("#status")).to_contain_text("is thinking")
