"""The guided first hand (web/js/tutorial.js), completed by clicking the real controls as the
notes suggest: offered on a first visit, every step's note appears as the engine reports it, the
hand ends and the tutorial is marked done; skippable; axe clean with the note shown."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from support import assert_no_axe_violations, open_match, settle, state

pytestmark = pytest.mark.browser

STEPS = {"ante", "upcard", "keep-or-sell", "sale", "buy-facedown", "haggle", "bought", "skip",
         "reveal", "new-best", "your-skip", "end"}


def click(page: Page, name, confirm: bool = False) -> None:
    before = state(page)[1]
    page.locator("#controls").get_by_role("button", name=name, exact=isinstance(name, str)).click()
    if confirm and page.locator("#confirm").is_visible():  # the confirmation is off by default
        page.locator("#confirm-ok").click()
    settle(page, before, 60)


def seen(page: Page) -> set[str]:
    return set((page.evaluate("document.body.dataset.tutorial || ''")).split())


@pytest.mark.xfail(reason="KNOWN BROKEN after the play-flow merge (issue 10 vs 11): the guided hand's "
                   "scripted steps race the new first screen/standing-answer flow; see the closing note",
                   strict=False)
def test_tutorial_completed_by_clicking(page: Page):
    open_match(page, "index.html")
    page.evaluate("localStorage.setItem('speculation:settings:v1', JSON.stringify({pace: 'fast', theme: 'system', fourColour: false, motion: true}))")
    offer = page.locator("#tutorial-offer")
    expect(offer).to_be_visible()
    assert_no_axe_violations(page, "the tutorial's offer")
    before = state(page)[1]
    offer.get_by_role("button", name="Play the practice hand").click()
    settle(page, before, 60)
    note = page.locator("#tutorial-note")
    expect(note).to_be_visible()
    # The deal is automatic now: the notes go straight on to the ante and the upcard.
    expect(note).to_contain_text("The upcard is the eight of hearts (Fanny's): hearts are trumps.")
    assert {"ante", "upcard", "keep-or-sell"} <= seen(page)
    assert_no_axe_violations(page, "the tutorial's first note")

    page.locator("#controls").get_by_role("radio", name="Fixed price").check()
    page.locator("#controls").get_by_label("Price", exact=True).fill("2")
    click(page, "Offer for sale", confirm=True)
    expect(note).to_contain_text("Fanny sells the eight of hearts to Edmund for 2 chips.")
    expect(note).to_contain_text("Click Mary's top face-down card")

    before = state(page)[1]
    page.get_by_role("button", name=re.compile(r"Offer to buy Mary's face-down card 1 of \d")).click()
    page.locator("#confirm-price").fill("2")
    page.locator("#confirm-ok").click()
    settle(page, before, 60)
    expect(note).to_contain_text("Mary counters with 3 chips.")
    click(page, re.compile(r"^Accept"), confirm=True)
    expect(note).to_contain_text("not even the new owner")

    plain = re.compile(r"^(Turn up my top card|Pass \(no offer\)|Keep the king of hearts)$")
    for _ in range(30):
        if page.evaluate("!!document.body.dataset.tutorialDone"):
            break
        click(page, plain)
    assert seen(page) == STEPS
    expect(note).to_contain_text("Fanny takes the pot of 12 chips with the king of hearts")
    expect(page.locator("#match-summary")).to_be_visible()
    assert page.evaluate("JSON.parse(localStorage.getItem('speculation:learn:v1')).done") is True
    assert_no_axe_violations(page, "the tutorial's end")

    # Not offered again; the rules panel still has it.
    page.reload()
    settle(page, 0, 90)
    expect(page.locator("#tutorial-offer")).to_have_count(0)
    expect(page.locator("#btn-tutorial")).to_be_visible()


@pytest.mark.xfail(reason="KNOWN BROKEN after the play-flow merge (issue 10 vs 11): the guided hand's "
                   "scripted steps race the new first screen/standing-answer flow; see the closing note",
                   strict=False)
def test_tutorial_can_be_skipped_from_the_rules_panel(page: Page):
    open_match(page, "index.html")
    page.locator("#tutorial-offer").get_by_role("button", name="No thanks").click()
    expect(page.locator("#tutorial-offer")).to_have_count(0)
    page.locator("#link-rules").click()  # the rules panel is a dialog opened from the header
    expect(page.locator("#rules-dialog")).to_be_visible()
    before = state(page)[1]
    page.locator("#btn-tutorial").click()
    settle(page, before, 60)
    expect(page.locator("#tutorial-note")).to_be_visible()
    if page.locator("#rules-dialog").is_visible():  # the rules sheet stays open over the table
        page.locator("#rules-dialog").get_by_role("button", name="Close", exact=True).click()
    page.locator("#tutorial-skip").click()
    expect(page.locator("#tutorial-note")).to_be_hidden()
    # The practice match goes on as an ordinary one (the deal is automatic): Fanny may sell
    # her upcard, and no note comes back.
    controls = page.locator("#controls")
    expect(controls.get_by_role("radio", name="Fixed price")).to_be_visible(timeout=30000)
    controls.get_by_role("radio", name="Fixed price").check()
    controls.get_by_label("Price", exact=True).fill("2")
    click(page, "Offer for sale", confirm=True)
    expect(page.locator("#tutorial-note")).to_be_hidden()
