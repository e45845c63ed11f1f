"""Tests that open peer connections, run only inside a network namespace whose one interface is
loopback (the project's rule: nothing may leave the machine, and a browser's WebRTC stack would
otherwise gather every interface of the machine).

tests/browser/test_netns.py starts them (part of the README's test command):

    unshare -n sh -c 'ip link set lo up && exec python -m pytest tests/netns -p no:cacheprovider -n 0'

with SPECULATION_NETNS_SITE set to the site it has already built. Without that variable these
tests are not even collected (a plain `pytest` outside the namespace never runs them). Inside,
every test first checks that loopback is the only interface.

Fixtures
  site_dir      the outer run's build (SPECULATION_NETNS_SITE); site_url (tests/conftest.py)
                serves it on 127.0.0.1 inside the namespace.
  peer_page     peer_page() -> a page in a new browser context on the test origin, granted
                camera and microphone (without both Chromium gathers no loopback candidate),
                with a blank document carrying the site's own CSP; on failure, a screenshot
                of every page and the console go to test-artifacts/ (support.save_artifacts).
Chromium runs with support.NETNS_CHROMIUM_ARGS.
"""

from __future__ import annotations

import os
import re
import socket
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

ENV = "SPECULATION_NETNS_SITE"
BLANK = "netns-blank.html"

if not os.environ.get(ENV):
    collect_ignore_glob = ["test_*.py"]
else:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "browser"))


def interfaces() -> list[str]:
    """The network interfaces of this process's namespace (not /sys/class/net, which shows the
    namespace that mounted /sys)."""
    return sorted(name for _, name in socket.if_nameindex())


@pytest.fixture(scope="session", autouse=True)
def _loopback_only() -> None:
    names = interfaces()
    assert names == ["lo"], f"not in a loopback-only network namespace: interfaces {names}"


@pytest.fixture(scope="session")
def site_dir() -> Path:
    path = Path(os.environ[ENV])
    assert (path / "build.json").exists(), f"{ENV}={path} holds no built site"
    return path


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    from support import CHROMIUM, NETNS_CHROMIUM_ARGS

    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": NETNS_CHROMIUM_ARGS}


def site_csp(site: Path) -> str:
    """The Content-Security-Policy of the site's index.html."""
    html = (site / "index.html").read_text(encoding="utf-8")
    found = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)"', html)
    assert found, "index.html has no CSP"
    return found.group(1)


@pytest.fixture
def peer_page(request: pytest.FixtureRequest, browser, site_url: str, site_dir: Path,
              output_path: str) -> Iterator[Callable[[], object]]:
    from support import capture, failed, save_artifacts

    origin = site_url.rstrip("/")
    blank = (f'<!doctype html><html lang="en"><head><meta charset="utf-8">'
             f'<meta http-equiv="Content-Security-Policy" content="{site_csp(site_dir)}">'
             f"<title>peer test</title></head><body><main><h1>peer test</h1></main></body></html>")
    contexts = []
    lines: list[str] = []

    def open_page():
        ctx = browser.new_context()
        ctx.grant_permissions(["camera", "microphone"], origin=origin)
        ctx.route(f"{origin}/{BLANK}", lambda route: route.fulfill(
            status=200, content_type="text/html", body=blank))
        contexts.append(ctx)
        page = ctx.new_page()
        capture(page, lines)
        page.goto(f"{origin}/{BLANK}")
        return page

    yield open_page
    try:
        if failed(request):
            pages = [p for ctx in contexts for p in ctx.pages]
            save_artifacts(Path(output_path), pages, lines)
            print("\n".join(lines))
    finally:
        for ctx in contexts:
            ctx.close()
