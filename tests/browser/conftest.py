"""Playwright's set-up for the browser tests (tests/conftest.py, which every test loads, imports
no Playwright):

- pytest-playwright's browser is Debian's Chromium with support.py's flags;
- `console_log`: the console messages and page errors of the test's `page` ("type: text");
- a failed test that used `page` leaves pytest-playwright's screenshot (tests/conftest.py sets
  --screenshot only-on-failure and --output test-artifacts/) and console.log;
- the shared fixtures defined in support.py: sw_browser (persistent Chromium contexts), watched
  (a page checked for foreign requests and console errors), the background-snapshot switch
  (every `page` gets the test-only switch that stops the background snapshot worker, unless the
  test requests `background_snapshot`), and the seeded snapshot (every `page` starts with this
  build's engine snapshot in its Cache Storage, unless the test is marked `cold_boot` or
  requests `background_snapshot`).
"""

from pathlib import Path

import pytest
from support import (  # noqa: F401  (fixtures)
    CHROMIUM,
    CHROMIUM_ARGS,
    _no_background_snapshot,
    _seeded_snapshot,
    background_snapshot,
    capture,
    engine_snapshot,
    save_artifacts,
    sw_browser,
    watched,
)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture
def console_log(request):
    """Console messages and uncaught page errors of the test's `page`, as text lines."""
    page = request.getfixturevalue("page")
    lines = capture(page, [])
    request.node._console_lines = lines
    return lines


@pytest.fixture(autouse=True)
def _keep_console_on_failure(request):
    """Write console.log beside pytest-playwright's screenshot when a browser test fails."""
    folder = None
    if "page" in request.fixturenames:
        if "console_log" not in request.fixturenames:
            request.getfixturevalue("console_log")
        # resolved now: a fixture cannot be requested during teardown
        folder = Path(request.getfixturevalue("output_path"))  # pytest-playwright's folder
    yield
    lines = getattr(request.node, "_console_lines", None)
    report = getattr(request.node, "rep_call", None)
    if folder is None or lines is None or report is None or not report.failed:
        return
    save_artifacts(folder, [], lines)  # the screenshot is pytest-playwright's own
