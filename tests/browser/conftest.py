"""The shared browser-test fixtures (defined in support.py) for every test in this folder:
sw_browser (persistent Chromium contexts), watched (a page checked for foreign requests and
console errors), and the background-snapshot switch (every `page` gets the test-only switch
that stops the background snapshot worker, unless the test requests `background_snapshot`)."""

from support import _no_background_snapshot, background_snapshot, sw_browser, watched  # noqa: F401  (fixtures)
