"""The seeded snapshot the other browser tests start from (support.py, "Seeded boots"): a `page`
finds this build's engine snapshot in its Cache Storage and boots by restoring it, as a player's
second visit does, and the restored engine answers as a normal boot's (test_snapshot.py checks
that, on the players' own path)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page
from support import BOOT_S, wait_until

pytestmark = pytest.mark.browser


def test_a_page_boots_from_the_seeded_snapshot(page: Page):
    page.goto("test-harness/boot.html")
    status = wait_until(lambda: page.evaluate(
        "() => ['ready', 'failed'].includes(window.harness?.status) && window.harness.status"),
        "the harness to boot", BOOT_S, page)
    assert status == "ready", page.evaluate("window.harness.error")
    boot = page.evaluate("window.harness.engine.bootInfo")
    assert boot["path"] == "snapshot" and boot["fallback"] is None, boot
    assert page.evaluate("window.harness.hello")["ok"] is True
