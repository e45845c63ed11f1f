"""A browser without WebRTC (issue 44, item 9): "Play with friends…" says plainly that this browser
cannot connect to other devices and offers the same friends at this one screen (pass-and-play),
never a lobby that cannot work. The page is told there is no RTCPeerConnection before any
script runs."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from support import wait_ready

pytestmark = pytest.mark.browser


def test_without_webrtc_friends_are_offered_one_screen(page: Page):
    page.add_init_script("delete window.RTCPeerConnection; delete window.webkitRTCPeerConnection;")
    page.goto("index.html")
    wait_ready(page)
    expect(page.locator("#friends-hint")).to_contain_text("cannot connect to other devices")
    page.get_by_role("button", name="Play with friends…").click()
    dialog = page.locator("#setup-dialog")
    expect(dialog).to_be_visible()
    kinds = dialog.locator(".pl-kind")
    expect(kinds.nth(1)).to_have_value("human")
    options = kinds.nth(1).locator("option").all_inner_texts()
    assert not any(re.search(r"own device", o) for o in options), options
    dialog.get_by_role("button", name="Deal the first hand").click()
    expect(page.locator("#lobby-dialog")).not_to_be_visible()
    expect(page.locator("#seats")).to_contain_text("Friend")


def test_with_webrtc_the_hint_promises_other_devices(page: Page):
    page.goto("index.html")
    wait_ready(page)
    expect(page.locator("#friends-hint")).to_contain_text("their own phones or computers")
