"""Top-level test configuration: tiers, prerequisites, and the built site with its server.

Nothing here imports Playwright: `pytest tests/engine tests/bots` runs in an environment that
has only pytest and hypothesis. The browser's own set-up (Chromium's flags, console capture,
screenshots) is tests/browser/conftest.py.

Tiers (markers in pyproject.toml)
  browser      everything under tests/browser/ (given here by path).
  node         everything under tests/node/ (given here by path), and tests that need node
               (`node("typescript")` names the packages a test needs).
  slow         a test that takes more than a few seconds (each keeps a bounded fast twin in
               the quick tier), everything under tests/node/ and every test that needs the
               built site (`site_dir`), given here.
  The quick tier is `pytest -m "not slow and not browser"`; the full suite is plain `pytest`.
  Both run on pytest-xdist's workers when it is installed (pytest_cmdline_main below).

Fixtures
  site_dir     (session) dist/ built once by build.py into a temp dir, plus the
               boot harness from tests/browser/harness/ under test-harness/.
               Set SPECULATION_SITE=DIR to test an existing build instead. Under
               pytest-xdist the workers share one build: the first worker to need it
               builds it under a file lock, the others wait and reuse it.
  site_url     (session) that directory served on a free 127.0.0.1 port.
  base_url     pytest-playwright's base URL -> site_url.

Browser tests run in Debian's /usr/bin/chromium. Without it they fail when CI is set and skip
otherwise; the same goes for Node tests without node or node_modules. The Firefox tests
(tests/browser/test_firefox.py, tests/netns/test_cross_browser.py) also need
/usr/bin/firefox-esr and node_modules/puppeteer-core: once Chromium is there, they fail without
them (support.require_firefox), in CI or not.
"""

from __future__ import annotations

import contextlib
import fcntl
import importlib.util
import json
import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import speculation_lab  # noqa: F401  (the research lab's bots for make_bot: yardsticks, exploiters)

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts"
HARNESS = Path(__file__).resolve().parent / "browser" / "harness"
CHROMIUM = "/usr/bin/chromium"  # the same path as tests/browser/support.py's CHROMIUM

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

WORKERS = 4  # at most, unless --maxprocesses says
# One worker more than the cores: the browser tests spend part of their time waiting (on pages,
# paces, boots). From fresh clones on two cores: 719 s with two workers, 696 s with three.
SPARE_WORKERS = 1


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config):
    """Every run on pytest-xdist's workers (one per core and SPARE_WORKERS more, up to WORKERS)
    when xdist is installed and the command line did not choose (-n 0 runs in one process;
    --pdb implies it). Not in addopts: an environment without xdist (pytest and hypothesis
    only) would refuse `-n`."""
    if os.environ.get("PYTEST_XDIST_WORKER") or not config.pluginmanager.hasplugin("xdist"):
        return
    if config.option.numprocesses is None and not config.option.tx:
        if config.getoption("usepdb", False):
            config.option.numprocesses = "auto"  # xdist runs --pdb in one process itself
        else:
            cap = config.option.maxprocesses or WORKERS
            config.option.numprocesses = min(cap, (os.cpu_count() or 1) + SPARE_WORKERS)
    if (config.option.numprocesses or config.option.tx) and config.option.dist == "no":
        # Whole modules to each worker (their module fixtures are made once), in the order
        # pytest_collection_modifyitems gives them: the longest first, so the run does not end
        # with one worker alone on a long module. xdist would otherwise reorder them by their
        # number of tests. (An explicit --dist is kept.)
        config.option.dist = "loadfile"
        config.option.loadscopereorder = False


def pytest_configure(config):
    # pytest-playwright's own artifacts (options that exist only when it is installed): a
    # screenshot of each failed test, kept under test-artifacts/ (unless the command line chose
    # otherwise).
    if getattr(config.option, "screenshot", None) == "off":
        config.option.screenshot = "only-on-failure"
    if getattr(config.option, "output", None) == "test-results":
        config.option.output = str(ARTIFACTS)

# Rough seconds a test takes on two shared cores, to order the modules of a module never timed
# (not a limit on anything).
COST_BROWSER, COST_SLOW, COST_NODE, COST_PLAIN = 12.0, 12.0, 3.0, 0.1
# Each module's measured seconds in a full run on this project's two-core machine, written by
# `pytest --record-costs` (setup, call and teardown of its every test), so the longest modules
# start first; the order matters, not the figures.
COSTS_FILE = ROOT / "tests" / "module_costs.json"


def _module_costs() -> dict[str, float]:
    try:
        data = json.loads(COSTS_FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {str(k): float(v) for k, v in data.get("seconds", {}).items()}


MODULE_COST = _module_costs()
_timed: dict[str, float] = {}


def pytest_addoption(parser):
    parser.addoption("--record-costs", action="store_true", default=False,
                     help="rewrite tests/module_costs.json from this run's durations")


def pytest_runtest_logreport(report):
    # (on the controlling process, xdist's workers' reports included)
    _timed[report.nodeid.split("::")[0]] = _timed.get(report.nodeid.split("::")[0], 0.0) \
        + report.duration


def pytest_sessionfinish(session, exitstatus):
    config = session.config
    if not config.getoption("--record-costs") or hasattr(config, "workerinput") or not _timed:
        return
    seconds = {**_module_costs(), **{m: round(t, 1) for m, t in _timed.items()}}
    COSTS_FILE.write_text(json.dumps({
        "about": "seconds per test module in a full run (pytest --record-costs); "
                 "tests/conftest.py starts the longest first",
        "seconds": dict(sorted(seconds.items(), key=lambda kv: -kv[1]))}, indent=1) + "\n",
        encoding="utf-8")


def _cost(item) -> float:
    if item.get_closest_marker("browser"):
        return COST_BROWSER
    if item.get_closest_marker("node"):
        return COST_NODE
    if item.get_closest_marker("slow"):
        return COST_SLOW
    return COST_PLAIN


def _longest_modules_first(items) -> None:
    """Reorder `items` in place: whole modules, the longest (MODULE_COST, or estimated by
    _cost) first, each module's tests in their own order; the longest module that needs no
    built site goes second, so that a second worker has work while the first builds the site.
    Only the order changes: every test is independent of the others, and xdist's loadfile
    (pytest_cmdline_main) sends each module whole to one worker."""
    modules: dict[str, list] = {}
    for item in items:
        modules.setdefault(item.nodeid.split("::")[0], []).append(item)
    cost = {m: MODULE_COST.get(m, sum(_cost(i) for i in its)) for m, its in modules.items()}
    order = sorted(modules, key=lambda m: -cost[m])  # stable: ties keep the collection's order
    needs_site = {m for m, its in modules.items()
                  if any("site_dir" in getattr(i, "fixturenames", ()) for i in its)}
    if order and order[0] in needs_site:
        free = next((m for m in order if m not in needs_site), None)
        if free is not None and order.index(free) > 1:
            order.remove(free)
            order.insert(1, free)
    items[:] = [item for m in order for item in modules[m]]


def pytest_collection_modifyitems(config, items):
    for item in items:
        try:
            parts = Path(item.path).resolve().relative_to(ROOT).parts
        except ValueError:
            continue
        if "browser" in parts[:2]:
            item.add_marker(pytest.mark.browser)
        if "node" in parts[:2]:  # Pyodide in Node: heavy, so also out of the quick tier
            item.add_marker(pytest.mark.node)
            item.add_marker(pytest.mark.slow)
        if "site_dir" in getattr(item, "fixturenames", ()):  # builds the site (a minute or two)
            item.add_marker(pytest.mark.slow)
    _longest_modules_first(items)


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


@contextlib.contextmanager
def _one_at_a_time(tmp_path_factory) -> Iterator[Path]:
    """Under pytest-xdist, hold a file lock in the run's shared temp dir (the parent of every
    worker's basetemp) and yield that dir; without xdist, just yield a fresh temp dir."""
    if os.environ.get("PYTEST_XDIST_WORKER") is None:
        yield tmp_path_factory.mktemp("shared")
        return
    shared = tmp_path_factory.getbasetemp().parent
    with open(shared / "site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield shared
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _add_harness(out: Path) -> None:
    harness = out / "test-harness"
    if harness.exists():
        shutil.rmtree(harness)
    shutil.copytree(HARNESS, harness)


@pytest.fixture(scope="session")
def site_dir(site_build, tmp_path_factory) -> Path:
    """The built site. Under xdist the first worker that needs it builds it (or adds the
    harness to SPECULATION_SITE) while the others wait on the lock; they then reuse it."""
    given = os.environ.get("SPECULATION_SITE")
    with _one_at_a_time(tmp_path_factory) as shared:
        done, failed = shared / "site.done", shared / "site.failed"
        if failed.exists():
            pytest.fail(f"the site is not usable (another worker): {failed.read_text()}",
                        pytrace=False)
        if given:
            out = Path(given).resolve()
            if not (out / "build.json").exists():
                pytest.fail(f"SPECULATION_SITE={given} holds no build.json", pytrace=False)
        else:
            if not (ROOT / "node_modules" / "pyodide" / "package.json").exists():
                missing("node_modules/pyodide is missing (npm ci): cannot build the site")
            out = shared / "site"
        if done.exists():
            return out
        try:
            if not given:
                out.mkdir()
                site_build.build(out)
            _add_harness(out)
        except site_build.BuildError as err:
            failed.write_text(f"build.py failed: {err}")
            pytest.fail(f"build.py failed: {err}", pytrace=False)
        except BaseException as err:
            failed.write_text(repr(err))
            raise
        done.write_text(str(out))
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
