"""The site header on a phone (issue 10, one screen): "New match" and the sound toggle stay in
the row and the other header buttons fold into a Menu that drops down over the table; nothing
scrolls sideways; the menu opens and closes in one step by pointer or keyboard, and the focus
is never lost when a dialog opened from it closes. On a wide screen every button is in the row."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from support import BOOT_S, assert_no_axe_violations, open_match, settle

pytestmark = pytest.mark.browser

FOLDED = ["Saved matches", "Log", "Rules", "About", "Statistics", "Settings"]
KEPT = ["New match", "Sound on"]
MATCH = "index.html?p=human:Fanny&p=bot:casual/mary:Mary&p=bot:casual/henry:Henry&seed=19"


def inside(page: Page, name: str) -> bool:
    box = page.locator(".site-header").get_by_role("button", name=name, exact=True).bounding_box()
    size = page.viewport_size
    assert size is not None
    return bool(box) and box["x"] >= 0 and box["y"] >= 0 \
        and box["x"] + box["width"] <= size["width"] + 1 and box["y"] + box["height"] <= size["height"] + 1


@pytest.mark.parametrize("size", [(390, 844), (360, 640)])
def test_the_phone_header_folds_into_a_menu(page: Page, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    # a seeded match in which the player owns the upcard: nothing moves until they choose, so
    # the hand cannot end (and its panel take the focus) while the header is being checked
    open_match(page, MATCH)
    expect(page.locator("#status")).to_contain_text("Your turn: Keep or sell")
    header = page.locator(".site-header")
    menu = header.get_by_role("button", name="Menu")
    for name in [*KEPT, "Menu"]:
        expect(header.get_by_role("button", name=name, exact=True)).to_be_visible()
        assert inside(page, name), name
    for name in FOLDED:
        expect(header.get_by_role("button", name=name, exact=True)).to_be_hidden()
    assert page.evaluate("document.scrollingElement.scrollWidth") <= size[0]
    assert header.evaluate("(h) => h.scrollWidth <= h.clientWidth"), "the header row scrolls sideways"

    # open by pointer: every folded button is there, in the viewport; focus on the first
    menu.click()
    expect(menu).to_have_attribute("aria-expanded", "true")
    for name in FOLDED:
        expect(header.get_by_role("button", name=name, exact=True)).to_be_visible()
        assert inside(page, name), name
    expect(header.get_by_role("button", name="Saved matches")).to_be_focused()
    assert_no_axe_violations(page, "the header's menu, open")
    page.keyboard.press("Escape")  # one step back, the focus on Menu
    expect(menu).to_have_attribute("aria-expanded", "false")
    expect(header.get_by_role("button", name="Log", exact=True)).to_be_hidden()
    expect(menu).to_be_focused()

    # a dialog from the menu: the menu closes behind it, and its closing gives the focus to Menu
    page.keyboard.press("Enter")
    header.get_by_role("button", name="Rules", exact=True).click()
    expect(page.locator("#rules-dialog")).to_be_visible()
    expect(menu).to_have_attribute("aria-expanded", "false")
    page.keyboard.press("Escape")
    expect(page.locator("#rules-dialog")).to_be_hidden()
    expect(menu).to_be_focused()

    # a tap on the table closes an open menu
    menu.click()
    expect(header.get_by_role("button", name="Settings", exact=True)).to_be_visible()
    page.mouse.click(3, size[1] // 2)  # the felt's edge: nothing there takes the click
    expect(menu).to_have_attribute("aria-expanded", "false")


def test_a_wide_header_has_every_button_in_one_row(page: Page):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto("index.html")
    settle(page, 0, BOOT_S)
    header = page.locator(".site-header")
    expect(header.get_by_role("button", name="Menu")).to_be_hidden()
    tops = set()
    for name in KEPT + FOLDED:
        button = header.get_by_role("button", name=name, exact=True)
        expect(button).to_be_visible()
        box = button.bounding_box()
        assert box
        tops.add(round(box["y"]))
    assert len(tops) == 1, f"the header wraps: rows at {sorted(tops)}"
