"""The shared browser-test fixtures (defined in support.py) for every test in this folder:
sw_browser (persistent Chromium contexts) and watched (a page checked for foreign requests and
console errors)."""

from support import sw_browser, watched  # noqa: F401  (fixtures)
