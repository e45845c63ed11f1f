"""The site in Debian's Firefox ESR (issue 49), driven over WebDriver BiDi by puppeteer-core.

One launch of Firefox in a fresh profile goes through a player's visit in order (the script,
puppeteer/firefox-solo.mjs, says each step): the first visit boots from cold and offers Play;
the Settings dialog opens, keeps the pace chosen in it and closes on Escape; Play and plain
moves reach the end-of-hand panel; the page's background worker stores the engine snapshot and
a reload restores it (the "speculation:engine-ready" mark names the path "snapshot", or the
failure names the path taken and why); with the server stopped, a reload is served by the
service worker and plays on; index.html?embed=1 shows a table; and no page logged a console
error or threw. A failure leaves a screenshot of each page and console.log under
test-artifacts/ (as support.save_artifacts does for Chromium).

Builds nothing: the session's site, served here on 127.0.0.1 by a server this test can stop.
Missing Firefox, node or puppeteer-core fails the test, naming scripts/setup.sh --browser.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from support import Server, require_firefox, run_puppeteer

pytestmark = [pytest.mark.browser, pytest.mark.slow]

TIMEOUT_S = 300  # about a minute alone on two cores; the whole suite beside it slows it down


def test_firefox_visit_hand_settings_reload_offline_embed(site_build, site_dir: Path, output_path: str):
    require_firefox()
    server = Server(site_build, site_dir)
    url = server.start()

    def answer(message: dict) -> str:
        assert message["ask"] == "stop-server", message
        server.stop()
        return "stopped"

    try:
        said = run_puppeteer("firefox-solo.mjs", [url, output_path], TIMEOUT_S, answer)
    finally:
        if server.server is not None:
            server.stop()
    steps = {m["step"]: m for m in said if "step" in m}
    assert list(steps) == ["launched", "first visit", "settings", "hand", "snapshot stored", "reload",
                           "offline", "embed"], steps
    assert steps["reload"]["path"] == "snapshot"
    assert said[-1].get("ok") is True, said[-1]
