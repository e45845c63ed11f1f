"""benchmarks/ux_clicks.py keeps working (issue 26, item 7): it plays one short seeded match
through the page by clicking (two hands, so "Next hand" in the end-of-hand panel is clicked
once) and counts clicks, real decisions, forced clicks, the wall time per hand and the log
lines. The benchmark broke once without anyone noticing ("nothing to click" when "Next hand"
moved into the panel); this runs its own `play` at the instant pace."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Page
from support import set_settings

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]


def load_benchmark():
    spec = importlib.util.spec_from_file_location("ux_clicks", ROOT / "benchmarks" / "ux_clicks.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod  # dataclasses look their module up while the module runs
    spec.loader.exec_module(mod)
    return mod


def test_ux_clicks_plays_a_short_match_and_reports_every_figure(page: Page, site_url: str, capsys):
    ux = load_benchmark()
    set_settings(page, pace="instant")
    counter = ux.play(page, ux.match_url(site_url, seed=7, hands=2), "keep")
    assert sorted(h for h in counter.hands if h > 0) == [1, 2]
    first, last = counter.hands[1], counter.hands[2]
    # the first hand ends on "Next hand" (a click that is no decision); the last one on the summary
    assert first.clicks >= first.decisions + 1 and last.clicks >= last.decisions
    assert first.decisions >= 1, "the page asked Julia nothing in a whole hand"
    for h in (first, last):
        assert h.forced == 0, "a forced click: the standing answers should have taken it"
        assert h.wall is not None and 0 < h.wall < 120, h
        assert h.lines > 0, "no log line was counted for the hand"
    s = ux.report("keep", counter, "instant")
    assert s["hands"] == 2 and s["forced"] == 0
    out = capsys.readouterr().out
    assert "clicks/hand median" in out and "wall time/hand median" in out, out
