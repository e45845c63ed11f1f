"""The note a standing answer leaves on the table (issue 26, item 6): it says what the answer
did, and it goes with the player's own next move (issue 45, item 7) or when the hand ends; it is
not left over later decisions, the end of the hand or the next one, which it no longer concerns. Seed 7 at the instant pace, four
players: the computer players offer 1 chip for Julia's face-down cards in the first hand and
her default answer refuses them."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from support import BOOT_S, scenario_url, set_settings, settle, state

pytestmark = pytest.mark.browser

PLAYERS = ["human:Julia", "bot:casual/mary:Mary", "bot:casual/henry:Henry", "bot:casual/edmund:Edmund"]
SAFE = re.compile(r"^(Keep |Decline|Pass|Refuse|Break off)")
# every time the note is shown, with the hand on the table then (at the instant pace a note can
# come and go between two of the test's looks)
WATCH = """
window.__notes = [];
window.__noteHidden = 0;
document.addEventListener("DOMContentLoaded", () => {
  const note = document.getElementById("auto-note");
  let was = note.hidden;
  new MutationObserver(() => {
    if (!note.hidden) window.__notes.push([document.getElementById("info-hand").textContent, note.textContent]);
    else if (!was) window.__noteHidden++;
    was = note.hidden;
  }).observe(note, { attributes: true, attributeFilter: ["hidden"], childList: true, characterData: true });
});
"""


def step(page: Page) -> bool:
    """One safe move of Julia's; whether a standing note was on the table at the click (it
    concerned an earlier decision: her own move takes it away, issue 45, item 7)."""
    before = state(page)[1]
    shown = page.locator("#auto-note").is_visible()
    hidden = page.evaluate("window.__noteHidden")
    page.locator("#controls").get_by_role("button", name=SAFE).first.click()
    settle(page, before, 60)
    if shown:  # (a later answer may show a new note: the old one went first)
        assert page.evaluate("window.__noteHidden") > hidden, "the note stayed into a later decision"
    return shown


def notes_in(page: Page, hand: str) -> list[str]:
    return [text for h, text in page.evaluate("window.__notes") if h == hand]


def test_the_standing_note_goes_with_its_hand(page: Page):
    set_settings(page, pace="instant")
    page.add_init_script(WATCH)
    page.goto(scenario_url(PLAYERS, seed=7, rules={"max_hands": 3}))
    settle(page, 0, BOOT_S)
    note = page.locator("#auto-note")
    result = page.locator("#hand-result")
    checked = moved_on = 0
    for _ in range(300):
        if not result.is_visible():
            moved_on += step(page)
            continue
        hand = page.inner_text("#info-hand")
        shown = notes_in(page, hand)
        assert all(t.startswith("Your standing answer refused") for t in shown), shown
        if shown:  # the hand had its note: its end takes it away
            expect(note).to_be_hidden()
            checked += 1
        nxt = result.get_by_role("button", name="Next hand")
        if not nxt.count():
            break
        before = state(page)[1]
        nxt.click()
        settle(page, before, 60)
        if shown and not notes_in(page, page.inner_text("#info-hand")):
            expect(note).to_be_hidden()  # the new hand, before any note of its own
    assert checked, f"no standing answer left a note in three hands: {page.evaluate('window.__notes')}"
    assert moved_on, "Julia never moved while a note was shown: the test saw no note end with her move"
