"""Hostile inputs through the page (issue 25, item 5): storage blocked as in a private window,
and a game record naming a computer player this build does not have."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect
from support import BOOT_S, errors_in, open_match

pytestmark = pytest.mark.browser

# Storage turned off, as Chromium does it: every read of window.localStorage/sessionStorage
# throws a SecurityError, Web Locks refuse every request and a BroadcastChannel cannot open.
BLOCK_STORAGE = """
const denied = () => new DOMException("The operation is insecure.", "SecurityError");
for (const name of ["localStorage", "sessionStorage"]) {
  Object.defineProperty(window, name, { configurable: true, get() { throw denied(); } });
}
if (navigator.locks) navigator.locks.request = () => Promise.reject(denied());
window.BroadcastChannel = class { constructor() { throw denied(); } };
"""

URL = "index.html?p=human:Fanny&p=bot:skilled/edmund:Edmund&seed=5"


@pytest.mark.cold_boot  # with storage blocked no snapshot can be stored: boot as such a browser does
def test_blocked_storage_is_said_once_plainly_with_no_console_error(page: Page, console_log: list[str]):
    page.add_init_script(BLOCK_STORAGE)
    open_match(page, URL)
    page.wait_for_timeout(1500)  # the first save is attempted after the first move's view
    status = page.inner_text("#status")
    print("STATUS", repr(status), page.inner_text("body")[:2000], console_log)
    assert "Something went wrong" not in status
    assert errors_in(console_log) == []
    # the warning is said once, plainly (offline.js's words for blocked storage)
    assert page.inner_text("body").count("does not let the page store anything") == 1


def test_a_record_with_an_unknown_computer_player_offers_the_nearest(page: Page):
    """The record's bot is refused at once with a clear sentence and the nearest known bot
    offered (as a save's is), not a page left busy for a minute."""
    from saves import stored
    from test_import import import_file
    from test_no_loss import play_a_match

    play_a_match(page)
    record = json.loads(json.loads(stored(page)["raw"])["snapshot"])["record"]
    seat = next(i for i, s in enumerate(record["seats"]) if s["kind"] == "bot")
    record["seats"][seat]["bot"] = "expert/nobody"
    import_file(page, "speculation-record.json", json.dumps(record).encode())
    page.locator("#replace-dialog").get_by_role("button", name="Import it").click()
    asked = page.locator("#nearest-dialog")
    expect(asked).to_be_visible(timeout=5000)
    expect(asked).to_contain_text("expert/nobody")
    nearest = asked.get_by_role("button", name="Continue with expert")
    expect(nearest).to_be_visible()
    nearest.click()
    expect(page.locator("#log")).to_contain_text("A game record was imported", timeout=BOOT_S * 1000)
    assert stored(page)["actions"] == len(record["actions"])
