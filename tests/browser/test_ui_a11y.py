"""Accessibility and first paint: axe-core finds no violations on the first screen, in the
set-up form, the panels over the table (rules, settings, log, the buy order), play, a sale
dialog, the end of a hand and the end of the match (light and dark); the table and the rules
are there before Python is ready; a whole match can be played from the keyboard alone, and the
pass-and-play hand-over (an option) keeps the focus where it belongs."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, Route, expect
from support import (
    BOOT_S,
    assert_no_axe_violations,
    play_on,
    press,
    scenario_url,
    set_settings,
    settle,
    state,
    take_screen,
)

pytestmark = pytest.mark.browser

THREE = ["Fanny", "Edmund", "Mary"]
NO_HEARTS_KH = ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "KH"]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_in_every_state(watched: Page, scheme: str):
    page = watched
    page.emulate_media(color_scheme=scheme)
    set_settings(page, confirmTrades=True)
    page.goto("index.html")
    settle(page, 0, BOOT_S)
    expect(page.locator("#welcome")).to_be_visible()
    assert_no_axe_violations(page, "the first screen")
    page.get_by_role("button", name="Custom match…").click()
    page.locator(".house-rules summary").click()
    assert_no_axe_violations(page, "set-up")
    page.keyboard.press("Escape")
    for opener in ["Rules", "Settings", "Log"]:
        page.get_by_role("button", name=opener, exact=True).click()
        assert_no_axe_violations(page, f"the {opener} panel")
        page.keyboard.press("Escape")

    page.goto(scenario_url(THREE, seed=2, decks=[NO_HEARTS_KH], rules={"max_hands": 1}))
    settle(page, 0, BOOT_S)
    take_screen(page, "Fanny")
    assert_no_axe_violations(page, "play (a sale decision)")
    page.get_by_role("button", name="Buy a face-down card…").click()
    assert_no_axe_violations(page, "the buy order")
    page.keyboard.press("Escape")

    # the sale dialog (the confirmation setting is on), open: the safe button has the focus
    controls = page.locator("#controls")
    controls.get_by_role("radio", name="Fixed price").check()
    controls.get_by_label("Price", exact=True).fill("6")
    opener = controls.get_by_role("button", name="Offer for sale")
    opener.click()
    expect(page.locator("#confirm")).to_be_visible()
    expect(page.locator("#confirm-fact")).to_contain_text(re.compile(r"Fair value (about )?\d+(\.\d)? chips? · this card's chance \d+%"))
    expect(page.locator("#confirm-cancel")).to_be_focused()
    assert_no_axe_violations(page, "the sale dialog")
    page.keyboard.press("Escape")  # cancel: nothing happens, focus returns to the opener
    expect(page.locator("#confirm")).to_be_hidden()
    expect(opener).to_be_focused()

    press(page, "Fanny", re.compile(r"^Keep "))
    play_on(page, lambda p: p.locator("#hand-result").is_visible())
    assert_no_axe_violations(page, "the end of the hand and of the match")


def test_table_and_rules_paint_before_python(page: Page, site_url: str):
    """With the runtime download held back, everything static is already there."""
    held: list[Route] = []
    page.route(re.compile(r".*/pyodide/.*"), lambda route: held.append(route))
    page.goto("index.html")
    expect(page.locator("#boot-progress")).to_be_visible()
    expect(page.locator("#boot-stage")).not_to_be_empty()
    expect(page.locator("#boot-error")).to_be_hidden()
    expect(page.locator("#table .felt")).to_be_visible()
    expect(page.locator("#seats .seat")).to_have_count(4)
    # the rules open over the table while the engine loads
    page.get_by_role("button", name="Rules").click()
    expect(page.locator("#rules-dialog")).to_be_visible()
    expect(page.locator("#rules")).to_contain_text("upcard")
    page.keyboard.press("Escape")
    page.get_by_role("button", name="About").click()
    expect(page.locator("#about")).to_contain_text("Mansfield Park")
    # the CSP is in force and nothing inline was needed
    csp = page.locator("meta[http-equiv='Content-Security-Policy']").get_attribute("content")
    assert "script-src 'self' 'wasm-unsafe-eval'" in csp and "style-src 'self'" in csp
    # and no inline style: the only style attribute is the stage's measured height, set through
    # the CSSOM (stage-size.js), which the policy allows
    styled = page.evaluate("[...document.querySelectorAll('[style]')].map((e) => e.getAttribute('style'))")
    assert all(re.fullmatch(r"--stage-h: [\d.]+px;", s) for s in styled), styled
    for route in held:
        route.abort()


def test_no_horizontal_scroll_on_a_small_phone(watched: Page):
    page = watched
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(scenario_url(["Fanny", "Edmund", "Mary", "Henry", "Julia", "Tom", "William", "Susan"], seed=4))
    settle(page, 0, BOOT_S)
    take_screen(page, "Fanny")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # touch-sized targets for the controls
    for box in page.locator("#controls button").all():
        if not box.is_visible():
            continue
        bb = box.bounding_box()
        assert bb["height"] >= 44 and bb["width"] >= 44, box.inner_text()


def test_keyboard_only_match(watched: Page):
    """Play, a sale by auction and a whole match with the keyboard alone: the focus is always
    on a safe control of the decision (Enter keeps, declines or passes) or on Next hand."""
    page = watched
    set_settings(page, pace="instant")
    page.goto("index.html")
    settle(page, 0, BOOT_S)
    expect(page.get_by_role("button", name="Play", exact=True)).to_be_focused()
    before = state(page)[1]
    page.keyboard.press("Enter")
    settle(page, before)
    sold = False
    for _ in range(400):
        # one end-of-match panel: the last hand's result is inside the summary, which takes the focus
        if page.locator("#match-summary").is_visible():
            break
        label = page.evaluate("document.activeElement && document.activeElement.textContent") or ""
        if not sold and label.startswith("Keep "):
            # a sale by keyboard: Tab to the reserve, raise it with the arrow key, Tab to the button
            kbd(page, "Start the auction", press=False)
            sold = True
        assert page.evaluate("document.activeElement !== document.body"), page.inner_text("#status")
        before = state(page)[1]
        page.keyboard.press("Enter")
        settle(page, before, 60)
    expect(page.locator("#match-summary")).to_be_visible()
    expect(page.locator("#match-summary-title")).to_be_focused()
    expect(page.locator("#match-summary #hand-result")).to_be_visible()  # one panel, not two
    assert sold


def test_optional_hand_over_screen_keeps_the_focus(watched: Page):
    page = watched
    set_settings(page, handover=True)
    page.goto(scenario_url(["Fanny", "Edmund"], seed=9, rules={"max_hands": 1},
                           decks=[["2S", "3S", "4S", "5S", "6S", "7S", "QH"]]))
    settle(page, 0, BOOT_S)
    # the hand-over button has the focus, then the first safe control: Enter keeps the queen
    expect(page.locator("#handover-go")).to_be_focused()
    before = state(page)[1]
    page.keyboard.press("Enter")
    settle(page, before)
    expect(page.locator("#controls").get_by_role("button", name=re.compile("^Keep "))).to_be_focused()
    before = state(page)[1]
    page.keyboard.press("Enter")
    settle(page, before)
    # nothing else is asked in this hand (Fanny's queen stands): the end of the hand
    expect(page.locator("#hand-result")).to_be_visible()
    buy = page.get_by_role("button", name="Buy a face-down card…")
    expect(buy).to_be_hidden()  # no face-down card is in play between hands


def kbd(page: Page, prefix: str, press: bool = True) -> None:
    """Tab until the focused control's text starts with `prefix` (ArrowUp on a price box on
    the way), then press Enter if asked."""
    for _ in range(40):
        active = page.evaluate("[document.activeElement.tagName, document.activeElement.textContent]")
        if active[1] and active[1].startswith(prefix):
            break
        if active[0] == "INPUT" and page.evaluate("document.activeElement.type") == "number":
            page.keyboard.press("ArrowUp")
        page.keyboard.press("Tab")
    else:
        raise AssertionError(f"no control {prefix!r} reachable by Tab")
    if press:
        before = state(page)[1]
        page.keyboard.press("Enter")
        settle(page, before)
