"""Accessibility and first paint: axe-core finds no violations in set-up, play, a sale dialog and
the end of a hand (light and dark); the table, rules and progress paint before Python is ready;
a hand can be played from the keyboard alone."""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, Route, expect

from test_ui_play import (BOOT_S, NO_HEARTS_KH, THREE, play_on, press, priced, scenario_url,  # noqa: F401
                          settle, state, take_screen, watched)

pytestmark = pytest.mark.browser

AXE = Axe()


def assert_no_violations(page: Page, where: str) -> None:
    results = AXE.run(page)
    violations = results.response.get("violations", [])
    summary = [f"{v['id']}: {v['help']} ({len(v['nodes'])}× e.g. {v['nodes'][0]['target']})" for v in violations]
    assert not violations, f"axe violations in {where}:\n" + "\n".join(summary)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_setup_play_dialog_and_end_of_hand(watched: Page, scheme: str):
    page = watched
    page.emulate_media(color_scheme=scheme)
    page.goto("index.html")
    settle(page, 0, BOOT_S)
    expect(page.locator("#setup")).to_be_visible()
    page.locator(".house-rules summary").click()
    assert_no_violations(page, "set-up")

    page.goto(scenario_url(THREE, seed=2, decks=[NO_HEARTS_KH], rules={"max_hands": 1}))
    settle(page, 0, BOOT_S)
    press(page, "Fanny", "Deal the hand")
    assert_no_violations(page, "play (a sale decision)")

    # the sale dialog, open
    take_screen(page, "Fanny")
    controls = page.locator("#controls")
    controls.get_by_label("Price", exact=True).fill("6")
    opener = controls.get_by_role("button", name="Offer for sale")
    opener.click()
    expect(page.locator("#confirm")).to_be_visible()
    expect(page.locator("#confirm-ok")).to_be_focused()
    assert_no_violations(page, "the sale dialog")
    page.keyboard.press("Escape")  # cancel: nothing happens, focus returns to the opener
    expect(page.locator("#confirm")).to_be_hidden()
    expect(opener).to_be_focused()

    press(page, "Fanny", re.compile(r"^Keep "))
    play_on(page, lambda p: p.locator("#hand-result").is_visible())
    assert_no_violations(page, "the end of the hand")


def test_table_rules_and_progress_paint_before_python(page: Page, site_url: str):
    """With the runtime download held back, everything static is already there."""
    held: list[Route] = []
    page.route(re.compile(r".*/pyodide/.*"), lambda route: held.append(route))
    page.goto("index.html")
    expect(page.locator("#boot-progress")).to_be_visible()
    expect(page.locator("#boot-stage")).not_to_be_empty()
    expect(page.locator("#boot-error")).to_be_hidden()
    expect(page.locator("#rules")).to_be_visible()
    expect(page.locator("#rules")).to_contain_text("upcard")
    expect(page.locator("#about")).to_contain_text("Mansfield Park")
    expect(page.locator("#table .felt")).to_be_visible()
    expect(page.locator("#seats .seat")).to_have_count(4)
    # the CSP is in force and nothing inline was needed
    csp = page.locator("meta[http-equiv='Content-Security-Policy']").get_attribute("content")
    assert "script-src 'self' 'wasm-unsafe-eval'" in csp and "style-src 'self'" in csp
    assert page.locator("[style]").count() == 0
    for route in held:
        route.abort()


def test_no_horizontal_scroll_on_a_small_phone(watched: Page):
    page = watched
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(scenario_url(["Fanny", "Edmund", "Mary", "Henry", "Julia", "Tom", "William", "Susan"], seed=4))
    settle(page, 0, BOOT_S)
    press(page, "Fanny", "Deal the hand")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # touch-sized targets for the controls
    for box in page.locator("#controls button").all():
        bb = box.bounding_box()
        assert bb["height"] >= 44 and bb["width"] >= 44


def test_keyboard_only_hand(watched: Page):
    page = watched
    page.goto(scenario_url(["Fanny", "Edmund"], seed=9, rules={"max_hands": 1},
                           decks=[["2S", "3S", "4S", "5S", "6S", "7S", "QH"]]))
    settle(page, 0, BOOT_S)
    # pass-and-play: the hand-over button has the focus, then the first control: Enter deals
    expect(page.locator("#handover-go")).to_be_focused()
    before = state(page)[1]
    page.keyboard.press("Enter")
    settle(page, before)
    expect(page.locator("#controls button.primary")).to_be_focused()
    before = state(page)[1]
    page.keyboard.press("Enter")
    settle(page, before)
    kbd(page, "Keep ")
    if not page.locator("#handover").is_visible():
        kbd(page, "Pass (no offer)")
    # hand-over screen: its button has the focus
    expect(page.locator("#handover-go")).to_be_focused()
    before = state(page)[1]
    page.keyboard.press("Enter")
    settle(page, before)
    expect(page.locator("#status")).to_contain_text("Edmund")
    expect(page.locator("#controls button").first).to_be_focused()


def kbd(page: Page, prefix: str) -> None:
    """Tab until the focused control's text starts with `prefix`, then press Enter."""
    for _ in range(30):
        label = page.evaluate("document.activeElement && document.activeElement.textContent")
        if label and label.startswith(prefix):
            break
        page.keyboard.press("Tab")
    else:
        raise AssertionError(f"no control {prefix!r} reachable by Tab")
    before = state(page)[1]
    page.keyboard.press("Enter")
    settle(page, before)
