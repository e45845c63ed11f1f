"""A friends' table across browsers (issue 49): Chromium and Firefox ESR at one table, each way
round, inside the loopback-only network namespace that tests/browser/test_netns.py starts.

Both browsers are driven from one Node script with puppeteer-core
(tests/browser/puppeteer/friends-cross.mjs): Chromium over CDP with the flags of the other
peer-connection tests (support.NETNS_CHROMIUM_ARGS) and camera and microphone granted to the
origin; Firefox over WebDriver BiDi with the preferences that make it offer loopback candidates.
The host opens the table, the guest joins by the invitation link, the host adds the reply code,
the one-hand match is played to its end by plain moves on whichever device has one, both tables
show the end, and the guest's fair-play check passes; neither page logs a console error. A
failure leaves both pages' screenshots and console.log under test-artifacts/.
"""

from __future__ import annotations

import json

import pytest
from support import NETNS_CHROMIUM_ARGS, require_firefox, run_puppeteer

pytestmark = pytest.mark.browser

TIMEOUT_S = 240  # about a minute alone on two cores


def cross(host: str, guest: str, site_url: str, output_path: str) -> None:
    require_firefox()
    said = run_puppeteer("friends-cross.mjs", [host, guest, site_url, output_path,
                                               json.dumps(NETNS_CHROMIUM_ARGS)], TIMEOUT_S)
    steps = [m["step"] for m in said if "step" in m]
    assert steps == ["launched", "table open", "joined", "started", "match over", "fair play checked"], steps
    assert said[-1].get("ok") is True, said[-1]


def test_cross_browser_a_chromium_host_and_a_firefox_guest_play_a_match(site_url, output_path):
    cross("chromium", "firefox", site_url, output_path)


def test_cross_browser_a_firefox_host_and_a_chromium_guest_play_a_match(site_url, output_path):
    cross("firefox", "chromium", site_url, output_path)
