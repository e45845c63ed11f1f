"""Price boxes as a player uses them (issue 26, items 2 and 6): Enter in a price box submits
that price; every quick-price chip sets exactly the price its text says; the fair value reads
the same in the box's hint, the trade's check and the coach; and every control's accessible
name contains its visible text (WCAG 2.5.3, axe's label-content-name-mismatch, which axe does
not run by default)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from support import BOOT_S, scenario_url, set_settings, settle, state, take_screen

pytestmark = pytest.mark.browser

THREE = ["Fanny", "Edmund", "Mary"]
NO_HEARTS_KH = ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "KH"]
FAIR = re.compile(r"Fair value (?:about )?(\d+(?:\.\d)?) chips?")


def open_sale(page: Page, **settings) -> None:
    """Fanny, the dealer, decides what to do with the king of hearts she turned up."""
    set_settings(page, **settings)
    page.goto(scenario_url(THREE, seed=2, decks=[NO_HEARTS_KH], rules={"max_hands": 1}))
    settle(page, 0, BOOT_S)
    take_screen(page, "Fanny")


def name_mismatches(page: Page) -> list[dict]:
    from axe_playwright_python.sync_playwright import Axe

    options = {"runOnly": ["label-content-name-mismatch"], "resultTypes": ["violations"]}
    return Axe().run(page, options=options).response.get("violations", [])


def test_enter_in_a_price_box_submits_that_price(page: Page):
    open_sale(page)
    controls = page.locator("#controls")
    controls.get_by_role("radio", name="Fixed price").check()
    box = controls.get_by_label("Price", exact=True)
    box.fill("6")
    before = state(page)[1]
    box.press("Enter")
    settle(page, before)
    # the firm sale is up at 6 chips: Edmund, first after Fanny, is asked to buy at that price
    take_screen(page, "Edmund")
    expect(page.locator("#controls").get_by_role("button", name="Buy the king of hearts for 6 chips")).to_be_visible()


def test_quick_prices_set_what_they_say_and_the_fair_value_reads_the_same_everywhere(page: Page):
    open_sale(page, confirmTrades=True)
    controls = page.locator("#controls")
    for method, field in (("Fixed price", "Price"), ("Auction", "Reserve (lowest price you will take)"),
                          ("Haggle", "Asking price")):
        controls.get_by_role("radio", name=method).check()
        group = controls.locator(".control-group:not([hidden])").filter(has=page.get_by_label(field, exact=True))
        box = group.get_by_label(field, exact=True)
        chips = group.locator(".quick-prices button")
        assert chips.count() >= 1, f"{method}: no quick prices"
        for i in range(chips.count()):
            chip = chips.nth(i)
            text = chip.inner_text().strip()
            m = re.fullmatch(r"(−10%|Fair|\+10%|Min|Max) (\d+)", text)
            assert m, f"{method}: a chip reads {text!r}"
            chip.click()
            expect(box).to_have_value(m.group(2))
    # the hint beside the box, the check before the trade and the coach give one fair value
    controls.get_by_role("radio", name="Fixed price").check()
    hint = controls.locator(".control-group:not([hidden]) .price-hint").inner_text()
    fair = FAIR.search(hint)
    assert fair, hint
    controls.get_by_label("Price", exact=True).fill("6")
    controls.get_by_role("button", name="Offer for sale").click()
    expect(page.locator("#confirm")).to_be_visible()
    fact = page.locator("#confirm-fact").inner_text()
    assert fair.group(0) in fact, (hint, fact)
    page.keyboard.press("Escape")
    controls.get_by_role("button", name="What is it worth?").click()
    advice = controls.locator(".advice-text")
    expect(advice).to_contain_text("Fair value")
    coach = FAIR.search(advice.inner_text())
    assert coach and float(coach.group(1)) == float(fair.group(1)), (hint, advice.inner_text())


def test_every_control_name_contains_its_visible_text(page: Page):
    open_sale(page)
    controls = page.locator("#controls")
    for method in ("Fixed price", "Auction", "Haggle"):
        controls.get_by_role("radio", name=method).check()
        found = name_mismatches(page)
        assert not found, [(v["id"], [n["target"] for n in v["nodes"]]) for v in found]
        # and by hand, for every visible button of the controls: the name holds the text
        for b in controls.locator("button:visible").all():
            text = b.inner_text().strip()
            label = b.get_attribute("aria-label")
            if label and len(text) > 1:  # a lone "−" or "+" is a symbol, named in words
                assert text in label, (text, label)
