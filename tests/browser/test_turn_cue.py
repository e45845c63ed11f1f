"""Your turn while the page is in the background (issue 44, item 6): the tab's title says so until
the page is seen again, and a system notification comes only when the player turned it on in
Settings, where the browser's permission is asked then and only then. The page is told it is
hidden, and given a stand-in Notification that records what it is asked, by an init script."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect
from support import open_match

pytestmark = pytest.mark.browser

# a seeded match in which Fanny owns the upcard: her decision comes first, and waits for her
MATCH = "index.html?p=human:Fanny&p=bot:casual/mary:Mary&p=bot:casual/henry:Henry&seed=19"

HIDDEN_AND_NOTIFY = """(() => {
  window.__hide = %s;
  Object.defineProperty(Document.prototype, "hidden", { configurable: true, get: () => !!window.__hide });
  Object.defineProperty(Document.prototype, "visibilityState", { configurable: true, get: () => (window.__hide ? "hidden" : "visible") });
  window.__notes = [];
  window.__asked = 0;
  class FakeNotification {
    constructor(title, opts) { window.__notes.push([title, opts && opts.body]); }
  }
  FakeNotification.permission = %s;
  FakeNotification.requestPermission = async () => { window.__asked++; FakeNotification.permission = %s; return FakeNotification.permission; };
  window.Notification = FakeNotification;
})();"""


def script(hidden: bool, permission: str, answer: str) -> str:
    return HIDDEN_AND_NOTIFY % (json.dumps(hidden), json.dumps(permission), json.dumps(answer))


def settings(page: Page, **extra) -> None:
    page.add_init_script("if (location.protocol.startsWith('http')) localStorage.setItem('speculation:settings:v1', "
                         f"JSON.stringify({json.dumps({'pace': 'instant', **extra})}));")


def test_a_turn_in_the_background_marks_the_title_and_notifies_when_turned_on(page: Page):
    page.add_init_script(script(True, "granted", "granted"))
    settings(page, notify=True)
    open_match(page, MATCH)
    expect(page.locator("#status")).to_contain_text("Your turn")
    expect(page).to_have_title("● Your turn · Speculation — the Mansfield Park card game")
    notes = page.evaluate("window.__notes")
    assert len(notes) == 1 and notes[0][0] == "Your turn at Speculation" and "Keep or sell" in notes[0][1], notes
    page.evaluate("window.__hide = false; document.dispatchEvent(new Event('visibilitychange'))")
    expect(page).to_have_title("Speculation — the Mansfield Park card game")


def test_without_the_setting_only_the_title_changes_and_nothing_is_asked(page: Page):
    page.add_init_script(script(True, "default", "granted"))
    settings(page)
    open_match(page, MATCH)
    expect(page).to_have_title("● Your turn · Speculation — the Mansfield Park card game")
    assert page.evaluate("[window.__notes.length, window.__asked]") == [0, 0]


def test_a_seen_page_keeps_its_title_and_the_permission_is_asked_when_the_box_is_ticked(page: Page):
    page.add_init_script(script(False, "default", "denied"))
    settings(page)
    open_match(page, MATCH)
    expect(page.locator("#status")).to_contain_text("Your turn")
    expect(page).to_have_title("Speculation — the Mansfield Park card game")
    page.get_by_role("button", name="Settings").click()
    box = page.get_by_label("Notify me when it is my turn and this page is in the background")
    box.click()  # ticked, then cleared again: the browser said no
    expect(page.locator("#set-notify-why")).to_contain_text("did not allow notifications")
    expect(box).not_to_be_checked()
    assert page.evaluate("window.__asked") == 1
    assert json.loads(page.evaluate("localStorage.getItem('speculation:settings:v1')"))["notify"] is False
