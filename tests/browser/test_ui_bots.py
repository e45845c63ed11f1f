"""Browser tests against the computer players: a whole match played by clicking, with trades in
every direction, the bots' reasons in the log and their visible pace.

The human's plan is fixed (keep the upcard, buy a card offered at 16 chips or less, bid the
minimum up to 14, accept every haggle, order one of Mary's face-down cards at 15 before the first
market window, otherwise pass; offers for the human's cards are put to them, a setting), and the
bots are seeded by the match seed, so seed 19 always tells the same story: the human buys a card
from Mary at auction, buys Mary's face-down card, and a bot buys one of the human's. Another
test plays with the default standing answers and checks their visible notes.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from support import BOOT_S, buy_order, log_text, scenario_url, set_settings, settle, state

pytestmark = pytest.mark.browser

BOTS = ["human:You", "bot:casual/mary:Mary", "bot:casual/henry:Henry"]


def set_pace(page: Page, pace: str, **more) -> None:
    page.goto("index.html")
    settle(page, 0, BOOT_S)
    page.get_by_role("button", name="Settings").click()
    page.get_by_label("Pace of the computer players").select_option(pace)
    page.keyboard.press("Escape")
    if more:
        current = page.evaluate("JSON.parse(localStorage.getItem('speculation:settings:v1'))")
        set_settings(page, **{**current, **more})


def click_and_settle(page: Page, locator, confirm: bool = False) -> None:
    before = state(page)[1]
    locator.click()
    if confirm:
        expect(page.locator("#confirm")).to_be_visible()
        page.locator("#confirm-ok").click()
    settle(page, before, 60)


def human_turn(page: Page, offered: list[bool]) -> None:
    controls = page.locator("#controls")
    button = lambda name: controls.get_by_role("button", name=name, exact=isinstance(name, str))  # noqa: E731
    # the end of a hand: its panel over the table holds "Next hand"
    if page.locator("#hand-result").get_by_role("button", name="Next hand").count():
        return click_and_settle(page, page.locator("#hand-result").get_by_role("button", name="Next hand"))
    for name in ("Next hand",):
        if button(name).count():
            return click_and_settle(page, button(name))
    keep = button(re.compile(r"^Keep "))
    if keep.count():
        return click_and_settle(page, keep)
    buy = button(re.compile(r"^Buy .* for (\d+) chips?$"))
    if buy.count():
        price = int(re.search(r"for (\d+) chip", buy.inner_text()).group(1))
        if price <= 16:
            return click_and_settle(page, buy)
        return click_and_settle(page, button("Decline to buy"))
    bid = controls.get_by_label("Your bid", exact=True)
    if bid.count():
        low = int(bid.get_attribute("min"))
        if low <= 14:
            bid.fill(str(low))
            return click_and_settle(page, button("Bid"))
        return click_and_settle(page, button("Pass (drop out)"))
    accept = button(re.compile(r"^(Accept|Sell to the top bid)"))
    if accept.count():
        return click_and_settle(page, accept.first)
    passing = button(re.compile(r"^Pass"))
    if passing.count():
        return click_and_settle(page, passing.first)
    raise AssertionError(f"no move for the plan; status: {page.inner_text('#status')}")


def test_match_against_bots_with_trades_both_ways(watched: Page):
    page = watched
    set_pace(page, "instant", offers="ask")
    page.goto(scenario_url(BOTS, seed=19, rules={"max_hands": 1}))
    settle(page, 0, BOOT_S)
    offered = [True]
    # the buy order, placed before the first market window (the dealer's sale decision is up)
    buy_order(page, "Mary", 15)
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
    # the human deals by itself; the first thing asked is the sale of the upcard
    # the engine's coach prices the decision on request
    page.locator("#controls").get_by_role("button", name="What is it worth?").click()
    expect(page.locator("#controls .advice-text")).to_contain_text("Fair value about")
    page.locator("#controls").get_by_role("button", name=re.compile(r"^Keep ")).click()
    # after the human keeps the upcard, a market window polls everyone; the bots take their time
    expect(page.locator("#seats .thinking")).to_be_visible(timeout=20000)
    expect(page.locator("#status")).to_contain_text("is thinking")


def test_default_standing_answers_say_what_they_did(watched: Page):
    """Defaults: your card turns up by itself, market windows pass for you, offers at or below
    the engine's fair value for your cards are refused with a visible note, and nothing with no
    choice in it is ever asked."""
    page = watched
    set_pace(page, "instant")
    page.goto(scenario_url(["human:Julia", "bot:casual/mary:Mary", "bot:casual/henry:Henry"], seed=19,
                           rules={"max_hands": 3}))
    settle(page, 0, BOOT_S)
    asked: set[str] = set()
    for _ in range(300):
        if page.locator("#match-summary").is_visible():
            break
        # the end of a hand: its panel over the table holds the one way on
        panel_next = page.locator("#hand-result").get_by_role(
            "button", name="Next hand")
        if panel_next.count() and panel_next.first.is_visible():
            click_and_settle(page, panel_next.first)
            continue
        controls = page.locator("#controls")
        labels = [b.inner_text() for b in controls.get_by_role("button").all()]
        asked.update(labels)
        # the banner says whose turn it is, and a safe control has the focus
        if labels != ["Next hand"]:
            expect(page.locator("#status")).to_have_class(re.compile("is-your-turn"))
            focused = page.evaluate("document.activeElement.textContent")
            assert not re.match(r"^(Accept|Buy|Sell to|Bid|Start|Offer|Make)", focused or ""), focused
        keep = controls.get_by_role("button", name=re.compile(r"^(Next hand|Keep |Decline|Pass|Refuse|Break off)"))
        click_and_settle(page, keep.first)
    expect(page.locator("#match-summary")).to_be_visible()
    assert not asked & {"Turn up my top card", "Deal the hand", "Pass (no offer)"}, asked
    text = log_text(page)
    assert "Julia turns up" in text and "Julia passes" in text, text
    notes = [n for n in page.locator("#log li.auto").all_text_contents()]
    for n in notes:
        assert re.match(r"^Your standing answer refused (Mary|Henry)'s offer of \d+ chips? for your face-down card "
                        r"\((below its fair value, (about )?\d+(\.\d\d?)? chips?|exactly its fair value)\)\.$", n), n
    if notes:
        assert "refuses" in text
