"""Sound (issue 11, item 5): no AudioContext exists before the first user gesture, even while
the computer players deal and play; the header's toggle mutes and is remembered on reload."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from support import BOOT_S, settle

pytestmark = pytest.mark.browser

COUNT = """(() => {
  window.__audio = 0;
  const AC = window.AudioContext;
  window.AudioContext = class extends AC { constructor(...a) { super(...a); window.__audio++; } };
})();"""
BOTS = "index.html?p=bot:casual/mary:Mary&p=bot:casual/henry:Henry&seed=3&rule.max_hands=1"


def test_no_sound_before_a_gesture_then_one_context(page: Page):
    page.add_init_script(COUNT)
    page.goto(BOTS)
    settle(page, 0, BOOT_S)
    page.wait_for_timeout(1500)  # the bots deal and play: chips, flips, but no gesture yet
    assert page.evaluate("window.__audio") == 0
    page.locator("#status").click()  # any click is a gesture
    page.wait_for_timeout(300)
    assert page.evaluate("window.__audio") == 1


def test_mute_is_remembered_across_a_reload(page: Page):
    page.add_init_script(COUNT)
    page.goto(BOTS)
    settle(page, 0, BOOT_S)
    toggle = page.locator("#btn-sound")
    expect(toggle).to_have_attribute("aria-pressed", "true")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "false")
    assert page.evaluate("localStorage.getItem('speculation:sound:v1')") == "off"
    page.reload()
    settle(page, 0, BOOT_S)
    expect(page.locator("#btn-sound")).to_have_attribute("aria-pressed", "false")
    page.locator("#status").click()
    page.wait_for_timeout(300)
    assert page.evaluate("window.__audio") == 0, "muted: no sound, so no audio context"
