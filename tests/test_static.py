"""Static checks in the test command: ruff on all Python, ``mypy --strict`` on the engine.

Both run from this venv (the ``test`` extra installs them) with the settings in
``pyproject.toml``; a failure shows their output.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=600, check=False)


def test_ruff_finds_nothing() -> None:
    r = _run("ruff", "check", "--no-cache", "py", "tests", "benchmarks", "tools", "build.py")
    assert r.returncode == 0, r.stdout + r.stderr


def test_mypy_strict_finds_nothing() -> None:
    r = _run("mypy", "--strict", "--no-incremental", "py/speculation", "py/speculation_lab")
    assert r.returncode == 0, r.stdout + r.stderr
