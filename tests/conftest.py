"""Top-level test configuration: the built site, its server, and Playwright setup.

Fixtures
  site_dir     (session) dist/ built once by build.py into a temp dir, plus the
               boot harness from tests/browser/harness/ under test-harness/.
               Set SPECULATION_SITE=DIR to test an existing build instead.
  site_url     (session) that directory served on a free 127.0.0.1 port.
  base_url     pytest-playwright's base URL -> site_url.
  console_log  the console messages and page errors of `page` ("type: text").

Browser tests (marker `browser`, given to everything under tests/browser/) run
in Debian's /usr/bin/chromium (helpers: tests/browser/support.py).  Without it
they fail when CI is set and skip otherwise; the same goes for Node tests (marker `node`, or
`node("typescript")` for a test that needs that package) without node or node_modules.  A
failed browser test leaves a screenshot (pytest-playwright's --screenshot only-on-failure) and
console.log under test-artifacts/.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts"
BROWSER_TESTS = Path(__file__).resolve().parent / "browser"
HARNESS = BROWSER_TESTS / "harness"
# The browser tests import `support` from their own folder (pytest puts it on sys.path when it
# collects them); this file needs it first, for the Chromium flags and the console capture.
if str(BROWSER_TESTS) not in sys.path:
    sys.path.insert(0, str(BROWSER_TESTS))
from support import CHROMIUM, CHROMIUM_ARGS, capture, save_artifacts  # noqa: E402

IN_CI = os.environ.get("CI", "").lower() not in ("", "0", "false", "no")


def load_site_build():
    """build.py as a module (imported by path: `import build` means the PyPA package)."""
    name = "speculation_site_build"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, ROOT / "build.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


def missing(reason: str) -> None:
    """A prerequisite is absent: a failure in CI, a skip on a developer's machine."""
    if IN_CI:
        pytest.fail(f"{reason} (CI is set, so this is an error: run scripts/setup.sh --browser)",
                    pytrace=False)
    pytest.skip(reason)


# ----------------------------------------------------------------------- hooks


def pytest_configure(config):
    # pytest-playwright's own artifacts: a screenshot of each failed test, kept
    # under test-artifacts/ (unless the command line chose otherwise).
    if getattr(config.option, "screenshot", None) == "off":
        config.option.screenshot = "only-on-failure"
    if getattr(config.option, "output", None) == "test-results":
        config.option.output = str(ARTIFACTS)


def pytest_collection_modifyitems(config, items):
    for item in items:
        try:
            parts = Path(item.path).resolve().relative_to(ROOT).parts
        except ValueError:
            continue
        if "browser" in parts[:2]:
            item.add_marker(pytest.mark.browser)
        if "node" in parts[:2]:
            item.add_marker(pytest.mark.node)


def pytest_runtest_setup(item):
    if item.get_closest_marker("browser") and not os.access(CHROMIUM, os.X_OK):
        missing(f"{CHROMIUM} is not installed (apt-get install chromium)")
    node = item.get_closest_marker("node")
    if node:
        if shutil.which("node") is None:
            missing("node is not installed")
        for package in node.args or ("pyodide",):  # pytest.mark.node("typescript"): needs that one
            if not (ROOT / "node_modules" / package / "package.json").exists():
                missing(f"node_modules/{package} is missing (npm ci)")


# ----------------------------------------------------------------- the site


@pytest.fixture(scope="session")
def site_build():
    """The build.py module."""
    return load_site_build()


@pytest.fixture(scope="session")
def site_dir(site_build, tmp_path_factory) -> Path:
    given = os.environ.get("SPECULATION_SITE")
    if given:
        out = Path(given).resolve()
        if not (out / "build.json").exists():
            pytest.fail(f"SPECULATION_SITE={given} holds no build.json", pytrace=False)
    else:
        if not (ROOT / "node_modules" / "pyodide" / "package.json").exists():
            missing("node_modules/pyodide is missing (npm ci): cannot build the site")
        out = tmp_path_factory.mktemp("site")
        try:
            site_build.build(out)
        except site_build.BuildError as err:
            pytest.fail(f"build.py failed: {err}", pytrace=False)
    harness = out / "test-harness"
    if harness.exists():
        shutil.rmtree(harness)
    shutil.copytree(HARNESS, harness)
    return out


@pytest.fixture(scope="session")
def site_url(site_build, site_dir):
    server, url = site_build.serve_in_thread(site_dir)
    try:
        yield url
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def base_url(site_url):
    return site_url


# ------------------------------------------------------------------ Playwright


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
