"""Run one of the Node scripts of tests/node/ (smoke.mjs, fuzz.mjs, driver-wheel.mjs) and read
the one JSON report each prints last on stdout.

    report = run_report("smoke.mjs", site_dir)
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


def run_report(script: str, *args: object, timeout: int = 300, failure_key: str = "fatal") -> dict[str, Any]:
    """The script's report; a failing exit fails with the report's `failure_key` or stderr."""
    proc = subprocess.run(["node", str(HERE / script), *map(str, args)], cwd=ROOT, capture_output=True,
                          text=True, timeout=timeout, stdin=subprocess.DEVNULL)
    assert proc.stdout.strip(), f"{script}: no output (rc={proc.returncode}): {proc.stderr[-2000:]}"
    report: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    assert proc.returncode == 0, report.get(failure_key) or proc.stderr[-2000:]
    return report
