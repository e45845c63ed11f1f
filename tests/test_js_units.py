"""The JavaScript unit tests (tests/js/*.test.mjs, Node's own test runner) as part of pytest, so
the README's single test command runs them: text.js, cards.js, chart.js's arithmetic and the
template-to-control mapping (control-specs.js). They need node only (no node_modules)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
UNITS = ROOT / "tests" / "js"

pytestmark = pytest.mark.node  # needs node (skipped locally without it, an error in CI)


def test_node_unit_tests_pass():
    files = sorted(str(p.relative_to(ROOT)) for p in UNITS.glob("*.test.mjs"))
    assert files, "no tests/js/*.test.mjs"
    done = subprocess.run(["node", "--test", *files], cwd=ROOT, capture_output=True, text=True, timeout=300)
    summary = [line for line in done.stdout.splitlines() if line.startswith(("# pass", "# fail", "not ok"))]
    assert done.returncode == 0, f"node --test failed: {summary}\n{done.stdout[-8000:]}{done.stderr[-2000:]}"
    assert "# fail 0" in done.stdout and "# pass 0" not in done.stdout, summary
