"""The guided first hand (web/js/tutorial.js), completed by clicking the real controls as the
notes suggest, in the site's usual flow (the deal and a turn with nothing to choose happen by
themselves; a face-down card is bought with a buy order): offered on a first visit, the first
screen goes away, the upcard is auctioned and the others bid, every step's note appears as the
engine reports it without covering the cards or the controls it names, the hand ends and the
tutorial is marked done; it is a practice match, never counted in the statistics, and it ends on
"Play a real match", which starts one; skippable; started from the rules dialog, which closes;
axe clean with the note shown (issue 26)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect
from support import assert_no_axe_violations, header_button, open_match, settle, state

pytestmark = pytest.mark.browser

STEPS = {"ante", "upcard", "keep-or-sell", "bid", "sale", "reveal", "new-best", "order", "bought",
         "your-skip", "refused", "haggle", "end"}
# The computer players at the fast pace, set before the page reads its settings.
FAST = """if (!localStorage.getItem('speculation:settings:v1')) localStorage.setItem(
  'speculation:settings:v1', JSON.stringify({pace: 'fast', theme: 'system', fourColour: false, motion: true}));"""


def click(page: Page, target: Locator) -> None:
    """A click that makes a move: wait until the table has played on to the next decision."""
    before = state(page)[1]
    target.click()
    settle(page, before, 60)


def seen(page: Page) -> set[str]:
    return set((page.evaluate("document.body.dataset.tutorial || ''")).split())


def assert_clear_of_note(page: Page, target: Locator, what: str) -> None:
    """`target` is on screen and the note does not cover it."""
    box, note = target.bounding_box(), page.locator("#tutorial-note").bounding_box()
    assert box and note, what
    size = page.viewport_size
    assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"], f"{what} is off screen: {box}"
    apart = (box["x"] + box["width"] <= note["x"] or note["x"] + note["width"] <= box["x"]
             or box["y"] + box["height"] <= note["y"] or note["y"] + note["height"] <= box["y"])
    assert apart, f"the note {note} covers {what} {box}"


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}],
                         ids=["desktop", "phone"])
def test_tutorial_completed_by_clicking(page: Page, viewport):
    page.set_viewport_size(viewport)
    page.add_init_script(FAST)
    open_match(page, "index.html")
    offer = page.locator("#tutorial-offer")
    expect(offer).to_be_visible()
    assert_no_axe_violations(page, "the tutorial's offer")
    click(page, offer.get_by_role("button", name="Play the practice hand"))
    expect(page.locator("#welcome")).to_be_hidden()  # the first screen makes way for the table
    note = page.locator("#tutorial-note")
    expect(note).to_be_visible()
    # The deal is automatic: the notes go straight on to the ante, the upcard, keep or sell.
    expect(note).to_contain_text("The upcard is the seven of hearts (Fanny's): hearts are trumps.")
    expect(note).not_to_contain_text("Deal the hand")
    assert {"ante", "upcard", "keep-or-sell"} <= seen(page)
    assert_no_axe_violations(page, "the tutorial's first note")

    controls = page.locator("#controls")
    controls.get_by_role("radio", name="Auction").check()
    controls.get_by_label("Reserve (lowest price you will take)", exact=True).fill("3")
    sell = controls.get_by_role("button", name="Start the auction")
    assert_clear_of_note(page, sell, "the Start the auction button")
    click(page, sell)
    # The others bid (an auction, with bids); Mary buys above the card's fair value; Fanny's
    # card is turned up for her: a new best trump, hers to keep, and the way to buy a
    # face-down card.
    expect(note).to_contain_text("Edmund bids 3 chips.")
    expect(note).to_contain_text("Fanny sells the seven of hearts to Mary for 4 chips.")
    expect(note).to_contain_text("Fanny turns up the eight of hearts.")
    expect(note).to_contain_text("click Edmund's face-down cards to place a buy order")
    stack = page.get_by_role("button", name=re.compile(r"^Buy one of Edmund's face-down cards"))
    keep = controls.get_by_role("button", name=re.compile(r"^Keep "))
    assert_clear_of_note(page, stack, "Edmund's face-down cards")
    assert_clear_of_note(page, keep, "the Keep button")

    stack.click()  # places the order; no move yet
    expect(page.locator("#order-note")).to_be_visible()
    expect(note).to_contain_text("Your order waits for the next moment between turns")
    # the waiting order takes one short line on a phone: the player's own seat stays in view
    assert_clear_of_note(page, page.locator(".seat.is-bottom .seat-head"), "your seat")
    click(page, keep)

    # The order goes out at the market window after the keep, at the fair value, and Edmund
    # takes it; the rest of the hand plays itself (offers for Fanny's cards refused for her).
    expect(note).to_contain_text("Fanny takes the pot of 12 chips with the eight of hearts")
    assert page.evaluate("!!document.body.dataset.tutorialDone")
    assert seen(page) == STEPS
    log = page.locator("#log")
    expect(log).to_contain_text("Fanny buys Edmund's top face-down card for 1 chip")
    assert page.evaluate("JSON.parse(localStorage.getItem('speculation:learn:v1')).done") is True
    # A practice match: never counted in the statistics (issue 26)
    assert page.evaluate("JSON.parse(localStorage.getItem('speculation:stats:v1') || '{\"matches\": []}').matches") == []
    summary = page.locator("#match-summary")
    expect(summary).to_be_visible()  # one panel: the last hand's result is in it
    # its way on is a real match, not the practice hand again
    expect(summary.get_by_role("button", name="Play a real match")).to_be_visible()
    expect(summary.get_by_role("button", name=re.compile("Play again|Rematch|Replay"))).to_have_count(0)
    expect(note).to_be_visible()
    assert_no_axe_violations(page, "the tutorial's end")
    before = state(page)[1]
    note.get_by_role("button", name="Play a real match").click()
    settle(page, before, 60)
    expect(note).to_be_hidden()
    expect(summary).to_be_hidden()
    assert page.evaluate("JSON.parse(localStorage.getItem('speculation:stats:v1') || '{\"matches\": []}').matches") == []

    # Not offered again; the rules dialog still has it.
    page.reload()
    settle(page, 0, 90)
    expect(page.locator("#tutorial-offer")).to_have_count(0)
    header_button(page, "#link-rules").click()
    expect(page.locator("#btn-tutorial")).to_be_visible()


def test_tutorial_from_the_rules_dialog_can_be_skipped(page: Page):
    open_match(page, "index.html")
    page.locator("#tutorial-offer").get_by_role("button", name="No thanks").click()
    expect(page.locator("#tutorial-offer")).to_have_count(0)
    expect(page.locator("#welcome")).to_be_visible()
    header_button(page, "#link-rules").click()  # the rules are a dialog opened from the header
    expect(page.locator("#rules-dialog")).to_be_visible()
    click(page, page.locator("#btn-tutorial"))
    # Nothing is left over the table: the rules dialog closed, the first screen gone.
    expect(page.locator("#rules-dialog")).to_be_hidden()
    expect(page.locator("#welcome")).to_be_hidden()
    expect(page.locator("#tutorial-note")).to_be_visible()
    expect(page.locator("#tutorial-note")).to_contain_text("The upcard is the seven of hearts")
    page.locator("#tutorial-skip").click()
    expect(page.locator("#tutorial-note")).to_be_hidden()
    # The practice match goes on as an ordinary one: Fanny may sell her upcard, and no note
    # comes back.
    controls = page.locator("#controls")
    controls.get_by_role("radio", name="Fixed price").check()
    controls.get_by_label("Price", exact=True).fill("2")
    click(page, controls.get_by_role("button", name="Offer for sale"))
    expect(page.locator("#tutorial-note")).to_be_hidden()
    assert page.evaluate("JSON.parse(localStorage.getItem('speculation:learn:v1')).done") is not True
